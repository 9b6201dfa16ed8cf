/* fuzz-save.c: libFuzzer target for the saved-game loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes go to tafel_save_from_data ().  Besides crashes, leaks and
 * undefined behaviour, the target aborts when:
 *  - a failure is not TAFEL_ERROR_FORMAT with a valid UTF-8 message, or
 *    leaves anything in the result;
 *  - a success does not describe a legal game (its moves do not replay
 *    from its start) or
 *    has fields out of range;
 *  - a loaded game written out again does not load to the same game.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "tafel-error.h"
#include "tafel-game-record.h"
#include "tafel-save.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-save: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_auto(TafelSave) save = { 0 };
  g_auto(TafelSave) again = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autoptr(TafelGameRecord) record = NULL;
  gsize length;

  if (size > 1 << 16)
    return 0;

  if (!tafel_save_from_data ((const char *) data, size, &save, &error))
    {
      REQUIRE (g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT));
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      REQUIRE (save.moves == NULL && save.fen == NULL);
      return 0;
    }

  REQUIRE (error == NULL);
  REQUIRE ((guint) save.game < TAFEL_N_GAMES);
  REQUIRE (save.rules != NULL && save.rules->game == save.game);
  REQUIRE ((guint) save.level < TAFEL_N_LEVELS);
  REQUIRE (save.computer_side >= -1 && save.computer_side <= 1);
  REQUIRE (save.moves != NULL);
  record = tafel_game_record_new_for_rules (save.rules);
  REQUIRE (save.fen == NULL || tafel_game_record_set_fen (record, save.fen, NULL));
  REQUIRE (tafel_game_record_play_text (record, save.moves, NULL));

  written = tafel_save_to_data (&save, &length);
  REQUIRE (tafel_save_from_data (written, length, &again, NULL));
  REQUIRE (again.rules == save.rules && again.level == save.level &&
           again.computer_side == save.computer_side);
  REQUIRE (g_strcmp0 (again.moves, save.moves) == 0);
  REQUIRE (g_strcmp0 (again.fen, save.fen) == 0);

  return 0;
}
