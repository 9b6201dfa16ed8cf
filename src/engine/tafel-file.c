/* tafel-file.c: the small files Tafel keeps (saved game, statistics)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "tafel-file.h"

static gboolean
fail_errno (GError    **error,
            const char *path)
{
  int saved_errno = errno;

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "%s: %s", path, g_strerror (saved_errno));
  return FALSE;
}

/**
 * tafel_file_replace:
 * @path: the file, whose folder is made if needed (private to the user)
 *
 * Writes @data to a temporary file next to @path and renames it over
 * @path: a program killed at any moment leaves the old or the new file,
 * never half of one.  There is no fsync, so that writing after every move
 * never stalls the main loop; a power cut may lose the last move.
 */
gboolean
tafel_file_replace (const char  *path,
                    const char  *data,
                    gsize        length,
                    GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *temporary = g_strconcat (path, ".new", NULL);

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return fail_errno (error, dir);
  if (!g_file_set_contents_full (temporary, data, length, G_FILE_SET_CONTENTS_NONE, 0600, error))
    return FALSE;
  if (g_rename (temporary, path) != 0)
    {
      fail_errno (error, path);
      g_unlink (temporary);
      return FALSE;
    }

  return TRUE;
}

/**
 * tafel_file_set_aside:
 *
 * Renames a file that cannot be read to @path.damaged-STAMP (with a
 * number added when that name is taken), so it is kept, never deleted.
 *
 * Returns: (transfer full): the new name, or %NULL on error
 */
char *
tafel_file_set_aside (const char  *path,
                      GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (path != NULL, NULL);

  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *aside = n == 1 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                                      : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, n);

      if (g_file_test (aside, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, aside) != 0)
        {
          fail_errno (error, path);
          return NULL;
        }
      return g_steal_pointer (&aside);
    }

  errno = EEXIST;
  fail_errno (error, path);
  return NULL;
}
