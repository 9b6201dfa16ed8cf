/* tafel-mill.c: Nine Men's Morris (Mühle)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 24 points on three squares, 32 connections, 16 mills.  Each side places
 * its 9 stones, then moves a stone to an adjacent empty point, or flies to
 * any empty point when it has exactly 3 stones.  Closing a mill (by placing
 * or moving) removes one opponent stone, which may stand in a mill only if
 * all the opponent's stones do; two mills closed at once still remove one.
 * A side loses with fewer than 3 stones on the board and in hand, or when
 * it is to move in the moving phase and cannot.  The third occurrence of a
 * position (stones, stones in hand, side to move) and 100 half-moves in a
 * row without a placement or removal are draws.
 *
 * Order of the end conditions, when several could apply: a side below 3
 * stones has lost; otherwise the 100 half-move rule and repetition draw;
 * otherwise a side to move that cannot move has lost.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-player.h"
#include "tafel-mill-search.h"

G_STATIC_ASSERT (sizeof (TafelMillState) <= sizeof (TafelState));
G_STATIC_ASSERT (sizeof (TafelMillState) <= sizeof (TafelUndo));

/* Points by file, then rank; the index is the bit of the point. */
static const char *const mill_names[TAFEL_MILL_POINTS] = {
  "a1", "a4", "a7",
  "b2", "b4", "b6",
  "c3", "c4", "c5",
  "d1", "d2", "d3", "d5", "d6", "d7",
  "e3", "e4", "e5",
  "f2", "f4", "f6",
  "g1", "g4", "g7",
};

/* Unit square, y down: file f (a = 0) and rank r (1 = 0) on a 7x7 grid. */
#define MP(f, r) { 0.07 + (f) * (0.86 / 6), 0.07 + (6 - (r)) * (0.86 / 6) }

static const TafelBoardPoint mill_points[TAFEL_MILL_POINTS] = {
  MP (0, 0), MP (0, 3), MP (0, 6),
  MP (1, 1), MP (1, 3), MP (1, 5),
  MP (2, 2), MP (2, 3), MP (2, 4),
  MP (3, 0), MP (3, 1), MP (3, 2), MP (3, 4), MP (3, 5), MP (3, 6),
  MP (4, 2), MP (4, 3), MP (4, 4),
  MP (5, 1), MP (5, 3), MP (5, 5),
  MP (6, 0), MP (6, 3), MP (6, 6),
};

#undef MP

enum {
  A1, A4, A7, B2, B4, B6, C3, C4, C5,
  D1, D2, D3, D5, D6, D7,
  E3, E4, E5, F2, F4, F6, G1, G4, G7,
};

/* The 16 mills: 8 along ranks, then 8 along files. */
static const guint8 mill_lines[TAFEL_MILL_MILLS * 3] = {
  A7, D7, G7,  B6, D6, F6,  C5, D5, E5,  A4, B4, C4,
  E4, F4, G4,  C3, D3, E3,  B2, D2, F2,  A1, D1, G1,
  A1, A4, A7,  B2, B4, B6,  C3, C4, C5,  D1, D2, D3,
  D5, D6, D7,  E3, E4, E5,  F2, F4, F6,  G1, G4, G7,
};

/* The 32 connections: the sides of the three squares and the four
 * crossing lines. */
static const guint8 mill_edges[TAFEL_MILL_EDGES][2] = {
  /* outer square */
  { A1, D1 }, { D1, G1 }, { G1, G4 }, { G4, G7 },
  { G7, D7 }, { D7, A7 }, { A7, A4 }, { A4, A1 },
  /* middle square */
  { B2, D2 }, { D2, F2 }, { F2, F4 }, { F4, F6 },
  { F6, D6 }, { D6, B6 }, { B6, B4 }, { B4, B2 },
  /* inner square */
  { C3, D3 }, { D3, E3 }, { E3, E4 }, { E4, E5 },
  { E5, D5 }, { D5, C5 }, { C5, C4 }, { C4, C3 },
  /* crossing lines */
  { D1, D2 }, { D2, D3 }, { D7, D6 }, { D6, D5 },
  { A4, B4 }, { B4, C4 }, { G4, F4 }, { F4, E4 },
};

static const guint8 mill_targets[TAFEL_MILL_POINTS] = {
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
};

