/* test-ui-moves.c: the move list and looking back through a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tafel-move-list.h"
#include "tafel-window-private.h"
#include "ui-test-util.h"

static TafelWindow *
open_window (const char *game,
             const char *opponent)
{
  g_autoptr(GSettings) settings = ui_test_settings (game, opponent, "medium");

  g_settings_set_boolean (settings, "think-ahead", FALSE);
  g_settings_set_boolean (settings, "show-moves", TRUE);
  return ui_test_open_window (0, 0);
}

static const char *
button_text (TafelWindow *window,
             guint        index)
{
  const char *text = tafel_move_list_get_text (TAFEL_MOVE_LIST (window->move_list), index);

  g_assert_nonnull (text);
  return text;
}

static gboolean
has_n_moves (TafelWindow *window,
             guint        n)
{
  return tafel_match_get_n_moves (tafel_window_get_match (window)) == n;
}

static gboolean
has_four_moves (gpointer window)
{
  return has_n_moves (window, 4) && !tafel_window_is_thinking (window);
}

static gboolean
has_two_moves (TafelWindow *window)
{
  return has_n_moves (window, 2) && !tafel_window_is_thinking (window);
}

/* The list shows the moves in the notation, Mill's removals included,
 * and follows the game. */
static void
test_list_shows_moves (void)
{
  TafelWindow *window = open_window ("mill", "human");
  TafelMatch *match;

  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_MILL,
                                              "d6 a1 d7 a4 d5xa4 g1 b4", NULL));
  match = tafel_window_get_match (window);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 7);
  g_assert_cmpstr (button_text (window, 0), ==, "d6");
  g_assert_cmpstr (button_text (window, 4), ==, "d5xa4");
  g_assert_null (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 7));
  g_assert_true (gtk_widget_has_css_class (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 6),
                                           "current"));

  /* Undo keeps the moves ahead in the list, the highlight moves back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 6);
  g_assert_nonnull (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 6));
  g_assert_true (gtk_widget_has_css_class (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 5),
                                           "current"));
  g_assert_false (gtk_widget_has_css_class (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 6),
                                            "current"));

  /* F9's action hides and shows the list. */
  g_assert_true (gtk_widget_get_visible (window->move_list));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-moves", NULL));
  g_assert_false (gtk_widget_get_visible (window->move_list));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-moves", NULL));
  g_assert_true (gtk_widget_get_visible (window->move_list));

  ui_test_close_window (window);
}

static GtkWidget *
find_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      if (GTK_IS_MESSAGE_DIALOG (toplevel))
        return GTK_WIDGET (toplevel);
      G_GNUC_END_IGNORE_DEPRECATIONS
    }
  return NULL;
}

static gboolean
question_shown (gpointer data)
{
  return find_question () != NULL;
}

static void
click_move (TafelWindow *window,
            guint        index)
{
  g_signal_emit_by_name (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), index),
                         "clicked");
}

/* Clicking an earlier move shows its position; the computer waits while
 * the person looks back and answers once the person plays on, after
 * agreeing to drop the moves that followed. */
static void
test_look_back_against_computer (void)
{
  TafelWindow *window = open_window ("connect-four", "computer");
  TafelMatch *match = tafel_window_get_match (window);
  GtkWidget *board = tafel_window_get_board (window);
  TafelMove col1 = { 1, { 0 } };
  gboolean handed_on = FALSE;
  GtkWidget *question;

  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 3 } }, NULL));
  ui_test_iterate_until ((gboolean (*) (gpointer)) has_two_moves, window);
  g_assert_true (tafel_match_play (match, &(TafelMove) { 1, { 2 } }, NULL));
  ui_test_iterate_until (has_four_moves, window);
  g_assert_cmpuint (tafel_match_get_line_length (match), ==, 4);

  /* After the person's second move: the computer's turn, but it waits. */
  click_move (window, 2);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 3);
  g_assert_false (tafel_window_is_thinking (window));
  for (guint i = 0; i < 30; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 3);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Half-move 3 of 4: Yellow to move.");
  g_assert_true (gtk_widget_has_css_class (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 2),
                                           "current"));

  /* Alt+Left, Home and End move through the line. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 4);
  g_assert_false (tafel_window_is_thinking (window));

  /* From the position after two moves a new move asks first; "Cancel"
   * keeps everything. */
  click_move (window, 1);
  g_signal_emit_by_name (board, "move", &col1, &handed_on);
  g_assert_true (handed_on);
  ui_test_iterate_until (question_shown, NULL);
  question = find_question ();
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  g_assert_cmpuint (tafel_match_get_line_length (match), ==, 4);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);

  /* "Play Here" drops the rest; the computer answers the new move. */
  g_signal_emit_by_name (board, "move", &col1, &handed_on);
  g_assert_true (handed_on);
  ui_test_iterate_until (question_shown, NULL);
  question = find_question ();
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  g_assert_cmpuint (tafel_match_get_line_length (match), >=, 3);
  ui_test_iterate_until (has_four_moves, window);
  g_assert_cmpuint (tafel_match_get_line_length (match), ==, 4);
  g_assert_true (tafel_move_equal (tafel_match_get_move (match, 2), &col1));

  ui_test_close_window (window);
}

static gboolean
review_done (gpointer window)
{
  return tafel_session_get_review (tafel_window_get_session (window)) != NULL;
}

/* A planted blunder: X could win at 3 and plays 9, and O wins. The
 * review marks it, says what was missed and sums up. */
