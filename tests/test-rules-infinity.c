/* test-rules-infinity.c: the rules of Infinity Tic-Tac-Toe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
#include "tafel-rules.h"

static const TafelRules *rules;

static void
load (const char *moves,
      TafelState *state)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tafel_rules_parse_moves (rules, moves, state, NULL, &error));
  g_assert_no_error (error);
}

static TafelPointOwner
owner (const TafelState *state,
       guint             cell)
{
  TafelPointInfo info[9];

  rules->points (state, info);
  return info[cell].owner;
}

static guint8
flags (const TafelState *state,
       guint             cell)
{
  TafelPointInfo info[9];

  rules->points (state, info);
  return info[cell].flags;
}

static guint
count_owner (const TafelState *state,
             TafelPointOwner   who)
{
  guint n = 0;

  for (guint cell = 0; cell < 9; cell++)
    n += owner (state, cell) == who;

  return n;
}

static void
test_fourth_stone_wins_with_oldest (void)
{
  TafelState state;
  TafelOutcome outcome;

  /* X 1 2 7, O 5 9 6; X's fourth stone on 3 completes 1-2-3 with the
   * stone on 1 that would otherwise vanish. */
  load ("1529763", &state);
  rules->outcome (&state, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
  g_assert_cmpint (outcome.winner, ==, 0);
  g_assert_cmpuint (outcome.n_lines, ==, 1);
  g_assert_cmpuint (outcome.lines[0], ==, 0);      /* the top row */
  g_assert_cmpuint (outcome.n_marks, ==, 3);
  g_assert_cmpuint (outcome.marks[0], ==, 0);
  g_assert_cmpuint (outcome.marks[1], ==, 1);
  g_assert_cmpuint (outcome.marks[2], ==, 2);
  g_assert_cmpint (owner (&state, 0), ==, TAFEL_POINT_SIDE0);
  g_assert_cmpuint (count_owner (&state, TAFEL_POINT_SIDE0), ==, 4);
}

