/* test-statistics.c: the record of finished games: counting, streaks,
 * the file, reset and damaged files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-statistics.h"

/* Tic-Tac-Toe: X wins on the top row; a draw. */
#define X_WINS "14253"
#define DRAW "123546879"

static char *tmpdir;

static char *
fresh_path (const char *name)
{
  char *path = g_build_filename (tmpdir, name, "statistics.ini", NULL);
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return path;
}

static void
assert_record (TafelStatistics *stats,
               TafelGame        game,
               TafelLevel       level,
               guint            won,
               guint            drawn,
               guint            lost,
               int              streak,
               guint            best)
{
  TafelRecord r;

  tafel_statistics_get_record (stats, tafel_rules_get (game), level, &r);
  g_assert_cmpuint (r.won, ==, won);
  g_assert_cmpuint (r.drawn, ==, drawn);
  g_assert_cmpuint (r.lost, ==, lost);
  g_assert_cmpint (r.streak, ==, streak);
  g_assert_cmpuint (r.best_streak, ==, best);
}

static void
assert_pair (TafelStatistics *stats,
             TafelGame        game,
             guint            first,
             guint            second,
             guint            draws)
{
  TafelPairRecord p;

  tafel_statistics_get_pair_record (stats, tafel_rules_get (game), &p);
  g_assert_cmpuint (p.first_wins, ==, first);
  g_assert_cmpuint (p.second_wins, ==, second);
  g_assert_cmpuint (p.draws, ==, draws);
}

static void
test_streaks (void)
{
  g_autoptr(TafelStatistics) stats = tafel_statistics_new (NULL);
  static const TafelResult results[] = {
    TAFEL_RESULT_WON, TAFEL_RESULT_WON, TAFEL_RESULT_LOST, TAFEL_RESULT_WON,
    TAFEL_RESULT_WON, TAFEL_RESULT_WON, TAFEL_RESULT_DRAWN, TAFEL_RESULT_LOST,
    TAFEL_RESULT_LOST,
  };
  /* The streak after each result above. */
  static const int streaks[] = { 1, 2, -1, 1, 2, 3, 0, -1, -2 };

  assert_record (stats, TAFEL_GAME_MILL, TAFEL_LEVEL_HARD, 0, 0, 0, 0, 0);
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      TafelRecord r;

      tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_MILL), TAFEL_LEVEL_HARD, results[i]);
      tafel_statistics_get_record (stats, tafel_rules_get (TAFEL_GAME_MILL), TAFEL_LEVEL_HARD, &r);
      g_assert_cmpint (r.streak, ==, streaks[i]);
    }
  assert_record (stats, TAFEL_GAME_MILL, TAFEL_LEVEL_HARD, 5, 1, 3, -2, 3);

  /* Every other game and level is untouched. */
  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    for (guint level = 0; level < TAFEL_N_LEVELS; level++)
      if (game != TAFEL_GAME_MILL || level != TAFEL_LEVEL_HARD)
        assert_record (stats, game, level, 0, 0, 0, 0, 0);
  assert_pair (stats, TAFEL_GAME_MILL, 0, 0, 0);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 9);

  tafel_statistics_record_pair (stats, tafel_rules_get (TAFEL_GAME_MILL), 1);
  tafel_statistics_record_pair (stats, tafel_rules_get (TAFEL_GAME_MILL), TAFEL_SIDE_NONE);
  tafel_statistics_record_pair (stats, tafel_rules_get (TAFEL_GAME_MILL), 0);
  tafel_statistics_record_pair (stats, tafel_rules_get (TAFEL_GAME_MILL), 1);
  assert_pair (stats, TAFEL_GAME_MILL, 1, 2, 1);
  assert_record (stats, TAFEL_GAME_MILL, TAFEL_LEVEL_HARD, 5, 1, 3, -2, 3);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 13);
}

static void
on_changed (TafelStatistics *stats,
            guint           *n)
{
  (*n)++;
}

static TafelMatch *
match_with (const char *moves)
{
  TafelMatch *match = tafel_match_new (TAFEL_GAME_TICTACTOE);

  g_assert_true (tafel_match_load_moves (match, moves, NULL));
  return match;
}

/* A game counts once, when it first ends; undo and replay do not count
 * it again; a new game (the flag reset) does count. */
