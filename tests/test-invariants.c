/* test-invariants.c: randomized invariants of the rules of every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Thousands of seeded random games per game.  At every position the
 * engine is held against a deliberately simple reference written here from
 * the rules in DESIGN.md, with its own representation (characters on a
 * grid) and its own geometry (Mill's points, connections and mills are
 * derived from coordinates, never from the engine's tables):
 *
 *  - the engine's legal moves equal the reference's, as sets of click paths;
 *  - after every legal move the engine's board, side to move, ply (and
 *    Mill's stones in hand) equal the reference's, and unmake restores the
 *    exact state bytes and hash; a whole game unwinds to the start;
 *  - the same position reached by any path has the same hash, and different
 *    positions have different hashes (among those seen);
 *  - outcome () agrees with a naive scan: lines, fours, material, blocked
 *    sides, Infinity's 60 half-moves, Mill's 100 half-move clock and
 *    threefold repetition over the history of hashes;
 *  - random paths near and far from legal moves are accepted by
 *    tafel_rules_is_legal () exactly when the reference accepts them;
 *  - the formatted game parses back to the same state and hashes, and a
 *    prefix followed by a move the reference refuses does not parse.
 *
 * A second part plays random sequences of moves, illegal moves, undo,
 * redo, restarts and reloads on a TafelMatch and compares every state with
 * a model of the history.
 *
 *   TAFEL_TEST_SEED=N    repeat a run (the seed is printed)
 *   TAFEL_TEST_SCALE=F   games per game times F (e.g. 0.02 under valgrind)
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-match.h"
#include "tafel-mill.h"

/* Random games per game at scale 1 (about 15 s in all, optimized build). */
static const guint base_games[TAFEL_N_GAMES] = {
  [TAFEL_GAME_INFINITY] = 8000,
  [TAFEL_GAME_TICTACTOE] = 8000,
  [TAFEL_GAME_CONNECT_FOUR] = 5000,
  [TAFEL_GAME_MILL] = 2000,
};
static const guint base_match_runs[TAFEL_N_GAMES] = {
  [TAFEL_GAME_INFINITY] = 300,
  [TAFEL_GAME_TICTACTOE] = 300,
  [TAFEL_GAME_CONNECT_FOUR] = 300,
  [TAFEL_GAME_MILL] = 150,
};

static guint32 master_seed;
static double scale = 1.0;
static guint total_games;

/* ------------------------------------------------------------------ */
/* The reference: one struct for all games.  Points are ids on a grid:
 *   Tic-Tac-Toe, Infinity: row * 3 + column, rows from the top;
 *   Connect Four: column * 6 + row, rows from the bottom;
 *   Mill: file * 7 + rank, both 0..6 (a1 is 0, g7 is 48). */

#define MAX_IDS 49
#define REF_MAX_MOVES 700

typedef struct {
  int len;
  int id[3];
} RefMove;

typedef struct {
  TafelGame game;
  char cell[MAX_IDS];     /* 'X' side 0, 'O' side 1, '.' empty */
  int side;
  int ply;
  int hand[2];            /* Mill */
  int clock;              /* Mill: half-moves since a placement or removal */
  int queue[2][4];        /* Infinity: each side's cells, oldest first */
  int queued[2];
} Ref;

typedef enum {
  END_NONE,
  END_LINE,               /* three/four in a row */
  END_FULL,               /* full board */
  END_PLIES,              /* Infinity: 60 half-moves */
  END_MATERIAL,           /* Mill: fewer than 3 stones */
  END_BLOCKED,            /* Mill: the side to move cannot move */
  END_CLOCK,              /* Mill: 100 half-moves without placement/removal */
  END_REPETITION,         /* Mill: third occurrence */
  N_ENDS
} RefEnd;

static const char *const end_names[N_ENDS] = {
  "none", "line", "full board", "60 plies", "material", "blocked",
  "100 half-moves", "repetition",
};

typedef struct {
  TafelStatus status;
  int winner;
  RefEnd end;
  int n_lines;            /* grid games: winning lines of the winner */
} RefResult;

static char
side_char (int side)
{
  return side == 0 ? 'X' : 'O';
}

/* ---- Mill geometry from coordinates ---- */

static gboolean mill_point[MAX_IDS];
static gboolean mill_adjacent[MAX_IDS][MAX_IDS];
static int mill_mills[16][3];
static int n_mill_mills;

#define MID(f, r) ((f) * 7 + (r))

static void
mill_geometry (void)
{
  int n_points = 0, n_edges = 0;

  if (n_mill_mills > 0)
    return;

  /* Three concentric squares: corners and side middles. */
  for (int ring = 0; ring < 3; ring++)
    {
      int lo = ring, hi = 6 - ring;
      int coords[3] = { lo, 3, hi };

      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
          if (!(i == 1 && j == 1))
            {
              mill_point[MID (coords[i], coords[j])] = TRUE;
              n_points++;
            }
    }
  g_assert_cmpint (n_points, ==, 24);

  /* Along each rank and each file, neighbouring points are connected and
   * three in a row form a mill, but nothing crosses the centre. */
  for (int dir = 0; dir < 2; dir++)
    for (int line = 0; line < 7; line++)
      {
        int seg[7], n = 0;

        for (int k = 0; k <= 7; k++)
          {
            int id = -1;

            if (k < 7)
              id = dir == 0 ? MID (k, line) : MID (line, k);
            if (k == 7 || (line == 3 && k == 3))
              {
                /* end of a segment */
                for (int i = 0; i + 1 < n; i++)
                  {
                    mill_adjacent[seg[i]][seg[i + 1]] = TRUE;
                    mill_adjacent[seg[i + 1]][seg[i]] = TRUE;
                    n_edges++;
                  }
                if (n == 3)
                  {
                    memcpy (mill_mills[n_mill_mills], seg, sizeof mill_mills[0]);
                    n_mill_mills++;
                  }
                g_assert_true (n == 0 || n == 3);
                n = 0;
                continue;
              }
            if (mill_point[id])
              seg[n++] = id;
          }
      }
  g_assert_cmpint (n_edges, ==, 32);
  g_assert_cmpint (n_mill_mills, ==, 16);
}

static gboolean
mill_in_mill_of (const Ref *ref,
                 int        id,
                 char       c)
{
  for (int m = 0; m < n_mill_mills; m++)
    if ((mill_mills[m][0] == id || mill_mills[m][1] == id || mill_mills[m][2] == id)
        && ref->cell[mill_mills[m][0]] == c
        && ref->cell[mill_mills[m][1]] == c
        && ref->cell[mill_mills[m][2]] == c)
      return TRUE;
  return FALSE;
}

static int
mill_count (const Ref *ref,
            int        side)
{
  int n = 0;

  for (int id = 0; id < MAX_IDS; id++)
    n += mill_point[id] && ref->cell[id] == side_char (side);
  return n;
}

