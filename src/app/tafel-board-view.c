/* tafel-board-view.c: the one Cairo board widget for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget reads everything it draws from the game's board data (points,
 * lines, connections) and from the match (who is where, the last move, the
 * win).  A click is mapped to the nearest point and from there to a click
 * target; the targets clicked so far form a path, and when the path is a
 * complete legal move the widget emits ::move.  Colours come from the
 * theme, so light, dark and high-contrast styles all work.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tafel-board-view.h"

#define FADED_ALPHA 0.4
#define VANISH_USEC (350 * 1000)
#define DROP_USEC (300 * 1000)
#define HAND_COLUMN 0.12   /* width of a hand column, board sizes */
#define HINT_USEC (2 * G_USEC_PER_SEC)
#define MAX_POINTS 64

typedef struct {
  guint point;
  guint8 owner;
  gint64 start;
} Ghost;

struct _TafelBoardView
{
  GtkWidget parent_instance;

  TafelMatch *match;
  gulong changed_id;
  gboolean interactive;

  /* the click path so far */
  guint8 path[TAFEL_MAX_PATH];
  guint path_len;

  int hover_point;               /* -1: none */
  int cursor;                    /* keyboard focus point */

  /* what was shown before the last change, to animate what vanished */
  TafelPointInfo shown[MAX_POINTS];
  guint shown_moves;
  GArray *ghosts;                /* Ghost */
  int drop_point;                /* frame boards: the disc falling in, or -1 */
  TafelMove hint;                /* a good move, shown for a moment */
  gint64 hint_start;             /* 0: no hint shown */
  gint64 drop_start;
  guint tick_id;
};

G_DEFINE_FINAL_TYPE (TafelBoardView, tafel_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_INTERACTIVE,
  PROP_CURSOR,
  PROP_PATH_LENGTH,
  N_PROPS
};

enum {
  MOVE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct {
  double x, y, size;      /* the board square in widget coordinates */
} Frame;

static void
set_path_len (TafelBoardView *self,
              guint           len)
{
  if (self->path_len == len)
    return;

  self->path_len = len;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH_LENGTH]);
}

static const TafelBoard *
board (TafelBoardView *self)
{
  return tafel_match_get_rules (self->match)->board;
}

static void
get_frame (TafelBoardView *self,
           Frame          *frame)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  /* Games with stones in hand keep a column for them on either side. */
  double w = tafel_match_get_rules (self->match)->in_hand != NULL
             ? MIN (width / (1 + 2 * HAND_COLUMN), height)
             : MIN (width, height);

  /* Every board lives in the unit square, shown as large as fits. */
  frame->size = w;
  frame->x = (width - w) / 2;
  frame->y = (height - w) / 2;
}

static void
to_widget (const Frame           *frame,
           const TafelBoardPoint *p,
           double                *x,
           double                *y)
{
  *x = frame->x + p->x * frame->size;
  *y = frame->y + p->y * frame->size;
}

static gboolean
animations_enabled (TafelBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

/* ---- colours ---- */

typedef struct {
  GdkRGBA fg, accent, remove, side[2], board, hole;
} Palette;

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

static void
get_palette (TafelBoardView *self,
             Palette        *p)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  const TafelBoard *b = board (self);

  gtk_style_context_get_color (context, &p->fg);
  lookup (context, NAMES ("accent_color", "theme_selected_bg_color"), "#1c71d8", &p->accent);
  lookup (context, NAMES ("view_bg_color", "theme_base_color"), "#ffffff", &p->hole);
  lookup (context, NAMES ("destructive_color", "error_color"), "#c01c28", &p->remove);

  switch (b->style)
    {
    case TAFEL_BOARD_FRAME:
      lookup (context, NAMES ("red_3"), "#e01b24", &p->side[0]);
      lookup (context, NAMES ("yellow_3"), "#f6d32d", &p->side[1]);
      lookup (context, NAMES ("blue_4"), "#1c71d8", &p->board);
      break;
    case TAFEL_BOARD_LINES:
      lookup (context, NAMES ("light_1"), "#ffffff", &p->side[0]);
      lookup (context, NAMES ("dark_4"), "#241f31", &p->side[1]);
      p->board = p->fg;
      break;
    case TAFEL_BOARD_GRID:
    default:
      p->side[0] = p->accent;
      p->side[1] = p->remove;
      p->board = p->fg;
      /* On a dark board the theme's strong colours are too dim for
       * strokes: lighten them a third of the way to white. */
      if (0.2126 * p->hole.red + 0.7152 * p->hole.green + 0.0722 * p->hole.blue < 0.5)
        for (int side = 0; side < 2; side++)
          {
            p->side[side].red += (1 - p->side[side].red) / 3;
            p->side[side].green += (1 - p->side[side].green) / 3;
            p->side[side].blue += (1 - p->side[side].blue) / 3;
          }
      break;
    }
}

