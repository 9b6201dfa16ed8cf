/* tafel-game-record.c: a whole game as a document (.tafel files, pasted text)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-game-record.h"

struct _TafelGameRecord
{
  GObject parent_instance;

  const TafelRules *rules;
  char *fen;              /* the start as FEN, or NULL for the game's own */
  GArray *states;         /* TafelState: states[i] is the position before move i */
  GArray *moves;          /* TafelMove */
  GArray *hashes;         /* guint64: the hash of states[i] */
  GPtrArray *keys;        /* free header fields, in the order set */
  GPtrArray *values;
  TafelOutcome outcome;   /* of the last position */
};

G_DEFINE_FINAL_TYPE (TafelGameRecord, tafel_game_record, G_TYPE_OBJECT)

/* Header fields the record writes itself from what it holds. */
static const char *const own_keys[] = { "tafel", "game", "variant", "fen", "result" };

/* Longest line of Mill moves the writer makes. */
#define WRAP_COLUMN 72

static void
tafel_game_record_finalize (GObject *object)
{
  TafelGameRecord *self = TAFEL_GAME_RECORD (object);

  g_free (self->fen);
  g_array_unref (self->states);
  g_array_unref (self->moves);
  g_array_unref (self->hashes);
  g_ptr_array_unref (self->keys);
  g_ptr_array_unref (self->values);

  G_OBJECT_CLASS (tafel_game_record_parent_class)->finalize (object);
}

static void
tafel_game_record_class_init (TafelGameRecordClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tafel_game_record_finalize;
}

static void
tafel_game_record_init (TafelGameRecord *self)
{
  self->states = g_array_new (FALSE, FALSE, sizeof (TafelState));
  self->moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
  self->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->keys = g_ptr_array_new_with_free_func (g_free);
  self->values = g_ptr_array_new_with_free_func (g_free);
}

static TafelState *
last_state (TafelGameRecord *self)
{
  return &g_array_index (self->states, TafelState, self->states->len - 1);
}

static void
update_outcome (TafelGameRecord *self)
{
  TafelHistory history = tafel_game_record_get_history (self, self->moves->len);

  self->rules->outcome (last_state (self), &history, &self->outcome);
}

/* Starts the game again from @start. */
static void
restart (TafelGameRecord  *self,
         const TafelState *start)
{
  guint64 hash = self->rules->hash (start);

  g_array_set_size (self->states, 0);
  g_array_set_size (self->moves, 0);
  g_array_set_size (self->hashes, 0);
  g_array_append_vals (self->states, start, 1);
  g_array_append_val (self->hashes, hash);
  update_outcome (self);
}

/**
 * tafel_game_record_new:
 * @game: the game
 *
 * Returns: (transfer full): a record of @game at its start, no moves yet
 */
TafelGameRecord *
tafel_game_record_new (TafelGame game)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  return tafel_game_record_new_for_rules (tafel_rules_get (game));
}

/**
 * tafel_game_record_new_for_rules:
 * @rules: the rules of one of a game's variants
 *
 * Returns: (transfer full): a record of a game by @rules at its start, no
 *   moves yet
 */
TafelGameRecord *
tafel_game_record_new_for_rules (const TafelRules *rules)
{
  TafelGameRecord *self;
  TafelState start;

  g_return_val_if_fail (rules != NULL, NULL);

  self = g_object_new (TAFEL_TYPE_GAME_RECORD, NULL);
  self->rules = rules;
  self->rules->init (&start);
  restart (self, &start);

  return self;
}

/**
 * tafel_game_record_set_fen:
 * @fen: a position in the game's position notation (Mill: Sanmill's FEN)
 *
 * Makes @fen the start of a record that has no moves yet.
 *
 * Returns: %TRUE if @fen is a valid position of the game
 */
gboolean
tafel_game_record_set_fen (TafelGameRecord *self,
                           const char      *fen,
                           GError         **error)
{
  TafelState start;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);
  g_return_val_if_fail (self->moves->len == 0, FALSE);

  if (self->rules->parse_position == NULL)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   /* Translators: %s is a game's key, e.g. connect-four */
                   _("The game %s has no position notation"), self->rules->key);
      return FALSE;
    }
  if (!self->rules->parse_position (fen, &start, error))
    return FALSE;

  g_free (self->fen);
  self->fen = g_strstrip (g_strdup (fen));
  restart (self, &start);
  return TRUE;
}

