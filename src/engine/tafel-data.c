/* tafel-data.c: the data files the strongest play reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-data.h"

gpointer
tafel_data_load (const char        *env,
                 const char        *file,
                 const char        *what,
                 TafelDataLoadFunc  load)
{
  const char *named = g_getenv (env);
  g_autofree char *path = named != NULL && *named != '\0'
                          ? g_strdup (named) : g_build_filename (PKGDATADIR, file, NULL);
  g_autoptr(GError) error = NULL;
  gpointer data;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  data = load (path, &error);
  if (data == NULL)
    g_warning ("%s not used: %s", what, error->message);

  return data;
}
