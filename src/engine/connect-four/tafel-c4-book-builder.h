/* tafel-c4-book-builder.h: building the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In the static library tafel-c4-builder, which tafel-cli links (and the
 * tests that build books); the application reads books only
 * (tafel-c4-book.h).
 */
#pragma once

#include <gio/gio.h>

#include "tafel-c4-book.h"

G_BEGIN_DECLS

/* One entry of a book file for @pos with @score. */
guint64            tafel_c4_book_entry       (const TafelC4Pos  *pos,
                                              int                score);
/* Writes a book file of @n entries, which must be ascending; @depth is
 * the most stones of any of them. */
gboolean           tafel_c4_book_write       (const char        *path,
                                              guint              depth,
                                              const guint64     *entries,
                                              gsize              n,
                                              GError           **error);

typedef void (*TafelC4BookLogFunc) (const char *line,
                                    gpointer    user_data);

/* Builds the book of the lines of perfect play from @root: every position
 * with fewer than @lines stones that a perfect player, first or second,
 * can meet whatever the opponent plays is expanded: the exact scores of
 * all its children go into the book.  Positions are expanded ply by ply.
 * Solved positions are appended to @progress_path ("KEY SCORE" lines) as
 * they come and read back first, so an interrupted build continues where
 * it stopped; @out_path is written at the end, every few minutes and when
 * the build is cancelled.  One solver (@n_threads threads, a table of
 * 2^@tt_bits buckets, 0 for the default) serves the whole build.  @log,
 * when not NULL, is called now and then with a line of progress. */
gboolean           tafel_c4_book_build       (const char        *out_path,
                                              const char        *progress_path,
                                              const TafelC4Pos  *root,
                                              guint              lines,
                                              guint              n_threads,
                                              guint              tt_bits,
                                              TafelC4BookLogFunc log,
                                              gpointer           user_data,
                                              GCancellable      *cancellable,
                                              GError           **error);

G_END_DECLS
