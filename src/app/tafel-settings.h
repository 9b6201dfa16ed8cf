/* tafel-settings.h: binding string-choice settings to drop-downs; the
 * variants' titles and keys for them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-rules.h"

G_BEGIN_DECLS

/* Binds the string key @key (one of @choices, NULL-terminated) to the
 * "selected" item of @dropdown, whose items are in the order of @choices. */
void tafel_settings_bind_choice (GSettings         *settings,
                                 const char        *key,
                                 GtkWidget         *dropdown,
                                 const char *const *choices);

/* The translated titles of @game's variants, its default first (a
 * drop-down's items), and their keys in the same order, NULL-terminated
 * (the choices of a setting such as "mill-rules"). */
GListModel        *tafel_settings_variant_titles (TafelGame game);
const char *const *tafel_settings_variant_keys   (TafelGame game);

G_END_DECLS
