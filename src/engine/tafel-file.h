/* tafel-file.h: the small files Tafel keeps (saved game, statistics)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const guint8 *data;
  gsize length;
} TafelFilePart;

gboolean  tafel_file_replace_parts (const char          *path,
                                    const TafelFilePart *parts,
                                    guint                n_parts,
                                    int                  mode,
                                    GError             **error);
gboolean  tafel_file_replace   (const char  *path,
                                const char  *data,
                                gsize        length,
                                GError     **error);
char     *tafel_file_set_aside (const char  *path,
                                GError     **error);

G_END_DECLS
