/* tafel-data.h: the data files the strongest play reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Connect Four's opening book, Mill's opening book and its endgame
 * tables: each is found the same way (an environment variable naming the
 * file, for the tests and the build tree, else the installed one) and is
 * optional: without it the search plays those positions itself.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A data file as a program names it: in English, the environment
 * variable naming its path, and whether it is loaded (loading it first). */
typedef struct {
  const char *name;
  const char *env;
  gboolean (*loaded) (void);
} TafelDataFile;

typedef gpointer (*TafelDataLoadFunc) (const char  *path,
                                       GError     **error);

/* The file named by the environment variable @env, else PKGDATADIR/@file,
 * loaded by @load.  NULL when there is no such file, or when @load
 * refuses it (then with a warning: "@what not used: the reason"). */
gpointer tafel_data_load (const char        *env,
                          const char        *file,
                          const char        *what,
                          TafelDataLoadFunc  load);

G_END_DECLS
