/* fuzz-book.c: libFuzzer target for the Connect Four opening-book loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes go to tafel_c4_book_new_from_bytes ().  Besides crashes,
 * leaks and undefined behaviour, the target aborts when:
 *  - a failure is not TAFEL_ERROR_FORMAT with a valid UTF-8 message;
 *  - a book that loads claims a depth beyond the board or a size that
 *    does not fit the bytes, or answers a lookup (the empty board and
 *    every position of the first two moves) with a score outside the
 *    usual range of 7x6 (-21 to 21).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "tafel-c4-book.h"
#include "tafel-c4-position.h"
#include "tafel-error.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-book: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

static void
check_lookup (const TafelC4Book *book,
              const TafelC4Pos  *pos)
{
  int score = 100;

  if (tafel_c4_book_lookup (book, pos, &score))
    REQUIRE (score >= -21 && score <= 21);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  TafelC4Book *book = tafel_c4_book_new_from_bytes (bytes, &error);
  TafelC4Pos start;

  if (book == NULL)
    {
      REQUIRE (g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT));
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  REQUIRE (error == NULL);
  REQUIRE (tafel_c4_book_depth (book) <= 42);
  REQUIRE (tafel_c4_book_size (book) <= size / 8);

  start = (TafelC4Pos) { 0 };
  check_lookup (book, &start);
  for (int a = 0; a < 7; a++)
    {
      TafelC4Pos one = start;

      tafel_c4_play_col (&one, a);
      check_lookup (book, &one);
      for (int b = 0; b < 7; b++)
        {
          TafelC4Pos two = one;

          tafel_c4_play_col (&two, b);
          check_lookup (book, &two);
        }
    }

  tafel_c4_book_free (book);
  return 0;
}
