/* tafel-c4-player.c: the computer levels of Connect Four
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Impossible plays from the opening book when it holds the scores of
 * every move; else it asks the exact solver (tafel-c4-solver.c) first for
 * a move that keeps the score known from the position before and then
 * for an optimal one, within its time; only when both run out does the
 * strongest heuristic search choose.  The lower levels use a
 * depth-limited heuristic search over the same bitboard, with a share of
 * random moves.
 *
 * The solver and its table belong to a TafelC4Player, made when its
 * first search needs them: the process keeps nothing of its own here but
 * the opening book, read only.
 */
#include "config.h"

#include "tafel-c4-book.h"
#include "tafel-c4-player.h"
#include "tafel-c4-solver.h"
#include "tafel-games.h"

/* ---- the player and its solver ----------------------------------------- */

struct _TafelC4Player {
  TafelPlayer parent;
  TafelC4Solver *solver;   /* made at the first search; read atomically */
  gboolean failed;         /* not even the smallest table could be had */
};

TafelC4Player *
tafel_c4_player_new (void)
{
  TafelC4Player *player = g_new0 (TafelC4Player, 1);

  player->parent.rules = &tafel_connect_four_rules;
  return player;
}

void
tafel_c4_player_free (TafelC4Player *player)
{
  if (player == NULL)
    return;

  tafel_c4_solver_free (player->solver);
  g_free (player);
}

/* A test may ask while the player is thinking on another thread. */
guint64
tafel_c4_player_nodes (TafelC4Player *player)
{
  TafelC4Solver *s;

  g_return_val_if_fail (player != NULL, 0);

  s = g_atomic_pointer_get (&player->solver);
  return s != NULL ? tafel_c4_solver_nodes (s) : 0;
}

/* @player's solver, made at the first call, with no time limit; NULL
 * when not even the smallest table could be allocated (the solver said
 * so, once for the player): the player then knows only what the book
 * and the heuristic search tell. */
static TafelC4Solver *
player_solver (TafelC4Player *player)
{
  if (player->solver == NULL && !player->failed)
    {
      TafelC4Solver *s = tafel_c4_solver_new (TAFEL_C4_TT_BITS);

      if (s != NULL)
        {
          tafel_c4_solver_set_threads (s, 2);
          tafel_c4_solver_set_book (s, tafel_c4_book_get_default ());
          g_atomic_pointer_set (&player->solver, s);
        }
      player->failed = s == NULL;
    }
  if (player->solver != NULL)
    tafel_c4_solver_set_time_limit (player->solver, 0);

  return player->solver;
}

/* Whether @col (playable) at @pos leaves the opponent a score of at most
 * @bound: the book, the end of the game or one null-window search. */
static gboolean
move_holds (TafelC4Solver    *s,
            const TafelC4Pos *pos,
            int               col,
            int               bound,
            GCancellable     *cancellable,
            gboolean         *holds)
{
  TafelC4Pos child;
  gboolean greater;
  int score;

  if (tafel_c4_play_final (pos, col, &child, &score))
    *holds = -score <= bound;
  else if (tafel_c4_solver_book_score (s, &child, &score))
    *holds = score <= bound;
  else if (tafel_c4_solver_test (s, &child, bound, cancellable, &greater))
    *holds = !greater;
  else
    return FALSE;

  return TRUE;
}

/* The optimal columns of a running position and its score without a
 * search: a win with the next stone, or the book's scores of every
 * move.  Among the optimal moves the scores already prefer the fastest
 * win, the longest resistance and a draw to a loss. */
static gboolean
quick_optimal_moves (const TafelC4Pos *pos,
                     int              *score,
                     int              *best,
                     guint            *n_best)
{
  int scores[TAFEL_C4_WIDTH];
  int top = G_MININT;

  if (tafel_c4_can_win_now (pos))
    {
      guint64 wins = tafel_c4_winning_cells (pos->current, pos->mask) & tafel_c4_possible (pos);

      *n_best = 0;
      for (int col = 0; col < TAFEL_C4_WIDTH; col++)
        if (wins & tafel_c4_column_mask (col))
          best[(*n_best)++] = col;
      *score = tafel_c4_score_win_now (pos);
      return TRUE;
    }

  if (!tafel_c4_book_move_scores (tafel_c4_book_get_default (), pos, scores))
    return FALSE;

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    top = MAX (top, scores[col]);
  *n_best = 0;
  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    if (scores[col] == top)
      best[(*n_best)++] = col;
  *score = top;

  return TRUE;
}

