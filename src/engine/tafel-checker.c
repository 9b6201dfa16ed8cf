/* tafel-checker.c: the Tic-Tac-Toe position checker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text is read once, left to right, and the first place where it
 * stops being a board is the error: a bad character, a fourth cell, the
 * end of a row with too few cells, a missing or an extra row.  Every
 * character before that place is ASCII, so columns counted in bytes and
 * in characters agree.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-checker.h"
#include "tafel-error.h"
#include "tafel-grid3.h"

struct _TafelCheckResult {
  TafelCheckStatus status;
  TafelCheckPlayer winner;
  TafelCheckPlayer next_player;
  TafelCheckReason reason;
  guint16 x_mask;
  guint16 o_mask;
  guint n_lines;
  guint8 lines[TAFEL_GRID3_LINES];   /* indexes into tafel_grid3_line_masks */
  char rows[3][4];
  const char *board[4];              /* points into rows, NULL-terminated */
};

G_DEFINE_ENUM_TYPE (TafelCheckStatus, tafel_check_status,
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_STATUS_X_WON, "x-won"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_STATUS_O_WON, "o-won"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_STATUS_DRAW, "draw"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_STATUS_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_STATUS_INVALID, "invalid"))

G_DEFINE_ENUM_TYPE (TafelCheckPlayer, tafel_check_player,
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PLAYER_NONE, "none"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PLAYER_X, "x"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PLAYER_O, "o"))

G_DEFINE_ENUM_TYPE (TafelCheckReason, tafel_check_reason,
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_REASON_NONE, "none"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_REASON_O_AHEAD, "o-ahead"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD, "x-too-far-ahead"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_REASON_BOTH_LINES, "both-lines"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_REASON_X_LINE_COUNTS, "x-line-counts"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_REASON_O_LINE_COUNTS, "o-line-counts"))

G_DEFINE_ENUM_TYPE (TafelCheckProblem, tafel_check_problem,
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_NONE, "none"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_EMPTY_INPUT, "empty-input"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_MISSING_ROW, "missing-row"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_EXTRA_ROW, "extra-row"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_EMPTY_ROW, "empty-row"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS, "too-few-cells"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS, "too-many-cells"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_BAD_CHARACTER, "bad-character"),
  G_DEFINE_ENUM_VALUE (TAFEL_CHECK_PROBLEM_INVALID_UTF8, "invalid-utf8"))

G_DEFINE_BOXED_TYPE (TafelCheckInputError, tafel_check_input_error,
                     tafel_check_input_error_copy,
                     tafel_check_input_error_free)

G_DEFINE_BOXED_TYPE (TafelCheckResult, tafel_check_result,
                     tafel_check_result_ref,
                     tafel_check_result_unref)

/* Columns and rows are reported as guint; a line longer than that is
 * reported at the largest column. */
static guint
clamp_column (gsize column)
{
  return column > G_MAXUINT ? G_MAXUINT : (guint) column;
}

static gboolean
fail (TafelCheckInputError *where,
      GError              **error,
      TafelCheckProblem     problem,
      guint                 row,
      gsize                 column_wide,
      const char           *message)
{
  guint column = clamp_column (column_wide);

  where->problem = problem;
  where->row = row;
  where->column = column;

  if (column > 0)
    g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT,
                 /* Translators: the place of an error in the board text,
                  * followed by what is wrong there */
                 _("Row %u, column %u: %s"), row, column, message);
  else
    g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT,
                 /* Translators: the place of an error in the board text,
                  * followed by what is wrong there */
                 _("Row %u: %s"), row, message);

  return FALSE;
}

