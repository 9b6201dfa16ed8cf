/* tafel-mill-egtb.c: solved Nine Men's Morris endgames — index, files, probing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The symmetries are not written down: they are found once as the
 * permutations of the points that keep the neighbours and the mills of
 * tafel_mill_tables () (16 of them).  A set of stones is turned by three
 * byte lookups.  The side to move's stones are ranked in the
 * combinatorial number system, and the rank maps to the class of the
 * smallest image under the symmetries; the other side's stones are ranked
 * among the points left empty, taken in the symmetry that gives the
 * smallest side to move's set and, among those, the smallest other set.
 *
 * File layout (little-endian): "TAFELMTB", version (u32), number of
 * tables (u32), SHA-256 of everything after the header (32 bytes); then
 * per table n_mover (u8), n_other (u8), two zero bytes, zero (u32) and the
 * size in bytes (u64); then the tables' bytes in that order.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tafel-checked-file.h"
#include "tafel-data.h"
#include "tafel-error.h"
#include "tafel-file.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-exact.h"

#define N_SYM 16
#define MAXS TAFEL_MILL_EGTB_MAX_STONES
#define MINS TAFEL_MILL_EGTB_MIN_STONES
#define BIT(p) (1u << (p))
#define LOWEST(x) ((guint) __builtin_ctz (x))

#define FILE_MAGIC "TAFELMTB"
#define FILE_VERSION 1
#define HEADER_SIZE 48
#define DIR_ENTRY_SIZE 16
#define MAX_TABLES ((MAXS - MINS + 1) * (MAXS - MINS + 1))
/* From this size on a file whose checksum was found right before is not
 * hashed again at load (tafel-checked-file.h): the tables up to 6-6 and
 * beyond.  The shipped ones, up to 4-4 (5.7 MB), are checked at every
 * load. */
#define CHECKED_ONCE_SIZE ((gsize) 256 << 20)

/* ---- the index ---- */

typedef struct {
  guint8 perm[N_SYM][TAFEL_MILL_POINTS];
  guint32 lut[N_SYM][3][256];
  guint64 binom[TAFEL_MILL_POINTS + 1][MAXS + 1];
  guint32 *class_of_rank[MAXS + 1];    /* rank of a k-set -> its class */
  guint16 *to_class[MAXS + 1];         /* rank of a k-set -> the symmetries
                                        * that turn it into its class's set */
  guint32 *class_mask[MAXS + 1];       /* class -> its smallest set */
  guint n_classes[MAXS + 1];
} Index;

static Index I;

/* Symmetries by backtracking: the points are given images in an order
 * where each (after the first) neighbours an earlier one. */
typedef struct {
  const TafelMillTables *t;
  guint8 order[TAFEL_MILL_POINTS];
  guint8 image[TAFEL_MILL_POINTS];
  guint32 used;
  guint n_found;
} SymSearch;

static gboolean
keeps_mills (const SymSearch *ss)
{
  for (guint m = 0; m < TAFEL_MILL_MILLS; m++)
    {
      guint32 img = 0;
      gboolean is_mill = FALSE;

      for (guint32 b = ss->t->mills[m]; b != 0; b &= b - 1)
        img |= BIT (ss->image[LOWEST (b)]);
      for (guint k = 0; k < TAFEL_MILL_MILLS; k++)
        is_mill |= ss->t->mills[k] == img;
      if (!is_mill)
        return FALSE;
    }
  return TRUE;
}

static void
find_symmetries (SymSearch *ss,
                 guint      depth)
{
  guint p;

  if (depth == TAFEL_MILL_POINTS)
    {
      if (keeps_mills (ss))
        {
          g_assert (ss->n_found < N_SYM);
          for (guint q = 0; q < TAFEL_MILL_POINTS; q++)
            I.perm[ss->n_found][q] = ss->image[q];
          ss->n_found++;
        }
      return;
    }

  p = ss->order[depth];
  for (guint img = 0; img < TAFEL_MILL_POINTS; img++)
    {
      gboolean fits = (ss->used & BIT (img)) == 0
                      && tafel_mill_popcount (ss->t->adj[p]) == tafel_mill_popcount (ss->t->adj[img]);

      for (guint d = 0; d < depth && fits; d++)
        {
          guint q = ss->order[d];
          gboolean a = (ss->t->adj[p] & BIT (q)) != 0;
          gboolean b = (ss->t->adj[img] & BIT (ss->image[q])) != 0;

          fits = a == b;
        }
      if (!fits)
        continue;
      ss->image[p] = img;
      ss->used |= BIT (img);
      find_symmetries (ss, depth + 1);
      ss->used &= ~BIT (img);
    }
}