static void
set_color (cairo_t       *cr,
           const GdkRGBA *c,
           double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* ---- drawing ---- */

static void
draw_stone (TafelBoardView *self,
            cairo_t        *cr,
            const Frame    *frame,
            const Palette  *pal,
            guint           point,
            guint8          owner,
            double          alpha)
{
  const TafelBoard *b = board (self);
  double x, y, r = b->point_radius * frame->size;
  int side = owner == TAFEL_POINT_SIDE0 ? 0 : 1;

  to_widget (frame, &b->points[point], &x, &y);

  if (b->style == TAFEL_BOARD_GRID)
    {
      cairo_set_line_width (cr, frame->size * 0.03);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      set_color (cr, &pal->side[side], alpha);
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
      return;
    }

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  set_color (cr, &pal->side[side], alpha);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, frame->size * 0.004);
  set_color (cr, &pal->fg, 0.25 * alpha);
  cairo_stroke (cr);
}

/* The board itself: a card in the view colour, so that it stands out
 * from the window in light, dark and high-contrast styles alike. */
static void
draw_card (TafelBoardView *self,
           cairo_t        *cr,
           const Frame    *frame,
           const Palette  *pal)
{
  double inset = frame->size * 0.01, r = frame->size * 0.03;
  double x = frame->x + inset, y = frame->y + inset, size = frame->size - 2 * inset;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + size - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + size - r, y + size - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + size - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  set_color (cr, &pal->hole, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.0);
  set_color (cr, &pal->fg, 0.15);
  cairo_stroke (cr);
}

static void
draw_grid (TafelBoardView *self,
           cairo_t        *cr,
           const Frame    *frame,
           const Palette  *pal)
{
  const TafelBoard *b = board (self);
  double inset = frame->size * 0.04;

  cairo_set_line_width (cr, frame->size * 0.012);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  set_color (cr, &pal->fg, 0.35);
  for (guint i = 1; i < b->columns; i++)
    {
      double x = frame->x + frame->size * i / b->columns;
      cairo_move_to (cr, x, frame->y + inset);
      cairo_line_to (cr, x, frame->y + frame->size - inset);
    }
  for (guint i = 1; i < b->rows; i++)
    {
      double y = frame->y + frame->size * i / b->rows;
      cairo_move_to (cr, frame->x + inset, y);
      cairo_line_to (cr, frame->x + frame->size - inset, y);
    }
  cairo_stroke (cr);
}

/* The smallest rectangle around every point, a cell's half beyond. */
static void
points_extent (TafelBoardView        *self,
               const Frame           *frame,
               graphene_rect_t       *rect)
{
  const TafelBoard *b = board (self);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double half = frame->size / MAX (b->columns, 1) / 2;

  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      to_widget (frame, &b->points[i], &x, &y);
      x0 = MIN (x0, x);
      y0 = MIN (y0, y);
      x1 = MAX (x1, x);
      y1 = MAX (y1, y);
    }

  graphene_rect_init (rect, x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half);
}