/* Plays @move after the rules' check; @index and @word name it in errors. */
static gboolean
append (TafelGameRecord *self,
        const TafelMove *move,
        guint            index,
        const char      *word,
        GError         **error)
{
  TafelState next = *last_state (self);
  TafelHistory history = tafel_game_record_get_history (self, self->moves->len);
  TafelUndo undo;
  guint64 hash;

  if (!tafel_rules_check_move (self->rules, &next, &history, move, index, word, error))
    return FALSE;

  self->rules->make (&next, move, &undo);
  hash = self->rules->hash (&next);
  g_array_append_vals (self->moves, move, 1);
  g_array_append_val (self->states, next);
  g_array_append_val (self->hashes, hash);
  update_outcome (self);
  return TRUE;
}

/**
 * tafel_game_record_play:
 * @move: a complete move
 *
 * Appends @move if the rules allow it at the last position.
 */
gboolean
tafel_game_record_play (TafelGameRecord *self,
                        const TafelMove *move,
                        GError         **error)
{
  g_autofree char *word = NULL;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (move->len == 0 || move->len > TAFEL_MAX_PATH)
    word = g_strdup ("?");
  else
    word = tafel_rules_format_move (self->rules, last_state (self), move);

  return append (self, move, self->moves->len + 1, word, error);
}

/* Takes back every move from @n_moves on. */
static void
truncate_to (TafelGameRecord *self,
             guint            n_moves)
{
  g_array_set_size (self->moves, n_moves);
  g_array_set_size (self->states, n_moves + 1);
  g_array_set_size (self->hashes, n_moves + 1);
  update_outcome (self);
}

/* ---- accessors ---------------------------------------------------------- */

TafelGame
tafel_game_record_get_game (TafelGameRecord *self)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), TAFEL_GAME_INFINITY);

  return self->rules->game;
}

const TafelRules *
tafel_game_record_get_rules (TafelGameRecord *self)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  return self->rules;
}

/**
 * tafel_game_record_get_fen:
 *
 * Returns: (nullable): the start position as FEN, or %NULL when the game
 *   starts from its own start
 */
const char *
tafel_game_record_get_fen (TafelGameRecord *self)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  return self->fen;
}

guint
tafel_game_record_get_n_moves (TafelGameRecord *self)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), 0);

  return self->moves->len;
}

const TafelMove *
tafel_game_record_get_move (TafelGameRecord *self,
                            guint            index)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);
  g_return_val_if_fail (index < self->moves->len, NULL);

  return &g_array_index (self->moves, TafelMove, index);
}

/**
 * tafel_game_record_get_state:
 * @index: 0 for the start … tafel_game_record_get_n_moves() for the last
 *
 * Returns: the position before move @index
 */
const TafelState *
tafel_game_record_get_state (TafelGameRecord *self,
                             guint            index)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);
  g_return_val_if_fail (index < self->states->len, NULL);

  return &g_array_index (self->states, TafelState, index);
}

/**
 * tafel_game_record_get_history:
 * @index: as for tafel_game_record_get_state()
 *
 * Returns: the hashes of the positions before position @index, oldest
 *   first; valid until the record changes
 */
TafelHistory
tafel_game_record_get_history (TafelGameRecord *self,
                               guint            index)
{
  TafelHistory none = { NULL, 0 };

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), none);
  g_return_val_if_fail (index < self->hashes->len, none);

  return (TafelHistory) { (const guint64 *) self->hashes->data, index };
}

const TafelOutcome *
tafel_game_record_get_outcome (TafelGameRecord *self)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  return &self->outcome;
}

/**
 * tafel_game_record_get_result:
 *
 * Returns: "1-0" (the first side won), "0-1", "1/2-1/2" or "*" (running)
 */
const char *
tafel_game_record_get_result (TafelGameRecord *self)
{
  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  switch (self->outcome.status)
    {
    case TAFEL_STATUS_WON:
      return self->outcome.winner == 0 ? "1-0" : "0-1";
    case TAFEL_STATUS_DRAWN:
      return "1/2-1/2";
    case TAFEL_STATUS_RUNNING:
    default:
      return "*";
    }
}

