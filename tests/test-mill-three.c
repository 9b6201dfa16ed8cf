/* test-mill-three.c: Three Men's Morris solved at first use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solution (tafel-mill-small.c) is checked against the rules alone:
 * the positions are found again here through the TafelRules functions,
 * every value agrees with its children's (which, over every position,
 * proves the values by induction on the distance), and a plain
 * depth-limited search written here agrees with every value and
 * distance.  Then the players: Impossible (and the search behind it)
 * plays the solution's best moves, and never loses a game against Hard
 * from a position that is not lost.
 */
#include "config.h"

#include <string.h>

#include "tafel-games.h"
#include "tafel-mill.h"
#include "tafel-mill-search.h"
#include "tafel-mill-small.h"

/* Three Men's Morris with diagonals: the first player wins by taking
 * the centre, in 9 plies with best play. */
#define START_PLIES 9

static const TafelRules *R;

/* Every position reachable from the start, found with the rules'
 * functions (clocks at 0), and where each is among them. */
static GArray *positions;      /* TafelState */
static GHashTable *index_of;   /* key (owned guint64) => index + 1 */

static const TafelMillState *
position (guint i)
{
  return TAFEL_MILL_CSTATE (&g_array_index (positions, TafelState, i));
}

static guint
find_position (const TafelState *state)
{
  guint64 key = TAFEL_MILL_CSTATE (state)->key;

  return GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &key)) - 1;
}

static void
add_position (const TafelState *state)
{
  guint64 key = TAFEL_MILL_CSTATE (state)->key;

  if (g_hash_table_contains (index_of, &key))
    return;
  g_array_append_val (positions, *state);
  g_hash_table_insert (index_of, g_memdup2 (&key, sizeof key),
                       GUINT_TO_POINTER (positions->len));
}

static void
find_positions (void)
{
  TafelState start;

  positions = g_array_new (FALSE, FALSE, sizeof (TafelState));
  index_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  R->init (&start);
  add_position (&start);
  for (guint i = 0; i < positions->len; i++)
    {
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelState state = g_array_index (positions, TafelState, i);
      guint n = R->legal_moves (&state, moves);

      for (guint j = 0; j < n; j++)
        {
          TafelState child = state;
          TafelUndo undo;

          R->make (&child, &moves[j], &undo);
          TAFEL_MILL_STATE (&child)->clock = 0;
          TAFEL_MILL_STATE (&child)->ply = 0;
          add_position (&child);
        }
    }
}

static void
lookup (const TafelMillState *s,
        TafelValue           *value,
        int                  *plies)
{
  g_assert_true (tafel_mill_small_lookup (s, value, plies));
}

/* The value of @move's child for the side that made it, as a value and
 * distance of @s. */
static void
after_move (const TafelMillState *s,
            const TafelMove      *move,
            TafelValue           *value,
            int                  *plies)
{
  TafelMillState child = *s;
  TafelValue v;
  int p;

  tafel_mill_apply (&child, move);
  lookup (&child, &v, &p);
  *value = v == TAFEL_VALUE_WIN ? TAFEL_VALUE_LOSS
           : v == TAFEL_VALUE_LOSS ? TAFEL_VALUE_WIN : TAFEL_VALUE_DRAW;
  *plies = v == TAFEL_VALUE_DRAW ? 0 : p + 1;
}

/* The solution holds exactly the positions the rules reach. */
static void
test_positions (void)
{
  TafelMillSmallInfo info;
  TafelMillState other;

  g_assert_true (tafel_mill_small_info (TAFEL_MILL_THREE, &info));
  g_test_message ("Three: %u positions (%u won, %u lost, %u drawn), longest %d plies, "
                  "solved in %.1f ms", info.positions, info.won, info.lost, info.drawn,
                  info.longest, info.elapsed_us / 1000.0);
  g_assert_cmpuint (info.positions, ==, positions->len);
  g_assert_cmpuint (info.won + info.lost + info.drawn, ==, info.positions);
  for (guint i = 0; i < positions->len; i++)
    {
      TafelValue value;
      int plies;

      lookup (position (i), &value, &plies);
    }

  /* Not held: another variant, a position no game of Three reaches. */
  other = *position (0);
  other.hand[0] = 1;
  other.key = tafel_mill_compute_key (&other);
  g_assert_false (tafel_mill_small_lookup (&other, &(TafelValue) { 0 }, &(int) { 0 }));
  g_assert_false (tafel_mill_small_info (TAFEL_MILL_NINE, &info));
  {
    TafelState nine;

    tafel_rules_get_variant (TAFEL_GAME_MILL, "nine")->init (&nine);
    g_assert_false (tafel_mill_small_lookup (TAFEL_MILL_CSTATE (&nine),
                                             &(TafelValue) { 0 }, &(int) { 0 }));
  }
}

