/* test-save.c: the saved-game format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save/round-trip", test_round_trip);
  g_test_add_func ("/save/refusals", test_refusals);

  return g_test_run ();
}
