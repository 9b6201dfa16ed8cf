/* tafel-checker.h: the Tic-Tac-Toe position checker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function reads a board given as text and says what it is: X won,
 * O won, a draw, a running game with the player to move, or a position
 * that cannot arise in a game (with the reason).  Malformed text is never
 * repaired: it is an error in TAFEL_ERROR with code TAFEL_ERROR_INPUT, and
 * the row and column of the first problem are returned as fields.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * TafelCheckStatus:
 * @TAFEL_CHECK_STATUS_X_WON: X has at least one line
 * @TAFEL_CHECK_STATUS_O_WON: O has at least one line
 * @TAFEL_CHECK_STATUS_DRAW: the board is full and nobody has a line
 * @TAFEL_CHECK_STATUS_RUNNING: the game goes on; see the next player
 * @TAFEL_CHECK_STATUS_INVALID: no game reaches this board; see the reason
 *
 * The verdict on a well-formed board.
 */
typedef enum {
  TAFEL_CHECK_STATUS_X_WON,
  TAFEL_CHECK_STATUS_O_WON,
  TAFEL_CHECK_STATUS_DRAW,
  TAFEL_CHECK_STATUS_RUNNING,
  TAFEL_CHECK_STATUS_INVALID,
} TafelCheckStatus;

/**
 * TafelCheckPlayer:
 * @TAFEL_CHECK_PLAYER_NONE: nobody (an empty cell, no winner, no next player)
 * @TAFEL_CHECK_PLAYER_X: X, who always starts
 * @TAFEL_CHECK_PLAYER_O: O
 */
typedef enum {
  TAFEL_CHECK_PLAYER_NONE,
  TAFEL_CHECK_PLAYER_X,
  TAFEL_CHECK_PLAYER_O,
} TafelCheckPlayer;

/**
 * TafelCheckReason:
 * @TAFEL_CHECK_REASON_NONE: the position is possible
 * @TAFEL_CHECK_REASON_O_AHEAD: O has more stones than X
 * @TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD: X has two or more stones more than O
 * @TAFEL_CHECK_REASON_BOTH_LINES: both X and O have a line
 * @TAFEL_CHECK_REASON_X_LINE_COUNTS: X has a line but not exactly one stone
 *   more than O
 * @TAFEL_CHECK_REASON_O_LINE_COUNTS: O has a line but not as many stones as X
 *
 * Why a board cannot arise in a game.  When several reasons apply, the
 * first one in this order is given: the stone counts, then both lines,
 * then a line that does not fit the counts.
 */
typedef enum {
  TAFEL_CHECK_REASON_NONE,
  TAFEL_CHECK_REASON_O_AHEAD,
  TAFEL_CHECK_REASON_X_TOO_FAR_AHEAD,
  TAFEL_CHECK_REASON_BOTH_LINES,
  TAFEL_CHECK_REASON_X_LINE_COUNTS,
  TAFEL_CHECK_REASON_O_LINE_COUNTS,
} TafelCheckReason;

/**
 * TafelCheckProblem:
 * @TAFEL_CHECK_PROBLEM_NONE: the text is a well-formed board
 * @TAFEL_CHECK_PROBLEM_EMPTY_INPUT: there is no text at all
 * @TAFEL_CHECK_PROBLEM_MISSING_ROW: the text ends before the row
 * @TAFEL_CHECK_PROBLEM_EXTRA_ROW: text follows the third row (row 4)
 * @TAFEL_CHECK_PROBLEM_EMPTY_ROW: the row has no cells (nothing, or only
 *   blanks and tabs)
 * @TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS: the row ends after one or two cells;
 *   the column is the one after the last cell
 * @TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS: the column holds a fourth cell
 * @TAFEL_CHECK_PROBLEM_BAD_CHARACTER: a character that is not X, O, -, x,
 *   o, a blank or a tab (a NUL byte, a carriage return not followed by a
 *   line feed, any other ASCII or non-ASCII character)
 * @TAFEL_CHECK_PROBLEM_INVALID_UTF8: bytes that are not UTF-8
 *
 * The kind of the first problem in malformed text.
 */
