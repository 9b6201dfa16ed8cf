/* tafel-mill-book-build.h: making the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked only where the book is made (tafel-cli, the tests); the engine
 * only reads it (tafel-mill-book.h).
 */
#pragma once

#include "tafel-mill-book.h"

G_BEGIN_DECLS

typedef struct {
  guint placements;     /* every position up to this many stones */
  guint lines;          /* then along the book's lines up to this many */
  guint64 nodes;        /* per position of the whole part */
  /* Per position along the lines: [0] for placements + 1 stones, [1]
   * for one more, and so on. */
  guint64 line_nodes[TAFEL_MILL_BOOK_MAX_LINES];
  guint jobs;           /* positions searched at a time */
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
 * searches to as many nodes is not searched again.  @progress is called
 * for each line made now, and may be NULL. */
char *tafel_mill_book_build (const TafelMillBookPlan  *plan,
                             const char *const        *made,
                             TafelMillBookProgress     progress,
                             gpointer                  user_data,
                             GCancellable             *cancellable,
                             GError                  **error);

/* The nodes @plan searches a position with @placed stones to. */
guint64 tafel_mill_book_plan_nodes (const TafelMillBookPlan *plan,
                                    guint                    placed);

G_END_DECLS
