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

/* Called after each position: @done of @total, the position's line. */
typedef void (*TafelMillBookProgress) (guint       done,
                                       guint       total,
                                       const char *line,
                                       gpointer    user_data);

/* Searches every position of tafel_mill_book_positions (@placements) to
 * @nodes nodes (one thread each, a fresh table, no randomness: the same
 * book on every machine), @jobs positions at a time, and returns the
 * book's text (see tafel-mill-book.h).  @progress may be NULL. */
char *tafel_mill_book_build (guint                  placements,
                             guint64                nodes,
                             guint                  jobs,
                             TafelMillBookProgress  progress,
                             gpointer               user_data,
                             GCancellable          *cancellable,
                             GError               **error);

G_END_DECLS
