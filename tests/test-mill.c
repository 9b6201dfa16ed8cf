/* test-mill.c: Nine Men's Morris rules, notation, FEN and perft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill.h"

static const TafelRules *R;

/* ------------------------------------------------------------------ */
/* An independent, deliberately simple model of the game: a 7x7 grid of
 * characters, the points listed by name, connections and mills found by
 * walking ranks and files (never from the engine's tables). */

#define G 7
#define CELL(f, r) ((f) * G + (r))

typedef struct {
  char board[G * G];   /* 'W', 'B', '.' on points, ' ' elsewhere */
  int hand[2];
  int side;
  int clock;
} Naive;

typedef struct {
  int from, to, rem;   /* cells, -1 for none */
} NaiveMove;

static const char *const naive_point_list =
  "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1";

static gboolean naive_is_point[G * G];
static int naive_groups[16][3];   /* mills as cells */
static int naive_n_groups;

static void
naive_setup (void)
{
  g_auto (GStrv) names = g_strsplit (naive_point_list, " ", -1);

  if (naive_n_groups > 0)
    return;

  for (guint i = 0; names[i] != NULL; i++)
    naive_is_point[CELL (names[i][0] - 'a', names[i][1] - '1')] = TRUE;

  /* A mill is three points in a row along a rank or a file; the middle
   * rank and the middle file have two, one on each side of the centre. */
  for (int dir = 0; dir < 2; dir++)
    for (int line = 0; line < G; line++)
      {
        int cells[G], n = 0;

        for (int k = 0; k < G; k++)
          {
            int c = dir == 0 ? CELL (k, line) : CELL (line, k);

            if (naive_is_point[c])
              cells[n++] = c;
          }
        g_assert_true (n == 3 || n == 6);
        for (int start = 0; start < n; start += 3)
          {
            for (int k = 0; k < 3; k++)
              naive_groups[naive_n_groups][k] = cells[start + k];
            naive_n_groups++;
          }
      }
  g_assert_cmpint (naive_n_groups, ==, 16);
}

/* Neighbours: consecutive points of one mill. */
static gboolean
naive_adjacent (int a,
                int b)
{
  for (int g = 0; g < naive_n_groups; g++)
    for (int k = 0; k < 2; k++)
      if ((naive_groups[g][k] == a && naive_groups[g][k + 1] == b)
          || (naive_groups[g][k] == b && naive_groups[g][k + 1] == a))
        return TRUE;
  return FALSE;
}

static gboolean
naive_in_mill (const char *board,
               int         cell)
{
  char who = board[cell];

  for (int g = 0; g < naive_n_groups; g++)
    {
      gboolean has = FALSE, full = TRUE;

      for (int k = 0; k < 3; k++)
        {
          has |= naive_groups[g][k] == cell;
          full &= board[naive_groups[g][k]] == who;
        }
      if (has && full)
        return TRUE;
    }
  return FALSE;
}

static int
naive_count (const Naive *n,
             char         who)
{
  int c = 0;

  for (int i = 0; i < G * G; i++)
    c += n->board[i] == who;
  return c;
}

static int
naive_moves (const Naive *n,
             NaiveMove   *out)
{
  char me = n->side == 0 ? 'W' : 'B';
  char them = n->side == 0 ? 'B' : 'W';
  int count = 0;

  if (naive_count (n, 'W') + n->hand[0] < 3 || naive_count (n, 'B') + n->hand[1] < 3)
    return 0;
  if (n->clock >= 100)
    return 0;

  for (int from = -1; from < G * G; from++)
    {
      if (from >= 0 && (n->hand[n->side] > 0 || n->board[from] != me))
        continue;
      if (from < 0 && n->hand[n->side] == 0)
        continue;

      for (int to = 0; to < G * G; to++)
        {
          char after[G * G];
          gboolean any_free = FALSE;
          int before = count;

          if (!naive_is_point[to] || n->board[to] != '.')
            continue;
          if (from >= 0 && naive_count (n, me) != 3 && !naive_adjacent (from, to))
            continue;

          memcpy (after, n->board, sizeof after);
          if (from >= 0)
            after[from] = '.';
          after[to] = me;

          if (naive_in_mill (after, to))
            {
              for (int r = 0; r < G * G; r++)
                if (after[r] == them && !naive_in_mill (after, r))
                  any_free = TRUE;
              for (int r = 0; r < G * G; r++)
                if (after[r] == them && (!any_free || !naive_in_mill (after, r)))
                  out[count++] = (NaiveMove) { from, to, r };
            }
          if (count == before)
            out[count++] = (NaiveMove) { from, to, -1 };
        }
    }

  return count;
}

