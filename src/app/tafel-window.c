/* tafel-window.c: the main window: one game against the computer or a person
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows a TafelSession, which plays the game: it binds the
 * settings to the session's properties, follows the current match with a
 * signal group, and keeps the board, the status line, what screen
 * readers are told and the actions in step with them.  The actions
 * themselves are in tafel-window-actions.c.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tafel-board-view.h"
#include "tafel-move-list.h"
#include "tafel-names.h"
#include "tafel-settings.h"
#include "tafel-window-private.h"

G_DEFINE_FINAL_TYPE (TafelWindow, tafel_window, GTK_TYPE_APPLICATION_WINDOW)

static const char *
side_name (TafelWindow *self,
           int          side)
{
  return tafel_rules_get_side_name (tafel_match_get_rules (tafel_window_get_match (self)), side);
}

static char *
status_text (TafelWindow *self)
{
  guint len;
  const guint8 *path = tafel_board_view_get_path (TAFEL_BOARD_VIEW (self->board_view), &len);

  return tafel_session_dup_status (self->session, path, len);
}

/* TAFEL_TRACE=1 prints the status and where each point is drawn (in
 * surface coordinates), for tests that drive the window from outside. */
static void
trace (TafelWindow *self,
       const char  *text)
{
  const TafelBoard *b = tafel_match_get_rules (tafel_window_get_match (self))->board;
  double dx = 0, dy = 0;

  if (g_getenv ("TAFEL_TRACE") == NULL)
    return;

  {
    g_autofree char *moves = tafel_match_to_moves (tafel_window_get_match (self));
    g_print ("moves: %s %s\n", tafel_match_get_rules (tafel_window_get_match (self))->key, moves);
  }
  g_print ("status: %s\n", text);
  if (!gtk_widget_get_mapped (self->board_view) || gtk_widget_get_width (self->board_view) == 0)
    return;
  gtk_native_get_surface_transform (GTK_NATIVE (self), &dx, &dy);
  for (guint i = 0; i < b->n_points; i++)
    {
      double x, y;
      graphene_point_t p;

      if (!tafel_board_view_point_position (TAFEL_BOARD_VIEW (self->board_view), i, &x, &y) ||
          !gtk_widget_compute_point (self->board_view, GTK_WIDGET (self),
                                     &GRAPHENE_POINT_INIT (x, y), &p))
        continue;
      g_print ("point %u %d %d\n", i, (int) (p.x + dx), (int) (p.y + dy));
    }
}

/* The board tells screen readers the whole position and the status. */
static void
describe_board (TafelWindow *self,
                const char  *status)
{
  g_autofree char *position = tafel_names_describe (tafel_window_get_match (self));
  g_autofree char *description = g_strconcat (position, " ", status, NULL);
  int cursor = tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (self->board_view));
  const TafelRules *rules = tafel_match_get_rules (tafel_window_get_match (self));
  g_autofree char *where = tafel_names_point (rules, cursor);
  g_autofree TafelPointInfo *info = g_new0 (TafelPointInfo, rules->board->n_points);
  g_autofree char *label = NULL;

  rules->points (tafel_match_get_state (tafel_window_get_match (self)), info);
  if (info[cursor].owner == TAFEL_POINT_EMPTY)
    /* Translators: the board's name for screen readers; %s is where the cursor is */
    label = g_strdup_printf (_("Game board, cursor on %s, empty"), where);
  else
    /* Translators: the board's name for screen readers; cursor point, then who is there */
    label = g_strdup_printf (_("Game board, cursor on %s, %s"), where,
                             side_name (self, info[cursor].owner == TAFEL_POINT_SIDE0 ? 0 : 1));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static void follow_match (TafelWindow *self);

static void
update_status (TafelWindow *self)
{
  g_autofree char *text = NULL;

  follow_match (self);
  text = status_text (self);
  if (self->note != NULL)
    {
      char *with_note = g_strconcat (text, " ", self->note, NULL);

      g_free (text);
      text = with_note;
    }

  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  describe_board (self, text);
  trace (self, text);
}

/* ---- the review ---- */

static const char *const verdict_classes[TAFEL_N_VERDICTS] = {
  [TAFEL_VERDICT_BEST] = "verdict-best",
  [TAFEL_VERDICT_KEEPS] = "verdict-keeps",
  [TAFEL_VERDICT_MISTAKE] = "verdict-mistake",
  [TAFEL_VERDICT_BLUNDER] = "verdict-blunder",
  [TAFEL_VERDICT_GOOD] = "verdict-good",
  [TAFEL_VERDICT_DUBIOUS] = "verdict-dubious",
};