/* Exact score of a running position: the book first, then the search. */
static gboolean
exact_score (TafelC4Solver    *s,
             const TafelC4Pos *pos,
             GCancellable     *cancellable,
             int              *score)
{
  if (tafel_c4_solver_book_score (s, pos, score))
    return TRUE;

  return tafel_c4_solver_solve (s, pos, cancellable, score);
}

/* The columns in @order after which the opponent gets at most @bound,
 * in column order in @best; stops after @max_best of them (a move choice
 * needs one, and each test of a child is a search).  FALSE when out of
 * time or cancelled. */
static gboolean
moves_holding (TafelC4Solver    *s,
               const TafelC4Pos *pos,
               const int         order[TAFEL_C4_WIDTH],
               int               bound,
               guint             max_best,
               GCancellable     *cancellable,
               int              *best,
               guint            *n_best)
{
  *n_best = 0;
  for (int i = 0; i < TAFEL_C4_WIDTH && *n_best < max_best; i++)
    {
      int col = order[i];
      gboolean holds;
      guint j;

      if (!tafel_c4_can_play (pos, col))
        continue;
      if (!move_holds (s, pos, col, bound, cancellable, &holds))
        return FALSE;
      if (!holds)
        continue;

      for (j = (*n_best)++; j > 0 && best[j - 1] > col; j--)
        best[j] = best[j - 1];
      best[j] = col;
    }

  return TRUE;
}

/* The optimal columns of a running position and its score, the columns
 * tried in the order of @order (see moves_holding()). */
static gboolean
optimal_moves (TafelC4Solver    *s,
               const TafelC4Pos *pos,
               const int         order[TAFEL_C4_WIDTH],
               guint             max_best,
               GCancellable     *cancellable,
               int              *score,
               int              *best,
               guint            *n_best)
{
  return exact_score (s, pos, cancellable, score)
         && moves_holding (s, pos, order, -*score, max_best, cancellable, best, n_best);
}

/* A lower bound on the score of @pos from what the solver already
 * knows of the positions one stone earlier: any top stone of the side
 * that just moved may have been its last, and the side to move now keeps
 * at least what that earlier position was worth to it.  When Impossible
 * solved its previous move, this is the score it expects to keep. */
static gboolean
known_lower_bound (TafelC4Solver    *s,
                   const TafelC4Pos *pos,
                   int              *lower)
{
  guint64 theirs = pos->current ^ pos->mask;
  /* A loss to the opponent's next stone, the least any position scores:
   * a bound no higher says nothing, and every move would "keep" it. */
  int least = tafel_c4_score_loss_next (pos);
  gboolean known = FALSE;

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      guint64 stones = pos->mask & tafel_c4_column_mask (col);
      TafelC4Pos parent = *pos;
      int upper;

      /* The column's top stone: the one with none above it. */
      if ((theirs & stones & ~(stones >> 1)) == 0)
        continue;
      tafel_c4_unplay_col (&parent, col);
      if (tafel_c4_solver_upper_bound (s, &parent, &upper) && -upper > least
          && (!known || -upper > *lower))
        {
          *lower = -upper;
          known = TRUE;
        }
    }

  return known;
}

gboolean
tafel_c4_analyze (TafelC4Player    *player,
                  const TafelC4Pos *pos,
                  TafelAnalysis    *analysis,
                  GCancellable     *cancellable)
{
  g_autoptr(TafelC4Player) own = NULL;
  TafelC4Solver *s;
  int best[TAFEL_C4_WIDTH];
  guint n_best = 0;
  int score;
  gboolean ok;

  analysis->value = TAFEL_VALUE_UNKNOWN;
  analysis->plies = 0;
  analysis->n_best = 0;
  analysis->has_score = FALSE;
  analysis->score = 0;
  analysis->has_eval = FALSE;
  analysis->eval = 0;

  if (tafel_c4_pos_is_over (pos))
    {
      analysis->value = pos->moves > 0 && tafel_c4_alignment (pos->current ^ pos->mask)
                        ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW;
      return TRUE;
    }

  if (!quick_optimal_moves (pos, &score, best, &n_best))
    {
      if (player == NULL)
        player = own = tafel_c4_player_new ();
      s = player_solver (player);
      if (s == NULL)
        return FALSE;
      ok = optimal_moves (s, pos, tafel_c4_centre_order, TAFEL_C4_WIDTH,
                          cancellable, &score, best, &n_best);
      if (!ok)
        return FALSE;
    }

  analysis->value = score > 0 ? TAFEL_VALUE_WIN : score < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW;
  analysis->plies = tafel_c4_score_plies (pos, score);
  analysis->has_score = TRUE;
  analysis->score = score;
  for (guint i = 0; i < n_best; i++)
    analysis->best[analysis->n_best++] = (TafelMove) { 1, { best[i] } };

  return TRUE;
}

