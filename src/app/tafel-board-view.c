/* tafel-board-view.c: the one board widget for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget reads everything it draws from the game's board data (points,
 * lines, connections) and from the match (who is where, the last move, the
 * win), or from a fixed position it is given.  A click is mapped to the
 * nearest point and from there to a click target; the targets clicked so
 * far form a path, and when the path is a complete legal move the widget
 * emits ::move.
 *
 * How a board style looks is its painter's business
 * (tafel-board-paint-*.c); this file decides what is shown.  Movement is
 * only shown, never waited for: the match has already changed when a
 * stone starts to slide, and any input finishes the movement at once.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tafel-board-paint.h"
#include "tafel-board-view.h"

#define MOVE_USEC (200 * 1000)     /* a stone placed, moved or taken */
#define FALL_USEC (250 * 1000)     /* a Connect Four disc falling in */
#define VANISH_USEC (250 * 1000)   /* a stone leaving the board */
#define WIN_USEC (250 * 1000)      /* the winning line drawn */
#define HINT_USEC (2 * G_USEC_PER_SEC)
#define PREVIEW_ALPHA 0.3
#define MAX_POINTS 64

typedef enum {
  ANIM_APPEAR,      /* a stone put down: fades in, landing from above */
  ANIM_FALL,        /* a disc falling down its column */
  ANIM_SLIDE,       /* a stone moved from one point to another */
  ANIM_VANISH,      /* a stone taken off: fades out */
} AnimKind;

typedef struct {
  AnimKind kind;
  guint8 point;     /* where the stone ends (or stood, when vanishing) */
  guint8 from;      /* ANIM_SLIDE: where it came from */
  guint8 owner;
  double alpha;     /* its alpha at rest (vanishing: before it went) */
} Anim;

struct _TafelBoardView
{
  GtkWidget parent_instance;

  TafelMatch *match;
  gulong changed_id;
  gboolean interactive;

  /* a fixed position, shown where there is no match */
  const TafelBoard *position_board;
  TafelPointInfo position[MAX_POINTS];
  TafelOutcome position_outcome;

  /* the click path so far */
  guint8 path[TAFEL_MAX_PATH];
  guint path_len;

  int hover_point;               /* -1: none */
  int cursor;                    /* keyboard focus point */

  /* what was shown before the last change, to animate what moved */
  TafelPointInfo shown[MAX_POINTS];
  guint shown_moves;
  TafelStatus shown_status;
  TafelBoardAnimations animations;
  GArray *anims;                 /* Anim, all started at anim_start */
  gint64 anim_start;
  gint64 win_start;              /* 0: the win is drawn whole */
  TafelMove hint;                /* a good move, shown for a moment */
  gint64 hint_start;             /* 0: no hint shown */
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
  return self->match != NULL ? tafel_match_get_rules (self->match)->board : self->position_board;
}

static void
get_frame (TafelBoardView  *self,
           TafelBoardFrame *frame)
{
  /* A game has a column on either side: stones in hand, whose turn. */
  tafel_board_frame_layout (frame,
                            gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)),
                            self->match != NULL);
}

/* Where every point is drawn from, without the colours. */
static void
init_scene (TafelBoardView  *self,
            TafelBoardScene *scene)
{
  memset (scene, 0, sizeof *scene);
  scene->board = board (self);
  get_frame (self, &scene->frame);
}

static void
to_widget (const TafelBoardFrame *frame,
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

  switch (self->animations)
    {
    case TAFEL_BOARD_ANIMATIONS_ON:
      return TRUE;
    case TAFEL_BOARD_ANIMATIONS_OFF:
      return FALSE;
    case TAFEL_BOARD_ANIMATIONS_SYSTEM:
    default:
      g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                    "gtk-enable-animations", &enabled, NULL);
      return enabled;
    }
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

static int
side_of (guint8 owner)
{
  return owner == TAFEL_POINT_SIDE0 ? 0 : 1;
}

/* ---- drawing ---- */

/* 0..1 of an animation of @usec that started at @start. */
static double
progress (gint64 now,
          gint64 start,
          gint64 usec)
{
  return CLAMP ((double) (now - start) / usec, 0.0, 1.0);
}