/* A character that cannot be part of a board, at @p (@avail bytes left). */
static gboolean
fail_character (TafelCheckInputError *where,
                GError              **error,
                guint                 row,
                gsize                 column,
                const char           *p,
                gsize                 avail)
{
  guchar c = (guchar) *p;
  g_autofree char *message = NULL;

  if (c == '\0')
    message = g_strdup (_("a NUL byte is not allowed"));
  else if (c == '\r')
    message = g_strdup (_("a carriage return must be followed by a line feed"));
  else if (c < 0x80 && g_ascii_isgraph (c))
    /* Translators: %c is the character found in the board text */
    message = g_strdup_printf (_("“%c” is not X, O or -"), c);
  else if (c < 0x80)
    /* Translators: %04X is the character code, as in U+0007 */
    message = g_strdup_printf (_("the control character U+%04X is not allowed"), c);
  else
    {
      gunichar u = g_utf8_get_char_validated (p, (gssize) MIN (avail, 6));

      if (u == (gunichar) -1 || u == (gunichar) -2)
        {
          message = g_strdup_printf (
            /* Translators: %02X is the byte in hexadecimal */
            _("the byte 0x%02X is not valid UTF-8"), c);
          return fail (where, error, TAFEL_CHECK_PROBLEM_INVALID_UTF8,
                       row, column, message);
        }

      /* Quoted only when it shows on its own: not a space, a control or
       * format character, nor a mark that would sit on the quote. */
      if (g_unichar_isgraph (u) && !g_unichar_ismark (u))
        {
          char utf8[8] = { 0 };

          g_unichar_to_utf8 (u, utf8);
          /* Translators: %s is the character found in the board text,
           * %04X its code, as in “é” (U+00E9) */
          message = g_strdup_printf (_("“%s” (U+%04X) is not X, O or -"),
                                     utf8, u);
        }
      else
        message = g_strdup_printf (
          /* Translators: %04X is the character code, as in U+00A0 */
          _("the character U+%04X is not X, O or -"), u);
    }

  return fail (where, error, TAFEL_CHECK_PROBLEM_BAD_CHARACTER,
               row, column, message);
}

/* Reads the board into @x_mask and @o_mask (bit r*3+c). */
static gboolean
parse_board (const char           *text,
             gsize                 length,
             guint16              *x_mask,
             guint16              *o_mask,
             TafelCheckInputError *where,
             GError              **error)
{
  gsize pos = 0;

  *x_mask = *o_mask = 0;

  for (guint row = 1; row <= 3; row++)
    {
      gsize column = 0;          /* of the character at pos */
      gsize last_cell = 0;       /* column of the last cell in this row */
      guint cells = 0;

      if (pos == length)
        {
          if (row == 1)
            return fail (where, error, TAFEL_CHECK_PROBLEM_EMPTY_INPUT, 1, 0,
                         _("the text is empty; a board has three rows"));
          return fail (where, error, TAFEL_CHECK_PROBLEM_MISSING_ROW, row, 0,
                       _("the row is missing; a board has three rows"));
        }

      for (;;)
        {
          char c;

          if (pos == length)
            break;

          c = text[pos];
          column++;

          if (c == '\n')
            {
              pos++;
              break;
            }
          if (c == '\r')
            {
              if (pos + 1 < length && text[pos + 1] == '\n')
                {
                  pos += 2;
                  break;
                }
              return fail_character (where, error, row, column,
                                     text + pos, length - pos);
            }

          if (c == ' ' || c == '\t')
            {
              pos++;
              continue;
            }

          if (c != 'X' && c != 'x' && c != 'O' && c != 'o' && c != '-')
            return fail_character (where, error, row, column,
                                   text + pos, length - pos);

          if (cells == 3)
            return fail (where, error, TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS,
                         row, column,
                         _("one cell too many; a row has three cells"));

          if (c == 'X' || c == 'x')
            *x_mask |= 1u << ((row - 1) * 3 + cells);
          else if (c == 'O' || c == 'o')
            *o_mask |= 1u << ((row - 1) * 3 + cells);
          cells++;
          last_cell = column;
          pos++;
        }

      if (cells == 0)
        return fail (where, error, TAFEL_CHECK_PROBLEM_EMPTY_ROW, row, 0,
                     _("the row is empty; a row has three cells"));
      if (cells < 3)
        return fail (where, error, TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS,
                     row, last_cell + 1,
                     cells == 1
                     ? _("the row ends after one cell; a row has three cells")
                     : _("the row ends after two cells; a row has three cells"));
    }

  if (pos < length)
    return fail (where, error, TAFEL_CHECK_PROBLEM_EXTRA_ROW, 4, 0,
                 _("there is more text after the third row; a board has three rows"));

  return TRUE;
}

