/* test-mill-egtb.c: the solved Mill endgames
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tables under test are the build's (TAFEL_MILL_TABLES, made by
 * `tafel-cli mill-tables` at build time); the 3-3 table is also made here
 * by the builder and compared byte for byte.  They are checked against a
 * plain search written here (can the side to move force the end within
 * d plies?), which shares nothing with the tables but the move generator
 * of the rules, and against their own children.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-placing.h"
#include "tafel-mill-book-build.h"
#include "tafel-mill-egtb-build.h"
#include "tafel-mill-search.h"

static const TafelRules *R;
static const TafelMillEgtb *TB;
static char *tb_path;

static const guint tables[][2] = { { 3, 3 }, { 4, 3 }, { 3, 4 }, { 4, 4 } };

/* ---- a plain search, independent of the tables ---- */

static gboolean plain_loses_within (const TafelMillState *s, int d);

/* Can the side to move force a win within @d plies? */
static gboolean
plain_wins_within (const TafelMillState *s,
                   int                   d)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n;

  if (d <= 0)
    return FALSE;
  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      if (tafel_mill_popcount (child.stones[child.side]) < 3
          || plain_loses_within (&child, d - 1))
        return TRUE;
    }
  return FALSE;
}

/* Must the side to move lose within @d plies, whatever it plays? */
static gboolean
plain_loses_within (const TafelMillState *s,
                    int                   d)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = tafel_mill_generate (s, moves);

  if (n == 0)
    return TRUE;     /* blocked */
  if (d <= 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      if (tafel_mill_popcount (child.stones[child.side]) < 3
          || !plain_wins_within (&child, d - 1))
        return FALSE;
    }
  return TRUE;
}

static TafelMillState
position (guint32 mover,
          guint32 other,
          int     side)
{
  TafelMillState s = { 0 };

  s.stones[side] = mover;
  s.stones[side ^ 1] = other;
  s.side = side;
  s.key = tafel_mill_compute_key (&s);
  return s;
}

static guint32
random_set (GRand   *rand,
            guint    n,
            guint32  taken)
{
  guint32 set = 0;

  while (tafel_mill_popcount (set) < n)
    {
      guint p = g_rand_int_range (rand, 0, TAFEL_MILL_POINTS);

      if (!((set | taken) & (1u << p)))
        set |= 1u << p;
    }
  return set;
}

/* The table's word on @s against the plain search's up to @depth plies. */
static void
compare_with_plain (const TafelMillState *s,
                    int                   depth,
                    guint                *decided)
{
  TafelValue value;
  int plies, found = 0, at = -1;

  g_assert_true (tafel_mill_egtb_lookup (TB, s, &value, &plies));
  for (int d = 0; d <= depth && found == 0; d++)
    {
      if (plain_wins_within (s, d))
        found = 1, at = d;
      else if (plain_loses_within (s, d))
        found = -1, at = d;
    }

  if (value == TAFEL_VALUE_WIN && plies <= depth)
    {
      g_assert_cmpint (found, ==, 1);
      g_assert_cmpint (at, ==, plies);
    }
  else if (value == TAFEL_VALUE_LOSS && plies <= depth)
    {
      g_assert_cmpint (found, ==, -1);
      g_assert_cmpint (at, ==, plies);
    }
  else
    g_assert_cmpint (found, ==, 0);
  *decided += found != 0;
}

/* Random positions, and random won or lost entries of each table (most
 * positions of the larger tables are draws). */
static void
test_plain_search (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  static const int depth[] = { 3, 4, 4, 7 };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      guint a = tables[t][0], b = tables[t][1];
      const guint8 *table = tafel_mill_egtb_table (TB, a, b);
      guint64 size = tafel_mill_egtb_table_size (a, b);
      gint64 start = g_get_monotonic_time ();
      guint decided = 0, decisive = 0;
      int shortest = G_MAXINT;

      for (guint i = 0; i < 1000; i++)
        {
          guint32 mover = random_set (rand, a, 0);
          guint32 other = random_set (rand, b, mover);
          TafelMillState s = position (mover, other, i & 1);

          compare_with_plain (&s, depth[t], &decided);
        }
      /* From a random start, every won or lost entry near enough. */
      for (guint64 i = 0, idx = g_rand_int (rand) % size; i < size && decisive < 300; i++)
        {
          guint32 mover, other;
          TafelMillState s;

          idx = (idx + 7919) % size;
          if (table[idx] == 0)
            continue;
          shortest = MIN (shortest, table[idx] - 1);
          if (table[idx] - 1 > depth[t] || !tafel_mill_egtb_position (a, b, idx, &mover, &other))
            continue;
          decisive++;
          s = position (mover, other, decisive & 1);
          compare_with_plain (&s, depth[t], &decided);
        }
      g_test_message ("%u-%u: %u positions decided within %d plies (the shortest win or loss: %d)",
                      a, b, decided, depth[t], shortest);
      g_test_message ("  %.1f s", (g_get_monotonic_time () - start) / 1e6);
      if (shortest <= depth[t])
        g_assert_cmpuint (decisive, >, 0);
    }
}

/* ---- the tables against themselves ---- */

/* A position's value from its children's, as the tables hold them. */
static void
check_children (guint32 mover,
                guint32 other)
{
  TafelMillState s = position (mover, other, 0);
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = tafel_mill_generate (&s, moves);
  /* wins rank above draws above losses; quicker wins, slower losses */
  int best = n == 0 ? -1000 : G_MININT;
  int stored;
  TafelValue value;
  int plies;

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = s;
      TafelValue v;
      int p, r;

      tafel_mill_apply (&child, &moves[i]);
      if (tafel_mill_popcount (child.stones[child.side]) < 3)
        r = 1000 - 1;
      else
        {
          g_assert_true (tafel_mill_egtb_lookup (TB, &child, &v, &p));
          r = v == TAFEL_VALUE_DRAW ? 0 : v == TAFEL_VALUE_WIN ? -1000 + p + 1 : 1000 - p - 1;
        }
      best = MAX (best, r);
    }

  g_assert_true (tafel_mill_egtb_lookup (TB, &s, &value, &plies));
  stored = value == TAFEL_VALUE_DRAW ? 0 : value == TAFEL_VALUE_WIN ? 1000 - plies : -1000 + plies;
  g_assert_cmpint (stored, ==, best);
}

/* Every 3-3 position, a sample of the others: the value agrees with the
 * children's (for all positions this proves the table, by induction on the
 * distance, given the rules' move generator). */
static void
test_consistent (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      guint a = tables[t][0], b = tables[t][1];
      guint64 size = tafel_mill_egtb_table_size (a, b);
      guint64 step = t == 0 ? 1 : size / 40000 + 1;
      guint64 checked = 0;

      for (guint64 idx = t == 0 ? 0 : g_rand_int_range (rand, 0, step); idx < size; idx += step)
        {
          guint32 mover, other;

          if (!tafel_mill_egtb_position (a, b, idx, &mover, &other))
            continue;
          check_children (mover, other);
          checked++;
        }
      g_test_message ("%u-%u: %" G_GUINT64_FORMAT " positions agree with their children", a, b, checked);
    }
}

