/* tafel-c4-solver.c: exact Connect Four solver and the computer levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Negamax with alpha-beta over the bitboard of tafel-c4-position.h:
 *  - null-window searches on the score at the root (the window moves
 *    towards 0 first, where most positions are decided);
 *  - only non-losing moves are searched; a single threat of the opponent
 *    is a forced move, two threats lose at once;
 *  - bounds from the number of moves left (no win before the next stone);
 *  - a transposition table of 2^TAFEL_C4_TT_BITS buckets of two 8-byte
 *    entries: the position key (mirror images share an entry) is mixed by
 *    a bijection and split into bucket index and a stored remainder, so a
 *    hit is exact; each entry keeps a lower and an upper bound, the best
 *    move and the work spent (the bucket keeps the costlier entry first);
 *  - move ordering: the table's best move, then by the number of threats
 *    the move creates (threats on the rows that suit the mover's parity
 *    count more), centre columns first on ties;
 *  - an optional opening book of exact scores;
 *  - a second thread may search the same root with a shared table.
 * The hot path allocates nothing; cancellation is polled every 4096 nodes.
 */
#include "config.h"

#include <string.h>

#include "tafel-c4-book.h"
#include "tafel-c4-solver.h"

#define POLL_MASK 4095u

/* ---- positions ------------------------------------------------------ */

gboolean
tafel_c4_pos_is_over (const TafelC4Pos *pos)
{
  return pos->moves >= TAFEL_C4_CELLS || tafel_c4_alignment (pos->current ^ pos->mask);
}

int
tafel_c4_score_win_now (const TafelC4Pos *pos)
{
  return (TAFEL_C4_CELLS + 1 - (int) pos->moves) / 2;
}

int
tafel_c4_score_plies (const TafelC4Pos *pos,
                      int               score)
{
  int n = pos->moves;

  if (score > 0)
    {
      int k = 22 - score;               /* the winner's k-th stone */
      return 2 * (k - n / 2) - 1;
    }
  if (score < 0)
    {
      int k = 22 + score;
      return 2 * (k - (n + 1) / 2);
    }

  return TAFEL_C4_CELLS - n;
}

void
tafel_c4_pos_mirror (const TafelC4Pos *pos,
                     TafelC4Pos       *mirror)
{
  mirror->current = tafel_c4_mirror_bits (pos->current);
  mirror->mask = tafel_c4_mirror_bits (pos->mask);
  mirror->moves = pos->moves;
}

gboolean
tafel_c4_pos_from_moves (TafelC4Pos  *pos,
                         const char  *moves,
                         const char **end)
{
  const char *p;

  memset (pos, 0, sizeof *pos);
  for (p = moves; *p >= '1' && *p <= '7'; p++)
    {
      int col = *p - '1';

      if (tafel_c4_pos_is_over (pos) || !tafel_c4_can_play (pos, col))
        {
          if (end)
            *end = p;
          return FALSE;
        }
      tafel_c4_play_col (pos, col);
    }

  if (end)
    *end = p;

  return TRUE;
}

/* ---- transposition table -------------------------------------------- */

#define KEY_BITS 49
#define KEY_MASK ((G_GUINT64_CONSTANT (1) << KEY_BITS) - 1)
#define KEY_MIX G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)

#define E_LOWER(e) ((int) (((e) >> 32) & 0xff) - 64)
#define E_UPPER(e) ((int) (((e) >> 40) & 0xff) - 64)
#define E_MOVE(e) ((int) (((e) >> 48) & 0xf))
#define E_WORK(e) ((guint) (((e) >> 52) & 0x3f))
#define NO_MOVE 15

struct _TafelC4Solver {
  guint64 *table;
  guint tt_bits;
  guint64 n_buckets;
  guint n_threads;
  const TafelC4Book *book;
  guint book_depth;
  guint max_ms;

  /* per search */
  gint64 deadline;
  GCancellable *cancellable;
  gint stop;
  guint64 nodes;
};

typedef struct {
  TafelC4Solver *solver;
  guint64 nodes;
  guint id;
  gboolean stop;
} Worker;

static inline guint64
entry_load (const guint64 *slot)
{
  return __atomic_load_n (slot, __ATOMIC_RELAXED);
}

static inline void
entry_store (guint64 *slot,
             guint64  value)
{
  __atomic_store_n (slot, value, __ATOMIC_RELAXED);
}

