/* test-checker.c: the Tic-Tac-Toe position checker against real play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every one of the 3^9 boards is checked.  The expected verdicts do not
 * come from rules about stone counts: the test plays every game from the
 * empty board (X first, stopping at a win or a full board) and records
 * what it reaches, with its own naive line test written in coordinates.
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "tafel-checker.h"
#include "tafel-error.h"
#include "tafel-rules.h"

#define N_BOARDS 19683   /* 3^9 */

enum { EMPTY = 0, X = 1, O = 2 };

typedef struct {
  gboolean reached;
  TafelCheckStatus status;
  TafelCheckPlayer winner;
  TafelCheckPlayer next_player;
  guint n_lines;
  guint lines[8][3][2];            /* line, cell, (row, column), 1-based */
} Expected;

static Expected expected[N_BOARDS];

/* cells[r][c], r and c 0-based; the board's index is base 3, cell 0 first */
static guint
board_index (const guint8 cells[3][3])
{
  guint index = 0;

  for (int r = 2; r >= 0; r--)
    for (int c = 2; c >= 0; c--)
      index = index * 3 + cells[r][c];

  return index;
}

static void
board_from_index (guint   index,
                  guint8  cells[3][3])
{
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      {
        cells[r][c] = index % 3;
        index /= 3;
      }
}

/* The lines of @who, written out by coordinates in the order the checker
 * promises: rows, columns, the main diagonal, the anti-diagonal. */
static guint
naive_lines (const guint8 cells[3][3],
             guint8       who,
             guint        lines[8][3][2])
{
  guint n = 0;

  for (guint r = 0; r < 3; r++)
    if (cells[r][0] == who && cells[r][1] == who && cells[r][2] == who)
      {
        for (guint k = 0; k < 3; k++)
          {
            lines[n][k][0] = r + 1;
            lines[n][k][1] = k + 1;
          }
        n++;
      }

  for (guint c = 0; c < 3; c++)
    if (cells[0][c] == who && cells[1][c] == who && cells[2][c] == who)
      {
        for (guint k = 0; k < 3; k++)
          {
            lines[n][k][0] = k + 1;
            lines[n][k][1] = c + 1;
          }
        n++;
      }

  if (cells[0][0] == who && cells[1][1] == who && cells[2][2] == who)
    {
      for (guint k = 0; k < 3; k++)
        {
          lines[n][k][0] = k + 1;
          lines[n][k][1] = k + 1;
        }
      n++;
    }

  if (cells[0][2] == who && cells[1][1] == who && cells[2][0] == who)
    {
      for (guint k = 0; k < 3; k++)
        {
          lines[n][k][0] = k + 1;
          lines[n][k][1] = 3 - k;
        }
      n++;
    }

  return n;
}

static void
record (const guint8 cells[3][3],
        const Expected *e)
{
  Expected *slot = &expected[board_index (cells)];

  if (slot->reached)
    {
      /* The same board reached by another move order: same verdict. */
      g_assert_cmpint (slot->status, ==, e->status);
      g_assert_cmpint (slot->next_player, ==, e->next_player);
      g_assert_cmpuint (slot->n_lines, ==, e->n_lines);
      return;
    }

  *slot = *e;
  slot->reached = TRUE;
}

/* Plays every continuation; @mover has just moved unless @plies is 0. */
static void
play (guint8 cells[3][3],
      guint  plies)
{
  Expected e = { 0 };
  guint8 mover = plies % 2 == 1 ? X : O;   /* who made the last move */
  guint8 to_move = plies % 2 == 0 ? X : O;

  if (plies > 0)
    e.n_lines = naive_lines (cells, mover, e.lines);

  if (e.n_lines > 0)
    {
      e.status = mover == X ? TAFEL_CHECK_STATUS_X_WON : TAFEL_CHECK_STATUS_O_WON;
      e.winner = mover == X ? TAFEL_CHECK_PLAYER_X : TAFEL_CHECK_PLAYER_O;
      record (cells, &e);
      return;
    }

  if (plies == 9)
    {
      e.status = TAFEL_CHECK_STATUS_DRAW;
      record (cells, &e);
      return;
    }

  e.status = TAFEL_CHECK_STATUS_RUNNING;
  e.next_player = to_move == X ? TAFEL_CHECK_PLAYER_X : TAFEL_CHECK_PLAYER_O;
  record (cells, &e);

  for (guint r = 0; r < 3; r++)
    for (guint c = 0; c < 3; c++)
      if (cells[r][c] == EMPTY)
        {
          cells[r][c] = to_move;
          play (cells, plies + 1);
          cells[r][c] = EMPTY;
        }
}

