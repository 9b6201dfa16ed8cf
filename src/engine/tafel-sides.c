/* tafel-sides.c: what the two sides of each game are called
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tafel-sides.h"

/* The names live in each game's rules table; these read them. */
const char *
tafel_side_key (TafelGame game,
                int       side)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);
  g_return_val_if_fail (side == 0 || side == 1, NULL);

  return tafel_rules_get (game)->side_names[side];
}

const char *
tafel_side_name (TafelGame game,
                 int       side)
{
  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  return tafel_rules_get_side_name (tafel_rules_get (game), side);
}
