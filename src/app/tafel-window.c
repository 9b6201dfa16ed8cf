/* tafel-window.c: the main window: one game against the computer or a person
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window owns the match and the computer opponent and decides whose
 * turn it is.  When it is the computer's, it asks TafelAi on a worker
 * thread with a fresh GCancellable; undo, a new game, another game or a
 * changed setting cancels that request, and a result for a position that
 * is no longer on the board is dropped.  The computer's move is shown
 * after a short pause measured from the request, kept by a main-loop
 * timeout, so nothing ever waits on the main thread.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tafel-board-view.h"
#include "tafel-check-dialog.h"
#include "tafel-enums.h"
#include "tafel-file.h"
#include "tafel-names.h"
#include "tafel-save.h"
#include "tafel-settings.h"
#include "tafel-statistics-dialog.h"
#include "tafel-window.h"

/* The computer's move appears this long after it was asked for. */
#define PAUSE_MIN_MS 400
#define PAUSE_MAX_MS 1200

struct _TafelWindow
{
  GtkApplicationWindow parent_instance;

  GtkWidget *board_view;
  GtkWidget *status_label;
  GtkWidget *game_dropdown;
  GtkWidget *banner_revealer;
  GtkWidget *banner_label;

  GSettings *settings;
  TafelMatch *match;
  TafelAi *ai;
  GRand *rand;

  int computer_side;           /* TAFEL_SIDE_NONE: two persons */
  gboolean human_started_last; /* for "alternate" */

  GCancellable *thinking;      /* non-NULL while the computer thinks */
  GCancellable *hinting;       /* a hint being computed */
  GCancellable *pondering;     /* thinking on the person's time, for this position */
  gboolean pondered;           /* ... and done */
  GCancellable *analyzing;     /* the exact value being worked out */
  char *known;                 /* what is known of the position, or NULL */
  gboolean stepping;           /* undo/redo passing the computer's turns */
  gboolean restoring;          /* until the saved game is back: no saving */
  gboolean starting;           /* the window is being set up */
  gboolean save_failed;        /* the last save did not work */
  guint probe_id;              /* TAFEL_TRACE: main-loop gap probe */
  gint64 probe_last, probe_largest;
  TafelStatistics *statistics; /* finished games; read from the file when needed */
  gboolean result_counted;     /* this game is in the statistics already */
  guint pause_id;              /* pending display of the computer's move */
  TafelMove pending_move;
  guint pending_serial;
  gint64 asked_at;
};

G_DEFINE_FINAL_TYPE (TafelWindow, tafel_window, GTK_TYPE_APPLICATION_WINDOW)

static void update (TafelWindow *self);
static void update_actions (TafelWindow *self);
static void update_status (TafelWindow *self);
static void save_game (TafelWindow *self);
static gboolean restore_game (TafelWindow *self);
static void record_result (TafelWindow *self);

/* The game switcher's items, in TafelGame order. */
static const char *const game_choices[] = { "infinity", "tictactoe", "connect-four", "mill", NULL };

/* ---- who plays ---- */

static TafelLevel
setting_level (TafelWindow *self)
{
  g_autofree char *key = g_settings_get_string (self->settings, "level");
  TafelLevel level = TAFEL_LEVEL_MEDIUM;

  tafel_level_from_key (key, &level);
  return level;
}

static gboolean
against_computer (TafelWindow *self)
{
  g_autofree char *opponent = g_settings_get_string (self->settings, "opponent");

  return g_strcmp0 (opponent, "human") != 0;
}

/* Who starts a new game against the computer. */
static int
choose_computer_side (TafelWindow *self)
{
  g_autofree char *first = g_settings_get_string (self->settings, "first-player");
  gboolean human_starts;

  if (g_strcmp0 (first, "human") == 0)
    human_starts = TRUE;
  else if (g_strcmp0 (first, "computer") == 0)
    human_starts = FALSE;
  else if (g_strcmp0 (first, "alternate") == 0)
    human_starts = !self->human_started_last;
  else
    human_starts = g_rand_boolean (self->rand);

  self->human_started_last = human_starts;
  return human_starts ? 1 : 0;
}

static const char *
side_name (TafelWindow *self,
           int          side)
{
  return tafel_names_side (tafel_match_get_game (self->match), side);
}

/* ---- the computer's turn ---- */

