/* tafel-cli-check.c: tafel-cli check — the Tic-Tac-Toe position checker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads a board from a file or standard input and prints the verdict as
 * one JSON object (or, with --format=text, as a sentence).  Exit status:
 * 0 a valid position, 1 an impossible position, 2 malformed input or a
 * file that cannot be read.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tafel-checker.h"
#include "tafel-cli.h"
#include "tafel-json.h"

#define EXIT_VALID 0
#define EXIT_IMPOSSIBLE 1

/* More than any sensible board; keeps `yes | tafel-cli check` finite. */
#define CHECK_MAX_INPUT (64 * 1024 * 1024)

static gboolean
read_all (FILE        *stream,
          const char  *name,
          GByteArray **contents,
          GError     **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 buffer[65536];

  for (;;)
    {
      size_t n = fread (buffer, 1, sizeof buffer, stream);

      if (n > 0)
        {
          if (bytes->len + n > CHECK_MAX_INPUT)
            {
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                           /* Translators: %s is a file name, %d a size in MiB */
                           _("Cannot read “%s”: more than %d MiB"),
                           name, CHECK_MAX_INPUT / (1024 * 1024));
              return FALSE;
            }
          g_byte_array_append (bytes, buffer, n);
        }
      if (n < sizeof buffer)
        {
          if (ferror (stream))
            {
              int saved = errno;

              g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                           /* Translators: %s is a file name, then the reason */
                           _("Cannot read “%s”: %s"), name, g_strerror (saved));
              return FALSE;
            }
          if (feof (stream))
            break;
        }
    }

  *contents = g_steal_pointer (&bytes);
  return TRUE;
}

static gboolean
read_input (const char  *path,
            GByteArray **contents,
            GError     **error)
{
  g_autofree char *name = NULL;
  FILE *stream;
  gboolean ok;

  if (path == NULL || strcmp (path, "-") == 0)
    return read_all (stdin, _("standard input"), contents, error);

  name = g_filename_display_name (path);
  stream = fopen (path, "rb");
  if (stream == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read “%s”: %s"), name, g_strerror (saved));
      return FALSE;
    }

  ok = read_all (stream, name, contents, error);
  fclose (stream);

  return ok;
}

static const char *
status_key (TafelCheckStatus status)
{
  switch (status)
    {
    case TAFEL_CHECK_STATUS_X_WON:
      return "x_won";
    case TAFEL_CHECK_STATUS_O_WON:
      return "o_won";
    case TAFEL_CHECK_STATUS_DRAW:
      return "draw";
    case TAFEL_CHECK_STATUS_RUNNING:
      return "running";
    case TAFEL_CHECK_STATUS_INVALID:
    default:
      return "invalid";
    }
}

static void
write_result_json (const TafelCheckResult *result,
                   TafelJson              *json)
{
  TafelCheckStatus status = tafel_check_result_get_status (result);
  const char *const *board = tafel_check_result_get_board (result);

  tafel_json_begin_object (json);
  tafel_json_member_string (json, "status", status_key (status));

  if (status == TAFEL_CHECK_STATUS_X_WON || status == TAFEL_CHECK_STATUS_O_WON)
    {
      guint n_lines = tafel_check_result_get_n_lines (result);

      tafel_json_member_string (json, "winner",
                                tafel_check_player_to_string (tafel_check_result_get_winner (result)));
      tafel_json_key (json, "lines");
      tafel_json_begin_array (json);
      for (guint i = 0; i < n_lines; i++)
        {
          guint rows[3], columns[3];

          tafel_check_result_get_line (result, i, rows, columns);
          tafel_json_begin_array (json);
          for (guint k = 0; k < 3; k++)
            {
              tafel_json_begin_array (json);
              tafel_json_int (json, rows[k]);
              tafel_json_int (json, columns[k]);
              tafel_json_end_array (json);
            }
          tafel_json_end_array (json);
        }
      tafel_json_end_array (json);
    }
  else if (status == TAFEL_CHECK_STATUS_RUNNING)
    tafel_json_member_string (json, "next_player",
                              tafel_check_player_to_string (tafel_check_result_get_next_player (result)));
  else if (status == TAFEL_CHECK_STATUS_INVALID)
    tafel_json_member_string (json, "reason",
                              tafel_check_result_get_reason_text (result));

  tafel_json_key (json, "board");
  tafel_json_begin_array (json);
  for (guint r = 0; board[r] != NULL; r++)
    tafel_json_string (json, board[r]);
  tafel_json_end_array (json);

  tafel_json_end_object (json);
}

/* An error as JSON on standard output and as a message on standard error. */
static int
report_error (gboolean                    as_json,
              const char                 *message,
              const TafelCheckInputError *where)
{
  if (as_json)
    {
      TafelJson json = TAFEL_JSON_INIT;

      tafel_json_begin_object (&json);
      tafel_json_member_string (&json, "status", "error");
      tafel_json_member_string (&json, "error", message);
      if (where != NULL && where->problem != TAFEL_CHECK_PROBLEM_NONE)
        {
          tafel_json_member_int (&json, "row", where->row);
          tafel_json_key (&json, "column");
          if (where->column > 0)
            tafel_json_int (&json, where->column);
          else
            tafel_json_null (&json);
        }
      tafel_json_end_object (&json);
      puts (tafel_json_finish (&json));
      tafel_json_clear (&json);
    }

  return tafel_cli_fail ("%s", message);
}

int
tafel_cli_check (int    argc,
                 char **argv)
{
  g_autofree char *format = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE] — check a Tic-Tac-Toe position"));
  g_autoptr(GByteArray) contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelCheckResult) result = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("Output format: json (default) or text"), N_("FORMAT") },
    { NULL }
  };
  TafelCheckInputError where;
  gboolean as_json;

  g_option_context_set_summary (context,
    _("Reads three rows of X, O and - (one per line) from FILE, or from "
      "standard input when FILE is missing or “-”, and tells whether X or "
      "O has won, the game is drawn or running, or the position is "
      "impossible.\n\nExit status: 0 a valid position, 1 an impossible "
      "position, 2 malformed input or an unreadable file."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;

  if (format == NULL || strcmp (format, "json") == 0)
    as_json = TRUE;
  else if (strcmp (format, "text") == 0)
    as_json = FALSE;
  else
    return tafel_cli_fail (_("Unknown format “%s” (json, text)"), format);

  if (argc > 2)
    return tafel_cli_fail (_("Only one file can be checked at a time"));

  if (!read_input (argc == 2 ? argv[1] : NULL, &contents, &error))
    return report_error (as_json, error->message, NULL);

  result = tafel_check_position_full ((const char *) contents->data,
                                      contents->len, &where, &error);
  if (result == NULL)
    return report_error (as_json, error->message, &where);

  if (as_json)
    {
      TafelJson json = TAFEL_JSON_INIT;

      write_result_json (result, &json);
      puts (tafel_json_finish (&json));
      tafel_json_clear (&json);
    }
  else
    {
      g_autofree char *text = tafel_check_result_to_text (result);

      g_print ("%s\n", text);
    }

  return tafel_check_result_get_status (result) == TAFEL_CHECK_STATUS_INVALID
         ? EXIT_IMPOSSIBLE : EXIT_VALID;
}
