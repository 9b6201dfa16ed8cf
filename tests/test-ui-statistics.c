/* test-ui-statistics.c: the window counts finished games once, the
 * Statistics dialog shows them and resets after asking; the help window
 * has every page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <gtk/gtk.h>

#include "tafel-application.h"
#include "tafel-board-view.h"
#include "tafel-help-window-private.h"
#include "tafel-statistics-dialog-private.h"
#include "tafel-window-private.h"
#include "ui-test-util.h"

static void
iterate_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
remove_state (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "tafel", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

static TafelWindow *
open_window (const char *opponent)
{
  g_autoptr(GSettings) settings = ui_test_settings ("tictactoe", opponent, "hard");

  return ui_test_open_window (480, 560);
}

/* The toplevel of @type, if one is open. */
static gpointer
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (item, type))
        return item;
    }
  return NULL;
}

static TafelStatisticsDialog *
open_statistics (TafelWindow *window)
{
  TafelStatisticsDialog *dialog;

  g_assert_null (find_toplevel (TAFEL_TYPE_STATISTICS_DIALOG));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.statistics", NULL));
  dialog = find_toplevel (TAFEL_TYPE_STATISTICS_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  ui_test_iterate_until (ui_test_is_mapped, dialog);
  return dialog;
}

static guint
pair_count (TafelStatisticsDialog     *dialog,
            TafelStatisticsPairColumn  column)
{
  return atoi (tafel_statistics_dialog_get_pair_cell (dialog, TAFEL_GAME_TICTACTOE, column));
}

static TafelStatus
status (TafelWindow *window)
{
  return tafel_match_get_status (tafel_window_get_match (window));
}

static void
test_count_once_and_reset (void)
{
  g_autoptr(TafelStatistics) on_disk = tafel_statistics_new (NULL);
  TafelWindow *window;
  TafelStatisticsDialog *dialog;
  GtkWidget *confirmation;

  remove_state ();
  window = open_window ("human");
  dialog = open_statistics (window);
  g_assert_cmpint (tafel_statistics_dialog_get_visible_game (dialog), ==, TAFEL_GAME_TICTACTOE);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (tafel_statistics_dialog_get_reset_button (dialog)));
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_pending ();

  /* Two persons: X completes the top row by a click. */
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_TICTACTOE, "1425", NULL));
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_RUNNING);
  ui_test_click_point (window, 2);
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_WON);

  dialog = open_statistics (window);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, 1);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_SECOND_WINS), ==, 0);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_DRAWS), ==, 0);
  g_assert_cmpstr (tafel_statistics_dialog_get_summary (dialog, TAFEL_GAME_TICTACTOE), ==,
                   "0 games against the computer. 1 game between two persons.");
  g_assert_true (gtk_widget_get_sensitive (tafel_statistics_dialog_get_reset_button (dialog)));

  /* Undo and redo to the same end, then undo and end differently (O
   * wins): the same game, not counted again.  The open dialog follows. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_RUNNING);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_WON);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ui_test_click_point (window, 6);
  ui_test_click_point (window, 5);
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_WON);
  g_assert_cmpint (tafel_match_get_outcome (tafel_window_get_match (window))->winner, ==, 1);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, 1);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_SECOND_WINS), ==, 0);

  /* It is in the file, once. */
  g_assert_true (tafel_statistics_load (on_disk, NULL, NULL));
  g_assert_cmpuint (tafel_statistics_get_n_games (on_disk), ==, 1);

  /* A new game counts: this time O wins. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  for (const char *c = "14257"; *c != '\0'; c++)
    ui_test_click_point (window, *c - '1');
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_RUNNING);
  ui_test_click_point (window, 5);
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_WON);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, 1);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_SECOND_WINS), ==, 1);
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_pending ();

  /* Against the computer (O) at Hard: the person wins. */
  {
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
    g_settings_set_string (settings, "opponent", "computer");
  }
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_TICTACTOE, "1425", NULL));
  g_assert_cmpint (tafel_window_get_computer_side (window), ==, 1);
  ui_test_click_point (window, 2);
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_WON);

  dialog = open_statistics (window);
  g_assert_cmpstr (tafel_statistics_dialog_get_cell (dialog, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_HARD,
                                                     TAFEL_STATISTICS_COLUMN_WON), ==, "1");
  g_assert_cmpstr (tafel_statistics_dialog_get_cell (dialog, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_HARD,
                                                     TAFEL_STATISTICS_COLUMN_LOST), ==, "0");
  g_assert_cmpstr (tafel_statistics_dialog_get_cell (dialog, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_HARD,
                                                     TAFEL_STATISTICS_COLUMN_STREAK), ==, "1 win");
  g_assert_cmpstr (tafel_statistics_dialog_get_cell (dialog, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_MEDIUM,
                                                     TAFEL_STATISTICS_COLUMN_WON), ==, "0");
  g_assert_cmpstr (tafel_statistics_dialog_get_summary (dialog, TAFEL_GAME_TICTACTOE), ==,
                   "1 game against the computer. 2 games between two persons.");
  /* The games between persons were not counted at any level. */
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, 1);

  /* Reset asks first; Cancel keeps everything. */
  g_signal_emit_by_name (tafel_statistics_dialog_get_reset_button (dialog), "clicked");
  confirmation = tafel_statistics_dialog_get_confirmation (dialog);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (confirmation));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (confirmation)));
  gtk_dialog_response (GTK_DIALOG (confirmation), GTK_RESPONSE_CANCEL);
  iterate_pending ();
  g_assert_null (tafel_statistics_dialog_get_confirmation (dialog));
  g_assert_cmpuint (tafel_statistics_get_n_games (tafel_statistics_dialog_get_statistics (dialog)), ==, 3);

  /* Confirmed: everything is cleared, shown and written. */
  g_signal_emit_by_name (tafel_statistics_dialog_get_reset_button (dialog), "clicked");
  confirmation = tafel_statistics_dialog_get_confirmation (dialog);
  g_assert_nonnull (confirmation);
  gtk_dialog_response (GTK_DIALOG (confirmation), GTK_RESPONSE_ACCEPT);
  iterate_pending ();
  g_assert_null (tafel_statistics_dialog_get_confirmation (dialog));
  g_assert_cmpstr (tafel_statistics_dialog_get_cell (dialog, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_HARD,
                                                     TAFEL_STATISTICS_COLUMN_WON), ==, "0");
  g_assert_cmpstr (tafel_statistics_dialog_get_cell (dialog, TAFEL_GAME_TICTACTOE, TAFEL_LEVEL_HARD,
                                                     TAFEL_STATISTICS_COLUMN_STREAK), ==, "—");
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, 0);
  g_assert_cmpuint (pair_count (dialog, TAFEL_STATISTICS_PAIR_SECOND_WINS), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (tafel_statistics_dialog_get_reset_button (dialog)));
  g_assert_true (tafel_statistics_load (on_disk, NULL, NULL));
  g_assert_cmpuint (tafel_statistics_get_n_games (on_disk), ==, 0);

  /* Escape closes the dialog (its window.close binding). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  iterate_pending ();
  g_assert_null (find_toplevel (TAFEL_TYPE_STATISTICS_DIALOG));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate_pending ();
}

/* A damaged file is set aside, counting starts afresh. */
static void
test_damaged_file (void)
{
  g_autofree char *path = tafel_statistics_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(TafelStatistics) on_disk = tafel_statistics_new (NULL);
  g_autoptr(GDir) listing = NULL;
  const char *name;
  gboolean aside_found = FALSE;
  TafelWindow *window;

  remove_state ();
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "this is no key file\n", -1, NULL));

  window = open_window ("human");
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_TICTACTOE, "1425", NULL));
  ui_test_click_point (window, 2);
  g_assert_cmpint (status (window), ==, TAFEL_STATUS_WON);

  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "statistics.ini.damaged-"))
      {
        g_autofree char *aside = g_build_filename (dir, name, NULL);
        g_autofree char *kept = NULL;

        g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
        g_assert_cmpstr (kept, ==, "this is no key file\n");
        aside_found = TRUE;
      }
  g_assert_true (aside_found);

  g_assert_true (tafel_statistics_load (on_disk, NULL, NULL));
  g_assert_cmpuint (tafel_statistics_get_n_games (on_disk), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate_pending ();
}

