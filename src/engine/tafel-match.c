/* tafel-match.c: a game in progress, with its history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TafelMatch keeps every position of the game from the start, so undo
 * and redo restore positions exactly (in Infinity the vanished stone comes
 * back with its age).  Positions after the current one stay available for
 * redo until a different move is played.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-enums.h"
#include "tafel-error.h"
#include "tafel-match.h"

struct _TafelMatch
{
  GObject parent_instance;

  const TafelRules *rules;
  GArray *states;      /* TafelState: states[0] is the start */
  GArray *moves;       /* TafelMove: moves[i] leads from states[i] */
  GArray *hashes;      /* guint64: hash of states[i] */
  guint current;       /* index of the shown position in states */
  char *fen;           /* the start as FEN when loaded from one, or NULL */
  guint serial;        /* changes with every change of position */
  TafelOutcome outcome;
};

G_DEFINE_FINAL_TYPE (TafelMatch, tafel_match, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_RULES,
  PROP_STATUS,
  PROP_SIDE_TO_MOVE,
  PROP_N_MOVES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static TafelState *
state_at (TafelMatch *self,
          guint       index)
{
  return &g_array_index (self->states, TafelState, index);
}

/* Recomputes what follows from the current position and tells everyone. */
static void
changed (TafelMatch *self)
{
  TafelHistory history = tafel_match_get_history (self);

  self->rules->outcome (state_at (self, self->current), &history, &self->outcome);
  self->serial++;

  g_object_freeze_notify (G_OBJECT (self));
  for (guint prop = PROP_STATUS; prop < N_PROPS; prop++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  g_signal_emit (self, signals[CHANGED], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
reset (TafelMatch *self)
{
  TafelState start;

  self->rules->init (&start);
  g_clear_pointer (&self->fen, g_free);
  g_array_set_size (self->states, 0);
  g_array_set_size (self->moves, 0);
  g_array_set_size (self->hashes, 0);
  g_array_append_val (self->states, start);
  self->current = 0;
}

static void
tafel_match_finalize (GObject *object)
{
  TafelMatch *self = TAFEL_MATCH (object);

  g_array_unref (self->states);
  g_array_unref (self->moves);
  g_array_unref (self->hashes);
  g_free (self->fen);

  G_OBJECT_CLASS (tafel_match_parent_class)->finalize (object);
}

static void
tafel_match_constructed (GObject *object)
{
  TafelMatch *self = TAFEL_MATCH (object);

  G_OBJECT_CLASS (tafel_match_parent_class)->constructed (object);

  reset (self);
  changed (self);
}

static void
tafel_match_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TafelMatch *self = TAFEL_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_enum (value, self->rules->game);
      break;
    case PROP_RULES:
      g_value_set_pointer (value, (gpointer) self->rules);
      break;
    case PROP_STATUS:
      g_value_set_enum (value, self->outcome.status);
      break;
    case PROP_SIDE_TO_MOVE:
      g_value_set_int (value, tafel_match_get_side_to_move (self));
      break;
    case PROP_N_MOVES:
      g_value_set_uint (value, self->current);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, tafel_match_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, tafel_match_get_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_match_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  TafelMatch *self = TAFEL_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      /* The two construct properties come in either order: a variant's
       * rules set already are kept. */
      if (self->rules == NULL || self->rules->game != (TafelGame) g_value_get_enum (value))
        self->rules = tafel_rules_get (g_value_get_enum (value));
      break;
    case PROP_RULES:
      if (g_value_get_pointer (value) != NULL)
        self->rules = g_value_get_pointer (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_match_class_init (TafelMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tafel_match_finalize;
  object_class->constructed = tafel_match_constructed;
  object_class->get_property = tafel_match_get_property;
  object_class->set_property = tafel_match_set_property;

  properties[PROP_GAME] =
    g_param_spec_enum ("game", NULL, NULL,
                       TAFEL_TYPE_GAME, TAFEL_GAME_INFINITY,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The rules of the game's variant (a const TafelRules *). */
  properties[PROP_RULES] =
    g_param_spec_pointer ("rules", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL,
                       TAFEL_TYPE_STATUS, TAFEL_STATUS_RUNNING,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE_TO_MOVE] =
    g_param_spec_int ("side-to-move", NULL, NULL,
                      0, 1, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TafelMatch::changed:
   *
   * The position changed: a move, undo, redo, restart or load.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
tafel_match_init (TafelMatch *self)
{
  self->states = g_array_new (FALSE, FALSE, sizeof (TafelState));
  self->moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
  self->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
}

TafelMatch *
tafel_match_new (TafelGame game)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  return g_object_new (TAFEL_TYPE_MATCH, "game", game, NULL);
}

/**
 * tafel_match_new_for_rules:
 * @rules: the rules of one of a game's variants (tafel_rules_get_variant ())
 *
 * Returns: (transfer full): a match of @rules' game played by @rules
 */
TafelMatch *
tafel_match_new_for_rules (const TafelRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return g_object_new (TAFEL_TYPE_MATCH, "game", rules->game, "rules", rules, NULL);
}

TafelGame
tafel_match_get_game (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), TAFEL_GAME_INFINITY);

  return self->rules->game;
}

const TafelRules *
tafel_match_get_rules (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return self->rules;
}

const TafelState *
tafel_match_get_state (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return state_at (self, self->current);
}

const TafelOutcome *
tafel_match_get_outcome (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return &self->outcome;
}

TafelStatus
tafel_match_get_status (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), TAFEL_STATUS_RUNNING);

  return self->outcome.status;
}

int
tafel_match_get_side_to_move (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), 0);

  return self->rules->side_to_move (state_at (self, self->current));
}

guint
tafel_match_get_n_moves (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), 0);

  return self->current;
}