static double
ease_out (double t)
{
  return 1 - (1 - t) * (1 - t) * (1 - t);
}

static gboolean
is_animated (TafelBoardView *self,
             guint           point)
{
  for (guint i = 0; i < self->anims->len; i++)
    {
      const Anim *a = &g_array_index (self->anims, Anim, i);

      if (a->kind != ANIM_VANISH && a->point == point)
        return TRUE;
    }

  return FALSE;
}

static void
draw_anims (TafelBoardView          *self,
            cairo_t                 *cr,
            const TafelBoardScene   *scene,
            const TafelBoardPainter *painter,
            gint64                   now)
{
  graphene_rect_t extent;

  /* Moving stones stay on the board: a disc enters the frame from its
   * top edge, a lifted stone's shadow does not spill over. */
  painter->extent (scene, &extent);
  cairo_save (cr);
  cairo_rectangle (cr, extent.origin.x, extent.origin.y, extent.size.width, extent.size.height);
  cairo_clip (cr);

  for (guint i = 0; i < self->anims->len; i++)
    {
      const Anim *a = &g_array_index (self->anims, Anim, i);
      int side = side_of (a->owner);
      double x, y, t;

      tafel_board_to_widget (scene, a->point, &x, &y);
      switch (a->kind)
        {
        case ANIM_APPEAR:
          t = ease_out (progress (now, self->anim_start, MOVE_USEC));
          painter->stone (cr, scene, x, y, side, a->alpha * t, 1 - t);
          break;
        case ANIM_FALL:
          {
            /* Falling in from above the board, speeding up. */
            double fall = y - scene->frame.y + tafel_board_radius (scene);

            t = progress (now, self->anim_start, FALL_USEC);
            painter->stone (cr, scene, x, y - fall * (1 - t * t), side, a->alpha, 0);
          }
          break;
        case ANIM_SLIDE:
          {
            double x0, y0;

            t = progress (now, self->anim_start, MOVE_USEC);
            tafel_board_to_widget (scene, a->from, &x0, &y0);
            painter->stone (cr, scene,
                            x0 + (x - x0) * ease_out (t), y0 + (y - y0) * ease_out (t),
                            side, a->alpha, sin (G_PI * t) * 0.6);
          }
          break;
        case ANIM_VANISH:
        default:
          t = progress (now, self->anim_start, VANISH_USEC);
          if (t < 1)
            painter->stone (cr, scene, x, y, side, a->alpha * (1 - t), 0);
          break;
        }
    }

  cairo_restore (cr);
}

/* Where a click at @point would go: a faint, ringed stone where one
 * would be put (@stones: the stone, under the frame; else the ring), a
 * ring round a stone that would be picked up or taken. */
static void
draw_preview (TafelBoardView          *self,
              cairo_t                 *cr,
              const TafelBoardScene   *scene,
              const TafelBoardPainter *painter,
              int                      point,
              gboolean                 stones)
{
  const TafelBoard *b = scene->board;
  gboolean targets[MAX_POINTS];
  guint target;
  int shown;

  if (point < 0 || self->match == NULL || !self->interactive)
    return;

  target = b->target_of_point[point];
  tafel_match_continuations (self->match, self->path, self->path_len, targets, NULL);
  if (!targets[target])
    return;

  shown = b->style == TAFEL_BOARD_FRAME ? landing_point (self, scene->info, target) : point;
  if (shown < 0)
    return;

  if (scene->info[shown].owner == TAFEL_POINT_EMPTY && stones)
    {
      double x, y;

      tafel_board_to_widget (scene, shown, &x, &y);
      painter->stone (cr, scene, x, y, tafel_match_get_side_to_move (self->match),
                      PREVIEW_ALPHA, 0);
    }
  else if (scene->info[shown].owner == TAFEL_POINT_EMPTY && !stones)
    {
      /* Ringed in the colour of the side to move, so that the faint
       * stone reads on any board. */
      painter->mark (cr, scene, shown, &scene->pal.side[tafel_match_get_side_to_move (self->match)],
                     0.8, TAFEL_BOARD_MARK_RING);
    }
  else if (scene->info[shown].owner != TAFEL_POINT_EMPTY && !stones &&
           !(scene->info[shown].flags & TAFEL_POINT_FLAG_SELECTED))
    {
      gboolean own = side_of (scene->info[shown].owner) == tafel_match_get_side_to_move (self->match);

      painter->mark (cr, scene, shown, own ? &scene->pal.accent : &scene->pal.remove, 0.7,
                     TAFEL_BOARD_MARK_RING);
    }
}

