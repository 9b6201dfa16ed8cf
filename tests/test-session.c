/* test-session.c: TafelSession — a game being played, without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer's turn, thinking on the person's time, hints, undo, the
 * saved game and the statistics, driven through the session alone: no
 * display is needed.  Each test starts with an empty state directory
 * of its own (not G_TEST_OPTION_ISOLATE_DIRS: GLib 2.74 leaks the
 * directory names it sets for each test, which LeakSanitizer reports).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tafel-ai-private.h"
#include "tafel-error.h"
#include "tafel-session.h"

#define cell(c) ((TafelMove) { 1, { (c) - 1 } })

/* Runs the main loop until @done says so; fails after 60 s of waiting
 * (a hang, not a timing assertion: every wait here takes milliseconds
 * to a few seconds). */
static void
wait_for (gboolean (*done) (TafelSession *session),
          TafelSession *session)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!done (session))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
not_thinking (TafelSession *session)
{
  return !tafel_session_get_thinking (session);
}

static gboolean
not_pondering (TafelSession *session)
{
  return !tafel_session_get_pondering (session);
}

/* Some legal move of the side to move (the last one generated: the
 * test's own moves need only be legal). */
static TafelMove
some_move (TafelSession *session)
{
  TafelMatch *match = tafel_session_get_match (session);
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = tafel_match_get_rules (match)->legal_moves (tafel_match_get_state (match), moves);

  g_assert_cmpuint (n, >, 0);
  return moves[n - 1];
}

static TafelSession *
new_session (TafelGame     game,
             TafelOpponent opponent,
             TafelFirstPlayer first)
{
  TafelSession *session = tafel_session_new (7);

  g_object_set (session,
                "game", game,
                "opponent", opponent,
                "first-player", first,
                "thinking-pause", FALSE,
                "think-ahead", FALSE,
                NULL);
  tafel_session_start (session);
  return session;
}

static void
test_computer_moves_first (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_TICTACTOE, TAFEL_OPPONENT_COMPUTER,
                                                 TAFEL_FIRST_PLAYER_COMPUTER);
  TafelMatch *match = tafel_session_get_match (session);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (tafel_session_get_computer_side (session), ==, 0);
  g_assert_true (tafel_session_get_thinking (session));
  g_assert_false (tafel_session_get_persons_turn (session));

  /* The person cannot play on the computer's turn. */
  g_assert_false (tafel_session_play (session, &cell (5), &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  wait_for (not_thinking, session);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 1);
  g_assert_true (tafel_session_get_persons_turn (session));
  /* The computer's opening alone cannot be taken back. */
  g_assert_false (tafel_session_get_can_undo (session));
}

static void
test_undo_takes_back_both (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_CONNECT_FOUR, TAFEL_OPPONENT_COMPUTER,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  TafelMatch *match = tafel_session_get_match (session);
  g_autoptr(GError) error = NULL;

  tafel_session_set_level (session, TAFEL_LEVEL_RELAXED);
  g_assert_cmpint (tafel_session_get_computer_side (session), ==, 1);
  g_assert_true (tafel_session_play (session, &(TafelMove) { 1, { 3 } }, &error));
  g_assert_no_error (error);
  wait_for (not_thinking, session);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
  g_assert_true (tafel_session_get_can_undo (session));

  tafel_session_undo (session);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 0);
  g_assert_false (tafel_session_get_thinking (session));
  g_assert_true (tafel_session_get_can_redo (session));

  /* Redo passes the computer's turn without asking it. */
  tafel_session_redo (session);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
  g_assert_false (tafel_session_get_thinking (session));
}

/* A move asked for and then made stale (undo, a new level, a new game)
 * is dropped: the computer makes exactly one move in the end. */