const TafelBoard tafel_mill_board = {
  .style = TAFEL_BOARD_LINES,
  .columns = 0,
  .rows = 0,
  .n_points = TAFEL_MILL_POINTS,
  .points = mill_points,
  .point_names = mill_names,
  .line_len = 3,
  .n_lines = TAFEL_MILL_MILLS,
  .lines = mill_lines,
  .n_edges = TAFEL_MILL_EDGES,
  .edges = mill_edges,
  .n_targets = TAFEL_MILL_POINTS,
  .target_of_point = mill_targets,
  .point_radius = 0.045,
};

/* ---- tables derived from the board data ---- */

static TafelMillTables T;

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void
build_tables (void)
{
  guint64 seed = G_GUINT64_CONSTANT (0x4d75686c65);   /* "Muehle" */
  guint n_mills_of[TAFEL_MILL_POINTS] = { 0 };

  memset (&T, 0, sizeof T);

  for (guint e = 0; e < TAFEL_MILL_EDGES; e++)
    {
      T.adj[mill_edges[e][0]] |= 1u << mill_edges[e][1];
      T.adj[mill_edges[e][1]] |= 1u << mill_edges[e][0];
    }

  for (guint m = 0; m < TAFEL_MILL_MILLS; m++)
    {
      guint32 mask = 0;

      for (guint i = 0; i < 3; i++)
        mask |= 1u << mill_lines[m * 3 + i];
      T.mills[m] = mask;
      for (guint i = 0; i < 3; i++)
        {
          guint p = mill_lines[m * 3 + i];

          g_assert (n_mills_of[p] < 2);
          T.point_mills[p][n_mills_of[p]++] = mask;
        }
    }

  for (int side = 0; side < 2; side++)
    {
      for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
        T.z_stone[side][p] = splitmix64 (&seed);
      for (guint h = 0; h <= TAFEL_MILL_HAND; h++)
        T.z_hand[side][h] = splitmix64 (&seed);
    }
  T.z_side = splitmix64 (&seed);
  T.z_pending = splitmix64 (&seed);
}

const TafelMillTables *
tafel_mill_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      build_tables ();
      g_once_init_leave (&done, 1);
    }

  return &T;
}

/* ---- the core ---- */

#define BIT(p) (1u << (p))
#define POPCOUNT(x) tafel_mill_popcount (x)
#define LOWEST(x) ((guint) __builtin_ctz (x))

guint32
tafel_mill_in_mills (guint32 stones)
{
  guint32 in = 0;

  for (guint m = 0; m < TAFEL_MILL_MILLS; m++)
    if ((stones & T.mills[m]) == T.mills[m])
      in |= T.mills[m];

  return in;
}

guint32
tafel_mill_removable (guint32 stones)
{
  guint32 free_stones = stones & ~tafel_mill_in_mills (stones);

  return free_stones != 0 ? free_stones : stones;
}

static inline gboolean
closes_at (guint32 own,
           guint   to)
{
  return (own & T.point_mills[to][0]) == T.point_mills[to][0]
         || (own & T.point_mills[to][1]) == T.point_mills[to][1];
}

guint64
tafel_mill_compute_key (const TafelMillState *s)
{
  guint64 key = 0;

  tafel_mill_tables ();
  for (int side = 0; side < 2; side++)
    {
      for (guint32 b = s->stones[side]; b != 0; b &= b - 1)
        key ^= T.z_stone[side][LOWEST (b)];
      key ^= T.z_hand[side][s->hand[side]];
    }
  if (s->side)
    key ^= T.z_side;
  if (s->pending)
    key ^= T.z_pending;

  return key;
}

