/* tafel-board.h: board geometry as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each game describes its board as tables: points in the unit square,
 * the lines that win (or form mills), the connections between points and
 * the click targets.  The rules and the board widget read the same tables.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TAFEL_BOARD_GRID,      /* Tic-Tac-Toe and Infinity: cells with grid lines */
  TAFEL_BOARD_FRAME,     /* Connect Four: a frame with round holes */
  TAFEL_BOARD_LINES,     /* Mill: points joined by lines */
} TafelBoardStyle;

typedef struct {
  double x, y;           /* centre in the unit square, y down */
} TafelBoardPoint;

typedef struct {
  TafelBoardStyle style;
  guint columns, rows;                 /* grid boards; 0 otherwise */
  guint n_points;
  const TafelBoardPoint *points;
  const char *const *point_names;      /* notation of each point */
  guint line_len;
  guint n_lines;
  const guint8 *lines;                 /* n_lines * line_len point indexes */
  guint n_edges;
  const guint8 (*edges)[2];            /* drawn connections (Mill) */
  /* Click targets: a move path names targets; each point belongs to one. */
  guint n_targets;
  const guint8 *target_of_point;       /* n_points entries */
  double point_radius;                 /* size of a stone, unit square */
} TafelBoard;

G_END_DECLS
