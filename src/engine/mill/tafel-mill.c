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
#include "tafel-mill-book.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-player.h"
#include "tafel-mill-search.h"

G_STATIC_ASSERT (sizeof (TafelMillState) <= sizeof (TafelState));
G_STATIC_ASSERT (sizeof (TafelMillState) <= sizeof (TafelUndo));

/* Nine's point indexes (the order of tafel_mill_board.point_names). */
enum {
  A1, A4, A7, B2, B4, B6, C3, C4, C5,
  D1, D2, D3, D5, D6, D7,
  E3, E4, E5, F2, F4, F6, G1, G4, G7,
};

/* ---- tables derived from the board data ---- */

static TafelMillTables tables[TAFEL_MILL_N_VARIANTS];

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void
build_variant (TafelMillTables        *t,
               const TafelMillVariant *variant)
{
  const TafelBoard *board = variant->board;
  guint n_mills_of[TAFEL_MILL_POINTS] = { 0 };

  t->variant = variant;
  t->n_points = board->n_points;
  t->all = (guint32) ((G_GUINT64_CONSTANT (1) << board->n_points) - 1);
  t->hand = variant->hand;
  t->flags = variant->flags;

  tafel_mill_variant_adjacency (variant, t->adj);
  /* The evaluation counts a side's stones next to a point in three bits. */
  for (guint p = 0; p < t->n_points; p++)
    g_assert (MIN (tafel_mill_popcount (t->adj[p]), t->hand) <= 7);

  t->n_mills = tafel_mill_variant_n_mills (variant);
  G_STATIC_ASSERT (TAFEL_MILL_VARIANT_MAX_MILLS <= 32);
  for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
    {
      for (guint i = 0; i < TAFEL_MILL_POINT_MILLS; i++)
        t->point_mills[p][i] = TAFEL_MILL_NO_MILL;
      t->mills_through[p] = 0;
    }
  for (guint m = 0; m < t->n_mills; m++)
    {
      guint32 mask = tafel_mill_variant_mill (variant, m);

      t->mills[m] = mask;
      for (guint32 b = mask; b != 0; b &= b - 1)
        {
          guint p = (guint) __builtin_ctz (b);

          g_assert (n_mills_of[p] < TAFEL_MILL_POINT_MILLS);
          t->point_mills[p][n_mills_of[p]++] = mask;
          t->mills_through[p] |= 1u << m;
        }
    }
}

static void
build_tables (void)
{
  guint64 seed = G_GUINT64_CONSTANT (0x4d75686c65);   /* "Muehle" */
  const TafelMillVariant *const *variants = tafel_mill_variants ();
  TafelMillTables *t = &tables[0];

  memset (tables, 0, sizeof tables);

  /* Nine's keys first, in the order they always had. */
  for (int side = 0; side < 2; side++)
    {
      for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
        t->z_stone[side][p] = splitmix64 (&seed);
      for (guint h = 0; h <= TAFEL_MILL_HAND; h++)
        t->z_hand[side][h] = splitmix64 (&seed);
    }
  t->z_side = splitmix64 (&seed);
  t->z_pending = splitmix64 (&seed);
  for (int side = 0; side < 2; side++)
    for (guint h = TAFEL_MILL_HAND + 1; h <= TAFEL_MILL_VARIANT_MAX_HAND; h++)
      t->z_hand[side][h] = splitmix64 (&seed);

  for (guint v = 0; variants[v] != NULL; v++)
    {
      g_assert (variants[v]->index == v);
      if (v > 0)
        {
          memcpy (tables[v].z_stone, t->z_stone, sizeof t->z_stone);
          memcpy (tables[v].z_hand, t->z_hand, sizeof t->z_hand);
          tables[v].z_side = t->z_side;
          tables[v].z_pending = t->z_pending;
          tables[v].z_variant = splitmix64 (&seed);
        }
      build_variant (&tables[v], variants[v]);
    }
}

static void
ensure_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      build_tables ();
      g_once_init_leave (&done, 1);
    }
}

const TafelMillTables *
tafel_mill_tables (void)
{
  ensure_tables ();
  return &tables[0];
}