/* Impossible's searches at @pos: first a move that keeps the score known
 * from the position before (@keeping, -1 if none; cheap: one null-window
 * test per move, at that score), then the optimal moves, up to @max_best
 * of them, the columns tried in @order.  FALSE when out of time or
 * cancelled before the optimal moves are known. */
static gboolean
impossible_search (TafelC4Solver    *s,
                   const TafelC4Pos *pos,
                   const int         order[TAFEL_C4_WIDTH],
                   guint             max_best,
                   GCancellable     *cancellable,
                   int              *keeping,
                   int              *score,
                   int              *best,
                   guint            *n_best)
{
  int lower = 0, kept[TAFEL_C4_WIDTH];
  guint n_kept;

  *keeping = -1;
  if (known_lower_bound (s, pos, &lower)
      && moves_holding (s, pos, order, -lower, max_best, cancellable, kept, &n_kept)
      && n_kept > 0)
    *keeping = kept[0];

  return optimal_moves (s, pos, order, max_best, cancellable, score, best, n_best);
}

/* ---- thinking on the opponent's time ------------------------------------ */

/* At most this long on each of the opponent's possible moves. */
#define PONDER_MS 5000

/* Impossible solves, while the opponent thinks, each position the
 * opponent's move can lead to, just as it will when asked for its answer
 * there: the player's table keeps the scores, and the answer after the
 * opponent's move mostly needs no search. */
void
tafel_c4_ponder (TafelC4Player    *player,
                 const TafelC4Pos *pos,
                 TafelLevel        level,
                 GCancellable     *cancellable)
{
  if (player == NULL || level != TAFEL_LEVEL_IMPOSSIBLE || tafel_c4_pos_is_over (pos))
    return;

  for (int i = 0; i < TAFEL_C4_WIDTH; i++)
    {
      int col = tafel_c4_centre_order[i];
      int best[TAFEL_C4_WIDTH];
      guint n_best;
      TafelC4Pos child;
      TafelC4Solver *s;
      int score, keeping;

      if (g_cancellable_is_cancelled (cancellable))
        return;
      if (!tafel_c4_can_play (pos, col)
          || tafel_c4_play_final (pos, col, &child, &score)
          || quick_optimal_moves (&child, &score, best, &n_best))
        continue;

      s = player_solver (player);
      if (s == NULL)
        return;
      tafel_c4_solver_set_time_limit (s, PONDER_MS);
      impossible_search (s, &child, tafel_c4_centre_order, TAFEL_C4_WIDTH, cancellable,
                         &keeping, &score, best, &n_best);
      tafel_c4_solver_set_time_limit (s, 0);
    }
}

/* ---- heuristic search for the lower levels ----------------------------- */

#define H_WIN 100000
#define H_INF 1000000

static guint64 h_lines[69];

static void
h_init_lines (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
      guint n = 0;

      for (guint d = 0; d < 4; d++)
        for (int col = 0; col < TAFEL_C4_WIDTH; col++)
          for (int row = 0; row < TAFEL_C4_HEIGHT; row++)
            {
              int ec = col + 3 * dirs[d][0], er = row + 3 * dirs[d][1];
              guint64 bits = 0;

              if (ec >= TAFEL_C4_WIDTH || er < 0 || er >= TAFEL_C4_HEIGHT)
                continue;
              for (int k = 0; k < 4; k++)
                bits |= tafel_c4_cell_bit (col + k * dirs[d][0], row + k * dirs[d][1]);
              h_lines[n++] = bits;
            }
      g_assert (n == G_N_ELEMENTS (h_lines));
      g_once_init_leave (&done, 1);
    }
}

/* Window counting: every four still open for one side only counts for
 * that side, more the more stones it holds; the centre column a little. */
