/* tafel-infinity.c: Infinity Tic-Tac-Toe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tic-Tac-Toe in which each side keeps at most three stones.  Stones are
 * kept oldest first.  A move goes to a cell without any stone.  If the
 * mover's stones, the new one included, contain a line, the mover wins at
 * once; only otherwise, when the mover then has four stones, the oldest
 * vanishes.  60 half-moves without a winner are a draw.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "tafel-games.h"
#include "tafel-grid3.h"
#include "tafel-solved.h"

#define MAX_KEPT 3
#define DRAW_PLIES 60

typedef struct {
  guint8 cells[2][MAX_KEPT + 1];   /* per side, oldest first */
  guint8 count[2];
  guint8 ply;
} Infinity;

G_STATIC_ASSERT (sizeof (Infinity) <= sizeof (TafelState));

#define INF(s) ((Infinity *) (s)->bytes)
#define CINF(s) ((const Infinity *) (s)->bytes)

static guint16
side_mask (const Infinity *g,
           int             side)
{
  guint16 mask = 0;

  for (guint i = 0; i < g->count[side]; i++)
    mask |= 1u << g->cells[side][i];

  return mask;
}

static void
inf_init (TafelState *state)
{
  memset (state, 0, sizeof *state);
}

static guint
inf_ply (const TafelState *state)
{
  return CINF (state)->ply;
}

static int
inf_side_to_move (const TafelState *state)
{
  return CINF (state)->ply & 1;
}

static void
inf_outcome (const TafelState   *state,
             const TafelHistory *history,
             TafelOutcome       *outcome)
{
  const Infinity *g = CINF (state);

  memset (outcome, 0, sizeof *outcome);
  outcome->winner = TAFEL_SIDE_NONE;

  /* Only the side that moved last can hold a line. */
  if (g->ply > 0)
    {
      int mover = (g->ply - 1) & 1;

      if (tafel_grid3_collect_lines (side_mask (g, mover), outcome) > 0)
        {
          outcome->status = TAFEL_STATUS_WON;
          outcome->winner = mover;
          return;
        }
    }

  if (g->ply >= DRAW_PLIES)
    outcome->status = TAFEL_STATUS_DRAWN;
}

static guint
inf_legal_moves (const TafelState *state,
                 TafelMove        *moves)
{
  const Infinity *g = CINF (state);
  guint16 occupied = side_mask (g, 0) | side_mask (g, 1);
  TafelOutcome outcome;
  guint n = 0;

  inf_outcome (state, NULL, &outcome);
  if (outcome.status != TAFEL_STATUS_RUNNING)
    return 0;

  for (guint cell = 0; cell < TAFEL_GRID3_CELLS; cell++)
    if (!(occupied & (1u << cell)))
      moves[n++] = (TafelMove) { 1, { cell } };

  return n;
}

/* undo->bytes[0]: the cell that vanished, or 0xff */
static void
inf_make (TafelState      *state,
          const TafelMove *move,
          TafelUndo       *undo)
{
  Infinity *g = INF (state);
  int side = g->ply & 1;

  g->cells[side][g->count[side]++] = move->path[0];
  g->ply++;
  undo->bytes[0] = 0xff;

  if (g->count[side] > MAX_KEPT && !tafel_grid3_has_line (side_mask (g, side)))
    {
      undo->bytes[0] = g->cells[side][0];
      memmove (&g->cells[side][0], &g->cells[side][1], MAX_KEPT);
      g->cells[side][MAX_KEPT] = 0;
      g->count[side] = MAX_KEPT;
    }
}

static void
inf_unmake (TafelState      *state,
            const TafelMove *move,
            const TafelUndo *undo)
{
  Infinity *g = INF (state);
  int side;

  g->ply--;
  side = g->ply & 1;
  g->count[side]--;
  g->cells[side][g->count[side]] = 0;

  if (undo->bytes[0] != 0xff)
    {
      memmove (&g->cells[side][1], &g->cells[side][0], MAX_KEPT - 1);
      g->cells[side][0] = undo->bytes[0];
      g->count[side] = MAX_KEPT;
    }
}

