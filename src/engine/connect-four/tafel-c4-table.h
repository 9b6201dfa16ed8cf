/* tafel-c4-table.h: the Connect Four solver's transposition table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 2^bits buckets of two 8-byte entries (on huge pages where the kernel
 * has them): the position key (mirror images share an entry) is mixed by
 * a bijection and split into bucket index and a stored remainder, so a
 * hit is exact; each entry keeps a lower and an upper bound, the best
 * move and the work spent (the bucket keeps the costlier entry first);
 * positions near the end have a small table of their own that stays in
 * the caches.  Several search threads share it without locks: entries
 * are single 8-byte words, read and written whole.
 *
 * Private to the solver.  The probes are static inline here, for the
 * search's hot path; allocation, reset and freeing are in
 * tafel-c4-table.c.
 */
#pragma once

#include <glib.h>

#include "tafel-c4-position.h"

G_BEGIN_DECLS

#define KEY_BITS 49
#define KEY_MASK ((G_GUINT64_CONSTANT (1) << KEY_BITS) - 1)
#define KEY_MIX G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)

#define E_LOWER(e) ((int) (((e) >> 32) & 0xff) - 64)
#define E_UPPER(e) ((int) (((e) >> 40) & 0xff) - 64)
#define E_MOVE(e) ((int) (((e) >> 48) & 0xf))
#define E_WORK(e) ((guint) (((e) >> 52) & 0x3f))
#define NO_MOVE 15
/* An entry belongs to the table's generation in its top 6 bits (1-63):
 * a reset starts a new generation, older entries count as empty.  The
 * stored key remainder and the generation together must match. */
#define E_GEN_SHIFT 58
#define E_MATCH_MASK (G_GUINT64_CONSTANT (0xffffffff) | G_GUINT64_CONSTANT (0x3f) << E_GEN_SHIFT)
#define MAX_GENERATION 63

/* Positions with NEAR_PLIES stones or more have a small table of their
 * own, 2^NEAR_BITS buckets (2 MiB) after the main one.  They are most of
 * the nodes, and their entries, each worth little work, mostly serve
 * within the same subtree: in a table that stays in the processor's
 * caches their probes are cheap, and they no longer push costlier
 * entries out of the main table.  That saves more time than the few
 * nodes more it costs; the threshold was measured (23 to 26 were about
 * as fast). */
#define NEAR_PLIES 24
#define NEAR_BITS 17
#define NEAR_BUCKETS (G_GUINT64_CONSTANT (1) << NEAR_BITS)

/* The sizes of the main table: 2^17 (2 MiB) to 2^30 buckets. */
#define TAFEL_C4_TABLE_MIN_BITS 17u
#define TAFEL_C4_TABLE_MAX_BITS 30u

typedef struct {
  guint64 *table;
  guint bits;
  guint64 n_buckets;
  guint64 *near;        /* NEAR_BUCKETS buckets after the table */
  guint64 generation;
} TafelC4Table;

/* Maps a table of 2^@bits buckets (clamped to the sizes above), or, when
 * that cannot be had, the largest smaller one that can, with a message
 * saying so; FALSE with @error only when even the smallest cannot. */
gboolean tafel_c4_table_init          (TafelC4Table *table,
                                       guint         bits,
                                       GError      **error);
/* Unmaps the table. */
void     tafel_c4_table_free          (TafelC4Table *table);
/* Forgets every entry. */
void     tafel_c4_table_reset         (TafelC4Table *table);
/* Bytes mapped (the main table and the near one). */
gsize    tafel_c4_table_bytes         (const TafelC4Table *table);

/* For tests: tables of more than @max_bytes are refused as if the
 * system had no memory for them (0: no limit). */
void     tafel_c4_table_set_max_bytes (gsize         max_bytes);

static inline guint64
entry_load (const guint64 *slot)
{
  return __atomic_load_n (slot, __ATOMIC_RELAXED);
}

static inline void
entry_store (guint64 *slot,
             guint64  value)
{
  __atomic_store_n (slot, value, __ATOMIC_RELAXED);
}

typedef struct {
  guint64 *bucket;
  guint64 match;        /* key remainder and generation */
  gboolean mirrored;
} Slot;

static inline void
tt_slot (const TafelC4Table *t,
         const TafelC4Pos   *p,
         Slot               *slot)
{
  guint64 key = tafel_c4_key (p);
  guint64 mkey = tafel_c4_mirror_bits (key);
  guint64 h, *base;
  guint bits;

  slot->mirrored = mkey < key;
  if (slot->mirrored)
    key = mkey;
  if (p->moves >= NEAR_PLIES)
    bits = NEAR_BITS, base = t->near;
  else
    bits = t->bits, base = t->table;
  h = (key * KEY_MIX) & KEY_MASK;       /* a bijection of 49-bit keys */
  slot->bucket = base + 2 * (h >> (KEY_BITS - bits));
  slot->match = (h & ((G_GUINT64_CONSTANT (1) << (KEY_BITS - bits)) - 1))
                | t->generation << E_GEN_SHIFT;
}

static inline guint64
tt_probe (const Slot *slot)
{
  guint64 e;

  e = entry_load (&slot->bucket[0]);
  if ((e & E_MATCH_MASK) == slot->match)
    return e;
  e = entry_load (&slot->bucket[1]);
  if ((e & E_MATCH_MASK) == slot->match)
    return e;

  return 0;
}

static inline void
tt_store (const Slot *slot,
          int         lower,
          int         upper,
          int         move,
          guint       work)
{
  guint64 e0 = entry_load (&slot->bucket[0]);
  guint64 e1 = entry_load (&slot->bucket[1]);
  guint64 e;
  guint work0;
  int index = -1;

  if ((e0 & E_MATCH_MASK) == slot->match)
    index = 0;
  else if ((e1 & E_MATCH_MASK) == slot->match)
    index = 1;
  /* An entry of an older generation is worth nothing. */
  work0 = (e0 >> E_GEN_SHIFT) == (slot->match >> E_GEN_SHIFT) ? E_WORK (e0) : 0;

  if (index >= 0)
    {
      guint64 old = index == 0 ? e0 : e1;

      /* Bounds stay true bounds: keep the tighter of old and new. */
      lower = MAX (lower, E_LOWER (old));
      upper = MIN (upper, E_UPPER (old));
      if (move == NO_MOVE)
        move = E_MOVE (old);
      work = MAX (work, E_WORK (old));
    }

  if (move != NO_MOVE && slot->mirrored)
    move = TAFEL_C4_WIDTH - 1 - move;

  e = slot->match
      | (guint64) (lower + 64) << 32
      | (guint64) (upper + 64) << 40
      | (guint64) move << 48
      | (guint64) MIN (work, 63u) << 52;

  if (index == 1 && work >= work0)
    {
      entry_store (&slot->bucket[1], e0);
      entry_store (&slot->bucket[0], e);
    }
  else if (index >= 0)
    entry_store (&slot->bucket[index], e);
  else if (work >= work0)
    {
      entry_store (&slot->bucket[1], e0);
      entry_store (&slot->bucket[0], e);
    }
  else
    entry_store (&slot->bucket[1], e);
}

static inline int
tt_move (const Slot *slot,
         guint64     e)
{
  int move = E_MOVE (e);

  if (move != NO_MOVE && slot->mirrored)
    move = TAFEL_C4_WIDTH - 1 - move;

  return move;
}

G_END_DECLS
