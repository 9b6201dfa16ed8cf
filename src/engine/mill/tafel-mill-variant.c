/* tafel-mill-variant.c: the Mill variants' boards and switches as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See tafel-mill-variant.h for the boards, their notation and the rules
 * chosen for each variant.
 */
#include "config.h"

#include <string.h>

#include "tafel-mill-variant.h"

/* ---- Nine's board, and Twelve's on the same points ---- */

/* Points by file, then rank; the index is the bit of the point. */
static const char *const nine_names[] = {
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

static const TafelBoardPoint nine_points[] = {
  MP (0, 0), MP (0, 3), MP (0, 6),
  MP (1, 1), MP (1, 3), MP (1, 5),
  MP (2, 2), MP (2, 3), MP (2, 4),
  MP (3, 0), MP (3, 1), MP (3, 2), MP (3, 4), MP (3, 5), MP (3, 6),
  MP (4, 2), MP (4, 3), MP (4, 4),
  MP (5, 1), MP (5, 3), MP (5, 5),
  MP (6, 0), MP (6, 3), MP (6, 6),
};

enum {
  A1, A4, A7, B2, B4, B6, C3, C4, C5,
  D1, D2, D3, D5, D6, D7,
  E3, E4, E5, F2, F4, F6, G1, G4, G7,
};

/* Nine's 16 mills (8 along ranks, then 8 along files), then Twelve's four
 * diagonals. */
static const guint8 twelve_lines[] = {
  A7, D7, G7,  B6, D6, F6,  C5, D5, E5,  A4, B4, C4,
  E4, F4, G4,  C3, D3, E3,  B2, D2, F2,  A1, D1, G1,
  A1, A4, A7,  B2, B4, B6,  C3, C4, C5,  D1, D2, D3,
  D5, D6, D7,  E3, E4, E5,  F2, F4, F6,  G1, G4, G7,
  A1, B2, C3,  G1, F2, E3,  A7, B6, C5,  G7, F6, E5,
};

/* Nine's 32 connections (the sides of the three squares and the four
 * crossing lines), then Twelve's diagonals. */
static const guint8 twelve_edges[][2] = {
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
  /* Twelve's diagonals */
  { A1, B2 }, { B2, C3 }, { G1, F2 }, { F2, E3 },
  { A7, B6 }, { B6, C5 }, { G7, F6 }, { F6, E5 },
};

/* A click target per point. */
static const guint8 identity[] = {
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
};

#define NINE_BOARD \
  .style = TAFEL_BOARD_LINES, \
  .n_points = G_N_ELEMENTS (nine_names), \
  .points = nine_points, \
  .point_names = nine_names, \
  .line_len = 3, \
  .lines = twelve_lines, \
  .edges = twelve_edges, \
  .n_targets = G_N_ELEMENTS (nine_names), \
  .target_of_point = identity, \
  .point_radius = 0.045

const TafelBoard tafel_mill_board = {
  NINE_BOARD,
  .n_lines = 16,
  .n_edges = 32,
};

const TafelBoard tafel_mill_twelve_board = {
  NINE_BOARD,
  .n_lines = G_N_ELEMENTS (twelve_lines) / 3,
  .n_edges = G_N_ELEMENTS (twelve_edges),
};

#undef NINE_BOARD

/* ---- Six: the outer and middle squares ---- */

static const char *const six_names[] = {
  "a1", "a4", "a7", "b2", "b4", "b6", "d1", "d2",
  "d6", "d7", "f2", "f4", "f6", "g1", "g4", "g7",
};

static const TafelBoardPoint six_points[] = {
  MP (0, 0), MP (0, 3), MP (0, 6), MP (1, 1), MP (1, 3), MP (1, 5),
  MP (3, 0), MP (3, 1), MP (3, 5), MP (3, 6),
  MP (5, 1), MP (5, 3), MP (5, 5), MP (6, 0), MP (6, 3), MP (6, 6),
};

#undef MP

enum {
  S_A1, S_A4, S_A7, S_B2, S_B4, S_B6, S_D1, S_D2,
  S_D6, S_D7, S_F2, S_F4, S_F6, S_G1, S_G4, S_G7,
};

static const guint8 six_edges[][2] = {
  { S_A1, S_D1 }, { S_D1, S_G1 }, { S_G1, S_G4 }, { S_G4, S_G7 },
  { S_G7, S_D7 }, { S_D7, S_A7 }, { S_A7, S_A4 }, { S_A4, S_A1 },
  { S_B2, S_D2 }, { S_D2, S_F2 }, { S_F2, S_F4 }, { S_F4, S_F6 },
  { S_F6, S_D6 }, { S_D6, S_B6 }, { S_B6, S_B4 }, { S_B4, S_B2 },
  { S_A4, S_B4 }, { S_D1, S_D2 }, { S_D6, S_D7 }, { S_F4, S_G4 },
};

static const guint8 six_lines[] = {
  S_A7, S_D7, S_G7,  S_B6, S_D6, S_F6,  S_B2, S_D2, S_F2,  S_A1, S_D1, S_G1,
  S_A1, S_A4, S_A7,  S_B2, S_B4, S_B6,  S_F2, S_F4, S_F6,  S_G1, S_G4, S_G7,
};

const TafelBoard tafel_mill_six_board = {
  .style = TAFEL_BOARD_LINES,
  .n_points = G_N_ELEMENTS (six_names),
  .points = six_points,
  .point_names = six_names,
  .line_len = 3,
  .n_lines = G_N_ELEMENTS (six_lines) / 3,
  .lines = six_lines,
  .n_edges = G_N_ELEMENTS (six_edges),
  .edges = six_edges,
  .n_targets = G_N_ELEMENTS (six_names),
  .target_of_point = identity,
  .point_radius = 0.05,
};

/* ---- Three: a square of 3x3 points ---- */

static const char *const three_names[] = {
  "c3", "c4", "c5", "d3", "d4", "d5", "e3", "e4", "e5",
};

/* File f (c = 0) and rank r (3 = 0) on a 3x3 grid. */
#define TP(f, r) { 0.15 + (f) * 0.35, 0.15 + (2 - (r)) * 0.35 }

static const TafelBoardPoint three_points[] = {
  TP (0, 0), TP (0, 1), TP (0, 2),
  TP (1, 0), TP (1, 1), TP (1, 2),
  TP (2, 0), TP (2, 1), TP (2, 2),
};

#undef TP

enum { T_C3, T_C4, T_C5, T_D3, T_D4, T_D5, T_E3, T_E4, T_E5 };

/* The ranks, the files and the two diagonals. */
static const guint8 three_edges[][2] = {
  { T_C3, T_C4 }, { T_C4, T_C5 }, { T_D3, T_D4 }, { T_D4, T_D5 },
  { T_E3, T_E4 }, { T_E4, T_E5 }, { T_C3, T_D3 }, { T_D3, T_E3 },
  { T_C4, T_D4 }, { T_D4, T_E4 }, { T_C5, T_D5 }, { T_D5, T_E5 },
  { T_C3, T_D4 }, { T_D4, T_E5 }, { T_C5, T_D4 }, { T_D4, T_E3 },
};

static const guint8 three_lines[] = {
  T_C5, T_D5, T_E5,  T_C4, T_D4, T_E4,  T_C3, T_D3, T_E3,
  T_C3, T_C4, T_C5,  T_D3, T_D4, T_D5,  T_E3, T_E4, T_E5,
  T_C3, T_D4, T_E5,  T_C5, T_D4, T_E3,
};

const TafelBoard tafel_mill_three_board = {
  .style = TAFEL_BOARD_LINES,
  .n_points = G_N_ELEMENTS (three_names),
  .points = three_points,
  .point_names = three_names,
  .line_len = 3,
  .n_lines = G_N_ELEMENTS (three_lines) / 3,
  .lines = three_lines,
  .n_edges = G_N_ELEMENTS (three_edges),
  .edges = three_edges,
  .n_targets = G_N_ELEMENTS (three_names),
  .target_of_point = identity,
  .point_radius = 0.08,
};

/* ---- the variants ---- */

static const TafelMillVariant variants[] = {
  {
    TAFEL_MILL_NINE, "nine", &tafel_mill_board,
    9, TAFEL_MILL_VARIANT_FLYING,
  },
  {
    TAFEL_MILL_LASKER, "lasker", &tafel_mill_board,
    10, TAFEL_MILL_VARIANT_FLYING | TAFEL_MILL_VARIANT_MOVE_WITH_HAND,
  },
  {
    TAFEL_MILL_DOUBLE, "double", &tafel_mill_board,
    9, TAFEL_MILL_VARIANT_FLYING | TAFEL_MILL_VARIANT_DOUBLE_REMOVAL,
  },
  {
    TAFEL_MILL_TWELVE, "twelve", &tafel_mill_twelve_board,
    12, TAFEL_MILL_VARIANT_FLYING | TAFEL_MILL_VARIANT_FULL_BOARD_DRAW,
  },
  {
    TAFEL_MILL_SIX, "six", &tafel_mill_six_board,
    6, 0,
  },
  {
    TAFEL_MILL_THREE, "three", &tafel_mill_three_board,
    3, TAFEL_MILL_VARIANT_MILL_WINS,
  },
};

G_STATIC_ASSERT (G_N_ELEMENTS (variants) == TAFEL_MILL_N_VARIANTS);

static const TafelMillVariant *const variant_list[] = {
  &variants[0], &variants[1], &variants[2], &variants[3], &variants[4],
  &variants[5], NULL,
};

const TafelMillVariant *const *
tafel_mill_variants (void)
{
  return variant_list;
}

const TafelMillVariant *
tafel_mill_variant_lookup (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    if (strcmp (variants[i].key, key) == 0)
      return &variants[i];
  return NULL;
}

guint
tafel_mill_variant_n_points (const TafelMillVariant *variant)
{
  g_return_val_if_fail (variant != NULL, 0);

  return variant->board->n_points;
}

const char *
tafel_mill_variant_point_name (const TafelMillVariant *variant,
                               guint                   point)
{
  g_return_val_if_fail (point < tafel_mill_variant_n_points (variant), NULL);

  return variant->board->point_names[point];
}

void
tafel_mill_variant_adjacency (const TafelMillVariant *variant,
                              guint32                *adj)
{
  const TafelBoard *board;

  g_return_if_fail (variant != NULL && adj != NULL);

  board = variant->board;
  memset (adj, 0, board->n_points * sizeof *adj);
  for (guint e = 0; e < board->n_edges; e++)
    {
      adj[board->edges[e][0]] |= 1u << board->edges[e][1];
      adj[board->edges[e][1]] |= 1u << board->edges[e][0];
    }
}

guint
tafel_mill_variant_n_mills (const TafelMillVariant *variant)
{
  g_return_val_if_fail (variant != NULL, 0);

  return variant->board->n_lines;
}

guint32
tafel_mill_variant_mill (const TafelMillVariant *variant,
                         guint                   i)
{
  const guint8 *line;

  g_return_val_if_fail (i < tafel_mill_variant_n_mills (variant), 0);

  line = variant->board->lines + i * 3;
  return (1u << line[0]) | (1u << line[1]) | (1u << line[2]);
}

int
tafel_mill_variant_point (const TafelMillVariant *variant,
                          const char             *name)
{
  g_return_val_if_fail (name != NULL, -1);

  for (guint p = 0; p < tafel_mill_variant_n_points (variant); p++)
    if (strcmp (tafel_mill_variant_point_name (variant, p), name) == 0)
      return (int) p;
  return -1;
}
