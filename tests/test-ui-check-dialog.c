/* test-ui-check-dialog.c: the Check Position dialog in-process: typed
 * positions, their verdicts and errors, and playing on from one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>

#include "tafel-application.h"
#include "tafel-check-dialog-private.h"
#include "tafel-window-private.h"
#include "ui-test-util.h"

static gboolean
is_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static TafelWindow *
open_window (const char *game,
             const char *opponent)
{
  g_autoptr(GSettings) settings = ui_test_settings (game, opponent, "medium");

  return ui_test_open_window (480, 560);
}

/* Opens the dialog the way the menu does, through the window's action. */
static TafelCheckDialog *
open_dialog (TafelWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  TafelCheckDialog *dialog = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.check-position", NULL));

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (TAFEL_IS_CHECK_DIALOG (toplevel))
        dialog = TAFEL_CHECK_DIALOG (toplevel);
    }
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  ui_test_iterate_until (ui_test_is_mapped, dialog);

  return dialog;
}

static char *
buffer_text (TafelCheckDialog *dialog)
{
  GtkTextBuffer *buffer = tafel_check_dialog_get_buffer (dialog);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static const char *
verdict (TafelCheckDialog *dialog)
{
  return gtk_label_get_text (GTK_LABEL (tafel_check_dialog_get_verdict_label (dialog)));
}

static gboolean
can_continue (TafelCheckDialog *dialog)
{
  return gtk_widget_get_sensitive (tafel_check_dialog_get_continue_button (dialog));
}

static void
set_text (TafelCheckDialog *dialog,
          const char       *text)
{
  gtk_text_buffer_set_text (tafel_check_dialog_get_buffer (dialog), text, -1);
}

/* Types @text at the cursor one character at a time, as a keyboard would. */
static void
type_text (TafelCheckDialog *dialog,
           const char       *text)
{
  GtkTextBuffer *buffer = tafel_check_dialog_get_buffer (dialog);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    gtk_text_buffer_insert_at_cursor (buffer, p, g_utf8_next_char (p) - p);
}

/* Whether the character at @row, @column (1-based) carries @tag_name. */
static gboolean
has_tag (TafelCheckDialog *dialog,
         const char       *tag_name,
         int               row,
         int               column)
{
  GtkTextBuffer *buffer = tafel_check_dialog_get_buffer (dialog);
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), tag_name);
  GtkTextIter iter;

  g_assert_nonnull (tag);
  g_assert_true (gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, row - 1, column - 1));
  return gtk_text_iter_has_tag (&iter, tag);
}

/* The board the window's match shows, as the checker's rows. */
static char *
match_board (TafelMatch *match)
{
  const TafelRules *rules = tafel_match_get_rules (match);
  TafelPointInfo info[9];
  GString *out = g_string_new (NULL);

  g_assert_cmpuint (rules->board->n_points, ==, 9);
  rules->points (tafel_match_get_state (match), info);
  for (guint i = 0; i < 9; i++)
    {
      if (i > 0 && i % 3 == 0)
        g_string_append_c (out, '\n');
      g_string_append_c (out, info[i].owner == TAFEL_POINT_SIDE0 ? 'X'
                              : info[i].owner == TAFEL_POINT_SIDE1 ? 'O' : '-');
    }
  return g_string_free (out, FALSE);
}

