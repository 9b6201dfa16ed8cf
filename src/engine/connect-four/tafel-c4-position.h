/* tafel-c4-position.h: the Connect Four bitboard, shared by rules, solver
 * and book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The classic 7x(6+1) layout: column c, row r (0 at the bottom) is bit
 * c * 7 + r; the seventh bit of each column stays empty as a separator.
 * A position is the stones of the side to move (`current`), all stones
 * (`mask`) and the number of moves played.  `current + mask` (plus the
 * bottom row) is a unique key of the position below 2^49.
 *
 * Scores are in the usual convention: positive when the side to move wins,
 * 22 minus the number of the winner's stones at its win (7x6), negative
 * likewise when it loses, 0 for a draw.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TAFEL_C4_WIDTH 7
#define TAFEL_C4_HEIGHT 6
#define TAFEL_C4_CELLS (TAFEL_C4_WIDTH * TAFEL_C4_HEIGHT)
#define TAFEL_C4_H1 (TAFEL_C4_HEIGHT + 1)

#define TAFEL_C4_MIN_SCORE (-(TAFEL_C4_CELLS) / 2 + 3)
#define TAFEL_C4_MAX_SCORE ((TAFEL_C4_CELLS + 1) / 2 - 3)

typedef struct {
  guint64 current;     /* stones of the side to move */
  guint64 mask;        /* all stones */
  guint moves;         /* half-moves played */
} TafelC4Pos;

#define TAFEL_C4_BOTTOM   G_GUINT64_CONSTANT (0x0040810204081)
#define TAFEL_C4_BOARD    (TAFEL_C4_BOTTOM * ((1u << TAFEL_C4_HEIGHT) - 1))

/* Rows 1, 3, 5 of the board (0-based 0, 2, 4): the odd rows, which suit
 * the first player's threats; the even rows suit the second player. */
#define TAFEL_C4_ODD_ROWS (TAFEL_C4_BOTTOM * 0x15)
#define TAFEL_C4_EVEN_ROWS (TAFEL_C4_BOTTOM * 0x2a)

static inline guint64
tafel_c4_top_mask_col (int col)
{
  return G_GUINT64_CONSTANT (1) << (TAFEL_C4_HEIGHT - 1 + col * TAFEL_C4_H1);
}

static inline guint64
tafel_c4_bottom_mask_col (int col)
{
  return G_GUINT64_CONSTANT (1) << (col * TAFEL_C4_H1);
}

static inline guint64
tafel_c4_column_mask (int col)
{
  return ((G_GUINT64_CONSTANT (1) << TAFEL_C4_HEIGHT) - 1) << (col * TAFEL_C4_H1);
}

static inline gboolean
tafel_c4_can_play (const TafelC4Pos *p,
                   int               col)
{
  return (p->mask & tafel_c4_top_mask_col (col)) == 0;
}

static inline void
tafel_c4_play_bits (TafelC4Pos *p,
                    guint64     move)
{
  p->current ^= p->mask;
  p->mask |= move;
  p->moves++;
}

static inline void
tafel_c4_play_col (TafelC4Pos *p,
                   int         col)
{
  tafel_c4_play_bits (p, (p->mask + tafel_c4_bottom_mask_col (col)) & tafel_c4_column_mask (col));
}

/* Takes back the top stone of @col. */
static inline void
tafel_c4_unplay_col (TafelC4Pos *p,
                     int         col)
{
  guint64 stones = p->mask & tafel_c4_column_mask (col);
  guint64 top = G_GUINT64_CONSTANT (1) << (63 - __builtin_clzll (stones));

  p->mask ^= top;
  p->moves--;
  p->current ^= p->mask;
}

/* TRUE if @stones hold four in a row. */
static inline gboolean
tafel_c4_alignment (guint64 stones)
{
  guint64 m;

  m = stones & (stones >> TAFEL_C4_H1);                 /* horizontal */
  if (m & (m >> (2 * TAFEL_C4_H1)))
    return TRUE;
  m = stones & (stones >> (TAFEL_C4_H1 - 1));           /* diagonal \ */
  if (m & (m >> (2 * (TAFEL_C4_H1 - 1))))
    return TRUE;
  m = stones & (stones >> (TAFEL_C4_H1 + 1));           /* diagonal / */
  if (m & (m >> (2 * (TAFEL_C4_H1 + 1))))
    return TRUE;
  m = stones & (stones >> 1);                           /* vertical */
  if (m & (m >> 2))
    return TRUE;

  return FALSE;
}

/* Empty cells (not necessarily playable) that would complete a four of
 * @stones. */
