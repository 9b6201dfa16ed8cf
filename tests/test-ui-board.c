/* test-ui-board.c: the board's pictures, measured in pixels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every game's board is rendered in-process and read back: in the light,
 * dark and high-contrast styles both sides' stones stand out from the
 * board under them; no stone (shadow included) falls outside the board at
 * three window sizes, square or not; a move shown with animation ends in
 * the very picture shown without; and clicks during an animation are each
 * played once.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tafel-board-view.h"
#include "tafel-match.h"
#include "ui-test-util.h"

typedef struct {
  int width, height;
  guint8 *data;          /* Cairo's ARGB32 in memory: B G R A */
} Image;

static void
image_free (Image *image)
{
  g_free (image->data);
  g_free (image);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Image, image_free)

static GtkWidget *window;
static TafelBoardView *view;

static gboolean
view_ready (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (view)) && gtk_widget_get_width (GTK_WIDGET (view)) > 0;
}

static gboolean
size_is (gpointer data)
{
  const int *size = data;

  return gtk_widget_get_width (window) == size[0] && gtk_widget_get_height (window) == size[1];
}

/* A window of @width x @height holding nothing but a board view. */
static void
open_view (int width,
           int height)
{
  int size[2] = { width, height };

  window = gtk_window_new ();
  view = TAFEL_BOARD_VIEW (tafel_board_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  ui_test_iterate_until (view_ready, NULL);
  ui_test_iterate_until (size_is, size);
}

static gboolean
is_gone (gpointer data)
{
  return *(GtkWidget **) data == NULL;
}

static void
close_view (void)
{
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_iterate_until (is_gone, &window);
  view = NULL;
}

/* The board view's picture over a plain background. */
static Image *
render (void)
{
  GtkWidget *widget = GTK_WIDGET (view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  Image *image = g_new0 (Image, 1);

  image->width = gtk_widget_get_width (widget);
  image->height = gtk_widget_get_height (widget);
  image->data = g_malloc (image->width * image->height * 4);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.5, 0.5, 0.5, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, image->width, image->height));
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, image->width, image->height));
  gdk_texture_download (texture, image->data, image->width * 4);
  return image;
}

static const guint8 *
pixel (const Image *image,
       int          x,
       int          y)
{
  return image->data + (y * image->width + x) * 4;
}