static void
naive_play (Naive           *n,
            const NaiveMove *m)
{
  char me = n->side == 0 ? 'W' : 'B';

  if (m->from < 0)
    {
      n->hand[n->side]--;
      n->clock = 0;
    }
  else
    {
      n->board[m->from] = '.';
      n->clock++;
    }
  n->board[m->to] = me;
  if (m->rem >= 0)
    {
      n->board[m->rem] = '.';
      n->clock = 0;
    }
  n->side ^= 1;
}

static guint64
naive_perft (const Naive *n,
             int          depth)
{
  NaiveMove moves[700];
  guint64 total = 0;
  int count;

  if (depth == 0)
    return 1;
  count = naive_moves (n, moves);
  for (int i = 0; i < count; i++)
    {
      Naive child = *n;

      naive_play (&child, &moves[i]);
      total += naive_perft (&child, depth - 1);
    }
  return total;
}

static char *
naive_format (const NaiveMove *m)
{
  GString *s = g_string_new (NULL);

  if (m->from >= 0)
    g_string_append_printf (s, "%c%c-", 'a' + m->from / G, '1' + m->from % G);
  g_string_append_printf (s, "%c%c", 'a' + m->to / G, '1' + m->to % G);
  if (m->rem >= 0)
    g_string_append_printf (s, "x%c%c", 'a' + m->rem / G, '1' + m->rem % G);
  return g_string_free (s, FALSE);
}

/* The naive model of an engine state, read through the interface. */
static void
naive_from_state (const TafelState *state,
                  Naive            *n)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  TafelPointInfo info[TAFEL_MILL_POINTS];

  naive_setup ();
  memset (n->board, ' ', sizeof n->board);
  R->points (state, info);
  for (guint p = 0; p < R->board->n_points; p++)
    {
      const char *name = R->board->point_names[p];
      int c = CELL (name[0] - 'a', name[1] - '1');

      g_assert_true (naive_is_point[c]);
      n->board[c] = info[p].owner == TAFEL_POINT_SIDE0 ? 'W'
                    : info[p].owner == TAFEL_POINT_SIDE1 ? 'B' : '.';
    }
  n->hand[0] = s->hand[0];
  n->hand[1] = s->hand[1];
  n->side = R->side_to_move (state);
  n->clock = s->clock;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The engine's legal moves, formatted and sorted, equal the model's. */
static void
assert_same_moves (const TafelState *state)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  NaiveMove nmoves[700];
  Naive n;
  guint count = R->legal_moves (state, moves);
  int ncount;
  g_autoptr (GPtrArray) a = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) b = g_ptr_array_new_with_free_func (g_free);

  naive_from_state (state, &n);
  ncount = naive_moves (&n, nmoves);
  g_assert_cmpint (count, ==, ncount);

  for (guint i = 0; i < count; i++)
    g_ptr_array_add (a, tafel_rules_format_move (R, state, &moves[i]));
  for (int i = 0; i < ncount; i++)
    g_ptr_array_add (b, naive_format (&nmoves[i]));
  g_ptr_array_sort (a, compare_strings);
  g_ptr_array_sort (b, compare_strings);
  for (guint i = 0; i < count; i++)
    g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
}

/* ------------------------------------------------------------------ */
/* Helpers */

static int
point (const char *name)
{
  for (guint p = 0; p < R->board->n_points; p++)
    if (g_str_equal (R->board->point_names[p], name))
      return p;
  g_assert_not_reached ();
  return -1;
}

/* A position from lists of point names. */
static void
build (TafelState *state,
       const char *white,
       const char *black,
       int         hand_w,
       int         hand_b,
       int         side)
{
  TafelMillState *s = TAFEL_MILL_STATE (state);
  const char *lists[2] = { white, black };

  R->init (state);
  for (int who = 0; who < 2; who++)
    {
      g_auto (GStrv) names = g_strsplit (lists[who], " ", -1);

      s->stones[who] = 0;
      for (guint i = 0; names[i] != NULL; i++)
        if (names[i][0] != '\0')
          s->stones[who] |= 1u << point (names[i]);
    }
  s->hand[0] = hand_w;
  s->hand[1] = hand_b;
  s->side = side;
  s->ply = 40;
  s->key = tafel_mill_compute_key (s);
}

