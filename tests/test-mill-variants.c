/* test-mill-variants.c: the Mill variants' data against the board pictures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each variant's connections and mills are typed here from the board's
 * picture, by point name, and compared with the engine's data; Nine's
 * variant data must be exactly the rules core's tables.
 */
#include "config.h"

#include <string.h>

#include "tafel-games.h"
#include "tafel-mill.h"
#include "tafel-mill-variant.h"

typedef struct {
  const char *key;
  guint n_points, hand;
  /* "point:neighbour,neighbour,..." separated by spaces */
  const char *neighbours;
  /* "p-q-r" separated by spaces */
  const char *mills;
} Picture;

#define NINE_NEIGHBOURS \
  "a1:a4,d1 a4:a1,a7,b4 a7:a4,d7 b2:b4,d2 b4:a4,b2,b6,c4 b6:b4,d6 " \
  "c3:c4,d3 c4:b4,c3,c5 c5:c4,d5 d1:a1,g1,d2 d2:d1,b2,f2,d3 d3:d2,c3,e3 " \
  "d5:c5,e5,d6 d6:d5,b6,f6,d7 d7:d6,a7,g7 e3:d3,e4 e4:e3,e5,f4 e5:e4,d5 " \
  "f2:d2,f4 f4:f2,f6,e4,g4 f6:f4,d6 g1:d1,g4 g4:g1,g7,f4 g7:g4,d7"
#define NINE_MILLS \
  "a1-d1-g1 b2-d2-f2 c3-d3-e3 a4-b4-c4 e4-f4-g4 c5-d5-e5 b6-d6-f6 a7-d7-g7 " \
  "a1-a4-a7 b2-b4-b6 c3-c4-c5 d1-d2-d3 d5-d6-d7 e3-e4-e5 f2-f4-f6 g1-g4-g7"

static const Picture pictures[] = {
  { "nine", 24, 9, NINE_NEIGHBOURS, NINE_MILLS },
  { "lasker", 24, 10, NINE_NEIGHBOURS, NINE_MILLS },
  { "double", 24, 9, NINE_NEIGHBOURS, NINE_MILLS },
  { "twelve", 24, 12,
    NINE_NEIGHBOURS " a1:b2 b2:a1,c3 c3:b2 g1:f2 f2:g1,e3 e3:f2"
    " a7:b6 b6:a7,c5 c5:b6 g7:f6 f6:g7,e5 e5:f6",
    NINE_MILLS " a1-b2-c3 g1-f2-e3 a7-b6-c5 g7-f6-e5" },
  { "six", 16, 6,
    "a1:a4,d1 a4:a1,a7,b4 a7:a4,d7 d7:a7,g7,d6 g7:d7,g4 g4:g7,g1,f4 "
    "g1:g4,d1 d1:g1,a1,d2 b2:b4,d2 b4:b2,b6,a4 b6:b4,d6 d6:b6,f6,d7 "
    "f6:d6,f4 f4:f6,f2,g4 f2:f4,d2 d2:f2,b2,d1",
    "a1-d1-g1 a7-d7-g7 a1-a4-a7 g1-g4-g7 "
    "b2-d2-f2 b6-d6-f6 b2-b4-b6 f2-f4-f6" },
  { "three", 9, 3,
    "c3:c4,d3 c4:c3,c5,d4 c5:c4,d5 d3:c3,e3,d4 d4:c4,d3,d5,e4 "
    "d5:c5,e5,d4 e3:d3,e4 e4:e3,e5,d4 e5:e4,d5",
    "c3-c4-c5 d3-d4-d5 e3-e4-e5 c3-d3-e3 c4-d4-e4 c5-d5-e5 "
    "c3-d4-e5 c5-d4-e3" },
};

static guint32
mask_of (const TafelMillVariant *v,
         char                  **names)
{
  guint32 mask = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      int p = tafel_mill_variant_point (v, names[i]);

      g_assert_cmpint (p, >=, 0);
      mask |= 1u << p;
    }
  return mask;
}