guint
tafel_mill_generate (const TafelMillState *s,
                     TafelMove            *moves)
{
  int side = s->side;
  guint32 own = s->stones[side];
  guint32 opp = s->stones[side ^ 1];
  guint32 empty = TAFEL_MILL_ALL & ~(own | opp);
  guint32 removable = tafel_mill_removable (opp);
  guint n = 0;

  if (s->pending)
    {
      for (guint32 r = removable; r != 0; r &= r - 1)
        moves[n++] = (TafelMove) { 1, { LOWEST (r) } };
      return n;
    }

  if (s->hand[side] > 0)
    {
      for (guint32 e = empty; e != 0; e &= e - 1)
        {
          guint to = LOWEST (e);

          if (removable != 0 && closes_at (own | BIT (to), to))
            for (guint32 r = removable; r != 0; r &= r - 1)
              moves[n++] = (TafelMove) { 2, { to, LOWEST (r) } };
          else
            moves[n++] = (TafelMove) { 1, { to } };
        }
      return n;
    }

  {
    gboolean fly = POPCOUNT (own) == 3;

    for (guint32 f = own; f != 0; f &= f - 1)
      {
        guint from = LOWEST (f);
        guint32 rest = own & ~BIT (from);
        guint32 targets = fly ? empty : T.adj[from] & empty;

        for (; targets != 0; targets &= targets - 1)
          {
            guint to = LOWEST (targets);

            if (removable != 0 && closes_at (rest | BIT (to), to))
              for (guint32 r = removable; r != 0; r &= r - 1)
                moves[n++] = (TafelMove) { 3, { from, to, LOWEST (r) } };
            else
              moves[n++] = (TafelMove) { 2, { from, to } };
          }
      }
  }

  return n;
}

/* The number of legal moves, without listing them. */
static guint
count_moves (const TafelMillState *s)
{
  int side = s->side;
  guint32 own = s->stones[side];
  guint32 opp = s->stones[side ^ 1];
  guint32 empty = TAFEL_MILL_ALL & ~(own | opp);
  guint32 removable = tafel_mill_removable (opp);
  guint per_mill = removable != 0 ? POPCOUNT (removable) : 1;
  guint n = 0;

  if (s->pending)
    return POPCOUNT (removable);

  if (s->hand[side] > 0)
    {
      for (guint32 e = empty; e != 0; e &= e - 1)
        {
          guint to = LOWEST (e);

          n += closes_at (own | BIT (to), to) ? per_mill : 1;
        }
      return n;
    }

  {
    gboolean fly = POPCOUNT (own) == 3;

    for (guint32 f = own; f != 0; f &= f - 1)
      {
        guint from = LOWEST (f);
        guint32 rest = own & ~BIT (from);
        guint32 targets = fly ? empty : T.adj[from] & empty;

        for (; targets != 0; targets &= targets - 1)
          {
            guint to = LOWEST (targets);

            n += closes_at (rest | BIT (to), to) ? per_mill : 1;
          }
      }
  }

  return n;
}

void
tafel_mill_apply (TafelMillState  *s,
                  const TafelMove *move)
{
  int side = s->side;
  int opp = side ^ 1;
  guint removed = TAFEL_MILL_NO_POINT;

  if (s->pending)
    {
      removed = move->path[0];
      s->pending = 0;
      s->key ^= T.z_pending;
    }
  else if (s->hand[side] > 0)
    {
      guint to = move->path[0];

      s->stones[side] |= BIT (to);
      s->key ^= T.z_stone[side][to]
                ^ T.z_hand[side][s->hand[side]]
                ^ T.z_hand[side][s->hand[side] - 1];
      s->hand[side]--;
      s->clock = 0;
      if (move->len == 2)
        removed = move->path[1];
    }
  else
    {
      guint from = move->path[0], to = move->path[1];

      s->stones[side] ^= BIT (from) | BIT (to);
      s->key ^= T.z_stone[side][from] ^ T.z_stone[side][to];
      if (s->clock < G_MAXUINT8)
        s->clock++;
      if (move->len == 3)
        removed = move->path[2];
    }

  if (removed != TAFEL_MILL_NO_POINT)
    {
      s->stones[opp] &= ~BIT (removed);
      s->key ^= T.z_stone[opp][removed];
      s->clock = 0;
    }

  s->side = opp;
  s->key ^= T.z_side;
  s->ply++;
}

static gboolean
can_move (const TafelMillState *s,
          int                   side)
{
  guint32 own = s->stones[side];
  guint32 empty = TAFEL_MILL_ALL & ~(own | s->stones[side ^ 1]);
  guint32 reach = 0;

  if (s->hand[side] > 0 || POPCOUNT (own) == 3)
    return empty != 0;

  for (guint32 f = own; f != 0; f &= f - 1)
    reach |= T.adj[LOWEST (f)];

  return (reach & empty) != 0;
}

