/* test-ui-games.c: every game through the real window, in-process: the
 * game switcher, a whole game of each game played by board clicks (two
 * persons, and against the computer), and Mill's clicks (select, move,
 * remove, cancel)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The moves are chosen by the test from the rules' legal moves with a
 * seeded GRand and clicked at the points tafel_board_view_point_position()
 * gives, one click per target of the move's path.  After every move the
 * test compares the match with its own copy of the game, kept with the
 * plain rules, and checks the status line; at the end it checks that the
 * status names the result.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "tafel-application.h"
#include "ui-test-util.h"
#include "tafel-board-view.h"
#include "tafel-window-private.h"

/* More than any game of Mill can last: 18 placements, and at most 100
 * half-moves after each of the at most 14 removals and before the first. */
#define MAX_PLIES 1600

static const char *const game_keys[TAFEL_N_GAMES] = { "infinity", "tictactoe", "connect-four", "mill" };

/* ---- the window ---- */

/* A new window showing @game, without a saved game. */
static TafelWindow *
open_window (TafelGame   game,
             const char *opponent,
             const char *first_player)
{
  g_autoptr(GSettings) settings = ui_test_settings (game_keys[game], opponent, "relaxed");

  g_settings_set_string (settings, "first-player", first_player);
  return ui_test_open_window (560, 600);
}

static TafelBoardView *
board_of (TafelWindow *window)
{
  return TAFEL_BOARD_VIEW (tafel_window_get_board (window));
}

static guint
path_length (TafelWindow *window)
{
  guint len;

  tafel_board_view_get_path (board_of (window), &len);
  return len;
}

static GtkDropDown *
game_switcher (TafelWindow *window)
{
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (window));
  GtkWidget *title;

  g_assert_true (GTK_IS_HEADER_BAR (titlebar));
  /* The title: the switcher, and under it the variant's line. */
  title = gtk_header_bar_get_title_widget (GTK_HEADER_BAR (titlebar));
  g_assert_true (GTK_IS_BOX (title));
  title = gtk_widget_get_first_child (title);
  g_assert_true (GTK_IS_DROP_DOWN (title));
  return GTK_DROP_DOWN (title);
}

/* ---- what the status line should say, worked out by the test ---- */

static const char *
side_name (TafelGame game,
           int       side)
{
  static const char *const names[TAFEL_N_GAMES][2] = {
    { "X", "O" }, { "X", "O" }, { "Red", "Yellow" }, { "White", "Black" },
  };

  g_assert_true (side == 0 || side == 1);
  return names[game][side];
}

/* What a Mill player is asked to do after @len clicks of the move
 * @move (NULL: before the first click). */
static const char *
mill_prompt (const TafelRules *rules,
             const TafelState *state,
             const TafelMove  *move,
             guint             len)
{
  int side = rules->side_to_move (state);
  gboolean placing = rules->in_hand (state, side) > 0;
  TafelPointInfo info[64];
  guint own = 0;

  if (move != NULL && len > 0)
    {
      if (len == (placing ? 1u : 2u))
        return "Remove a stone of your opponent.";
      g_assert_false (placing);
      return "Choose where to move it.";
    }
  if (placing)
    return "Place a stone.";

  rules->points (state, info);
  for (guint i = 0; i < rules->board->n_points; i++)
    own += info[i].owner == (side == 0 ? TAFEL_POINT_SIDE0 : TAFEL_POINT_SIDE1);
  if (own == 3)
    return side == 0 ? "Choose a stone to move. White can fly." : "Choose a stone to move. Black can fly.";
  return "Choose a stone to move.";
}