static gboolean
is_own_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (own_keys); i++)
    if (strcmp (key, own_keys[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Header keys: lower-case ASCII letters, digits and '-', a letter first. */
static gboolean
is_valid_key (const char *key,
              gsize       length)
{
  if (length == 0 || !g_ascii_islower (key[0]))
    return FALSE;
  for (gsize i = 1; i < length; i++)
    if (!g_ascii_islower (key[i]) && !g_ascii_isdigit (key[i]) && key[i] != '-')
      return FALSE;
  return TRUE;
}

static int
find_header (TafelGameRecord *self,
             const char      *key)
{
  for (guint i = 0; i < self->keys->len; i++)
    if (strcmp (g_ptr_array_index (self->keys, i), key) == 0)
      return i;
  return -1;
}

/**
 * tafel_game_record_get_header:
 * @key: a header key such as "date", "level" or a side's name ("red")
 *
 * Returns: (nullable): the value, or %NULL when the record has none
 */
const char *
tafel_game_record_get_header (TafelGameRecord *self,
                              const char      *key)
{
  int i;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  i = find_header (self, key);
  return i < 0 ? NULL : g_ptr_array_index (self->values, i);
}

/**
 * tafel_game_record_set_header:
 * @key: lower-case letters, digits and '-' (not one of tafel, game,
 *   variant, fen, result, which the record writes itself)
 * @value: (nullable): the value (line breaks become blanks), or %NULL to
 *   remove the field
 */
void
tafel_game_record_set_header (TafelGameRecord *self,
                              const char      *key,
                              const char      *value)
{
  char *copy;
  int i;

  g_return_if_fail (TAFEL_IS_GAME_RECORD (self));
  g_return_if_fail (key != NULL && is_valid_key (key, strlen (key)) && !is_own_key (key));
  g_return_if_fail (value == NULL || g_utf8_validate (value, -1, NULL));

  i = find_header (self, key);
  if (value == NULL)
    {
      if (i >= 0)
        {
          g_ptr_array_remove_index (self->keys, i);
          g_ptr_array_remove_index (self->values, i);
        }
      return;
    }

  copy = g_strdup (value);
  g_strdelimit (copy, "\r\n", ' ');
  g_strstrip (copy);
  if (i >= 0)
    {
      g_free (g_ptr_array_index (self->values, i));
      g_ptr_array_index (self->values, i) = copy;
    }
  else
    {
      g_ptr_array_add (self->keys, g_strdup (key));
      g_ptr_array_add (self->values, copy);
    }
}

/* ---- writing ------------------------------------------------------------ */

/* The moves in the notation, blanks between them where the game puts
 * them, wrapped at @wrap columns (0: one line). */
static void
append_moves (TafelGameRecord *self,
              GString         *out,
              guint            wrap)
{
  gsize line_start = out->len;

  for (guint i = 0; i < self->moves->len; i++)
    {
      g_autofree char *word = tafel_rules_format_move (self->rules, tafel_game_record_get_state (self, i),
                                                       tafel_game_record_get_move (self, i));

      if (i > 0 && self->rules->moves_separated)
        {
          if (wrap > 0 && out->len - line_start + 1 + strlen (word) > wrap)
            {
              g_string_append_c (out, '\n');
              line_start = out->len;
            }
          else
            g_string_append_c (out, ' ');
        }
      g_string_append (out, word);
    }
}

/**
 * tafel_game_record_to_text:
 *
 * Returns: (transfer full): the record as a .tafel file
 */
char *
tafel_game_record_to_text (TafelGameRecord *self)
{
  GString *out;
  const char *result;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  out = g_string_new (NULL);
  result = tafel_game_record_get_result (self);

  g_string_append_printf (out, "tafel: %d\n", TAFEL_GAME_RECORD_VERSION);
  g_string_append_printf (out, "game: %s\n", self->rules->key);
  if (self->rules != tafel_rules_get (self->rules->game))
    g_string_append_printf (out, "variant: %s\n", self->rules->variant);
  for (guint i = 0; i < self->keys->len; i++)
    g_string_append_printf (out, "%s: %s\n", (const char *) g_ptr_array_index (self->keys, i),
                            (const char *) g_ptr_array_index (self->values, i));
  if (self->fen != NULL)
    g_string_append_printf (out, "fen: %s\n", self->fen);
  g_string_append_printf (out, "result: %s\n\n", result);

  append_moves (self, out, WRAP_COLUMN);
  if (self->moves->len > 0)
    g_string_append_c (out, ' ');
  g_string_append_printf (out, "%s\n", result);

  return g_string_free (out, FALSE);
}

/**
 * tafel_game_record_to_moves:
 *
 * Returns: (transfer full): the moves in the game's notation, on one line
 */
char *
tafel_game_record_to_moves (TafelGameRecord *self)
{
  GString *out;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  out = g_string_new (NULL);
  append_moves (self, out, 0);
  return g_string_free (out, FALSE);
}

/**
 * tafel_game_record_to_numbered:
 *
 * The numbered move list other Mill programs read: "1. d6 f4" per line
 * (a start with the second side to move begins "1... f4"), the result on
 * the last line, the FEN as a [FEN "…"] tag before the moves.
 *
 * Returns: (transfer full): the text
 */
char *
tafel_game_record_to_numbered (TafelGameRecord *self)
{
  GString *out;
  int first_side;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), NULL);

  out = g_string_new (NULL);
  first_side = self->rules->side_to_move (tafel_game_record_get_state (self, 0));

  if (self->fen != NULL)
    g_string_append_printf (out, "[FEN \"%s\"]\n\n", self->fen);

  for (guint i = 0; i < self->moves->len; i++)
    {
      guint slot = i + first_side;
      g_autofree char *word = tafel_rules_format_move (self->rules, tafel_game_record_get_state (self, i),
                                                       tafel_game_record_get_move (self, i));

      if (slot % 2 == 0)
        g_string_append_printf (out, "%u. %s", slot / 2 + 1, word);
      else if (i == 0)
        g_string_append_printf (out, "1... %s\n", word);
      else
        g_string_append_printf (out, " %s\n", word);
    }
  if ((self->moves->len + first_side) % 2 == 1 && self->moves->len > 0)
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "%s\n", tafel_game_record_get_result (self));

  return g_string_free (out, FALSE);
}

