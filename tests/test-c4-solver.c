/* test-c4-solver.c: the exact Connect Four solver, its levels and the book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "c4-test-util.h"
#include "tafel-c4-book-builder.h"
#include "tafel-c4-player.h"
#include "tafel-c4-solver.h"
#include "tafel-c4-table.h"
#include "tafel-c4-zugzwang.h"
#include "tafel-error.h"
#include "tafel-games.h"

static TafelC4Solver *solver;
/* The computer player of the level tests, kept over all of them. */
static TafelC4Player *player;

/* ---- sample of the six benchmark sets ------------------------------------ */

static void
test_sample (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = g_build_filename (TAFEL_TESTDATA, "connect-four", name, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      TafelC4Pos pos;
      const char *end;
      int expected, score;

      if (lines[i][0] == '\0')
        continue;
      g_assert_true (tafel_c4_pos_from_moves (&pos, lines[i], &end));
      expected = atoi (end);
      tafel_c4_solver_reset (solver);
      g_assert_true (tafel_c4_solver_solve (solver, &pos, NULL, &score));
      if (score != expected)
        g_error ("%s: %s scored %d", name, lines[i], score);
      n++;
    }
  g_test_message ("%s: %u positions", name, n);
  g_assert_cmpuint (n, >=, 3);
}

/* ---- an independent slow solver ----------------------------------------- */

typedef struct {
  signed char cell[7][6];          /* -1 empty, 0 / 1 side */
  int height[7];
  int moves;
} Grid;

static gboolean
grid_four_at (const Grid *g,
              int         c,
              int         r)
{
  static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  int who = g->cell[c][r];

  for (int d = 0; d < 4; d++)
    {
      int count = 1;

      for (int s = -1; s <= 1; s += 2)
        for (int k = 1; k < 4; k++)
          {
            int cc = c + s * k * dirs[d][0], rr = r + s * k * dirs[d][1];

            if (cc < 0 || cc >= 7 || rr < 0 || rr >= 6 || g->cell[cc][rr] != who)
              break;
            count++;
          }
      if (count >= 4)
        return TRUE;
    }

  return FALSE;
}

/* Plain negamax with alpha-beta: the score of the side to move. */
static int
slow_negamax (Grid *g,
              int   alpha,
              int   beta)
{
  int best = -100;

  if (g->moves == 42)
    return 0;

  for (int c = 0; c < 7; c++)
    {
      int r = g->height[c], v;

      if (r == 6)
        continue;
      g->cell[c][r] = g->moves & 1;
      g->height[c]++;
      g->moves++;
      if (grid_four_at (g, c, r))
        v = 22 - (g->moves + 1) / 2;
      else
        v = -slow_negamax (g, -beta, -MAX (alpha, best));
      g->moves--;
      g->height[c]--;
      g->cell[c][r] = -1;
      best = MAX (best, v);
      if (best >= beta)
        break;
    }

  return best;
}

static void
grid_from_moves (Grid       *g,
                 const char *moves)
{
  memset (g->cell, -1, sizeof g->cell);
  memset (g->height, 0, sizeof g->height);
  g->moves = 0;
  for (const char *m = moves; *m; m++)
    {
      int c = *m - '1';

      g->cell[c][g->height[c]++] = g->moves++ & 1;
    }
}

static void
test_slow_solver (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  guint checked = 0;

  while (checked < 150)
    {
      g_autoptr(GString) moves = g_string_new (NULL);
      TafelC4Pos pos = { 0 };
      guint target = g_rand_int_range (rand, 31, 38);
      int score, slow;
      Grid grid;

      /* A random running position with few empty cells. */
      while (pos.moves < target && !tafel_c4_pos_is_over (&pos))
        {
          int col = g_rand_int_range (rand, 0, 7);

          if (!tafel_c4_can_play (&pos, col))
            continue;
          tafel_c4_play_col (&pos, col);
          g_string_append_c (moves, '1' + col);
        }
      if (tafel_c4_pos_is_over (&pos))
        continue;

      grid_from_moves (&grid, moves->str);
      slow = slow_negamax (&grid, -100, 100);
      tafel_c4_solver_reset (solver);
      g_assert_true (tafel_c4_solver_solve (solver, &pos, NULL, &score));
      if (score != slow)
        g_error ("%s: solver %d, slow solver %d", moves->str, score, slow);
      checked++;
    }
}

