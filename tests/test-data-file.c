/* test-data-file.c: where the data files are found
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tafel-data.h"

static gpointer
read_name (const char  *path,
           GError     **error)
{
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, error);
  return contents;
}

static void
put (const char *path,
     const char *contents)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

/* The user's own file (in $XDG_DATA_HOME/tafel) is read when the
 * environment variable names none; the variable's file comes first. */
static void
test_user_file (void)
{
  static TafelDataFile user = TAFEL_DATA_FILE_INIT ("test data", "TAFEL_TEST_DATA_FILE",
                                                    "test-data-file.txt", read_name, NULL);
  static TafelDataFile named = TAFEL_DATA_FILE_INIT ("test data", "TAFEL_TEST_DATA_FILE",
                                                     "test-data-file.txt", read_name, NULL);
  static TafelDataFile missing = TAFEL_DATA_FILE_INIT ("test data", "TAFEL_TEST_DATA_FILE",
                                                       "no-such-file.txt", read_name, NULL);
  g_autofree char *mine = g_build_filename (g_get_user_data_dir (), "tafel",
                                            "test-data-file.txt", NULL);
  g_autofree char *other = g_build_filename (g_get_user_data_dir (), "elsewhere.txt", NULL);

  put (mine, "the user's");
  put (other, "named");

  g_unsetenv ("TAFEL_TEST_DATA_FILE");
  g_assert_cmpstr (tafel_data_file_get (&user), ==, "the user's");
  g_assert_null (tafel_data_file_get (&missing));

  g_setenv ("TAFEL_TEST_DATA_FILE", other, TRUE);
  g_assert_cmpstr (tafel_data_file_get (&named), ==, "named");
}

int
main (int    argc,
      char **argv)
{
  /* XDG_DATA_HOME in a folder of the test's own. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func ("/data-file/user-file", test_user_file);
  return g_test_run ();
}