/* Stones of the side not to move that a mill may take. */
static int
mill_removable (const Ref *ref,
                int       *out)
{
  char opp = side_char (ref->side ^ 1);
  int n = 0, all = 0;
  int every[24];

  for (int id = 0; id < MAX_IDS; id++)
    {
      if (!mill_point[id] || ref->cell[id] != opp)
        continue;
      every[all++] = id;
      if (!mill_in_mill_of (ref, id, opp))
        out[n++] = id;
    }
  if (n == 0)
    {
      memcpy (out, every, all * sizeof (int));
      n = all;
    }
  return n;
}

/* Adds @base (to, or from-to) and, when it closes a mill, every removal. */
static void
mill_add (const Ref *ref,
          RefMove    base,
          int        to,
          RefMove   *moves,
          int       *n)
{
  Ref after = *ref;
  int removable[24], n_removable;

  if (base.len == 2)
    after.cell[base.id[0]] = '.';
  after.cell[to] = side_char (ref->side);

  n_removable = mill_removable (ref, removable);
  if (mill_in_mill_of (&after, to, side_char (ref->side)) && n_removable > 0)
    {
      for (int i = 0; i < n_removable; i++)
        {
          RefMove m = base;

          m.id[m.len++] = removable[i];
          moves[(*n)++] = m;
        }
    }
  else
    moves[(*n)++] = base;
}

static int
mill_generate (const Ref *ref,
               RefMove   *moves)
{
  char own = side_char (ref->side);
  int n = 0;

  if (ref->hand[ref->side] > 0)
    {
      for (int to = 0; to < MAX_IDS; to++)
        if (mill_point[to] && ref->cell[to] == '.')
          mill_add (ref, (RefMove) { 1, { to } }, to, moves, &n);
      return n;
    }

  for (int from = 0; from < MAX_IDS; from++)
    {
      gboolean fly;

      if (!mill_point[from] || ref->cell[from] != own)
        continue;
      fly = mill_count (ref, ref->side) == 3;
      for (int to = 0; to < MAX_IDS; to++)
        if (mill_point[to] && ref->cell[to] == '.' && (fly || mill_adjacent[from][to]))
          mill_add (ref, (RefMove) { 2, { from, to } }, to, moves, &n);
    }
  return n;
}

/* ---- the reference rules ---- */

static int
ref_n_ids (TafelGame game)
{
  switch (game)
    {
    case TAFEL_GAME_CONNECT_FOUR:
      return 42;
    case TAFEL_GAME_MILL:
      return MAX_IDS;
    default:
      return 9;
    }
}

static gboolean
ref_is_point (TafelGame game,
              int       id)
{
  return game == TAFEL_GAME_MILL ? mill_point[id] : id < ref_n_ids (game);
}

static void
ref_init (Ref      *ref,
          TafelGame game)
{
  memset (ref, 0, sizeof *ref);
  ref->game = game;
  for (int id = 0; id < MAX_IDS; id++)
    ref->cell[id] = ref_is_point (game, id) ? '.' : ' ';
  if (game == TAFEL_GAME_MILL)
    ref->hand[0] = ref->hand[1] = 9;
}

/* Lines of three on the 3x3 board held by @c, by walking rows, columns
 * and the two diagonals. */
static int
grid3_lines_of (const Ref *ref,
                char       c)
{
  int n = 0;

  for (int i = 0; i < 3; i++)
    {
      gboolean row = TRUE, col = TRUE;

      for (int j = 0; j < 3; j++)
        {
          row = row && ref->cell[i * 3 + j] == c;
          col = col && ref->cell[j * 3 + i] == c;
        }
      n += row + col;
    }
  n += ref->cell[0] == c && ref->cell[4] == c && ref->cell[8] == c;
  n += ref->cell[2] == c && ref->cell[4] == c && ref->cell[6] == c;
  return n;
}

static char
c4_at (const Ref *ref,
       int        col,
       int        row)
{
  if (col < 0 || col >= 7 || row < 0 || row >= 6)
    return ' ';
  return ref->cell[col * 6 + row];
}

/* Fours held by @c, by trying every start cell in four directions. */
static int
c4_fours_of (const Ref *ref,
             char       c)
{
  static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  int n = 0;

  for (int col = 0; col < 7; col++)
    for (int row = 0; row < 6; row++)
      for (int d = 0; d < 4; d++)
        {
          int k = 0;

          while (k < 4 && c4_at (ref, col + k * dirs[d][0], row + k * dirs[d][1]) == c)
            k++;
          n += k == 4;
        }
  return n;
}

static int
ref_moves_raw (const Ref *ref,
               RefMove   *moves)
{
  int n = 0;

  switch (ref->game)
    {
    case TAFEL_GAME_INFINITY:
    case TAFEL_GAME_TICTACTOE:
      for (int id = 0; id < 9; id++)
        if (ref->cell[id] == '.')
          moves[n++] = (RefMove) { 1, { id } };
      return n;
    case TAFEL_GAME_CONNECT_FOUR:
      /* The click is the column; the id is the cell the disc lands on. */
      for (int col = 0; col < 7; col++)
        for (int row = 0; row < 6; row++)
          if (c4_at (ref, col, row) == '.')
            {
              moves[n++] = (RefMove) { 1, { col * 6 + row } };
              break;
            }
      return n;
    case TAFEL_GAME_MILL:
      return mill_generate (ref, moves);
    default:
      g_assert_not_reached ();
    }
}

/* The end by the position alone; Mill's repetition needs @seen, the
 * number of times the current position has occurred (this one included). */
static RefResult
ref_result (const Ref *ref,
            int        seen)
{
  RefResult r = { TAFEL_STATUS_RUNNING, TAFEL_SIDE_NONE, END_NONE, 0 };

  switch (ref->game)
    {
    case TAFEL_GAME_INFINITY:
    case TAFEL_GAME_TICTACTOE:
    case TAFEL_GAME_CONNECT_FOUR:
      for (int side = 0; side < 2; side++)
        {
          int lines = ref->game == TAFEL_GAME_CONNECT_FOUR
                      ? c4_fours_of (ref, side_char (side))
                      : grid3_lines_of (ref, side_char (side));

          if (lines > 0)
            {
              g_assert_cmpint (r.status, ==, TAFEL_STATUS_RUNNING);  /* never both */
              r = (RefResult) { TAFEL_STATUS_WON, side, END_LINE, lines };
            }
        }
      if (r.status != TAFEL_STATUS_RUNNING)
        return r;
      if (ref->game == TAFEL_GAME_INFINITY && ref->ply >= 60)
        return (RefResult) { TAFEL_STATUS_DRAWN, TAFEL_SIDE_NONE, END_PLIES, 0 };
      if (ref->game != TAFEL_GAME_INFINITY && ref->ply == ref_n_ids (ref->game))
        return (RefResult) { TAFEL_STATUS_DRAWN, TAFEL_SIDE_NONE, END_FULL, 0 };
      return r;

    case TAFEL_GAME_MILL:
      {
        RefMove moves[REF_MAX_MOVES];

        for (int i = 0; i < 2; i++)
          {
            int who = ref->side ^ i;

            if (mill_count (ref, who) + ref->hand[who] < 3)
              return (RefResult) { TAFEL_STATUS_WON, who ^ 1, END_MATERIAL, 0 };
          }
        if (seen >= 3)
          return (RefResult) { TAFEL_STATUS_DRAWN, TAFEL_SIDE_NONE, END_REPETITION, 0 };
        if (ref->clock >= 100)
          return (RefResult) { TAFEL_STATUS_DRAWN, TAFEL_SIDE_NONE, END_CLOCK, 0 };
        if (ref->hand[ref->side] == 0 && mill_generate (ref, moves) == 0)
          return (RefResult) { TAFEL_STATUS_WON, ref->side ^ 1, END_BLOCKED, 0 };
        return r;
      }

    default:
      g_assert_not_reached ();
    }
}

