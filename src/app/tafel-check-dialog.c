/* tafel-check-dialog.c: check a Tic-Tac-Toe position and continue from it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The person types a board as three rows of X, O and -, and the dialog
 * checks it with every change: the verdict in a sentence, an input error
 * marked where it is in the text, and a small drawing of the board with
 * the winning lines.  A running position can be played on in the window.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-board-view.h"
#include "tafel-check-dialog-private.h"
#include "tafel-checker.h"
#include "tafel-rules.h"

/* Tags that mark where the text goes wrong. */
#define TAG_ERROR_CELL "error-cell"
#define TAG_ERROR_ROW "error-row"

/* The cells of the 3x3 board, row by row. */
#define N_CELLS 9

struct _TafelCheckDialog
{
  GtkWindow parent_instance;

  GtkWidget *text_view;
  GtkWidget *board_area;
  GtkWidget *verdict_label;
  GtkWidget *continue_button;

  TafelCheckResult *result;    /* NULL while the text is malformed */
  TafelSession *session;       /* where "Continue" plays on */
};

G_DEFINE_FINAL_TYPE (TafelCheckDialog, tafel_check_dialog, GTK_TYPE_WINDOW)

static const TafelBoard *
grid_board (void)
{
  return tafel_rules_get (TAFEL_GAME_TICTACTOE)->board;
}

static GtkTextBuffer *
buffer (TafelCheckDialog *self)
{
  return gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
}

/* ---- the board ---- */

/* The board as the window draws it: the same view, not interactive,
 * faint while the text is no board. */
static void
show_board (TafelCheckDialog *self)
{
  const TafelBoard *b = grid_board ();
  TafelPointInfo info[N_CELLS] = { { 0 } };
  TafelOutcome outcome = { .status = TAFEL_STATUS_RUNNING, .winner = TAFEL_SIDE_NONE };

  if (self->result != NULL)
    {
      for (guint i = 0; i < N_CELLS; i++)
        switch (tafel_check_result_get_cell (self->result, i / 3 + 1, i % 3 + 1))
          {
          case TAFEL_CHECK_PLAYER_X:
            info[i].owner = TAFEL_POINT_SIDE0;
            break;
          case TAFEL_CHECK_PLAYER_O:
            info[i].owner = TAFEL_POINT_SIDE1;
            break;
          default:
            break;
          }
      /* Every winning line, even where the position is impossible. */
      outcome.n_lines = MIN (tafel_check_result_get_n_lines (self->result), G_N_ELEMENTS (outcome.lines));
      for (guint i = 0; i < outcome.n_lines; i++)
        outcome.lines[i] = tafel_check_result_get_line_index (self->result, i);
      if (outcome.n_lines > 0)
        outcome.status = TAFEL_STATUS_WON;
    }

  tafel_board_view_set_position (TAFEL_BOARD_VIEW (self->board_area), b, info, &outcome);
  gtk_widget_set_opacity (self->board_area, self->result != NULL ? 1.0 : 0.4);
}

/* ---- checking ---- */

/* Marks the first problem in the text: the character where there is one,
 * else the whole row where the row is there at all. */
static void
mark_input_error (TafelCheckDialog           *self,
                  const TafelCheckInputError *where)
{
  GtkTextBuffer *buf = buffer (self);
  GtkTextIter start, end;

  if (where->row == 0 || where->row > (guint) gtk_text_buffer_get_line_count (buf))
    return;

  if (where->column > 0 &&
      gtk_text_buffer_get_iter_at_line_offset (buf, &start, where->row - 1, where->column - 1) &&
      !gtk_text_iter_ends_line (&start))
    {
      end = start;
      gtk_text_iter_forward_char (&end);
      gtk_text_buffer_apply_tag_by_name (buf, TAG_ERROR_CELL, &start, &end);
      return;
    }

  /* The row with its line break, so that an empty row shows too. */
  gtk_text_buffer_get_iter_at_line (buf, &start, where->row - 1);
  end = start;
  if (!gtk_text_iter_forward_line (&end))
    gtk_text_iter_forward_to_end (&end);
  gtk_text_buffer_apply_tag_by_name (buf, TAG_ERROR_ROW, &start, &end);
}

static void
check (TafelCheckDialog *self)
{
  GtkTextBuffer *buf = buffer (self);
  TafelCheckInputError where = { TAFEL_CHECK_PROBLEM_NONE, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *verdict = NULL;
  GtkTextIter start, end;
  gboolean bad;

  gtk_text_buffer_get_bounds (buf, &start, &end);
  gtk_text_buffer_remove_all_tags (buf, &start, &end);
  text = gtk_text_buffer_get_text (buf, &start, &end, TRUE);

  g_clear_pointer (&self->result, tafel_check_result_unref);
  self->result = tafel_check_position_full (text, -1, &where, &error);

  if (self->result == NULL)
    {
      /* The message names the row and column in words. */
      verdict = g_strdup (error->message);
      mark_input_error (self, &where);
      bad = TRUE;
    }
  else
    {
      verdict = tafel_check_result_to_text (self->result);
      bad = tafel_check_result_get_status (self->result) == TAFEL_CHECK_STATUS_INVALID;
    }

  gtk_label_set_text (GTK_LABEL (self->verdict_label), verdict);
  if (bad)
    gtk_widget_add_css_class (self->verdict_label, "error");
  else
    gtk_widget_remove_css_class (self->verdict_label, "error");

  gtk_widget_set_sensitive (self->continue_button,
                            self->result != NULL &&
                            tafel_check_result_get_status (self->result) == TAFEL_CHECK_STATUS_RUNNING);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, verdict,
                                  -1);
  show_board (self);
}

