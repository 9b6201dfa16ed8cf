/* tafel-connect-four.c: Connect Four (Vier gewinnt)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 7 columns x 6 rows; a disc falls to the lowest empty cell of the chosen
 * column; four in a row horizontally, vertically or diagonally wins; a full
 * board without a four is a draw.  Side 0 (Red) moves first.
 *
 * The state is the bitboard of tafel-c4-position.h.  Board points are the
 * 42 cells row by row from the top left; the click target of a cell is its
 * column.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-c4-book.h"
#include "tafel-c4-position.h"
#include "tafel-c4-player.h"
#include "tafel-c4-solver.h"
#include "tafel-error.h"
#include "tafel-games.h"

typedef struct {
  guint64 current;
  guint64 mask;
  guint8 moves;
} ConnectFour;

G_STATIC_ASSERT (sizeof (ConnectFour) <= sizeof (TafelState));

#define C4(s) ((ConnectFour *) (s)->bytes)
#define CC4(s) ((const ConnectFour *) (s)->bytes)

#define N_LINES 69

/* ---- board data ---------------------------------------------------- */

/* Cell size 1/7; the six rows are centred vertically. */
#define PX(c) (((c) + 0.5) / 7.)
#define PY(r) ((0.5 / 7.) + ((r) + 0.5) / 7.)
#define ROW(r) \
  { PX (0), PY (r) }, { PX (1), PY (r) }, { PX (2), PY (r) }, { PX (3), PY (r) }, \
  { PX (4), PY (r) }, { PX (5), PY (r) }, { PX (6), PY (r) }

static const TafelBoardPoint c4_points[TAFEL_C4_CELLS] = {
  ROW (0), ROW (1), ROW (2), ROW (3), ROW (4), ROW (5),
};

/* Cells named by column letter and row number from the bottom, as the
 * usual diagrams do; moves are written as column digits. */
#define NAMES(r) "a" #r, "b" #r, "c" #r, "d" #r, "e" #r, "f" #r, "g" #r
static const char *const c4_names[TAFEL_C4_CELLS] = {
  NAMES (6), NAMES (5), NAMES (4), NAMES (3), NAMES (2), NAMES (1),
};

static const guint8 c4_targets[TAFEL_C4_CELLS] = {
  0, 1, 2, 3, 4, 5, 6,  0, 1, 2, 3, 4, 5, 6,  0, 1, 2, 3, 4, 5, 6,
  0, 1, 2, 3, 4, 5, 6,  0, 1, 2, 3, 4, 5, 6,  0, 1, 2, 3, 4, 5, 6,
};

/* The 69 fours as point indexes: 24 horizontal, 21 vertical, 12 rising
 * to the right, 12 falling to the right. */
static const guint8 c4_lines[N_LINES * 4] = {
   0,  1,  2,  3,   1,  2,  3,  4,   2,  3,  4,  5,   3,  4,  5,  6,
   7,  8,  9, 10,   8,  9, 10, 11,   9, 10, 11, 12,  10, 11, 12, 13,
  14, 15, 16, 17,  15, 16, 17, 18,  16, 17, 18, 19,  17, 18, 19, 20,
  21, 22, 23, 24,  22, 23, 24, 25,  23, 24, 25, 26,  24, 25, 26, 27,
  28, 29, 30, 31,  29, 30, 31, 32,  30, 31, 32, 33,  31, 32, 33, 34,
  35, 36, 37, 38,  36, 37, 38, 39,  37, 38, 39, 40,  38, 39, 40, 41,
  21, 14,  7,  0,  22, 15,  8,  1,  23, 16,  9,  2,  24, 17, 10,  3,
  25, 18, 11,  4,  26, 19, 12,  5,  27, 20, 13,  6,  28, 21, 14,  7,
  29, 22, 15,  8,  30, 23, 16,  9,  31, 24, 17, 10,  32, 25, 18, 11,
  33, 26, 19, 12,  34, 27, 20, 13,  35, 28, 21, 14,  36, 29, 22, 15,
  37, 30, 23, 16,  38, 31, 24, 17,  39, 32, 25, 18,  40, 33, 26, 19,
  41, 34, 27, 20,   0,  8, 16, 24,   1,  9, 17, 25,   2, 10, 18, 26,
   3, 11, 19, 27,   7, 15, 23, 31,   8, 16, 24, 32,   9, 17, 25, 33,
  10, 18, 26, 34,  14, 22, 30, 38,  15, 23, 31, 39,  16, 24, 32, 40,
  17, 25, 33, 41,  21, 15,  9,  3,  22, 16, 10,  4,  23, 17, 11,  5,
  24, 18, 12,  6,  28, 22, 16, 10,  29, 23, 17, 11,  30, 24, 18, 12,
  31, 25, 19, 13,  35, 29, 23, 17,  36, 30, 24, 18,  37, 31, 25, 19,
  38, 32, 26, 20,
};

static int
point_of (int col,
          int row)
{
  return (TAFEL_C4_HEIGHT - 1 - row) * TAFEL_C4_WIDTH + col;
}

