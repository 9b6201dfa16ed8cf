/* tafel-c4-book.c: the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * File format (all numbers little-endian):
 *
 *   offset  size  field
 *        0     8  magic "TAFELC4B"
 *        8     4  version (1)
 *       12     4  depth: every running position with at most this many
 *                 stones is in the book (one of each mirror pair)
 *       16     8  number of entries
 *       24     8  FNV-1a 64 checksum of the entry bytes
 *       32   8*n  entries, ascending: canonical key << 8 | (score + 64)
 *
 * The canonical key is the smaller of the position key and that of its
 * mirror image.  Lookups are binary searches.
 *
 * The builder enumerates the positions, solves those with exactly `depth`
 * stones (each line "KEY SCORE" appended to a progress file as soon as it
 * is known, so a build can be stopped and resumed), and derives the
 * shallower ones from their children by negamax.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "tafel-c4-book.h"
#include "tafel-c4-solver.h"
#include "tafel-error.h"

#define BOOK_MAGIC "TAFELC4B"
#define BOOK_VERSION 1
#define HEADER_SIZE 32

struct _TafelC4Book {
  GBytes *bytes;
  const guint8 *entries;   /* unaligned little-endian u64s */
  gsize n;
  guint depth;
};

static guint64
read_u64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

static guint32
read_u32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

static guint64
fnv1a (const guint8 *data,
       gsize         len)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (gsize i = 0; i < len; i++)
    {
      h ^= data[i];
      h *= G_GUINT64_CONSTANT (0x100000001b3);
    }

  return h;
}

TafelC4Book *
tafel_c4_book_new_from_bytes (GBytes  *bytes,
                              GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint64 n, previous = 0;
  guint32 version, depth;
  TafelC4Book *book;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (size < HEADER_SIZE || memcmp (data, BOOK_MAGIC, 8) != 0)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("Not a Connect Four opening book"));
      return NULL;
    }
  version = read_u32 (data + 8);
  depth = read_u32 (data + 12);
  n = read_u64 (data + 16);
  if (version != BOOK_VERSION)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("Unsupported opening book version %u"), version);
      return NULL;
    }
  if (depth > TAFEL_C4_CELLS || n > (size - HEADER_SIZE) / 8 || size != HEADER_SIZE + n * 8)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("The opening book is truncated or has the wrong size"));
      return NULL;
    }
  if (fnv1a (data + HEADER_SIZE, n * 8) != read_u64 (data + 24))
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("The opening book is damaged (checksum mismatch)"));
      return NULL;
    }
  for (guint64 i = 0; i < n; i++)
    {
      guint64 e = read_u64 (data + HEADER_SIZE + 8 * i);
      int score = (int) (e & 0xff) - 64;

      if ((i > 0 && e <= previous) || score < -21 || score > 21)
        {
          g_autofree char *entry = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) i);

          g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                       /* Translators: %s is the number of the entry */
                       _("The opening book is damaged (bad entry %s)"), entry);
          return NULL;
        }
      previous = e;
    }

  book = g_new0 (TafelC4Book, 1);
  book->bytes = g_bytes_ref (bytes);
  book->entries = data + HEADER_SIZE;
  book->n = n;
  book->depth = depth;

  return book;
}

TafelC4Book *
tafel_c4_book_load (const char  *path,
                    GError     **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  TafelC4Book *book;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_mapped_file_new (path, FALSE, error);
  if (file == NULL)
    return NULL;

  bytes = g_mapped_file_get_bytes (file);
  book = tafel_c4_book_new_from_bytes (bytes, &local);
  if (book == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, local->domain, local->code, "%s: %s", display, local->message);
      return NULL;
    }

  return book;
}

void
tafel_c4_book_free (TafelC4Book *book)
{
  if (book == NULL)
    return;

  g_bytes_unref (book->bytes);
  g_free (book);
}

guint
tafel_c4_book_depth (const TafelC4Book *book)
{
  return book->depth;
}

gsize
tafel_c4_book_size (const TafelC4Book *book)
{
  return book->n;
}

gboolean
tafel_c4_book_lookup (const TafelC4Book *book,
                      const TafelC4Pos  *pos,
                      int               *score)
{
  guint64 key;
  gsize lo = 0, hi;

  if (book == NULL || pos->moves > book->depth)
    return FALSE;

  key = tafel_c4_canonical_key (pos);
  hi = book->n;
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      guint64 k = read_u64 (book->entries + 8 * mid) >> 8;

      if (k == key)
        {
          *score = (int) (read_u64 (book->entries + 8 * mid) & 0xff) - 64;
          return TRUE;
        }
      if (k < key)
        lo = mid + 1;
      else
        hi = mid;
    }

  return FALSE;
}