static void
enumerate_real_play (void)
{
  static gboolean done;
  guint8 cells[3][3] = { { 0 } };

  if (done)
    return;
  play (cells, 0);
  done = TRUE;
}

/* The reason an unreachable board is rejected with, from the list
 * in the documented order; NONE if none of the five applies. */
static TafelCheckReason
expected_reason (const guint8 cells[3][3])
{
  guint lines[8][3][2];
  guint nx = 0, no = 0;
  gboolean x_line = naive_lines (cells, X, lines) > 0;
  gboolean o_line = naive_lines (cells, O, lines) > 0;

  for (guint r = 0; r < 3; r++)
    for (guint c = 0; c < 3; c++)
      {
        nx += cells[r][c] == X;
        no += cells[r][c] == O;
      }

  if (no > nx)
    return TAFEL_CHECK_REASON_O_AHEAD;
  if (nx >= no + 2)
    return TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD;
  if (x_line && o_line)
    return TAFEL_CHECK_REASON_BOTH_LINES;
  if (x_line && nx != no + 1)
    return TAFEL_CHECK_REASON_X_LINE_COUNTS;
  if (o_line && nx != no)
    return TAFEL_CHECK_REASON_O_LINE_COUNTS;
  return TAFEL_CHECK_REASON_NONE;
}

/* The board as text, in one of several accepted spellings. */
static char *
board_text (const guint8 cells[3][3],
            guint        variant,
            char         canonical[3][4])
{
  GString *out = g_string_new (NULL);

  for (guint r = 0; r < 3; r++)
    {
      for (guint c = 0; c < 3; c++)
        {
          char upper = "-XO"[cells[r][c]];
          char ch = upper;

          canonical[r][c] = upper;
          switch (variant)
            {
            case 1:
              ch = g_ascii_tolower (upper);
              g_string_append_c (out, ' ');
              break;
            case 2:
              g_string_append_c (out, '\t');
              break;
            case 3:
              if ((r + c) % 2 == 0)
                ch = g_ascii_tolower (upper);
              break;
            default:
              break;
            }
          g_string_append_c (out, ch);
        }
      canonical[r][3] = '\0';

      switch (variant)
        {
        case 0:
          g_string_append_c (out, '\n');
          break;
        case 1:
          g_string_append (out, " \t");
          if (r < 2)
            g_string_append_c (out, '\n');
          break;
        case 2:
          g_string_append (out, "\r\n");
          break;
        default:
          if (r < 2)
            g_string_append (out, r == 0 ? "\r\n" : "\n");
          break;
        }
    }

  return g_string_free (out, FALSE);
}

static void
check_continuation (TafelCheckResult *result,
                    const guint8      cells[3][3])
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_TICTACTOE);
  g_autofree char *moves = tafel_check_result_to_moves (result);
  g_autoptr(GError) error = NULL;
  TafelPointInfo info[64];
  TafelOutcome outcome;
  TafelHistory history = { NULL, 0 };
  TafelState state;
  guint stones = 0;

  g_assert_nonnull (moves);
  g_assert_true (tafel_rules_parse_moves (rules, moves, &state, NULL, &error));
  g_assert_no_error (error);

  for (guint r = 0; r < 3; r++)
    for (guint c = 0; c < 3; c++)
      stones += cells[r][c] != EMPTY;
  g_assert_cmpuint (strlen (moves), ==, stones);
  g_assert_cmpuint (rules->ply (&state), ==, stones);

  rules->points (&state, info);
  for (guint r = 0; r < 3; r++)
    for (guint c = 0; c < 3; c++)
      {
        guint8 owner = cells[r][c] == X ? TAFEL_POINT_SIDE0
                     : cells[r][c] == O ? TAFEL_POINT_SIDE1 : TAFEL_POINT_EMPTY;
        g_assert_cmpuint (info[r * 3 + c].owner, ==, owner);
      }

  g_assert_cmpint (rules->side_to_move (&state), ==,
                   tafel_check_result_get_next_player (result) == TAFEL_CHECK_PLAYER_X
                   ? 0 : 1);
  rules->outcome (&state, &history, &outcome);
  g_assert_cmpint (outcome.status, ==, TAFEL_STATUS_RUNNING);
}