const TafelMillTables *
tafel_mill_state_tables (const TafelMillState *s)
{
  return &tables[s->variant];
}

/* ---- the core ---- */

#define BIT(p) (1u << (p))
#define POPCOUNT(x) tafel_mill_popcount (x)
#define LOWEST(x) ((guint) __builtin_ctz (x))
#define T(s) (&tables[(s)->variant])

static inline guint32
in_mills (const TafelMillTables *t,
          guint32                stones)
{
  guint32 in = 0;

  for (guint m = 0; m < t->n_mills; m++)
    if ((stones & t->mills[m]) == t->mills[m])
      in |= t->mills[m];

  return in;
}

static inline guint32
removable_of (const TafelMillTables *t,
              guint32                stones)
{
  guint32 free_stones = stones & ~in_mills (t, stones);

  return free_stones != 0 ? free_stones : stones;
}

guint32
tafel_mill_in_mills_of (const TafelMillTables *t,
                        guint32                stones)
{
  return in_mills (t, stones);
}


guint32
tafel_mill_in_mills (guint32 stones)
{
  return in_mills (&tables[0], stones);
}

guint32
tafel_mill_removable (guint32 stones)
{
  return removable_of (&tables[0], stones);
}

/* The number of mills @own (with a stone on @to) has through @to. */
static inline guint
mills_at (const TafelMillTables *t,
          guint32                own,
          guint                  to)
{
  const guint32 *pm = t->point_mills[to];

  return ((own & pm[0]) == pm[0]) + ((own & pm[1]) == pm[1])
         + ((own & pm[2]) == pm[2]) + ((own & pm[3]) == pm[3]);
}

guint64
tafel_mill_compute_key (const TafelMillState *s)
{
  const TafelMillTables *t;
  guint64 key;

  ensure_tables ();
  t = T (s);
  key = t->z_variant;
  for (int side = 0; side < 2; side++)
    {
      for (guint32 b = s->stones[side]; b != 0; b &= b - 1)
        key ^= t->z_stone[side][LOWEST (b)];
      key ^= t->z_hand[side][s->hand[side]];
    }
  if (s->side)
    key ^= t->z_side;
  if (s->pending)
    key ^= t->z_pending;

  return key;
}

/* The pairs of stones of @opp that may be removed one after the other,
 * lowest first, where a double mill counts double; with a single stone,
 * that stone alone. */
static guint
removal_pairs (const TafelMillTables *t,
               guint32                opp,
               guint8                 (*pairs)[2])
{
  guint32 first = removable_of (t, opp);
  guint n = 0;

  if (POPCOUNT (opp) < 2)
    {
      pairs[0][0] = LOWEST (opp);
      pairs[0][1] = TAFEL_MILL_NO_POINT;
      return opp != 0;
    }
  for (guint32 a = opp; a != 0; a &= a - 1)
    {
      guint r = LOWEST (a);
      guint32 after_r = removable_of (t, opp & ~BIT (r));

      for (guint32 b = a & (a - 1); b != 0; b &= b - 1)
        {
          guint q = LOWEST (b);

          if (((first & BIT (r)) && (after_r & BIT (q)))
              || ((first & BIT (q))
                  && (removable_of (t, opp & ~BIT (q)) & BIT (r))))
            {
              pairs[n][0] = r;
              pairs[n][1] = q;
              n++;
            }
        }
    }
  return n;
}

/* @base with each pair of removals a double mill allows. */
static guint
add_double (const TafelMillTables *t,
            const TafelMillState  *s,
            TafelMove              base,
            TafelMove             *moves)
{
  guint8 pairs[TAFEL_MILL_POINTS * TAFEL_MILL_POINTS / 2][2];
  guint k = removal_pairs (t, s->stones[s->side ^ 1], pairs);

  for (guint i = 0; i < k; i++)
    {
      moves[i] = base;
      moves[i].path[moves[i].len++] = pairs[i][0];
      if (pairs[i][1] != TAFEL_MILL_NO_POINT)
        moves[i].path[moves[i].len++] = pairs[i][1];
    }
  return k;
}

