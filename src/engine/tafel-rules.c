/* tafel-rules.c: the registry of games and what all games share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-rules.h"
#include "tafel-games.h"

G_DEFINE_QUARK (tafel-error-quark, tafel_error)

#define SNIPPET_MAX 16

/**
 * tafel_text_escape:
 * @text: bytes, not necessarily UTF-8 (a NUL ends them)
 * @length: at most this many bytes of @text are shown
 *
 * @text as it may be shown in a message or on a terminal: valid UTF-8
 * with no control characters.  Printable characters stay as they are;
 * a newline, a carriage return and a tab are written \n, \r and \t, other
 * control characters and bytes that are not UTF-8 \xNN.  A backslash
 * stays as it is, so that escaping twice changes nothing.
 * Cut between characters; "…" is added where @text went on.
 */
char *
tafel_text_escape (const char *text,
                   gsize       length)
{
  GString *out;
  gsize n;
  const char *p, *end;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_string_new (NULL);
  n = strnlen (text, length);
  p = text;
  end = text + n;

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);
      guchar byte = (guchar) *p;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", byte);
          p++;
          continue;
        }
      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        g_string_append_printf (out, "\\x%02x", (guint) c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  if (n == length && text[n] != '\0')
    g_string_append (out, "…");

  return g_string_free (out, FALSE);
}

char *
tafel_error_snippet (const char *text,
                     gsize       length)
{
  return tafel_text_escape (text, MIN (length, SNIPPET_MAX));
}

static const TafelRules *const all_rules[TAFEL_N_GAMES] = {
  [TAFEL_GAME_INFINITY] = &tafel_infinity_rules,
  [TAFEL_GAME_TICTACTOE] = &tafel_tictactoe_rules,
  [TAFEL_GAME_CONNECT_FOUR] = &tafel_connect_four_rules,
  [TAFEL_GAME_MILL] = &tafel_mill_rules,
};

/* A game's variants, its default first; NULL-terminated.  The games
 * without variants have their one rules table. */
static const TafelRules *const *
variants_of (TafelGame game)
{
  static const TafelRules *single[TAFEL_N_GAMES][2];
  static gsize filled;

  if (game == TAFEL_GAME_MILL)
    return tafel_mill_variant_rules ();

  if (g_once_init_enter (&filled))
    {
      for (guint i = 0; i < TAFEL_N_GAMES; i++)
        single[i][0] = all_rules[i];
      g_once_init_leave (&filled, 1);
    }
  return single[game];
}

static const char *const level_keys[TAFEL_N_LEVELS] = {
  [TAFEL_LEVEL_RELAXED] = "relaxed",
  [TAFEL_LEVEL_MEDIUM] = "medium",
  [TAFEL_LEVEL_HARD] = "hard",
  [TAFEL_LEVEL_IMPOSSIBLE] = "impossible",
};

const char *
tafel_level_to_key (TafelLevel level)
{
  g_return_val_if_fail ((guint) level < TAFEL_N_LEVELS, NULL);

  return level_keys[level];
}

gboolean
tafel_level_from_key (const char *key,
                      TafelLevel *level)
{
  for (guint i = 0; i < TAFEL_N_LEVELS; i++)
    if (g_strcmp0 (level_keys[i], key) == 0)
      {
        *level = i;
        return TRUE;
      }

  return FALSE;
}

const TafelRules *
tafel_rules_get (TafelGame game)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  return all_rules[game];
}

const TafelRules *
tafel_rules_lookup (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < TAFEL_N_GAMES; i++)
    if (g_strcmp0 (all_rules[i]->key, key) == 0)
      return all_rules[i];

  return NULL;
}

const char *const *
tafel_rules_keys (void)
{
  static const char *keys[TAFEL_N_GAMES + 1];
  static gsize filled;

  if (g_once_init_enter (&filled))
    {
      for (guint i = 0; i < TAFEL_N_GAMES; i++)
        keys[i] = all_rules[i]->key;
      g_once_init_leave (&filled, 1);
    }

  return keys;
}