static double
luminance (const guint8 *p)
{
  GdkRGBA c = { p[2] / 255.0, p[1] / 255.0, p[0] / 255.0, 1 };
  double channel[3] = { c.red, c.green, c.blue };

  for (int i = 0; i < 3; i++)
    channel[i] = channel[i] <= 0.04045 ? channel[i] / 12.92 : pow ((channel[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2];
}

static int
difference (const guint8 *a,
            const guint8 *b)
{
  return ABS (a[0] - b[0]) + ABS (a[1] - b[1]) + ABS (a[2] - b[2]);
}

/* ---- styles ---- */

typedef enum { LIGHT, DARK, HIGH_CONTRAST, N_STYLES } Style;

static const char *const style_names[] = { "light", "dark", "high-contrast" };

static gboolean
iterate_once (gpointer data)
{
  int *count = data;

  return ++*count > 20;
}

static void
set_style (Style style)
{
  GtkSettings *settings = gtk_settings_get_default ();
  int count = 0;

  g_object_set (settings,
                "gtk-application-prefer-dark-theme", style == DARK,
                "gtk-theme-name", style == HIGH_CONTRAST ? "HighContrast" : "Default",
                NULL);
  /* Let the new style reach the widgets. */
  while (g_main_context_iteration (NULL, FALSE) || !iterate_once (&count))
    ;
}

/* ---- the games ---- */

static const TafelBoard *
game_board (TafelGame game)
{
  return tafel_rules_get (game)->board;
}

/* ---- contrast ---- */

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* How much a stone of @side at @point stands out from the board under
 * it: the pixels within its place that it changes, their median
 * luminance with the stone against without (as a contrast ratio; the
 * median, so that the board's lines under a stone and its edge's
 * anti-aliasing do not count), and their share of the place (a stone
 * that is only a thin rim covers little of it). */
static void
measure_stone (TafelGame  game,
               guint      point,
               int        side,
               double    *ratio,
               double    *cover)
{
  const TafelBoard *b = game_board (game);
  TafelPointInfo info[64] = { { 0 } };
  g_autoptr(Image) empty = NULL;
  g_autoptr(Image) full = NULL;
  g_autoptr(GArray) stone = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) under = g_array_new (FALSE, FALSE, sizeof (double));
  double x, y, r, lum_stone, lum_under;
  guint changed = 0, area = 0;

  tafel_board_view_set_position (view, b, info, NULL);
  empty = render ();
  info[point].owner = side == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1;
  tafel_board_view_set_position (view, b, info, NULL);
  full = render ();

  g_assert_true (tafel_board_view_point_position (view, point, &x, &y));
  /* The place of a stone: its radius and a little more (an O's ring). */
  r = b->point_radius * MIN (gtk_widget_get_width (GTK_WIDGET (view)),
                             gtk_widget_get_height (GTK_WIDGET (view))) * 1.2;

  for (int py = (int) (y - r); py <= (int) (y + r); py++)
    for (int px = (int) (x - r); px <= (int) (x + r); px++)
      {
        if (hypot (px + 0.5 - x, py + 0.5 - y) > r)
          continue;
        area++;
        if (difference (pixel (empty, px, py), pixel (full, px, py)) <= 24)
          continue;
        changed++;
        lum_stone = luminance (pixel (full, px, py));
        lum_under = luminance (pixel (empty, px, py));
        g_array_append_val (stone, lum_stone);
        g_array_append_val (under, lum_under);
      }

  g_assert_cmpuint (area, >, 0);
  *cover = (double) changed / area;
  if (changed == 0)
    {
      *ratio = 1;
      return;
    }
  lum_stone = median (stone);
  lum_under = median (under);
  *ratio = (MAX (lum_stone, lum_under) + 0.05) / (MIN (lum_stone, lum_under) + 0.05);
}

static void
test_contrast (void)
{
  const struct { TafelGame game; guint point; } cases[] = {
    { TAFEL_GAME_INFINITY, 4 },
    { TAFEL_GAME_TICTACTOE, 0 },
    { TAFEL_GAME_CONNECT_FOUR, 38 },
    { TAFEL_GAME_MILL, 0 },
    { TAFEL_GAME_MILL, 10 },
  };

  open_view (400, 400);
  for (Style style = 0; style < N_STYLES; style++)
    {
      set_style (style);
      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        for (int side = 0; side < 2; side++)
          {
            double ratio, cover;

            measure_stone (cases[i].game, cases[i].point, side, &ratio, &cover);
            g_test_message ("%s %s side %d at %u: contrast %.2f, covers %.0f %%",
                            style_names[style], tafel_rules_get (cases[i].game)->key,
                            side, cases[i].point, ratio, cover * 100);
            /* Clearly darker or lighter than the board, not only its rim. */
            g_assert_cmpfloat (ratio, >=, 2.5);
            g_assert_cmpfloat (cover, >=, 0.25);
          }
    }
  set_style (LIGHT);
  close_view ();
}

/* ---- no stone beyond the board ---- */

static void
test_inside (void)
{
  const int sizes[][2] = { { 500, 500 }, { 900, 240 }, { 220, 760 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      open_view (sizes[s][0], sizes[s][1]);
      for (TafelGame game = 0; game < TAFEL_N_GAMES; game++)
        {
          const TafelBoard *b = game_board (game);
          TafelPointInfo info[64] = { { 0 } };
          g_autoptr(Image) empty = NULL;
          g_autoptr(Image) full = NULL;
          graphene_rect_t rect;
          guint outside = 0, inside = 0;

          tafel_board_view_set_position (view, b, info, NULL);
          empty = render ();
          /* Every point taken, the sides alternating. */
          for (guint i = 0; i < b->n_points; i++)
            info[i].owner = i % 2 == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1;
          tafel_board_view_set_position (view, b, info, NULL);
          full = render ();
          g_assert_true (tafel_board_view_get_board_rect (view, &rect));

          for (int y = 0; y < full->height; y++)
            for (int x = 0; x < full->width; x++)
              {
                gboolean in = x + 0.5 >= rect.origin.x - 0.5 &&
                              x + 0.5 <= rect.origin.x + rect.size.width + 0.5 &&
                              y + 0.5 >= rect.origin.y - 0.5 &&
                              y + 0.5 <= rect.origin.y + rect.size.height + 0.5;

                if (difference (pixel (empty, x, y), pixel (full, x, y)) == 0)
                  continue;
                if (in)
                  inside++;
                else
                  outside++;
              }

          g_test_message ("%dx%d %s: %u stone pixels on the board, %u beyond",
                          sizes[s][0], sizes[s][1], tafel_rules_get (game)->key, inside, outside);
          g_assert_cmpuint (inside, >, 0);
          g_assert_cmpuint (outside, ==, 0);
        }
      close_view ();
    }
}

/* ---- animations ---- */

static gboolean
not_animating (gpointer data)
{
  return !tafel_board_view_get_animating (view);
}

static guint
count_differences (const Image *a,
                   const Image *b)
{
  guint differ = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width; x++)
      if (difference (pixel (a, x, y), pixel (b, x, y)) > 0)
        differ++;
  return differ;
}

/* Plays the last of @moves with and without animation: the animation
 * shows something else at its start, and ends in the same picture. */
static void
check_animation (TafelGame   game,
                 const char *moves,
                 const char *last)
{
  g_autoptr(TafelMatch) match = tafel_match_new (game);
  g_autoptr(Image) still = NULL;
  g_autoptr(Image) start = NULL;
  g_autoptr(Image) end = NULL;
  const char *cursor = last;
  TafelMove move;

  g_assert_true (tafel_match_load_moves (match, moves, NULL));
  g_assert_true (tafel_match_get_rules (match)->parse_move (tafel_match_get_state (match), &cursor,
                                                            &move, NULL));
  tafel_board_view_set_match (view, match);

  tafel_board_view_set_animations (view, TAFEL_BOARD_ANIMATIONS_OFF);
  g_assert_true (tafel_match_play (match, &move, NULL));
  g_assert_false (tafel_board_view_get_animating (view));
  still = render ();

  g_assert_true (tafel_match_undo (match));
  tafel_board_view_set_animations (view, TAFEL_BOARD_ANIMATIONS_ON);
  g_assert_true (tafel_match_play (match, &move, NULL));
  g_assert_true (tafel_board_view_get_animating (view));
  start = render ();
  ui_test_iterate_until (not_animating, NULL);
  end = render ();

  g_test_message ("%s %s: %u pixels differ at the start of the animation",
                  tafel_rules_get (game)->key, last, count_differences (still, start));
  g_assert_cmpuint (count_differences (still, start), >, 0);
  g_assert_cmpuint (count_differences (still, end), ==, 0);

  tafel_board_view_set_match (view, NULL);
}

static void
test_animation_end (void)
{
  open_view (500, 420);
  /* A placed X and the oldest X vanishing. */
  check_animation (TAFEL_GAME_INFINITY, "513792", "4");
  /* The winning stone and the winning line. */
  check_animation (TAFEL_GAME_TICTACTOE, "1529", "3");
  check_animation (TAFEL_GAME_CONNECT_FOUR, "4453", "3");
  /* A stone put down that closes a mill, and the stone it takes. */
  check_animation (TAFEL_GAME_MILL, "a1 d6 a4 d5", "a7xd6");
  /* A stone sliding along a line. */
  check_animation (TAFEL_GAME_MILL,
                   "c4 f4 f2 b4 d6 f6 a7 a1 g7 c5 e3 c3 d1 e4 g4 g1 d2 d3", "g7-d7");
  close_view ();
}

/* By default the board follows the system: no movement when it is off. */
static void
test_system_setting (void)
{
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_TICTACTOE);
  GtkSettings *settings = gtk_settings_get_default ();
  TafelMove move = { 1, { 4 } };

  open_view (300, 300);
  tafel_board_view_set_match (view, match);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  g_assert_true (tafel_match_play (match, &move, NULL));
  g_assert_false (tafel_board_view_get_animating (view));

  g_assert_true (tafel_match_undo (match));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  g_assert_true (tafel_match_play (match, &move, NULL));
  g_assert_true (tafel_board_view_get_animating (view));

  /* Switched off while a stone moves: it stops at once. */
  tafel_board_view_set_animations (view, TAFEL_BOARD_ANIMATIONS_OFF);
  g_assert_false (tafel_board_view_get_animating (view));

  tafel_board_view_set_match (view, NULL);
  close_view ();
}