/* One line per side: how many moves of each kind, and where the result
 * changed hands. */
static char *
review_summary (TafelWindow *self,
                TafelReview *review)
{
  const TafelRules *rules = tafel_review_get_rules (review);
  GString *text = g_string_new (NULL);
  guint decisive = tafel_review_get_decisive_ply (review);

  for (int side = 0; side < 2; side++)
    {
      const TafelReviewSummary *summary = tafel_review_get_summary (review, side);
      gboolean first = TRUE;

      if (side > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s: ", tafel_rules_get_side_name (rules, side));
      for (guint v = 0; v < TAFEL_N_VERDICTS; v++)
        {
          if (summary->counts[v] == 0)
            continue;
          if (!first)
            g_string_append (text, ", ");
          /* Translators: a count of moves and a verdict, e.g. "3 × Mistake" */
          g_string_append_printf (text, _("%u × %s"), summary->counts[v], tafel_verdict_to_label (v));
          first = FALSE;
        }
      if (first)
        g_string_append (text, _("no moves"));
    }
  if (decisive > 0)
    {
      g_autofree char *move = tafel_match_format_line_move (tafel_window_get_match (self), decisive - 1);

      g_string_append_c (text, '\n');
      /* Translators: the move of the game (its number and notation)
       * after which the result was no longer what it had been */
      g_string_append_printf (text, _("The result changed hands with move %u (%s)."),
                              (decisive + 1) / 2, move);
    }

  return g_string_free (text, FALSE);
}

static void
update_review (TafelWindow *self)
{
  TafelReview *review = tafel_session_get_review (self->session);
  TafelMatch *match = tafel_window_get_match (self);
  gboolean reviewing = tafel_session_get_reviewing (self->session);
  gboolean ended = tafel_match_get_n_moves (match) == tafel_match_get_line_length (match) &&
                   tafel_match_get_status (match) != TAFEL_STATUS_RUNNING;
  g_autoptr(GString) trace_review = g_getenv ("TAFEL_TRACE") != NULL ? g_string_new (NULL) : NULL;

  gtk_widget_set_visible (self->review_running, reviewing);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->review_progress),
                                 tafel_session_get_review_progress (self->session));
  gtk_widget_set_visible (self->review_button, ended && review == NULL && !reviewing);
  gtk_widget_set_visible (self->review_summary, review != NULL);

  tafel_move_list_clear_marks (TAFEL_MOVE_LIST (self->move_list));
  if (review == NULL)
    return;

  {
    g_autofree char *summary = review_summary (self, review);

    gtk_label_set_text (GTK_LABEL (self->review_summary), summary);
  }
  for (guint i = 0; i < tafel_review_get_n_moves (review); i++)
    {
      TafelVerdict verdict = tafel_review_get_entry (review, i)->verdict;

      tafel_move_list_set_mark (TAFEL_MOVE_LIST (self->move_list), i, verdict_classes[verdict],
                                tafel_verdict_to_label (verdict));
      if (trace_review != NULL)
        g_string_append_printf (trace_review, " %s", verdict_classes[verdict] + strlen ("verdict-"));
    }
  /* A tracing test learns that the review is done, and its verdicts. */
  if (trace_review != NULL)
    g_print ("review: done %u moves:%s\n", tafel_review_get_n_moves (review), trace_review->str);
}

static void
update (TafelWindow *self)
{
  update_status (self);
  tafel_board_view_set_interactive (TAFEL_BOARD_VIEW (self->board_view),
                                    tafel_session_get_persons_turn (self->session));
  tafel_window_update_actions (self);
}

/* Under the game's name: its variant, unless it is the default (Nine
 * Men's Morris is the game's name already). */
static void
update_variant (TafelWindow *self)
{
  const TafelRules *rules = tafel_match_get_rules (tafel_window_get_match (self));
  const char *title = rules != tafel_rules_get (rules->game) ? tafel_rules_get_variant_title (rules)
                                                              : NULL;

  gtk_label_set_text (GTK_LABEL (self->variant_label), title);
  gtk_widget_set_visible (self->variant_label, title != NULL);
}

static void
play (TafelWindow     *self,
      const TafelMove *move)
{
  g_autoptr(GError) error = NULL;

  if (!tafel_session_play (self->session, move, &error))
    g_debug ("Move refused: %s", error->message);
}

typedef struct {
  TafelWindow *window;
  TafelMove move;
  guint serial;
} PendingMove;