/**
 * tafel_rules_get_variants:
 * @game: a game
 *
 * The rules of each of @game's variants (Mill's Nine, Twelve, ...), its
 * default first; a game without variants has its one rules.
 *
 * Returns: (transfer none): a NULL-terminated list
 */
const TafelRules *const *
tafel_rules_get_variants (TafelGame game)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  return variants_of (game);
}

/**
 * tafel_rules_get_variant:
 * @game: a game
 * @variant: (nullable): a variant's key ("twelve"), or NULL for the default
 *
 * Returns: (nullable): the rules of @game's @variant, NULL if @game has no
 * such variant
 */
const TafelRules *
tafel_rules_get_variant (TafelGame   game,
                         const char *variant)
{
  const TafelRules *const *list;

  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  list = variants_of (game);
  if (variant == NULL)
    return list[0];
  for (guint i = 0; list[i] != NULL; i++)
    if (g_strcmp0 (list[i]->variant, variant) == 0)
      return list[i];
  return NULL;
}

/**
 * tafel_rules_get_id:
 * @rules: the rules of a game's variant
 *
 * What tells a variant's statistics and saved games apart from the
 * others': the game's key for its default variant ("mill"), so that
 * what was kept before there were variants stays the default's, and
 * "key-variant" for the others ("mill-twelve").
 */
const char *
tafel_rules_get_id (const TafelRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return rules->id != NULL ? rules->id : rules->key;
}

/**
 * tafel_rules_lookup_id:
 * @id: what tafel_rules_get_id () returns
 *
 * Returns: (nullable): the rules with @id, or NULL
 */
const TafelRules *
tafel_rules_lookup_id (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint g = 0; g < TAFEL_N_GAMES; g++)
    for (const TafelRules *const *list = variants_of (g); *list != NULL; list++)
      if (strcmp (tafel_rules_get_id (*list), id) == 0)
        return *list;
  return NULL;
}

/**
 * tafel_rules_get_variant_title:
 * @rules: the rules of a game's variant
 *
 * Returns: (nullable): the variant's translated title ("Twelve Men’s
 * Morris"), or NULL for a game without variants
 */
const char *
tafel_rules_get_variant_title (const TafelRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return rules->variant_title != NULL
         ? g_dpgettext2 (GETTEXT_PACKAGE, "variant", rules->variant_title) : NULL;
}

const char *
tafel_rules_get_title (const TafelRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return g_dgettext (GETTEXT_PACKAGE, rules->title);
}

const char *
tafel_rules_get_side_name (const TafelRules *rules,
                           int               side)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (side == 0 || side == 1, NULL);

  return g_dgettext (GETTEXT_PACKAGE, rules->side_names[side]);
}

/**
 * tafel_player_new:
 * @rules: the game
 *
 * Returns: (transfer full) (nullable): a player that keeps @rules' search
 *   tables between requests, or %NULL where the game keeps none
 */
TafelPlayer *
tafel_player_new (const TafelRules *rules)
{
  TafelPlayer *player;

  g_return_val_if_fail (rules != NULL, NULL);

  if (rules->player_new == NULL)
    return NULL;

  player = rules->player_new ();
  g_assert (player->rules->game == rules->game);

  return player;
}

void
tafel_player_free (TafelPlayer *player)
{
  if (player != NULL)
    player->rules->player_free (player);
}

guint64
tafel_player_get_nodes (TafelPlayer *player)
{
  if (player == NULL || player->rules->player_nodes == NULL)
    return 0;

  return player->rules->player_nodes (player);
}

gboolean
tafel_move_equal (const TafelMove *a,
                  const TafelMove *b)
{
  return a->len == b->len && memcmp (a->path, b->path, a->len) == 0;
}

gboolean
tafel_move_has_prefix (const TafelMove *move,
                       const guint8    *path,
                       guint            len)
{
  /* path may be NULL when len is 0; memcmp must not see it then */
  return len <= move->len && (len == 0 || memcmp (move->path, path, len) == 0);
}

gboolean
tafel_rules_is_legal (const TafelRules *rules,
                      const TafelState *state,
                      const TafelMove  *move)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = rules->legal_moves (state, moves);

  for (guint i = 0; i < n; i++)
    if (tafel_move_equal (&moves[i], move))
      return TRUE;

  return FALSE;
}

