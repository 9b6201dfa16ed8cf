/* tafel-mill-search.h: the computer player for Nine Men's Morris
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

/* Size of the transposition table: 2^TAFEL_MILL_TT_BITS entries (16 MiB),
 * or down to 2^TAFEL_MILL_TT_MIN_BITS (64 KiB) where that much memory
 * cannot be had. */
#define TAFEL_MILL_TT_BITS 20
#define TAFEL_MILL_TT_MIN_BITS 12
#define TAFEL_MILL_MAX_THREADS 8

/* Switches that take parts of the search away, for tests and
 * measurements (the result at a fixed depth must not depend on the move
 * order, only the time to reach it), and for the shallow Hard level; and
 * the opening book, which only searches by time take (Impossible, the
 * engine's go movetime): a search to a depth or a number of nodes
 * searches. */
typedef enum {
  TAFEL_MILL_SEARCH_NO_REDUCTIONS = 1 << 0,  /* no late-move reductions */
  TAFEL_MILL_SEARCH_PLAIN_ORDER = 1 << 1,    /* no killers, no history */
  TAFEL_MILL_SEARCH_NO_TABLES = 1 << 2,      /* no endgame tables */
  TAFEL_MILL_SEARCH_SAFETY_RULE = 1 << 3,    /* the root closes a mill whenever it can,
                                              * else blocks the opponent's */
  TAFEL_MILL_SEARCH_NO_CHILD_CUTOFFS = 1 << 4, /* no cut-offs by the children's
                                                * table entries */
  TAFEL_MILL_SEARCH_BOOK = 1 << 5,          /* the root plays the opening book's
                                              * move where it has one */
  TAFEL_MILL_SEARCH_SOLVE_PLACING = 1 << 6, /* while placing, with a time budget
                                              * or placing_nodes: a move of the
                                              * best value the placing solver
                                              * proves where it proves one */
} TafelMillSearchFlags;

typedef struct _TafelMillSearchResult TafelMillSearchResult;

/* The longest principal variation a result carries. */
#define TAFEL_MILL_PV_MAX 32

/* Called on the searching thread after every completed iteration. */
typedef void (*TafelMillSearchProgress) (const TafelMillSearchResult *result,
                                         gpointer                     data);

typedef struct {
  guint max_depth;        /* iterative deepening stops here */
  gint64 budget_us;       /* time budget; 0 = none */
  guint64 max_nodes;      /* node budget (checked every 4096 nodes); 0 = none */
  guint64 placing_nodes;  /* the placing solver's node budget (else half the
                           * time budget); 0 = none */
  guint flags;            /* TafelMillSearchFlags; 0 = the full search */
  guint threads;          /* searching together, at most
                           * TAFEL_MILL_MAX_THREADS; 0 or 1 = one */
  TafelMillSearchProgress progress;   /* may be NULL */
  gpointer progress_data;
} TafelMillSearchLimits;

struct _TafelMillSearchResult {
  TafelMove best;
  int score;              /* for the side to move: 100 = one stone;
                           * +-(TAFEL_MILL_SCORE_WIN - plies) when proven */
  guint depth;            /* last completed iteration */
  guint64 nodes;
  gint64 elapsed_us;
  gboolean proven;        /* score is a proven win or loss */
  int plies;              /* to the end when proven */
  /* With TAFEL_MILL_SEARCH_SOLVE_PLACING: the value of the position the
   * placing solver proved (tafel-mill-placing.h; TAFEL_VALUE_UNKNOWN
   * where it could not), the root moves it solved and the lost ones
   * among them, and the positions it visited. */
  TafelValue solved;
  guint solved_moves;
  guint lost_moves;
  guint64 solver_nodes;
  /* The line the last completed iteration expects, @best first, read
   * back from the transposition table; only filled for limits->progress
   * (the line may be shorter than the depth, and under a partial last
   * iteration @best may differ from pv[0]). */
  TafelMove pv[TAFEL_MILL_PV_MAX];
  guint pv_len;
};

#define TAFEL_MILL_SCORE_WIN 30000

/* Iterative deepening to @limits; @rand (may be NULL) only orders equal
 * root moves.  Returns FALSE when there is no legal move or when
 * cancelled.  In a table of its own, made and freed for this one call
 * (for tests and measurements: players keep theirs, see
 * tafel-mill-player.h). */
gboolean tafel_mill_search        (const TafelState             *state,
                                   const TafelHistory           *history,
                                   const TafelMillSearchLimits  *limits,
                                   GRand                        *rand,
                                   GCancellable                 *cancellable,
                                   TafelMillSearchResult        *result);
/* The same search, keeping its transposition table between moves. */
typedef struct _TafelMillSearcher TafelMillSearcher;

TafelMillSearcher *tafel_mill_searcher_new_full (guint     tt_bits,
                                                GError  **error);
TafelMillSearcher *tafel_mill_searcher_new   (guint tt_bits);
void               tafel_mill_searcher_free  (TafelMillSearcher *searcher);
void               tafel_mill_searcher_clear (TafelMillSearcher *searcher);
gboolean           tafel_mill_searcher_run   (TafelMillSearcher            *searcher,
                                              const TafelState             *state,
                                              const TafelHistory           *history,
                                              const TafelMillSearchLimits  *limits,
                                              GRand                        *rand,
                                              GCancellable                 *cancellable,
                                              TafelMillSearchResult        *result);

/* Nodes of every search @searcher ran; may be read while it searches. */
guint64            tafel_mill_searcher_nodes (TafelMillSearcher *searcher);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelMillSearcher, tafel_mill_searcher_free)

/* Sets one of the evaluation's tuned weights by name (for measurements;
 * not thread-safe, call before searching).  FALSE for an unknown name. */
gboolean tafel_mill_search_set_weight (const char *name,
                                       int         value);
/* The evaluation of a running position for the side to move. */
int      tafel_mill_evaluate      (const TafelState *state);

/* The rules' analyze and choose_move: see tafel_mill_choose_move(). */
gboolean tafel_mill_analyze       (TafelPlayer        *player,
                                   const TafelState   *state,
                                   const TafelHistory *history,
                                   TafelAnalysis      *analysis,
                                   GCancellable       *cancellable);
gboolean tafel_mill_choose_move   (TafelPlayer        *player,
                                   const TafelState   *state,
                                   const TafelHistory *history,
                                   TafelLevel          level,
                                   GRand              *rand,
                                   GCancellable       *cancellable,
                                   TafelMove          *move);
void     tafel_mill_ponder        (TafelPlayer        *player,
                                   const TafelState   *state,
                                   const TafelHistory *history,
                                   TafelLevel          level,
                                   GCancellable       *cancellable);

G_END_DECLS
