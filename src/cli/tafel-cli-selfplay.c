/* tafel-cli-selfplay.c: tafel-cli selfplay — measure one level against another
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "tafel-cli.h"
#include "tafel-json.h"

/* Plays one game into @moves, each side at its level with its player;
 * returns the winning side or TAFEL_SIDE_NONE. */
static int
play_game (const TafelRules *rules,
           const TafelLevel  levels[2],
           TafelPlayer      *players[2],
           GRand            *rand,
           GArray           *moves)
{
  g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  TafelState state;

  rules->init (&state);
  for (;;)
    {
      TafelHistory history = { (const guint64 *) hashes->data, hashes->len };
      TafelOutcome outcome;
      TafelMove move;
      TafelUndo undo;
      guint64 hash;

      rules->outcome (&state, &history, &outcome);
      if (outcome.status != TAFEL_STATUS_RUNNING)
        return outcome.winner;

      int side = rules->side_to_move (&state);

      if (!rules->choose_move (players[side], &state, &history, levels[side],
                               rand, NULL, &move))
        g_error ("%s: no move chosen in a running game", rules->key);
      g_assert (tafel_rules_is_legal (rules, &state, &move));

      hash = rules->hash (&state);
      g_array_append_val (hashes, hash);
      g_array_append_val (moves, move);
      rules->make (&state, &move, &undo);
    }
}

/* What the audit found about the measured level's moves. */
typedef struct {
  guint moves;        /* moves checked against the exact analysis */
  guint best;         /* among the optimal moves */
  guint slower;       /* same result, but not the quickest win or longest loss */
  guint lost;         /* a worse result: a win let go or a draw lost */
} Audit;

static int
value_rank (TafelValue value)
{
  return value == TAFEL_VALUE_WIN ? 2 : value == TAFEL_VALUE_DRAW ? 1 : 0;
}

/* Replays a finished game and checks every move of @side against the
 * game's exact analysis; a move that gives away a result is reported on
 * stderr with the game up to it. */
static void
audit_game (const TafelRules *rules,
            TafelPlayer      *player,
            GArray           *moves,
            int               side,
            Audit            *audit)
{
  g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GString) record = g_string_new (NULL);
  TafelState state;

  rules->init (&state);
  for (guint i = 0; i < moves->len; i++)
    {
      const TafelMove *move = &g_array_index (moves, TafelMove, i);
      TafelHistory history = { (const guint64 *) hashes->data, hashes->len };
      TafelAnalysis before, after;
      TafelUndo undo;
      gboolean best = FALSE;
      guint64 hash;

      if (rules->side_to_move (&state) == side
          && rules->analyze (player, &state, &history, &before, NULL)
          && before.value != TAFEL_VALUE_UNKNOWN)
        {
          audit->moves++;
          for (guint j = 0; j < before.n_best && !best; j++)
            best = tafel_move_equal (move, &before.best[j]);
          if (best)
            audit->best++;
        }
      else
        before.value = TAFEL_VALUE_UNKNOWN;

      if (rules->moves_separated && record->len > 0)
        g_string_append_c (record, ' ');
      rules->format_move (&state, move, record);
      hash = rules->hash (&state);
      g_array_append_val (hashes, hash);
      rules->make (&state, move, &undo);

      if (before.value == TAFEL_VALUE_UNKNOWN || best)
        continue;

      /* Not optimal: did it keep the result at least? */
      {
        TafelHistory next = { (const guint64 *) hashes->data, hashes->len };
        TafelOutcome outcome;
        TafelValue kept;

        rules->outcome (&state, &next, &outcome);
        if (outcome.status != TAFEL_STATUS_RUNNING)
          kept = outcome.winner == TAFEL_SIDE_NONE ? TAFEL_VALUE_DRAW
                 : outcome.winner == side ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS;
        else if (rules->analyze (player, &state, &next, &after, NULL))
          kept = after.value == TAFEL_VALUE_WIN ? TAFEL_VALUE_LOSS
                 : after.value == TAFEL_VALUE_LOSS ? TAFEL_VALUE_WIN : after.value;
        else
          kept = TAFEL_VALUE_UNKNOWN;

        if (kept != TAFEL_VALUE_UNKNOWN && value_rank (kept) < value_rank (before.value))
          {
            audit->lost++;
            g_printerr ("%s\n", record->str);
          }
        else
          audit->slower++;
      }
    }
}

