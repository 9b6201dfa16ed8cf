/* tafel-session.c: one game being played, without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TafelSession owns the match of the game chosen (played in the variant
 * chosen for it: Mill's "mill-rules"), the computer player and everything
 * that happens around the moves: whose turn it is, the
 * computer's move (asked of TafelAi on a worker thread with a fresh
 * GCancellable, shown after a short pause kept by a main-loop timeout),
 * thinking on the person's time, hints, what is known of the position,
 * saving the unfinished game after every change, and counting finished
 * games in the statistics.  A window shows it: it binds its settings to
 * the session's properties, follows the match, and reports the session's
 * messages; nothing here needs a display, so the tests drive a session
 * directly.
 *
 * Undo, a new game, another game or a changed setting cancels what is
 * being computed, and a result for a position that is no longer on the
 * board is dropped.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-enums.h"
#include "tafel-error.h"
#include "tafel-file.h"
#include "tafel-review.h"
#include "tafel-save.h"
#include "tafel-session.h"

/* The computer's move appears this long after it was asked for. */
#define PAUSE_MIN_MS 400
#define PAUSE_MAX_MS 1200

struct _TafelSession
{
  GObject parent_instance;

  TafelMatch *match;
  TafelAi *ai;
  GRand *rand;
  TafelStatistics *statistics; /* finished games; read from the file when needed */

  /* settings */
  TafelGame game;
  const TafelRules *variants[TAFEL_N_GAMES]; /* each game's variant chosen */
  TafelLevel level;
  TafelOpponent opponent;
  TafelFirstPlayer first_player;
  gboolean thinking_pause;
  gboolean think_ahead;
  gboolean show_value;

  int computer_side;           /* TAFEL_SIDE_NONE: two persons */
  gboolean human_started_last; /* for "alternate" */

  GCancellable *thinking;      /* non-NULL while the computer thinks */
  GCancellable *hinting;       /* a hint being computed */
  GCancellable *pondering;     /* thinking on the person's time, for this position */
  gboolean pondered;           /* ... and done */
  GCancellable *analyzing;     /* the exact value being worked out */
  char *known;                 /* what is known of the position, or NULL */
  gboolean started;            /* tafel_session_start () was called */
  gboolean stepping;           /* undo/redo passing the computer's turns */
  gboolean browsing;           /* the person looks back at an earlier position */
  GCancellable *reviewing;     /* a review being computed */
  guint review_done, review_total;
  TafelReview *review;         /* the last review, while its moves are the line's */
  gboolean restoring;          /* until the saved game is back: no saving */
  gboolean starting;           /* the first game is being put back */
  gboolean save_failed;        /* the last save did not work */
  gboolean result_counted;     /* this game is in the statistics already */
  guint pause_id;              /* pending display of the computer's move */
  TafelMove pending_move;
  guint pending_serial;
  gint64 asked_at;

  /* the read-only properties as last notified */
  gboolean was_thinking, was_pondering, could_undo, could_redo, could_hint;
};

