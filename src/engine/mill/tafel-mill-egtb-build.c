/* tafel-mill-egtb-build.c: the Mill endgame tables by retrograde analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tables are made in order of the stones on the board: a capture leads
 * from a stones against b to b - 1 against a, a table made before (or to
 * the end of the game, when b - 1 is 2).  Moves without a capture lead
 * from a against b to b against a, so those two are solved together.
 *
 * Values are found ply by ply.  Layer 0: the positions whose side to move
 * cannot move.  A capture into a smaller table gives a position a win at
 * one more than that table's loss (seeded into that layer), or, when all
 * its captures lose, a loss no earlier than one more than the longest of
 * them.  Layer d (d odd, wins): every position one move before a position
 * lost at d - 1 (found by taking a move back: a stone steps back to an
 * empty neighbour, or flies back with three stones, from a point where it
 * closes no mill) wins at d, unless already known.  Layer d (even,
 * losses): a position one move before one won at d - 1 is looked at
 * forwards (tafel_mill_generate ()): when every move leads to a known win
 * of the opponent, it loses at d.  Wins take an odd number of plies and
 * losses an even one, so a layer only ever finds one of the two.  What
 * is left when no layer finds more is a draw.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-mill-egtb-build.h"

#define MINS TAFEL_MILL_EGTB_MIN_STONES
#define MAXS TAFEL_MILL_EGTB_MAX_STONES
/* Entries keep distances up to 252 plies exactly (see
 * tafel_mill_egtb_entry_of ()); the layers go on beyond, to this bound. */
#define MAX_LAYER 2000
/* Seeds come from entries of smaller tables: at most 255. */
#define MAX_SEED 256
#define BIT(p) (1u << (p))
#define LOWEST(x) ((guint) __builtin_ctz (x))

typedef struct {
  const TafelMillTables *t;
  TafelMillEgtb *tb;
  guint n_threads;
  guint8 *w[MAXS + 1][MAXS + 1];    /* the tables being written */
  /* the pair being solved: tables 0 and 1 (the same when a == b) */
  guint na[2], nb[2];
  guint64 *cand[2];                  /* bit set: queued for a loss check */
  GArray *seed_win[MAX_SEED];        /* codes: index << 1 | table */
  GArray *seed_loss[MAX_SEED];
  TafelMillEgtbStats stats[2];
} Build;

/* One thread's share of a step, and what it found: the positions it
 * resolved (the next layer), those it queued for a loss check, seeds,
 * counts.  Merged by the caller once every thread is done. */
typedef struct _Worker Worker;
typedef void (*WorkFunc) (Worker *W);

struct _Worker {
  Build *B;
  WorkFunc func;
  const guint64 *codes;              /* the step's work: codes, or */
  guint64 lo, hi;                    /* indices of table t (first look) */
  guint t;
  guint d;
  GArray *out;
  GArray *queue;
  GArray *seed_win[MAX_SEED];
  GArray *seed_loss[MAX_SEED];
  guint64 positions[2], won[2], lost[2];
  int longest_win[2];
};

static inline guint8
load_entry (const guint8 *e)
{
  return __atomic_load_n (e, __ATOMIC_RELAXED);
}

static inline guint8
entry (Build   *B,
       guint32  mover,
       guint32  other)
{
  guint k = tafel_mill_popcount (mover), j = tafel_mill_popcount (other);

  return load_entry (&B->w[k][j][tafel_mill_egtb_index (mover, other)]);
}

static inline guint
pair_table (Build *B,
            guint  n_mover)
{
  return B->na[0] == n_mover ? 0 : 1;
}

static void
append (GArray  **array,
        guint64   code)
{
  if (*array == NULL)
    *array = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (*array, code);
}

static void
state_of (TafelMillState *s,
          guint32         mover,
          guint32         other)
{
  memset (s, 0, sizeof *s);
  s->stones[0] = mover;
  s->stones[1] = other;
}

