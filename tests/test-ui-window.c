/* test-ui-window.c: the window in-process: play, the computer's answer,
 * the faded stone, preferences and a main loop that never stalls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "tafel-application.h"
#include "ui-test-util.h"
#include "tafel-board-view.h"
#include "tafel-ai-private.h"
#include "tafel-preferences-dialog.h"
#include "tafel-window-private.h"

static char *
save_path (void)
{
  return ui_test_save_path ("infinity");
}

static TafelWindow *
open_window (const char *opponent,
             const char *level)
{
  g_autoptr(GSettings) settings = ui_test_settings ("infinity", opponent, level);

  g_settings_reset (settings, "think-ahead");
  return ui_test_open_window (480, 560);
}

static gboolean
has_two_moves (gpointer window)
{
  return tafel_match_get_n_moves (tafel_window_get_match (window)) >= 2;
}

static void
test_click_and_answer (void)
{
  TafelWindow *window = open_window ("computer", "impossible");
  TafelMatch *match = tafel_window_get_match (window);

  g_assert_cmpint (tafel_window_get_computer_side (window), ==, 1);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Your turn (X)");

  ui_test_click_point (window, 4);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 1);
  g_assert_cmpuint (tafel_match_get_move (match, 0)->path[0], ==, 4);
  g_assert_true (tafel_window_is_thinking (window));

  /* Clicks during the computer's turn do nothing. */
  ui_test_click_point (window, 0);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 1);

  ui_test_iterate_until (has_two_moves, window);
  g_assert_nonnull (tafel_ai_get_last_worker (tafel_window_get_ai (window)));
  g_assert_true (tafel_ai_get_last_worker (tafel_window_get_ai (window)) != g_thread_self ());
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Your turn (X)");

  /* A click on an occupied cell does nothing either. */
  ui_test_click_point (window, 4);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Renders the board and returns the pixel at widget coordinates. */
static void
pixel_at (GtkWidget *widget,
          double     x,
          double     y,
          guint8    *rgba)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guint8 *data = g_malloc (width * height * 4);
  guint8 *p;

  /* The window's background behind the board. */
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, data, width * 4);

  /* Cairo's ARGB32 in memory on little endian: B G R A. */
  p = data + ((int) y * width + (int) x) * 4;
  rgba[0] = p[2];
  rgba[1] = p[1];
  rgba[2] = p[0];
  rgba[3] = p[3];
}

static double
distance_from_white (const guint8 *c)
{
  return (255.0 - c[0]) + (255.0 - c[1]) + (255.0 - c[2]);
}

static void
test_faded_stone (void)
{
  TafelWindow *window = open_window ("human", "medium");
  TafelMatch *match = tafel_window_get_match (window);
  TafelBoardView *board = TAFEL_BOARD_VIEW (tafel_window_get_board (window));
  guint8 faded[4], full[4], empty[4];
  double x, y;

  /* X on 1 2 7, O on 5 3 4: X's stone on 1 (cell 0) vanishes next. */
  g_assert_true (tafel_match_load_moves (match, "152374", NULL));

  /* The centre of an X lies on both of its strokes. */
  tafel_board_view_point_position (board, 0, &x, &y);
  pixel_at (GTK_WIDGET (board), x, y, faded);
  tafel_board_view_point_position (board, 1, &x, &y);
  pixel_at (GTK_WIDGET (board), x, y, full);
  tafel_board_view_point_position (board, 8, &x, &y);
  pixel_at (GTK_WIDGET (board), x, y, empty);

  g_test_message ("faded %d,%d,%d full %d,%d,%d empty %d,%d,%d",
                  faded[0], faded[1], faded[2], full[0], full[1], full[2],
                  empty[0], empty[1], empty[2]);
  g_assert_cmpfloat (distance_from_white (empty), <, 10);
  g_assert_cmpfloat (distance_from_white (full), >, 150);
  /* About 40 % of the full colour. */
  g_assert_cmpfloat (distance_from_white (faded), >, 0.25 * distance_from_white (full));
  g_assert_cmpfloat (distance_from_white (faded), <, 0.55 * distance_from_white (full));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_preferences (void)
{
  TafelWindow *window = open_window ("computer", "medium");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  GtkWindow *dialog = tafel_preferences_dialog_new (GTK_WINDOW (window));
  GtkWidget *child;
  GtkWidget *level = NULL;
  g_autofree char *value = NULL;

  gtk_window_present (dialog);
  g_assert_true (gtk_window_get_modal (dialog));
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));

  /* The first drop-down is the level. */
  for (child = gtk_widget_get_first_child (gtk_window_get_child (dialog));
       child != NULL && level == NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_DROP_DOWN (child))
      level = child;
  g_assert_nonnull (level);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (level)), ==, 1);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (level), 3);
  value = g_settings_get_string (settings, "level");
  g_assert_cmpstr (value, ==, "impossible");
  /* The computer's next move is chosen at the new level. */
  g_assert_cmpint (tafel_ai_get_level (tafel_window_get_ai (window)), ==, TAFEL_LEVEL_IMPOSSIBLE);

  /* The last switch lets the computer think on the person's time. */
  for (child = gtk_widget_get_last_child (gtk_window_get_child (dialog));
       child != NULL && !GTK_IS_SWITCH (child);
       child = gtk_widget_get_prev_sibling (child))
    ;
  g_assert_nonnull (child);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (child)));
  gtk_switch_set_active (GTK_SWITCH (child), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "think-ahead"));

  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- responsiveness ---- */