/* Legal moves: none once the position alone ends the game (repetition
 * needs the history and does not count here, as in legal_moves ()). */
static int
ref_moves (const Ref *ref,
           RefMove   *moves)
{
  if (ref_result (ref, 1).status != TAFEL_STATUS_RUNNING)
    return 0;
  return ref_moves_raw (ref, moves);
}

static void
ref_apply (Ref           *ref,
           const RefMove *move)
{
  char own = side_char (ref->side);

  switch (ref->game)
    {
    case TAFEL_GAME_TICTACTOE:
    case TAFEL_GAME_CONNECT_FOUR:
      ref->cell[move->id[0]] = own;
      break;

    case TAFEL_GAME_INFINITY:
      {
        int s = ref->side;

        ref->cell[move->id[0]] = own;
        ref->queue[s][ref->queued[s]++] = move->id[0];
        if (grid3_lines_of (ref, own) == 0 && ref->queued[s] > 3)
          {
            ref->cell[ref->queue[s][0]] = '.';
            memmove (&ref->queue[s][0], &ref->queue[s][1], 3 * sizeof (int));
            ref->queued[s] = 3;
          }
      }
      break;

    case TAFEL_GAME_MILL:
      {
        int removed = -1;

        if (ref->hand[ref->side] > 0)
          {
            ref->cell[move->id[0]] = own;
            ref->hand[ref->side]--;
            ref->clock = 0;
            if (move->len == 2)
              removed = move->id[1];
          }
        else
          {
            ref->cell[move->id[0]] = '.';
            ref->cell[move->id[1]] = own;
            ref->clock++;
            if (move->len == 3)
              removed = move->id[2];
          }
        if (removed >= 0)
          {
            g_assert_cmpint (ref->cell[removed], ==, side_char (ref->side ^ 1));
            ref->cell[removed] = '.';
            ref->clock = 0;
          }
      }
      break;

    default:
      g_assert_not_reached ();
    }

  ref->side ^= 1;
  ref->ply++;
}

/* What identifies a position for hashing (and Mill's repetition). */
static char *
ref_key (const Ref *ref)
{
  GString *key = g_string_new_len (ref->cell, ref_n_ids (ref->game));

  switch (ref->game)
    {
    case TAFEL_GAME_INFINITY:
      /* Ages matter and so does the ply (the 60 half-move rule). */
      g_string_append_printf (key, "|%d", ref->ply);
      for (int s = 0; s < 2; s++)
        {
          g_string_append_c (key, '|');
          for (int i = 0; i < ref->queued[s]; i++)
            g_string_append_c (key, '0' + ref->queue[s][i]);
        }
      break;
    case TAFEL_GAME_MILL:
      g_string_append_printf (key, "|%d|%d|%d", ref->hand[0], ref->hand[1], ref->side);
      break;
    default:
      break;
    }

  return g_string_free (key, FALSE);
}

/* ------------------------------------------------------------------ */
/* Between the reference and the engine */

typedef struct {
  TafelGame game;
  const TafelRules *rules;
  int to_point[MAX_IDS];      /* id -> engine point, -1 */
  int to_target[MAX_IDS];     /* id -> engine click target, -1 */
  int of_target[MAX_IDS];     /* engine target -> an id (Mill, grids) */
  GHashTable *hash_of_key;    /* ref_key -> engine hash */
  GHashTable *key_of_hash;    /* engine hash -> ref_key */
  guint64 checks;
  guint ends[N_ENDS];
  guint wins[2];
  guint64 plies;
  guint max_plies;
} Game;

#define HASH_TABLE_LIMIT 150000