static TafelMove
parse_one (const TafelState *state,
           const char       *text)
{
  g_autoptr (GError) error = NULL;
  const char *cursor = text;
  TafelMove move;

  g_assert_true (R->parse_move (state, &cursor, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (cursor, ==, "");
  return move;
}

static gboolean
has_move (const TafelState *state,
          const char       *text)
{
  TafelMove move = parse_one (state, text);

  return tafel_rules_is_legal (R, state, &move);
}

static guint
count_with_prefix (const TafelState *state,
                   const char       *prefix)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = R->legal_moves (state, moves), hits = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = tafel_rules_format_move (R, state, &moves[i]);

      hits += g_str_has_prefix (text, prefix);
    }
  return hits;
}

/* ------------------------------------------------------------------ */
/* Tests */

static void
test_board (void)
{
  const TafelBoard *b = R->board;
  const TafelMillTables *t = tafel_mill_tables ();

  naive_setup ();
  g_assert_cmpint (b->style, ==, TAFEL_BOARD_LINES);
  g_assert_cmpuint (b->n_points, ==, 24);
  g_assert_cmpuint (b->n_edges, ==, 32);
  g_assert_cmpuint (b->n_lines, ==, 16);
  g_assert_cmpuint (b->line_len, ==, 3);
  g_assert_cmpuint (b->n_targets, ==, 24);
  g_assert_true (R->moves_separated);
  g_assert_true (tafel_rules_lookup ("mill") == R);

  for (guint p = 0; p < 24; p++)
    {
      const char *name = b->point_names[p];
      int f = name[0] - 'a', r = name[1] - '1';

      g_assert_cmpuint (b->target_of_point[p], ==, p);
      g_assert_true (naive_is_point[CELL (f, r)]);
      /* Files left to right, ranks bottom to top, y down. */
      for (guint q = 0; q < 24; q++)
        {
          const char *other = b->point_names[q];

          if (other[0] < name[0])
            g_assert_cmpfloat (b->points[q].x, <, b->points[p].x);
          if (other[1] < name[1])
            g_assert_cmpfloat (b->points[q].y, >, b->points[p].y);
          if (q != p)
            g_assert_cmpstr (other, !=, name);
          /* Connections agree with the model, both as edges and masks. */
          {
            gboolean edge = FALSE;

            for (guint e = 0; e < b->n_edges; e++)
              edge |= (b->edges[e][0] == p && b->edges[e][1] == q)
                      || (b->edges[e][0] == q && b->edges[e][1] == p);
            g_assert_cmpint (edge, ==, naive_adjacent (CELL (f, r),
                                                        CELL (other[0] - 'a', other[1] - '1')));
            g_assert_cmpint (edge, ==, (t->adj[p] >> q) & 1);
          }
        }
      g_assert_cmpfloat (b->points[p].x, >, 0.0);
      g_assert_cmpfloat (b->points[p].x, <, 1.0);
      g_assert_cmpfloat (b->points[p].y, >, 0.0);
      g_assert_cmpfloat (b->points[p].y, <, 1.0);
    }

  /* The lines are the model's mills. */
  for (guint m = 0; m < 16; m++)
    {
      gboolean found = FALSE;

      for (int g = 0; g < naive_n_groups; g++)
        {
          gboolean all = TRUE;

          for (int k = 0; k < 3; k++)
            {
              const char *name = b->point_names[b->lines[m * 3 + k]];
              int c = CELL (name[0] - 'a', name[1] - '1');

              all &= c == naive_groups[g][0] || c == naive_groups[g][1] || c == naive_groups[g][2];
            }
          found |= all;
        }
      g_assert_true (found);
    }
}

static void
test_start (void)
{
  TafelState s;
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelOutcome outcome;

  R->init (&s);
  g_assert_cmpint (R->side_to_move (&s), ==, 0);
  g_assert_cmpuint (R->ply (&s), ==, 0);
  g_assert_cmpuint (R->legal_moves (&s, moves), ==, 24);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  g_assert_cmpint (outcome.winner, ==, TAFEL_SIDE_NONE);
}

static void
test_perft_start (void)
{
  static const guint64 expected[] = { 1, 24, 552, 12144, 255024, 5140800 };
  TafelState s;
  Naive n;

  R->init (&s);
  naive_from_state (&s, &n);

  for (guint depth = 0; depth < G_N_ELEMENTS (expected); depth++)
    {
      guint64 fast = R->perft (&s, depth);
      guint64 slow = naive_perft (&n, depth);

      g_test_message ("perft %u: %" G_GUINT64_FORMAT, depth, fast);
      g_assert_cmpuint (fast, ==, slow);
      g_assert_cmpuint (fast, ==, expected[depth]);
    }
}