static void
on_drop_answered (GtkDialog   *dialog,
                  int          response,
                  PendingMove *pending)
{
  TafelMatch *match = tafel_window_get_match (pending->window);

  /* Played only on the position it was asked about. */
  if (response == GTK_RESPONSE_ACCEPT && tafel_match_get_serial (match) == pending->serial)
    play (pending->window, &pending->move);

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (pending->window);
  g_free (pending);
}

/* A move played while looking back at an earlier position drops the
 * moves after it: the person is asked first. */
static gboolean
on_board_move (TafelBoardView  *board_view,
               const TafelMove *move,
               TafelWindow     *self)
{
  guint dropped = tafel_session_moves_dropped_by (self->session, move);
  PendingMove *pending;
  GtkWidget *dialog;

  if (dropped == 0)
    {
      play (self, move);
      return FALSE;
    }

  pending = g_new0 (PendingMove, 1);
  pending->window = g_object_ref (self);
  pending->move = *move;
  pending->serial = tafel_match_get_serial (tafel_window_get_match (self));

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Play on from here?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            g_dngettext (GETTEXT_PACKAGE,
                                                         "The %u move after this position will be dropped.",
                                                         "The %u moves after this position will be dropped.",
                                                         dropped),
                                            dropped);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Play Here"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (on_drop_answered), pending);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* A move the review found wanting is shown from the position it was
 * played in, with the best move(s) on the board and what they would
 * have kept; any other move, as the position after it. */
static void
on_go_to (TafelMoveList *move_list,
          guint          n_moves,
          TafelWindow   *self)
{
  TafelReview *review = tafel_session_get_review (self->session);
  guint index = n_moves - 1;
  g_autofree char *sentence = NULL;
  const TafelMove *best;
  guint n_best;

  if (review == NULL || n_moves == 0 || index >= tafel_review_get_n_moves (review) ||
      (sentence = tafel_review_describe (review, index)) == NULL)
    {
      tafel_session_go_to (self->session, n_moves);
      return;
    }

  tafel_session_go_to (self->session, index);
  g_free (self->note);
  self->note = g_steal_pointer (&sentence);
  update_status (self);
  best = tafel_review_get_best (review, index, &n_best);
  if (n_best > 0)
    tafel_board_view_show_hint (TAFEL_BOARD_VIEW (self->board_view), &best[0]);
}

static void
on_match_changed (TafelWindow *self)
{
  g_clear_pointer (&self->note, g_free);
  update (self);
  update_review (self);
}

/* The move list goes beside the board in a wide window and below it in
 * a tall one: the board keeps the larger share either way. */
static gboolean
place_move_list (gpointer data)
{
  TafelWindow *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  GtkOrientation orientation = width > height ? GTK_ORIENTATION_HORIZONTAL
                                              : GTK_ORIENTATION_VERTICAL;

  self->layout_id = 0;
  if (width > 0 && gtk_orientable_get_orientation (GTK_ORIENTABLE (self->content_box)) != orientation)
    gtk_orientable_set_orientation (GTK_ORIENTABLE (self->content_box), orientation);

  return G_SOURCE_REMOVE;
}

static void
queue_place_move_list (TafelWindow *self)
{
  if (self->layout_id == 0)
    self->layout_id = g_idle_add (place_move_list, self);
}

/* Shows the session's match, when it has a new one.  Called before
 * anything is shown: the session's notifications may come in any order
 * (a setting applied while notifications are frozen sends them all at
 * the end), and the board must show the match the status speaks of. */
static void
follow_match (TafelWindow *self)
{
  TafelMatch *match = tafel_session_get_match (self->session);
  g_autoptr(GObject) shown = g_signal_group_dup_target (self->match_signals);

  if (shown == (GObject *) match)
    return;

  g_signal_group_set_target (self->match_signals, match);
  tafel_move_list_set_match (TAFEL_MOVE_LIST (self->move_list), match);
  /* The board tells of its new path and cursor on the way: the status
   * waits until it shows the new match. */
  g_signal_handlers_block_by_func (self->board_view, update_status, self);
  tafel_board_view_set_match (TAFEL_BOARD_VIEW (self->board_view), match);
  g_signal_handlers_unblock_by_func (self->board_view, update_status, self);
}

static void
on_hint (TafelSession    *session,
         const TafelMove *move,
         TafelWindow     *self)
{
  tafel_board_view_show_hint (TAFEL_BOARD_VIEW (self->board_view), move);
}

static gboolean
trace_after_map (gpointer data)
{
  TafelWindow *self = data;
  g_autofree char *text = status_text (self);

  trace (self, text);
  return G_SOURCE_REMOVE;
}

/* With TAFEL_TRACE, a 10 ms tick measures the largest gap in the main
 * loop, printed when the window goes: the window must never freeze. */
