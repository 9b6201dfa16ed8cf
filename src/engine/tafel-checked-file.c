/* tafel-checked-file.c: files whose checksum was found right before
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tafel-checked-file.h"
#include "tafel-file.h"

#define DIGEST_LEN 32

static char *
list_path (void)
{
  return g_build_filename (g_get_user_cache_dir (), "tafel", "checked-files", NULL);
}

/* "device inode size ctime.ns sha256", or NULL when @path cannot be
 * looked at. */
static char *
identity (const char   *path,
          const guint8 *digest)
{
  GStatBuf st;
  g_autoptr(GString) text = NULL;

  if (g_stat (path, &st) != 0)
    return NULL;
  text = g_string_new (NULL);
  g_string_printf (text, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                   " %" G_GINT64_FORMAT ".%09ld ",
                   (guint64) st.st_dev, (guint64) st.st_ino, (guint64) st.st_size,
                   (gint64) st.st_ctim.tv_sec, (long) st.st_ctim.tv_nsec);
  for (guint i = 0; i < DIGEST_LEN; i++)
    g_string_append_printf (text, "%02x", digest[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GKeyFile *
load_list (void)
{
  g_autofree char *path = list_path ();
  GKeyFile *list = g_key_file_new ();

  g_key_file_load_from_file (list, path, G_KEY_FILE_NONE, NULL);
  return list;
}

/* The list, with @path's key (its absolute name) and the identity it
 * has now; NULL when @path cannot be looked at. */
static GKeyFile *
list_and_identity (const char    *path,
                   const guint8  *digest,
                   char         **key,
                   char         **id)
{
  *id = identity (path, digest);
  if (*id == NULL)
    return NULL;
  *key = g_canonicalize_filename (path, NULL);
  return load_list ();
}

gboolean
tafel_checked_file_known (const char   *path,
                          const guint8 *digest)
{
  g_autoptr(GKeyFile) list = NULL;
  g_autofree char *key = NULL;
  g_autofree char *id = NULL;
  g_autofree char *known = NULL;

  g_return_val_if_fail (path != NULL && digest != NULL, FALSE);

  list = list_and_identity (path, digest, &key, &id);
  if (list == NULL)
    return FALSE;
  known = g_key_file_get_string (list, "files", key, NULL);
  return g_strcmp0 (known, id) == 0;
}

void
tafel_checked_file_remember (const char   *path,
                             const guint8 *digest)
{
  g_autoptr(GKeyFile) list = NULL;
  g_autofree char *key = NULL;
  g_autofree char *id = NULL;
  g_autofree char *list_file = list_path ();
  g_autofree char *data = NULL;
  gsize length;

  g_return_if_fail (path != NULL && digest != NULL);

  list = list_and_identity (path, digest, &key, &id);
  if (list == NULL)
    return;
  g_key_file_set_string (list, "files", key, id);
  data = g_key_file_to_data (list, &length, NULL);
  /* A cache: without it the file is only checked again next time. */
  tafel_file_replace (list_file, data, length, NULL);
}