static int
h_eval (const TafelC4Pos *p)
{
  static const int weight[5] = { 0, 1, 6, 40, 0 };
  guint64 own = p->current, opp = p->current ^ p->mask;
  guint64 centre = tafel_c4_column_mask (3);
  int score = 0;

  for (guint i = 0; i < G_N_ELEMENTS (h_lines); i++)
    {
      int a = __builtin_popcountll (own & h_lines[i]);
      int b = __builtin_popcountll (opp & h_lines[i]);

      if (b == 0)
        score += weight[a];
      else if (a == 0)
        score -= weight[b];
    }
  score += 3 * (__builtin_popcountll (own & centre) - __builtin_popcountll (opp & centre));

  return score;
}

typedef struct {
  GCancellable *cancellable;
  gint64 deadline;
  guint64 nodes;
  gboolean stop;
} HCtx;

static int
h_search (HCtx             *c,
          const TafelC4Pos *p,
          int               depth,
          int               alpha,
          int               beta,
          int               ply)
{
  guint64 opp_win, next;
  guint64 bits[TAFEL_C4_WIDTH];
  int keys[TAFEL_C4_WIDTH];
  int n = 0;

  if ((++c->nodes & 1023) == 0
      && ((c->cancellable && g_cancellable_is_cancelled (c->cancellable))
          || (c->deadline > 0 && g_get_monotonic_time () > c->deadline)))
    c->stop = TRUE;
  if (c->stop)
    return 0;

  if (tafel_c4_can_win_now (p))
    return H_WIN - ply - 1;
  next = tafel_c4_non_losing_moves (p, &opp_win);
  if (next == 0)
    return -(H_WIN - ply - 2);
  if (p->moves >= TAFEL_C4_CELLS - 1)
    return 0;
  if (depth <= 0)
    return h_eval (p);

  for (int i = 0; i < TAFEL_C4_WIDTH; i++)
    {
      guint64 move = next & tafel_c4_column_mask (tafel_c4_centre_order[i]);
      int key, j;

      if (move == 0)
        continue;
      key = __builtin_popcountll (tafel_c4_winning_cells (p->current | move, p->mask | move));
      for (j = n; j > 0 && keys[j - 1] < key; j--)
        {
          keys[j] = keys[j - 1];
          bits[j] = bits[j - 1];
        }
      keys[j] = key;
      bits[j] = move;
      n++;
    }

  for (int i = 0; i < n; i++)
    {
      TafelC4Pos child = *p;
      int v;

      tafel_c4_play_bits (&child, bits[i]);
      v = -h_search (c, &child, depth - 1, -beta, -alpha, ply + 1);
      if (c->stop)
        return 0;
      if (v > alpha)
        {
          alpha = v;
          if (alpha >= beta)
            break;
        }
    }

  return alpha;
}

int
tafel_c4_heuristic_search (const TafelC4Pos *pos,
                           guint             depth,
                           guint             max_ms,
                           GCancellable     *cancellable,
                           int              *best,
                           guint            *n_best,
                           guint            *depth_reached)
{
  HCtx c = { cancellable, max_ms ? g_get_monotonic_time () + (gint64) max_ms * 1000 : 0, 0, FALSE };
  int result = 0;
  int order[TAFEL_C4_WIDTH] = { 3, 2, 4, 1, 5, 0, 6 };

  h_init_lines ();
  *n_best = 0;
  if (depth_reached)
    *depth_reached = 0;

  for (guint d = 1; d <= MAX (depth, 1u); d++)
    {
      int values[TAFEL_C4_WIDTH];
      int b[TAFEL_C4_WIDTH];
      guint nb = 0;
      int alpha = -H_INF;

      for (int i = 0; i < TAFEL_C4_WIDTH; i++)
        {
          int col = order[i];
          TafelC4Pos child = *pos;
          int v;

          values[i] = -H_INF;
          if (!tafel_c4_can_play (pos, col))
            continue;
          tafel_c4_play_col (&child, col);
          if (tafel_c4_alignment (child.current ^ child.mask))
            v = H_WIN;
          else if (child.moves >= TAFEL_C4_CELLS)
            v = 0;
          else
            v = -h_search (&c, &child, d - 1, -H_INF, -(alpha - 1), 1);
          if (c.stop)
            break;
          values[i] = v;
          if (v > alpha)
            alpha = v;
        }
      if (c.stop)
        break;

      for (int i = 0; i < TAFEL_C4_WIDTH; i++)
        if (values[i] == alpha && values[i] > -H_INF)
          b[nb++] = order[i];
      memcpy (best, b, nb * sizeof (int));
      *n_best = nb;
      result = alpha;
      if (depth_reached)
        *depth_reached = d;

      /* Best first in the next iteration (stable for the rest). */
      {
        int sorted[TAFEL_C4_WIDTH], k = 0;

        for (int i = 0; i < TAFEL_C4_WIDTH; i++)
          if (values[i] == alpha)
            sorted[k++] = order[i];
        for (int i = 0; i < TAFEL_C4_WIDTH; i++)
          if (values[i] != alpha)
            sorted[k++] = order[i];
        memcpy (order, sorted, sizeof order);
      }

      /* A forced result does not change with depth. */
      if (ABS (alpha) > H_WIN - 100)
        break;
    }

  return result;
}