static void
test_prefill (void)
{
  TafelWindow *window = open_window ("tictactoe", "human");
  TafelCheckDialog *dialog;
  g_autofree char *text = NULL;

  /* X on 1 and 9, O on 5. */
  g_assert_true (tafel_match_load_moves (tafel_window_get_match (window), "159", NULL));
  dialog = open_dialog (window);
  text = buffer_text (dialog);
  g_assert_cmpstr (text, ==, "X--\n-O-\n--X");
  g_assert_cmpstr (verdict (dialog), ==, "The game is running; O moves next.");
  g_assert_true (can_continue (dialog));

  /* Escape closes it, through the window.close action. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  ui_test_iterate_until (is_gone, &dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_prefill_other_game (void)
{
  TafelWindow *window = open_window ("connect-four", "human");
  TafelCheckDialog *dialog = open_dialog (window);
  g_autofree char *other = NULL;

  /* Another game: an empty board to start from. */
  other = buffer_text (dialog);
  g_assert_cmpstr (other, ==, "---\n---\n---");
  g_assert_cmpstr (verdict (dialog), ==, "The game is running; X moves next.");

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_verdicts (void)
{
  TafelWindow *window = open_window ("tictactoe", "human");
  TafelCheckDialog *dialog = open_dialog (window);
  GtkWidget *label = tafel_check_dialog_get_verdict_label (dialog);

  /* X has won, and the line is named. */
  set_text (dialog, "XXX\nOO-\n---\n");
  g_assert_cmpstr (verdict (dialog), ==, "X has won: row 1 (1,1) (1,2) (1,3)");
  g_assert_false (can_continue (dialog));
  g_assert_false (gtk_widget_has_css_class (label, "error"));

  /* Two lines at once. */
  set_text (dialog, "XXX\nOOX\nOOX");
  g_assert_cmpstr (verdict (dialog), ==,
                   "X has won: row 1 (1,1) (1,2) (1,3); column 3 (1,3) (2,3) (3,3)");

  /* An input error names row and column, and the text marks the spot. */
  set_text (dialog, "XO-\nO7-\n---");
  g_assert_cmpstr (verdict (dialog), ==, "Row 2, column 2: “7” is not X, O or -");
  g_assert_true (gtk_widget_has_css_class (label, "error"));
  g_assert_true (has_tag (dialog, "error-cell", 2, 2));
  g_assert_false (has_tag (dialog, "error-cell", 2, 1));
  g_assert_false (has_tag (dialog, "error-cell", 2, 3));
  g_assert_false (can_continue (dialog));

  /* A short row: the row is marked, as its missing cell cannot be. */
  set_text (dialog, "XO-\nOX\n---");
  g_assert_cmpstr (verdict (dialog), ==, "Row 2, column 3: the row ends after two cells; a row has three cells");
  g_assert_true (has_tag (dialog, "error-row", 2, 1));
  g_assert_false (has_tag (dialog, "error-row", 1, 1));
  g_assert_false (has_tag (dialog, "error-cell", 2, 2));

  /* Impossible positions give the reason. */
  set_text (dialog, "OO-\n---\n---");
  g_assert_cmpstr (verdict (dialog), ==, "Impossible position: O has more stones than X.");
  g_assert_true (gtk_widget_has_css_class (label, "error"));
  g_assert_false (has_tag (dialog, "error-cell", 1, 1));
  g_assert_false (can_continue (dialog));
  set_text (dialog, "XXX\nOOO\n---");
  g_assert_cmpstr (verdict (dialog), ==, "Impossible position: Both X and O have a line.");

  /* Typed a key at a time, the verdict follows every change. */
  set_text (dialog, "");
  type_text (dialog, "x");
  g_assert_cmpstr (verdict (dialog), ==, "Row 1, column 2: the row ends after one cell; a row has three cells");
  type_text (dialog, "o-\n");
  g_assert_cmpstr (verdict (dialog), ==, "Row 2: the row is missing; a board has three rows");
  type_text (dialog, "-X-\no--");
  g_assert_cmpstr (verdict (dialog), ==, "The game is running; X moves next.");
  g_assert_true (can_continue (dialog));
  g_assert_false (gtk_widget_has_css_class (label, "error"));

  /* A full board without a line. */
  set_text (dialog, "XOX\nXOO\nOXX");
  g_assert_cmpstr (verdict (dialog), ==, "Draw: the board is full and nobody has a line.");
  g_assert_false (can_continue (dialog));

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  const char *opponent;
  const char *text;           /* typed into the dialog */
  const char *board;          /* what the window shows then */
  int side_to_move;
  int computer_side;
} ContinueCase;

static const ContinueCase continue_cases[] = {
  /* O to move: against the computer, the person plays O. */
  { "computer", "X--\n-O-\n-x-\n", "X--\n-O-\n-X-", 1, 0 },
  /* X to move: the person plays X. */
  { "computer", "XO-\n-X-\nO--", "XO-\n-X-\nO--", 0, 1 },
  /* Between two people nobody is the computer. */
  { "human", "- O X\r\nX\t-\t-\r\n---", "-OX\nX--\n---", 1, -1 },
  /* The empty board: a new game with the person as X. */
  { "computer", "---\n---\n---", "---\n---\n---", 0, 1 },
};

/* Checks a running position, continues, and compares the window's game. */
static void
test_continue (gconstpointer data)
{
  const ContinueCase *c = data;
  TafelWindow *window = open_window ("infinity", c->opponent);
  TafelCheckDialog *dialog = open_dialog (window);
  TafelMatch *match;
  g_autofree char *shown = NULL;

  set_text (dialog, c->text);
  g_assert_true (can_continue (dialog));

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_signal_emit_by_name (tafel_check_dialog_get_continue_button (dialog), "clicked");
  ui_test_iterate_until (is_gone, &dialog);

  match = tafel_window_get_match (window);
  g_assert_cmpint (tafel_match_get_game (match), ==, TAFEL_GAME_TICTACTOE);
  shown = match_board (match);
  g_assert_cmpstr (shown, ==, c->board);
  g_assert_cmpint (tafel_match_get_status (match), ==, TAFEL_STATUS_RUNNING);
  g_assert_cmpint (tafel_match_get_side_to_move (match), ==, c->side_to_move);
  g_assert_cmpint (tafel_window_get_computer_side (window), ==, c->computer_side);
  /* The person is to move: the computer waits. */
  g_assert_false (tafel_window_is_thinking (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv);
  setlocale (LC_ALL, "C.UTF-8");

  g_test_add_func ("/ui/check-dialog/prefill", test_prefill);
  g_test_add_func ("/ui/check-dialog/verdicts", test_verdicts);
  g_test_add_func ("/ui/check-dialog/prefill-other-game", test_prefill_other_game);
  for (guint i = 0; i < G_N_ELEMENTS (continue_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/check-dialog/continue/%u", i + 1);

      g_test_add_data_func (path, &continue_cases[i], test_continue);
    }

  return ui_test_run ();
}
