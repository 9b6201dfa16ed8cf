/* tafel-cli.c: the tafel-cli command and its subcommand table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "tafel-cli.h"
#include "tafel-error.h"

typedef struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "analyze", tafel_cli_analyze, N_("Exact value and best moves of positions") },
  { "bench", tafel_cli_bench, N_("Time the Connect Four solver on test positions") },
  { "book", tafel_cli_book, N_("Build or inspect the Connect Four opening book") },
  { "engine", tafel_cli_engine, N_("Play by a UCI-like protocol on standard input") },
  { "check", tafel_cli_check, N_("Check a Tic-Tac-Toe position given as text") },
  { "perft", tafel_cli_perft, N_("Count the move sequences of a given length") },
  { "selfplay", tafel_cli_selfplay, N_("Let two levels play each other") },
};

int
tafel_cli_fail (const char *format,
                ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("tafel-cli: %s\n", message);
  return TAFEL_CLI_EXIT_ERROR;
}

gboolean
tafel_cli_parse_args (GOptionContext *context,
                      int            *argc,
                      char         ***argv)
{
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      tafel_cli_fail ("%s", error->message);
      return FALSE;
    }

  return TRUE;
}

const TafelRules *
tafel_cli_find_game (const char *key)
{
  const TafelRules *rules = tafel_rules_lookup (key != NULL ? key : "infinity");

  if (rules == NULL)
    tafel_cli_fail (_("Unknown game “%s” (infinity, tictactoe, connect-four, mill)"), key);

  return rules;
}

gboolean
tafel_cli_position (const TafelRules *rules,
                    const char       *moves,
                    const char       *fen,
                    TafelState       *state,
                    GArray           *hashes,
                    GError          **error)
{
  if (fen != NULL)
    {
      if (moves != NULL)
        {
          g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                               _("--moves and --fen cannot be combined"));
          return FALSE;
        }
      if (rules->parse_position == NULL)
        {
          g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                               _("This game has no position notation; use --moves"));
          return FALSE;
        }
      return rules->parse_position (fen, state, error);
    }

  return tafel_rules_parse_moves (rules, moves != NULL ? moves : "", state, hashes, error);
}

/* The sides as the JSON output names them: the pieces' names, not
 * translated. */
const char *
tafel_cli_side_name (const TafelRules *rules,
                     int               side)
{
  switch (rules->game)
    {
    case TAFEL_GAME_CONNECT_FOUR:
      return side == 0 ? "Red" : "Yellow";
    case TAFEL_GAME_MILL:
      return side == 0 ? "White" : "Black";
    case TAFEL_GAME_INFINITY:
    case TAFEL_GAME_TICTACTOE:
    default:
      return side == 0 ? "X" : "O";
    }
}

static void
usage (FILE *stream)
{
  fprintf (stream, "%s\n\n", _("Usage: tafel-cli COMMAND [OPTION…]"));
  fprintf (stream, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (stream, "\n%s\n", _("Run “tafel-cli COMMAND --help” for the options of a command."));
}

int
main (int    argc,
      char **argv)
{
  /* Uninstalled runs (tests) use the build tree's catalogs. */
  const char *localedir = g_getenv ("TAFEL_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? TAFEL_CLI_EXIT_ERROR : 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  tafel_cli_fail (_("Unknown command “%s”"), argv[1]);
  usage (stderr);
  return TAFEL_CLI_EXIT_ERROR;
}