/* Every value agrees with its children's: a win has a child lost at one
 * ply less and none lost sooner, a loss has only children won for the
 * opponent, the longest at one ply less, a draw has no child lost and one
 * drawn; an end is what the rules say. */
static void
test_children (void)
{
  for (guint i = 0; i < positions->len; i++)
    {
      const TafelState *state = &g_array_index (positions, TafelState, i);
      const TafelMillState *s = position (i);
      TafelMove moves[TAFEL_MAX_MOVES];
      guint n = R->legal_moves (state, moves);
      int quickest = G_MAXINT, longest = -1, drawn = 0;
      TafelValue value;
      int plies;

      lookup (s, &value, &plies);
      if (n == 0)
        {
          TafelOutcome outcome;

          R->outcome (state, NULL, &outcome);
          g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
          g_assert_cmpint (outcome.winner, ==, s->side ^ 1);
          g_assert_cmpint (value, ==, TAFEL_VALUE_LOSS);
          g_assert_cmpint (plies, ==, 0);
          continue;
        }

      for (guint j = 0; j < n; j++)
        {
          TafelValue v;
          int p;

          after_move (s, &moves[j], &v, &p);
          if (v == TAFEL_VALUE_WIN)
            quickest = MIN (quickest, p);
          else if (v == TAFEL_VALUE_LOSS)
            longest = MAX (longest, p);
          else
            drawn++;
        }

      switch (value)
        {
        case TAFEL_VALUE_WIN:
          g_assert_cmpint (quickest, ==, plies);
          break;
        case TAFEL_VALUE_LOSS:
          g_assert_cmpint (quickest, ==, G_MAXINT);
          g_assert_cmpint (drawn, ==, 0);
          g_assert_cmpint (longest, ==, plies);
          break;
        case TAFEL_VALUE_DRAW:
          g_assert_cmpint (quickest, ==, G_MAXINT);
          g_assert_cmpint (drawn, >, 0);
          break;
        case TAFEL_VALUE_UNKNOWN:
        default:
          g_assert_not_reached ();
        }
    }
}

/* ---- a plain search, independent of the solution ---- */

#define PLAIN_MAX 40

/* Known results by position and depth: 0 not yet looked at, else 1 +
 * the TafelValue. */
static guint8 *memo;

/* What the side to move of position @i can force within @d plies: a win,
 * a loss, or neither (TAFEL_VALUE_UNKNOWN; a drawn end too). */
static TafelValue
plain_value (guint i,
             int   d)
{
  const TafelState *state = &g_array_index (positions, TafelState, i);
  guint8 *known = &memo[i * (PLAIN_MAX + 1) + MAX (d, 0)];
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelValue value = TAFEL_VALUE_UNKNOWN;
  guint n, children_won = 0;

  if (*known != 0)
    return *known - 1;
  n = R->legal_moves (state, moves);
  if (n == 0)
    {
      TafelOutcome outcome;

      R->outcome (state, NULL, &outcome);
      if (outcome.status == TAFEL_STATUS_WON)
        value = outcome.winner == TAFEL_MILL_CSTATE (state)->side ? TAFEL_VALUE_WIN
                                                                  : TAFEL_VALUE_LOSS;
    }
  for (guint j = 0; j < n && d > 0 && value == TAFEL_VALUE_UNKNOWN; j++)
    {
      TafelState child = *state;
      TafelUndo undo;
      TafelValue v;

      R->make (&child, &moves[j], &undo);
      v = plain_value (find_position (&child), d - 1);
      if (v == TAFEL_VALUE_LOSS)
        value = TAFEL_VALUE_WIN;
      else if (v == TAFEL_VALUE_WIN && ++children_won == n)
        value = TAFEL_VALUE_LOSS;
    }
  *known = 1 + value;
  return value;
}

static gboolean
plain_wins_within (guint i,
                   int   d)
{
  return d > 0 && plain_value (i, d) == TAFEL_VALUE_WIN;
}

static gboolean
plain_loses_within (guint i,
                    int   d)
{
  return d >= 0 && plain_value (i, d) == TAFEL_VALUE_LOSS;
}

/* A win in n plies is a win within n and not within n - 2, a loss
 * likewise; a draw is neither within more plies than any win or loss
 * takes. */
