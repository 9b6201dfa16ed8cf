/* test-c4-book.c: the Connect Four opening book, its lines builder and
 * Impossible's use of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One small book is built before the tests run: the lines of perfect play
 * from a position of 23 stones up to 28 stones (a fraction of a second).
 * The engine's default book is that file (TAFEL_BOOK_PATH).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "c4-test-util.h"
#include "tafel-c4-book-builder.h"
#include "tafel-c4-player.h"
#include "tafel-c4-solver.h"
#include "tafel-error.h"
#include "tafel-games.h"

/* The computer player of the tests, kept over all of them. */
static TafelC4Player *player;

#define ROOT "52753311433677442422121"
#define LINES 28
#define TT_BITS 18

static char *tmp_dir;
static char *book_path;
static char *progress_path;

static char *
tmp_file (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static void
build (const char         *out,
       const char         *progress,
       TafelC4BookLogFunc  log,
       gpointer            user_data,
       GCancellable       *cancellable,
       GError            **error)
{
  TafelC4Pos root = c4_test_pos (ROOT);

  tafel_c4_book_build (out, progress, &root, LINES, 1, TT_BITS, log, user_data,
                       cancellable, error);
}

static TafelC4Book *
load_book (const char *path)
{
  g_autoptr(GError) error = NULL;
  TafelC4Book *book = tafel_c4_book_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (book);
  return book;
}

static int
fresh_solve (const TafelC4Pos *pos)
{
  TafelC4Solver *s = tafel_c4_solver_new (17);
  int score;

  g_assert_true (tafel_c4_solver_solve (s, pos, NULL, &score));
  tafel_c4_solver_free (s);
  return score;
}

/* ---- every score is right, every position held is in the lines ------- */

/* Visits every running position from @pos up to LINES stones once. */
static void
check_scores_rec (const TafelC4Book *book,
                  const TafelC4Pos  *pos,
                  GHashTable        *seen,
                  guint             *held)
{
  guint64 key = tafel_c4_canonical_key (pos);
  int score, mirror_score;
  TafelC4Pos mirror;

  if (tafel_c4_pos_is_over (pos) || g_hash_table_contains (seen, &key))
    return;
  g_hash_table_add (seen, g_memdup2 (&key, sizeof key));

  if (tafel_c4_book_lookup (book, pos, &score))
    {
      g_assert_cmpint (score, ==, fresh_solve (pos));
      /* The mirror image shares the entry. */
      tafel_c4_pos_mirror (pos, &mirror);
      g_assert_true (tafel_c4_book_lookup (book, &mirror, &mirror_score));
      g_assert_cmpint (mirror_score, ==, score);
      (*held)++;
    }

  if (pos->moves >= LINES)
    return;
  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      TafelC4Pos child = *pos;

      if (!tafel_c4_can_play (pos, col))
        continue;
      tafel_c4_play_col (&child, col);
      check_scores_rec (book, &child, seen, held);
    }
}

static void
test_scores (void)
{
  g_autoptr(TafelC4Book) book = load_book (book_path);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  TafelC4Pos root = c4_test_pos (ROOT), deeper = c4_test_pos ("5275331143367744242"), asymmetric;
  guint64 counts[TAFEL_C4_CELLS + 1];
  guint held = 0;
  int score;

  g_assert_cmpuint (tafel_c4_book_depth (book), ==, LINES);
  tafel_c4_book_count_by_stones (book, counts);
  g_assert_cmpuint (counts[root.moves], ==, 1);
  g_assert_cmpuint (counts[root.moves - 1], ==, 0);
  g_assert_cmpuint (counts[LINES], >, 0);

  /* Every position held is reached and has its exact score. */
  check_scores_rec (book, &root, seen, &held);
  g_assert_cmpuint (held, ==, tafel_c4_book_size (book));
  g_test_message ("%u positions checked", held);

  /* Positions outside the tree are not held. */
  g_assert_false (tafel_c4_book_lookup (book, &deeper, &score));
  asymmetric = root;
  g_assert_true (tafel_c4_can_play (&asymmetric, 0));
  tafel_c4_play_col (&asymmetric, 0);
  for (int i = 0; i < 6 && !tafel_c4_pos_is_over (&asymmetric); i++)
    tafel_c4_play_col (&asymmetric, 0);
  g_assert_false (tafel_c4_book_lookup (book, &asymmetric, &score));
}

/* Every position that a perfect player of @side (0 first, 1 second)
 * meets, whatever the other side plays, has the scores of all its moves
 * in the book. */