static void
draw_frame (TafelBoardView *self,
            cairo_t        *cr,
            const Frame    *frame,
            const Palette  *pal)
{
  const TafelBoard *b = board (self);
  double r = b->point_radius * frame->size;
  graphene_rect_t rect;

  points_extent (self, frame, &rect);
  cairo_new_path (cr);
  cairo_rectangle (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      to_widget (frame, &b->points[i], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r * 1.08, 0, 2 * G_PI);
    }
  set_color (cr, &pal->board, 1.0);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

/* Frame boards have gravity: a move in a column fills its lowest empty
 * point.  Returns that point, or -1 when the column is full. */
static int
landing_point (TafelBoardView       *self,
               const TafelPointInfo *info,
               guint                 target)
{
  const TafelBoard *b = board (self);
  int best = -1;

  for (guint i = 0; i < b->n_points; i++)
    if (b->target_of_point[i] == target && info[i].owner == TAFEL_POINT_EMPTY &&
        (best < 0 || b->points[i].y > b->points[best].y))
      best = i;

  return best;
}

/* The highest stone of a column: the one a frame move put there last. */
static int
top_point (TafelBoardView       *self,
           const TafelPointInfo *info,
           guint                 target)
{
  const TafelBoard *b = board (self);
  int best = -1;

  for (guint i = 0; i < b->n_points; i++)
    if (b->target_of_point[i] == target && info[i].owner != TAFEL_POINT_EMPTY &&
        (best < 0 || b->points[i].y < b->points[best].y))
      best = i;

  return best;
}

static void
draw_lines (TafelBoardView *self,
            cairo_t        *cr,
            const Frame    *frame,
            const Palette  *pal)
{
  const TafelBoard *b = board (self);

  /* Drawn opaque in a group and then blended once, so that crossings
   * do not come out darker. */
  cairo_push_group (cr);
  cairo_set_line_width (cr, frame->size * 0.01);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  set_color (cr, &pal->fg, 1.0);
  for (guint i = 0; i < b->n_edges; i++)
    {
      double x0, y0, x1, y1;

      to_widget (frame, &b->points[b->edges[i][0]], &x0, &y0);
      to_widget (frame, &b->points[b->edges[i][1]], &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      to_widget (frame, &b->points[i], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, frame->size * 0.016, 0, 2 * G_PI);
    }
  cairo_fill (cr);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, 0.55);
}

static void
draw_cell_highlight (TafelBoardView *self,
                     cairo_t        *cr,
                     const Frame    *frame,
                     const GdkRGBA  *color,
                     double          alpha,
                     guint           point)
{
  const TafelBoard *b = board (self);
  double x, y, r = b->point_radius * frame->size * 1.55;

  to_widget (frame, &b->points[point], &x, &y);
  set_color (cr, color, alpha);
  cairo_new_sub_path (cr);
  if (b->style == TAFEL_BOARD_GRID)
    {
      double half = frame->size / b->columns / 2 - frame->size * 0.02;
      cairo_rectangle (cr, x - half, y - half, 2 * half, 2 * half);
    }
  else
    cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
draw_win (TafelBoardView     *self,
          cairo_t            *cr,
          const Frame        *frame,
          const Palette      *pal,
          const TafelOutcome *outcome)
{
  const TafelBoard *b = board (self);

  if (outcome->status != TAFEL_STATUS_WON)
    return;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, frame->size * 0.04);
  set_color (cr, &pal->fg, 0.75);
  for (guint i = 0; i < outcome->n_lines; i++)
    {
      const guint8 *line = &b->lines[outcome->lines[i] * b->line_len];
      double x0, y0, x1, y1, dx, dy, len;

      to_widget (frame, &b->points[line[0]], &x0, &y0);
      to_widget (frame, &b->points[line[b->line_len - 1]], &x1, &y1);
      dx = x1 - x0;
      dy = y1 - y0;
      len = hypot (dx, dy);
      if (len > 0)
        {
          double extend = b->point_radius * frame->size * 1.3 / len;
          x0 -= dx * extend;
          y0 -= dy * extend;
          x1 += dx * extend;
          y1 += dy * extend;
        }
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
    }
  cairo_stroke (cr);

  /* Boards without drawn lines mark the winning stones themselves. */
  if (outcome->n_lines == 0)
    for (guint i = 0; i < outcome->n_marks; i++)
      draw_cell_highlight (self, cr, frame, &pal->accent, 0.35, outcome->marks[i]);
}

/* Stones still in hand, in a column beside the board: the first side's
 * on the left, the second side's on the right. */
static void
draw_hands (TafelBoardView       *self,
            cairo_t              *cr,
            const Frame          *frame,
            const Palette        *pal,
            const TafelPointInfo *shown)
{
  const TafelRules *rules = tafel_match_get_rules (self->match);
  const TafelState *state = tafel_match_get_state (self->match);
  double r = rules->board->point_radius * frame->size * 0.8;
  TafelPointInfo actual[MAX_POINTS];
  int placed[2] = { 0, 0 };

  /* A stone a half-made move put on the board has left the hand. */
  rules->points (state, actual);
  for (guint i = 0; i < rules->board->n_points; i++)
    {
      if (shown[i].owner != TAFEL_POINT_EMPTY)
        placed[shown[i].owner == TAFEL_POINT_SIDE0 ? 0 : 1]++;
      if (actual[i].owner != TAFEL_POINT_EMPTY)
        placed[actual[i].owner == TAFEL_POINT_SIDE0 ? 0 : 1]--;
    }

  for (int side = 0; side < 2; side++)
    {
      guint n = rules->in_hand (state, side) - CLAMP (placed[side], 0, 1);
      double x = side == 0 ? frame->x - frame->size * HAND_COLUMN / 2
                           : frame->x + frame->size * (1 + HAND_COLUMN / 2);

      for (guint i = 0; i < n; i++)
        {
          double y = frame->y + frame->size * (0.1 + i * 0.09);

          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, r, 0, 2 * G_PI);
          set_color (cr, &pal->side[side], 1.0);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, frame->size * 0.004);
          set_color (cr, &pal->fg, 0.35);
          cairo_stroke (cr);
        }
    }
}