typedef struct {
  guint64 *bucket;
  guint32 rest;
  gboolean mirrored;
} Slot;

static inline void
tt_slot (TafelC4Solver    *s,
         const TafelC4Pos *p,
         Slot             *slot)
{
  guint64 key = tafel_c4_key (p);
  guint64 mkey = tafel_c4_mirror_bits (key);
  guint64 h;

  slot->mirrored = mkey < key;
  if (slot->mirrored)
    key = mkey;
  h = (key * KEY_MIX) & KEY_MASK;       /* a bijection of 49-bit keys */
  slot->bucket = s->table + 2 * (h >> (KEY_BITS - s->tt_bits));
  slot->rest = (guint32) (h & ((G_GUINT64_CONSTANT (1) << (KEY_BITS - s->tt_bits)) - 1));
}

static inline guint64
tt_probe (const Slot *slot)
{
  guint64 e;

  e = entry_load (&slot->bucket[0]);
  if (e != 0 && (guint32) e == slot->rest)
    return e;
  e = entry_load (&slot->bucket[1]);
  if (e != 0 && (guint32) e == slot->rest)
    return e;

  return 0;
}

static inline void
tt_store (const Slot *slot,
          int         lower,
          int         upper,
          int         move,
          guint       work)
{
  guint64 e0 = entry_load (&slot->bucket[0]);
  guint64 e1 = entry_load (&slot->bucket[1]);
  guint64 e;
  int index = -1;

  if (e0 != 0 && (guint32) e0 == slot->rest)
    index = 0;
  else if (e1 != 0 && (guint32) e1 == slot->rest)
    index = 1;

  if (index >= 0)
    {
      guint64 old = index == 0 ? e0 : e1;

      /* Bounds stay true bounds: keep the tighter of old and new. */
      lower = MAX (lower, E_LOWER (old));
      upper = MIN (upper, E_UPPER (old));
      if (move == NO_MOVE)
        move = E_MOVE (old);
      work = MAX (work, E_WORK (old));
    }

  if (move != NO_MOVE && slot->mirrored)
    move = TAFEL_C4_WIDTH - 1 - move;

  e = (guint64) slot->rest
      | (guint64) (lower + 64) << 32
      | (guint64) (upper + 64) << 40
      | (guint64) move << 48
      | (guint64) MIN (work, 63u) << 52;

  if (index == 1 && work >= E_WORK (e0))
    {
      entry_store (&slot->bucket[1], e0);
      entry_store (&slot->bucket[0], e);
    }
  else if (index >= 0)
    entry_store (&slot->bucket[index], e);
  else if (work >= E_WORK (e0))
    {
      entry_store (&slot->bucket[1], e0);
      entry_store (&slot->bucket[0], e);
    }
  else
    entry_store (&slot->bucket[1], e);
}

static inline int
tt_move (const Slot *slot,
         guint64     e)
{
  int move = E_MOVE (e);

  if (move != NO_MOVE && slot->mirrored)
    move = TAFEL_C4_WIDTH - 1 - move;

  return move;
}

/* ---- search ---------------------------------------------------------- */

static const int centre_order[TAFEL_C4_WIDTH] = { 3, 2, 4, 1, 5, 0, 6 };

/* Rows 1, 3, 5 of the board (0-based 0, 2, 4): the odd rows, which suit
 * the first player's threats; the even rows suit the second player. */
#define ODD_ROWS (TAFEL_C4_BOTTOM * 0x15)
#define EVEN_ROWS (TAFEL_C4_BOTTOM * 0x2a)

static inline guint64
non_losing_moves (const TafelC4Pos *p,
                  guint64          *opp_win_out)
{
  guint64 possible = tafel_c4_possible (p);
  guint64 opp_win = tafel_c4_winning_cells (p->current ^ p->mask, p->mask);
  guint64 forced = possible & opp_win;

  *opp_win_out = opp_win;
  if (forced)
    {
      if (forced & (forced - 1))
        return 0;
      possible = forced;
    }

  return possible & ~(opp_win >> 1);
}

static void
worker_poll (Worker *w)
{
  TafelC4Solver *s = w->solver;

  if (g_atomic_int_get (&s->stop))
    {
      w->stop = TRUE;
      return;
    }
  if ((s->cancellable && g_cancellable_is_cancelled (s->cancellable))
      || (s->deadline > 0 && g_get_monotonic_time () > s->deadline))
    {
      g_atomic_int_set (&s->stop, 1);
      w->stop = TRUE;
    }
}