typedef enum {
  TAFEL_CHECK_PROBLEM_NONE,
  TAFEL_CHECK_PROBLEM_EMPTY_INPUT,
  TAFEL_CHECK_PROBLEM_MISSING_ROW,
  TAFEL_CHECK_PROBLEM_EXTRA_ROW,
  TAFEL_CHECK_PROBLEM_EMPTY_ROW,
  TAFEL_CHECK_PROBLEM_TOO_FEW_CELLS,
  TAFEL_CHECK_PROBLEM_TOO_MANY_CELLS,
  TAFEL_CHECK_PROBLEM_BAD_CHARACTER,
  TAFEL_CHECK_PROBLEM_INVALID_UTF8,
} TafelCheckProblem;

/**
 * TafelCheckInputError:
 * @problem: what is wrong, or %TAFEL_CHECK_PROBLEM_NONE
 * @row: the 1-based row (line) of the first problem; 0 with no problem
 * @column: the 1-based column (character in the line, a tab counts as
 *   one) of the first problem, or 0 where the problem concerns the whole
 *   row (a missing, extra or empty row, empty input)
 *
 * Where malformed text first goes wrong.
 */
typedef struct {
  TafelCheckProblem problem;
  guint row;
  guint column;
} TafelCheckInputError;

typedef struct _TafelCheckResult TafelCheckResult;

#define TAFEL_TYPE_CHECK_STATUS (tafel_check_status_get_type ())
#define TAFEL_TYPE_CHECK_PLAYER (tafel_check_player_get_type ())
#define TAFEL_TYPE_CHECK_REASON (tafel_check_reason_get_type ())
#define TAFEL_TYPE_CHECK_PROBLEM (tafel_check_problem_get_type ())
#define TAFEL_TYPE_CHECK_INPUT_ERROR (tafel_check_input_error_get_type ())
#define TAFEL_TYPE_CHECK_RESULT (tafel_check_result_get_type ())

GType             tafel_check_status_get_type      (void) G_GNUC_CONST;
GType             tafel_check_player_get_type      (void) G_GNUC_CONST;
GType             tafel_check_reason_get_type      (void) G_GNUC_CONST;
GType             tafel_check_problem_get_type     (void) G_GNUC_CONST;
GType             tafel_check_input_error_get_type (void) G_GNUC_CONST;
GType             tafel_check_result_get_type      (void) G_GNUC_CONST;

TafelCheckResult *tafel_check_position             (const char           *text,
                                                    gssize                length,
                                                    GError              **error);
TafelCheckResult *tafel_check_position_full        (const char           *text,
                                                    gssize                length,
                                                    TafelCheckInputError *input_error,
                                                    GError              **error);

TafelCheckInputError *tafel_check_input_error_copy (const TafelCheckInputError *input_error);
void              tafel_check_input_error_free     (TafelCheckInputError *input_error);

TafelCheckResult *tafel_check_result_ref           (TafelCheckResult     *result);
void              tafel_check_result_unref         (TafelCheckResult     *result);

TafelCheckStatus  tafel_check_result_get_status    (const TafelCheckResult *result);
TafelCheckPlayer  tafel_check_result_get_winner    (const TafelCheckResult *result);
TafelCheckPlayer  tafel_check_result_get_next_player (const TafelCheckResult *result);
TafelCheckReason  tafel_check_result_get_reason    (const TafelCheckResult *result);
const char       *tafel_check_result_get_reason_text (const TafelCheckResult *result);
guint             tafel_check_result_get_n_lines   (const TafelCheckResult *result);
void              tafel_check_result_get_line      (const TafelCheckResult *result,
                                                    guint                   index,
                                                    guint                  *rows,
                                                    guint                  *columns);
guint             tafel_check_result_get_line_index (const TafelCheckResult *result,
                                                    guint                   index);
const char *const *tafel_check_result_get_board    (const TafelCheckResult *result);
TafelCheckPlayer  tafel_check_result_get_cell      (const TafelCheckResult *result,
                                                    guint                   row,
                                                    guint                   column);
char             *tafel_check_result_to_text       (const TafelCheckResult *result);
char             *tafel_check_result_to_moves      (const TafelCheckResult *result);

const char       *tafel_check_player_to_string     (TafelCheckPlayer      player);
const char       *tafel_check_reason_to_string     (TafelCheckReason      reason);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelCheckResult, tafel_check_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelCheckInputError, tafel_check_input_error_free)

G_END_DECLS