static void
test_review_marks_blunder (void)
{
  TafelWindow *window = open_window ("tictactoe", "human");
  TafelMatch *match;
  GtkWidget *button;
  const char *summary;

  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_TICTACTOE, "142596", NULL));
  match = tafel_window_get_match (window);
  g_assert_cmpint (tafel_match_get_status (match), ==, TAFEL_STATUS_WON);
  /* The game is over: the review is offered. */
  g_assert_true (gtk_widget_get_visible (window->review_button));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL));
  ui_test_iterate_until (review_done, window);
  g_assert_false (gtk_widget_get_visible (window->review_button));
  g_assert_false (gtk_widget_get_visible (window->review_running));

  button = tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 4);
  g_assert_true (gtk_widget_has_css_class (button, "verdict-blunder"));
  g_assert_false (gtk_widget_has_css_class (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 5),
                                            "verdict-blunder"));
  summary = gtk_label_get_text (GTK_LABEL (window->review_summary));
  g_assert_nonnull (strstr (summary, "X: "));
  g_assert_nonnull (strstr (summary, "Blunder"));
  g_assert_nonnull (strstr (summary, "move 3 (9)"));

  /* Clicking the blunder shows the position it was played in, with the
   * move that still won. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 4);
  g_assert_nonnull (strstr (tafel_window_get_status (window), "3"));
  g_test_message ("status: %s", tafel_window_get_status (window));

  /* A new move elsewhere makes the review stale: it goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_null (tafel_session_get_review (tafel_window_get_session (window)));
  g_assert_false (gtk_widget_has_css_class (tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 0)
                                            ? tafel_move_list_get_button (TAFEL_MOVE_LIST (window->move_list), 0)
                                            : window->move_list, "verdict-blunder"));

  ui_test_close_window (window);
}

/* Text comes in as a game: a record, a bare move list, Mill's numbered
 * text; a bad one changes nothing and the error names the line. */
static void
test_open_text (void)
{
  TafelWindow *window = open_window ("infinity", "human");
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;
  TafelMatch *match;

  g_assert_true (tafel_window_open_text (window, "tafel: 1\ngame: connect-four\n\n4453 *\n", -1, &error));
  g_assert_no_error (error);
  match = tafel_window_get_match (window);
  g_assert_cmpint (tafel_match_get_game (match), ==, TAFEL_GAME_CONNECT_FOUR);
  moves = tafel_match_to_moves (match);
  g_assert_cmpstr (moves, ==, "4453");
  g_clear_pointer (&moves, g_free);

  /* Mill's numbered text, read while Mill is shown. */
  tafel_session_set_game (tafel_window_get_session (window), TAFEL_GAME_MILL);
  g_assert_true (tafel_window_open_text (window, "1. d6 f4\n2. d2 b4\n", -1, &error));
  g_assert_no_error (error);
  moves = tafel_match_to_moves (tafel_window_get_match (window));
  g_assert_cmpstr (moves, ==, "d6 f4 d2 b4");
  g_clear_pointer (&moves, g_free);

  g_assert_false (tafel_window_open_text (window, "tafel: 1\ngame: connect-four\n\n4448 *\n", -1, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "4"));
  g_test_message ("error: %s", error->message);
  g_clear_error (&error);

  /* Nothing changed. */
  match = tafel_window_get_match (window);
  moves = tafel_match_to_moves (match);
  g_assert_cmpint (tafel_match_get_game (match), ==, TAFEL_GAME_MILL);
  g_assert_cmpstr (moves, ==, "d6 f4 d2 b4");

  ui_test_close_window (window);
}

static gboolean
is_visible (gpointer window)
{
  return gtk_widget_get_visible (window);
}

/* A window made for a file (`tafel FILE`) is first shown with the file's
 * game, never with the game it restored; a file that cannot be read
 * shows the window all the same, with the reason. */
static void
test_open_file (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *dir = g_dir_make_tmp ("tafel-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.tafel", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.tafel", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autofree char *moves = NULL;
  TafelWindow *window;

  g_assert_true (g_file_set_contents (path, "tafel: 1\ngame: connect-four\n\n4453 *\n", -1, NULL));
  ui_test_remove_saved_games ();
  g_settings_set_string (settings, "game", "infinity");
  g_settings_set_string (settings, "opponent", "human");

  window = tafel_window_new (GTK_APPLICATION (ui_test_app));
  tafel_window_open_file (window, file);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  ui_test_iterate_until (is_visible, window);
  g_assert_cmpint (tafel_match_get_game (tafel_window_get_match (window)), ==, TAFEL_GAME_CONNECT_FOUR);
  moves = tafel_match_to_moves (tafel_window_get_match (window));
  g_assert_cmpstr (moves, ==, "4453");
  ui_test_close_window (window);

  window = tafel_window_new (GTK_APPLICATION (ui_test_app));
  tafel_window_open_file (window, missing_file);
  ui_test_iterate_until (is_visible, window);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (window->banner_label)), "missing.tafel"));
  ui_test_close_window (window);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/ui/moves/list-shows-moves", test_list_shows_moves);
  g_test_add_func ("/ui/moves/look-back-against-computer", test_look_back_against_computer);
  g_test_add_func ("/ui/moves/review-marks-blunder", test_review_marks_blunder);
  g_test_add_func ("/ui/moves/open-text", test_open_text);
  g_test_add_func ("/ui/moves/open-file", test_open_file);

  return ui_test_run ();
}