static guint64
point_bit (guint point)
{
  return tafel_c4_cell_bit (point % TAFEL_C4_WIDTH,
                            TAFEL_C4_HEIGHT - 1 - (int) (point / TAFEL_C4_WIDTH));
}

static guint64
line_bits (guint line)
{
  guint64 bits = 0;

  for (guint k = 0; k < 4; k++)
    bits |= point_bit (c4_lines[line * 4 + k]);

  return bits;
}

static const TafelBoard c4_board = {
  .style = TAFEL_BOARD_FRAME,
  .columns = TAFEL_C4_WIDTH,
  .rows = TAFEL_C4_HEIGHT,
  .n_points = TAFEL_C4_CELLS,
  .points = c4_points,
  .point_names = c4_names,
  .line_len = 4,
  .n_lines = N_LINES,
  .lines = c4_lines,
  .n_edges = 0,
  .edges = NULL,
  .n_targets = TAFEL_C4_WIDTH,
  .target_of_point = c4_targets,
  .point_radius = 0.42 / 7.,
};

/* ---- rules --------------------------------------------------------- */

static TafelC4Pos
pos_of (const TafelState *state)
{
  const ConnectFour *g = CC4 (state);

  return (TafelC4Pos) { g->current, g->mask, g->moves };
}

void
tafel_connect_four_get_position (const TafelState *state,
                                 TafelC4Pos       *pos)
{
  *pos = pos_of (state);
}

void
tafel_connect_four_set_position (TafelState       *state,
                                 const TafelC4Pos *pos)
{
  ConnectFour *g = C4 (state);

  memset (state, 0, sizeof *state);
  g->current = pos->current;
  g->mask = pos->mask;
  g->moves = pos->moves;
}

static void
c4_init (TafelState *state)
{
  memset (state, 0, sizeof *state);
}

static guint
c4_ply (const TafelState *state)
{
  return CC4 (state)->moves;
}

static int
c4_side_to_move (const TafelState *state)
{
  return CC4 (state)->moves & 1;
}

/* Stones of @side. */
static guint64
side_stones (const ConnectFour *g,
             int                side)
{
  return (int) (g->moves & 1) == side ? g->current : g->current ^ g->mask;
}

static void
c4_outcome (const TafelState   *state,
            const TafelHistory *history,
            TafelOutcome       *outcome)
{
  const ConnectFour *g = CC4 (state);

  memset (outcome, 0, sizeof *outcome);
  outcome->winner = TAFEL_SIDE_NONE;

  if (g->moves > 0)
    {
      /* Only the side that moved last can hold a four; every four it holds
       * passes through its last stone. */
      int mover = (g->moves - 1) & 1;
      guint64 stones = side_stones (g, mover);

      if (tafel_c4_alignment (stones))
        {
          guint64 marked = 0;

          outcome->status = TAFEL_STATUS_WON;
          outcome->winner = mover;
          for (guint i = 0; i < N_LINES; i++)
            {
              guint64 bits = line_bits (i);

              if ((stones & bits) != bits)
                continue;
              if (outcome->n_lines < G_N_ELEMENTS (outcome->lines))
                outcome->lines[outcome->n_lines++] = i;
              marked |= bits;
            }
          for (int row = TAFEL_C4_HEIGHT - 1; row >= 0; row--)
            for (int col = 0; col < TAFEL_C4_WIDTH; col++)
              if ((marked & tafel_c4_cell_bit (col, row))
                  && outcome->n_marks < TAFEL_MAX_MARKS)
                outcome->marks[outcome->n_marks++] = point_of (col, row);
          return;
        }
    }

  if (g->moves >= TAFEL_C4_CELLS)
    outcome->status = TAFEL_STATUS_DRAWN;
}

static gboolean
c4_is_over (const ConnectFour *g)
{
  return g->moves >= TAFEL_C4_CELLS || tafel_c4_alignment (g->current ^ g->mask);
}

static guint
c4_legal_moves (const TafelState *state,
                TafelMove        *moves)
{
  const ConnectFour *g = CC4 (state);
  TafelC4Pos p = pos_of (state);
  guint n = 0;

  if (c4_is_over (g))
    return 0;

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    if (tafel_c4_can_play (&p, col))
      moves[n++] = (TafelMove) { 1, { col } };

  return n;
}

static void
c4_make (TafelState      *state,
         const TafelMove *move,
         TafelUndo       *undo)
{
  ConnectFour *g = C4 (state);
  TafelC4Pos p = pos_of (state);

  g_return_if_fail (move->path[0] < TAFEL_C4_WIDTH);

  tafel_c4_play_col (&p, move->path[0]);
  g->current = p.current;
  g->mask = p.mask;
  g->moves = p.moves;
}