static void
continue_clicked (TafelCheckDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;

  if (self->result == NULL)
    return;

  moves = tafel_check_result_to_moves (self->result);
  if (moves == NULL)
    return;

  if (!tafel_session_start_position (self->session, TAFEL_GAME_TICTACTOE, moves, &error))
    {
      gtk_label_set_text (GTK_LABEL (self->verdict_label), error->message);
      gtk_widget_add_css_class (self->verdict_label, "error");
      return;
    }

  gtk_window_destroy (GTK_WINDOW (self));
}

/* The board the session shows as text, when it plays Tic-Tac-Toe; an
 * empty board otherwise. */
static char *
session_board_text (TafelSession *session)
{
  TafelMatch *match = tafel_session_get_match (session);
  const TafelRules *rules = tafel_match_get_rules (match);
  TafelPointInfo info[N_CELLS];
  GString *out;

  if (tafel_match_get_game (match) != TAFEL_GAME_TICTACTOE ||
      rules->board->n_points != G_N_ELEMENTS (info))
    return g_strdup ("---\n---\n---");

  out = g_string_new (NULL);
  rules->points (tafel_match_get_state (match), info);
  for (guint i = 0; i < G_N_ELEMENTS (info); i++)
    {
      if (i > 0 && i % 3 == 0)
        g_string_append_c (out, '\n');
      g_string_append_c (out, info[i].owner == TAFEL_POINT_SIDE0 ? 'X'
                              : info[i].owner == TAFEL_POINT_SIDE1 ? 'O' : '-');
    }

  return g_string_free (out, FALSE);
}

/* ---- GObject ---- */

static void
tafel_check_dialog_dispose (GObject *object)
{
  TafelCheckDialog *self = TAFEL_CHECK_DIALOG (object);

  g_clear_pointer (&self->result, tafel_check_result_unref);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), TAFEL_TYPE_CHECK_DIALOG);

  G_OBJECT_CLASS (tafel_check_dialog_parent_class)->dispose (object);
}

static void
tafel_check_dialog_class_init (TafelCheckDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_check_dialog_dispose;

  g_type_ensure (TAFEL_TYPE_BOARD_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tafel/Tafel/tafel-check-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TafelCheckDialog, text_view);
  gtk_widget_class_bind_template_child (widget_class, TafelCheckDialog, board_area);
  gtk_widget_class_bind_template_child (widget_class, TafelCheckDialog, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, TafelCheckDialog, continue_button);
  gtk_widget_class_bind_template_callback (widget_class, continue_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tafel_check_dialog_init (TafelCheckDialog *self)
{
  g_autoptr(PangoLayout) layout = NULL;
  GtkTextBuffer *buf;
  GdkRGBA error_bg;
  int two_lines;

  gtk_widget_init_template (GTK_WIDGET (self));

  buf = buffer (self);
  gdk_rgba_parse (&error_bg, "rgba(224, 27, 36, 0.25)");
  gtk_text_buffer_create_tag (buf, TAG_ERROR_CELL,
                              "underline", PANGO_UNDERLINE_ERROR,
                              "background-rgba", &error_bg,
                              NULL);
  gtk_text_buffer_create_tag (buf, TAG_ERROR_ROW,
                              "paragraph-background-rgba", &error_bg,
                              NULL);

  /* Room for a verdict of two lines, so the dialog keeps its size. */
  layout = gtk_widget_create_pango_layout (self->verdict_label, "X\nX");
  pango_layout_get_pixel_size (layout, NULL, &two_lines);
  gtk_widget_set_size_request (self->verdict_label, -1, two_lines);

  g_signal_connect_swapped (buf, "changed", G_CALLBACK (check), self);
  gtk_window_set_focus (GTK_WINDOW (self), self->text_view);
}

/**
 * tafel_check_dialog_new:
 * @parent: the window the dialog belongs to
 * @session: the game session to continue playing in
 *
 * Returns: (transfer none): a new dialog, transient for @parent, holding
 *   the board @session shows if that is Tic-Tac-Toe
 */
GtkWindow *
tafel_check_dialog_new (GtkWindow    *parent,
                        TafelSession *session)
{
  TafelCheckDialog *self;
  g_autofree char *text = NULL;
  GtkTextIter end;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TAFEL_IS_SESSION (session), NULL);

  self = g_object_new (TAFEL_TYPE_CHECK_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->session = g_object_ref (session);

  text = session_board_text (session);
  gtk_text_buffer_set_text (buffer (self), text, -1);
  gtk_text_buffer_get_end_iter (buffer (self), &end);
  gtk_text_buffer_place_cursor (buffer (self), &end);

  return GTK_WINDOW (self);
}

GtkTextBuffer *
tafel_check_dialog_get_buffer (TafelCheckDialog *self)
{
  g_return_val_if_fail (TAFEL_IS_CHECK_DIALOG (self), NULL);

  return buffer (self);
}

GtkWidget *
tafel_check_dialog_get_verdict_label (TafelCheckDialog *self)
{
  g_return_val_if_fail (TAFEL_IS_CHECK_DIALOG (self), NULL);

  return self->verdict_label;
}

GtkWidget *
tafel_check_dialog_get_continue_button (TafelCheckDialog *self)
{
  g_return_val_if_fail (TAFEL_IS_CHECK_DIALOG (self), NULL);

  return self->continue_button;
}
