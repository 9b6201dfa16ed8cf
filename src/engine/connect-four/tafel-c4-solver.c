/* tafel-c4-solver.c: the exact Connect Four solver
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Negamax with alpha-beta over the bitboard of tafel-c4-position.h:
 *  - null-window searches on the score at the root (see solve_root);
 *  - only non-losing moves are searched; a single threat of the opponent
 *    is a forced move, two threats lose at once;
 *  - bounds from the number of moves left, tightened by one more move
 *    once no move leaves the opponent without a safe reply;
 *  - zugzwang: the second player's claimeven and the first player's
 *    odd threats bound the score where they apply (see
 *    tafel-c4-zugzwang.c); and a side with no four left among its
 *    stones and the empty cells cannot win;
 *  - a transposition table of 2^TAFEL_C4_TT_BITS buckets of two 8-byte
 *    entries (on huge pages where the kernel has them): the position key
 *    (mirror images share an entry) is mixed by a bijection and split
 *    into bucket index and a stored remainder, so a hit is exact; each
 *    entry keeps a lower and an upper bound, the best move and the work
 *    spent (the bucket keeps the costlier entry first); positions near
 *    the end have a small table of their own that stays in the caches;
 *  - enhanced transposition cutoffs from the children's entries;
 *  - move ordering: the table's best move, then by the threats the move
 *    creates (those right above a playable cell and those on the rows
 *    that suit the mover's parity count more), centre columns first on
 *    ties;
 *  - an optional opening book of exact scores;
 *  - a second thread searches the same root with a shared table, testing
 *    the scores in another order.
 * The hot path allocates nothing; cancellation is polled every 4096 nodes.
 */
#include "config.h"

#include <string.h>

#include "tafel-c4-book.h"
#include "tafel-c4-solver.h"
#include "tafel-c4-table.h"
#include "tafel-c4-zugzwang.h"

#define POLL_MASK 4095u

/* The search counts threats with popcount: where the compiler can, it
 * builds the search twice and picks the copy with the processor's
 * popcount instruction at load time (plain x86-64 lacks it). */
#if defined(__x86_64__) && defined(__has_attribute)
# if __has_attribute(target_clones)
#  define SEARCH_CLONES __attribute__((target_clones ("popcnt", "default")))
# endif
#endif
#ifndef SEARCH_CLONES
# define SEARCH_CLONES
#endif

/* ---- transposition table -------------------------------------------- */

