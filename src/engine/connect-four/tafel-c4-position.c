/* tafel-c4-position.c: helpers of the Connect Four position and perft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-c4-position.h"

gboolean
tafel_c4_pos_is_over (const TafelC4Pos *pos)
{
  return pos->moves >= TAFEL_C4_CELLS || tafel_c4_alignment (pos->current ^ pos->mask);
}

int
tafel_c4_score_win_now (const TafelC4Pos *pos)
{
  return (TAFEL_C4_CELLS + 1 - (int) pos->moves) / 2;
}

gboolean
tafel_c4_play_final (const TafelC4Pos *pos,
                     int               col,
                     TafelC4Pos       *child,
                     int              *score)
{
  *child = *pos;
  tafel_c4_play_col (child, col);
  if (tafel_c4_alignment (child->current ^ child->mask))
    *score = tafel_c4_score_win_now (pos);
  else if (child->moves >= TAFEL_C4_CELLS)
    *score = 0;
  else
    return FALSE;

  return TRUE;
}

int
tafel_c4_score_plies (const TafelC4Pos *pos,
                      int               score)
{
  int n = pos->moves;

  if (score > 0)
    {
      int k = 22 - score;               /* the winner's k-th stone */
      return 2 * (k - n / 2) - 1;
    }
  if (score < 0)
    {
      int k = 22 + score;
      return 2 * (k - (n + 1) / 2);
    }

  return TAFEL_C4_CELLS - n;
}

void
tafel_c4_pos_mirror (const TafelC4Pos *pos,
                     TafelC4Pos       *mirror)
{
  mirror->current = tafel_c4_mirror_bits (pos->current);
  mirror->mask = tafel_c4_mirror_bits (pos->mask);
  mirror->moves = pos->moves;
}

gboolean
tafel_c4_pos_from_moves (TafelC4Pos  *pos,
                         const char  *moves,
                         const char **end)
{
  const char *p;

  memset (pos, 0, sizeof *pos);
  for (p = moves; *p >= '1' && *p <= '7'; p++)
    {
      int col = *p - '1';

      if (tafel_c4_pos_is_over (pos) || !tafel_c4_can_play (pos, col))
        {
          if (end)
            *end = p;
          return FALSE;
        }
      tafel_c4_play_col (pos, col);
    }

  if (end)
    *end = p;

  return TRUE;
}

/* ---- perft ------------------------------------------------------------ */

static guint64
perft_rec (TafelC4Pos *p,
           guint       depth)
{
  guint64 count = 0;

  if (depth == 1)
    {
      for (int col = 0; col < TAFEL_C4_WIDTH; col++)
        count += tafel_c4_can_play (p, col);
      return count;
    }

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      guint64 move;
      TafelC4Pos child;

      if (!tafel_c4_can_play (p, col))
        continue;
      move = (p->mask + tafel_c4_bottom_mask_col (col)) & tafel_c4_column_mask (col);
      /* A winning stone or the last cell ends the game: no moves after. */
      if (tafel_c4_alignment (p->current | move) || p->moves + 1 >= TAFEL_C4_CELLS)
        continue;
      child = *p;
      tafel_c4_play_bits (&child, move);
      count += perft_rec (&child, depth - 1);
    }

  return count;
}

guint64
tafel_c4_perft (const TafelC4Pos *pos,
                guint             depth)
{
  TafelC4Pos p = *pos;

  if (depth == 0)
    return 1;
  if (tafel_c4_pos_is_over (pos))
    return 0;

  return perft_rec (&p, depth);
}