static inline guint32
sym_apply (guint    g,
           guint32  set)
{
  return I.lut[g][0][set & 0xff] | I.lut[g][1][(set >> 8) & 0xff] | I.lut[g][2][set >> 16];
}

/* Rank of a set of k points in the combinatorial number system. */
static inline guint64
set_rank (guint32 set)
{
  guint64 r = 0;

  for (guint i = 1; set != 0; set &= set - 1, i++)
    r += I.binom[LOWEST (set)][i];
  return r;
}

/* The set of @k points of rank @r: the largest point first, each the
 * largest c with C(c, i) <= what is left of the rank. */
static guint32
set_unrank (guint64 r,
            guint   k)
{
  guint32 set = 0;
  guint c = TAFEL_MILL_POINTS;

  for (guint i = k; i >= 1; i--)
    {
      do
        c--;
      while (I.binom[c][i] > r);
      r -= I.binom[c][i];
      set |= BIT (c);
    }
  return set;
}

/* @set's points renumbered among the points of @room (in order). */
static inline guint32
compress (guint32 set,
          guint32 room)
{
  guint32 out = 0;

  for (; set != 0; set &= set - 1)
    {
      guint p = LOWEST (set);

      out |= BIT (tafel_mill_popcount (room & (BIT (p) - 1)));
    }
  return out;
}

static guint32
expand (guint32 set,
        guint32 room)
{
  guint32 out = 0;
  guint i = 0;

  for (; room != 0; room &= room - 1, i++)
    if (set & BIT (i))
      out |= BIT (LOWEST (room));
  return out;
}

static guint32
canonical_set (guint32 set)
{
  guint32 best = set;

  for (guint g = 1; g < N_SYM; g++)
    best = MIN (best, sym_apply (g, set));
  return best;
}

static void
build_index (void)
{
  SymSearch ss = { 0 };
  guint32 seen = 0;
  guint n = 0;

  ss.t = tafel_mill_tables ();

  /* Points in an order where each neighbours an earlier one. */
  ss.order[n++] = 0;
  seen = BIT (0);
  for (guint i = 0; i < n; i++)
    for (guint32 b = ss.t->adj[ss.order[i]] & ~seen; b != 0; b &= b - 1)
      {
        ss.order[n++] = LOWEST (b);
        seen |= BIT (LOWEST (b));
      }
  g_assert (n == TAFEL_MILL_POINTS);

  find_symmetries (&ss, 0);
  g_assert (ss.n_found == N_SYM);
  /* The identity first (it is the first found: every point its own). */
  for (guint q = 0; q < TAFEL_MILL_POINTS; q++)
    g_assert (I.perm[0][q] == q);

  for (guint g = 0; g < N_SYM; g++)
    for (guint c = 0; c < 3; c++)
      for (guint v = 0; v < 256; v++)
        {
          guint32 img = 0;

          for (guint b = 0; b < 8; b++)
            if (v & BIT (b) && c * 8 + b < TAFEL_MILL_POINTS)
              img |= BIT (I.perm[g][c * 8 + b]);
          I.lut[g][c][v] = img;
        }

  for (guint p = 0; p <= TAFEL_MILL_POINTS; p++)
    for (guint k = 0; k <= MAXS; k++)
      I.binom[p][k] = k == 0 ? 1 : p == 0 ? 0 : I.binom[p - 1][k - 1] + I.binom[p - 1][k];
}

/* The classes of the sets of @k points (for 3 to 9 stones together about
 * 0.5 s). */
