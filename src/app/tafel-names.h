/* tafel-names.h: what the games' points are called, in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-match.h"

G_BEGIN_DECLS

/* A point as a person would say it: "top left", "column 4, row 2", "d2" */
char       *tafel_names_point    (const TafelRules *rules,
                                  guint             point);
/* Every stone on the board in words, and what vanishes next. */
char       *tafel_names_describe (TafelMatch       *match);

G_END_DECLS