TafelStatus
tafel_mill_status (const TafelMillState *s,
                   int                  *winner)
{
  int side = s->side;

  *winner = TAFEL_SIDE_NONE;

  for (int i = 0; i < 2; i++)
    {
      int who = side ^ i;

      if (POPCOUNT (s->stones[who]) + s->hand[who] < 3)
        {
          *winner = who ^ 1;
          return TAFEL_STATUS_WON;
        }
    }

  if (s->pending)
    return TAFEL_STATUS_RUNNING;

  if (s->clock >= TAFEL_MILL_DRAW_CLOCK)
    return TAFEL_STATUS_DRAWN;

  if (!can_move (s, side))
    {
      *winner = side ^ 1;
      return TAFEL_STATUS_WON;
    }

  return TAFEL_STATUS_RUNNING;
}

gboolean
tafel_mill_move_closes (const TafelMillState *s,
                        const TafelMove      *move)
{
  int side = s->side;
  guint32 own = s->stones[side];

  if (s->pending)
    return FALSE;
  if (s->hand[side] > 0)
    return closes_at (own | BIT (move->path[0]), move->path[0]);

  return closes_at ((own & ~BIT (move->path[0])) | BIT (move->path[1]), move->path[1]);
}

guint
tafel_mill_move_to (const TafelMillState *s,
                    const TafelMove      *move)
{
  if (s->pending || s->hand[s->side] > 0)
    return move->path[0];
  return move->path[1];
}

guint
tafel_mill_move_removed (const TafelMillState *s,
                         const TafelMove      *move)
{
  if (s->pending)
    return move->path[0];
  if (s->hand[s->side] > 0)
    return move->len == 2 ? move->path[1] : TAFEL_MILL_NO_POINT;
  return move->len == 3 ? move->path[2] : TAFEL_MILL_NO_POINT;
}

/* ---- the rules interface ---- */

static void
mill_init (TafelState *state)
{
  TafelMillState *s = TAFEL_MILL_STATE (state);

  memset (state, 0, sizeof *state);
  s->hand[0] = s->hand[1] = TAFEL_MILL_HAND;
  s->key = tafel_mill_compute_key (s);
}

static int
mill_side_to_move (const TafelState *state)
{
  return TAFEL_MILL_CSTATE (state)->side;
}

static guint
mill_ply (const TafelState *state)
{
  return TAFEL_MILL_CSTATE (state)->ply;
}

static guint
mill_legal_moves (const TafelState *state,
                  TafelMove        *moves)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  int winner;

  tafel_mill_tables ();
  if (tafel_mill_status (s, &winner) != TAFEL_STATUS_RUNNING)
    return 0;

  return tafel_mill_generate (s, moves);
}

static void
mill_make (TafelState      *state,
           const TafelMove *move,
           TafelUndo       *undo)
{
  TafelMillState *s = TAFEL_MILL_STATE (state);

  tafel_mill_tables ();
  memcpy (undo->bytes, s, sizeof *s);
  tafel_mill_apply (s, move);
}

static void
mill_unmake (TafelState      *state,
             const TafelMove *move,
             const TafelUndo *undo)
{
  memcpy (state->bytes, undo->bytes, sizeof (TafelMillState));
}

static void
mill_outcome (const TafelState   *state,
              const TafelHistory *history,
              TafelOutcome       *outcome)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  int winner;

  tafel_mill_tables ();
  memset (outcome, 0, sizeof *outcome);
  outcome->winner = TAFEL_SIDE_NONE;

  /* Material first: a side below three stones has lost. */
  for (int i = 0; i < 2; i++)
    {
      int who = s->side ^ i;

      if (POPCOUNT (s->stones[who]) + s->hand[who] < 3)
        {
          outcome->status = TAFEL_STATUS_WON;
          outcome->winner = who ^ 1;
          return;
        }
    }

  /* Threefold repetition: only positions since the last placement or
   * removal can equal this one. */
  if (history != NULL && history->hashes != NULL && !s->pending)
    {
      gsize span = MIN ((gsize) s->clock, history->n);
      guint seen = 0;

      for (gsize i = history->n - span; i < history->n; i++)
        if (history->hashes[i] == s->key)
          seen++;

      if (seen >= 2)
        {
          outcome->status = TAFEL_STATUS_DRAWN;
          return;
        }
    }

  outcome->status = tafel_mill_status (s, &winner);
  outcome->winner = winner;

  /* Mark the winner's stones that stand in mills. */
  if (outcome->status == TAFEL_STATUS_WON)
    {
      guint32 in = tafel_mill_in_mills (s->stones[winner]);

      for (guint m = 0; m < TAFEL_MILL_MILLS && outcome->n_lines < G_N_ELEMENTS (outcome->lines); m++)
        if ((s->stones[winner] & T.mills[m]) == T.mills[m])
          outcome->lines[outcome->n_lines++] = m;
      for (; in != 0 && outcome->n_marks < TAFEL_MAX_MARKS; in &= in - 1)
        outcome->marks[outcome->n_marks++] = LOWEST (in);
    }
}