static void
build_classes (guint k)
{
  guint64 total = I.binom[TAFEL_MILL_POINTS][k];
  GArray *masks = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 *class_of_rank = g_new (guint32, total);
  guint16 *to_class = g_new (guint16, total);

  /* The combinatorial number system ranks the sets in the numeric order
   * of their masks, so the canonical sets (each its own smallest image)
   * come sorted. */
  for (guint64 r = 0; r < total; r++)
    {
      guint32 set = set_unrank (r, k);

      class_of_rank[r] = canonical_set (set);
      if (class_of_rank[r] == set)
        g_array_append_val (masks, set);
      to_class[r] = 0;
      for (guint g = 0; g < N_SYM; g++)
        if (sym_apply (g, set) == class_of_rank[r])
          to_class[r] |= 1u << g;
    }
  for (guint64 r = 0; r < total; r++)
    {
      guint32 c = class_of_rank[r];
      guint lo = 0, hi = masks->len;

      while (lo < hi)
        {
          guint mid = (lo + hi) / 2;

          if (g_array_index (masks, guint32, mid) < c)
            lo = mid + 1;
          else
            hi = mid;
        }
      g_assert (lo < masks->len && g_array_index (masks, guint32, lo) == c);
      class_of_rank[r] = lo;
    }
  I.n_classes[k] = masks->len;
  I.class_mask[k] = (guint32 *) g_array_free (masks, FALSE);
  I.class_of_rank[k] = class_of_rank;
  I.to_class[k] = to_class;
}

static void
ensure_index (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      build_index ();
      g_once_init_leave (&done, 1);
    }
}

/* The index and the classes of @k stones, made when first needed: every
 * table's size asks for them (tafel_mill_egtb_table_size ()), so a table
 * that is held can be probed. */
static void
ensure_classes (guint k)
{
  static gsize done[MAXS + 1];

  ensure_index ();
  if (g_once_init_enter (&done[k]))
    {
      build_classes (k);
      g_once_init_leave (&done[k], 1);
    }
}

guint
tafel_mill_egtb_symmetries (const guint8 **perms)
{
  ensure_index ();
  *perms = &I.perm[0][0];
  return N_SYM;
}

guint32
tafel_mill_egtb_symmetry_apply (guint   g,
                                guint32 set)
{
  g_return_val_if_fail (g < N_SYM, set);

  ensure_index ();
  return sym_apply (g, set);
}

guint64
tafel_mill_egtb_table_size (guint n_mover,
                            guint n_other)
{
  g_return_val_if_fail (n_mover >= MINS && n_mover <= MAXS, 0);
  g_return_val_if_fail (n_other >= MINS && n_other <= MAXS, 0);

  ensure_classes (n_mover);
  return (guint64) I.n_classes[n_mover] * I.binom[TAFEL_MILL_POINTS - n_mover][n_other];
}

/* No checks: the hot path of the probe and the builder.  The side to
 * move's stones are turned into their class's set by the symmetries
 * to_class names (mostly one), and the other side's by the one of those
 * that gives the smallest set. */
static inline guint64
index_of (guint32 mover,
          guint32 other)
{
  guint k = tafel_mill_popcount (mover);
  guint j = tafel_mill_popcount (other);
  guint64 rank = set_rank (mover);
  guint32 cls = I.class_of_rank[k][rank];
  guint32 best_m = I.class_mask[k][cls];
  guint32 best_o = G_MAXUINT32;

  for (guint gs = I.to_class[k][rank]; gs != 0; gs &= gs - 1)
    best_o = MIN (best_o, sym_apply (LOWEST (gs), other));

  return (guint64) cls * I.binom[TAFEL_MILL_POINTS - k][j]
         + set_rank (compress (best_o, TAFEL_MILL_ALL & ~best_m));
}

guint64
tafel_mill_egtb_index (guint32 mover,
                       guint32 other)
{
  guint k = tafel_mill_popcount (mover);
  guint j = tafel_mill_popcount (other);

  g_return_val_if_fail (k >= MINS && k <= MAXS && j >= MINS && j <= MAXS, 0);
  g_return_val_if_fail ((mover & other) == 0 && ((mover | other) & ~TAFEL_MILL_ALL) == 0, 0);

  ensure_classes (k);
  return index_of (mover, other);
}