static void
test_stale_answers_are_dropped (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_MILL, TAFEL_OPPONENT_COMPUTER,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  TafelMatch *match = tafel_session_get_match (session);
  g_autoptr(GError) error = NULL;
  guint changes = 0;

  tafel_session_set_level (session, TAFEL_LEVEL_HARD);

  for (guint round = 0; round < 3; round++)
    {
      guint before = tafel_match_get_n_moves (match);
      TafelMove move = some_move (session);

      g_assert_true (tafel_session_play (session, &move, &error));
      g_assert_no_error (error);
      g_assert_true (tafel_session_get_thinking (session));
      /* Changing the level cancels the request and asks again. */
      tafel_session_set_level (session, round % 2 ? TAFEL_LEVEL_MEDIUM : TAFEL_LEVEL_HARD);
      g_assert_true (tafel_session_get_thinking (session));
      wait_for (not_thinking, session);
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, before + 2);
      changes++;
    }

  /* Undo while the computer thinks: nothing arrives afterwards. */
  {
    TafelMove move = some_move (session);

    g_assert_true (tafel_session_play (session, &move, &error));
  }
  g_assert_true (tafel_session_get_thinking (session));
  tafel_session_undo (session);
  g_assert_false (tafel_session_get_thinking (session));
  for (guint i = 0; i < 200; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2 * changes);
}

static gboolean
pondering (TafelSession *session)
{
  return tafel_session_get_pondering (session);
}

/* Impossible at Connect Four, the person to move, past the book. */
static TafelSession *
c4_session (void)
{
  TafelSession *session = new_session (TAFEL_GAME_CONNECT_FOUR, TAFEL_OPPONENT_COMPUTER,
                                       TAFEL_FIRST_PLAYER_HUMAN);
  g_autoptr(GError) error = NULL;

  tafel_session_set_level (session, TAFEL_LEVEL_IMPOSSIBLE);
  g_assert_true (tafel_session_start_position (session, TAFEL_GAME_CONNECT_FOUR,
                                               "274552224131661", &error));
  g_assert_no_error (error);
  return session;
}

/* Impossible thinks on the person's time; turning the preference off
 * stops it at once, a move stops it too. */
static void
check_pondering (TafelSession *session)
{
  g_autoptr(GError) error = NULL;
  TafelMove move;

  g_assert_false (tafel_session_get_pondering (session));

  g_object_set (session, "think-ahead", TRUE, NULL);
  wait_for (pondering, session);
  g_object_set (session, "think-ahead", FALSE, NULL);
  g_assert_false (tafel_session_get_pondering (session));

  g_object_set (session, "think-ahead", TRUE, NULL);
  wait_for (pondering, session);
  move = some_move (session);
  g_assert_true (tafel_session_play (session, &move, &error));
  g_assert_no_error (error);
  /* The computer's turn: it thinks, and does not ponder. */
  g_assert_true (tafel_session_get_thinking (session));
  g_assert_false (tafel_session_get_pondering (session));
  wait_for (not_thinking, session);
  g_object_set (session, "think-ahead", FALSE, NULL);
  wait_for (not_pondering, session);
}

static void
test_pondering (void)
{
  g_autoptr(TafelSession) session = c4_session ();

  check_pondering (session);
}

/* Impossible at Mill, the person to place first. */
static void
test_pondering_mill (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_MILL, TAFEL_OPPONENT_COMPUTER,
                                                 TAFEL_FIRST_PLAYER_HUMAN);

  tafel_session_set_level (session, TAFEL_LEVEL_IMPOSSIBLE);
  check_pondering (session);
}

static void
on_hint (TafelSession    *session,
         const TafelMove *move,
         TafelMove       *out)
{
  *out = *move;
}

