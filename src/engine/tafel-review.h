/* tafel-review.h: every move of a game judged by the game's analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A review looks at every position of a game with rules->analyze and
 * gives each move a verdict for its mover:
 *
 *   best     keeps the value, and is optimal: the quickest win, the
 *            longest resistance (every drawing move is best in a draw)
 *   keeps    keeps the value, but wins slower or loses sooner
 *   mistake  one step worse: a win to a draw, a draw to a loss
 *   blunder  a win to a loss
 *
 * These need exact values before and after the move.  A value is exact
 * when the analysis gives one (value not UNKNOWN) without a search's
 * evaluation (has_eval FALSE): the solved tables of Infinity and
 * Tic-Tac-Toe, Connect Four's book and solver, endgame tables, and the
 * end of a game.  Where a value is only a search's opinion (Mill), the
 * move gets one of two weaker labels instead:
 *
 *   good     the search's choice, or at most a stone's worth worse
 *   dubious  worse than that by the search's evaluation
 *
 * A search's proven win is still a search's: it never counts as exact.
 */
#pragma once

#include <gio/gio.h>

#include "tafel-game-record.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

typedef enum {
  TAFEL_VERDICT_BEST,
  TAFEL_VERDICT_KEEPS,
  TAFEL_VERDICT_MISTAKE,
  TAFEL_VERDICT_BLUNDER,
  TAFEL_VERDICT_GOOD,
  TAFEL_VERDICT_DUBIOUS,
} TafelVerdict;

#define TAFEL_N_VERDICTS 6

/* The evaluation a move may lose and still be "good": one stone. */
#define TAFEL_REVIEW_MARGIN 100

typedef struct {
  TafelMove move;
  int side;                   /* the mover */
  TafelValue before;          /* for the mover; UNKNOWN where not exact */
  TafelValue after;
  int plies_before;           /* to the end with best play, from the */
  int plies_after;            /* position before / after; -1 unknown or draw */
  gboolean has_eval;          /* a search's opinion, for the mover */
  int eval_before;
  int eval_after;
  TafelVerdict verdict;
} TafelReviewEntry;

typedef struct {
  guint counts[TAFEL_N_VERDICTS];
  guint turning_ply;          /* the side's last mistake or blunder (1-based), 0 none */
} TafelReviewSummary;

/* Called with the moves judged so far; in the async API in the caller's
 * main context. */
typedef void (*TafelReviewProgress) (guint    done,
                                     guint    total,
                                     gpointer user_data);

#define TAFEL_TYPE_REVIEW (tafel_review_get_type ())

G_DECLARE_FINAL_TYPE (TafelReview, tafel_review, TAFEL, REVIEW, GObject)

TafelReview              *tafel_review_compute        (const TafelRules    *rules,
                                                       const TafelState    *start,
                                                       const TafelMove     *moves,
                                                       guint                n_moves,
                                                       TafelReviewProgress  progress,
                                                       gpointer             user_data,
                                                       GCancellable        *cancellable,
                                                       GError             **error);
TafelReview              *tafel_review_compute_record (TafelGameRecord         *record,
                                                       GCancellable        *cancellable,
                                                       GError             **error);
void                      tafel_review_compute_async  (TafelGameRecord         *record,
                                                       GCancellable        *cancellable,
                                                       TafelReviewProgress  progress,
                                                       gpointer             progress_data,
                                                       GDestroyNotify       progress_destroy,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
TafelReview              *tafel_review_compute_finish (GAsyncResult        *result,
                                                       GError             **error);

const TafelRules         *tafel_review_get_rules      (TafelReview         *self);
guint                     tafel_review_get_n_moves    (TafelReview         *self);
const TafelReviewEntry   *tafel_review_get_entry      (TafelReview         *self,
                                                       guint                index);
const TafelState         *tafel_review_get_state      (TafelReview         *self,
                                                       guint                index);
const TafelMove          *tafel_review_get_best       (TafelReview         *self,
                                                       guint                index,
                                                       guint               *n_best);
const TafelReviewSummary *tafel_review_get_summary    (TafelReview         *self,
                                                       int                  side);
guint                     tafel_review_get_decisive_ply (TafelReview       *self);
char                     *tafel_review_describe       (TafelReview         *self,
                                                       guint                index);
char                     *tafel_review_summarize      (TafelReview         *self,
                                                       int                  side);

gboolean                  tafel_verdict_is_exact      (TafelVerdict         verdict);
const char               *tafel_verdict_to_key        (TafelVerdict         verdict);
const char               *tafel_verdict_to_label      (TafelVerdict         verdict);

G_END_DECLS