static guint64
mill_hash (const TafelState *state)
{
  return TAFEL_MILL_CSTATE (state)->key;
}

static void
mill_points_info (const TafelState *state,
                  TafelPointInfo   *info)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);

  for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
    {
      info[p].flags = TAFEL_POINT_FLAG_NONE;
      if (s->stones[0] & BIT (p))
        info[p].owner = TAFEL_POINT_SIDE0;
      else if (s->stones[1] & BIT (p))
        info[p].owner = TAFEL_POINT_SIDE1;
      else
        info[p].owner = TAFEL_POINT_EMPTY;
    }
}

/* ---- notation ---- */

static int
point_index (char file,
             char rank)
{
  for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
    if (mill_names[p][0] == file && mill_names[p][1] == rank)
      return p;
  return -1;
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Reads a point name at *cursor; on success advances it. */
static gboolean
read_point (const char **cursor,
            guint8      *point)
{
  const char *c = *cursor;
  int p;

  if (c[0] == '\0' || c[1] == '\0')
    return FALSE;
  p = point_index (g_ascii_tolower (c[0]), c[1]);
  if (p < 0)
    return FALSE;
  *point = p;
  *cursor = c + 2;
  return TRUE;
}

static gboolean
parse_error (const char  *start,
             GError     **error)
{
  gsize len = 0;

  while (start[len] != '\0' && !is_blank (start[len]))
    len++;

  {
    g_autofree char *word = tafel_error_snippet (start, len);

    g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                 /* Translators: %s is what was typed instead of a Mill move */
                 _("“%s” is not a Mill move (expected e.g. d2, d2-d3 or d2xa1)"),
                 word);
  }
  return FALSE;
}

static gboolean
mill_parse_move (const TafelState *state,
                 const char      **cursor,
                 TafelMove        *move,
                 GError          **error)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  const char *c = *cursor;
  const char *start;
  guint8 first, second = 0, removed = 0;
  gboolean has_second = FALSE, has_removed = FALSE;

  while (*c == ' ' || *c == '\t')
    c++;
  start = c;

  if (*c == 'x' || *c == 'X')
    {
      /* A removal on its own: only when a removal is pending. */
      c++;
      if (!read_point (&c, &first) || (*c != '\0' && !is_blank (*c)))
        return parse_error (start, error);
      if (!s->pending)
        {
          g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                       _("A removal must follow a move that closes a mill"));
          return FALSE;
        }
      *move = (TafelMove) { 1, { first } };
      *cursor = c;
      return TRUE;
    }

  if (!read_point (&c, &first))
    return parse_error (start, error);
  if (*c == '-')
    {
      c++;
      if (!read_point (&c, &second))
        return parse_error (start, error);
      has_second = TRUE;
    }
  if (*c == 'x' || *c == 'X')
    {
      c++;
      if (!read_point (&c, &removed))
        return parse_error (start, error);
      has_removed = TRUE;
    }
  if (*c != '\0' && !is_blank (*c))
    return parse_error (start, error);

  /* The removal as a token of its own right after the move: "d2 xa1". */
  if (!has_removed)
    {
      const char *look = c;

      while (is_blank (*look))
        look++;
      if (*look == 'x' || *look == 'X')
        {
          const char *after = look + 1;

          if (read_point (&after, &removed) && (*after == '\0' || is_blank (*after)))
            {
              has_removed = TRUE;
              c = after;
            }
          else
            return parse_error (look, error);
        }
    }

  if (s->pending)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                   _("A stone of the opponent must be removed first"));
      return FALSE;
    }
  if (s->hand[s->side] > 0 && has_second)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                   _("Stones in hand must be placed before any stone moves"));
      return FALSE;
    }
  if (s->hand[s->side] == 0 && !has_second)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                   _("All stones are placed: a move needs a start and a target point"));
      return FALSE;
    }

  move->len = 0;
  move->path[move->len++] = first;
  if (has_second)
    move->path[move->len++] = second;
  if (has_removed)
    move->path[move->len++] = removed;
  *cursor = c;
  return TRUE;
}