struct _TafelC4Solver {
  TafelC4Table tt;
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

static void
worker_init (Worker        *w,
             TafelC4Solver *solver,
             guint          id)
{
  memset (w, 0, sizeof *w);
  w->solver = solver;
  w->id = id;
}

/* ---- search ---------------------------------------------------------- */

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

/* Children of positions with this many stones or more are not looked up
 * before they are searched: so close to the end the lookups, each a
 * cache miss, cost more than the few searches they save. */
#define ETC_PLIES 34

/* A child to search: the position after a move of the mover, after the
 * opponent's reply too when it is forced, and after the mover's next move
 * when that is forced in turn, where a side has a choice again; its
 * table slot, and whether the mover is to move there. */
typedef struct {
  TafelC4Pos pos;
  Slot slot;
  int col;
  int key;
  gboolean mover;
  gboolean skip;        /* its table bound already decides it */
} Child;

/* Precondition: the game is not over and the side to move cannot win with
 * its next stone.  Fail-soft: a result <= alpha is an upper bound of the
 * score, one >= beta a lower bound, one in between exact. */
SEARCH_CLONES static int
negamax (Worker           *w,
         const TafelC4Pos *p,
         int               alpha,
         int               beta)
{
  TafelC4Solver *s = w->solver;
  guint64 opp_win, next, e, empty;
  guint64 start_nodes = w->nodes;
  Child moves[TAFEL_C4_WIDTH];
  gboolean etc = p->moves < ETC_PLIES;
  int n = 0, best_move = NO_MOVE, hash_move, lo, hi, orig_alpha, best, bound;
  Slot slot;

  if ((++w->nodes & POLL_MASK) == 0)
    worker_poll (w);
  if (w->stop)
    return alpha;

  next = tafel_c4_non_losing_moves (p, &opp_win);
  if (next == 0)
    return tafel_c4_score_loss_next (p);
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

  /* Zugzwang: the side that can follow up in the columns may settle the
   * game's outcome without a search (tafel-c4-zugzwang.c).  Each bound
   * is looked for only where it can narrow the window (its values: see
   * tafel-c4-zugzwang.h). */
  if ((p->moves & 1) && alpha < 1 && tafel_c4_zugzwang_lower (p, &bound))
    {
      if (bound > alpha)
        {
          alpha = bound;
          if (alpha >= beta)
            return alpha;
        }
    }
  else if (beta > ((p->moves & 1) ? -2 : -1) && tafel_c4_zugzwang_upper (p, &bound))
    {
      if (bound < beta)
        {
          beta = bound;
          if (alpha >= beta)
            return beta;
        }
    }
  empty = TAFEL_C4_BOARD & ~p->mask;
  if (p->moves > 10)
    {
      if (beta > 0 && !tafel_c4_alignment (p->current | empty))
        {
          beta = 0;
          if (alpha >= beta)
            return beta;
        }
      if (alpha < 0 && !tafel_c4_alignment ((p->current ^ p->mask) | empty))
        {
          alpha = 0;
          if (alpha >= beta)
            return alpha;
        }
    }

  /* A forced move is played without a table entry of its own: the
   * table keeps the positions where there was a choice. */
  if ((next & (next - 1)) == 0)
    {
      TafelC4Pos child = *p;

      tafel_c4_play_bits (&child, next);
      return -negamax (w, &child, -beta, -alpha);
    }

  tt_slot (&s->tt, p, &slot);
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

  /* Order: threats made (weighted by parity, the table's move with a
   * bonus), centre first on ties (insertion sort is stable).  Each child's bucket is
   * fetched as it is made, to be read by the cutoff test below. */
  {
    guint64 good_rows = (p->moves & 1) ? TAFEL_C4_EVEN_ROWS : TAFEL_C4_ODD_ROWS;

    for (int i = 0; i < TAFEL_C4_WIDTH; i++)
      {
        int col = tafel_c4_centre_order[i];
        guint64 move = next & tafel_c4_column_mask (col);
        guint64 threats, after, playable, reply;
        TafelC4Pos child;
        gboolean mover;
        int key, j;

        if (move == 0)
          continue;

        threats = tafel_c4_winning_cells (p->current | move, p->mask | move);
        after = ((p->mask | move) + TAFEL_C4_BOTTOM) & TAFEL_C4_BOARD;
        /* The opponent, who cannot win at once, has no reply that does
         * not lose: two playable threats, one with another right above
         * it, or every playable cell right below a threat.  The mover
         * wins with its stone after, the best it can still do. */
        playable = threats & after;
        if (playable ? (playable & (playable - 1)) || (threats & (playable << 1))
                     : (after & ~(threats >> 1)) == 0)
          {
            tt_store (&slot, hi, hi, col, 0);
            return hi;
          }
        /* The opponent's only reply that does not lose at once. */
        reply = playable != 0 ? playable : after & ~(threats >> 1);
        if ((reply & (reply - 1)) != 0)
          reply = 0;
        /* A threat right above one of the opponent's is worth little:
         * whoever fills the cell below decides it.  It does not count. */
        threats &= ~((opp_win & ~move) << 1);
        key = 2 * __builtin_popcountll (threats & (after << 1))
              + 2 * __builtin_popcountll (threats)
              + __builtin_popcountll (threats & good_rows);
        key = key * 8 + (TAFEL_C4_WIDTH - i);
        /* The table's move counts as one more threat on a good row: put
         * first regardless, it costs 2-3 % more nodes on the test sets. */
        if (col == hash_move)
          key += 8;
        if (w->id & 1)
          key += (i & 1);

        child = *p;
        tafel_c4_play_bits (&child, move);
        mover = FALSE;
        if (reply != 0)
          {
            guint64 ow, again;

            /* The mover cannot win at once after the reply (a winning
             * cell above the reply's cell would have won above). */
            tafel_c4_play_bits (&child, reply);
            mover = TRUE;
            again = tafel_c4_non_losing_moves (&child, &ow);
            if (again != 0 && (again & (again - 1)) == 0)
              {
                tafel_c4_play_bits (&child, again);
                mover = FALSE;
              }
          }

        for (j = n; j > 0 && moves[j - 1].key < key; j--)
          moves[j] = moves[j - 1];
        moves[j].pos = child;
        moves[j].col = col;
        moves[j].key = key;
        moves[j].mover = mover;
        moves[j].skip = FALSE;
        if (etc)
          {
            tt_slot (&s->tt, &moves[j].pos, &moves[j].slot);
            __builtin_prefetch (moves[j].slot.bucket);
          }
        n++;
      }
  }

  /* No move wins with the stone after next either. */
  if (beta > hi - 1)
    {
      beta = hi - 1;
      if (alpha >= beta)
        return beta;
    }

  /* Fail-soft: when every move fails low, the best of their bounds is
   * returned, a tighter upper bound than alpha.  The moves left out
   * lose at once, the least any move can score. */
  best = tafel_c4_score_loss_next (p);

  /* Enhanced transposition cutoff: a child already known to be bad
   * enough for the opponent cuts at once, and one known to be no better
   * than alpha for the mover need not be searched (its bound counts). */
  for (int i = 0; etc && i < n; i++)
    {
      guint64 ce = tt_probe (&moves[i].slot);
      int l, u;

      if (ce == 0)
        continue;
      l = moves[i].mover ? E_LOWER (ce) : -E_UPPER (ce);
      u = moves[i].mover ? E_UPPER (ce) : -E_LOWER (ce);
      if (l >= beta)
        return l;
      if (u <= alpha)
        {
          best = MAX (best, u);
          moves[i].skip = TRUE;
        }
    }

  orig_alpha = alpha;
  for (int i = 0; i < n; i++)
    {
      int score;

      if (moves[i].skip)
        continue;
      if (moves[i].mover)
        score = negamax (w, &moves[i].pos, alpha, beta);
      else
        score = -negamax (w, &moves[i].pos, -beta, -alpha);
      if (w->stop)
        return alpha;

      if (score >= beta)
        {
          tt_store (&slot, score, TAFEL_C4_MAX_SCORE + 2, moves[i].col,
                    log2_work (w->nodes - start_nodes));
          return score;
        }
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = moves[i].col;
            }
        }
    }

  if (alpha > orig_alpha)
    tt_store (&slot, alpha, alpha, best_move, log2_work (w->nodes - start_nodes));
  else
    tt_store (&slot, TAFEL_C4_MIN_SCORE - 2, best, NO_MOVE,
              log2_work (w->nodes - start_nodes));

  return best;
}

