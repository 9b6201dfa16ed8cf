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

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tafel-command-line.h"
#include "tafel-error.h"
#include "tafel-game-record.h"
#include "tafel-rules.h"

#define NAME_MAX_SHOWN 200
/* A game record is small; a larger file is not one. */
#define MAX_RECORD_BYTES (1024 * 1024)

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

/* A file to open must hold a game: read here, before any window, so that
 * a wrong one is told in one line and nothing starts. */
static gboolean
check_file (const char  *name,
            TafelGame    game,
            GError     **error)
{
  g_autofree char *shown = tafel_text_escape (name, NAME_MAX_SHOWN);
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(TafelGameRecord) record = NULL;
  GStatBuf st;
  gsize length;

  if (*name == '\0')
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                           _("“”: an empty file name"));
      return FALSE;
    }
  if (g_file_test (name, G_FILE_TEST_IS_DIR))
    {
      /* Translators: a file name */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, _("%s: a folder, not a game"), shown);
      return FALSE;
    }
  /* Not read at all: a device or a pipe (which might never end) and a
   * file far too large.  The size is checked again once read. */
  if (g_stat (name, &st) == 0 && (!S_ISREG (st.st_mode) || st.st_size > MAX_RECORD_BYTES))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("%s: %s"), shown,
                   S_ISREG (st.st_mode) ? _("it is far too large for a game")
                                        : _("not a regular file"));
      return FALSE;
    }
  if (!g_file_get_contents (name, &contents, &length, &local_error))
    {
      const char *reason = g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
                           ? _("no such file") : g_strerror (EACCES);

      if (!g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT) &&
          !g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_ACCES))
        reason = _("it cannot be read");
      /* Translators: a file name, then why it cannot be opened */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("%s: %s"), shown, reason);
      return FALSE;
    }
  if (length > MAX_RECORD_BYTES)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("%s: %s"), shown,
                   _("it is far too large for a game"));
      return FALSE;
    }
  /* A bare move list is of the game the window will show. */
  record = tafel_game_record_parse (contents, length, game, &local_error);
  if (record == NULL)
    {
      /* Translators: a file name, then what is wrong, naming the line */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("%s: not a game record: %s"),
                   shown, local_error->message);
      return FALSE;
    }

  return TRUE;
}

/* The game the window will show: --game's, else the one last shown. */
static TafelGame
shown_game (const TafelCommandLine *command_line)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *key = NULL;
  const TafelRules *rules;

  if (command_line->game != NULL)
    return tafel_rules_lookup (command_line->game)->game;

  /* Without its schema the program cannot start anyway; the check of the
   * files says what it can all the same. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    return TAFEL_GAME_INFINITY;

  settings = g_settings_new (APPLICATION_ID);
  key = g_settings_get_string (settings, "game");
  rules = tafel_rules_lookup (key);
  return rules != NULL ? rules->game : TAFEL_GAME_INFINITY;
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
  TafelGame game = TAFEL_GAME_INFINITY;
  gboolean after_separator = FALSE;

  g_return_val_if_fail (argc >= 0 && command_line != NULL, 2);

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

  if (args[0] != NULL && args[1] != NULL)
    game = shown_game (command_line);

  /* GOption keeps a "--" that comes before a word beginning with '-'. */
  for (guint i = 1; args[0] != NULL && args[i] != NULL; i++)
    {
      if (!after_separator && strcmp (args[i], "--") == 0)
        {
          after_separator = TRUE;
          continue;
        }
      if (!check_file (args[i], game, &error))
        {
          g_printerr ("tafel: %s\n", error->message);
          return 2;
        }
      /* GApplication reads the names again, as options where they
       * begin with '-': "./-x" cannot be taken for one. */
      g_ptr_array_add (command_line->files, args[i][0] == '-' ? g_strconcat ("./", args[i], NULL)
                                                              : g_strdup (args[i]));
    }

  return -1;
}

void
tafel_command_line_clear (TafelCommandLine *command_line)
{
  g_clear_pointer (&command_line->game, g_free);
  g_clear_pointer (&command_line->files, g_ptr_array_unref);
}