/* A half-made move: the picked stone ringed, and every point the next
 * click may go to marked — a dot where it is empty, a ring round a stone
 * that may be taken. */
static void
draw_next_clicks (TafelBoardView          *self,
                  cairo_t                 *cr,
                  const TafelBoardScene   *scene,
                  const TafelBoardPainter *painter)
{
  const TafelBoard *b = scene->board;
  gboolean targets[MAX_POINTS];

  tafel_match_continuations (self->match, self->path, self->path_len, targets, NULL);
  for (guint i = 0; i < b->n_points; i++)
    {
      if (scene->info[i].flags & TAFEL_POINT_FLAG_SELECTED)
        painter->mark (cr, scene, i, &scene->pal.accent, 1.0, TAFEL_BOARD_MARK_RING);
      else if (targets[b->target_of_point[i]] && scene->info[i].owner == TAFEL_POINT_EMPTY)
        painter->mark (cr, scene, i, &scene->pal.accent, 0.8, TAFEL_BOARD_MARK_DOT);
      else if (targets[b->target_of_point[i]])
        painter->mark (cr, scene, i, &scene->pal.remove, 1.0, TAFEL_BOARD_MARK_RING);
    }
}

/* The points a hinted move touches, ringed, fading after a while. */
static void
draw_hint (TafelBoardView          *self,
           cairo_t                 *cr,
           const TafelBoardScene   *scene,
           const TafelBoardPainter *painter,
           gint64                   now)
{
  const TafelBoard *b = scene->board;
  double t = progress (now, self->hint_start, HINT_USEC);
  double alpha = t < 0.75 ? 1.0 : MAX (0.0, (1.0 - t) * 4);

  for (guint i = 0; i < self->hint.len; i++)
    {
      int point = -1;

      if (b->style == TAFEL_BOARD_FRAME)
        point = landing_point (self, scene->info, self->hint.path[i]);
      else
        for (guint p = 0; p < b->n_points && point < 0; p++)
          if (b->target_of_point[p] == self->hint.path[i])
            point = p;
      /* On Connect Four's blue frame the accent colour would vanish:
       * there the ring is the mover's colour, as the hover's is. */
      if (point >= 0)
        painter->mark (cr, scene, point,
                       b->style == TAFEL_BOARD_FRAME
                       ? &scene->pal.side[tafel_match_get_side_to_move (self->match)]
                       : &scene->pal.accent,
                       alpha, TAFEL_BOARD_MARK_RING);
    }
}

/* The columns beside the board: stones in hand, and whose turn it is. */
static void
draw_columns (TafelBoardView          *self,
              cairo_t                 *cr,
              const TafelBoardScene   *scene,
              const TafelBoardPainter *painter)
{
  const TafelRules *rules = tafel_match_get_rules (self->match);
  const TafelState *state = tafel_match_get_state (self->match);
  int to_move = tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING
                ? tafel_match_get_side_to_move (self->match) : TAFEL_SIDE_NONE;
  TafelPointInfo actual[MAX_POINTS];
  guint in_hand[2];
  int placed[2] = { 0, 0 };

  if (rules->in_hand == NULL)
    {
      tafel_board_paint_columns (cr, scene, painter, NULL, to_move);
      return;
    }

  /* A stone a half-made move put on the board has left the hand. */
  rules->points (state, actual);
  for (guint i = 0; i < scene->board->n_points; i++)
    {
      if (scene->info[i].owner != TAFEL_POINT_EMPTY)
        placed[side_of (scene->info[i].owner)]++;
      if (actual[i].owner != TAFEL_POINT_EMPTY)
        placed[side_of (actual[i].owner)]--;
    }
  for (int side = 0; side < 2; side++)
    in_hand[side] = rules->in_hand (state, side) - CLAMP (placed[side], 0, 1);

  tafel_board_paint_columns (cr, scene, painter, in_hand, to_move);
}