/* @idx of table @t is decided at @d, unless another thread was first
 * (with the same value: a layer only finds wins or only losses). */
static void
resolved (Worker  *W,
          guint    t,
          guint64  idx,
          guint    d)
{
  Build *B = W->B;
  guint8 unknown = 0;
  guint64 code = idx << 1 | t;

  guint8 e = tafel_mill_egtb_entry_of (d & 1 ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS, d);

  if (!__atomic_compare_exchange_n (&B->w[B->na[t]][B->nb[t]][idx], &unknown, e,
                                    FALSE, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    return;
  append (&W->out, code);
  if (d & 1)
    {
      W->won[t]++;
      W->longest_win[t] = MAX (W->longest_win[t], (int) d);
    }
  else
    W->lost[t]++;
}

/* First look at a position: no move (lost), captures into known tables. */
static void
init_position (Worker  *W,
               guint    t,
               guint64  idx,
               guint32  mover,
               guint32  other)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelMillState s;
  guint n, n_cap = 0;
  guint cap_win = G_MAXUINT, cap_loss = 0;
  gboolean cap_draw = FALSE;
  guint64 code = idx << 1 | t;

  state_of (&s, mover, other);
  n = tafel_mill_generate (&s, moves);
  if (n == 0)
    {
      resolved (W, t, idx, 0);
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = s;
      guint8 e;

      if (moves[i].len != 3)
        continue;
      n_cap++;
      tafel_mill_apply (&child, &moves[i]);
      if (tafel_mill_popcount (child.stones[1]) < MINS)
        {
          cap_win = 1;
          continue;
        }
      e = entry (W->B, child.stones[1], child.stones[0]);
      if (e == 0)
        cap_draw = TRUE;
      else if (tafel_mill_egtb_entry_value (e) == TAFEL_VALUE_LOSS)
        cap_win = MIN (cap_win, e);     /* (e - 1) + 1 plies */
      else
        cap_loss = MAX (cap_loss, e);
    }

  if (cap_win != G_MAXUINT)
    append (&W->seed_win[cap_win], code);
  else if (n_cap > 0 && !cap_draw)
    append (&W->seed_loss[cap_loss], code);
}

static void
first_look (Worker *W)
{
  Build *B = W->B;

  for (guint64 idx = W->lo; idx < W->hi; idx++)
    {
      guint32 mover, other;

      if (!tafel_mill_egtb_position (B->na[W->t], B->nb[W->t], idx, &mover, &other))
        continue;
      W->positions[W->t]++;
      init_position (W, W->t, idx, mover, other);
    }
}

/* Plies to the loss when every move leads to a known win of the
 * opponent, else -1. */
static int
all_moves_lose (Build   *B,
                guint32  mover,
                guint32  other)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelMillState s;
  guint n;
  int longest = 0;

  state_of (&s, mover, other);
  n = tafel_mill_generate (&s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = s;
      guint8 e;

      tafel_mill_apply (&child, &moves[i]);
      if (tafel_mill_popcount (child.stones[1]) < MINS)
        return -1;
      e = entry (B, child.stones[1], child.stones[0]);
      if (e == 0 || tafel_mill_egtb_entry_value (e) != TAFEL_VALUE_WIN)
        return -1;
      longest = MAX (longest, e);
    }
  return longest;
}

/* Marks @idx of table @t as queued; FALSE when it was already. */
static gboolean
cand_test_and_set (Build   *B,
                   guint    t,
                   guint64  idx)
{
  guint64 bit = G_GUINT64_CONSTANT (1) << (idx & 63);

  return (__atomic_fetch_or (&B->cand[t][idx >> 6], bit, __ATOMIC_RELAXED) & bit) == 0;
}

static void
cand_clear (Build   *B,
            guint    t,
            guint64  idx)
{
  __atomic_fetch_and (&B->cand[t][idx >> 6], ~(G_GUINT64_CONSTANT (1) << (idx & 63)),
                      __ATOMIC_RELAXED);
}