static char *
expected_running_status (const TafelRules *rules,
                         const TafelState *state,
                         int               computer_side,
                         const TafelMove  *move,
                         guint             clicked)
{
  int side = rules->side_to_move (state);
  const char *name = side_name (rules->game, side);

  if (computer_side != TAFEL_SIDE_NONE && side == computer_side)
    return g_strdup ("The computer is thinking…");
  if (rules->game == TAFEL_GAME_MILL)
    {
      const char *prompt = mill_prompt (rules, state, move, clicked);

      if (computer_side != TAFEL_SIDE_NONE)
        return g_strdup_printf ("Your turn (%s): %s", name, prompt);
      return g_strdup_printf ("%s: %s", name, prompt);
    }
  if (computer_side != TAFEL_SIDE_NONE)
    return g_strdup_printf ("Your turn (%s)", name);
  return g_strdup_printf ("%s to move", name);
}

static char *
expected_final_status (TafelGame           game,
                       const TafelOutcome *outcome,
                       int                 computer_side)
{
  if (outcome->status == TAFEL_STATUS_DRAWN)
    return g_strdup (game == TAFEL_GAME_INFINITY ? "Draw: sixty moves without a winner." : "Draw.");

  g_assert_cmpint (outcome->status, ==, TAFEL_STATUS_WON);
  if (computer_side == TAFEL_SIDE_NONE)
    return g_strdup_printf ("%s has won!", side_name (game, outcome->winner));
  return g_strdup (outcome->winner == computer_side ? "The computer has won." : "You have won!");
}

/* ---- the test's own copy of the game ---- */

typedef struct {
  const TafelRules *rules;
  TafelState state;
  GArray *hashes;          /* positions before the current one */
  TafelOutcome outcome;
} Game;

static void
game_init (Game             *g,
           const TafelRules *rules)
{
  g->rules = rules;
  rules->init (&g->state);
  g->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  memset (&g->outcome, 0, sizeof g->outcome);
  rules->outcome (&g->state, &(TafelHistory) { NULL, 0 }, &g->outcome);
}

static void
game_play (Game            *g,
           const TafelMove *move)
{
  guint64 hash = g->rules->hash (&g->state);
  TafelUndo undo;

  g_assert_true (tafel_rules_is_legal (g->rules, &g->state, move));
  g_array_append_val (g->hashes, hash);
  g->rules->make (&g->state, move, &undo);
  g->rules->outcome (&g->state,
                     &(TafelHistory) { (const guint64 *) g->hashes->data, g->hashes->len },
                     &g->outcome);
}

static void
game_clear (Game *g)
{
  g_array_unref (g->hashes);
}

/* The window's match stands where the test's copy stands. */
static void
assert_match_is (TafelMatch *match,
                 const Game *g)
{
  const TafelRules *rules = g->rules;
  const TafelState *state = tafel_match_get_state (match);
  TafelPointInfo shown[64], expected[64];

  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, g->hashes->len);
  g_assert_cmpuint (rules->hash (state), ==, rules->hash (&g->state));
  g_assert_cmpint (rules->side_to_move (state), ==, rules->side_to_move (&g->state));
  rules->points (state, shown);
  rules->points (&g->state, expected);
  g_assert_cmpmem (shown, rules->board->n_points * sizeof *shown,
                   expected, rules->board->n_points * sizeof *expected);
  if (rules->in_hand != NULL)
    for (int side = 0; side < 2; side++)
      g_assert_cmpuint (rules->in_hand (state, side), ==, rules->in_hand (&g->state, side));
  g_assert_cmpint (tafel_match_get_status (match), ==, g->outcome.status);
  if (g->outcome.status == TAFEL_STATUS_WON)
    g_assert_cmpint (tafel_match_get_outcome (match)->winner, ==, g->outcome.winner);
}

/* A point whose click target is @target; any of them on boards where
 * several points share a target (the columns of Connect Four). */
static guint
point_for_target (const TafelBoard *board,
                  guint             target,
                  GRand            *rand)
{
  guint candidates[64], n = 0;

  for (guint i = 0; i < board->n_points; i++)
    if (board->target_of_point[i] == target)
      candidates[n++] = i;

  g_assert_cmpuint (n, >, 0);
  return candidates[g_rand_int_range (rand, 0, n)];
}

/* ---- switching games ---- */

