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
#include "tafel-mill-egtb.h"
#include "tafel-mill-search.h"
#include "tafel-mill-variant.h"

/* TAFEL_TEST_SCALE=F (as for test-invariants): fewer random games and
 * shallower perft under the sanitizers and valgrind. */
static double scale = 1.0;

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
    "c3:c4,d3,d4 c4:c3,c5,d4 c5:c4,d5,d4 d3:c3,e3,d4 "
    "d4:c4,d3,d5,e4,c3,c5,e3,e5 d5:c5,e5,d4 e3:d3,e4,d4 e4:e3,e5,d4 "
    "e5:e4,d5,d4",
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
 * removal per mill-closing move (a stone outside the opponent's mills
 * unless all its stones stand in mills), two where a double mill counts
 * double (a pair that can be removed one after the other).  Three's
 * mill-wins ends the game instead of removing. */

typedef struct {
  guint n;
  guint32 adj[TAFEL_MILL_VARIANT_MAX_POINTS];
  guint n_mills;
  guint32 mills[TAFEL_MILL_VARIANT_MAX_MILLS];
  TafelMillVariantFlags flags;
  guint hand;
} RefBoard;

typedef struct {
  guint32 stones[2];
  guint hand[2];
  guint side;
  guint clock;          /* half-moves since a placement or removal */
} RefPosition;