/**
 * tafel_match_get_move:
 * @index: a move number below tafel_match_get_n_moves()
 *
 * Returns: the move that left position @index
 */
const TafelMove *
tafel_match_get_move (TafelMatch *self,
                      guint       index)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);
  g_return_val_if_fail (index < self->current, NULL);

  return &g_array_index (self->moves, TafelMove, index);
}

const TafelMove *
tafel_match_get_last_move (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return self->current > 0 ? tafel_match_get_move (self, self->current - 1) : NULL;
}

/**
 * tafel_match_get_history:
 *
 * Returns: the hashes of the positions before the current one, oldest
 *   first; valid until the match changes
 */
TafelHistory
tafel_match_get_history (TafelMatch *self)
{
  TafelHistory none = { NULL, 0 };

  g_return_val_if_fail (TAFEL_IS_MATCH (self), none);

  return (TafelHistory) { (const guint64 *) self->hashes->data, self->current };
}

/**
 * tafel_match_get_serial:
 *
 * A number that changes whenever the position changes; a computation
 * started for one serial is stale when the match has another.
 */
guint
tafel_match_get_serial (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), 0);

  return self->serial;
}

static gboolean
play (TafelMatch      *self,
      const TafelMove *move,
      GError         **error)
{
  TafelState next = *state_at (self, self->current);
  guint64 hash = self->rules->hash (&next);
  TafelUndo undo;

  if (self->outcome.status != TAFEL_STATUS_RUNNING)
    {
      g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER,
                           _("The game is over"));
      return FALSE;
    }
  if (!tafel_rules_is_legal (self->rules, &next, move))
    {
      g_autofree char *text = tafel_rules_format_move (self->rules, &next, move);
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                   _("The move %s is not allowed in this position"), text);
      return FALSE;
    }

  self->rules->make (&next, move, &undo);

  /* A new move ends the redo line. */
  g_array_set_size (self->states, self->current + 1);
  g_array_set_size (self->moves, self->current);
  g_array_set_size (self->hashes, self->current);
  g_array_append_val (self->states, next);
  g_array_append_vals (self->moves, move, 1);
  g_array_append_val (self->hashes, hash);
  self->current++;

  {
    TafelHistory history = tafel_match_get_history (self);
    self->rules->outcome (&next, &history, &self->outcome);
  }

  return TRUE;
}