/* A placement (@from TAFEL_MILL_NO_POINT) or a step, without removal,
 * written field by field: a whole TafelMove built on the stack and
 * copied would be read back before its byte-wide stores have landed. */
static inline void
set_move (TafelMove *m,
          guint      from,
          guint      to)
{
  gboolean placing = from == TAFEL_MILL_NO_POINT;

  m->len = placing ? 1 : 2;
  m->path[0] = placing ? to : from;
  m->path[1] = placing ? 0 : to;
  m->path[2] = 0;
  m->path[3] = 0;
}

/* Adds the placement or step from @from to @to (see set_move ()) and its
 * removals when it closes mills at @to. */
static inline guint
add_move (const TafelMillTables *t,
          const TafelMillState  *s,
          guint32                own_after,
          guint32                removable,
          guint                  from,
          guint                  to,
          TafelMove             *moves)
{
  guint n = 0;

  if (G_LIKELY (removable == 0 || !tafel_mill_closes_at (t, own_after, to)
                || (t->flags & TAFEL_MILL_VARIANT_MILL_WINS)))
    {
      set_move (&moves[0], from, to);
      return 1;
    }

  if (G_UNLIKELY (t->flags & TAFEL_MILL_VARIANT_DOUBLE_REMOVAL)
      && mills_at (t, own_after, to) >= 2)
    {
      TafelMove base;

      set_move (&base, from, to);
      return add_double (t, s, base, moves);
    }

  for (guint32 r = removable; r != 0; r &= r - 1)
    {
      set_move (&moves[n], from, to);
      moves[n].path[moves[n].len++] = LOWEST (r);
      n++;
    }
  return n;
}

guint
tafel_mill_generate (const TafelMillState *s,
                     TafelMove            *moves)
{
  const TafelMillTables *t = T (s);
  int side = s->side;
  guint32 own = s->stones[side];
  guint32 opp = s->stones[side ^ 1];
  guint32 empty = t->all & ~(own | opp);
  guint32 removable = removable_of (t, opp);
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

          n += add_move (t, s, own | BIT (to), removable,
                         TAFEL_MILL_NO_POINT, to, moves + n);
        }
      if (!(t->flags & TAFEL_MILL_VARIANT_MOVE_WITH_HAND))
        return n;
    }

  {
    gboolean fly = (t->flags & TAFEL_MILL_VARIANT_FLYING)
                   && s->hand[side] == 0 && POPCOUNT (own) == 3;

    for (guint32 f = own; f != 0; f &= f - 1)
      {
        guint from = LOWEST (f);
        guint32 rest = own & ~BIT (from);
        guint32 targets = fly ? empty : t->adj[from] & empty;

        for (; targets != 0; targets &= targets - 1)
          {
            guint to = LOWEST (targets);

            n += add_move (t, s, rest | BIT (to), removable, from, to, moves + n);
          }
      }
  }

  return n;
}

/* The number of legal moves, without listing them where the rules allow
 * (Nine's and those like it); the others list them. */
static guint
count_moves (const TafelMillState *s)
{
  const TafelMillTables *t = T (s);
  int side = s->side;
  guint32 own = s->stones[side];
  guint32 opp = s->stones[side ^ 1];
  guint32 empty = t->all & ~(own | opp);
  guint32 removable = removable_of (t, opp);
  guint per_mill = removable != 0 ? POPCOUNT (removable) : 1;
  guint n = 0;

  if (t->flags & (TAFEL_MILL_VARIANT_MOVE_WITH_HAND | TAFEL_MILL_VARIANT_DOUBLE_REMOVAL
                  | TAFEL_MILL_VARIANT_MILL_WINS))
    {
      TafelMove moves[TAFEL_MAX_MOVES];

      return tafel_mill_generate (s, moves);
    }

  if (s->pending)
    return POPCOUNT (removable);

  if (s->hand[side] > 0)
    {
      for (guint32 e = empty; e != 0; e &= e - 1)
        {
          guint to = LOWEST (e);

          n += tafel_mill_closes_at (t, own | BIT (to), to) ? per_mill : 1;
        }
      return n;
    }

  {
    gboolean fly = (t->flags & TAFEL_MILL_VARIANT_FLYING) && POPCOUNT (own) == 3;

    for (guint32 f = own; f != 0; f &= f - 1)
      {
        guint from = LOWEST (f);
        guint32 rest = own & ~BIT (from);
        guint32 targets = fly ? empty : t->adj[from] & empty;

        for (; targets != 0; targets &= targets - 1)
          {
            guint to = LOWEST (targets);

            n += tafel_mill_closes_at (t, rest | BIT (to), to) ? per_mill : 1;
          }
      }
  }

  return n;
}

