/* tafel-file.c: the small files Tafel keeps (saved game, statistics)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

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

static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, MIN (length, (gsize) 1 << 30));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= n;
    }
  return TRUE;
}

/**
 * tafel_file_replace_parts:
 * @path: the file; its folder must exist
 * @parts: (array length=n_parts): what to write, in order
 * @mode: the new file's permissions
 *
 * Writes @parts one after the other to a temporary file next to @path and
 * renames it over @path: a program killed at any moment leaves the old or
 * the new file, never half of one.  The parts are written as they are
 * (a file of gigabytes is not copied into one buffer first).
 */
gboolean
tafel_file_replace_parts (const char          *path,
                          const TafelFilePart *parts,
                          guint                n_parts,
                          int                  mode,
                          GError             **error)
{
  g_autofree char *temporary = g_strconcat (path, ".new", NULL);
  gboolean ok;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (parts != NULL || n_parts == 0, FALSE);

  fd = g_open (temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0)
    return fail_errno (error, temporary);
  ok = TRUE;
  for (guint i = 0; i < n_parts && ok; i++)
    ok = write_all (fd, parts[i].data, parts[i].length);
  if (!ok)
    fail_errno (error, temporary);
  if (close (fd) != 0 && ok)
    ok = fail_errno (error, temporary);
  if (ok && g_rename (temporary, path) != 0)
    ok = fail_errno (error, path);
  if (!ok)
    g_unlink (temporary);
  return ok;
}

/**
 * tafel_file_replace:
 * @path: the file, whose folder is made if needed (private to the user)
 *
 * Writes @data as tafel_file_replace_parts () does, private to the user.
 * There is no fsync, so that writing after every move never stalls the
 * main loop; a power cut may lose the last move.
 */
gboolean
tafel_file_replace (const char  *path,
                    const char  *data,
                    gsize        length,
                    GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  TafelFilePart part = { (const guint8 *) data, length };

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return fail_errno (error, dir);
  return tafel_file_replace_parts (path, &part, 1, 0600, error);
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
