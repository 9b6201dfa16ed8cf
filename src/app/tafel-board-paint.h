/* tafel-board-paint.h: what a board picture holds, and the painters of
 * the three board styles (grid, frame, lines)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board view decides what is shown (the stones, the moves being made,
 * the animations); a painter decides how one board style looks.  The
 * painters share the scene, the colours and a few helpers declared here.
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-rules.h"

G_BEGIN_DECLS

/* Width of a column beside the board (stones in hand, whose turn), in
 * board sizes. */
#define TAFEL_BOARD_COLUMN 0.12
/* Alpha of the Infinity stone that vanishes with its owner's next move. */
#define TAFEL_BOARD_FADED 0.4

typedef struct {
  double x, y, size;          /* the board's unit square, widget coordinates */
  gboolean columns;           /* a column on either side */
} TafelBoardFrame;

typedef struct {
  GdkRGBA fg;                 /* the theme's text colour */
  GdkRGBA accent;
  GdkRGBA remove;             /* a stone that may be taken */
  GdkRGBA view;               /* the theme's view background */
  GdkRGBA surface;            /* the board itself */
  GdkRGBA ink;                /* lines drawn on the board */
  GdkRGBA side[2];            /* the stones */
  GdkRGBA rim[2];             /* their edges */
  gboolean dark;              /* the view is dark */
  gboolean high_contrast;     /* a high-contrast theme */
} TafelBoardPalette;

typedef struct {
  const TafelBoard *board;
  TafelBoardFrame frame;
  TafelBoardPalette pal;
  const TafelPointInfo *info; /* what every point shows */
  const TafelMove *last;      /* the last move, to mark; may be NULL */
} TafelBoardScene;

typedef enum {
  TAFEL_BOARD_MARK_AREA,      /* the point's whole place, filled */
  TAFEL_BOARD_MARK_RING,      /* a ring round the point */
  TAFEL_BOARD_MARK_DOT,       /* a small dot: a click may go here */
} TafelBoardMark;

typedef struct {
  /* The style's own colours, over the theme's in @pal. */
  void (*colours)    (TafelBoardPalette     *pal);
  /* The board's rectangle: every stone, its shadow included, lies in it. */
  void (*extent)     (const TafelBoardScene *scene,
                      graphene_rect_t       *rect);
  /* The board under the stones, and the last move marked on it. */
  void (*background) (cairo_t               *cr,
                      const TafelBoardScene *scene);
  /* One stone of @side centred at (@x, @y); @lift 0 lies on the board,
   * 1 is held above it (larger, its shadow further off). */
  void (*stone)      (cairo_t               *cr,
                      const TafelBoardScene *scene,
                      double                 x,
                      double                 y,
                      int                    side,
                      double                 alpha,
                      double                 lift);
  /* What lies over the stones (Connect Four's frame); may be NULL. */
  void (*foreground) (cairo_t               *cr,
                      const TafelBoardScene *scene);
  void (*mark)       (cairo_t               *cr,
                      const TafelBoardScene *scene,
                      guint                  point,
                      const GdkRGBA         *color,
                      double                 alpha,
                      TafelBoardMark         shape);
} TafelBoardPainter;

extern const TafelBoardPainter tafel_board_painter_grid;
extern const TafelBoardPainter tafel_board_painter_frame;
extern const TafelBoardPainter tafel_board_painter_lines;

const TafelBoardPainter *tafel_board_painter_for      (TafelBoardStyle        style);

/* The board square as large as fits in @width x @height, with room for
 * a column on either side when @columns. */
void     tafel_board_frame_layout  (TafelBoardFrame         *frame,
                                    double                   width,
                                    double                   height,
                                    gboolean                 columns);
void     tafel_board_to_widget     (const TafelBoardScene   *scene,
                                    guint                    point,
                                    double                  *x,
                                    double                  *y);
/* The board's unit square, @inset board sizes inside on every side. */
void     tafel_board_square_extent (const TafelBoardScene   *scene,
                                    double                   inset,
                                    graphene_rect_t         *rect);
/* A stone's radius in widget coordinates. */
double   tafel_board_radius        (const TafelBoardScene   *scene);

/* The theme's colours for @widget, then the painter's own. */
void     tafel_board_palette_init  (TafelBoardPalette       *pal,
                                    GtkWidget               *widget,
                                    const TafelBoardPainter *painter);
void     tafel_board_set_color     (cairo_t                 *cr,
                                    const GdkRGBA           *color,
                                    double                   alpha);
/* Relative luminance (sRGB, as WCAG defines it), 0 black to 1 white. */
double   tafel_board_luminance     (const GdkRGBA           *color);
/* A rectangle with rounded corners as the current path. */
void     tafel_board_rounded_rect  (cairo_t                 *cr,
                                    double                   x,
                                    double                   y,
                                    double                   width,
                                    double                   height,
                                    double                   radius);
/* A round mark at @point, @scale stone radii large (frame and lines). */
void     tafel_board_round_mark    (cairo_t                 *cr,
                                    const TafelBoardScene   *scene,
                                    guint                    point,
                                    const GdkRGBA           *color,
                                    double                   alpha,
                                    TafelBoardMark           shape,
                                    double                   scale);

/* The columns beside the board: each side's stones in hand (or one stone
 * naming its colour), the column of @to_move lit.  @in_hand is NULL for
 * games without stones in hand; @to_move TAFEL_SIDE_NONE lights none. */
void     tafel_board_paint_columns (cairo_t                 *cr,
                                    const TafelBoardScene   *scene,
                                    const TafelBoardPainter *painter,
                                    const guint             *in_hand,
                                    int                      to_move);
/* The winning lines over the stones, drawn @progress (0..1) of their
 * length; boards without lines get their winning points marked. */
void     tafel_board_paint_win     (cairo_t                 *cr,
                                    const TafelBoardScene   *scene,
                                    const TafelBoardPainter *painter,
                                    const TafelOutcome      *outcome,
                                    double                   progress);

G_END_DECLS