static void
assert_shows_game (TafelWindow *window,
                   TafelGame    game)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *key = g_settings_get_string (settings, "game");
  TafelMatch *match = tafel_window_get_match (window);
  const TafelRules *rules = tafel_rules_get (game);
  double x, y;

  g_assert_cmpint (tafel_match_get_game (match), ==, game);
  g_assert_true (tafel_match_get_rules (match) == rules);
  g_assert_cmpstr (key, ==, rules->key);
  g_assert_cmpuint (gtk_drop_down_get_selected (game_switcher (window)), ==, game);

  /* The board shows this match, with this game's board. */
  g_assert_true (tafel_board_view_get_match (board_of (window)) == match);
  g_assert_true (tafel_board_view_point_position (board_of (window), rules->board->n_points - 1, &x, &y));
  g_assert_false (tafel_board_view_point_position (board_of (window), rules->board->n_points, &x, &y));
}

static void
test_switch_games (void)
{
  static const TafelGame order[] = {
    TAFEL_GAME_MILL, TAFEL_GAME_CONNECT_FOUR, TAFEL_GAME_TICTACTOE, TAFEL_GAME_INFINITY,
    TAFEL_GAME_CONNECT_FOUR,
  };
  TafelWindow *window = open_window (TAFEL_GAME_INFINITY, "human", "human");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  GtkDropDown *switcher = game_switcher (window);
  assert_shows_game (window, TAFEL_GAME_INFINITY);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "X to move");
  ui_test_click_point (window, 4);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 1);

  /* Choosing in the header drop-down: another game, from its start. */
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      TafelGame game = order[i];
      const TafelRules *rules = tafel_rules_get (game);
      TafelMatch *match;
      TafelState start;
      g_autofree char *status = NULL;
      TafelMove moves[TAFEL_MAX_MOVES];
      g_autoptr(GRand) rand = g_rand_new_with_seed (i);
      guint n;

      /* Each game keeps its own unfinished game (checked below); here
       * every switch is to a game without one. */
      {
        g_autofree char *path = ui_test_save_path (game_keys[game]);
        g_remove (path);
      }
      gtk_drop_down_set_selected (switcher, game);
      assert_shows_game (window, game);
      match = tafel_window_get_match (window);
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 0);
      rules->init (&start);
      status = expected_running_status (rules, &start, TAFEL_SIDE_NONE, NULL, 0);
      g_assert_cmpstr (tafel_window_get_status (window), ==, status);

      /* The board plays the new game: a click on the point of a legal
       * single-click move plays it. */
      n = rules->legal_moves (&start, moves);
      g_assert_cmpuint (n, >, 0);
      g_assert_cmpuint (moves[n - 1].len, ==, 1);
      ui_test_click_point (window, point_for_target (rules->board, moves[n - 1].path[0], rand));
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 1);
      g_assert_true (tafel_move_equal (tafel_match_get_move (match, 0), &moves[n - 1]));
    }

  /* Switching back finds a game where it was left. */
  gtk_drop_down_set_selected (switcher, TAFEL_GAME_TICTACTOE);
  assert_shows_game (window, TAFEL_GAME_TICTACTOE);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 1);
  gtk_drop_down_set_selected (switcher, TAFEL_GAME_CONNECT_FOUR);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 1);
  ui_test_remove_saved_games ();

  /* The setting switches the game too, and the drop-down follows it. */
  g_settings_set_string (settings, "game", "mill");
  assert_shows_game (window, TAFEL_GAME_MILL);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Place a stone.");
  g_settings_set_string (settings, "game", "tictactoe");
  assert_shows_game (window, TAFEL_GAME_TICTACTOE);
  gtk_drop_down_set_selected (switcher, TAFEL_GAME_CONNECT_FOUR);
  assert_shows_game (window, TAFEL_GAME_CONNECT_FOUR);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Red to move");
  ui_test_close_window (window);

  /* The choice is remembered: in the saved game and, without one, in
   * the setting. */
  window = ui_test_open_window (560, 600);
  assert_shows_game (window, TAFEL_GAME_CONNECT_FOUR);
  ui_test_close_window (window);
  ui_test_remove_saved_games ();
  window = ui_test_open_window (560, 600);
  assert_shows_game (window, TAFEL_GAME_CONNECT_FOUR);
  gtk_drop_down_set_selected (game_switcher (window), TAFEL_GAME_MILL);
  ui_test_close_window (window);
  ui_test_remove_saved_games ();
  window = ui_test_open_window (560, 600);
  assert_shows_game (window, TAFEL_GAME_MILL);
  ui_test_close_window (window);
}