/* Cancels the computation behind *@cancellable, if any, and forgets it. */
static void
cancel (GCancellable **cancellable)
{
  if (*cancellable != NULL)
    g_cancellable_cancel (*cancellable);
  g_clear_object (cancellable);
}

/* Stops the computer's thinking on the person's time and forgets that
 * it was done, so that it may start afresh. */
static void
stop_pondering (TafelWindow *self)
{
  cancel (&self->pondering);
  self->pondered = FALSE;
}

/* Drops what was known of the position and any analysis under way,
 * the computer's thinking on the person's time included (it holds the
 * game's search tables, which the next request needs). */
static void
forget_value (TafelWindow *self)
{
  stop_pondering (self);
  cancel (&self->analyzing);
  g_clear_pointer (&self->known, g_free);
}

static void
stop_thinking (TafelWindow *self)
{
  forget_value (self);
  cancel (&self->hinting);
  cancel (&self->thinking);
  g_clear_handle_id (&self->pause_id, g_source_remove);
}

static gboolean
show_computer_move (gpointer data)
{
  TafelWindow *self = data;
  g_autoptr(GError) error = NULL;

  self->pause_id = 0;
  g_clear_object (&self->thinking);

  if (self->pending_serial != tafel_match_get_serial (self->match))
    return G_SOURCE_REMOVE;

  if (!tafel_match_play (self->match, &self->pending_move, &error))
    g_warning ("The computer chose a move the rules refuse: %s", error->message);

  return G_SOURCE_REMOVE;
}

static void
on_move_chosen (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(TafelWindow) self = data;
  g_autoptr(GError) error = NULL;
  TafelMove move;
  guint serial;
  gint64 elapsed_ms, delay_ms = 0;

  if (!tafel_ai_choose_move_finish (TAFEL_AI (source), result, &move, &serial, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The computer could not choose a move: %s", error->message);
      return;
    }

  /* Stale: the position changed (and this request was cancelled). */
  if (self->thinking == NULL || g_cancellable_is_cancelled (self->thinking) ||
      serial != tafel_match_get_serial (self->match))
    return;

  self->pending_move = move;
  self->pending_serial = serial;

  if (g_settings_get_boolean (self->settings, "thinking-pause"))
    {
      elapsed_ms = (g_get_monotonic_time () - self->asked_at) / 1000;
      delay_ms = g_rand_int_range (self->rand, PAUSE_MIN_MS, PAUSE_MAX_MS + 1) - elapsed_ms;
    }

  self->pause_id = g_timeout_add (MAX (delay_ms, 0), show_computer_move, self);
  g_source_set_name_by_id (self->pause_id, "[tafel] computer move pause");
}

static void
maybe_start_computer (TafelWindow *self)
{
  if (self->thinking != NULL || self->computer_side == TAFEL_SIDE_NONE || self->stepping)
    return;
  if (tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING ||
      tafel_match_get_side_to_move (self->match) != self->computer_side)
    return;

  self->thinking = g_cancellable_new ();
  self->asked_at = g_get_monotonic_time ();
  tafel_ai_choose_move_async (self->ai, self->match, setting_level (self),
                              self->thinking, on_move_chosen, g_object_ref (self));
}

/* ---- thinking on the person's time ---- */

static void
on_pondered (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(TafelWindow) self = data;

  /* Nothing to show.  When done, self->pondering stays until the
   * position changes, so that it is not thought over twice. */
  if (tafel_ai_ponder_finish (TAFEL_AI (source), result, NULL))
    self->pondered = TRUE;
}

/* On a person's turn against the computer, when nothing else is being
 * computed, the computer prepares its answers (Impossible at Connect
 * Four solves the positions the person's moves lead to). */
static void
maybe_ponder (TafelWindow *self)
{
  const TafelRules *rules = tafel_match_get_rules (self->match);

  if (rules->ponder == NULL || self->computer_side == TAFEL_SIDE_NONE || self->stepping ||
      !g_settings_get_boolean (self->settings, "think-ahead") ||
      self->pondering != NULL || self->thinking != NULL || self->analyzing != NULL ||
      self->hinting != NULL ||
      tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING ||
      tafel_match_get_side_to_move (self->match) == self->computer_side)
    return;

  self->pondering = g_cancellable_new ();
  tafel_ai_ponder_async (self->ai, self->match, setting_level (self),
                         self->pondering, on_pondered, g_object_ref (self));
}

static void
on_think_ahead_changed (TafelWindow *self)
{
  stop_pondering (self);
  maybe_ponder (self);
}

/* ---- what is known of the position (the show-value preference) ---- */

static char *
value_text (TafelWindow         *self,
            const TafelAnalysis *a)
{
  int to_move = tafel_match_get_side_to_move (self->match);
  gboolean vs_computer = self->computer_side != TAFEL_SIDE_NONE;
  int moves;

  switch (a->value)
    {
    case TAFEL_VALUE_DRAW:
      return g_strdup (_("Draw with best play."));
    case TAFEL_VALUE_WIN:
      moves = (a->plies + 1) / 2;
      if (vs_computer)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "You can win in %d move.",
                                             "You can win in %d moves.", moves), moves);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s can win in %d move.",
                                           "%s can win in %d moves.", moves),
                              side_name (self, to_move), moves);
    case TAFEL_VALUE_LOSS:
      moves = a->plies / 2;
      if (vs_computer)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The computer wins in %d move.",
                                             "The computer wins in %d moves.", moves), moves);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s wins in %d move.",
                                           "%s wins in %d moves.", moves),
                              side_name (self, to_move ^ 1), moves);
    case TAFEL_VALUE_UNKNOWN:
    default:
      return NULL;
    }
}