static void
test_pictures (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (pictures); k++)
    {
      const Picture *pic = &pictures[k];
      const TafelMillVariant *v = tafel_mill_variant_lookup (pic->key);
      guint32 adj[TAFEL_MILL_VARIANT_MAX_POINTS] = { 0 };
      guint32 want[TAFEL_MILL_VARIANT_MAX_POINTS] = { 0 };
      g_auto(GStrv) entries = g_strsplit (pic->neighbours, " ", -1);
      g_auto(GStrv) mills = g_strsplit (pic->mills, " ", -1);
      guint n_points = tafel_mill_variant_n_points (v);

      g_test_message ("variant %s", pic->key);
      g_assert_nonnull (v);
      g_assert_cmpuint (n_points, ==, pic->n_points);
      g_assert_cmpuint (v->hand, ==, pic->hand);

      /* Point names are distinct and the bits are file-then-rank. */
      for (guint p = 1; p < n_points; p++)
        g_assert_cmpstr (tafel_mill_variant_point_name (v, p - 1), <,
                         tafel_mill_variant_point_name (v, p));

      for (guint i = 0; entries[i] != NULL; i++)
        {
          g_auto(GStrv) parts = g_strsplit (entries[i], ":", 2);
          g_auto(GStrv) list = g_strsplit (parts[1], ",", -1);
          int p = tafel_mill_variant_point (v, parts[0]);

          g_assert_cmpint (p, >=, 0);
          want[p] |= mask_of (v, list);
        }
      tafel_mill_variant_adjacency (v, adj);
      for (guint p = 0; p < n_points; p++)
        {
          g_test_message ("point %s", tafel_mill_variant_point_name (v, p));
          g_assert_cmphex (adj[p], ==, want[p]);
        }

      g_assert_cmpuint (tafel_mill_variant_n_mills (v), ==,
                        g_strv_length (mills));
      for (guint i = 0; mills[i] != NULL; i++)
        {
          g_auto(GStrv) names = g_strsplit (mills[i], "-", -1);
          guint32 m = mask_of (v, names);
          gboolean found = FALSE;

          for (guint j = 0; j < tafel_mill_variant_n_mills (v); j++)
            found |= tafel_mill_variant_mill (v, j) == m;
          g_assert_true (found);
        }
    }
}

/* ---- a reference move generator over the pictures' data ----
 * Placing (and, with stones in hand in Lasker, moving), moving along the
 * picture's connections, flying with 3 stones where the variant flies, one
 * removal for a closed mill (from outside the opponent's mills unless all
 * its stones stand in mills).  Three's mill-wins ends the game instead of
 * removing.  Double removal is not modelled: no two mills can close at
 * once within the first 5 half-moves. */

typedef struct {
  guint n;
  guint32 adj[TAFEL_MILL_VARIANT_MAX_POINTS];
  guint n_mills;
  guint32 mills[TAFEL_MILL_VARIANT_MAX_MILLS];
  TafelMillVariantFlags flags;
} RefBoard;