/* ---- a whole game of each game ---- */

typedef struct {
  TafelGame game;
  const char *opponent;       /* "human" or "computer" */
  const char *first_player;   /* who starts against the computer */
  guint32 seed;
  gboolean avoid_wins;        /* play for a draw: no winning move if any other */
} FullGame;

static gboolean
computer_has_moved (gpointer data)
{
  TafelWindow *window = data;

  return !tafel_window_is_thinking (window);
}

/* Keeps only the moves that do not win at once, unless all do. */
static guint
drop_winning_moves (const Game *g,
                    TafelMove  *moves,
                    guint       n)
{
  guint kept = 0;

  for (guint i = 0; i < n; i++)
    {
      TafelState after = g->state;
      TafelOutcome outcome;
      TafelUndo undo;

      g->rules->make (&after, &moves[i], &undo);
      g->rules->outcome (&after, &(TafelHistory) { NULL, 0 }, &outcome);
      if (outcome.status != TAFEL_STATUS_WON)
        moves[kept++] = moves[i];
    }

  return kept > 0 ? kept : n;
}

static void
person_moves (TafelWindow *window,
              Game        *g,
              int          computer_side,
              gboolean     avoid_wins,
              GRand       *rand)
{
  const TafelRules *rules = g->rules;
  const TafelBoard *board = rules->board;
  TafelMatch *match = tafel_window_get_match (window);
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelMove move;
  guint n = rules->legal_moves (&g->state, moves);

  g_assert_cmpuint (n, >, 0);
  if (avoid_wins)
    n = drop_winning_moves (g, moves, n);
  move = moves[g_rand_int_range (rand, 0, n)];

  for (guint i = 0; i < move.len; i++)
    {
      ui_test_click_point (window, point_for_target (board, move.path[i], rand));
      if (i + 1 < move.len)
        {
          g_autofree char *status = expected_running_status (rules, &g->state, computer_side, &move, i + 1);

          /* Half a move: nothing played yet, the status asks for the rest. */
          g_assert_cmpuint (tafel_match_get_n_moves (match), ==, g->hashes->len);
          g_assert_cmpuint (path_length (window), ==, i + 1);
          g_assert_cmpstr (tafel_window_get_status (window), ==, status);
        }
    }

  /* The match advanced by exactly the move clicked. */
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, g->hashes->len + 1);
  g_assert_true (tafel_move_equal (tafel_match_get_last_move (match), &move));
  g_assert_cmpuint (path_length (window), ==, 0);
  game_play (g, &move);
}