static void
ref_board (const char *key, RefBoard *b)
{
  const Picture *pic = NULL;
  const TafelMillVariant *v = tafel_mill_variant_lookup (key);

  for (guint k = 0; k < G_N_ELEMENTS (pictures); k++)
    if (strcmp (pictures[k].key, key) == 0)
      pic = &pictures[k];
  g_assert_nonnull (pic);

  {
    g_auto(GStrv) entries = g_strsplit (pic->neighbours, " ", -1);
    g_auto(GStrv) mills = g_strsplit (pic->mills, " ", -1);

    memset (b, 0, sizeof *b);
    b->n = pic->n_points;
    b->hand = pic->hand;
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
}

static guint32
ref_in_mills (const RefBoard *b, guint32 stones)
{
  guint32 in = 0;

  for (guint m = 0; m < b->n_mills; m++)
    if ((stones & b->mills[m]) == b->mills[m])
      in |= b->mills[m];
  return in;
}

static guint32
ref_removable (const RefBoard *b, guint32 stones)
{
  guint32 outside = stones & ~ref_in_mills (b, stones);

  return outside != 0 ? outside : stones;
}

static guint
ref_closed (const RefBoard *b, guint32 own, guint to)
{
  guint n = 0;

  for (guint m = 0; m < b->n_mills; m++)
    if ((b->mills[m] >> to & 1) && (own & b->mills[m]) == b->mills[m])
      n++;
  return n;
}

/* The game's end by the position: 0 running, 1 won by @winner, 2 drawn. */
static int
ref_end (const RefBoard *b, const RefPosition *p, guint n_moves, int *winner)
{
  guint32 empty = ((1u << b->n) - 1) & ~p->stones[0] & ~p->stones[1];

  for (guint i = 0; i < 2; i++)
    if (__builtin_popcount (p->stones[p->side ^ i]) + p->hand[p->side ^ i] < 3)
      {
        *winner = p->side ^ i ^ 1;
        return 1;
      }
  if (b->flags & TAFEL_MILL_VARIANT_MILL_WINS)
    for (guint i = 0; i < 2; i++)
      if (ref_in_mills (b, p->stones[p->side ^ 1 ^ i]) != 0)
        {
          *winner = p->side ^ 1 ^ i;
          return 1;
        }
  if (p->clock >= 100)
    return 2;
  if ((b->flags & TAFEL_MILL_VARIANT_FULL_BOARD_DRAW) && empty == 0
      && p->hand[0] == 0 && p->hand[1] == 0)
    return 2;
  if (n_moves == 0)
    {
      *winner = p->side ^ 1;
      return 1;
    }
  return 0;
}

static void
ref_add (GArray *moves, const guint8 *path, guint len)
{
  TafelMove m = { 0 };

  m.len = len;
  memcpy (m.path, path, len);
  g_array_append_val (moves, m);
}

/* Every move of @p (also where the game has ended). */
static void
ref_moves (const RefBoard *b, const RefPosition *p, GArray *moves)
{
  guint side = p->side;
  guint32 own = p->stones[side], opp = p->stones[side ^ 1];
  guint32 empty = ((1u << b->n) - 1) & ~own & ~opp;
  guint32 removable = ref_removable (b, opp);
  guint n_own = __builtin_popcount (own);

  g_array_set_size (moves, 0);
  /* from = -1: a placement */
  for (int from = -1; from < (int) b->n; from++)
    {
      guint32 targets;

      if (from < 0 && p->hand[side] == 0)
        continue;
      if (from >= 0 && (!(own >> from & 1)
                        || (p->hand[side] > 0
                            && !(b->flags & TAFEL_MILL_VARIANT_MOVE_WITH_HAND))))
        continue;
      if (from < 0)
        targets = empty;
      else if ((b->flags & TAFEL_MILL_VARIANT_FLYING) && n_own == 3
               && p->hand[side] == 0)
        targets = empty;
      else
        targets = b->adj[from] & empty;
      for (guint to = 0; to < b->n; to++)
        {
          guint8 path[4];
          guint len = 0, closed;

          if (!(targets >> to & 1))
            continue;
          if (from >= 0)
            path[len++] = from;
          path[len++] = to;
          closed = ref_closed (b, (from < 0 ? own : own & ~(1u << from)) | 1u << to, to);
          if ((b->flags & TAFEL_MILL_VARIANT_MILL_WINS) || closed == 0 || opp == 0)
            ref_add (moves, path, len);
          else if (closed >= 2 && (b->flags & TAFEL_MILL_VARIANT_DOUBLE_REMOVAL)
                   && __builtin_popcount (opp) >= 2)
            {
              for (guint r = 0; r < b->n; r++)
                for (guint q = r + 1; q < b->n; q++)
                  if ((opp >> r & 1) && (opp >> q & 1)
                      && (((removable >> r & 1)
                           && (ref_removable (b, opp & ~(1u << r)) >> q & 1))
                          || ((removable >> q & 1)
                              && (ref_removable (b, opp & ~(1u << q)) >> r & 1))))
                    {
                      path[len] = r;
                      path[len + 1] = q;
                      ref_add (moves, path, len + 2);
                    }
            }
          else
            for (guint r = 0; r < b->n; r++)
              if (removable >> r & 1)
                {
                  path[len] = r;
                  ref_add (moves, path, len + 1);
                }
        }
    }
}

static void
ref_apply (const RefBoard *b, RefPosition *p, const TafelMove *m)
{
  guint side = p->side;
  guint i = 0;

  if (p->hand[side] > 0 && !(p->stones[side] >> m->path[0] & 1))
    {
      p->stones[side] |= 1u << m->path[0];
      p->hand[side]--;
      p->clock = 0;
      i = 1;
    }
  else
    {
      p->stones[side] = (p->stones[side] & ~(1u << m->path[0])) | 1u << m->path[1];
      p->clock++;
      i = 2;
    }
  for (; i < m->len; i++)
    {
      p->stones[side ^ 1] &= ~(1u << m->path[i]);
      p->clock = 0;
    }
  p->side ^= 1;
}

static guint64
ref_perft (const RefBoard *b, const RefPosition *p, guint depth)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
  guint64 total = 0;
  int winner;

  if (depth == 0)
    return 1;
  ref_moves (b, p, moves);
  if (ref_end (b, p, moves->len, &winner) != 0)
    return 0;
  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      RefPosition child = *p;

      ref_apply (b, &child, &g_array_index (moves, TafelMove, i));
      total += ref_perft (b, &child, depth - 1);
    }
  return total;
}

static guint64
ref_start_perft (const char *key, guint depth)
{
  RefBoard b;
  RefPosition p = { { 0, 0 }, { 0, 0 }, 0, 0 };

  ref_board (key, &b);
  p.hand[0] = p.hand[1] = b.hand;
  return ref_perft (&b, &p, depth);
}

/* The reference generator agrees with the rules core on each variant's
 * start, depths 1-5 (4 for Twelve and Lasker, whose fifth level is
 * slow in the reference). */
static void
test_reference_perft (void)
{
  for (const TafelRules *const *list = tafel_rules_get_variants (TAFEL_GAME_MILL);
       *list != NULL; list++)
    {
      const TafelRules *rules = *list;
      TafelState state;
      guint max = scale < 1.0 ? 4 : 5;

      rules->init (&state);
      for (guint depth = 1; depth <= max; depth++)
        {
          guint64 want = ref_start_perft (rules->variant, depth);

          g_test_message ("%s depth %u: %" G_GUINT64_FORMAT, rules->variant, depth, want);
          g_assert_cmpuint (want, ==, rules->perft (&state, depth));
        }
    }
}

