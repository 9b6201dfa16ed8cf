/* test-checked-file.c: files whose checksum was found right before
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tafel-checked-file.h"

static char *
write_file (const char *contents)
{
  g_autofree char *dir = g_dir_make_tmp ("tafel-checked-XXXXXX", NULL);
  char *path = g_build_filename (dir, "tables.tbl", NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

/* A remembered file is known with its digest, not with another, and no
 * longer once it is written to, replaced or removed. */
static void
test_remembered (void)
{
  g_autofree char *path = write_file ("tables");
  g_autofree char *other = write_file ("tables");
  guint8 digest[32], wrong[32];

  memset (digest, 0x5a, sizeof digest);
  memset (wrong, 0x5a, sizeof wrong);
  wrong[31] ^= 1;

  g_assert_false (tafel_checked_file_known (path, digest));
  tafel_checked_file_remember (path, digest);
  g_assert_true (tafel_checked_file_known (path, digest));
  g_assert_false (tafel_checked_file_known (path, wrong));
  /* The same contents elsewhere were not checked. */
  g_assert_false (tafel_checked_file_known (other, digest));

  /* The same size and contents, written again: its change time moved. */
  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, "tables", -1, NULL));
  g_assert_false (tafel_checked_file_known (path, digest));

  tafel_checked_file_remember (path, digest);
  g_assert_true (tafel_checked_file_known (path, digest));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_false (tafel_checked_file_known (path, digest));
}

int
main (int    argc,
      char **argv)
{
  /* XDG_CACHE_HOME in a folder of the test's own. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func ("/checked-file/remembered", test_remembered);
  return g_test_run ();
}
