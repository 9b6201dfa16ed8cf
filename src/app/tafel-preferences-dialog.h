/* tafel-preferences-dialog.h: level, opponent, who starts, thinking pause
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TAFEL_TYPE_PREFERENCES_DIALOG (tafel_preferences_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TafelPreferencesDialog, tafel_preferences_dialog, TAFEL, PREFERENCES_DIALOG, GtkWindow)

GtkWindow *tafel_preferences_dialog_new (GtkWindow *parent);

G_END_DECLS
