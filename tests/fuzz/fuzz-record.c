/* fuzz-record.c: libFuzzer target for the game-record reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes go to tafel_game_record_parse () (the first byte picks the
 * game a bare digit list is read as).  Besides crashes, leaks and
 * undefined behaviour, the target aborts when:
 *  - a failure is not TAFEL_ERROR_FORMAT with a valid UTF-8 message that
 *    names a line, or comes with a record;
 *  - a success has moves that do not replay from its start, or a result
 *    other than the moves give;
 *  - a record written out (.tafel, numbered text) does not read back to
 *    the same game.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-game-record.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-record: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

static void
require_same (TafelGameRecord *a,
              TafelGameRecord *b)
{
  const TafelRules *rules = tafel_game_record_get_rules (a);

  REQUIRE (b != NULL);
  REQUIRE (tafel_game_record_get_game (a) == tafel_game_record_get_game (b));
  REQUIRE (g_strcmp0 (tafel_game_record_get_fen (a), tafel_game_record_get_fen (b)) == 0);
  REQUIRE (tafel_game_record_get_n_moves (a) == tafel_game_record_get_n_moves (b));
  for (guint i = 0; i < tafel_game_record_get_n_moves (a); i++)
    REQUIRE (tafel_move_equal (tafel_game_record_get_move (a, i), tafel_game_record_get_move (b, i)));
  REQUIRE (rules->hash (tafel_game_record_get_state (a, tafel_game_record_get_n_moves (a))) ==
           rules->hash (tafel_game_record_get_state (b, tafel_game_record_get_n_moves (b))));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(TafelGameRecord) record = NULL;
  g_autoptr(TafelGameRecord) again = NULL;
  g_autoptr(TafelGameRecord) numbered = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *numbered_text = NULL;
  const TafelRules *rules;
  TafelGame game;

  if (size < 1 || size > 1 << 16)
    return 0;
  game = data[0] % TAFEL_N_GAMES;

  record = tafel_game_record_parse ((const char *) data + 1, size - 1, game, &error);
  if (record == NULL)
    {
      REQUIRE (g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT));
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  REQUIRE (error == NULL);

  /* Every move replays from the start. */
  rules = tafel_game_record_get_rules (record);
  for (guint i = 0; i < tafel_game_record_get_n_moves (record); i++)
    {
      TafelState state = *tafel_game_record_get_state (record, i);
      TafelUndo undo;

      REQUIRE (tafel_rules_is_legal (rules, &state, tafel_game_record_get_move (record, i)));
      rules->make (&state, tafel_game_record_get_move (record, i), &undo);
      REQUIRE (rules->hash (&state) == rules->hash (tafel_game_record_get_state (record, i + 1)));
    }

  text = tafel_game_record_to_text (record);
  again = tafel_game_record_parse (text, -1, game, NULL);
  require_same (record, again);

  numbered_text = tafel_game_record_to_numbered (record);
  numbered = tafel_game_record_parse (numbered_text, -1, tafel_game_record_get_game (record), NULL);
  require_same (record, numbered);

  return 0;
}