void
tafel_mill_apply (TafelMillState  *s,
                  const TafelMove *move)
{
  const TafelMillTables *t = T (s);
  int side = s->side;
  int opp = side ^ 1;
  guint removals = tafel_mill_move_first_removal (s, move);

  if (s->pending)
    {
      s->pending = 0;
      s->key ^= t->z_pending;
    }
  else if (!tafel_mill_move_is_step (s, move))
    {
      guint to = move->path[0];

      s->stones[side] |= BIT (to);
      s->key ^= t->z_stone[side][to]
                ^ t->z_hand[side][s->hand[side]]
                ^ t->z_hand[side][s->hand[side] - 1];
      s->hand[side]--;
      s->clock = 0;
    }
  else
    {
      guint from = move->path[0], to = move->path[1];

      s->stones[side] ^= BIT (from) | BIT (to);
      s->key ^= t->z_stone[side][from] ^ t->z_stone[side][to];
      if (s->clock < G_MAXUINT8)
        s->clock++;
    }

  for (guint i = removals; i < move->len; i++)
    {
      guint removed = move->path[i];

      s->stones[opp] &= ~BIT (removed);
      s->key ^= t->z_stone[opp][removed];
      s->clock = 0;
    }

  s->side = opp;
  s->key ^= t->z_side;
  s->ply++;
}

static gboolean
can_move (const TafelMillState *s,
          int                   side)
{
  const TafelMillTables *t = T (s);
  guint32 own = s->stones[side];
  guint32 empty = t->all & ~(own | s->stones[side ^ 1]);
  guint32 reach = 0;

  if (s->hand[side] > 0
      || ((t->flags & TAFEL_MILL_VARIANT_FLYING) && POPCOUNT (own) == 3))
    return empty != 0;

  for (guint32 f = own; f != 0; f &= f - 1)
    reach |= t->adj[LOWEST (f)];

  return (reach & empty) != 0;
}

TafelStatus
tafel_mill_status (const TafelMillState *s,
                   int                  *winner)
{
  const TafelMillTables *t = T (s);
  int side = s->side;

  *winner = TAFEL_SIDE_NONE;

  for (int i = 0; i < 2; i++)
    {
      int who = side ^ i;

      if (tafel_mill_material (s, who) < 3)
        {
          *winner = who ^ 1;
          return TAFEL_STATUS_WON;
        }
    }

  if (t->flags & TAFEL_MILL_VARIANT_MILL_WINS)
    for (int i = 1; i >= 0; i--)
      if (in_mills (t, s->stones[side ^ i]) != 0)
        {
          *winner = side ^ i;
          return TAFEL_STATUS_WON;
        }

  if (s->pending)
    return TAFEL_STATUS_RUNNING;

  if (s->clock >= TAFEL_MILL_DRAW_CLOCK)
    return TAFEL_STATUS_DRAWN;

  if ((t->flags & TAFEL_MILL_VARIANT_FULL_BOARD_DRAW)
      && s->hand[0] == 0 && s->hand[1] == 0
      && (s->stones[0] | s->stones[1]) == t->all)
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
  const TafelMillTables *t = T (s);
  int side = s->side;
  guint32 own = s->stones[side];

  if (s->pending)
    return FALSE;
  if (!tafel_mill_move_is_step (s, move))
    return tafel_mill_closes_at (t, own | BIT (move->path[0]), move->path[0]);

  return tafel_mill_closes_at (t, (own & ~BIT (move->path[0])) | BIT (move->path[1]), move->path[1]);
}