static void
game_setup (Game     *g,
            TafelGame game)
{
  const TafelBoard *board;
  int found = 0;

  mill_geometry ();
  memset (g, 0, sizeof *g);
  g->game = game;
  g->rules = tafel_rules_get (game);
  g_assert_nonnull (g->rules);
  board = g->rules->board;

  for (int id = 0; id < MAX_IDS; id++)
    g->to_point[id] = g->to_target[id] = g->of_target[id] = -1;

  /* The engine's points by their names: "1".."9" row by row; "a1".."g6"
   * for Connect Four (column, row from the bottom); "a1".."g7" in Mill. */
  for (guint p = 0; p < board->n_points; p++)
    {
      const char *name = board->point_names[p];
      int id;

      if (game == TAFEL_GAME_INFINITY || game == TAFEL_GAME_TICTACTOE)
        {
          g_assert_cmpint (strlen (name), ==, 1);
          id = name[0] - '1';
        }
      else
        {
          g_assert_cmpint (strlen (name), ==, 2);
          if (game == TAFEL_GAME_CONNECT_FOUR)
            id = (name[0] - 'a') * 6 + (name[1] - '1');
          else
            id = MID (name[0] - 'a', name[1] - '1');
        }
      g_assert_true (id >= 0 && id < MAX_IDS && ref_is_point (game, id));
      g_assert_cmpint (g->to_point[id], ==, -1);
      g->to_point[id] = p;
      g->to_target[id] = board->target_of_point[p];
      g_assert_cmpuint (board->target_of_point[p], <, board->n_targets);
      found++;
    }

  for (int id = 0; id < MAX_IDS; id++)
    if (ref_is_point (game, id))
      g_assert_cmpint (g->to_point[id], >=, 0);
    else
      g_assert_cmpint (g->to_point[id], ==, -1);
  g_assert_cmpint (found, ==, game == TAFEL_GAME_MILL ? 24 : ref_n_ids (game));

  /* Connect Four: the target of a cell is its column; elsewhere every
   * point is a target of its own. */
  for (int id = 0; id < MAX_IDS; id++)
    {
      if (g->to_point[id] < 0)
        continue;
      if (game == TAFEL_GAME_CONNECT_FOUR)
        g_assert_cmpint (g->to_target[id], ==, id / 6);
      else
        {
          g_assert_cmpint (g->of_target[g->to_target[id]], ==, -1);
          g->of_target[g->to_target[id]] = id;
        }
    }

  g->hash_of_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g->key_of_hash = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

static void
game_clear (Game *g)
{
  g_clear_pointer (&g->hash_of_key, g_hash_table_unref);
  g_clear_pointer (&g->key_of_hash, g_hash_table_unref);
}

static TafelMove
to_engine_move (const Game    *g,
                const RefMove *m)
{
  TafelMove move = { 0 };

  move.len = m->len;
  for (int i = 0; i < m->len; i++)
    move.path[i] = g->to_target[m->id[i]];
  return move;
}

static guint32
move_key (const TafelMove *move)
{
  guint32 key = (guint32) move->len << 24;

  for (guint i = 0; i < move->len && i < TAFEL_MAX_PATH; i++)
    key |= (guint32) move->path[i] << (16 - 8 * i);
  return key;
}

static int
cmp_u32 (const void *a,
         const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

static char *
describe_moves (const Game      *g,
                const TafelMove *moves,
                guint            n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (out, i > 0 ? ' ' : '[');
      for (guint k = 0; k < moves[i].len; k++)
        g_string_append_printf (out, "%s%u", k > 0 ? "." : "", moves[i].path[k]);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

static char *
ref_describe (const Ref *ref)
{
  GString *out = g_string_new (NULL);

  if (ref->game == TAFEL_GAME_MILL)
    {
      for (int r = 6; r >= 0; r--)
        {
          g_string_append (out, "\n  ");
          for (int f = 0; f < 7; f++)
            g_string_append_c (out, mill_point[MID (f, r)] ? ref->cell[MID (f, r)] : ' ');
        }
      g_string_append_printf (out, "\n  hand %d/%d, clock %d", ref->hand[0], ref->hand[1], ref->clock);
    }
  else if (ref->game == TAFEL_GAME_CONNECT_FOUR)
    for (int row = 5; row >= 0; row--)
      {
        g_string_append (out, "\n  ");
        for (int col = 0; col < 7; col++)
          g_string_append_c (out, ref->cell[col * 6 + row]);
      }
  else
    for (int row = 0; row < 3; row++)
      g_string_append_printf (out, "\n  %.3s", ref->cell + row * 3);
  g_string_append_printf (out, "\n  side %d, ply %d", ref->side, ref->ply);

  return g_string_free (out, FALSE);
}

static void
fail_at (const Ref  *ref,
         const char *what,
         const char *detail)
{
  g_autofree char *board = ref_describe (ref);

  g_test_message ("seed %u: %s at%s%s%s", master_seed, what, board,
                  detail ? "\n  " : "", detail ? detail : "");
  g_test_fail ();
}

/* The engine's view of @state equals the reference position. */
static gboolean
check_state (Game             *g,
             const Ref        *ref,
             const TafelState *state)
{
  const TafelRules *rules = g->rules;
  TafelPointInfo info[64];
  gboolean over = g->game == TAFEL_GAME_INFINITY
                  && ref_result (ref, 1).status != TAFEL_STATUS_RUNNING;

  g->checks++;
  if (rules->side_to_move (state) != ref->side || (int) rules->ply (state) != ref->ply)
    {
      fail_at (ref, "side to move or ply differs", NULL);
      return FALSE;
    }

  rules->points (state, info);
  for (int id = 0; id < MAX_IDS; id++)
    {
      TafelPointInfo *p;
      guint8 owner;

      if (g->to_point[id] < 0)
        continue;
      p = &info[g->to_point[id]];
      owner = ref->cell[id] == 'X' ? TAFEL_POINT_SIDE0
              : ref->cell[id] == 'O' ? TAFEL_POINT_SIDE1 : TAFEL_POINT_EMPTY;
      if (p->owner != owner)
        {
          g_autofree char *d = g_strdup_printf ("point %s", rules->board->point_names[g->to_point[id]]);
          fail_at (ref, "a point differs", d);
          return FALSE;
        }

      /* Infinity: the stone that vanishes next (oldest of three) is faded,
       * while the game runs; nothing else is. */
      if (g->game == TAFEL_GAME_INFINITY)
        {
          gboolean fades = FALSE;

          for (int s = 0; s < 2; s++)
            fades = fades || (!over && ref->queued[s] == 3 && ref->queue[s][0] == id);
          if (((p->flags & TAFEL_POINT_FLAG_VANISHES_NEXT) != 0) != fades)
            {
              fail_at (ref, "the fading stone differs", NULL);
              return FALSE;
            }
        }
    }

  if (g->game == TAFEL_GAME_MILL)
    {
      const TafelMillState *s = TAFEL_MILL_CSTATE (state);

      if (s->hand[0] != ref->hand[0] || s->hand[1] != ref->hand[1]
          || s->pending != 0 || s->clock != ref->clock)
        {
          fail_at (ref, "stones in hand or the clock differ", NULL);
          return FALSE;
        }
      if (rules->in_hand != NULL
          && ((int) rules->in_hand (state, 0) != ref->hand[0]
              || (int) rules->in_hand (state, 1) != ref->hand[1]))
        {
          fail_at (ref, "in_hand () differs", NULL);
          return FALSE;
        }
    }

  return TRUE;
}

/* The same position by any path has the same hash, and a different
 * position another (among the positions remembered). */
static gboolean
check_hash (Game       *g,
            const Ref  *ref,
            guint64     hash)
{
  g_autofree char *key = ref_key (ref);
  const guint64 *known = g_hash_table_lookup (g->hash_of_key, key);
  const char *other = g_hash_table_lookup (g->key_of_hash, &hash);

  if (known != NULL && *known != hash)
    {
      fail_at (ref, "the same position has another hash on another path", NULL);
      return FALSE;
    }
  if (other != NULL && strcmp (other, key) != 0)
    {
      g_autofree char *d = g_strdup_printf ("also the hash of %s", other);
      fail_at (ref, "two positions share a hash", d);
      return FALSE;
    }
  if (known == NULL && g_hash_table_size (g->hash_of_key) < HASH_TABLE_LIMIT)
    {
      g_hash_table_insert (g->hash_of_key, g_strdup (key), g_memdup2 (&hash, sizeof hash));
      g_hash_table_insert (g->key_of_hash, g_memdup2 (&hash, sizeof hash), g_strdup (key));
    }
  return TRUE;
}

static gboolean
check_outcome (Game               *g,
               const Ref          *ref,
               const TafelState   *state,
               const TafelHistory *history,
               int                 seen,
               RefResult          *result)
{
  const TafelBoard *board = g->rules->board;
  TafelOutcome outcome;

  *result = ref_result (ref, seen);
  g->rules->outcome (state, history, &outcome);

  if (outcome.status != result->status || outcome.winner != result->winner)
    {
      g_autofree char *d = g_strdup_printf ("engine: status %d winner %d; reference: status %d winner %d (%s)",
                                            outcome.status, outcome.winner, result->status,
                                            result->winner, end_names[result->end]);
      fail_at (ref, "the outcome differs", d);
      return FALSE;
    }

  /* The winning lines named are lines of the winner, as many as there are
   * (up to the room in TafelOutcome) in the line games. */
  if (outcome.status == TAFEL_STATUS_WON)
    {
      TafelPointInfo info[64];

      g->rules->points (state, info);
      for (guint i = 0; i < outcome.n_lines; i++)
        for (guint k = 0; k < board->line_len; k++)
          {
            guint p = board->lines[outcome.lines[i] * board->line_len + k];

            if (info[p].owner != (outcome.winner == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1))
              {
                fail_at (ref, "a winning line holds a point not of the winner", NULL);
                return FALSE;
              }
          }
      if (g->game != TAFEL_GAME_MILL
          && (int) outcome.n_lines != MIN (result->n_lines, (int) G_N_ELEMENTS (outcome.lines)))
        {
          fail_at (ref, "the number of winning lines differs", NULL);
          return FALSE;
        }
    }

  return TRUE;
}

/* Legal moves as sets of paths, and every child position. */
static gboolean
check_moves (Game             *g,
             const Ref        *ref,
             const TafelState *state,
             const RefMove    *ref_moves_list,
             int               n_ref,
             TafelMove        *engine_moves,
             guint            *n_engine_out)
{
  const TafelRules *rules = g->rules;
  guint32 a[REF_MAX_MOVES], b[REF_MAX_MOVES];
  guint n_engine = rules->legal_moves (state, engine_moves);
  guint64 hash = rules->hash (state);

  *n_engine_out = n_engine;
  g_assert_cmpuint (n_engine, <=, TAFEL_MAX_MOVES);
  g_assert_cmpint (n_ref, <=, TAFEL_MAX_MOVES);

  for (guint i = 0; i < n_engine; i++)
    a[i] = move_key (&engine_moves[i]);
  for (int i = 0; i < n_ref; i++)
    {
      TafelMove m = to_engine_move (g, &ref_moves_list[i]);
      b[i] = move_key (&m);
    }
  qsort (a, n_engine, sizeof a[0], cmp_u32);
  qsort (b, n_ref, sizeof b[0], cmp_u32);

  for (guint i = 1; i < n_engine; i++)
    if (a[i] == a[i - 1])
      {
        fail_at (ref, "the engine lists a move twice", NULL);
        return FALSE;
      }
  if ((int) n_engine != n_ref || memcmp (a, b, n_engine * sizeof a[0]) != 0)
    {
      g_autofree char *e = describe_moves (g, engine_moves, n_engine);
      g_autofree TafelMove *rm = g_new0 (TafelMove, MAX (n_ref, 1));
      g_autofree char *r = NULL;
      g_autofree char *d = NULL;

      for (int i = 0; i < n_ref; i++)
        rm[i] = to_engine_move (g, &ref_moves_list[i]);
      r = describe_moves (g, rm, n_ref);
      d = g_strdup_printf ("engine %u moves %s\n  reference %d moves %s", n_engine, e, n_ref, r);
      fail_at (ref, "the legal moves differ", d);
      return FALSE;
    }

  /* Every child: make gives the reference's position, unmake restores
   * the exact bytes and the hash. */
  for (int i = 0; i < n_ref; i++)
    {
      TafelMove m = to_engine_move (g, &ref_moves_list[i]);
      TafelState child = *state;
      TafelUndo undo;
      Ref ref_child = *ref;

      memset (&undo, 0xa5, sizeof undo);
      rules->make (&child, &m, &undo);
      ref_apply (&ref_child, &ref_moves_list[i]);
      if (!check_state (g, &ref_child, &child))
        return FALSE;
      if (!check_hash (g, &ref_child, rules->hash (&child)))
        return FALSE;
      rules->unmake (&child, &m, &undo);
      if (memcmp (&child, state, sizeof child) != 0 || rules->hash (&child) != hash)
        {
          fail_at (ref, "unmake does not restore the state", NULL);
          return FALSE;
        }
    }

  return TRUE;
}

/* A path the engine must accept exactly when the reference does. */
static TafelMove
random_path (GRand           *rand,
             const Game      *g,
             const TafelMove *legal,
             guint            n_legal)
{
  guint n_targets = g->rules->board->n_targets;
  TafelMove m = { 0 };

  if (n_legal > 0 && g_rand_int_range (rand, 0, 3) > 0)
    {
      /* Near a legal move: one target changed, cut short or extended. */
      m = legal[g_rand_int_range (rand, 0, n_legal)];
      switch (g_rand_int_range (rand, 0, 3))
        {
        case 0:
          m.path[g_rand_int_range (rand, 0, m.len)] = g_rand_int_range (rand, 0, n_targets);
          break;
        case 1:
          if (m.len > 0)
            m.len--;
          break;
        default:
          if (m.len < TAFEL_MAX_PATH)
            m.path[m.len++] = g_rand_int_range (rand, 0, n_targets);
          break;
        }
      return m;
    }

  m.len = g_rand_int_range (rand, 0, TAFEL_MAX_PATH + 1);
  for (guint i = 0; i < m.len; i++)
    m.path[i] = g_rand_int_range (rand, 0, n_targets + 2);
  return m;
}

static gboolean
ref_accepts (const Game      *g,
             const RefMove   *moves,
             int              n,
             const TafelMove *m)
{
  for (int i = 0; i < n; i++)
    {
      TafelMove e = to_engine_move (g, &moves[i]);

      if (tafel_move_equal (&e, m))
        return TRUE;
    }
  return FALSE;
}

/* Can the notation write @m unambiguously?  (Mill writes by phase: a
 * placement has 1 or 2 targets, a move 2 or 3.) */
static gboolean
writable (const Game       *g,
          const TafelState *state,
          const TafelMove  *m)
{
  if (g->game == TAFEL_GAME_MILL)
    {
      const TafelMillState *s = TAFEL_MILL_CSTATE (state);
      gboolean placing = s->hand[s->side] > 0;

      if (placing ? (m->len < 1 || m->len > 2) : (m->len < 2 || m->len > 3))
        return FALSE;
      for (guint i = 0; i < m->len; i++)
        if (m->path[i] >= TAFEL_MILL_POINTS)
          return FALSE;
      return TRUE;
    }
  return m->len == 1 && m->path[0] < g->rules->board->n_targets;
}

typedef struct {
  guint ply;
  char *text;           /* the formatted move the reference refuses */
} Refused;

static void
refused_clear (gpointer data)
{
  g_free (((Refused *) data)->text);
}

/* The whole game written out parses to the same state and history; a
 * prefix followed by a refused move does not parse. */
static gboolean
check_notation (Game             *g,
                const Ref        *ref,
                const TafelState *states,
                const TafelMove  *moves,
                guint             n_moves,
                const guint64    *hashes,
                GArray           *refused)
{
  const TafelRules *rules = g->rules;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) parsed_hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) error = NULL;
  g_autofree gsize *offsets = g_new (gsize, n_moves + 1);
  TafelState parsed;

  for (guint i = 0; i < n_moves; i++)
    {
      offsets[i] = text->len;
      if (i > 0 && rules->moves_separated)
        g_string_append_c (text, ' ');
      rules->format_move (&states[i], &moves[i], text);
    }
  offsets[n_moves] = text->len;

  if (!tafel_rules_parse_moves (rules, text->str, &parsed, parsed_hashes, &error))
    {
      g_autofree char *d = g_strdup_printf ("“%s”: %s", text->str, error->message);
      fail_at (ref, "the written game does not parse", d);
      return FALSE;
    }
  if (memcmp (&parsed, &states[n_moves], sizeof parsed) != 0
      || parsed_hashes->len != n_moves
      || (n_moves > 0 && memcmp (parsed_hashes->data, hashes, n_moves * sizeof (guint64)) != 0))
    {
      fail_at (ref, "the written game parses to another state or history", text->str);
      return FALSE;
    }

  for (guint i = 0; i < refused->len; i++)
    {
      Refused *r = &g_array_index (refused, Refused, i);
      g_autoptr(GString) bad = g_string_new_len (text->str, offsets[r->ply]);
      g_autoptr(GError) e = NULL;

      if (r->ply > 0 && rules->moves_separated)
        g_string_append_c (bad, ' ');
      g_string_append (bad, r->text);
      if (tafel_rules_parse_moves (rules, bad->str, &parsed, NULL, &e))
        {
          fail_at (ref, "a move list with a refused move parses", bad->str);
          return FALSE;
        }
      g_assert_true (e->domain == TAFEL_ERROR);
    }

  return TRUE;
}

/* How the sides pick moves in a random game: uniformly, or biased so that
 * every ending turns up (long games for the ply and clock rules, blocked
 * sides, repetitions). */
typedef enum {
  PICK_PLAIN,           /* any move; in Mill mills a bit more often */
  PICK_SHUTTLE,         /* Mill: moves back and forth to repeat positions */
  PICK_PEACEFUL,        /* no line, four or mill while another move exists */
  PICK_SMOTHER,         /* Mill: leave the opponent as few moves as possible */
  N_PICKS
} Pick;

static gboolean
makes_line (const Ref     *ref,
            const RefMove *move)
{
  Ref after;

  if (ref->game == TAFEL_GAME_MILL)
    return move->len == (ref->hand[ref->side] > 0 ? 2 : 3);
  after = *ref;
  ref_apply (&after, move);
  return ref_result (&after, 1).end == END_LINE;
}

static int
pick_move (GRand         *rand,
           Pick           pick,
           const Ref     *ref,
           const RefMove *moves,
           int            n,
           const RefMove *last_own)
{
  int chosen[REF_MAX_MOVES], k = 0;

  switch (pick)
    {
    case PICK_SHUTTLE:
      if (last_own->len == 2 && g_rand_int_range (rand, 0, 10) < 9)
        for (int i = 0; i < n; i++)
          if (moves[i].len == 2 && moves[i].id[0] == last_own->id[1]
              && moves[i].id[1] == last_own->id[0])
            return i;
      break;
    case PICK_PEACEFUL:
      for (int i = 0; i < n; i++)
        if (!makes_line (ref, &moves[i]))
          chosen[k++] = i;
      if (k > 0)
        return chosen[g_rand_int_range (rand, 0, k)];
      break;
    case PICK_SMOTHER:
      if (ref->game == TAFEL_GAME_MILL)
        {
          g_autofree RefMove *replies = g_new (RefMove, REF_MAX_MOVES);
          int best = G_MAXINT;

          for (int i = 0; i < n; i++)
            {
              Ref after = *ref;
              int left;

              ref_apply (&after, &moves[i]);
              left = mill_generate (&after, replies);
              if (left < best)
                k = 0;
              if (left <= best)
                {
                  best = left;
                  chosen[k++] = i;
                }
            }
          return chosen[g_rand_int_range (rand, 0, k)];
        }
      break;
    default:
      if (ref->game == TAFEL_GAME_MILL && g_rand_int_range (rand, 0, 4) == 0)
        {
          for (int i = 0; i < n; i++)
            if (makes_line (ref, &moves[i]))
              chosen[k++] = i;
          if (k > 0)
            return chosen[g_rand_int_range (rand, 0, k)];
        }
      break;
    }
  return g_rand_int_range (rand, 0, n);
}

#define MAX_GAME_PLIES 2000

/* One random game; FALSE after a failure. */
static gboolean
play_one (Game  *g,
          GRand *rand)
{
  const TafelRules *rules = g->rules;
  g_autofree TafelState *states = g_new (TafelState, MAX_GAME_PLIES + 1);
  g_autofree TafelUndo *undos = g_new (TafelUndo, MAX_GAME_PLIES);
  g_autofree TafelMove *moves = g_new (TafelMove, MAX_GAME_PLIES);
  g_autofree guint64 *hashes = g_new (guint64, MAX_GAME_PLIES + 1);
  g_autofree RefMove *ref_list = g_new (RefMove, REF_MAX_MOVES);
  g_autofree TafelMove *engine_list = g_new (TafelMove, TAFEL_MAX_MOVES);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) refused = g_array_new (FALSE, FALSE, sizeof (Refused));
  Pick picks[2];
  RefMove last[2] = { { 0 }, { 0 } };
  Ref ref;
  guint ply = 0;

  g_array_set_clear_func (refused, refused_clear);
  ref_init (&ref, g->game);
  /* Each side its own way of playing, but mostly the same. */
  picks[0] = (Pick) g_rand_int_range (rand, 0, N_PICKS);
  picks[1] = g_rand_int_range (rand, 0, 4) == 0 ? (Pick) g_rand_int_range (rand, 0, N_PICKS) : picks[0];
  rules->init (&states[0]);

  for (;;)
    {
      TafelHistory history = { hashes, ply };
      g_autofree char *key = ref_key (&ref);
      int times = GPOINTER_TO_INT (g_hash_table_lookup (seen, key)) + 1;
      RefResult result;
      guint n_engine;
      int n_ref, pick;

      g_hash_table_replace (seen, g_steal_pointer (&key), GINT_TO_POINTER (times));
      hashes[ply] = rules->hash (&states[ply]);

      if (!check_state (g, &ref, &states[ply])
          || !check_hash (g, &ref, hashes[ply])
          || !check_outcome (g, &ref, &states[ply], &history, times, &result))
        return FALSE;

      n_ref = ref_moves (&ref, ref_list);
      if (!check_moves (g, &ref, &states[ply], ref_list, n_ref, engine_list, &n_engine))
        return FALSE;

      /* Paths the reference refuses are refused. */
      for (int k = 0; k < 6; k++)
        {
          TafelMove m = random_path (rand, g, engine_list, n_engine);
          gboolean ok = ref_accepts (g, ref_list, n_ref, &m);

          if (tafel_rules_is_legal (rules, &states[ply], &m) != ok)
            {
              g_autofree char *d = describe_moves (g, &m, 1);
              fail_at (&ref, ok ? "a legal path is refused" : "an illegal path is accepted", d);
              return FALSE;
            }
          if (!ok && result.status == TAFEL_STATUS_RUNNING && refused->len < 4
              && writable (g, &states[ply], &m) && g_rand_int_range (rand, 0, 8) == 0)
            {
              Refused r = { ply, tafel_rules_format_move (rules, &states[ply], &m) };
              g_array_append_val (refused, r);
            }
        }

      if (result.status != TAFEL_STATUS_RUNNING)
        {
          g->ends[result.end]++;
          if (result.winner >= 0)
            g->wins[result.winner]++;
          break;
        }
      if (n_ref == 0 || ply == MAX_GAME_PLIES)
        {
          fail_at (&ref, "a running game without moves or without end", NULL);
          return FALSE;
        }

      pick = pick_move (rand, picks[ref.side], &ref, ref_list, n_ref, &last[ref.side]);
      last[ref.side] = ref_list[pick];
      moves[ply] = to_engine_move (g, &ref_list[pick]);
      states[ply + 1] = states[ply];
      rules->make (&states[ply + 1], &moves[ply], &undos[ply]);
      ref_apply (&ref, &ref_list[pick]);
      ply++;
    }

  g->plies += ply;
  g->max_plies = MAX (g->max_plies, ply);

  if (!check_notation (g, &ref, states, moves, ply, hashes, refused))
    return FALSE;

  /* The whole game unwinds with the undo records kept. */
  {
    TafelState s = states[ply];

    for (guint i = ply; i-- > 0;)
      {
        rules->unmake (&s, &moves[i], &undos[i]);
        if (memcmp (&s, &states[i], sizeof s) != 0 || rules->hash (&s) != hashes[i])
          {
            fail_at (&ref, "unwinding the game does not restore a state", NULL);
            return FALSE;
          }
      }
  }

  return TRUE;
}