static void
test_count_once (void)
{
  g_autoptr(TafelStatistics) stats = tafel_statistics_new (NULL);
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_TICTACTOE);
  gboolean counted = FALSE;
  guint n_changed = 0;

  g_signal_connect (stats, "changed", G_CALLBACK (on_changed), &n_changed);

  /* Not over yet: nothing counted. */
  g_assert_true (tafel_match_load_moves (match, "1425", NULL));
  g_assert_false (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                                TAFEL_SIDE_NONE, &counted));
  g_assert_false (counted);
  g_assert_cmpuint (n_changed, ==, 0);

  /* X completes the top row. */
  g_assert_true (tafel_match_load_moves (match, X_WINS, NULL));
  g_assert_true (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                               TAFEL_SIDE_NONE, &counted));
  g_assert_true (counted);
  g_assert_cmpuint (n_changed, ==, 1);
  assert_pair (stats, TAFEL_GAME_TICTACTOE, 1, 0, 0);

  /* Told again about the same end: still one. */
  g_assert_false (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                                TAFEL_SIDE_NONE, &counted));
  /* Undo, redo to the same end: still one. */
  g_assert_true (tafel_match_undo (match));
  g_assert_false (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                                TAFEL_SIDE_NONE, &counted));
  g_assert_true (tafel_match_redo (match));
  g_assert_false (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                                TAFEL_SIDE_NONE, &counted));
  /* Undo and end differently: the same game, still one. */
  g_assert_true (tafel_match_undo (match));
  g_assert_true (tafel_match_undo (match));
  g_assert_true (tafel_match_load_moves (match, "142596", NULL));
  g_assert_cmpint (tafel_match_get_outcome (match)->winner, ==, 1);
  g_assert_false (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                                TAFEL_SIDE_NONE, &counted));
  assert_pair (stats, TAFEL_GAME_TICTACTOE, 1, 0, 0);
  g_assert_cmpuint (n_changed, ==, 1);

  /* A new game counts again: O's win, then a draw. */
  counted = FALSE;
  g_assert_true (tafel_statistics_count_match (stats, match, TAFEL_LEVEL_RELAXED,
                                               TAFEL_SIDE_NONE, &counted));
  assert_pair (stats, TAFEL_GAME_TICTACTOE, 1, 1, 0);
  {
    g_autoptr(TafelMatch) draw = match_with (DRAW);

    g_assert_cmpint (tafel_match_get_status (draw), ==, TAFEL_STATUS_DRAWN);
    counted = FALSE;
    g_assert_true (tafel_statistics_count_match (stats, draw, TAFEL_LEVEL_RELAXED,
                                                 TAFEL_SIDE_NONE, &counted));
    assert_pair (stats, TAFEL_GAME_TICTACTOE, 1, 1, 1);
  }

  /* Against the computer: seen from the person, at the level given. */
  {
    g_autoptr(TafelMatch) x_wins = match_with (X_WINS);
    g_autoptr(TafelMatch) draw = match_with (DRAW);

    counted = FALSE;
    g_assert_true (tafel_statistics_count_match (stats, x_wins, TAFEL_LEVEL_MEDIUM, 1, &counted));
    counted = FALSE;
    g_assert_true (tafel_statistics_count_match (stats, x_wins, TAFEL_LEVEL_MEDIUM, 0, &counted));
    counted = FALSE;
    g_assert_true (tafel_statistics_count_match (stats, draw, TAFEL_LEVEL_IMPOSSIBLE, 0, &counted));
    g_assert_false (tafel_statistics_count_match (stats, draw, TAFEL_LEVEL_IMPOSSIBLE, 0, &counted));
  }
  assert_record (stats, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_MEDIUM, 1, 0, 1, -1, 1);
  assert_record (stats, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_IMPOSSIBLE, 0, 1, 0, 0, 0);
  assert_record (stats, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_RELAXED, 0, 0, 0, 0, 0);
  /* Games between persons were not counted as games against the computer. */
  assert_pair (stats, TAFEL_GAME_TICTACTOE, 1, 1, 1);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 6);
}

static void
fill (TafelStatistics *stats)
{
  tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_INFINITY), TAFEL_LEVEL_RELAXED, TAFEL_RESULT_WON);
  tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_INFINITY), TAFEL_LEVEL_RELAXED, TAFEL_RESULT_WON);
  tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_CONNECT_FOUR), TAFEL_LEVEL_IMPOSSIBLE, TAFEL_RESULT_LOST);
  tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_CONNECT_FOUR), TAFEL_LEVEL_IMPOSSIBLE, TAFEL_RESULT_LOST);
  tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_CONNECT_FOUR), TAFEL_LEVEL_IMPOSSIBLE, TAFEL_RESULT_DRAWN);
  tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_CONNECT_FOUR), TAFEL_LEVEL_IMPOSSIBLE, TAFEL_RESULT_LOST);
  tafel_statistics_record_pair (stats, tafel_rules_get (TAFEL_GAME_MILL), 0);
  tafel_statistics_record_pair (stats, tafel_rules_get (TAFEL_GAME_MILL), TAFEL_SIDE_NONE);
}

