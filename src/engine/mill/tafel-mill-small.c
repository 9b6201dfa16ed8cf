/* tafel-mill-small.c: Mill variants small enough to solve at first use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A retrograde analysis over the rules' own move generator, apply and
 * status: every position reachable from the start is found forwards, its
 * moves are listed once as edges to their children, and the values are
 * found backwards from the ends.  A position at the end has lost (won,
 * drawn) as tafel_mill_status () says.  Layer by layer in the order of
 * distance: a position with a child lost at d is won at d + 1 (the first
 * such child found is the quickest); a position whose last child not yet
 * won for the opponent turns out won at d is lost at d + 1 (the last is
 * the longest).  What is never reached this way is a draw: neither side
 * can force the end.
 *
 * A position is a word: both sides' stones, the stones in hand, the side
 * to move (and a pending removal, which no game of these variants has);
 * the words are kept sorted, so a lookup is a binary search.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tafel-mill-exact.h"
#include "tafel-mill-small.h"

typedef struct {
  guint8 value;         /* TafelValue */
  guint8 plies;
} Entry;

typedef struct {
  guint64 *codes;       /* the positions, sorted */
  Entry *entries;       /* their values, in the same order */
  guint n;
  TafelMillSmallInfo info;
} Solved;

/* The variants solved here. */
static gboolean
solves (guint variant)
{
  return variant == TAFEL_MILL_THREE;
}

static inline guint64
pack (const TafelMillState *s)
{
  return (guint64) s->stones[0] | (guint64) s->stones[1] << 24
         | (guint64) s->hand[0] << 48 | (guint64) s->hand[1] << 53
         | (guint64) s->side << 58 | (guint64) s->pending << 59;
}

static void
unpack (guint           variant,
        guint64         code,
        TafelMillState *s)
{
  memset (s, 0, sizeof *s);
  s->variant = variant;
  s->stones[0] = code & 0xffffff;
  s->stones[1] = code >> 24 & 0xffffff;
  s->hand[0] = code >> 48 & 31;
  s->hand[1] = code >> 53 & 31;
  s->side = code >> 58 & 1;
  s->pending = code >> 59 & 1;
  s->key = tafel_mill_compute_key (s);
}

static int
compare_codes (const void *a,
               const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* The index of @code among @n sorted codes, or -1. */
static gssize
find (const guint64 *codes,
      guint          n,
      guint64        code)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (codes[mid] < code)
        lo = mid + 1;
      else if (codes[mid] > code)
        hi = mid;
      else
        return (gssize) mid;
    }
  return -1;
}

/* The state of a child as a position: the clocks do not count. */
static guint64
child_code (const TafelMillState *s,
            const TafelMove      *move)
{
  TafelMillState child = *s;

  tafel_mill_apply (&child, move);
  return pack (&child);
}

/* Every position reachable from the start of @variant, sorted. */
static guint64 *
reachable (guint  variant,
           guint *n_out)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                                      g_free, NULL);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint64));
  TafelMillState start = { 0 };
  guint64 *codes;
  guint64 code;
  GHashTableIter iter;
  gpointer key;
  guint n = 0;

  start.variant = variant;
  start.hand[0] = start.hand[1] = tafel_mill_state_tables (&start)->hand;
  code = pack (&start);
  g_hash_table_add (seen, g_memdup2 (&code, sizeof code));
  g_array_append_val (queue, code);

  for (guint head = 0; head < queue->len; head++)
    {
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelMillState s;
      int winner;
      guint k;

      unpack (variant, g_array_index (queue, guint64, head), &s);
      if (tafel_mill_status (&s, &winner) != TAFEL_STATUS_RUNNING)
        continue;
      k = tafel_mill_generate (&s, moves);
      for (guint i = 0; i < k; i++)
        {
          code = child_code (&s, &moves[i]);
          if (!g_hash_table_contains (seen, &code))
            {
              g_hash_table_add (seen, g_memdup2 (&code, sizeof code));
              g_array_append_val (queue, code);
            }
        }
    }

  codes = g_new (guint64, g_hash_table_size (seen));
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    codes[n++] = *(guint64 *) key;
  qsort (codes, n, sizeof codes[0], compare_codes);
  *n_out = n;
  return codes;
}

