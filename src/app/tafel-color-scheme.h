/* tafel-color-scheme.h: the desktop's light or dark preference
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TAFEL_TYPE_COLOR_SCHEME (tafel_color_scheme_get_type ())

G_DECLARE_FINAL_TYPE (TafelColorScheme, tafel_color_scheme, TAFEL, COLOR_SCHEME, GObject)

TafelColorScheme *tafel_color_scheme_new             (void);
/* TRUE when the desktop prefers dark applications. */
gboolean          tafel_color_scheme_get_prefer_dark (TafelColorScheme *self);

G_END_DECLS