static gpointer
load_default (gpointer data)
{
  const char *env = g_getenv (TAFEL_C4_BOOK_ENV);
  const char *path = env && *env ? env : PKGDATADIR "/connect-four.book";
  g_autoptr(GError) error = NULL;
  TafelC4Book *book;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  book = tafel_c4_book_load (path, &error);
  if (book == NULL)
    g_warning ("Connect Four opening book not used: %s", error->message);

  return book;
}

const TafelC4Book *
tafel_c4_book_get_default (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, load_default, NULL);
}

gboolean
tafel_c4_book_write (const char     *path,
                     guint           depth,
                     const guint64  *entries,
                     gsize           n,
                     GError        **error)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  guint8 header[HEADER_SIZE];
  guint32 v32;
  guint64 v64;

  memcpy (header, BOOK_MAGIC, 8);
  v32 = GUINT32_TO_LE (BOOK_VERSION);
  memcpy (header + 8, &v32, 4);
  v32 = GUINT32_TO_LE (depth);
  memcpy (header + 12, &v32, 4);
  v64 = GUINT64_TO_LE ((guint64) n);
  memcpy (header + 16, &v64, 8);
  g_byte_array_append (file, header, HEADER_SIZE);
  for (gsize i = 0; i < n; i++)
    {
      v64 = GUINT64_TO_LE (entries[i]);
      g_byte_array_append (file, (const guint8 *) &v64, 8);
    }
  v64 = GUINT64_TO_LE (fnv1a (file->data + HEADER_SIZE, file->len - HEADER_SIZE));
  memcpy (file->data + 24, &v64, 8);

  return g_file_set_contents (path, (const char *) file->data, file->len, error);
}

guint64
tafel_c4_book_entry (const TafelC4Pos *pos,
                     int               score)
{
  return tafel_c4_canonical_key (pos) << 8 | (guint64) (score + 64);
}

/* ---- building ---------------------------------------------------------- */

typedef struct {
  GHashTable *seen;        /* canonical key -> TRUE */
  GArray *by_ply[TAFEL_C4_CELLS + 1];    /* TafelC4Pos in DFS order */
  guint depth;
} Enum;

static void
enumerate (Enum             *en,
           const TafelC4Pos *pos)
{
  static const int order[TAFEL_C4_WIDTH] = { 3, 2, 4, 1, 5, 0, 6 };
  guint64 key = tafel_c4_canonical_key (pos);

  if (tafel_c4_pos_is_over (pos) || g_hash_table_contains (en->seen, &key))
    return;

  {
    guint64 *k = g_new (guint64, 1);

    *k = key;
    g_hash_table_add (en->seen, k);
  }
  g_array_append_val (en->by_ply[pos->moves], *pos);

  if (pos->moves >= en->depth)
    return;

  for (int i = 0; i < TAFEL_C4_WIDTH; i++)
    {
      TafelC4Pos child = *pos;

      if (!tafel_c4_can_play (pos, order[i]))
        continue;
      tafel_c4_play_col (&child, order[i]);
      enumerate (en, &child);
    }
}

static void
log_line (void      (*log) (const char *line),
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
log_line (void      (*log) (const char *line),
          const char *format,
          ...)
{
  g_autofree char *line = NULL;
  va_list args;

  if (log == NULL)
    return;
  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  log (line);
}

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* Reads "KEY SCORE" lines into @scores; a torn last line is ignored. */
static gboolean
read_progress (const char  *path,
               GHashTable  *scores,
               GError     **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GError *local = NULL;

  if (!g_file_get_contents (path, &text, NULL, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          g_error_free (local);
          return TRUE;
        }
      g_propagate_error (error, local);
      return FALSE;
    }

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 key;
      int score;
      char *end;

      if (lines[i + 1] == NULL)
        break;                           /* no line feed: not complete */
      key = g_ascii_strtoull (lines[i], &end, 10);
      if (end == lines[i] || *end != ' ')
        continue;
      score = (int) g_ascii_strtoll (end + 1, NULL, 10);
      g_hash_table_insert (scores, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (score + 64));
    }

  return TRUE;
}

static gboolean
lookup_score (GHashTable       *scores,
              const TafelC4Pos *pos,
              int              *score)
{
  guint64 key = tafel_c4_canonical_key (pos);
  gpointer value;

  if (!g_hash_table_lookup_extended (scores, &key, NULL, &value))
    return FALSE;
  *score = GPOINTER_TO_INT (value) - 64;
  return TRUE;
}

