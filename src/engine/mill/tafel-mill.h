/* tafel-mill.h: Nine Men's Morris and its variants, the plain-C core
 * shared with its search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Points are numbered by file, then rank: 0 = a1, 1 = a4, 2 = a7, 3 = b2,
 * ..., 23 = g7 (see tafel_mill_board.point_names); a variant numbers the
 * points of its own board the same way (tafel-mill-variant.h).  A side's
 * stones are a mask of points.  A move is a TafelMove path: a placement
 * [to], a step [from, to], each followed by the removed stone when it
 * closes a mill (two, lowest point first, where a double mill counts
 * double), and [removed] alone in a position with a pending removal (only
 * reachable from a FEN whose action is "r"; written "xa1").  A side with
 * stones in hand places; under Lasker's rules it may also step, and a path
 * starting on its own stone is a step.
 *
 * The state's variant (TafelMillVariantIndex, 0 = Nine) selects the tables
 * every function here reads.
 *
 * hash () is a Zobrist key of the stones, the stones in hand and the side
 * to move (plus a pending removal, which never occurs in a game played
 * from the start).  perft counts move sequences by the state alone: a
 * finished game (fewer than 3 stones, no move, 100 half-moves without a
 * placement or removal) has no moves, but repetition is not considered,
 * since perft has no game history.
 */
#pragma once

#include "tafel-rules.h"
#include "tafel-mill-variant.h"

G_BEGIN_DECLS

#define TAFEL_MILL_POINTS 24
#define TAFEL_MILL_MILLS 16
#define TAFEL_MILL_EDGES 32
#define TAFEL_MILL_ALL 0xffffffu
#define TAFEL_MILL_HAND 9
#define TAFEL_MILL_DRAW_CLOCK 100
#define TAFEL_MILL_NO_POINT 0xff
/* The most mills through one point (Three's centre), and what pads a
 * point's list of mills: a mask no side's stones can cover. */
#define TAFEL_MILL_POINT_MILLS 4
#define TAFEL_MILL_NO_MILL (1u << 31)

typedef struct {
  guint64 key;         /* Zobrist key of stones, hand, side (and pending) */
  guint32 stones[2];   /* per side, bit = point */
  guint8 hand[2];      /* stones still to place */
  guint8 side;         /* side to move: 0 White, 1 Black */
  guint8 pending;      /* 1: the side to move must first remove a stone */
  guint8 clock;        /* half-moves since the last placement or removal */
  guint8 variant;      /* TafelMillVariantIndex */
  guint16 ply;         /* half-moves since the start */
} TafelMillState;

/* A variant's tables, derived from its board and switches. */
typedef struct {
  guint32 adj[TAFEL_MILL_POINTS];             /* neighbours of a point */
  guint32 mills[TAFEL_MILL_VARIANT_MAX_MILLS];  /* the mills as masks */
  /* the mills through a point, padded with TAFEL_MILL_NO_MILL */
  guint32 point_mills[TAFEL_MILL_POINTS][TAFEL_MILL_POINT_MILLS];
  /* the same as a set of mill indices: bit m for mills[m] */
  guint32 mills_through[TAFEL_MILL_POINTS];
  guint n_mills;
  guint n_points;
  guint32 all;                                /* the board's points */
  guint hand;                                 /* stones each side places */
  TafelMillVariantFlags flags;
  const TafelMillVariant *variant;
  /* Zobrist keys: the same for all variants, but for z_variant (0 for
   * Nine), which every key of the variant carries. */
  guint64 z_stone[2][TAFEL_MILL_POINTS];
  guint64 z_hand[2][TAFEL_MILL_VARIANT_MAX_HAND + 1];
  guint64 z_side;
  guint64 z_pending;
  guint64 z_variant;
} TafelMillTables;

/* Portable and fast without a popcnt instruction (x86-64 baseline). */
static inline guint
tafel_mill_popcount (guint32 x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}

/* @side's stones, on the board and in hand: below 3, it has lost. */
static inline guint
tafel_mill_material (const TafelMillState *s,
                     int                   side)
{
  return tafel_mill_popcount (s->stones[side]) + s->hand[side];
}

/* Does @own, with a stone on @to, stand in a mill through @to?  (The
 * unused entries of a point's mills are TAFEL_MILL_NO_MILL, never
 * covered.) */
static inline gboolean
tafel_mill_closes_at (const TafelMillTables *t,
                      guint32                own,
                      guint                  to)
{
  const guint32 *pm = t->point_mills[to];

  return (own & pm[0]) == pm[0] || (own & pm[1]) == pm[1]
         || (own & pm[2]) == pm[2] || (own & pm[3]) == pm[3];
}

#define TAFEL_MILL_STATE(s) ((TafelMillState *) (s)->bytes)
#define TAFEL_MILL_CSTATE(s) ((const TafelMillState *) (s)->bytes)

/* Nine's tables. */
const TafelMillTables *tafel_mill_tables      (void);
/* The tables of a state's variant. */
const TafelMillTables *tafel_mill_state_tables   (const TafelMillState *s);

/* Tables must have been fetched once (tafel_mill_tables ()) before these. */
/* The stones of @stones that stand in mills, and those that may be
 * removed, on Nine's board; tafel_mill_in_mills_of () on a variant's. */
guint32  tafel_mill_in_mills       (guint32 stones);
guint32  tafel_mill_removable      (guint32 stones);
guint32  tafel_mill_in_mills_of    (const TafelMillTables *t,
                                    guint32                stones);
/* Every legal move, without looking at whether the game is over. */
guint    tafel_mill_generate       (const TafelMillState *s,
                                    TafelMove            *moves);
void     tafel_mill_apply          (TafelMillState       *s,
                                    const TafelMove      *move);
/* The end by the state alone (material, clock, blocked): TAFEL_STATUS_*,
 * with the winner in @winner. */
TafelStatus tafel_mill_status      (const TafelMillState *s,
                                    int                  *winner);
guint64  tafel_mill_compute_key    (const TafelMillState *s);
/* Does @move close a mill (i.e. carry a removal, or would carry one)? */
gboolean tafel_mill_move_closes    (const TafelMillState *s,
                                    const TafelMove      *move);

/* Is @move a step (not a placement)?  A side without stones in hand only
 * steps; under Lasker's rules a path starting on its own stone is a step.
 * (Inline, as the next three: the search asks them of every move.) */
static inline gboolean
tafel_mill_move_is_step (const TafelMillState *s,
                         const TafelMove      *move)
{
  return s->hand[s->side] == 0 || (s->stones[s->side] & (1u << move->path[0])) != 0;
}

/* The index in @move's path of its first removal. */
static inline guint
tafel_mill_move_first_removal (const TafelMillState *s,
                               const TafelMove      *move)
{
  if (s->pending)
    return 0;
  return tafel_mill_move_is_step (s, move) ? 2 : 1;
}

/* The point a move goes to (the removal for a pending removal). */
static inline guint
tafel_mill_move_to (const TafelMillState *s,
                    const TafelMove      *move)
{
  if (s->pending || !tafel_mill_move_is_step (s, move))
    return move->path[0];
  return move->path[1];
}

/* The stone a move removes first, or TAFEL_MILL_NO_POINT. */
static inline guint
tafel_mill_move_removed (const TafelMillState *s,
                         const TafelMove      *move)
{
  guint i = tafel_mill_move_first_removal (s, move);

  return i < move->len ? move->path[i] : TAFEL_MILL_NO_POINT;
}

G_END_DECLS
