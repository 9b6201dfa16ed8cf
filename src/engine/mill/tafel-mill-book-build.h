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
  guint64 line_nodes;   /* per position along the lines */
  guint jobs;           /* positions searched at a time */
} TafelMillBookPlan;

/* Called after each position searched: @done of @total in the current
 * stage (the whole part, then each placement along the lines), and the
 * position's line. */
typedef void (*TafelMillBookProgress) (guint       done,
                                       guint       total,
                                       const char *line,
                                       gpointer    user_data);

/* Searches every position @plan asks for (one thread each, a fresh
 * table, no randomness: the same book on every machine) and returns the
 * book's text (see tafel-mill-book.h).  @made, when not NULL, holds lines
 * of an earlier run of the same plan (a build that was stopped): their
 * positions are not searched again.  @progress is called for each line
 * made now, and may be NULL. */
char *tafel_mill_book_build (const TafelMillBookPlan  *plan,
                             const char *const        *made,
                             TafelMillBookProgress     progress,
                             gpointer                  user_data,
                             GCancellable             *cancellable,
                             GError                  **error);

G_END_DECLS