/* ---- zugzwang bounds ------------------------------------------------------ */

/* The strategies of tafel-c4-zugzwang.c never claim more than the slow
 * solver finds, and each of them applies in a fair share of random
 * positions near the end. */
static void
test_zugzwang (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (777);
  guint claimeven_upper = 0, claimeven_lower = 0, odd_threat = 0, tight = 0;

  /* Random games that are still running after 30-37 stones. */
  for (guint tries = 0; tries < 20000 && claimeven_upper + claimeven_lower + odd_threat < 600; tries++)
    {
      g_autoptr(GString) moves = g_string_new (NULL);
      TafelC4Pos pos = { 0 };
      guint target = g_rand_int_range (rand, 30, 38);
      int bound, slow;
      gboolean upper;
      Grid grid;

      /* Neither side throws the game away at once. */
      while (pos.moves < target && !tafel_c4_can_win_now (&pos))
        {
          guint64 opp_win, safe = tafel_c4_non_losing_moves (&pos, &opp_win);
          int col = g_rand_int_range (rand, 0, 7);

          if (safe == 0)
            break;
          if ((safe & tafel_c4_column_mask (col)) == 0)
            continue;
          tafel_c4_play_col (&pos, col);
          g_string_append_c (moves, '1' + col);
        }
      if (pos.moves < target || tafel_c4_can_win_now (&pos))
        continue;

      if (tafel_c4_zugzwang_lower (&pos, &bound))
        upper = FALSE, claimeven_lower++;
      else if (tafel_c4_zugzwang_upper (&pos, &bound))
        {
          upper = TRUE;
          if (pos.moves & 1)
            odd_threat++;
          else
            claimeven_upper++;
        }
      else
        continue;

      grid_from_moves (&grid, moves->str);
      slow = slow_negamax (&grid, -100, 100);
      if (upper ? slow > bound : slow < bound)
        g_error ("%s: score %d, %s bound %d", moves->str, slow,
                 upper ? "upper" : "lower", bound);
      tight += slow == bound;
    }

  g_test_message ("claimeven: %u upper, %u lower bounds; odd threats: %u; %u tight",
                  claimeven_upper, claimeven_lower, odd_threat, tight);
  g_assert_cmpuint (claimeven_upper, >=, 20);
  g_assert_cmpuint (claimeven_lower, >=, 20);
  g_assert_cmpuint (odd_threat, >=, 20);
}

/* ---- analysis ------------------------------------------------------------ */

static void
test_analyze (void)
{
  static const char *const positions[] = {
    "2252576253462244111563365343671351441", "7422341735647741166133573473242566",
    "5554224333234511764415115", "52753311433677442422121",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      TafelC4Pos pos = c4_test_pos (positions[i]);
      TafelAnalysis *analysis = g_new0 (TafelAnalysis, 1);
      int scores[7], best = G_MININT;
      guint n_best = 0;

      tafel_c4_solver_reset (solver);
      g_assert_true (tafel_c4_solver_move_scores (solver, &pos, NULL, scores));
      for (int c = 0; c < 7; c++)
        best = MAX (best, scores[c]);

      g_assert_true (tafel_c4_analyze (player, &pos, analysis, NULL));
      g_assert_true (analysis->has_score);
      g_assert_cmpint (analysis->score, ==, best);
      g_assert_cmpint (analysis->value, ==,
                       best > 0 ? TAFEL_VALUE_WIN : best < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW);
      for (int c = 0; c < 7; c++)
        if (scores[c] == best)
          {
            g_assert_cmpuint (n_best, <, analysis->n_best);
            g_assert_cmpuint (analysis->best[n_best].path[0], ==, c);
            n_best++;
          }
      g_assert_cmpuint (n_best, ==, analysis->n_best);
      if (best != 0)
        {
          /* The winner's stones at the end follow from the plies. */
          int winner_stones = best > 0
                              ? (int) pos.moves / 2 + (analysis->plies + 1) / 2
                              : ((int) pos.moves + 1) / 2 + analysis->plies / 2;

          g_assert_cmpint (22 - winner_stones, ==, ABS (best));
        }
      g_free (analysis);
    }
}

/* ---- levels ------------------------------------------------------------ */

