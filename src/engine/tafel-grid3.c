/* tafel-grid3.c: the 3x3 board shared by Tic-Tac-Toe and Infinity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-grid3.h"

static const TafelBoardPoint grid3_points[TAFEL_GRID3_CELLS] = {
  { 1 / 6., 1 / 6. }, { 3 / 6., 1 / 6. }, { 5 / 6., 1 / 6. },
  { 1 / 6., 3 / 6. }, { 3 / 6., 3 / 6. }, { 5 / 6., 3 / 6. },
  { 1 / 6., 5 / 6. }, { 3 / 6., 5 / 6. }, { 5 / 6., 5 / 6. },
};

static const char *const grid3_names[TAFEL_GRID3_CELLS] = {
  "1", "2", "3", "4", "5", "6", "7", "8", "9",
};

/* Rows first, then columns, then the main and the anti-diagonal. */
static const guint8 grid3_lines[TAFEL_GRID3_LINES * 3] = {
  0, 1, 2,  3, 4, 5,  6, 7, 8,
  0, 3, 6,  1, 4, 7,  2, 5, 8,
  0, 4, 8,  2, 4, 6,
};

static const guint8 grid3_targets[TAFEL_GRID3_CELLS] = {
  0, 1, 2, 3, 4, 5, 6, 7, 8,
};

const guint16 tafel_grid3_line_masks[TAFEL_GRID3_LINES] = {
  0007, 0070, 0700,
  0111, 0222, 0444,
  0421, 0124,
};

const TafelBoard tafel_grid3_board = {
  .style = TAFEL_BOARD_GRID,
  .columns = 3,
  .rows = 3,
  .n_points = TAFEL_GRID3_CELLS,
  .points = grid3_points,
  .point_names = grid3_names,
  .line_len = 3,
  .n_lines = TAFEL_GRID3_LINES,
  .lines = grid3_lines,
  .n_edges = 0,
  .edges = NULL,
  .n_targets = TAFEL_GRID3_CELLS,
  .target_of_point = grid3_targets,
  .point_radius = 0.09,
};

gboolean
tafel_grid3_has_line (guint16 mask)
{
  for (guint i = 0; i < TAFEL_GRID3_LINES; i++)
    if ((mask & tafel_grid3_line_masks[i]) == tafel_grid3_line_masks[i])
      return TRUE;

  return FALSE;
}

guint
tafel_grid3_collect_lines (guint16       mask,
                           TafelOutcome *outcome)
{
  guint16 marked = 0;

  for (guint i = 0; i < TAFEL_GRID3_LINES; i++)
    {
      if ((mask & tafel_grid3_line_masks[i]) != tafel_grid3_line_masks[i])
        continue;
      outcome->lines[outcome->n_lines++] = i;
      marked |= tafel_grid3_line_masks[i];
    }

  for (guint cell = 0; cell < TAFEL_GRID3_CELLS; cell++)
    if (marked & (1u << cell))
      outcome->marks[outcome->n_marks++] = cell;

  return outcome->n_lines;
}

gboolean
tafel_grid3_parse_move (const TafelState *state,
                        const char      **cursor,
                        TafelMove        *move,
                        GError          **error)
{
  char c = **cursor;

  if (c < '1' || c > '9')
    {
      g_autofree char *word = tafel_error_snippet (*cursor, 8);

      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                   /* Translators: %s is the text that is not a cell */
                   _("“%s” is not a cell (1 to 9)"), word);
      return FALSE;
    }

  move->len = 1;
  move->path[0] = c - '1';
  (*cursor)++;

  return TRUE;
}

void
tafel_grid3_format_move (const TafelState *state,
                         const TafelMove  *move,
                         GString          *out)
{
  g_string_append_c (out, '1' + move->path[0]);
}
