/* fuzz-rules.h: the rules a fuzz input's first byte picks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-rules.h"

/* Every variant of every game: the games' defaults in TafelGame order,
 * then the other variants (Mill's). */
static inline const TafelRules *
fuzz_rules (guint8 byte)
{
  static const TafelRules *all[32];
  static guint n;

  if (n == 0)
    {
      for (guint g = 0; g < TAFEL_N_GAMES; g++)
        all[n++] = tafel_rules_get (g);
      for (guint g = 0; g < TAFEL_N_GAMES; g++)
        for (const TafelRules *const *v = tafel_rules_get_variants (g) + 1; *v != NULL; v++)
          all[n++] = *v;
    }
  return all[byte % n];
}