/* Entries: exact up to 252 plies, then "at least" (253 for a win, 254 for
 * a loss), the value always kept. */
static void
test_entries (void)
{
  for (int plies = 0; plies < 600; plies++)
    {
      TafelValue value = plies & 1 ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS;
      guint8 e = tafel_mill_egtb_entry_of (value, plies);

      g_assert_cmpint (tafel_mill_egtb_entry_value (e), ==, value);
      if (plies <= 252)
        g_assert_cmpint (e, ==, plies + 1);
      else
        g_assert_cmpint (e, ==, value == TAFEL_VALUE_WIN ? 254 : 255);
    }
  g_assert_cmpint (tafel_mill_egtb_entry_of (TAFEL_VALUE_DRAW, 0), ==, 0);
  g_assert_cmpint (tafel_mill_egtb_entry_value (0), ==, TAFEL_VALUE_DRAW);
}

/* tafel_mill_egtb_agrees () (behind `tafel-cli mill-tables --verify`)
 * finds every entry of the 3-3 table right and an entry changed in a copy
 * wrong: a win one ply slower, a loss called a draw. */
static void
test_agrees (void)
{
  guint64 size = tafel_mill_egtb_table_size (3, 3);
  g_autoptr(TafelMillEgtb) copy = tafel_mill_egtb_new ();
  guint8 *data = g_memdup2 (tafel_mill_egtb_table (TB, 3, 3), size);
  guint changed = 0;

  tafel_mill_egtb_set_table (copy, 3, 3, data);
  for (guint64 idx = 0; idx < size; idx++)
    {
      guint32 mover, other;
      guint8 was = data[idx];

      if (!tafel_mill_egtb_position (3, 3, idx, &mover, &other))
        continue;
      g_assert_true (tafel_mill_egtb_agrees (TB, mover, other));
      if (idx % 997 != 0 || was == 0)
        continue;
      data[idx] = tafel_mill_egtb_entry_value (was) == TAFEL_VALUE_WIN ? was + 2 : 0;
      g_assert_false (tafel_mill_egtb_agrees (copy, mover, other));
      data[idx] = was;
      changed++;
    }
  g_assert_cmpuint (changed, >, 100);
}

/* The index: symmetric positions share an entry, and an entry's position
 * is one of them. */
static void
test_symmetries (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const TafelMillTables *t = tafel_mill_tables ();
  const guint8 *perms;
  guint n = tafel_mill_egtb_symmetries (&perms);

  g_assert_cmpuint (n, ==, 16);
  for (guint g = 0; g < n; g++)
    {
      const guint8 *perm = perms + g * TAFEL_MILL_POINTS;

      for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
        for (guint q = 0; q < TAFEL_MILL_POINTS; q++)
          g_assert_cmpint (!!(t->adj[p] & (1u << q)), ==, !!(t->adj[perm[p]] & (1u << perm[q])));
      for (guint m = 0; m < TAFEL_MILL_MILLS; m++)
        {
          guint32 img = 0;
          gboolean found = FALSE;

          for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
            if (t->mills[m] & (1u << p))
              img |= 1u << perm[p];
          for (guint k = 0; k < TAFEL_MILL_MILLS; k++)
            found |= t->mills[k] == img;
          g_assert_true (found);
        }
      for (guint h = 0; h < g; h++)
        g_assert_false (memcmp (perm, perms + h * TAFEL_MILL_POINTS, TAFEL_MILL_POINTS) == 0);
    }

  for (guint i = 0; i < 20000; i++)
    {
      guint a = 3 + g_rand_int_range (rand, 0, 3), b = 3 + g_rand_int_range (rand, 0, 3);
      guint32 mover = random_set (rand, a, 0), other = random_set (rand, b, mover);
      guint64 idx = tafel_mill_egtb_index (mover, other);
      const guint8 *perm = perms + g_rand_int_range (rand, 0, n) * TAFEL_MILL_POINTS;
      guint32 m2 = 0, o2 = 0, cm, co;
      gboolean same = FALSE;

      for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
        {
          if (mover & (1u << p))
            m2 |= 1u << perm[p];
          if (other & (1u << p))
            o2 |= 1u << perm[p];
        }
      g_assert_cmpuint (tafel_mill_egtb_index (m2, o2), ==, idx);
      g_assert_cmpuint (idx, <, tafel_mill_egtb_table_size (a, b));
      g_assert_true (tafel_mill_egtb_position (a, b, idx, &cm, &co));
      for (guint g = 0; g < n && !same; g++)
        {
          guint32 m3 = 0, o3 = 0;

          for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
            {
              if (mover & (1u << p))
                m3 |= 1u << perms[g * TAFEL_MILL_POINTS + p];
              if (other & (1u << p))
                o3 |= 1u << perms[g * TAFEL_MILL_POINTS + p];
            }
          same = m3 == cm && o3 == co;
        }
      g_assert_true (same);
    }
}

/* Every 3-3 position (each side's stones, either side to move): its
 * entry is in the table and stands for one of its symmetric images, so
 * no two classes share an entry. */
static void
test_index_3_3 (void)
{
  const guint8 *perms;
  guint n = tafel_mill_egtb_symmetries (&perms);
  guint64 size = tafel_mill_egtb_table_size (3, 3), count = 0;

  for (guint32 mover = 0; mover < (1u << TAFEL_MILL_POINTS); mover++)
    {
      if (tafel_mill_popcount (mover) != 3)
        continue;
      for (guint a = 0; a < TAFEL_MILL_POINTS; a++)
        for (guint b = a + 1; b < TAFEL_MILL_POINTS; b++)
          for (guint c = b + 1; c < TAFEL_MILL_POINTS; c++)
            {
              guint32 other = (1u << a) | (1u << b) | (1u << c);
              guint64 idx;
              guint32 cm, co;
              gboolean same = FALSE;

              if (other & mover)
                continue;
              idx = tafel_mill_egtb_index (mover, other);
              g_assert_cmpuint (idx, <, size);
              g_assert_true (tafel_mill_egtb_position (3, 3, idx, &cm, &co));
              for (guint g = 0; g < n && !same; g++)
                {
                  const guint8 *perm = perms + g * TAFEL_MILL_POINTS;
                  guint32 m2 = 0, o2 = 0;

                  for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
                    {
                      if (mover & (1u << p))
                        m2 |= 1u << perm[p];
                      if (other & (1u << p))
                        o2 |= 1u << perm[p];
                    }
                  same = m2 == cm && o2 == co;
                }
              g_assert_true (same);
              count++;
            }
    }
  g_assert_cmpuint (count, ==, 2024 * 1330);
}

/* Sets of @k of the 24 points that symmetry @perm maps onto themselves:
 * unions of whole cycles of the permutation. */