gboolean
tafel_mill_egtb_position (guint    n_mover,
                          guint    n_other,
                          guint64  index,
                          guint32 *mover,
                          guint32 *other)
{
  guint64 per_class;
  guint32 m, o;

  g_return_val_if_fail (index < tafel_mill_egtb_table_size (n_mover, n_other), FALSE);

  per_class = I.binom[TAFEL_MILL_POINTS - n_mover][n_other];
  m = I.class_mask[n_mover][index / per_class];
  o = expand (set_unrank (index % per_class, n_other), TAFEL_MILL_ALL & ~m);
  *mover = m;
  *other = o;

  /* Where the mover's set has symmetries of its own (those that turn
   * the class's set into itself), only the smallest image of the other
   * set is used. */
  for (guint gs = I.to_class[n_mover][set_rank (m)] & ~1u; gs != 0; gs &= gs - 1)
    if (sym_apply (LOWEST (gs), o) < o)
      return FALSE;
  return TRUE;
}

/* ---- a set of tables ---- */

struct _TafelMillEgtb {
  GBytes *bytes;                        /* a loaded file, or NULL */
  const guint8 *data[MAXS + 1][MAXS + 1];
  guint8 *owned[MAXS + 1][MAXS + 1];    /* tables set by a builder */
};

TafelMillEgtb *
tafel_mill_egtb_new (void)
{
  ensure_index ();
  return g_new0 (TafelMillEgtb, 1);
}

void
tafel_mill_egtb_free (TafelMillEgtb *tb)
{
  if (tb == NULL)
    return;
  for (guint a = 0; a <= MAXS; a++)
    for (guint b = 0; b <= MAXS; b++)
      g_free (tb->owned[a][b]);
  g_clear_pointer (&tb->bytes, g_bytes_unref);
  g_free (tb);
}

void
tafel_mill_egtb_set_table (TafelMillEgtb *tb,
                           guint          n_mover,
                           guint          n_other,
                           guint8        *data)
{
  g_return_if_fail (tb != NULL && data != NULL);
  g_return_if_fail (n_mover >= MINS && n_mover <= MAXS && n_other >= MINS && n_other <= MAXS);

  g_free (tb->owned[n_mover][n_other]);
  tb->owned[n_mover][n_other] = data;
  tb->data[n_mover][n_other] = data;
}

const guint8 *
tafel_mill_egtb_table (const TafelMillEgtb *tb,
                       guint                n_mover,
                       guint                n_other)
{
  g_return_val_if_fail (tb != NULL, NULL);

  if (n_mover < MINS || n_mover > MAXS || n_other < MINS || n_other > MAXS)
    return NULL;
  return tb->data[n_mover][n_other];
}

static void
put32 (guint8  *p,
       guint32  v)
{
  v = GUINT32_TO_LE (v);
  memcpy (p, &v, 4);
}

static void
put64 (guint8  *p,
       guint64  v)
{
  v = GUINT64_TO_LE (v);
  memcpy (p, &v, 8);
}

static guint32
get32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

static guint64
get64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

static void
sha256 (const guint8 *data,
        gsize         len,
        guint8        digest[32])
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize digest_len = 32;

  g_checksum_update (sum, data, len);
  g_checksum_get_digest (sum, digest, &digest_len);
}

static guint64
total_size (const TafelFilePart *parts,
            guint                n_parts)
{
  guint64 size = 0;

  for (guint i = 0; i < n_parts; i++)
    size += parts[i].length;
  return size;
}

/* Writes the tables @tb holds, or only @n_mover against @n_other when
 * @n_mover is not 0, straight from memory (the file of every table up to
 * 9-9 has 9 GB). */