/**
 * tafel_match_play:
 * @move: a complete click path
 *
 * Plays @move if the rules allow it.
 *
 * Returns: %TRUE if the move was played
 */
gboolean
tafel_match_play (TafelMatch      *self,
                  const TafelMove *move,
                  GError         **error)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!play (self, move, error))
    return FALSE;

  changed (self);
  return TRUE;
}

gboolean
tafel_match_get_can_undo (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);

  return self->current > 0;
}

gboolean
tafel_match_get_can_redo (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);

  return self->current + 1 < self->states->len;
}

gboolean
tafel_match_undo (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);

  if (!tafel_match_get_can_undo (self))
    return FALSE;

  self->current--;
  changed (self);
  return TRUE;
}

gboolean
tafel_match_redo (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);

  if (!tafel_match_get_can_redo (self))
    return FALSE;

  self->current++;
  changed (self);
  return TRUE;
}

void
tafel_match_restart (TafelMatch *self)
{
  g_return_if_fail (TAFEL_IS_MATCH (self));

  reset (self);
  changed (self);
}

/**
 * tafel_match_load_moves:
 * @moves: a move list in the game's notation
 *
 * Starts the game again and plays @moves.  On error the match is left
 * at the start.
 */
gboolean
tafel_match_load_moves (TafelMatch  *self,
                        const char  *moves,
                        GError     **error)
{
  const char *cursor = moves;
  gboolean ok = TRUE;

  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);
  g_return_val_if_fail (moves != NULL, FALSE);

  reset (self);
  self->rules->outcome (state_at (self, 0), NULL, &self->outcome);

  for (;;)
    {
      TafelMove move;

      while (*cursor == ' ' || *cursor == '\t')
        cursor++;
      if (*cursor == '\0')
        break;

      if (!self->rules->parse_move (state_at (self, self->current), &cursor, &move, error) ||
          !play (self, &move, error))
        {
          reset (self);
          ok = FALSE;
          break;
        }
    }

  changed (self);
  return ok;
}

/**
 * tafel_match_to_moves:
 *
 * Returns: (transfer full): the moves up to the current position in the
 *   game's notation
 */
static char *
moves_text (TafelMatch *self,
            guint       n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && self->rules->moves_separated)
        g_string_append_c (out, ' ');
      self->rules->format_move (state_at (self, i),
                                &g_array_index (self->moves, TafelMove, i), out);
    }

  return g_string_free (out, FALSE);
}

/* The moves that lead to the position shown, in the notation. */
char *
tafel_match_to_moves (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return moves_text (self, self->current);
}

/**
 * tafel_match_line_to_moves:
 *
 * The whole line in the notation: the moves played up to the position
 * shown and those after it that redo would bring back.
 */
char *
tafel_match_line_to_moves (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return moves_text (self, self->moves->len);
}

/* How many moves the whole line has (the position shown is after
 * tafel_match_get_n_moves () of them). */
guint
tafel_match_get_line_length (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), 0);

  return self->moves->len;
}

/* Move @index of the whole line, and the position it is played in. */
const TafelMove *
tafel_match_get_line_move (TafelMatch        *self,
                           guint              index,
                           const TafelState **before)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);
  g_return_val_if_fail (index < self->moves->len, NULL);

  if (before != NULL)
    *before = state_at (self, index);
  return &g_array_index (self->moves, TafelMove, index);
}

/* Move @index of the whole line in the notation. */
char *
tafel_match_format_line_move (TafelMatch *self,
                              guint       index)
{
  const TafelState *before;
  const TafelMove *move = tafel_match_get_line_move (self, index, &before);

  g_return_val_if_fail (move != NULL, NULL);

  return tafel_rules_format_move (self->rules, before, move);
}

/**
 * tafel_match_go_to:
 * @n_moves: how many moves of the line to show played
 *
 * Shows the position after @n_moves moves of the whole line, as that
 * many undo or redo steps would, with one change.
 */
