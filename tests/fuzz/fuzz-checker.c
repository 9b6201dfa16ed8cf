/* fuzz-checker.c: libFuzzer target for the Tic-Tac-Toe position checker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes go in; besides crashes, leaks and undefined behaviour, the
 * target aborts when an answer breaks a promise of the API: an error
 * carries a place inside the text, a result has a consistent board,
 * verdict and move list, the same text without a length gives the same
 * answer, and the normalized board reads back to the same verdict.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-checker.h"
#include "tafel-error.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-checker: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

static void
check_error (const char                 *text,
             size_t                      size,
             const TafelCheckInputError *where,
             const GError               *error)
{
  guint rows = 1;

  REQUIRE (error != NULL);
  REQUIRE (error->domain == TAFEL_ERROR && error->code == TAFEL_ERROR_INPUT);
  REQUIRE (g_utf8_validate (error->message, -1, NULL));
  REQUIRE (where->problem != TAFEL_CHECK_PROBLEM_NONE);
  REQUIRE (where->row >= 1 && where->row <= 4);

  /* The row exists (or is the first missing one) and the column lies in
   * it, at most one past its end. */
  for (size_t i = 0; i < size; i++)
    if (text[i] == '\n')
      rows++;
  REQUIRE (where->row <= rows + 1);
  if (where->column > 0)
    {
      size_t start = 0, len = 0;

      for (guint r = 1; r < where->row; r++)
        {
          const char *nl = memchr (text + start, '\n', size - start);
          REQUIRE (nl != NULL);
          start = nl - text + 1;
        }
      while (start + len < size && text[start + len] != '\n')
        len++;
      REQUIRE (where->column <= len + 1);
    }
}

static void
check_result (const TafelCheckResult *result)
{
  const char *const *board = tafel_check_result_get_board (result);
  TafelCheckStatus status = tafel_check_result_get_status (result);
  guint nx = 0, no = 0;
  g_autofree char *sentence = NULL;
  g_autofree char *moves = NULL;
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(TafelCheckResult) reread = NULL;
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < 3; r++)
    {
      REQUIRE (board[r] != NULL && strlen (board[r]) == 3);
      for (guint c = 0; c < 3; c++)
        {
          TafelCheckPlayer p = tafel_check_result_get_cell (result, r + 1, c + 1);

          REQUIRE (board[r][c] == "-XO"[p]);
          nx += p == TAFEL_CHECK_PLAYER_X;
          no += p == TAFEL_CHECK_PLAYER_O;
        }
      g_string_append_printf (again, "%s\n", board[r]);
    }
  REQUIRE (board[3] == NULL);

  REQUIRE ((status == TAFEL_CHECK_STATUS_INVALID)
           == (tafel_check_result_get_reason (result) != TAFEL_CHECK_REASON_NONE));
  REQUIRE ((status == TAFEL_CHECK_STATUS_RUNNING)
           == (tafel_check_result_get_next_player (result) != TAFEL_CHECK_PLAYER_NONE));
  REQUIRE ((status == TAFEL_CHECK_STATUS_X_WON || status == TAFEL_CHECK_STATUS_O_WON)
           == (tafel_check_result_get_n_lines (result) > 0));
  REQUIRE (tafel_check_result_get_n_lines (result) <= 2);
  for (guint i = 0; i < tafel_check_result_get_n_lines (result); i++)
    {
      guint rows[3], columns[3];
      TafelCheckPlayer winner = tafel_check_result_get_winner (result);

      tafel_check_result_get_line (result, i, rows, columns);
      for (guint k = 0; k < 3; k++)
        REQUIRE (tafel_check_result_get_cell (result, rows[k], columns[k]) == winner);
    }

  sentence = tafel_check_result_to_text (result);
  REQUIRE (sentence != NULL && g_utf8_validate (sentence, -1, NULL));

  /* The move list replays to this board, X first, alternating. */
  moves = tafel_check_result_to_moves (result);
  REQUIRE ((moves != NULL) == (status == TAFEL_CHECK_STATUS_RUNNING));
  if (moves != NULL)
    {
      char cells[9];

      memset (cells, '-', sizeof cells);
      REQUIRE (strlen (moves) == nx + no);
      for (guint i = 0; moves[i] != '\0'; i++)
        {
          int cell = moves[i] - '1';

          REQUIRE (cell >= 0 && cell < 9 && cells[cell] == '-');
          cells[cell] = i % 2 == 0 ? 'X' : 'O';
        }
      for (guint r = 0; r < 3; r++)
        REQUIRE (memcmp (cells + 3 * r, board[r], 3) == 0);
    }

  /* The normalized board reads back to the same verdict. */
  reread = tafel_check_position (again->str, again->len, &error);
  REQUIRE (reread != NULL && error == NULL);
  REQUIRE (tafel_check_result_get_status (reread) == status);
  REQUIRE (tafel_check_result_get_reason (reread) == tafel_check_result_get_reason (result));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;
  TafelCheckInputError where = { TAFEL_CHECK_PROBLEM_NONE, 0, 0 };
  g_autoptr(TafelCheckResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = tafel_check_position_full (text, size, &where, &error);
  if (result == NULL)
    check_error (text, size, &where, error);
  else
    {
      REQUIRE (error == NULL && where.problem == TAFEL_CHECK_PROBLEM_NONE);
      check_result (result);
    }

  /* Without a length the text ends at its first NUL byte; without NUL
   * bytes both forms must agree exactly. */
  if (memchr (data, '\0', size) == NULL)
    {
      g_autofree char *copy = g_strndup (text, size);
      g_autoptr(TafelCheckResult) result2 = NULL;
      g_autoptr(GError) error2 = NULL;
      TafelCheckInputError where2;

      result2 = tafel_check_position_full (copy, -1, &where2, &error2);
      REQUIRE ((result2 == NULL) == (result == NULL));
      REQUIRE (where2.problem == where.problem && where2.row == where.row
               && where2.column == where.column);
      if (result2 == NULL)
        REQUIRE (strcmp (error2->message, error->message) == 0);
      else
        REQUIRE (tafel_check_result_get_status (result2)
                 == tafel_check_result_get_status (result));
    }

  return 0;
}
