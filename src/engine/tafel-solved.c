/* tafel-solved.c: exact values of small games, solved once into a table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-search.h"
#include "tafel-solved.h"

/* One byte per position: 0 unknown, 1 draw, LOSS + d lost in d half-moves
 * (d >= 0: 0 means the game is already lost), WIN + d won in d (d >= 1). */
enum {
  CODE_UNKNOWN = 0,
  CODE_DRAW = 1,
  CODE_LOSS = 2,
  CODE_WIN = 128,
};

/* Larger is better for the side to move. */
static int
code_rank (guint8 code)
{
  if (code >= CODE_WIN)
    return 1000 - (code - CODE_WIN);
  if (code == CODE_DRAW)
    return 0;
  return -1000 + (code - CODE_LOSS);
}

/* The code of a parent whose child (opponent to move) has @child. */
static guint8
code_negate (guint8 child)
{
  if (child == CODE_DRAW)
    return CODE_DRAW;
  if (child >= CODE_WIN)
    return CODE_LOSS + (child - CODE_WIN) + 1;
  return CODE_WIN + (child - CODE_LOSS) + 1;
}

/* The code of a finished position, or CODE_UNKNOWN while it runs.  Finished
 * positions are never stored: the table numbers running positions only. */
static guint8
terminal_code (const TafelRules *rules,
               const TafelState *state)
{
  TafelOutcome outcome;

  rules->outcome (state, NULL, &outcome);
  if (outcome.status == TAFEL_STATUS_WON)
    return CODE_LOSS;  /* only the side that just moved can have won */
  if (outcome.status == TAFEL_STATUS_DRAWN)
    return CODE_DRAW;
  return CODE_UNKNOWN;
}

static guint8
solve (TafelSolved *solved,
       TafelState  *state)
{
  const TafelRules *rules = solved->rules;
  TafelMove moves[TAFEL_MAX_MOVES];
  guint8 best = terminal_code (rules, state);
  int best_rank = G_MININT;
  gsize index;
  guint n;

  if (best != CODE_UNKNOWN)
    return best;

  index = solved->index (state);
  g_assert (index < solved->size);
  if (solved->codes[index] != CODE_UNKNOWN)
    return solved->codes[index];

  n = rules->legal_moves (state, moves);
  g_assert (n > 0);
  for (guint i = 0; i < n; i++)
    {
      TafelUndo undo;
      guint8 code;

      rules->make (state, &moves[i], &undo);
      code = code_negate (solve (solved, state));
      rules->unmake (state, &moves[i], &undo);

      if (code_rank (code) > best_rank)
        {
          best = code;
          best_rank = code_rank (code);
        }
    }

  solved->codes[index] = best;
  return best;
}

static gpointer
solve_all (gpointer data)
{
  TafelSolved *solved = data;
  TafelState start;

  solved->codes = g_malloc0 (solved->size);
  solved->rules->init (&start);
  solve (solved, &start);

  return solved->codes;
}

static const guint8 *
table (TafelSolved *solved)
{
  return g_once (&solved->once, solve_all, solved);
}

static guint8
lookup (TafelSolved      *solved,
        const TafelState *state)
{
  guint8 code = terminal_code (solved->rules, state);
  const guint8 *t = table (solved);
  gsize index;

  if (code != CODE_UNKNOWN)
    return code;

  index = solved->index (state);
  g_return_val_if_fail (index < solved->size, CODE_UNKNOWN);
  return t[index];
}

static TafelValue
decode (guint8  code,
        int    *plies)
{
  if (plies != NULL)
    *plies = 0;
  if (code == CODE_UNKNOWN)
    return TAFEL_VALUE_UNKNOWN;
  if (code == CODE_DRAW)
    return TAFEL_VALUE_DRAW;
  if (code >= CODE_WIN)
    {
      if (plies != NULL)
        *plies = code - CODE_WIN;
      return TAFEL_VALUE_WIN;
    }
  if (plies != NULL)
    *plies = code - CODE_LOSS;
  return TAFEL_VALUE_LOSS;
}

TafelValue
tafel_solved_value (TafelSolved      *solved,
                    const TafelState *state,
                    int              *plies)
{
  return decode (lookup (solved, state), plies);
}

/* Codes of every move from @state, in legal-move order. */
static guint
child_codes (TafelSolved      *solved,
             const TafelState *state,
             TafelMove        *moves,
             guint8           *codes)
{
  const TafelRules *rules = solved->rules;
  guint n = rules->legal_moves (state, moves);

  for (guint i = 0; i < n; i++)
    {
      TafelState child = *state;
      TafelUndo undo;

      rules->make (&child, &moves[i], &undo);
      codes[i] = code_negate (lookup (solved, &child));
    }

  return n;
}

gboolean
tafel_solved_analyze (TafelSolved      *solved,
                      const TafelState *state,
                      TafelAnalysis    *analysis)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint8 codes[TAFEL_MAX_MOVES];
  guint n = child_codes (solved, state, moves, codes);
  int best_rank = G_MININT;

  analysis->value = tafel_solved_value (solved, state, &analysis->plies);
  analysis->n_best = 0;

  for (guint i = 0; i < n; i++)
    best_rank = MAX (best_rank, code_rank (codes[i]));
  for (guint i = 0; i < n; i++)
    if (code_rank (codes[i]) == best_rank)
      analysis->best[analysis->n_best++] = moves[i];

  return TRUE;
}

gboolean
tafel_solved_choose (TafelSolved      *solved,
                     const TafelState *state,
                     GRand            *rand,
                     TafelMove        *move)
{
  g_autofree TafelAnalysis *analysis = g_new (TafelAnalysis, 1);

  tafel_solved_analyze (solved, state, analysis);
  if (analysis->n_best == 0)
    return FALSE;

  *move = analysis->best[g_rand_int_range (rand, 0, analysis->n_best)];
  return TRUE;
}

gsize
tafel_solved_count (TafelSolved *solved)
{
  const guint8 *t = table (solved);
  gsize count = 0;

  for (gsize i = 0; i < solved->size; i++)
    count += t[i] != CODE_UNKNOWN;

  return count;
}

/* Relaxed follows the original Infinity Tic-Tac-Toe's easiest level (one
 * half-move deep, every second move random), Hard its hardest (six deep,
 * one move in twenty random). */
static const struct {
  guint depth;
  guint random_percent;
} weak_levels[] = {
  [TAFEL_LEVEL_RELAXED] = { 1, 50 },
  [TAFEL_LEVEL_MEDIUM] = { 3, 20 },
  [TAFEL_LEVEL_HARD] = { 6, 5 },
};

gboolean
tafel_solved_choose_level (TafelSolved      *solved,
                           const TafelState *state,
                           TafelLevel        level,
                           GRand            *rand,
                           TafelMove        *move)
{
  if (level >= TAFEL_LEVEL_IMPOSSIBLE)
    return tafel_solved_choose (solved, state, rand, move);

  return tafel_search_choose_weak (solved->rules, state,
                                   weak_levels[level].depth,
                                   weak_levels[level].random_percent,
                                   NULL, rand, move);
}
