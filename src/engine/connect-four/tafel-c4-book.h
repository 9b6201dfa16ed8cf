/* tafel-c4-book.h: the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exact scores of a set of running positions (one of each mirror pair),
 * made by the project's own solver.  Which positions are held is up to
 * the builder: the lines builder holds every position a perfect player
 * of either side can meet, and all their children, up to a number of
 * stones.  The file is checked at load (magic, version, size, checksum,
 * order and range of the entries); a missing or bad book only means the
 * solver searches those positions itself.
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
/* The most stones of any position held. */
guint              tafel_c4_book_depth       (const TafelC4Book *book);
/* Number of positions held. */
gsize              tafel_c4_book_size        (const TafelC4Book *book);
/* Number of positions held with each number of stones. */
void               tafel_c4_book_count_by_stones (const TafelC4Book *book,
                                                  guint64            counts[TAFEL_C4_CELLS + 1]);
/* Exact score of @pos (or of its mirror image) when the book holds it. */
gboolean           tafel_c4_book_lookup      (const TafelC4Book *book,
                                              const TafelC4Pos  *pos,
                                              int               *score);
/* Exact scores of every move at @pos (running) for the side to move, as
 * tafel_c4_solver_move_scores() gives them (G_MININT for a full column),
 * when the book holds every child that is not over; FALSE otherwise. */
gboolean           tafel_c4_book_move_scores (const TafelC4Book *book,
                                              const TafelC4Pos  *pos,
                                              int                scores[TAFEL_C4_WIDTH]);
/* The book for the engine: TAFEL_BOOK_PATH or the installed file, loaded
 * once; NULL (with a warning for a bad file) when there is none. */
const TafelC4Book *tafel_c4_book_get_default (void);

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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelC4Book, tafel_c4_book_free)

G_END_DECLS