static gboolean
save_tables (const TafelMillEgtb *tb,
             guint                n_mover,
             guint                n_other,
             const char          *path,
             GError             **error)
{
  guint8 header[HEADER_SIZE] = { 0 };
  guint8 dir[MAX_TABLES * DIR_ENTRY_SIZE] = { 0 };
  TafelFilePart parts[MAX_TABLES + 2];
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize digest_len = 32;
  guint n_tables = 0;

  for (guint a = MINS; a <= MAXS; a++)
    for (guint b = MINS; b <= MAXS; b++)
      if (tb->data[a][b] != NULL && (n_mover == 0 || (a == n_mover && b == n_other)))
        {
          guint8 *d = dir + n_tables * DIR_ENTRY_SIZE;
          guint64 size = tafel_mill_egtb_table_size (a, b);

          d[0] = a;
          d[1] = b;
          put64 (d + 8, size);
          parts[2 + n_tables] = (TafelFilePart) { tb->data[a][b], size };
          n_tables++;
        }
  g_return_val_if_fail (n_tables > 0, FALSE);

  parts[0] = (TafelFilePart) { header, HEADER_SIZE };
  parts[1] = (TafelFilePart) { dir, n_tables * DIR_ENTRY_SIZE };
  for (guint i = 1; i < 2 + n_tables; i++)
    g_checksum_update (sum, parts[i].data, parts[i].length);
  memcpy (header, FILE_MAGIC, 8);
  put32 (header + 8, FILE_VERSION);
  put32 (header + 12, n_tables);
  g_checksum_get_digest (sum, header + 16, &digest_len);

  if (!tafel_file_replace_parts (path, parts, 2 + n_tables, 0644, error))
    return FALSE;
  if (total_size (parts, 2 + n_tables) >= CHECKED_ONCE_SIZE)
    tafel_checked_file_remember (path, header + 16);
  return TRUE;
}

gboolean
tafel_mill_egtb_save (const TafelMillEgtb *tb,
                      const char          *path,
                      GError             **error)
{
  g_return_val_if_fail (tb != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return save_tables (tb, 0, 0, path, error);
}

gboolean
tafel_mill_egtb_save_table (const TafelMillEgtb *tb,
                            guint                n_mover,
                            guint                n_other,
                            const char          *path,
                            GError             **error)
{
  g_return_val_if_fail (tb != NULL && path != NULL, FALSE);
  g_return_val_if_fail (tafel_mill_egtb_table (tb, n_mover, n_other) != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return save_tables (tb, n_mover, n_other, path, error);
}

static TafelMillEgtb *
format_error (GError    **error,
              const char *reason)
{
  g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
               /* Translators: %s says what is wrong with the file */
               _("Not a valid Mill endgame tables file: %s"), reason);
  return NULL;
}

/* @checked: the file's SHA-256 was found right before (see
 * tafel_mill_egtb_load ()), so only its layout is checked. */
static TafelMillEgtb *
from_bytes (GBytes    *bytes,
            gboolean   checked,
            GError   **error)
{
  g_autoptr(TafelMillEgtb) tb = NULL;
  gsize len;
  const guint8 *data;
  guint n_tables;
  guint64 offset;
  guint8 digest[32];

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &len);
  if (len < HEADER_SIZE || memcmp (data, FILE_MAGIC, 8) != 0)
    return format_error (error, _("it does not start like one"));
  if (get32 (data + 8) != FILE_VERSION)
    return format_error (error, _("it has another version"));
  n_tables = get32 (data + 12);
  if (n_tables == 0 || n_tables > MAX_TABLES
      || len < HEADER_SIZE + (gsize) n_tables * DIR_ENTRY_SIZE)
    return format_error (error, _("the list of tables is damaged"));

  tb = tafel_mill_egtb_new ();
  offset = HEADER_SIZE + (guint64) n_tables * DIR_ENTRY_SIZE;
  for (guint i = 0; i < n_tables; i++)
    {
      const guint8 *d = data + HEADER_SIZE + i * DIR_ENTRY_SIZE;
      guint a = d[0], b = d[1];

      if (a < MINS || a > MAXS || b < MINS || b > MAXS || tb->data[a][b] != NULL
          || get64 (d + 8) != tafel_mill_egtb_table_size (a, b))
        return format_error (error, _("the list of tables is damaged"));
      if (offset + get64 (d + 8) > len)
        return format_error (error, _("it is cut short"));
      tb->data[a][b] = data + offset;
      offset += get64 (d + 8);
    }
  if (offset != len)
    return format_error (error, _("its size does not match its tables"));

  if (!checked)
    {
      sha256 (data + HEADER_SIZE, len - HEADER_SIZE, digest);
      if (memcmp (digest, data + 16, 32) != 0)
        return format_error (error, _("the checksum does not match (the file is damaged)"));
    }

  tb->bytes = g_bytes_ref (bytes);
  return g_steal_pointer (&tb);
}

TafelMillEgtb *
tafel_mill_egtb_new_from_bytes (GBytes  *bytes,
                                GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return from_bytes (bytes, FALSE, error);
}