typedef struct {
  gint64 last;
  gint64 largest;
} Probe;

static gboolean
probe_tick (gpointer data)
{
  Probe *probe = data;
  gint64 now = g_get_monotonic_time ();

  probe->largest = MAX (probe->largest, now - probe->last);
  probe->last = now;
  return G_SOURCE_CONTINUE;
}

static void
busy_main_thread (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;
  volatile guint64 x = 0;

  while (g_get_monotonic_time () < end)
    x++;
}

static gboolean
once_idle (gpointer data)
{
  busy_main_thread (GPOINTER_TO_INT (data));
  return G_SOURCE_REMOVE;
}

static void
test_responsive (void)
{
  TafelWindow *window;
  TafelMatch *match;
  Probe probe = { g_get_monotonic_time (), 0 };
  gint64 started, thinking;
  guint probe_id;

  if (g_getenv ("TAFEL_UNDER_VALGRIND") != NULL)
    {
      g_test_skip ("timing means nothing under valgrind");
      return;
    }

  /* Control: a job on the main thread shows up as a gap of its length. */
  probe_id = g_timeout_add (10, probe_tick, &probe);
  g_idle_add (once_idle, GINT_TO_POINTER (200 * 1000));
  started = g_get_monotonic_time ();
  while (g_get_monotonic_time () - started < 400 * 1000)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (probe.largest, >=, 190 * 1000);

  /* The computer's first perfect move in this process solves Infinity
   * Tic-Tac-Toe (millions of positions) on the worker thread. */
  window = open_window ("computer", "impossible");
  match = tafel_window_get_match (window);
  ui_test_click_point (window, 0);
  probe.last = g_get_monotonic_time ();
  probe.largest = 0;
  started = g_get_monotonic_time ();
  ui_test_iterate_until (has_two_moves, window);
  thinking = g_get_monotonic_time () - started;
  g_source_remove (probe_id);

  g_test_message ("thinking %" G_GINT64_FORMAT " ms, largest main-loop gap %" G_GINT64_FORMAT " ms",
                  thinking / 1000, probe.largest / 1000);
  {
    const char *report = g_getenv ("TAFEL_GAP_REPORT");
    if (report != NULL)
      {
        g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT " ms while thinking %" G_GINT64_FORMAT " ms\n",
                                                 probe.largest / 1000, thinking / 1000);
        g_file_set_contents (report, text, -1, NULL);
      }
  }
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
  g_assert_cmpint (thinking, >, 0);
  g_assert_cmpint (probe.largest, <, MAX (thinking / 4, 60 * 1000));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_hint (gpointer window)
{
  return tafel_board_view_get_hint (TAFEL_BOARD_VIEW (tafel_window_get_board (window))) != NULL;
}