static guint64
fixed_sets (const guint8 *perm,
            guint         k)
{
  guint64 ways[TAFEL_MILL_POINTS + 1] = { 1 };
  guint32 seen = 0;

  for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
    {
      guint len = 0;

      if (seen & (1u << p))
        continue;
      for (guint q = p; !(seen & (1u << q)); q = perm[q])
        {
          seen |= 1u << q;
          len++;
        }
      for (int n = TAFEL_MILL_POINTS; n >= (int) len; n--)
        ways[n] += ways[n - len];
    }
  return ways[k];
}

/* Up to nine stones a side: the number of classes of the side to move's
 * stones is Burnside's count of orbits under the 16 symmetries, and random
 * positions have an index in range that stands for one of their images. */
static void
test_index_large (void)
{
  const guint8 *perms;
  guint n = tafel_mill_egtb_symmetries (&perms);
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);

  for (guint k = 3; k <= TAFEL_MILL_EGTB_MAX_STONES; k++)
    {
      guint64 fixed = 0, binom3 = (24 - k) * (23 - k) * (22 - k) / 6;

      for (guint g = 0; g < n; g++)
        fixed += fixed_sets (perms + g * TAFEL_MILL_POINTS, k);
      g_assert_cmpuint (fixed % n, ==, 0);
      g_assert_cmpuint (tafel_mill_egtb_table_size (k, 3), ==, fixed / n * binom3);
    }

  for (guint i = 0; i < 3000; i++)
    {
      guint k = g_rand_int_range (rand, 5, TAFEL_MILL_EGTB_MAX_STONES + 1);
      guint j = g_rand_int_range (rand, 3, TAFEL_MILL_EGTB_MAX_STONES + 1);
      guint32 mover = 0, other = 0, cm, co;
      guint64 idx;
      gboolean same = FALSE;

      while (tafel_mill_popcount (mover) < k)
        mover |= 1u << g_rand_int_range (rand, 0, TAFEL_MILL_POINTS);
      while (tafel_mill_popcount (other) < j)
        other |= (1u << g_rand_int_range (rand, 0, TAFEL_MILL_POINTS)) & ~mover;
      idx = tafel_mill_egtb_index (mover, other);
      g_assert_cmpuint (idx, <, tafel_mill_egtb_table_size (k, j));
      g_assert_true (tafel_mill_egtb_position (k, j, idx, &cm, &co));
      for (guint g = 0; g < n && !same; g++)
        same = tafel_mill_egtb_symmetry_apply (g, mover) == cm
               && tafel_mill_egtb_symmetry_apply (g, other) == co;
      g_assert_true (same);
    }
}

static void
count_tables (const TafelMillEgtbStats *st,
              gpointer                  user_data)
{
  (*(guint *) user_data)++;
}

static char *tmp_path (const char *name);

/* The builder here makes the same tables as the build did, also when it
 * goes on from a table kept in a file of its own (as tafel-cli
 * mill-tables does after a stop): the 3-3 table is made, saved alone and
 * read back, and the 4-3, 3-4 and 4-4 tables made on top of it on two
 * threads (under valgrind only the 3-3 table). */
static void
test_build_small (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) small = tafel_mill_egtb_build (3, NULL, NULL, NULL, &error);
  g_autoptr(TafelMillEgtb) kept = NULL;
  g_autoptr(TafelMillEgtb) resumed = tafel_mill_egtb_new ();
  g_autofree char *path = tmp_path ("3-3.tbl");
  guint max = g_getenv ("TAFEL_UNDER_VALGRIND") != NULL ? 3 : 4;
  guint n_solved = 0;

  g_assert_no_error (error);
  g_assert_nonnull (small);
  g_assert_null (tafel_mill_egtb_table (small, 4, 3));
  g_assert_true (tafel_mill_egtb_save_table (small, 3, 3, path, &error));
  g_assert_no_error (error);
  kept = tafel_mill_egtb_load (path, &error);
  g_assert_no_error (error);
  tafel_mill_egtb_set_table (resumed, 3, 3, g_memdup2 (tafel_mill_egtb_table (kept, 3, 3),
                                                       tafel_mill_egtb_table_size (3, 3)));
  g_assert_true (tafel_mill_egtb_build_into (resumed, max, 2, count_tables, &n_solved, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_solved, ==, max == 3 ? 0 : 3);

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      guint a = tables[i][0], b = tables[i][1];

      if (a > max || b > max)
        continue;
      g_assert_true (memcmp (tafel_mill_egtb_table (resumed, a, b), tafel_mill_egtb_table (TB, a, b),
                             tafel_mill_egtb_table_size (a, b)) == 0);
    }
  g_assert_true (memcmp (tafel_mill_egtb_table (small, 3, 3), tafel_mill_egtb_table (TB, 3, 3),
                         tafel_mill_egtb_table_size (3, 3)) == 0);
  g_unlink (path);
}

/* ---- damaged files ---- */

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  char *dir = tmp_dir;

  if (dir == NULL)
    dir = tmp_dir = g_dir_make_tmp ("tafel-egtb-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

static void
assert_rejected (const char *contents,
                 gsize       len,
                 const char *why)
{
  g_autofree char *path = tmp_path ("bad.tbl");
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) tb = NULL;

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  tb = tafel_mill_egtb_load (path, &error);
  g_assert_null (tb);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  g_test_message ("%s: %s", why, error->message);
  g_assert_nonnull (strstr (error->message, "bad.tbl"));
}

static void
test_damaged (void)
{
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (tb_path, &contents, &len, NULL));
  assert_rejected (contents, len / 2, "truncated");
  assert_rejected (contents, len - 1, "one byte short");
  assert_rejected (contents, 20, "header only");
  assert_rejected ("", 0, "empty");
  contents[len - 1000] ^= 0x10;
  assert_rejected (contents, len, "a flipped bit");
  contents[len - 1000] ^= 0x10;
  contents[3] = 'X';
  assert_rejected (contents, len, "magic");
  contents[3] = 'E';
  contents[8] = 99;
  assert_rejected (contents, len, "version");
  contents[8] = 1;

  {
    g_autofree char *path = tmp_path ("good.tbl");
    g_autoptr(GError) error = NULL;
    g_autoptr(TafelMillEgtb) tb = NULL;

    g_assert_true (g_file_set_contents (path, contents, len, NULL));
    tb = tafel_mill_egtb_load (path, &error);
    g_assert_no_error (error);
    g_assert_nonnull (tb);
  }
}

/* A 3-3 position the tables hold: White a1 d1 b4, Black g7 f6 e5. */
static void
table_position (TafelState *state,
                int         clock)
{
  TafelMillState *s = TAFEL_MILL_STATE (state);

  R->init (state);
  s->hand[0] = s->hand[1] = 0;
  s->stones[0] = (1u << 0) | (1u << 9) | (1u << 4);
  s->stones[1] = (1u << 23) | (1u << 20) | (1u << 17);
  s->clock = clock;
  s->ply = 40;
  s->key = tafel_mill_compute_key (s);
}

