/* tafel-review.c: every move of a game judged by the game's analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-review.h"

/* Exact values on the scale of the searches' evaluations. */
#define SCORE_WIN 30000

/* What the analysis said about one position, for the side to move. */
typedef struct {
  int side;
  gboolean exact;
  TafelValue value;
  int plies;
  gboolean has_eval;
  int eval;
  guint first_best;     /* into the review's best moves */
  guint n_best;
} Position;

struct _TafelReview
{
  GObject parent_instance;

  const TafelRules *rules;
  GArray *states;       /* TafelState: n_moves + 1 positions */
  GArray *positions;    /* Position, one per state */
  GArray *entries;      /* TafelReviewEntry, one per move */
  GArray *best;         /* TafelMove: every position's optimal moves */
  TafelReviewSummary summary[2];
};

G_DEFINE_FINAL_TYPE (TafelReview, tafel_review, G_TYPE_OBJECT)

static void
tafel_review_finalize (GObject *object)
{
  TafelReview *self = TAFEL_REVIEW (object);

  g_array_unref (self->states);
  g_array_unref (self->positions);
  g_array_unref (self->entries);
  g_array_unref (self->best);

  G_OBJECT_CLASS (tafel_review_parent_class)->finalize (object);
}

static void
tafel_review_class_init (TafelReviewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tafel_review_finalize;
}

static void
tafel_review_init (TafelReview *self)
{
  self->states = g_array_new (FALSE, FALSE, sizeof (TafelState));
  self->positions = g_array_new (FALSE, TRUE, sizeof (Position));
  self->entries = g_array_new (FALSE, TRUE, sizeof (TafelReviewEntry));
  self->best = g_array_new (FALSE, FALSE, sizeof (TafelMove));
}

static TafelValue
negate (TafelValue value)
{
  switch (value)
    {
    case TAFEL_VALUE_WIN: return TAFEL_VALUE_LOSS;
    case TAFEL_VALUE_LOSS: return TAFEL_VALUE_WIN;
    case TAFEL_VALUE_DRAW:
    case TAFEL_VALUE_UNKNOWN:
    default: return value;
    }
}

/* Win 2, draw 1, loss 0. */
static int
rank (TafelValue value)
{
  return value == TAFEL_VALUE_WIN ? 2 : value == TAFEL_VALUE_DRAW ? 1 : 0;
}

static int
score_of (TafelValue value,
          int        plies,
          gboolean   exact,
          gboolean   has_eval,
          int        eval)
{
  if (exact)
    return value == TAFEL_VALUE_WIN ? SCORE_WIN - plies
           : value == TAFEL_VALUE_LOSS ? -(SCORE_WIN - plies) : 0;
  return has_eval ? eval : 0;
}

/* Analyses position @index (its history: the positions before it) with
 * @player's tables. */
static gboolean
look_at (TafelReview   *self,
         TafelPlayer   *player,
         guint          index,
         const guint64 *hashes,
         TafelAnalysis *analysis,
         GCancellable  *cancellable,
         GError       **error)
{
  const TafelState *state = &g_array_index (self->states, TafelState, index);
  TafelHistory history = { hashes, index };
  Position *pos = &g_array_index (self->positions, Position, index);
  TafelOutcome outcome;

  pos->side = self->rules->side_to_move (state);
  pos->first_best = self->best->len;
  self->rules->outcome (state, &history, &outcome);

  if (outcome.status != TAFEL_STATUS_RUNNING)
    {
      pos->exact = TRUE;
      pos->value = outcome.status == TAFEL_STATUS_DRAWN ? TAFEL_VALUE_DRAW
                   : outcome.winner == pos->side ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS;
      pos->plies = 0;
      return TRUE;
    }

  memset (analysis, 0, sizeof *analysis);
  analysis->value = TAFEL_VALUE_UNKNOWN;
  if (self->rules->analyze != NULL &&
      !self->rules->analyze (player, state, &history, analysis, cancellable))
    {
      if (!g_cancellable_set_error_if_cancelled (cancellable, error))
        g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_CANCELLED,
                             _("The analysis stopped before its end"));
      return FALSE;
    }

  pos->value = analysis->value;
  pos->exact = analysis->value != TAFEL_VALUE_UNKNOWN && !analysis->has_eval;
  pos->plies = analysis->plies;
  pos->has_eval = analysis->has_eval;
  pos->eval = analysis->eval;
  pos->n_best = analysis->n_best;
  g_array_append_vals (self->best, analysis->best, analysis->n_best);
  return TRUE;
}

