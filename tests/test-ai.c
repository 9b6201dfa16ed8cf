/* test-ai.c: TafelAi — choices on a worker thread, cancellation, seeds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-ai.h"
#include "tafel-ai-private.h"

typedef struct {
  gboolean done;
  gboolean ok;
  TafelMove move;
  guint serial;
  GError *error;
  guint *finished;      /* optional: a counter of answers, shared */
  guint order;          /* then: the answer's place among them, from 1 */
} Result;

/* Connect Four out of any book: each solve takes tens of thousands of
 * nodes (the same position as tests/test-c4-solver.c's /ponder). */
#define C4_SEARCHED "274552224131661"

/* An answer came: @ok, counted among the answers if asked for. */
static void
result_done (Result   *r,
             gboolean  ok)
{
  r->ok = ok;
  if (r->finished != NULL)
    r->order = ++*r->finished;
  r->done = TRUE;
}

static void
on_chosen (GObject      *source,
           GAsyncResult *res,
           gpointer      data)
{
  Result *r = data;

  result_done (r, tafel_ai_choose_move_finish (TAFEL_AI (source), res, &r->move, &r->serial,
                                               &r->error));
}

static void
on_analyzed (GObject      *source,
             GAsyncResult *res,
             gpointer      data)
{
  Result *r = data;
  g_autofree TafelAnalysis *analysis = tafel_ai_analyze_finish (TAFEL_AI (source), res,
                                                                &r->serial, &r->error);

  result_done (r, analysis != NULL && analysis->value != TAFEL_VALUE_UNKNOWN);
}