static void
assert_filled (TafelStatistics *stats)
{
  assert_record (stats, TAFEL_GAME_INFINITY, TAFEL_LEVEL_RELAXED, 2, 0, 0, 2, 2);
  assert_record (stats, TAFEL_GAME_CONNECT_FOUR, TAFEL_LEVEL_IMPOSSIBLE, 0, 1, 3, -1, 0);
  assert_pair (stats, TAFEL_GAME_MILL, 1, 0, 1);
  assert_pair (stats, TAFEL_GAME_INFINITY, 0, 0, 0);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 8);
}

static void
test_persist_and_reset (void)
{
  g_autofree char *path = fresh_path ("persist");
  g_autoptr(TafelStatistics) stats = tafel_statistics_new (path);
  g_autoptr(TafelStatistics) again = tafel_statistics_new (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *default_path = tafel_statistics_default_path ();
  g_autofree char *default_base = g_path_get_basename (default_path);

  g_assert_cmpstr (tafel_statistics_get_path (stats), ==, path);
  g_assert_cmpstr (default_base, ==, "statistics.ini");
  g_assert_true (g_str_has_prefix (default_path, g_get_user_state_dir ()));

  /* No file yet: no error, nothing counted. */
  g_assert_true (tafel_statistics_load (stats, &aside, &error));
  g_assert_no_error (error);
  g_assert_null (aside);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 0);

  fill (stats);
  g_assert_true (tafel_statistics_save (stats, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  g_assert_true (tafel_statistics_load (again, &aside, &error));
  g_assert_no_error (error);
  assert_filled (again);

  /* Loading replaces what was in memory; counting goes on from there. */
  tafel_statistics_record (again, tafel_rules_get (TAFEL_GAME_INFINITY), TAFEL_LEVEL_RELAXED, TAFEL_RESULT_WON);
  g_assert_true (tafel_statistics_load (again, NULL, &error));
  assert_filled (again);

  /* Reset, saved: nothing left, in memory and in the file. */
  tafel_statistics_reset (again);
  g_assert_cmpuint (tafel_statistics_get_n_games (again), ==, 0);
  g_assert_true (tafel_statistics_save (again, &error));
  g_assert_true (tafel_statistics_load (stats, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 0);
  assert_record (stats, TAFEL_GAME_INFINITY, TAFEL_LEVEL_RELAXED, 0, 0, 0, 0, 0);

  /* A file without some groups is fine: they count as zero. */
  g_assert_true (g_file_set_contents (path,
                                      "[Tafel Statistics]\nversion=1\n\n"
                                      "[mill/medium]\nwon=4\nlost=1\nstreak=3\nbest-streak=3\n",
                                      -1, NULL));
  g_assert_true (tafel_statistics_load (stats, &aside, &error));
  g_assert_no_error (error);
  g_assert_null (aside);
  assert_record (stats, TAFEL_GAME_MILL, TAFEL_LEVEL_MEDIUM, 4, 0, 1, 3, 3);
  g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 5);

  g_remove (path);
}

#define WITH_NUL "[Tafel Statistics]\nversion=1\n[mill/two-persons]\ndraws=1\n\0x"

static char *
read_all (const char *path)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

static void
test_damaged (void)
{
  static const char *const damaged[] = {
    "garbage \x01\x02 not a key file",
    "[Tafel Statistics]\n",                                    /* no version */
    "[Tafel Statistics]\nversion=2\n",                         /* a newer one */
    "[Tafel Statistics]\nversion=1\n[infinity/hard]\nwon=-1\n",
    "[Tafel Statistics]\nversion=1\n[infinity/hard]\nwon=many\n",
    "[Tafel Statistics]\nversion=1\n[tictactoe/relaxed]\nwon=1\nbest-streak=2\n",
    "[Tafel Statistics]\nversion=1\n[tictactoe/relaxed]\nlost=1\nstreak=-2\n",
    "[Tafel Statistics]\nversion=1\n[mill/two-persons]\ndraws=99999999999\n",
    WITH_NUL,
  };
  static const gssize lengths[] = { -1, -1, -1, -1, -1, -1, -1, -1, sizeof WITH_NUL - 1 };
  g_autofree char *path = fresh_path ("damaged");
  g_autoptr(GPtrArray) asides = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr(TafelStatistics) stats = tafel_statistics_new (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *aside = NULL;
      g_autofree char *kept = NULL;
      gsize length = lengths[i] < 0 ? strlen (damaged[i]) : (gsize) lengths[i];

      g_test_message ("damaged file %u", i);
      g_assert_true (g_file_set_contents (path, damaged[i], length, NULL));

      /* Something counted before is forgotten: counting starts afresh. */
      tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_INFINITY), TAFEL_LEVEL_HARD, TAFEL_RESULT_WON);
      g_assert_false (tafel_statistics_load (stats, &aside, &error));
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
      g_assert_cmpuint (tafel_statistics_get_n_games (stats), ==, 0);

      /* Set aside under a name of its own, never deleted or overwritten. */
      g_assert_nonnull (aside);
      g_assert_true (g_str_has_prefix (aside, path));
      g_assert_nonnull (strstr (aside, ".damaged-"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      kept = read_all (aside);
      g_assert_cmpmem (kept, strlen (kept), damaged[i], MIN (length, strlen (damaged[i])));
      for (guint j = 0; j < asides->len; j++)
        g_assert_cmpstr (aside, !=, g_ptr_array_index (asides, j));
      g_ptr_array_add (asides, g_steal_pointer (&aside));

      /* Counting goes on into a new file. */
      g_clear_error (&error);
      tafel_statistics_record (stats, tafel_rules_get (TAFEL_GAME_MILL), TAFEL_LEVEL_RELAXED, TAFEL_RESULT_DRAWN);
      g_assert_true (tafel_statistics_save (stats, &error));
      g_assert_no_error (error);
      g_assert_true (tafel_statistics_load (stats, NULL, &error));
      g_assert_no_error (error);
      assert_record (stats, TAFEL_GAME_MILL, TAFEL_LEVEL_RELAXED, 0, 1, 0, 0, 0);
    }

  /* Every damaged file is still there. */
  for (guint j = 0; j < asides->len; j++)
    {
      g_assert_true (g_file_test (g_ptr_array_index (asides, j), G_FILE_TEST_IS_REGULAR));
      g_remove (g_ptr_array_index (asides, j));
    }
  g_remove (path);
}

/* Each Mill variant is counted apart, in groups named by its id; a file
 * from before the variants (mill/...) is Nine's. */
static void
test_variants (void)
{
  g_autofree char *path = fresh_path ("variants");
  g_autoptr(TafelStatistics) stats = tafel_statistics_new (path);
  g_autoptr(TafelStatistics) again = tafel_statistics_new (path);
  const TafelRules *nine = tafel_rules_get (TAFEL_GAME_MILL);
  const TafelRules *twelve = tafel_rules_get_variant (TAFEL_GAME_MILL, "twelve");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  TafelRecord r;

  tafel_statistics_record (stats, twelve, TAFEL_LEVEL_HARD, TAFEL_RESULT_WON);
  tafel_statistics_get_record (stats, twelve, TAFEL_LEVEL_HARD, &r);
  g_assert_cmpuint (r.won, ==, 1);
  tafel_statistics_get_record (stats, nine, TAFEL_LEVEL_HARD, &r);
  g_assert_cmpuint (r.won, ==, 0);
  g_assert_true (tafel_statistics_save (stats, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[mill-twelve/hard]\nwon=1\n"));
  g_assert_nonnull (strstr (text, "[mill/hard]\nwon=0\n"));

  g_assert_true (tafel_statistics_load (again, NULL, &error));
  tafel_statistics_get_record (again, twelve, TAFEL_LEVEL_HARD, &r);
  g_assert_cmpuint (r.won, ==, 1);

  /* The file of an earlier version: only the games' groups. */
  g_assert_true (g_file_set_contents (path, "[Tafel Statistics]\nversion=1\n\n[mill/hard]\nlost=2\nstreak=-2\n",
                                      -1, NULL));
  g_assert_true (tafel_statistics_load (again, NULL, &error));
  g_assert_no_error (error);
  tafel_statistics_get_record (again, nine, TAFEL_LEVEL_HARD, &r);
  g_assert_cmpuint (r.lost, ==, 2);
  tafel_statistics_get_record (again, twelve, TAFEL_LEVEL_HARD, &r);
  g_assert_cmpuint (r.lost + r.won, ==, 0);
  g_assert_cmpuint (tafel_statistics_get_n_games (again), ==, 2);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("tafel-statistics-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  g_test_add_func ("/statistics/streaks", test_streaks);
  g_test_add_func ("/statistics/count-once", test_count_once);
  g_test_add_func ("/statistics/persist-and-reset", test_persist_and_reset);
  g_test_add_func ("/statistics/damaged", test_damaged);
  g_test_add_func ("/statistics/variants", test_variants);

  status = g_test_run ();
  {
    const char *names[] = { "persist", "damaged" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *dir = g_build_filename (tmpdir, names[i], NULL);
        g_rmdir (dir);
      }
    g_rmdir (tmpdir);
  }
  g_free (tmpdir);
  return status;
}