static void
test_hint (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_TICTACTOE, TAFEL_OPPONENT_HUMAN,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  TafelMatch *match = tafel_session_get_match (session);
  g_autoptr(GError) error = NULL;
  TafelMove hint = { 0 };

  g_signal_connect (session, "hint", G_CALLBACK (on_hint), &hint);
  /* X to move wins at 3 (1 and 2 are X's). */
  g_assert_true (tafel_session_start_position (session, TAFEL_GAME_TICTACTOE, "1425", &error));
  g_assert_no_error (error);
  match = tafel_session_get_match (session);
  tafel_session_hint (session);
  while (hint.len == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (hint.len, ==, 1);
  g_assert_cmpuint (hint.path[0], ==, 2);

  /* A hint for a position no longer on the board never arrives. */
  hint.len = 0;
  tafel_session_hint (session);
  g_assert_true (tafel_session_play (session, &cell (9), &error));
  for (guint i = 0; i < 100; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_cmpuint (hint.len, ==, 0);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 5);
}

/* Nodes the session's computer player of Connect Four has searched. */
static guint64
c4_nodes (TafelSession *session)
{
  return tafel_player_get_nodes (tafel_ai_get_player (tafel_session_get_ai (session),
                                                      tafel_rules_get (TAFEL_GAME_CONNECT_FOUR)));
}

/* A hint asked for while the computer thinks on the person's time: the
 * thinking gives way, the hint comes, and the AI never ran two requests
 * at once on its player. */
static void
test_hint_while_pondering (void)
{
  g_autoptr(TafelSession) session = c4_session ();
  TafelMatch *match = tafel_session_get_match (session);
  TafelMove hint = { 0 };

  g_signal_connect (session, "hint", G_CALLBACK (on_hint), &hint);
  g_object_set (session, "think-ahead", TRUE, NULL);
  wait_for (pondering, session);
  tafel_session_hint (session);
  while (hint.len == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (tafel_rules_is_legal (tafel_match_get_rules (match),
                                       tafel_match_get_state (match), &hint));
  g_assert_cmpuint (tafel_ai_get_most_running (tafel_session_get_ai (session)), ==, 1);
  g_object_set (session, "think-ahead", FALSE, NULL);
  wait_for (not_pondering, session);
}

static gboolean
has_hint (TafelSession *session)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (session), "hinted"));
}

static void
on_hint_seen (TafelSession    *session,
              const TafelMove *move,
              gpointer         data)
{
  g_object_set_data (G_OBJECT (session), "hinted", GINT_TO_POINTER (TRUE));
}

/* Two sessions (two windows) have players of their own: the second
 * searches for itself, and its search is not counted in the first's. */
static void
test_own_players (void)
{
  g_autoptr(TafelSession) one = c4_session ();
  g_autoptr(TafelSession) two = c4_session ();
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_CONNECT_FOUR);
  guint64 nodes_one;

  g_signal_connect (one, "hint", G_CALLBACK (on_hint_seen), NULL);
  g_signal_connect (two, "hint", G_CALLBACK (on_hint_seen), NULL);
  tafel_session_hint (one);
  wait_for (has_hint, one);
  nodes_one = c4_nodes (one);
  g_assert_cmpuint (nodes_one, >, 0);

  tafel_session_hint (two);
  wait_for (has_hint, two);
  g_assert_cmpuint (c4_nodes (two), >, 0);
  g_assert_cmpuint (c4_nodes (one), ==, nodes_one);
  g_assert_true (tafel_ai_get_player (tafel_session_get_ai (one), rules) !=
                 tafel_ai_get_player (tafel_session_get_ai (two), rules));
}

static void
test_status_and_value (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_TICTACTOE, TAFEL_OPPONENT_HUMAN,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  g_autoptr(GError) error = NULL;
  g_autofree char *status = NULL;

  status = tafel_session_dup_status (session, NULL, 0);
  g_assert_cmpstr (status, ==, "X to move");
  g_clear_pointer (&status, g_free);

  g_object_set (session, "show-value", TRUE, NULL);
  while (tafel_session_get_known_value (session) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (tafel_session_get_known_value (session), ==, "Draw with best play.");
  status = tafel_session_dup_status (session, NULL, 0);
  g_assert_cmpstr (status, ==, "X to move — Draw with best play.");
  g_clear_pointer (&status, g_free);

  /* A move forgets the value at once, then it is worked out again. */
  g_assert_true (tafel_session_play (session, &cell (2), &error));
  g_assert_null (tafel_session_get_known_value (session));
  while (tafel_session_get_known_value (session) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (tafel_session_get_known_value (session), ==, "Draw with best play.");

  g_assert_true (tafel_session_start_position (session, TAFEL_GAME_TICTACTOE, "14253", &error));
  status = tafel_session_dup_status (session, NULL, 0);
  g_assert_cmpstr (status, ==, "X has won!");
}

/* The unfinished game comes back in a new session, with its level. */
static void
test_saved_game_comes_back (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;

  {
    g_autoptr(TafelSession) session = new_session (TAFEL_GAME_INFINITY, TAFEL_OPPONENT_HUMAN,
                                                   TAFEL_FIRST_PLAYER_HUMAN);

    tafel_session_set_level (session, TAFEL_LEVEL_HARD);
    g_assert_true (tafel_session_play (session, &cell (5), &error));
    g_assert_true (tafel_session_play (session, &cell (1), &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(TafelSession) session = tafel_session_new (1);

    g_object_set (session, "game", TAFEL_GAME_INFINITY, NULL);
    tafel_session_start (session);
    moves = tafel_match_to_moves (tafel_session_get_match (session));
    g_assert_cmpstr (moves, ==, "51");
    g_assert_cmpint (tafel_session_get_level (session), ==, TAFEL_LEVEL_HARD);
    g_assert_cmpint (tafel_session_get_opponent (session), ==, TAFEL_OPPONENT_HUMAN);
  }
}

static void
on_message (TafelSession *session,
            const char   *text,
            char        **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

/* A damaged save file is set aside with a message; a new game starts. */
static void
test_damaged_save (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "tafel", NULL);
  g_autofree char *path = g_build_filename (dir, "mill.ini", NULL);
  g_autoptr(TafelSession) session = tafel_session_new (3);
  g_autofree char *text = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "[game]\nmoves=zz9\n", -1, NULL));

  g_signal_connect (session, "message", G_CALLBACK (on_message), &text);
  g_object_set (session, "game", TAFEL_GAME_MILL, "opponent", TAFEL_OPPONENT_HUMAN, NULL);
  tafel_session_start (session);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "could not be read"));
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_session_get_match (session)), ==, 0);
}