/* ---- the rules interface ---- */

static void
init_variant (TafelMillState *s,
              guint           variant)
{
  g_return_if_fail (variant < TAFEL_MILL_N_VARIANTS);

  ensure_tables ();
  memset (s, 0, sizeof *s);
  s->variant = variant;
  s->hand[0] = s->hand[1] = tables[variant].hand;
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

      if (tafel_mill_material (s, who) < 3)
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
      const TafelMillTables *t = T (s);
      guint32 in = in_mills (t, s->stones[winner]);

      for (guint m = 0; m < t->n_mills && outcome->n_lines < G_N_ELEMENTS (outcome->lines); m++)
        if ((s->stones[winner] & t->mills[m]) == t->mills[m])
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

  for (guint p = 0; p < T (s)->n_points; p++)
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

static const char *
point_name (const TafelMillState *s,
            guint                 point)
{
  return T (s)->variant->board->point_names[point];
}

static int
point_index (const TafelMillState *s,
             char                  file,
             char                  rank)
{
  for (guint p = 0; p < T (s)->n_points; p++)
    if (point_name (s, p)[0] == file && point_name (s, p)[1] == rank)
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
read_point (const TafelMillState *s,
            const char          **cursor,
            guint8               *point)
{
  const char *c = *cursor;
  int p;

  if (c[0] == '\0' || c[1] == '\0')
    return FALSE;
  p = point_index (s, g_ascii_tolower (c[0]), c[1]);
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

/* Reads "xP" at *cursor, advancing it. */
static gboolean
read_removal (const TafelMillState *s,
              const char          **cursor,
              guint8               *point)
{
  const char *c = *cursor;

  if (*c != 'x' && *c != 'X')
    return FALSE;
  c++;
  if (!read_point (s, &c, point))
    return FALSE;
  *cursor = c;
  return TRUE;
}

static gboolean
mill_parse_move (const TafelState *state,
                 const char      **cursor,
                 TafelMove        *move,
                 GError          **error)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  const TafelMillTables *t = T (s);
  const char *c = *cursor;
  const char *start;
  guint8 first, second = 0, removed[2];
  gboolean has_second = FALSE;
  guint n_removed = 0;
  guint max_removed = (t->flags & TAFEL_MILL_VARIANT_DOUBLE_REMOVAL) ? 2 : 1;

  while (*c == ' ' || *c == '\t')
    c++;
  start = c;

  if (*c == 'x' || *c == 'X')
    {
      /* A removal on its own: only when a removal is pending. */
      if (!read_removal (s, &c, &first) || (*c != '\0' && !is_blank (*c)))
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

  if (!read_point (s, &c, &first))
    return parse_error (start, error);
  if (*c == '-')
    {
      c++;
      if (!read_point (s, &c, &second))
        return parse_error (start, error);
      has_second = TRUE;
    }
  /* The removals, written on to the move ("d2xa1", a double mill's two
   * "d2xa1xa4") or as words of their own right after it ("d2 xa1"). */
  while (n_removed < max_removed && read_removal (s, &c, &removed[n_removed]))
    n_removed++;
  if (*c != '\0' && !is_blank (*c))
    return parse_error (start, error);
  while (n_removed < max_removed)
    {
      const char *look = c;

      while (is_blank (*look))
        look++;
      if (*look != 'x' && *look != 'X')
        break;
      if (!read_removal (s, &look, &removed[n_removed])
          || (*look != '\0' && !is_blank (*look)))
        return parse_error (look, error);
      n_removed++;
      c = look;
    }

  if (s->pending)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE,
                   _("A stone of the opponent must be removed first"));
      return FALSE;
    }
  if (s->hand[s->side] > 0 && has_second
      && !(t->flags & TAFEL_MILL_VARIANT_MOVE_WITH_HAND))
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

  /* Two removals are kept lowest first, as the legal moves list them. */
  if (n_removed == 2 && removed[0] > removed[1])
    {
      guint8 swap = removed[0];

      removed[0] = removed[1];
      removed[1] = swap;
    }

  memset (move, 0, sizeof *move);
  move->path[move->len++] = first;
  if (has_second)
    move->path[move->len++] = second;
  for (guint i = 0; i < n_removed; i++)
    move->path[move->len++] = removed[i];
  *cursor = c;
  return TRUE;
}

static void
mill_format_move (const TafelState *state,
                  const TafelMove  *move,
                  GString          *out)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  guint i;

  g_return_if_fail (move->len >= 1 && move->len <= TAFEL_MAX_PATH);

  if (s->pending)
    {
      g_string_append_printf (out, "x%s", point_name (s, move->path[0]));
      return;
    }

  g_string_append (out, point_name (s, move->path[0]));
  i = tafel_mill_move_first_removal (s, move);
  if (i == 2 && move->len >= 2)
    g_string_append_printf (out, "-%s", point_name (s, move->path[1]));
  for (; i < move->len; i++)
    g_string_append_printf (out, "x%s", point_name (s, move->path[i]));
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

/* Paths: [to, removed...] for a placement, [from, to, removed...] for a
 * step (see tafel_mill_move_is_step ()), [removed] for a pending removal. */
static gboolean
placing (const TafelMillState *s,
         const guint8         *path,
         guint                 len)
{
  TafelMove first = { 1, { len > 0 ? path[0] : TAFEL_MILL_NO_POINT } };

  if (s->hand[s->side] == 0)
    return FALSE;
  return len == 0 || !tafel_mill_move_is_step (s, &first);
}

static void
mill_preview (const TafelState *state,
              const guint8     *path,
              guint             len,
              TafelPointInfo   *info)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  guint8 own = s->side == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1;
  guint removals;

  if (s->pending || len == 0)
    return;

  if (placing (s, path, len))
    {
      info[path[0]].owner = own;
      removals = 1;
    }
  else
    {
      info[path[0]].flags |= TAFEL_POINT_FLAG_SELECTED;
      if (len >= 2)
        {
          info[path[0]].owner = TAFEL_POINT_EMPTY;
          info[path[0]].flags &= ~TAFEL_POINT_FLAG_SELECTED;
          info[path[1]].owner = own;
          info[path[1]].flags |= TAFEL_POINT_FLAG_SELECTED;
        }
      removals = 2;
    }

  /* The first of a double mill's two removals is gone already. */
  for (; removals < len; removals++)
    info[path[removals]].owner = TAFEL_POINT_EMPTY;
}

