/* tafel-c4-book.h: the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exact scores of every position (up to mirror images) with at most
 * `depth` stones, made by the project's own solver.  The file is checked
 * at load (magic, version, size, checksum); a missing or bad book only
 * means the solver searches those positions itself.
 */
#pragma once

#include <gio/gio.h>

#include "tafel-c4-position.h"

G_BEGIN_DECLS

typedef struct _TafelC4Book TafelC4Book;

/* Environment variable naming the book file (tests, build tree); the
 * installed book is PKGDATADIR "/connect-four.book". */
#define TAFEL_C4_BOOK_ENV "TAFEL_BOOK_PATH"

TafelC4Book       *tafel_c4_book_load        (const char        *path,
                                              GError           **error);
TafelC4Book       *tafel_c4_book_new_from_bytes (GBytes         *bytes,
                                                 GError        **error);
void               tafel_c4_book_free        (TafelC4Book       *book);
guint              tafel_c4_book_depth       (const TafelC4Book *book);
gsize              tafel_c4_book_size        (const TafelC4Book *book);
/* Exact score of @pos when the book holds it. */
gboolean           tafel_c4_book_lookup      (const TafelC4Book *book,
                                              const TafelC4Pos  *pos,
                                              int               *score);
/* The book for the engine: TAFEL_BOOK_PATH or the installed file, loaded
 * once; NULL (with a warning for a bad file) when there is none. */
const TafelC4Book *tafel_c4_book_get_default (void);

/* One entry of a book file for @pos with @score. */
guint64            tafel_c4_book_entry       (const TafelC4Pos  *pos,
                                              int                score);
/* Writes a book file of @n entries, which must be ascending. */
gboolean           tafel_c4_book_write       (const char        *path,
                                              guint              depth,
                                              const guint64     *entries,
                                              gsize              n,
                                              GError           **error);

/* Builds the book of all positions with at most @depth stones.  Solved
 * positions are appended to @progress_path as they come, and read back
 * first, so an interrupted build continues where it stopped.  @log, when
 * not NULL, is called now and then with a line of progress. */
gboolean           tafel_c4_book_build       (const char        *out_path,
                                              const char        *progress_path,
                                              guint              depth,
                                              guint              n_threads,
                                              void             (*log) (const char *line),
                                              GCancellable      *cancellable,
                                              GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelC4Book, tafel_c4_book_free)

G_END_DECLS
