/* test-ai.c: TafelAi — choices on a worker thread, cancellation, seeds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-ai.h"

typedef struct {
  gboolean done;
  gboolean ok;
  TafelMove move;
  guint serial;
  GError *error;
} Result;

static void
on_chosen (GObject      *source,
           GAsyncResult *res,
           gpointer      data)
{
  Result *r = data;

  r->ok = tafel_ai_choose_move_finish (TAFEL_AI (source), res, &r->move, &r->serial, &r->error);
  r->done = TRUE;
}

static void
wait_for (Result *r)
{
  while (!r->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_worker_thread (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_INFINITY);
  Result r = { 0 };

  g_assert_true (tafel_match_load_moves (match, "5137", NULL));
  tafel_ai_choose_move_async (ai, match, TAFEL_LEVEL_IMPOSSIBLE, NULL, on_chosen, &r);
  wait_for (&r);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_cmpuint (r.serial, ==, tafel_match_get_serial (match));
  g_assert_true (tafel_rules_is_legal (tafel_match_get_rules (match),
                                       tafel_match_get_state (match), &r.move));
  g_assert_nonnull (tafel_ai_get_last_worker (ai));
  g_assert_true (tafel_ai_get_last_worker (ai) != g_thread_self ());
}

static void
test_cancel (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_TICTACTOE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Result r = { 0 };

  tafel_ai_choose_move_async (ai, match, TAFEL_LEVEL_HARD, cancellable, on_chosen, &r);
  g_cancellable_cancel (cancellable);
  wait_for (&r);
  g_assert_false (r.ok);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
}

static void
test_stale_serial (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_TICTACTOE);
  Result r = { 0 };
  guint serial = tafel_match_get_serial (match);

  tafel_ai_choose_move_async (ai, match, TAFEL_LEVEL_MEDIUM, NULL, on_chosen, &r);
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 4 } }, NULL));
  wait_for (&r);
  g_assert_true (r.ok);
  /* The result names the position it was computed for. */
  g_assert_cmpuint (r.serial, ==, serial);
  g_assert_cmpuint (r.serial, !=, tafel_match_get_serial (match));
}

static void
test_seeded (void)
{
  g_autofree char *games[2] = { NULL, NULL };

  for (int run = 0; run < 2; run++)
    {
      g_autoptr(TafelAi) ai = tafel_ai_new (42);
      g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_INFINITY);

      while (tafel_match_get_status (match) == TAFEL_STATUS_RUNNING)
        {
          Result r = { 0 };

          tafel_ai_choose_move_async (ai, match, TAFEL_LEVEL_RELAXED, NULL, on_chosen, &r);
          wait_for (&r);
          g_assert_true (r.ok);
          g_assert_true (tafel_match_play (match, &r.move, NULL));
        }
      games[run] = tafel_match_to_moves (match);
    }

  g_assert_cmpstr (games[0], ==, games[1]);
  g_free (games[1]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ai/worker-thread", test_worker_thread);
  g_test_add_func ("/ai/cancel", test_cancel);
  g_test_add_func ("/ai/stale-serial", test_stale_serial);
  g_test_add_func ("/ai/seeded", test_seeded);

  return g_test_run ();
}