G_DEFINE_FINAL_TYPE (TafelSession, tafel_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_MILL_RULES,
  PROP_LEVEL,
  PROP_OPPONENT,
  PROP_FIRST_PLAYER,
  PROP_THINKING_PAUSE,
  PROP_THINK_AHEAD,
  PROP_SHOW_VALUE,
  PROP_MATCH,
  PROP_COMPUTER_SIDE,
  PROP_THINKING,
  PROP_PONDERING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CAN_HINT,
  PROP_KNOWN_VALUE,
  PROP_BROWSING,
  PROP_REVIEWING,
  PROP_REVIEW_PROGRESS,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  HINT,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update (TafelSession *self);
static void set_browsing (TafelSession *self,
                          gboolean      browsing);
static void save_game (TafelSession *self);
static gboolean restore_game (TafelSession *self);
static void record_result (TafelSession *self);

static void
message (TafelSession *self,
         const char   *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

/* ---- who plays ---- */

static gboolean
against_computer (TafelSession *self)
{
  return self->opponent == TAFEL_OPPONENT_COMPUTER;
}

/* Who starts a new game against the computer. */
static int
choose_computer_side (TafelSession *self)
{
  gboolean human_starts;

  switch (self->first_player)
    {
    case TAFEL_FIRST_PLAYER_HUMAN:
      human_starts = TRUE;
      break;
    case TAFEL_FIRST_PLAYER_COMPUTER:
      human_starts = FALSE;
      break;
    case TAFEL_FIRST_PLAYER_ALTERNATE:
      human_starts = !self->human_started_last;
      break;
    case TAFEL_FIRST_PLAYER_RANDOM:
    default:
      human_starts = g_rand_boolean (self->rand);
      break;
    }

  self->human_started_last = human_starts;
  return human_starts ? 1 : 0;
}

static const char *
side_name (TafelSession *self,
           int           side)
{
  return tafel_rules_get_side_name (tafel_match_get_rules (self->match), side);
}

/* Against the computer, a person's undo takes back the computer's reply
 * and their own move, so that it is their turn again. */
static gboolean
persons_turn (TafelSession *self)
{
  return self->computer_side == TAFEL_SIDE_NONE ||
         tafel_match_get_side_to_move (self->match) != self->computer_side ||
         tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING;
}

/* ---- the read-only properties ---- */

static void
notify_if_changed (TafelSession *self,
                   gboolean     *was,
                   gboolean      now,
                   guint         prop)
{
  if (*was == now)
    return;
  *was = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
sync_state (TafelSession *self)
{
  if (self->match == NULL)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  notify_if_changed (self, &self->was_thinking, tafel_session_get_thinking (self), PROP_THINKING);
  notify_if_changed (self, &self->was_pondering, tafel_session_get_pondering (self), PROP_PONDERING);
  notify_if_changed (self, &self->could_undo, tafel_session_get_can_undo (self), PROP_CAN_UNDO);
  notify_if_changed (self, &self->could_redo, tafel_session_get_can_redo (self), PROP_CAN_REDO);
  notify_if_changed (self, &self->could_hint, tafel_session_get_can_hint (self), PROP_CAN_HINT);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_computer_side (TafelSession *self,
                   int           side)
{
  if (self->computer_side == side)
    return;
  self->computer_side = side;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_SIDE]);
}

static void
set_known (TafelSession *self,
           char         *known)
{
  if (g_strcmp0 (self->known, known) == 0)
    {
      g_free (known);
      return;
    }
  g_free (self->known);
  self->known = known;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOWN_VALUE]);
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
stop_pondering (TafelSession *self)
{
  cancel (&self->pondering);
  self->pondered = FALSE;
}

/* Drops what was known of the position and any analysis under way,
 * the computer's thinking on the person's time included (it holds the
 * game's search tables, which the next request needs). */
static void
forget_value (TafelSession *self)
{
  stop_pondering (self);
  cancel (&self->analyzing);
  set_known (self, NULL);
}

static void
stop_thinking (TafelSession *self)
{
  forget_value (self);
  cancel (&self->hinting);
  cancel (&self->thinking);
  g_clear_handle_id (&self->pause_id, g_source_remove);
}

static gboolean
show_computer_move (gpointer data)
{
  TafelSession *self = data;
  g_autoptr(GError) error = NULL;

  self->pause_id = 0;
  g_clear_object (&self->thinking);

  if (self->pending_serial != tafel_match_get_serial (self->match))
    {
      sync_state (self);
      return G_SOURCE_REMOVE;
    }

  if (!tafel_match_play (self->match, &self->pending_move, &error))
    g_warning ("The computer chose a move the rules refuse: %s", error->message);

  return G_SOURCE_REMOVE;
}

static void
on_move_chosen (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(TafelSession) self = data;
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

  if (self->thinking_pause)
    {
      elapsed_ms = (g_get_monotonic_time () - self->asked_at) / 1000;
      delay_ms = g_rand_int_range (self->rand, PAUSE_MIN_MS, PAUSE_MAX_MS + 1) - elapsed_ms;
    }

  self->pause_id = g_timeout_add (MAX (delay_ms, 0), show_computer_move, self);
  g_source_set_name_by_id (self->pause_id, "[tafel] computer move pause");
}

static void
maybe_start_computer (TafelSession *self)
{
  if (self->thinking != NULL || self->computer_side == TAFEL_SIDE_NONE || self->stepping ||
      self->browsing)
    return;
  if (tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING ||
      tafel_match_get_side_to_move (self->match) != self->computer_side)
    return;

  self->thinking = g_cancellable_new ();
  self->asked_at = g_get_monotonic_time ();
  tafel_ai_choose_move_async (self->ai, self->match, self->level,
                              self->thinking, on_move_chosen, g_object_ref (self));
}

/* ---- thinking on the person's time ---- */

static void
on_pondered (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(TafelSession) self = data;

  /* Nothing to show.  When done, self->pondering stays until the
   * position changes, so that it is not thought over twice. */
  if (tafel_ai_ponder_finish (TAFEL_AI (source), result, NULL))
    {
      self->pondered = TRUE;
      sync_state (self);
    }
}

/* On a person's turn against the computer, when nothing else is being
 * computed, the computer prepares its answers (Impossible at Connect
 * Four solves the positions the person's moves lead to). */
static void
maybe_ponder (TafelSession *self)
{
  const TafelRules *rules = tafel_match_get_rules (self->match);

  if (rules->ponder == NULL || self->computer_side == TAFEL_SIDE_NONE || self->stepping ||
      self->browsing || !self->think_ahead ||
      self->pondering != NULL || self->thinking != NULL || self->analyzing != NULL ||
      self->hinting != NULL ||
      tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING ||
      tafel_match_get_side_to_move (self->match) == self->computer_side)
    return;

  self->pondering = g_cancellable_new ();
  tafel_ai_ponder_async (self->ai, self->match, self->level,
                         self->pondering, on_pondered, g_object_ref (self));
}

/* ---- what is known of the position (the show-value preference) ---- */

static char *
value_text (TafelSession        *self,
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
  g_autoptr(TafelSession) self = data;
  g_autofree TafelAnalysis *analysis = NULL;
  guint serial;

  analysis = tafel_ai_analyze_finish (TAFEL_AI (source), result, &serial, NULL);
  if (analysis == NULL || serial != tafel_match_get_serial (self->match))
    return;

  g_clear_object (&self->analyzing);
  set_known (self, value_text (self, analysis));
  maybe_ponder (self);
  sync_state (self);
}

/* On a person's turn, if asked for, work out what the position is worth;
 * only where the game knows it exactly. */
static void
maybe_analyze (TafelSession *self)
{
  const TafelRules *rules = tafel_match_get_rules (self->match);

  if (!self->show_value || rules->analyze == NULL || !(rules->flags & TAFEL_RULES_EXACT) ||
      self->analyzing != NULL || self->known != NULL ||
      tafel_match_get_status (self->match) != TAFEL_STATUS_RUNNING ||
      tafel_match_get_side_to_move (self->match) == self->computer_side)
    return;

  self->analyzing = g_cancellable_new ();
  tafel_ai_analyze_async (self->ai, self->match, self->analyzing, on_analyzed, g_object_ref (self));
}

/* ---- after every change ---- */

static void
update (TafelSession *self)
{
  maybe_start_computer (self);
  maybe_analyze (self);
  maybe_ponder (self);
  sync_state (self);
}

/* ---- the review ---- */

static void
set_review (TafelSession *self,
            TafelReview  *review)
{
  if (self->review == review)
    return;
  g_set_object (&self->review, review);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

/* A review stays while the moves it judged are still the start of the
 * game's line. */
static gboolean
review_fits (TafelSession *self)
{
  guint n = tafel_review_get_n_moves (self->review);

  if (tafel_review_get_rules (self->review) != tafel_match_get_rules (self->match) ||
      n > tafel_match_get_line_length (self->match))
    return FALSE;
  if (n > 0)
    {
      const TafelState *start;

      tafel_match_get_line_move (self->match, 0, &start);
      if (memcmp (tafel_review_get_state (self->review, 0), start, sizeof (TafelState)) != 0)
        return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!tafel_move_equal (&tafel_review_get_entry (self->review, i)->move,
                           tafel_match_get_line_move (self->match, i, NULL)))
      return FALSE;

  return TRUE;
}

static void
stop_review (TafelSession *self)
{
  if (self->reviewing == NULL)
    return;
  cancel (&self->reviewing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
}

static void
on_review_progress (guint    done,
                    guint    total,
                    gpointer data)
{
  TafelSession *self = data;

  self->review_done = done;
  self->review_total = total;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW_PROGRESS]);
}

static void
on_reviewed (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(TafelSession) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelReview) review = tafel_review_compute_finish (result, &error);

  if (review == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
          !g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_CANCELLED))
        message (self, error->message);
      return;
    }
  /* Cancelled, or for a line that has changed since. */
  if (self->reviewing == NULL || g_cancellable_is_cancelled (self->reviewing))
    return;

  g_clear_object (&self->reviewing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
  set_review (self, review);
  if (!review_fits (self))
    set_review (self, NULL);
}