/* With a damaged file the engine warns and plays by search. */
static void
test_fallback (void)
{
  if (g_test_subprocess ())
    {
      g_autofree TafelAnalysis *analysis = g_new0 (TafelAnalysis, 1);
      TafelState state;
      TafelMove move;
      g_autoptr(GRand) rand = g_rand_new_with_seed (1);

      /* The warning about the file is what is expected here. */
      g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
      g_assert_null (tafel_mill_egtb_get_default ());
      table_position (&state, 0);
      g_assert_true (R->choose_move (NULL, &state, NULL, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL, &move));
      g_assert_true (tafel_rules_is_legal (R, &state, &move));
      g_assert_true (tafel_mill_analyze (NULL, &state, NULL, analysis, NULL));
      /* the search's one move, not the tables' three best (b4-g1 with
       * any removal) */
      g_assert_cmpuint (analysis->n_best, ==, 1);
      return;
    }

  {
    g_autofree char *contents = NULL;
    g_autofree char *path = tmp_path ("damaged.tbl");
    gsize len;

    g_assert_true (g_file_get_contents (tb_path, &contents, &len, NULL));
    contents[len / 2] ^= 1;
    g_assert_true (g_file_set_contents (path, contents, len, NULL));
    g_setenv (TAFEL_MILL_EGTB_ENV, path, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDIN);
    g_setenv (TAFEL_MILL_EGTB_ENV, tb_path, TRUE);
    g_test_trap_assert_passed ();
    g_test_trap_assert_stderr ("*Mill endgame tables not used*damaged.tbl*checksum*");
  }
}

/* ---- the engine with the tables ---- */

/* analyze: the value, the distance and every best move. */
static void
test_analyze (void)
{
  g_autofree TafelAnalysis *analysis = g_new0 (TafelAnalysis, 1);
  TafelState state;
  TafelValue value;
  int plies;

  table_position (&state, 0);
  g_assert_true (tafel_mill_egtb_lookup (TB, TAFEL_MILL_CSTATE (&state), &value, &plies));
  g_assert_true (tafel_mill_analyze (NULL, &state, NULL, analysis, NULL));
  g_assert_cmpint (analysis->value, ==, value);
  g_assert_cmpint (analysis->plies, ==, value == TAFEL_VALUE_DRAW ? 0 : plies);
  g_assert_cmpuint (analysis->n_best, >, 0);
  for (guint i = 0; i < analysis->n_best; i++)
    {
      TafelState child = state;
      TafelUndo undo;
      TafelValue v;
      int p;

      R->make (&child, &analysis->best[i], &undo);
      if (tafel_mill_popcount (TAFEL_MILL_CSTATE (&child)->stones[TAFEL_MILL_CSTATE (&child)->side]) < 3)
        {
          g_assert_cmpint (value, ==, TAFEL_VALUE_WIN);
          g_assert_cmpint (plies, ==, 1);
          continue;
        }
      g_assert_true (tafel_mill_egtb_lookup (TB, TAFEL_MILL_CSTATE (&child), &v, &p));
      if (value == TAFEL_VALUE_WIN)
        g_assert_true (v == TAFEL_VALUE_LOSS && p == plies - 1);
      else if (value == TAFEL_VALUE_LOSS)
        g_assert_true (v == TAFEL_VALUE_WIN && p == plies - 1);
      else
        g_assert_cmpint (v, ==, TAFEL_VALUE_DRAW);
    }

  /* Where a move could repeat a position of the game, the search (which
   * knows the history) decides. */
  {
    TafelState child;
    TafelMove moves[TAFEL_MAX_MOVES];
    TafelUndo undo;
    guint64 seen;
    TafelHistory history = { &seen, 1 };

    table_position (&state, 10);
    g_assert_cmpuint (R->legal_moves (&state, moves), >, 0);
    child = state;
    R->make (&child, &moves[0], &undo);
    seen = R->hash (&child);
    g_assert_true (tafel_mill_analyze (NULL, &state, &history, analysis, NULL));
    g_assert_cmpuint (analysis->n_best, ==, 1);
    g_assert_true (tafel_mill_analyze (NULL, &state, NULL, analysis, NULL));
    g_assert_cmpuint (analysis->n_best, >, 1);
  }

  /* Near the 100 half-move rule the tables do not decide. */
  table_position (&state, TAFEL_MILL_DRAW_CLOCK - 1);
  if (value != TAFEL_VALUE_DRAW)
    {
      g_assert_false (tafel_mill_egtb_probe (TB, TAFEL_MILL_CSTATE (&state), &value, &plies));
      g_assert_true (tafel_mill_analyze (NULL, &state, NULL, analysis, NULL));
      g_assert_cmpuint (analysis->n_best, ==, 1);
    }
}

/* The search outside the tables: a capture that enters a table gets the
 * table's exact value at once.  From a 3-3 position lost for Black in d
 * >= 4 plies where White's stones form a mill, White's last stone goes
 * back into its hand and Black gets a fourth stone: that position (not
 * held) is won for White in at most d + 1 (placing the stone, taking the
 * fourth), which a 2-ply search proves with the tables and cannot
 * without. */
static void
test_search_leaves (void)
{
  const guint8 *table = tafel_mill_egtb_table (TB, 3, 3);
  guint64 size = tafel_mill_egtb_table_size (3, 3);
  guint found = 0;

  for (guint64 idx = 0; idx < size && found < 5; idx++)
    {
      guint32 black, white, empty;
      int d = table[idx] - 1;
      guint m, r;
      TafelState state;
      TafelMillState *s = TAFEL_MILL_STATE (&state);
      TafelMillSearchLimits limits = { .max_depth = 2 };
      TafelMillSearchResult result;
      TafelValue v;
      int p;

      if (table[idx] == 0 || tafel_mill_egtb_entry_value (table[idx]) != TAFEL_VALUE_LOSS || d < 4
          || !tafel_mill_egtb_position (3, 3, idx, &black, &white)
          || tafel_mill_in_mills (white) != white)
        continue;
      empty = TAFEL_MILL_ALL & ~(white | black);
      m = __builtin_ctz (white);
      r = __builtin_ctz (empty);
      if (tafel_mill_in_mills (black | (1u << r)) & (1u << r))
        continue;

      R->init (&state);
      s->hand[0] = 1;
      s->hand[1] = 0;
      s->stones[0] = white & ~(1u << m);
      s->stones[1] = black | (1u << r);
      s->key = tafel_mill_compute_key (s);
      g_assert_false (tafel_mill_egtb_lookup (TB, s, &v, &p));

      g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
      g_assert_true (result.proven);
      g_assert_cmpint (result.score, >, 0);
      g_assert_cmpint (result.plies, <=, d + 1);
      limits.flags = TAFEL_MILL_SEARCH_NO_TABLES;
      g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
      g_assert_false (result.proven);
      found++;
    }
  g_assert_cmpuint (found, ==, 5);
}

/* In a drawn 4-4 position the search keeps to drawing moves and ranks
 * them within half a stone of a draw (DRAW_BAND), not all at 0. */