/* Random positions from seeded games: the engine's move lists and perft
 * agree with the model, make/unmake restore state and hash, and every move
 * survives notation round trips. */
static void
test_random_games (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240601);
  guint n_games = g_test_quick () ? 400 : 3000;
  guint perft_checks = 0;

  for (guint game = 0; game < n_games; game++)
    {
      TafelState s;
      TafelMove moves[TAFEL_MAX_MOVES];
      g_autoptr (GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));

      R->init (&s);
      for (guint step = 0; step < 300; step++)
        {
          TafelState before = s;
          TafelUndo undo;
          TafelOutcome outcome;
          TafelHistory history = { (const guint64 *) hashes->data, hashes->len };
          guint n = R->legal_moves (&s, moves);
          guint64 h;

          if (game < 150)
            assert_same_moves (&s);
          if (game < 40 && step % 7 == 3)
            {
              Naive model;

              naive_from_state (&s, &model);
              g_assert_cmpuint (R->perft (&s, 3), ==, naive_perft (&model, 3));
              perft_checks++;
            }

          R->outcome (&s, &history, &outcome);
          if (n == 0)
            {
              g_assert_cmpint (outcome.status, !=, TAFEL_STATUS_RUNNING);
              break;
            }
          if (outcome.status != TAFEL_STATUS_RUNNING)
            break;   /* a repetition draw */

          for (guint i = 0; i < n; i++)
            {
              g_autofree char *text = tafel_rules_format_move (R, &s, &moves[i]);
              TafelMove back = parse_one (&s, text);

              g_assert_true (tafel_move_equal (&back, &moves[i]));
              g_assert_cmpuint (moves[i].len, >=, 1);
              g_assert_cmpuint (moves[i].len, <=, TAFEL_MAX_PATH);

              /* The removal as a token of its own. */
              if (strchr (text, 'x') != NULL)
                {
                  g_autofree char *split = g_strdup (text);
                  g_autofree char *spaced = NULL;
                  char *x = strchr (split, 'x');

                  *x = '\0';
                  spaced = g_strdup_printf ("%s  x%s", split, x + 1);
                  back = parse_one (&s, spaced);
                  g_assert_true (tafel_move_equal (&back, &moves[i]));
                }

              R->make (&s, &moves[i], &undo);
              g_assert_cmpuint (R->hash (&s), ==, tafel_mill_compute_key (TAFEL_MILL_CSTATE (&s)));
              g_assert_cmpuint (R->ply (&s), ==, R->ply (&before) + 1);
              g_assert_cmpint (R->side_to_move (&s), ==, 1 - R->side_to_move (&before));
              R->unmake (&s, &moves[i], &undo);
              g_assert_cmpmem (s.bytes, sizeof s.bytes, before.bytes, sizeof before.bytes);
            }

          h = R->hash (&s);
          g_array_append_val (hashes, h);
          R->make (&s, &moves[g_rand_int_range (rand, 0, n)], &undo);
        }
    }
  g_test_message ("%u perft comparisons", perft_checks);
}

/* When all the opponent's stones stand in mills, any may be removed. */
static void
test_all_in_mills (void)
{
  TafelState s;

  /* c3 closes c3 d3 e3; Black's six stones form two mills. */
  build (&s, "d3 e3 b2 f2", "a7 d7 g7 a1 d1 g1", 5, 3, 0);
  g_assert_cmpuint (count_with_prefix (&s, "c3x"), ==, 6);
  g_assert_true (has_move (&s, "c3xa7"));
  g_assert_false (has_move (&s, "c3"));

  /* One black stone outside the mill: only it may be removed. */
  build (&s, "d3 e3 b2 f2", "a7 d7 g7 b4", 5, 5, 0);
  g_assert_cmpuint (count_with_prefix (&s, "c3x"), ==, 1);
  g_assert_true (has_move (&s, "c3xb4"));
  g_assert_false (has_move (&s, "c3xa7"));

  /* The same rule when the mill is closed by a move. */
  build (&s, "c4 e3 d3 b2 f4", "a7 d7 g7 a1 d1 g1", 0, 0, 0);
  g_assert_true (has_move (&s, "c4-c3xg1"));
  g_assert_cmpuint (count_with_prefix (&s, "c4-c3x"), ==, 6);
  g_assert_cmpuint (count_with_prefix (&s, "b2-"), ==, 2);   /* b4, d2 */
  assert_same_moves (&s);
}