/**
 * tafel_session_review:
 *
 * Judges every move of the game's line on a worker thread; the session
 * tells its progress (#TafelSession:review-progress) and has the result
 * in #TafelSession:review.  A review under way is started afresh.
 */
void
tafel_session_review (TafelSession *self)
{
  g_autoptr(TafelGameRecord) record = NULL;

  g_return_if_fail (TAFEL_IS_SESSION (self));

  stop_review (self);
  record = tafel_match_line_to_record (self->match);
  self->reviewing = g_cancellable_new ();
  self->review_done = 0;
  self->review_total = tafel_game_record_get_n_moves (record);
  tafel_review_compute_async (record, self->reviewing, on_review_progress,
                              g_object_ref (self), g_object_unref,
                              on_reviewed, g_object_ref (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW_PROGRESS]);
}

void
tafel_session_cancel_review (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  stop_review (self);
}

gboolean
tafel_session_get_reviewing (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return self->reviewing != NULL;
}

/* How far the review under way has come, 0 to 1. */
double
tafel_session_get_review_progress (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), 0);

  return self->review_total > 0 ? (double) self->review_done / self->review_total : 0;
}

/* The last review of the game's line, or NULL. */
TafelReview *
tafel_session_get_review (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  return self->review;
}

/* ---- games as documents ---- */

/**
 * tafel_session_dup_record:
 *
 * Returns: (transfer full): the game's whole line as a record, with the
 *   date and who played
 */
TafelGameRecord *
tafel_session_dup_record (TafelSession *self)
{
  TafelGameRecord *record;
  const TafelRules *rules;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");

  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  rules = tafel_match_get_rules (self->match);
  record = tafel_match_line_to_record (self->match);
  tafel_game_record_set_header (record, "date", date);
  for (int side = 0; side < 2; side++)
    {
      g_autofree char *key = g_ascii_strdown (rules->side_names[side], -1);

      tafel_game_record_set_header (record, key,
                                    self->computer_side == TAFEL_SIDE_NONE ? "person"
                                    : side == self->computer_side ? "computer" : "person");
    }
  if (self->computer_side != TAFEL_SIDE_NONE)
    tafel_game_record_set_header (record, "level", tafel_level_to_key (self->level));

  return record;
}

/**
 * tafel_session_open_record:
 * @record: a game
 *
 * Shows @record's game at its last position, as a new game: against the
 * computer the person plays the side to move there.
 */
void
tafel_session_open_record (TafelSession    *self,
                           TafelGameRecord *record)
{
  g_autoptr(GError) error = NULL;
  TafelMatch *match;

  g_return_if_fail (TAFEL_IS_SESSION (self));
  g_return_if_fail (TAFEL_IS_GAME_RECORD (record));

  tafel_session_set_rules (self, tafel_game_record_get_rules (record));
  stop_thinking (self);
  stop_review (self);
  set_browsing (self, FALSE);
  match = self->match;
  /* Not a game played here, for the statistics. */
  self->result_counted = TRUE;
  self->stepping = TRUE;
  if (!tafel_match_load_record (match, record, &error))
    g_critical ("tafel_session_open_record: %s", error->message);
  self->stepping = FALSE;
  /* Against the computer the person takes the side to move; a game that
   * has ended was nobody's here, and its result is told by the sides'
   * names. */
  set_computer_side (self, against_computer (self) &&
                           tafel_match_get_status (match) == TAFEL_STATUS_RUNNING
                           ? tafel_match_get_side_to_move (match) ^ 1
                           : TAFEL_SIDE_NONE);
  update (self);
}

static void
set_browsing (TafelSession *self,
              gboolean      browsing)
{
  notify_if_changed (self, &self->browsing, browsing, PROP_BROWSING);
}