static void
test_undo_redo_hint (void)
{
  TafelWindow *window = open_window ("computer", "impossible");
  TafelMatch *match = tafel_window_get_match (window);
  const TafelRules *rules = tafel_match_get_rules (match);
  g_autofree TafelAnalysis *analysis = g_new0 (TafelAnalysis, 1);
  const TafelMove *hint;
  gboolean optimal = FALSE;
  gint64 until;

  ui_test_click_point (window, 0);
  ui_test_iterate_until (has_two_moves, window);

  /* One undo takes back the computer's reply and the person's move. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 0);
  g_assert_false (tafel_window_is_thinking (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);

  /* Undo while the computer thinks cancels the computation for good. */
  ui_test_click_point (window, 8);
  g_assert_true (tafel_window_is_thinking (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (tafel_window_is_thinking (window));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
  until = g_get_monotonic_time () + 300 * 1000;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);

  /* A hint is one of the best moves. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  ui_test_iterate_until (has_hint, window);
  hint = tafel_board_view_get_hint (TAFEL_BOARD_VIEW (tafel_window_get_board (window)));
  rules->analyze (NULL, tafel_match_get_state (match), NULL, analysis, NULL);
  for (guint i = 0; i < analysis->n_best; i++)
    optimal |= tafel_move_equal (&analysis->best[i], hint);
  g_assert_true (optimal);

  gtk_window_destroy (GTK_WINDOW (window));
}

static TafelWindow *
reopen_window (void)
{
  TafelWindow *window = tafel_window_new (GTK_APPLICATION (ui_test_app));

  return ui_test_present (window);
}

static void
test_save_restore (void)
{
  TafelWindow *window = open_window ("computer", "hard");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *saved = save_path ();
  g_autofree char *moves = NULL;
  g_autofree char *contents = NULL;

  ui_test_click_point (window, 4);
  ui_test_iterate_until (has_two_moves, window);
  moves = tafel_match_to_moves (tafel_window_get_match (window));
  ui_test_close_window (window);

  /* Another level in the settings: the saved game's level wins. */
  g_settings_set_string (settings, "level", "relaxed");
  window = reopen_window ();
  g_assert_cmpint (tafel_match_get_game (tafel_window_get_match (window)), ==, TAFEL_GAME_INFINITY);
  {
    g_autofree char *restored = tafel_match_to_moves (tafel_window_get_match (window));
    g_autofree char *level = g_settings_get_string (settings, "level");
    g_assert_cmpstr (restored, ==, moves);
    g_assert_cmpstr (level, ==, "hard");
  }
  g_assert_cmpint (tafel_window_get_computer_side (window), ==, 1);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Your turn (X)");

  /* Another game in between keeps this one where it was. */
  g_settings_set_string (settings, "game", "tictactoe");
  g_assert_cmpint (tafel_match_get_game (tafel_window_get_match (window)), ==, TAFEL_GAME_TICTACTOE);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 0);
  g_settings_set_string (settings, "game", "infinity");
  {
    g_autofree char *again = tafel_match_to_moves (tafel_window_get_match (window));
    g_assert_cmpstr (again, ==, moves);
  }
  ui_test_close_window (window);

  /* A damaged file is set aside, never deleted, and a new game starts. */
  g_assert_true (g_file_set_contents (saved, "[Tafel Game]\nversion=1\ngame=infinity\nmoves=55\n", -1, NULL));
  window = reopen_window ();
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 0);
  g_assert_false (g_file_get_contents (saved, &contents, NULL, NULL) && strstr (contents, "moves=55"));
  {
    g_autofree char *dir = g_path_get_dirname (saved);
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;
    gboolean kept = FALSE;

    while ((name = g_dir_read_name (listing)) != NULL)
      if (g_str_has_prefix (name, "infinity.ini.damaged-"))
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autofree char *old = NULL;

          g_assert_true (g_file_get_contents (path, &old, NULL, NULL));
          kept |= strstr (old, "moves=55") != NULL;
          g_remove (path);
        }
    g_assert_true (kept);
  }
  ui_test_close_window (window);
}

