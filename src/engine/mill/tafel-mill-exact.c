/* tafel-mill-exact.c: the best moves of a Mill position by its children's
 * exact values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-mill-exact.h"

/* Orders values for the side to move: higher is better. */
static int
rank_value (TafelValue value,
            int        plies)
{
  switch (value)
    {
    case TAFEL_VALUE_WIN:
      return 2000 - plies;
    case TAFEL_VALUE_LOSS:
      return -2000 + plies;
    case TAFEL_VALUE_DRAW:
    case TAFEL_VALUE_UNKNOWN:
    default:
      return 0;
    }
}

guint
tafel_mill_exact_best_moves (const TafelMillState *s,
                             TafelMillExactLookup  lookup,
                             gconstpointer         data,
                             TafelMove            *best)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  int ranks[TAFEL_MAX_MOVES];
  int top = G_MININT;
  guint n, k = 0;

  g_return_val_if_fail (s != NULL && lookup != NULL && best != NULL, 0);

  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;
      TafelValue v;
      int p;

      tafel_mill_apply (&child, &moves[i]);
      if (!lookup (data, &child, &v, &p))
        return 0;
      /* The child's value is the opponent's, one ply later. */
      if (v == TAFEL_VALUE_WIN)
        ranks[i] = rank_value (TAFEL_VALUE_LOSS, p + 1);
      else if (v == TAFEL_VALUE_LOSS)
        ranks[i] = rank_value (TAFEL_VALUE_WIN, p + 1);
      else
        ranks[i] = rank_value (TAFEL_VALUE_DRAW, 0);
      top = MAX (top, ranks[i]);
    }

  for (guint i = 0; i < n; i++)
    if (ranks[i] == top)
      best[k++] = moves[i];
  return k;
}

gboolean
tafel_mill_exact_repeats_possible (const TafelMillState *s,
                                   const TafelHistory   *history)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  gsize span;
  guint n;

  g_return_val_if_fail (s != NULL, FALSE);

  if (history == NULL || history->hashes == NULL || s->clock == 0)
    return FALSE;
  span = MIN ((gsize) s->clock, history->n);
  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      for (gsize j = history->n - span; j < history->n; j++)
        if (history->hashes[j] == child.key)
          return TRUE;
    }
  return FALSE;
}