static void
on_pondered (GObject      *source,
             GAsyncResult *res,
             gpointer      data)
{
  Result *r = data;

  result_done (r, tafel_ai_ponder_finish (TAFEL_AI (source), res, &r->error));
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

static TafelMatch *
c4_match (const char *moves)
{
  TafelMatch *match = tafel_match_new (TAFEL_GAME_CONNECT_FOUR);

  g_assert_true (tafel_match_load_moves (match, moves, NULL));
  return match;
}

static guint64
c4_nodes (TafelAi *ai)
{
  return tafel_player_get_nodes (tafel_ai_get_player (ai, tafel_rules_get (TAFEL_GAME_CONNECT_FOUR)));
}

/* The AI keeps its player, and the player its table, from one request
 * to the next: the same search again costs next to nothing. */
static void
test_player_kept (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = c4_match (C4_SEARCHED);
  const TafelRules *rules = tafel_match_get_rules (match);
  TafelPlayer *player;
  guint64 first, second;
  Result r = { 0 };

  g_assert_null (tafel_ai_get_player (ai, rules));
  tafel_ai_analyze_async (ai, match, NULL, on_analyzed, &r);
  wait_for (&r);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  player = tafel_ai_get_player (ai, rules);
  g_assert_nonnull (player);
  first = c4_nodes (ai);

  r = (Result) { 0 };
  tafel_ai_analyze_async (ai, match, NULL, on_analyzed, &r);
  wait_for (&r);
  g_assert_true (r.ok);
  g_assert_true (tafel_ai_get_player (ai, rules) == player);
  second = c4_nodes (ai) - first;
  g_test_message ("the first analysis: %" G_GUINT64_FORMAT " nodes, the same again: %"
                  G_GUINT64_FORMAT, first, second);
  g_assert_cmpuint (first, >, 1000);
  g_assert_cmpuint (second, <, first / 20);

  /* The small games keep nothing: no player. */
  {
    g_autoptr(TafelMatch) small = tafel_match_new (TAFEL_GAME_TICTACTOE);

    r = (Result) { 0 };
    tafel_ai_analyze_async (ai, small, NULL, on_analyzed, &r);
    wait_for (&r);
    g_assert_true (r.ok);
    g_assert_null (tafel_ai_get_player (ai, tafel_match_get_rules (small)));
  }
}

/* Two AIs (two windows) have players of their own: what one learnt
 * does not serve the other, and the other's search does not count in
 * the first one's nodes. */
static void
test_players_not_shared (void)
{
  g_autoptr(TafelAi) one = tafel_ai_new (1);
  g_autoptr(TafelAi) two = tafel_ai_new (2);
  g_autoptr(TafelMatch) match = c4_match (C4_SEARCHED);
  const TafelRules *rules = tafel_match_get_rules (match);
  guint64 nodes_one;
  Result r = { 0 };

  tafel_ai_analyze_async (one, match, NULL, on_analyzed, &r);
  wait_for (&r);
  g_assert_true (r.ok);
  nodes_one = c4_nodes (one);

  r = (Result) { 0 };
  tafel_ai_analyze_async (two, match, NULL, on_analyzed, &r);
  wait_for (&r);
  g_assert_true (r.ok);

  g_assert_true (tafel_ai_get_player (one, rules) != tafel_ai_get_player (two, rules));
  g_assert_cmpuint (c4_nodes (one), ==, nodes_one);
  /* The second solved the position itself, as the first had to. */
  g_assert_cmpuint (c4_nodes (two), >, nodes_one / 2);
}

/* Requests made together run one after another, in the order they were
 * made, never two at once; a ponder gives way to any other request. */
static void
test_one_at_a_time (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = c4_match (C4_SEARCHED);
  g_autoptr(TafelMatch) other = c4_match ("4444");
  guint finished = 0;
  Result ponder = { .finished = &finished }, hint = { .finished = &finished };
  Result value = { .finished = &finished }, move = { .finished = &finished };
  Result later = { .finished = &finished }, value2 = { .finished = &finished };

  tafel_ai_ponder_async (ai, match, TAFEL_LEVEL_IMPOSSIBLE, NULL, on_pondered, &ponder);
  tafel_ai_choose_move_async (ai, match, TAFEL_LEVEL_IMPOSSIBLE, NULL, on_chosen, &hint);
  tafel_ai_analyze_async (ai, match, NULL, on_analyzed, &value);
  tafel_ai_choose_move_async (ai, other, TAFEL_LEVEL_HARD, NULL, on_chosen, &move);
  /* Asked for after a request: it waits, and then gives way itself. */
  tafel_ai_ponder_async (ai, other, TAFEL_LEVEL_IMPOSSIBLE, NULL, on_pondered, &later);
  tafel_ai_analyze_async (ai, other, NULL, on_analyzed, &value2);
  wait_for (&ponder);
  wait_for (&hint);
  wait_for (&value);
  wait_for (&move);
  wait_for (&later);
  wait_for (&value2);

  g_assert_error (ponder.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&ponder.error);
  g_assert_error (later.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&later.error);
  g_assert_no_error (hint.error);
  g_assert_no_error (move.error);
  g_assert_no_error (value.error);
  g_assert_no_error (value2.error);
  g_assert_true (hint.ok && move.ok && value.ok && value2.ok);
  /* In the order asked for (the waiting ponder is answered when its
   * turn comes). */
  g_assert_cmpuint (ponder.order, ==, 1);
  g_assert_cmpuint (hint.order, ==, 2);
  g_assert_cmpuint (value.order, ==, 3);
  g_assert_cmpuint (move.order, ==, 4);
  g_assert_cmpuint (later.order, ==, 5);
  g_assert_cmpuint (value2.order, ==, 6);
  g_assert_cmpuint (finished, ==, 6);
  g_assert_cmpuint (tafel_ai_get_most_running (ai), ==, 1);
}

/* A move asked for after the caller cancelled its ponder (the session,
 * when the person moves): the ponder reports its cancellation, the move
 * comes all the same. */
static void
test_choose_after_cancelled_ponder (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = c4_match (C4_SEARCHED);
  g_autoptr(GCancellable) pondering = g_cancellable_new ();
  Result ponder = { 0 }, r = { 0 };

  tafel_ai_ponder_async (ai, match, TAFEL_LEVEL_IMPOSSIBLE, pondering, on_pondered, &ponder);
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 3 } }, NULL));
  g_cancellable_cancel (pondering);
  tafel_ai_choose_move_async (ai, match, TAFEL_LEVEL_IMPOSSIBLE, NULL, on_chosen, &r);
  wait_for (&ponder);
  wait_for (&r);

  g_assert_false (ponder.ok);
  g_assert_error (ponder.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&ponder.error);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_cmpuint (r.serial, ==, tafel_match_get_serial (match));
  g_assert_true (tafel_rules_is_legal (tafel_match_get_rules (match),
                                       tafel_match_get_state (match), &r.move));
}

/* A request cancelled while it waits for another never runs. */
static void
test_cancel_waiting (void)
{
  g_autoptr(TafelAi) ai = tafel_ai_new (1);
  g_autoptr(TafelMatch) match = c4_match (C4_SEARCHED);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Result first = { 0 }, waiting = { 0 };
  guint64 nodes;

  tafel_ai_analyze_async (ai, match, NULL, on_analyzed, &first);
  tafel_ai_analyze_async (ai, match, cancellable, on_analyzed, &waiting);
  g_cancellable_cancel (cancellable);
  wait_for (&first);
  nodes = c4_nodes (ai);
  wait_for (&waiting);
  g_assert_true (first.ok);
  g_assert_error (waiting.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&waiting.error);
  g_assert_cmpuint (c4_nodes (ai), ==, nodes);
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
  g_test_add_func ("/ai/player/kept", test_player_kept);
  g_test_add_func ("/ai/player/not-shared", test_players_not_shared);
  g_test_add_func ("/ai/one-at-a-time", test_one_at_a_time);
  g_test_add_func ("/ai/choose-after-cancelled-ponder", test_choose_after_cancelled_ponder);
  g_test_add_func ("/ai/cancel-waiting", test_cancel_waiting);

  return g_test_run ();
}