static void
test_hard_depth (void)
{
  static const char *const positions[] = { "", "4", "4453", "435" };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      TafelC4Pos pos = c4_test_pos (positions[i]);
      int best[7];
      guint n_best, depth;
      gint64 start = g_get_monotonic_time ();

      tafel_c4_heuristic_search (&pos, 10, 0, NULL, best, &n_best, &depth);
      g_test_message ("%s: depth %u in %.0f ms", positions[i], depth,
                      (g_get_monotonic_time () - start) / 1000.);
      /* The time is reported above, not asserted. */
      g_assert_cmpuint (depth, >=, 10);
      g_assert_cmpuint (n_best, >, 0);
    }
}

static void
test_levels_tactics (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  /* Every level above Relaxed takes a win in one and blocks a threat. */
  for (TafelLevel level = TAFEL_LEVEL_MEDIUM; level <= TAFEL_LEVEL_IMPOSSIBLE; level++)
    for (guint round = 0; round < 10; round++)
      {
        TafelC4Pos win = c4_test_pos ("112233"), block = c4_test_pos ("1122335");
        int col;

        col = tafel_c4_choose (player, &win, level, rand, NULL);
        if (level != TAFEL_LEVEL_MEDIUM)
          g_assert_cmpint (col, ==, 3);
        col = tafel_c4_choose (player, &block, level, rand, NULL);
        if (level != TAFEL_LEVEL_MEDIUM)
          g_assert_cmpint (col, ==, 3);
        g_assert_cmpint (col, >=, 0);
      }
}

static void
test_impossible_perfect (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  static const char *const positions[] = {
    "2252576253462244111563365343671351441", "5554224333234511764415115", "52753311433677442422121",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      TafelC4Pos pos = c4_test_pos (positions[i]), child;
      int scores[7], best = G_MININT, col;

      tafel_c4_solver_reset (solver);
      g_assert_true (tafel_c4_solver_move_scores (solver, &pos, NULL, scores));
      for (int c = 0; c < 7; c++)
        best = MAX (best, scores[c]);
      col = tafel_c4_choose (player, &pos, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL);
      g_assert_cmpint (col, >=, 0);
      g_assert_cmpint (scores[col], ==, best);
      child = pos;
      tafel_c4_play_col (&child, col);
    }
}

static void
test_ponder (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  /* Out of any book; each child takes tens of thousands of nodes. */
  TafelC4Pos pos = c4_test_pos ("274552224131661");
  guint64 before = tafel_c4_player_nodes (player), pondered;

  /* Only Impossible thinks on the opponent's time. */
  tafel_c4_ponder (player, &pos, TAFEL_LEVEL_HARD, NULL);
  g_assert_cmpuint (tafel_c4_player_nodes (player), ==, before);

  tafel_c4_ponder (player, &pos, TAFEL_LEVEL_IMPOSSIBLE, NULL);
  pondered = tafel_c4_player_nodes (player) - before;
  g_test_message ("pondering: %" G_GUINT64_FORMAT " nodes", pondered);
  g_assert_cmpuint (pondered, >, 20000);

  /* After any move of the opponent the answer is optimal and needs
   * almost no search: the table holds what the pondering found. */
  for (int col = 0; col < 7; col++)
    {
      TafelC4Pos child;
      int scores[7], best = G_MININT, answer, score;
      guint64 nodes;

      if (!tafel_c4_can_play (&pos, col) || tafel_c4_play_final (&pos, col, &child, &score))
        continue;
      tafel_c4_solver_reset (solver);
      g_assert_true (tafel_c4_solver_move_scores (solver, &child, NULL, scores));
      for (int c = 0; c < 7; c++)
        best = MAX (best, scores[c]);

      nodes = tafel_c4_player_nodes (player);
      answer = tafel_c4_choose (player, &child, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL);
      nodes = tafel_c4_player_nodes (player) - nodes;
      g_test_message ("after column %d: column %d, %" G_GUINT64_FORMAT " nodes",
                      col + 1, answer + 1, nodes);
      g_assert_cmpint (answer, >=, 0);
      g_assert_cmpint (scores[answer], ==, best);
      /* (Under valgrind the pondering may reach its time limit.) */
      if (g_getenv ("TAFEL_UNDER_VALGRIND") == NULL)
        g_assert_cmpuint (nodes, <, pondered / 50);
    }
}

