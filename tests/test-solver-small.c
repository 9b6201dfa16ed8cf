/* test-solver-small.c: the exact solutions of Tic-Tac-Toe and Infinity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine's tables are compared with searches written here from
 * scratch, on their own board representation.
 */
#include "config.h"

#include <string.h>

#include "tafel-rules.h"

/* A result for the side to move: +d won in d half-moves, -d lost in d
 * (-0 is encoded as LOST_NOW), 0 draw. */
#define LOST_NOW (-1000)

static int
rank (int r)
{
  if (r == 0)
    return 0;
  if (r > 0)
    return 500 - r;
  return r == LOST_NOW ? -500 : -500 - r;
}

static int
negate (int child)
{
  if (child == 0)
    return 0;
  if (child == LOST_NOW)
    return 1;
  if (child > 0)
    return -(child + 1);
  return -child + 1;
}

static gboolean
has_line (const char *b,
          char        c)
{
  static const int lines[8][3] = {
    { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
    { 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 },
  };

  for (int i = 0; i < 8; i++)
    if (b[lines[i][0]] == c && b[lines[i][1]] == c && b[lines[i][2]] == c)
      return TRUE;
  return FALSE;
}

static int
engine_result (const TafelRules *rules,
               const TafelState *state)
{
  TafelAnalysis *a = g_new0 (TafelAnalysis, 1);
  int r;

  g_assert_true (rules->analyze (NULL, state, NULL, a, NULL));
  switch (a->value)
    {
    case TAFEL_VALUE_WIN: r = a->plies; break;
    case TAFEL_VALUE_LOSS: r = a->plies == 0 ? LOST_NOW : -a->plies; break;
    case TAFEL_VALUE_DRAW: r = 0; break;
    case TAFEL_VALUE_UNKNOWN:
    default: g_assert_not_reached ();
    }
  g_free (a);
  return r;
}

/* ---- Tic-Tac-Toe: plain minimax ---- */

static int
ttt_solve (char *b,
           char  me)
{
  char other = me == 'X' ? 'O' : 'X';
  int best = G_MININT, best_rank = G_MININT;

  if (has_line (b, other))
    return LOST_NOW;
  if (strchr (b, '-') == NULL)
    return 0;

  for (int i = 0; i < 9; i++)
    {
      int r;

      if (b[i] != '-')
        continue;
      b[i] = me;
      r = negate (ttt_solve (b, other));
      b[i] = '-';
      if (rank (r) > best_rank)
        {
          best = r;
          best_rank = rank (r);
        }
    }
  return best;
}

static void
ttt_walk (const TafelRules *rules,
          TafelState       *state,
          char             *b,
          GHashTable       *seen,
          guint            *checked)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelOutcome outcome;
  char me = rules->side_to_move (state) == 0 ? 'X' : 'O';
  guint n;

  if (!g_hash_table_add (seen, g_strdup (b)))
    return;

  rules->outcome (state, NULL, &outcome);
  if (outcome.status != TAFEL_STATUS_RUNNING)
    return;

  {
    char copy[10];
    TafelMove chosen;
    g_autoptr(GRand) rand = g_rand_new_with_seed (*checked);
    int expected;

    memcpy (copy, b, 10);
    expected = ttt_solve (copy, me);
    g_assert_cmpint (engine_result (rules, state), ==, expected);
    (*checked)++;

    /* Impossible keeps the value: a win stays a win just as fast, a draw
     * stays a draw, a loss is delayed as long as possible. */
    g_assert_true (rules->choose_move (NULL, state, NULL, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL, &chosen));
    copy[chosen.path[0]] = me;
    g_assert_cmpint (negate (ttt_solve (copy, me == 'X' ? 'O' : 'X')), ==, expected);
  }

  n = rules->legal_moves (state, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelUndo undo;

      b[moves[i].path[0]] = me;
      rules->make (state, &moves[i], &undo);
      ttt_walk (rules, state, b, seen, checked);
      rules->unmake (state, &moves[i], &undo);
      b[moves[i].path[0]] = '-';
    }
}

static void
test_tictactoe (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_TICTACTOE);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char b[10] = "---------";
  TafelState state;
  guint checked = 0;

  rules->init (&state);
  ttt_walk (rules, &state, b, seen, &checked);
  /* Every running position: 5478 minus the 958 final ones. */
  g_assert_cmpuint (checked, ==, 5478 - 958);
  /* The empty board is a draw. */
  rules->init (&state);
  g_assert_cmpint (engine_result (rules, &state), ==, 0);
}

/* ---- Infinity: a memoized search on its own representation ---- */

typedef struct {
  char stones[2][4];   /* cells '0'.. per side, oldest first */
  int count[2];
  int ply;
} Inf;

static guint64
inf_key (const Inf *p)
{
  guint64 k = p->ply;

  for (int s = 0; s < 2; s++)
    for (int i = 0; i < 3; i++)
      k = (k << 4) | (i < p->count[s] ? (guint64) (p->stones[s][i] - '0' + 1) : 0);
  return k;
}

static void
inf_board (const Inf *p,
           char      *b)
{
  memset (b, '-', 9);
  b[9] = 0;
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < p->count[s]; i++)
      b[p->stones[s][i] - '0'] = s == 0 ? 'X' : 'O';
}