static gboolean
probe_tick (gpointer data)
{
  TafelWindow *self = data;
  gint64 now = g_get_monotonic_time ();

  if (self->probe_last != 0)
    self->probe_largest = MAX (self->probe_largest, now - self->probe_last);

  self->probe_last = now;
  return G_SOURCE_CONTINUE;
}

/* The report is printed when the window is unrealized: a window destroyed
 * while the computer thinks may outlive the main loop, held by the
 * cancelled task, and never be disposed. */
static void
end_probe (TafelWindow *self)
{
  if (self->probe_id == 0)
    return;

  g_print ("largest main-loop gap: %" G_GINT64_FORMAT " ms\n", self->probe_largest / 1000);
  g_clear_handle_id (&self->probe_id, g_source_remove);
}

static void
on_map (GtkWidget *widget)
{
  TafelWindow *self = TAFEL_WINDOW (widget);

  if (self->probe_id == 0)
    self->probe_id = g_timeout_add (10, probe_tick, self);

  /* Once laid out, tell a tracing test where the points are. */
  g_timeout_add_full (G_PRIORITY_DEFAULT, 300, trace_after_map,
                      g_object_ref (widget), g_object_unref);
}

/* ---- messages that do not interrupt play ---- */

void
tafel_window_show_banner (TafelWindow *self,
                          const char  *text)
{
  gtk_label_set_text (GTK_LABEL (self->banner_label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->banner_revealer), TRUE);
  if (g_getenv ("TAFEL_TRACE") != NULL)
    g_print ("banner: %s\n", text);
}

/* ---- window size ---- */

/* Remembered when the window closes, not on every resize. */
static gboolean
tafel_window_close_request (GtkWindow *window)
{
  TafelWindow *self = TAFEL_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (tafel_window_parent_class)->close_request (window);
}

/* ---- GObject ---- */

/* Destroying the window unrealizes it; the pending tasks hold references
 * that would keep it, and its computations, alive past the main loop. */
static void
tafel_window_unrealize (GtkWidget *widget)
{
  TafelWindow *self = TAFEL_WINDOW (widget);

  tafel_session_stop (self->session);
  end_probe (self);

  GTK_WIDGET_CLASS (tafel_window_parent_class)->unrealize (widget);
}

static void
tafel_window_dispose (GObject *object)
{
  TafelWindow *self = TAFEL_WINDOW (object);

  end_probe (self);
  g_clear_handle_id (&self->layout_id, g_source_remove);
  if (self->session != NULL)
    {
      tafel_session_stop (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  g_clear_object (&self->match_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->note, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), TAFEL_TYPE_WINDOW);

  G_OBJECT_CLASS (tafel_window_parent_class)->dispose (object);
}

static void
tafel_window_class_init (TafelWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_window_dispose;
  widget_class->unrealize = tafel_window_unrealize;
  GTK_WINDOW_CLASS (klass)->close_request = tafel_window_close_request;

  g_type_ensure (TAFEL_TYPE_BOARD_VIEW);
  g_type_ensure (TAFEL_TYPE_MOVE_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tafel/Tafel/tafel-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, variant_label);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, review_box);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, review_button);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, review_running);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, review_progress);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, review_summary);
}

static guint32
initial_seed (void)
{
  const char *seed = g_getenv ("TAFEL_SEED");

  /* Tests make the computer's choices reproducible. */
  return seed != NULL ? (guint32) g_ascii_strtoull (seed, NULL, 10) : g_random_int ();
}

/* The settings the session plays by. */
static const char *const session_settings[] = {
  "game", "mill-rules", "level", "opponent", "first-player", "thinking-pause", "think-ahead", "show-value",
};

