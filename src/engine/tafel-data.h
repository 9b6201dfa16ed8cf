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

typedef gpointer (*TafelDataLoadFunc) (const char  *path,
                                       GError     **error);
typedef char *(*TafelDataDescribeFunc) (gconstpointer data);

/* One data file: its name in English (for messages), the environment
 * variable naming its path, its name in PKGDATADIR, the function that
 * reads and checks it, one that says in English what a loaded file holds
 * (or NULL: nothing to say), and (private) whether it has been read. */
typedef struct {
  const char *name;
  const char *env;
  const char *file;
  TafelDataLoadFunc load;
  TafelDataDescribeFunc describe;
  GOnce once;
} TafelDataFile;

#define TAFEL_DATA_FILE_INIT(name, env, file, load, describe) \
  { (name), (env), (file), (load), (describe), G_ONCE_INIT }

/* The data of @file, read at the first call from any thread: the file
 * named by its environment variable, else the installed one.  NULL when
 * there is no such file, or when its load function refuses it (then with
 * a warning: "NAME not used: the reason"). */
gpointer tafel_data_file_get (TafelDataFile *file);

G_END_DECLS