static int
inf_solve (Inf        *p,
           GHashTable *memo)
{
  guint64 key = inf_key (p);
  gpointer hit;
  int me = p->ply % 2;
  int best = G_MININT, best_rank = G_MININT;
  char b[10];

  if (p->ply >= 60)
    return 0;
  if (g_hash_table_lookup_extended (memo, &key, NULL, &hit))
    return GPOINTER_TO_INT (hit);

  inf_board (p, b);
  for (int cell = 0; cell < 9; cell++)
    {
      Inf q = *p;
      char after[10];
      int r;

      if (b[cell] != '-')
        continue;
      q.stones[me][q.count[me]++] = '0' + cell;
      q.ply++;
      inf_board (&q, after);
      if (has_line (after, me == 0 ? 'X' : 'O'))
        r = 1;
      else
        {
          if (q.count[me] == 4)
            {
              memmove (q.stones[me], q.stones[me] + 1, 3);
              q.count[me] = 3;
            }
          r = negate (inf_solve (&q, memo));
        }
      if (rank (r) > best_rank)
        {
          best = r;
          best_rank = rank (r);
        }
    }

  g_hash_table_insert (memo, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (best));
  return best;
}

static void
test_infinity (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_INFINITY);
  g_autoptr(GHashTable) memo = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  guint compared = 0;

  /* Positions from random games, from the late middle game on, where a
   * memoized search of our own finishes quickly. */
  for (guint game = 0; game < 400; game++)
    {
      TafelState state;
      Inf p = { 0 };
      guint stop = g_rand_int_range (rand, 30, 60);

      rules->init (&state);
      while (rules->ply (&state) < stop)
        {
          TafelMove moves[TAFEL_MAX_MOVES], quiet[TAFEL_MAX_MOVES];
          guint n = rules->legal_moves (&state, moves), n_quiet = 0;
          int me = p.ply % 2;
          TafelUndo undo;
          TafelMove m;

          /* Random moves that do not win, so that games last. */
          for (guint i = 0; i < n; i++)
            {
              TafelState child = state;
              TafelOutcome after;

              rules->make (&child, &moves[i], &undo);
              rules->outcome (&child, NULL, &after);
              if (after.status == TAFEL_STATUS_RUNNING)
                quiet[n_quiet++] = moves[i];
            }
          if (n_quiet == 0)
            break;
          m = quiet[g_rand_int_range (rand, 0, n_quiet)];
          rules->make (&state, &m, &undo);
          p.stones[me][p.count[me]++] = '0' + m.path[0];
          p.ply++;
          if (p.count[me] == 4)
            {
              memmove (p.stones[me], p.stones[me] + 1, 3);
              p.count[me] = 3;
            }
        }

      {
        TafelOutcome outcome;
        TafelMove chosen;
        TafelUndo undo;
        int expected;

        rules->outcome (&state, NULL, &outcome);
        if (outcome.status != TAFEL_STATUS_RUNNING)
          continue;

        expected = inf_solve (&p, memo);
        g_assert_cmpint (engine_result (rules, &state), ==, expected);
        compared++;

        /* Impossible's move keeps the exact value. */
        g_assert_true (rules->choose_move (NULL, &state, NULL, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL, &chosen));
        rules->make (&state, &chosen, &undo);
        rules->outcome (&state, NULL, &outcome);
        if (outcome.status == TAFEL_STATUS_WON)
          g_assert_cmpint (expected, ==, 1);
        else if (outcome.status == TAFEL_STATUS_DRAWN)
          g_assert_cmpint (expected, ==, 0);
        else
          g_assert_cmpint (negate (engine_result (rules, &state)), ==, expected);
      }
    }

  g_test_message ("%u positions compared", compared);
  g_assert_cmpuint (compared, >, 300);
}

/* Every reachable running position: the engine's value is the best of its
 * children's values (the Bellman equation of the solution). */
static void
test_infinity_consistent (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_INFINITY);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint checked = 0;

  for (guint game = 0; game < 3000; game++)
    {
      TafelState state;

      rules->init (&state);
      for (;;)
        {
          TafelMove moves[TAFEL_MAX_MOVES];
          TafelOutcome outcome;
          int best_rank = G_MININT, best = 0;
          TafelUndo undo;
          guint n;

          rules->outcome (&state, NULL, &outcome);
          if (outcome.status != TAFEL_STATUS_RUNNING)
            break;
          n = rules->legal_moves (&state, moves);
          for (guint i = 0; i < n; i++)
            {
              TafelState child = state;
              TafelOutcome after;
              int r;

              rules->make (&child, &moves[i], &undo);
              rules->outcome (&child, NULL, &after);
              r = after.status == TAFEL_STATUS_WON ? 1
                : after.status == TAFEL_STATUS_DRAWN ? 0
                : negate (engine_result (rules, &child));
              if (rank (r) > best_rank)
                {
                  best_rank = rank (r);
                  best = r;
                }
            }
          g_assert_cmpint (engine_result (rules, &state), ==, best);
          checked++;
          rules->make (&state, &moves[g_rand_int_range (rand, 0, n)], &undo);
        }
    }

  /* The first player wins Infinity Tic-Tac-Toe with best play. */
  {
    TafelState start;
    rules->init (&start);
    g_test_message ("empty board: %d", engine_result (rules, &start));
    g_assert_cmpint (engine_result (rules, &start), >, 0);
  }
  g_assert_cmpuint (checked, >, 10000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solver/tictactoe", test_tictactoe);
  g_test_add_func ("/solver/infinity", test_infinity);
  g_test_add_func ("/solver/infinity-consistent", test_infinity_consistent);

  return g_test_run ();
}