static void
on_match_changed (TafelMatch   *match,
                  TafelSession *self)
{
  if (self->review != NULL && !review_fits (self))
    set_review (self, NULL);

  /* Back at the end of the line (or a new one begun): no longer looking
   * back. */
  if (tafel_match_get_n_moves (match) == tafel_match_get_line_length (match))
    set_browsing (self, FALSE);

  /* What was known belonged to the previous position, and so did a
   * hint still being computed. */
  forget_value (self);
  cancel (&self->hinting);
  update (self);
  if (!self->restoring)
    save_game (self);
  record_result (self);
}

/* ---- games ---- */

static void
new_game (TafelSession *self)
{
  stop_thinking (self);
  stop_review (self);
  set_browsing (self, FALSE);
  set_computer_side (self, against_computer (self) ? choose_computer_side (self) : TAFEL_SIDE_NONE);
  self->result_counted = FALSE;
  tafel_match_restart (self->match);
}

static void
load_game (TafelSession *self)
{
  stop_thinking (self);
  stop_review (self);
  set_review (self, NULL);
  set_browsing (self, FALSE);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);

  self->match = tafel_match_new_for_rules (self->variants[self->game]);
  g_signal_connect (self->match, "changed", G_CALLBACK (on_match_changed), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
  if (!restore_game (self))
    new_game (self);
}

/* ---- the saved game ---- */

/* Each game, and each of its variants, keeps its own unfinished game:
 * switching games and back, or starting with --game, finds it where it
 * was left.  The default variant's file is the game's from before there
 * were variants ("mill.ini"). */
static char *
save_path (const TafelRules *rules)
{
  g_autofree char *name = g_strconcat (tafel_rules_get_id (rules), ".ini", NULL);

  return g_build_filename (g_get_user_state_dir (), "tafel", name, NULL);
}

/* Written after every change (see tafel_file_replace() for how), so a
 * game killed at any moment is never lost. */
static void
save_game (TafelSession *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = save_path (tafel_match_get_rules (self->match));
  g_autofree char *data = NULL;
  g_autoptr(TafelGameRecord) record = NULL;
  gsize length;

  /* Looking back, the game is still the whole line: it comes back at
   * its end.  A Mill game from a position keeps its start (FEN). */
  record = self->browsing ? tafel_match_line_to_record (self->match)
                          : tafel_match_to_record (self->match);
  data = tafel_save_record_to_data (record, self->level, self->computer_side, &length);

  tafel_file_replace (path, data, length, &error);
  if (error != NULL && !self->save_failed)
    {
      g_autofree char *text =
        /* Translators: %s is the reason, e.g. "No space left on device" */
        g_strdup_printf (_("The game cannot be saved: %s. You can go on playing."), error->message);
      message (self, text);
    }
  self->save_failed = error != NULL;
}

/* A file that cannot be read is moved aside, never deleted. */
static void
set_aside (TafelSession *self,
           const char   *path,
           const char   *reason)
{
  g_autofree char *aside = tafel_file_set_aside (path, NULL);
  g_autofree char *text = NULL;

  if (aside != NULL)
    text = g_strdup_printf (_("The saved game could not be read (%s). It was kept as “%s”; a new game starts."),
                            reason, aside);
  else
    text = g_strdup_printf (_("The saved game could not be read (%s); a new game starts."), reason);
  message (self, text);
}

/* Puts back the unfinished game saved for the game shown, in the same
 * position with the same turn; at start also with the same level.
 * Returns FALSE when there is none to put back. */
static gboolean
restore_game (TafelSession *self)
{
  g_autoptr(GError) error = NULL;
  const TafelRules *rules = tafel_match_get_rules (self->match);
  g_autofree char *path = save_path (rules);
  g_autofree char *data = NULL;
  g_auto(TafelSave) save = { 0 };
  gboolean restoring = self->restoring;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        message (self, error->message);
      return FALSE;
    }
  if (!tafel_save_from_data (data, length, &save, &error) || save.rules != rules)
    {
      set_aside (self, path, error != NULL ? error->message : _("it is for another game"));
      return FALSE;
    }

  self->restoring = TRUE;
  if (self->starting)
    tafel_session_set_level (self, save.level);
  tafel_session_set_opponent (self, save.computer_side == TAFEL_SIDE_NONE ? TAFEL_OPPONENT_HUMAN
                                                                          : TAFEL_OPPONENT_COMPUTER);
  stop_thinking (self);
  set_computer_side (self, save.computer_side);
  if (save.fen != NULL)
    {
      g_autoptr(TafelGameRecord) record = tafel_game_record_new_for_rules (rules);

      /* tafel_save_from_data () has played them through once already. */
      if (tafel_game_record_set_fen (record, save.fen, NULL) &&
          tafel_game_record_play_text (record, save.moves, NULL))
        tafel_match_load_record (self->match, record, NULL);
    }
  else
    tafel_match_load_moves (self->match, save.moves, NULL);
  self->restoring = restoring;

  /* A finished game is not worth coming back to. */
  return tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING;
}

/* ---- statistics ---- */

/**
 * tafel_session_load_statistics:
 *
 * Reads the statistics afresh (another window or run may have counted
 * since), and reports a damaged file, which is set aside, as a message.
 *
 * Returns: %FALSE when the file is there but cannot be read at all: then
 *   nothing may be written over it
 */
gboolean
tafel_session_load_statistics (TafelSession *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

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
  message (self, text);

  return g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
}

/* The rule: a game counts once, when it first ends.  Undo after the end
 * and playing on to an end again is the same game and does not count
 * again; new_game() and tafel_session_start_position() start a new one.
 * The level counted is the one set when the game ends. */