char *
tafel_rules_format_move (const TafelRules *rules,
                         const TafelState *state,
                         const TafelMove  *move)
{
  GString *out = g_string_new (NULL);

  rules->format_move (state, move, out);

  return g_string_free (out, FALSE);
}

/**
 * tafel_rules_check_move:
 * @rules: the game
 * @state: the position
 * @history: (nullable): the positions before it, for repetition rules
 * @move: the move to check
 * @index: the move's number in its game (1-based), for the message
 * @word: the move as it was written, for the message
 * @error: return location for an error
 *
 * The one test every reader of moves makes: the game is not over and the
 * rules allow @move.
 *
 * Returns: %TRUE if @move may be played at @state
 */
gboolean
tafel_rules_check_move (const TafelRules   *rules,
                        const TafelState   *state,
                        const TafelHistory *history,
                        const TafelMove    *move,
                        guint               index,
                        const char         *word,
                        GError            **error)
{
  TafelOutcome outcome;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (rules != NULL && state != NULL && move != NULL, FALSE);
  g_return_val_if_fail (word != NULL, FALSE);

  rules->outcome (state, history, &outcome);
  if (outcome.status != TAFEL_STATUS_RUNNING)
    {
      /* The move as typed may hold a line break between its parts. */
      shown = tafel_text_escape (word, strlen (word));
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER,
                   /* Translators: %u is the number of the move, %s the move */
                   _("Move %u (%s) comes after the end of the game"),
                   index, shown);
      return FALSE;
    }
  if (!tafel_rules_is_legal (rules, state, move))
    {
      shown = tafel_text_escape (word, strlen (word));
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                   /* Translators: %u is the number of the move, %s the move */
                   _("Move %u (%s) is not allowed in this position"),
                   index, shown);
      return FALSE;
    }

  return TRUE;
}

/**
 * tafel_rules_parse_moves:
 * @rules: the game
 * @text: a move list in the game's notation
 * @state: (out caller-allocates): the position reached
 * @hashes: (nullable): receives the hash of every position before the
 *   last one, oldest first, for repetition rules
 * @error: return location for an error
 *
 * Plays @text from the start, checking every move against the rules.
 *
 * Returns: %TRUE if every move was legal
 */
gboolean
tafel_rules_parse_moves (const TafelRules *rules,
                         const char       *text,
                         TafelState       *state,
                         GArray           *hashes,
                         GError          **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  rules->init (state);

  return tafel_rules_play_moves (rules, text, state, hashes, error);
}

/**
 * tafel_rules_play_moves:
 * @rules: the game
 * @text: a move list in the game's notation
 * @state: (inout): the position to play from, then the position reached
 * @hashes: (nullable): the hashes of the positions before @state, oldest
 *   first; receives the hash of every position played through
 * @error: return location for an error
 *
 * Plays @text from @state, checking every move against the rules.  On an
 * error @state holds the position before the faulty move.
 *
 * Returns: %TRUE if every move was legal
 */
gboolean
tafel_rules_play_moves (const TafelRules *rules,
                        const char       *text,
                        TafelState       *state,
                        GArray           *hashes,
                        GError          **error)
{
  const char *cursor = text;
  guint index = 0;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (;;)
    {
      TafelMove move;
      TafelUndo undo;
      TafelHistory history = { NULL, 0 };
      g_autofree char *word = NULL;
      const char *start;

      while (*cursor == ' ' || *cursor == '\t')
        cursor++;
      if (*cursor == '\0')
        return TRUE;

      index++;
      start = cursor;
      if (!rules->parse_move (state, &cursor, &move, error))
        return FALSE;

      if (hashes != NULL)
        history = (TafelHistory) { (const guint64 *) hashes->data, hashes->len };
      word = g_strndup (start, cursor - start);
      if (!tafel_rules_check_move (rules, state, &history, &move, index, word, error))
        return FALSE;

      if (hashes != NULL)
        {
          guint64 h = rules->hash (state);
          g_array_append_val (hashes, h);
        }
      rules->make (state, &move, &undo);
    }
}