static gboolean
is_best (TafelReview     *self,
         const Position  *pos,
         const TafelMove *move)
{
  for (guint i = 0; i < pos->n_best; i++)
    if (tafel_move_equal (&g_array_index (self->best, TafelMove, pos->first_best + i), move))
      return TRUE;
  return FALSE;
}

/* The verdict on move @index from the positions around it. */
static void
judge (TafelReview *self,
       guint        index)
{
  const Position *before = &g_array_index (self->positions, Position, index);
  const Position *next = &g_array_index (self->positions, Position, index + 1);
  TafelReviewEntry *e = &g_array_index (self->entries, TafelReviewEntry, index);
  gboolean same_side = next->side == before->side;
  TafelValue after = same_side ? next->value : negate (next->value);
  gboolean best = is_best (self, before, &e->move);

  e->side = before->side;
  e->before = before->exact ? before->value : TAFEL_VALUE_UNKNOWN;
  e->after = next->exact ? after : TAFEL_VALUE_UNKNOWN;
  e->plies_before = before->exact && before->value != TAFEL_VALUE_DRAW ? before->plies : -1;
  e->plies_after = next->exact && next->value != TAFEL_VALUE_DRAW ? next->plies : -1;

  if (before->exact && next->exact)
    {
      int drop = rank (before->value) - rank (after);

      e->verdict = drop <= 0 ? (best ? TAFEL_VERDICT_BEST : TAFEL_VERDICT_KEEPS)
                   : drop == 1 ? TAFEL_VERDICT_MISTAKE : TAFEL_VERDICT_BLUNDER;
      return;
    }

  e->has_eval = TRUE;
  e->eval_before = score_of (before->value, before->plies, before->exact,
                             before->has_eval, before->eval);
  e->eval_after = score_of (next->value, next->plies, next->exact, next->has_eval, next->eval);
  if (!same_side)
    e->eval_after = -e->eval_after;
  e->verdict = best || e->eval_after >= e->eval_before - TAFEL_REVIEW_MARGIN
               ? TAFEL_VERDICT_GOOD : TAFEL_VERDICT_DUBIOUS;
}

/**
 * tafel_review_compute:
 * @rules: the game
 * @start: the position the moves are played from
 * @moves: (array length=n_moves): the moves
 * @progress: (nullable) (scope call): told after each position
 * @cancellable: (nullable): stops the review between and inside analyses
 *
 * Reviews the game on the calling thread (slow: one analysis per
 * position; run it on a worker, see tafel_review_compute_async()).
 *
 * Returns: (transfer full) (nullable): the review, or %NULL with
 *   TAFEL_ERROR_ILLEGAL_MOVE / GAME_OVER naming the move, or
 *   G_IO_ERROR_CANCELLED
 */
