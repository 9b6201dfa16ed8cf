/* tafel-board-paint-frame.c: Connect Four: discs seen through the round
 * holes of an upright frame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-board-paint.h"

#define HOLE 1.08      /* a hole's radius, in disc radii */

static void
frame_colours (TafelBoardPalette *pal)
{
  /* A deep blue frame: the red disc is lighter than it, the yellow much
   * lighter, in light and dark styles alike. */
  gdk_rgba_parse (&pal->surface, pal->dark ? "#1e4286" : "#163d80");
  gdk_rgba_parse (&pal->side[0], "#ed333b");
  gdk_rgba_parse (&pal->side[1], "#f6d32d");
  gdk_rgba_parse (&pal->rim[0], "#a51d2d");
  gdk_rgba_parse (&pal->rim[1], "#c88800");
  pal->ink = pal->surface;
  if (pal->high_contrast)
    {
      pal->rim[0] = pal->fg;
      pal->rim[1] = pal->fg;
    }
}

/* The smallest rectangle round every hole, half a cell beyond. */
static void
frame_extent (const TafelBoardScene *scene,
              graphene_rect_t       *rect)
{
  const TafelBoard *b = scene->board;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double half = scene->frame.size / MAX (b->columns, 1) / 2;

  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      tafel_board_to_widget (scene, i, &x, &y);
      x0 = MIN (x0, x);
      y0 = MIN (y0, y);
      x1 = MAX (x1, x);
      y1 = MAX (y1, y);
    }

  graphene_rect_init (rect, x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half);
}

/* Behind the frame: the holes in the frame's shade, dark enough that
 * a yellow disc stands out as well as a red one. */
static void
frame_background (cairo_t               *cr,
                  const TafelBoardScene *scene)
{
  const GdkRGBA *c = &scene->pal.surface;
  graphene_rect_t rect;

  frame_extent (scene, &rect);
  tafel_board_rounded_rect (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height,
                            scene->frame.size * 0.02);
  cairo_set_source_rgb (cr, c->red * 0.35, c->green * 0.35, c->blue * 0.35);
  cairo_fill (cr);
}

static void
frame_stone (cairo_t               *cr,
             const TafelBoardScene *scene,
             double                 x,
             double                 y,
             int                    side,
             double                 alpha,
             double                 lift)
{
  double r = tafel_board_radius (scene);

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  tafel_board_set_color (cr, &scene->pal.side[side], alpha);
  cairo_fill (cr);

  /* The raised ring of a real disc, and its edge. */
  cairo_set_line_width (cr, r * 0.1);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r * 0.72, 0, 2 * G_PI);
  tafel_board_set_color (cr, &scene->pal.rim[side], 0.45 * alpha);
  cairo_stroke (cr);
  cairo_set_line_width (cr, MAX (1.0, r * 0.06));
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r * 0.97, 0, 2 * G_PI);
  tafel_board_set_color (cr, &scene->pal.rim[side], alpha);
  cairo_stroke (cr);
}

/* The highest disc of a column: the one a move put there last. */
static int
top_point (const TafelBoardScene *scene,
           guint                  target)
{
  const TafelBoard *b = scene->board;
  int best = -1;

  for (guint i = 0; i < b->n_points; i++)
    if (b->target_of_point[i] == target && scene->info[i].owner != TAFEL_POINT_EMPTY &&
        (best < 0 || b->points[i].y < b->points[best].y))
      best = i;

  return best;
}

/* The frame over the discs, with a shaded edge round every hole. */
static void
frame_foreground (cairo_t               *cr,
                  const TafelBoardScene *scene)
{
  const TafelBoard *b = scene->board;
  double r = tafel_board_radius (scene);
  graphene_rect_t rect;

  frame_extent (scene, &rect);
  cairo_new_path (cr);
  tafel_board_rounded_rect (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height,
                            scene->frame.size * 0.02);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      tafel_board_to_widget (scene, i, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r * HOLE, 0, 2 * G_PI);
    }
  tafel_board_set_color (cr, &scene->pal.surface, 1.0);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

  cairo_set_line_width (cr, MAX (1.0, r * 0.08));
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      tafel_board_to_widget (scene, i, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r * HOLE, G_PI * 1.0, G_PI * 2.0);
    }
  cairo_stroke (cr);

  /* The last disc gets a small mark. */
  if (scene->last != NULL)
    {
      int top = top_point (scene, scene->last->path[0]);

      if (top >= 0)
        tafel_board_round_mark (cr, scene, top, &scene->pal.view, 0.85, TAFEL_BOARD_MARK_AREA, 0.22);
    }
}

static void
frame_mark (cairo_t               *cr,
            const TafelBoardScene *scene,
            guint                  point,
            const GdkRGBA         *color,
            double                 alpha,
            TafelBoardMark         shape)
{
  tafel_board_round_mark (cr, scene, point, color, alpha, shape,
                          shape == TAFEL_BOARD_MARK_AREA ? 1.0 : 1.15);
}

const TafelBoardPainter tafel_board_painter_frame = {
  .colours = frame_colours,
  .extent = frame_extent,
  .background = frame_background,
  .stone = frame_stone,
  .foreground = frame_foreground,
  .mark = frame_mark,
};