static void
test_search_draws (void)
{
  const guint8 *table = tafel_mill_egtb_table (TB, 4, 4);
  guint64 size = tafel_mill_egtb_table_size (4, 4);
  guint found = 0, nonzero = 0;

  for (guint64 idx = 0; idx < size && found < 20; idx += 9973)
    {
      guint32 mover, other;
      TafelState state;
      TafelMillState *s = TAFEL_MILL_STATE (&state), child;
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelMillSearchLimits limits = { .max_depth = 3 };
      TafelMillSearchResult result;
      TafelValue v;
      int p;

      if (table[idx] != 0 || !tafel_mill_egtb_position (4, 4, idx, &mover, &other))
        continue;
      R->init (&state);
      s->hand[0] = s->hand[1] = 0;
      s->stones[0] = mover;
      s->stones[1] = other;
      s->key = tafel_mill_compute_key (s);
      if (tafel_mill_generate (s, moves) == 0)
        continue;

      g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
      g_assert_false (result.proven);
      g_assert_cmpint (ABS (result.score), <, 50);
      nonzero += result.score != 0;
      child = *s;
      tafel_mill_apply (&child, &result.best);
      g_assert_true (tafel_mill_egtb_lookup (TB, &child, &v, &p));
      g_assert_cmpint (v, ==, TAFEL_VALUE_DRAW);
      found++;
    }
  g_assert_cmpuint (found, ==, 20);
  g_assert_cmpuint (nonzero, >, 0);
}

/* While stones are still placed, a line that enters a drawn table ends
 * there (the depth goes to the placing): two placements before a 4-4
 * table, twelve plies cost a few times three (253 nodes against 64),
 * where searching on below the draws cost about 240,000. */
static void
test_placing_draws_end (void)
{
  const guint8 *table = tafel_mill_egtb_table (TB, 4, 4);
  guint64 size = tafel_mill_egtb_table_size (4, 4);
  guint64 idx;
  guint32 mover, other;
  TafelState state;
  TafelMillState *s = TAFEL_MILL_STATE (&state);
  TafelMillSearchLimits shallow = { .max_depth = 3 }, deep = { .max_depth = 12 };
  TafelMillSearchResult r3, r12;

  for (idx = 0; idx < size && table[idx] != 0; idx++)
    ;
  g_assert_true (tafel_mill_egtb_position (4, 4, idx, &mover, &other));
  R->init (&state);
  *s = position (mover & (mover - 1), other & (other - 1), 0);
  s->hand[0] = s->hand[1] = 1;
  s->key = tafel_mill_compute_key (s);

  g_assert_true (tafel_mill_search (&state, NULL, &shallow, NULL, NULL, &r3));
  g_assert_true (tafel_mill_search (&state, NULL, &deep, NULL, NULL, &r12));
  g_assert_cmpuint (r12.depth, ==, 12);
  g_test_message ("nodes: %" G_GUINT64_FORMAT " to depth 3, %" G_GUINT64_FORMAT " to 12",
                  r3.nodes, r12.nodes);
  g_assert_cmpuint (r12.nodes, <, 10 * r3.nodes);
}

/* The value of a placing position by plain minimax down to the tables,
 * with no pruning, remembering each position's exact value in @seen (by
 * key): -1, 0 or 1 for the side to move. */
static int
plain_placing_value (const TafelMillState *s,
                     GHashTable           *seen)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  gpointer known;
  int best = -1;
  guint n;

  if (tafel_mill_material (s, s->side) < 3)
    return -1;
  if (tafel_mill_material (s, s->side ^ 1) < 3)
    return 1;
  if (!s->pending && s->hand[0] == 0 && s->hand[1] == 0)
    {
      TafelValue v;
      int p;

      g_assert_true (tafel_mill_egtb_lookup (TB, s, &v, &p));
      return v == TAFEL_VALUE_WIN ? 1 : v == TAFEL_VALUE_LOSS ? -1 : 0;
    }
  if (g_hash_table_lookup_extended (seen, &s->key, NULL, &known))
    return GPOINTER_TO_INT (known);
  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;
      int v;

      tafel_mill_apply (&child, &moves[i]);
      v = plain_placing_value (&child, seen);
      best = MAX (best, child.side == s->side ? v : -v);
    }
  g_hash_table_insert (seen, g_memdup2 (&s->key, sizeof s->key), GINT_TO_POINTER (best));
  return best;
}

/* A random placing position: @white and @black stones on the board
 * (none in a mill), @hand in White's hand, Black's one more when Black is
 * to move. */
static TafelMillState
placing_position (GRand *rand,
                  guint  white,
                  guint  black,
                  guint  hand,
                  int    side)
{
  TafelMillState s;

  do
    {
      guint32 w = random_set (rand, white, 0);
      guint32 b = random_set (rand, black, w);

      s = position (side == 0 ? w : b, side == 0 ? b : w, side);
    }
  while (tafel_mill_in_mills (s.stones[0]) != 0 || tafel_mill_in_mills (s.stones[1]) != 0);
  s.hand[0] = hand;
  s.hand[1] = hand + side;
  s.key = tafel_mill_compute_key (&s);
  return s;
}

/* The last placements solved down to the tables agree with a plain
 * minimax, move by move, on random positions three and four placements
 * before the end (both sides four stones at most, so the 4-4 tables hold
 * every end); out of nodes, the first moves are solved and the rest
 * unknown; positions that need a table the file lacks are not solved. */
#define N_PLACING 150