/* Closing two mills at once still removes exactly one stone.  (Only a
 * placement can do it: a sliding stone always leaves one of the two mills
 * of its target, and three flying stones make one mill at most.) */
static void
test_double_mill (void)
{
  TafelState s, after;
  TafelUndo undo;
  TafelMove move;

  build (&s, "d1 g1 a4 a7", "b4 c4 e4 g4", 5, 5, 0);
  g_assert_cmpuint (count_with_prefix (&s, "a1"), ==, 4);   /* one per removal */
  g_assert_cmpuint (count_with_prefix (&s, "a1xb4"), ==, 1);
  move = parse_one (&s, "a1xb4");
  g_assert_true (tafel_rules_is_legal (R, &s, &move));
  after = s;
  R->make (&after, &move, &undo);
  g_assert_cmpuint (__builtin_popcount (TAFEL_MILL_CSTATE (&after)->stones[1]), ==, 3);
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&after)->hand[1], ==, 5);
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&after)->hand[0], ==, 4);
  assert_same_moves (&s);
}

/* Flying at exactly three stones, for that side only. */
static void
test_flying (void)
{
  TafelState s;

  build (&s, "a1 d7 g4", "b2 b4 b6 d2 f2 f4", 0, 0, 0);
  /* White flies: every stone to every empty point. */
  g_assert_cmpuint (count_with_prefix (&s, "a1-"), ==, 24 - 9);
  g_assert_true (has_move (&s, "a1-e5"));
  g_assert_true (has_move (&s, "g4-c3"));

  /* Black, with six stones, only slides. */
  build (&s, "a1 d7 g4", "b2 b4 b6 d2 f2 f4", 0, 0, 1);
  g_assert_false (has_move (&s, "b2-e5"));
  g_assert_true (has_move (&s, "f4-e4"));
  g_assert_cmpuint (count_with_prefix (&s, "b4-"), ==, 2);   /* a4, c4 */
  assert_same_moves (&s);

  /* Four stones: no flying. */
  build (&s, "a1 d7 g4 e3", "b2 b4 b6 d2 f2 f4", 0, 0, 0);
  g_assert_false (has_move (&s, "a1-e5"));
}

/* A side to move that cannot move loses; a side with stones in hand never
 * counts as blocked. */
static void
test_blocked (void)
{
  TafelState s;
  TafelOutcome outcome;
  TafelMove moves[TAFEL_MAX_MOVES];

  /* White a1 a4 a7 d7 ... boxed in: a1 (d1 black), a4 (b4 black),
   * a7 (d7 white), d7 (g7 black, d6 black). */
  build (&s, "a1 a4 a7 d7", "d1 b4 g7 d6 g1", 0, 0, 0);
  g_assert_cmpuint (R->legal_moves (&s, moves), ==, 0);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
  g_assert_cmpint (outcome.winner, ==, 1);

  /* The same stones with Black to move: running. */
  build (&s, "a1 a4 a7 d7", "d1 b4 g7 d6 g1", 0, 0, 1);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);

  /* Three stones fly: never blocked. */
  build (&s, "a1 a4 d7", "d1 b4 g7 d6 a7", 0, 0, 0);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  g_assert_cmpuint (R->legal_moves (&s, moves), >, 0);
}

/* A removal that leaves the opponent with two stones wins. */
static void
test_winning_removal (void)
{
  TafelState s;
  TafelUndo undo;
  TafelOutcome outcome;
  TafelMove move;

  build (&s, "a1 d1 g4 b6", "c3 e5 f6", 0, 0, 0);
  move = parse_one (&s, "g4-g1xc3");
  g_assert_true (tafel_rules_is_legal (R, &s, &move));
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  R->make (&s, &move, &undo);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
  g_assert_cmpint (outcome.winner, ==, 0);
  g_assert_cmpuint (R->legal_moves (&s, &move), ==, 0);
  g_assert_cmpuint (R->perft (&s, 1), ==, 0);

  /* Stones in hand count: 2 on the board + 1 in hand is still playing. */
  build (&s, "a1 d1", "c3 e5", 1, 1, 0);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  build (&s, "a1 d1", "c3 e5", 1, 0, 0);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_WON);
  g_assert_cmpint (outcome.winner, ==, 0);
}

