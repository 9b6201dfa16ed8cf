/* tafel-ai.c: the computer opponent, thinking on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A request copies the position and its history, so the worker never
 * touches the match; the result names the serial of the position it was
 * computed for, so that the caller can drop a stale one.  Randomness comes
 * from a seed drawn from the AI's own GRand on the calling thread, which
 * makes a seeded game reproducible.
 *
 * The AI owns one player per game (TafelPlayer: the game's search
 * tables), made at the first request for that game and kept until the
 * AI is finalized, so that what one search learnt serves the next.  A
 * player serves one thread at a time, so the AI runs one request at a
 * time: the others wait in a queue, in the order they were made, and
 * each starts on a worker thread when the one before has returned from
 * its thread.  Thinking on the opponent's time only prepares: any other
 * request cancels a ponder that runs or waits.  A request cancelled
 * while it waits is answered (G_IO_ERROR_CANCELLED) when its turn comes,
 * without running.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tafel-ai.h"
#include "tafel-ai-private.h"
#include "tafel-enums.h"
#include "tafel-error.h"

struct _TafelAi
{
  GObject parent_instance;

  GRand *rand;
  TafelLevel level;
  GThread *last_worker;    /* for tests: where the last choice ran */

  TafelPlayer *players[TAFEL_N_GAMES];  /* made at the first request */
  GQueue waiting;          /* GTask: requests not started yet, oldest first */
  GTask *running;          /* the request on a worker thread, or NULL */
  gint n_running;          /* for tests: requests inside a worker now */
  gint most_running;       /* for tests: the most there ever were */
};