/* ---- reading ------------------------------------------------------------ */

typedef struct {
  char *text;
  guint line;             /* 1-based */
  guint column;           /* 1-based, in characters */
} Token;

static void
token_free (gpointer data)
{
  Token *token = data;

  g_free (token->text);
  g_free (token);
}

/* What the text says besides its moves. */
typedef struct {
  GPtrArray *keys;        /* free header fields */
  GPtrArray *values;
  char *game;
  guint game_line;
  char *variant;
  guint variant_line;
  char *fen;
  guint fen_line;
  char *result;           /* the header's result field */
  guint result_line;
  gboolean has_header;    /* a .tafel header: the moves must end with a result */
  GPtrArray *tokens;      /* Token: the moves */
  char *end;              /* the result token after the moves */
  guint end_line;
  guint n_lines;          /* of the whole text */
} Parsed;

static void
parsed_clear (Parsed *p)
{
  g_clear_pointer (&p->keys, g_ptr_array_unref);
  g_clear_pointer (&p->values, g_ptr_array_unref);
  g_clear_pointer (&p->game, g_free);
  g_clear_pointer (&p->variant, g_free);
  g_clear_pointer (&p->fen, g_free);
  g_clear_pointer (&p->result, g_free);
  g_clear_pointer (&p->tokens, g_ptr_array_unref);
  g_clear_pointer (&p->end, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Parsed, parsed_clear)

/* A TAFEL_ERROR_FORMAT naming the line, and the column unless it is 0. */
static gboolean G_GNUC_PRINTF (4, 0)
fail_va (GError     **error,
         guint        line,
         guint        column,
         const char  *format,
         va_list      args)
{
  g_autofree char *reason = g_strdup_vprintf (format, args);

  if (column == 0)
    g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                 /* Translators: %u is a line number, %s what is wrong there */
                 _("Line %u: %s"), line, reason);
  else
    g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                 /* Translators: a line and a column number, then what is wrong */
                 _("Line %u, column %u: %s"), line, column, reason);
  return FALSE;
}

static gboolean G_GNUC_PRINTF (3, 4)
fail_line (GError    **error,
           guint       line,
           const char *format,
           ...)
{
  va_list args;

  va_start (args, format);
  fail_va (error, line, 0, format, args);
  va_end (args);
  return FALSE;
}

static gboolean G_GNUC_PRINTF (4, 5)
fail_at (GError    **error,
         guint       line,
         guint       column,
         const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  fail_va (error, line, column, format, args);
  va_end (args);
  return FALSE;
}

