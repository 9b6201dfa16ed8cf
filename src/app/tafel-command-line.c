/* tafel-command-line.c: what `tafel` accepts on its command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tafel reads its own options before GApplication starts, so that a
 * mistake gets one clear line naming the option or the file, a hint to
 * --help and the exit status 2 (as tafel-cli), and never a GLib
 * warning.  Option values and file names are shown escaped: they may be
 * any bytes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-command-line.h"
#include "tafel-error.h"
#include "tafel-rules.h"

#define NAME_MAX_SHOWN 200

static gboolean
parse_game (const char  *option_name,
            const char  *value,
            gpointer     data,
            GError     **error)
{
  TafelCommandLine *command_line = data;

  if (g_utf8_validate (value, -1, NULL) && tafel_rules_lookup (value) != NULL)
    {
      g_free (command_line->game);
      command_line->game = g_strdup (value);
      return TRUE;
    }

  {
    g_autofree char *shown = tafel_text_escape (value, NAME_MAX_SHOWN);
    g_autofree char *games = g_strjoinv (", ", (char **) tafel_rules_keys ());

    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 /* Translators: an option, what was given, then the list of games */
                 _("%s: unknown game “%s”; choose one of: %s"), option_name, shown, games);
  }
  return FALSE;
}

/**
 * tafel_command_line_parse:
 * @command_line: (out caller-allocates): what was asked for
 *
 * Reads the options; prints help, or what is wrong, itself.
 *
 * Returns: -1 to go on and start, else the exit status: 0 after --help,
 *   2 after a mistake
 */
int
tafel_command_line_parse (int               argc,
                          char            **argv,
                          TafelCommandLine *command_line)
{
  const GOptionEntry entries[] = {
    { "game", 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, parse_game,
      N_("The game to show: infinity, tictactoe, connect-four or mill"), N_("GAME") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE…]"));
  g_autoptr(GOptionGroup) group = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;

  memset (command_line, 0, sizeof *command_line);
  command_line->files = g_ptr_array_new_with_free_func (g_free);

  group = g_option_group_new (NULL, NULL, NULL, command_line, NULL);
  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_context_set_main_group (context, g_steal_pointer (&group));
  g_option_context_set_summary (context, _("Classic strategy board games. FILE is a game saved "
                                           "as a .tafel file, opened at its last position."));

  /* GOption may rearrange and free the array it is given: a copy. */
  args = g_new0 (char *, argc + 1);
  for (int i = 0; i < argc; i++)
    args[i] = g_strdup (argv[i]);

  if (!g_option_context_parse_strv (context, &args, &error))
    {
      g_printerr ("tafel: %s\n", error->message);
      g_printerr (_("Run “%s --help” to see the options.\n"), "tafel");
      return 2;
    }

  for (guint i = 1; args[i] != NULL; i++)
    g_ptr_array_add (command_line->files, g_strdup (args[i]));

  return -1;
}

void
tafel_command_line_clear (TafelCommandLine *command_line)
{
  g_clear_pointer (&command_line->game, g_free);
  g_clear_pointer (&command_line->files, g_ptr_array_unref);
}
