/* tafel-c4-zugzwang.c: strategies of Connect Four's zugzwang that bound
 * a score without a search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Near the end of a game of Connect Four the side that can always answer
 * in the column its opponent just played ("follow-up") decides which
 * cells each side gets, and with them who can still complete four.
 * Columns with an even number of empty cells pair up from the bottom:
 * whoever moves first in a pair gets its lower cell, the follower its
 * upper one.  A column with an odd number of empty cells has its lowest
 * cell on an even row (rows counted 1-6 from the bottom), and one such
 * cell must be played by someone before the pairs above it line up.
 *
 * The second player's claimeven (after Victor Allis): with the first
 * player to move, the second follows up in every column and gets the
 * even rows, the first player the odd rows.  The lowest cells of the
 * odd columns (an even number of them) pair up with each other: when
 * the first player takes one, the second takes another of its choice.
 * With the second player to move, it first takes the lowest cell of
 * one odd column itself.  If no four fits in the cells the first player
 * is sure to get, whatever it picks, it cannot win; if, besides, a four
 * fits in the second player's cells whatever the first picks, it loses.
 *
 * The first player's odd threat: with the second player to move, the
 * first has a threat (a cell completing four with its stones already on
 * the board) on an odd row of an odd column, above the column's lowest
 * cell.  It follows up everywhere below that threat: it gets the even
 * rows of the even columns and the odd rows of that column below the
 * threat; the cell right below the threat is left to the second player,
 * who cannot take it without the first winning above it at once.  The
 * lowest cells of the other odd columns pair up as above, the second
 * player choosing first.  If no four fits in the second player's cells,
 * whatever it picks, it runs out of other moves and must play below the
 * threat: the first player wins there at the latest.
 */
#include "config.h"

#include "tafel-c4-zugzwang.h"

/* Beyond any bound a strategy can give. */
#define FAILS 2

/* The pairing of the lowest cells @lows of the odd columns.  The leader,
 * who moves first in each pair of cells, is sure to get @leader (its
 * stones and its share of the empty cells), the follower @follower;
 * each takes one of the cells in @lows in turn, the leader first when
 * @leader_first.  Returns FAILS when a four fits in the leader's cells
 * for some choice of its, else -1 when a four fits in the follower's
 * cells whatever the leader picks, else 0: an upper bound of the
 * leader's score. */
static int
pairing_value (guint64  leader,
               guint64  follower,
               guint64  lows,
               gboolean leader_first)
{
  int value;

  if (tafel_c4_alignment (leader))
    return FAILS;
  if (lows == 0)
    return tafel_c4_alignment (follower) ? -1 : 0;

  if (!leader_first)
    {
      /* The follower opens with the cell that suits it best. */
      value = FAILS;
      for (guint64 rest = lows; rest != 0 && value > -1; rest &= rest - 1)
        {
          guint64 z = rest & -rest;

          value = MIN (value, pairing_value (leader, follower | z, lows ^ z, TRUE));
        }
      return value;
    }

  /* Whichever cell the leader takes, the follower answers with the
   * one that suits it best. */
  value = -1;
  for (guint64 rest = lows; rest != 0 && value < FAILS; rest &= rest - 1)
    {
      guint64 a = rest & -rest;
      int answer = FAILS;

      for (guint64 other = lows ^ a; other != 0 && answer > -1; other &= other - 1)
        {
          guint64 b = other & -other;

          answer = MIN (answer, pairing_value (leader | a, follower | b, lows ^ a ^ b, TRUE));
        }
      value = MAX (value, answer);
    }

  return value;
}

/* The lowest cells of the columns with an odd number of empty cells. */
static inline guint64
odd_lows (const TafelC4Pos *p)
{
  return tafel_c4_possible (p) & TAFEL_C4_EVEN_ROWS;
}

/* The second player's claimeven: an upper bound of the first player's
 * score (it moves when the number of odd columns is even). */
static int
claimeven_value (const TafelC4Pos *p,
                 guint64           lows)
{
  gboolean first_to_move = (p->moves & 1) == 0;
  guint64 empty = TAFEL_C4_BOARD & ~p->mask;
  guint64 other = p->current ^ p->mask;
  guint64 first = first_to_move ? p->current : other;
  guint64 second = first_to_move ? other : p->current;

  return pairing_value (first | (TAFEL_C4_ODD_ROWS & empty),
                        second | (TAFEL_C4_EVEN_ROWS & empty & ~lows),
                        lows, first_to_move);
}

/* The first player's odd threat, with the second player to move: an
 * upper bound of the second player's score, or FAILS. */
static int
odd_threat_value (const TafelC4Pos *p,
                  guint64           lows)
{
  guint64 empty = TAFEL_C4_BOARD & ~p->mask;
  guint64 threats = tafel_c4_winning_cells (p->current ^ p->mask, p->mask) & TAFEL_C4_ODD_ROWS;
  int best = FAILS;

  for (guint64 rest = lows; rest != 0 && threats != 0; rest &= rest - 1)
    {
      guint64 low = rest & -rest;
      int col = __builtin_ctzll (low) / TAFEL_C4_H1;
      guint64 column = tafel_c4_column_mask (col);
      guint64 threat = threats & column, second;
      int row;

      if (threat == 0)
        continue;
      threat &= -threat;                /* the lowest one wins soonest */
      second = p->current | (TAFEL_C4_ODD_ROWS & empty & ~column)
               | (TAFEL_C4_EVEN_ROWS & empty & column & (threat - 1));
      if (pairing_value (second, 0, lows ^ low, TRUE) == FAILS)
        continue;

      /* Everything but the threat's column above it filled: the first
       * player's stone on the threat is its (37 + row) / 2-th, which
       * scores 22 minus that. */
      row = __builtin_ctzll (threat) - col * TAFEL_C4_H1 + 1;
      best = MIN (best, -(7 - row) / 2);
    }

  return best;
}

/**
 * tafel_c4_zugzwang_upper:
 * @p: a position where the side to move cannot win with its next stone
 * @upper: (out): the bound
 *
 * An upper bound of the score of the side to move from the strategies
 * above: the second player's claimeven when the first player is to move,
 * the first player's odd threat when the second is.
 *
 * Returns: whether a strategy applies
 */
gboolean
tafel_c4_zugzwang_upper (const TafelC4Pos *p,
                         int              *upper)
{
  guint64 lows = odd_lows (p);
  int value;

  if (p->moves & 1)
    value = odd_threat_value (p, lows);
  else
    value = claimeven_value (p, lows);
  if (value == FAILS)
    return FALSE;

  *upper = value;
  return TRUE;
}

/**
 * tafel_c4_zugzwang_lower:
 * @p: a position where the side to move cannot win with its next stone
 * @lower: (out): the bound
 *
 * A lower bound of the score of the side to move from the second
 * player's claimeven, when the second player is to move.
 *
 * Returns: whether it applies
 */
gboolean
tafel_c4_zugzwang_lower (const TafelC4Pos *p,
                         int              *lower)
{
  int value;

  if ((p->moves & 1) == 0)
    return FALSE;
  value = claimeven_value (p, odd_lows (p));
  if (value == FAILS)
    return FALSE;

  *lower = -value;
  return TRUE;
}
