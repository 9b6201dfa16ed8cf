/* tafel-c4-player.h: the computer levels of Connect Four
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tafel-c4-position.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

/* The engine's shared solver (loaded book, default table) behind the
 * rules hooks. */
gboolean       tafel_c4_analyze            (const TafelC4Pos   *pos,
                                            TafelAnalysis      *analysis,
                                            GCancellable       *cancellable);
/* The computer's column at @level, or -1 when cancelled or over. */
int            tafel_c4_choose             (const TafelC4Pos   *pos,
                                            TafelLevel          level,
                                            GRand              *rand,
                                            GCancellable       *cancellable);

/* Thinks on the opponent's time (Impossible only): solves the positions
 * the opponent's moves lead to, for the answers there.  Returns when done
 * or cancelled. */
void           tafel_c4_ponder             (const TafelC4Pos   *pos,
                                            TafelLevel          level,
                                            GCancellable       *cancellable);

/* Nodes searched by the shared solver so far (0 before its first
 * search); tests see from it whether an answer needed a search. */
guint64        tafel_c4_player_nodes       (void);

/* Heuristic search used by the lower levels: value for the side to move
 * and the columns of that value. */
int            tafel_c4_heuristic_search   (const TafelC4Pos   *pos,
                                            guint               depth,
                                            guint               max_ms,
                                            GCancellable       *cancellable,
                                            int                *best,
                                            guint              *n_best,
                                            guint              *depth_reached);

G_END_DECLS