static void
test_impossible_in_time (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  static const char *const positions[] = { "", "4", "44", "4453" };

  /* Without a book the exact search of the opening does not fit a
   * second: Impossible must still answer in time. */
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      TafelC4Pos pos = c4_test_pos (positions[i]);
      gint64 start = g_get_monotonic_time ();
      int col = tafel_c4_choose (player, &pos, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL);
      gint64 elapsed = g_get_monotonic_time () - start;

      /* The time is reported, not asserted (a loaded machine may be
       * slow); a search without its limit would not end here at all. */
      g_test_message ("%s: column %d in %.0f ms", positions[i], col + 1, elapsed / 1000.);
      g_assert_cmpint (col, >=, 0);
    }
}

static void
test_upper_bound (void)
{
  TafelC4Pos pos = c4_test_pos ("4444466666");
  int score, upper;

  /* Nothing is known before a search, the exact score after it. */
  tafel_c4_solver_reset (solver);
  g_assert_false (tafel_c4_solver_upper_bound (solver, &pos, &upper));
  g_assert_true (tafel_c4_solver_solve (solver, &pos, NULL, &score));
  g_assert_cmpint (score, ==, 3);
  g_assert_true (tafel_c4_solver_upper_bound (solver, &pos, &upper));
  g_assert_cmpint (upper, ==, score);

  /* A position with one move that does not lose at once (here O must
   * block at column 4) has no table entry of its own, as the search
   * plays such moves through: its bound comes from the position after
   * the forced move. */
  tafel_c4_solver_reset (solver);
  pos = c4_test_pos ("11223");
  g_assert_false (tafel_c4_solver_upper_bound (solver, &pos, &upper));
  pos = c4_test_pos ("112234");
  g_assert_true (tafel_c4_solver_solve (solver, &pos, NULL, &score));
  pos = c4_test_pos ("11223");
  g_assert_true (tafel_c4_solver_upper_bound (solver, &pos, &upper));
  g_assert_cmpint (upper, ==, -score);
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (100 * 1000);
  g_cancellable_cancel (data);
  return NULL;
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  TafelC4Pos pos = c4_test_pos ("");
  GThread *thread;
  gint64 start, elapsed;
  int col;

  /* valgrind runs one thread at a time: the search's own time limit may
   * come before the other thread gets to cancel. */
  if (g_getenv ("TAFEL_UNDER_VALGRIND") != NULL)
    {
      g_test_skip ("threads are serialised under valgrind");
      return;
    }

  /* The empty board takes the exact solver far longer than 100 ms. */
  start = g_get_monotonic_time ();
  thread = g_thread_new ("cancel", cancel_later, cancellable);
  col = tafel_c4_choose (player, &pos, TAFEL_LEVEL_IMPOSSIBLE, rand, cancellable);
  elapsed = g_get_monotonic_time () - start;
  g_thread_join (thread);
  /* How fast is a figure, not an assertion: the search gives up and says
   * so, where finishing would take far longer than this test. */
  g_test_message ("cancelled after %.1f ms", elapsed / 1000.);
  if (tafel_c4_book_get_default () == NULL)
    g_assert_cmpint (col, ==, -1);
}

/* ---- book ---------------------------------------------------------------- */

/* A book of depth 1 by hand: the scores of the empty board and of its
 * children are well known (the first player wins with its last stone
 * after 4; 3 and 5 draw; 1, 2, 6, 7 lose). */
static char *
write_small_book (void)
{
  static const int first_move[7] = { -2, -1, 0, 1, 0, -1, -2 };
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (g_get_tmp_dir (), "tafel-test-c4-XXXXXX.book", NULL);
  TafelC4Pos root = { 0 };
  guint64 e;
  int fd;

  fd = g_mkstemp (path);
  g_assert_cmpint (fd, >=, 0);
  close (fd);

  e = tafel_c4_book_entry (&root, 1);
  g_array_append_val (entries, e);
  for (int col = 0; col < 4; col++)
    {
      TafelC4Pos child = root;

      tafel_c4_play_col (&child, col);
      e = tafel_c4_book_entry (&child, -first_move[col]);
      g_array_append_val (entries, e);
    }
  {
    /* ascending */
    guint64 *v = (guint64 *) entries->data;

    for (guint i = 1; i < entries->len; i++)
      for (guint j = i; j > 0 && v[j - 1] > v[j]; j--)
        {
          guint64 t = v[j];
          v[j] = v[j - 1];
          v[j - 1] = t;
        }
  }
  g_assert_true (tafel_c4_book_write (path, 1, (const guint64 *) entries->data, entries->len, &error));
  g_assert_no_error (error);

  return path;
}

