/* test-review.c: the review's verdicts against a brute-force search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each game gets a model of its own here, written plainly (arrays of
 * cells, no bitboards, no tables from the engine), and a plain minimax
 * with the distance to the end, memoised.  Scores are for the side to
 * move: a win in d half-moves is 100 - d, a loss in d is -(100 - d), a
 * draw 0.  The review of random seeded games (half their moves random,
 * half optimal, so every verdict occurs) must agree with it on every
 * move: the values before and after, their distances, the verdict and
 * the set of optimal moves.
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-review.h"

#define UNKNOWN_SCORE (-128)

static const int grid_lines[8][3] = {
  { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
  { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
  { 0, 4, 8 }, { 2, 4, 6 },
};

/* The parent's score of a child with @child (one half-move further). */
static int
parent_score (int child)
{
  int s = -child;

  return s > 0 ? s - 1 : s < 0 ? s + 1 : 0;
}

static TafelValue
score_value (int  score,
             int *plies)
{
  if (score > 0)
    {
      *plies = 100 - score;
      return TAFEL_VALUE_WIN;
    }
  if (score < 0)
    {
      *plies = 100 + score;
      return TAFEL_VALUE_LOSS;
    }
  *plies = -1;
  return TAFEL_VALUE_DRAW;
}

static int
category (int score)
{
  return score > 0 ? 2 : score == 0 ? 1 : 0;
}

/* What the brute force says about one move, to compare with an entry. */
typedef struct {
  int before;            /* score for the mover before the move */
  int after;             /* the child's score (for the opponent) */
  int child_scores[9];   /* every move's child score, by notation */
  gboolean legal[9];
} Expected;

static guint verdict_seen[TAFEL_N_VERDICTS];

static void
check_entry (TafelReview    *review,
             guint           index,
             const Expected *x,
             int             played)
{
  const TafelReviewEntry *e = tafel_review_get_entry (review, index);
  int plies, mover_after = parent_score (x->after);
  int best_score = G_MININT;
  TafelVerdict verdict;
  TafelValue value;
  const TafelMove *best;
  guint n_best, n_expected = 0;

  value = score_value (x->before, &plies);
  g_assert_cmpint (e->before, ==, value);
  g_assert_cmpint (e->plies_before, ==, plies);
  value = score_value (x->after, &plies);
  g_assert_cmpint (e->after, ==, value == TAFEL_VALUE_WIN ? TAFEL_VALUE_LOSS
                                 : value == TAFEL_VALUE_LOSS ? TAFEL_VALUE_WIN : value);
  g_assert_cmpint (e->plies_after, ==, plies);
  g_assert_false (e->has_eval);

  for (int m = 0; m < 9; m++)
    if (x->legal[m])
      best_score = MAX (best_score, parent_score (x->child_scores[m]));
  g_assert_cmpint (best_score, ==, x->before);

  switch (category (x->before) - category (mover_after))
    {
    case 0:
      verdict = mover_after == best_score ? TAFEL_VERDICT_BEST : TAFEL_VERDICT_KEEPS;
      break;
    case 1:
      verdict = TAFEL_VERDICT_MISTAKE;
      break;
    default:
      verdict = TAFEL_VERDICT_BLUNDER;
      break;
    }
  g_assert_cmpint (e->verdict, ==, verdict);
  verdict_seen[verdict]++;

  best = tafel_review_get_best (review, index, &n_best);
  for (int m = 0; m < 9; m++)
    if (x->legal[m] && parent_score (x->child_scores[m]) == best_score)
      {
        gboolean found = FALSE;

        for (guint i = 0; i < n_best; i++)
          found |= best[i].path[0] == m;
        g_assert_true (found);
        n_expected++;
      }
  g_assert_cmpuint (n_best, ==, n_expected);
  g_assert_cmpint (e->move.path[0], ==, played);
}