static void
test_full_game (gconstpointer data)
{
  const FullGame *fg = data;
  TafelWindow *window = open_window (fg->game, fg->opponent, fg->first_player);
  TafelMatch *match = tafel_window_get_match (window);
  const TafelRules *rules = tafel_match_get_rules (match);
  g_autoptr(GRand) rand = g_rand_new_with_seed (fg->seed);
  int computer_side = tafel_window_get_computer_side (window);
  guint person_moves_played = 0, computer_moves_played = 0;
  g_autofree char *final = NULL;
  Game g;

  g_assert_cmpint (tafel_match_get_game (match), ==, fg->game);
  if (g_str_equal (fg->opponent, "human"))
    g_assert_cmpint (computer_side, ==, TAFEL_SIDE_NONE);
  else
    g_assert_cmpint (computer_side, ==, g_str_equal (fg->first_player, "computer") ? 0 : 1);

  game_init (&g, rules);
  while (g.outcome.status == TAFEL_STATUS_RUNNING)
    {
      g_autofree char *status = expected_running_status (rules, &g.state, computer_side, NULL, 0);

      g_assert_cmpuint (g.hashes->len, <, MAX_PLIES);

      if (rules->side_to_move (&g.state) == computer_side)
        {
          TafelMove move;

          /* The computer's first move may be in while the window maps. */
          if (tafel_match_get_n_moves (match) == g.hashes->len)
            {
              double x, y;

              assert_match_is (match, &g);
              g_assert_cmpstr (tafel_window_get_status (window), ==, status);
              g_assert_true (tafel_window_is_thinking (window));
              g_assert_false (tafel_board_view_get_interactive (board_of (window)));

              /* A click while the computer thinks does nothing. */
              tafel_board_view_point_position (board_of (window), 0, &x, &y);
              tafel_board_view_click (board_of (window), x, y);
              g_assert_cmpuint (tafel_match_get_n_moves (match), ==, g.hashes->len);

              ui_test_iterate_until (computer_has_moved, window);
            }
          g_assert_cmpuint (tafel_match_get_n_moves (match), ==, g.hashes->len + 1);
          move = *tafel_match_get_last_move (match);
          game_play (&g, &move);
          computer_moves_played++;
        }
      else
        {
          assert_match_is (match, &g);
          g_assert_cmpstr (tafel_window_get_status (window), ==, status);
          g_assert_true (tafel_board_view_get_interactive (board_of (window)));
          person_moves (window, &g, computer_side, fg->avoid_wins, rand);
          person_moves_played++;
        }
    }

  assert_match_is (match, &g);
  final = expected_final_status (fg->game, &g.outcome, computer_side);
  g_test_message ("%s against %s: %s after %u moves", rules->key, fg->opponent,
                  final, g.hashes->len);
  g_assert_cmpstr (tafel_window_get_status (window), ==, final);
  g_assert_false (tafel_window_is_thinking (window));
  g_assert_cmpuint (person_moves_played, >, 0);
  if (computer_side != TAFEL_SIDE_NONE)
    g_assert_cmpuint (computer_moves_played, >, 0);

  /* A finished game takes no more clicks. */
  g_assert_false (tafel_board_view_get_interactive (board_of (window)));
  for (guint i = 0; i < rules->board->n_points; i++)
    ui_test_click_point (window, i);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, g.hashes->len);
  g_assert_cmpstr (tafel_window_get_status (window), ==, final);

  game_clear (&g);
  ui_test_close_window (window);
}

/* ---- Mill's clicks ---- */

static guint
mill_point (const char *name)
{
  const TafelBoard *board = tafel_rules_get (TAFEL_GAME_MILL)->board;

  for (guint i = 0; i < board->n_points; i++)
    if (g_str_equal (board->point_names[i], name))
      return i;

  g_assert_not_reached ();
}

static void
click_mill (TafelWindow *window,
            const char  *name)
{
  ui_test_click_point (window, mill_point (name));
}

/* The points the next click may go to, as names in board order. */
static char *
next_clicks (TafelWindow *window)
{
  const TafelBoard *board = tafel_rules_get (TAFEL_GAME_MILL)->board;
  gboolean targets[64];
  g_autoptr(GString) names = g_string_new (NULL);
  const guint8 *path;
  guint len;

  path = tafel_board_view_get_path (board_of (window), &len);
  tafel_match_continuations (tafel_window_get_match (window), path, len, targets, NULL);
  for (guint i = 0; i < board->n_points; i++)
    if (targets[board->target_of_point[i]])
      g_string_append_printf (names, "%s%s", names->len > 0 ? " " : "", board->point_names[i]);

  return g_string_free (g_steal_pointer (&names), FALSE);
}

static void
assert_next_clicks (TafelWindow *window,
                    const char  *expected)
{
  g_autofree char *names = next_clicks (window);

  g_assert_cmpstr (names, ==, expected);
}

static char *
expected_moves (const char *before,
                const char *more)
{
  return g_strdup_printf ("%s %s", before, more);
}