static void
test_oldest_vanishes_without_win (void)
{
  TafelState state;
  TafelOutcome outcome;

  /* X 1 2 7, O 5 3 4, then X 6: no line, so X's stone on 1 vanishes. */
  load ("152374", &state);
  g_assert_cmpint (owner (&state, 0), ==, TAFEL_POINT_SIDE0);
  g_assert_cmpuint (flags (&state, 0) & TAFEL_POINT_FLAG_VANISHES_NEXT, !=, 0);
  g_assert_cmpuint (flags (&state, 4) & TAFEL_POINT_FLAG_VANISHES_NEXT, !=, 0);
  g_assert_cmpuint (flags (&state, 1) & TAFEL_POINT_FLAG_VANISHES_NEXT, ==, 0);

  load ("1523746", &state);
  rules->outcome (&state, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  g_assert_cmpint (owner (&state, 0), ==, TAFEL_POINT_EMPTY);
  g_assert_cmpuint (count_owner (&state, TAFEL_POINT_SIDE0), ==, 3);
  g_assert_cmpuint (count_owner (&state, TAFEL_POINT_SIDE1), ==, 3);
  /* Now X's stone on 2 is the oldest and vanishes next. */
  g_assert_cmpuint (flags (&state, 1) & TAFEL_POINT_FLAG_VANISHES_NEXT, !=, 0);
}

static void
test_oldest_cell_is_occupied (void)
{
  g_autoptr(GError) error = NULL;
  TafelState state;

  /* X 1 2 7 and O 5 9 6: X to move, its own oldest stone on 1 still
   * occupies the cell. */
  load ("152976", &state);
  g_assert_false (tafel_rules_is_legal (rules, &state, &(TafelMove) { 1, { 0 } }));
  g_assert_false (tafel_rules_parse_moves (rules, "1529761", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  /* O's oldest stone (on 5) likewise. */
  g_assert_false (tafel_rules_is_legal (rules, &state, &(TafelMove) { 1, { 4 } }));

  /* Nothing can be played after a win. */
  load ("1529763", &state);
  g_assert_false (tafel_rules_parse_moves (rules, "15297635", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER);
}

/* Plays a random move that does not win, if there is one. */
static gboolean
play_quiet (TafelState *state,
            GRand      *rand)
{
  TafelMove moves[TAFEL_MAX_MOVES], quiet[TAFEL_MAX_MOVES];
  guint n = rules->legal_moves (state, moves);
  guint n_quiet = 0;
  TafelUndo undo;

  for (guint i = 0; i < n; i++)
    {
      TafelState child = *state;
      TafelOutcome after;

      rules->make (&child, &moves[i], &undo);
      rules->outcome (&child, NULL, &after);
      if (after.status != TAFEL_STATUS_WON)
        quiet[n_quiet++] = moves[i];
    }
  if (n_quiet == 0)
    return FALSE;

  rules->make (state, &quiet[g_rand_int_range (rand, 0, n_quiet)], &undo);
  return TRUE;
}

static void
test_draw_after_sixty (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  gboolean reached = FALSE;

  for (guint attempt = 0; attempt < 200 && !reached; attempt++)
    {
      TafelState state;

      rules->init (&state);
      for (;;)
        {
          TafelOutcome outcome;

          rules->outcome (&state, NULL, &outcome);
          if (outcome.status == TAFEL_STATUS_DRAWN)
            {
              g_assert_cmpuint (rules->ply (&state), ==, 60);
              reached = TRUE;
              break;
            }
          g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
          g_assert_cmpuint (rules->ply (&state), <, 60);
          if (!play_quiet (&state, rand))
            break;
        }
    }

  g_assert_true (reached);
}

static void
test_win_on_sixtieth_counts (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint found = 0;

  /* Games whose 60th half-move completes a line are won, not drawn. */
  for (guint attempt = 0; attempt < 2000 && found < 3; attempt++)
    {
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelState state;
      guint n;

      rules->init (&state);
      while (rules->ply (&state) < 59 && play_quiet (&state, rand))
        ;
      if (rules->ply (&state) != 59)
        continue;

      n = rules->legal_moves (&state, moves);
      for (guint i = 0; i < n; i++)
        {
          TafelState child = state;
          TafelOutcome outcome;
          TafelUndo undo;

          rules->make (&child, &moves[i], &undo);
          rules->outcome (&child, NULL, &outcome);
          g_assert_cmpuint (rules->ply (&child), ==, 60);
          g_assert_cmpint (outcome.status, !=, TAFEL_STATUS_RUNNING);
          if (outcome.status == TAFEL_STATUS_WON)
            {
              g_assert_cmpint (outcome.winner, ==, 1);
              found++;
            }
        }
    }

  g_assert_cmpuint (found, >, 0);
}

typedef struct {
  GHashTable *seen;
  guint positions;
} Walk;

/* Every reachable position: invariants, and make/unmake is exact. */
static void
walk (Walk       *w,
      TafelState *state)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelPointInfo info[9];
  TafelOutcome outcome;
  guint64 key = rules->hash (state);
  guint x, o, n, empty = 0;

  /* Keys are exact and fit a pointer on the platforms we build for. */
  G_STATIC_ASSERT (sizeof (gpointer) >= sizeof (guint64));
  if (!g_hash_table_add (w->seen, GSIZE_TO_POINTER (key)))
    return;
  w->positions++;

  rules->outcome (state, NULL, &outcome);
  rules->points (state, info);
  x = o = 0;
  for (guint cell = 0; cell < 9; cell++)
    {
      x += info[cell].owner == TAFEL_POINT_SIDE0;
      o += info[cell].owner == TAFEL_POINT_SIDE1;
      empty += info[cell].owner == TAFEL_POINT_EMPTY;
    }
  g_assert_cmpuint (x + o + empty, ==, 9);
  g_assert_cmpint (rules->side_to_move (state), ==, rules->ply (state) % 2);

  if (outcome.status == TAFEL_STATUS_WON)
    {
      /* Only the side that moved last can hold a line; it may show a 4th stone. */
      g_assert_cmpint (outcome.winner, ==, (rules->ply (state) + 1) % 2);
      g_assert_cmpuint (outcome.winner == 0 ? o : x, <=, 3);
      g_assert_cmpuint (outcome.winner == 0 ? x : o, <=, 4);
      g_assert_cmpuint (rules->legal_moves (state, moves), ==, 0);
      return;
    }

  g_assert_cmpuint (x, <=, 3);
  g_assert_cmpuint (o, <=, 3);
  g_assert_cmpuint (x, ==, MIN (3, (rules->ply (state) + 1) / 2));
  g_assert_cmpuint (o, ==, MIN (3, rules->ply (state) / 2));
  if (outcome.status == TAFEL_STATUS_DRAWN)
    {
      g_assert_cmpuint (rules->ply (state), ==, 60);
      g_assert_cmpuint (rules->legal_moves (state, moves), ==, 0);
      return;
    }

  n = rules->legal_moves (state, moves);
  g_assert_cmpuint (n, ==, empty);
  for (guint i = 0; i < n; i++)
    {
      TafelState before = *state;
      TafelUndo undo;

      g_assert_cmpint (info[moves[i].path[0]].owner, ==, TAFEL_POINT_EMPTY);
      rules->make (state, &moves[i], &undo);
      g_assert_cmpuint (rules->ply (state), ==, rules->ply (&before) + 1);
      walk (w, state);
      rules->unmake (state, &moves[i], &undo);
      g_assert_cmpmem (state, sizeof *state, &before, sizeof before);
    }
}

static void
test_exhaustive_walk (void)
{
  Walk w = { g_hash_table_new (g_direct_hash, g_direct_equal), 0 };
  TafelState state;

  rules->init (&state);
  walk (&w, &state);
  g_test_message ("%u reachable positions with their ply", w.positions);
  /* Positions reachable at each ply, counted with the ply: far more than
   * the 133 thousand distinct placements, far fewer than all orderings. */
  g_assert_cmpuint (w.positions, >, 133000);
  g_hash_table_unref (w.seen);
}

static void
test_notation (void)
{
  g_autoptr(GError) error = NULL;
  TafelState state;

  g_assert_false (tafel_rules_parse_moves (rules, "12a", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (tafel_rules_parse_moves (rules, "0", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (tafel_rules_parse_moves (rules, "55", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "2"));
  g_clear_error (&error);

  load ("", &state);
  g_assert_cmpuint (rules->ply (&state), ==, 0);
  load ("5137", &state);
  g_assert_cmpuint (rules->ply (&state), ==, 4);
  for (guint cell = 0; cell < 9; cell++)
    {
      g_autofree char *text = tafel_rules_format_move (rules, &state, &(TafelMove) { 1, { cell } });
      char expected[2] = { '1' + cell, 0 };
      g_assert_cmpstr (text, ==, expected);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  rules = tafel_rules_get (TAFEL_GAME_INFINITY);

  g_test_add_func ("/infinity/fourth-stone-wins-with-oldest", test_fourth_stone_wins_with_oldest);
  g_test_add_func ("/infinity/oldest-vanishes-without-win", test_oldest_vanishes_without_win);
  g_test_add_func ("/infinity/oldest-cell-is-occupied", test_oldest_cell_is_occupied);
  g_test_add_func ("/infinity/draw-after-sixty", test_draw_after_sixty);
  g_test_add_func ("/infinity/win-on-sixtieth-counts", test_win_on_sixtieth_counts);
  g_test_add_func ("/infinity/exhaustive-walk", test_exhaustive_walk);
  g_test_add_func ("/infinity/notation", test_notation);

  return g_test_run ();
}