/* A half-made move: the picked stone ringed, and every point the next
 * click may go to marked — a dot where it is empty, a ring round a stone
 * that may be taken. */
static void
draw_next_clicks (TafelBoardView       *self,
                  cairo_t              *cr,
                  const Frame          *frame,
                  const Palette        *pal,
                  const TafelPointInfo *info)
{
  const TafelBoard *b = board (self);
  gboolean targets[MAX_POINTS];
  double r = b->point_radius * frame->size;

  tafel_match_continuations (self->match, self->path, self->path_len, targets, NULL);
  cairo_set_line_width (cr, frame->size * 0.008);
  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;

      to_widget (frame, &b->points[i], &x, &y);
      cairo_new_sub_path (cr);
      if (info[i].flags & TAFEL_POINT_FLAG_SELECTED)
        {
          cairo_arc (cr, x, y, r * 1.3, 0, 2 * G_PI);
          set_color (cr, &pal->accent, 1.0);
          cairo_stroke (cr);
        }
      else if (targets[b->target_of_point[i]] && info[i].owner == TAFEL_POINT_EMPTY)
        {
          cairo_arc (cr, x, y, r * 0.4, 0, 2 * G_PI);
          set_color (cr, &pal->accent, 0.8);
          cairo_fill (cr);
        }
      else if (targets[b->target_of_point[i]])
        {
          cairo_arc (cr, x, y, r * 1.3, 0, 2 * G_PI);
          set_color (cr, &pal->remove, 1.0);
          cairo_stroke (cr);
        }
    }
}

