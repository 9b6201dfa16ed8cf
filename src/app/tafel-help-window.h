/* tafel-help-window.h: the user guide, readable without a network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TAFEL_TYPE_HELP_WINDOW (tafel_help_window_get_type ())

G_DECLARE_FINAL_TYPE (TafelHelpWindow, tafel_help_window, TAFEL, HELP_WINDOW, GtkWindow)

GtkWindow *tafel_help_window_show      (GtkWindow       *parent,
                                        const char      *page);

G_END_DECLS
