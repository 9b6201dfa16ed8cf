/* test-connect-four.c: the rules of Connect Four
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-c4-solver.h"
#include "tafel-error.h"
#include "tafel-games.h"

static const TafelRules *rules = &tafel_connect_four_rules;

/* A full board without a four, found by a random search. */
#define DRAW_GAME "643426421252361677317153414534371522655677"

static void
play (const char   *moves,
      TafelState   *state,
      TafelOutcome *outcome)
{
  g_autoptr(GError) error = NULL;

  if (!tafel_rules_parse_moves (rules, moves, state, NULL, &error))
    g_error ("%s: %s", moves, error->message);
  rules->outcome (state, NULL, outcome);
}

static void
assert_win (const char *moves,
            int         winner,
            const char *cells)
{
  TafelState state;
  TafelOutcome outcome;
  g_autoptr(GString) marks = g_string_new (NULL);

  play (moves, &state, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
  g_assert_cmpint (outcome.winner, ==, winner);
  g_assert_cmpuint (outcome.n_lines, >=, 1);
  for (guint i = 0; i < outcome.n_marks; i++)
    {
      if (i > 0)
        g_string_append_c (marks, ' ');
      g_string_append (marks, rules->board->point_names[outcome.marks[i]]);
    }
  g_assert_cmpstr (marks->str, ==, cells);
  g_assert_cmpuint (rules->legal_moves (&state, (TafelMove[TAFEL_MAX_MOVES]) { 0 }), ==, 0);

  /* One move less is still running. */
  {
    g_autofree char *shorter = g_strndup (moves, strlen (moves) - 1);

    play (shorter, &state, &outcome);
    g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  }
}

static void
test_board_data (void)
{
  const TafelBoard *board = rules->board;

  g_assert_cmpstr (rules->key, ==, "connect-four");
  g_assert_true (tafel_rules_lookup ("connect-four") == rules);
  g_assert_cmpint (board->style, ==, TAFEL_BOARD_FRAME);
  g_assert_cmpuint (board->columns, ==, 7);
  g_assert_cmpuint (board->rows, ==, 6);
  g_assert_cmpuint (board->n_points, ==, 42);
  g_assert_cmpuint (board->n_targets, ==, 7);
  g_assert_cmpuint (board->line_len, ==, 4);
  g_assert_cmpuint (board->n_lines, ==, 69);
  g_assert_false (rules->moves_separated);

  for (guint p = 0; p < 42; p++)
    {
      g_assert_cmpuint (board->target_of_point[p], ==, p % 7);
      g_assert_cmpfloat (board->points[p].x, >, 0);
      g_assert_cmpfloat (board->points[p].x, <, 1);
      g_assert_cmpfloat (board->points[p].y, >, 0);
      g_assert_cmpfloat (board->points[p].y, <, 1);
      if (p >= 7)
        g_assert_cmpfloat (board->points[p].y, >, board->points[p - 7].y);
    }
  g_assert_cmpstr (board->point_names[0], ==, "a6");
  g_assert_cmpstr (board->point_names[41], ==, "g1");

  /* Every line is four distinct points in a straight row of neighbours. */
  for (guint l = 0; l < 69; l++)
    {
      const guint8 *line = board->lines + 4 * l;
      int dc = (int) (line[1] % 7) - (int) (line[0] % 7);
      int dr = (int) (line[1] / 7) - (int) (line[0] / 7);

      g_assert_true (ABS (dc) <= 1 && ABS (dr) <= 1 && (dc || dr));
      for (guint k = 1; k < 4; k++)
        {
          g_assert_cmpint ((int) (line[k] % 7) - (int) (line[k - 1] % 7), ==, dc);
          g_assert_cmpint ((int) (line[k] / 7) - (int) (line[k - 1] / 7), ==, dr);
        }
      for (guint m = 0; m < l; m++)
        g_assert_false (memcmp (line, board->lines + 4 * m, 4) == 0);
    }
}

static void
test_directions (void)
{
  /* Horizontal along the bottom */
  assert_win ("1122334", 0, "a1 b1 c1 d1");
  /* Vertical on the left edge */
  assert_win ("1212121", 0, "a4 a3 a2 a1");
  /* Found by random play: every direction, at edges and corners */
  assert_win ("1312243424413", 0, "d4 c3 b2 a1");
  assert_win ("64555464754", 0, "d4 e3 f2 g1");
  assert_win ("777571727", 0, "g6 g5 g4 g3");
  assert_win ("241143411312425332231", 0, "a6 b5 c4 d3");
  assert_win ("72577666434677616545735", 0, "g6 f5 e4 d3");
  assert_win ("317665552463577466477651473544", 1, "d6 e6 f6 g6");
}

static void
test_moves_and_notation (void)
{
  TafelState state, other;
  TafelOutcome outcome;
  TafelMove moves[TAFEL_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  guint n;

  rules->init (&state);
  g_assert_cmpint (rules->side_to_move (&state), ==, 0);
  n = rules->legal_moves (&state, moves);
  g_assert_cmpuint (n, ==, 7);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = tafel_rules_format_move (rules, &state, &moves[i]);
      char expected[2] = { (char) ('1' + i), 0 };

      g_assert_cmpuint (moves[i].len, ==, 1);
      g_assert_cmpuint (moves[i].path[0], ==, i);
      g_assert_cmpstr (text, ==, expected);
    }

  /* A full column is refused. */
  play ("444444", &state, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  g_assert_cmpint (rules->side_to_move (&state), ==, 0);
  g_assert_false (tafel_rules_is_legal (rules, &state, &(TafelMove) { 1, { 3 } }));
  g_assert_cmpuint (rules->legal_moves (&state, moves), ==, 6);
  g_assert_false (tafel_rules_parse_moves (rules, "4444444", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  g_assert_false (tafel_rules_parse_moves (rules, "48", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (tafel_rules_parse_moves (rules, "40", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (tafel_rules_parse_moves (rules, "12121212", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER);
  g_clear_error (&error);

  /* Make and unmake restore the state; the hash is a position key. */
  play ("4453", &state, &outcome);
  other = state;
  for (guint col = 0; col < 7; col++)
    {
      TafelUndo undo;
      TafelMove m = { 1, { col } };

      rules->make (&state, &m, &undo);
      g_assert_cmpuint (rules->ply (&state), ==, 5);
      rules->unmake (&state, &m, &undo);
      g_assert_true (memcmp (&state, &other, sizeof state) == 0);
    }
  play ("5344", &other, &outcome);
  g_assert_cmpuint (rules->hash (&state), ==, rules->hash (&other));
  play ("4435", &other, &outcome);
  g_assert_cmpuint (rules->hash (&state), !=, rules->hash (&other));
  play ("445", &other, &outcome);
  g_assert_cmpuint (rules->hash (&state), !=, rules->hash (&other));
}

static void
test_full_board_draw (void)
{
  TafelState state;
  TafelOutcome outcome;
  TafelPointInfo info[42];
  TafelMove moves[TAFEL_MAX_MOVES];
  guint counts[3] = { 0 };

  play (DRAW_GAME, &state, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_DRAWN);
  g_assert_cmpint (outcome.winner, ==, TAFEL_SIDE_NONE);
  g_assert_cmpuint (rules->ply (&state), ==, 42);
  g_assert_cmpuint (rules->legal_moves (&state, moves), ==, 0);
  rules->points (&state, info);
  for (guint p = 0; p < 42; p++)
    counts[info[p].owner]++;
  g_assert_cmpuint (counts[TAFEL_POINT_EMPTY], ==, 0);
  g_assert_cmpuint (counts[TAFEL_POINT_SIDE0], ==, 21);
  g_assert_cmpuint (counts[TAFEL_POINT_SIDE1], ==, 21);

  /* The last disc of the game in the top row of column 7 */
  g_assert_cmpuint (info[6].owner, ==, TAFEL_POINT_SIDE1);
}

/* ---- a naive referee ------------------------------------------------- */

/* Winner of a grid (owner per point) by scanning every cell and
 * direction, or -1. */
static int
naive_winner (const TafelPointInfo *info,
              guint64              *marked)
{
  static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  int winner = -1;

  *marked = 0;
  for (int r = 0; r < 6; r++)
    for (int c = 0; c < 7; c++)
      for (int d = 0; d < 4; d++)
        {
          int owner = info[r * 7 + c].owner;
          int k;

          if (owner == TAFEL_POINT_EMPTY)
            continue;
          for (k = 1; k < 4; k++)
            {
              int cc = c + k * dirs[d][0], rr = r + k * dirs[d][1];

              if (cc < 0 || cc >= 7 || rr < 0 || rr >= 6 || info[rr * 7 + cc].owner != owner)
                break;
            }
          if (k < 4)
            continue;
          g_assert_true (winner == -1 || winner == owner - 1);
          winner = owner - 1;
          for (k = 0; k < 4; k++)
            *marked |= G_GUINT64_CONSTANT (1) << ((r + k * dirs[d][1]) * 7 + c + k * dirs[d][0]);
        }

  return winner;
}

static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  guint wins[2] = { 0 }, draws = 0;

  for (guint game = 0; game < 3000; game++)
    {
      TafelState state;
      TafelMove moves[TAFEL_MAX_MOVES];
      int heights[7] = { 0 };

      rules->init (&state);
      for (;;)
        {
          TafelOutcome outcome;
          TafelPointInfo info[42];
          guint64 marked, engine_marked = 0;
          int winner;
          guint n;

          rules->outcome (&state, NULL, &outcome);
          rules->points (&state, info);
          winner = naive_winner (info, &marked);
          n = rules->legal_moves (&state, moves);

          if (winner >= 0)
            {
              g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
              g_assert_cmpint (outcome.winner, ==, winner);
              g_assert_cmpint (winner, ==, (int) (rules->ply (&state) - 1) % 2);
              for (guint i = 0; i < outcome.n_marks; i++)
                engine_marked |= G_GUINT64_CONSTANT (1) << outcome.marks[i];
              if (outcome.n_marks < TAFEL_MAX_MARKS)
                g_assert_cmpuint (engine_marked, ==, marked);
              g_assert_cmpuint (n, ==, 0);
              wins[winner]++;
              break;
            }
          if (rules->ply (&state) == 42)
            {
              g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_DRAWN);
              g_assert_cmpuint (n, ==, 0);
              draws++;
              break;
            }
          g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);

          /* Legal moves are exactly the columns that are not full. */
          {
            guint expected = 0;

            for (int c = 0; c < 7; c++)
              expected += heights[c] < 6;
            g_assert_cmpuint (n, ==, expected);
          }

          {
            TafelMove m = moves[g_rand_int_range (rand, 0, n)];
            TafelUndo undo;
            int col = m.path[0];
            int point = (5 - heights[col]) * 7 + col;

            rules->make (&state, &m, &undo);
            heights[col]++;
            rules->points (&state, info);
            g_assert_cmpint (info[point].owner, ==, (int) ((rules->ply (&state) - 1) % 2) + 1);
          }
        }
    }

  g_test_message ("random games: %u red wins, %u yellow wins, %u draws", wins[0], wins[1], draws);
  g_assert_cmpuint (wins[0], >, 0);
  g_assert_cmpuint (wins[1], >, 0);
}

/* ---- perft ------------------------------------------------------------- */

static guint64
generic_perft (TafelState *state,
               guint       depth)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint64 count = 0;
  guint n;

  if (depth == 0)
    return 1;
  n = rules->legal_moves (state, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelUndo undo;

      rules->make (state, &moves[i], &undo);
      count += generic_perft (state, depth - 1);
      rules->unmake (state, &moves[i], &undo);
    }

  return count;
}

static void
test_perft (void)
{
  static const guint64 known[] = { 1, 7, 49, 343, 2401, 16807, 117649, 823536 };
  TafelState state;
  TafelOutcome outcome;

  rules->init (&state);
  for (guint d = 0; d < G_N_ELEMENTS (known); d++)
    {
      g_assert_cmpuint (rules->perft (&state, d), ==, known[d]);
      if (d <= 6)
        g_assert_cmpuint (generic_perft (&state, d), ==, known[d]);
    }

  /* Near the end, where wins and the full board stop the count. */
  play ("1122334", &state, &outcome);
  g_assert_cmpuint (rules->perft (&state, 0), ==, 1);
  g_assert_cmpuint (rules->perft (&state, 1), ==, 0);
  {
    g_autofree char *prefix = g_strndup (DRAW_GAME, 34);

    play (prefix, &state, &outcome);
  }
  for (guint d = 0; d <= 9; d++)
    g_assert_cmpuint (rules->perft (&state, d), ==, generic_perft (&state, d));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/connect-four/board-data", test_board_data);
  g_test_add_func ("/connect-four/directions", test_directions);
  g_test_add_func ("/connect-four/moves-and-notation", test_moves_and_notation);
  g_test_add_func ("/connect-four/full-board-draw", test_full_board_draw);
  g_test_add_func ("/connect-four/random-games", test_random_games);
  g_test_add_func ("/connect-four/perft", test_perft);

  return g_test_run ();
}
