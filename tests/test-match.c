/* test-match.c: TafelMatch — history, undo, redo, notation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-error.h"
#include "tafel-match.h"

/* A cell move in the notation's numbering (1..9). */
#define cell(c) ((TafelMove) { 1, { (c) - 1 } })

static void
on_changed (TafelMatch *match,
            guint      *count)
{
  (*count)++;
}

static void
test_play_undo_redo (void)
{
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_INFINITY);
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;
  TafelState before_vanish;
  guint changes = 0;
  guint serial;

  g_signal_connect (match, "changed", G_CALLBACK (on_changed), &changes);
  g_assert_false (tafel_match_get_can_undo (match));
  g_assert_true (tafel_match_load_moves (match, "152374", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 6);
  before_vanish = *tafel_match_get_state (match);

  /* X 6 makes X's stone on 1 vanish; undo brings it back with its age. */
  serial = tafel_match_get_serial (match);
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 5 } }, &error));
  g_assert_cmpuint (tafel_match_get_serial (match), !=, serial);
  g_assert_true (tafel_match_undo (match));
  g_assert_cmpmem (tafel_match_get_state (match), sizeof (TafelState), &before_vanish, sizeof before_vanish);
  g_assert_true (tafel_match_get_can_redo (match));
  g_assert_true (tafel_match_redo (match));
  g_assert_false (tafel_match_get_can_redo (match));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 7);

  moves = tafel_match_to_moves (match);
  g_assert_cmpstr (moves, ==, "1523746");

  /* A different move after undo ends the redo line. */
  g_assert_true (tafel_match_undo (match));
  g_assert_true (tafel_match_play (match, &cell(9), &error));
  g_assert_false (tafel_match_get_can_redo (match));
  g_assert_cmpuint (changes, ==, 1 + 3 + 2);
}

static void
test_refusals (void)
{
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_TICTACTOE);
  g_autoptr(GError) error = NULL;

  g_assert_true (tafel_match_play (match, &cell(5), &error));
  g_assert_false (tafel_match_play (match, &cell(5), &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  g_assert_true (tafel_match_load_moves (match, "12539", &error));
  g_assert_cmpint (tafel_match_get_status (match), ==, TAFEL_STATUS_WON);
  g_assert_cmpint (tafel_match_get_outcome (match)->winner, ==, 0);
  g_assert_false (tafel_match_play (match, &cell(4), &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER);
  g_clear_error (&error);

  /* Undo works after the end. */
  g_assert_true (tafel_match_undo (match));
  g_assert_cmpint (tafel_match_get_status (match), ==, TAFEL_STATUS_RUNNING);

  /* A bad move list leaves the match at the start. */
  g_assert_false (tafel_match_load_moves (match, "1x", &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 0);
}

static void
test_continuations (void)
{
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_TICTACTOE);
  gboolean targets[9];
  TafelMove complete;
  guint8 path[1] = { 4 };

  g_assert_true (tafel_match_load_moves (match, "51", NULL));
  g_assert_false (tafel_match_continuations (match, NULL, 0, targets, NULL));
  for (guint i = 0; i < 9; i++)
    g_assert_cmpint (targets[i], ==, i != 4 && i != 0);
  g_assert_false (tafel_match_continuations (match, path, 1, targets, &complete));
  path[0] = 8;
  g_assert_true (tafel_match_continuations (match, path, 1, targets, &complete));
  g_assert_cmpuint (complete.path[0], ==, 8);
}

/* A double mill's two removals are clicked in either order. */
static void
test_continuations_any_order (void)
{
  g_autoptr(TafelMatch) match =
    tafel_match_new_for_rules (tafel_rules_get_variant (TAFEL_GAME_MILL, "double"));
  gboolean targets[24];
  TafelMove complete;
  /* a4 closes two mills; Black has d2, d6, f4 and g1. */
  guint8 path[3] = { 1, 21, 10 };   /* a4, g1, d2 */

  g_assert_true (tafel_match_load_moves (match, "a1 d2 a7 d6 b4 f4 c4 g1", NULL));
  g_assert_false (tafel_match_continuations (match, path, 2, targets, NULL));
  for (guint i = 0; i < 24; i++)
    g_assert_cmpint (targets[i], ==, i == 10 || i == 13 || i == 19);
  g_assert_true (tafel_match_continuations (match, path, 3, targets, &complete));
  g_assert_cmpuint (complete.len, ==, 3);
  g_assert_cmpuint (complete.path[1], ==, 10);   /* as the rules list it */
  g_assert_cmpuint (complete.path[2], ==, 21);
  g_assert_true (tafel_match_play (match, &complete, NULL));
}

static void
test_history (void)
{
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_INFINITY);
  TafelHistory history;

  g_assert_true (tafel_match_load_moves (match, "5137", NULL));
  history = tafel_match_get_history (match);
  g_assert_cmpuint (history.n, ==, 4);
  g_assert_true (tafel_match_undo (match));
  history = tafel_match_get_history (match);
  g_assert_cmpuint (history.n, ==, 3);
  g_assert_nonnull (tafel_match_get_last_move (match));
  g_assert_cmpuint (tafel_match_get_last_move (match)->path[0], ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/play-undo-redo", test_play_undo_redo);
  g_test_add_func ("/match/refusals", test_refusals);
  g_test_add_func ("/match/continuations", test_continuations);
  g_test_add_func ("/match/continuations-any-order", test_continuations_any_order);
  g_test_add_func ("/match/history", test_history);

  return g_test_run ();
}
