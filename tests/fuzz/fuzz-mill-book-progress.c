/* fuzz-mill-book-progress.c: libFuzzer target for the Mill book's
 * progress file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes (up to the first NUL) are read as the progress file a
 * stopped `tafel-cli mill-book` left (tafel_mill_book_progress_read ()),
 * and the lines read go on into the smallest build (the empty board
 * alone, 100 nodes: the same code as a whole build's, at a speed a
 * fuzzer can use), which takes its line from them where it can and
 * searches it otherwise.  Besides crashes, leaks
 * and undefined behaviour, the target aborts when:
 *  - a file that is refused fails with anything but TAFEL_ERROR_FORMAT
 *    and a valid UTF-8 message;
 *  - the build fails: a damaged line must be searched again, never make
 *    the build fail or end up in the book;
 *  - the book it makes does not load back;
 *  - a proof of that book's moves (tafel_mill_book_prove_text ()), which
 *    reads the same lines as proven ones, fails with anything but the
 *    tables' G_IO_ERROR_NOT_FOUND: it is given none, and says so before
 *    it proves anything.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "tafel-error.h"
#include "tafel-mill-book-build.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-mill-book-progress: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) made = tafel_mill_book_progress_read (text, &error);
  TafelMillBookPlan plan = {
    .placements = 0, .lines = 0, .nodes = 100, .jobs = 1, .table_bits = 12,
  };
  g_autofree char *book_text = NULL;
  g_autoptr(TafelMillBook) book = NULL;
  g_autoptr(TafelMillEgtb) no_tables = tafel_mill_egtb_new ();
  g_autofree char *proven = NULL;
  TafelMillBookProofPlan proof_plan;

  if (made == NULL)
    {
      REQUIRE (g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT));
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  REQUIRE (error == NULL);

  book_text = tafel_mill_book_build (&plan, (const char *const *) made, NULL, NULL, NULL, &error);
  REQUIRE (book_text != NULL && error == NULL);
  book = tafel_mill_book_new_from_text (book_text, &error);
  REQUIRE (book != NULL && error == NULL);
  REQUIRE (tafel_mill_book_placements (book) == 0 && tafel_mill_book_lines (book) == 0);

  proof_plan = (TafelMillBookProofPlan) {
    .tb = no_tables, .jobs = 1, .table_bits = 12, .nodes = 100, .made = (const char *const *) made,
  };
  proven = tafel_mill_book_prove_text (book_text, 0, &proof_plan, NULL, &error);
  REQUIRE (proven == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND));
  REQUIRE (g_utf8_validate (error->message, -1, NULL));

  return 0;
}