/* Placing: a mill, the removal, only free stones removable, Escape. */
static void
test_mill_remove (void)
{
  static const char *const opening = "a1 b6 c3 d6 a4 f6xc3 e5 g4";
  TafelWindow *window = open_window (TAFEL_GAME_MILL, "human", "human");
  TafelMatch *match = tafel_window_get_match (window);
  GtkWidget *board = tafel_window_get_board (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *expected = NULL;

  /* White: a1 a4 e5; Black: b6 d6 f6 (a mill) and g4 (free). */
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_MILL, opening, &error));
  g_assert_no_error (error);
  match = tafel_window_get_match (window);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Place a stone.");
  assert_next_clicks (window, "a7 b2 b4 c3 c4 c5 d1 d2 d3 d5 d7 e3 e4 f2 f4 g1 g7");

  /* A click on a stone is no placement. */
  click_mill (window, "b6");
  click_mill (window, "a1");
  g_assert_cmpuint (path_length (window), ==, 0);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);

  /* a7 closes a1-a4-a7: nothing is played yet, a removal is asked for,
   * and only the free stone may go. */
  click_mill (window, "a7");
  g_assert_cmpuint (path_length (window), ==, 1);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Remove a stone of your opponent.");
  assert_next_clicks (window, "g4");

  /* Stones in Black's mill, and White's own stones, are refused: the
   * half-made move stays as it is. */
  click_mill (window, "d6");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  g_assert_cmpuint (path_length (window), ==, 1);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Remove a stone of your opponent.");
  click_mill (window, "f6");
  click_mill (window, "a1");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  g_assert_cmpuint (path_length (window), ==, 1);
  assert_next_clicks (window, "g4");

  /* Escape takes back the half-made move; with none, it is not used. */
  g_assert_true (ui_test_press_key (board, GDK_KEY_Escape));
  g_assert_cmpuint (path_length (window), ==, 0);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Place a stone.");
  g_assert_false (ui_test_press_key (board, GDK_KEY_Escape));

  /* Again, and the free stone goes. */
  click_mill (window, "a7");
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Remove a stone of your opponent.");
  click_mill (window, "g4");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 9);
  g_assert_cmpuint (path_length (window), ==, 0);
  moves = tafel_match_to_moves (match);
  expected = expected_moves (opening, "a7xg4");
  g_assert_cmpstr (moves, ==, expected);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Black: Place a stone.");
  g_assert_cmpuint (tafel_match_get_rules (match)->in_hand (tafel_match_get_state (match), 0), ==, 4);
  g_assert_cmpuint (tafel_match_get_rules (match)->in_hand (tafel_match_get_state (match), 1), ==, 5);

  /* When every stone of the opponent stands in a mill, any may go. */
  g_clear_pointer (&moves, g_free);
  g_clear_pointer (&expected, g_free);
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_MILL, "a1 b6 c3 d6 a4 f6xc3", &error));
  click_mill (window, "a7");
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Remove a stone of your opponent.");
  assert_next_clicks (window, "b6 d6 f6");
  click_mill (window, "d6");
  moves = tafel_match_to_moves (match);
  g_assert_cmpstr (moves, ==, "a1 b6 c3 d6 a4 f6xc3 a7xd6");
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Black: Place a stone.");

  ui_test_close_window (window);
}

/* Moving: select a stone, see its targets, move it; a mill closed by a
 * move; Escape and choosing another stone. */