static void
record_result (TafelSession *self)
{
  g_autoptr(GError) error = NULL;

  if (self->restoring || self->result_counted ||
      tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING)
    return;

  if (!tafel_session_load_statistics (self))
    {
      self->result_counted = TRUE;
      return;
    }
  tafel_statistics_count_match (self->statistics, self->match, self->level,
                                self->computer_side, &self->result_counted);
  if (!tafel_statistics_save (self->statistics, &error))
    {
      g_autofree char *text =
        /* Translators: %s is the reason, e.g. "No space left on device" */
        g_strdup_printf (_("The statistics cannot be saved: %s"), error->message);
      message (self, text);
    }
}

/* ---- undo, redo, hint ---- */

/* Steps through the history until it is a person's turn; the computer
 * is not asked about the positions passed on the way. */
static void
step (TafelSession *self,
      gboolean    (*step_once) (TafelMatch *match))
{
  stop_thinking (self);
  self->stepping = TRUE;
  if (step_once (self->match))
    while (!persons_turn (self) && step_once (self->match))
      ;
  self->stepping = FALSE;
  update (self);
}

static void
on_hint_chosen (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(TafelSession) self = data;
  TafelMove move;
  guint serial;

  if (!tafel_ai_choose_move_finish (TAFEL_AI (source), result, &move, &serial, NULL))
    return;
  if (serial != tafel_match_get_serial (self->match))
    return;

  g_clear_object (&self->hinting);
  g_signal_emit (self, signals[HINT], 0, &move);
  maybe_ponder (self);
  sync_state (self);
}

/* ---- public API ---- */

/**
 * tafel_session_new:
 * @seed: the seed of every random choice: who starts, the pause, and the
 *   computer's own randomness
 *
 * A session shows nothing until tafel_session_start () is called, so that
 * its settings can be bound first.
 */
TafelSession *
tafel_session_new (guint32 seed)
{
  TafelSession *self = g_object_new (TAFEL_TYPE_SESSION, NULL);

  self->rand = g_rand_new_with_seed (seed);
  /* Taking turns starts with a random first game. */
  self->human_started_last = g_rand_boolean (self->rand);
  self->ai = tafel_ai_new (seed ^ 0x9e3779b9u);
  tafel_ai_set_level (self->ai, self->level);

  return self;
}

/**
 * tafel_session_start:
 *
 * Puts back the unfinished game of the game set, with its level, or
 * starts a new one.
 */
void
tafel_session_start (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->restoring = TRUE;
  self->starting = TRUE;
  load_game (self);
  self->starting = FALSE;
  self->restoring = FALSE;
}

/**
 * tafel_session_stop:
 *
 * Cancels everything being computed (the computer's move, a hint, the
 * value, thinking on the person's time), e.g. when the window showing
 * the session goes: the tasks hold the session, and would otherwise run
 * on.  The computer starts again at the next change.
 */
void
tafel_session_stop (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  stop_thinking (self);
  stop_review (self);
  sync_state (self);
}

TafelMatch *
tafel_session_get_match (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  return self->match;
}

TafelAi *
tafel_session_get_ai (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  return self->ai;
}

TafelGame
tafel_session_get_game (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), TAFEL_GAME_INFINITY);

  return self->game;
}

void
tafel_session_set_game (TafelSession *self,
                        TafelGame     game)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));
  g_return_if_fail ((guint) game < TAFEL_N_GAMES);

  tafel_session_set_rules (self, self->variants[game]);
}

/**
 * tafel_session_get_rules:
 *
 * Returns: the rules of the game shown, in the variant chosen for it
 */
const TafelRules *
tafel_session_get_rules (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  return self->variants[self->game];
}

/**
 * tafel_session_set_rules:
 * @rules: the rules of one of a game's variants
 *
 * Shows @rules' game and makes @rules its variant (the "mill-rules"
 * property for Mill).  Another game or variant than the one shown
 * brings back the unfinished game kept for it, or starts a new one; the
 * one shown before stays saved.
 */
void
tafel_session_set_rules (TafelSession     *self,
                         const TafelRules *rules)
{
  gboolean same;

  g_return_if_fail (TAFEL_IS_SESSION (self));
  g_return_if_fail (rules != NULL && (guint) rules->game < TAFEL_N_GAMES);

  same = self->game == rules->game && self->variants[rules->game] == rules;
  if (same && (self->match != NULL || !self->started))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (self->variants[rules->game] != rules)
    {
      self->variants[rules->game] = rules;
      if (rules->game == TAFEL_GAME_MILL)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MILL_RULES]);
    }
  if (self->game != rules->game)
    {
      self->game = rules->game;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
    }
  if (self->started && (self->match == NULL || tafel_match_get_rules (self->match) != rules))
    load_game (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The "mill-rules" property: Mill's variant, shown when Mill is. */
static void
set_mill_rules (TafelSession *self,
                const char   *variant)
{
  const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, variant);

  g_return_if_fail (rules != NULL);

  if (self->variants[TAFEL_GAME_MILL] == rules)
    return;
  if (self->game != TAFEL_GAME_MILL)
    {
      self->variants[TAFEL_GAME_MILL] = rules;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MILL_RULES]);
      return;
    }
  tafel_session_set_rules (self, rules);
}

TafelLevel
tafel_session_get_level (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), TAFEL_LEVEL_MEDIUM);

  return self->level;
}

void
tafel_session_set_level (TafelSession *self,
                         TafelLevel    level)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));
  g_return_if_fail ((guint) level < TAFEL_N_LEVELS);

  if (self->level == level)
    return;

  self->level = level;
  tafel_ai_set_level (self->ai, level);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);

  if (self->match != NULL)
    {
      /* A move being computed at the old level is dropped and asked again. */
      stop_thinking (self);
      update (self);
    }
}

TafelOpponent
tafel_session_get_opponent (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), TAFEL_OPPONENT_COMPUTER);

  return self->opponent;
}