static guint
count_bits (guint16 mask)
{
  guint n = 0;

  for (; mask != 0; mask &= mask - 1)
    n++;

  return n;
}

static void
classify (TafelCheckResult *result)
{
  guint nx = count_bits (result->x_mask);
  guint no = count_bits (result->o_mask);
  gboolean x_line = tafel_grid3_has_line (result->x_mask);
  gboolean o_line = tafel_grid3_has_line (result->o_mask);
  guint16 winner_mask = 0;

  result->status = TAFEL_CHECK_STATUS_INVALID;

  if (no > nx)
    result->reason = TAFEL_CHECK_REASON_O_AHEAD;
  else if (nx > no + 1)
    result->reason = TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD;
  else if (x_line && o_line)
    result->reason = TAFEL_CHECK_REASON_BOTH_LINES;
  else if (x_line && nx != no + 1)
    result->reason = TAFEL_CHECK_REASON_X_LINE_COUNTS;
  else if (o_line && nx != no)
    result->reason = TAFEL_CHECK_REASON_O_LINE_COUNTS;
  else if (x_line)
    {
      result->status = TAFEL_CHECK_STATUS_X_WON;
      result->winner = TAFEL_CHECK_PLAYER_X;
      winner_mask = result->x_mask;
    }
  else if (o_line)
    {
      result->status = TAFEL_CHECK_STATUS_O_WON;
      result->winner = TAFEL_CHECK_PLAYER_O;
      winner_mask = result->o_mask;
    }
  else if (nx + no == TAFEL_GRID3_CELLS)
    result->status = TAFEL_CHECK_STATUS_DRAW;
  else
    {
      result->status = TAFEL_CHECK_STATUS_RUNNING;
      result->next_player = nx == no ? TAFEL_CHECK_PLAYER_X : TAFEL_CHECK_PLAYER_O;
    }

  if (winner_mask != 0)
    for (guint i = 0; i < TAFEL_GRID3_LINES; i++)
      if ((winner_mask & tafel_grid3_line_masks[i]) == tafel_grid3_line_masks[i])
        result->lines[result->n_lines++] = i;
}

/**
 * tafel_check_position_full:
 * @text: (array length=length) (element-type guint8): the board as text
 * @length: the length of @text in bytes, or -1 when it is NUL-terminated;
 *   with a length, NUL bytes are part of the text (and an error)
 * @input_error: (out caller-allocates) (optional): where malformed text
 *   first goes wrong; cleared when the text is a board
 * @error: return location for an error
 *
 * Checks a Tic-Tac-Toe position given as three rows of `X`, `O` or `-`
 * (`x` and `o` too), one row per line.  Blanks and tabs inside a row are
 * ignored, a carriage return before a line feed is accepted, and one final
 * line break is allowed.  Anything else is an error in %TAFEL_ERROR with
 * the code %TAFEL_ERROR_INPUT; its message names the row and, where it
 * applies, the column of the first problem, and @input_error gives them as
 * numbers.  The text is never repaired.
 *
 * A well-formed board always gives a result, also when no game can reach
 * it (%TAFEL_CHECK_STATUS_INVALID, with a reason).  The function keeps no
 * state: the same text always gives the same answer.
 *
 * Returns: (transfer full) (nullable): the verdict, or %NULL on malformed text
 */
TafelCheckResult *
tafel_check_position_full (const char           *text,
                           gssize                length,
                           TafelCheckInputError *input_error,
                           GError              **error)
{
  TafelCheckInputError where = { TAFEL_CHECK_PROBLEM_NONE, 0, 0 };
  TafelCheckResult *result;
  guint16 x_mask, o_mask;
  gsize len;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  len = length < 0 ? strlen (text) : (gsize) length;

  if (!parse_board (text, len, &x_mask, &o_mask, &where, error))
    {
      if (input_error != NULL)
        *input_error = where;
      return NULL;
    }

  if (input_error != NULL)
    *input_error = where;

  result = g_atomic_rc_box_new0 (TafelCheckResult);
  result->x_mask = x_mask;
  result->o_mask = o_mask;

  for (guint r = 0; r < 3; r++)
    {
      for (guint c = 0; c < 3; c++)
        {
          guint16 bit = 1u << (r * 3 + c);

          result->rows[r][c] = (x_mask & bit) ? 'X' : (o_mask & bit) ? 'O' : '-';
        }
      result->rows[r][3] = '\0';
      result->board[r] = result->rows[r];
    }
  result->board[3] = NULL;

  classify (result);

  return result;
}