static guint
scaled (guint n)
{
  return MAX (1, (guint) (n * scale + 0.5));
}

static void
test_random_games (gconstpointer data)
{
  TafelGame game = GPOINTER_TO_INT (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (master_seed ^ (0x9e3779b9u * (game + 1)));
  guint n = scaled (base_games[game]);
  g_autoptr(GTimer) timer = g_timer_new ();
  Game g;
  guint played = 0;

  game_setup (&g, game);
  for (; played < n; played++)
    if (!play_one (&g, rand))
      break;
  total_games += played;

  g_test_message ("random games: %s %u (%" G_GUINT64_FORMAT " plies, longest %u, %"
                  G_GUINT64_FORMAT " positions checked, %u hashes, %.1f s)",
                  g.rules->key, played, g.plies, g.max_plies, g.checks,
                  g_hash_table_size (g.hash_of_key), g_timer_elapsed (timer, NULL));
  {
    g_autoptr(GString) ends = g_string_new (NULL);

    for (guint e = 1; e < N_ENDS; e++)
      if (g.ends[e] > 0)
        g_string_append_printf (ends, "%s%s %u", ends->len > 0 ? ", " : "", end_names[e], g.ends[e]);
    g_test_message ("endings: %s %s; wins %u/%u", g.rules->key, ends->str, g.wins[0], g.wins[1]);
  }

  /* The random games must reach every ending of the game, or the checks
   * above did not see them; at full scale each is common enough. */
  if (played == n && scale >= 1.0)
    {
      switch (game)
        {
        case TAFEL_GAME_INFINITY:
          g_assert_cmpuint (g.ends[END_LINE], >, 0);
          g_assert_cmpuint (g.ends[END_PLIES], >, 0);
          break;
        case TAFEL_GAME_TICTACTOE:
        case TAFEL_GAME_CONNECT_FOUR:
          g_assert_cmpuint (g.ends[END_LINE], >, 0);
          g_assert_cmpuint (g.ends[END_FULL], >, 0);
          break;
        case TAFEL_GAME_MILL:
          g_assert_cmpuint (g.ends[END_MATERIAL], >, 0);
          g_assert_cmpuint (g.ends[END_BLOCKED], >, 0);
          g_assert_cmpuint (g.ends[END_CLOCK], >, 0);
          g_assert_cmpuint (g.ends[END_REPETITION], >, 0);
          break;
        default:
          break;
        }
    }

  game_clear (&g);
}

/* ------------------------------------------------------------------ */
/* TafelMatch: random play, illegal moves, undo, redo, restart, reload */

typedef struct {
  const TafelRules *rules;
  GArray *states;       /* TafelState, from the start */
  GArray *moves;        /* TafelMove */
  guint current;
} Model;

static void
on_changed (TafelMatch *match,
            guint      *count)
{
  (*count)++;
}

static void
model_reset (Model *model)
{
  TafelState start;

  model->rules->init (&start);
  g_array_set_size (model->states, 0);
  g_array_set_size (model->moves, 0);
  g_array_append_val (model->states, start);
  model->current = 0;
}

static const TafelState *
model_state (Model *model,
             guint  i)
{
  return &g_array_index (model->states, TafelState, i);
}

static void
check_match (TafelMatch *match,
             Model      *model)
{
  const TafelRules *rules = model->rules;
  const TafelState *state = tafel_match_get_state (match);
  TafelHistory history = tafel_match_get_history (match);
  TafelOutcome expected;

  g_assert_cmpmem (state, sizeof *state, model_state (model, model->current), sizeof (TafelState));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, model->current);
  g_assert_cmpint (tafel_match_get_can_undo (match), ==, model->current > 0);
  g_assert_cmpint (tafel_match_get_can_redo (match), ==, model->current + 1 < model->states->len);
  g_assert_cmpint (tafel_match_get_side_to_move (match), ==, rules->side_to_move (state));

  g_assert_cmpuint (history.n, ==, model->current);
  for (guint i = 0; i < history.n; i++)
    g_assert_cmpuint (history.hashes[i], ==, rules->hash (model_state (model, i)));

  rules->outcome (state, &history, &expected);
  g_assert_cmpint (tafel_match_get_status (match), ==, expected.status);
  g_assert_cmpint (tafel_match_get_outcome (match)->winner, ==, expected.winner);

  if (model->current > 0)
    g_assert_true (tafel_move_equal (tafel_match_get_last_move (match),
                                     &g_array_index (model->moves, TafelMove, model->current - 1)));
  else
    g_assert_null (tafel_match_get_last_move (match));
}