/* A random move, or (half the time) one of the brute force's best. */
static int
pick (GRand          *rand,
      const Expected *x)
{
  int candidates[9], n = 0;
  gboolean optimal = g_rand_boolean (rand);

  for (int m = 0; m < 9; m++)
    if (x->legal[m] && (!optimal || parent_score (x->child_scores[m]) == x->before))
      candidates[n++] = m;
  g_assert_cmpint (n, >, 0);

  return candidates[g_rand_int_range (rand, 0, n)];
}

static TafelReview *
review_of (const TafelRules *rules,
           const TafelState *start,
           GArray           *moves)
{
  g_autoptr(GError) error = NULL;
  TafelReview *review = tafel_review_compute (rules, start, (const TafelMove *) moves->data,
                                              moves->len, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (review);
  g_assert_cmpuint (tafel_review_get_n_moves (review), ==, moves->len);
  return review;
}

/* ---- Tic-Tac-Toe -------------------------------------------------------- */

static signed char ttt_memo[19683];

static gboolean
grid_has_line (const int *board,
               int        who)
{
  for (int l = 0; l < 8; l++)
    if (board[grid_lines[l][0]] == who && board[grid_lines[l][1]] == who &&
        board[grid_lines[l][2]] == who)
      return TRUE;
  return FALSE;
}

/* @board: 0 empty, 1 X, 2 O; @side to move (0 X). */
static int
ttt_solve (int *board,
           int  side)
{
  int index = 0, best = G_MININT, empty = 0;

  for (int c = 0; c < 9; c++)
    index = index * 3 + board[c];
  if (ttt_memo[index] != UNKNOWN_SCORE)
    return ttt_memo[index];

  if (grid_has_line (board, 2 - side))
    best = -100;
  else
    {
      for (int c = 0; c < 9; c++)
        if (board[c] == 0)
          {
            empty++;
            board[c] = side + 1;
            best = MAX (best, parent_score (ttt_solve (board, 1 - side)));
            board[c] = 0;
          }
      if (empty == 0)
        best = 0;
    }

  ttt_memo[index] = best;
  return best;
}

static void
ttt_expect (int      *board,
            int       side,
            Expected *x)
{
  x->before = ttt_solve (board, side);
  for (int m = 0; m < 9; m++)
    {
      x->legal[m] = board[m] == 0;
      if (!x->legal[m])
        continue;
      board[m] = side + 1;
      x->child_scores[m] = ttt_solve (board, 1 - side);
      board[m] = 0;
    }
}

static void
test_tictactoe (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_TICTACTOE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1501);
  TafelState start;

  memset (ttt_memo, UNKNOWN_SCORE, sizeof ttt_memo);
  rules->init (&start);

  for (guint game = 0; game < 3000; game++)
    {
      g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
      g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Expected));
      g_autoptr(TafelReview) review = NULL;
      int board[9] = { 0 };
      int side = 0;

      while (!grid_has_line (board, 2 - side) && moves->len < 9)
        {
          Expected x;
          TafelMove move = { 1, { 0 } };
          int m;

          ttt_expect (board, side, &x);
          m = pick (rand, &x);
          x.after = x.child_scores[m];
          g_array_append_val (expected, x);
          move.path[0] = m;
          g_array_append_val (moves, move);
          board[m] = side + 1;
          side = 1 - side;
        }

      review = review_of (rules, &start, moves);
      for (guint i = 0; i < moves->len; i++)
        check_entry (review, i, &g_array_index (expected, Expected, i),
                     g_array_index (moves, TafelMove, i).path[0]);
    }
}

/* ---- Infinity ----------------------------------------------------------- */

#define INF_PLIES 60

typedef struct {
  int cells[2][4];       /* oldest first */
  int count[2];
  int ply;
} Inf;

static signed char *inf_memo;   /* by ply and both sides' ordered stones */

static int
inf_code (const int *cells,
          int        count)
{
  int code = 0;

  for (int i = 0; i < count; i++)
    code = code * 10 + cells[i] + 1;
  return code;
}

static gboolean
inf_line (const int *cells,
          int        count)
{
  int board[9] = { 0 };

  for (int i = 0; i < count; i++)
    board[cells[i]] = 1;
  return grid_has_line (board, 1);
}