void
tafel_session_set_opponent (TafelSession  *self,
                            TafelOpponent  opponent)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  if (self->opponent == opponent)
    return;

  self->opponent = opponent;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT]);
  if (self->match == NULL)
    return;

  stop_thinking (self);
  if (!against_computer (self))
    set_computer_side (self, TAFEL_SIDE_NONE);
  else if (self->computer_side == TAFEL_SIDE_NONE)
    {
      /* The person keeps the turn; at the start, who starts decides. */
      if (tafel_match_get_n_moves (self->match) == 0)
        set_computer_side (self, choose_computer_side (self));
      else
        set_computer_side (self, tafel_match_get_side_to_move (self->match) ^ 1);
    }

  update (self);
}

int
tafel_session_get_computer_side (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), TAFEL_SIDE_NONE);

  return self->computer_side;
}

gboolean
tafel_session_get_thinking (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return self->thinking != NULL;
}

gboolean
tafel_session_get_pondering (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return self->pondering != NULL && !self->pondered;
}

gboolean
tafel_session_get_can_undo (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  /* Nothing to take back when the only move is the computer's opening. */
  if (self->computer_side == 0 && tafel_match_get_n_moves (self->match) <= 1)
    return FALSE;
  return tafel_match_get_can_undo (self->match);
}

gboolean
tafel_session_get_can_redo (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return tafel_match_get_can_redo (self->match);
}

gboolean
tafel_session_get_can_hint (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING && persons_turn (self);
}

/* A person may play: the game runs and it is not the computer's turn. */
gboolean
tafel_session_get_persons_turn (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING &&
         tafel_match_get_side_to_move (self->match) != self->computer_side;
}

/* What is known of the position, in words ("Draw with best play."), or
 * NULL. */
const char *
tafel_session_get_known_value (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  return self->known;
}

/**
 * tafel_session_dup_status:
 * @path: (array length=len): the targets the person has clicked so far
 *
 * The status line: whose turn it is and what to do, or how the game
 * ended, followed by what is known of the position.
 */
char *
tafel_session_dup_status (TafelSession *self,
                          const guint8 *path,
                          guint         len)
{
  const TafelOutcome *outcome;
  const TafelRules *rules;
  int to_move;
  gboolean vs_computer;
  g_autofree char *status = NULL;

  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  outcome = tafel_match_get_outcome (self->match);
  rules = tafel_match_get_rules (self->match);
  to_move = tafel_match_get_side_to_move (self->match);
  vs_computer = self->computer_side != TAFEL_SIDE_NONE;

  switch (outcome->status)
    {
    case TAFEL_STATUS_WON:
      if (vs_computer)
        status = g_strdup (outcome->winner == self->computer_side ? _("The computer has won.")
                                                                    : _("You have won!"));
      else
        /* Translators: %s is a side: X, O, Red, Yellow, White or Black */
        status = g_strdup_printf (_("%s has won!"), side_name (self, outcome->winner));
      break;

    case TAFEL_STATUS_DRAWN:
      status = g_strdup (g_dgettext (GETTEXT_PACKAGE, rules->draw_text));
      break;

    case TAFEL_STATUS_RUNNING:
    default:
      if (self->browsing)
        /* Translators: looking back at an earlier position of the game,
         * counted in half-moves (one side's move each): "Half-move 3 of 14:
         * Red to move." */
        status = g_strdup_printf (_("Half-move %u of %u: %s to move."),
                                  tafel_match_get_n_moves (self->match),
                                  tafel_match_get_line_length (self->match),
                                  side_name (self, to_move));
      else if (vs_computer && to_move == self->computer_side)
        status = g_strdup (_("The computer is thinking…"));
      else if (rules->prompt != NULL)
        {
          const char *prompt = rules->prompt (tafel_match_get_state (self->match), path, len);

          if (vs_computer)
            /* Translators: %s is the side the person plays, then what to do next */
            status = g_strdup_printf (_("Your turn (%s): %s"), side_name (self, to_move), prompt);
          else
            /* Translators: %s is a side (White or Black), then what to do next */
            status = g_strdup_printf (_("%s: %s"), side_name (self, to_move), prompt);
        }
      else if (vs_computer)
        /* Translators: %s is the side the person plays: X, O, Red, … */
        status = g_strdup_printf (_("Your turn (%s)"), side_name (self, to_move));
      else
        /* Translators: %s is a side: X, O, Red, Yellow, White or Black */
        status = g_strdup_printf (_("%s to move"), side_name (self, to_move));
      break;
    }

  if (self->known != NULL)
    return g_strconcat (status, " — ", self->known, NULL);
  return g_steal_pointer (&status);
}

/**
 * tafel_session_play:
 *
 * Plays a person's move.  Refused on the computer's turn.
 */
gboolean
tafel_session_play (TafelSession     *self,
                    const TafelMove  *move,
                    GError          **error)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (tafel_match_get_status (self->match) == TAFEL_STATUS_RUNNING &&
      tafel_match_get_side_to_move (self->match) == self->computer_side)
    {
      g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                           _("It is the computer’s turn."));
      return FALSE;
    }

  /* The line's own next move: follow it, keeping the rest. */
  if (self->browsing && tafel_match_get_can_redo (self->match) &&
      tafel_move_equal (move, tafel_match_get_line_move (self->match,
                                                         tafel_match_get_n_moves (self->match),
                                                         NULL)))
    {
      tafel_session_go_to (self, tafel_match_get_n_moves (self->match) + 1);
      return TRUE;
    }

  set_browsing (self, FALSE);
  return tafel_match_play (self->match, move, error);
}

void
tafel_session_new_game (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  new_game (self);
}

