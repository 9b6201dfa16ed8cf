/* tafel-window-private.h: the window's parts, for its own files and tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-session.h"
#include "tafel-window.h"

G_BEGIN_DECLS

struct _TafelWindow
{
  GtkApplicationWindow parent_instance;

  GtkWidget *content_box;
  GtkWidget *board_view;
  GtkWidget *move_list;
  GtkWidget *status_label;
  GtkWidget *game_dropdown;
  GtkWidget *variant_label;
  GtkWidget *banner_revealer;
  GtkWidget *banner_label;
  GtkWidget *review_box;
  GtkWidget *review_button;
  GtkWidget *review_running;
  GtkWidget *review_progress;
  GtkWidget *review_summary;
  char *note;                  /* said after the status until the position changes */

  GSettings *settings;
  TafelSession *session;
  GSignalGroup *match_signals; /* the current match's */

  guint layout_id;             /* pending choice of the move list's place */
  guint probe_id;              /* TAFEL_TRACE: main-loop gap probe */
  gint64 probe_last, probe_largest;
};

/* tafel-window-actions.c */
void             tafel_window_add_actions       (TafelWindow *self);
void             tafel_window_update_actions    (TafelWindow *self);

/* tafel-window-documents.c: the game as a document */
void             tafel_window_copy_game         (TafelWindow *self);
void             tafel_window_paste_game        (TafelWindow *self);
void             tafel_window_open_game         (TafelWindow *self);
void             tafel_window_save_game_as      (TafelWindow *self);

/* tafel-window.c */
void             tafel_window_show_banner       (TafelWindow *self,
                                                 const char  *text);

/* For tests: the computer player and its state. */
TafelAi         *tafel_window_get_ai            (TafelWindow *self);
gboolean         tafel_window_is_thinking       (TafelWindow *self);
/* TRUE while the computer thinks on the person's time. */
gboolean         tafel_window_is_pondering      (TafelWindow *self);
/* The side the computer plays, or TAFEL_SIDE_NONE against a person. */
int              tafel_window_get_computer_side (TafelWindow *self);
TafelStatistics *tafel_window_get_statistics    (TafelWindow *self);

G_END_DECLS