static void
test_help (void)
{
  static const char *const pages[] = {
    "start", "infinity", "tictactoe", "connect-four", "mill",
    "levels", "keyboard", "check", "review", "keeping",
  };
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (ui_test_app), "app.help");
  TafelWindow *window = open_window ("computer");
  TafelHelpWindow *help;
  GtkStack *stack;

  g_assert_nonnull (accels);
  g_assert_cmpstr (accels[0], ==, "F1");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.help", NULL));
  help = find_toplevel (TAFEL_TYPE_HELP_WINDOW);
  g_assert_nonnull (help);
  ui_test_iterate_until (ui_test_is_mapped, help);
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (help)));

  /* Every topic is there, with a title and text. */
  stack = tafel_help_window_get_stack (help);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_stack_get_pages (stack))), ==,
                    G_N_ELEMENTS (pages));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *page = gtk_stack_get_child_by_name (stack, pages[i]);
      const char *title;

      g_assert_nonnull (page);
      title = gtk_stack_page_get_title (gtk_stack_get_page (stack, page));
      g_assert_nonnull (title);
      g_assert_cmpuint (strlen (title), >, 3);
      gtk_stack_set_visible_child (stack, page);
      ui_test_iterate_until (ui_test_is_mapped, page);
    }

  /* Asked again: the same window comes up. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.help", NULL));
  g_assert_true (find_toplevel (TAFEL_TYPE_HELP_WINDOW) == (gpointer) help);
  g_assert_true (tafel_help_window_show (GTK_WINDOW (window), "mill") == GTK_WINDOW (help));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "mill");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (help), "window.close", NULL));
  iterate_pending ();
  g_assert_null (find_toplevel (TAFEL_TYPE_HELP_WINDOW));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate_pending ();
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/ui/statistics/count-once-and-reset", test_count_once_and_reset);
  g_test_add_func ("/ui/statistics/damaged-file", test_damaged_file);
  g_test_add_func ("/ui/help/pages", test_help);

  return ui_test_run ();
}