/* The third occurrence of a position is a draw; only with the history. */
static void
test_repetition (void)
{
  static const char *const shuffle[] = { "a1-a4", "g7-g4", "a4-a1", "g4-g7" };
  g_autoptr (GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  TafelState s;
  TafelOutcome outcome;
  TafelMove moves[TAFEL_MAX_MOVES];
  guint occurrences = 1;

  build (&s, "a1 d2 f4 c5", "g7 b4 e3 d6", 0, 0, 0);
  for (guint i = 0; i < 8; i++)
    {
      TafelMove move = parse_one (&s, shuffle[i % 4]);
      TafelUndo undo;
      TafelHistory history;
      guint64 h = R->hash (&s);

      g_assert_true (tafel_rules_is_legal (R, &s, &move));
      g_array_append_val (hashes, h);
      R->make (&s, &move, &undo);
      history = (TafelHistory) { (const guint64 *) hashes->data, hashes->len };
      R->outcome (&s, &history, &outcome);
      if (i % 4 == 3)
        occurrences++;
      if (occurrences == 3)
        {
          g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_DRAWN);
          g_assert_cmpint (outcome.winner, ==, TAFEL_SIDE_NONE);
        }
      else
        g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
    }
  g_assert_cmpuint (occurrences, ==, 3);

  /* Without history the state alone is still running. */
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  g_assert_cmpuint (R->legal_moves (&s, moves), >, 0);

  /* Positions before the last placement or removal do not count: the
   * clock limits the span searched. */
  TAFEL_MILL_STATE (&s)->clock = 3;
  {
    TafelHistory history = { (const guint64 *) hashes->data, hashes->len };

    R->outcome (&s, &history, &outcome);
    g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
  }
}

/* 100 half-moves without a placement or removal draw. */
static void
test_hundred (void)
{
  TafelState s;
  TafelUndo undo;
  TafelOutcome outcome;
  TafelMove move, moves[TAFEL_MAX_MOVES];
  TafelState start;

  build (&s, "a1 d2 f4 c5", "g7 b4 e3 d6", 0, 0, 0);
  TAFEL_MILL_STATE (&s)->clock = 99;
  start = s;
  move = parse_one (&s, "a1-a4");
  R->make (&s, &move, &undo);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_DRAWN);
  g_assert_cmpuint (R->legal_moves (&s, moves), ==, 0);
  R->unmake (&s, &move, &undo);
  g_assert_cmpmem (s.bytes, sizeof s.bytes, start.bytes, sizeof start.bytes);

  /* A removal on the 100th half-move resets the clock. */
  build (&s, "a1 a4 d2 f4", "g7 b4 e3 d6", 0, 0, 0);
  TAFEL_MILL_STATE (&s)->clock = 99;
  move = parse_one (&s, "a1-a7xg7");   /* not adjacent: a4 is white */
  g_assert_false (tafel_rules_is_legal (R, &s, &move));
  build (&s, "a1 a4 c5 d2 f4", "g7 b4 e3 d6", 0, 0, 0);
  TAFEL_MILL_STATE (&s)->clock = 99;
  move = parse_one (&s, "c5-d5");
  g_assert_true (tafel_rules_is_legal (R, &s, &move));
  R->make (&s, &move, &undo);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_DRAWN);

  build (&s, "a1 a4 d7 d2 f4", "g7 b4 e3 d6", 0, 0, 0);
  TAFEL_MILL_STATE (&s)->clock = 99;
  move = parse_one (&s, "d7-a7xg7");
  g_assert_true (tafel_rules_is_legal (R, &s, &move));
  R->make (&s, &move, &undo);
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&s)->clock, ==, 0);
  R->outcome (&s, NULL, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
}

