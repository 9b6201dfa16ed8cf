/* ui-test-util.c: what the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tafel-board-view.h"
#include "ui-test-util.h"

TafelApplication *ui_test_app;

static char *state_dir;

void
ui_test_init (int    *argc,
              char ***argv)
{
  state_dir = g_dir_make_tmp ("tafel-test-XXXXXX", NULL);
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  gtk_test_init (argc, argv, NULL);

  ui_test_app = tafel_application_new ("io.github.tafel.Tafel.Test", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (ui_test_app), NULL, NULL));
}

int
ui_test_run (void)
{
  int status = g_test_run ();
  g_autofree char *dir = g_build_filename (state_dir, "tafel", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_clear_object (&ui_test_app);
  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
  g_rmdir (state_dir);
  g_clear_pointer (&state_dir, g_free);

  return status;
}

void
ui_test_iterate_until (gboolean (*done) (gpointer),
                       gpointer   data)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
}

gboolean
ui_test_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

TafelWindow *
ui_test_present (TafelWindow *window)
{
  gtk_window_present (GTK_WINDOW (window));
  ui_test_iterate_until (ui_test_is_mapped, tafel_window_get_board (window));
  return window;
}

GSettings *
ui_test_settings (const char *game,
                  const char *opponent,
                  const char *level)
{
  GSettings *settings = g_settings_new (APPLICATION_ID);

  /* No saved game of one test comes back in the next. */
  ui_test_remove_saved_games ();
  g_settings_set_string (settings, "game", game);
  g_settings_set_string (settings, "opponent", opponent);
  g_settings_set_string (settings, "level", level);
  g_settings_set_string (settings, "first-player", "human");
  g_settings_set_boolean (settings, "thinking-pause", FALSE);
  return settings;
}

TafelWindow *
ui_test_open_window (int width,
                     int height)
{
  TafelWindow *window = tafel_window_new (GTK_APPLICATION (ui_test_app));

  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  return ui_test_present (window);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

void
ui_test_close_window (TafelWindow *window)
{
  gpointer alive = window;

  g_object_add_weak_pointer (G_OBJECT (window), &alive);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_iterate_until (is_null, &alive);
}

void
ui_test_click_point (TafelWindow *window,
                     guint        point)
{
  TafelBoardView *board = TAFEL_BOARD_VIEW (tafel_window_get_board (window));
  double x, y;

  g_assert_true (tafel_board_view_point_position (board, point, &x, &y));
  tafel_board_view_click (board, x, y);
}

gboolean
ui_test_press_key (GtkWidget *board,
                   guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (board);
  gboolean handled = FALSE, found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "tafel-board-keys") == 0)
        {
          g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
          found = TRUE;
        }
    }
  g_assert_true (found);

  return handled;
}

void
ui_test_remove_saved_games (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "tafel", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".ini") && strcmp (name, "statistics.ini") != 0)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_remove (path);
      }
}

char *
ui_test_save_path (const char *game)
{
  g_autofree char *name = g_strconcat (game, ".ini", NULL);

  return g_build_filename (g_get_user_state_dir (), "tafel", name, NULL);
}
