/* tafel-mill-book-build.h: making the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked only where the book is made (tafel-cli, the tests); the engine
 * only reads it (tafel-mill-book.h).
 */
#pragma once

#include "tafel-mill-book.h"
#include "tafel-mill-egtb.h"

G_BEGIN_DECLS

typedef struct {
  guint placements;     /* every position up to this many stones */
  guint lines;          /* then along the book's lines up to this many */
  guint64 nodes;        /* per position of the whole part */
  /* Per position along the lines: [0] for placements + 1 stones, [1]
   * for one more, and so on. */
  guint64 line_nodes[TAFEL_MILL_BOOK_MAX_LINES];
  guint jobs;           /* positions searched at a time */
  guint table_bits;     /* 2^table_bits entries per job; 0: 2^22 (64 MiB) */
} TafelMillBookPlan;

/* Called after each position searched: @done of @total in the current
 * stage (the whole part, then each placement along the lines), the
 * position's line and the nodes it was searched to. */
typedef void (*TafelMillBookProgress) (guint       done,
                                       guint       total,
                                       const char *line,
                                       guint64     nodes,
                                       gpointer    user_data);

/* Searches every position @plan asks for (one thread each, a fresh
 * table, no randomness: the same book on every machine) and returns the
 * book's text (see tafel-mill-book.h).  @made, when not NULL, holds lines
 * of an earlier run (a build that was stopped), each after the nodes it
 * was searched to ("25000000 a1 : b4 -18 15"): a position that @plan
 * searches to as many nodes is not searched again, unless its line is
 * not a book's line (a damaged file).  @progress is called
 * for each line made now, and may be NULL. */
char *tafel_mill_book_build (const TafelMillBookPlan  *plan,
                             const char *const        *made,
                             TafelMillBookProgress     progress,
                             gpointer                  user_data,
                             GCancellable             *cancellable,
                             GError                  **error);

/* The first line of a progress file: the lines of a build that was
 * stopped, each after the nodes it was searched to. */
#define TAFEL_MILL_BOOK_PROGRESS_HEADER "# tafel-cli mill-book progress: nodes, then the book's line"

/* The progress file's line for @line, searched to @nodes (with its
 * newline). */
char *tafel_mill_book_progress_line (const char *line,
                                     guint64     nodes);

/* The lines of the progress file @text for tafel_mill_book_build ()'s
 * @made, without a last line cut short (one that lacks its newline);
 * TAFEL_ERROR_FORMAT when @text does not start with the header and its
 * newline.  Lines
 * that are not a book's line are kept: the build ignores them. */
GStrv tafel_mill_book_progress_read (const char  *text,
                                     GError     **error);

/* The nodes @plan searches a position with @placed stones to. */
guint64 tafel_mill_book_plan_nodes (const TafelMillBookPlan *plan,
                                    guint                    placed);

/* ---- proving the book's moves ----
 *
 * A search of a few seconds cannot tell, while the board is nearly
 * empty, which placements lose: in 7 of 13 games lost to Sanmill's
 * engine at the third or fourth placement, the book's move at five
 * stones lost.  With the endgame tables for every end of the placing
 * (up to 9-9), the placing solver (tafel-mill-placing.h) proves a
 * move's value exactly; the book then keeps moves that do not lose. */

typedef struct _TafelMillBookProver TafelMillBookProver;

/* A prover with the tables @tb, a solver table of 2^@table_bits entries
 * and searches of @nodes (see below); NULL when that memory is not
 * there. */
TafelMillBookProver *tafel_mill_book_prover_new  (const TafelMillEgtb *tb,
                                                  guint                table_bits,
                                                  guint64              nodes);
void                 tafel_mill_book_prover_free (TafelMillBookProver *prover);

/* For tests: provers made from now on take the value of a move from
 * @move_value instead of the placing solver, and do not ask whether the
 * tables reach (NULL: the solver again).  So the book's text can be
 * proven and followed on in a test without the tables up to 9-9. */
typedef TafelValue (*TafelMillBookMoveValue) (const TafelMillState *s,
                                              const TafelMove      *move);
void tafel_mill_book_set_move_value (TafelMillBookMoveValue move_value);

/* The exact value of @entry's move in @s into @value.  Where it loses
 * and another move does not, @entry becomes the first move that does
 * not in the order a search of each move's position to the prover's
 * nodes likes them (with that search's score and depth), and @replaced
 * is set.  An @entry without a move (len 0) gets one so (the first in
 * that order where every move loses).  FALSE with G_IO_ERROR_NOT_FOUND when the tables do not hold
 * every end of the placing from @s, or when cancelled. */
gboolean tafel_mill_book_prove (TafelMillBookProver  *prover,
                                const TafelMillState *s,
                                TafelMillBookEntry   *entry,
                                TafelValue           *value,
                                gboolean             *replaced,
                                GCancellable         *cancellable,
                                GError              **error);

/* How the book's text is proven (below). */
typedef struct {
  const TafelMillEgtb *tb;
  guint jobs;                   /* positions proven at a time */
  guint table_bits;             /* the solver's table per job: 2^table_bits entries */
  guint64 nodes;                /* the prover's searches (tafel_mill_book_prover_new ()) */
  /* Lines of an earlier run, each after the prover's nodes, taken as
   * they are (as for tafel_mill_book_build ()); may be NULL. */
  const char *const *made;
  TafelMillBookProgress progress;   /* each line proven now; may be NULL */
  gpointer user_data;
} TafelMillBookProofPlan;

/* The book @text with the move of every position of @placed stones
 * proven as tafel_mill_book_prove () does, each line followed by a
 * comment with its value ("# draw", or "# draw, not a1" where it
 * replaced a1), and a header comment saying so (in place of an earlier
 * proof's of the same moves).  Where moves changed, the lines after
 * them follow the new ones (see tafel_mill_book_extend_text ()). */
char *tafel_mill_book_prove_text (const char                   *text,
                                  guint                         placed,
                                  const TafelMillBookProofPlan *plan,
                                  GCancellable                 *cancellable,
                                  GError                      **error);

/* The book @text with its lines followed on beyond its last stones up
 * to @lines stones placed (tafel_mill_book_line_positions ()): each
 * position they reach gets the first move that does not lose in the
 * order a search of each move's position likes them
 * (tafel_mill_book_prove () without a move), its line a comment of its
 * value, and each number of stones a header comment.  @text itself when
 * it reaches @lines already. */
char *tafel_mill_book_extend_text (const char                   *text,
                                   guint                         lines,
                                   const TafelMillBookProofPlan *plan,
                                   GCancellable                 *cancellable,
                                   GError                      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelMillBookProver, tafel_mill_book_prover_free)

G_END_DECLS