static void
test_keyboard (void)
{
  TafelWindow *window = open_window ("human", "medium");
  TafelMatch *match = tafel_window_get_match (window);
  GtkWidget *board = tafel_window_get_board (window);

  g_assert_true (gtk_widget_has_focus (board));

  /* A digit plays its cell. */
  g_assert_true (ui_test_press_key (board, GDK_KEY_5));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 1);
  g_assert_cmpuint (tafel_match_get_move (match, 0)->path[0], ==, 4);

  /* Arrows move the cursor; Enter and Space play where it is. */
  g_assert_cmpint (tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board)), ==, 4);
  g_assert_true (ui_test_press_key (board, GDK_KEY_Up));
  g_assert_true (ui_test_press_key (board, GDK_KEY_Left));
  g_assert_cmpint (tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board)), ==, 0);
  g_assert_true (ui_test_press_key (board, GDK_KEY_Left));        /* at the edge: stays */
  g_assert_cmpint (tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board)), ==, 0);
  g_assert_true (ui_test_press_key (board, GDK_KEY_Return));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
  g_assert_cmpuint (tafel_match_get_move (match, 1)->path[0], ==, 0);
  g_assert_true (ui_test_press_key (board, GDK_KEY_Down));
  g_assert_true (ui_test_press_key (board, GDK_KEY_Down));
  g_assert_true (ui_test_press_key (board, GDK_KEY_Right));
  g_assert_cmpint (tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board)), ==, 7);
  g_assert_true (ui_test_press_key (board, GDK_KEY_space));
  g_assert_cmpuint (tafel_match_get_move (match, 2)->path[0], ==, 7);

  /* An occupied cell does nothing. */
  g_assert_true (ui_test_press_key (board, GDK_KEY_1));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

static double
luminance (const guint8 *c)
{
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}

static void
test_dark_style (void)
{
  TafelWindow *window = open_window ("human", "medium");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  GtkWidget *board = tafel_window_get_board (window);
  guint8 light_empty[4], light_x[4], dark_empty[4], dark_x[4];
  double x0, y0, x8, y8;
  gint64 until;

  g_assert_true (tafel_match_load_moves (tafel_window_get_match (window), "1", NULL));
  tafel_board_view_point_position (TAFEL_BOARD_VIEW (board), 0, &x0, &y0);
  tafel_board_view_point_position (TAFEL_BOARD_VIEW (board), 8, &x8, &y8);

  g_settings_set_string (settings, "style", "light");
  until = g_get_monotonic_time () + 200 * 1000;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  pixel_at (board, x8, y8, light_empty);
  pixel_at (board, x0, y0, light_x);

  g_settings_set_string (settings, "style", "dark");
  until = g_get_monotonic_time () + 200 * 1000;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  pixel_at (board, x8, y8, dark_empty);
  pixel_at (board, x0, y0, dark_x);
  g_settings_set_string (settings, "style", "system");

  g_test_message ("board light %d,%d,%d dark %d,%d,%d; X light %d,%d,%d dark %d,%d,%d",
                  light_empty[0], light_empty[1], light_empty[2], dark_empty[0], dark_empty[1], dark_empty[2],
                  light_x[0], light_x[1], light_x[2], dark_x[0], dark_x[1], dark_x[2]);
  /* The board turns dark, and the stones change colour with it. */
  g_assert_cmpfloat (luminance (light_empty), >, 0.8);
  g_assert_cmpfloat (luminance (dark_empty), <, 0.3);
  g_assert_cmpint (memcmp (light_x, dark_x, 3), !=, 0);
  g_assert_cmpfloat (luminance (dark_x), >, luminance (dark_empty) + 0.15);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
status_has_value (gpointer window)
{
  return strstr (tafel_window_get_status (window), "win") != NULL ||
         strstr (tafel_window_get_status (window), "Draw") != NULL;
}

static void
test_show_value (void)
{
  TafelWindow *window = open_window ("human", "medium");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_set_string (settings, "game", "tictactoe");
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_TICTACTOE, "12", NULL));
  g_settings_set_boolean (settings, "show-value", TRUE);
  ui_test_iterate_until (status_has_value, window);
  /* X wins after 1 2: three moves of X's (e.g. 5, then 9 or 7). */
  g_assert_cmpstr (tafel_window_get_status (window), ==, "X to move — X can win in 3 moves.");

  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_TICTACTOE, "", NULL));
  ui_test_iterate_until (status_has_value, window);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "X to move — Draw with best play.");

  g_settings_set_boolean (settings, "show-value", FALSE);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "X to move");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_17_moves (gpointer window)
{
  return tafel_match_get_n_moves (tafel_window_get_match (window)) >= 17;
}