static void
test_plain_search (void)
{
  TafelMillSmallInfo info;
  int deep;

  g_assert_true (tafel_mill_small_info (TAFEL_MILL_THREE, &info));
  deep = info.longest + 2;
  g_assert_cmpint (deep, <=, PLAIN_MAX);
  memo = g_new0 (guint8, positions->len * (PLAIN_MAX + 1));

  for (guint i = 0; i < positions->len; i++)
    {
      TafelValue value;
      int plies;

      lookup (position (i), &value, &plies);
      switch (value)
        {
        case TAFEL_VALUE_WIN:
          g_assert_true (plain_wins_within (i, plies));
          g_assert_false (plain_wins_within (i, plies - 2));
          g_assert_false (plain_loses_within (i, deep));
          break;
        case TAFEL_VALUE_LOSS:
          g_assert_true (plain_loses_within (i, plies));
          g_assert_true (plies < 2 || !plain_loses_within (i, plies - 2));
          g_assert_false (plain_wins_within (i, deep));
          break;
        case TAFEL_VALUE_DRAW:
          g_assert_false (plain_wins_within (i, deep));
          g_assert_false (plain_loses_within (i, deep));
          break;
        case TAFEL_VALUE_UNKNOWN:
        default:
          g_assert_not_reached ();
        }
    }
  g_clear_pointer (&memo, g_free);
}

/* The start is a win for White in START_PLIES, by the centre only; so
 * says analyze, and the search at one ply (from the solution), but not
 * without it. */
static void
test_start (void)
{
  TafelState start;
  TafelAnalysis analysis;
  TafelMillSearchLimits limits = { .max_depth = 1 };
  TafelMillSearchResult result;
  TafelValue value;
  int plies;
  g_autofree char *word = NULL;

  R->init (&start);
  lookup (TAFEL_MILL_CSTATE (&start), &value, &plies);
  g_assert_cmpint (value, ==, TAFEL_VALUE_WIN);
  g_assert_cmpint (plies, ==, START_PLIES);

  g_assert_true (R->analyze (NULL, &start, NULL, &analysis, NULL));
  g_assert_cmpint (analysis.value, ==, TAFEL_VALUE_WIN);
  g_assert_cmpint (analysis.plies, ==, START_PLIES);
  g_assert_cmpuint (analysis.n_best, ==, 1);
  word = tafel_rules_format_move (R, &start, &analysis.best[0]);
  g_assert_cmpstr (word, ==, "d4");

  g_assert_true (tafel_mill_search (&start, NULL, &limits, NULL, NULL, &result));
  g_assert_true (result.proven);
  g_assert_cmpint (result.plies, ==, START_PLIES);
  limits.flags = TAFEL_MILL_SEARCH_NO_TABLES;
  g_assert_true (tafel_mill_search (&start, NULL, &limits, NULL, NULL, &result));
  g_assert_false (result.proven);
}

/* Where a move could repeat a position of the game, the solution does
 * not choose at the root, but the search's leaves still take its values:
 * one ply proves a win of any length. */
static void
test_search_leaves (void)
{
  guint tried = 0;

  for (guint i = 0; i < positions->len && tried < 50; i++)
    {
      TafelMillState s = *position (i);
      TafelMillSearchLimits limits = { .max_depth = 1 };
      TafelMillSearchResult result;
      TafelMove moves[TAFEL_MAX_MOVES], best[TAFEL_MAX_MOVES];
      TafelMillState seen;
      TafelHistory history = { 0 };
      TafelState state;
      TafelValue value, v;
      int plies, p;
      guint n;

      lookup (&s, &value, &plies);
      if (value != TAFEL_VALUE_WIN || plies < 3 || s.hand[0] + s.hand[1] > 0)
        continue;
      tried++;

      /* A child (not a best one) was seen before. */
      n = tafel_mill_generate (&s, moves);
      s.clock = 1;
      for (guint j = 0; j < n; j++)
        {
          after_move (&s, &moves[j], &v, &p);
          if (v != TAFEL_VALUE_WIN || p != plies)
            {
              seen = s;
              tafel_mill_apply (&seen, &moves[j]);
              break;
            }
        }
      history.hashes = &seen.key;
      history.n = 1;
      g_assert_cmpuint (tafel_mill_small_root_moves (&s, &history, best, &v, &p), ==, 0);
      g_assert_cmpuint (tafel_mill_small_root_moves (&s, NULL, best, &v, &p), >, 0);

      memset (&state, 0, sizeof state);
      memcpy (state.bytes, &s, sizeof s);
      g_assert_true (tafel_mill_search (&state, &history, &limits, NULL, NULL, &result));
      g_assert_true (result.proven);
      g_assert_cmpint (result.plies, ==, plies);
      after_move (&s, &result.best, &v, &p);
      g_assert_cmpint (v, ==, TAFEL_VALUE_WIN);
      g_assert_cmpint (p, ==, plies);

      limits.flags = TAFEL_MILL_SEARCH_NO_TABLES;
      g_assert_true (tafel_mill_search (&state, &history, &limits, NULL, NULL, &result));
      g_assert_false (result.proven);
    }
  g_assert_cmpuint (tried, ==, 50);
}