static void
assert_rejected (const char *path,
                 const char *contents,
                 gsize       len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelC4Book) book = NULL;

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  book = tafel_c4_book_load (path, &error);
  g_assert_null (book);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "book"));
  g_test_message ("rejected: %s", error->message);
}

static void
test_book (void)
{
  g_autofree char *path = write_small_book ();
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelC4Book) book = NULL;
  TafelC4Pos root = { 0 };
  gsize len;
  int score;

  book = tafel_c4_book_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (book);
  g_assert_cmpuint (tafel_c4_book_depth (book), ==, 1);
  g_assert_cmpuint (tafel_c4_book_size (book), ==, 5);
  g_assert_true (tafel_c4_book_lookup (book, &root, &score));
  g_assert_cmpint (score, ==, 1);
  for (int col = 0; col < 7; col++)
    {
      static const int expected[7] = { 2, 1, 0, -1, 0, 1, 2 };
      TafelC4Pos child = root;

      tafel_c4_play_col (&child, col);
      g_assert_true (tafel_c4_book_lookup (book, &child, &score));
      g_assert_cmpint (score, ==, expected[col]);
    }
  /* Deeper positions are not in it: the solver searches them. */
  {
    TafelC4Pos deep = c4_test_pos ("4453");

    g_assert_false (tafel_c4_book_lookup (book, &deep, &score));
  }

  /* With the book the solver answers the opening at once. */
  {
    TafelC4Solver *s = tafel_c4_solver_new (18);
    int scores[7];

    tafel_c4_solver_set_book (s, book);
    g_assert_true (tafel_c4_solver_solve (s, &root, NULL, &score));
    g_assert_cmpint (score, ==, 1);
    g_assert_true (tafel_c4_solver_move_scores (s, &root, NULL, scores));
    g_assert_cmpint (scores[3], ==, 1);
    g_assert_cmpint (scores[0], ==, -2);
    g_assert_cmpuint (tafel_c4_solver_nodes (s), <, 1000);
    tafel_c4_solver_free (s);
  }

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));

  /* Truncated */
  assert_rejected (path, contents, len - 3);
  assert_rejected (path, contents, 20);
  /* A changed score */
  contents[32 + 8] ^= 1;
  assert_rejected (path, contents, len);
  contents[32 + 8] ^= 1;
  /* A changed checksum */
  contents[24] ^= 0x40;
  assert_rejected (path, contents, len);
  contents[24] ^= 0x40;
  /* Wrong magic, wrong version */
  contents[0] = 'X';
  assert_rejected (path, contents, len);
  contents[0] = 'T';
  contents[8] = 9;
  assert_rejected (path, contents, len);
  contents[8] = 1;
  /* And back to good */
  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  {
    g_autoptr(TafelC4Book) again = tafel_c4_book_load (path, &error);

    g_assert_no_error (error);
    g_assert_nonnull (again);
  }

  /* A missing file is an I/O error. */
  g_unlink (path);
  {
    g_autoptr(TafelC4Book) none = tafel_c4_book_load (path, &error);

    g_assert_null (none);
    g_assert_nonnull (error);
  }
}

/* ---- a table that cannot be allocated ------------------------------------ */

#define MIB ((gsize) 1 << 20)

/* The engine logs structured, which g_test_expect_message() does not see
 * (GLib 2.74): these tests run in a subprocess whose output is checked,
 * with warnings not fatal there. */
static gboolean
table_subprocess (void)
{
  if (!g_test_subprocess ())
    return FALSE;
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  return TRUE;
}

/* Too little memory for the table asked for: the largest smaller one that
 * fits, with a message; the solver still solves. */
