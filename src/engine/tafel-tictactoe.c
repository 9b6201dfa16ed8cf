/* tafel-tictactoe.c: Tic-Tac-Toe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * X and O alternate on a 3x3 board; three in a row wins, a full board
 * without a line is a draw.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "tafel-games.h"
#include "tafel-grid3.h"
#include "tafel-solved.h"

typedef struct {
  guint16 stones[2];     /* cell masks of X and O */
} TicTacToe;

G_STATIC_ASSERT (sizeof (TicTacToe) <= sizeof (TafelState));

#define TTT(s) ((TicTacToe *) (s)->bytes)
#define CTTT(s) ((const TicTacToe *) (s)->bytes)

static void
ttt_init (TafelState *state)
{
  memset (state, 0, sizeof *state);
}

static guint
ttt_ply (const TafelState *state)
{
  const TicTacToe *t = CTTT (state);

  return __builtin_popcount (t->stones[0] | t->stones[1]);
}

static int
ttt_side_to_move (const TafelState *state)
{
  return ttt_ply (state) & 1;
}

static void
ttt_outcome (const TafelState   *state,
             const TafelHistory *history,
             TafelOutcome       *outcome)
{
  const TicTacToe *t = CTTT (state);

  memset (outcome, 0, sizeof *outcome);
  outcome->winner = TAFEL_SIDE_NONE;

  for (int side = 0; side < 2; side++)
    if (tafel_grid3_collect_lines (t->stones[side], outcome) > 0)
      {
        outcome->status = TAFEL_STATUS_WON;
        outcome->winner = side;
        return;
      }

  if ((t->stones[0] | t->stones[1]) == 0777)
    outcome->status = TAFEL_STATUS_DRAWN;
}

static guint
ttt_legal_moves (const TafelState *state,
                 TafelMove        *moves)
{
  const TicTacToe *t = CTTT (state);
  guint16 occupied = t->stones[0] | t->stones[1];
  guint n = 0;

  if (tafel_grid3_has_line (t->stones[0]) || tafel_grid3_has_line (t->stones[1]))
    return 0;

  for (guint cell = 0; cell < TAFEL_GRID3_CELLS; cell++)
    if (!(occupied & (1u << cell)))
      moves[n++] = (TafelMove) { 1, { cell } };

  return n;
}

static void
ttt_make (TafelState      *state,
          const TafelMove *move,
          TafelUndo       *undo)
{
  TicTacToe *t = TTT (state);

  t->stones[ttt_side_to_move (state)] |= 1u << move->path[0];
}

static void
ttt_unmake (TafelState      *state,
            const TafelMove *move,
            const TafelUndo *undo)
{
  TicTacToe *t = TTT (state);

  t->stones[ttt_side_to_move (state) ^ 1] &= ~(1u << move->path[0]);
}

static guint64
ttt_hash (const TafelState *state)
{
  const TicTacToe *t = CTTT (state);

  return t->stones[0] | ((guint64) t->stones[1] << 9);
}

static void
ttt_points (const TafelState *state,
            TafelPointInfo   *info)
{
  const TicTacToe *t = CTTT (state);

  for (guint cell = 0; cell < TAFEL_GRID3_CELLS; cell++)
    {
      info[cell].flags = TAFEL_POINT_FLAG_NONE;
      if (t->stones[0] & (1u << cell))
        info[cell].owner = TAFEL_POINT_SIDE0;
      else if (t->stones[1] & (1u << cell))
        info[cell].owner = TAFEL_POINT_SIDE1;
      else
        info[cell].owner = TAFEL_POINT_EMPTY;
    }
}

static gsize
ttt_index (const TafelState *state)
{
  return ttt_hash (state);
}

static TafelSolved ttt_solved = TAFEL_SOLVED_INIT (&tafel_tictactoe_rules, 1 << 18, ttt_index);

static gboolean
ttt_analyze (TafelPlayer        *player,
             const TafelState   *state,
             const TafelHistory *history,
             TafelAnalysis      *analysis,
             GCancellable       *cancellable)
{
  return tafel_solved_analyze (&ttt_solved, state, analysis);
}

static gboolean
ttt_choose_move (TafelPlayer        *player,
                 const TafelState   *state,
                 const TafelHistory *history,
                 TafelLevel          level,
                 GRand              *rand,
                 GCancellable       *cancellable,
                 TafelMove          *move)
{
  return tafel_solved_choose_level (&ttt_solved, state, level, rand, move);
}

const TafelRules tafel_tictactoe_rules = {
  .game = TAFEL_GAME_TICTACTOE,
  .key = "tictactoe",
  .title = N_("Tic-Tac-Toe"),
  .side_names = { N_("X"), N_("O") },
  .draw_text = N_("Draw."),
  .flags = TAFEL_RULES_EXACT,
  .board = &tafel_grid3_board,
  .init = ttt_init,
  .side_to_move = ttt_side_to_move,
  .ply = ttt_ply,
  .legal_moves = ttt_legal_moves,
  .make = ttt_make,
  .unmake = ttt_unmake,
  .outcome = ttt_outcome,
  .hash = ttt_hash,
  .points = ttt_points,
  .parse_move = tafel_grid3_parse_move,
  .format_move = tafel_grid3_format_move,
  .moves_separated = FALSE,
  .analyze = ttt_analyze,
  .choose_move = ttt_choose_move,
};