TafelReview *
tafel_review_compute (const TafelRules   *rules,
                      const TafelState   *start,
                      const TafelMove    *moves,
                      guint               n_moves,
                      TafelReviewProgress progress,
                      gpointer            user_data,
                      GCancellable       *cancellable,
                      GError            **error)
{
  g_autoptr(TafelReview) self = NULL;
  g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree TafelAnalysis *analysis = g_new (TafelAnalysis, 1);
  /* The review's own: it runs on a thread of its own. */
  g_autoptr(TafelPlayer) player = NULL;
  TafelState state = *start;

  g_return_val_if_fail (rules != NULL && start != NULL, NULL);
  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (TAFEL_TYPE_REVIEW, NULL);
  self->rules = rules;

  /* Every position first, so an illegal list fails before any analysis. */
  g_array_append_val (self->states, state);
  for (guint i = 0; i < n_moves; i++)
    {
      TafelHistory history = { (const guint64 *) hashes->data, hashes->len };
      g_autofree char *word = NULL;
      guint64 hash = rules->hash (&state);
      TafelUndo undo;

      if (moves[i].len == 0 || moves[i].len > TAFEL_MAX_PATH)
        word = g_strdup ("?");
      else
        word = tafel_rules_format_move (rules, &state, &moves[i]);
      if (!tafel_rules_check_move (rules, &state, &history, &moves[i], i + 1, word, error))
        return NULL;

      g_array_append_val (hashes, hash);
      rules->make (&state, &moves[i], &undo);
      g_array_append_val (self->states, state);
    }
  {
    guint64 hash = rules->hash (&state);
    g_array_append_val (hashes, hash);
  }

  g_array_set_size (self->positions, n_moves + 1);
  g_array_set_size (self->entries, n_moves);
  for (guint i = 0; i < n_moves; i++)
    g_array_index (self->entries, TafelReviewEntry, i).move = moves[i];

  player = tafel_player_new (rules);
  for (guint i = 0; i <= n_moves; i++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (!look_at (self, player, i, (const guint64 *) hashes->data, analysis, cancellable, error))
        return NULL;
      if (i > 0)
        {
          const TafelReviewEntry *e;

          judge (self, i - 1);
          e = &g_array_index (self->entries, TafelReviewEntry, i - 1);
          self->summary[e->side].counts[e->verdict]++;
          if (e->verdict == TAFEL_VERDICT_MISTAKE || e->verdict == TAFEL_VERDICT_BLUNDER)
            self->summary[e->side].turning_ply = i;
        }
      if (progress != NULL)
        progress (i, n_moves, user_data);
    }

  return g_steal_pointer (&self);
}

/**
 * tafel_review_compute_record:
 *
 * tafel_review_compute() for the whole of @record, no progress reports.
 */
TafelReview *
tafel_review_compute_record (TafelGameRecord *record,
                             GCancellable    *cancellable,
                             GError         **error)
{
  guint n;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (record), NULL);

  n = tafel_game_record_get_n_moves (record);
  return tafel_review_compute (tafel_game_record_get_rules (record), tafel_game_record_get_state (record, 0),
                               n > 0 ? tafel_game_record_get_move (record, 0) : NULL, n,
                               NULL, NULL, cancellable, error);
}

/* ---- on a worker thread ------------------------------------------------- */

typedef struct {
  gatomicrefcount ref;
  TafelReviewProgress func;
  gpointer data;
  GDestroyNotify destroy;
  GMainContext *context;
  GCancellable *cancellable;
} Progress;

typedef struct {
  Progress *progress;
  guint done, total;
} ProgressReport;

typedef struct {
  const TafelRules *rules;
  TafelState start;
  GArray *moves;
  Progress *progress;
} Job;

static Progress *
progress_ref (Progress *p)
{
  g_atomic_ref_count_inc (&p->ref);
  return p;
}

static void
progress_unref (gpointer data)
{
  Progress *p = data;

  if (!g_atomic_ref_count_dec (&p->ref))
    return;
  if (p->destroy != NULL)
    p->destroy (p->data);
  g_main_context_unref (p->context);
  g_clear_object (&p->cancellable);
  g_free (p);
}

static void
report_free (gpointer data)
{
  ProgressReport *report = data;

  progress_unref (report->progress);
  g_free (report);
}

