/* tafel-cli-analyze.c: tafel-cli analyze — what a position is worth
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tafel-cli.h"
#include "tafel-json.h"

static const char *
status_name (TafelStatus status)
{
  switch (status)
    {
    case TAFEL_STATUS_WON: return "won";
    case TAFEL_STATUS_DRAWN: return "drawn";
    case TAFEL_STATUS_RUNNING:
    default: return "running";
    }
}

/* The game and the player that analyses every position asked for. */
typedef struct {
  const TafelRules *rules;
  TafelPlayer *player;
} Analyzer;

/* Prints one JSON line for the position reached by @moves (or @fen). */
static gboolean
analyze_one (Analyzer         *analyzer,
             const char       *moves,
             const char       *fen,
             GError          **error)
{
  g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree TafelMove *legal = g_new (TafelMove, TAFEL_MAX_MOVES);
  g_autofree TafelAnalysis *analysis = g_new0 (TafelAnalysis, 1);
  TafelJson json = TAFEL_JSON_INIT;
  TafelHistory history;
  TafelOutcome outcome;
  const TafelRules *rules = analyzer->rules;
  TafelState state;
  guint n_legal;

  if (!tafel_cli_position (rules, moves, fen, &state, hashes, error))
    return FALSE;

  history = (TafelHistory) { (const guint64 *) hashes->data, hashes->len };
  rules->outcome (&state, &history, &outcome);
  n_legal = outcome.status == TAFEL_STATUS_RUNNING ? rules->legal_moves (&state, legal) : 0;

  analysis->value = TAFEL_VALUE_UNKNOWN;
  if (outcome.status == TAFEL_STATUS_WON)
    analysis->value = TAFEL_VALUE_LOSS;   /* for the side to move */
  else if (outcome.status == TAFEL_STATUS_DRAWN)
    analysis->value = TAFEL_VALUE_DRAW;
  else if (rules->analyze != NULL)
    rules->analyze (analyzer->player, &state, &history, analysis, NULL);

  tafel_json_begin_object (&json);
  tafel_json_member_string (&json, "game", rules->key);
  if (rules != tafel_rules_get (rules->game))
    tafel_json_member_string (&json, "variant", rules->variant);
  if (fen != NULL)
    tafel_json_member_string (&json, "fen", fen);
  if (fen == NULL || moves != NULL)
    tafel_json_member_string (&json, "moves", moves != NULL ? moves : "");
  tafel_json_member_string (&json, "to_move", tafel_cli_side_name (rules, rules->side_to_move (&state)));
  tafel_json_member_string (&json, "status", status_name (outcome.status));
  if (outcome.status == TAFEL_STATUS_WON)
    tafel_json_member_string (&json, "winner", tafel_cli_side_name (rules, outcome.winner));

  tafel_json_key (&json, "legal_moves");
  tafel_cli_json_moves (&json, rules, &state, legal, n_legal, FALSE);

  if (tafel_cli_value_name (analysis->value) != NULL)
    {
      tafel_json_member_string (&json, "value", tafel_cli_value_name (analysis->value));
      if (analysis->value != TAFEL_VALUE_DRAW)
        tafel_json_member_int (&json, "plies", analysis->plies);
    }
  if (analysis->has_score)
    tafel_json_member_int (&json, "score", analysis->score);
  if (analysis->has_eval)
    tafel_json_member_int (&json, "eval", analysis->eval);
  if (outcome.status == TAFEL_STATUS_RUNNING)
    {
      tafel_json_key (&json, "best_moves");
      tafel_cli_json_moves (&json, rules, &state, analysis->best, analysis->n_best, TRUE);
    }
  tafel_json_end_object (&json);

  puts (tafel_json_finish (&json));
  fflush (stdout);
  tafel_json_clear (&json);

  return TRUE;
}

/* One position per line; for games whose move lists have no blanks, the
 * fields after the first are ignored (test files carry expected results). */
static gboolean
analyze_line (char      *moves,
              gpointer   data,
              GError   **error)
{
  Analyzer *analyzer = data;

  if (!analyzer->rules->moves_separated)
    moves[strcspn (moves, " \t")] = '\0';

  return analyze_one (analyzer, moves, NULL, error);
}

int
tafel_cli_analyze (int    argc,
                   char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *fen = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE|-] — analyze positions"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game (default: infinity)"), N_("GAME") },
    TAFEL_CLI_VARIANT_OPTION (variant),
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves, N_("The moves played from the start (or from --fen)"), N_("MOVES") },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("A position in FEN (Mill)"), N_("FEN") },
    { NULL }
  };
  g_autoptr(TafelPlayer) player = NULL;
  const TafelRules *rules;
  Analyzer analyzer;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  tafel_cli_describe_batch (context);
  g_option_context_set_summary (context,
    _("Without --moves or --fen, reads one move list per line from FILE or standard input\n"
      "and prints one JSON object per line."));
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if ((rules = tafel_cli_find_game (game, variant)) == NULL)
    return TAFEL_CLI_EXIT_ERROR;
  player = tafel_player_new (rules);
  analyzer = (Analyzer) { rules, player };

  if (moves != NULL || fen != NULL)
    {
      if (argc > 1)
        return tafel_cli_fail (_("A file cannot be combined with --moves or --fen"));
      if (!analyze_one (&analyzer, moves, fen, &error))
        return tafel_cli_fail ("%s", error->message);
      return 0;
    }

  if (argc > 2)
    return tafel_cli_fail (_("Only one file can be analyzed at a time"));

  if (argc == 2 && strcmp (argv[1], "-") != 0)
    {
      FILE *stream = fopen (argv[1], "r");
      int status;

      if (stream == NULL)
        return tafel_cli_fail (_("Cannot open “%s”: %s"), argv[1], g_strerror (errno));
      status = tafel_cli_each_line (stream, analyze_line, &analyzer);
      fclose (stream);
      return status;
    }

  return tafel_cli_each_line (stdin, analyze_line, &analyzer);
}