static void
mill_format_move (const TafelState *state,
                  const TafelMove  *move,
                  GString          *out)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);

  g_return_if_fail (move->len >= 1 && move->len <= 3);

  if (s->pending)
    {
      g_string_append_printf (out, "x%s", mill_names[move->path[0]]);
      return;
    }

  g_string_append (out, mill_names[move->path[0]]);
  if (s->hand[s->side] > 0)
    {
      if (move->len >= 2)
        g_string_append_printf (out, "x%s", mill_names[move->path[1]]);
      return;
    }

  if (move->len >= 2)
    g_string_append_printf (out, "-%s", mill_names[move->path[1]]);
  if (move->len >= 3)
    g_string_append_printf (out, "x%s", mill_names[move->path[2]]);
}

/* ---- perft ---- */

/* Repetition is not considered (perft has no history): a sequence ends
 * only where the state alone ends the game. */
static guint64
perft_rec (const TafelMillState *s,
           guint                 depth)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint64 total = 0;
  int winner;
  guint n;

  if (tafel_mill_status (s, &winner) != TAFEL_STATUS_RUNNING)
    return 0;
  if (depth == 1)
    return count_moves (s);

  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      total += perft_rec (&child, depth - 1);
    }

  return total;
}

static guint64
mill_perft (const TafelState *state,
            guint             depth)
{
  tafel_mill_tables ();
  if (depth == 0)
    return 1;
  return perft_rec (TAFEL_MILL_CSTATE (state), depth);
}

/* ---- Sanmill's FEN ---- */

/* The rings inner, middle, outer, each from the top middle clockwise. */
static const guint8 fen_order[TAFEL_MILL_POINTS] = {
  D5, E5, E4, E3, D3, C3, C4, C5,
  D6, F6, F4, F2, D2, B2, B4, B6,
  D7, G7, G4, G1, D1, A1, A4, A7,
};

static gboolean
fen_fail (GError    **error,
          const char *reason)
{
  g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
               /* Translators: %s explains what is wrong */
               _("Not a valid Mill FEN: %s"), reason);
  return FALSE;
}

static gboolean
fen_number (const char *field,
            guint64     max,
            guint64    *value)
{
  guint64 v;

  if (field[0] == '\0' || strlen (field) > 20)
    return FALSE;
  for (const char *c = field; *c; c++)
    if (!g_ascii_isdigit (*c))
      return FALSE;
  errno = 0;
  v = g_ascii_strtoull (field, NULL, 10);
  if (errno != 0 || v > max)
    return FALSE;
  *value = v;
  return TRUE;
}

/*
 * Sanmill's FEN has 17 fields: the board, the side to move (w/b), the phase
 * (r ready, p placing, m moving), the action (p place, s select a stone to
 * move, r remove), white on board, white in hand, black on board, black in
 * hand, white's and black's pending removals, the last mill's from and to
 * square of white and of black (Sanmill squares 8..31, 0 for none), the
 * formed-mills bitmask, the half-move counter and the move number.
 *
 * The last-mill fields and the bitmask only matter for Sanmill's optional
 * rule variants; they are checked for form and otherwise ignored.
 *
 * A pending removal (action "r", one removal pending for the side to
 * move) is kept as such: the state gets its pending flag, and its only
 * legal moves are the single removals [point], written "xa1"; after the
 * removal the other side moves.  Two or more pending removals do not occur
 * under these rules and are refused.
 */
