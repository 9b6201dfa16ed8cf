/* tafel-c4-book.c: the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * File format (all numbers little-endian):
 *
 *   offset  size  field
 *        0     8  magic "TAFELC4B"
 *        8     4  version (2; version 1 files have the same layout)
 *       12     4  depth: the most stones of any position held
 *       16     8  number of entries
 *       24     8  FNV-1a 64 checksum of the entry bytes
 *       32   8*n  entries, ascending: canonical key << 8 | (score + 64)
 *
 * The canonical key is the smaller of the position key and that of its
 * mirror image.  Lookups are binary searches.  (Version 1 promised every
 * position with at most `depth` stones; version 2 holds any set of
 * positions, so version 1 books are still good version 2 books.)
 *
 * Building books: tafel-c4-book-builder.c.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-c4-book-private.h"
#include "tafel-data.h"
#include "tafel-error.h"

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

guint64
tafel_c4_book_checksum (const guint8 *data,
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

int
tafel_c4_book_key_stones (guint64 key)
{
  int n = 0;

  if (key >> (TAFEL_C4_WIDTH * TAFEL_C4_H1) != 0 || key > tafel_c4_mirror_bits (key))
    return -1;
  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      guint chunk = (guint) (key >> (col * TAFEL_C4_H1)) & 0x7f;

      if (chunk == 0)
        return -1;
      n += 31 - __builtin_clz (chunk);
    }

  return n;
}

TafelC4Book *
tafel_c4_book_new_from_bytes (GBytes  *bytes,
                              GError **error)
{
  gsize size;
  const guint8 *data;
  guint64 n, previous = 0;
  guint32 version, depth;
  int deepest = 0;
  TafelC4Book *book;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &size);
  if (size < TAFEL_C4_BOOK_HEADER_SIZE || memcmp (data, TAFEL_C4_BOOK_MAGIC, 8) != 0)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("Not a Connect Four opening book"));
      return NULL;
    }
  version = read_u32 (data + 8);
  depth = read_u32 (data + 12);
  n = read_u64 (data + 16);
  if (version != 1 && version != TAFEL_C4_BOOK_VERSION)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("Unsupported opening book version %u (this program reads versions 1 and 2)"),
                   version);
      return NULL;
    }
  if (depth > TAFEL_C4_CELLS || n > (size - TAFEL_C4_BOOK_HEADER_SIZE) / 8 || size != TAFEL_C4_BOOK_HEADER_SIZE + n * 8)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("The opening book is truncated or has the wrong size"));
      return NULL;
    }
  if (tafel_c4_book_checksum (data + TAFEL_C4_BOOK_HEADER_SIZE, n * 8) != read_u64 (data + 24))
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("The opening book is damaged (checksum mismatch)"));
      return NULL;
    }
  for (guint64 i = 0; i < n; i++)
    {
      guint64 e = read_u64 (data + TAFEL_C4_BOOK_HEADER_SIZE + 8 * i);
      int score = (int) (e & 0xff) - 64;
      int stones = tafel_c4_book_key_stones (e >> 8);

      if ((i > 0 && e <= previous) || score < TAFEL_C4_MIN_SCORE || score > TAFEL_C4_MAX_SCORE
          || stones < 0 || stones > (int) depth)
        {
          g_autofree char *entry = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) i);

          g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                       /* Translators: %s is the number of the entry */
                       _("The opening book is damaged (bad entry %s)"), entry);
          return NULL;
        }
      deepest = MAX (deepest, stones);
      previous = e;
    }
  if (n > 0 && deepest != (int) depth)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   _("The opening book is damaged (wrong depth %u, should be %d)"),
                   depth, deepest);
      return NULL;
    }

  book = g_new0 (TafelC4Book, 1);
  book->bytes = g_bytes_ref (bytes);
  book->entries = data + TAFEL_C4_BOOK_HEADER_SIZE;
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
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

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
  g_return_val_if_fail (book != NULL, 0);

  return book->depth;
}

gsize
tafel_c4_book_size (const TafelC4Book *book)
{
  g_return_val_if_fail (book != NULL, 0);

  return book->n;
}

void
tafel_c4_book_count_by_stones (const TafelC4Book *book,
                               guint64            counts[TAFEL_C4_CELLS + 1])
{
  g_return_if_fail (book != NULL);

  memset (counts, 0, (TAFEL_C4_CELLS + 1) * sizeof counts[0]);
  for (gsize i = 0; i < book->n; i++)
    counts[tafel_c4_book_key_stones (read_u64 (book->entries + 8 * i) >> 8)]++;
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
      guint64 e = read_u64 (book->entries + 8 * mid);
      guint64 k = e >> 8;

      if (k == key)
        {
          *score = (int) (e & 0xff) - 64;
          return TRUE;
        }
      if (k < key)
        lo = mid + 1;
      else
        hi = mid;
    }

  return FALSE;
}

gboolean
tafel_c4_book_move_scores (const TafelC4Book *book,
                           const TafelC4Pos  *pos,
                           int                scores[TAFEL_C4_WIDTH])
{
  if (book == NULL)
    return FALSE;

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      TafelC4Pos child;
      int s;

      scores[col] = G_MININT;
      if (!tafel_c4_can_play (pos, col)
          || tafel_c4_play_final (pos, col, &child, &scores[col]))
        continue;
      if (!tafel_c4_book_lookup (book, &child, &s))
        return FALSE;
      scores[col] = -s;
    }

  return TRUE;
}

static gpointer
load (const char  *path,
      GError     **error)
{
  return tafel_c4_book_load (path, error);
}

TafelDataFile tafel_c4_book_data =
  TAFEL_DATA_FILE_INIT ("Connect Four opening book", TAFEL_C4_BOOK_ENV, "connect-four.book", load, NULL);

const TafelC4Book *
tafel_c4_book_get_default (void)
{
  return tafel_data_file_get (&tafel_c4_book_data);
}
