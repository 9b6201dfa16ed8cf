/* tafel-c4-table.c: allocation, reset and freeing of the Connect Four
 * solver's transposition table (the probes: tafel-c4-table.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/mman.h>

#include "tafel-c4-table.h"
#include "tafel-huge-pages.h"

static gsize max_bytes;

void
tafel_c4_table_set_max_bytes (gsize bytes)
{
  max_bytes = bytes;
}

/* The main table of 2^@bits buckets and the near one after it. */
static gsize
bytes_for (guint bits)
{
  return 2 * ((G_GUINT64_CONSTANT (1) << bits) + NEAR_BUCKETS) * sizeof (guint64);
}

gsize
tafel_c4_table_bytes (const TafelC4Table *table)
{
  return bytes_for (table->bits);
}

/* The table is probed at random addresses: on huge pages (where the
 * kernel has them) nearly every probe saves a TLB miss as well.  NULL
 * with errno set when the memory cannot be had. */
static guint64 *
table_map (gsize size)
{
  void *table;

  if (max_bytes > 0 && size > max_bytes)
    {
      errno = ENOMEM;
      return NULL;
    }
  table = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (table == MAP_FAILED)
    return NULL;
  tafel_advise_huge_pages (table, size);
  /* Fault every page in now rather than in the middle of searches (a
   * reset does not touch the table, see tafel_c4_table_reset()). */
  memset (table, 0, size);

  return table;
}

gboolean
tafel_c4_table_init (TafelC4Table *table,
                     guint         bits,
                     GError      **error)
{
  guint want;
  int saved = 0;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  want = CLAMP (bits, TAFEL_C4_TABLE_MIN_BITS, TAFEL_C4_TABLE_MAX_BITS);
  memset (table, 0, sizeof *table);
  /* Halve the main table until it fits: a smaller table only costs
   * time. */
  for (bits = want; bits >= TAFEL_C4_TABLE_MIN_BITS; bits--)
    {
      table->table = table_map (bytes_for (bits));
      if (table->table != NULL)
        break;
      if (saved == 0)
        saved = errno;
    }

  if (table->table == NULL)
    {
      /* (the size apart: xgettext cannot read G_GSIZE_FORMAT) */
      g_autofree char *mib = g_strdup_printf ("%" G_GSIZE_FORMAT,
                                              bytes_for (TAFEL_C4_TABLE_MIN_BITS) >> 20);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   /* Translators: a size in MiB, then the system's reason */
                   _("Cannot allocate even the smallest Connect Four table (%s MiB): %s"),
                   mib, g_strerror (saved));
      return FALSE;
    }
  if (bits < want)
    g_message ("The Connect Four table of %" G_GSIZE_FORMAT " MiB could not be allocated "
               "(%s); the solver uses one of %" G_GSIZE_FORMAT " MiB",
               bytes_for (want) >> 20, g_strerror (saved), bytes_for (bits) >> 20);

  table->bits = bits;
  table->n_buckets = G_GUINT64_CONSTANT (1) << bits;
  table->near = table->table + 2 * table->n_buckets;
  table->generation = 1;

  return TRUE;
}

void
tafel_c4_table_free (TafelC4Table *table)
{
  if (table->table == NULL)
    return;

  munmap (table->table, tafel_c4_table_bytes (table));
  table->table = table->near = NULL;
}

void
tafel_c4_table_reset (TafelC4Table *table)
{
  /* A new generation forgets the table without touching it; only when
   * the generations run out is it cleared. */
  if (++table->generation > MAX_GENERATION)
    {
      memset (table->table, 0, tafel_c4_table_bytes (table));
      table->generation = 1;
    }
}