static gboolean
is_blank_line (const char *line)
{
  for (; *line != '\0'; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;
  return TRUE;
}

/* "key: value" with a key of letters, digits and '-' (any case). */
static gboolean
split_header (const char *line,
              char      **key,
              char      **value)
{
  const char *p = line;

  if (!g_ascii_isalpha (*p))
    return FALSE;
  while (g_ascii_isalnum (*p) || *p == '-' || *p == '_')
    p++;
  if (*p != ':' || (p[1] != '\0' && !g_ascii_isspace (p[1])))
    return FALSE;

  *key = g_ascii_strdown (line, p - line);
  g_strdelimit (*key, "_", '-');
  *value = g_strstrip (g_strdup (p + 1));
  return TRUE;
}

static gboolean
is_result (const char *word)
{
  return strcmp (word, "1-0") == 0 || strcmp (word, "0-1") == 0 ||
         strcmp (word, "1/2-1/2") == 0 || strcmp (word, "½-½") == 0 ||
         strcmp (word, "*") == 0;
}

static void
keep_field (Parsed     *p,
            const char *key,
            const char *value)
{
  g_ptr_array_add (p->keys, g_strdup (key));
  g_ptr_array_add (p->values, g_strdup (value));
}

/* A header line of a .tafel file. */
static gboolean
read_header_line (Parsed     *p,
                  const char *line,
                  guint       number,
                  GError    **error)
{
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;

  if (!split_header (line, &key, &value))
    return fail_line (error, number, _("expected a header line “key: value” or a blank line before the moves"));

  if (is_own_key (key) ? (strcmp (key, "tafel") == 0 ? FALSE
                          : strcmp (key, "game") == 0 ? p->game != NULL
                          : strcmp (key, "variant") == 0 ? p->variant != NULL
                          : strcmp (key, "fen") == 0 ? p->fen != NULL
                          : strcmp (key, "result") == 0 ? p->result != NULL : FALSE)
      : g_ptr_array_find_with_equal_func (p->keys, key, g_str_equal, NULL))
    return fail_line (error, number, _("the field “%s” is given twice"), key);

  if (strcmp (key, "tafel") == 0)
    {
      if (strcmp (value, "1") != 0)
        return fail_line (error, number,
                          _("this file was written by another version of Tafel (format “%s”, expected 1)"),
                          value);
    }
  else if (strcmp (key, "game") == 0)
    {
      p->game = g_steal_pointer (&value);
      p->game_line = number;
    }
  else if (strcmp (key, "variant") == 0)
    {
      /* Checked against the game's variants once the game is known. */
      p->variant = g_steal_pointer (&value);
      p->variant_line = number;
    }
  else if (strcmp (key, "fen") == 0)
    {
      p->fen = g_steal_pointer (&value);
      p->fen_line = number;
    }
  else if (strcmp (key, "result") == 0)
    {
      if (!is_result (value))
        return fail_line (error, number, _("the result must be 1-0, 0-1, 1/2-1/2 or *"));
      p->result = g_steal_pointer (&value);
      p->result_line = number;
    }
  else
    keep_field (p, key, value);

  return TRUE;
}

/* A [Key "value"] tag line of the numbered text. */
static gboolean
read_tag_line (Parsed     *p,
               const char *line,
               guint       number,
               GError    **error)
{
  const char *open, *last, *after;
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;
  gsize key_length = 0;

  line++;   /* '[' */
  while (g_ascii_isalnum (line[key_length]) || line[key_length] == '_' || line[key_length] == '-')
    key_length++;
  open = strchr (line, '"');
  last = open != NULL ? strrchr (line, '"') : NULL;
  after = last != NULL ? last + 1 + strspn (last + 1, " \t") : NULL;
  if (key_length == 0 || open == NULL || last == open || *after != ']' || !is_blank_line (after + 1))
    return fail_line (error, number, _("a tag must look like [Key \"value\"]"));

  key = g_ascii_strdown (line, key_length);
  g_strdelimit (key, "_", '-');
  value = g_strndup (open + 1, last - open - 1);

  if (strcmp (key, "fen") == 0)
    {
      g_free (p->fen);
      p->fen = g_steal_pointer (&value);
      p->fen_line = number;
    }
  else if (!is_own_key (key) && is_valid_key (key, strlen (key)) && *g_strstrip (value) != '\0'
           && !g_ptr_array_find_with_equal_func (p->keys, key, g_str_equal, NULL))
    keep_field (p, key, value);

  return TRUE;
}

static guint
column_of (const char *line,
           const char *at)
{
  return g_utf8_pointer_to_offset (line, at) + 1;
}

/* Splits the move text into move tokens: move numbers ("12.", "12..."),
 * comments ({…}, ; to the end of the line), variations ((…)), $n and
 * !? annotations go; a result token ends the moves. */
static gboolean
read_moves (Parsed  *p,
            char   **lines,
            guint    first,
            guint    n_lines,
            GError **error)
{
  gboolean in_comment = FALSE;
  guint depth = 0, open_line = 0;

  for (guint l = first; l < n_lines; l++)
    {
      const char *line = lines[l];
      const char *c = line;
      guint number = l + 1;

      while (*c != '\0')
        {
          const char *start;
          g_autofree char *word = NULL;
          char *w;
          gsize length;

          if (in_comment)
            {
              in_comment = *c++ != '}';
              continue;
            }
          if (depth > 0)
            {
              depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
              c++;
              continue;
            }
          if (g_ascii_isspace (*c))
            {
              c++;
              continue;
            }
          if (*c == '{' || *c == '(')
            {
              in_comment = *c == '{';
              depth = *c == '(';
              open_line = number;
              c++;
              continue;
            }
          if (*c == ';')
            break;
          if (*c == '}' || *c == ')')
            return fail_at (error, number, column_of (line, c), _("“%c” closes nothing"), *c);

          start = c;
          while (*c != '\0' && !g_ascii_isspace (*c) && strchr ("{}();", *c) == NULL)
            c++;
          word = g_strndup (start, c - start);

          if (p->end != NULL)
            {
              g_autofree char *snippet = tafel_error_snippet (word, strlen (word));
              return fail_at (error, number, column_of (line, start),
                              _("“%s” comes after the result"), snippet);
            }
          if (is_result (word))
            {
              p->end = g_strdup (strcmp (word, "½-½") == 0 ? "1/2-1/2" : word);
              p->end_line = number;
              continue;
            }
          if (word[0] == '$' && word[1] != '\0' && strspn (word + 1, "0123456789") == strlen (word + 1))
            continue;

          /* A move number, also glued to its move: "12.", "12...", "3.d6". */
          w = word;
          length = strspn (w, "0123456789");
          if (length > 0 && w[length] == '.')
            w += length;
          if (*w == '.')
            w += strspn (w, ".");
          /* Annotations after a move: "d6!", "f4?!", "a1+". */
          length = strlen (w);
          while (length > 0 && strchr ("!?+#", w[length - 1]) != NULL)
            w[--length] = '\0';
          if (length == 0)
            continue;

          {
            Token *token = g_new (Token, 1);

            token->text = g_strdup (w);
            token->line = number;
            token->column = column_of (line, start + (w - word));
            g_ptr_array_add (p->tokens, token);
          }
        }
    }

  if (in_comment)
    return fail_line (error, open_line, _("a comment “{” opened here is not closed"));
  if (depth > 0)
    return fail_line (error, open_line, _("a variation “(” opened here is not closed"));

  return TRUE;
}

/* Mill's notation names points with a letter and a digit; the other
 * games write digits only. */
static gboolean
looks_like_mill (GPtrArray *tokens)
{
  for (guint i = 0; i < tokens->len; i++)
    {
      const char *t = ((Token *) g_ptr_array_index (tokens, i))->text;

      for (; t[0] != '\0'; t++)
        if (g_ascii_tolower (t[0]) >= 'a' && g_ascii_tolower (t[0]) <= 'g' &&
            t[1] >= '1' && t[1] <= '7')
          return TRUE;
    }
  return FALSE;
}

/* Splits @text into lines after checking it is text at all. */
static char **
split_lines (const char *text,
             gsize       length,
             guint      *n_lines,
             GError    **error)
{
  const char *nul = memchr (text, '\0', length);
  const char *end;
  char **lines;

  if (nul != NULL || !g_utf8_validate_len (text, length, &end))
    {
      const char *bad = nul != NULL ? nul : end;
      guint line = 1;

      for (const char *c = text; c < bad; c++)
        line += *c == '\n';
      if (nul != NULL)
        fail_line (error, line, _("the text contains a NUL byte"));
      else
        fail_line (error, line, _("the text is not valid UTF-8"));
      return NULL;
    }

  {
    g_autofree char *copy = g_strndup (text, length);
    const char *body = copy;

    /* A byte order mark some editors put first. */
    if (g_str_has_prefix (body, "\xef\xbb\xbf"))
      body += 3;
    lines = g_strsplit (body, "\n", -1);
  }
  *n_lines = g_strv_length (lines);
  /* The final line break ends the last line; no empty line follows it. */
  if (*n_lines > 1 && lines[*n_lines - 1][0] == '\0')
    {
      g_free (lines[--*n_lines]);
      lines[*n_lines] = NULL;
    }
  for (guint i = 0; i < *n_lines; i++)
    {
      gsize len = strlen (lines[i]);

      if (len > 0 && lines[i][len - 1] == '\r')
        lines[i][len - 1] = '\0';
    }

  return lines;
}

/* Reads @text into @p: the header or tags, then the move tokens. */
static gboolean
read_text (Parsed     *p,
           const char *text,
           gsize       length,
           GError    **error)
{
  g_auto(GStrv) lines = NULL;
  guint n_lines, l = 0;
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;

  if ((lines = split_lines (text, length, &n_lines, error)) == NULL)
    return FALSE;
  p->n_lines = n_lines;

  while (l < n_lines && is_blank_line (lines[l]))
    l++;
  if (l == n_lines)
    {
      g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                           _("The text holds no game"));
      return FALSE;
    }

  if (split_header (lines[l], &key, &value))
    {
      p->has_header = TRUE;
      for (; l < n_lines && !is_blank_line (lines[l]); l++)
        if (!read_header_line (p, lines[l], l + 1, error))
          return FALSE;
      if (l == n_lines)
        return fail_line (error, n_lines,
                          _("the header must be followed by a blank line and the moves; the file may be cut short"));
      if (p->game == NULL)
        {
          g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                               _("The header names no game (a line “game: …”)"));
          return FALSE;
        }
    }
  else
    {
      for (; l < n_lines && (lines[l][0] == '[' || is_blank_line (lines[l])); l++)
        if (lines[l][0] == '[' && !read_tag_line (p, lines[l], l + 1, error))
          return FALSE;
    }

  return read_moves (p, lines, l, n_lines, error);
}