/* In the caller's main context. */
static gboolean
report_dispatch (gpointer data)
{
  ProgressReport *report = data;
  Progress *p = report->progress;

  if (!g_cancellable_is_cancelled (p->cancellable))
    p->func (report->done, report->total, p->data);
  return G_SOURCE_REMOVE;
}

/* On the worker thread. */
static void
report_progress (guint    done,
                 guint    total,
                 gpointer data)
{
  Progress *p = data;
  ProgressReport *report = g_new (ProgressReport, 1);
  GSource *source;

  report->progress = progress_ref (p);
  report->done = done;
  report->total = total;
  /* Always a source, never a direct call: g_main_context_invoke() would
   * run it here when this thread can acquire the context. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, report_dispatch, report, report_free);
  g_source_set_static_name (source, "[tafel] review progress");
  g_source_attach (source, p->context);
  g_source_unref (source);
}

static gboolean
release_dispatch (gpointer data)
{
  return G_SOURCE_REMOVE;
}

static void
job_free (gpointer data)
{
  Job *job = data;

  g_array_unref (job->moves);
  if (job->progress != NULL)
    progress_unref (job->progress);
  g_free (job);
}

static void
review_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  TafelReview *review;

  review = tafel_review_compute (job->rules, &job->start, (const TafelMove *) job->moves->data,
                                 job->moves->len,
                                 job->progress != NULL ? report_progress : NULL, job->progress,
                                 cancellable, &error);
  /* The caller's progress data is let go in the caller's context too. */
  if (job->progress != NULL)
    {
      GSource *source = g_idle_source_new ();
      GMainContext *context = job->progress->context;

      g_source_set_callback (source, release_dispatch, g_steal_pointer (&job->progress), progress_unref);
      g_source_set_static_name (source, "[tafel] review progress release");
      g_source_attach (source, context);
      g_source_unref (source);
    }

  if (review == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, review, g_object_unref);
}

/**
 * tafel_review_compute_async:
 * @record: the game; its moves are copied at once, so it may change later
 * @cancellable: (nullable): cancels the review (the result is then
 *   G_IO_ERROR_CANCELLED and no more progress is reported)
 * @progress: (nullable) (scope notified): told in the thread-default
 *   main context of the caller after each position
 * @progress_destroy: (nullable): frees @progress_data after the last report
 * @callback: called in the same main context when the review is done
 *
 * Reviews @record on a worker thread.
 */
void
tafel_review_compute_async (TafelGameRecord    *record,
                            GCancellable       *cancellable,
                            TafelReviewProgress progress,
                            gpointer            progress_data,
                            GDestroyNotify      progress_destroy,
                            GAsyncReadyCallback callback,
                            gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  Job *job;
  guint n;

  g_return_if_fail (TAFEL_IS_GAME_RECORD (record));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  n = tafel_game_record_get_n_moves (record);
  job = g_new0 (Job, 1);
  job->rules = tafel_game_record_get_rules (record);
  job->start = *tafel_game_record_get_state (record, 0);
  job->moves = g_array_sized_new (FALSE, FALSE, sizeof (TafelMove), n);
  if (n > 0)
    g_array_append_vals (job->moves, tafel_game_record_get_move (record, 0), n);

  if (progress != NULL)
    {
      job->progress = g_new0 (Progress, 1);
      g_atomic_ref_count_init (&job->progress->ref);
      job->progress->func = progress;
      job->progress->data = progress_data;
      job->progress->destroy = progress_destroy;
      job->progress->context = g_main_context_ref_thread_default ();
      job->progress->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
    }
  else if (progress_destroy != NULL)
    progress_destroy (progress_data);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tafel_review_compute_async);
  g_task_set_name (task, "[tafel] review");
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, review_thread);
}

/**
 * tafel_review_compute_finish:
 *
 * Returns: (transfer full) (nullable): the review
 */
