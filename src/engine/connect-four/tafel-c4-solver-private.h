/* tafel-c4-solver-private.h: the solver's state, shared by its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tafel-c4-solver.c   the solver object (new, free, reset, settings) and
 *                     what it knows without a search
 * tafel-c4-search.c   negamax, the search of one window
 * tafel-c4-root.c     the root: null-window tests, the helper thread,
 *                     tafel_c4_solver_solve() and the like
 * tafel-c4-table.h/.c the transposition table
 * tafel-c4-order.h    the move ordering
 */
#pragma once

#include <string.h>

#include "tafel-c4-book.h"
#include "tafel-c4-solver.h"
#include "tafel-c4-table.h"

G_BEGIN_DECLS

struct _TafelC4Solver {
  TafelC4Table tt;
  guint n_threads;
  const TafelC4Book *book;
  guint book_depth;
  guint max_ms;

  /* per search */
  gint64 deadline;
  GCancellable *cancellable;
  gint stop;
  guint64 nodes;
};

/* One search thread: its nodes, its number (the helper's is odd: it
 * orders the moves a little differently) and whether it must stop. */
typedef struct {
  TafelC4Solver *solver;
  guint64 nodes;
  guint id;
  gboolean stop;
} TafelC4Worker;

static inline void
tafel_c4_worker_init (TafelC4Worker *w,
                      TafelC4Solver *solver,
                      guint          id)
{
  memset (w, 0, sizeof *w);
  w->solver = solver;
  w->id = id;
}

/* Searches @p (running, the side to move cannot win with its next stone)
 * in the window [@alpha, @beta], fail-soft: a result <= @alpha is an
 * upper bound of the score, one >= @beta a lower bound, one in between
 * exact.  Meaningless once @w->stop is set (cancelled or out of time). */
int tafel_c4_negamax (TafelC4Worker    *w,
                      const TafelC4Pos *p,
                      int               alpha,
                      int               beta);

G_END_DECLS