/* The positions one move (without a capture) before @mover/@other: the
 * other side takes a stone back from a point where it closes no mill. */
static void
take_back (Worker   *W,
           guint32   mover,
           guint32   other,
           gboolean  won)
{
  Build *B = W->B;
  guint32 empty = TAFEL_MILL_ALL & ~(mover | other);
  gboolean flies = tafel_mill_popcount (other) == 3;
  guint t = pair_table (B, tafel_mill_popcount (other));

  for (guint32 ys = other; ys != 0; ys &= ys - 1)
    {
      guint y = LOWEST (ys);
      guint32 xs;

      if ((other & B->t->point_mills[y][0]) == B->t->point_mills[y][0]
          || (other & B->t->point_mills[y][1]) == B->t->point_mills[y][1])
        continue;
      xs = flies ? empty : B->t->adj[y] & empty;
      for (; xs != 0; xs &= xs - 1)
        {
          guint32 before = other ^ BIT (y) ^ BIT (LOWEST (xs));
          guint64 j = tafel_mill_egtb_index (before, mover);

          if (load_entry (&B->w[B->na[t]][B->nb[t]][j]) != 0)
            continue;
          if (!won)
            resolved (W, t, j, W->d);
          else if (cand_test_and_set (B, t, j))
            append (&W->queue, j << 1 | t);
        }
    }
}

/* Every move back from the positions decided at d - 1. */
static void
take_back_layer (Worker *W)
{
  Build *B = W->B;

  for (guint64 i = W->lo; i < W->hi; i++)
    {
      guint64 code = W->codes[i];
      guint t = code & 1;
      guint32 mover, other;
      gboolean is_win;

      tafel_mill_egtb_position (B->na[t], B->nb[t], code >> 1, &mover, &other);
      is_win = tafel_mill_egtb_entry_value (B->w[B->na[t]][B->nb[t]][code >> 1]) == TAFEL_VALUE_WIN;
      take_back (W, mover, other, is_win);
    }
}

/* The loss checks of the queue: each position is in it once. */
static void
check_losses (Worker *W)
{
  Build *B = W->B;

  for (guint64 i = W->lo; i < W->hi; i++)
    {
      guint64 code = W->codes[i];
      guint t = code & 1;
      guint32 mover, other;
      int plies;

      cand_clear (B, t, code >> 1);
      if (load_entry (&B->w[B->na[t]][B->nb[t]][code >> 1]) != 0)
        continue;
      tafel_mill_egtb_position (B->na[t], B->nb[t], code >> 1, &mover, &other);
      plies = all_moves_lose (B, mover, other);
      /* Not lost, or lost later through a capture into a smaller
       * table: the seed of that layer (init_position ()) checks it
       * again then. */
      if (plies < 0 || plies > (int) W->d)
        continue;
      /* Its last move to be known became known at d - 1 (an entry of
       * 254 is a win of 253 plies or more). */
      g_assert (plies == (int) MIN (W->d, 254));
      resolved (W, t, code >> 1, W->d);
    }
}

/* Moves a thread's seeds of one layer to the build's. */
static void
merge_seeds (GArray **into,
             GArray **from)
{
  if (*from == NULL)
    return;
  if (*into == NULL)
    *into = g_steal_pointer (from);
  else
    {
      g_array_append_vals (*into, (*from)->data, (*from)->len);
      g_clear_pointer (from, g_array_unref);
    }
}

static gpointer
work_thread (gpointer data)
{
  Worker *W = data;

  W->func (W);
  return NULL;
}

/* Runs @func over [0, @n) (codes, or the indices of table @t when @codes
 * is NULL) in B->n_threads slices, then appends what every thread found
 * to @out, @queue (may be NULL when @func queues nothing) and the seeds,
 * and adds up its counts. */