static void
on_analyzed (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(TafelWindow) self = data;
  g_autofree TafelAnalysis *analysis = NULL;
  guint serial;

  analysis = tafel_ai_analyze_finish (TAFEL_AI (source), result, &serial, NULL);
  if (analysis == NULL || serial != tafel_match_get_serial (self->match))
    return;

  g_clear_object (&self->analyzing);
  g_free (self->known);
  self->known = value_text (self, analysis);
  update_status (self);
  maybe_ponder (self);
}

/* On a person's turn, if asked for, work out what the position is worth. */
static void
maybe_analyze (TafelWindow *self)
{
  const TafelRules *rules = tafel_match_get_rules (self->match);

  if (!g_settings_get_boolean (self->settings, "show-value") || rules->analyze == NULL ||
      rules->game == TAFEL_GAME_MILL || self->analyzing != NULL || self->known != NULL ||
      tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING ||
      tafel_match_get_side_to_move (self->match) == self->computer_side)
    return;

  self->analyzing = g_cancellable_new ();
  tafel_ai_analyze_async (self->ai, self->match, self->analyzing, on_analyzed, g_object_ref (self));
}

static void
on_show_value_changed (TafelWindow *self)
{
  forget_value (self);
  update (self);
}

/* ---- status ---- */

static char *
status_text (TafelWindow *self)
{
  const TafelOutcome *outcome = tafel_match_get_outcome (self->match);
  const TafelRules *rules = tafel_match_get_rules (self->match);
  int to_move = tafel_match_get_side_to_move (self->match);
  gboolean vs_computer = self->computer_side != TAFEL_SIDE_NONE;

  switch (outcome->status)
    {
    case TAFEL_STATUS_WON:
      if (vs_computer)
        return g_strdup (outcome->winner == self->computer_side ? _("The computer has won.")
                                                                  : _("You have won!"));
      /* Translators: %s is a side: X, O, Red, Yellow, White or Black */
      return g_strdup_printf (_("%s has won!"), side_name (self, outcome->winner));

    case TAFEL_STATUS_DRAWN:
      if (tafel_match_get_game (self->match) == TAFEL_GAME_INFINITY)
        return g_strdup (_("Draw: sixty moves without a winner."));
      return g_strdup (_("Draw."));

    case TAFEL_STATUS_RUNNING:
    default:
      if (vs_computer && to_move == self->computer_side)
        return g_strdup (_("The computer is thinking…"));
      if (rules->prompt != NULL)
        {
          guint len;
          const guint8 *path = tafel_board_view_get_path (TAFEL_BOARD_VIEW (self->board_view), &len);
          const char *prompt = rules->prompt (tafel_match_get_state (self->match), path, len);

          if (vs_computer)
            /* Translators: %s is the side the person plays, then what to do next */
            return g_strdup_printf (_("Your turn (%s): %s"), side_name (self, to_move), prompt);
          /* Translators: %s is a side (White or Black), then what to do next */
          return g_strdup_printf (_("%s: %s"), side_name (self, to_move), prompt);
        }
      if (vs_computer)
        /* Translators: %s is the side the person plays: X, O, Red, … */
        return g_strdup_printf (_("Your turn (%s)"), side_name (self, to_move));
      /* Translators: %s is a side: X, O, Red, Yellow, White or Black */
      return g_strdup_printf (_("%s to move"), side_name (self, to_move));
    }
}