static inline guint
log2_work (guint64 nodes)
{
  return nodes == 0 ? 0 : 64 - __builtin_clzll (nodes);
}

/* Precondition: the game is not over and the side to move cannot win with
 * its next stone.  Fail-hard within [alpha, beta]. */
static int
negamax (Worker           *w,
         const TafelC4Pos *p,
         int               alpha,
         int               beta)
{
  TafelC4Solver *s = w->solver;
  guint64 opp_win, next, e;
  guint64 start_nodes = w->nodes;
  guint64 bits[TAFEL_C4_WIDTH];
  int cols[TAFEL_C4_WIDTH], keys[TAFEL_C4_WIDTH];
  int n = 0, best_move = NO_MOVE, hash_move, lo, hi, orig_alpha;
  Slot slot;

  if ((++w->nodes & POLL_MASK) == 0)
    worker_poll (w);
  if (w->stop)
    return alpha;

  next = non_losing_moves (p, &opp_win);
  if (next == 0)
    return -(TAFEL_C4_CELLS - (int) p->moves) / 2;
  if (p->moves >= TAFEL_C4_CELLS - 2)
    return 0;

  lo = -(TAFEL_C4_CELLS - 2 - (int) p->moves) / 2;
  if (alpha < lo)
    {
      alpha = lo;
      if (alpha >= beta)
        return alpha;
    }
  hi = (TAFEL_C4_CELLS - 1 - (int) p->moves) / 2;
  if (beta > hi)
    {
      beta = hi;
      if (alpha >= beta)
        return beta;
    }

  /* Claimeven: with an even number of empty cells in every column the
   * side to move (the first player) can be answered in the same column
   * each time, which leaves it only the empty cells of rows 1, 3, 5.  If
   * no four fits there, it cannot win. */
  if ((tafel_c4_possible (p) & EVEN_ROWS) == 0
      && beta > 0
      && !tafel_c4_alignment (p->current | (ODD_ROWS & ~p->mask)))
    {
      beta = 0;
      if (alpha >= beta)
        return beta;
    }

  tt_slot (s, p, &slot);
  e = tt_probe (&slot);
  hash_move = NO_MOVE;
  if (e != 0)
    {
      int l = E_LOWER (e), u = E_UPPER (e);

      if (l > alpha)
        {
          alpha = l;
          if (alpha >= beta)
            return alpha;
        }
      if (u < beta)
        {
          beta = u;
          if (alpha >= beta)
            return beta;
        }
      hash_move = tt_move (&slot, e);
    }

  if (s->book != NULL && p->moves <= s->book_depth)
    {
      int score;

      if (tafel_c4_book_lookup (s->book, p, &score))
        return CLAMP (score, alpha, beta);
    }

  /* Order: hash move, then threats made (weighted by parity), centre
   * first on ties (insertion sort is stable). */
  {
    guint64 good_rows = (p->moves & 1) ? EVEN_ROWS : ODD_ROWS;

    for (int i = 0; i < TAFEL_C4_WIDTH; i++)
      {
        int col = centre_order[i];
        guint64 move = next & tafel_c4_column_mask (col);
        guint64 threats, after;
        int key, j;

        if (move == 0)
          continue;

        threats = tafel_c4_winning_cells (p->current | move, p->mask | move);
        after = ((p->mask | move) + TAFEL_C4_BOTTOM) & TAFEL_C4_BOARD;
        /* Two playable threats, or one above another playable one: the
         * opponent (who cannot win at once) blocks one and the mover wins
         * with the stone after, the best it can still do. */
        if ((threats & after & ((threats & after) - 1))
            || (threats & (threats >> 1) & after))
          {
            tt_store (&slot, hi, hi, col, 0);
            return hi;
          }
        key = 2 * __builtin_popcountll (threats) + __builtin_popcountll (threats & good_rows);
        /* Above any threat count, and room for the tie-break below. */
        if (col == hash_move)
          key = G_MAXINT - 1;
        if (w->id & 1)
          key += (i & 1);

        for (j = n; j > 0 && keys[j - 1] < key; j--)
          {
            keys[j] = keys[j - 1];
            cols[j] = cols[j - 1];
            bits[j] = bits[j - 1];
          }
        keys[j] = key;
        cols[j] = col;
        bits[j] = move;
        n++;
      }
  }

  /* Enhanced transposition cutoff: a child already known to be bad
   * enough for the opponent cuts at once. */
  for (int i = 0; i < n; i++)
      {
        TafelC4Pos child = *p;
        Slot cs;
        guint64 ce;

        tafel_c4_play_bits (&child, bits[i]);
        tt_slot (s, &child, &cs);
        ce = tt_probe (&cs);
        if (ce != 0 && -E_UPPER (ce) >= beta)
          return -E_UPPER (ce);
      }

  orig_alpha = alpha;
  for (int i = 0; i < n; i++)
    {
      TafelC4Pos child = *p;
      int score;

      tafel_c4_play_bits (&child, bits[i]);
      score = -negamax (w, &child, -beta, -alpha);
      if (w->stop)
        return alpha;

      if (score >= beta)
        {
          tt_store (&slot, score, TAFEL_C4_MAX_SCORE + 2, cols[i],
                    log2_work (w->nodes - start_nodes));
          return score;
        }
      if (score > alpha)
        {
          alpha = score;
          best_move = cols[i];
        }
    }

  if (alpha > orig_alpha)
    tt_store (&slot, alpha, alpha, best_move, log2_work (w->nodes - start_nodes));
  else
    tt_store (&slot, TAFEL_C4_MIN_SCORE - 2, alpha, NO_MOVE,
              log2_work (w->nodes - start_nodes));

  return alpha;
}