static void
test_mill_move (void)
{
  static const char *const opening =
    "a1 b6 c3 d6 a4 f6xc3 e5 g4 a7xg4 g1 b2 c4 g4 e4 d3 f2 g7 c5";
  TafelWindow *window = open_window (TAFEL_GAME_MILL, "human", "human");
  GtkWidget *board = tafel_window_get_board (window);
  TafelMatch *match;
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *expected = NULL;
  guint len;

  /* All stones placed.  White: a1 a4 a7 b2 d3 e5 g4 g7;
   * Black: b6 c4 c5 d6 e4 f2 f6 g1.  White to move. */
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_MILL, opening, &error));
  g_assert_no_error (error);
  match = tafel_window_get_match (window);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 18);
  g_assert_cmpuint (tafel_match_get_rules (match)->in_hand (tafel_match_get_state (match), 0), ==, 0);
  g_assert_cmpuint (tafel_match_get_rules (match)->in_hand (tafel_match_get_state (match), 1), ==, 0);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Choose a stone to move.");
  assert_next_clicks (window, "a1 a4 a7 b2 d3 e5 g4 g7");

  /* Neither an opponent's stone nor an empty point starts a move. */
  click_mill (window, "c4");
  click_mill (window, "d2");
  g_assert_cmpuint (path_length (window), ==, 0);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 18);

  /* Selected: the status asks for the target, the targets are the
   * empty neighbours. */
  click_mill (window, "d3");
  g_assert_cmpuint (path_length (window), ==, 1);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 18);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Choose where to move it.");
  assert_next_clicks (window, "c3 d2 e3");

  /* An empty point out of reach is no target: nothing happens. */
  click_mill (window, "b4");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 18);
  g_assert_cmpuint (path_length (window), ==, 1);
  assert_next_clicks (window, "c3 d2 e3");

  /* Another own stone: that one is picked up instead. */
  click_mill (window, "a4");
  g_assert_cmpuint (path_length (window), ==, 1);
  g_assert_cmpuint (tafel_board_view_get_path (TAFEL_BOARD_VIEW (board), &len)[0], ==, mill_point ("a4"));
  assert_next_clicks (window, "b4");

  /* Escape puts it down again. */
  g_assert_true (ui_test_press_key (board, GDK_KEY_Escape));
  g_assert_cmpuint (path_length (window), ==, 0);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Choose a stone to move.");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 18);

  /* d3 to e3. */
  click_mill (window, "d3");
  click_mill (window, "e3");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 19);
  g_assert_cmpuint (path_length (window), ==, 0);
  moves = tafel_match_to_moves (match);
  expected = expected_moves (opening, "d3-e3");
  g_assert_cmpstr (moves, ==, expected);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Black: Choose a stone to move.");

  /* Black's e4 to f4 closes f2-f4-f6: a removal after two clicks, and
   * White's mill a1-a4-a7 is protected. */
  click_mill (window, "e4");
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Black: Choose where to move it.");
  assert_next_clicks (window, "f4");
  click_mill (window, "f4");
  g_assert_cmpuint (path_length (window), ==, 2);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 19);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Black: Remove a stone of your opponent.");
  assert_next_clicks (window, "b2 e3 e5 g4 g7");
  click_mill (window, "a4");
  g_assert_cmpuint (path_length (window), ==, 2);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 19);
  click_mill (window, "g7");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 20);
  g_clear_pointer (&moves, g_free);
  g_clear_pointer (&expected, g_free);
  moves = tafel_match_to_moves (match);
  expected = expected_moves (opening, "d3-e3 e4-f4xg7");
  g_assert_cmpstr (moves, ==, expected);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Choose a stone to move.");

  ui_test_close_window (window);
}

/* Seeds chosen so that between them the games end in every way: each
 * side winning, the computer winning and losing, and draws (Tic-Tac-Toe's
 * full board, Connect Four's full board, Infinity's sixty moves and a
 * Mill game of more than 200 moves). */
static const FullGame full_games[] = {
  { TAFEL_GAME_INFINITY, "human", "human", 11, FALSE },
  { TAFEL_GAME_INFINITY, "human", "human", 13, TRUE },
  { TAFEL_GAME_INFINITY, "computer", "human", 12, FALSE },
  { TAFEL_GAME_TICTACTOE, "human", "human", 21, FALSE },
  { TAFEL_GAME_TICTACTOE, "human", "human", 5, FALSE },
  { TAFEL_GAME_TICTACTOE, "computer", "computer", 22, FALSE },
  { TAFEL_GAME_TICTACTOE, "computer", "human", 1, FALSE },
  { TAFEL_GAME_CONNECT_FOUR, "human", "human", 31, FALSE },
  { TAFEL_GAME_CONNECT_FOUR, "human", "human", 3, TRUE },
  { TAFEL_GAME_CONNECT_FOUR, "computer", "computer", 32, FALSE },
  { TAFEL_GAME_MILL, "human", "human", 41, FALSE },
  { TAFEL_GAME_MILL, "human", "human", 27, FALSE },
  { TAFEL_GAME_MILL, "computer", "human", 42, FALSE },
  { TAFEL_GAME_MILL, "computer", "computer", 43, FALSE },
};

