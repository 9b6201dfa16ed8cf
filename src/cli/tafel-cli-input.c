/* tafel-cli-input.c: reading requests line by line, whatever comes in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every subcommand that reads requests line by line (analyze, review, the
 * engine protocol) reads them here: a line ends at a line feed (a
 * carriage return before it is dropped); a line longer than
 * TAFEL_CLI_MAX_LINE bytes, one with a NUL byte or one that is not UTF-8
 * is refused with its line and column named, and reading goes on with the
 * next line.  Lines are read byte by byte from stdio's buffer, so a line
 * typed at a terminal or sent through a pipe is answered at once.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-cli-input.h"
#include "tafel-error.h"

/* How much of a message the error lines show. */
#define MESSAGE_MAX (4 * 1024)

void
tafel_cli_input_init (TafelCliInput *input,
                      FILE          *stream)
{
  input->stream = stream;
  input->number = 0;
  input->line = g_string_sized_new (256);
}

void
tafel_cli_input_clear (TafelCliInput *input)
{
  if (input->line != NULL)
    g_string_free (input->line, TRUE);
  input->line = NULL;
}

/**
 * tafel_cli_input_next:
 * @line: (out): the line, without its line end; valid until the next call
 *
 * Returns: %FALSE at the end of the input; %TRUE with a line, or with
 *   @error set for a line that cannot be taken (@line is then NULL)
 */
gboolean
tafel_cli_input_next (TafelCliInput  *input,
                      const char    **line,
                      GError        **error)
{
  gboolean too_long = FALSE;
  gsize nul_at = 0;
  const char *bad;
  int c;

  *line = NULL;
  g_string_truncate (input->line, 0);

  c = getc (input->stream);
  if (c == EOF)
    return FALSE;

  input->number++;
  for (; c != EOF && c != '\n'; c = getc (input->stream))
    {
      if (input->line->len >= TAFEL_CLI_MAX_LINE)
        {
          too_long = TRUE;
          continue;
        }
      if (c == '\0' && nul_at == 0)
        nul_at = input->line->len + 1;
      g_string_append_c (input->line, (char) c);
    }
  if (input->line->len > 0 && input->line->str[input->line->len - 1] == '\r')
    g_string_truncate (input->line, input->line->len - 1);

  if (too_long)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT,
                   /* Translators: %d is a number of bytes */
                   _("the line is longer than %d bytes"), TAFEL_CLI_MAX_LINE);
      return TRUE;
    }
  if (nul_at > 0)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT,
                   /* Translators: %lu is a column, counted in bytes from 1 */
                   _("column %lu: a NUL byte"), (unsigned long) nul_at);
      return TRUE;
    }
  if (!g_utf8_validate (input->line->str, input->line->len, &bad))
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT,
                   _("column %lu: not UTF-8"), (unsigned long) (bad - input->line->str + 1));
      return TRUE;
    }

  *line = input->line->str;
  return TRUE;
}

/* Adds an error of line @line (0: of no line).  The message is shown
 * escaped: it may quote what came in. */
void
tafel_cli_errors_add (TafelCliErrors *errors,
                      guint           line,
                      const char     *message)
{
  g_autofree char *shown = NULL;
  g_autofree char *text = NULL;

  if (errors->shown >= TAFEL_CLI_MAX_ERRORS)
    {
      errors->more++;
      return;
    }

  errors->shown++;
  shown = tafel_text_escape (message, MESSAGE_MAX);
  if (line > 0)
    /* Translators: %u is a line number, %s what is wrong with the line */
    text = g_strdup_printf (_("line %u: %s"), line, shown);
  g_printerr ("tafel-cli: %s\n", text != NULL ? text : shown);
}

/* The closing line that counts the errors not shown. */
void
tafel_cli_errors_finish (TafelCliErrors *errors)
{
  g_autofree char *text = NULL;

  if (errors->more == 0)
    return;

  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… and %u more error not shown",
                                       "… and %u more errors not shown", errors->more),
                          errors->more);
  g_printerr ("tafel-cli: %s\n", text);
}