static const char *
mill_prompt (const TafelState *state,
             const guint8     *path,
             guint             len)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  const TafelMillTables *t = T (s);
  guint clicks_before_removal = placing (s, path, len) ? 1 : 2;

  if (len > clicks_before_removal)
    return _("Remove another stone of your opponent.");
  if (s->pending || len >= clicks_before_removal)
    return _("Remove a stone of your opponent.");
  if (placing (s, path, len))
    return (t->flags & TAFEL_MILL_VARIANT_MOVE_WITH_HAND) && s->stones[s->side] != 0
           ? _("Place a stone, or choose one to move.")
           : _("Place a stone.");
  if (len == 1)
    return _("Choose where to move it.");
  if ((t->flags & TAFEL_MILL_VARIANT_FLYING) && tafel_mill_popcount (s->stones[s->side]) == 3)
    return s->side == 0 ? _("Choose a stone to move. White can fly.")
                        : _("Choose a stone to move. Black can fly.");
  return _("Choose a stone to move.");
}

/* A double mill's two removals may be clicked in either order. */
static void
mill_click_order (const TafelState *state,
                  const TafelMove  *move,
                  const guint8     *path,
                  guint             len,
                  TafelMove        *out)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  guint i = tafel_mill_move_first_removal (s, move);

  *out = *move;
  if (move->len == i + 2 && len > i && path[i] == move->path[i + 1])
    {
      out->path[i] = move->path[i + 1];
      out->path[i + 1] = move->path[i];
    }
}

/* The endgame tables serve Nine's and Lasker's moving phase (the same
 * board and stones); the opening book only Nine's placing. */