/* ---- undo and redo against the computer, in every game ---- */

static gboolean
persons_turn (gpointer data)
{
  TafelWindow *window = data;
  TafelMatch *match = tafel_window_get_match (window);

  return !tafel_window_is_thinking (window) &&
         (tafel_match_get_status (match) != TAFEL_STATUS_RUNNING ||
          tafel_match_get_side_to_move (match) != tafel_window_get_computer_side (window));
}

static void
test_undo_redo (gconstpointer data)
{
  TafelGame game = GPOINTER_TO_INT (data);
  TafelWindow *window = open_window (game, "computer", "human");
  TafelMatch *match = tafel_window_get_match (window);
  const TafelRules *rules = tafel_match_get_rules (match);
  g_autoptr(GRand) rand = g_rand_new_with_seed (game + 100);
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (TafelState));
  guint rounds = 0;

  g_array_append_vals (shown, tafel_match_get_state (match), 1);

  /* A few rounds: the person's move by clicks, the computer's reply. */
  while (rounds < 5 && tafel_match_get_status (match) == TAFEL_STATUS_RUNNING)
    {
      TafelMove moves[TAFEL_MAX_MOVES];
      guint n = rules->legal_moves (tafel_match_get_state (match), moves);
      TafelMove move = moves[g_rand_int_range (rand, 0, n)];

      for (guint i = 0; i < move.len; i++)
        ui_test_click_point (window, point_for_target (rules->board, move.path[i], rand));
      ui_test_iterate_until (persons_turn, window);
      g_array_append_vals (shown, tafel_match_get_state (match), 1);
      rounds++;
    }
  g_assert_cmpuint (rounds, >=, 2);

  /* Each undo goes back one round, exactly: the vanished stones of
   * Infinity come back with their age, and it is the person's turn. */
  for (guint i = shown->len - 1; i > 0; i--)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      g_assert_cmpmem (tafel_match_get_state (match), sizeof (TafelState),
                       &g_array_index (shown, TafelState, i - 1), sizeof (TafelState));
      g_assert_false (tafel_window_is_thinking (window));
      g_assert_cmpint (tafel_match_get_side_to_move (match), !=, tafel_window_get_computer_side (window));
    }

  /* Redo replays the rounds, the computer's replies included. */
  for (guint i = 1; i < shown->len; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
      g_assert_cmpmem (tafel_match_get_state (match), sizeof (TafelState),
                       &g_array_index (shown, TafelState, i), sizeof (TafelState));
    }

  ui_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  /* The computer's choices are the same in every run. */
  g_setenv ("TAFEL_SEED", "7", TRUE);
  ui_test_init (&argc, &argv);

  g_test_add_func ("/ui/games/switch", test_switch_games);
  for (guint i = 0; i < G_N_ELEMENTS (full_games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/games/full/%s/%s-%u",
                                               game_keys[full_games[i].game],
                                               full_games[i].opponent,
                                               full_games[i].seed);
      g_test_add_data_func (path, &full_games[i], test_full_game);
    }
  for (int game = 0; game < TAFEL_N_GAMES; game++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/games/undo-redo/%s", game_keys[game]);
      g_test_add_data_func (path, GINT_TO_POINTER (game), test_undo_redo);
    }
  g_test_add_func ("/ui/games/mill/remove", test_mill_remove);
  g_test_add_func ("/ui/games/mill/move", test_mill_move);

  return ui_test_run ();
}
