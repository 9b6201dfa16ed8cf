/* tafel-mill-book.h: Nine Men's Morris opening book (the first placements)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The book holds, for every position of Nine Men's Morris with at most a
 * few stones placed (up to the board's 16 symmetries), the move a long
 * search chose there, with its score and depth.  A search of a second
 * cannot see far enough while the board is nearly empty: what decides a
 * game is whether a side's stones will still have room to step when the
 * placing ends, 15 to 20 plies later (README, "Mill strength").
 *
 * Beyond those PLACEMENTS the book may follow its own lines up to LINES
 * stones placed: from each of its positions, its move and then every
 * reply that takes no stone.  So a side that plays the book meets only
 * book positions for as long as the lines last, whatever the other side
 * does, without the book holding every position of that many stones.
 *
 * The file is text (made by `tafel-cli mill-book`):
 *
 *   tafel-mill-book 2 PLACEMENTS LINES
 *   PLACED : MOVE SCORE DEPTH
 *   ...
 *
 * where PLACED are the placements leading to the position (in the order
 * played, possibly none), MOVE the book's placement, SCORE its value for
 * the side to move in hundredths of a stone and DEPTH the search's
 * completed depth; '#' starts a comment (a proven line ends in one with
 * the move's exact value: tafel_mill_book_prove_text ()).  It is checked whole at load:
 * every line legal, no position twice, every position up to PLACEMENTS
 * stones present, and beyond them exactly the positions its lines reach.
 * A missing or damaged book only means that the search chooses those
 * moves itself.
 */
#pragma once

#include <gio/gio.h>

#include "tafel-data.h"
#include "tafel-mill.h"

G_BEGIN_DECLS

/* Environment variable naming the book file (tests, build tree); the
 * installed file is PKGDATADIR "/" TAFEL_MILL_BOOK_FILE. */
#define TAFEL_MILL_BOOK_ENV "TAFEL_MILL_BOOK"
#define TAFEL_MILL_BOOK_FILE "mill-opening.book"
#define TAFEL_MILL_BOOK_MAGIC "tafel-mill-book"
#define TAFEL_MILL_BOOK_VERSION 2
/* The most placements a book can cover whole: four placements make 4,679
 * positions, five about 30,000. */
#define TAFEL_MILL_BOOK_MAX_PLACEMENTS 5
/* The most placements its lines can reach. */
#define TAFEL_MILL_BOOK_MAX_LINES 9

typedef struct _TafelMillBook TafelMillBook;

typedef struct {
  TafelMove move;
  int score;              /* for the side to move, 100 = one stone */
  guint depth;            /* the search's completed depth */
} TafelMillBookEntry;

/* The positions a book of @placements covers: those of Nine Men's Morris
 * with at most @placements stones placed and none taken, one of each
 * class of symmetric ones, as the placements leading there.  Returns an
 * array of g_strdup'ed move lists ("" for the start), in order of the
 * stones placed. */
GPtrArray          *tafel_mill_book_positions    (guint placements);

/* The positions with @placed stones that @book's lines reach: from each
 * of its positions with two stones fewer, its move and then every reply,
 * none of the two taking a stone.  Returned as for
 * tafel_mill_book_positions (), in the order of their canonical keys. */
GPtrArray          *tafel_mill_book_line_positions (const TafelMillBook *book,
                                                    guint                placed);

TafelMillBook      *tafel_mill_book_new_from_text (const char  *text,
                                                   GError     **error);
TafelMillBook      *tafel_mill_book_load          (const char  *path,
                                                   GError     **error);

/* A book being made: tafel_mill_book_new () gives an empty one, each
 * tafel_mill_book_add () one line "PLACED : MOVE SCORE DEPTH" (checked as
 * at load), and tafel_mill_book_check () says whether it is whole. */
TafelMillBook      *tafel_mill_book_new           (guint        placements,
                                                   guint        lines);
gboolean            tafel_mill_book_add           (TafelMillBook *book,
                                                   const char    *line,
                                                   GError       **error);
gboolean            tafel_mill_book_check         (const TafelMillBook *book,
                                                   GError             **error);
void                tafel_mill_book_free          (TafelMillBook *book);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelMillBook, tafel_mill_book_free)

/* The file as the rules table lists it (tafel-rules.h, data_files). */
extern TafelDataFile tafel_mill_book_data;

/* The book at TAFEL_MILL_BOOK_ENV or in PKGDATADIR, loaded at the first
 * call; NULL when there is none or it is damaged (with a warning). */
const TafelMillBook *tafel_mill_book_get_default  (void);

guint               tafel_mill_book_size          (const TafelMillBook *book);
guint               tafel_mill_book_placements    (const TafelMillBook *book);
guint               tafel_mill_book_lines         (const TafelMillBook *book);
/* The book's move in @s (mapped onto @s from its symmetric position),
 * or FALSE when @s is not in the book. */
gboolean            tafel_mill_book_lookup        (const TafelMillBook  *book,
                                                   const TafelMillState *s,
                                                   TafelMillBookEntry   *entry);

G_END_DECLS