/* TAFEL_TRACE=1 prints the status and where each point is drawn (in
 * surface coordinates), for tests that drive the window from outside. */
static void
trace (TafelWindow *self,
       const char  *text)
{
  const TafelBoard *b = tafel_match_get_rules (self->match)->board;
  double dx = 0, dy = 0;

  if (g_getenv ("TAFEL_TRACE") == NULL)
    return;

  {
    g_autofree char *moves = tafel_match_to_moves (self->match);
    g_print ("moves: %s %s\n", tafel_match_get_rules (self->match)->key, moves);
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
  g_autofree char *position = tafel_names_describe (self->match);
  g_autofree char *description = g_strconcat (position, " ", status, NULL);
  int cursor = tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (self->board_view));
  const TafelRules *rules = tafel_match_get_rules (self->match);
  g_autofree char *where = tafel_names_point (rules, cursor);
  g_autofree TafelPointInfo *info = g_new0 (TafelPointInfo, rules->board->n_points);
  g_autofree char *label = NULL;

  rules->points (tafel_match_get_state (self->match), info);
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

static void
update_status (TafelWindow *self)
{
  g_autofree char *status = status_text (self);
  g_autofree char *text = self->known != NULL ? g_strconcat (status, " — ", self->known, NULL)
                                              : g_strdup (status);

  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  describe_board (self, text);
  trace (self, text);
}

static void
update (TafelWindow *self)
{
  gboolean humans_turn;

  update_status (self);

  humans_turn = tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING &&
                tafel_match_get_side_to_move (self->match) != self->computer_side;
  tafel_board_view_set_interactive (TAFEL_BOARD_VIEW (self->board_view), humans_turn);

  update_actions (self);
  maybe_start_computer (self);
  maybe_analyze (self);
  maybe_ponder (self);
}

static void
on_match_changed (TafelMatch  *match,
                  TafelWindow *self)
{
  /* What was known belonged to the previous position, and so did a
   * hint still being computed. */
  forget_value (self);
  cancel (&self->hinting);
  update (self);
  if (!self->restoring)
    save_game (self);
  record_result (self);
}

static void
on_board_move (TafelBoardView  *board_view,
               const TafelMove *move,
               TafelWindow     *self)
{
  g_autoptr(GError) error = NULL;

  /* The board is only interactive on a person's turn; check anyway. */
  if (tafel_match_get_side_to_move (self->match) == self->computer_side)
    return;

  if (!tafel_match_play (self->match, move, &error))
    g_debug ("Move refused: %s", error->message);
}

/* ---- games ---- */

static void
new_game (TafelWindow *self)
{
  stop_thinking (self);
  self->computer_side = against_computer (self) ? choose_computer_side (self) : TAFEL_SIDE_NONE;
  self->result_counted = FALSE;
  tafel_match_restart (self->match);
}

static void
set_game (TafelWindow *self,
          TafelGame    game)
{
  stop_thinking (self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);

  self->match = tafel_match_new (game);
  g_signal_connect (self->match, "changed", G_CALLBACK (on_match_changed), self);
  tafel_board_view_set_match (TAFEL_BOARD_VIEW (self->board_view), self->match);
  if (!restore_game (self))
    new_game (self);
}

static void
on_game_setting_changed (GSettings   *settings,
                         const char  *key,
                         TafelWindow *self)
{
  g_autofree char *name = g_settings_get_string (settings, "game");
  const TafelRules *rules = tafel_rules_lookup (name);

  if (rules == NULL)
    rules = tafel_rules_get (TAFEL_GAME_INFINITY);
  if (self->match == NULL || tafel_match_get_game (self->match) != rules->game)
    set_game (self, rules->game);
}

static void
on_level_changed (GSettings   *settings,
                  const char  *key,
                  TafelWindow *self)
{
  tafel_ai_set_level (self->ai, setting_level (self));
  /* A move being computed at the old level is dropped and asked again. */
  stop_thinking (self);
  update (self);
}

static void
on_opponent_changed (GSettings   *settings,
                     const char  *key,
                     TafelWindow *self)
{
  stop_thinking (self);

  if (!against_computer (self))
    self->computer_side = TAFEL_SIDE_NONE;
  else if (self->computer_side == TAFEL_SIDE_NONE)
    {
      /* The person keeps the turn; at the start, who starts decides. */
      if (tafel_match_get_n_moves (self->match) == 0)
        self->computer_side = choose_computer_side (self);
      else
        self->computer_side = tafel_match_get_side_to_move (self->match) ^ 1;
    }

  update (self);
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

static void
show_banner (TafelWindow *self,
             const char  *text)
{
  gtk_label_set_text (GTK_LABEL (self->banner_label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->banner_revealer), TRUE);
  if (g_getenv ("TAFEL_TRACE") != NULL)
    g_print ("banner: %s\n", text);
}

static void
dismiss_banner (TafelWindow *self)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->banner_revealer), FALSE);
}