/* The points a hinted move touches, ringed, fading after a while. */
static void
draw_hint (TafelBoardView       *self,
           cairo_t              *cr,
           const Frame          *frame,
           const Palette        *pal,
           const TafelPointInfo *info,
           gint64                now)
{
  const TafelBoard *b = board (self);
  double t = (double) (now - self->hint_start) / HINT_USEC;
  double alpha = t < 0.75 ? 1.0 : MAX (0.0, (1.0 - t) * 4);

  cairo_set_line_width (cr, frame->size * 0.012);
  set_color (cr, &pal->accent, alpha);
  for (guint i = 0; i < self->hint.len; i++)
    {
      int point = -1;
      double x, y;

      if (b->style == TAFEL_BOARD_FRAME)
        point = landing_point (self, info, self->hint.path[i]);
      else
        for (guint p = 0; p < b->n_points && point < 0; p++)
          if (b->target_of_point[p] == self->hint.path[i])
            point = p;
      if (point < 0)
        continue;

      to_widget (frame, &b->points[point], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, b->point_radius * frame->size * 1.45, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
}

static void
tafel_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (widget);
  const TafelBoard *b;
  const TafelOutcome *outcome;
  const TafelMove *last;
  TafelPointInfo info[MAX_POINTS];
  cairo_t *cr;
  gint64 now = g_get_monotonic_time ();
  Palette pal;
  Frame frame;

  if (self->match == NULL)
    return;

  b = board (self);
  outcome = tafel_match_get_outcome (self->match);
  get_frame (self, &frame);
  get_palette (self, &pal);
  tafel_match_get_rules (self->match)->points (tafel_match_get_state (self->match), info);
  /* A half-made move shows as it would stand. */
  if (self->path_len > 0 && tafel_match_get_rules (self->match)->preview != NULL)
    tafel_match_get_rules (self->match)->preview (tafel_match_get_state (self->match),
                                                  self->path, self->path_len, info);

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (0, 0,
                                                       gtk_widget_get_width (widget),
                                                       gtk_widget_get_height (widget)));

  if (b->style != TAFEL_BOARD_FRAME)
    draw_card (self, cr, &frame, &pal);
  if (b->style == TAFEL_BOARD_GRID)
    draw_grid (self, cr, &frame, &pal);
  else if (b->style == TAFEL_BOARD_LINES)
    draw_lines (self, cr, &frame, &pal);

  /* The points of the last move, softly (their targets are points on
   * every board but the frame, whose targets are columns). */
  last = tafel_match_get_last_move (self->match);
  if (last != NULL && b->style != TAFEL_BOARD_FRAME)
    for (guint i = 0; i < last->len; i++)
      draw_cell_highlight (self, cr, &frame, &pal.accent, 0.12, last->path[i]);

  /* Where a click would play: on frame boards, where the disc would land. */
  if (self->interactive && self->hover_point >= 0)
    {
      gboolean targets[MAX_POINTS];
      guint target = b->target_of_point[self->hover_point];
      int shown = b->style == TAFEL_BOARD_FRAME ? landing_point (self, info, target) : self->hover_point;

      tafel_match_continuations (self->match, self->path, self->path_len, targets, NULL);
      if (targets[target] && shown >= 0 && info[shown].owner == TAFEL_POINT_EMPTY)
        draw_stone (self, cr, &frame, &pal, shown,
                    tafel_match_get_side_to_move (self->match) == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1,
                    0.25);
    }

  for (guint i = 0; i < b->n_points; i++)
    {
      if (info[i].owner == TAFEL_POINT_EMPTY)
        continue;
      if ((int) i == self->drop_point)
        {
          /* Falling in from above the board, speeding up. */
          double t = MIN (1.0, (double) (now - self->drop_start) / DROP_USEC);
          double fall = (b->points[i].y + b->point_radius * 2) * frame.size;

          cairo_save (cr);
          cairo_translate (cr, 0, -fall * (1.0 - t * t));
          draw_stone (self, cr, &frame, &pal, i, info[i].owner, 1.0);
          cairo_restore (cr);
          continue;
        }
      draw_stone (self, cr, &frame, &pal, i, info[i].owner,
                  info[i].flags & TAFEL_POINT_FLAG_VANISHES_NEXT ? FADED_ALPHA : 1.0);
    }

  /* Stones that just vanished fade out from their faded look. */
  for (guint i = 0; i < self->ghosts->len; i++)
    {
      const Ghost *g = &g_array_index (self->ghosts, Ghost, i);
      double t = (double) (now - g->start) / VANISH_USEC;

      if (t < 1.0)
        draw_stone (self, cr, &frame, &pal, g->point, g->owner, FADED_ALPHA * (1.0 - t));
    }

  if (tafel_match_get_rules (self->match)->in_hand != NULL)
    draw_hands (self, cr, &frame, &pal, info);
  if (self->path_len > 0)
    draw_next_clicks (self, cr, &frame, &pal, info);
  if (self->hint_start != 0)
    draw_hint (self, cr, &frame, &pal, info, now);
  if (gtk_widget_has_visible_focus (widget))
    {
      double x, y, r = b->point_radius * frame.size * 1.55;

      to_widget (&frame, &b->points[self->cursor], &x, &y);
      cairo_set_line_width (cr, MAX (2.0, frame.size * 0.006));
      set_color (cr, &pal.accent, 1.0);
      cairo_new_sub_path (cr);
      if (b->style == TAFEL_BOARD_GRID)
        {
          double half = frame.size / b->columns / 2 - frame.size * 0.015;
          cairo_rectangle (cr, x - half, y - half, 2 * half, 2 * half);
        }
      else
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_stroke (cr);
    }

  if (b->style == TAFEL_BOARD_FRAME)
    {
      draw_frame (self, cr, &frame, &pal);
      /* The last disc gets a small mark. */
      if (last != NULL && self->drop_point < 0)
        {
          int top = top_point (self, info, last->path[0]);
          double x, y;

          if (top >= 0)
            {
              to_widget (&frame, &b->points[top], &x, &y);
              cairo_new_sub_path (cr);
              cairo_arc (cr, x, y, b->point_radius * frame.size * 0.22, 0, 2 * G_PI);
              set_color (cr, &pal.hole, 0.85);
              cairo_fill (cr);
            }
        }
    }

  draw_win (self, cr, &frame, &pal, outcome);
  cairo_destroy (cr);
}