static void
test_placing_solve (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  g_autoptr(TafelMillPlacing) solver = NULL;
  g_autoptr(TafelMillPlacing) kept = tafel_mill_placing_new (12);
  guint counts[3] = { 0 };

  for (guint i = 0; i < N_PLACING; i++)
    {
      int side = i & 1;
      /* two stones each and two in hand, mostly drawn; or one side a
       * stone behind, often decided by a mill */
      guint kind = i / 2 % 3;
      TafelMillState s = placing_position (rand, kind == 2 ? 1 : 2, kind == 1 ? 1 : 2,
                                           2 - side, side);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelValue values[TAFEL_MAX_MOVES], kept_values[TAFEL_MAX_MOVES];
      guint n = tafel_mill_generate (&s, moves);
      guint64 nodes;

      g_assert_true (tafel_mill_placing_solvable (TB, &s));
      /* a new table for each, so the table of one cannot hide a bug
       * from the next; and one kept throughout, as the searcher keeps it */
      g_clear_pointer (&solver, tafel_mill_placing_free);
      solver = tafel_mill_placing_new (16);
      g_assert_cmpuint (tafel_mill_placing_solve (solver, TB, &s, moves, n, values, 0, 0, NULL, &nodes),
                        ==, n);
      g_assert_cmpuint (tafel_mill_placing_solve (kept, TB, &s, moves, n, kept_values, 0, 0, NULL, NULL),
                        ==, n);
      g_assert_cmpmem (values, n * sizeof values[0], kept_values, n * sizeof kept_values[0]);
      g_assert_cmpuint (nodes, >, 0);
      for (guint m = 0; m < n; m++)
        {
          TafelMillState child = s;
          int v;

          tafel_mill_apply (&child, &moves[m]);
          v = plain_placing_value (&child, seen);
          if (child.side != s.side)
            v = -v;
          g_assert_cmpint (values[m], ==, v > 0 ? TAFEL_VALUE_WIN
                                          : v < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW);
          counts[v + 1]++;
        }
    }
  /* the test sees all three values */
  g_test_message ("moves lost %u, drawn %u, won %u", counts[0], counts[1], counts[2]);
  g_assert_cmpuint (counts[0], >, 0);
  g_assert_cmpuint (counts[1], >, 0);
  g_assert_cmpuint (counts[2], >, 0);

  {
    TafelMillState s = placing_position (rand, 2, 2, 2, 0), more = placing_position (rand, 3, 3, 2, 0);
    TafelMove moves[TAFEL_MAX_MOVES];
    TafelValue values[TAFEL_MAX_MOVES];
    guint n = tafel_mill_generate (&s, moves);
    guint64 nodes;

    TafelValue full[TAFEL_MAX_MOVES];
    guint64 all_nodes;
    guint k;

    /* out of nodes part of the way: the first moves solved, the others
     * unknown */
    g_clear_pointer (&solver, tafel_mill_placing_free);
    solver = tafel_mill_placing_new (16);
    g_assert_cmpuint (tafel_mill_placing_solve (solver, TB, &s, moves, n, full, 0, 0, NULL, &all_nodes),
                      ==, n);
    g_clear_pointer (&solver, tafel_mill_placing_free);
    solver = tafel_mill_placing_new (16);
    k = tafel_mill_placing_solve (solver, TB, &s, moves, n, values, 0, all_nodes / 2, NULL, &nodes);
    g_assert_cmpuint (k, >, 0);
    g_assert_cmpuint (k, <, n);
    g_assert_cmpuint (nodes, >=, all_nodes / 2);
    g_assert_cmpmem (values, k * sizeof values[0], full, k * sizeof full[0]);
    for (guint m = k; m < n; m++)
      g_assert_cmpint (values[m], ==, TAFEL_VALUE_UNKNOWN);
    /* five stones a side: the 5-x tables are not in the test's file */
    g_assert_false (tafel_mill_placing_solvable (TB, &more));
    n = tafel_mill_generate (&more, moves);
    g_assert_cmpuint (tafel_mill_placing_solve (solver, TB, &more, moves, n, values, 0, 0, NULL, NULL),
                      ==, 0);
    g_assert_cmpint (values[0], ==, TAFEL_VALUE_UNKNOWN);
  }
}

/* A search with small tables (the placing solver's as large as the
 * search's), so that the many searches below do not spend their time
 * clearing memory. */
#define SMALL_TT_BITS 14

static void
small_search (const TafelState            *state,
              const TafelMillSearchLimits *limits,
              TafelMillSearchResult       *result)
{
  g_autoptr(TafelMillSearcher) searcher = tafel_mill_searcher_new (SMALL_TT_BITS);

  g_assert_true (tafel_mill_searcher_run (searcher, state, NULL, limits, NULL, NULL, result));
}

/* A search by time with TAFEL_MILL_SEARCH_SOLVE_PLACING plays a move of
 * the best proven value and says that value, even when it looks only 2
 * plies deep; a 1-ply search without it plays worse somewhere in the
 * sample. */
static void
test_placing_root (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (61);
  guint worse = 0;

  for (guint i = 0; i < 60; i++)
    {
      int side = i & 1;
      TafelState state;
      TafelMillState *s = TAFEL_MILL_STATE (&state);
      TafelMillSearchLimits solving = { .max_depth = 2, .budget_us = 60 * G_USEC_PER_SEC,
                                        .flags = TAFEL_MILL_SEARCH_SOLVE_PLACING };
      TafelMillSearchLimits plain = { .max_depth = 1 };
      TafelMillSearchResult with, without;
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      TafelMillState child;
      int best, v;

      R->init (&state);
      *s = placing_position (rand, 2, i % 3 == 0 ? 1 : 2, 2 - side, side);
      best = plain_placing_value (s, seen);

      small_search (&state, &solving, &with);
      g_assert_cmpint (with.solved, ==, best > 0 ? TAFEL_VALUE_WIN
                                        : best < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW);
      g_assert_cmpuint (with.solver_nodes, >, 0);
      child = *s;
      tafel_mill_apply (&child, &with.best);
      v = plain_placing_value (&child, seen);
      g_assert_cmpint (child.side == s->side ? v : -v, ==, best);

      small_search (&state, &plain, &without);
      g_assert_cmpint (without.solved, ==, TAFEL_VALUE_UNKNOWN);
      child = *s;
      tafel_mill_apply (&child, &without.best);
      v = plain_placing_value (&child, seen);
      worse += (child.side == s->side ? v : -v) < best;
    }
  g_test_message ("the 1-ply search alone played worse in %u of 60", worse);
  g_assert_cmpuint (worse, >, 0);
}

/* A solve cut short by the solver's node budget: the root plays a move
 * of the best value among those it solved (the full solve's values),
 * though an unsolved one may be better, as long as one is won or drawn.
 * Where the budget proves only losses, the solver goes on with the rest
 * for as many nodes again, and where that proves no safe move either the
 * search chooses one it did not reach; where it solves no move, it stops
 * there.  A quarter of the nodes of the
 * full solve, so the cut comes somewhere in the middle; the first part
 * is checked against a solver of the searcher's size given the same
 * budget. */