/* ---- the saved game ---- */

/* Each game keeps its own unfinished game: switching games and back, or
 * starting with --game, finds it where it was left. */
static char *
save_path (TafelGame game)
{
  g_autofree char *name = g_strconcat (tafel_rules_get (game)->key, ".ini", NULL);

  return g_build_filename (g_get_user_state_dir (), "tafel", name, NULL);
}

/* Written after every change (see tafel_file_replace() for how), so a
 * game killed at any moment is never lost. */
static void
save_game (TafelWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = save_path (tafel_match_get_game (self->match));
  g_autofree char *data = NULL;
  g_auto(TafelSave) save = { 0 };
  gsize length;

  save.game = tafel_match_get_game (self->match);
  save.moves = tafel_match_to_moves (self->match);
  save.level = setting_level (self);
  save.computer_side = self->computer_side;
  data = tafel_save_to_data (&save, &length);

  tafel_file_replace (path, data, length, &error);
  if (error != NULL && !self->save_failed)
    {
      g_autofree char *text =
        /* Translators: %s is the reason, e.g. "No space left on device" */
        g_strdup_printf (_("The game cannot be saved: %s. You can go on playing."), error->message);
      show_banner (self, text);
    }
  self->save_failed = error != NULL;
}

/* A file that cannot be read is moved aside, never deleted. */
static void
set_aside (TafelWindow *self,
           const char  *path,
           const char  *reason)
{
  g_autofree char *aside = tafel_file_set_aside (path, NULL);
  g_autofree char *text = NULL;

  if (aside != NULL)
    text = g_strdup_printf (_("The saved game could not be read (%s). It was kept as “%s”; a new game starts."),
                            reason, aside);
  else
    text = g_strdup_printf (_("The saved game could not be read (%s); a new game starts."), reason);
  show_banner (self, text);
}

/* Puts back the unfinished game saved for the game shown, in the same
 * position with the same turn; at start also with the same level.
 * Returns FALSE when there is none to put back. */
static gboolean
restore_game (TafelWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = save_path (tafel_match_get_game (self->match));
  g_autofree char *data = NULL;
  g_auto(TafelSave) save = { 0 };
  gboolean restoring = self->restoring;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        show_banner (self, error->message);
      return FALSE;
    }
  if (!tafel_save_from_data (data, length, &save, &error) ||
      save.game != tafel_match_get_game (self->match))
    {
      set_aside (self, path, error != NULL ? error->message : _("it is for another game"));
      return FALSE;
    }

  self->restoring = TRUE;
  if (self->starting)
    g_settings_set_string (self->settings, "level", tafel_level_to_key (save.level));
  g_settings_set_string (self->settings, "opponent", save.computer_side == TAFEL_SIDE_NONE ? "human" : "computer");
  stop_thinking (self);
  self->computer_side = save.computer_side;
  tafel_match_load_moves (self->match, save.moves, NULL);
  self->restoring = restoring;

  /* A finished game is not worth coming back to. */
  return tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING;
}

/* ---- undo, redo, hint ---- */

/* Against the computer, a person's undo takes back the computer's reply
 * and their own move, so that it is their turn again. */
static gboolean
persons_turn_at (TafelWindow *self)
{
  return self->computer_side == TAFEL_SIDE_NONE ||
         tafel_match_get_side_to_move (self->match) != self->computer_side ||
         tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING;
}

/* Steps through the history until it is a person's turn; the computer
 * is not asked about the positions passed on the way. */