static gboolean
mill_parse_position (const char  *text,
                     TafelState  *state,
                     GError     **error)
{
  g_auto (GStrv) fields = NULL;
  TafelMillState s;
  guint64 v[17];
  guint board_count[2] = { 0, 0 };
  int side;
  char phase, action;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  tafel_mill_tables ();
  memset (&s, 0, sizeof s);

  {
    g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
    g_auto (GStrv) raw = g_strsplit_set (text, " \t\r\n", -1);

    for (guint i = 0; raw[i] != NULL; i++)
      if (raw[i][0] != '\0')
        g_ptr_array_add (parts, g_strdup (raw[i]));
    g_ptr_array_add (parts, NULL);
    fields = (GStrv) g_ptr_array_free (g_steal_pointer (&parts), FALSE);
  }

  if (g_strv_length (fields) != 17)
    return fen_fail (error, _("expected 17 fields (board, side, phase, action, "
                              "four stone counts, two removal counts, four last-mill "
                              "fields, mill bitmask, half-move counter, move number)"));

  /* The board: three rings of eight points separated by '/'. */
  {
    const char *b = fields[0];
    guint p = 0;

    if (strlen (b) != 26 || b[8] != '/' || b[17] != '/')
      return fen_fail (error, _("the board must be three rings of 8 points separated by “/”"));
    for (guint i = 0; i < 26; i++)
      {
        if (i == 8 || i == 17)
          continue;
        switch (b[i])
          {
          case 'O':
            s.stones[0] |= BIT (fen_order[p]);
            break;
          case '@':
            s.stones[1] |= BIT (fen_order[p]);
            break;
          case '*':
            break;
          default:
            return fen_fail (error, _("a point must be “O” (white), “@” (black) or “*” (empty)"));
          }
        p++;
      }
    board_count[0] = POPCOUNT (s.stones[0]);
    board_count[1] = POPCOUNT (s.stones[1]);
  }

  if (g_str_equal (fields[1], "w"))
    side = 0;
  else if (g_str_equal (fields[1], "b"))
    side = 1;
  else
    return fen_fail (error, _("the side to move must be “w” or “b”"));

  if (strlen (fields[2]) != 1 || strchr ("rpm", fields[2][0]) == NULL)
    return fen_fail (error, _("the phase must be “r” (ready), “p” (placing) or “m” (moving)"));
  phase = fields[2][0];

  if (strlen (fields[3]) != 1 || strchr ("psr", fields[3][0]) == NULL)
    return fen_fail (error, _("the action must be “p” (place), “s” (select) or “r” (remove)"));
  action = fields[3][0];

  for (guint i = 4; i < 8; i++)
    if (!fen_number (fields[i], TAFEL_MILL_HAND, &v[i]))
      return fen_fail (error, _("stone counts must be numbers from 0 to 9"));
  for (guint i = 8; i < 10; i++)
    if (!fen_number (fields[i], 1, &v[i]))
      return fen_fail (error, _("a pending removal count must be 0 or 1"));
  for (guint i = 10; i < 14; i++)
    if (!fen_number (fields[i], 31, &v[i]) || (v[i] != 0 && v[i] < 8))
      return fen_fail (error, _("the last-mill fields must be 0 or a square from 8 to 31"));
  if (!fen_number (fields[14], G_MAXUINT64, &v[14]))
    return fen_fail (error, _("the mill bitmask must be a number"));
  if (!fen_number (fields[15], TAFEL_MILL_DRAW_CLOCK, &v[15]))
    return fen_fail (error, _("the half-move counter must be a number from 0 to 100"));
  if (!fen_number (fields[16], 9999, &v[16]) || v[16] < 1)
    return fen_fail (error, _("the move number must be a number from 1 to 9999"));

  /* The counts must agree with the board and with each other. */
  if (v[4] != board_count[0] || v[6] != board_count[1])
    return fen_fail (error, _("the stones on the board do not match the counts"));
  if (v[4] + v[5] > TAFEL_MILL_HAND || v[6] + v[7] > TAFEL_MILL_HAND)
    return fen_fail (error, _("a side has more than 9 stones"));

  {
    gboolean in_hand = v[5] > 0 || v[7] > 0;
    guint64 own_hand = side == 0 ? v[5] : v[7];

    if (phase == 'r' && (v[5] != TAFEL_MILL_HAND || v[7] != TAFEL_MILL_HAND || side != 0))
      return fen_fail (error, _("the phase “r” is only the start of a game"));
    /* After the last placement closed a mill Sanmill stays in the placing
     * phase until the stone is removed. */
    if (phase == 'm' && in_hand)
      return fen_fail (error, _("the moving phase cannot have stones in hand"));
    if (phase == 'p' && !in_hand && action != 'r')
      return fen_fail (error, _("the placing phase needs stones in hand"));
    if (action == 'p' && own_hand == 0)
      return fen_fail (error, _("the side to place has no stone in hand"));
    if (action == 's' && own_hand > 0)
      return fen_fail (error, _("a side with stones in hand cannot move a stone"));
  }

  if (v[8 + (side ^ 1)] != 0)
    return fen_fail (error, _("only the side to move can have a removal pending"));
  if ((action == 'r') != (v[8 + side] == 1))
    return fen_fail (error, _("the action “r” and the pending removal count must agree"));
  if (action == 'r' && s.stones[side ^ 1] == 0)
    return fen_fail (error, _("a removal is pending but the opponent has no stone on the board"));

  /* White starts and placements alternate: while placing, White has placed
   * as many stones as Black when White is to place, one more when Black is
   * (and the other way round while the placer still has to remove). */
  if (v[5] > 0 || v[7] > 0)
    {
      int placed_w = TAFEL_MILL_HAND - (int) v[5];
      int placed_b = TAFEL_MILL_HAND - (int) v[7];
      int expected = action == 'r' ? 1 - side : side;

      if (placed_w - placed_b != expected)
        return fen_fail (error, _("the stones in hand do not fit the side to move"));
    }

  s.hand[0] = v[5];
  s.hand[1] = v[7];
  s.side = side;
  s.pending = action == 'r';
  s.clock = v[15];
  s.ply = MIN ((v[16] - 1) * 2 + side, G_MAXUINT16);
  s.key = tafel_mill_compute_key (&s);

  memset (state, 0, sizeof *state);
  memcpy (state->bytes, &s, sizeof s);
  return TRUE;
}