/* Rank of an ordered choice of distinct cells: < 9 * 8 * 7. */
static guint
rank_cells (const guint8 *cells,
            guint         count)
{
  guint rank = 0;

  for (guint i = 0; i < count; i++)
    {
      guint smaller = cells[i];

      for (guint j = 0; j < i; j++)
        smaller -= cells[j] < cells[i];
      rank = rank * (TAFEL_GRID3_CELLS - i) + smaller;
    }

  return rank;
}

#define RANKS (9 * 8 * 7)

static guint64
inf_hash (const TafelState *state)
{
  const Infinity *g = CINF (state);
  guint64 h = g->ply;

  /* Exact: ages matter, so the order of each side's stones is kept. */
  for (int side = 0; side < 2; side++)
    for (guint i = 0; i <= MAX_KEPT; i++)
      h = h * 11 + (i < g->count[side] ? g->cells[side][i] + 1u : 0u);

  return h;
}

static void
inf_points (const TafelState *state,
            TafelPointInfo   *info)
{
  const Infinity *g = CINF (state);
  TafelOutcome outcome;

  memset (info, 0, TAFEL_GRID3_CELLS * sizeof *info);
  inf_outcome (state, NULL, &outcome);

  for (int side = 0; side < 2; side++)
    {
      for (guint i = 0; i < g->count[side]; i++)
        info[g->cells[side][i]].owner = side == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1;
      if (outcome.status == TAFEL_STATUS_RUNNING && g->count[side] == MAX_KEPT)
        info[g->cells[side][0]].flags |= TAFEL_POINT_FLAG_VANISHES_NEXT;
    }
}

/* Positions are numbered by ply and the ordered stones of each side; the
 * number of stones of each side follows from the ply. */
static gsize
inf_index (const TafelState *state)
{
  const Infinity *g = CINF (state);

  return ((gsize) g->ply * RANKS + rank_cells (g->cells[0], MIN (g->count[0], MAX_KEPT))) * RANKS
         + rank_cells (g->cells[1], MIN (g->count[1], MAX_KEPT));
}

static TafelSolved inf_solved =
  TAFEL_SOLVED_INIT (&tafel_infinity_rules, (gsize) (DRAW_PLIES + 1) * RANKS * RANKS, inf_index);

static gboolean
inf_analyze (TafelPlayer        *player,
             const TafelState   *state,
             const TafelHistory *history,
             TafelAnalysis      *analysis,
             GCancellable       *cancellable)
{
  return tafel_solved_analyze (&inf_solved, state, analysis);
}

static gboolean
inf_choose_move (TafelPlayer        *player,
                 const TafelState   *state,
                 const TafelHistory *history,
                 TafelLevel          level,
                 GRand              *rand,
                 GCancellable       *cancellable,
                 TafelMove          *move)
{
  return tafel_solved_choose_level (&inf_solved, state, level, rand, move);
}

const TafelRules tafel_infinity_rules = {
  .game = TAFEL_GAME_INFINITY,
  .key = "infinity",
  .title = N_("Infinity Tic-Tac-Toe"),
  .side_names = { N_("X"), N_("O") },
  .draw_text = N_("Draw: sixty moves without a winner."),
  .flags = TAFEL_RULES_EXACT,
  .board = &tafel_grid3_board,
  .init = inf_init,
  .side_to_move = inf_side_to_move,
  .ply = inf_ply,
  .legal_moves = inf_legal_moves,
  .make = inf_make,
  .unmake = inf_unmake,
  .outcome = inf_outcome,
  .hash = inf_hash,
  .points = inf_points,
  .parse_move = tafel_grid3_parse_move,
  .format_move = tafel_grid3_format_move,
  .moves_separated = FALSE,
  .analyze = inf_analyze,
  .choose_move = inf_choose_move,
};