/* Plays the tokens; "xd7" on its own joins the move before it. */
static gboolean
replay (TafelGameRecord *self,
        GPtrArray       *tokens,
        GError         **error)
{
  const TafelRules *rules = self->rules;
  guint index = self->moves->len;

  for (guint t = 0; t < tokens->len; t++)
    {
      Token *token = g_ptr_array_index (tokens, t);
      g_autofree char *joined = NULL;
      const char *text = token->text;
      const char *cursor = text;

      if (rules->moves_separated && t + 1 < tokens->len && strpbrk (text, "xX") == NULL)
        {
          const char *next = ((Token *) g_ptr_array_index (tokens, t + 1))->text;

          if (next[0] == 'x' || next[0] == 'X')
            {
              text = cursor = joined = g_strconcat (token->text, next, NULL);
              t++;
            }
        }

      while (*cursor != '\0')
        {
          g_autoptr(GError) local = NULL;
          g_autofree char *word = NULL;
          const char *start = cursor;
          TafelMove move;

          index++;
          if (!rules->parse_move (last_state (self), &cursor, &move, &local) ||
              cursor == start || (rules->moves_separated && *cursor != '\0'))
            {
              if (local == NULL)
                {
                  g_autofree char *snippet = tafel_error_snippet (start, strlen (start));
                  g_set_error (&local, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                               /* Translators: %s is the text that is not a move */
                               _("“%s” is not a move"), snippet);
                }
              return fail_at (error, token->line,
                              token->column + (guint) g_utf8_pointer_to_offset (text, start),
                              "%s", local->message);
            }

          word = g_strndup (start, cursor - start);
          if (!append (self, &move, index, word, &local))
            return fail_line (error, token->line, "%s", local->message);
        }
    }

  return TRUE;
}