static void
test_notation (void)
{
  TafelState s;
  TafelMove move;
  const char *cursor;
  g_autoptr (GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GError) error = NULL;
  static const char *const bad[] = {
    "h1", "d4", "a8", "a", "d2-", "d2-d4", "d2x", "d2xq9", "d2d3", "d2,", "x", "-d2",
  };

  /* A whole game prefix with both removal spellings. */
  g_assert_true (tafel_rules_parse_moves (R, "d2 a1 f2 a7 b2xa1 g7", &s, hashes, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hashes->len, ==, 6);
  g_assert_true (tafel_rules_parse_moves (R, "d2 a1 f2 a7 b2 xa1 g7", &s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (R->ply (&s), ==, 6);
  g_assert_cmpuint (__builtin_popcount (TAFEL_MILL_CSTATE (&s)->stones[1]), ==, 2);

  /* A mill-closing move without its removal is not legal. */
  g_assert_false (tafel_rules_parse_moves (R, "d2 a1 f2 a7 b2 g7", &s, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  /* A removal of a point without an opponent stone. */
  g_assert_false (tafel_rules_parse_moves (R, "d2 a1 f2 a7 b2xd7", &s, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  R->init (&s);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      cursor = bad[i];
      g_assert_false (R->parse_move (&s, &cursor, &move, &error));
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE);
      g_clear_error (&error);
    }

  /* Moving while stones are in hand, placing when all are placed. */
  cursor = "a1-a4";
  g_assert_false (R->parse_move (&s, &cursor, &move, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  build (&s, "a1 d2 f4 c5", "g7 b4 e3 d6", 0, 0, 0);
  cursor = "a4";
  g_assert_false (R->parse_move (&s, &cursor, &move, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  /* The cursor stops after the move (and after a separate removal). */
  R->init (&s);
  cursor = "  d2 f2";
  g_assert_true (R->parse_move (&s, &cursor, &move, NULL));
  g_assert_cmpstr (cursor, ==, " f2");
  build (&s, "a1 a4 d7 d2 f4", "g7 b4 e3 d6", 0, 0, 0);
  cursor = "d7-a7 xg7 g4";
  g_assert_true (R->parse_move (&s, &cursor, &move, NULL));
  g_assert_cmpstr (cursor, ==, " g4");
  g_assert_cmpuint (move.len, ==, 3);
  {
    g_autofree char *text = tafel_rules_format_move (R, &s, &move);
    g_assert_cmpstr (text, ==, "d7-a7xg7");
  }
}

/* ------------------------------------------------------------------ */
/* FEN */

static gboolean
fen (const char *text,
     TafelState *s,
     GError    **error)
{
  return R->parse_position (text, s, error);
}

static void
test_fen_start (void)
{
  TafelState s, start;
  g_autoptr (GError) error = NULL;

  R->init (&start);
  g_assert_true (fen ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1", &s, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (R->hash (&s), ==, R->hash (&start));
  g_assert_cmpmem (s.bytes, sizeof s.bytes, start.bytes, sizeof start.bytes);
  g_assert_true (fen ("********/********/******** w r p 0 9 0 9 0 0 0 0 0 0 0 0 1", &s, &error));
  g_assert_no_error (error);
}

static void
test_fen_positions (void)
{
  TafelState s, expect;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));

  /* After d2 d6 f4: rings inner d5.., middle d6 f6 f4 f2 d2 b2 b4 b6. */
  g_assert_true (fen ("********/@*O*O***/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2", &s, &error));
  g_assert_no_error (error);
  g_assert_true (tafel_rules_parse_moves (R, "d2 d6 f4", &expect, NULL, NULL));
  g_assert_cmpuint (R->hash (&s), ==, R->hash (&expect));
  g_assert_cmpint (R->side_to_move (&s), ==, 1);
  g_assert_cmpuint (R->ply (&s), ==, 3);

  /* A moving-phase position, white to move: white on the outer ring
   * d7 g7 g4 and inner d5 e5 e4; black middle ring all but b6, b4. */
  g_assert_true (fen ("OOO*****/@@@@@@**/OOO***** w m s 6 0 6 0 0 0 0 0 0 0 0 12 20", &s, &error));
  g_assert_no_error (error);
  build (&expect, "d5 e5 e4 d7 g7 g4", "d6 f6 f4 f2 d2 b2", 0, 0, 0);
  g_assert_cmpuint (R->hash (&s), ==, R->hash (&expect));
  g_assert_cmpuint (TAFEL_MILL_CSTATE (&s)->clock, ==, 12);
  g_assert_cmpuint (R->ply (&s), ==, 38);
  assert_same_moves (&s);

  /* Black flying with three stones. */
  g_assert_true (fen ("@*******/********/O*O*@*O@ b m s 3 0 3 0 0 0 0 0 0 0 0 0 30", &s, &error));
  g_assert_no_error (error);
  build (&expect, "d7 g4 a4", "d5 d1 a7", 0, 0, 1);
  g_assert_cmpuint (R->hash (&s), ==, R->hash (&expect));
  assert_same_moves (&s);

  /* A pending removal: White closed a7 d7 g7 with its third stone and
   * must remove.  The only legal moves are removals, written "xa1"; then
   * Black moves. */
  g_assert_true (fen ("********/@*******/OO**@**O w p r 3 6 2 7 1 0 0 0 0 0 0 0 3", &s, &error));
  g_assert_no_error (error);
  {
    TafelMove moves[TAFEL_MAX_MOVES];
    TafelMove move;
    TafelUndo undo;
    TafelState before = s;
    guint n = R->legal_moves (&s, moves);
    g_autofree char *text = NULL;

    g_assert_cmpuint (n, ==, 2);
    g_assert_cmpuint (R->perft (&s, 1), ==, 2);
    move = parse_one (&s, "xd1");
    g_assert_true (tafel_rules_is_legal (R, &s, &move));
    text = tafel_rules_format_move (R, &s, &move);
    g_assert_cmpstr (text, ==, "xd1");
    R->make (&s, &move, &undo);
    g_assert_cmpint (R->side_to_move (&s), ==, 1);
    g_assert_cmpuint (R->ply (&s), ==, 5);
    build (&expect, "a7 d7 g7", "d6", 6, 7, 1);
    g_assert_cmpuint (R->hash (&s), ==, R->hash (&expect));
    R->unmake (&s, &move, &undo);
    g_assert_cmpmem (s.bytes, sizeof s.bytes, before.bytes, sizeof before.bytes);
    /* Placing is refused while the removal is pending. */
    {
      const char *cursor = "a1";
      g_autoptr (GError) e2 = NULL;

      g_assert_false (R->parse_move (&s, &cursor, &move, &e2));
      g_assert_error (e2, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
    }
  }
}

static void
test_fen_malformed (void)
{
  static const char *const bad[] = {
    "",
    "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0",           /* 16 fields */
    "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 7",       /* 18 fields */
    "*******/*********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* ring sizes */
    "********/********/*******X w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* bad point */
    "********-********-******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* separator */
    "********/********/******** x p p 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* side */
    "********/********/******** w q p 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* phase */
    "********/********/******** w p z 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* action */
    "********/********/******** w p p 1 9 0 9 0 0 0 0 0 0 0 0 1",         /* count vs board */
    "O*******/********/******** w p p 1 9 0 9 0 0 0 0 0 0 0 0 1",         /* 10 stones */
    "********/********/******** w p p 0 9 0 8 0 0 0 0 0 0 0 0 1",         /* hands vs side */
    "********/********/******** b p p 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* hands vs side */
    "********/********/******** w m s 0 9 0 9 0 0 0 0 0 0 0 0 1",         /* phase vs hand */
    "OOO*****/@@@*****/******** w p s 3 6 3 6 0 0 0 0 0 0 0 0 1",         /* select in placing */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 1 0 0 0 0 0 0 0 1",         /* pending vs action */
    "OOO*****/@@@*****/******** w m r 3 0 3 0 0 0 0 0 0 0 0 0 1",         /* pending vs action */
    "OOO*****/@@@*****/******** w m r 3 0 3 0 0 1 0 0 0 0 0 0 1",         /* other side pending */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 2 0 0 0 0 0 0 0 1",         /* two removals */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 5 0 0 0 0 0 1",         /* last-mill square */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 0 0 0 0 x 0 1",         /* bitmask */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 0 0 0 0 0 101 1",       /* clock */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 0 0 0 0 0 0 0",         /* move number */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 0 0 0 0 0 -1 1",        /* sign */
    "OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 0 0 0 0 99999999999999999999999 0 1",
  };
  TafelState s;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_test_message ("FEN %u: %s", i, bad[i]);
      g_assert_false (fen (bad[i], &s, &error));
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
      g_assert_nonnull (error->message);
    }

  /* The same, well-formed, is accepted: the list above is not vacuous. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_true (fen ("OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 0 0 0 0 0 0 1", &s, &error));
    g_assert_no_error (error);
    g_assert_true (fen ("OOO*****/@@@*****/******** w m s 3 0 3 0 0 0 8 9 0 0 25769803776 7 1", &s, &error));
    g_assert_no_error (error);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  R = &tafel_mill_rules;

  g_test_add_func ("/mill/board", test_board);
  g_test_add_func ("/mill/start", test_start);
  g_test_add_func ("/mill/perft-start", test_perft_start);
  g_test_add_func ("/mill/random-games", test_random_games);
  g_test_add_func ("/mill/all-in-mills", test_all_in_mills);
  g_test_add_func ("/mill/double-mill", test_double_mill);
  g_test_add_func ("/mill/flying", test_flying);
  g_test_add_func ("/mill/blocked", test_blocked);
  g_test_add_func ("/mill/winning-removal", test_winning_removal);
  g_test_add_func ("/mill/repetition", test_repetition);
  g_test_add_func ("/mill/hundred", test_hundred);
  g_test_add_func ("/mill/notation", test_notation);
  g_test_add_func ("/mill/fen-start", test_fen_start);
  g_test_add_func ("/mill/fen-positions", test_fen_positions);
  g_test_add_func ("/mill/fen-malformed", test_fen_malformed);

  return g_test_run ();
}