gboolean
tafel_match_go_to (TafelMatch *self,
                   guint       n_moves)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);

  if (n_moves > self->moves->len)
    return FALSE;
  if (n_moves == self->current)
    return TRUE;

  self->current = n_moves;
  changed (self);
  return TRUE;
}

/**
 * tafel_match_continuations:
 * @path: the targets clicked so far
 * @len: how many
 * @targets: (out caller-allocates): one flag per board target: TRUE where a
 *   click would continue a legal move
 * @complete: (out caller-allocates) (optional): the move, when @path is one
 *
 * Returns: %TRUE if @path is a complete legal move
 */
gboolean
tafel_match_continuations (TafelMatch   *self,
                           const guint8 *path,
                           guint         len,
                           gboolean     *targets,
                           TafelMove    *complete)
{
  g_autofree TafelMove *moves = g_new (TafelMove, TAFEL_MAX_MOVES);
  gboolean is_complete = FALSE;
  guint n = 0;

  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);

  memset (targets, 0, self->rules->board->n_targets * sizeof *targets);
  if (self->outcome.status == TAFEL_STATUS_RUNNING)
    n = self->rules->legal_moves (state_at (self, self->current), moves);

  for (guint i = 0; i < n; i++)
    {
      TafelMove clicked = moves[i];

      if (self->rules->click_order != NULL)
        self->rules->click_order (state_at (self, self->current), &moves[i], path, len,
                                  &clicked);
      if (!tafel_move_has_prefix (&clicked, path, len))
        continue;
      if (clicked.len == len)
        {
          is_complete = TRUE;
          if (complete != NULL)
            *complete = moves[i];
        }
      else
        targets[clicked.path[len]] = TRUE;
    }

  return is_complete;
}

/**
 * tafel_match_load_record:
 * @record: a game of the match's game and variant
 *
 * Starts the match again from @record's start position (a FEN start
 * included) and plays its moves; the match then shows the last position.
 * On error (a record of another game or variant) the match is not
 * changed.
 */
gboolean
tafel_match_load_record (TafelMatch      *self,
                         TafelGameRecord *record,
                         GError         **error)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), FALSE);
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (record), FALSE);

  if (tafel_game_record_get_rules (record) != self->rules)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   /* Translators: %s are games' keys, e.g. mill */
                   _("The game is %s, not %s"),
                   tafel_rules_get_id (tafel_game_record_get_rules (record)),
                   tafel_rules_get_id (self->rules));
      return FALSE;
    }

  reset (self);
  self->fen = g_strdup (tafel_game_record_get_fen (record));
  g_array_index (self->states, TafelState, 0) = *tafel_game_record_get_state (record, 0);
  self->rules->outcome (state_at (self, 0), NULL, &self->outcome);
  for (guint i = 0; i < tafel_game_record_get_n_moves (record); i++)
    {
      gboolean played = play (self, tafel_game_record_get_move (record, i), NULL);

      /* The record checked every move by the same rules. */
      g_assert (played);
    }

  changed (self);
  return TRUE;
}

/**
 * tafel_match_to_record:
 *
 * Returns: (transfer full): the game from its start (a FEN start
 *   included) to the current position
 */
static TafelGameRecord *
record_of (TafelMatch *self,
           guint       n_moves)
{
  TafelGameRecord *record;

  record = tafel_game_record_new_for_rules (self->rules);
  if (self->fen != NULL)
    {
      gboolean valid = tafel_game_record_set_fen (record, self->fen, NULL);

      g_assert (valid);
    }
  for (guint i = 0; i < n_moves; i++)
    {
      gboolean played = tafel_game_record_play (record, &g_array_index (self->moves, TafelMove, i), NULL);

      g_assert (played);
    }

  return record;
}

TafelGameRecord *
tafel_match_to_record (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return record_of (self, self->current);
}

/**
 * tafel_match_line_to_record:
 *
 * Returns: (transfer full): the game's whole line, from its start to the
 *   last move that redo would bring back
 */
TafelGameRecord *
tafel_match_line_to_record (TafelMatch *self)
{
  g_return_val_if_fail (TAFEL_IS_MATCH (self), NULL);

  return record_of (self, self->moves->len);
}