/* What the board widget asks: the next clicks after a prefix. */
static void
check_continuations (TafelMatch *match,
                     GRand      *rand,
                     TafelMove  *legal,
                     guint       n)
{
  const TafelRules *rules = tafel_match_get_rules (match);
  guint n_targets = rules->board->n_targets;
  g_autofree gboolean *targets = g_new (gboolean, n_targets);
  g_autofree gboolean *expected = g_new0 (gboolean, n_targets);
  TafelMove pick, complete;
  gboolean is_complete, expect_complete = FALSE;
  guint len;

  if (n == 0)
    return;
  pick = legal[g_rand_int_range (rand, 0, n)];
  len = g_rand_int_range (rand, 0, pick.len + 1);
  for (guint i = 0; i < n; i++)
    {
      if (!tafel_move_has_prefix (&legal[i], pick.path, len))
        continue;
      if (legal[i].len == len)
        expect_complete = TRUE;
      else
        expected[legal[i].path[len]] = TRUE;
    }

  is_complete = tafel_match_continuations (match, pick.path, len, targets, &complete);
  g_assert_cmpint (is_complete, ==, expect_complete);
  if (is_complete)
    {
      g_assert_cmpuint (complete.len, ==, len);
      g_assert_cmpmem (complete.path, len, pick.path, len);
    }
  for (guint t = 0; t < n_targets; t++)
    g_assert_cmpint (targets[t], ==, expected[t]);
}