/* ---- the solver object ------------------------------------------------ */

TafelC4Solver *
tafel_c4_solver_new (guint tt_bits)
{
  TafelC4Solver *s = g_new0 (TafelC4Solver, 1);

  s->tt_bits = CLAMP (tt_bits, 17u, 30u);
  s->n_buckets = G_GUINT64_CONSTANT (1) << s->tt_bits;
  s->table = g_new0 (guint64, 2 * s->n_buckets);
  s->n_threads = 1;

  return s;
}

void
tafel_c4_solver_free (TafelC4Solver *solver)
{
  if (solver == NULL)
    return;

  g_free (solver->table);
  g_free (solver);
}

void
tafel_c4_solver_reset (TafelC4Solver *solver)
{
  memset (solver->table, 0, 2 * solver->n_buckets * sizeof (guint64));
}

void
tafel_c4_solver_set_threads (TafelC4Solver *solver,
                             guint          n_threads)
{
  solver->n_threads = CLAMP (n_threads, 1u, 2u);
}

void
tafel_c4_solver_set_book (TafelC4Solver     *solver,
                          const TafelC4Book *book)
{
  solver->book = book;
  solver->book_depth = book ? tafel_c4_book_depth (book) : 0;
}

void
tafel_c4_solver_set_time_limit (TafelC4Solver *solver,
                                guint          max_ms)
{
  /* One deadline for everything until the next call, so that a move
   * choice made of several searches keeps to it as a whole. */
  solver->max_ms = max_ms;
  solver->deadline = max_ms ? g_get_monotonic_time () + (gint64) max_ms * 1000 : 0;
}

guint64
tafel_c4_solver_nodes (TafelC4Solver *solver)
{
  return solver->nodes;
}

/* Iterative narrowing of [min, max] with null windows. */
static int
solve_root (Worker           *w,
            const TafelC4Pos *p,
            int               min,
            int               max)
{
  while (min < max)
    {
      int med = min + (max - min) / 2;
      int r;

      if (med <= 0 && min / 2 < med)
        med = min / 2;
      else if (med >= 0 && max / 2 > med)
        med = max / 2;

      r = negamax (w, p, med, med + 1);
      if (w->stop)
        break;
      if (r <= med)
        max = r;
      else
        min = r;
    }

  return min;
}

typedef struct {
  Worker worker;
  TafelC4Pos pos;
  int min, max;
} HelperData;

static gpointer
helper_thread (gpointer data)
{
  HelperData *h = data;

  solve_root (&h->worker, &h->pos, h->min, h->max);

  return NULL;
}

static void
search_begin (TafelC4Solver *s,
              GCancellable  *cancellable)
{
  s->cancellable = cancellable;
  s->stop = 0;
}