static void
tafel_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TafelBoardView *self = TAFEL_BOARD_VIEW (widget);
  const TafelBoardPainter *painter;
  const TafelOutcome *outcome;
  TafelPointInfo info[MAX_POINTS];
  TafelBoardScene scene;
  gint64 now = g_get_monotonic_time ();
  cairo_t *cr;

  if (board (self) == NULL)
    return;

  init_scene (self, &scene);
  painter = tafel_board_painter_for (scene.board->style);
  tafel_board_palette_init (&scene.pal, widget, painter);
  scene.info = info;
  if (self->match != NULL)
    {
      const TafelRules *rules = tafel_match_get_rules (self->match);

      outcome = tafel_match_get_outcome (self->match);
      rules->points (tafel_match_get_state (self->match), info);
      /* A half-made move shows as it would stand. */
      if (self->path_len > 0 && rules->preview != NULL)
        rules->preview (tafel_match_get_state (self->match), self->path, self->path_len, info);
      /* The last move is marked once its stones have come to rest. */
      if (self->anims->len == 0)
        scene.last = tafel_match_get_last_move (self->match);
    }
  else
    {
      outcome = &self->position_outcome;
      memcpy (info, self->position, sizeof info);
    }

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (0, 0,
                                                       gtk_widget_get_width (widget),
                                                       gtk_widget_get_height (widget)));

  painter->background (cr, &scene);

  for (guint i = 0; i < scene.board->n_points; i++)
    {
      double x, y;

      if (info[i].owner == TAFEL_POINT_EMPTY || is_animated (self, i))
        continue;
      tafel_board_to_widget (&scene, i, &x, &y);
      painter->stone (cr, &scene, x, y, side_of (info[i].owner),
                      info[i].flags & TAFEL_POINT_FLAG_VANISHES_NEXT ? TAFEL_BOARD_FADED : 1.0, 0);
    }

  /* Where a click would put a stone: under the pointer, and under the
   * keyboard cursor when the board has the keyboard focus. */
  draw_preview (self, cr, &scene, painter, self->hover_point, TRUE);
  if (gtk_widget_has_visible_focus (widget) && self->cursor != self->hover_point)
    draw_preview (self, cr, &scene, painter, self->cursor, TRUE);

  draw_anims (self, cr, &scene, painter, now);
  if (painter->foreground != NULL)
    painter->foreground (cr, &scene);

  if (self->match != NULL && self->path_len > 0)
    draw_next_clicks (self, cr, &scene, painter);
  /* A stone under the pointer or the cursor that a click would pick up
   * or take. */
  draw_preview (self, cr, &scene, painter, self->hover_point, FALSE);
  if (self->hint_start != 0)
    draw_hint (self, cr, &scene, painter, now);
  if (gtk_widget_has_visible_focus (widget) && self->match != NULL)
    {
      int shown = self->cursor;

      draw_preview (self, cr, &scene, painter, self->cursor, FALSE);
      /* On frame boards the cursor names a column: ring its landing point. */
      if (scene.board->style == TAFEL_BOARD_FRAME)
        {
          int landing = landing_point (self, info, scene.board->target_of_point[self->cursor]);

          if (landing >= 0)
            shown = landing;
        }
      painter->mark (cr, &scene, shown, &scene.pal.accent, 1.0, TAFEL_BOARD_MARK_RING);
    }

  if (self->match != NULL)
    draw_columns (self, cr, &scene, painter);

  tafel_board_paint_win (cr, &scene, painter, outcome,
                         self->win_start != 0 ? progress (now, self->win_start, WIN_USEC) : 1.0);
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

  if (self->anims->len > 0 && now - self->anim_start >= MAX (FALL_USEC, VANISH_USEC))
    g_array_set_size (self->anims, 0);
  if (self->win_start != 0 && now - self->win_start >= WIN_USEC)
    self->win_start = 0;
  if (self->hint_start != 0 && now - self->hint_start >= HINT_USEC)
    self->hint_start = 0;

  gtk_widget_queue_draw (widget);
  if (self->anims->len > 0 || self->win_start != 0 || self->hint_start != 0)
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

