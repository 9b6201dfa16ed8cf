/* tafel-settings.h: binding string-choice settings to drop-downs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Binds the string key @key (one of @choices, NULL-terminated) to the
 * "selected" item of @dropdown, whose items are in the order of @choices. */
void tafel_settings_bind_choice (GSettings         *settings,
                                 const char        *key,
                                 GtkWidget         *dropdown,
                                 const char *const *choices);

G_END_DECLS
