/* tafel-mill-player.h: a computer player of Mill and its search tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-mill-search.h"

G_BEGIN_DECLS

/* The rules' TafelPlayer for Mill: two searchers kept from one request
 * to the next, each made when first needed: the large one (Hard,
 * Impossible, the analysis; 2^TAFEL_MILL_TT_BITS entries or the largest
 * smaller table that can be had) and a small one for the weak levels'
 * shallow looks, which never touch the large one.  The endgame tables
 * are the process's, read only (tafel-mill-egtb.h). */
TafelPlayer       *tafel_mill_player_new          (void);
void               tafel_mill_player_free         (TafelPlayer *player);
guint64            tafel_mill_player_nodes        (TafelPlayer *player);

/* The large searcher, made at the first call; NULL when not even the
 * smallest table could be allocated (said once, as a warning). */
TafelMillSearcher *tafel_mill_player_get_searcher (TafelPlayer *player);
/* The small searcher of the shallow looks, likewise. */
TafelMillSearcher *tafel_mill_player_get_look     (TafelPlayer *player);

G_END_DECLS
