/* tafel-search.h: a short look-ahead for any game, for the lower levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

/* Heuristic value of a running position for the side to move; may be NULL
 * (every position that is not decided counts as even). */
typedef int (*TafelEvalFunc) (const TafelState *state);

#define TAFEL_SEARCH_WIN 100000

/* Negamax to @depth half-moves over the rules interface; returns the value
 * for the side to move and fills @best with every move of that value. */
int      tafel_search_shallow (const TafelRules *rules,
                               const TafelState *state,
                               guint             depth,
                               TafelEvalFunc     eval,
                               TafelMove        *best,
                               guint            *n_best);

/* How a level plays when it is not perfect: with @random_percent chance a
 * random legal move, otherwise a random one among the best of a @depth
 * look-ahead. */
gboolean tafel_search_choose_weak (const TafelRules *rules,
                                   const TafelState *state,
                                   guint             depth,
                                   guint             random_percent,
                                   TafelEvalFunc     eval,
                                   GRand            *rand,
                                   TafelMove        *move);

G_END_DECLS
