/* tafel-checked-file.h: files whose checksum was found right before
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A data file of gigabytes (Mill's endgame tables up to 9-9) would take
 * most of a minute to hash at every start.  Once its SHA-256 has been
 * checked (or it was written by Tafel), the file is remembered with the
 * identity the system gives it: device, inode, size and the time of its
 * last change, which every write changes and no program can set back.
 * While that identity is unchanged the check is not repeated.  The list
 * is a cache ($XDG_CACHE_HOME/tafel/checked-files): when it is lost or
 * cannot be written, files are only checked again.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when @path, unchanged since, was found to have the SHA-256
 * @digest (32 bytes). */
gboolean tafel_checked_file_known    (const char   *path,
                                      const guint8 *digest);
/* Remembers that @path, as it is now, has the SHA-256 @digest. */
void     tafel_checked_file_remember (const char   *path,
                                      const guint8 *digest);

G_END_DECLS