/* Impossible plays a best move of the solution: the quickest win, the
 * longest loss, or a drawing move. */
static void
test_impossible_moves (void)
{
  g_autoptr(TafelPlayer) player = tafel_player_new (R);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  guint counts[4] = { 0 };

  for (guint i = 0; i < positions->len; i += 7)
    {
      const TafelState *state = &g_array_index (positions, TafelState, i);
      TafelMove move;
      TafelValue value, v;
      int plies, p;

      if (R->legal_moves (state, (TafelMove[TAFEL_MAX_MOVES]) { 0 }) == 0)
        continue;
      lookup (position (i), &value, &plies);
      g_assert_true (R->choose_move (player, state, NULL, TAFEL_LEVEL_IMPOSSIBLE, rand,
                                     NULL, &move));
      after_move (position (i), &move, &v, &p);
      g_assert_cmpint (v, ==, value);
      g_assert_cmpint (p, ==, value == TAFEL_VALUE_DRAW ? 0 : plies);
      counts[value]++;
    }
  g_test_message ("Impossible's moves: %u wins, %u losses, %u draws",
                  counts[TAFEL_VALUE_WIN], counts[TAFEL_VALUE_LOSS], counts[TAFEL_VALUE_DRAW]);
  g_assert_cmpuint (counts[TAFEL_VALUE_WIN], >, 0);
  g_assert_cmpuint (counts[TAFEL_VALUE_LOSS], >, 0);
  g_assert_cmpuint (counts[TAFEL_VALUE_DRAW], >, 0);
}

/* Impossible against Hard, from the start and from random openings:
 * whenever Impossible is to move in a position that is not lost, it does
 * not lose the game; from a won one, it wins. */
static void
test_selfplay (void)
{
  g_autoptr(TafelPlayer) player = tafel_player_new (R);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint game = 0; game < 6; game++)
    {
      int impossible = game % 2;
      guint random_plies = game < 2 ? 0 : 2 + game % 3;
      TafelValue best_seen = TAFEL_VALUE_LOSS;
      g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
      TafelOutcome outcome;
      TafelState state;

      R->init (&state);
      for (guint ply = 0; ply < 400; ply++)
        {
          TafelHistory history = { (const guint64 *) hashes->data, hashes->len };
          const TafelMillState *s = TAFEL_MILL_CSTATE (&state);
          TafelMove moves[TAFEL_MAX_MOVES], move;
          TafelUndo undo;
          guint n;

          R->outcome (&state, &history, &outcome);
          if (outcome.status != TAFEL_STATUS_RUNNING)
            break;
          n = R->legal_moves (&state, moves);
          if (ply < random_plies)
            move = moves[g_rand_int_range (rand, 0, n)];
          else
            {
              if (s->side == impossible)
                {
                  TafelValue value;
                  int plies;

                  lookup (s, &value, &plies);
                  if (value == TAFEL_VALUE_WIN || best_seen == TAFEL_VALUE_LOSS)
                    best_seen = value;
                }
              g_assert_true (R->choose_move (player, &state, &history,
                                             s->side == impossible ? TAFEL_LEVEL_IMPOSSIBLE
                                                                   : TAFEL_LEVEL_HARD,
                                             rand, NULL, &move));
            }
          g_array_append_val (hashes, s->key);
          R->make (&state, &move, &undo);
        }

      g_test_message ("game %u: Impossible plays %s, best seen %d, result %d winner %d",
                      game, impossible == 0 ? "White" : "Black", best_seen,
                      outcome.status, outcome.winner);
      g_assert_cmpint (outcome.status, !=, TAFEL_STATUS_RUNNING);
      if (best_seen != TAFEL_VALUE_LOSS)
        g_assert_false (outcome.status == TAFEL_STATUS_WON && outcome.winner != impossible);
      if (best_seen == TAFEL_VALUE_WIN)
        {
          g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
          g_assert_cmpint (outcome.winner, ==, impossible);
        }
      /* White from the start: the start is won. */
      if (random_plies == 0 && impossible == 0)
        g_assert_cmpint (best_seen, ==, TAFEL_VALUE_WIN);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  R = tafel_rules_get_variant (TAFEL_GAME_MILL, "three");
  find_positions ();

  g_test_add_func ("/mill-three/positions", test_positions);
  g_test_add_func ("/mill-three/children", test_children);
  g_test_add_func ("/mill-three/plain-search", test_plain_search);
  g_test_add_func ("/mill-three/start", test_start);
  g_test_add_func ("/mill-three/search-leaves", test_search_leaves);
  g_test_add_func ("/mill-three/impossible-moves", test_impossible_moves);
  g_test_add_func ("/mill-three/selfplay", test_selfplay);

  status = g_test_run ();
  g_array_unref (positions);
  g_hash_table_unref (index_of);
  return status;
}
