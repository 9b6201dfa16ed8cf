/* tafel-mill-small.h: Mill variants small enough to solve at first use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three Men's Morris has a few thousand positions, so it is solved
 * exactly the first time it is asked about: every position reachable from
 * the start (stones, stones in hand, side to move; not the clocks) with
 * its value for the side to move and the distance to the end in plies
 * with best play (the winner the quickest win, the loser the longest
 * resistance).  What neither side can force is a draw (by repetition,
 * since the moving phase has cycles).  As in the endgame tables
 * (tafel-mill-egtb.h), the 100 half-move rule is not in the values: see
 * tafel_mill_small_probe ().
 *
 * The solution is made once (thread-safe) and then only read: the
 * lookups allocate nothing.
 */
#pragma once

#include "tafel-mill.h"

G_BEGIN_DECLS

/* What solving a variant found (for tests and measurements). */
typedef struct {
  guint positions;      /* reachable from the start, the ends included */
  guint won;            /* for the side to move */
  guint lost;
  guint drawn;
  int longest;          /* the longest win or loss, in plies */
  gint64 elapsed_us;    /* the time solving took */
} TafelMillSmallInfo;

/* Is @variant solved here? */
gboolean tafel_mill_small_solves    (TafelMillVariantIndex variant);
/* Solves @variant if not done yet; FALSE for a variant not solved here. */
gboolean tafel_mill_small_info      (TafelMillVariantIndex  variant,
                                     TafelMillSmallInfo    *info);

/* The value of a position reachable from its variant's start, ignoring
 * the 100 half-move rule; FALSE when the position is not held (another
 * variant, a position no game reaches). */
gboolean tafel_mill_small_lookup    (const TafelMillState *s,
                                     TafelValue           *value,
                                     int                  *plies);
/* The value under the full rules: a win or loss counts only when it ends
 * before the 100 half-move rule could (clock + plies < 100); FALSE
 * otherwise. */
gboolean tafel_mill_small_probe     (const TafelMillState *s,
                                     TafelValue           *value,
                                     int                  *plies);
/* Every best move of a running position of a game with @history (may be
 * NULL), with its value (@best: TAFEL_MAX_MOVES entries): the quickest
 * wins, every drawing move, or the longest losses.  0 where the position
 * is not held, where tafel_mill_small_probe () gives no value, or where a
 * move could lead to a position seen since the last placement (a
 * repetition could change the value; the search, which knows the
 * history, decides). */
guint    tafel_mill_small_root_moves (const TafelMillState *s,
                                      const TafelHistory   *history,
                                      TafelMove            *best,
                                      TafelValue           *value,
                                      int                  *plies);

G_END_DECLS
