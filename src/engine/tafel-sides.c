/* tafel-sides.c: what the two sides of each game are called
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tafel-sides.h"

static const char *const side_keys[TAFEL_N_GAMES][2] = {
  [TAFEL_GAME_INFINITY] = { "X", "O" },
  [TAFEL_GAME_TICTACTOE] = { "X", "O" },
  [TAFEL_GAME_CONNECT_FOUR] = { N_("Red"), N_("Yellow") },
  [TAFEL_GAME_MILL] = { N_("White"), N_("Black") },
};

const char *
tafel_side_key (TafelGame game,
                int       side)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);
  g_return_val_if_fail (side == 0 || side == 1, NULL);

  return side_keys[game][side];
}

const char *
tafel_side_name (TafelGame game,
                 int       side)
{
  const char *key = tafel_side_key (game, side);

  /* The letters of the grid games are the same in every language. */
  if (game == TAFEL_GAME_INFINITY || game == TAFEL_GAME_TICTACTOE)
    return key;

  return key != NULL ? _(key) : NULL;
}
