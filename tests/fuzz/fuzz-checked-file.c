/* fuzz-checked-file.c: libFuzzer target for the list of checked files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes become $XDG_CACHE_HOME/tafel/checked-files (the cache in a
 * folder of the target's own), then a file is asked about.  Besides
 * crashes, leaks and undefined behaviour, the target aborts when a file
 * never remembered counts as checked, or when one remembered right after
 * does not: a damaged list only means the file is checked again.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-checked-file.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-checked-file: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

static char *list_file;
static char *tables;

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  guint8 digest[32];

  if (list_file == NULL)
    {
      char *dir = g_dir_make_tmp ("tafel-fuzz-checked-XXXXXX", NULL);
      char *cache = g_build_filename (dir, "cache", NULL);

      g_setenv ("XDG_CACHE_HOME", cache, TRUE);
      list_file = g_build_filename (g_get_user_cache_dir (), "tafel", "checked-files", NULL);
      REQUIRE (g_mkdir_with_parents (cache, 0700) == 0);
      tables = g_build_filename (dir, "tables.tbl", NULL);
      g_free (cache);
      g_free (dir);
    }

  /* A new file each time: nothing in the list can know it. */
  REQUIRE (g_file_set_contents (tables, "tables", -1, NULL));
  memset (digest, 0x3c, sizeof digest);
  if (size > 0)
    digest[0] = data[0];

  {
    g_autofree char *dir = g_path_get_dirname (list_file);

    REQUIRE (g_mkdir_with_parents (dir, 0700) == 0);
    REQUIRE (g_file_set_contents (list_file, (const char *) data, size, NULL));
  }

  REQUIRE (!tafel_checked_file_known (tables, digest));
  tafel_checked_file_remember (tables, digest);
  REQUIRE (tafel_checked_file_known (tables, digest));
  digest[31] ^= 1;
  REQUIRE (!tafel_checked_file_known (tables, digest));
  return 0;
}
