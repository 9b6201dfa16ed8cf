/* tafel-board-view.h: the one Cairo board widget for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-match.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_BOARD_VIEW (tafel_board_view_get_type ())

G_DECLARE_FINAL_TYPE (TafelBoardView, tafel_board_view, TAFEL, BOARD_VIEW, GtkWidget)

typedef enum {
  TAFEL_BOARD_ANIMATIONS_SYSTEM,  /* as GtkSettings:gtk-enable-animations says */
  TAFEL_BOARD_ANIMATIONS_ON,
  TAFEL_BOARD_ANIMATIONS_OFF,
} TafelBoardAnimations;

GtkWidget  *tafel_board_view_new             (void);

TafelMatch *tafel_board_view_get_match       (TafelBoardView *self);
void        tafel_board_view_set_match       (TafelBoardView *self,
                                              TafelMatch     *match);
gboolean    tafel_board_view_get_interactive (TafelBoardView *self);
void        tafel_board_view_set_interactive (TafelBoardView *self,
                                              gboolean        interactive);
/* Where point @point of the board is drawn, in widget coordinates. */
gboolean    tafel_board_view_point_position  (TafelBoardView *self,
                                              guint           point,
                                              double         *x,
                                              double         *y);
void        tafel_board_view_show_hint       (TafelBoardView  *self,
                                              const TafelMove *move);
const TafelMove *tafel_board_view_get_hint   (TafelBoardView  *self);
int         tafel_board_view_get_cursor      (TafelBoardView *self);
const guint8 *tafel_board_view_get_path      (TafelBoardView *self,
                                              guint          *len);
/* Clicks at widget coordinates, as a pointer click would. */
void        tafel_board_view_click           (TafelBoardView *self,
                                              double          x,
                                              double          y);

/* A fixed position instead of a match, not interactive (Check Position). */
void        tafel_board_view_set_position    (TafelBoardView       *self,
                                              const TafelBoard     *board,
                                              const TafelPointInfo *info,
                                              const TafelOutcome   *outcome);
/* Where the board is drawn; every stone lies inside. */
gboolean    tafel_board_view_get_board_rect  (TafelBoardView  *self,
                                              graphene_rect_t *rect);

/* Movement: the match has changed already, the view shows it moving. */
void        tafel_board_view_set_animations  (TafelBoardView       *self,
                                              TafelBoardAnimations  animations);
gboolean    tafel_board_view_get_animating   (TafelBoardView *self);
void        tafel_board_view_finish_animations (TafelBoardView *self);

G_END_DECLS