/* ---- levels ------------------------------------------------------------ */

static int
random_legal (const TafelC4Pos *pos,
              GRand            *rand)
{
  int cols[TAFEL_C4_WIDTH], n = 0;

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    if (tafel_c4_can_play (pos, col))
      cols[n++] = col;

  return n > 0 ? cols[g_rand_int_range (rand, 0, n)] : -1;
}

/* Time for Impossible's searches for a score-keeping and then an
 * optimal move, and for the heuristic search when both run out (all
 * within a second). */
#define IMPOSSIBLE_EXACT_MS 850
#define IMPOSSIBLE_FALLBACK_MS 100
#define HARD_MS 600

int
tafel_c4_choose (TafelC4Player    *player,
                 const TafelC4Pos *pos,
                 TafelLevel        level,
                 GRand            *rand,
                 GCancellable     *cancellable)
{
  int best[TAFEL_C4_WIDTH];
  guint n_best = 0;
  guint depth = 0, random_percent = 0, max_ms = 0;

  if (tafel_c4_pos_is_over (pos))
    return -1;

  switch (level)
    {
    case TAFEL_LEVEL_IMPOSSIBLE:
      {
        g_autoptr(TafelC4Player) own = NULL;
        TafelC4Solver *s;
        int order[TAFEL_C4_WIDTH];
        int score, keeping;
        gboolean ok;

        /* The book (or a win at once) answers without a search. */
        if (quick_optimal_moves (pos, &score, best, &n_best))
          return best[g_rand_int_range (rand, 0, n_best)];

        /* One optimal move is enough, the first found in a random order
         * (so that games differ). */
        for (int i = 0; i < TAFEL_C4_WIDTH; i++)
          {
            int j = g_rand_int_range (rand, 0, i + 1);

            order[i] = i;
            order[i] = order[j];
            order[j] = i;
          }
        if (player == NULL)
          player = own = tafel_c4_player_new ();
        s = player_solver (player);
        ok = FALSE;
        keeping = -1;
        if (s != NULL)
          {
            tafel_c4_solver_set_time_limit (s, IMPOSSIBLE_EXACT_MS);
            ok = impossible_search (s, pos, order, 1, cancellable, &keeping, &score,
                                    best, &n_best);
            tafel_c4_solver_set_time_limit (s, 0);
          }
        if (ok && n_best > 0)
          return best[g_rand_int_range (rand, 0, n_best)];
        if (cancellable && g_cancellable_is_cancelled (cancellable))
          return -1;
        if (keeping >= 0)
          return keeping;
        /* Out of time (or no solver): the strongest heuristic move
         * instead. */
        depth = 42;
        max_ms = IMPOSSIBLE_FALLBACK_MS;
      }
      break;
    case TAFEL_LEVEL_HARD:
      depth = 12;
      max_ms = HARD_MS;
      break;
    case TAFEL_LEVEL_MEDIUM:
      depth = 4;
      random_percent = 10;
      break;
    case TAFEL_LEVEL_RELAXED:
    default:
      depth = 2;
      random_percent = 40;
      break;
    }

  if (random_percent > 0 && (guint) g_rand_int_range (rand, 0, 100) < random_percent)
    return random_legal (pos, rand);

  tafel_c4_heuristic_search (pos, depth, max_ms, cancellable, best, &n_best, NULL);
  if (cancellable && g_cancellable_is_cancelled (cancellable))
    return -1;
  if (n_best == 0)
    return random_legal (pos, rand);

  return best[g_rand_int_range (rand, 0, n_best)];
}
