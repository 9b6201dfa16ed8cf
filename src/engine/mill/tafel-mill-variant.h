/* tafel-mill-variant.h: the Mill variants as data (geometry and rule switches)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
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
 *   Three   Nine's inner square and the centre: c3 c4 c5 d3 d4 d5 e3 e4 e5.
 *
 * A variant's points take the bits 0 .. n_points-1 in the order of
 * point_names (by file, then rank).
 *
 * Rules chosen where traditions differ (documented facts, not invented):
 *   Six     6 stones each, mills along the sides of the squares only; no
 *           flying: a side is lost with 2 stones, as in the usual
 *           descriptions of the game.
 *   Three   3 stones each (Murray's "smaller merels"): three in a row on a
 *           rank, file or one of the two diagonals wins at once, while
 *           placing or moving; stones move along the ranks and files to an
 *           adjacent point (no diagonal steps, no flying), nothing is
 *           removed.
 *   Twelve  12 stones each; a board full after the last placement is a
 *           draw.
 *   Lasker  10 stones each; a side with stones in hand may place or move.
 *   Double  closing two mills with one move removes two stones.
 *
 * This file holds the data only; the rules core (tafel-mill.c) still
 * plays Nine alone.
 */
#pragma once

#include "tafel-board.h"

G_BEGIN_DECLS

#define TAFEL_MILL_VARIANT_MAX_POINTS 24
#define TAFEL_MILL_VARIANT_MAX_MILLS 20
#define TAFEL_MILL_VARIANT_MAX_EDGES 40

typedef enum {
  TAFEL_MILL_VARIANT_FLYING = 1 << 0,          /* a side with 3 stones flies */
  TAFEL_MILL_VARIANT_MOVE_WITH_HAND = 1 << 1,  /* Lasker: place or move */
  TAFEL_MILL_VARIANT_DOUBLE_REMOVAL = 1 << 2,  /* two mills remove two */
  TAFEL_MILL_VARIANT_FULL_BOARD_DRAW = 1 << 3, /* Twelve */
  TAFEL_MILL_VARIANT_MILL_WINS = 1 << 4,       /* Three: a mill ends the game */
} TafelMillVariantFlags;

typedef struct {
  const char *key;                    /* "nine", "twelve", ... */
  const char *title;                  /* N_(), translate with _() */
  /* The variants on Nine's board take its points, connections and mills
   * from @base (tafel_mill_board); the others have none (NULL) and list
   * their points.  Both may add connections and mills of their own. */
  const TafelBoard *base;
  guint n_points;
  const char *const *point_names;     /* without base: the bit order */
  guint n_edges;
  const guint8 (*edges)[2];           /* point indexes */
  guint n_mills;
  const guint8 *mills;                /* 3 point indexes a mill */
  guint hand;                         /* stones each side places */
  TafelMillVariantFlags flags;
} TafelMillVariant;

/* NULL-terminated, Nine first (the default). */
const TafelMillVariant *const *tafel_mill_variants (void);
/* NULL for an unknown key. */
const TafelMillVariant *tafel_mill_variant_lookup (const char *key);
/* The neighbours of each point as masks (@adj: n_points entries). */
guint tafel_mill_variant_n_points (const TafelMillVariant *variant);
const char *tafel_mill_variant_point_name (const TafelMillVariant *variant,
                                           guint                   point);
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
