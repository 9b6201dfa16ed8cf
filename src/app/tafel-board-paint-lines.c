/* tafel-board-paint-lines.c: Mill: a wooden board with its lines drawn
 * on, white and black stones with a rim and a soft shadow
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-board-paint.h"

#define INSET 0.005

static void
lines_colours (TafelBoardPalette *pal)
{
  /* A mid-tone wood between the stones: both white and black stand out
   * from it by about the same contrast. */
  gdk_rgba_parse (&pal->surface, pal->dark ? "#93703f" : "#9a7446");
  gdk_rgba_parse (&pal->ink, "#2b1d0e");
  gdk_rgba_parse (&pal->side[0], "#f6f5f4");
  gdk_rgba_parse (&pal->side[1], "#241f31");
  gdk_rgba_parse (&pal->rim[0], "#77767b");
  gdk_rgba_parse (&pal->rim[1], "#5e5c64");
  if (pal->high_contrast)
    {
      /* Lines in black, white stones with a black edge. */
      gdk_rgba_parse (&pal->ink, "#000000");
      gdk_rgba_parse (&pal->rim[0], "#000000");
      gdk_rgba_parse (&pal->side[1], "#000000");
    }
}

static void
lines_extent (const TafelBoardScene *scene,
              graphene_rect_t       *rect)
{
  tafel_board_square_extent (scene, INSET, rect);
}

static void
lines_mark (cairo_t               *cr,
            const TafelBoardScene *scene,
            guint                  point,
            const GdkRGBA         *color,
            double                 alpha,
            TafelBoardMark         shape)
{
  tafel_board_round_mark (cr, scene, point, color, alpha, shape, 1.3);
}

static void
lines_background (cairo_t               *cr,
                  const TafelBoardScene *scene)
{
  const TafelBoard *b = scene->board;
  const TafelBoardFrame *f = &scene->frame;
  graphene_rect_t rect;
  double line = MAX (1.0, f->size * (scene->pal.high_contrast ? 0.012 : 0.008));

  lines_extent (scene, &rect);
  tafel_board_rounded_rect (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height,
                            f->size * 0.025);
  tafel_board_set_color (cr, &scene->pal.surface, 1.0);
  cairo_fill_preserve (cr);
  /* A darker edge, as a board has. */
  cairo_set_line_width (cr, MAX (1.0, f->size * 0.006));
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_stroke (cr);

  cairo_set_line_width (cr, line);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  tafel_board_set_color (cr, &scene->pal.ink, 0.85);
  for (guint i = 0; i < b->n_edges; i++)
    {
      double x0, y0, x1, y1;

      tafel_board_to_widget (scene, b->edges[i][0], &x0, &y0);
      tafel_board_to_widget (scene, b->edges[i][1], &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
    }
  cairo_stroke (cr);
  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      tafel_board_to_widget (scene, i, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, MAX (2.0, f->size * 0.014), 0, 2 * G_PI);
    }
  cairo_fill (cr);

  /* The points of the last move, a soft glow under the stones. */
  if (scene->last != NULL)
    for (guint i = 0; i < scene->last->len; i++)
      lines_mark (cr, scene, scene->last->path[i], &scene->pal.accent, 0.45, TAFEL_BOARD_MARK_AREA);
}

static void
lines_stone (cairo_t               *cr,
             const TafelBoardScene *scene,
             double                 x,
             double                 y,
             int                    side,
             double                 alpha,
             double                 lift)
{
  const GdkRGBA *c = &scene->pal.side[side];
  double r = tafel_board_radius (scene) * (1 + 0.12 * lift);
  double drop = r * (0.1 + 0.2 * lift);
  cairo_pattern_t *pattern;

  /* A soft shadow below and to the right. */
  pattern = cairo_pattern_create_radial (x + drop, y + drop * 1.3, r * 0.8,
                                         x + drop, y + drop * 1.3, r * 1.18);
  cairo_pattern_add_color_stop_rgba (pattern, 0, 0, 0, 0, 0.4 * alpha);
  cairo_pattern_add_color_stop_rgba (pattern, 1, 0, 0, 0, 0);
  cairo_set_source (cr, pattern);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + drop, y + drop * 1.3, r * 1.18, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  /* The stone, lit from the upper left. */
  pattern = cairo_pattern_create_radial (x - r * 0.35, y - r * 0.4, r * 0.05, x, y, r);
  cairo_pattern_add_color_stop_rgba (pattern, 0,
                                     c->red + (1 - c->red) * 0.25,
                                     c->green + (1 - c->green) * 0.25,
                                     c->blue + (1 - c->blue) * 0.25, alpha);
  cairo_pattern_add_color_stop_rgba (pattern, 0.45, c->red, c->green, c->blue, alpha);
  cairo_pattern_add_color_stop_rgba (pattern, 1, c->red * 0.88, c->green * 0.88, c->blue * 0.88, alpha);
  cairo_set_source (cr, pattern);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  /* The rim: a groove round the edge. */
  cairo_set_line_width (cr, MAX (1.0, r * (scene->pal.high_contrast ? 0.14 : 0.08)));
  tafel_board_set_color (cr, &scene->pal.rim[side], alpha);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r * 0.96, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_line_width (cr, MAX (1.0, r * 0.05));
  tafel_board_set_color (cr, &scene->pal.rim[side], 0.5 * alpha);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r * 0.68, 0, 2 * G_PI);
  cairo_stroke (cr);
}

const TafelBoardPainter tafel_board_painter_lines = {
  .colours = lines_colours,
  .extent = lines_extent,
  .background = lines_background,
  .stone = lines_stone,
  .mark = lines_mark,
};