static gboolean
inf_free (const Inf *g,
          int        cell)
{
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < g->count[s]; i++)
      if (g->cells[s][i] == cell)
        return FALSE;
  return TRUE;
}

/* Plays @cell; returns TRUE when the mover made a line (and wins). */
static gboolean
inf_play (Inf *g,
          int  cell)
{
  int side = g->ply & 1;

  g->cells[side][g->count[side]++] = cell;
  g->ply++;
  if (inf_line (g->cells[side], g->count[side]))
    return TRUE;
  if (g->count[side] == 4)
    {
      memmove (g->cells[side], g->cells[side] + 1, 3 * sizeof (int));
      g->count[side] = 3;
    }
  return FALSE;
}

/* The score of a running position (no line on the board, ply < 60). */
static int
inf_solve (const Inf *g)
{
  gsize index = ((gsize) g->ply * 1000 + inf_code (g->cells[0], g->count[0])) * 1000
                + inf_code (g->cells[1], g->count[1]);
  int best = G_MININT;

  if (inf_memo[index] != UNKNOWN_SCORE)
    return inf_memo[index];

  for (int c = 0; c < 9; c++)
    {
      Inf child = *g;
      int score;

      if (!inf_free (g, c))
        continue;
      if (inf_play (&child, c))
        score = -100;
      else if (child.ply >= INF_PLIES)
        score = 0;
      else
        score = inf_solve (&child);
      best = MAX (best, parent_score (score));
    }

  inf_memo[index] = best;
  return best;
}

static void
test_infinity (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_INFINITY);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1502);
  guint draws_by_limit = 0;
  TafelState start;

  inf_memo = g_malloc ((gsize) (INF_PLIES + 1) * 1000 * 1000);
  memset (inf_memo, UNKNOWN_SCORE, (gsize) (INF_PLIES + 1) * 1000 * 1000);
  rules->init (&start);

  for (guint game = 0; game < 2000; game++)
    {
      g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
      g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Expected));
      g_autoptr(TafelReview) review = NULL;
      /* Some games run long, so they meet the 60-move limit. */
      gboolean long_game = game % 4 == 0;
      Inf g = { 0 };
      gboolean over = FALSE;

      while (!over && g.ply < INF_PLIES)
        {
          Expected x = { 0 };
          TafelMove move = { 1, { 0 } };
          int m;

          x.before = inf_solve (&g);
          for (int c = 0; c < 9; c++)
            {
              Inf child = g;

              x.legal[c] = inf_free (&g, c);
              if (!x.legal[c])
                continue;
              x.child_scores[c] = inf_play (&child, c) ? -100
                                  : child.ply >= INF_PLIES ? 0 : inf_solve (&child);
            }
          m = -1;
          if (long_game && g.ply < 57)
            {
              int candidates[9], n = 0;

              /* No line made, though one may be there: the game runs on
               * into the last plies before the limit. */
              for (int c = 0; c < 9; c++)
                if (x.legal[c] && x.child_scores[c] != -100)
                  candidates[n++] = c;
              if (n > 0)
                m = candidates[g_rand_int_range (rand, 0, n)];
            }
          if (m < 0)
            m = pick (rand, &x);
          x.after = x.child_scores[m];
          g_array_append_val (expected, x);
          move.path[0] = m;
          g_array_append_val (moves, move);
          over = inf_play (&g, m);
        }
      draws_by_limit += !over;

      review = review_of (rules, &start, moves);
      for (guint i = 0; i < moves->len; i++)
        check_entry (review, i, &g_array_index (expected, Expected, i),
                     g_array_index (moves, TafelMove, i).path[0]);
    }

  /* The 60-half-move limit was reached, so its draws were checked too. */
  g_assert_cmpuint (draws_by_limit, >, 50);
  g_clear_pointer (&inf_memo, g_free);
}

/* ---- Connect Four near the end ------------------------------------------ */

#define C4_W 7
#define C4_H 6

typedef struct {
  int cell[C4_W][C4_H];    /* 0 empty, 1 Red, 2 Yellow; row 0 at the bottom */
  int height[C4_W];
  int stones;
} C4;

