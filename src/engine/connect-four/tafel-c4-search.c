/* tafel-c4-search.c: negamax, the Connect Four solver's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Negamax with alpha-beta over the bitboard of tafel-c4-position.h:
 *  - only non-losing moves are searched; a single threat of the opponent
 *    is a forced move, two threats lose at once;
 *  - bounds from the number of moves left, tightened by one more move
 *    once no move leaves the opponent without a safe reply;
 *  - zugzwang: the second player's claimeven and the first player's
 *    odd threats bound the score where they apply (see
 *    tafel-c4-zugzwang.c); and a side with no four left among its
 *    stones and the empty cells cannot win;
 *  - the transposition table (tafel-c4-table.h);
 *  - enhanced transposition cutoffs from the children's entries;
 *  - move ordering (tafel-c4-order.h);
 *  - an optional opening book of exact scores.
 * The hot path allocates nothing; cancellation is polled every 4096 nodes.
 * The root's null-window searches and the threads: tafel-c4-root.c.
 */
#include "config.h"

#include "tafel-c4-order.h"
#include "tafel-c4-solver-private.h"
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

static void
worker_poll (TafelC4Worker *w)
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
 * score, one >= beta a lower bound, one in between exact.
 *
 * Its steps: bounds, zugzwang, forced move, table, book, ordering, ETC
 * (enhanced transposition cutoffs), search, store. */
SEARCH_CLONES static int
negamax (TafelC4Worker    *w,
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

  /* -- bounds: lost at once, drawn at once, the moves left -- */
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

  /* -- zugzwang --
   * The side that can follow up in the columns may settle the
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
  /* A side with no four left among its stones and the empty cells
   * cannot win. */
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

  /* -- forced move --
   * A forced move is played without a table entry of its own: the
   * table keeps the positions where there was a choice. */
  if ((next & (next - 1)) == 0)
    {
      TafelC4Pos child = *p;

      tafel_c4_play_bits (&child, next);
      return -negamax (w, &child, -beta, -alpha);
    }

  /* -- table -- */
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

  /* -- book -- */
  if (s->book != NULL && p->moves <= s->book_depth)
    {
      int score;

      if (tafel_c4_book_lookup (s->book, p, &score))
        return CLAMP (score, alpha, beta);
    }

  /* -- ordering --
   * The moves by tafel_c4_order_key() (tafel-c4-order.h), each played
   * through the forced replies that follow it; a move that leaves the
   * opponent no safe reply wins at once.  Each child's bucket is fetched
   * as it is made, to be read by the cutoff test below. */
  {
    guint64 good_rows = tafel_c4_order_good_rows (p);

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
        key = tafel_c4_order_key (move, threats, after, opp_win, good_rows, i,
                                  col == hash_move, w->id);

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

        /* Insertion sort, stable: centre first on ties. */
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

  /* -- ETC --
   * Enhanced transposition cutoff: a child already known to be bad
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

  /* -- search -- */
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

  /* -- store: exact, or an upper bound when every move failed low -- */
  if (alpha > orig_alpha)
    tt_store (&slot, alpha, alpha, best_move, log2_work (w->nodes - start_nodes));
  else
    tt_store (&slot, TAFEL_C4_MIN_SCORE - 2, best, NO_MOVE,
              log2_work (w->nodes - start_nodes));

  return best;
}

int
tafel_c4_negamax (TafelC4Worker    *w,
                  const TafelC4Pos *p,
                  int               alpha,
                  int               beta)
{
  return negamax (w, p, alpha, beta);
}
