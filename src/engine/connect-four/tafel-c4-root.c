/* tafel-c4-root.c: the Connect Four solver at the root
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The score of a position is found by null-window searches of negamax
 * (tafel-c4-search.c), each telling whether it is above a value; a
 * second thread, when there is one, tests the values in another order on
 * the shared table.  Also the public entry points that search:
 * tafel_c4_solver_solve(), _test() and _move_scores().
 */
#include "config.h"

#include "tafel-c4-solver-private.h"

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
 * same test mostly duplicate their work. */
typedef enum {
  ROOT_ALONE,           /* bisects, the tests next to 0 first */
  ROOT_BESIDE,          /* bisects plainly, beside a galloping thread */
  ROOT_GALLOP
} RootOrder;

static int
solve_root (TafelC4Worker    *w,
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
           * Fewer nodes than bisection alone. */
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

      r = tafel_c4_negamax (w, p, med, med + 1);
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
  TafelC4Worker worker;
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
    r = tafel_c4_negamax (&h->worker, &h->pos, h->min, h->min + 1);
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
  TafelC4Worker w;
  Helper helper = { .pos = *p, .min = min, .max = max, .test = test };
  GThread *thread = NULL;
  int r;

  tafel_c4_worker_init (&w, s, 0);
  if (s->n_threads > 1 && p->moves < 30)
    {
      tafel_c4_worker_init (&helper.worker, s, 1);
      thread = g_thread_new ("c4-helper", helper_thread, &helper);
    }

  r = test ? tafel_c4_negamax (&w, p, min, min + 1)
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