/* The reference generator agrees with the rules core on Nine to depth 5. */
static void
test_reference_nine (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_MILL);
  TafelState state;

  rules->init (&state);
  g_assert_cmpuint (ref_start_perft ("nine", scale < 1.0 ? 4 : 5), ==,
                    rules->perft (&state, scale < 1.0 ? 4 : 5));
}

static int
compare_moves (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (TafelMove));
}

/* Random games in every variant: at each position the rules core's moves
 * are the reference's, the end agrees, the key is the one computed from
 * scratch, each move reads back from its notation, and make/unmake is
 * exact.  Counts the double removals and Lasker's steps with stones in
 * hand seen, which must occur. */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261204);
  g_autoptr(GArray) want = g_array_new (FALSE, FALSE, sizeof (TafelMove));
  guint games = MAX (20, (guint) ((g_test_slow () ? 2000 : 300) * scale));
  guint doubles = 0, lasker_steps = 0, three_wins = 0;

  for (const TafelRules *const *list = tafel_rules_get_variants (TAFEL_GAME_MILL);
       *list != NULL; list++)
    {
      const TafelRules *rules = *list;
      RefBoard b;

      ref_board (rules->variant, &b);
      for (guint g = 0; g < games; g++)
        {
          TafelState state;
          RefPosition p = { { 0, 0 }, { b.hand, b.hand }, 0, 0 };

          rules->init (&state);
          for (guint ply = 0; ply < 200; ply++)
            {
              TafelMove moves[TAFEL_MAX_MOVES];
              const TafelMillState *ms = TAFEL_MILL_CSTATE (&state);
              guint n = rules->legal_moves (&state, moves);
              TafelOutcome outcome;
              int winner = TAFEL_SIDE_NONE, end;
              TafelUndo undo;
              TafelState before;
              guint pick;

              ref_moves (&b, &p, want);
              end = ref_end (&b, &p, want->len, &winner);
              g_assert_cmphex (ms->stones[0], ==, p.stones[0]);
              g_assert_cmphex (ms->stones[1], ==, p.stones[1]);
              g_assert_cmpuint (ms->key, ==, tafel_mill_compute_key (ms));
              rules->outcome (&state, NULL, &outcome);
              if (end != 0)
                {
                  g_assert_cmpuint (n, ==, 0);
                  g_assert_cmpint (outcome.status, ==,
                                   end == 1 ? TAFEL_STATUS_WON : TAFEL_STATUS_DRAWN);
                  if (end == 1)
                    g_assert_cmpint (outcome.winner, ==, winner);
                  three_wins += end == 1 && (b.flags & TAFEL_MILL_VARIANT_MILL_WINS)
                                && p.hand[0] + p.hand[1] > 0;
                  break;
                }
              g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
              g_assert_cmpuint (n, ==, want->len);
              qsort (moves, n, sizeof moves[0], compare_moves);
              g_array_sort (want, compare_moves);
              for (guint i = 0; i < n; i++)
                g_assert_cmpmem (&moves[i], sizeof moves[i],
                                 &g_array_index (want, TafelMove, i), sizeof moves[i]);

              for (guint i = 0; i < n; i++)
                {
                  g_autofree char *text = tafel_rules_format_move (rules, &state, &moves[i]);
                  const char *cursor = text;
                  TafelMove back;
                  g_autoptr(GError) error = NULL;

                  g_assert_true (rules->parse_move (&state, &cursor, &back, &error));
                  g_assert_no_error (error);
                  g_assert_cmpstr (cursor, ==, "");
                  g_assert_true (tafel_move_equal (&back, &moves[i]));
                  doubles += moves[i].len == 4
                             || (moves[i].len == 3 && ms->hand[ms->side] > 0
                                 && !(ms->stones[ms->side] >> moves[i].path[0] & 1));
                  lasker_steps += ms->hand[ms->side] > 0
                                  && (ms->stones[ms->side] >> moves[i].path[0] & 1);
                }

              pick = g_rand_int_range (rand, 0, n);
              before = state;
              rules->make (&state, &moves[pick], &undo);
              rules->unmake (&state, &moves[pick], &undo);
              g_assert_cmpmem (&state, sizeof state, &before, sizeof before);
              rules->make (&state, &moves[pick], &undo);
              ref_apply (&b, &p, &moves[pick]);
            }
        }
    }
  g_test_message ("double removals %u, Lasker steps %u, Three won while placing %u",
                  doubles, lasker_steps, three_wins);
  g_assert_cmpuint (doubles, >, 0);
  g_assert_cmpuint (lasker_steps, >, 0);
  g_assert_cmpuint (three_wins, >, 0);
}