/**
 * tafel_check_position:
 * @text: (array length=length) (element-type guint8): the board as text
 * @length: the length of @text in bytes, or -1 when it is NUL-terminated
 * @error: return location for an error
 *
 * Like tafel_check_position_full() without the location of an input error
 * as numbers (the error message still names it).
 *
 * Returns: (transfer full) (nullable): the verdict, or %NULL on malformed text
 */
TafelCheckResult *
tafel_check_position (const char  *text,
                      gssize       length,
                      GError     **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return tafel_check_position_full (text, length, NULL, error);
}

/**
 * tafel_check_input_error_copy:
 * @input_error: an input error location
 *
 * Returns: (transfer full): a copy of @input_error
 */
TafelCheckInputError *
tafel_check_input_error_copy (const TafelCheckInputError *input_error)
{
  g_return_val_if_fail (input_error != NULL, NULL);

  return g_memdup2 (input_error, sizeof *input_error);
}

/**
 * tafel_check_input_error_free:
 * @input_error: (nullable): a copy made by tafel_check_input_error_copy()
 */
void
tafel_check_input_error_free (TafelCheckInputError *input_error)
{
  g_free (input_error);
}

/**
 * tafel_check_result_ref:
 * @result: a check result
 *
 * Returns: (transfer full): @result
 */
TafelCheckResult *
tafel_check_result_ref (TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  return g_atomic_rc_box_acquire (result);
}

/**
 * tafel_check_result_unref:
 * @result: (nullable) (transfer full): a check result
 */
void
tafel_check_result_unref (TafelCheckResult *result)
{
  if (result != NULL)
    g_atomic_rc_box_release (result);
}

/**
 * tafel_check_result_get_status:
 * @result: a check result
 *
 * Returns: the verdict
 */
TafelCheckStatus
tafel_check_result_get_status (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, TAFEL_CHECK_STATUS_INVALID);

  return result->status;
}

/**
 * tafel_check_result_get_winner:
 * @result: a check result
 *
 * Returns: the winner, or %TAFEL_CHECK_PLAYER_NONE unless the status is
 *   X won or O won
 */
TafelCheckPlayer
tafel_check_result_get_winner (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, TAFEL_CHECK_PLAYER_NONE);

  return result->winner;
}

/**
 * tafel_check_result_get_next_player:
 * @result: a check result
 *
 * Returns: the player to move, or %TAFEL_CHECK_PLAYER_NONE unless the
 *   status is running
 */
TafelCheckPlayer
tafel_check_result_get_next_player (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, TAFEL_CHECK_PLAYER_NONE);

  return result->next_player;
}

/**
 * tafel_check_result_get_reason:
 * @result: a check result
 *
 * Returns: why the position is impossible, or %TAFEL_CHECK_REASON_NONE
 *   unless the status is invalid
 */
TafelCheckReason
tafel_check_result_get_reason (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, TAFEL_CHECK_REASON_NONE);

  return result->reason;
}

/**
 * tafel_check_result_get_reason_text:
 * @result: a check result
 *
 * Returns: (nullable): the reason as a translated sentence, or %NULL
 *   unless the status is invalid
 */
const char *
tafel_check_result_get_reason_text (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  return tafel_check_reason_to_string (result->reason);
}

/**
 * tafel_check_result_get_n_lines:
 * @result: a check result
 *
 * Returns: the number of the winner's lines (0, 1 or 2); 0 unless the
 *   status is X won or O won
 */
guint
tafel_check_result_get_n_lines (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, 0);

  return result->n_lines;
}