static gboolean
play_move (TafelBoardView  *board,
           const TafelMove *move,
           TafelMatch      *match)
{
  g_assert_true (tafel_match_play (match, move, NULL));
  return FALSE;
}

/* Clicks while the board still moves: each one plays, none twice. */
static void
test_input_during_animation (void)
{
  g_autoptr(TafelMatch) match = tafel_match_new (TAFEL_GAME_CONNECT_FOUR);
  g_autoptr(TafelMatch) reference = tafel_match_new (TAFEL_GAME_CONNECT_FOUR);
  g_autoptr(Image) animated = NULL;
  g_autoptr(Image) still = NULL;
  const guint columns[] = { 3, 3, 2, 4, 3 };
  gulong id;

  open_view (500, 420);
  tafel_board_view_set_animations (view, TAFEL_BOARD_ANIMATIONS_ON);
  tafel_board_view_set_match (view, match);
  tafel_board_view_set_interactive (view, TRUE);
  id = g_signal_connect (view, "move", G_CALLBACK (play_move), match);

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      double x, y;

      /* The top point of the column: a click there plays the column. */
      g_assert_true (tafel_board_view_point_position (view, columns[i], &x, &y));
      tafel_board_view_click (view, x, y);
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, i + 1);
      g_assert_cmpuint (tafel_match_get_move (match, i)->path[0], ==, columns[i]);
      /* The next click comes while the disc is still falling. */
      g_assert_true (tafel_board_view_get_animating (view));
    }
  ui_test_iterate_until (not_animating, NULL);
  animated = render ();

  g_assert_true (tafel_match_load_moves (reference, "44354", NULL));
  tafel_board_view_set_animations (view, TAFEL_BOARD_ANIMATIONS_OFF);
  tafel_board_view_set_match (view, reference);
  still = render ();
  g_assert_cmpuint (count_differences (animated, still), ==, 0);

  g_signal_handler_disconnect (view, id);
  close_view ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/board/contrast", test_contrast);
  g_test_add_func ("/board/inside", test_inside);
  g_test_add_func ("/board/animation-end", test_animation_end);
  g_test_add_func ("/board/input-during-animation", test_input_during_animation);
  g_test_add_func ("/board/system-setting", test_system_setting);

  return ui_test_run ();
}