static void
test_table_fallback (void)
{
  if (table_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      TafelC4Table table;
      TafelC4Solver *s;
      TafelC4Pos pos;
      int score;

      /* 2^19 buckets take 8 MiB and the near table 2 MiB more. */
      tafel_c4_table_set_max_bytes (10 * MIB);
      g_assert_true (tafel_c4_table_init (&table, 23, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (table.bits, ==, 19);
      g_assert_cmpuint (tafel_c4_table_bytes (&table), ==, 10 * MIB);
      tafel_c4_table_free (&table);

      /* A size that fits as it is. */
      g_assert_true (tafel_c4_table_init (&table, 18, &error));
      g_assert_cmpuint (table.bits, ==, 18);
      tafel_c4_table_free (&table);

      s = tafel_c4_solver_new (TAFEL_C4_TT_BITS);
      g_assert_nonnull (s);
      g_assert_true (tafel_c4_pos_from_moves (&pos, "2252576253462244111563365343671351441",
                                              NULL));
      g_assert_true (tafel_c4_solver_solve (s, &pos, NULL, &score));
      g_assert_cmpint (score, ==, -1);     /* as in Test_L3_R1 */
      tafel_c4_solver_free (s);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  /* Once for the table, once for the solver; none for 2^18. */
  g_test_trap_assert_stderr ("*Message*table of 130 MiB could not be allocated*one of 10 MiB*"
                             "Message*table of 130 MiB could not be allocated*one of 10 MiB*");
  g_test_trap_assert_stderr_unmatched ("*could not be allocated*could not be allocated*"
                                       "could not be allocated*");
}

/* Not even the smallest table: an error, and no solver. */
static void
test_table_none (void)
{
  if (table_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      TafelC4Table table;

      tafel_c4_table_set_max_bytes (MIB);
      g_assert_false (tafel_c4_table_init (&table, 23, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM);
      g_clear_error (&error);

      g_assert_null (tafel_c4_solver_new_full (17, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM);

      g_assert_null (tafel_c4_solver_new (20));
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*WARNING*Cannot allocate even the smallest Connect Four table*");
}

/* The player without a solver (its own process: the player's solver is
 * made once): Impossible still moves, by the heuristic search, and the
 * analysis is unknown rather than wrong. */
static void
test_table_none_player (void)
{
  if (table_subprocess ())
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (1);
      TafelAnalysis analysis;
      TafelC4Pos pos;
      int col;

      /* Not in a book (the tests have none here) and no win at once. */
      g_assert_true (tafel_c4_pos_from_moves (&pos, "4453", NULL));
      tafel_c4_table_set_max_bytes (MIB);
      col = tafel_c4_choose (player, &pos, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL);
      g_assert_cmpint (col, >=, 0);
      g_assert_cmpint (col, <, TAFEL_C4_WIDTH);
      g_assert_true (tafel_c4_can_play (&pos, col));
      g_assert_false (tafel_c4_analyze (player, &pos, &analysis, NULL));
      g_assert_cmpuint (tafel_c4_player_nodes (player), ==, 0);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  /* Said once, not at every request. */
  g_test_trap_assert_stderr ("*WARNING*smallest Connect Four table*");
  g_test_trap_assert_stderr_unmatched ("*smallest Connect Four table*smallest*");
}

int
main (int    argc,
      char **argv)
{
  static const char *const sets[] = {
    "Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3",
  };
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The tests' own book, never an installed one. */
  g_setenv (TAFEL_C4_BOOK_ENV, "/nonexistent/tafel-test.book", TRUE);
  solver = tafel_c4_solver_new (20);
  player = tafel_c4_player_new ();

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *name = g_strconcat ("/c4-solver/sample/", sets[i], NULL);

      g_test_add_data_func (name, sets[i], test_sample);
    }
  g_test_add_func ("/c4-solver/slow-solver", test_slow_solver);
  g_test_add_func ("/c4-solver/zugzwang", test_zugzwang);
  g_test_add_func ("/c4-solver/analyze", test_analyze);
  g_test_add_func ("/c4-solver/hard-depth", test_hard_depth);
  g_test_add_func ("/c4-solver/levels-tactics", test_levels_tactics);
  g_test_add_func ("/c4-solver/impossible-perfect", test_impossible_perfect);
  g_test_add_func ("/c4-solver/impossible-in-time", test_impossible_in_time);
  g_test_add_func ("/c4-solver/ponder", test_ponder);
  g_test_add_func ("/c4-solver/cancel", test_cancel);
  g_test_add_func ("/c4-solver/upper-bound", test_upper_bound);
  g_test_add_func ("/c4-solver/book", test_book);
  g_test_add_func ("/c4-solver/table/fallback", test_table_fallback);
  g_test_add_func ("/c4-solver/table/none", test_table_none);
  g_test_add_func ("/c4-solver/table/none-player", test_table_none_player);

  status = g_test_run ();
  tafel_c4_player_free (player);
  tafel_c4_solver_free (solver);

  return status;
}
