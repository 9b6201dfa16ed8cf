/* tafel-solved.h: exact values of small games, solved once into a table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game whose positions can be numbered densely (Tic-Tac-Toe, Infinity)
 * gets a table of one byte per position: unknown, draw, or a win or loss
 * for the side to move with the number of half-moves to the end under best
 * play (the winner hurries, the loser resists).  The table is filled on
 * first use, on whatever thread asks first, by a depth-first search from
 * the start that reaches every position that can occur in play.
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

typedef struct {
  const TafelRules *rules;
  gsize size;
  gsize (*index) (const TafelState *state);
  /* private */
  GOnce once;
  guint8 *codes;
} TafelSolved;

#define TAFEL_SOLVED_INIT(rules_, size_, index_) \
  { (rules_), (size_), (index_), G_ONCE_INIT, NULL }

/* Value of @state for the side to move; @plies receives the distance to
 * the end for a win or a loss. */
TafelValue tafel_solved_value    (TafelSolved      *solved,
                                  const TafelState *state,
                                  int              *plies);
gboolean   tafel_solved_analyze  (TafelSolved      *solved,
                                  const TafelState *state,
                                  TafelAnalysis    *analysis);
/* A perfect move, chosen at random among all optimal ones. */
gboolean   tafel_solved_choose   (TafelSolved      *solved,
                                  const TafelState *state,
                                  GRand            *rand,
                                  TafelMove        *move);
/* How many table entries the solution filled (positions with a ply). */
gsize      tafel_solved_count    (TafelSolved      *solved);

G_END_DECLS

G_BEGIN_DECLS

/* The computer's move at @level in a solved game: perfect at Impossible,
 * a short look-ahead mixed with random moves below. */
gboolean   tafel_solved_choose_level (TafelSolved      *solved,
                                      const TafelState *state,
                                      TafelLevel        level,
                                      GRand            *rand,
                                      TafelMove        *move);

G_END_DECLS