/**
 * tafel_check_result_get_line:
 * @result: a check result
 * @index: a line, below tafel_check_result_get_n_lines()
 * @rows: (out caller-allocates) (array fixed-size=3) (optional): the
 *   1-based rows of the three cells
 * @columns: (out caller-allocates) (array fixed-size=3) (optional): the
 *   1-based columns of the three cells
 *
 * Gives a winning line as three (row, column) pairs in reading order.  The
 * lines are ordered rows first, then columns, then the main diagonal, then
 * the anti-diagonal.
 */
void
tafel_check_result_get_line (const TafelCheckResult *result,
                             guint                   index,
                             guint                  *rows,
                             guint                  *columns)
{
  guint16 mask;
  guint n = 0;

  g_return_if_fail (result != NULL);
  g_return_if_fail (index < result->n_lines);

  mask = tafel_grid3_line_masks[result->lines[index]];
  for (guint cell = 0; cell < TAFEL_GRID3_CELLS; cell++)
    {
      if (!(mask & (1u << cell)))
        continue;
      if (rows != NULL)
        rows[n] = cell / 3 + 1;
      if (columns != NULL)
        columns[n] = cell % 3 + 1;
      n++;
    }
}

/**
 * tafel_check_result_get_line_index:
 * @result: a check result
 * @index: a line, below tafel_check_result_get_n_lines()
 *
 * Returns: the winning line as an index into the lines of the 3x3 board
 *   (tafel_grid3_board.lines): 0..2 the rows, 3..5 the columns, 6 the main
 *   diagonal, 7 the anti-diagonal
 */
guint
tafel_check_result_get_line_index (const TafelCheckResult *result,
                                   guint                   index)
{
  g_return_val_if_fail (result != NULL, 0);
  g_return_val_if_fail (index < result->n_lines, 0);

  return result->lines[index];
}

/**
 * tafel_check_result_get_board:
 * @result: a check result
 *
 * Returns: (transfer none) (array zero-terminated=1): the board as three
 *   rows of `X`, `O` and `-`, such as "XO-"
 */
const char *const *
tafel_check_result_get_board (const TafelCheckResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  return result->board;
}

/**
 * tafel_check_result_get_cell:
 * @result: a check result
 * @row: 1..3
 * @column: 1..3
 *
 * Returns: who holds the cell
 */
TafelCheckPlayer
tafel_check_result_get_cell (const TafelCheckResult *result,
                             guint                   row,
                             guint                   column)
{
  guint16 bit;

  g_return_val_if_fail (result != NULL, TAFEL_CHECK_PLAYER_NONE);
  g_return_val_if_fail (row >= 1 && row <= 3, TAFEL_CHECK_PLAYER_NONE);
  g_return_val_if_fail (column >= 1 && column <= 3, TAFEL_CHECK_PLAYER_NONE);

  bit = 1u << ((row - 1) * 3 + column - 1);
  if (result->x_mask & bit)
    return TAFEL_CHECK_PLAYER_X;
  if (result->o_mask & bit)
    return TAFEL_CHECK_PLAYER_O;
  return TAFEL_CHECK_PLAYER_NONE;
}

static void
append_line_name (GString *out,
                  guint    line)
{
  if (line < 3)
    /* Translators: a winning line, %u is 1..3 */
    g_string_append_printf (out, _("row %u"), line + 1);
  else if (line < 6)
    /* Translators: a winning line, %u is 1..3 */
    g_string_append_printf (out, _("column %u"), line - 2);
  else if (line == 6)
    /* Translators: the winning line from the top left to the bottom right */
    g_string_append (out, _("diagonal"));
  else
    /* Translators: the winning line from the top right to the bottom left */
    g_string_append (out, _("anti-diagonal"));
}

/**
 * tafel_check_result_to_text:
 * @result: a check result
 *
 * Describes the verdict in one translated sentence for people, such as
 * "X has won: row 1 (1,1) (1,2) (1,3)".
 *
 * Returns: (transfer full): the sentence
 */