typedef struct {
  guint64 occupied, red;
} C4Key;

static guint
c4_key_hash (gconstpointer p)
{
  const C4Key *k = p;

  return g_int64_hash (&k->occupied) * 31 + g_int64_hash (&k->red);
}

static gboolean
c4_key_equal (gconstpointer a,
              gconstpointer b)
{
  return memcmp (a, b, sizeof (C4Key)) == 0;
}

static GHashTable *c4_memo;

static gboolean
c4_wins_at (const C4 *g,
            int       col,
            int       row)
{
  static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  int who = g->cell[col][row];

  for (int d = 0; d < 4; d++)
    {
      int run = 1;

      for (int sign = -1; sign <= 1; sign += 2)
        for (int k = 1; k < 4; k++)
          {
            int c = col + sign * k * dirs[d][0], r = row + sign * k * dirs[d][1];

            if (c < 0 || c >= C4_W || r < 0 || r >= C4_H || g->cell[c][r] != who)
              break;
            run++;
          }
      if (run >= 4)
        return TRUE;
    }
  return FALSE;
}

/* Drops a disc; TRUE when it makes four. */
static gboolean
c4_play (C4  *g,
         int  col)
{
  int row = g->height[col]++;

  g->cell[col][row] = 1 + (g->stones++ & 1);
  return c4_wins_at (g, col, row);
}

/* The score of a running position. */
static int
c4_solve (const C4 *g)
{
  C4Key key = { 0, 0 };
  int best = G_MININT;
  gpointer found;

  for (int c = 0; c < C4_W; c++)
    for (int r = 0; r < C4_H; r++)
      if (g->cell[c][r] != 0)
        {
          key.occupied |= G_GUINT64_CONSTANT (1) << (c * C4_H + r);
          if (g->cell[c][r] == 1)
            key.red |= G_GUINT64_CONSTANT (1) << (c * C4_H + r);
        }
  if (g_hash_table_lookup_extended (c4_memo, &key, NULL, &found))
    return GPOINTER_TO_INT (found);

  for (int c = 0; c < C4_W; c++)
    {
      C4 child = *g;
      int score;

      if (g->height[c] == C4_H)
        continue;
      if (c4_play (&child, c))
        score = -100;
      else if (child.stones == C4_W * C4_H)
        score = 0;
      else
        score = c4_solve (&child);
      best = MAX (best, parent_score (score));
    }

  g_hash_table_insert (c4_memo, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (best));
  return best;
}

static void
test_connect_four (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_CONNECT_FOUR);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1503);
  guint games = 0;
  gboolean sentence_checked = FALSE;

  c4_memo = g_hash_table_new_full (c4_key_hash, c4_key_equal, g_free, NULL);

  while (games < 150)
    {
      g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (TafelMove));
      g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Expected));
      g_autoptr(TafelReview) review = NULL;
      C4 g = { 0 };
      TafelState start;
      TafelUndo undo;
      gboolean over = FALSE;

      /* A random opening of 32 discs that has not ended. */
      rules->init (&start);
      while (!over && g.stones < 32)
        {
          int col = g_rand_int_range (rand, 0, C4_W);
          TafelMove move = { 1, { col } };

          if (g.height[col] == C4_H)
            continue;
          over = c4_play (&g, col);
          rules->make (&start, &move, &undo);
        }
      if (over)
        continue;
      games++;

      while (!over && g.stones < C4_W * C4_H)
        {
          Expected x = { 0 };
          TafelMove move = { 1, { 0 } };
          int m;

          x.before = c4_solve (&g);
          for (int c = 0; c < C4_W; c++)
            {
              C4 child = g;

              x.legal[c] = g.height[c] < C4_H;
              if (!x.legal[c])
                continue;
              x.child_scores[c] = c4_play (&child, c) ? -100
                                  : child.stones == C4_W * C4_H ? 0 : c4_solve (&child);
            }
          m = pick (rand, &x);
          x.after = x.child_scores[m];
          g_array_append_val (expected, x);
          move.path[0] = m;
          g_array_append_val (moves, move);
          over = c4_play (&g, m);
        }

      review = review_of (rules, &start, moves);
      for (guint i = 0; i < moves->len; i++)
        {
          const TafelReviewEntry *e = tafel_review_get_entry (review, i);

          check_entry (review, i, &g_array_index (expected, Expected, i),
                       g_array_index (moves, TafelMove, i).path[0]);

          /* "Here column 4 still won; column 2 lets Yellow win." */
          if (e->verdict == TAFEL_VERDICT_BLUNDER && e->side == 0 && !sentence_checked)
            {
              g_autofree char *sentence = tafel_review_describe (review, i);
              g_autofree char *played = g_strdup_printf ("; column %d lets Yellow win.",
                                                         e->move.path[0] + 1);
              guint n_best;
              const TafelMove *best = tafel_review_get_best (review, i, &n_best);
              g_autofree char *first = g_strdup_printf ("Here column %d", best[0].path[0] + 1);

              g_assert_true (g_str_has_prefix (sentence, first));
              g_assert_true (g_str_has_suffix (sentence, played));
              g_assert_nonnull (strstr (sentence, " still won"));
              sentence_checked = TRUE;
            }
        }
    }

  g_assert_true (sentence_checked);
  g_clear_pointer (&c4_memo, g_hash_table_unref);
}