/* ---- the solver object ------------------------------------------------ */

TafelC4Solver *
tafel_c4_solver_new_full (guint    tt_bits,
                          GError **error)
{
  TafelC4Solver *s;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  s = g_new0 (TafelC4Solver, 1);
  if (!tafel_c4_table_init (&s->tt, tt_bits, error))
    {
      g_free (s);
      return NULL;
    }
  s->n_threads = 1;

  return s;
}

TafelC4Solver *
tafel_c4_solver_new (guint tt_bits)
{
  g_autoptr(GError) error = NULL;
  TafelC4Solver *s = tafel_c4_solver_new_full (tt_bits, &error);

  if (s == NULL)
    g_warning ("%s", error->message);

  return s;
}

void
tafel_c4_solver_free (TafelC4Solver *solver)
{
  if (solver == NULL)
    return;

  tafel_c4_table_free (&solver->tt);
  g_free (solver);
}

void
tafel_c4_solver_reset (TafelC4Solver *solver)
{
  tafel_c4_table_reset (&solver->tt);
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

gboolean
tafel_c4_solver_book_score (TafelC4Solver    *solver,
                            const TafelC4Pos *pos,
                            int              *score)
{
  return solver->book != NULL && pos->moves <= solver->book_depth
         && tafel_c4_book_lookup (solver->book, pos, score);
}

gboolean
tafel_c4_solver_upper_bound (TafelC4Solver    *solver,
                             const TafelC4Pos *pos,
                             int              *upper)
{
  TafelC4Pos p = *pos;
  gboolean negated = FALSE;
  int lower;

  /* The search plays forced moves through without table entries of
   * their own: follow them to the position that has one. */
  for (;;)
    {
      guint64 next, opp_win, e;
      Slot slot;

      if (tafel_c4_solver_book_score (solver, &p, &lower))
        {
          *upper = lower;
          break;
        }
      if (p.moves == TAFEL_C4_CELLS)
        {
          lower = *upper = 0;
          break;
        }
      if (tafel_c4_can_win_now (&p))
        {
          lower = *upper = tafel_c4_score_win_now (&p);
          break;
        }
      next = tafel_c4_non_losing_moves (&p, &opp_win);
      if (next == 0)
        {
          lower = *upper = tafel_c4_score_loss_next (&p);
          break;
        }
      if ((next & (next - 1)) == 0)
        {
          tafel_c4_play_bits (&p, next);
          negated = !negated;
          continue;
        }

      tt_slot (&solver->tt, &p, &slot);
      e = tt_probe (&slot);
      if (e == 0)
        return FALSE;
      lower = E_LOWER (e);
      *upper = E_UPPER (e);
      break;
    }

  if (negated)
    *upper = -lower;

  return *upper <= TAFEL_C4_MAX_SCORE;
}

guint64
tafel_c4_solver_nodes (TafelC4Solver *solver)
{
  /* Another thread may be searching: read and add atomically. */
  return __atomic_load_n (&solver->nodes, __ATOMIC_RELAXED);
}

/* Narrows [min, max] to the score with null-window searches.
 *
 * Bisecting: each test halves the range, but tests between 0 and the
 * bound halfway out first (Pascal Pons' rule).  A position that is won
 * or lost quickly is settled by tests far from 0, which are cheap there:
 * a null window near 0 would accept any slow win, and slow wins take big
 * proofs.  In a narrow range it favours the tests next to 0 (see below).
 *
 * Galloping: tests at 0, then outwards in steps of 1, 2, 4, ... until the
 * score is passed, then bisects.  A balanced position (the empty board
 * scores 1) needs just the tests at 0 and 1, which are the expensive
 * ones anyway.
 *
 * The main thread bisects; a second thread, when there is one, gallops
 * beside it, and each finds the other's results in the shared table.
 * With a second thread beside it, the main thread bisects plainly: the
 * tests next to 0 are the galloping thread's, and two threads on the
 * same test mostly duplicate their work (the empty board took 35-42 s
 * on two threads that way, 18-36 s this way). */
typedef enum {
  ROOT_ALONE,           /* bisects, the tests next to 0 first */
  ROOT_BESIDE,          /* bisects plainly, beside a galloping thread */
  ROOT_GALLOP
} RootOrder;

static int
solve_root (Worker           *w,
            const TafelC4Pos *p,
            int               min,
            int               max,
            RootOrder         order)
{
  int dir = 0, step = 1;
  gboolean bisect = order != ROOT_GALLOP;
  int med = CLAMP (0, min, max - 1);

  while (min < max)
    {
      int r, turn;

      if (bisect)
        {
          /* While the range is wide, Pons' rule sends the test towards
           * the extremes, where a quick win or loss is cheap to prove or
           * refute.  In a narrow range the costly tests are those near 0:
           * when the middle is next to 0, the test at 0 itself, which
           * settles win, draw or loss; once that is settled, and the
           * range is small, one step at a time outwards from 0, since the
           * slow results are the likelier ones; otherwise bisection.
           * Against bisection alone: 8 % fewer nodes on the empty board,
           * 3-7 % on the test sets (+0.7 % on beginning-easy). */
          med = min + (max - min) / 2;
          if (max - min > 12)
            {
              if (med <= 0 && min / 2 < med)
                med = min / 2;
              else if (med >= 0 && max / 2 > med)
                med = max / 2;
            }
          else if (order == ROOT_ALONE)
            {
              if (min <= 0 && 0 < max && ABS (med) <= 1)
                med = 0;
              else if (max - min <= 5 && (min > 0 || max <= 0))
                med = min > 0 ? min : max - 1;
            }
        }

      r = negamax (w, p, med, med + 1);
      if (w->stop)
        break;
      if (r <= med)
        max = r, turn = -1;
      else
        min = r, turn = 1;

      /* Gallop on in the same direction, bisect once it turns. */
      if (dir != 0 && turn != dir)
        bisect = TRUE;
      dir = turn;
      if (turn > 0)
        med = MIN (min + step - 1, max - 1);
      else
        med = MAX (max - step, min);
      step *= 2;
    }

  return min;
}

/* The second thread: on a window it gallops from 0 while the main
 * thread bisects (solve_root); on a single test it searches the same
 * null window with its own move order.  Whichever finishes first stops
 * the other through the table's shared stop flag. */
typedef struct {
  Worker worker;
  TafelC4Pos pos;
  int min, max;
  gboolean test;
  gboolean done;
  int result;
} Helper;

static gpointer
helper_thread (gpointer data)
{
  Helper *h = data;
  int r;

  if (h->test)
    r = negamax (&h->worker, &h->pos, h->min, h->min + 1);
  else
    r = solve_root (&h->worker, &h->pos, h->min, h->max, ROOT_GALLOP);
  if (!h->worker.stop)
    {
      h->result = r;
      h->done = TRUE;
      g_atomic_int_set (&h->worker.solver->stop, 1);
    }

  return NULL;
}

static void
search_begin (TafelC4Solver *s,
              GCancellable  *cancellable)
{
  s->cancellable = cancellable;
  s->stop = 0;
}

/* Solves @p in [min, max] (@test: only whether the score is > min) with
 * all threads; FALSE when cancelled or out of time. */
static gboolean
search (TafelC4Solver    *s,
        const TafelC4Pos *p,
        int               min,
        int               max,
        gboolean          test,
        int              *score)
{
  Worker w;
  Helper helper = { .pos = *p, .min = min, .max = max, .test = test };
  GThread *thread = NULL;
  int r;

  worker_init (&w, s, 0);
  if (s->n_threads > 1 && p->moves < 30)
    {
      worker_init (&helper.worker, s, 1);
      thread = g_thread_new ("c4-helper", helper_thread, &helper);
    }

  r = test ? negamax (&w, p, min, min + 1)
           : solve_root (&w, p, min, max, thread != NULL ? ROOT_BESIDE : ROOT_ALONE);
  if (!w.stop)
    g_atomic_int_set (&s->stop, 1);

  if (thread)
    {
      g_thread_join (thread);
      __atomic_fetch_add (&s->nodes, helper.worker.nodes, __ATOMIC_RELAXED);
    }
  __atomic_fetch_add (&s->nodes, w.nodes, __ATOMIC_RELAXED);

  if (!w.stop)
    *score = r;
  else if (helper.done)
    *score = helper.result;
  else
    return FALSE;

  return TRUE;
}

gboolean
tafel_c4_solver_solve (TafelC4Solver    *solver,
                       const TafelC4Pos *pos,
                       GCancellable     *cancellable,
                       int              *score)
{
  g_return_val_if_fail (solver != NULL, FALSE);
  g_return_val_if_fail (!tafel_c4_pos_is_over (pos), FALSE);

  if (tafel_c4_can_win_now (pos))
    {
      *score = tafel_c4_score_win_now (pos);
      return TRUE;
    }

  search_begin (solver, cancellable);

  return search (solver, pos,
                 tafel_c4_score_loss_next (pos),
                 (TAFEL_C4_CELLS + 1 - (int) pos->moves) / 2,
                 FALSE, score);
}

gboolean
tafel_c4_solver_test (TafelC4Solver    *solver,
                      const TafelC4Pos *pos,
                      int               value,
                      GCancellable     *cancellable,
                      gboolean         *greater)
{
  int r;

  g_return_val_if_fail (!tafel_c4_pos_is_over (pos), FALSE);

  if (tafel_c4_can_win_now (pos))
    {
      *greater = tafel_c4_score_win_now (pos) > value;
      return TRUE;
    }

  search_begin (solver, cancellable);
  if (!search (solver, pos, value, value + 1, TRUE, &r))
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
      TafelC4Pos child;
      int s;

      scores[col] = G_MININT;
      if (!tafel_c4_can_play (pos, col))
        continue;

      if (tafel_c4_play_final (pos, col, &child, &scores[col]))
        continue;
      if (!tafel_c4_solver_solve (solver, &child, cancellable, &s))
        return FALSE;
      scores[col] = -s;
    }

  return TRUE;
}