/* Solves @p in [min, max] with all threads; FALSE when stopped. */
static gboolean
search_window (TafelC4Solver    *s,
               const TafelC4Pos *p,
               int               min,
               int               max,
               int              *score)
{
  Worker w = { s, 0, 0, FALSE };
  HelperData helper;
  GThread *thread = NULL;
  int r;

  if (s->n_threads > 1 && p->moves < 30)
    {
      helper = (HelperData) { { s, 0, 1, FALSE }, *p, min, max };
      thread = g_thread_new ("c4-helper", helper_thread, &helper);
    }

  r = solve_root (&w, p, min, max);

  if (thread)
    {
      g_atomic_int_set (&s->stop, 1);
      g_thread_join (thread);
      s->nodes += helper.worker.nodes;
    }
  s->nodes += w.nodes;

  if (w.stop)
    return FALSE;

  *score = r;
  return TRUE;
}

static gboolean
can_win_now (const TafelC4Pos *p)
{
  return (tafel_c4_winning_cells (p->current, p->mask) & tafel_c4_possible (p)) != 0;
}

gboolean
tafel_c4_solver_solve (TafelC4Solver    *solver,
                       const TafelC4Pos *pos,
                       GCancellable     *cancellable,
                       int              *score)
{
  g_return_val_if_fail (solver != NULL, FALSE);
  g_return_val_if_fail (!tafel_c4_pos_is_over (pos), FALSE);

  if (can_win_now (pos))
    {
      *score = tafel_c4_score_win_now (pos);
      return TRUE;
    }

  search_begin (solver, cancellable);

  return search_window (solver, pos,
                        -(TAFEL_C4_CELLS - (int) pos->moves) / 2,
                        (TAFEL_C4_CELLS + 1 - (int) pos->moves) / 2,
                        score);
}

gboolean
tafel_c4_solver_test (TafelC4Solver    *solver,
                      const TafelC4Pos *pos,
                      int               value,
                      GCancellable     *cancellable,
                      gboolean         *greater)
{
  Worker w = { solver, 0, 0, FALSE };
  int r;

  g_return_val_if_fail (!tafel_c4_pos_is_over (pos), FALSE);

  if (can_win_now (pos))
    {
      *greater = tafel_c4_score_win_now (pos) > value;
      return TRUE;
    }

  search_begin (solver, cancellable);
  r = negamax (&w, pos, value, value + 1);
  solver->nodes += w.nodes;
  if (w.stop)
    return FALSE;

  *greater = r > value;
  return TRUE;
}

gboolean
tafel_c4_solver_move_scores (TafelC4Solver    *solver,
                             const TafelC4Pos *pos,
                             GCancellable     *cancellable,
                             int               scores[TAFEL_C4_WIDTH])
{
  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      TafelC4Pos child = *pos;
      int s;

      scores[col] = G_MININT;
      if (!tafel_c4_can_play (pos, col))
        continue;

      tafel_c4_play_col (&child, col);
      if (tafel_c4_alignment (child.current ^ child.mask))
        scores[col] = tafel_c4_score_win_now (pos);
      else if (child.moves >= TAFEL_C4_CELLS)
        scores[col] = 0;
      else
        {
          if (!tafel_c4_solver_solve (solver, &child, cancellable, &s))
            return FALSE;
          scores[col] = -s;
        }
    }

  return TRUE;
}

/* ---- perft ------------------------------------------------------------ */

static guint64
perft_rec (TafelC4Pos *p,
           guint       depth)
{
  guint64 count = 0;

  if (depth == 1)
    {
      for (int col = 0; col < TAFEL_C4_WIDTH; col++)
        count += tafel_c4_can_play (p, col);
      return count;
    }

  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      guint64 move;
      TafelC4Pos child;

      if (!tafel_c4_can_play (p, col))
        continue;
      move = (p->mask + tafel_c4_bottom_mask_col (col)) & tafel_c4_column_mask (col);
      /* A winning stone or the last cell ends the game: no moves after. */
      if (tafel_c4_alignment (p->current | move) || p->moves + 1 >= TAFEL_C4_CELLS)
        continue;
      child = *p;
      tafel_c4_play_bits (&child, move);
      count += perft_rec (&child, depth - 1);
    }

  return count;
}

guint64
tafel_c4_perft (const TafelC4Pos *pos,
                guint             depth)
{
  TafelC4Pos p = *pos;

  if (depth == 0)
    return 1;
  if (tafel_c4_pos_is_over (pos))
    return 0;

  return perft_rec (&p, depth);
}

/* ---- the engine's shared solver ---------------------------------------- */

static GMutex shared_lock;
static TafelC4Solver *shared_solver;