TafelMillEgtb *
tafel_mill_egtb_load (const char  *path,
                      GError     **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  const guint8 *data;
  gsize len;
  gboolean big, checked;
  TafelMillEgtb *tb;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return NULL;
  bytes = g_mapped_file_get_bytes (mapped);
  data = g_bytes_get_data (bytes, &len);
  big = len >= CHECKED_ONCE_SIZE;
  checked = big && tafel_checked_file_known (path, data + 16);
  tb = from_bytes (bytes, checked, &local);
  if (tb != NULL && big && !checked)
    tafel_checked_file_remember (path, data + 16);
  if (tb == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
    }
  return tb;
}

/* Maps every page of a table file into the process (from the page
 * cache, or read from the disk), on a thread of its own. */
static gpointer
map_pages (gpointer data)
{
  GBytes *bytes = data;
#ifdef MADV_POPULATE_READ
  gsize len;
  const guint8 *start = g_bytes_get_data (bytes, &len);
  guintptr page = (guintptr) sysconf (_SC_PAGESIZE);
  guintptr first = (guintptr) start & ~(page - 1);

  /* nothing to do where the kernel cannot (before Linux 5.14) */
  (void) madvise ((void *) first, len + ((guintptr) start - first), MADV_POPULATE_READ);
#endif
  g_bytes_unref (bytes);
  return NULL;
}

/* The engine's tables.  A big file (the tables beyond 5-5) is checked
 * once, not read whole at each start, so its pages come into the
 * process one first touch at a time, each a page fault: early in a
 * process the placing solver spent most of its quarter of a second on
 * them (a position of a game lost to Sanmill's engine at 0.5 s: no
 * move solved, a lost one played; with the pages mapped ahead, 2 or 3
 * moves solved and a drawing one played).  So they are mapped ahead in
 * the background: 0.26 s for 9 GB that the page cache holds.  Not where
 * the file would take more than half of the memory: reading it would
 * only push out other pages. */
static gpointer
load (const char  *path,
      GError     **error)
{
  TafelMillEgtb *tb = tafel_mill_egtb_load (path, error);
  gsize len = tb != NULL && tb->bytes != NULL ? g_bytes_get_size (tb->bytes) : 0;
  guint64 memory = (guint64) sysconf (_SC_PHYS_PAGES) * (guint64) sysconf (_SC_PAGESIZE);

  if (len >= CHECKED_ONCE_SIZE && len < memory / 2)
    g_thread_unref (g_thread_new ("tafel-egtb-pages", map_pages, g_bytes_ref (tb->bytes)));
  return tb;
}

/* Which tables a file holds: "4 tables, up to 4 stones a side, 6 MB"
 * (a plain space and no locale: it goes to the engine's log). */
char *
tafel_mill_egtb_describe (const TafelMillEgtb *tb)
{
  guint n = 0, most = 0;
  guint64 bytes = 0;

  g_return_val_if_fail (tb != NULL, NULL);

  for (guint a = MINS; a <= MAXS; a++)
    for (guint b = MINS; b <= MAXS; b++)
      if (tb->data[a][b] != NULL)
        {
          n++;
          most = MAX (most, MAX (a, b));
          bytes += tafel_mill_egtb_table_size (a, b);
        }
  if (n == 0)
    return g_strdup ("no tables");
  return g_strdup_printf ("%u tables, up to %u stones a side, %" G_GUINT64_FORMAT " MB",
                          n, most, (bytes + 500000) / 1000000);
}

static char *
describe (gconstpointer data)
{
  return tafel_mill_egtb_describe (data);
}

TafelDataFile tafel_mill_egtb_data =
  TAFEL_DATA_FILE_INIT ("Mill endgame tables", TAFEL_MILL_EGTB_ENV, TAFEL_MILL_EGTB_FILE,
                        load, describe);

const TafelMillEgtb *
tafel_mill_egtb_get_default (void)
{
  return tafel_data_file_get (&tafel_mill_egtb_data);
}

/* ---- probing ---- */