/* The rules of @game's variant @key: "standard" (and Mill's "nine") is
 * the default, otherwise one of the game's variants; NULL if unknown. */
static const TafelRules *
variant_rules (TafelGame   game,
               const char *key)
{
  if (strcmp (key, "standard") == 0)
    return tafel_rules_get (game);
  return tafel_rules_get_variant (game, key);
}

/**
 * tafel_game_record_parse:
 * @text: a .tafel file, a bare move list or a numbered move-list text
 * @length: the length of @text, or -1 when it ends with a NUL
 * @game: the game of a bare move list in digits (the games other than
 *   Mill cannot be told apart by their moves); Mill's notation and a
 *   file's header name their game themselves
 * @error: return location for a TAFEL_ERROR_FORMAT naming the line
 *
 * Returns: (transfer full) (nullable): the game, with every move checked
 */
TafelGameRecord *
tafel_game_record_parse (const char *text,
                         gssize      length,
                         TafelGame   game,
                         GError    **error)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  return tafel_game_record_parse_for_rules (text, length, tafel_rules_get (game), error);
}

/**
 * tafel_game_record_parse_for_rules:
 * @fallback: the game and variant of a bare move list: the variant shown,
 *   so that a list pasted into Twelve Men's Morris is read as Twelve's
 *   (Mill's notation read while another game is shown, and a Mill FEN,
 *   are Nine's)
 *
 * As tafel_game_record_parse (), with a variant for a bare move list.
 */
