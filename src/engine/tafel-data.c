/* tafel-data.c: the data files the strongest play reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-data.h"

static gpointer
load_once (gpointer data)
{
  TafelDataFile *file = data;
  const char *named = g_getenv (file->env);
  g_autofree char *path = named != NULL && *named != '\0'
                          ? g_strdup (named) : g_build_filename (PKGDATADIR, file->file, NULL);
  g_autoptr(GError) error = NULL;
  gpointer loaded;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
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