static void
start_ticking (TafelBoardView *self)
{
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
remember_shown (TafelBoardView *self)
{
  tafel_match_get_rules (self->match)->points (tafel_match_get_state (self->match), self->shown);
  self->shown_moves = tafel_match_get_n_moves (self->match);
  self->shown_status = tafel_match_get_status (self->match);
}

/* One move forward: what changed from @before to @after, as movement. */
static void
start_anims (TafelBoardView       *self,
             const TafelPointInfo *before,
             const TafelPointInfo *after)
{
  const TafelBoard *b = board (self);
  Anim appeared[MAX_POINTS], vanished[MAX_POINTS];
  guint n_appeared = 0, n_vanished = 0;

  for (guint i = 0; i < b->n_points; i++)
    {
      if (before[i].owner == after[i].owner)
        continue;
      if (before[i].owner != TAFEL_POINT_EMPTY)
        vanished[n_vanished++] = (Anim) {
          ANIM_VANISH, i, i, before[i].owner,
          before[i].flags & TAFEL_POINT_FLAG_VANISHES_NEXT ? TAFEL_BOARD_FADED : 1.0
        };
      if (after[i].owner != TAFEL_POINT_EMPTY)
        appeared[n_appeared++] = (Anim) {
          b->style == TAFEL_BOARD_FRAME ? ANIM_FALL : ANIM_APPEAR, i, i, after[i].owner,
          after[i].flags & TAFEL_POINT_FLAG_VANISHES_NEXT ? TAFEL_BOARD_FADED : 1.0
        };
    }

  /* On a board of lines a stone that left one point for another of the
   * same colour moved there (or flew). */
  if (b->style == TAFEL_BOARD_LINES && n_appeared == 1)
    for (guint i = 0; i < n_vanished; i++)
      if (vanished[i].owner == appeared[0].owner)
        {
          appeared[0].kind = ANIM_SLIDE;
          appeared[0].from = vanished[i].point;
          vanished[i] = vanished[--n_vanished];
          break;
        }

  g_array_append_vals (self->anims, appeared, n_appeared);
  g_array_append_vals (self->anims, vanished, n_vanished);
  self->anim_start = g_get_monotonic_time ();
}

static void
on_match_changed (TafelMatch     *match,
                  TafelBoardView *self)
{
  TafelPointInfo now[MAX_POINTS];
  gboolean forward = tafel_match_get_n_moves (match) == self->shown_moves + 1;

  set_path_len (self, 0);
  self->hint_start = 0;
  g_array_set_size (self->anims, 0);
  self->win_start = 0;

  tafel_match_get_rules (match)->points (tafel_match_get_state (match), now);
  if (forward && animations_enabled (self))
    {
      start_anims (self, self->shown, now);
      /* A move that wins draws its line once the stone has landed. */
      if (tafel_match_get_status (match) == TAFEL_STATUS_WON &&
          self->shown_status != TAFEL_STATUS_WON)
        self->win_start = g_get_monotonic_time () + MOVE_USEC;
      if (self->anims->len > 0 || self->win_start != 0)
        start_ticking (self);
    }

  remember_shown (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tafel_board_view_finish_animations:
 *
 * Shows at once what the board is animating towards.
 */
void
tafel_board_view_finish_animations (TafelBoardView *self)
{
  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));

  if (self->anims->len == 0 && self->win_start == 0)
    return;

  g_array_set_size (self->anims, 0);
  self->win_start = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tafel_board_view_get_animating (TafelBoardView *self)
{
  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), FALSE);

  return self->anims->len > 0 || self->win_start != 0;
}

/**
 * tafel_board_view_set_animations:
 * @animations: whether moves are animated; %TAFEL_BOARD_ANIMATIONS_SYSTEM
 *   follows GtkSettings:gtk-enable-animations (the default)
 */
void
tafel_board_view_set_animations (TafelBoardView       *self,
                                 TafelBoardAnimations  animations)
{
  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));

  self->animations = animations;
  if (!animations_enabled (self))
    tafel_board_view_finish_animations (self);
}