TafelReview *
tafel_review_compute_finish (GAsyncResult *result,
                             GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tafel_review_compute_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- the result --------------------------------------------------------- */

const TafelRules *
tafel_review_get_rules (TafelReview *self)
{
  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);

  return self->rules;
}

guint
tafel_review_get_n_moves (TafelReview *self)
{
  g_return_val_if_fail (TAFEL_IS_REVIEW (self), 0);

  return self->entries->len;
}

const TafelReviewEntry *
tafel_review_get_entry (TafelReview *self,
                        guint        index)
{
  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);

  return &g_array_index (self->entries, TafelReviewEntry, index);
}

/**
 * tafel_review_get_state:
 * @index: 0 … tafel_review_get_n_moves()
 *
 * Returns: the position before move @index (for the notation of moves)
 */
const TafelState *
tafel_review_get_state (TafelReview *self,
                        guint        index)
{
  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);
  g_return_val_if_fail (index < self->states->len, NULL);

  return &g_array_index (self->states, TafelState, index);
}

/**
 * tafel_review_get_best:
 * @index: a move number (0-based)
 * @n_best: (out): how many
 *
 * Returns: (array length=n_best): every optimal move at the position
 *   before move @index (where it is exact; else the search's choice), in
 *   legal-move order
 */
const TafelMove *
tafel_review_get_best (TafelReview *self,
                       guint        index,
                       guint       *n_best)
{
  const Position *pos;

  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);
  g_return_val_if_fail (n_best != NULL, NULL);

  pos = &g_array_index (self->positions, Position, index);
  *n_best = pos->n_best;
  return pos->n_best > 0 ? &g_array_index (self->best, TafelMove, pos->first_best) : NULL;
}

const TafelReviewSummary *
tafel_review_get_summary (TafelReview *self,
                          int          side)
{
  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);
  g_return_val_if_fail (side == 0 || side == 1, NULL);

  return &self->summary[side];
}

/**
 * tafel_review_get_decisive_ply:
 *
 * Returns: the move (1-based) after which the value never changed again:
 *   the last mistake or blunder of either side; 0 when the value held
 *   from the start
 */
guint
tafel_review_get_decisive_ply (TafelReview *self)
{
  g_return_val_if_fail (TAFEL_IS_REVIEW (self), 0);

  return MAX (self->summary[0].turning_ply, self->summary[1].turning_ply);
}

/* A move as a person says it: "column 4", "cell 5", "d6-d5xd7". */
static void
append_move_words (TafelReview     *self,
                   guint            index,
                   const TafelMove *move,
                   GString         *out)
{
  g_autofree char *notation = tafel_rules_format_move (self->rules, tafel_review_get_state (self, index),
                                                       move);

  switch (self->rules->game)
    {
    case TAFEL_GAME_CONNECT_FOUR:
      /* Translators: a Connect Four move, %s is the column's number */
      g_string_append_printf (out, _("column %s"), notation);
      break;
    case TAFEL_GAME_INFINITY:
    case TAFEL_GAME_TICTACTOE:
      /* Translators: a Tic-Tac-Toe move, %s is the cell's number (1 to 9) */
      g_string_append_printf (out, _("cell %s"), notation);
      break;
    case TAFEL_GAME_MILL:
    default:
      g_string_append (out, notation);
      break;
    }
}

static char *
best_words (TafelReview *self,
            guint        index)
{
  GString *out = g_string_new (NULL);
  const TafelMove *best;
  guint n;

  best = tafel_review_get_best (self, index, &n);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        /* Translators: between the best moves, e.g. "column 3 or column 5" */
        g_string_append (out, i + 1 == n ? _(" or ") : _(", "));
      append_move_words (self, index, &best[i], out);
    }

  return g_string_free (out, FALSE);
}

/**
 * tafel_review_describe:
 * @index: a move number (0-based)
 *
 * Returns: (transfer full) (nullable): a translated sentence on a move
 *   that was not the best — "Here column 4 still won; column 2 lets
 *   Yellow draw." — or %NULL for a best or good move
 */
