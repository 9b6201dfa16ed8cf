/* ui-test-util.h: what the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-application.h"
#include "tafel-window.h"

G_BEGIN_DECLS

/* The application the test windows belong to (registered, non-unique). */
extern TafelApplication *ui_test_app;

/* gtk_test_init() with saved games and statistics in a folder of this
 * run's own, and ui_test_app registered. */
void         ui_test_init               (int          *argc,
                                         char       ***argv);
/* g_test_run(), then the application and the folder are cleaned up. */
int          ui_test_run                (void);

/* Iterates the main loop until @done (@data) holds; fails after 30 s. */
void         ui_test_iterate_until      (gboolean    (*done) (gpointer),
                                         gpointer      data);
gboolean     ui_test_is_mapped          (gpointer      widget);
/* Presents @window and waits until its board is laid out. */
TafelWindow *ui_test_present            (TafelWindow  *window);
/* The settings a test's window starts from: @game against @opponent at
 * @level, the person first, no pause before the computer's move, and no
 * saved game.  Set more keys on them before ui_test_open_window (). */
GSettings   *ui_test_settings           (const char   *game,
                                         const char   *opponent,
                                         const char   *level);
/* A new window of ui_test_app, @width x @height (0: its own default
 * size), presented. */
TafelWindow *ui_test_open_window        (int           width,
                                         int           height);
/* Destroys @window and waits until it is gone for good. */
void         ui_test_close_window       (TafelWindow  *window);
/* Clicks the board at @point, as the pointer would. */
void         ui_test_click_point        (TafelWindow  *window,
                                         guint         point);
/* Sends @keyval to the board's key controller; TRUE if it was handled. */
gboolean     ui_test_press_key          (GtkWidget    *board,
                                         guint         keyval);

/* Removes every saved game (one file per game) from the state folder. */
void         ui_test_remove_saved_games (void);
/* The saved game of @game (its rules key, e.g. "infinity"). */
char        *ui_test_save_path          (const char   *game);

G_END_DECLS
