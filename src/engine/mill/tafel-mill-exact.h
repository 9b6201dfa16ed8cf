/* tafel-mill-exact.h: the best moves of a Mill position by its children's
 * exact values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by every source of exact values: the Nine endgame tables
 * (tafel-mill-egtb.h) and the small variants solved at first use
 * (tafel-mill-small.h).  The best moves are the quickest wins, else every
 * drawing move, else the longest losses.
 */
#pragma once

#include "tafel-mill.h"

G_BEGIN_DECLS

/* The exact value of @s for its side to move, as a source holds it;
 * FALSE when @s is not held. */
typedef gboolean (*TafelMillExactLookup) (gconstpointer         data,
                                          const TafelMillState *s,
                                          TafelValue           *value,
                                          int                  *plies);

/* Does an exact value that knows no clock hold under the 100 half-move
 * rule?  A draw does; a win or loss in @plies when the end comes first
 * (clock + plies < 100: with best play the game ends within @plies, and
 * the clock grows by at most one a ply). */
static inline gboolean
tafel_mill_exact_holds (const TafelMillState *s,
                        TafelValue            value,
                        int                   plies)
{
  return value == TAFEL_VALUE_DRAW || s->clock + plies < TAFEL_MILL_DRAW_CLOCK;
}

/* Every best move of @s (@best: TAFEL_MAX_MOVES entries) by the values
 * @lookup gives its children; 0 when a child is not held.  No
 * allocation. */
guint    tafel_mill_exact_best_moves       (const TafelMillState *s,
                                            TafelMillExactLookup  lookup,
                                            gconstpointer         data,
                                            TafelMove            *best);

/* Does a move of @s lead to a position seen since the last placement or
 * removal (where a repetition could change a value that knows no
 * history)?  FALSE without a history. */
gboolean tafel_mill_exact_repeats_possible (const TafelMillState *s,
                                            const TafelHistory   *history);

G_END_DECLS