static gboolean
has_19_moves (gpointer window)
{
  return tafel_match_get_n_moves (tafel_window_get_match (window)) >= 19;
}

static gboolean
has_21_moves (gpointer window)
{
  return tafel_match_get_n_moves (tafel_window_get_match (window)) >= 21;
}

static gboolean
done_pondering (gpointer window)
{
  return !tafel_window_is_pondering (window);
}


/* Nodes the window's computer player of Connect Four has searched. */
static guint64
c4_nodes (TafelWindow *window)
{
  return tafel_player_get_nodes (tafel_ai_get_player (tafel_window_get_ai (window),
                                                      tafel_rules_get (TAFEL_GAME_CONNECT_FOUR)));
}

static void
test_ponder (void)
{
  TafelWindow *window;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  TafelMatch *match;
  guint64 nodes, pondered;

  /* The same answers in every run, so that the same positions are
   * thought over. */
  g_setenv ("TAFEL_SEED", "20261204", TRUE);
  window = open_window ("computer", "impossible");
  g_unsetenv ("TAFEL_SEED");

  /* Connect Four out of the book, the person to move. */
  g_settings_set_string (settings, "game", "connect-four");
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_CONNECT_FOUR, "274552224131661", NULL));
  match = tafel_window_get_match (window);

  /* The computer thinks on the person's time.  Left to finish first, so
   * that what its tables hold below does not depend on when a thread
   * was stopped. */
  g_assert_true (tafel_window_is_pondering (window));
  ui_test_iterate_until (done_pondering, window);
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 3 } }, NULL));
  g_assert_true (tafel_window_is_thinking (window));
  /* Counted from here: the answer, then the thinking ahead that starts
   * with it (on its own thread, so it cannot be counted from its start). */
  pondered = c4_nodes (window);
  ui_test_iterate_until (has_17_moves, window);

  /* Left to think to the end, it has its next answer ready: hardly a
   * node is searched for it. */
  g_assert_true (tafel_window_is_pondering (window));
  ui_test_iterate_until (done_pondering, window);
  nodes = c4_nodes (window);
  pondered = nodes - pondered;
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 2 } }, NULL));
  ui_test_iterate_until (has_19_moves, window);
  nodes = c4_nodes (window) - nodes;
  g_test_message ("answer and pondering: %" G_GUINT64_FORMAT " nodes, then the next answer: %" G_GUINT64_FORMAT,
                  pondered, nodes);
  /* Measured: 16 to 900 nodes after 28,000 to 36,000 thought ahead;
   * without thinking ahead the same answer costs about 5,000. */
  g_assert_cmpuint (nodes, <, pondered / 10);

  /* Not when the preference is off; at once when it is on again. */
  g_assert_true (tafel_window_is_pondering (window));
  g_settings_set_boolean (settings, "think-ahead", FALSE);
  g_assert_false (tafel_window_is_pondering (window));
  g_settings_set_boolean (settings, "think-ahead", TRUE);
  g_assert_true (tafel_window_is_pondering (window));

  /* It stops when the person moves; the answer comes all the same. */
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 6 } }, NULL));
  g_assert_false (tafel_window_is_pondering (window));
  g_assert_true (tafel_window_is_thinking (window));
  ui_test_iterate_until (has_21_moves, window);

  /* Against a person nobody ponders. */
  g_settings_set_string (settings, "opponent", "human");
  g_assert_false (tafel_window_is_pondering (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv);

  /* The responsiveness test first: it needs the solution not yet built. */
  g_test_add_func ("/ui/window/responsive", test_responsive);
  g_test_add_func ("/ui/window/click-and-answer", test_click_and_answer);
  g_test_add_func ("/ui/window/faded-stone", test_faded_stone);
  g_test_add_func ("/ui/window/preferences", test_preferences);
  g_test_add_func ("/ui/window/undo-redo-hint", test_undo_redo_hint);
  g_test_add_func ("/ui/window/save-restore", test_save_restore);
  g_test_add_func ("/ui/window/keyboard", test_keyboard);
  g_test_add_func ("/ui/window/show-value", test_show_value);
  g_test_add_func ("/ui/window/dark-style", test_dark_style);
  g_test_add_func ("/ui/window/ponder", test_ponder);

  return ui_test_run ();
}