static void
step (TafelWindow *self,
      gboolean   (*step_once) (TafelMatch *match))
{
  stop_thinking (self);
  self->stepping = TRUE;
  if (step_once (self->match))
    while (!persons_turn_at (self) && step_once (self->match))
      ;
  self->stepping = FALSE;
  update (self);
}

static void
undo (TafelWindow *self)
{
  step (self, tafel_match_undo);
}

static void
redo (TafelWindow *self)
{
  step (self, tafel_match_redo);
}

static void
on_hint_chosen (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(TafelWindow) self = data;
  g_autoptr(GError) error = NULL;
  TafelMove move;
  guint serial;

  if (!tafel_ai_choose_move_finish (TAFEL_AI (source), result, &move, &serial, &error))
    return;
  if (serial != tafel_match_get_serial (self->match))
    return;

  g_clear_object (&self->hinting);
  tafel_board_view_show_hint (TAFEL_BOARD_VIEW (self->board_view), &move);
  maybe_ponder (self);
}

static void
hint (TafelWindow *self)
{
  if (tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING || !persons_turn_at (self))
    return;

  cancel (&self->pondering);
  cancel (&self->hinting);
  self->hinting = g_cancellable_new ();
  tafel_ai_choose_move_async (self->ai, self->match, TAFEL_LEVEL_IMPOSSIBLE,
                              self->hinting, on_hint_chosen, g_object_ref (self));
}

static void
update_actions (TafelWindow *self)
{
  gboolean running = tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING;
  gboolean can_undo = tafel_match_get_can_undo (self->match);

  /* Nothing to take back when the only move is the computer's opening. */
  if (self->computer_side == 0 && tafel_match_get_n_moves (self->match) <= 1)
    can_undo = FALSE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", can_undo);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", tafel_match_get_can_redo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", running && persons_turn_at (self));
}

/* ---- check position ---- */

static void
check_position (TafelWindow *self)
{
  gtk_window_present (tafel_check_dialog_new (self));
}

/* ---- statistics ---- */

/* Reads the file afresh (another window or run may have counted since),
 * and reports a damaged one, which is set aside.  FALSE when the file is
 * there but cannot be read at all: then nothing may be written over it. */
static gboolean
load_statistics (TafelWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *text = NULL;

  if (self->statistics == NULL)
    self->statistics = tafel_statistics_new (NULL);
  if (tafel_statistics_load (self->statistics, &aside, &error))
    return TRUE;

  if (aside != NULL)
    /* Translators: the first %s is the reason, the second a file name */
    text = g_strdup_printf (_("The statistics could not be read (%s). They were kept as “%s”; counting starts afresh."),
                            error->message, aside);
  else
    /* Translators: %s is the reason */
    text = g_strdup_printf (_("The statistics could not be read (%s)."), error->message);
  show_banner (self, text);

  return g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
}

/* The rule: a game counts once, when it first ends.  Undo after the end
 * and playing on to an end again is the same game and does not count
 * again; new_game() and tafel_window_start_position() start a new one.
 * The level counted is the one set when the game ends. */
static void
record_result (TafelWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->restoring || self->result_counted ||
      tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING)
    return;

  if (!load_statistics (self))
    {
      self->result_counted = TRUE;
      return;
    }
  tafel_statistics_count_match (self->statistics, self->match, setting_level (self),
                                self->computer_side, &self->result_counted);
  if (!tafel_statistics_save (self->statistics, &error))
    {
      g_autofree char *text =
        /* Translators: %s is the reason, e.g. "No space left on device" */
        g_strdup_printf (_("The statistics cannot be saved: %s"), error->message);
      show_banner (self, text);
    }
}

static void
show_statistics (TafelWindow *self)
{
  load_statistics (self);
  gtk_window_present (tafel_statistics_dialog_new (GTK_WINDOW (self), self->statistics,
                                                   tafel_match_get_game (self->match)));
}

/* ---- actions ---- */

static const struct {
  const char *name;
  void (*run) (TafelWindow *self);
} window_actions[] = {
  { "win.new-game", new_game },
  { "win.undo", undo },
  { "win.redo", redo },
  { "win.hint", hint },
  { "win.dismiss-banner", dismiss_banner },
  { "win.check-position", check_position },
  { "win.statistics", show_statistics },
};