char *
tafel_review_describe (TafelReview *self,
                       guint        index)
{
  const TafelReviewEntry *e;
  g_autofree char *best = NULL;
  g_autofree char *played = NULL;
  const char *opponent;
  GString *words;

  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);

  e = tafel_review_get_entry (self, index);
  if (e->verdict == TAFEL_VERDICT_BEST || e->verdict == TAFEL_VERDICT_GOOD)
    return NULL;

  best = best_words (self, index);
  words = g_string_new (NULL);
  append_move_words (self, index, &e->move, words);
  played = g_string_free (words, FALSE);
  opponent = tafel_rules_get_side_name (self->rules, 1 - e->side);

  switch (e->verdict)
    {
    case TAFEL_VERDICT_MISTAKE:
      if (e->before == TAFEL_VALUE_WIN)
        /* Translators: best move(s), the move played, the opponent ("Yellow") */
        return g_strdup_printf (_("Here %s still won; %s lets %s draw."), best, played, opponent);
      /* Translators: best move(s), the move played, the opponent ("Yellow") */
      return g_strdup_printf (_("Here %s still drew; %s lets %s win."), best, played, opponent);
    case TAFEL_VERDICT_BLUNDER:
      /* Translators: best move(s), the move played, the opponent ("Yellow") */
      return g_strdup_printf (_("Here %s still won; %s lets %s win."), best, played, opponent);
    case TAFEL_VERDICT_KEEPS:
      if (e->before == TAFEL_VALUE_WIN)
        /* Translators: the move played, then the best move(s) */
        return g_strdup_printf (_("%s wins too, but %s wins sooner."), played, best);
      if (e->before == TAFEL_VALUE_LOSS)
        /* Translators: the best move(s), then the move played */
        return g_strdup_printf (_("%s holds out longer than %s."), best, played);
      return NULL;
    case TAFEL_VERDICT_DUBIOUS:
      /* Translators: the search's move, then the move played; a search's
       * opinion, not an exact value */
      return g_strdup_printf (_("The search prefers %s here; %s looks weaker."), best, played);
    case TAFEL_VERDICT_BEST:
    case TAFEL_VERDICT_GOOD:
    default:
      return NULL;
    }
}

/* The number of move @index in a move list of two moves a row. */
static guint
row_of (TafelReview *self,
        guint        index)
{
  int first = tafel_review_get_entry (self, 0)->side;

  return (index + first) / 2 + 1;
}

/**
 * tafel_review_summarize:
 * @side: 0 or 1
 *
 * Returns: (transfer full): a translated line on one side's moves: "Red:
 *   12 best moves, 1 blunder; with move 9 (column 2) the result slipped
 *   away."
 */
