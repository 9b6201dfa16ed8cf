/* tafel-mill-placing.h: the last placements of Nine Men's Morris, solved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Once every line from a placing position ends in positions the endgame
 * tables hold, its exact value follows from theirs: an alpha-beta search
 * over the placing with three values (won, drawn, lost) and a
 * transposition table of its own.  Every ply of Nine's placing places a
 * stone, so no position repeats and the values are exact; the tables'
 * values are taken as they are (they know no 100 half-move rule, and
 * the clock is 0 when the placing ends).
 *
 * Impossible asks it at the root while placing, with part of its time,
 * and plays no move it proves lost while another is not (see
 * tafel_mill_searcher_run ()).
 */
#pragma once

#include "tafel-mill-egtb.h"

G_BEGIN_DECLS

/* Whether every line of the placing from @s ends in a table of @tb (or
 * before, with a side left with fewer than three stones): Nine, stones
 * still in hand, and tables for every stone count each side may have. */
gboolean tafel_mill_placing_solvable (const TafelMillEgtb  *tb,
                                      const TafelMillState *s);

typedef struct _TafelMillPlacing TafelMillPlacing;

/* A solver with a transposition table of 2^@tt_bits positions, kept from
 * one solve to the next (a position's value does not depend on the game
 * it came from, so what a solve that ran out of time proved still helps
 * the next, and the next move's positions are mostly solved already);
 * NULL when that memory is not there. */
TafelMillPlacing *tafel_mill_placing_new  (guint             tt_bits);
void              tafel_mill_placing_free (TafelMillPlacing *self);

/* The exact value, for the side to move in @s, of each of @moves (legal
 * moves of @s) into @values, in their order, until @deadline (monotonic
 * µs; 0: none) or @max_nodes (0: none) comes or @cancellable is
 * cancelled: the moves not solved by then are TAFEL_VALUE_UNKNOWN.
 * Returns the number solved (all of them, or the first ones); 0 also
 * when @s is not solvable.  @nodes (may be NULL) gets the positions
 * visited. */
guint    tafel_mill_placing_solve    (TafelMillPlacing     *self,
                                      const TafelMillEgtb  *tb,
                                      const TafelMillState *s,
                                      const TafelMove      *moves,
                                      guint                 n_moves,
                                      TafelValue           *values,
                                      gint64                deadline,
                                      guint64               max_nodes,
                                      GCancellable         *cancellable,
                                      guint64              *nodes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelMillPlacing, tafel_mill_placing_free)

G_END_DECLS
