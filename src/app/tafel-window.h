/* tafel-window.h: the main window: shows one game session
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-match.h"
#include "tafel-session.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_WINDOW (tafel_window_get_type ())

G_DECLARE_FINAL_TYPE (TafelWindow, tafel_window, TAFEL, WINDOW, GtkApplicationWindow)

TafelWindow  *tafel_window_new            (GtkApplication *application);

gboolean      tafel_window_start_position (TafelWindow    *self,
                                           TafelGame       game,
                                           const char     *moves,
                                           GError        **error);

gboolean      tafel_window_open_text      (TafelWindow    *self,
                                           const char     *text,
                                           gssize          length,
                                           GError        **error);
void          tafel_window_open_file      (TafelWindow    *self,
                                           GFile          *file);

TafelSession *tafel_window_get_session    (TafelWindow    *self);
TafelMatch   *tafel_window_get_match      (TafelWindow    *self);
GtkWidget    *tafel_window_get_board      (TafelWindow    *self);
const char   *tafel_window_get_status     (TafelWindow    *self);

G_END_DECLS
