/* tafel-mill-variant.h: the Mill variants as data (boards and rule switches)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each variant is a board (tafel-board.h: points, connections, mills) and
 * a few numbers and switches (the titles are in the rules tables,
 * tafel-mill.c).  The rules core (tafel-mill.c), its search,
 * the notation and the board widget all read these same tables.
 *
 * Each variant names its points with the coordinates of Nine Men's Morris'
 * 7x7 board (files a-g, ranks 1-7), so one picture serves all of them:
 *
 *   Nine    the 24 points a1 ... g7 of tafel-mill.h.
 *   Twelve  Nine's 24 points, plus the four diagonals a1-b2-c3, g1-f2-e3,
 *           a7-b6-c5, g7-f6-e5 as connections and mills.
 *   Lasker, Double  Nine's board.
 *   Six     the outer and middle squares of Nine (16 points, no c- or e-
 *           file point, no d3/d5): a1 a4 a7 b2 b4 b6 d1 d2 d6 d7 f2 f4 f6
 *           g1 g4 g7; the crossing lines a4-b4, d1-d2, d6-d7, f4-g4 join
 *           the squares but hold no mill (only two points).
 *   Three   Nine's inner square and the centre: c3 c4 c5 d3 d4 d5 e3 e4 e5,
 *           drawn as a square of its own with its two diagonals.
 *
 * A variant's points take the bits 0 .. n_points-1 in the order of its
 * board's point_names (by file, then rank).
 *
 * Rules chosen where traditions differ (documented facts, not invented):
 *   Six     6 stones each, mills along the sides of the squares only; no
 *           flying: a side is lost with 2 stones, as in the usual
 *           descriptions of the game.
 *   Three   3 stones each, on the board with diagonals: three in a row
 *           on a rank, a file or one of the two diagonals wins at once,
 *           while placing or moving; a stone steps along any drawn line
 *           (the diagonals too) to an adjacent point, no flying, nothing is
 *           removed.  (On the board drawn without diagonals only the ranks
 *           and files would count; Tafel plays the one with them, where
 *           what counts is what is drawn.)
 *   Twelve  12 stones each; a board full after the last placement is a
 *           draw.
 *   Lasker  10 stones each; a side with stones in hand may place or move.
 *   Double  closing two mills with one move removes two stones.
 */
#pragma once

#include "tafel-board.h"

G_BEGIN_DECLS

#define TAFEL_MILL_VARIANT_MAX_POINTS 24
#define TAFEL_MILL_VARIANT_MAX_MILLS 20
#define TAFEL_MILL_VARIANT_MAX_EDGES 40
#define TAFEL_MILL_VARIANT_MAX_HAND 12

typedef enum {
  TAFEL_MILL_VARIANT_FLYING = 1 << 0,          /* a side with 3 stones flies */
  TAFEL_MILL_VARIANT_MOVE_WITH_HAND = 1 << 1,  /* Lasker: place or move */
  TAFEL_MILL_VARIANT_DOUBLE_REMOVAL = 1 << 2,  /* two mills remove two */
  TAFEL_MILL_VARIANT_FULL_BOARD_DRAW = 1 << 3, /* Twelve */
  TAFEL_MILL_VARIANT_MILL_WINS = 1 << 4,       /* Three: a mill ends the game */
} TafelMillVariantFlags;

/* The order of tafel_mill_variants (). */
typedef enum {
  TAFEL_MILL_NINE,
  TAFEL_MILL_LASKER,
  TAFEL_MILL_DOUBLE,
  TAFEL_MILL_TWELVE,
  TAFEL_MILL_SIX,
  TAFEL_MILL_THREE,
} TafelMillVariantIndex;

#define TAFEL_MILL_N_VARIANTS 6

typedef struct {
  TafelMillVariantIndex index;
  const char *key;                    /* "nine", "twelve", ... */
  const TafelBoard *board;            /* points, connections, mills */
  guint hand;                         /* stones each side places */
  TafelMillVariantFlags flags;
} TafelMillVariant;

/* Nine's board (also Lasker's and Double's), and the others'. */
extern const TafelBoard tafel_mill_board;
extern const TafelBoard tafel_mill_twelve_board;
extern const TafelBoard tafel_mill_six_board;
extern const TafelBoard tafel_mill_three_board;

/* NULL-terminated, Nine first (the default). */
const TafelMillVariant *const *tafel_mill_variants (void);
/* NULL for an unknown key. */
const TafelMillVariant *tafel_mill_variant_lookup (const char *key);
guint tafel_mill_variant_n_points (const TafelMillVariant *variant);
const char *tafel_mill_variant_point_name (const TafelMillVariant *variant,
                                           guint                   point);
/* The neighbours of each point as masks (@adj: n_points entries). */
void tafel_mill_variant_adjacency (const TafelMillVariant *variant,
                                   guint32                *adj);
/* The points of mill @i (0 .. all mills - 1) as a mask. */
guint tafel_mill_variant_n_mills  (const TafelMillVariant *variant);
guint32 tafel_mill_variant_mill   (const TafelMillVariant *variant,
                                   guint                   i);
/* The index of @name among the variant's points, or -1. */
int  tafel_mill_variant_point     (const TafelMillVariant *variant,
                                   const char             *name);

G_END_DECLS