/* Every verdict of exact values occurred in the games above. */
static void
test_all_verdicts_seen (void)
{
  for (guint v = TAFEL_VERDICT_BEST; v <= TAFEL_VERDICT_BLUNDER; v++)
    g_assert_cmpuint (verdict_seen[v], >, 100);
}

/* ---- the summary and the sentences -------------------------------------- */

static TafelReview *
review_text (TafelGame   game,
             const char *text)
{
  g_autoptr(TafelGameRecord) record = tafel_game_record_parse (text, -1, game, NULL);

  g_assert_nonnull (record);
  return tafel_review_compute_record (record, NULL, NULL);
}

static void
test_summary (void)
{
  /* X takes the centre (best: a draw), O an edge (loses: a mistake). */
  g_autoptr(TafelReview) review = review_text (TAFEL_GAME_TICTACTOE, "52137");
  const TafelReviewSummary *x = tafel_review_get_summary (review, 0);
  const TafelReviewSummary *o = tafel_review_get_summary (review, 1);
  guint total = 0;

  for (guint v = 0; v < TAFEL_N_VERDICTS; v++)
    total += x->counts[v] + o->counts[v];
  g_assert_cmpuint (total, ==, 5);

  /* 5 is best (draw); O's edge 2 loses: a mistake, the result changed hands there. */
  g_assert_cmpint (tafel_review_get_entry (review, 0)->verdict, ==, TAFEL_VERDICT_BEST);
  g_assert_cmpint (tafel_review_get_entry (review, 1)->verdict, ==, TAFEL_VERDICT_MISTAKE);
  g_assert_cmpuint (o->counts[TAFEL_VERDICT_MISTAKE], ==, 1);
  g_assert_cmpuint (o->turning_ply, ==, 2);
  g_assert_cmpuint (tafel_review_get_decisive_ply (review), >=, 2);
  {
    g_autofree char *sentence = tafel_review_describe (review, 1);

    g_assert_nonnull (strstr (sentence, "still drew; cell 2 lets X win."));
  }
  g_assert_null (tafel_review_describe (review, 0));
  {
    g_autofree char *o_line = tafel_review_summarize (review, 1);
    g_autofree char *x_line = tafel_review_summarize (review, 0);

    /* O's second half-move is move 1 of the list, its edge. */
    g_assert_true (g_str_has_prefix (o_line, "O: 1 move that keeps the value, 1 mistake; "));
    g_assert_true (g_str_has_suffix (o_line, "with move 1 (cell 2) the result slipped away."));
    g_assert_true (g_str_has_prefix (x_line, "X: 2 best moves, 1 move that keeps the value"));
  }
}

