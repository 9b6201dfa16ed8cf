/* tafel-mill-variant.c: the Mill variants as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See tafel-mill-variant.h for the boards, their notation and the rules
 * chosen for each variant.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-mill.h"
#include "tafel-mill-variant.h"

/* Nine's point indexes (the order of tafel_mill_board.point_names). */
enum {
  A1, A4, A7, B2, B4, B6, C3, C4, C5,
  D1, D2, D3, D5, D6, D7,
  E3, E4, E5, F2, F4, F6, G1, G4, G7,
};

/* Twelve: the four diagonals joining the squares' corners. */
static const guint8 twelve_edges[][2] = {
  { A1, B2 }, { B2, C3 }, { G1, F2 }, { F2, E3 },
  { A7, B6 }, { B6, C5 }, { G7, F6 }, { F6, E5 },
};

static const guint8 twelve_mills[] = {
  A1, B2, C3,  G1, F2, E3,  A7, B6, C5,  G7, F6, E5,
};

/* Six: the outer and middle squares. */
static const char *const six_names[] = {
  "a1", "a4", "a7", "b2", "b4", "b6", "d1", "d2",
  "d6", "d7", "f2", "f4", "f6", "g1", "g4", "g7",
};

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

static const guint8 six_mills[] = {
  S_A1, S_D1, S_G1,  S_G1, S_G4, S_G7,  S_A7, S_D7, S_G7,  S_A1, S_A4, S_A7,
  S_B2, S_D2, S_F2,  S_F2, S_F4, S_F6,  S_B6, S_D6, S_F6,  S_B2, S_B4, S_B6,
};

/* Three: Nine's inner square and the centre. */
static const char *const three_names[] = {
  "c3", "c4", "c5", "d3", "d4", "d5", "e3", "e4", "e5",
};

enum { T_C3, T_C4, T_C5, T_D3, T_D4, T_D5, T_E3, T_E4, T_E5 };

static const guint8 three_edges[][2] = {
  { T_C3, T_C4 }, { T_C4, T_C5 }, { T_D3, T_D4 }, { T_D4, T_D5 },
  { T_E3, T_E4 }, { T_E4, T_E5 }, { T_C3, T_D3 }, { T_D3, T_E3 },
  { T_C4, T_D4 }, { T_D4, T_E4 }, { T_C5, T_D5 }, { T_D5, T_E5 },
};

static const guint8 three_mills[] = {
  T_C3, T_C4, T_C5,  T_D3, T_D4, T_D5,  T_E3, T_E4, T_E5,
  T_C3, T_D3, T_E3,  T_C4, T_D4, T_E4,  T_C5, T_D5, T_E5,
  T_C3, T_D4, T_E5,  T_C5, T_D4, T_E3,
};

#define ON_NINE .base = &tafel_mill_board

static const TafelMillVariant nine = {
  .key = "nine", .title = N_("Nine Men’s Morris"), ON_NINE,
  .hand = 9, .flags = TAFEL_MILL_VARIANT_FLYING,
};

static const TafelMillVariant lasker = {
  .key = "lasker", .title = N_("Lasker Morris"), ON_NINE,
  .hand = 10,
  .flags = TAFEL_MILL_VARIANT_FLYING | TAFEL_MILL_VARIANT_MOVE_WITH_HAND,
};

static const TafelMillVariant double_mill = {
  .key = "double", .title = N_("Double Mill Counts Double"), ON_NINE,
  .hand = 9,
  .flags = TAFEL_MILL_VARIANT_FLYING | TAFEL_MILL_VARIANT_DOUBLE_REMOVAL,
};

static const TafelMillVariant twelve = {
  .key = "twelve", .title = N_("Twelve Men’s Morris"), ON_NINE,
  .n_edges = G_N_ELEMENTS (twelve_edges), .edges = twelve_edges,
  .n_mills = G_N_ELEMENTS (twelve_mills) / 3, .mills = twelve_mills,
  .hand = 12,
  .flags = TAFEL_MILL_VARIANT_FLYING | TAFEL_MILL_VARIANT_FULL_BOARD_DRAW,
};

static const TafelMillVariant six = {
  .key = "six", .title = N_("Six Men’s Morris"),
  .n_points = G_N_ELEMENTS (six_names), .point_names = six_names,
  .n_edges = G_N_ELEMENTS (six_edges), .edges = six_edges,
  .n_mills = G_N_ELEMENTS (six_mills) / 3, .mills = six_mills,
  .hand = 6,
};

static const TafelMillVariant three = {
  .key = "three", .title = N_("Three Men’s Morris"),
  .n_points = G_N_ELEMENTS (three_names), .point_names = three_names,
  .n_edges = G_N_ELEMENTS (three_edges), .edges = three_edges,
  .n_mills = G_N_ELEMENTS (three_mills) / 3, .mills = three_mills,
  .hand = 3, .flags = TAFEL_MILL_VARIANT_MILL_WINS,
};

#undef ON_NINE

static const TafelMillVariant *const variants[] = {
  &nine, &lasker, &double_mill, &twelve, &six, &three, NULL,
};

const TafelMillVariant *const *
tafel_mill_variants (void)
{
  return variants;
}

const TafelMillVariant *
tafel_mill_variant_lookup (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; variants[i] != NULL; i++)
    if (strcmp (variants[i]->key, key) == 0)
      return variants[i];
  return NULL;
}

guint
tafel_mill_variant_n_points (const TafelMillVariant *variant)
{
  g_return_val_if_fail (variant != NULL, 0);

  return variant->base != NULL ? variant->base->n_points : variant->n_points;
}

const char *
tafel_mill_variant_point_name (const TafelMillVariant *variant,
                               guint                   point)
{
  g_return_val_if_fail (point < tafel_mill_variant_n_points (variant), NULL);

  return variant->base != NULL ? variant->base->point_names[point]
                               : variant->point_names[point];
}

static void
add_edges (guint32              *adj,
           guint                 n,
           const guint8        (*edges)[2])
{
  for (guint e = 0; e < n; e++)
    {
      adj[edges[e][0]] |= 1u << edges[e][1];
      adj[edges[e][1]] |= 1u << edges[e][0];
    }
}

void
tafel_mill_variant_adjacency (const TafelMillVariant *variant,
                              guint32                *adj)
{
  g_return_if_fail (variant != NULL && adj != NULL);

  memset (adj, 0, tafel_mill_variant_n_points (variant) * sizeof *adj);
  if (variant->base != NULL)
    add_edges (adj, variant->base->n_edges, variant->base->edges);
  add_edges (adj, variant->n_edges, variant->edges);
}

guint
tafel_mill_variant_n_mills (const TafelMillVariant *variant)
{
  g_return_val_if_fail (variant != NULL, 0);

  return (variant->base != NULL ? variant->base->n_lines : 0)
         + variant->n_mills;
}

guint32
tafel_mill_variant_mill (const TafelMillVariant *variant,
                         guint                   i)
{
  const guint8 *line;
  guint n_base;

  g_return_val_if_fail (i < tafel_mill_variant_n_mills (variant), 0);

  n_base = variant->base != NULL ? variant->base->n_lines : 0;
  line = i < n_base ? variant->base->lines + i * 3
                    : variant->mills + (i - n_base) * 3;
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
