/* fuzz-mill-book.c: libFuzzer target for the Mill opening-book reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes (up to the first NUL) go to tafel_mill_book_new_from_text ().
 * Besides crashes, leaks and undefined behaviour, the target aborts when:
 *  - a failure is not TAFEL_ERROR_FORMAT with a valid UTF-8 message;
 *  - a book that loads covers more placements than a book can, has
 *    lines shorter than its whole part or longer than allowed, or
 *    answers a lookup (the start and every position of the first two
 *    placements) with a move that is not legal there or a score beyond
 *    a won game.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill-book.h"
#include "tafel-mill-search.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-mill-book: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

static void
check_lookup (const TafelMillBook *book,
              const TafelState    *state)
{
  TafelMillBookEntry entry;

  if (!tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (state), &entry))
    return;
  REQUIRE (tafel_rules_is_legal (&tafel_mill_rules, state, &entry.move));
  REQUIRE (ABS (entry.score) <= TAFEL_MILL_SCORE_WIN);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = tafel_mill_book_new_from_text (text, &error);
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelState start;
  guint n;

  if (book == NULL)
    {
      REQUIRE (g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT));
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  REQUIRE (error == NULL);
  REQUIRE (tafel_mill_book_placements (book) <= TAFEL_MILL_BOOK_MAX_PLACEMENTS);
  REQUIRE (tafel_mill_book_placements (book) <= tafel_mill_book_lines (book));
  REQUIRE (tafel_mill_book_lines (book) <= TAFEL_MILL_BOOK_MAX_LINES);

  tafel_mill_rules.init (&start);
  check_lookup (book, &start);
  n = tafel_mill_rules.legal_moves (&start, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMove replies[TAFEL_MAX_MOVES];
      TafelState one = start;
      TafelUndo undo;
      guint k;

      tafel_mill_rules.make (&one, &moves[i], &undo);
      check_lookup (book, &one);
      k = tafel_mill_rules.legal_moves (&one, replies);
      for (guint j = 0; j < k; j++)
        {
          TafelState two = one;

          tafel_mill_rules.make (&two, &replies[j], &undo);
          check_lookup (book, &two);
        }
    }

  return 0;
}