void
tafel_session_undo (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  step (self, tafel_match_undo);
}

void
tafel_session_redo (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  step (self, tafel_match_redo);
}

/**
 * tafel_session_go_to:
 * @n_moves: the position after this many moves of the game's line
 *
 * Shows an earlier (or, after going back, a later) position of the game
 * without losing the moves after it.  While the person looks back, the
 * computer neither moves nor thinks ahead; it resumes when the person
 * returns to the end or plays on from there.
 */
void
tafel_session_go_to (TafelSession *self,
                     guint         n_moves)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  if (n_moves > tafel_match_get_line_length (self->match) ||
      n_moves == tafel_match_get_n_moves (self->match))
    return;

  stop_thinking (self);
  set_browsing (self, n_moves < tafel_match_get_line_length (self->match));
  self->stepping = TRUE;
  tafel_match_go_to (self->match, n_moves);
  self->stepping = FALSE;
  update (self);
}

/* TRUE while the person looks back at an earlier position. */
gboolean
tafel_session_get_browsing (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);

  return self->browsing;
}

/**
 * tafel_session_moves_dropped_by:
 * @move: a move the person would play
 *
 * How many moves of the line after the position shown playing @move
 * would drop: none at the end, none when @move is the line's next move
 * (it is followed instead), none after a plain undo (as ever, playing
 * there starts a new line), else all that follow.
 */
guint
tafel_session_moves_dropped_by (TafelSession    *self,
                                const TafelMove *move)
{
  guint n, len;

  g_return_val_if_fail (TAFEL_IS_SESSION (self), 0);
  g_return_val_if_fail (move != NULL, 0);

  n = tafel_match_get_n_moves (self->match);
  len = tafel_match_get_line_length (self->match);
  if (!self->browsing || n == len ||
      tafel_move_equal (move, tafel_match_get_line_move (self->match, n, NULL)))
    return 0;
  return len - n;
}

/**
 * tafel_session_hint:
 *
 * Asks for the best move on a person's turn; the session emits
 * #TafelSession::hint when it is found, unless the position changed.
 */
void
tafel_session_hint (TafelSession *self)
{
  g_return_if_fail (TAFEL_IS_SESSION (self));

  if (!tafel_session_get_can_hint (self))
    return;

  cancel (&self->pondering);
  cancel (&self->hinting);
  self->hinting = g_cancellable_new ();
  tafel_ai_choose_move_async (self->ai, self->match, TAFEL_LEVEL_IMPOSSIBLE,
                              self->hinting, on_hint_chosen, g_object_ref (self));
  sync_state (self);
}

/**
 * tafel_session_start_position:
 * @game: the game to show
 * @moves: the moves that lead to the position, in the game's notation
 *
 * Shows @game at the position @moves lead to, as a new game.  Against
 * the computer, the person plays the side to move there.
 *
 * Returns: %TRUE if @moves are legal; otherwise nothing changes
 */
gboolean
tafel_session_start_position (TafelSession  *self,
                              TafelGame      game,
                              const char    *moves,
                              GError       **error)
{
  g_autoptr(TafelMatch) check = NULL;

  g_return_val_if_fail (TAFEL_IS_SESSION (self), FALSE);
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, FALSE);
  g_return_val_if_fail (moves != NULL, FALSE);

  check = tafel_match_new_for_rules (self->variants[game]);
  if (!tafel_match_load_moves (check, moves, error))
    return FALSE;

  tafel_session_set_game (self, game);
  stop_thinking (self);
  set_browsing (self, FALSE);
  set_computer_side (self, against_computer (self)
                           ? tafel_match_get_side_to_move (check) ^ 1
                           : TAFEL_SIDE_NONE);
  /* A new game for the statistics; one that has ended already is not
   * a game played here. */
  self->result_counted = tafel_match_get_status (check) != TAFEL_STATUS_RUNNING;
  if (!tafel_match_load_moves (self->match, moves, error))
    g_return_val_if_reached (FALSE);

  return TRUE;
}

/* The record of finished games, as last read or counted. */
TafelStatistics *
tafel_session_get_statistics (TafelSession *self)
{
  g_return_val_if_fail (TAFEL_IS_SESSION (self), NULL);

  if (self->statistics == NULL)
    tafel_session_load_statistics (self);
  return self->statistics;
}

/* ---- GObject ---- */