/**
 * tafel_board_view_get_board_rect:
 * @rect: (out): the board's rectangle in widget coordinates
 *
 * Every stone on the board, its shadow included, is drawn inside @rect.
 *
 * Returns: FALSE when there is no board to show
 */
gboolean
tafel_board_view_get_board_rect (TafelBoardView  *self,
                                 graphene_rect_t *rect)
{
  TafelBoardScene scene;

  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), FALSE);

  if (board (self) == NULL)
    return FALSE;

  init_scene (self, &scene);
  tafel_board_painter_for (scene.board->style)->extent (&scene, rect);
  return TRUE;
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
  TafelBoardFrame frame;

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
  /* A click during an animation shows its end at once, and counts. */
  tafel_board_view_finish_animations (self);
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
      g_autoptr(TafelMatch) match = g_object_ref (self->match);
      guint before = tafel_match_get_n_moves (match);

      gboolean handed_on = FALSE;

      set_path_len (self, 0);
      g_signal_emit (self, signals[MOVE], 0, &move, &handed_on);
      /* For the UI tests: every complete move a person makes is played
       * exactly once, unless a question about it comes first. */
      if (g_getenv ("TAFEL_TRACE") != NULL && match == self->match && !handed_on &&
          tafel_match_get_n_moves (match) != before + 1)
        g_print ("board: a move was not played exactly once (%u moves before, %u after)\n",
                 before, tafel_match_get_n_moves (match));
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
  tafel_board_view_finish_animations (self);

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

  /* Moving the cursor is keyboard play: show where it is. */
  if (GTK_IS_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))))
    gtk_window_set_focus_visible (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), TRUE);
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
  TafelBoardFrame frame;

  g_return_val_if_fail (TAFEL_IS_BOARD_VIEW (self), FALSE);

  if (board (self) == NULL || point >= board (self)->n_points)
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
  /* A game fills the window; a position shown beside text is small. */
  *minimum = TAFEL_BOARD_VIEW (widget)->match != NULL ? 200 : 96;
  *natural = TAFEL_BOARD_VIEW (widget)->match != NULL ? 480 : 144;
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

  g_array_unref (self->anims);

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
   *
   * Returns: %TRUE when the move is not played at once but handed on
   *   (the window asks the person first); %FALSE when it was played, or
   *   refused
   */
  signals[MOVE] =
    g_signal_new ("move",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, G_TYPE_POINTER);

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
  self->anims = g_array_new (FALSE, FALSE, sizeof (Anim));

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
  self->hint_start = 0;
  g_array_set_size (self->anims, 0);
  self->win_start = 0;

  if (match != NULL)
    {
      g_assert (tafel_match_get_rules (match)->board->n_points <= MAX_POINTS);
      self->changed_id = g_signal_connect (match, "changed", G_CALLBACK (on_match_changed), self);
      remember_shown (self);
      self->cursor = tafel_match_get_rules (match)->board->n_points / 2;
    }

  gtk_widget_queue_resize (GTK_WIDGET (self));
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
  start_ticking (self);
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

/**
 * tafel_board_view_set_position:
 * @board: (nullable): the board to show, or %NULL for none
 * @info: (nullable): what each point of @board shows; %NULL: all empty
 * @outcome: (nullable): the winning lines to draw
 *
 * Shows a fixed position instead of a match (the view is not
 * interactive then): the same drawing as in a game, for a board that
 * need not be a legal position at all.
 */
void
tafel_board_view_set_position (TafelBoardView       *self,
                               const TafelBoard     *board,
                               const TafelPointInfo *info,
                               const TafelOutcome   *outcome)
{
  g_return_if_fail (TAFEL_IS_BOARD_VIEW (self));
  g_return_if_fail (board == NULL || board->n_points <= MAX_POINTS);

  tafel_board_view_set_match (self, NULL);
  tafel_board_view_set_interactive (self, FALSE);
  self->position_board = board;
  memset (self->position, 0, sizeof self->position);
  if (board != NULL && info != NULL)
    memcpy (self->position, info, board->n_points * sizeof *info);
  if (outcome != NULL)
    self->position_outcome = *outcome;
  else
    self->position_outcome = (TafelOutcome) { .status = TAFEL_STATUS_RUNNING, .winner = TAFEL_SIDE_NONE };
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
