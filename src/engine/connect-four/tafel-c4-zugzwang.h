/* tafel-c4-zugzwang.h: strategies of Connect Four's zugzwang that bound
 * a score without a search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-c4-position.h"

G_BEGIN_DECLS

/* The bounds they give: an upper bound of 0 or -1 from the second
 * player's claimeven, of -1 or -2 from the first player's odd threat; a
 * lower bound of 0 or 1 from claimeven. */
gboolean tafel_c4_zugzwang_upper (const TafelC4Pos *p,
                                  int              *upper);
gboolean tafel_c4_zugzwang_lower (const TafelC4Pos *p,
                                  int              *lower);

G_END_DECLS
