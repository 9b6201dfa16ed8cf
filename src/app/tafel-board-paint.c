/* tafel-board-paint.c: what every board style shares: its place in the
 * widget, the theme's colours, the columns beside it and the winning line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tafel-board-paint.h"

const TafelBoardPainter *
tafel_board_painter_for (TafelBoardStyle style)
{
  switch (style)
    {
    case TAFEL_BOARD_FRAME:
      return &tafel_board_painter_frame;
    case TAFEL_BOARD_LINES:
      return &tafel_board_painter_lines;
    case TAFEL_BOARD_GRID:
    default:
      return &tafel_board_painter_grid;
    }
}

void
tafel_board_frame_layout (TafelBoardFrame *frame,
                          double           width,
                          double           height,
                          gboolean         columns)
{
  double size = columns ? MIN (width / (1 + 2 * TAFEL_BOARD_COLUMN), height)
                        : MIN (width, height);

  /* Every board lives in the unit square, shown as large as fits. */
  frame->size = MAX (size, 0);
  frame->x = (width - frame->size) / 2;
  frame->y = (height - frame->size) / 2;
  frame->columns = columns;
}

void
tafel_board_to_widget (const TafelBoardScene *scene,
                       guint                  point,
                       double                *x,
                       double                *y)
{
  *x = scene->frame.x + scene->board->points[point].x * scene->frame.size;
  *y = scene->frame.y + scene->board->points[point].y * scene->frame.size;
}

void
tafel_board_square_extent (const TafelBoardScene *scene,
                           double                 inset,
                           graphene_rect_t       *rect)
{
  const TafelBoardFrame *f = &scene->frame;

  inset *= f->size;
  graphene_rect_init (rect, f->x + inset, f->y + inset, f->size - 2 * inset, f->size - 2 * inset);
}

double
tafel_board_radius (const TafelBoardScene *scene)
{
  return scene->board->point_radius * scene->frame.size;
}

/* ---- colours ---- */

/* The first of @names the style defines, else @fallback.  Newer styles
 * name their colours like libadwaita (view_bg_color, accent_color);
 * GTK 4.8's own theme has the older names (theme_base_color, …). */
static void
lookup (GtkStyleContext   *context,
        const char *const *names,
        const char        *fallback,
        GdkRGBA           *rgba)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (gtk_style_context_lookup_color (context, names[i], rgba))
      return;

  gdk_rgba_parse (rgba, fallback);
}

#define NAMES(...) ((const char *const []) { __VA_ARGS__, NULL })

double
tafel_board_luminance (const GdkRGBA *c)
{
  double channel[3] = { c->red, c->green, c->blue };

  for (int i = 0; i < 3; i++)
    channel[i] = channel[i] <= 0.04045 ? channel[i] / 12.92
                                       : pow ((channel[i] + 0.055) / 1.055, 2.4);

  return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2];
}

void
tafel_board_palette_init (TafelBoardPalette       *pal,
                          GtkWidget               *widget,
                          const TafelBoardPainter *painter)
{
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  g_autofree char *theme = NULL;

  gtk_style_context_get_color (context, &pal->fg);
  lookup (context, NAMES ("accent_color", "theme_selected_bg_color"), "#1c71d8", &pal->accent);
  lookup (context, NAMES ("view_bg_color", "theme_base_color"), "#ffffff", &pal->view);
  lookup (context, NAMES ("destructive_color", "error_color"), "#c01c28", &pal->remove);

  /* The theme GTK uses: GTK_THEME where it is set, else the setting. */
  if (g_getenv ("GTK_THEME") != NULL)
    theme = g_strdup (g_getenv ("GTK_THEME"));
  else
    g_object_get (gtk_widget_get_settings (widget), "gtk-theme-name", &theme, NULL);
  pal->high_contrast = theme != NULL && strstr (theme, "HighContrast") != NULL;
  pal->dark = tafel_board_luminance (&pal->view) < 0.2;

  pal->surface = pal->view;
  pal->ink = pal->fg;
  painter->colours (pal);
}