static void
ref_board (const Picture *pic, RefBoard *b)
{
  const TafelMillVariant *v = tafel_mill_variant_lookup (pic->key);
  g_auto(GStrv) entries = g_strsplit (pic->neighbours, " ", -1);
  g_auto(GStrv) mills = g_strsplit (pic->mills, " ", -1);

  memset (b, 0, sizeof *b);
  b->n = pic->n_points;
  b->flags = v->flags;
  for (guint i = 0; entries[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (entries[i], ":", 2);
      g_auto(GStrv) list = g_strsplit (parts[1], ",", -1);

      b->adj[tafel_mill_variant_point (v, parts[0])] |= mask_of (v, list);
    }
  for (; mills[b->n_mills] != NULL; b->n_mills++)
    {
      g_auto(GStrv) names = g_strsplit (mills[b->n_mills], "-", -1);

      b->mills[b->n_mills] = mask_of (v, names);
    }
}

static gboolean
ref_closes (const RefBoard *b, guint32 own, guint to)
{
  for (guint m = 0; m < b->n_mills; m++)
    if ((b->mills[m] >> to & 1) && (own & b->mills[m]) == b->mills[m])
      return TRUE;
  return FALSE;
}

static guint64
ref_perft (const RefBoard *b, const guint32 stones[2], const guint hand[2],
           guint side, guint depth)
{
  guint32 own = stones[side], opp = stones[side ^ 1];
  guint32 empty = ((1u << b->n) - 1) & ~own & ~opp;
  guint32 in_mills = 0;
  guint64 total = 0;
  guint n_own = __builtin_popcount (own);

  if (depth == 0)
    return 1;
  for (guint m = 0; m < b->n_mills; m++)
    if ((opp & b->mills[m]) == b->mills[m])
      in_mills |= b->mills[m];
  if ((b->flags & TAFEL_MILL_VARIANT_MILL_WINS) && in_mills != 0)
    return 0;
  if (!(b->flags & TAFEL_MILL_VARIANT_MILL_WINS)
      && (n_own + hand[side] < 3 || __builtin_popcount (opp) + hand[side ^ 1] < 3))
    return 0;
  if ((b->flags & TAFEL_MILL_VARIANT_FULL_BOARD_DRAW) && empty == 0
      && hand[0] == 0 && hand[1] == 0)
    return 0;

  /* from = -1: a placement */
  for (int from = -1; from < (int) b->n; from++)
    {
      guint32 targets;

      if (from < 0 && hand[side] == 0)
        continue;
      if (from >= 0 && (!(own >> from & 1)
                        || (hand[side] > 0
                            && !(b->flags & TAFEL_MILL_VARIANT_MOVE_WITH_HAND))))
        continue;
      if (from < 0)
        targets = empty;
      else if ((b->flags & TAFEL_MILL_VARIANT_FLYING) && n_own == 3
               && hand[side] == 0)
        targets = empty;
      else
        targets = b->adj[from] & empty;
      for (guint to = 0; to < b->n; to++)
        {
          guint32 next[2];
          guint next_hand[2] = { hand[0], hand[1] };
          guint32 removable;

          if (!(targets >> to & 1))
            continue;
          next[side] = (from < 0 ? own : own & ~(1u << from)) | 1u << to;
          next[side ^ 1] = opp;
          if (from < 0)
            next_hand[side]--;
          if ((b->flags & TAFEL_MILL_VARIANT_MILL_WINS)
              || !ref_closes (b, next[side], to))
            {
              total += ref_perft (b, next, next_hand, side ^ 1, depth - 1);
              continue;
            }
          removable = opp & ~in_mills;
          if (removable == 0)
            removable = opp;
          for (guint r = 0; r < b->n; r++)
            if (removable >> r & 1)
              {
                next[side ^ 1] = opp & ~(1u << r);
                total += ref_perft (b, next, next_hand, side ^ 1, depth - 1);
              }
        }
    }
  return total;
}

static guint64
ref_start_perft (const char *key, guint depth)
{
  for (guint k = 0; k < G_N_ELEMENTS (pictures); k++)
    if (strcmp (pictures[k].key, key) == 0)
      {
        RefBoard b;
        guint32 stones[2] = { 0, 0 };
        guint hand[2] = { pictures[k].hand, pictures[k].hand };

        ref_board (&pictures[k], &b);
        return ref_perft (&b, stones, hand, 0, depth);
      }
  g_assert_not_reached ();
}

/* The reference generator agrees with the rules core on Nine. */
static void
test_reference_nine (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_MILL);
  TafelState state;

  rules->init (&state);
  for (guint depth = 1; depth <= 5; depth++)
    {
      g_test_message ("depth %u", depth);
      g_assert_cmpuint (ref_start_perft ("nine", depth), ==,
                        rules->perft (&state, depth));
    }
}