static void
test_placing_root_partial (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (62);
  guint cases = 0, drawn = 0, went_on = 0, unsolved = 0, none = 0;

  for (guint i = 0; i < 600; i++)
    {
      int side = i & 1;
      TafelState state;
      TafelMillState *s = TAFEL_MILL_STATE (&state);
      g_autoptr(TafelMillPlacing) solver = tafel_mill_placing_new (SMALL_TT_BITS);
      g_autoptr(TafelMillPlacing) first = NULL;
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelValue full[TAFEL_MAX_MOVES], part[TAFEL_MAX_MOVES], best_solved = TAFEL_VALUE_LOSS;
      TafelMillSearchLimits limits = { .max_depth = 1, .flags = TAFEL_MILL_SEARCH_SOLVE_PLACING };
      TafelMillSearchResult r;
      guint n, k, played = G_MAXUINT;
      guint64 nodes, part_nodes;
      gboolean safe = FALSE;

      R->init (&state);
      /* the side to move a stone behind (many moves lose), ahead, level */
      *s = placing_position (rand, i % 3 == (guint) side ? 1 : 2, i % 3 == (guint) (side ^ 1) ? 1 : 2,
                             2 - side, side);
      n = tafel_mill_generate (s, moves);
      g_assert_cmpuint (tafel_mill_placing_solve (solver, TB, s, moves, n, full, 0, 0, NULL, &nodes),
                        ==, n);
      limits.placing_nodes = nodes / 8;
      first = tafel_mill_placing_new (SMALL_TT_BITS);
      k = tafel_mill_placing_solve (first, TB, s, moves, n, part, 0, limits.placing_nodes, NULL,
                                    &part_nodes);
      if (k == 0 || k == n)
        continue;
      cases++;
      g_assert_cmpmem (part, k * sizeof part[0], full, k * sizeof full[0]);
      for (guint m = 0; m < k; m++)
        safe |= part[m] != TAFEL_VALUE_LOSS;

      small_search (&state, &limits, &r);
      if (safe)
        {
          g_assert_cmpuint (r.solved_moves, ==, k);
          g_assert_cmpuint (r.solver_nodes, ==, part_nodes);
        }
      else
        {
          /* nothing but losses: it went on */
          g_assert_cmpuint (r.solved_moves, >=, k);
          g_assert_cmpuint (r.solver_nodes, >, part_nodes);
          went_on++;
        }
      for (guint m = 0; m < n; m++)
        if (tafel_move_equal (&moves[m], &r.best))
          played = m;
      g_assert_cmpuint (played, <, n);
      for (guint m = 0; m < r.solved_moves; m++)
        if (full[m] == TAFEL_VALUE_WIN || (full[m] == TAFEL_VALUE_DRAW && best_solved != TAFEL_VALUE_WIN))
          best_solved = full[m];
      if (best_solved == TAFEL_VALUE_LOSS)
        {
          /* nothing proven but losses: the search chooses among the rest */
          g_assert_cmpuint (played, >=, r.solved_moves);
          unsolved++;
        }
      else
        {
          g_assert_cmpuint (played, <, r.solved_moves);
          g_assert_cmpint (full[played], ==, best_solved);
          drawn += best_solved == TAFEL_VALUE_DRAW;
        }
      g_assert_cmpint (r.solved, ==, best_solved == TAFEL_VALUE_WIN ? TAFEL_VALUE_WIN
                                     : r.solved_moves < n ? TAFEL_VALUE_UNKNOWN
                                     : best_solved);
    }
  /* a budget that solves no move (six placements before the end): the
   * search keeps the rest of the time */
  for (guint i = 0; i < 10; i++)
    {
      TafelState state;
      TafelMillState *s = TAFEL_MILL_STATE (&state);
      g_autoptr(TafelMillPlacing) first = tafel_mill_placing_new (SMALL_TT_BITS);
      TafelMillSearchLimits limits = { .max_depth = 1, .placing_nodes = 1024,
                                       .flags = TAFEL_MILL_SEARCH_SOLVE_PLACING };
      TafelMillSearchResult r;
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelValue part[TAFEL_MAX_MOVES];
      guint64 part_nodes;
      guint n;

      R->init (&state);
      *s = placing_position (rand, 1, 1, 3 - (i & 1), i & 1);
      n = tafel_mill_generate (s, moves);
      if (tafel_mill_placing_solve (first, TB, s, moves, n, part, 0, limits.placing_nodes, NULL,
                                    &part_nodes) > 0)
        continue;
      small_search (&state, &limits, &r);
      g_assert_cmpuint (r.solved_moves, ==, 0);
      g_assert_cmpuint (r.solver_nodes, ==, part_nodes);
      none++;
    }
  g_test_message ("%u partial solves: %u went on past the first budget; "
                  "%u kept to proven draws, %u to unsolved moves; %u solved none",
                  cases, went_on, drawn, unsolved, none);
  g_assert_cmpuint (cases, >=, 100);
  g_assert_cmpuint (drawn, >, 0);
  g_assert_cmpuint (went_on, >, 0);
  g_assert_cmpuint (unsolved, >, 0);
  g_assert_cmpuint (none, >, 0);
}

/* Proving a book's move (tafel_mill_book_prove ()), against the plain
 * minimax: a move that does not lose is kept, with its value; one that
 * loses gives way to one that does not, where there is one; where every
 * move loses it stays; a position without a move gets one that does not
 * lose where there is one.  A position whose placing ends beyond the tables
 * is refused. */