static void
test_all_boards (void)
{
  guint n_reached = 0, n_x_won = 0, n_o_won = 0, n_draw = 0, n_running = 0;
  guint n_reasons[TAFEL_CHECK_REASON_O_LINE_COUNTS + 1] = { 0 };

  enumerate_real_play ();

  for (guint index = 0; index < N_BOARDS; index++)
    {
      const Expected *e = &expected[index];
      guint8 cells[3][3];
      char canonical[3][4];
      g_autofree char *text = NULL;
      g_autoptr(TafelCheckResult) result = NULL;
      g_autoptr(GError) error = NULL;
      TafelCheckInputError where = { TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 9, 9 };
      const char *const *board;

      board_from_index (index, cells);
      text = board_text (cells, index % 4, canonical);
      result = tafel_check_position_full (text, -1, &where, &error);
      g_assert_no_error (error);
      g_assert_nonnull (result);
      g_assert_cmpint (where.problem, ==, TAFEL_CHECK_PROBLEM_NONE);
      g_assert_cmpuint (where.row, ==, 0);
      g_assert_cmpuint (where.column, ==, 0);

      board = tafel_check_result_get_board (result);
      for (guint r = 0; r < 3; r++)
        {
          g_assert_cmpstr (board[r], ==, canonical[r]);
          for (guint c = 0; c < 3; c++)
            g_assert_cmpint (tafel_check_result_get_cell (result, r + 1, c + 1), ==,
                             cells[r][c] == X ? TAFEL_CHECK_PLAYER_X
                             : cells[r][c] == O ? TAFEL_CHECK_PLAYER_O
                             : TAFEL_CHECK_PLAYER_NONE);
        }
      g_assert_null (board[3]);

      if (!e->reached)
        {
          TafelCheckReason reason = expected_reason (cells);

          /* The five reasons cover every board real play cannot reach. */
          g_assert_cmpint (reason, !=, TAFEL_CHECK_REASON_NONE);
          g_assert_cmpint (tafel_check_result_get_status (result), ==,
                           TAFEL_CHECK_STATUS_INVALID);
          g_assert_cmpint (tafel_check_result_get_reason (result), ==, reason);
          g_assert_nonnull (tafel_check_result_get_reason_text (result));
          g_assert_cmpint (tafel_check_result_get_winner (result), ==,
                           TAFEL_CHECK_PLAYER_NONE);
          g_assert_cmpint (tafel_check_result_get_next_player (result), ==,
                           TAFEL_CHECK_PLAYER_NONE);
          g_assert_cmpuint (tafel_check_result_get_n_lines (result), ==, 0);
          g_assert_null (tafel_check_result_to_moves (result));
          n_reasons[reason]++;
          continue;
        }

      n_reached++;
      g_assert_cmpint (tafel_check_result_get_status (result), ==, e->status);
      g_assert_cmpint (tafel_check_result_get_reason (result), ==,
                       TAFEL_CHECK_REASON_NONE);
      g_assert_null (tafel_check_result_get_reason_text (result));
      g_assert_cmpint (tafel_check_result_get_winner (result), ==, e->winner);
      g_assert_cmpint (tafel_check_result_get_next_player (result), ==,
                       e->next_player);
      g_assert_cmpuint (tafel_check_result_get_n_lines (result), ==, e->n_lines);
      for (guint i = 0; i < e->n_lines; i++)
        {
          guint rows[3], columns[3];

          tafel_check_result_get_line (result, i, rows, columns);
          for (guint k = 0; k < 3; k++)
            {
              g_assert_cmpuint (rows[k], ==, e->lines[i][k][0]);
              g_assert_cmpuint (columns[k], ==, e->lines[i][k][1]);
            }
        }

      switch (e->status)
        {
        case TAFEL_CHECK_STATUS_X_WON:
          n_x_won++;
          break;
        case TAFEL_CHECK_STATUS_O_WON:
          n_o_won++;
          break;
        case TAFEL_CHECK_STATUS_DRAW:
          n_draw++;
          break;
        case TAFEL_CHECK_STATUS_RUNNING:
          n_running++;
          check_continuation (result, cells);
          break;
        case TAFEL_CHECK_STATUS_INVALID:
        default:
          g_assert_not_reached ();
        }

      if (e->status != TAFEL_CHECK_STATUS_RUNNING)
        g_assert_null (tafel_check_result_to_moves (result));
    }

  /* The well-known census of Tic-Tac-Toe positions. */
  g_assert_cmpuint (n_reached, ==, 5478);
  g_assert_cmpuint (n_x_won, ==, 626);
  g_assert_cmpuint (n_o_won, ==, 316);
  g_assert_cmpuint (n_draw, ==, 16);
  g_assert_cmpuint (n_running, ==, 4520);
  g_assert_cmpuint (N_BOARDS - n_reached, ==,
                    n_reasons[TAFEL_CHECK_REASON_O_AHEAD]
                    + n_reasons[TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD]
                    + n_reasons[TAFEL_CHECK_REASON_BOTH_LINES]
                    + n_reasons[TAFEL_CHECK_REASON_X_LINE_COUNTS]
                    + n_reasons[TAFEL_CHECK_REASON_O_LINE_COUNTS]);
  for (guint r = TAFEL_CHECK_REASON_O_AHEAD; r <= TAFEL_CHECK_REASON_O_LINE_COUNTS; r++)
    g_assert_cmpuint (n_reasons[r], >, 0);
}

