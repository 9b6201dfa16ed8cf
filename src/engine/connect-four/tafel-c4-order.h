/* tafel-c4-order.h: the order in which the Connect Four search tries
 * the moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table's best move, then by the threats the move creates (those
 * right above a playable cell and those on the rows that suit the
 * mover's parity count more), centre columns first on ties.  The search
 * sorts its moves by this key, descending, with a stable insertion sort.
 *
 * Private to the solver; static inline, so that the search's hot path
 * stays in one translation unit (tafel-c4-search.c).
 */
#pragma once

#include "tafel-c4-position.h"

G_BEGIN_DECLS

/* The rows whose threats suit the side to move at @p: the odd rows for
 * the first player, the even ones for the second. */
static inline guint64
tafel_c4_order_good_rows (const TafelC4Pos *p)
{
  return (p->moves & 1) ? TAFEL_C4_EVEN_ROWS : TAFEL_C4_ODD_ROWS;
}

/* The sort key of @move at @p: the @rank-th column from the centre
 * (tafel_c4_centre_order), @threats the mover's winning cells after it,
 * @after the playable cells after it, @opp_win the opponent's winning
 * cells before it, @good_rows from tafel_c4_order_good_rows().
 * @hash_move: the table's best move.  @worker: the search thread's
 * number (an odd one breaks some ties otherwise, so that two threads
 * search apart). */
static inline int
tafel_c4_order_key (guint64  move,
                    guint64  threats,
                    guint64  after,
                    guint64  opp_win,
                    guint64  good_rows,
                    int      rank,
                    gboolean hash_move,
                    guint    worker)
{
  int key;

  /* A threat right above one of the opponent's is worth little:
   * whoever fills the cell below decides it.  It does not count. */
  threats &= ~((opp_win & ~move) << 1);
  key = 2 * __builtin_popcountll (threats & (after << 1))
        + 2 * __builtin_popcountll (threats)
        + __builtin_popcountll (threats & good_rows);
  key = key * 8 + (TAFEL_C4_WIDTH - rank);
  /* The table's move counts as one more threat on a good row (putting
   * it first regardless costs more nodes). */
  if (hash_move)
    key += 8;
  if (worker & 1)
    key += (rank & 1);

  return key;
}

G_END_DECLS