static void
test_book_prove (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (63);
  g_autoptr(TafelMillBookProver) prover = tafel_mill_book_prover_new (TB, SMALL_TT_BITS, 2000);
  g_autoptr(GError) error = NULL;
  guint kept = 0, replaced = 0, lost = 0;
  TafelState start;
  TafelMillBookEntry entry = { 0 };
  TafelValue value;
  gboolean was_replaced;

  g_assert_nonnull (prover);
  for (guint i = 0; i < 120; i++)
    {
      int side = i & 1;
      TafelMillState s = placing_position (rand, i % 3 == (guint) side ? 1 : 2,
                                           i % 3 == (guint) (side ^ 1) ? 1 : 2, 2 - side, side);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      TafelMove moves[TAFEL_MAX_MOVES];
      int values[TAFEL_MAX_MOVES], best = -1;
      guint n = tafel_mill_generate (&s, moves), pick = 0, played = G_MAXUINT;
      gboolean want_loss = i / 2 % 2 == 0;

      for (guint m = 0; m < n; m++)
        {
          TafelMillState child = s;

          tafel_mill_apply (&child, &moves[m]);
          values[m] = plain_placing_value (&child, seen);
          if (child.side != s.side)
            values[m] = -values[m];
          best = MAX (best, values[m]);
          if ((values[m] < 0) == want_loss && (values[pick] < 0) != want_loss)
            pick = m;
        }

      /* a position new to the book: no move yet */
      entry = (TafelMillBookEntry) { { 0 }, 0, 0 };
      g_assert_true (tafel_mill_book_prove (prover, &s, &entry, &value, &was_replaced, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (was_replaced);
      for (guint m = 0; m < n; m++)
        if (tafel_move_equal (&moves[m], &entry.move))
          played = m;
      g_assert_cmpuint (played, <, n);
      g_assert_cmpint (values[played] >= 0, ==, best >= 0);
      g_assert_cmpint (value, ==, values[played] > 0 ? TAFEL_VALUE_WIN
                                  : values[played] < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW);
      played = G_MAXUINT;

      entry = (TafelMillBookEntry) { moves[pick], 17, 3 };
      g_assert_true (tafel_mill_book_prove (prover, &s, &entry, &value, &was_replaced, NULL, &error));
      g_assert_no_error (error);
      for (guint m = 0; m < n; m++)
        if (tafel_move_equal (&moves[m], &entry.move))
          played = m;
      g_assert_cmpuint (played, <, n);
      g_assert_cmpint (value, ==, values[played] > 0 ? TAFEL_VALUE_WIN
                                  : values[played] < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW);
      if (values[pick] >= 0 || best < 0)
        {
          g_assert_false (was_replaced);
          g_assert_cmpuint (played, ==, pick);
          g_assert_cmpint (entry.score, ==, 17);
          g_assert_cmpuint (entry.depth, ==, 3);
          kept += values[pick] >= 0;
          lost += values[pick] < 0;
        }
      else
        {
          g_assert_true (was_replaced);
          g_assert_cmpint (values[played], >=, 0);
          g_assert_cmpuint (entry.depth, >=, 1);
          replaced++;
        }
    }
  g_test_message ("%u book moves kept, %u replaced, %u lost whatever was played",
                  kept, replaced, lost);
  g_assert_cmpuint (kept, >, 0);
  g_assert_cmpuint (replaced, >, 0);
  g_assert_cmpuint (lost, >, 0);

  /* from the start, the placing ends in tables of nine stones */
  R->init (&start);
  entry.move = (TafelMove) { 1, { 0 } };
  g_assert_false (tafel_mill_book_prove (prover, TAFEL_MILL_CSTATE (&start), &entry, &value,
                                         &was_replaced, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_false (was_replaced);
}

/* The longest win of a table, by index. */
static guint64
longest_win (guint a,
             guint b)
{
  const guint8 *table = tafel_mill_egtb_table (TB, a, b);
  guint64 size = tafel_mill_egtb_table_size (a, b), best = 0;

  for (guint64 idx = 0; idx < size; idx++)
    if (tafel_mill_egtb_entry_value (table[idx]) == TAFEL_VALUE_WIN && table[idx] > table[best])
      best = idx;
  return best;
}

/* A table win further away than the 100 half-move rule allows (the clock
 * set so that it no longer fits) still ranks above every static value,
 * below a proven win, and the search keeps to a winning move; a search
 * without the tables scores it by the evaluation. */
static void
test_beyond_clock (void)
{
  guint64 idx = longest_win (3, 4);
  guint32 mover, other;
  TafelState state;
  TafelMillState *s = TAFEL_MILL_STATE (&state), child;
  TafelMillSearchLimits limits = { .max_depth = 3 };
  TafelMillSearchResult result;
  TafelValue value;
  int plies;

  g_assert_true (tafel_mill_egtb_position (3, 4, idx, &mover, &other));
  R->init (&state);
  *s = position (mover, other, 0);
  g_assert_true (tafel_mill_egtb_lookup (TB, s, &value, &plies));
  g_assert_cmpint (value, ==, TAFEL_VALUE_WIN);
  s->clock = TAFEL_MILL_DRAW_CLOCK - plies;
  g_assert_false (tafel_mill_egtb_probe (TB, s, &value, &plies));

  g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
  g_assert_false (result.proven);
  g_assert_cmpint (result.score, >, 19000);
  g_assert_cmpint (result.score, <, TAFEL_MILL_SCORE_WIN - 1000);
  child = *s;
  tafel_mill_apply (&child, &result.best);
  g_assert_true (tafel_mill_egtb_lookup (TB, &child, &value, &plies));
  g_assert_cmpint (value, ==, TAFEL_VALUE_LOSS);

  limits.flags = TAFEL_MILL_SEARCH_NO_TABLES;
  g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
  g_assert_cmpint (result.score, <, 19000);
}

/* Impossible against Impossible from each table's longest win, with the
 * clock set so that the win just fits before the 100 half-move rule: the
 * winner must take the quickest way (any slower winning line ends in a
 * draw by the clock). */
static void
test_converts (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      guint a = tables[t][0], b = tables[t][1];
      guint64 idx = longest_win (a, b);
      guint32 mover, other;
      g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
      TafelValue value;
      int plies, played = 0;
      TafelState state;
      TafelMillState *s = TAFEL_MILL_STATE (&state);
      TafelOutcome outcome;

      g_assert_true (tafel_mill_egtb_position (a, b, idx, &mover, &other));
      *s = position (mover, other, 1);
      s->clock = TAFEL_MILL_DRAW_CLOCK - 1 - (tafel_mill_egtb_table (TB, a, b)[idx] - 1);
      g_assert_true (tafel_mill_egtb_probe (TB, s, &value, &plies));
      g_assert_cmpint (value, ==, TAFEL_VALUE_WIN);
      g_test_message ("%u-%u: a win in %d plies from clock %u", a, b, plies, s->clock);

      for (;;)
        {
          TafelHistory history = { (const guint64 *) hashes->data, hashes->len };
          TafelMove move;
          TafelUndo undo;
          guint64 h;

          R->outcome (&state, &history, &outcome);
          if (outcome.status != TAFEL_STATUS_RUNNING)
            break;
          g_assert_true (R->choose_move (NULL, &state, &history, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL, &move));
          g_assert_true (tafel_rules_is_legal (R, &state, &move));
          h = R->hash (&state);
          g_array_append_val (hashes, h);
          R->make (&state, &move, &undo);
          played++;
          g_assert_cmpint (played, <=, plies);
        }
      g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
      g_assert_cmpint (outcome.winner, ==, 1);
      g_assert_cmpint (played, ==, plies);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) tb = NULL;

  g_test_init (&argc, &argv, NULL);
  R = tafel_rules_get (TAFEL_GAME_MILL);
  tafel_mill_tables ();

  tb_path = g_strdup (g_getenv (TAFEL_MILL_EGTB_ENV));
  g_assert_nonnull (tb_path);
  /* (test_fallback's subprocess is given a damaged file) */
  if (!g_test_subprocess ())
    {
      tb = tafel_mill_egtb_load (tb_path, &error);
      g_assert_no_error (error);
      TB = tb;
    }

  g_test_add_func ("/mill-egtb/symmetries", test_symmetries);
  g_test_add_func ("/mill-egtb/index-3-3", test_index_3_3);
  g_test_add_func ("/mill-egtb/index-large", test_index_large);
  g_test_add_func ("/mill-egtb/build-small", test_build_small);
  g_test_add_func ("/mill-egtb/consistent", test_consistent);
  g_test_add_func ("/mill-egtb/plain-search", test_plain_search);
  g_test_add_func ("/mill-egtb/damaged", test_damaged);
  g_test_add_func ("/mill-egtb/fallback", test_fallback);
  g_test_add_func ("/mill-egtb/analyze", test_analyze);
  g_test_add_func ("/mill-egtb/converts", test_converts);
  g_test_add_func ("/mill-egtb/search-leaves", test_search_leaves);
  g_test_add_func ("/mill-egtb/search-draws", test_search_draws);
  g_test_add_func ("/mill-egtb/placing-draws-end", test_placing_draws_end);
  g_test_add_func ("/mill-egtb/placing-solve", test_placing_solve);
  g_test_add_func ("/mill-egtb/placing-root", test_placing_root);
  g_test_add_func ("/mill-egtb/placing-root-partial", test_placing_root_partial);
  g_test_add_func ("/mill-egtb/book-prove", test_book_prove);
  g_test_add_func ("/mill-egtb/entries", test_entries);
  g_test_add_func ("/mill-egtb/agrees", test_agrees);
  g_test_add_func ("/mill-egtb/beyond-clock", test_beyond_clock);

  {
    int status = g_test_run ();

    if (tmp_dir != NULL)
      {
        static const char *const names[] = { "bad.tbl", "good.tbl", "damaged.tbl" };

        for (guint i = 0; i < G_N_ELEMENTS (names); i++)
          {
            g_autofree char *path = g_build_filename (tmp_dir, names[i], NULL);

            g_unlink (path);
          }
        g_rmdir (tmp_dir);
        g_free (tmp_dir);
      }
    g_free (tb_path);
    return status;
  }
}