/* A search's opinion is never called exact. */
static void
test_mill_inexact (void)
{
  g_autoptr(TafelReview) review = review_text (TAFEL_GAME_MILL, "d6 f4 d2");

  for (guint i = 0; i < tafel_review_get_n_moves (review); i++)
    {
      const TafelReviewEntry *e = tafel_review_get_entry (review, i);

      g_assert_true (e->verdict == TAFEL_VERDICT_GOOD || e->verdict == TAFEL_VERDICT_DUBIOUS);
      g_assert_false (tafel_verdict_is_exact (e->verdict));
      g_assert_cmpint (e->before, ==, TAFEL_VALUE_UNKNOWN);
      g_assert_cmpint (e->after, ==, TAFEL_VALUE_UNKNOWN);
      g_assert_true (e->has_eval);
    }
}

/* ---- on a worker thread ------------------------------------------------- */

typedef struct {
  GMainLoop *loop;
  GThread *main_thread;
  guint reports, last_done, total;
  gboolean destroyed;
  TafelReview *review;
  GError *error;
} AsyncState;

static void
on_progress (guint    done,
             guint    total,
             gpointer data)
{
  AsyncState *s = data;

  g_assert_true (g_thread_self () == s->main_thread);
  g_assert_cmpuint (done, >=, s->last_done);
  s->reports++;
  s->last_done = done;
  s->total = total;
}

static void
on_destroy (gpointer data)
{
  ((AsyncState *) data)->destroyed = TRUE;
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  AsyncState *s = data;

  g_assert_true (g_thread_self () == s->main_thread);
  s->review = tafel_review_compute_finish (result, &s->error);
  g_main_loop_quit (s->loop);
}

static void
test_async (void)
{
  g_autoptr(TafelGameRecord) record = tafel_game_record_parse ("1234", -1, TAFEL_GAME_INFINITY, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncState s = { g_main_loop_new (NULL, FALSE), g_thread_self () };
  g_autoptr(TafelReview) sync = tafel_review_compute_record (record, NULL, NULL);

  tafel_review_compute_async (record, NULL, on_progress, &s, on_destroy, on_done, &s);
  g_main_loop_run (s.loop);
  g_assert_no_error (s.error);
  g_assert_nonnull (s.review);
  /* Reports come in order and end at the total; the destroy notify ran
   * once the last report was delivered. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (s.reports, ==, 5);
  g_assert_cmpuint (s.last_done, ==, 4);
  g_assert_cmpuint (s.total, ==, 4);
  g_assert_true (s.destroyed);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (tafel_review_get_entry (s.review, i)->verdict, ==,
                     tafel_review_get_entry (sync, i)->verdict);
  g_clear_object (&s.review);

  /* Cancelled: an error, no result, no more reports. */
  s.reports = 0;
  s.destroyed = FALSE;
  g_cancellable_cancel (cancellable);
  tafel_review_compute_async (record, cancellable, on_progress, &s, on_destroy, on_done, &s);
  g_main_loop_run (s.loop);
  g_assert_error (s.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (s.review);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (s.reports, ==, 0);
  g_assert_true (s.destroyed);
  g_clear_error (&s.error);
  g_main_loop_unref (s.loop);
}

/* An illegal list fails before any analysis, naming the move. */
static void
test_illegal (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_TICTACTOE);
  TafelMove moves[3] = { { 1, { 4 } }, { 1, { 0 } }, { 1, { 4 } } };
  g_autoptr(GError) error = NULL;
  TafelState start;

  rules->init (&start);
  g_assert_null (tafel_review_compute (rules, &start, moves, 3, NULL, NULL, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "Move 3 (5)"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review/tictactoe", test_tictactoe);
  g_test_add_func ("/review/infinity", test_infinity);
  g_test_add_func ("/review/connect-four", test_connect_four);
  g_test_add_func ("/review/all-verdicts-seen", test_all_verdicts_seen);
  g_test_add_func ("/review/summary", test_summary);
  g_test_add_func ("/review/mill-inexact", test_mill_inexact);
  g_test_add_func ("/review/async", test_async);
  g_test_add_func ("/review/illegal", test_illegal);

  return g_test_run ();
}