static void
test_nine_is_the_core (void)
{
  const TafelMillTables *t = tafel_mill_tables ();
  const TafelMillVariant *v = tafel_mill_variants ()[0];
  guint32 adj[TAFEL_MILL_VARIANT_MAX_POINTS];

  g_assert_cmpstr (v->key, ==, "nine");
  g_assert_true (v == tafel_mill_variant_lookup ("nine"));
  g_assert_null (tafel_mill_variant_lookup ("eleven"));
  g_assert_cmpuint (v->hand, ==, TAFEL_MILL_HAND);
  g_assert_cmpuint (tafel_mill_variant_n_points (v), ==, TAFEL_MILL_POINTS);
  tafel_mill_variant_adjacency (v, adj);
  for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
    g_assert_cmphex (adj[p], ==, t->adj[p]);
  g_assert_cmpuint (tafel_mill_variant_n_mills (v), ==, TAFEL_MILL_MILLS);
  for (guint m = 0; m < TAFEL_MILL_MILLS; m++)
    g_assert_cmphex (tafel_mill_variant_mill (v, m), ==, t->mills[m]);
}

static void
test_switches (void)
{
  const TafelMillVariant *const *all = tafel_mill_variants ();
  guint n = 0;

  for (; all[n] != NULL; n++)
    {
      const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, all[n]->key);

      g_assert_nonnull (rules);
      g_assert_true (rules == tafel_rules_get_variants (TAFEL_GAME_MILL)[n]);
      g_assert_cmpstr (rules->variant, ==, all[n]->key);
      g_assert_nonnull (tafel_rules_get_variant_title (rules));
      g_assert_true (rules->board == all[n]->board);
      g_assert_true (tafel_rules_lookup_id (tafel_rules_get_id (rules)) == rules);
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (pictures));
  g_assert_true (tafel_rules_get_variant (TAFEL_GAME_MILL, NULL) == &tafel_mill_rules);
  g_assert_cmpstr (tafel_rules_get_id (&tafel_mill_rules), ==, "mill");
  g_assert_null (tafel_rules_get_variant (TAFEL_GAME_MILL, "eleven"));
  g_assert_true (tafel_rules_get_variant (TAFEL_GAME_CONNECT_FOUR, NULL)
                 == tafel_rules_get (TAFEL_GAME_CONNECT_FOUR));
  g_assert_null (tafel_rules_get_variants (TAFEL_GAME_CONNECT_FOUR)[1]);

  g_assert_true (tafel_mill_variant_lookup ("lasker")->flags
                 & TAFEL_MILL_VARIANT_MOVE_WITH_HAND);
  g_assert_true (tafel_mill_variant_lookup ("double")->flags
                 & TAFEL_MILL_VARIANT_DOUBLE_REMOVAL);
  g_assert_true (tafel_mill_variant_lookup ("twelve")->flags
                 & TAFEL_MILL_VARIANT_FULL_BOARD_DRAW);
  g_assert_true (tafel_mill_variant_lookup ("three")->flags
                 & TAFEL_MILL_VARIANT_MILL_WINS);
  g_assert_false (tafel_mill_variant_lookup ("three")->flags
                  & TAFEL_MILL_VARIANT_FLYING);
  g_assert_false (tafel_mill_variant_lookup ("six")->flags
                  & TAFEL_MILL_VARIANT_FLYING);
  for (guint i = 0; i < 4; i++)
    g_assert_true (all[i]->flags & TAFEL_MILL_VARIANT_FLYING);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mill-variants/pictures", test_pictures);
  g_test_add_func ("/mill-variants/nine-is-the-core", test_nine_is_the_core);
  g_test_add_func ("/mill-variants/switches", test_switches);
  g_test_add_func ("/mill-variants/reference-nine", test_reference_nine);

  return g_test_run ();
}
