/* test-save.c: the saved-game format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tafel-error.h"
#include "tafel-file.h"
#include "tafel-match.h"
#include "tafel-save.h"

static void
test_round_trip (void)
{
  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    {
      g_autoptr(TafelMatch) match = tafel_match_new (game);
      g_autoptr(GRand) rand = g_rand_new_with_seed (game);
      g_auto(TafelSave) save = { 0 };
      g_auto(TafelSave) back = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      gsize length;

      /* A few random moves of each game. */
      for (guint i = 0; i < 7 && tafel_match_get_status (match) == TAFEL_STATUS_RUNNING; i++)
        {
          TafelMove moves[TAFEL_MAX_MOVES];
          const TafelRules *rules = tafel_match_get_rules (match);
          guint n = rules->legal_moves (tafel_match_get_state (match), moves);

          g_assert_true (tafel_match_play (match, &moves[g_rand_int_range (rand, 0, n)], NULL));
        }

      save.game = game;
      save.moves = tafel_match_to_moves (match);
      save.level = TAFEL_LEVEL_HARD;
      save.computer_side = game % 2 == 0 ? TAFEL_SIDE_NONE : 1;
      data = tafel_save_to_data (&save, &length);

      /* The same text from the match's record, as the session writes it. */
      {
        g_autoptr(TafelGameRecord) record = tafel_match_to_record (match);
        g_autofree char *direct = tafel_save_record_to_data (record, save.level, save.computer_side, NULL);

        g_assert_cmpstr (direct, ==, data);
      }

      g_assert_true (tafel_save_from_data (data, length, &back, &error));
      g_assert_no_error (error);
      g_assert_cmpint (back.game, ==, save.game);
      g_assert_cmpstr (back.moves, ==, save.moves);
      g_assert_cmpint (back.level, ==, save.level);
      g_assert_cmpint (back.computer_side, ==, save.computer_side);
    }
}

static void
expect_refused (const char *data,
                gssize      length)
{
  g_auto(TafelSave) save = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (tafel_save_from_data (data, length, &save, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  g_assert_null (save.moves);
}

static void
test_refusals (void)
{
  const char *good = "[Tafel Game]\nversion=1\ngame=infinity\nmoves=5137\nlevel=hard\ncomputer-side=1\n";
  g_auto(TafelSave) save = { 0 };

  g_assert_true (tafel_save_from_data (good, -1, &save, NULL));

  expect_refused ("", -1);
  expect_refused ("garbage \x01\x02 not a key file", -1);
  expect_refused (good, strlen (good) / 2);                         /* truncated */
  expect_refused ("[Tafel Game]\nversion=2\ngame=infinity\nmoves=\nlevel=hard\ncomputer-side=1\n", -1);
  expect_refused ("[Tafel Game]\nversion=1\ngame=chess\nmoves=\nlevel=hard\ncomputer-side=1\n", -1);
  expect_refused ("[Tafel Game]\nversion=1\ngame=infinity\nmoves=55\nlevel=hard\ncomputer-side=1\n", -1);
  expect_refused ("[Tafel Game]\nversion=1\ngame=infinity\nmoves=5\nlevel=wild\ncomputer-side=1\n", -1);
  expect_refused ("[Tafel Game]\nversion=1\ngame=infinity\nmoves=5\nlevel=hard\ncomputer-side=2\n", -1);
  expect_refused ("[Tafel Game]\nversion=1\ngame=infinity\nlevel=hard\ncomputer-side=1\n", -1);
  expect_refused ("[Tafel Game]\nversion=1\ngame=infinity\nmoves=5\0\nlevel=hard\ncomputer-side=1\n", 60);
}

/* The save is a game record with the level and the computer's side; a
 * Mill game from a FEN keeps its start. */
static void
test_record_format (void)
{
  g_auto(TafelSave) save = { 0 };
  g_auto(TafelSave) back = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  save.game = TAFEL_GAME_MILL;
  save.fen = g_strdup ("********/O*O*@*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3");
  save.moves = g_strdup ("a1 g7");
  save.level = TAFEL_LEVEL_MEDIUM;
  save.computer_side = 0;
  data = tafel_save_to_data (&save, &length);
  g_assert_cmpuint (length, ==, strlen (data));
  g_assert_true (g_str_has_prefix (data, "tafel: 1\ngame: mill\n"));
  g_assert_nonnull (strstr (data, "\nlevel: medium\ncomputer-side: 0\n"));

  g_assert_true (tafel_save_from_data (data, length, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpint (back.game, ==, TAFEL_GAME_MILL);
  g_assert_cmpstr (back.fen, ==, save.fen);
  g_assert_cmpstr (back.moves, ==, "a1 g7");
  g_assert_cmpint (back.level, ==, TAFEL_LEVEL_MEDIUM);
  g_assert_cmpint (back.computer_side, ==, 0);

  /* A record without the save's fields, a cut one, an illegal one. */
  expect_refused ("tafel: 1\ngame: infinity\nresult: *\n\n5137 *\n", -1);
  expect_refused ("tafel: 1\ngame: infinity\nlevel: hard\ncomputer-side: 3\nresult: *\n\n5 *\n", -1);
  expect_refused ("tafel: 1\ngame: infinity\nlevel: hard\ncomputer-side: 1\nresult: *\n\n5", -1);
  expect_refused ("tafel: 1\ngame: infinity\nlevel: hard\ncomputer-side: 1\nresult: *\n\n55 *\n", -1);
  expect_refused ("5137", -1);
}

static void
test_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tafel-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "deeper", "game.ini", NULL);
  g_autofree char *blocker = g_build_filename (dir, "blocker", NULL);
  g_autofree char *blocked = g_build_filename (blocker, "game.ini", NULL);
  g_autofree char *first = NULL, *second = NULL, *contents = NULL;
  g_autoptr(GError) error = NULL;

  /* Folders are made; the file is replaced whole. */
  g_assert_true (tafel_file_replace (path, "one", 3, &error));
  g_assert_true (tafel_file_replace (path, "two", 3, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "two");

  /* Set aside twice in the same second: both are kept. */
  first = tafel_file_set_aside (path, &error);
  g_assert_nonnull (first);
  g_assert_true (tafel_file_replace (path, "three", 5, &error));
  second = tafel_file_set_aside (path, &error);
  g_assert_nonnull (second);
  g_assert_cmpstr (first, !=, second);
  g_assert_true (g_file_test (first, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (second, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* A state "directory" that is a file: a clear error, nothing written. */
  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  g_assert_false (tafel_file_replace (blocked, "x", 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  g_assert_nonnull (strstr (error->message, "blocker"));

  g_remove (first);
  g_remove (second);
  g_remove (blocker);
  {
    g_autofree char *deeper = g_path_get_dirname (path);
    g_rmdir (deeper);
  }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save/round-trip", test_round_trip);
  g_test_add_func ("/save/refusals", test_refusals);
  g_test_add_func ("/save/record-format", test_record_format);
  g_test_add_func ("/save/files", test_files);

  return g_test_run ();
}