static void
run_parallel (Build          *B,
              WorkFunc        func,
              const guint64  *codes,
              guint64         n,
              guint           t,
              guint           d,
              GArray         *out,
              GArray         *queue)
{
  guint n_threads = n < 4096 ? 1 : B->n_threads;
  g_autofree Worker *workers = g_new0 (Worker, n_threads);
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);

  for (guint i = 0; i < n_threads; i++)
    {
      Worker *W = &workers[i];

      W->B = B;
      W->func = func;
      W->codes = codes;
      W->lo = n * i / n_threads;
      W->hi = n * (i + 1) / n_threads;
      W->t = t;
      W->d = d;
    }
  if (n_threads == 1)
    func (&workers[0]);
  else
    {
      for (guint i = 0; i < n_threads; i++)
        threads[i] = g_thread_new ("tafel-egtb", work_thread, &workers[i]);
      for (guint i = 0; i < n_threads; i++)
        g_thread_join (threads[i]);
    }

  for (guint i = 0; i < n_threads; i++)
    {
      Worker *W = &workers[i];

      if (W->out != NULL)
        g_array_append_vals (out, W->out->data, W->out->len);
      if (W->queue != NULL)
        {
          g_assert (queue != NULL);
          g_array_append_vals (queue, W->queue->data, W->queue->len);
        }
      for (guint l = 0; l < MAX_SEED; l++)
        {
          merge_seeds (&B->seed_win[l], &W->seed_win[l]);
          merge_seeds (&B->seed_loss[l], &W->seed_loss[l]);
        }
      for (guint k = 0; k < 2; k++)
        {
          B->stats[k].positions += W->positions[k];
          B->stats[k].won += W->won[k];
          B->stats[k].lost += W->lost[k];
          B->stats[k].longest_win = MAX (B->stats[k].longest_win, W->longest_win[k]);
        }
      g_clear_pointer (&W->out, g_array_unref);
      g_clear_pointer (&W->queue, g_array_unref);
    }
}

static gboolean
solve_pair (Build         *B,
            guint          a,
            guint          b,
            GCancellable  *cancellable,
            GError       **error)
{
  guint n_t = a == b ? 1 : 2;
  g_autoptr(GArray) layer = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint last_seed = 0;
  gboolean ok = TRUE;

  memset (B->stats, 0, sizeof B->stats);
  B->na[0] = a;
  B->nb[0] = b;
  B->na[1] = b;
  B->nb[1] = a;
  for (guint t = 0; t < n_t; t++)
    {
      guint64 size = tafel_mill_egtb_table_size (B->na[t], B->nb[t]);
      guint8 *data = g_malloc0 (size);

      B->w[B->na[t]][B->nb[t]] = data;
      tafel_mill_egtb_set_table (B->tb, B->na[t], B->nb[t], data);
      B->cand[t] = g_new0 (guint64, size / 64 + 1);
      B->stats[t].tables = B->tb;
      B->stats[t].n_mover = B->na[t];
      B->stats[t].n_other = B->nb[t];
      B->stats[t].size = size;
    }

  for (guint t = 0; t < n_t; t++)
    run_parallel (B, first_look, NULL, B->stats[t].size, t, 0, layer, queue);
  for (guint d = 0; d < MAX_SEED; d++)
    if (B->seed_win[d] != NULL || B->seed_loss[d] != NULL)
      last_seed = d;

  for (guint d = 1; layer->len > 0 || d <= last_seed; d++)
    {
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (guint64));
      Worker seeds = { .B = B, .d = d };

      if (d > MAX_LAYER)
        {
          g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                       /* Translators: %d is a number of half-moves */
                       _("A win longer than %d plies does not fit the tables"), MAX_LAYER);
          ok = FALSE;
          break;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }

      run_parallel (B, take_back_layer, (const guint64 *) layer->data, layer->len, 0, d,
                    next, queue);

      if (d < MAX_SEED && B->seed_win[d] != NULL)
        for (guint i = 0; i < B->seed_win[d]->len; i++)
          {
            guint64 code = g_array_index (B->seed_win[d], guint64, i);

            resolved (&seeds, code & 1, code >> 1, d);
          }
      if (d < MAX_SEED && B->seed_loss[d] != NULL)
        for (guint i = 0; i < B->seed_loss[d]->len; i++)
          {
            guint64 code = g_array_index (B->seed_loss[d], guint64, i);

            if (cand_test_and_set (B, code & 1, code >> 1))
              g_array_append_val (queue, code);
          }
      if (seeds.out != NULL)
        g_array_append_vals (next, seeds.out->data, seeds.out->len);
      for (guint k = 0; k < 2; k++)
        {
          B->stats[k].won += seeds.won[k];
          B->stats[k].lost += seeds.lost[k];
          B->stats[k].longest_win = MAX (B->stats[k].longest_win, seeds.longest_win[k]);
        }
      g_clear_pointer (&seeds.out, g_array_unref);

      run_parallel (B, check_losses, (const guint64 *) queue->data, queue->len, 0, d, next, NULL);
      g_array_set_size (queue, 0);

      if (d < MAX_SEED)
        {
          g_clear_pointer (&B->seed_win[d], g_array_unref);
          g_clear_pointer (&B->seed_loss[d], g_array_unref);
        }
      g_array_unref (layer);
      layer = g_steal_pointer (&next);
    }

  for (guint d = 0; d < MAX_SEED; d++)
    {
      g_clear_pointer (&B->seed_win[d], g_array_unref);
      g_clear_pointer (&B->seed_loss[d], g_array_unref);
    }
  for (guint t = 0; t < n_t; t++)
    {
      g_clear_pointer (&B->cand[t], g_free);
      B->stats[t].drawn = B->stats[t].positions - B->stats[t].won - B->stats[t].lost;
    }

  return ok;
}

