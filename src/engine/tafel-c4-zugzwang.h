/* tafel-c4-zugzwang.h: strategies of Connect Four's zugzwang that bound
 * a score without a search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-c4-position.h"

G_BEGIN_DECLS

/* Rows 1, 3, 5 of the board (0-based 0, 2, 4): the odd rows, which suit
 * the first player's threats; the even rows suit the second player. */
#define TAFEL_C4_ODD_ROWS (TAFEL_C4_BOTTOM * 0x15)
#define TAFEL_C4_EVEN_ROWS (TAFEL_C4_BOTTOM * 0x2a)

gboolean tafel_c4_zugzwang_upper (const TafelC4Pos *p,
                                  int              *upper);
gboolean tafel_c4_zugzwang_lower (const TafelC4Pos *p,
                                  int              *lower);

G_END_DECLS