static void
action_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  for (guint i = 0; i < G_N_ELEMENTS (window_actions); i++)
    if (g_strcmp0 (window_actions[i].name, action_name) == 0)
      window_actions[i].run (TAFEL_WINDOW (widget));
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

  stop_thinking (self);
  end_probe (self);

  GTK_WIDGET_CLASS (tafel_window_parent_class)->unrealize (widget);
}

static void
tafel_window_dispose (GObject *object)
{
  TafelWindow *self = TAFEL_WINDOW (object);

  stop_thinking (self);
  end_probe (self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  g_clear_object (&self->ai);
  g_clear_object (&self->statistics);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->rand, g_rand_free);

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
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tafel/Tafel/tafel-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, TafelWindow, banner_label);

  for (guint i = 0; i < G_N_ELEMENTS (window_actions); i++)
    gtk_widget_class_install_action (widget_class, window_actions[i].name, NULL, action_activated);
}

static guint32
initial_seed (void)
{
  const char *seed = g_getenv ("TAFEL_SEED");

  /* Tests make the computer's choices reproducible. */
  return seed != NULL ? (guint32) g_ascii_strtoull (seed, NULL, 10) : g_random_int ();
}

static void
tafel_window_init (TafelWindow *self)
{
  guint32 seed = initial_seed ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->rand = g_rand_new_with_seed (seed);
  /* Taking turns starts with a random first game. */
  self->human_started_last = g_rand_boolean (self->rand);
  self->ai = tafel_ai_new (seed ^ 0x9e3779b9u);
  self->settings = g_settings_new (APPLICATION_ID);
  self->computer_side = TAFEL_SIDE_NONE;

  g_signal_connect (self->board_view, "move", G_CALLBACK (on_board_move), self);
  g_signal_connect_swapped (self->board_view, "notify::path-length", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->board_view, "notify::cursor", G_CALLBACK (update_status), self);
  tafel_settings_bind_choice (self->settings, "game", self->game_dropdown, game_choices);
  g_signal_connect (self->settings, "changed::game", G_CALLBACK (on_game_setting_changed), self);
  g_signal_connect (self->settings, "changed::level", G_CALLBACK (on_level_changed), self);
  g_signal_connect (self->settings, "changed::opponent", G_CALLBACK (on_opponent_changed), self);
  g_signal_connect_swapped (self->settings, "changed::show-value", G_CALLBACK (on_show_value_changed), self);
  g_signal_connect_swapped (self->settings, "changed::think-ahead", G_CALLBACK (on_think_ahead_changed), self);

  if (g_getenv ("TAFEL_TRACE") != NULL)
    g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);

  tafel_ai_set_level (self->ai, setting_level (self));
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  gtk_window_set_focus (GTK_WINDOW (self), self->board_view);

  self->restoring = TRUE;
  self->starting = TRUE;
  on_game_setting_changed (self->settings, "game", self);
  self->starting = FALSE;
  self->restoring = FALSE;
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
  g_autoptr(TafelMatch) check = tafel_match_new (game);

  g_return_val_if_fail (TAFEL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (moves != NULL, FALSE);

  if (!tafel_match_load_moves (check, moves, error))
    return FALSE;

  /* The game is remembered like one chosen in the switcher. */
  g_settings_set_string (self->settings, "game", game_choices[game]);
  if (tafel_match_get_game (self->match) != game)
    set_game (self, game);
  stop_thinking (self);
  self->computer_side = against_computer (self)
                        ? tafel_match_get_side_to_move (check) ^ 1
                        : TAFEL_SIDE_NONE;
  /* A new game for the statistics; one that has ended already is not
   * a game played here. */
  self->result_counted = tafel_match_get_status (check) != TAFEL_STATUS_RUNNING;
  if (!tafel_match_load_moves (self->match, moves, error))
    g_return_val_if_reached (FALSE);

  return TRUE;
}

TafelMatch *
tafel_window_get_match (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return self->match;
}

TafelAi *
tafel_window_get_ai (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  return self->ai;
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

  return self->thinking != NULL;
}

gboolean
tafel_window_is_pondering (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), FALSE);

  return self->pondering != NULL && !self->pondered;
}

int
tafel_window_get_computer_side (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), TAFEL_SIDE_NONE);

  return self->computer_side;
}

/* The record of finished games, as last read or counted. */
TafelStatistics *
tafel_window_get_statistics (TafelWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_WINDOW (self), NULL);

  if (self->statistics == NULL)
    load_statistics (self);
  return self->statistics;
}