static inline guint64
tafel_c4_winning_cells (guint64 stones,
                        guint64 mask)
{
  guint64 r, p;

  r = (stones << 1) & (stones << 2) & (stones << 3);    /* vertical */

#define TAFEL_C4_DIR(s) \
  p = (stones << (s)) & (stones << (2 * (s))); \
  r |= p & (stones << (3 * (s))); \
  r |= p & (stones >> (s)); \
  p = (stones >> (s)) & (stones >> (2 * (s))); \
  r |= p & (stones << (s)); \
  r |= p & (stones >> (3 * (s)));

  TAFEL_C4_DIR (TAFEL_C4_H1)
  TAFEL_C4_DIR (TAFEL_C4_H1 - 1)
  TAFEL_C4_DIR (TAFEL_C4_H1 + 1)
#undef TAFEL_C4_DIR

  return r & (TAFEL_C4_BOARD ^ mask);
}

static inline guint64
tafel_c4_possible (const TafelC4Pos *p)
{
  return (p->mask + TAFEL_C4_BOTTOM) & TAFEL_C4_BOARD;
}

static inline guint64
tafel_c4_key (const TafelC4Pos *p)
{
  return p->current + p->mask + TAFEL_C4_BOTTOM;
}

/* The score of the side to move when the opponent wins with its next
 * stone: the least any position can score. */
static inline int
tafel_c4_score_loss_next (const TafelC4Pos *p)
{
  return -(TAFEL_C4_CELLS - (int) p->moves) / 2;
}

/* Columns from the centre outwards. */
static const int tafel_c4_centre_order[TAFEL_C4_WIDTH] = { 3, 2, 4, 1, 5, 0, 6 };

/* TRUE if the side to move can complete four with its next stone. */
static inline gboolean
tafel_c4_can_win_now (const TafelC4Pos *p)
{
  return (tafel_c4_winning_cells (p->current, p->mask) & tafel_c4_possible (p)) != 0;
}

/* The playable cells that do not lose at once: a single threat of the
 * opponent must be blocked, two cannot be, and no stone may go right
 * below a cell where the opponent would complete four.  Sets
 * @opp_win_out to the opponent's winning cells. */
static inline guint64
tafel_c4_non_losing_moves (const TafelC4Pos *p,
                           guint64          *opp_win_out)
{
  guint64 possible = tafel_c4_possible (p);
  guint64 opp_win = tafel_c4_winning_cells (p->current ^ p->mask, p->mask);
  guint64 forced = possible & opp_win;

  *opp_win_out = opp_win;
  if (forced)
    {
      if (forced & (forced - 1))
        return 0;
      possible = forced;
    }

  return possible & ~(opp_win >> 1);
}

/* Column c becomes column 6 - c (works on keys too: no carries cross
 * columns). */
static inline guint64
tafel_c4_mirror_bits (guint64 bits)
{
  guint64 m = 0;

  for (int c = 0; c < TAFEL_C4_WIDTH; c++)
    m |= ((bits >> (c * TAFEL_C4_H1)) & 0x7f) << ((TAFEL_C4_WIDTH - 1 - c) * TAFEL_C4_H1);

  return m;
}

/* The key shared by a position and its mirror image. */
static inline guint64
tafel_c4_canonical_key (const TafelC4Pos *p)
{
  guint64 key = tafel_c4_key (p);

  return MIN (key, tafel_c4_mirror_bits (key));
}

/* The bit of the cell at @col, @row (0 = bottom). */
static inline guint64
tafel_c4_cell_bit (int col,
                   int row)
{
  return G_GUINT64_CONSTANT (1) << (col * TAFEL_C4_H1 + row);
}

/* Defined in tafel-c4-position.c. */

/* The game is over at @pos (the last mover has four, or the board is full). */
gboolean       tafel_c4_pos_is_over        (const TafelC4Pos   *pos);
/* Score of the side to move if it wins with its next stone. */
int            tafel_c4_score_win_now      (const TafelC4Pos   *pos);
/* Plays @col (playable) at @pos into @child.  TRUE when the move ends
 * the game, with its score for the side to move at @pos in @score (a win
 * or, on the last cell, a draw). */
gboolean       tafel_c4_play_final         (const TafelC4Pos   *pos,
                                            int                 col,
                                            TafelC4Pos         *child,
                                            int                *score);
/* Half-moves to the end under best play for a position with @score. */
int            tafel_c4_score_plies        (const TafelC4Pos   *pos,
                                            int                 score);
/* Mirror image (column c becomes 6 - c). */
void           tafel_c4_pos_mirror         (const TafelC4Pos   *pos,
                                            TafelC4Pos         *mirror);
/* Plays @moves ("4453", digits 1-7; stops at the first other character).
 * FALSE on a full column, a move after the end or a bad digit. */
gboolean       tafel_c4_pos_from_moves     (TafelC4Pos         *pos,
                                            const char         *moves,
                                            const char        **end);

/* Leaf count of the move tree @depth half-moves deep. */
guint64        tafel_c4_perft              (const TafelC4Pos   *pos,
                                            guint               depth);

G_END_DECLS
