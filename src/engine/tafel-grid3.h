/* tafel-grid3.h: the 3x3 board shared by Tic-Tac-Toe and Infinity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

#define TAFEL_GRID3_CELLS 9
#define TAFEL_GRID3_LINES 8

extern const TafelBoard tafel_grid3_board;
/* The 8 lines as cell masks: rows, columns, main and anti diagonal. */
extern const guint16 tafel_grid3_line_masks[TAFEL_GRID3_LINES];

/* Adds every line contained in @mask to @outcome (marks and lines). */
guint    tafel_grid3_collect_lines (guint16       mask,
                                    TafelOutcome *outcome);
gboolean tafel_grid3_has_line      (guint16       mask);
/* The notation of both games (cells 1-9), as TafelRules hooks. */
gboolean tafel_grid3_parse_move    (const TafelState *state,
                                    const char      **cursor,
                                    TafelMove        *move,
                                    GError          **error);
void     tafel_grid3_format_move   (const TafelState *state,
                                    const TafelMove  *move,
                                    GString          *out);

G_END_DECLS
