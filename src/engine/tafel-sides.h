/* tafel-sides.h: what the two sides of each game are called
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One table for every part of Tafel: the command line's JSON and the game
 * records use the untranslated key ("Red"), the window and the review's
 * sentences the translated name ("Rot").  X and O stay X and O.
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

/* "X", "O", "Red", "Yellow", "White", "Black": never translated */
const char *tafel_side_key  (TafelGame game,
                             int       side);
/* The same, translated for people */
const char *tafel_side_name (TafelGame game,
                             int       side);

G_END_DECLS