TafelGameRecord *
tafel_game_record_parse_for_rules (const char       *text,
                                   gssize            length,
                                   const TafelRules *fallback,
                                   GError          **error)
{
  g_auto(Parsed) p = { 0 };
  g_autoptr(TafelGameRecord) self = NULL;
  g_autoptr(GError) local = NULL;
  const TafelRules *rules;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (fallback != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  p.keys = g_ptr_array_new_with_free_func (g_free);
  p.values = g_ptr_array_new_with_free_func (g_free);
  p.tokens = g_ptr_array_new_with_free_func (token_free);

  if (!read_text (&p, text, length < 0 ? strlen (text) : (gsize) length, error))
    return NULL;

  if (p.game != NULL)
    {
      if ((rules = tafel_rules_lookup (p.game)) == NULL)
        {
          fail_line (error, p.game_line,
                     _("the game “%s” is not known (infinity, tictactoe, connect-four, mill)"),
                     p.game);
          return NULL;
        }
    }
  else if (p.fen != NULL)
    rules = tafel_rules_get (TAFEL_GAME_MILL);
  else if (looks_like_mill (p.tokens))
    rules = fallback->game == TAFEL_GAME_MILL ? fallback : tafel_rules_get (TAFEL_GAME_MILL);
  else
    rules = fallback;
  if (p.variant != NULL && (rules = variant_rules (rules->game, p.variant)) == NULL)
    {
      fail_line (error, p.variant_line, _("the variant “%s” is not known"), p.variant);
      return NULL;
    }

  if (!p.has_header && p.tokens->len == 0 && p.end == NULL)
    {
      g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                           _("The text holds no moves"));
      return NULL;
    }

  self = tafel_game_record_new_for_rules (rules);
  if (p.fen != NULL && !tafel_game_record_set_fen (self, p.fen, &local))
    {
      fail_line (error, p.fen_line, "%s", local->message);
      return NULL;
    }
  for (guint i = 0; i < p.keys->len; i++)
    tafel_game_record_set_header (self, g_ptr_array_index (p.keys, i), g_ptr_array_index (p.values, i));

  if (!replay (self, p.tokens, error))
    return NULL;

  if (p.has_header)
    {
      const char *result = tafel_game_record_get_result (self);

      if (p.end == NULL)
        {
          fail_line (error, p.n_lines, "%s",
                     _("the moves do not end with a result (1-0, 0-1, 1/2-1/2 or *); "
                       "the file may be cut short"));
          return NULL;
        }
      if (p.result != NULL && strcmp (p.result, p.end) != 0)
        {
          fail_line (error, p.end_line, _("the result %s differs from the header’s %s"),
                     p.end, p.result);
          return NULL;
        }
      if (strcmp (p.end, result) != 0)
        {
          fail_line (error, p.end_line, _("the result %s does not match the moves, which give %s"),
                     p.end, result);
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

/**
 * tafel_game_record_play_text:
 * @moves: moves in the game's notation, blanks and line breaks allowed
 *   (move numbers, comments and a result token are skipped)
 *
 * Appends @moves.  On error the record is left as it was.
 *
 * Returns: %TRUE if every move was legal
 */
gboolean
tafel_game_record_play_text (TafelGameRecord  *self,
                             const char       *moves,
                             GError          **error)
{
  g_autoptr(GPtrArray) tokens = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_lines, before;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (self), FALSE);
  g_return_val_if_fail (moves != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*moves == '\0')
    return TRUE;
  if ((lines = split_lines (moves, strlen (moves), &n_lines, error)) == NULL)
    return FALSE;

  tokens = g_ptr_array_new_with_free_func (token_free);
  {
    Parsed p = { .tokens = tokens };
    gboolean ok = read_moves (&p, lines, 0, n_lines, error);

    g_free (p.end);
    if (!ok)
      return FALSE;
  }

  before = self->moves->len;
  if (!replay (self, tokens, error))
    {
      truncate_to (self, before);
      return FALSE;
    }
  return TRUE;
}
