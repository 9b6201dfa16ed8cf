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
#include "tafel-cli-input.h"
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
  { "mill-book", tafel_cli_mill_book, N_("Make the Mill opening book for the engine") },
  { "mill-tables", tafel_cli_mill_tables, N_("Solve the Mill endgames for the engine") },
  { "perft", tafel_cli_perft, N_("Count the move sequences of a given length") },
  { "review", tafel_cli_review, N_("Judge every move of a game") },
  { "selfplay", tafel_cli_selfplay, N_("Let two levels play each other") },
};

int
tafel_cli_fail (const char *format,
                ...)
{
  va_list args;
  g_autofree char *message = NULL;

  g_autofree char *shown = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* Whatever the message quotes of the input, no control character or
   * stray byte reaches the terminal. */
  shown = tafel_text_escape (message, strlen (message));
  g_printerr ("tafel-cli: %s\n", shown);
  return TAFEL_CLI_EXIT_ERROR;
}

/* GOption's message on an argument that is not UTF-8 names neither the
 * option nor its value: say which. */
static void
fail_not_utf8 (char **given)
{
  for (guint i = 1; given[i] != NULL; i++)
    {
      const char *arg = given[i];
      const char *equals = strchr (arg, '=');

      if (g_utf8_validate (arg, -1, NULL))
        continue;
      if (g_str_has_prefix (arg, "--") && equals != NULL &&
          g_utf8_validate (arg, equals - arg, NULL))
        {
          g_autofree char *option = g_strndup (arg, equals - arg);

          /* Translators: an option, then what was given for it */
          tafel_cli_fail (_("%s: “%s” is not valid UTF-8"), option, equals + 1);
        }
      else if (arg[0] != '-' && i > 1 && given[i - 1][0] == '-')
        tafel_cli_fail (_("%s: “%s” is not valid UTF-8"), given[i - 1], arg);
      else
        tafel_cli_fail (_("“%s” is not valid UTF-8"), arg);
      return;
    }
  tafel_cli_fail (_("An argument is not valid UTF-8"));
}

gboolean
tafel_cli_parse_args (GOptionContext *context,
                      int            *argc,
                      char         ***argv)
{
  g_autoptr(GError) error = NULL;
  /* GOption may move the arguments about before it fails. */
  g_auto(GStrv) given = g_strdupv (*argv);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      if (g_error_matches (error, G_CONVERT_ERROR, G_CONVERT_ERROR_ILLEGAL_SEQUENCE))
        fail_not_utf8 (given);
      else
        tafel_cli_fail ("%s", error->message);
      return FALSE;
    }

  return TRUE;
}

const char tafel_cli_variant_help[] =
  N_("The rules, for a game with variants (mill: nine, lasker, double, twelve, six or three)");
const char tafel_cli_variant_arg[] = N_("VARIANT");

const TafelRules *
tafel_cli_find_game (const char *key,
                     const char *variant)
{
  const TafelRules *game = tafel_rules_lookup (key != NULL ? key : "infinity");
  const TafelRules *rules;

  if (game == NULL)
    {
      g_autofree char *games = g_strjoinv (", ", (char **) tafel_rules_keys ());

      /* Translators: the first %s is what was given, the second the list of games */
      tafel_cli_fail (_("Unknown game “%s” (%s)"), key, games);
      return NULL;
    }

  rules = tafel_rules_get_variant (game->game, variant);
  if (rules == NULL || (variant != NULL && rules->variant == NULL))
    {
      const TafelRules *const *all = tafel_rules_get_variants (game->game);
      g_autoptr(GPtrArray) keys = g_ptr_array_new ();
      g_autofree char *list = NULL;

      if (all[0]->variant == NULL)
        {
          /* Translators: %s is a game's key, such as connect-four */
          tafel_cli_fail (_("The game “%s” has no variants"), game->key);
          return NULL;
        }
      for (; *all != NULL; all++)
        g_ptr_array_add (keys, (gpointer) (*all)->variant);
      g_ptr_array_add (keys, NULL);
      list = g_strjoinv (", ", (char **) keys->pdata);
      /* Translators: the first %s is what was given, the second the game's
       * key, the third the list of its variants */
      tafel_cli_fail (_("Unknown variant “%s” of %s (%s)"), variant, game->key, list);
      return NULL;
    }

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
      if (rules->parse_position == NULL)
        {
          g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                               _("This game has no position notation; use --moves"));
          return FALSE;
        }
      /* The moves, if any, are played from the FEN's position. */
      return rules->parse_position (fen, state, error)
             && tafel_rules_play_moves (rules, moves != NULL ? moves : "", state, hashes, error);
    }

  return tafel_rules_parse_moves (rules, moves != NULL ? moves : "", state, hashes, error);
}

/* The sides as the JSON output names them: the pieces' names, not
 * translated. */
const char *
tafel_cli_side_name (const TafelRules *rules,
                     int               side)
{
  return rules->side_names[side];
}

const char *
tafel_cli_value_name (TafelValue value)
{
  switch (value)
    {
    case TAFEL_VALUE_WIN: return "win";
    case TAFEL_VALUE_LOSS: return "loss";
    case TAFEL_VALUE_DRAW: return "draw";
    case TAFEL_VALUE_UNKNOWN:
    default: return NULL;
    }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

void
tafel_cli_json_moves (TafelJson        *json,
                      const TafelRules *rules,
                      const TafelState *state,
                      const TafelMove  *moves,
                      guint             n,
                      gboolean          sorted)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, tafel_rules_format_move (rules, state, &moves[i]));
  if (sorted)
    g_ptr_array_sort (names, compare_strings);

  tafel_json_begin_array (json);
  for (guint i = 0; i < names->len; i++)
    tafel_json_string (json, g_ptr_array_index (names, i));
  tafel_json_end_array (json);
}

/* The rules of line-by-line input, for the --help of the subcommands
 * that read it. */
void
tafel_cli_describe_batch (GOptionContext *context)
{
  g_autofree char *text =
    g_strdup_printf (_("Batch input: one request per line; blank lines and lines starting with #\n"
                       "are skipped.  A line longer than %d bytes, one with a NUL byte or one\n"
                       "that is not UTF-8 is refused with its line and column named; after %d\n"
                       "error lines the rest are only counted.\n"
                       "\n"
                       "Exit status: 0 every request answered, 2 a usage error, input that\n"
                       "cannot be read, or a request refused (the others are still answered)."),
                     TAFEL_CLI_MAX_LINE, TAFEL_CLI_MAX_ERRORS);

  g_option_context_set_description (context, text);
}

int
tafel_cli_each_line (FILE             *stream,
                     TafelCliLineFunc  func,
                     gpointer          data)
{
  TafelCliInput input;
  TafelCliErrors errors = { 0 };
  const char *line;
  int status = 0;
  g_autoptr(GError) error = NULL;

  tafel_cli_input_init (&input, stream);
  while (tafel_cli_input_next (&input, &line, &error))
    {
      char *request;

      if (line != NULL)
        {
          /* The reader's own buffer: the line may be changed in place. */
          request = g_strstrip ((char *) line);
          if (*request == '\0' || *request == '#')
            continue;
          if (func (request, data, &error))
            continue;
        }
      tafel_cli_errors_add (&errors, input.number, error->message);
      g_clear_error (&error);
      status = TAFEL_CLI_EXIT_ERROR;
    }
  tafel_cli_errors_finish (&errors);
  tafel_cli_input_clear (&input);

  return status;
}

static void
usage (FILE *stream)
{
  fprintf (stream, "%s\n\n", _("Usage: tafel-cli COMMAND [OPTION…]"));
  fprintf (stream, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
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