char *
tafel_review_summarize (TafelReview *self,
                        int          side)
{
  const TafelReviewSummary *s;
  const char *name;
  g_autoptr(GString) counts = NULL;

  g_return_val_if_fail (TAFEL_IS_REVIEW (self), NULL);
  g_return_val_if_fail (side == 0 || side == 1, NULL);

  s = &self->summary[side];
  name = tafel_rules_get_side_name (self->rules, side);
  counts = g_string_new (NULL);
  for (guint v = 0; v < TAFEL_N_VERDICTS; v++)
    {
      guint n = s->counts[v];

      if (n == 0)
        continue;
      if (counts->len > 0)
        g_string_append (counts, _(", "));
      switch ((TafelVerdict) v)
        {
        case TAFEL_VERDICT_BEST:
          g_string_append_printf (counts, g_dngettext (GETTEXT_PACKAGE, "%u best move",
                                                       "%u best moves", n), n);
          break;
        case TAFEL_VERDICT_KEEPS:
          g_string_append_printf (counts, g_dngettext (GETTEXT_PACKAGE, "%u move that keeps the value",
                                                       "%u moves that keep the value", n), n);
          break;
        case TAFEL_VERDICT_MISTAKE:
          g_string_append_printf (counts, g_dngettext (GETTEXT_PACKAGE, "%u mistake",
                                                       "%u mistakes", n), n);
          break;
        case TAFEL_VERDICT_BLUNDER:
          g_string_append_printf (counts, g_dngettext (GETTEXT_PACKAGE, "%u blunder",
                                                       "%u blunders", n), n);
          break;
        case TAFEL_VERDICT_GOOD:
          g_string_append_printf (counts, g_dngettext (GETTEXT_PACKAGE, "%u good move",
                                                       "%u good moves", n), n);
          break;
        case TAFEL_VERDICT_DUBIOUS:
        default:
          g_string_append_printf (counts, g_dngettext (GETTEXT_PACKAGE, "%u dubious move",
                                                       "%u dubious moves", n), n);
          break;
        }
    }

  if (counts->len == 0)
    /* Translators: a side of a reviewed game, e.g. "Red: no moves." */
    return g_strdup_printf (_("%s: no moves."), name);
  if (s->turning_ply > 0)
    {
      GString *words = g_string_new (NULL);
      g_autofree char *move = NULL;

      append_move_words (self, s->turning_ply - 1,
                         &tafel_review_get_entry (self, s->turning_ply - 1)->move, words);
      move = g_string_free (words, FALSE);
      /* Translators: the side ("Red"), its counts ("12 best moves, 1
       * blunder"), the number of the move in the move list and the move */
      return g_strdup_printf (_("%s: %s; with move %u (%s) the result slipped away."),
                              name, counts->str, row_of (self, s->turning_ply - 1), move);
    }
  /* Translators: the side ("Red") and its counts ("12 best moves") */
  return g_strdup_printf (_("%s: %s."), name, counts->str);
}

/* ---- verdicts ----------------------------------------------------------- */

static const char *const verdict_keys[TAFEL_N_VERDICTS] = {
  [TAFEL_VERDICT_BEST] = "best",
  [TAFEL_VERDICT_KEEPS] = "keeps",
  [TAFEL_VERDICT_MISTAKE] = "mistake",
  [TAFEL_VERDICT_BLUNDER] = "blunder",
  [TAFEL_VERDICT_GOOD] = "good",
  [TAFEL_VERDICT_DUBIOUS] = "dubious",
};

/* Translators: the verdicts of a game review on a move */
static const char *const verdict_labels[TAFEL_N_VERDICTS] = {
  [TAFEL_VERDICT_BEST] = N_("Best"),
  [TAFEL_VERDICT_KEEPS] = N_("Keeps"),
  [TAFEL_VERDICT_MISTAKE] = N_("Mistake"),
  [TAFEL_VERDICT_BLUNDER] = N_("Blunder"),
  [TAFEL_VERDICT_GOOD] = N_("Good"),
  [TAFEL_VERDICT_DUBIOUS] = N_("Dubious"),
};

/* TRUE for the verdicts of exact values, FALSE for a search's opinion. */
gboolean
tafel_verdict_is_exact (TafelVerdict verdict)
{
  g_return_val_if_fail ((guint) verdict < TAFEL_N_VERDICTS, FALSE);

  return verdict <= TAFEL_VERDICT_BLUNDER;
}

/* "best" … "dubious": for files and the command line */
const char *
tafel_verdict_to_key (TafelVerdict verdict)
{
  g_return_val_if_fail ((guint) verdict < TAFEL_N_VERDICTS, NULL);

  return verdict_keys[verdict];
}

/* "Best" … "Dubious", translated */
const char *
tafel_verdict_to_label (TafelVerdict verdict)
{
  g_return_val_if_fail ((guint) verdict < TAFEL_N_VERDICTS, NULL);

  return _(verdict_labels[verdict]);
}
