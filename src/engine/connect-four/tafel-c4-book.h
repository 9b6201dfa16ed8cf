/* tafel-c4-book.h: the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exact scores of a set of running positions (one of each mirror pair),
 * made by the project's own solver.  Which positions are held is up to
 * the builder (tafel-c4-book-builder.h): the lines builder holds every
 * position a perfect player of either side can meet, and all their
 * children, up to a number of stones.  The file is checked at load (magic, version, size, checksum,
 * order and range of the entries); a missing or bad book only means the
 * solver searches those positions itself.
 */
#pragma once

#include <gio/gio.h>

#include "tafel-data.h"
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

/* The file as the rules table lists it (tafel-rules.h, data_files). */
extern TafelDataFile tafel_c4_book_data;

/* The book for the engine: TAFEL_BOOK_PATH or the installed file, loaded
 * once; NULL (with a warning for a bad file) when there is none. */
const TafelC4Book *tafel_c4_book_get_default (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelC4Book, tafel_c4_book_free)

G_END_DECLS