gboolean
tafel_mill_egtb_lookup (const TafelMillEgtb  *tb,
                        const TafelMillState *s,
                        TafelValue           *value,
                        int                  *plies)
{
  guint32 mover = s->stones[s->side], other = s->stones[s->side ^ 1];
  guint k = tafel_mill_popcount (mover), j = tafel_mill_popcount (other);
  const guint8 *table;
  guint8 e;

  /* Nine's moving phase, which is Lasker's too once all is placed. */
  if (tb == NULL || s->pending || s->hand[0] != 0 || s->hand[1] != 0
      || (s->variant != TAFEL_MILL_NINE && s->variant != TAFEL_MILL_LASKER)
      || k < MINS || k > MAXS || j < MINS || j > MAXS
      || (table = tb->data[k][j]) == NULL)
    return FALSE;

  e = table[index_of (mover, other)];
  *value = tafel_mill_egtb_entry_value (e);
  *plies = e == 0 ? 0 : e - 1;
  return TRUE;
}

gboolean
tafel_mill_egtb_probe (const TafelMillEgtb  *tb,
                       const TafelMillState *s,
                       TafelValue           *value,
                       int                  *plies)
{
  return tafel_mill_egtb_lookup (tb, s, value, plies)
         && tafel_mill_exact_holds (s, *value, *plies);
}

/* A child's value for tafel_mill_exact_best_moves (): a side left with
 * fewer than three stones has lost. */
static gboolean
child_lookup (gconstpointer         data,
              const TafelMillState *s,
              TafelValue           *value,
              int                  *plies)
{
  if (tafel_mill_popcount (s->stones[s->side]) < MINS)
    {
      *value = TAFEL_VALUE_LOSS;
      *plies = 0;
      return TRUE;
    }
  return tafel_mill_egtb_lookup (data, s, value, plies);
}

gboolean
tafel_mill_egtb_agrees (const TafelMillEgtb *tb,
                        guint32              mover,
                        guint32              other)
{
  TafelMillState s = { .stones = { mover, other } };
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n;
  int quickest_win = G_MAXINT, longest_loss = -1;
  gboolean draw = FALSE;
  TafelValue value;
  int plies;

  g_return_val_if_fail (tb != NULL, FALSE);

  if (!tafel_mill_egtb_lookup (tb, &s, &value, &plies))
    return FALSE;
  n = tafel_mill_generate (&s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = s;
      TafelValue v;
      int p;

      tafel_mill_apply (&child, &moves[i]);
      if (!child_lookup (tb, &child, &v, &p))
        return FALSE;
      if (v == TAFEL_VALUE_LOSS)
        quickest_win = MIN (quickest_win, p + 1);
      else if (v == TAFEL_VALUE_DRAW)
        draw = TRUE;
      else
        longest_loss = MAX (longest_loss, p + 1);
    }

  /* Compared as entries: the longest distances are kept only as "at
   * least" (tafel_mill_egtb_entry_of ()). */
  if (quickest_win != G_MAXINT)
    return tafel_mill_egtb_entry_of (value, plies) == tafel_mill_egtb_entry_of (TAFEL_VALUE_WIN, quickest_win);
  if (draw)
    return value == TAFEL_VALUE_DRAW;
  return tafel_mill_egtb_entry_of (value, plies)
         == tafel_mill_egtb_entry_of (TAFEL_VALUE_LOSS, MAX (longest_loss, 0));
}

guint
tafel_mill_egtb_best_moves (const TafelMillEgtb  *tb,
                            const TafelMillState *s,
                            TafelMove            *best,
                            TafelValue           *value,
                            int                  *plies)
{
  g_return_val_if_fail (s != NULL && best != NULL && value != NULL && plies != NULL, 0);

  if (!tafel_mill_egtb_probe (tb, s, value, plies))
    return 0;
  return tafel_mill_exact_best_moves (s, child_lookup, tb, best);
}

guint
tafel_mill_egtb_root_moves (const TafelMillEgtb  *tb,
                            const TafelMillState *s,
                            const TafelHistory   *history,
                            TafelMove            *best,
                            TafelValue           *value,
                            int                  *plies)
{
  g_return_val_if_fail (s != NULL && best != NULL && value != NULL && plies != NULL, 0);

  if (tb == NULL || tafel_mill_exact_repeats_possible (s, history))
    return 0;
  return tafel_mill_egtb_best_moves (tb, s, best, value, plies);
}