char *
tafel_check_result_to_text (const TafelCheckResult *result)
{
  GString *out;

  g_return_val_if_fail (result != NULL, NULL);

  out = g_string_new (NULL);

  switch (result->status)
    {
    case TAFEL_CHECK_STATUS_X_WON:
    case TAFEL_CHECK_STATUS_O_WON:
      g_string_append (out, result->status == TAFEL_CHECK_STATUS_X_WON
                       ? _("X has won:") : _("O has won:"));
      for (guint i = 0; i < result->n_lines; i++)
        {
          guint rows[3], columns[3];

          if (i > 0)
            g_string_append_c (out, ';');
          g_string_append_c (out, ' ');
          append_line_name (out, result->lines[i]);
          tafel_check_result_get_line (result, i, rows, columns);
          for (guint k = 0; k < 3; k++)
            g_string_append_printf (out, " (%u,%u)", rows[k], columns[k]);
        }
      break;

    case TAFEL_CHECK_STATUS_DRAW:
      g_string_append (out, _("Draw: the board is full and nobody has a line."));
      break;

    case TAFEL_CHECK_STATUS_RUNNING:
      g_string_append (out, result->next_player == TAFEL_CHECK_PLAYER_X
                       ? _("The game is running; X moves next.")
                       : _("The game is running; O moves next."));
      break;

    case TAFEL_CHECK_STATUS_INVALID:
    default:
      /* Translators: %s is the reason, such as “O has more stones than X.” */
      g_string_append_printf (out, _("Impossible position: %s"),
                              tafel_check_reason_to_string (result->reason));
      break;
    }

  return g_string_free (out, FALSE);
}

/**
 * tafel_check_result_to_moves:
 * @result: a check result
 *
 * Turns a running position into a Tic-Tac-Toe game in the notation of
 * cells `1`..`9`, X first, that reaches exactly this board with the right
 * player to move; tafel_rules_parse_moves() plays it.  Any order of each
 * side's stones works, since a running position has no line; the cells
 * are taken in reading order.
 *
 * Returns: (transfer full) (nullable): the moves ("" for the empty board),
 *   or %NULL unless the status is running
 */
char *
tafel_check_result_to_moves (const TafelCheckResult *result)
{
  guint8 xs[TAFEL_GRID3_CELLS], os[TAFEL_GRID3_CELLS];
  guint nx = 0, no = 0;
  GString *out;

  g_return_val_if_fail (result != NULL, NULL);

  if (result->status != TAFEL_CHECK_STATUS_RUNNING)
    return NULL;

  for (guint cell = 0; cell < TAFEL_GRID3_CELLS; cell++)
    {
      if (result->x_mask & (1u << cell))
        xs[nx++] = cell;
      else if (result->o_mask & (1u << cell))
        os[no++] = cell;
    }

  out = g_string_sized_new (TAFEL_GRID3_CELLS + 1);
  for (guint i = 0; i < nx; i++)
    {
      g_string_append_c (out, '1' + xs[i]);
      if (i < no)
        g_string_append_c (out, '1' + os[i]);
    }

  return g_string_free (out, FALSE);
}

/**
 * tafel_check_player_to_string:
 * @player: a player
 *
 * Returns: (nullable): "X", "O", or %NULL for nobody
 */
const char *
tafel_check_player_to_string (TafelCheckPlayer player)
{
  switch (player)
    {
    case TAFEL_CHECK_PLAYER_X:
      return "X";
    case TAFEL_CHECK_PLAYER_O:
      return "O";
    case TAFEL_CHECK_PLAYER_NONE:
    default:
      return NULL;
    }
}

/**
 * tafel_check_reason_to_string:
 * @reason: a reason
 *
 * Returns: (nullable): the reason as a translated sentence, or %NULL for
 *   %TAFEL_CHECK_REASON_NONE
 */
const char *
tafel_check_reason_to_string (TafelCheckReason reason)
{
  switch (reason)
    {
    case TAFEL_CHECK_REASON_O_AHEAD:
      return _("O has more stones than X.");
    case TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD:
      return _("X has two or more stones more than O.");
    case TAFEL_CHECK_REASON_BOTH_LINES:
      return _("Both X and O have a line.");
    case TAFEL_CHECK_REASON_X_LINE_COUNTS:
      return _("X has a line but not one stone more than O.");
    case TAFEL_CHECK_REASON_O_LINE_COUNTS:
      return _("O has a line but not as many stones as X.");
    case TAFEL_CHECK_REASON_NONE:
    default:
      return NULL;
    }
}