static void
match_run (TafelGame game,
           GRand    *rand)
{
  g_autoptr(TafelMatch) match = tafel_match_new (game);
  g_autofree TafelMove *legal = g_new (TafelMove, TAFEL_MAX_MOVES);
  Model model = { tafel_rules_get (game), NULL, NULL, 0 };
  guint changes = 0;
  guint steps = g_rand_int_range (rand, 20, game == TAFEL_GAME_MILL ? 400 : 120);

  model.states = g_array_new (FALSE, FALSE, sizeof (TafelState));
  model.moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
  model_reset (&model);
  g_signal_connect (match, "changed", G_CALLBACK (on_changed), &changes);
  check_match (match, &model);

  for (guint step = 0; step < steps; step++)
    {
      const TafelState *state = model_state (&model, model.current);
      guint n = model.rules->legal_moves (state, legal);
      gboolean running = tafel_match_get_status (match) == TAFEL_STATUS_RUNNING;
      guint serial = tafel_match_get_serial (match);
      guint before = changes;
      gboolean moved = TRUE;
      int action = g_rand_int_range (rand, 0, 100);
      g_autoptr(GError) error = NULL;

      if (running)
        check_continuations (match, rand, legal, n);

      if (action < 60)
        {
          /* A legal move, or the refusal after the end. */
          if (n == 0)
            {
              TafelMove any = { 1, { 0 } };

              g_assert_false (running);
              g_assert_false (tafel_match_play (match, &any, &error));
              g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER);
              moved = FALSE;
            }
          else
            {
              TafelMove m = legal[g_rand_int_range (rand, 0, n)];
              gboolean ok = tafel_match_play (match, &m, &error);

              if (!running)
                {
                  /* Over by repetition while moves remain by the state. */
                  g_assert_false (ok);
                  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER);
                  moved = FALSE;
                }
              else
                {
                  TafelState next = *state;
                  TafelUndo undo;

                  g_assert_no_error (error);
                  g_assert_true (ok);
                  model.rules->make (&next, &m, &undo);
                  g_array_set_size (model.states, model.current + 1);
                  g_array_set_size (model.moves, model.current);
                  g_array_append_val (model.states, next);
                  g_array_append_val (model.moves, m);
                  model.current++;
                }
            }
        }
      else if (action < 68)
        {
          /* A path that is not a legal move changes nothing. */
          TafelMove m = { 0 };
          gboolean found;

          m.len = g_rand_int_range (rand, 1, TAFEL_MAX_PATH + 1);
          for (guint i = 0; i < m.len; i++)
            m.path[i] = g_rand_int_range (rand, 0, model.rules->board->n_targets);
          found = tafel_rules_is_legal (model.rules, state, &m);
          if (!found)
            {
              g_assert_false (tafel_match_play (match, &m, &error));
              g_assert_nonnull (error);
            }
          moved = FALSE;
        }
      else if (action < 84)
        {
          gboolean ok = tafel_match_undo (match);

          g_assert_cmpint (ok, ==, model.current > 0);
          if (ok)
            model.current--;
          moved = ok;
        }
      else if (action < 96)
        {
          gboolean ok = tafel_match_redo (match);

          g_assert_cmpint (ok, ==, model.current + 1 < model.states->len);
          if (ok)
            model.current++;
          moved = ok;
        }
      else if (action < 98)
        {
          tafel_match_restart (match);
          model_reset (&model);
        }
      else
        {
          /* Writing the moves and loading them gives the same position
           * (and drops the redo line). */
          g_autofree char *text = tafel_match_to_moves (match);

          g_assert_true (tafel_match_load_moves (match, text, &error));
          g_assert_no_error (error);
          g_array_set_size (model.states, model.current + 1);
          g_array_set_size (model.moves, model.current);
        }

      if (moved)
        {
          g_assert_cmpuint (changes, ==, before + 1);
          g_assert_cmpuint (tafel_match_get_serial (match), !=, serial);
        }
      else
        {
          g_assert_cmpuint (changes, ==, before);
          g_assert_cmpuint (tafel_match_get_serial (match), ==, serial);
        }
      check_match (match, &model);
    }

  g_array_unref (model.states);
  g_array_unref (model.moves);
}