static void
tafel_window_init (TafelWindow *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < TAFEL_N_GAMES; i++)
    gtk_string_list_append (titles, tafel_rules_get_title (tafel_rules_get (i)));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->game_dropdown), G_LIST_MODEL (titles));

  self->settings = g_settings_new (APPLICATION_ID);
  self->session = tafel_session_new (initial_seed ());
  self->match_signals = g_signal_group_new (TAFEL_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "changed", G_CALLBACK (on_match_changed), self);
  tafel_window_add_actions (self);

  g_signal_connect_swapped (self->session, "notify::match", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->session, "notify::match", G_CALLBACK (update_variant), self);
  g_signal_connect_swapped (self->session, "notify::thinking", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->session, "notify::computer-side", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->session, "notify::known-value", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->session, "notify::can-undo", G_CALLBACK (tafel_window_update_actions), self);
  g_signal_connect_swapped (self->session, "notify::can-redo", G_CALLBACK (tafel_window_update_actions), self);
  g_signal_connect_swapped (self->session, "notify::can-hint", G_CALLBACK (tafel_window_update_actions), self);
  g_signal_connect_swapped (self->session, "message", G_CALLBACK (tafel_window_show_banner), self);
  g_signal_connect (self->session, "hint", G_CALLBACK (on_hint), self);

  g_signal_connect (self->board_view, "move", G_CALLBACK (on_board_move), self);
  g_signal_connect (self->move_list, "go-to", G_CALLBACK (on_go_to), self);
  g_signal_connect_swapped (self->session, "notify::browsing", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->session, "notify::reviewing", G_CALLBACK (update_review), self);
  g_signal_connect_swapped (self->session, "notify::review-progress", G_CALLBACK (update_review), self);
  g_signal_connect_swapped (self->session, "notify::review", G_CALLBACK (update_review), self);
  g_signal_connect_swapped (self->session, "notify::reviewing", G_CALLBACK (tafel_window_update_actions), self);
  g_settings_bind (self->settings, "show-moves", self->move_list, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (queue_place_move_list), self);
  g_signal_connect_swapped (self, "notify::default-height", G_CALLBACK (queue_place_move_list), self);
  g_signal_connect_swapped (self, "notify::maximized", G_CALLBACK (queue_place_move_list), self);
  g_signal_connect_swapped (self, "notify::fullscreened", G_CALLBACK (queue_place_move_list), self);
  g_signal_connect_swapped (self, "map", G_CALLBACK (queue_place_move_list), self);
  g_signal_connect_swapped (self->board_view, "notify::path-length", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->board_view, "notify::cursor", G_CALLBACK (update_status), self);
  tafel_settings_bind_choice (self->settings, "game", self->game_dropdown, tafel_rules_keys ());
  for (guint i = 0; i < G_N_ELEMENTS (session_settings); i++)
    g_settings_bind (self->settings, session_settings[i], self->session, session_settings[i],
                     G_SETTINGS_BIND_DEFAULT);

  if (g_getenv ("TAFEL_TRACE") != NULL)
    g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  gtk_window_set_focus (GTK_WINDOW (self), self->board_view);

  tafel_session_start (self->session);
  update_review (self);
}

TafelWindow *
tafel_window_new (GtkApplication *application)
{
  return g_object_new (TAFEL_TYPE_WINDOW, "application", application, NULL);
}

/**
 * tafel_window_start_position:
 * @game: the game to show
 * @moves: the moves that lead to the position, in the game's notation
 *
 * Shows @game at the position @moves lead to.  Against the computer, the
 * person plays the side to move there.
 *
 * Returns: %TRUE if @moves are legal; otherwise nothing changes
 */
gboolean
tafel_window_start_position (TafelWindow  *self,
                             TafelGame     game,
                             const char   *moves,
                             GError      **error)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), FALSE);

  return tafel_session_start_position (self->session, game, moves, error);
}

/**
 * tafel_window_open_text:
 * @text: a game record (.tafel), a bare move list of the game (and
 *   variant) shown, or Mill's numbered move-list text
 *
 * Shows the game @text holds at its last position; when it holds none,
 * nothing changes and @error says why, naming the line.
 */
gboolean
tafel_window_open_text (TafelWindow  *self,
                        const char   *text,
                        gssize        length,
                        GError      **error)
{
  g_autoptr(TafelGameRecord) record = NULL;

  g_return_val_if_fail (TAFEL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  record = tafel_game_record_parse_for_rules (text, length, tafel_session_get_rules (self->session), error);
  if (record == NULL)
    return FALSE;

  tafel_session_open_record (self->session, record);
  return TRUE;
}

TafelSession *
tafel_window_get_session (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return self->session;
}

TafelMatch *
tafel_window_get_match (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return tafel_session_get_match (self->session);
}

TafelAi *
tafel_window_get_ai (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return tafel_session_get_ai (self->session);
}

GtkWidget *
tafel_window_get_board (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return self->board_view;
}

const char *
tafel_window_get_status (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

gboolean
tafel_window_is_thinking (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), FALSE);

  return tafel_session_get_thinking (self->session);
}

gboolean
tafel_window_is_pondering (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), FALSE);

  return tafel_session_get_pondering (self->session);
}

int
tafel_window_get_computer_side (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), TAFEL_SIDE_NONE);

  return tafel_session_get_computer_side (self->session);
}

TafelStatistics *
tafel_window_get_statistics (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return tafel_session_get_statistics (self->session);
}