/* Malformed input */

typedef struct {
  const char *name;
  const char *text;
  gssize length;             /* -2: the literal's size without its NUL */
  TafelCheckProblem problem;
  guint row;
  guint column;
} BadInput;

#define LIT(s) s, sizeof (s) - 1

static const BadInput bad_inputs[] = {
  { "empty", LIT (""), TAFEL_CHECK_PROBLEM_EMPTY_INPUT, 1, 0 },
  { "one-row", LIT ("XOX"), TAFEL_CHECK_PROBLEM_MISSING_ROW, 2, 0 },
  { "one-row-newline", LIT ("XOX\n"), TAFEL_CHECK_PROBLEM_MISSING_ROW, 2, 0 },
  { "two-rows", LIT ("XOX\nOXO"), TAFEL_CHECK_PROBLEM_MISSING_ROW, 3, 0 },
  { "two-rows-newline", LIT ("XOX\nOXO\n"), TAFEL_CHECK_PROBLEM_MISSING_ROW, 3, 0 },
  { "two-rows-crlf", LIT ("XOX\r\nOXO\r\n"), TAFEL_CHECK_PROBLEM_MISSING_ROW, 3, 0 },
  { "four-rows", LIT ("X--\n---\n---\n---"), TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 },
  { "four-rows-newline", LIT ("X--\n---\n---\n---\n"), TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 },
  { "two-final-newlines", LIT ("X--\n---\n---\n\n"), TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 },
  { "two-final-crlf", LIT ("X--\r\n---\r\n---\r\n\r\n"), TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 },
  { "blank-after-board", LIT ("X--\n---\n---\n "), TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 },
  { "blank-line-middle", LIT ("X--\n\n---\n---"), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 2, 0 },
  { "blank-line-first", LIT ("\nX--\n---\n---"), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 1, 0 },
  { "blank-line-crlf", LIT ("X--\r\n\r\n---\r\n---"), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 2, 0 },
  { "blanks-only-row", LIT ("X--\n \t  \n---\n"), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 2, 0 },
  { "empty-third-row", LIT ("X--\n---\n\n"), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 3, 0 },
  { "only-newline", LIT ("\n"), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 1, 0 },
  { "only-blanks", LIT ("   "), TAFEL_CHECK_PROBLEM_EMPTY_ROW, 1, 0 },
  { "one-cell", LIT ("X\n---\n---"), TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 1, 2 },
  { "two-cells", LIT ("X--\nO-\n---"), TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 2, 3 },
  { "two-cells-spaced", LIT ("X--\n O \t- \n---"), TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 2, 6 },
  { "two-cells-last-row", LIT ("X--\nO--\n--"), TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 3, 3 },
  { "two-cells-before-crlf", LIT ("X-\r\n---\n---"), TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 1, 3 },
  { "four-cells", LIT ("X---\n---\n---"), TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS, 1, 4 },
  { "four-cells-spaced", LIT ("X--\n- O - X\n---"), TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS, 2, 7 },
  { "four-cells-last-row", LIT ("X--\n---\n-O-X\n"), TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS, 3, 4 },
  { "zero", LIT ("X-0\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 3 },
  { "star", LIT ("X--\n-*-\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 2 },
  { "dot", LIT ("X--\n---\n--."), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 3, 3 },
  { "underscore", LIT ("_--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 1 },
  { "letter-y", LIT ("X--\n--Y\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 3 },
  { "digit-one", LIT ("1--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 1 },
  { "comma", LIT ("X,-,-\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 2 },
  { "bad-char-before-fourth", LIT ("XXX*\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 4 },
  { "fourth-before-bad-char", LIT ("XXXO*\n---\n---"), TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS, 1, 4 },
  { "bad-char-before-missing-rows", LIT ("XX*"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 3 },
  { "short-row-before-bad-char", LIT ("XO\nO*O\n---"), TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 1, 3 },
  { "vertical-tab", LIT ("X--\n-\v--\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 2 },
  { "form-feed", LIT ("X--\f\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 4 },
  { "delete", LIT ("X--\n---\n-\x7f-"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 3, 2 },
  { "escape", LIT ("\x1b[1mX--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 1 },
  { "lone-cr", LIT ("X--\r---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 4 },
  { "cr-at-end", LIT ("X--\n---\n---\r"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 3, 4 },
  { "cr-cr-lf", LIT ("X--\r\r\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 4 },
  { "cr-inside-row", LIT ("X-\r-\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 3 },
  { "nul-in-row", LIT ("X--\n-\0-\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 2 },
  { "nul-at-start", LIT ("\0X--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 1 },
  { "nul-after-board", LIT ("X--\n---\n---\0"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 3, 4 },
  { "nul-after-newline", LIT ("X--\n---\n---\n\0"), TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 },
  { "e-acute", LIT ("X\xc3\xa9-\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 2 },
  { "fullwidth-x", LIT ("X--\n---\n--\xef\xbc\xb8"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 3, 3 },
  { "multiplication-sign", LIT ("\xc3\x97--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 1 },
  { "emoji", LIT ("X--\n-\xf0\x9f\x98\x80-\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 2 },
  { "no-break-space", LIT ("X\xc2\xa0--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 2 },
  { "byte-order-mark", LIT ("\xef\xbb\xbfX--\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 1 },
  { "combining-acute", LIT ("X\xcc\x81-\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 2 },
  { "right-to-left-override", LIT ("X--\n\xe2\x80\xae---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 1 },
  { "en-dash", LIT ("X\xe2\x80\x93-\n---\n---"), TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 1, 2 },
  { "invalid-ff", LIT ("X--\n-\xff-\n---"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 2, 2 },
  { "invalid-continuation", LIT ("X--\n---\n\x80--"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 3, 1 },
  { "invalid-overlong", LIT ("X\xc0\xaf-\n---\n---"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 1, 2 },
  { "invalid-surrogate", LIT ("X\xed\xa0\x80-\n---\n---"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 1, 2 },
  { "invalid-truncated", LIT ("X--\n---\n--\xc3"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 3, 3 },
  { "invalid-latin1", LIT ("X--\n-\xe9-\n---"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 2, 2 },
  { "invalid-too-large", LIT ("X\xf4\x90\x80\x80-\n---\n---"), TAFEL_CHECK_PROBLEM_INVALID_UTF8, 1, 2 },
};

static void
assert_bad_input (const char        *text,
                  gssize             length,
                  TafelCheckProblem  problem,
                  guint              row,
                  guint              column)
{
  g_autoptr(TafelCheckResult) result = NULL;
  g_autoptr(TafelCheckResult) result2 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autofree char *place = NULL;
  TafelCheckInputError where = { TAFEL_CHECK_PROBLEM_NONE, 77, 77 };

  result = tafel_check_position_full (text, length, &where, &error);
  g_assert_null (result);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT);
  g_assert_cmpint (where.problem, ==, problem);
  g_assert_cmpuint (where.row, ==, row);
  g_assert_cmpuint (where.column, ==, column);

  /* The message names the place too, and is valid UTF-8 whatever the input. */
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  if (column > 0)
    place = g_strdup_printf ("Row %u, column %u: ", row, column);
  else
    place = g_strdup_printf ("Row %u: ", row);
  g_assert_true (g_str_has_prefix (error->message, place));

  /* The short form fails the same way. */
  result2 = tafel_check_position (text, length, &error2);
  g_assert_null (result2);
  g_assert_error (error2, TAFEL_ERROR, TAFEL_ERROR_INPUT);
  g_assert_cmpstr (error2->message, ==, error->message);
}

static void
test_bad_input (gconstpointer data)
{
  const BadInput *bad = data;

  assert_bad_input (bad->text, bad->length, bad->problem, bad->row, bad->column);
}

/* Every byte in the middle of a board: accepted exactly where allowed. */
static void
test_every_byte (void)
{
  for (guint b = 0; b < 256; b++)
    {
      char text[] = "XO-\nO?X\n-XO";
      g_autoptr(TafelCheckResult) result = NULL;
      g_autoptr(GError) error = NULL;
      TafelCheckInputError where;

      text[5] = (char) b;
      result = tafel_check_position_full (text, sizeof text - 1, &where, &error);

      switch (b)
        {
        case 'X': case 'x': case 'O': case 'o': case '-':
          g_assert_no_error (error);
          g_assert_nonnull (result);
          break;
        case ' ': case '\t':
          g_assert_null (result);
          g_assert_cmpint (where.problem, ==, TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS);
          g_assert_cmpuint (where.row, ==, 2);
          g_assert_cmpuint (where.column, ==, 4);
          break;
        case '\n':
          g_assert_null (result);
          g_assert_cmpint (where.problem, ==, TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS);
          g_assert_cmpuint (where.row, ==, 2);
          g_assert_cmpuint (where.column, ==, 2);
          break;
        default:
          g_assert_null (result);
          g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT);
          g_assert_cmpint (where.problem, ==, b < 0x80
                           ? TAFEL_CHECK_PROBLEM_BAD_CHARACTER
                           : TAFEL_CHECK_PROBLEM_INVALID_UTF8);
          g_assert_cmpuint (where.row, ==, 2);
          g_assert_cmpuint (where.column, ==, 2);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          break;
        }
    }
}

/* The messages say what was found, in a form that can be shown. */
static void
test_messages (void)
{
  static const struct {
    const char *text;
    gsize length;
    const char *message;
  } cases[] = {
    { LIT ("X*-\n---\n---"), "Row 1, column 2: “*” is not X, O or -" },
    { LIT ("X\xc3\xa9-\n---\n---"), "Row 1, column 2: “é” (U+00E9) is not X, O or -" },
    { LIT ("X\xcc\x81-\n---\n---"), "Row 1, column 2: the character U+0301 is not X, O or -" },
    { LIT ("X\xc2\xa0-\n---\n---"), "Row 1, column 2: the character U+00A0 is not X, O or -" },
    { LIT ("X\x07-\n---\n---"), "Row 1, column 2: the control character U+0007 is not allowed" },
    { LIT ("X\0-\n---\n---"), "Row 1, column 2: a NUL byte is not allowed" },
    { LIT ("X\xff-\n---\n---"), "Row 1, column 2: the byte 0xFF is not valid UTF-8" },
    { LIT ("X-\r-\n---\n---"), "Row 1, column 3: a carriage return must be followed by a line feed" },
    { LIT ("X-\n---\n---"), "Row 1, column 3: the row ends after two cells; a row has three cells" },
    { LIT ("X\n---\n---"), "Row 1, column 2: the row ends after one cell; a row has three cells" },
    { LIT ("X---\n---\n---"), "Row 1, column 4: one cell too many; a row has three cells" },
    { LIT (""), "Row 1: the text is empty; a board has three rows" },
    { LIT ("---\n"), "Row 2: the row is missing; a board has three rows" },
    { LIT ("---\n\n---"), "Row 2: the row is empty; a row has three cells" },
    { LIT ("---\n---\n---\n\n"), "Row 4: there is more text after the third row; a board has three rows" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TafelCheckResult) result = NULL;
      g_autoptr(GError) error = NULL;

      result = tafel_check_position (cases[i].text, cases[i].length, &error);
      g_assert_null (result);
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_nul_terminated (void)
{
  static const char text[] = "XO-\nO\0X\n-XO";
  g_autoptr(TafelCheckResult) result = NULL;
  g_autoptr(GError) error = NULL;

  /* With a length the NUL is a bad character; without, the text ends there. */
  assert_bad_input (text, sizeof text - 1, TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 2);
  assert_bad_input (text, -1, TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 2, 2);

  /* A length shorter than the string reads only that much. */
  result = tafel_check_position ("XO-\nOXX\n-XO\nTRAILING", 11, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  assert_bad_input ("XO-\nOXX\n-XO", 9, TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, 3, 2);
  assert_bad_input (NULL, 0, TAFEL_CHECK_PROBLEM_EMPTY_INPUT, 1, 0);
}

static void
test_long_lines (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(TafelCheckResult) result = NULL;
  g_autoptr(GError) error = NULL;

  /* 100000 cells in one row: the fourth is the error. */
  g_string_append (text, "X--");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, "XO-"[i % 3]);
  g_string_append (text, "\n---\n---\n");
  assert_bad_input (text->str, text->len, TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS, 1, 4);

  /* 100000 blanks and tabs are ignored... */
  g_string_truncate (text, 0);
  g_string_append (text, "X--\n");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, i % 2 ? ' ' : '\t');
  g_string_append (text, "-O-\n---\n");
  result = tafel_check_position (text->str, text->len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tafel_check_result_get_status (result), ==,
                   TAFEL_CHECK_STATUS_RUNNING);
  g_assert_cmpstr (tafel_check_result_get_board (result)[1], ==, "-O-");

  /* ...and counted in the column of what follows them. */
  g_string_truncate (text, 0);
  g_string_append (text, "X--\n");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, ' ');
  g_string_append (text, "-O-?\n---\n");
  assert_bad_input (text->str, text->len, TAFEL_CHECK_PROBLEM_BAD_CHARACTER, 2, 100004);

  /* A very long row count: thousands of rows stop at row 4. */
  g_string_truncate (text, 0);
  for (guint i = 0; i < 5000; i++)
    g_string_append (text, "---\n");
  assert_bad_input (text->str, text->len, TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0);
}

static void
test_accepted_spellings (void)
{
  static const char *const spellings[] = {
    "XO-\nOX-\n---",
    "XO-\nOX-\n---\n",
    "XO-\r\nOX-\r\n---\r\n",
    "XO-\r\nOX-\n---",
    "xo-\noX-\n---\n",
    " X O - \n\tO\tX\t-\t\n- - -",
    "  X  O-\t\t\n \tOX  -\n  ---  \r\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      g_autoptr(TafelCheckResult) result = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *moves = NULL;
      const char *const *board;

      result = tafel_check_position (spellings[i], -1, &error);
      g_assert_no_error (error);
      board = tafel_check_result_get_board (result);
      g_assert_cmpstr (board[0], ==, "XO-");
      g_assert_cmpstr (board[1], ==, "OX-");
      g_assert_cmpstr (board[2], ==, "---");
      g_assert_cmpint (tafel_check_result_get_status (result), ==,
                       TAFEL_CHECK_STATUS_RUNNING);
      g_assert_cmpint (tafel_check_result_get_next_player (result), ==,
                       TAFEL_CHECK_PLAYER_X);
      moves = tafel_check_result_to_moves (result);
      g_assert_cmpstr (moves, ==, "1254");
    }
}

static void
test_text (void)
{
  static const struct {
    const char *board;
    const char *text;
  } cases[] = {
    { "XXX\nOO-\n---", "X has won: row 1 (1,1) (1,2) (1,3)" },
    { "XXX\nXOO\nXOO", "X has won: row 1 (1,1) (1,2) (1,3); column 1 (1,1) (2,1) (3,1)" },
    { "OXX\nXO-\n--O", "O has won: diagonal (1,1) (2,2) (3,3)" },
    { "XXO\nXO-\nO--", "O has won: anti-diagonal (1,3) (2,2) (3,1)" },
    { "XOX\nXOO\nOXX", "Draw: the board is full and nobody has a line." },
    { "---\n---\n---", "The game is running; X moves next." },
    { "X--\n---\n---", "The game is running; O moves next." },
    { "O--\n---\n---", "Impossible position: O has more stones than X." },
    { "XX-\n---\n---", "Impossible position: X has two or more stones more than O." },
    { "XXX\nOOO\nX--", "Impossible position: Both X and O have a line." },
    { "XXX\nOO-\nO--", "Impossible position: X has a line but not one stone more than O." },
    { "OOO\nXX-\nX-X", "Impossible position: O has a line but not as many stones as X." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TafelCheckResult) result = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      result = tafel_check_position (cases[i].board, -1, &error);
      g_assert_no_error (error);
      text = tafel_check_result_to_text (result);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_types (void)
{
  g_autoptr(TafelCheckResult) result = NULL;
  g_autoptr(GError) error = NULL;
  TafelCheckResult *copy;
  TafelCheckInputError where = { TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0 };
  g_autoptr(TafelCheckInputError) where_copy = NULL;
  g_autoptr(GEnumClass) status_class = NULL;
  g_autoptr(GEnumClass) reason_class = NULL;
  g_autoptr(GEnumClass) problem_class = NULL;
  g_autoptr(GEnumClass) player_class = NULL;

  result = tafel_check_position ("XXX\nXOO\nXOO\n", -1, &error);
  g_assert_no_error (error);

  g_assert_true (G_TYPE_IS_BOXED (TAFEL_TYPE_CHECK_RESULT));
  copy = g_boxed_copy (TAFEL_TYPE_CHECK_RESULT, result);
  g_assert_cmpint (tafel_check_result_get_status (copy), ==, TAFEL_CHECK_STATUS_X_WON);
  g_assert_cmpuint (tafel_check_result_get_n_lines (copy), ==, 2);
  g_assert_cmpuint (tafel_check_result_get_line_index (copy, 0), ==, 0);
  g_assert_cmpuint (tafel_check_result_get_line_index (copy, 1), ==, 3);
  g_boxed_free (TAFEL_TYPE_CHECK_RESULT, copy);

  g_assert_true (G_TYPE_IS_BOXED (TAFEL_TYPE_CHECK_INPUT_ERROR));
  where_copy = g_boxed_copy (TAFEL_TYPE_CHECK_INPUT_ERROR, &where);
  g_assert_cmpint (where_copy->problem, ==, TAFEL_CHECK_PROBLEM_EXTRA_ROW);
  g_assert_cmpuint (where_copy->row, ==, 4);

  status_class = g_type_class_ref (TAFEL_TYPE_CHECK_STATUS);
  g_assert_cmpint (g_enum_get_value_by_nick (status_class, "x-won")->value, ==,
                   TAFEL_CHECK_STATUS_X_WON);
  g_assert_cmpint (g_enum_get_value_by_nick (status_class, "invalid")->value, ==,
                   TAFEL_CHECK_STATUS_INVALID);
  g_assert_cmpuint (status_class->n_values, ==, 5);
  reason_class = g_type_class_ref (TAFEL_TYPE_CHECK_REASON);
  g_assert_cmpuint (reason_class->n_values, ==, 6);
  problem_class = g_type_class_ref (TAFEL_TYPE_CHECK_PROBLEM);
  g_assert_cmpuint (problem_class->n_values, ==, 9);
  player_class = g_type_class_ref (TAFEL_TYPE_CHECK_PLAYER);
  g_assert_cmpuint (player_class->n_values, ==, 3);

  g_assert_cmpstr (tafel_check_player_to_string (TAFEL_CHECK_PLAYER_X), ==, "X");
  g_assert_cmpstr (tafel_check_player_to_string (TAFEL_CHECK_PLAYER_O), ==, "O");
  g_assert_null (tafel_check_player_to_string (TAFEL_CHECK_PLAYER_NONE));
  g_assert_null (tafel_check_reason_to_string (TAFEL_CHECK_REASON_NONE));
}

static void
test_deterministic (void)
{
  static const char *const texts[] = {
    "XOX\nOXO\nOXO", "X--\n-O-\n--X", "XO*\n", "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(TafelCheckResult) a = NULL;
      g_autoptr(TafelCheckResult) b = NULL;
      g_autoptr(GError) error_a = NULL;
      g_autoptr(GError) error_b = NULL;
      g_autofree char *text_a = NULL;
      g_autofree char *text_b = NULL;

      a = tafel_check_position (texts[i], -1, &error_a);
      b = tafel_check_position (texts[i], -1, &error_b);
      if (a == NULL)
        {
          g_assert_null (b);
          g_assert_cmpstr (error_a->message, ==, error_b->message);
          continue;
        }
      text_a = tafel_check_result_to_text (a);
      text_b = tafel_check_result_to_text (b);
      g_assert_cmpstr (text_a, ==, text_b);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/checker/all-boards", test_all_boards);
  for (guint i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/checker/bad-input/%s",
                                               bad_inputs[i].name);
      g_test_add_data_func (path, &bad_inputs[i], test_bad_input);
    }
  g_test_add_func ("/checker/every-byte", test_every_byte);
  g_test_add_func ("/checker/messages", test_messages);
  g_test_add_func ("/checker/nul-terminated", test_nul_terminated);
  g_test_add_func ("/checker/long-lines", test_long_lines);
  g_test_add_func ("/checker/accepted-spellings", test_accepted_spellings);
  g_test_add_func ("/checker/text", test_text);
  g_test_add_func ("/checker/types", test_types);
  g_test_add_func ("/checker/deterministic", test_deterministic);

  return g_test_run ();
}