static void
check_lines_rec (const TafelC4Book *book,
                 const TafelC4Pos  *pos,
                 guint              side,
                 GHashTable        *seen,
                 guint             *checked)
{
  guint64 key = tafel_c4_canonical_key (pos);
  int scores[TAFEL_C4_WIDTH], best = G_MININT;

  if (tafel_c4_pos_is_over (pos) || pos->moves >= LINES || tafel_c4_can_win_now (pos)
      || g_hash_table_contains (seen, &key))
    return;
  g_hash_table_add (seen, g_memdup2 (&key, sizeof key));

  if (!tafel_c4_book_move_scores (book, pos, scores))
    g_error ("a position of the lines (%u stones) is missing moves", pos->moves);
  (*checked)++;
  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    best = MAX (best, scores[col]);

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      TafelC4Pos child = *pos;

      if (scores[col] == G_MININT
          || ((pos->moves & 1) == side && scores[col] != best))
        continue;
      tafel_c4_play_col (&child, col);
      check_lines_rec (book, &child, side, seen, checked);
    }
}

static void
test_lines (void)
{
  g_autoptr(TafelC4Book) book = load_book (book_path);
  TafelC4Pos root = c4_test_pos (ROOT);
  guint total = 0;

  for (guint side = 0; side < 2; side++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                                          g_free, NULL);
      guint checked = 0;

      check_lines_rec (book, &root, side, seen, &checked);
      g_test_message ("side %u: %u positions with every move", side, checked);
      g_assert_cmpuint (checked, >, 0);
      total += checked;
    }
  g_assert_cmpuint (total, >, 50);
}

/* ---- resuming -------------------------------------------------------- */

static void
assert_same_file (const char *a,
                  const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx, ny;

  g_assert_true (g_file_get_contents (a, &x, &nx, NULL));
  g_assert_true (g_file_get_contents (b, &y, &ny, NULL));
  g_assert_cmpmem (x, nx, y, ny);
}

