/* tafel-window.h: the main window: one game against the computer or a person
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-ai.h"
#include "tafel-match.h"
#include "tafel-statistics.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_WINDOW (tafel_window_get_type ())

G_DECLARE_FINAL_TYPE (TafelWindow, tafel_window, TAFEL, WINDOW, GtkApplicationWindow)

TafelWindow *tafel_window_new           (GtkApplication *application);

gboolean     tafel_window_start_position (TafelWindow   *self,
                                          TafelGame      game,
                                          const char    *moves,
                                          GError       **error);

TafelMatch  *tafel_window_get_match     (TafelWindow    *self);
TafelAi     *tafel_window_get_ai        (TafelWindow    *self);
GtkWidget   *tafel_window_get_board     (TafelWindow    *self);
const char  *tafel_window_get_status    (TafelWindow    *self);
gboolean     tafel_window_is_thinking   (TafelWindow    *self);
/* TRUE while the computer thinks on the person's time. */
gboolean     tafel_window_is_pondering  (TafelWindow    *self);
/* The side the computer plays, or TAFEL_SIDE_NONE against a person. */
int          tafel_window_get_computer_side (TafelWindow *self);
TafelStatistics *tafel_window_get_statistics (TafelWindow *self);

G_END_DECLS