static TafelC4Solver *
shared_acquire (void)
{
  g_mutex_lock (&shared_lock);
  if (shared_solver == NULL)
    {
      shared_solver = tafel_c4_solver_new (TAFEL_C4_TT_BITS);
      tafel_c4_solver_set_threads (shared_solver, 2);
      tafel_c4_solver_set_book (shared_solver, tafel_c4_book_get_default ());
    }
  tafel_c4_solver_set_time_limit (shared_solver, 0);

  return shared_solver;
}

static void
shared_release (void)
{
  g_mutex_unlock (&shared_lock);
}

/* Exact score of a running position: the book first, then the search. */
static gboolean
exact_score (TafelC4Solver    *s,
             const TafelC4Pos *pos,
             GCancellable     *cancellable,
             int              *score)
{
  if (s->book != NULL && pos->moves <= s->book_depth
      && tafel_c4_book_lookup (s->book, pos, score))
    return TRUE;

  return tafel_c4_solver_solve (s, pos, cancellable, score);
}

/* Every optimal column of a running position, in column order. */
static gboolean
optimal_moves (TafelC4Solver    *s,
               const TafelC4Pos *pos,
               GCancellable     *cancellable,
               int              *score,
               int              *best,
               guint            *n_best)
{
  int root;

  if (!exact_score (s, pos, cancellable, &root))
    return FALSE;

  *n_best = 0;
  for (int col = 0; col < TAFEL_C4_WIDTH; col++)
    {
      TafelC4Pos child = *pos;
      gboolean optimal;
      int child_score;

      if (!tafel_c4_can_play (pos, col))
        continue;
      tafel_c4_play_col (&child, col);

      if (tafel_c4_alignment (child.current ^ child.mask))
        optimal = tafel_c4_score_win_now (pos) == root;
      else if (child.moves >= TAFEL_C4_CELLS)
        optimal = root == 0;
      else if (s->book != NULL && child.moves <= s->book_depth
               && tafel_c4_book_lookup (s->book, &child, &child_score))
        optimal = -child_score == root;
      else
        {
          gboolean greater;

          /* The child's score is >= -root; optimal when it is not more. */
          if (!tafel_c4_solver_test (s, &child, -root, cancellable, &greater))
            return FALSE;
          optimal = !greater;
        }

      if (optimal)
        best[(*n_best)++] = col;
    }

  *score = root;
  return TRUE;
}

gboolean
tafel_c4_analyze (const TafelC4Pos *pos,
                  TafelAnalysis    *analysis,
                  GCancellable     *cancellable)
{
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

  s = shared_acquire ();
  ok = optimal_moves (s, pos, cancellable, &score, best, &n_best);
  shared_release ();
  if (!ok)
    return FALSE;

  analysis->value = score > 0 ? TAFEL_VALUE_WIN : score < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW;
  analysis->plies = tafel_c4_score_plies (pos, score);
  analysis->has_score = TRUE;
  analysis->score = score;
  for (guint i = 0; i < n_best; i++)
    analysis->best[analysis->n_best++] = (TafelMove) { 1, { best[i] } };

  return TRUE;
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

  if (can_win_now (p))
    return H_WIN - ply - 1;
  next = non_losing_moves (p, &opp_win);
  if (next == 0)
    return -(H_WIN - ply - 2);
  if (p->moves >= TAFEL_C4_CELLS - 1)
    return 0;
  if (depth <= 0)
    return h_eval (p);

  for (int i = 0; i < TAFEL_C4_WIDTH; i++)
    {
      guint64 move = next & tafel_c4_column_mask (centre_order[i]);
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

/* Time for Impossible's exact search before it falls back to the
 * heuristic search (both within a second). */
#define IMPOSSIBLE_EXACT_MS 700
#define IMPOSSIBLE_FALLBACK_MS 200
#define HARD_MS 600

int
tafel_c4_choose (const TafelC4Pos *pos,
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
        TafelC4Solver *s = shared_acquire ();
        int score;
        gboolean ok;

        tafel_c4_solver_set_time_limit (s, IMPOSSIBLE_EXACT_MS);
        ok = optimal_moves (s, pos, cancellable, &score, best, &n_best);
        tafel_c4_solver_set_time_limit (s, 0);
        shared_release ();
        if (ok && n_best > 0)
          return best[g_rand_int_range (rand, 0, n_best)];
        if (cancellable && g_cancellable_is_cancelled (cancellable))
          return -1;
        /* Out of time: the strongest heuristic move instead. */
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