static void
test_resume (void)
{
  g_autofree char *text = NULL;
  g_autofree char *out = tmp_file ("resumed.book");
  g_autofree char *progress = tmp_file ("resumed.progress");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) part = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  guint n;

  g_assert_true (g_file_get_contents (progress_path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines) - 1;
  g_assert_cmpuint (n, >, 100);

  /* Stopped after half the searches, in the middle of writing a line. */
  for (guint i = 0; i < n / 2; i++)
    g_string_append_printf (part, "%s\n", lines[i]);
  g_string_append_len (part, lines[n / 2], 5);
  g_assert_true (g_file_set_contents (progress, part->str, part->len, NULL));

  build (out, progress, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_file (out, book_path);
  /* The torn line is gone and the same searches followed. */
  assert_same_file (progress, progress_path);

  /* Once more: everything is known, nothing changes. */
  build (out, progress, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_file (out, book_path);
  assert_same_file (progress, progress_path);
}

typedef struct {
  GCancellable *cancellable;
  char *when;
} CancelAt;

static void
cancel_at (const char *line,
           gpointer    user_data)
{
  CancelAt *c = user_data;

  if (g_str_has_prefix (line, c->when))
    g_cancellable_cancel (c->cancellable);
}

static void
test_cancel (void)
{
  g_autofree char *out = tmp_file ("cancelled.book");
  g_autofree char *progress = tmp_file ("cancelled.progress");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  TafelC4Pos root = c4_test_pos (ROOT);
  CancelAt c = { cancellable, g_strdup_printf ("ply %u:", root.moves + 2) };
  guint64 counts[TAFEL_C4_CELLS + 1];
  int score;

  build (out, progress, cancel_at, &c, cancellable, &error);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_CANCELLED);
  g_clear_error (&error);
  g_free (c.when);

  /* What was done is a book already: the first two plies. */
  {
    g_autoptr(TafelC4Book) partial = load_book (out);

    tafel_c4_book_count_by_stones (partial, counts);
    g_assert_cmpuint (tafel_c4_book_depth (partial), ==, root.moves + 2);
    g_assert_true (tafel_c4_book_lookup (partial, &root, &score));
    g_assert_cmpint (score, ==, fresh_solve (&root));
    g_assert_cmpuint (counts[root.moves + 1], >, 0);
  }

  build (out, progress, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_file (out, book_path);
}

static void
test_bad_progress (void)
{
  g_autofree char *out = tmp_file ("bad.book");
  g_autofree char *progress = tmp_file ("bad.progress");
  static const char *const bad[] = {
    "4432718741633 1\nnonsense\n",
    "4432718741633 1\n4432701980801 99\n",
    "4432718741633 1\n1 0\n",
    "4432718741633 1 2\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_set_contents (progress, bad[i], -1, NULL));
      build (out, progress, NULL, NULL, NULL, &error);
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
      g_assert_nonnull (strstr (error->message, "KEY SCORE"));
      g_test_message ("rejected: %s", error->message);
    }
}

/* ---- damaged files ------------------------------------------------------- */

static void
assert_rejected (const char *contents,
                 gsize       len,
                 const char *why)
{
  g_autofree char *path = tmp_file ("damaged.book");
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelC4Book) book = NULL;

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  book = tafel_c4_book_load (path, &error);
  g_assert_null (book);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  g_test_message ("rejected: %s", error->message);
  g_assert_nonnull (strstr (error->message, why));
}

static void
test_damaged (void)
{
  g_autofree char *contents = NULL;
  g_autofree char *path = tmp_file ("v1.book");
  gsize len;

  g_assert_true (g_file_get_contents (book_path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 32 + 8 * 100);

  /* A flipped bit of an entry */
  contents[32 + 8 * 50 + 2] ^= 0x10;
  assert_rejected (contents, len, "checksum");
  contents[32 + 8 * 50 + 2] ^= 0x10;
  /* Truncated, in an entry and in the header */
  assert_rejected (contents, len - 8, "truncated");
  assert_rejected (contents, len - 3, "truncated");
  assert_rejected (contents, 20, "book");
  /* Unknown versions */
  contents[8] = 3;
  assert_rejected (contents, len, "version 3");
  contents[8] = 0;
  assert_rejected (contents, len, "version 0");
  /* A depth that is not the deepest entry's */
  contents[8] = 2;
  contents[12]++;
  assert_rejected (contents, len, "depth");
  contents[12]--;
  /* Not a book */
  contents[0] = 'X';
  assert_rejected (contents, len, "book");
  contents[0] = 'T';

  /* Version 1 had the same layout. */
  contents[8] = 1;
  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  {
    g_autoptr(TafelC4Book) v1 = load_book (path);

    g_assert_cmpuint (tafel_c4_book_depth (v1), ==, LINES);
  }
}

/* ---- Impossible and the analysis from the book ---------------------------- */

/* Plays @script from @pos: '*' is the computer's move (checked to be
 * optimal, found without a search), a digit the opponent's column. */
static void
play_script (const TafelC4Book *book,
             TafelC4Pos        *pos,
             const char        *script,
             GRand             *rand,
             guint             *checked)
{
  for (const char *p = script; *p && !tafel_c4_pos_is_over (pos); p++)
    {
      int col;

      if (*p == '*')
        {
          TafelC4Solver *s = tafel_c4_solver_new (17);
          int scores[TAFEL_C4_WIDTH], best = G_MININT;

          g_assert_true (tafel_c4_solver_move_scores (s, pos, NULL, scores));
          tafel_c4_solver_free (s);
          for (int c = 0; c < TAFEL_C4_WIDTH; c++)
            best = MAX (best, scores[c]);
          for (guint round = 0; round < 4; round++)
            {
              col = tafel_c4_choose (player, pos, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL);
              g_assert_cmpint (col, >=, 0);
              g_assert_cmpint (scores[col], ==, best);
            }
          if (!tafel_c4_can_win_now (pos))
            (*checked)++;
        }
      else
        {
          col = *p - '1';
          if (!tafel_c4_can_play (pos, col))
            return;
        }
      tafel_c4_play_col (pos, col);
    }
}

/* Some move of @pos does not let the opponent win at once: finding the
 * best needs a search. */
static gboolean
needs_search (const TafelC4Pos *pos)
{
  for (int c = 0; c < TAFEL_C4_WIDTH; c++)
    {
      TafelC4Pos child = *pos;

      if (!tafel_c4_can_play (pos, c))
        continue;
      tafel_c4_play_col (&child, c);
      if (!tafel_c4_pos_is_over (&child) && !tafel_c4_can_win_now (&child))
        return TRUE;
    }

  return FALSE;
}

static void
test_choose (void)
{
  g_autoptr(TafelC4Book) book = load_book (book_path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  /* The computer as the side to move at the root and as the other one. */
  static const char *const scripts[] = {
    "*", "*1*", "*4*", "*7*5*", "*2*2*", "*6*3*",
    "1*", "3*", "4*1*", "5*5*", "7*7*", "2*6*", "6*2*",
  };
  TafelC4Pos root = c4_test_pos (ROOT);
  guint64 nodes;
  guint checked = 0;
  int col;

  g_assert_true (tafel_c4_book_get_default () != NULL);
  g_assert_cmpuint (tafel_c4_book_size (tafel_c4_book_get_default ()), ==,
                    tafel_c4_book_size (book));

  /* A position of the lines that is not expanded (LINES stones) needs a
   * search: the count of nodes shows it. */
  {
    TafelC4Pos pos = root;
    int scores[TAFEL_C4_WIDTH];

    /* A walk through expanded positions to one of LINES stones. */
    while (pos.moves < LINES)
      {
        int cols[TAFEL_C4_WIDTH], n = 0;

        g_assert_true (tafel_c4_book_move_scores (book, &pos, scores));
        for (int c = 0; c < TAFEL_C4_WIDTH; c++)
          {
            TafelC4Pos child = pos;

            if (!tafel_c4_can_play (&pos, c))
              continue;
            tafel_c4_play_col (&child, c);
            if (!tafel_c4_pos_is_over (&child) && !tafel_c4_can_win_now (&child)
                && (child.moves == LINES ? needs_search (&child)
                    : tafel_c4_book_move_scores (book, &child, scores)))
              cols[n++] = c;
          }
        if (n == 0)
          {
            pos = root;
            continue;
          }
        tafel_c4_play_col (&pos, cols[g_rand_int_range (rand, 0, n)]);
      }
    g_assert_true (tafel_c4_book_lookup (book, &pos, &col));
    g_assert_false (tafel_c4_book_move_scores (book, &pos, scores));
    nodes = tafel_c4_player_nodes (player);
    col = tafel_c4_choose (player, &pos, TAFEL_LEVEL_IMPOSSIBLE, rand, NULL);
    g_assert_cmpint (col, >=, 0);
    g_assert_cmpuint (tafel_c4_player_nodes (player), >, nodes);
  }

  /* In the book: optimal moves, and no search at all. */
  nodes = tafel_c4_player_nodes (player);
  for (guint i = 0; i < G_N_ELEMENTS (scripts); i++)
    {
      TafelC4Pos pos = root;

      play_script (book, &pos, scripts[i], rand, &checked);
    }
  g_test_message ("%u computer moves from the book", checked);
  g_assert_cmpuint (checked, >=, 10);

  /* The analysis (hint, value) of the root from the book as well. */
  {
    TafelAnalysis analysis;
    int scores[TAFEL_C4_WIDTH], best = G_MININT;
    guint n_best = 0;

    g_assert_true (tafel_c4_book_move_scores (book, &root, scores));
    for (int c = 0; c < TAFEL_C4_WIDTH; c++)
      best = MAX (best, scores[c]);
    for (int c = 0; c < TAFEL_C4_WIDTH; c++)
      n_best += scores[c] == best;
    g_assert_true (tafel_c4_analyze (player, &root, &analysis, NULL));
    g_assert_true (analysis.has_score);
    g_assert_cmpint (analysis.score, ==, fresh_solve (&root));
    g_assert_cmpint (analysis.score, ==, best);
    g_assert_cmpuint (analysis.n_best, ==, n_best);
    for (guint i = 0; i < analysis.n_best; i++)
      g_assert_cmpint (scores[analysis.best[i].path[0]], ==, best);
  }

  g_assert_cmpuint (tafel_c4_player_nodes (player), ==, nodes);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  player = tafel_c4_player_new ();

  tmp_dir = g_dir_make_tmp ("tafel-test-c4-book-XXXXXX", &error);
  g_assert_no_error (error);
  book_path = tmp_file ("lines.book");
  progress_path = tmp_file ("lines.progress");
  build (book_path, progress_path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  /* The engine's book is this one. */
  g_setenv (TAFEL_C4_BOOK_ENV, book_path, TRUE);

  g_test_add_func ("/c4-book/scores", test_scores);
  g_test_add_func ("/c4-book/lines", test_lines);
  g_test_add_func ("/c4-book/resume", test_resume);
  g_test_add_func ("/c4-book/cancel", test_cancel);
  g_test_add_func ("/c4-book/bad-progress", test_bad_progress);
  g_test_add_func ("/c4-book/damaged", test_damaged);
  g_test_add_func ("/c4-book/choose", test_choose);

  status = g_test_run ();
  tafel_c4_player_free (player);

  remove_tree (tmp_dir);
  g_free (book_path);
  g_free (progress_path);
  g_free (tmp_dir);

  return status;
}