/* Plays @moves in @variant; the position after them. */
static void
play (const char *variant, const char *moves, TafelState *state)
{
  const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, variant);
  g_autoptr(GError) error = NULL;

  rules->init (state);
  g_assert_true (tafel_rules_play_moves (rules, moves, state, NULL, &error));
  g_assert_no_error (error);
}

static int
compare_words (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The legal moves of @state written out, sorted, separated by blanks. */
static char *
moves_text (const char *variant, const TafelState *state)
{
  const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, variant);
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = rules->legal_moves (state, moves);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (words, tafel_rules_format_move (rules, state, &moves[i]));
  g_ptr_array_sort (words, compare_words);
  g_ptr_array_add (words, NULL);
  return g_strjoinv (" ", (char **) words->pdata);
}

static gboolean
has_move (const char *variant, const TafelState *state, const char *word)
{
  g_autofree char *all = moves_text (variant, state);
  g_autofree char *padded = g_strdup_printf (" %s ", all);
  g_autofree char *needle = g_strdup_printf (" %s ", word);

  return strstr (padded, needle) != NULL;
}

static void
test_double_removal (void)
{
  const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, "double");
  TafelState state;
  TafelOutcome outcome;
  g_autoptr(GError) error = NULL;

  /* a4 closes a1-a4-a7 and a4-b4-c4: any two of Black's four go. */
  play ("double", "a1 d2 a7 d6 b4 f4 c4 g1", &state);
  g_assert_true (has_move ("double", &state, "a4xd2xd6"));
  g_assert_true (has_move ("double", &state, "a4xf4xg1"));
  g_assert_false (has_move ("double", &state, "a4xd2"));
  g_assert_false (has_move ("double", &state, "a4xd6xd2"));
  /* Written the other way round or as words of their own, the same. */
  play ("double", "a1 d2 a7 d6 b4 f4 c4 g1 a4xd6xd2", &state);
  play ("double", "a1 d2 a7 d6 b4 f4 c4 g1 a4 xd6 xd2", &state);
  g_assert_cmphex (TAFEL_MILL_CSTATE (&state)->stones[1], ==,
                   (1u << 19) | (1u << 21));   /* f4 g1 */
  rules->outcome (&state, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);

  /* Nine's rules remove one stone for the same move. */
  play ("nine", "a1 d2 a7 d6 b4 f4 c4 g1", &state);
  g_assert_true (has_move ("nine", &state, "a4xd2"));
  g_assert_false (has_move ("nine", &state, "a4xd2xd6"));
  rules = tafel_rules_get (TAFEL_GAME_MILL);
  g_assert_false (tafel_rules_play_moves (rules, "a1 d2 a7 d6 b4 f4 c4 g1 a4xd2xd6",
                                          &state, NULL, &error));
  g_assert_nonnull (error);
}

static void
test_lasker (void)
{
  TafelState state;

  /* 10 stones each; a stone may step while others are in hand. */
  play ("lasker", "a1 d2", &state);
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&state)->hand[0], ==, 9);
  g_assert_true (has_move ("lasker", &state, "a1-a4"));
  g_assert_true (has_move ("lasker", &state, "g7"));
  play ("lasker", "a1 d2 a1-a4", &state);
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&state)->hand[0], ==, 9);
  g_assert_cmphex (TAFEL_MILL_CSTATE (&state)->stones[0], ==, 1u << 1);

  /* Nine's rules refuse it. */
  play ("nine", "a1 d2", &state);
  g_assert_false (has_move ("nine", &state, "a1-a4"));
}

/* Twelve's board filled with no mill anywhere: every rank, file and
 * diagonal mixed.  With @last_in_hand, Black's last stone (for g4) is
 * still to be placed, Black to move. */
