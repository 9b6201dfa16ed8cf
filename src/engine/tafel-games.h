/* tafel-games.h: the rules tables of the four games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

extern const TafelRules tafel_infinity_rules;
extern const TafelRules tafel_tictactoe_rules;
extern const TafelRules tafel_connect_four_rules;
extern const TafelRules tafel_mill_rules;

/* Mill's variants, Nine (tafel_mill_rules) first; NULL-terminated. */
const TafelRules *const *tafel_mill_variant_rules (void);

G_END_DECLS
