/* tafel-c4-player.h: the computer levels of Connect Four
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tafel-c4-position.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

/* A computer player of Connect Four: the rules' TafelPlayer, which keeps
 * its exact solver (the default book, a table of 2^TAFEL_C4_TT_BITS
 * buckets or the largest smaller one that can be allocated) from one
 * request to the next.  The solver is made at the first request that
 * needs a search.  One thread at a time. */
typedef struct _TafelC4Player TafelC4Player;

TafelC4Player *tafel_c4_player_new         (void);
void           tafel_c4_player_free        (TafelC4Player      *player);
/* Nodes searched by @player's solver so far (0 before its first
 * search); tests see from it whether an answer needed a search.  May be
 * read while another thread searches. */
guint64        tafel_c4_player_nodes       (TafelC4Player      *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelC4Player, tafel_c4_player_free)

/* The functions below take the player whose solver they use; NULL: a
 * temporary one for this call (tafel_c4_ponder() then does nothing, as
 * what it finds would be lost). */
gboolean       tafel_c4_analyze            (TafelC4Player      *player,
                                            const TafelC4Pos   *pos,
                                            TafelAnalysis      *analysis,
                                            GCancellable       *cancellable);
/* The computer's column at @level, or -1 when cancelled or over. */
int            tafel_c4_choose             (TafelC4Player      *player,
                                            const TafelC4Pos   *pos,
                                            TafelLevel          level,
                                            GRand              *rand,
                                            GCancellable       *cancellable);

/* Thinks on the opponent's time (Impossible only): solves the positions
 * the opponent's moves lead to, for the answers there.  Returns when done
 * or cancelled. */
void           tafel_c4_ponder             (TafelC4Player      *player,
                                            const TafelC4Pos   *pos,
                                            TafelLevel          level,
                                            GCancellable       *cancellable);

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