/* ---- what the board shows of a move being made ---- */

static guint
mill_in_hand (const TafelState *state,
              int               side)
{
  return TAFEL_MILL_CSTATE (state)->hand[side];
}

/* Paths: [to(, removed)] while placing, [from, to(, removed)] while
 * moving, [removed] for a pending removal. */
static gboolean
placing (const TafelMillState *s)
{
  return s->hand[s->side] > 0;
}

static void
mill_preview (const TafelState *state,
              const guint8     *path,
              guint             len,
              TafelPointInfo   *info)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  guint8 own = s->side == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1;

  if (s->pending || len == 0)
    return;

  if (placing (s))
    {
      info[path[0]].owner = own;
      return;
    }

  info[path[0]].flags |= TAFEL_POINT_FLAG_SELECTED;
  if (len >= 2)
    {
      info[path[0]].owner = TAFEL_POINT_EMPTY;
      info[path[0]].flags &= ~TAFEL_POINT_FLAG_SELECTED;
      info[path[1]].owner = own;
      info[path[1]].flags |= TAFEL_POINT_FLAG_SELECTED;
    }
}

static const char *
mill_prompt (const TafelState *state,
             const guint8     *path,
             guint             len)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  guint clicks_before_removal = placing (s) ? 1 : 2;

  if (s->pending || len >= clicks_before_removal)
    return _("Remove a stone of your opponent.");
  if (placing (s))
    return _("Place a stone.");
  if (len == 1)
    return _("Choose where to move it.");
  if (tafel_mill_popcount (s->stones[s->side]) == 3)
    return s->side == 0 ? _("Choose a stone to move. White can fly.")
                        : _("Choose a stone to move. Black can fly.");
  return _("Choose a stone to move.");
}

static gboolean
mill_data_loaded (void)
{
  return tafel_mill_egtb_get_default () != NULL;
}

const TafelRules tafel_mill_rules = {
  .game = TAFEL_GAME_MILL,
  .key = "mill",
  .title = N_("Nine Men’s Morris"),
  .side_names = { N_("White"), N_("Black") },
  .draw_text = N_("Draw."),
  .flags = 0,
  .board = &tafel_mill_board,
  .init = mill_init,
  .side_to_move = mill_side_to_move,
  .ply = mill_ply,
  .legal_moves = mill_legal_moves,
  .make = mill_make,
  .unmake = mill_unmake,
  .outcome = mill_outcome,
  .hash = mill_hash,
  .points = mill_points_info,
  .parse_move = mill_parse_move,
  .format_move = mill_format_move,
  .moves_separated = TRUE,
  .player_new = tafel_mill_player_new,
  .player_free = tafel_mill_player_free,
  .player_nodes = tafel_mill_player_nodes,
  .analyze = tafel_mill_analyze,
  .choose_move = tafel_mill_choose_move,
  .data_name = "Mill endgame tables",
  .data_env = TAFEL_MILL_EGTB_ENV,
  .data_loaded = mill_data_loaded,
  .parse_position = mill_parse_position,
  .perft = mill_perft,
  .in_hand = mill_in_hand,
  .preview = mill_preview,
  .prompt = mill_prompt,
};
