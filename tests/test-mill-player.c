/* test-mill-player.c: a Mill player's tables — the large one only for
 * the strong levels, smaller ones where memory is short
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-games.h"
#include "tafel-mill-player.h"
#include "tafel-mill-search-private.h"

#define KIB ((gsize) 1024)
#define MIB (KIB * KIB)

/* Plays @n moves from the start, the computer at @level for both sides. */
static gboolean
play (TafelPlayer *player,
      TafelLevel   level,
      guint        n)
{
  const TafelRules *R = &tafel_mill_rules;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  TafelState s;

  R->init (&s);
  for (guint i = 0; i < n; i++)
    {
      TafelMove move;
      TafelUndo undo;

      if (!R->choose_move (player, &s, NULL, level, rand, NULL, &move))
        return FALSE;
      g_assert_true (tafel_rules_is_legal (R, &s, &move));
      R->make (&s, &move, &undo);
    }

  return TRUE;
}

/* Relaxed and Medium look in the small table only: with memory for no
 * more than that, they say nothing; Hard then asks for the large table,
 * gets a smaller one, says so once and plays on. */
static void
test_weak_small_table (void)
{
  /* In a process of its own: the size limit and the messages. */
  if (g_test_subprocess ())
    {
      g_autoptr(TafelPlayer) player = tafel_player_new (&tafel_mill_rules);
      TafelMillSearcher *searcher;
      guint64 nodes;

      tafel_mill_searcher_set_max_bytes (MIB);
      g_assert_true (play (player, TAFEL_LEVEL_RELAXED, 12));
      g_assert_true (play (player, TAFEL_LEVEL_MEDIUM, 12));
      nodes = tafel_player_get_nodes (player);
      g_assert_cmpuint (nodes, >, 0);
      g_printerr ("weak levels done\n");

      g_assert_true (play (player, TAFEL_LEVEL_HARD, 4));
      g_assert_cmpuint (tafel_player_get_nodes (player), >, nodes);
      searcher = tafel_mill_player_get_searcher (player);
      g_assert_nonnull (searcher);
      g_assert_cmpuint (tafel_mill_searcher_table_bytes (searcher), ==, MIB);
      /* Kept: the same searcher for the next moves. */
      g_assert_true (play (player, TAFEL_LEVEL_HARD, 2));
      g_assert_true (tafel_mill_player_get_searcher (player) == searcher);
      g_printerr ("hard done\n");
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("weak levels done\n"
                             "*Message*Mill table of 16384 KiB could not be allocated*one of 1024 KiB*"
                             "hard done*");
  g_test_trap_assert_stderr_unmatched ("*could not be allocated*could not be allocated*");
}

/* Not even the smallest table: a warning, once for the player, and no
 * move rather than an abort. */
static void
test_no_table (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TafelPlayer) player = tafel_player_new (&tafel_mill_rules);

      /* The warning is what is expected here (the engine logs
       * structured, which g_test_expect_message () does not see). */
      g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
      tafel_mill_searcher_set_max_bytes (KIB);
      g_assert_null (tafel_mill_searcher_new_full (TAFEL_MILL_TT_BITS, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM);

      g_assert_false (play (player, TAFEL_LEVEL_IMPOSSIBLE, 1));
      g_assert_false (play (player, TAFEL_LEVEL_IMPOSSIBLE, 1));
      g_assert_null (tafel_mill_player_get_searcher (player));
      g_assert_cmpuint (tafel_player_get_nodes (player), ==, 0);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*WARNING*Cannot allocate even the smallest Mill table (64 KiB)*");
  g_test_trap_assert_stderr_unmatched ("*smallest Mill table*smallest Mill table*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mill-player/weak-small-table", test_weak_small_table);
  g_test_add_func ("/mill-player/no-table", test_no_table);

  return g_test_run ();
}