static Solved *
solve (guint variant)
{
  gint64 start = g_get_monotonic_time ();
  Solved *sv = g_new0 (Solved, 1);
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *child_start = NULL;
  g_autofree guint32 *parent_start = NULL, *parents = NULL, *fill = NULL;
  g_autofree guint32 *remaining = NULL, *queue = NULL;
  const guint32 *children;
  guint n, n_edges, head = 0, tail = 0;

  tafel_mill_tables ();
  sv->codes = reachable (variant, &sv->n);
  n = sv->n;
  sv->entries = g_new0 (Entry, n);

  /* The moves as edges, and the ends. */
  child_start = g_new (guint32, n + 1);
  remaining = g_new0 (guint32, n);
  queue = g_new (guint32, n);
  for (guint i = 0; i < n; i++)
    {
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelMillState s;
      int winner;

      child_start[i] = edges->len;
      unpack (variant, sv->codes[i], &s);
      switch (tafel_mill_status (&s, &winner))
        {
        case TAFEL_STATUS_RUNNING:
          {
            guint k = tafel_mill_generate (&s, moves);

            for (guint j = 0; j < k; j++)
              {
                gssize c = find (sv->codes, n, child_code (&s, &moves[j]));
                guint32 child = c;

                g_assert (c >= 0);
                g_array_append_val (edges, child);
              }
            remaining[i] = k;
          }
          break;
        case TAFEL_STATUS_WON:
          sv->entries[i].value = winner == s.side ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS;
          queue[tail++] = i;
          break;
        case TAFEL_STATUS_DRAWN:
        default:
          sv->entries[i].value = TAFEL_VALUE_DRAW;
          break;
        }
    }
  child_start[n] = n_edges = edges->len;
  children = (const guint32 *) edges->data;

  /* The same edges backwards. */
  parent_start = g_new0 (guint32, n + 1);
  parents = g_new (guint32, MAX (n_edges, 1));
  fill = g_new (guint32, n);
  for (guint e = 0; e < n_edges; e++)
    parent_start[children[e] + 1]++;
  for (guint i = 0; i < n; i++)
    parent_start[i + 1] += parent_start[i];
  memcpy (fill, parent_start, n * sizeof fill[0]);
  for (guint i = 0; i < n; i++)
    for (guint e = child_start[i]; e < child_start[i + 1]; e++)
      parents[fill[children[e]]++] = i;

  /* Backwards from the ends, in the order of distance. */
  while (head < tail)
    {
      guint i = queue[head++];
      const Entry *done = &sv->entries[i];

      for (guint e = parent_start[i]; e < parent_start[i + 1]; e++)
        {
          guint p = parents[e];
          Entry *up = &sv->entries[p];

          if (up->value != TAFEL_VALUE_UNKNOWN)
            continue;
          if (done->value == TAFEL_VALUE_LOSS)
            up->value = TAFEL_VALUE_WIN;
          else if (--remaining[p] == 0)
            up->value = TAFEL_VALUE_LOSS;
          else
            continue;
          g_assert (done->plies < G_MAXUINT8);
          up->plies = done->plies + 1;
          queue[tail++] = p;
        }
    }

  sv->info.positions = n;
  for (guint i = 0; i < n; i++)
    {
      Entry *entry = &sv->entries[i];

      if (entry->value == TAFEL_VALUE_UNKNOWN)
        entry->value = TAFEL_VALUE_DRAW;
      sv->info.won += entry->value == TAFEL_VALUE_WIN;
      sv->info.lost += entry->value == TAFEL_VALUE_LOSS;
      sv->info.drawn += entry->value == TAFEL_VALUE_DRAW;
      sv->info.longest = MAX (sv->info.longest, entry->plies);
    }
  sv->info.elapsed_us = g_get_monotonic_time () - start;
  return sv;
}

static gpointer
solve_once (gpointer data)
{
  return solve (GPOINTER_TO_UINT (data));
}

/* The solution of @variant, made on first use; NULL when not solved
 * here. */
static const Solved *
get_solved (guint variant)
{
  static GOnce once[TAFEL_MILL_N_VARIANTS];

  if (variant >= TAFEL_MILL_N_VARIANTS || !solves (variant))
    return NULL;
  return g_once (&once[variant], solve_once, GUINT_TO_POINTER (variant));
}

gboolean
tafel_mill_small_solves (TafelMillVariantIndex variant)
{
  return solves (variant);
}

gboolean
tafel_mill_small_info (TafelMillVariantIndex  variant,
                       TafelMillSmallInfo    *info)
{
  const Solved *sv = get_solved (variant);

  g_return_val_if_fail (info != NULL, FALSE);

  if (sv == NULL)
    return FALSE;
  *info = sv->info;
  return TRUE;
}

gboolean
tafel_mill_small_lookup (const TafelMillState *s,
                         TafelValue           *value,
                         int                  *plies)
{
  const Solved *sv;
  gssize i;

  g_return_val_if_fail (s != NULL && value != NULL && plies != NULL, FALSE);

  sv = get_solved (s->variant);
  if (sv == NULL || (i = find (sv->codes, sv->n, pack (s))) < 0)
    return FALSE;
  *value = sv->entries[i].value;
  *plies = sv->entries[i].plies;
  return TRUE;
}

gboolean
tafel_mill_small_probe (const TafelMillState *s,
                        TafelValue           *value,
                        int                  *plies)
{
  return tafel_mill_small_lookup (s, value, plies)
         && tafel_mill_exact_holds (s, *value, *plies);
}

static gboolean
child_lookup (gconstpointer         data,
              const TafelMillState *s,
              TafelValue           *value,
              int                  *plies)
{
  return tafel_mill_small_lookup (s, value, plies);
}

guint
tafel_mill_small_root_moves (const TafelMillState *s,
                             const TafelHistory   *history,
                             TafelMove            *best,
                             TafelValue           *value,
                             int                  *plies)
{
  int winner;

  g_return_val_if_fail (s != NULL && best != NULL && value != NULL && plies != NULL, 0);

  if (!solves (s->variant) || tafel_mill_status (s, &winner) != TAFEL_STATUS_RUNNING
      || tafel_mill_exact_repeats_possible (s, history)
      || !tafel_mill_small_probe (s, value, plies))
    return 0;
  return tafel_mill_exact_best_moves (s, child_lookup, NULL, best);
}