/* ---- changes and animation ---- */

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (widget);
  gint64 now = g_get_monotonic_time ();

  for (guint i = self->ghosts->len; i > 0; i--)
    if (now - g_array_index (self->ghosts, Ghost, i - 1).start >= VANISH_USEC)
      g_array_remove_index_fast (self->ghosts, i - 1);
  if (self->drop_point >= 0 && now - self->drop_start >= DROP_USEC)
    self->drop_point = -1;
  if (self->hint_start != 0 && now - self->hint_start >= HINT_USEC)
    self->hint_start = 0;

  gtk_widget_queue_draw (widget);
  if (self->ghosts->len > 0 || self->drop_point >= 0 || self->hint_start != 0)
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

static void
remember_shown (TafelBoardView *self)
{
  tafel_match_get_rules (self->match)->points (tafel_match_get_state (self->match), self->shown);
  self->shown_moves = tafel_match_get_n_moves (self->match);
}

static void
on_match_changed (TafelMatch     *match,
                  TafelBoardView *self)
{
  const TafelBoard *b = board (self);
  TafelPointInfo now[MAX_POINTS];

  set_path_len (self, 0);
  self->hint_start = 0;
  tafel_match_get_rules (match)->points (tafel_match_get_state (match), now);

  /* One move forward: stones that left the board fade out, and on frame
   * boards the new disc falls in. */
  g_array_set_size (self->ghosts, 0);
  self->drop_point = -1;
  if (tafel_match_get_n_moves (match) == self->shown_moves + 1 && animations_enabled (self))
    for (guint i = 0; i < b->n_points; i++)
      {
        if (self->shown[i].owner != TAFEL_POINT_EMPTY && now[i].owner == TAFEL_POINT_EMPTY)
          g_array_append_val (self->ghosts, ((Ghost) { i, self->shown[i].owner, g_get_monotonic_time () }));
        else if (b->style == TAFEL_BOARD_FRAME &&
                 self->shown[i].owner == TAFEL_POINT_EMPTY && now[i].owner != TAFEL_POINT_EMPTY)
          {
            self->drop_point = i;
            self->drop_start = g_get_monotonic_time ();
          }
      }

  if ((self->ghosts->len > 0 || self->drop_point >= 0) && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);

  remember_shown (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- input ---- */

static int
point_at (TafelBoardView *self,
          double          x,
          double          y)
{
  const TafelBoard *b = board (self);
  double best = G_MAXDOUBLE, reach;
  int best_point = -1;
  Frame frame;

  get_frame (self, &frame);
  /* A click counts for the nearest point within half a cell (grid and
   * frame) or a generous stone size (lines). */
  reach = b->style == TAFEL_BOARD_LINES ? b->point_radius * 1.6 * frame.size
                                        : frame.size / b->columns * 0.5 * M_SQRT2;

  for (guint i = 0; i < b->n_points; i++)
    {
      double px, py, d;

      to_widget (&frame, &b->points[i], &px, &py);
      d = hypot (px - x, py - y);
      if (d < best && d <= reach)
        {
          best = d;
          best_point = i;
        }
    }

  return best_point;
}

void
tafel_board_view_click (TafelBoardView *self,
                        double          x,
                        double          y)
{
  gboolean targets[MAX_POINTS];
  TafelMove move;
  int point;

  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));

  if (self->match == NULL || !self->interactive)
    return;
  if ((point = point_at (self, x, y)) < 0)
    return;

  tafel_match_continuations (self->match, self->path, self->path_len, targets, NULL);
  if (!targets[board (self)->target_of_point[point]])
    {
      /* Not a continuation: start a new path from this target if it can;
       * otherwise the click does nothing and a half-made move stays. */
      tafel_match_continuations (self->match, NULL, 0, targets, NULL);
      if (!targets[board (self)->target_of_point[point]])
        {
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      set_path_len (self, 0);
    }

  self->path[self->path_len] = board (self)->target_of_point[point];
  set_path_len (self, self->path_len + 1);
  if (tafel_match_continuations (self->match, self->path, self->path_len, targets, &move))
    {
      set_path_len (self, 0);
      g_signal_emit (self, signals[MOVE], 0, &move);
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TafelBoardView  *self)
{
  tafel_board_view_click (self, x, y);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           TafelBoardView           *self)
{
  int point = self->match != NULL ? point_at (self, x, y) : -1;

  if (point != self->hover_point)
    {
      self->hover_point = point;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_leave (GtkEventControllerMotion *controller,
          TafelBoardView           *self)
{
  self->hover_point = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The nearest point from the cursor in the direction (dx, dy), within
 * 45 degrees of it; -1 if there is none. */
static int
point_towards (TafelBoardView *self,
               int             dx,
               int             dy)
{
  const TafelBoard *b = board (self);
  const TafelBoardPoint *from = &b->points[self->cursor];
  double best = G_MAXDOUBLE;
  int best_point = -1;

  for (guint i = 0; i < b->n_points; i++)
    {
      double vx = b->points[i].x - from->x, vy = b->points[i].y - from->y;
      double along = vx * dx + vy * dy, across = fabs (vx * dy - vy * dx);
      double d;

      if ((int) i == self->cursor || along <= 1e-6 || across > along)
        continue;
      d = along + 2 * across;
      if (d < best)
        {
          best = d;
          best_point = i;
        }
    }

  return best_point;
}

static void
activate_point (TafelBoardView *self,
                guint           point)
{
  double x, y;

  if (tafel_board_view_point_position (self, point, &x, &y))
    tafel_board_view_click (self, x, y);
}

/* The first point whose click target is @target: digits name targets. */
static int
point_of_target (TafelBoardView *self,
                 guint           target)
{
  const TafelBoard *b = board (self);

  for (guint i = 0; i < b->n_points; i++)
    if (b->target_of_point[i] == target)
      return i;

  return -1;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                TafelBoardView        *self)
{
  int next = -1;

  if (self->match == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      next = point_towards (self, -1, 0);
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      next = point_towards (self, 1, 0);
      break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      next = point_towards (self, 0, -1);
      break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      next = point_towards (self, 0, 1);
      break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
      activate_point (self, self->cursor);
      return GDK_EVENT_STOP;
    case GDK_KEY_Escape:
      if (self->path_len == 0)
        return GDK_EVENT_PROPAGATE;
      set_path_len (self, 0);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return GDK_EVENT_STOP;
    default:
      /* Digits play a cell (1-9) or a column (1-7) where targets are few. */
      if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_9 && board (self)->n_targets <= 9)
        {
          int point = point_of_target (self, keyval - GDK_KEY_1);

          if (point >= 0)
            {
              self->cursor = point;
              g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
              activate_point (self, point);
              return GDK_EVENT_STOP;
            }
        }
      return GDK_EVENT_PROPAGATE;
    }

  if (next >= 0)
    {
      self->cursor = next;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  return GDK_EVENT_STOP;
}

/**
 * tafel_board_view_get_path:
 * @len: (out): how many targets are clicked
 *
 * Returns: the targets of the move being made
 */
const guint8 *
tafel_board_view_get_path (TafelBoardView *self,
                           guint          *len)
{
  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), NULL);

  *len = self->path_len;
  return self->path;
}

int
tafel_board_view_get_cursor (TafelBoardView *self)
{
  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), -1);

  return self->cursor;
}

gboolean
tafel_board_view_point_position (TafelBoardView *self,
                                 guint           point,
                                 double         *x,
                                 double         *y)
{
  Frame frame;

  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), FALSE);

  if (self->match == NULL || point >= board (self)->n_points)
    return FALSE;

  get_frame (self, &frame);
  to_widget (&frame, &board (self)->points[point], x, y);
  return TRUE;
}