static void
twelve_full_board (TafelState *state,
                   gboolean    last_in_hand)
{
  const TafelMillVariant *v = tafel_mill_variant_lookup ("twelve");
  const char *white[] = { "a1", "a7", "b4", "c3", "c5", "d2", "d6", "e4",
                          "f2", "f6", "g1", "g7" };
  TafelMillState *s;

  tafel_rules_get_variant (TAFEL_GAME_MILL, "twelve")->init (state);
  s = TAFEL_MILL_STATE (state);
  for (guint i = 0; i < G_N_ELEMENTS (white); i++)
    s->stones[0] |= 1u << tafel_mill_variant_point (v, white[i]);
  s->stones[1] = 0xffffff & ~s->stones[0];
  s->hand[0] = s->hand[1] = 0;
  if (last_in_hand)
    {
      s->stones[1] &= ~(1u << tafel_mill_variant_point (v, "g4"));
      s->hand[1] = 1;
      s->side = 1;
    }
  s->key = tafel_mill_compute_key (s);
  g_assert_cmphex (tafel_mill_in_mills_of (tafel_mill_state_tables (s), s->stones[0]), ==, 0);
  g_assert_cmphex (tafel_mill_in_mills_of (tafel_mill_state_tables (s), s->stones[1]), ==, 0);
}

static void
test_twelve (void)
{
  const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, "twelve");
  TafelState state;
  TafelOutcome outcome;

  /* The diagonal a1-b2-c3 is a mill; b2 and a1 are neighbours. */
  play ("twelve", "a1 d2 b2 f4", &state);
  g_assert_true (has_move ("twelve", &state, "c3xd2"));
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&state)->hand[0], ==, 10);

  /* A board full after the last placement is a draw. */
  twelve_full_board (&state, FALSE);
  rules->outcome (&state, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_DRAWN);
}

static void
test_three_and_six (void)
{
  const TafelRules *three = tafel_rules_get_variant (TAFEL_GAME_MILL, "three");
  TafelState state;
  TafelOutcome outcome;

  /* Three in a row wins at once, also on a diagonal; nothing is removed. */
  play ("three", "c3 d5 c4 e5", &state);
  g_assert_true (has_move ("three", &state, "c5"));
  play ("three", "c3 d5 c4 e5 c5", &state);
  three->outcome (&state, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
  g_assert_cmpint (outcome.winner, ==, 0);
  play ("three", "c3 c4 d4 d5 e5", &state);
  three->outcome (&state, NULL, &outcome);
  g_assert_cmpint (outcome.winner, ==, 0);
  /* Stones step along the drawn lines, the diagonals too, to a
   * neighbour only. */
  play ("three", "c3 c4 e4 d3 d5 e5", &state);
  g_assert_true (has_move ("three", &state, "d5-d4"));
  g_assert_true (has_move ("three", &state, "c3-d4"));
  g_assert_false (has_move ("three", &state, "c3-e3"));

  /* Six: no flying with three stones. */
  {
    const TafelRules *six = tafel_rules_get_variant (TAFEL_GAME_MILL, "six");
    TafelMillState *s;

    six->init (&state);
    s = TAFEL_MILL_STATE (&state);
    s->stones[0] = 1u << 0 | 1u << 2 | 1u << 15;   /* a1 a7 g7 */
    s->stones[1] = 1u << 3 | 1u << 5 | 1u << 10 | 1u << 12;   /* b2 b6 f2 f6 */
    s->hand[0] = s->hand[1] = 0;
    s->key = tafel_mill_compute_key (s);
    g_assert_false (has_move ("six", &state, "a1-d6"));
    g_assert_true (has_move ("six", &state, "a1-d1"));
  }
}

/* Each level answers with a legal move in every variant, from the start
 * and from a position later in a game; the endgame tables are never
 * asked outside Nine (and Lasker once all is placed). */
static void
test_ai (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (const TafelRules *const *list = tafel_rules_get_variants (TAFEL_GAME_MILL);
       *list != NULL; list++)
    {
      const TafelRules *rules = *list;
      g_autoptr(TafelPlayer) player = tafel_player_new (rules);
      TafelState state;

      rules->init (&state);
      for (guint step = 0; step < 2; step++)
        {
          for (TafelLevel level = TAFEL_LEVEL_RELAXED; level <= TAFEL_LEVEL_HARD; level++)
            {
              TafelMove move;

              g_test_message ("%s level %d step %u", rules->variant, level, step);
              g_assert_true (rules->choose_move (player, &state, NULL, level, rand,
                                                 NULL, &move));
              g_assert_true (tafel_rules_is_legal (rules, &state, &move));
            }
          {
            TafelMillSearchLimits limits = { 0 };
            TafelMillSearchResult result;

            limits.max_depth = 5;
            g_assert_true (tafel_mill_search (&state, NULL, &limits, rand, NULL, &result));
            g_assert_true (tafel_rules_is_legal (rules, &state, &result.best));
          }
          /* Half-way through placing, and on into the moves. */
          for (guint i = 0; i < rules->board->n_points / 2; i++)
            {
              TafelMove moves[TAFEL_MAX_MOVES];
              TafelUndo undo;
              guint n = rules->legal_moves (&state, moves);

              if (n == 0)
                break;
              rules->make (&state, &moves[g_rand_int_range (rand, 0, n)], &undo);
            }
          if (rules->legal_moves (&state, (TafelMove[TAFEL_MAX_MOVES]) { 0 }) == 0)
            break;
        }
    }
}

/* The search knows the ends only some variants have: Three's row that
 * wins (so it blocks it, and takes its own), Twelve's full board. */
static void
test_search_sees_variant_ends (void)
{
  TafelMillSearchLimits limits = { 0 };
  TafelMillSearchResult result;
  TafelState state;
  g_autofree char *word = NULL;

  limits.max_depth = 4;
  limits.flags = TAFEL_MILL_SEARCH_NO_TABLES;

  /* Black must block c5, or White's row c3-c4-c5 wins. */
  play ("three", "c3 d5 c4", &state);
  g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
  word = tafel_rules_format_move (tafel_rules_get_variant (TAFEL_GAME_MILL, "three"),
                                  &state, &result.best);
  g_assert_cmpstr (word, ==, "c5");
  g_clear_pointer (&word, g_free);

  /* White's own row wins at once: a proven win in one. */
  play ("three", "c3 d5 c4 e5", &state);
  g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
  g_assert_true (result.proven);
  g_assert_cmpint (result.score, ==, TAFEL_MILL_SCORE_WIN - 1);

  /* Twelve: the last placement fills the board with no mill: a draw, which
   * the search knows exactly (and does not score as a position). */
  {
    const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, "twelve");

    twelve_full_board (&state, TRUE);
    g_assert_true (tafel_mill_search (&state, NULL, &limits, NULL, NULL, &result));
    g_assert_cmpint (result.score, ==, 0);
    g_assert_true (tafel_rules_is_legal (rules, &state, &result.best));
  }
}