gboolean
tafel_mill_egtb_build_into (TafelMillEgtb          *tb,
                            guint                   max_stones,
                            guint                   n_threads,
                            TafelMillEgtbStatsFunc  func,
                            gpointer                user_data,
                            GCancellable           *cancellable,
                            GError                **error)
{
  g_autofree Build *B = g_new0 (Build, 1);

  g_return_val_if_fail (tb != NULL, FALSE);
  g_return_val_if_fail (max_stones >= MINS && max_stones <= MAXS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  B->t = tafel_mill_tables ();
  B->tb = tb;
  B->n_threads = n_threads > 0 ? n_threads : g_get_num_processors ();

  /* By the stones on the board, then the pairs a against b and b
   * against a (a >= b). */
  for (guint total = 2 * MINS; total <= 2 * max_stones; total++)
    for (guint b = MINS; b <= total / 2; b++)
      {
        guint a = total - b;
        gint64 start = g_get_monotonic_time ();
        const guint8 *held_ab = tafel_mill_egtb_table (tb, a, b);
        const guint8 *held_ba = tafel_mill_egtb_table (tb, b, a);

        if (a > max_stones)
          continue;
        /* Solved before: only read from now on. */
        if (held_ab != NULL && held_ba != NULL)
          {
            B->w[a][b] = (guint8 *) held_ab;
            B->w[b][a] = (guint8 *) held_ba;
            continue;
          }
        if (!solve_pair (B, a, b, cancellable, error))
          return FALSE;
        for (guint t = 0; t < (a == b ? 1u : 2u); t++)
          {
            B->stats[t].elapsed_us = g_get_monotonic_time () - start;
            if (func != NULL)
              func (&B->stats[t], user_data);
          }
      }

  return TRUE;
}

TafelMillEgtb *
tafel_mill_egtb_build (guint                   max_stones,
                       TafelMillEgtbStatsFunc  func,
                       gpointer                user_data,
                       GCancellable           *cancellable,
                       GError                **error)
{
  g_autoptr(TafelMillEgtb) tb = tafel_mill_egtb_new ();

  if (!tafel_mill_egtb_build_into (tb, max_stones, 1, func, user_data, cancellable, error))
    return NULL;
  return g_steal_pointer (&tb);
}