static void
test_match (gconstpointer data)
{
  TafelGame game = GPOINTER_TO_INT (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (master_seed ^ (0x85ebca6bu * (game + 1)));
  guint n = scaled (base_match_runs[game]);

  for (guint i = 0; i < n; i++)
    match_run (game, rand);
  g_test_message ("match sequences: %s %u", tafel_rules_get (game)->key, n);
}

static void
test_total (void)
{
  g_test_message ("random games: %u", total_games);
}

int
main (int   argc,
      char *argv[])
{
  const char *env_seed = g_getenv ("TAFEL_TEST_SEED");
  const char *env_scale = g_getenv ("TAFEL_TEST_SCALE");

  g_test_init (&argc, &argv, NULL);

  if (env_seed != NULL && *env_seed != '\0')
    master_seed = (guint32) g_ascii_strtoull (env_seed, NULL, 10);
  else
    master_seed = g_random_int ();
  if (env_scale != NULL && *env_scale != '\0')
    scale = CLAMP (g_ascii_strtod (env_scale, NULL), 0.0001, 100.0);

  g_test_message ("seed %u (TAFEL_TEST_SEED=%u repeats this run), scale %g",
                  master_seed, master_seed, scale);

  for (int game = 0; game < TAFEL_N_GAMES; game++)
    {
      g_autofree char *path = g_strdup_printf ("/invariants/random-games/%s",
                                               tafel_rules_get (game)->key);
      g_test_add_data_func (path, GINT_TO_POINTER (game), test_random_games);
    }
  for (int game = 0; game < TAFEL_N_GAMES; game++)
    {
      g_autofree char *path = g_strdup_printf ("/invariants/match/%s",
                                               tafel_rules_get (game)->key);
      g_test_add_data_func (path, GINT_TO_POINTER (game), test_match);
    }
  g_test_add_func ("/invariants/summary/total", test_total);

  return g_test_run ();
}