/* ---- GObject ---- */

static void
tafel_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = 200;
  *natural = 480;
}

static void
tafel_board_view_dispose (GObject *object)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (object);

  tafel_board_view_set_match (self, NULL);

  G_OBJECT_CLASS (tafel_board_view_parent_class)->dispose (object);
}

static void
tafel_board_view_finalize (GObject *object)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (object);

  g_array_unref (self->ghosts);

  G_OBJECT_CLASS (tafel_board_view_parent_class)->finalize (object);
}

static void
tafel_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_CURSOR:
      g_value_set_int (value, self->cursor);
      break;
    case PROP_PATH_LENGTH:
      g_value_set_uint (value, self->path_len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      tafel_board_view_set_match (self, g_value_get_object (value));
      break;
    case PROP_INTERACTIVE:
      tafel_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_board_view_class_init (TafelBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_board_view_dispose;
  object_class->finalize = tafel_board_view_finalize;
  object_class->get_property = tafel_board_view_get_property;
  object_class->set_property = tafel_board_view_set_property;

  widget_class->snapshot = tafel_board_view_snapshot;
  widget_class->measure = tafel_board_view_measure;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL,
                         TAFEL_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURSOR] =
    g_param_spec_int ("cursor", NULL, NULL, 0, MAX_POINTS - 1, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH_LENGTH] =
    g_param_spec_uint ("path-length", NULL, NULL, 0, TAFEL_MAX_PATH, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TafelBoardView::move:
   * @move: (type gpointer): the TafelMove the clicks completed
   */
  signals[MOVE] =
    g_signal_new ("move",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tafel_board_view_init (TafelBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->hover_point = -1;
  self->drop_point = -1;
  self->ghosts = g_array_new (FALSE, FALSE, sizeof (Ghost));

  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (click), "tafel-board-click");
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_event_controller_set_name (focus, "tafel-board-focus");
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_event_controller_set_name (keys, "tafel-board-keys");
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_event_controller_set_name (motion, "tafel-board-motion");
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"),
                                  -1);
}

GtkWidget *
tafel_board_view_new (void)
{
  return g_object_new (TAFEL_TYPE_BOARD_VIEW, NULL);
}

TafelMatch *
tafel_board_view_get_match (TafelBoardView *self)
{
  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), NULL);

  return self->match;
}

