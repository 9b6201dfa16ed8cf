/* tafel-data.c: the data files the strongest play reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-data.h"

/* The environment variable's file, else the user's own (made bigger by
 * tafel-cli, say), else the installed one; NULL when none exists. */
static char *
find (const TafelDataFile *file)
{
  const char *named = g_getenv (file->env);
  char *path;

  if (named != NULL && *named != '\0')
    return g_file_test (named, G_FILE_TEST_EXISTS) ? g_strdup (named) : NULL;
  path = g_build_filename (g_get_user_data_dir (), "tafel", file->file, NULL);
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return path;
  g_free (path);
  path = g_build_filename (PKGDATADIR, file->file, NULL);
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return path;
  g_free (path);
  return NULL;
}

static gpointer
load_once (gpointer data)
{
  TafelDataFile *file = data;
  g_autofree char *path = find (file);
  g_autoptr(GError) error = NULL;
  gpointer loaded;

  if (path == NULL)
    return NULL;

  loaded = file->load (path, &error);
  if (loaded == NULL)
    g_warning ("%s not used: %s", file->name, error->message);

  return loaded;
}

gpointer
tafel_data_file_get (TafelDataFile *file)
{
  return g_once (&file->once, load_once, file);
}