gboolean
tafel_c4_book_build (const char    *out_path,
                     const char    *progress_path,
                     guint          depth,
                     guint          n_threads,
                     void         (*log) (const char *line),
                     GCancellable  *cancellable,
                     GError       **error)
{
  Enum en = { 0 };
  g_autoptr(GHashTable) scores = NULL;
  g_autoptr(GArray) entries = NULL;
  TafelC4Solver *solver = NULL;
  FILE *progress = NULL;
  TafelC4Pos root = { 0 };
  gint64 start = g_get_monotonic_time ();
  guint done = 0, todo;
  gboolean ok = FALSE;

  g_return_val_if_fail (out_path != NULL && progress_path != NULL, FALSE);
  g_return_val_if_fail (depth >= 1 && depth <= 20, FALSE);

  en.seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  en.depth = depth;
  for (guint i = 0; i <= TAFEL_C4_CELLS; i++)
    en.by_ply[i] = g_array_new (FALSE, FALSE, sizeof (TafelC4Pos));
  enumerate (&en, &root);
  for (guint i = 0; i <= depth; i++)
    log_line (log, "ply %u: %u positions", i, en.by_ply[i]->len);

  scores = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  if (!read_progress (progress_path, scores, error))
    goto out;
  log_line (log, "resuming with %u solved positions", g_hash_table_size (scores));

  progress = fopen (progress_path, "a");
  if (progress == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   _("Cannot write %s: %s"), progress_path, g_strerror (errno));
      goto out;
    }

  solver = tafel_c4_solver_new (TAFEL_C4_TT_BITS + 2);
  tafel_c4_solver_set_threads (solver, n_threads);

  /* The deepest level by search, in the order of the enumeration. */
  todo = en.by_ply[depth]->len;
  for (guint i = 0; i < todo; i++)
    {
      const TafelC4Pos *pos = &g_array_index (en.by_ply[depth], TafelC4Pos, i);
      guint64 key = tafel_c4_canonical_key (pos);
      int score;

      if (g_hash_table_contains (scores, &key))
        continue;
      if (!tafel_c4_solver_solve (solver, pos, cancellable, &score))
        {
          g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_CANCELLED,
                       _("The book build was stopped"));
          goto out;
        }
      fprintf (progress, "%" G_GUINT64_FORMAT " %d\n", key, score);
      fflush (progress);
      g_hash_table_insert (scores, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (score + 64));
      done++;
      if (done % 1000 == 0)
        log_line (log, "ply %u: %u/%u solved (%u this run) in %.0f s, %" G_GUINT64_FORMAT " nodes",
                  depth, g_hash_table_size (scores), todo, done,
                  (g_get_monotonic_time () - start) / 1e6, tafel_c4_solver_nodes (solver));
    }

  /* Shallower levels from their children. */
  for (int ply = (int) depth - 1; ply >= 0; ply--)
    for (guint i = 0; i < en.by_ply[ply]->len; i++)
      {
        const TafelC4Pos *pos = &g_array_index (en.by_ply[ply], TafelC4Pos, i);
        guint64 key = tafel_c4_canonical_key (pos);
        int best = G_MININT;

        for (int col = 0; col < TAFEL_C4_WIDTH; col++)
          {
            TafelC4Pos child = *pos;
            int s;

            if (!tafel_c4_can_play (pos, col))
              continue;
            tafel_c4_play_col (&child, col);
            if (tafel_c4_alignment (child.current ^ child.mask))
              s = tafel_c4_score_win_now (pos);
            else if (child.moves >= TAFEL_C4_CELLS)
              s = 0;
            else if (lookup_score (scores, &child, &s))
              s = -s;
            else
              g_assert_not_reached ();
            best = MAX (best, s);
          }
        g_hash_table_insert (scores, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (best + 64));
      }

  /* Write the book. */
  entries = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint ply = 0; ply <= depth; ply++)
    for (guint i = 0; i < en.by_ply[ply]->len; i++)
      {
        const TafelC4Pos *pos = &g_array_index (en.by_ply[ply], TafelC4Pos, i);
        int s;
        guint64 e;

        if (!lookup_score (scores, pos, &s))
          g_assert_not_reached ();
        e = tafel_c4_canonical_key (pos) << 8 | (guint64) (s + 64);
        g_array_append_val (entries, e);
      }
  g_array_sort (entries, compare_u64);

  if (!tafel_c4_book_write (out_path, depth, (const guint64 *) entries->data,
                            entries->len, error))
    goto out;

  log_line (log, "wrote %s: depth %u, %u positions, %u bytes, %.0f s",
            out_path, depth, entries->len, HEADER_SIZE + 8 * entries->len,
            (g_get_monotonic_time () - start) / 1e6);
  ok = TRUE;

out:
  if (progress)
    fclose (progress);
  tafel_c4_solver_free (solver);
  for (guint i = 0; i <= TAFEL_C4_CELLS; i++)
    g_array_unref (en.by_ply[i]);
  g_hash_table_unref (en.seen);

  return ok;
}