G_DEFINE_FINAL_TYPE (TafelAi, tafel_ai, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct _Request Request;

/* Runs @request on the worker thread and returns @task's result. */
typedef void (*RequestFunc) (TafelAi      *self,
                             GTask        *task,
                             Request      *request,
                             GCancellable *cancellable);

struct _Request {
  RequestFunc func;
  gboolean is_ponder;
  TafelPlayer *player;     /* the AI's player for the game, or NULL */
  /* Cancelled by the caller's cancellable or by the AI (a ponder that
   * gives way); what the game polls. */
  GCancellable *stop;
  GCancellable *caller;
  gulong caller_handler;
  const TafelRules *rules;
  TafelState state;
  guint64 *hashes;
  gsize n_hashes;
  TafelLevel level;
  guint32 seed;
  guint serial;
  TafelMove move;
};

static void
request_free (Request *request)
{
  if (request->caller != NULL)
    {
      g_cancellable_disconnect (request->caller, request->caller_handler);
      g_object_unref (request->caller);
    }
  g_object_unref (request->stop);
  g_free (request->hashes);
  g_free (request);
}

static void
tafel_ai_finalize (GObject *object)
{
  TafelAi *self = TAFEL_AI (object);

  /* Every request holds a reference: none is left. */
  g_assert (self->running == NULL && g_queue_is_empty (&self->waiting));
  for (guint i = 0; i < TAFEL_N_GAMES; i++)
    tafel_player_free (self->players[i]);
  g_rand_free (self->rand);

  G_OBJECT_CLASS (tafel_ai_parent_class)->finalize (object);
}

static void
tafel_ai_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  TafelAi *self = TAFEL_AI (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_enum (value, self->level);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_ai_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  TafelAi *self = TAFEL_AI (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      tafel_ai_set_level (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_ai_class_init (TafelAiClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tafel_ai_finalize;
  object_class->get_property = tafel_ai_get_property;
  object_class->set_property = tafel_ai_set_property;

  properties[PROP_LEVEL] =
    g_param_spec_enum ("level", NULL, NULL,
                       TAFEL_TYPE_LEVEL, TAFEL_LEVEL_MEDIUM,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tafel_ai_init (TafelAi *self)
{
  self->level = TAFEL_LEVEL_MEDIUM;
  g_queue_init (&self->waiting);
}

/**
 * tafel_ai_new:
 * @seed: seed of every random choice the computer makes
 */
TafelAi *
tafel_ai_new (guint32 seed)
{
  TafelAi *self = g_object_new (TAFEL_TYPE_AI, NULL);

  self->rand = g_rand_new_with_seed (seed);
  return self;
}

TafelLevel
tafel_ai_get_level (TafelAi *self)
{
  g_return_val_if_fail (TAFEL_IS_AI (self), TAFEL_LEVEL_MEDIUM);

  return self->level;
}

void
tafel_ai_set_level (TafelAi    *self,
                    TafelLevel  level)
{
  g_return_if_fail (TAFEL_IS_AI (self));
  g_return_if_fail ((guint) level < TAFEL_N_LEVELS);

  if (self->level == level)
    return;

  self->level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

/* Answers @task as cancelled if its request was; TRUE then. */
static gboolean
return_if_cancelled (GTask   *task,
                     Request *request)
{
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return TRUE;
  if (!g_cancellable_set_error_if_cancelled (request->stop, &error))
    return FALSE;

  g_task_return_error (task, error);
  return TRUE;
}

static void
choose_in_thread (TafelAi      *self,
                  GTask        *task,
                  Request      *request,
                  GCancellable *cancellable)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (request->seed);
  TafelHistory history = { request->hashes, request->n_hashes };
  gboolean chosen;

  g_atomic_pointer_set (&self->last_worker, g_thread_self ());

  chosen = request->rules->choose_move (request->player, &request->state, &history,
                                        request->level, rand, cancellable, &request->move);

  if (return_if_cancelled (task, request))
    return;
  if (!chosen)
    {
      g_task_return_new_error (task, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER,
                               "%s", _("There is no move to choose"));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

static void
forward_cancel (GCancellable *caller,
                GCancellable *stop)
{
  g_cancellable_cancel (stop);
}

/* Copies what a worker needs of @match into a new request. */
static Request *
request_new (TafelAi      *self,
             TafelMatch   *match,
             TafelLevel    level,
             GCancellable *cancellable)
{
  TafelHistory history = tafel_match_get_history (match);
  Request *request = g_new0 (Request, 1);

  request->stop = g_cancellable_new ();
  if (cancellable != NULL)
    {
      request->caller = g_object_ref (cancellable);
      request->caller_handler = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel),
                                                       request->stop, NULL);
    }
  request->rules = tafel_match_get_rules (match);
  request->state = *tafel_match_get_state (match);
  request->hashes = g_memdup2 (history.hashes, history.n * sizeof (guint64));
  request->n_hashes = history.n;
  request->level = level;
  request->seed = g_rand_int (self->rand);
  request->serial = tafel_match_get_serial (match);

  return request;
}

/* The AI's player for @rules, made at the first request. */
static TafelPlayer *
player_for (TafelAi          *self,
            const TafelRules *rules)
{
  if (self->players[rules->game] == NULL)
    self->players[rules->game] = tafel_player_new (rules);

  return self->players[rules->game];
}

static void start_next (TafelAi *self);

/* On a worker thread: the request of the task in @runner's data. */
static void
run_in_thread (GTask        *runner,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *unused)
{
  TafelAi *self = source_object;
  GTask *task = task_data;
  Request *request = g_task_get_task_data (task);
  gint now = g_atomic_int_add (&self->n_running, 1) + 1;
  gint most = g_atomic_int_get (&self->most_running);

  while (now > most && !g_atomic_int_compare_and_exchange (&self->most_running, most, now))
    most = g_atomic_int_get (&self->most_running);

  if (!return_if_cancelled (task, request))
    request->func (self, task, request, request->stop);

  g_atomic_int_add (&self->n_running, -1);
  g_task_return_boolean (runner, TRUE);
}

/* Back on the requests' thread: the next request may start. */
static void
on_run (GObject      *source,
        GAsyncResult *result,
        gpointer      data)
{
  TafelAi *self = TAFEL_AI (source);

  g_clear_object (&self->running);
  start_next (self);
}

/* Starts the oldest waiting request that is not cancelled, unless one
 * runs. */
static void
start_next (TafelAi *self)
{
  while (self->running == NULL && !g_queue_is_empty (&self->waiting))
    {
      g_autoptr(GTask) task = g_queue_pop_head (&self->waiting);
      g_autoptr(GTask) runner = NULL;

      if (return_if_cancelled (task, g_task_get_task_data (task)))
        continue;

      self->running = g_object_ref (task);
      runner = g_task_new (self, NULL, on_run, NULL);
      g_task_set_name (runner, g_task_get_name (task));
      g_task_set_task_data (runner, g_object_ref (task), g_object_unref);
      g_task_run_in_thread (runner, run_in_thread);
    }
}

/* Queues @func over a request for @match at @level. */
static void
run_task (TafelAi             *self,
          TafelMatch          *match,
          TafelLevel           level,
          gpointer             source_tag,
          const char          *name,
          RequestFunc          func,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Request *request = request_new (self, match, level, cancellable);

  request->func = func;
  request->is_ponder = source_tag == tafel_ai_ponder_async;
  request->player = player_for (self, request->rules);
  g_task_set_source_tag (task, source_tag);
  g_task_set_name (task, name);
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);

  /* A ponder gives way to any other request. */
  if (!request->is_ponder)
    {
      if (self->running != NULL)
        {
          Request *running = g_task_get_task_data (self->running);

          if (running->is_ponder)
            g_cancellable_cancel (running->stop);
        }
      for (GList *l = self->waiting.head; l != NULL; l = l->next)
        {
          Request *waiting = g_task_get_task_data (l->data);

          if (waiting->is_ponder)
            g_cancellable_cancel (waiting->stop);
        }
    }

  g_queue_push_tail (&self->waiting, g_steal_pointer (&task));
  start_next (self);
}

/**
 * tafel_ai_choose_move_async:
 * @match: the game; its current position is copied
 * @level: how well to play
 * @cancellable: (nullable): cancels the computation
 *
 * Chooses a move on a worker thread, after the requests made before.
 */
void
tafel_ai_choose_move_async (TafelAi             *self,
                            TafelMatch          *match,
                            TafelLevel           level,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (TAFEL_IS_AI (self));
  g_return_if_fail (TAFEL_IS_MATCH (match));

  run_task (self, match, level, tafel_ai_choose_move_async, "[tafel] choose move", choose_in_thread,
            cancellable, callback, user_data);
}

/**
 * tafel_ai_choose_move_finish:
 * @move: (out caller-allocates): the chosen move
 * @serial: (out) (optional): the serial of the match position it is for
 *
 * Returns: %TRUE if a move was chosen
 */
gboolean
tafel_ai_choose_move_finish (TafelAi       *self,
                             GAsyncResult  *result,
                             TafelMove     *move,
                             guint         *serial,
                             GError       **error)
{
  Request *request;

  g_return_val_if_fail (TAFEL_IS_AI (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  request = g_task_get_task_data (G_TASK (result));
  *move = request->move;
  if (serial != NULL)
    *serial = request->serial;

  return TRUE;
}

static void
analyze_in_thread (TafelAi      *self,
                   GTask        *task,
                   Request      *request,
                   GCancellable *cancellable)
{
  TafelHistory history = { request->hashes, request->n_hashes };
  g_autofree TafelAnalysis *analysis = g_new0 (TafelAnalysis, 1);

  analysis->value = TAFEL_VALUE_UNKNOWN;
  if (request->rules->analyze != NULL &&
      !request->rules->analyze (request->player, &request->state, &history, analysis,
                                cancellable))
    analysis->value = TAFEL_VALUE_UNKNOWN;

  if (!return_if_cancelled (task, request))
    g_task_return_pointer (task, g_steal_pointer (&analysis), g_free);
}

/**
 * tafel_ai_analyze_async:
 * @match: the game; its current position is copied
 *
 * Works out what is known exactly about the position, on a worker thread.
 */
void
tafel_ai_analyze_async (TafelAi             *self,
                        TafelMatch          *match,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_return_if_fail (TAFEL_IS_AI (self));
  g_return_if_fail (TAFEL_IS_MATCH (match));

  run_task (self, match, TAFEL_LEVEL_IMPOSSIBLE, tafel_ai_analyze_async, "[tafel] analyze", analyze_in_thread,
            cancellable, callback, user_data);
}

/**
 * tafel_ai_analyze_finish:
 * @serial: (out) (optional): the serial of the match position it is for
 *
 * Returns: (transfer full): the analysis, value %TAFEL_VALUE_UNKNOWN where
 *   the game does not know it exactly; free with g_free()
 */
TafelAnalysis *
tafel_ai_analyze_finish (TafelAi       *self,
                         GAsyncResult  *result,
                         guint         *serial,
                         GError       **error)
{
  TafelAnalysis *analysis;

  g_return_val_if_fail (TAFEL_IS_AI (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  analysis = g_task_propagate_pointer (G_TASK (result), error);
  if (analysis != NULL && serial != NULL)
    *serial = ((Request *) g_task_get_task_data (G_TASK (result)))->serial;

  return analysis;
}

static void
ponder_in_thread (TafelAi      *self,
                  GTask        *task,
                  Request      *request,
                  GCancellable *cancellable)
{
  TafelHistory history = { request->hashes, request->n_hashes };

  if (request->rules->ponder != NULL)
    request->rules->ponder (request->player, &request->state, &history, request->level,
                            cancellable);

  if (!return_if_cancelled (task, request))
    g_task_return_boolean (task, TRUE);
}

/**
 * tafel_ai_ponder_async:
 * @match: the game, the opponent to move; its current position is copied
 * @level: the level the computer will answer at
 * @cancellable: (nullable): cancels the thinking
 *
 * Thinks on the opponent's time, on a worker thread, for the answers to
 * come (where the game has something to prepare at @level).  Any other
 * request to the AI cancels it.
 */
void
tafel_ai_ponder_async (TafelAi             *self,
                       TafelMatch          *match,
                       TafelLevel           level,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (TAFEL_IS_AI (self));
  g_return_if_fail (TAFEL_IS_MATCH (match));

  run_task (self, match, level, tafel_ai_ponder_async, "[tafel] ponder", ponder_in_thread,
            cancellable, callback, user_data);
}

/**
 * tafel_ai_ponder_finish:
 *
 * Returns: %TRUE when the thinking ran to its end, %FALSE with an error
 *   when it was cancelled
 */
gboolean
tafel_ai_ponder_finish (TafelAi       *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (TAFEL_IS_AI (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * tafel_ai_get_last_worker:
 *
 * Returns: (transfer none): the thread the latest choice ran on; only to
 *   be compared, for tests
 */
GThread *
tafel_ai_get_last_worker (TafelAi *self)
{
  g_return_val_if_fail (TAFEL_IS_AI (self), NULL);

  return g_atomic_pointer_get (&self->last_worker);
}

/**
 * tafel_ai_get_player:
 * @rules: a game
 *
 * Returns: (transfer none) (nullable): the AI's player for @rules, %NULL
 *   before the first request for it or where the game has none; for
 *   tests (its node count), never to search with
 */
TafelPlayer *
tafel_ai_get_player (TafelAi          *self,
                     const TafelRules *rules)
{
  g_return_val_if_fail (TAFEL_IS_AI (self), NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  return self->players[rules->game];
}

/**
 * tafel_ai_get_most_running:
 *
 * Returns: the most requests that ever ran at once on worker threads
 *   (one, unless something is wrong); for tests
 */
guint
tafel_ai_get_most_running (TafelAi *self)
{
  g_return_val_if_fail (TAFEL_IS_AI (self), 0);

  return g_atomic_int_get (&self->most_running);
}