/* A finished game counts once, even after undo and a second ending. */
static void
test_statistics_count_once (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_TICTACTOE, TAFEL_OPPONENT_HUMAN,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  TafelStatistics *statistics;
  TafelPairRecord pair;
  g_autoptr(GError) error = NULL;
  const guint cells[] = { 1, 4, 2, 5, 3 };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    g_assert_true (tafel_session_play (session, &cell (cells[i]), &error));
  g_assert_no_error (error);
  tafel_session_undo (session);
  g_assert_true (tafel_session_play (session, &cell (3), &error));

  statistics = tafel_session_get_statistics (session);
  g_assert_true (tafel_session_load_statistics (session));
  tafel_statistics_get_pair_record (statistics, tafel_rules_get (TAFEL_GAME_TICTACTOE), &pair);
  g_assert_cmpuint (pair.first_wins, ==, 1);
  g_assert_cmpuint (tafel_statistics_get_n_games (statistics), ==, 1);

  /* A new game is a new one for the statistics. */
  tafel_session_new_game (session);
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    g_assert_true (tafel_session_play (session, &cell (cells[i]), &error));
  g_assert_true (tafel_session_load_statistics (session));
  g_assert_cmpuint (tafel_statistics_get_n_games (statistics), ==, 2);
}

/* Switching games keeps each game's own unfinished game. */
static void
test_switch_games (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_TICTACTOE, TAFEL_OPPONENT_HUMAN,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;

  g_assert_true (tafel_session_play (session, &cell (5), &error));
  tafel_session_set_game (session, TAFEL_GAME_CONNECT_FOUR);
  g_assert_cmpint (tafel_match_get_game (tafel_session_get_match (session)), ==,
                   TAFEL_GAME_CONNECT_FOUR);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_session_get_match (session)), ==, 0);
  tafel_session_set_game (session, TAFEL_GAME_TICTACTOE);
  moves = tafel_match_to_moves (tafel_session_get_match (session));
  g_assert_cmpstr (moves, ==, "5");
}

/* Plays @moves (in the notation, blank-separated) through the session. */
static void
play_words (TafelSession *session,
            const char   *moves)
{
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      TafelMatch *match = tafel_session_get_match (session);
      g_autoptr(GError) error = NULL;
      const char *cursor = words[i];
      TafelMove move;

      g_assert_true (tafel_match_get_rules (match)->parse_move (tafel_match_get_state (match),
                                                                  &cursor, &move, &error));
      g_assert_true (tafel_session_play (session, &move, &error));
      g_assert_no_error (error);
    }
}

/* Each Mill variant plays by its rules, keeps its own unfinished game
 * (Nine's in mill.ini as before) and is counted on its own. */