void
tafel_board_set_color (cairo_t       *cr,
                       const GdkRGBA *c,
                       double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

void
tafel_board_rounded_rect (cairo_t *cr,
                          double   x,
                          double   y,
                          double   width,
                          double   height,
                          double   r)
{
  r = MIN (r, MIN (width, height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + width - r, y + height - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + height - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
tafel_board_round_mark (cairo_t               *cr,
                        const TafelBoardScene *scene,
                        guint                  point,
                        const GdkRGBA         *color,
                        double                 alpha,
                        TafelBoardMark         shape,
                        double                 scale)
{
  double x, y, r = tafel_board_radius (scene);

  tafel_board_to_widget (scene, point, &x, &y);
  tafel_board_set_color (cr, color, alpha);
  cairo_new_sub_path (cr);
  switch (shape)
    {
    case TAFEL_BOARD_MARK_AREA:
      cairo_arc (cr, x, y, r * scale, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case TAFEL_BOARD_MARK_RING:
      cairo_set_line_width (cr, MAX (2.0, scene->frame.size * (scene->pal.high_contrast ? 0.012 : 0.008)));
      cairo_arc (cr, x, y, r * scale, 0, 2 * G_PI);
      cairo_stroke (cr);
      break;
    case TAFEL_BOARD_MARK_DOT:
    default:
      cairo_arc (cr, x, y, MAX (2.0, r * 0.35), 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    }
}

/* ---- beside the board ---- */

void
tafel_board_paint_columns (cairo_t                 *cr,
                           const TafelBoardScene   *scene,
                           const TafelBoardPainter *painter,
                           const guint             *in_hand,
                           int                      to_move)
{
  const TafelBoardFrame *f = &scene->frame;
  double column = f->size * TAFEL_BOARD_COLUMN;

  for (int side = 0; side < 2; side++)
    {
      double x = side == 0 ? f->x - column / 2 : f->x + f->size + column / 2;
      /* Without stones in hand (other games, or Mill once all are
       * placed) one small stone names the side's colour: smaller than a
       * stone in hand, and an X's arms stay inside the lit column. */
      gboolean token = in_hand == NULL || in_hand[side] == 0;
      guint n = token ? 1 : in_hand[side];
      double r = MIN (tafel_board_radius (scene), column * (token ? 0.26 : 0.36));
      double step = n > 1 ? MIN (r * 2.2, (f->size * 0.8 - 2 * r) / (n - 1)) : 0;
      double top = f->y + f->size * 0.04 + column * 0.5;
      double bottom = top + (n > 0 ? (n - 1) * step : 0);
      gboolean lit = side == to_move;

      /* The side to move: its column lit in the accent colour. */
      if (lit)
        {
          double half = column * 0.46;

          tafel_board_rounded_rect (cr, x - half, top - half, 2 * half,
                                    bottom - top + 2 * half, half);
          tafel_board_set_color (cr, &scene->pal.accent, scene->pal.dark ? 0.3 : 0.18);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, MAX (1.5, f->size * 0.005));
          tafel_board_set_color (cr, &scene->pal.accent, 1.0);
          cairo_stroke (cr);
        }

      for (guint i = 0; i < n; i++)
        {
          cairo_save (cr);
          /* Drawn at the column's stone size. */
          cairo_translate (cr, x, top + i * step);
          cairo_scale (cr, r / tafel_board_radius (scene), r / tafel_board_radius (scene));
          painter->stone (cr, scene, 0, 0, side, lit || to_move == TAFEL_SIDE_NONE ? 1.0 : 0.6, 0);
          cairo_restore (cr);
        }
    }
}

/* ---- the win ---- */

void
tafel_board_paint_win (cairo_t                 *cr,
                       const TafelBoardScene   *scene,
                       const TafelBoardPainter *painter,
                       const TafelOutcome      *outcome,
                       double                   progress)
{
  const TafelBoard *b = scene->board;
  double width = scene->frame.size * (scene->pal.high_contrast ? 0.045 : 0.035);

  if (outcome->status != TAFEL_STATUS_WON)
    return;

  progress = CLAMP (progress, 0.0, 1.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* A line in the text colour on a halo in the view's, so that it reads
   * over stones of either colour; it grows from its first stone. */
  for (int pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < outcome->n_lines; i++)
        {
          const guint8 *line = &b->lines[outcome->lines[i] * b->line_len];
          double x0, y0, x1, y1, dx, dy, len;

          tafel_board_to_widget (scene, line[0], &x0, &y0);
          tafel_board_to_widget (scene, line[b->line_len - 1], &x1, &y1);
          dx = x1 - x0;
          dy = y1 - y0;
          len = hypot (dx, dy);
          if (len > 0)
            {
              double extend = tafel_board_radius (scene) * 1.3 / len;

              x0 -= dx * extend;
              y0 -= dy * extend;
              dx *= 1 + 2 * extend;
              dy *= 1 + 2 * extend;
            }
          cairo_move_to (cr, x0, y0);
          cairo_line_to (cr, x0 + dx * progress, y0 + dy * progress);
        }
      if (pass == 0)
        {
          cairo_set_line_width (cr, width * 1.8);
          tafel_board_set_color (cr, &scene->pal.view, 0.85);
        }
      else
        {
          cairo_set_line_width (cr, width);
          tafel_board_set_color (cr, &scene->pal.fg, 0.9);
        }
      cairo_stroke (cr);
    }

  /* Boards without winning lines mark the winning stones themselves. */
  if (outcome->n_lines == 0)
    for (guint i = 0; i < outcome->n_marks; i++)
      painter->mark (cr, scene, outcome->marks[i], &scene->pal.accent, progress,
                     TAFEL_BOARD_MARK_RING);
}