static TafelDataFile *const nine_files[] = { &tafel_mill_egtb_data, &tafel_mill_book_data, NULL };
static TafelDataFile *const lasker_files[] = { &tafel_mill_egtb_data, NULL };

/* One rules table per variant: the same functions (the state's variant
 * selects the tables), the variant's board, title and first state. */
#define MILL_INIT(name, index) \
  static void \
  init_##name (TafelState *state) \
  { \
    memset (state, 0, sizeof *state); \
    init_variant (TAFEL_MILL_STATE (state), index); \
  }

MILL_INIT (nine, TAFEL_MILL_NINE)
MILL_INIT (lasker, TAFEL_MILL_LASKER)
MILL_INIT (double, TAFEL_MILL_DOUBLE)
MILL_INIT (twelve, TAFEL_MILL_TWELVE)
MILL_INIT (six, TAFEL_MILL_SIX)
MILL_INIT (three, TAFEL_MILL_THREE)

#undef MILL_INIT

#define MILL_RULES(name, id_, board_, title_) \
  .game = TAFEL_GAME_MILL, \
  .key = "mill", \
  .id = id_, \
  .variant = #name, \
  .variant_title = title_, \
  .title = N_("Nine Men’s Morris"), \
  .side_names = { N_("White"), N_("Black") }, \
  .draw_text = N_("Draw."), \
  .flags = 0, \
  .board = board_, \
  .init = init_##name, \
  .side_to_move = mill_side_to_move, \
  .ply = mill_ply, \
  .legal_moves = mill_legal_moves, \
  .make = mill_make, \
  .unmake = mill_unmake, \
  .outcome = mill_outcome, \
  .hash = mill_hash, \
  .points = mill_points_info, \
  .parse_move = mill_parse_move, \
  .format_move = mill_format_move, \
  .moves_separated = TRUE, \
  .player_new = tafel_mill_player_new, \
  .player_free = tafel_mill_player_free, \
  .player_nodes = tafel_mill_player_nodes, \
  .analyze = tafel_mill_analyze, \
  .choose_move = tafel_mill_choose_move, \
  .ponder = tafel_mill_ponder, \
  .perft = mill_perft, \
  .in_hand = mill_in_hand, \
  .preview = mill_preview, \
  .prompt = mill_prompt, \
  .click_order = mill_click_order

const TafelRules tafel_mill_rules = {
  MILL_RULES (nine, "mill", &tafel_mill_board, NC_("variant", "Nine Men’s Morris")),
  /* The endgame tables, the opening book and Sanmill's FEN are Nine's. */
  .data_files = nine_files,
  .parse_position = mill_parse_position,
};

static const TafelRules lasker_rules = {
  MILL_RULES (lasker, "mill-lasker", &tafel_mill_board, NC_("variant", "Lasker Morris")),
  .data_files = lasker_files,
};

static const TafelRules double_rules = {
  MILL_RULES (double, "mill-double", &tafel_mill_board, NC_("variant", "Double Mill Counts Double")),
};

static const TafelRules twelve_rules = {
  MILL_RULES (twelve, "mill-twelve", &tafel_mill_twelve_board,
              NC_("variant", "Twelve Men’s Morris")),
};

static const TafelRules six_rules = {
  MILL_RULES (six, "mill-six", &tafel_mill_six_board, NC_("variant", "Six Men’s Morris")),
};

static const TafelRules three_rules = {
  MILL_RULES (three, "mill-three", &tafel_mill_three_board, NC_("variant", "Three Men’s Morris")),
};

#undef MILL_RULES

/* In the order of tafel_mill_variants (), Nine first. */
static const TafelRules *const variant_rules[] = {
  &tafel_mill_rules, &lasker_rules, &double_rules, &twelve_rules,
  &six_rules, &three_rules, NULL,
};

G_STATIC_ASSERT (G_N_ELEMENTS (variant_rules) == TAFEL_MILL_N_VARIANTS + 1);

const TafelRules *const *
tafel_mill_variant_rules (void)
{
  return variant_rules;
}