int
tafel_cli_selfplay (int    argc,
                    char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *level_list = NULL;
  int games = 100;
  gint64 seed = 1;
  gboolean audit = FALSE;
  g_auto(GStrv) names = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— let two levels play each other"));
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game (default: infinity)"), N_("GAME") },
    TAFEL_CLI_VARIANT_OPTION (variant),
    { "levels", 'l', 0, G_OPTION_ARG_STRING, &level_list, N_("Two levels, the measured one first"), N_("A,B") },
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, N_("Number of games (default: 100)"), N_("N") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random choices (default: 1)"), N_("S") },
    { "audit", 'a', 0, G_OPTION_ARG_NONE, &audit,
      N_("Check every move of the first level against the exact analysis"), NULL },
    { NULL }
  };
  g_autoptr(GRand) rand = NULL;
  /* Each level is an engine of its own, and so is the audit: a player
   * each, kept over all the games. */
  g_autoptr(TafelPlayer) measured_player = NULL;
  g_autoptr(TafelPlayer) other_player = NULL;
  g_autoptr(TafelPlayer) audit_player = NULL;
  TafelJson json = TAFEL_JSON_INIT;
  const TafelRules *rules;
  TafelLevel levels[2];
  guint wins = 0, draws = 0, losses = 0;
  guint by_start[2][3] = { { 0 } };   /* [measured played first?][win, draw, loss] */
  Audit found = { 0 };
  gint64 start;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("The first level plays first in every other game.  The score is the first\n"
      "level's: a win counts 1, a draw one half."));
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if ((rules = tafel_cli_find_game (game, variant)) == NULL)
    return TAFEL_CLI_EXIT_ERROR;

  names = g_strsplit (level_list != NULL ? level_list : "", ",", -1);
  if (g_strv_length (names) != 2 || !tafel_level_from_key (names[0], &levels[0]) || !tafel_level_from_key (names[1], &levels[1]))
    return tafel_cli_fail (_("--levels takes two of relaxed, medium, hard, impossible, e.g. --levels hard,medium"));
  if (games <= 0)
    return tafel_cli_fail (_("--games must be at least 1"));
  if (audit && rules->analyze == NULL)
    return tafel_cli_fail (_("--audit needs a game with an exact analysis"));

  rand = g_rand_new_with_seed ((guint32) seed);
  measured_player = tafel_player_new (rules);
  other_player = tafel_player_new (rules);
  if (audit)
    audit_player = tafel_player_new (rules);
  start = g_get_monotonic_time ();
  for (int i = 0; i < games; i++)
    {
      /* In odd games the measured level (levels[0]) plays second. */
      int measured = i & 1;
      TafelLevel by_side[2] = { levels[measured], levels[measured ^ 1] };
      TafelPlayer *players[2] = { measured_player, other_player };
      g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
      int winner;

      if (measured)
        players[0] = other_player, players[1] = measured_player;
      winner = play_game (rules, by_side, players, rand, moves);

      if (audit)
        audit_game (rules, audit_player, moves, measured, &found);

      if (winner == TAFEL_SIDE_NONE)
        draws++, by_start[measured][1]++;
      else if (winner == measured)
        wins++, by_start[measured][0]++;
      else
        losses++, by_start[measured][2]++;
    }

  tafel_json_begin_object (&json);
  tafel_json_member_string (&json, "game", rules->key);
  if (rules != tafel_rules_get (rules->game))
    tafel_json_member_string (&json, "variant", rules->variant);
  tafel_json_key (&json, "levels");
  tafel_json_begin_array (&json);
  tafel_json_string (&json, names[0]);
  tafel_json_string (&json, names[1]);
  tafel_json_end_array (&json);
  tafel_json_member_int (&json, "games", games);
  tafel_json_member_int (&json, "seed", seed);
  tafel_json_member_int (&json, "wins", wins);
  tafel_json_member_int (&json, "draws", draws);
  tafel_json_member_int (&json, "losses", losses);
  /* The same split by who started: in Infinity and Connect Four the
   * starter wins with best play. */
  for (int measured = 0; measured < 2; measured++)
    {
      tafel_json_key (&json, measured == 0 ? "as_first" : "as_second");
      tafel_json_begin_object (&json);
      tafel_json_member_int (&json, "wins", by_start[measured][0]);
      tafel_json_member_int (&json, "draws", by_start[measured][1]);
      tafel_json_member_int (&json, "losses", by_start[measured][2]);
      tafel_json_end_object (&json);
    }
  if (audit)
    {
      tafel_json_key (&json, "audit");
      tafel_json_begin_object (&json);
      tafel_json_member_int (&json, "moves", found.moves);
      tafel_json_member_int (&json, "best", found.best);
      tafel_json_member_int (&json, "slower", found.slower);
      tafel_json_member_int (&json, "lost", found.lost);
      tafel_json_end_object (&json);
    }
  tafel_json_key (&json, "score");
  tafel_json_double (&json, (wins + draws / 2.0) / games);
  tafel_json_member_int (&json, "time_ms", (g_get_monotonic_time () - start) / 1000);
  tafel_json_end_object (&json);
  puts (tafel_json_finish (&json));
  tafel_json_clear (&json);

  return 0;
}