void
tafel_board_view_set_match (TafelBoardView *self,
                            TafelMatch     *match)
{
  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));
  g_return_if_fail (match == NULL || TAFEL_IS_MATCH (match));

  if (self->match == match)
    return;

  if (self->match != NULL)
    g_clear_signal_handler (&self->changed_id, self->match);
  g_set_object (&self->match, match);
  set_path_len (self, 0);
  self->hover_point = -1;
  self->drop_point = -1;
  g_array_set_size (self->ghosts, 0);

  if (match != NULL)
    {
      g_assert (tafel_match_get_rules (match)->board->n_points <= MAX_POINTS);
      self->changed_id = g_signal_connect (match, "changed", G_CALLBACK (on_match_changed), self);
      remember_shown (self);
      self->cursor = tafel_match_get_rules (match)->board->n_points / 2;
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

/**
 * tafel_board_view_show_hint:
 * @move: a move in the current position
 *
 * Rings the points of @move for a moment.
 */
void
tafel_board_view_show_hint (TafelBoardView  *self,
                            const TafelMove *move)
{
  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));
  g_return_if_fail (move != NULL);

  self->hint = *move;
  self->hint_start = g_get_monotonic_time ();
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tafel_board_view_get_hint:
 *
 * Returns: (nullable): the move shown as a hint, if one is shown
 */
const TafelMove *
tafel_board_view_get_hint (TafelBoardView *self)
{
  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), NULL);

  return self->hint_start != 0 ? &self->hint : NULL;
}

gboolean
tafel_board_view_get_interactive (TafelBoardView *self)
{
  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), FALSE);

  return self->interactive;
}

void
tafel_board_view_set_interactive (TafelBoardView *self,
                                  gboolean        interactive)
{
  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;

  self->interactive = interactive;
  set_path_len (self, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}