static void
test_mill_variants (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_MILL, TAFEL_OPPONENT_HUMAN,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  const TafelRules *three = tafel_rules_get_variant (TAFEL_GAME_MILL, "three");
  const TafelRules *twelve = tafel_rules_get_variant (TAFEL_GAME_MILL, "twelve");
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "tafel", NULL);
  g_autofree char *nine_path = g_build_filename (dir, "mill.ini", NULL);
  g_autofree char *twelve_path = g_build_filename (dir, "mill-twelve.ini", NULL);
  g_autofree char *twelve_text = NULL;
  g_autofree char *stats_text = NULL;
  g_autofree char *stats_path = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *variant = NULL;
  TafelStatistics *statistics;
  TafelPairRecord pair;

  play_words (session, "d6");
  g_assert_true (g_file_test (nine_path, G_FILE_TEST_EXISTS));

  /* Twelve: a fresh game, where a1-b2-c3 is a mill. */
  g_object_set (session, "mill-rules", "twelve", NULL);
  g_assert_true (tafel_session_get_rules (session) == twelve);
  g_assert_true (tafel_match_get_rules (tafel_session_get_match (session)) == twelve);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_session_get_match (session)), ==, 0);
  play_words (session, "a1 d7 b2 g7 c3xd7");
  g_assert_true (g_file_get_contents (twelve_path, &twelve_text, NULL, NULL));
  g_assert_nonnull (strstr (twelve_text, "variant: twelve\n"));

  /* Back to Nine, and to Twelve: each game where it was. */
  g_object_set (session, "mill-rules", "nine", NULL);
  moves = tafel_match_to_moves (tafel_session_get_match (session));
  g_assert_cmpstr (moves, ==, "d6");
  g_clear_pointer (&moves, g_free);
  tafel_session_set_rules (session, twelve);
  g_object_get (session, "mill-rules", &variant, NULL);
  g_assert_cmpstr (variant, ==, "twelve");
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_session_get_match (session)), ==, 5);

  /* A variant chosen while another game is shown waits for Mill. */
  tafel_session_set_game (session, TAFEL_GAME_TICTACTOE);
  g_object_set (session, "mill-rules", "three", NULL);
  g_assert_cmpint (tafel_session_get_game (session), ==, TAFEL_GAME_TICTACTOE);
  tafel_session_set_game (session, TAFEL_GAME_MILL);
  g_assert_true (tafel_match_get_rules (tafel_session_get_match (session)) == three);

  /* Three: a row wins at once; the win is Three's, not Nine's. */
  play_words (session, "c3 d3 c4 d4 c5");
  g_assert_cmpint (tafel_match_get_status (tafel_session_get_match (session)), ==, TAFEL_STATUS_WON);
  statistics = tafel_session_get_statistics (session);
  g_assert_true (tafel_session_load_statistics (session));
  tafel_statistics_get_pair_record (statistics, three, &pair);
  g_assert_cmpuint (pair.first_wins, ==, 1);
  tafel_statistics_get_pair_record (statistics, tafel_rules_get (TAFEL_GAME_MILL), &pair);
  g_assert_cmpuint (pair.first_wins, ==, 0);
  stats_path = tafel_statistics_default_path ();
  g_assert_true (g_file_get_contents (stats_path, &stats_text, NULL, NULL));
  g_assert_nonnull (strstr (stats_text, "[mill-three/two-persons]\nfirst-wins=1\n"));
}

/* Looking back: the computer waits, the line stays, playing on from an
 * earlier position drops the rest, and saving keeps the whole line. */
