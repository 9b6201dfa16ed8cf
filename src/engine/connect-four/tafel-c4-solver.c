/* tafel-c4-solver.c: the exact Connect Four solver, the object
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver is negamax with alpha-beta (tafel-c4-search.c) over a
 * transposition table (tafel-c4-table.h), with move ordering
 * (tafel-c4-order.h), the zugzwang bounds (tafel-c4-zugzwang.c) and an
 * optional opening book of exact scores (tafel-c4-book.c); at the root,
 * null-window searches on the score, and a second thread that searches
 * the same root with the shared table, testing the scores in another
 * order (tafel-c4-root.c).  Here: the object, its settings, and what it
 * knows without a search.
 */
#include "config.h"

#include "tafel-c4-solver-private.h"


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