static void
tafel_session_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TafelSession *self = TAFEL_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_enum (value, self->game);
      break;
    case PROP_MILL_RULES:
      g_value_set_string (value, self->variants[TAFEL_GAME_MILL]->variant);
      break;
    case PROP_LEVEL:
      g_value_set_enum (value, self->level);
      break;
    case PROP_OPPONENT:
      g_value_set_enum (value, self->opponent);
      break;
    case PROP_FIRST_PLAYER:
      g_value_set_enum (value, self->first_player);
      break;
    case PROP_THINKING_PAUSE:
      g_value_set_boolean (value, self->thinking_pause);
      break;
    case PROP_THINK_AHEAD:
      g_value_set_boolean (value, self->think_ahead);
      break;
    case PROP_SHOW_VALUE:
      g_value_set_boolean (value, self->show_value);
      break;
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_COMPUTER_SIDE:
      g_value_set_int (value, self->computer_side);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->match != NULL && tafel_session_get_thinking (self));
      break;
    case PROP_PONDERING:
      g_value_set_boolean (value, self->match != NULL && tafel_session_get_pondering (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->match != NULL && tafel_session_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->match != NULL && tafel_session_get_can_redo (self));
      break;
    case PROP_CAN_HINT:
      g_value_set_boolean (value, self->match != NULL && tafel_session_get_can_hint (self));
      break;
    case PROP_KNOWN_VALUE:
      g_value_set_string (value, self->known);
      break;
    case PROP_BROWSING:
      g_value_set_boolean (value, self->browsing);
      break;
    case PROP_REVIEWING:
      g_value_set_boolean (value, self->reviewing != NULL);
      break;
    case PROP_REVIEW_PROGRESS:
      g_value_set_double (value, tafel_session_get_review_progress (self));
      break;
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_session_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TafelSession *self = TAFEL_SESSION (object);
  gboolean on;

  switch (prop_id)
    {
    case PROP_GAME:
      tafel_session_set_game (self, g_value_get_enum (value));
      break;
    case PROP_MILL_RULES:
      set_mill_rules (self, g_value_get_string (value));
      break;
    case PROP_LEVEL:
      tafel_session_set_level (self, g_value_get_enum (value));
      break;
    case PROP_OPPONENT:
      tafel_session_set_opponent (self, g_value_get_enum (value));
      break;
    case PROP_FIRST_PLAYER:
      if (self->first_player != (TafelFirstPlayer) g_value_get_enum (value))
        {
          self->first_player = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_THINKING_PAUSE:
      if (self->thinking_pause != g_value_get_boolean (value))
        {
          self->thinking_pause = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_THINK_AHEAD:
      on = g_value_get_boolean (value);
      if (self->think_ahead == on)
        break;
      self->think_ahead = on;
      g_object_notify_by_pspec (object, pspec);
      if (self->match != NULL)
        {
          stop_pondering (self);
          maybe_ponder (self);
          sync_state (self);
        }
      break;
    case PROP_SHOW_VALUE:
      on = g_value_get_boolean (value);
      if (self->show_value == on)
        break;
      self->show_value = on;
      g_object_notify_by_pspec (object, pspec);
      if (self->match != NULL)
        {
          forget_value (self);
          update (self);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_session_dispose (GObject *object)
{
  TafelSession *self = TAFEL_SESSION (object);

  stop_thinking (self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  stop_review (self);
  g_clear_object (&self->review);
  g_clear_object (&self->ai);
  g_clear_object (&self->statistics);

  G_OBJECT_CLASS (tafel_session_parent_class)->dispose (object);
}

static void
tafel_session_finalize (GObject *object)
{
  TafelSession *self = TAFEL_SESSION (object);

  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->known);

  G_OBJECT_CLASS (tafel_session_parent_class)->finalize (object);
}

static void
tafel_session_class_init (TafelSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = tafel_session_get_property;
  object_class->set_property = tafel_session_set_property;
  object_class->dispose = tafel_session_dispose;
  object_class->finalize = tafel_session_finalize;

  properties[PROP_GAME] =
    g_param_spec_enum ("game", NULL, NULL, TAFEL_TYPE_GAME, TAFEL_GAME_INFINITY, rw);
  /* Mill's variant: "nine" (the default), "lasker", "twelve", ... */
  properties[PROP_MILL_RULES] =
    g_param_spec_string ("mill-rules", NULL, NULL, "nine", rw);
  properties[PROP_LEVEL] =
    g_param_spec_enum ("level", NULL, NULL, TAFEL_TYPE_LEVEL, TAFEL_LEVEL_MEDIUM, rw);
  properties[PROP_OPPONENT] =
    g_param_spec_enum ("opponent", NULL, NULL, TAFEL_TYPE_OPPONENT, TAFEL_OPPONENT_COMPUTER, rw);
  properties[PROP_FIRST_PLAYER] =
    g_param_spec_enum ("first-player", NULL, NULL, TAFEL_TYPE_FIRST_PLAYER,
                       TAFEL_FIRST_PLAYER_RANDOM, rw);
  properties[PROP_THINKING_PAUSE] =
    g_param_spec_boolean ("thinking-pause", NULL, NULL, FALSE, rw);
  properties[PROP_THINK_AHEAD] =
    g_param_spec_boolean ("think-ahead", NULL, NULL, FALSE, rw);
  properties[PROP_SHOW_VALUE] =
    g_param_spec_boolean ("show-value", NULL, NULL, FALSE, rw);
  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, TAFEL_TYPE_MATCH, ro);
  properties[PROP_COMPUTER_SIDE] =
    g_param_spec_int ("computer-side", NULL, NULL, TAFEL_SIDE_NONE, 1, TAFEL_SIDE_NONE, ro);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_PONDERING] =
    g_param_spec_boolean ("pondering", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_HINT] =
    g_param_spec_boolean ("can-hint", NULL, NULL, FALSE, ro);
  properties[PROP_KNOWN_VALUE] =
    g_param_spec_string ("known-value", NULL, NULL, NULL, ro);
  properties[PROP_BROWSING] =
    g_param_spec_boolean ("browsing", NULL, NULL, FALSE, ro);
  properties[PROP_REVIEWING] =
    g_param_spec_boolean ("reviewing", NULL, NULL, FALSE, ro);
  properties[PROP_REVIEW_PROGRESS] =
    g_param_spec_double ("review-progress", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, TAFEL_TYPE_REVIEW, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TafelSession::hint:
   * @move: (type gpointer): the best move found, a TafelMove
   */
  signals[HINT] = g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * TafelSession::message:
   * @text: a sentence for the person, e.g. why the game cannot be saved
   */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tafel_session_init (TafelSession *self)
{
  self->game = TAFEL_GAME_INFINITY;
  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    self->variants[game] = tafel_rules_get (game);
  self->level = TAFEL_LEVEL_MEDIUM;
  self->opponent = TAFEL_OPPONENT_COMPUTER;
  self->first_player = TAFEL_FIRST_PLAYER_RANDOM;
  self->computer_side = TAFEL_SIDE_NONE;
}
