/* tafel-move-list.h: the game's moves beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-match.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_MOVE_LIST (tafel_move_list_get_type ())

G_DECLARE_FINAL_TYPE (TafelMoveList, tafel_move_list, TAFEL, MOVE_LIST, GtkWidget)

GtkWidget *tafel_move_list_new         (void);
void       tafel_move_list_set_match   (TafelMoveList *self,
                                        TafelMatch    *match);
void       tafel_move_list_set_mark    (TafelMoveList *self,
                                        guint          index,
                                        const char    *css_class,
                                        const char    *text);
void       tafel_move_list_clear_marks (TafelMoveList *self);
GtkWidget *tafel_move_list_get_button  (TafelMoveList *self,
                                        guint          index);
const char *tafel_move_list_get_text   (TafelMoveList *self,
                                        guint          index);

G_END_DECLS
