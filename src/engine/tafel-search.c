/* tafel-search.c: a short look-ahead for any game, for the lower levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-search.h"

static int
negamax (const TafelRules *rules,
         TafelState       *state,
         guint             depth,
         guint             ply,
         int               alpha,
         int               beta,
         TafelEvalFunc     eval)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelOutcome outcome;
  guint n;

  rules->outcome (state, NULL, &outcome);
  if (outcome.status == TAFEL_STATUS_WON)
    return -(TAFEL_SEARCH_WIN - (int) ply);   /* the side that moved won */
  if (outcome.status == TAFEL_STATUS_DRAWN)
    return 0;
  if (depth == 0)
    return eval != NULL ? eval (state) : 0;

  n = rules->legal_moves (state, moves);
  for (guint i = 0; i < n && alpha < beta; i++)
    {
      TafelUndo undo;
      int value;

      rules->make (state, &moves[i], &undo);
      value = -negamax (rules, state, depth - 1, ply + 1, -beta, -alpha, eval);
      rules->unmake (state, &moves[i], &undo);
      alpha = MAX (alpha, value);
    }

  return alpha;
}

int
tafel_search_shallow (const TafelRules *rules,
                      const TafelState *state,
                      guint             depth,
                      TafelEvalFunc     eval,
                      TafelMove        *best,
                      guint            *n_best)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelState work = *state;
  int best_value = -TAFEL_SEARCH_WIN - 1;
  guint n = rules->legal_moves (state, moves);

  g_return_val_if_fail (depth >= 1, 0);

  *n_best = 0;
  for (guint i = 0; i < n; i++)
    {
      TafelUndo undo;
      int value;

      /* A full window per root move, so that every equal move is found. */
      rules->make (&work, &moves[i], &undo);
      value = -negamax (rules, &work, depth - 1, 1,
                        -TAFEL_SEARCH_WIN - 1, TAFEL_SEARCH_WIN + 1, eval);
      rules->unmake (&work, &moves[i], &undo);

      if (value > best_value)
        {
          best_value = value;
          *n_best = 0;
        }
      if (value == best_value)
        best[(*n_best)++] = moves[i];
    }

  return best_value;
}

gboolean
tafel_search_choose_weak (const TafelRules *rules,
                          const TafelState *state,
                          guint             depth,
                          guint             random_percent,
                          TafelEvalFunc     eval,
                          GRand            *rand,
                          TafelMove        *move)
{
  g_autofree TafelMove *moves = g_new (TafelMove, TAFEL_MAX_MOVES);
  guint n;

  if ((guint) g_rand_int_range (rand, 0, 100) < random_percent)
    n = rules->legal_moves (state, moves);
  else
    tafel_search_shallow (rules, state, depth, eval, moves, &n);

  if (n == 0)
    return FALSE;

  *move = moves[g_rand_int_range (rand, 0, n)];
  return TRUE;
}
