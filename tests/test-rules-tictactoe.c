/* test-rules-tictactoe.c: Tic-Tac-Toe, exhaustively
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
#include "tafel-rules.h"

static const TafelRules *rules;

/* Independent check of a line on a 3x3 board given as 9 chars. */
static gboolean
naive_line (const char *b,
            char        c)
{
  for (int i = 0; i < 3; i++)
    {
      if (b[i * 3] == c && b[i * 3 + 1] == c && b[i * 3 + 2] == c)
        return TRUE;
      if (b[i] == c && b[i + 3] == c && b[i + 6] == c)
        return TRUE;
    }
  return (b[0] == c && b[4] == c && b[8] == c) || (b[2] == c && b[4] == c && b[6] == c);
}

static void
board_of (const TafelState *state,
          char             *b)
{
  TafelPointInfo info[9];

  rules->points (state, info);
  for (int i = 0; i < 9; i++)
    b[i] = info[i].owner == TAFEL_POINT_SIDE0 ? 'X' : info[i].owner == TAFEL_POINT_SIDE1 ? 'O' : '-';
  b[9] = '\0';
}

typedef struct {
  GHashTable *positions;
  guint64 games;
  guint64 x_wins, o_wins, draws;
} Count;

static void
count (Count      *c,
       TafelState *state)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelOutcome outcome;
  char b[10];
  guint n;

  board_of (state, b);
  g_hash_table_add (c->positions, g_strdup (b));

  rules->outcome (state, NULL, &outcome);
  g_assert_cmpint (outcome.status == TAFEL_STATUS_WON && outcome.winner == 0, ==, naive_line (b, 'X'));
  g_assert_cmpint (outcome.status == TAFEL_STATUS_WON && outcome.winner == 1, ==, naive_line (b, 'O'));
  g_assert_cmpint (outcome.status == TAFEL_STATUS_DRAWN, ==,
                   strchr (b, '-') == NULL && !naive_line (b, 'X') && !naive_line (b, 'O'));

  n = rules->legal_moves (state, moves);
  if (outcome.status != TAFEL_STATUS_RUNNING)
    {
      g_assert_cmpuint (n, ==, 0);
      c->games++;
      if (outcome.status == TAFEL_STATUS_DRAWN)
        c->draws++;
      else if (outcome.winner == 0)
        c->x_wins++;
      else
        c->o_wins++;
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      TafelState before = *state;
      TafelUndo undo;

      g_assert_cmpint (b[moves[i].path[0]], ==, '-');
      rules->make (state, &moves[i], &undo);
      count (c, state);
      rules->unmake (state, &moves[i], &undo);
      g_assert_cmpmem (state, sizeof *state, &before, sizeof before);
    }
}

static void
test_exhaustive (void)
{
  Count c = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), 0, 0, 0, 0 };
  TafelState state;

  rules->init (&state);
  count (&c, &state);

  /* The well-known figures of the game. */
  g_assert_cmpuint (g_hash_table_size (c.positions), ==, 5478);
  g_assert_cmpuint (c.games, ==, 255168);
  g_assert_cmpuint (c.x_wins, ==, 131184);
  g_assert_cmpuint (c.o_wins, ==, 77904);
  g_assert_cmpuint (c.draws, ==, 46080);

  g_hash_table_unref (c.positions);
}

static void
test_notation_and_errors (void)
{
  g_autoptr(GError) error = NULL;
  TafelState state;

  g_assert_true (tafel_rules_parse_moves (rules, "5137", &state, NULL, &error));
  g_assert_false (tafel_rules_parse_moves (rules, "515", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  /* X wins with 1 5 9 after 2 and 3; a move after that is refused. */
  g_assert_false (tafel_rules_parse_moves (rules, "125394", &state, NULL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_GAME_OVER);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  rules = tafel_rules_get (TAFEL_GAME_TICTACTOE);

  g_test_add_func ("/tictactoe/exhaustive", test_exhaustive);
  g_test_add_func ("/tictactoe/notation-and-errors", test_notation_and_errors);

  return g_test_run ();
}