static void
c4_unmake (TafelState      *state,
           const TafelMove *move,
           const TafelUndo *undo)
{
  ConnectFour *g = C4 (state);
  TafelC4Pos p = pos_of (state);

  g_return_if_fail (move->path[0] < TAFEL_C4_WIDTH);
  g_return_if_fail (p.mask & tafel_c4_column_mask (move->path[0]));

  tafel_c4_unplay_col (&p, move->path[0]);
  g->current = p.current;
  g->mask = p.mask;
  g->moves = p.moves;
}

static guint64
c4_hash (const TafelState *state)
{
  TafelC4Pos p = pos_of (state);

  /* Exact: the key determines both sides' stones. */
  return tafel_c4_key (&p);
}

static void
c4_point_info (const TafelState *state,
               TafelPointInfo   *info)
{
  const ConnectFour *g = CC4 (state);
  guint64 s0 = side_stones (g, 0), s1 = side_stones (g, 1);

  memset (info, 0, TAFEL_C4_CELLS * sizeof *info);
  for (int row = 0; row < TAFEL_C4_HEIGHT; row++)
    for (int col = 0; col < TAFEL_C4_WIDTH; col++)
      {
        guint64 bit = tafel_c4_cell_bit (col, row);

        if (s0 & bit)
          info[point_of (col, row)].owner = TAFEL_POINT_SIDE0;
        else if (s1 & bit)
          info[point_of (col, row)].owner = TAFEL_POINT_SIDE1;
      }
}

static gboolean
c4_parse_move (const TafelState *state,
               const char      **cursor,
               TafelMove        *move,
               GError          **error)
{
  char c = **cursor;

  if (c < '1' || c > '7')
    {
      g_autofree char *word = tafel_error_snippet (*cursor, 8);

      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                   /* Translators: %s is the text that is not a column */
                   _("“%s” is not a column (1 to 7)"), word);
      return FALSE;
    }

  move->len = 1;
  move->path[0] = c - '1';
  (*cursor)++;

  return TRUE;
}

static void
c4_format_move (const TafelState *state,
                const TafelMove  *move,
                GString          *out)
{
  g_string_append_c (out, '1' + move->path[0]);
}

static TafelPlayer *
c4_player_new (void)
{
  return (TafelPlayer *) tafel_c4_player_new ();
}

static void
c4_player_free (TafelPlayer *player)
{
  tafel_c4_player_free ((TafelC4Player *) player);
}

static guint64
c4_player_nodes (TafelPlayer *player)
{
  return tafel_c4_player_nodes ((TafelC4Player *) player);
}

static gboolean
c4_analyze (TafelPlayer        *player,
            const TafelState   *state,
            const TafelHistory *history,
            TafelAnalysis      *analysis,
            GCancellable       *cancellable)
{
  TafelC4Pos p = pos_of (state);

  return tafel_c4_analyze ((TafelC4Player *) player, &p, analysis, cancellable);
}

static gboolean
c4_choose_move (TafelPlayer        *player,
                const TafelState   *state,
                const TafelHistory *history,
                TafelLevel          level,
                GRand              *rand,
                GCancellable       *cancellable,
                TafelMove          *move)
{
  TafelC4Pos p = pos_of (state);
  int col;

  if (c4_is_over (CC4 (state)))
    return FALSE;

  col = tafel_c4_choose ((TafelC4Player *) player, &p, level, rand, cancellable);
  if (col < 0)
    return FALSE;

  *move = (TafelMove) { 1, { col } };
  return TRUE;
}

static void
c4_ponder (TafelPlayer        *player,
           const TafelState   *state,
           const TafelHistory *history,
           TafelLevel          level,
           GCancellable       *cancellable)
{
  TafelC4Pos p = pos_of (state);

  tafel_c4_ponder ((TafelC4Player *) player, &p, level, cancellable);
}

static guint64
c4_perft (const TafelState *state,
          guint             depth)
{
  TafelC4Pos p = pos_of (state);

  if (c4_is_over (CC4 (state)))
    return depth == 0 ? 1 : 0;

  return tafel_c4_perft (&p, depth);
}

static TafelDataFile *const c4_files[] = { &tafel_c4_book_data, NULL };

const TafelRules tafel_connect_four_rules = {
  .game = TAFEL_GAME_CONNECT_FOUR,
  .key = "connect-four",
  .title = N_("Connect Four"),
  .side_names = { N_("Red"), N_("Yellow") },
  .draw_text = N_("Draw."),
  .flags = TAFEL_RULES_EXACT,
  .board = &c4_board,
  .init = c4_init,
  .side_to_move = c4_side_to_move,
  .ply = c4_ply,
  .legal_moves = c4_legal_moves,
  .make = c4_make,
  .unmake = c4_unmake,
  .outcome = c4_outcome,
  .hash = c4_hash,
  .points = c4_point_info,
  .parse_move = c4_parse_move,
  .format_move = c4_format_move,
  .moves_separated = FALSE,
  .player_new = c4_player_new,
  .player_free = c4_player_free,
  .player_nodes = c4_player_nodes,
  .analyze = c4_analyze,
  .choose_move = c4_choose_move,
  .ponder = c4_ponder,
  .data_files = c4_files,
  .perft = c4_perft,
};
