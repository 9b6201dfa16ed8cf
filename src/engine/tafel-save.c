/* tafel-save.c: the saved unfinished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-game-record.h"
#include "tafel-save.h"

#define GROUP "Tafel Game"

void
tafel_save_clear (TafelSave *save)
{
  g_clear_pointer (&save->moves, g_free);
  g_clear_pointer (&save->fen, g_free);
}

/**
 * tafel_save_to_data:
 * @save: a game whose moves (and FEN) are legal
 * @length: (out) (optional): the length of the text
 *
 * Returns: (transfer full): the game as a record with its level and the
 *   computer's side
 */
char *
tafel_save_to_data (const TafelSave *save,
                    gsize           *length)
{
  g_autoptr(TafelGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (save != NULL, NULL);

  record = tafel_game_record_new_for_rules (save->rules != NULL ? save->rules
                                                               : tafel_rules_get (save->game));
  if ((save->fen != NULL && !tafel_game_record_set_fen (record, save->fen, &error)) ||
      !tafel_game_record_play_text (record, save->moves != NULL ? save->moves : "", &error))
    g_critical ("tafel_save_to_data: not a legal game: %s", error->message);

  return tafel_save_record_to_data (record, save->level, save->computer_side, length);
}

/**
 * tafel_save_record_to_data:
 * @record: the game, which gets the save's two header fields
 *
 * The save of a game already held as a record, without reading its
 * moves again.
 */
char *
tafel_save_record_to_data (TafelGameRecord *record,
                           TafelLevel       level,
                           int              computer_side,
                           gsize           *length)
{
  g_autofree char *side = NULL;
  char *text;

  g_return_val_if_fail (TAFEL_IS_GAME_RECORD (record), NULL);

  side = g_strdup_printf ("%d", computer_side);
  tafel_game_record_set_header (record, "level", tafel_level_to_key (level));
  tafel_game_record_set_header (record, "computer-side", side);
  text = tafel_game_record_to_text (record);
  if (length != NULL)
    *length = strlen (text);
  return text;
}

static gboolean
fail (GError     **error,
      const char  *reason)
{
  /* GKeyFile quotes the bad line as it is: the message must be UTF-8. */
  g_autofree char *valid = g_utf8_make_valid (reason, -1);

  g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
               /* Translators: %s says what is wrong with the file */
               _("Not a saved game of this version of Tafel: %s"), valid);
  return FALSE;
}

/* The key file of version 1. */
static gboolean
from_key_file (const char  *data,
               gssize       length,
               TafelSave   *save,
               GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *game = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *level = NULL;
  const TafelRules *rules;
  TafelLevel level_value;
  g_autoptr(TafelGameRecord) record = NULL;
  gint64 version, side;

  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local_error))
    return fail (error, local_error->message);

  version = g_key_file_get_int64 (file, GROUP, "version", &local_error);
  if (local_error != NULL)
    return fail (error, local_error->message);
  if (version != TAFEL_SAVE_VERSION)
    return fail (error, _("the version is not 1"));

  if ((game = g_key_file_get_string (file, GROUP, "game", NULL)) == NULL ||
      (rules = tafel_rules_lookup (game)) == NULL)
    return fail (error, _("the game is missing or unknown"));
  if ((level = g_key_file_get_string (file, GROUP, "level", NULL)) == NULL ||
      !tafel_level_from_key (level, &level_value))
    return fail (error, _("the level is missing or unknown"));
  side = g_key_file_get_int64 (file, GROUP, "computer-side", &local_error);
  if (local_error != NULL || side < -1 || side > 1)
    return fail (error, _("the computer’s side is missing or wrong"));
  if ((moves = g_key_file_get_string (file, GROUP, "moves", NULL)) == NULL)
    return fail (error, _("the moves are missing"));

  /* Written again as a record, the moves get the record's spacing. */
  record = tafel_game_record_new (rules->game);
  if (!tafel_game_record_play_text (record, moves, &local_error))
    return fail (error, local_error->message);

  save->game = rules->game;
  save->rules = rules;
  save->moves = tafel_game_record_to_moves (record);
  save->level = level_value;
  save->computer_side = side;
  return TRUE;
}

/* A record with the save's header fields. */
static gboolean
from_record (const char  *data,
             gssize       length,
             TafelSave   *save,
             GError     **error)
{
  g_autoptr(TafelGameRecord) record = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *level, *side;
  TafelLevel level_value;
  gint64 side_value;

  if ((record = tafel_game_record_parse (data, length, TAFEL_GAME_INFINITY, &local_error)) == NULL)
    return fail (error, local_error->message);
  if ((level = tafel_game_record_get_header (record, "level")) == NULL ||
      !tafel_level_from_key (level, &level_value))
    return fail (error, _("the level is missing or unknown"));
  if ((side = tafel_game_record_get_header (record, "computer-side")) == NULL ||
      !g_ascii_string_to_signed (side, 10, -1, 1, &side_value, NULL))
    return fail (error, _("the computer’s side is missing or wrong"));

  save->game = tafel_game_record_get_game (record);
  save->rules = tafel_game_record_get_rules (record);
  save->moves = tafel_game_record_to_moves (record);
  save->fen = g_strdup (tafel_game_record_get_fen (record));
  save->level = level_value;
  save->computer_side = side_value;
  return TRUE;
}

/**
 * tafel_save_from_data:
 * @data: the file's contents
 * @length: their length, or -1 when @data ends with a NUL
 * @save: (out caller-allocates): the game, when the file is good
 *
 * Returns: %TRUE if @data is a saved game (a record, or the key file of
 *   version 1) with legal moves
 */
gboolean
tafel_save_from_data (const char  *data,
                      gssize       length,
                      TafelSave   *save,
                      GError     **error)
{
  const char *start;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (save != NULL, FALSE);

  if (length < 0)
    length = strlen (data);
  if (memchr (data, '\0', length) != NULL)
    return fail (error, _("it contains a NUL byte"));

  for (start = data; start < data + length && g_ascii_isspace (*start); start++)
    ;
  if (start < data + length && *start == '[')
    return from_key_file (data, length, save, error);
  return from_record (data, length, save, error);
}
