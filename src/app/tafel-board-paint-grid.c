/* tafel-board-paint-grid.c: Tic-Tac-Toe and Infinity: a card with grid
 * lines, X and O drawn as strokes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-board-paint.h"

#define INSET 0.01

/* Lightens @c a third of the way to white. */
static void
lighten (GdkRGBA *c)
{
  c->red += (1 - c->red) / 3;
  c->green += (1 - c->green) / 3;
  c->blue += (1 - c->blue) / 3;
}

static void
grid_colours (TafelBoardPalette *pal)
{
  /* A card in the view colour: it stands out from the window, and the
   * theme's two strong colours stand out from it. */
  pal->surface = pal->view;
  pal->ink = pal->fg;
  pal->side[0] = pal->accent;
  pal->side[1] = pal->remove;
  /* On a dark card the strong colours are too dim for strokes. */
  if (pal->dark)
    {
      lighten (&pal->side[0]);
      lighten (&pal->side[1]);
    }
  pal->rim[0] = pal->side[0];
  pal->rim[1] = pal->side[1];
}

static void
grid_extent (const TafelBoardScene *scene,
             graphene_rect_t       *rect)
{
  tafel_board_square_extent (scene, INSET, rect);
}

static double
stroke_width (const TafelBoardScene *scene)
{
  return scene->frame.size * (scene->pal.high_contrast ? 0.04 : 0.03);
}

static void
grid_mark (cairo_t               *cr,
           const TafelBoardScene *scene,
           guint                  point,
           const GdkRGBA         *color,
           double                 alpha,
           TafelBoardMark         shape)
{
  const TafelBoard *b = scene->board;
  double x, y, half = scene->frame.size / b->columns / 2 - scene->frame.size * 0.02;

  if (shape == TAFEL_BOARD_MARK_DOT)
    {
      tafel_board_round_mark (cr, scene, point, color, alpha, shape, 1.0);
      return;
    }

  tafel_board_to_widget (scene, point, &x, &y);
  tafel_board_set_color (cr, color, alpha);
  tafel_board_rounded_rect (cr, x - half, y - half, 2 * half, 2 * half, scene->frame.size * 0.02);
  if (shape == TAFEL_BOARD_MARK_AREA)
    cairo_fill (cr);
  else
    {
      cairo_set_line_width (cr, MAX (2.0, scene->frame.size * 0.006));
      cairo_stroke (cr);
    }
}

static void
grid_background (cairo_t               *cr,
                 const TafelBoardScene *scene)
{
  const TafelBoard *b = scene->board;
  const TafelBoardFrame *f = &scene->frame;
  double inset = f->size * 0.04;
  graphene_rect_t card;

  grid_extent (scene, &card);
  tafel_board_rounded_rect (cr, card.origin.x, card.origin.y, card.size.width, card.size.height,
                            f->size * 0.03);
  tafel_board_set_color (cr, &scene->pal.surface, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.0);
  tafel_board_set_color (cr, &scene->pal.fg, scene->pal.high_contrast ? 0.8 : 0.15);
  cairo_stroke (cr);

  cairo_set_line_width (cr, f->size * 0.012);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  tafel_board_set_color (cr, &scene->pal.ink, scene->pal.high_contrast ? 0.9 : 0.35);
  for (guint i = 1; i < b->columns; i++)
    {
      double x = f->x + f->size * i / b->columns;
      cairo_move_to (cr, x, f->y + inset);
      cairo_line_to (cr, x, f->y + f->size - inset);
    }
  for (guint i = 1; i < b->rows; i++)
    {
      double y = f->y + f->size * i / b->rows;
      cairo_move_to (cr, f->x + inset, y);
      cairo_line_to (cr, f->x + f->size - inset, y);
    }
  cairo_stroke (cr);

  /* The cell of the last move, softly. */
  if (scene->last != NULL)
    for (guint i = 0; i < scene->last->len; i++)
      grid_mark (cr, scene, scene->last->path[i], &scene->pal.accent, 0.12, TAFEL_BOARD_MARK_AREA);
}

/* X for the first side, O for the second; a lifted stone is larger. */
static void
grid_stone (cairo_t               *cr,
            const TafelBoardScene *scene,
            double                 x,
            double                 y,
            int                    side,
            double                 alpha,
            double                 lift)
{
  double r = tafel_board_radius (scene) * (1 + 0.25 * lift);

  cairo_set_line_width (cr, stroke_width (scene));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  tafel_board_set_color (cr, &scene->pal.side[side], alpha);
  if (side == 0)
    {
      cairo_move_to (cr, x - r, y - r);
      cairo_line_to (cr, x + r, y + r);
      cairo_move_to (cr, x + r, y - r);
      cairo_line_to (cr, x - r, y + r);
    }
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r * 1.05, 0, 2 * G_PI);
    }
  cairo_stroke (cr);
}

const TafelBoardPainter tafel_board_painter_grid = {
  .colours = grid_colours,
  .extent = grid_extent,
  .background = grid_background,
  .stone = grid_stone,
  .mark = grid_mark,
};