static void
test_tables_guarded (void)
{
  const TafelMillEgtb *tb = tafel_mill_egtb_get_default ();
  TafelState state;
  TafelMillState *s;
  TafelValue value;
  int plies;

  if (tb == NULL)
    {
      g_test_skip ("no endgame tables (set " TAFEL_MILL_EGTB_ENV ")");
      return;
    }
  /* 3 against 3, all placed: in the tables for Nine and Lasker only. */
  for (const TafelRules *const *list = tafel_rules_get_variants (TAFEL_GAME_MILL);
       *list != NULL; list++)
    {
      if ((*list)->board != &tafel_mill_board)
        continue;
      (*list)->init (&state);
      s = TAFEL_MILL_STATE (&state);
      s->stones[0] = 1u << 0 | 1u << 2 | 1u << 21;
      s->stones[1] = 1u << 12 | 1u << 13 | 1u << 17;
      s->hand[0] = s->hand[1] = 0;
      s->key = tafel_mill_compute_key (s);
      g_assert_cmpint (tafel_mill_egtb_lookup (tb, s, &value, &plies), ==,
                       s->variant == TAFEL_MILL_NINE || s->variant == TAFEL_MILL_LASKER);
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
  const char *env_scale = g_getenv ("TAFEL_TEST_SCALE");

  g_test_init (&argc, &argv, NULL);
  if (env_scale != NULL && *env_scale != '\0')
    scale = CLAMP (g_ascii_strtod (env_scale, NULL), 0.0001, 100.0);

  g_test_add_func ("/mill-variants/pictures", test_pictures);
  g_test_add_func ("/mill-variants/nine-is-the-core", test_nine_is_the_core);
  g_test_add_func ("/mill-variants/switches", test_switches);
  g_test_add_func ("/mill-variants/reference-nine", test_reference_nine);
  g_test_add_func ("/mill-variants/reference-perft", test_reference_perft);
  g_test_add_func ("/mill-variants/random-games", test_random_games);
  g_test_add_func ("/mill-variants/double-removal", test_double_removal);
  g_test_add_func ("/mill-variants/lasker", test_lasker);
  g_test_add_func ("/mill-variants/twelve", test_twelve);
  g_test_add_func ("/mill-variants/three-and-six", test_three_and_six);
  g_test_add_func ("/mill-variants/ai", test_ai);
  g_test_add_func ("/mill-variants/tables-guarded", test_tables_guarded);
  g_test_add_func ("/mill-variants/search-sees-variant-ends", test_search_sees_variant_ends);

  return g_test_run ();
}