static void
test_looking_back (void)
{
  g_autoptr(TafelSession) session = new_session (TAFEL_GAME_CONNECT_FOUR, TAFEL_OPPONENT_COMPUTER,
                                                 TAFEL_FIRST_PLAYER_HUMAN);
  TafelMatch *match = tafel_session_get_match (session);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *saved = NULL;
  const TafelMove col1 = { 1, { 0 } }, col7 = { 1, { 6 } };

  tafel_session_set_level (session, TAFEL_LEVEL_MEDIUM);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (tafel_session_play (session, &(TafelMove) { 1, { i } }, &error));
      g_assert_no_error (error);
      wait_for (not_thinking, session);
    }
  g_assert_cmpuint (tafel_match_get_line_length (match), ==, 6);
  line = tafel_match_line_to_moves (match);

  /* After the person's second move it is the computer's turn: it does
   * not move while the person looks. */
  tafel_session_go_to (session, 3);
  g_assert_true (tafel_session_get_browsing (session));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 3);
  g_assert_false (tafel_session_get_thinking (session));
  g_assert_false (tafel_session_get_persons_turn (session));
  for (guint i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 3);

  /* The saved game is the whole line. */
  {
    g_autofree char *path = g_build_filename (g_get_user_state_dir (), "tafel", "connect-four.ini", NULL);

    g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
    g_assert_nonnull (strstr (saved, line));
  }

  /* Back to the end: the person's turn, nothing to do for the computer. */
  tafel_session_go_to (session, 6);
  g_assert_false (tafel_session_get_browsing (session));
  g_assert_false (tafel_session_get_thinking (session));

  /* From the start, the line's own first move is followed, not dropped. */
  tafel_session_go_to (session, 0);
  g_assert_true (tafel_session_get_persons_turn (session));
  g_assert_cmpuint (tafel_session_moves_dropped_by (session, &col1), ==, 0);
  g_assert_cmpuint (tafel_session_moves_dropped_by (session, &col7), ==, 6);
  g_assert_true (tafel_session_play (session, &col1, &error));
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 1);
  g_assert_cmpuint (tafel_match_get_line_length (match), ==, 6);
  g_assert_true (tafel_session_get_browsing (session));
  g_assert_false (tafel_session_get_thinking (session));

  /* Another move there starts a new line, and the computer answers. */
  tafel_session_go_to (session, 2);
  g_assert_true (tafel_session_play (session, &col7, &error));
  g_assert_false (tafel_session_get_browsing (session));
  g_assert_cmpuint (tafel_match_get_line_length (match), ==, 3);
  g_assert_true (tafel_session_get_thinking (session));
  wait_for (not_thinking, session);
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 4);

  /* After a plain undo nothing counts as dropped, as ever. */
  tafel_session_undo (session);
  g_assert_false (tafel_session_get_browsing (session));
  g_assert_cmpuint (tafel_session_moves_dropped_by (session, &col1), ==, 0);
}

/* The state directory: one for the whole run, emptied before each test
 * (it holds only files: the saved games, the statistics and what was
 * set aside). */
static char *state_home;

static void
empty_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        {
          empty_dir (child);
          g_assert_cmpint (g_rmdir (child), ==, 0);
        }
      else
        g_assert_cmpint (g_unlink (child), ==, 0);
    }
}

typedef struct
{
  const char *path;
  void      (*func) (void);
} SessionTest;

static void
run_with_fresh_state (gconstpointer data)
{
  const SessionTest *test = data;

  empty_dir (state_home);
  test->func ();
}

static const SessionTest tests[] = {
  { "/session/computer-moves-first", test_computer_moves_first },
  { "/session/undo-takes-back-both", test_undo_takes_back_both },
  { "/session/stale-answers-are-dropped", test_stale_answers_are_dropped },
  { "/session/pondering", test_pondering },
  { "/session/pondering/mill", test_pondering_mill },
  { "/session/hint", test_hint },
  { "/session/hint-while-pondering", test_hint_while_pondering },
  { "/session/own-players", test_own_players },
  { "/session/status-and-value", test_status_and_value },
  { "/session/saved-game-comes-back", test_saved_game_comes_back },
  { "/session/damaged-save", test_damaged_save },
  { "/session/statistics-count-once", test_statistics_count_once },
  { "/session/switch-games", test_switch_games },
  { "/session/mill-variants", test_mill_variants },
  { "/session/looking-back", test_looking_back },
};

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  state_home = g_dir_make_tmp ("tafel-session-XXXXXX", NULL);
  g_assert_nonnull (state_home);
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);

  for (gsize i = 0; i < G_N_ELEMENTS (tests); i++)
    g_test_add_data_func (tests[i].path, &tests[i], run_with_fresh_state);

  status = g_test_run ();

  empty_dir (state_home);
  g_rmdir (state_home);
  g_free (state_home);
  return status;
}
