/* test-game-record.c: game records (.tafel, bare and numbered move lists)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
#include "tafel-game-record.h"
#include "tafel-match.h"

#define MILL_PLACING_FEN "********/O*O*@*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"
#define MILL_MOVING_FEN "OOO*****/@@@@@@**/OOO***** w m s 6 0 6 0 0 0 0 0 0 0 0 12 20"

/* A random legal game of @game (at most @max_moves moves), from @fen if
 * given. */
static TafelGameRecord *
random_game (TafelGame   game,
             const char *fen,
             GRand      *rand,
             guint       max_moves)
{
  TafelGameRecord *record = tafel_game_record_new (game);
  const TafelRules *rules = tafel_game_record_get_rules (record);
  g_autofree TafelMove *moves = g_new (TafelMove, TAFEL_MAX_MOVES);

  if (fen != NULL)
    g_assert_true (tafel_game_record_set_fen (record, fen, NULL));

  for (guint i = 0; i < max_moves; i++)
    {
      guint n;

      if (tafel_game_record_get_outcome (record)->status != TAFEL_STATUS_RUNNING)
        break;
      n = rules->legal_moves (tafel_game_record_get_state (record, i), moves);
      if (n == 0)
        break;
      g_assert_true (tafel_game_record_play (record, &moves[g_rand_int_range (rand, 0, n)], NULL));
    }

  return record;
}

static void
assert_same_game (TafelGameRecord *a,
                  TafelGameRecord *b)
{
  const TafelRules *rules = tafel_game_record_get_rules (a);
  guint n = tafel_game_record_get_n_moves (a);

  g_assert_cmpint (tafel_game_record_get_game (a), ==, tafel_game_record_get_game (b));
  g_assert_cmpstr (tafel_game_record_get_fen (a), ==, tafel_game_record_get_fen (b));
  g_assert_cmpuint (tafel_game_record_get_n_moves (b), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_true (tafel_move_equal (tafel_game_record_get_move (a, i), tafel_game_record_get_move (b, i)));
  for (guint i = 0; i <= n; i++)
    g_assert_cmpuint (rules->hash (tafel_game_record_get_state (a, i)), ==,
                      rules->hash (tafel_game_record_get_state (b, i)));
  g_assert_cmpint (tafel_game_record_get_outcome (a)->status, ==,
                   tafel_game_record_get_outcome (b)->status);
  g_assert_cmpstr (tafel_game_record_get_result (a), ==, tafel_game_record_get_result (b));
}

static TafelGameRecord *
parse_ok (const char *text,
          TafelGame   game)
{
  g_autoptr(GError) error = NULL;
  TafelGameRecord *record = tafel_game_record_parse (text, -1, game, &error);

  if (error != NULL)
    g_test_message ("text:\n%s", text);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  return record;
}

/* Every game, many random games: .tafel, bare and numbered text back. */
static void
test_round_trips (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);

  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    for (guint round = 0; round < (game == TAFEL_GAME_MILL ? 150 : 400); round++)
      {
        const char *fen = game != TAFEL_GAME_MILL || round % 3 == 0 ? NULL
                          : round % 3 == 1 ? MILL_PLACING_FEN : MILL_MOVING_FEN;
        g_autoptr(TafelGameRecord) record = random_game (game, fen, rand, g_rand_int_range (rand, 0, 120));
        g_autoptr(TafelGameRecord) back = NULL;
        g_autoptr(TafelGameRecord) numbered_back = NULL;
        g_autofree char *text = NULL;
        g_autofree char *numbered = NULL;
        g_autofree char *moves = tafel_game_record_to_moves (record);

        if (round % 2 == 0)
          {
            tafel_game_record_set_header (record, "date", "2026-12-04");
            tafel_game_record_set_header (record, "level", "hard");
            tafel_game_record_set_header (record, "black", "Ada\nLovelace");
          }
        text = tafel_game_record_to_text (record);
        back = parse_ok (text, TAFEL_GAME_INFINITY);
        assert_same_game (record, back);
        g_assert_cmpstr (tafel_game_record_get_header (back, "date"), ==,
                         tafel_game_record_get_header (record, "date"));
        g_assert_cmpstr (tafel_game_record_get_header (back, "black"), ==,
                         round % 2 == 0 ? "Ada Lovelace" : NULL);
        {
          g_autofree char *again = tafel_game_record_to_text (back);
          g_assert_cmpstr (again, ==, text);
        }

        numbered = tafel_game_record_to_numbered (record);
        numbered_back = parse_ok (numbered, game);
        assert_same_game (record, numbered_back);

        if (fen == NULL && tafel_game_record_get_n_moves (record) > 0)
          {
            g_autoptr(TafelGameRecord) bare = parse_ok (moves, game);
            assert_same_game (record, bare);
          }
      }
}

/* Cutting a written file anywhere never gives another game: a prefix is
 * refused, or (only the final line break cut) it is the whole game. */
static void
test_truncation (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    for (guint round = 0; round < 4; round++)
      {
        g_autoptr(TafelGameRecord) record = random_game (game, NULL, rand, 40);
        g_autofree char *text = NULL;
        gsize length;

        tafel_game_record_set_header (record, "date", "2026-12-04");
        text = tafel_game_record_to_text (record);
        length = strlen (text);
        for (gsize cut = 0; cut < length; cut++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(TafelGameRecord) back = tafel_game_record_parse (text, cut, game, &error);

            if (back == NULL)
              {
                g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
                g_assert_true (g_utf8_validate (error->message, -1, NULL));
                /* Where it stops, unless nothing of a game is left. */
                if (!g_str_has_prefix (error->message, "Line ") &&
                    strstr (error->message, "no game") == NULL)
                  g_error ("no line named: %s", error->message);
                continue;
              }
            g_assert_no_error (error);
            g_assert_cmpuint (cut, ==, length - 1);
            assert_same_game (record, back);
          }
      }
}

static void
expect_error_n (const char *text,
                gssize      length,
                const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelGameRecord) record = tafel_game_record_parse (text, length, TAFEL_GAME_CONNECT_FOUR, &error);

  g_assert_null (record);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, fragment);
}

static void
expect_error (const char *text,
              const char *fragment)
{
  expect_error_n (text, -1, fragment);
}

/* A variant's record says so in its header and is read back by its
 * rules; the default variant's header has no variant line. */
static void
test_variants (void)
{
  const TafelRules *twelve = tafel_rules_get_variant (TAFEL_GAME_MILL, "twelve");
  g_autoptr(TafelGameRecord) record = tafel_game_record_new_for_rules (twelve);
  g_autoptr(TafelGameRecord) back = NULL;
  g_autoptr(TafelGameRecord) nine = NULL;
  g_autoptr(TafelGameRecord) standard = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *nine_text = NULL;
  g_autofree char *no_variant = NULL;

  /* A mill on Twelve's diagonal a1-b2-c3: not a mill in Nine. */
  g_assert_true (tafel_game_record_play_text (record, "a1 d7 b2 g7 c3xd7", &error));
  g_assert_no_error (error);
  text = tafel_game_record_to_text (record);
  g_assert_nonnull (strstr (text, "game: mill\nvariant: twelve\n"));

  back = parse_ok (text, TAFEL_GAME_MILL);
  g_assert_true (tafel_game_record_get_rules (back) == twelve);
  assert_same_game (record, back);

  /* Without the variant line the same moves are Nine's, where c3
   * closes no mill. */
  no_variant = g_strjoinv ("", (char *[]) { "tafel: 1\ngame: mill\n", strstr (text, "result:"), NULL });
  g_assert_null (tafel_game_record_parse (no_variant, -1, TAFEL_GAME_MILL, &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  g_clear_error (&error);

  /* A bare move list is read by the variant shown; Nine's by default. */
  {
    g_autoptr(TafelGameRecord) bare = tafel_game_record_parse_for_rules ("a1 d7 b2 g7 c3xd7", -1, twelve, &error);

    g_assert_no_error (error);
    g_assert_true (tafel_game_record_get_rules (bare) == twelve);
    g_assert_null (tafel_game_record_parse ("a1 d7 b2 g7 c3xd7", -1, TAFEL_GAME_MILL, &error));
    g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
    g_clear_error (&error);
  }

  /* "nine" and "standard" name the default, which is written without. */
  nine = parse_ok ("tafel: 1\ngame: mill\nvariant: nine\n\nd6 f4 *\n", TAFEL_GAME_MILL);
  standard = parse_ok ("tafel: 1\ngame: mill\nvariant: standard\n\nd6 f4 *\n", TAFEL_GAME_MILL);
  g_assert_true (tafel_game_record_get_rules (nine) == tafel_rules_get (TAFEL_GAME_MILL));
  g_assert_true (tafel_game_record_get_rules (standard) == tafel_rules_get (TAFEL_GAME_MILL));
  nine_text = tafel_game_record_to_text (nine);
  g_assert_null (strstr (nine_text, "variant:"));

  /* Every variant of Mill comes back as itself. */
  for (const TafelRules *const *v = tafel_rules_get_variants (TAFEL_GAME_MILL); *v != NULL; v++)
    {
      g_autoptr(TafelGameRecord) empty = tafel_game_record_new_for_rules (*v);
      g_autofree char *empty_text = tafel_game_record_to_text (empty);
      g_autoptr(TafelGameRecord) again = parse_ok (empty_text, TAFEL_GAME_INFINITY);

      g_assert_true (tafel_game_record_get_rules (again) == *v);
    }
}

static void
test_errors (void)
{
  expect_error ("", "no game");
  expect_error ("  \n\t\n", "no game");
  expect_error ("tafel: 1\ngame: chess\n\n*\n", "Line 2:");
  expect_error ("tafel: 2\ngame: mill\n\n*\n", "Line 1:");
  expect_error ("tafel: 1\ndate: today\n\n*\n", "no game");
  expect_error ("tafel: 1\ngame: mill\ngame: mill\n\n*\n", "Line 3:");
  expect_error ("tafel: 1\ngame: mill\nthis is no header\n\n*\n", "Line 3:");
  expect_error ("tafel: 1\ngame: mill\nvariant: morabaraba\n\n*\n", "Line 3: the variant");
  expect_error ("tafel: 1\ngame: tictactoe\nvariant: twelve\n\n*\n", "Line 3: the variant");
  expect_error ("tafel: 1\ngame: mill\nvariant: twelve\nvariant: twelve\n\n*\n", "Line 4:");
  expect_error ("tafel: 1\ngame: mill\nresult: 2-0\n\n*\n", "Line 3:");
  expect_error ("tafel: 1\ngame: connect-four\n", "Line 2:");
  expect_error ("tafel: 1\ngame: connect-four\n\n4453\n", "Line 4: the moves do not end with a result");
  expect_error ("tafel: 1\ngame: connect-four\n\n44\n53\n\n", "Line 6: the moves do not end with a result");
  expect_error ("tafel: 1\ngame: connect-four\n\n4453 1-0\n", "Line 4:");
  expect_error ("tafel: 1\ngame: connect-four\nresult: 0-1\n\n4455667 1-0\n", "Line 5:");
  expect_error ("tafel: 1\ngame: connect-four\n\n4455667 1-0 4\n", "Line 4, column 13");
  /* a bad move names its line and column, an illegal one its line and number */
  expect_error ("tafel: 1\ngame: connect-four\n\n44\n5 8 3\n*\n", "Line 5, column 3");
  expect_error ("tafel: 1\ngame: connect-four\n\n444444\n4 *\n", "Line 5: Move 7 (4)");
  expect_error ("tafel: 1\ngame: mill\n\nd6 f4\nd2 b4 {a comment\n", "Line 5:");
  expect_error ("1. d6 f4\n2. d2 b4 (2... a1\n", "Line 2:");
  expect_error ("1. d6 f4\n2. d2 b4 }\n", "Line 2, column 10");
  expect_error ("1. d6 f4\n2. d2 q9\n", "Line 2, column 7");
  expect_error ("1. d6 d6\n", "Line 1: Move 2 (d6)");
  expect_error ("[FEN \"nonsense\"]\n\n1. d6\n", "Line 1:");
  expect_error ("[Event \"unclosed]\n1. d6\n", "Line 1:");
  expect_error ("4453\n\x01\xff", "Line 2:");
  expect_error_n ("4453\n44\0 55", 11, "Line 2:");
  expect_error ("{just a comment}", "no moves");
}

/* The Mill numbered text as other programs write it. */
static void
test_numbered_sources (void)
{
  /* White closes a mill on the top line (a7 d7 g7) and removes b6. */
  const char *moves = "a7 b6 d7 f6 g7xb6 d6";
  g_autoptr(TafelGameRecord) expected = parse_ok (moves, TAFEL_GAME_MILL);
  const char *sources[] = {
    /* one line, removal attached, result token */
    "1. a7 b6 2. d7 f6 3. g7xb6 d6 *",
    /* PGN tags, a line per move pair, CRLF, annotations, a comment */
    "[Event \"Mill\"]\r\n[Site \"PlayOK\"]\r\n[White \"ada\"]\r\n[Black \"bob\"]\r\n[Result \"*\"]\r\n\r\n"
    "1. a7 b6\r\n2. d7 f6!?\r\n3. g7xb6 {mill!} d6\r\n*\r\n",
    /* Sanmill's shape: wide columns, the removal a token of its own */
    " 1.    a7    b6\n 2.    d7    f6\n 3.    g7    xb6    d6\n",
    /* glued numbers, upper case, a continuation number, a variation */
    "1.A7 B6 2.D7 F6 (2... a1) 3.G7 XB6 3... D6\n",
    /* the removal in its own numbered slot is still the same move */
    "1. a7 b6\n2. d7 f6\n3. g7 xb6\n   d6 ; end\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      /* The digits-only default must not matter: the points say Mill. */
      g_autoptr(TafelGameRecord) record = parse_ok (sources[i], TAFEL_GAME_CONNECT_FOUR);

      assert_same_game (expected, record);
      if (i == 1)
        {
          g_assert_cmpstr (tafel_game_record_get_header (record, "white"), ==, "ada");
          g_assert_cmpstr (tafel_game_record_get_header (record, "site"), ==, "PlayOK");
        }
    }

  /* From a FEN tag, Black to move first: "1... f4". */
  {
    g_autoptr(TafelGameRecord) record = tafel_game_record_new (TAFEL_GAME_MILL);
    g_autoptr(TafelGameRecord) back = NULL;
    g_autofree char *text = NULL;
    TafelMove move = { 1, { 0 } };

    g_assert_true (tafel_game_record_set_fen (record,
                   "********/@*O*O***/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2", NULL));
    g_assert_true (tafel_game_record_play (record, &move, NULL));
    text = tafel_game_record_to_numbered (record);
    g_assert_true (g_str_has_prefix (text, "[FEN \""));
    g_assert_nonnull (strstr (text, "\n1... a1\n"));
    back = parse_ok (text, TAFEL_GAME_MILL);
    assert_same_game (record, back);
  }
}

/* The small games' digit strings, with and without blanks. */
static void
test_digit_lists (void)
{
  g_autoptr(TafelGameRecord) a = parse_ok ("5137", TAFEL_GAME_INFINITY);
  g_autoptr(TafelGameRecord) b = parse_ok ("5 1\t3\n7\n", TAFEL_GAME_INFINITY);
  g_autoptr(TafelGameRecord) c = parse_ok ("1. 5 1 2. 3 7", TAFEL_GAME_INFINITY);
  g_autoptr(TafelGameRecord) d = parse_ok ("tafel: 1\ngame: infinity\n\n51 37 *\n", TAFEL_GAME_MILL);
  g_autoptr(TafelGameRecord) won = parse_ok ("4455667", TAFEL_GAME_CONNECT_FOUR);

  assert_same_game (a, b);
  assert_same_game (a, c);
  assert_same_game (a, d);
  g_assert_cmpuint (tafel_game_record_get_n_moves (a), ==, 4);
  g_assert_cmpstr (tafel_game_record_get_result (won), ==, "1-0");
}

/* A file from another editor: CRLF, a byte order mark, blanks. */
static void
test_crlf_bom (void)
{
  g_autoptr(TafelGameRecord) plain = parse_ok ("4455667", TAFEL_GAME_CONNECT_FOUR);
  g_autoptr(TafelGameRecord) dos = parse_ok ("\xef\xbb\xbftafel: 1\r\ngame:   connect-four  \r\n"
                                             "Date: 2026-12-04\r\n\r\n  44 55\r\n667   1-0\r\n",
                                             TAFEL_GAME_MILL);

  assert_same_game (plain, dos);
  g_assert_cmpstr (tafel_game_record_get_header (dos, "date"), ==, "2026-12-04");
}

/* Moves given as text are played all or not at all. */
static void
test_play_text (void)
{
  g_autoptr(TafelGameRecord) record = tafel_game_record_new (TAFEL_GAME_TICTACTOE);
  g_autoptr(GError) error = NULL;

  g_assert_true (tafel_game_record_play_text (record, "52", &error));
  g_assert_no_error (error);
  g_assert_false (tafel_game_record_play_text (record, "1 3 3", &error));
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  /* The number counts from the start of the game. */
  g_assert_nonnull (strstr (error->message, "Move 5 (3)"));
  g_assert_cmpuint (tafel_game_record_get_n_moves (record), ==, 2);
  g_assert_cmpstr (tafel_game_record_get_result (record), ==, "*");
  g_assert_true (tafel_game_record_play_text (record, "1 3", NULL));
  g_assert_cmpuint (tafel_game_record_get_n_moves (record), ==, 4);
}

/* A match takes a record (a FEN start too) and gives it back. */
static void
test_match (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    {
      g_autoptr(TafelGameRecord) record = random_game (game, game == TAFEL_GAME_MILL ? MILL_MOVING_FEN : NULL,
                                                       rand, 30);
      g_autoptr(TafelMatch) match = tafel_match_new (game);
      g_autoptr(TafelMatch) other = tafel_match_new ((game + 1) % TAFEL_N_GAMES);
      g_autoptr(TafelGameRecord) back = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (tafel_match_load_record (match, record, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, tafel_game_record_get_n_moves (record));
      back = tafel_match_to_record (match);
      assert_same_game (record, back);

      g_assert_false (tafel_match_load_record (other, record, &error));
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
      g_assert_cmpuint (tafel_match_get_n_moves (other), ==, 0);

      /* Undo back to the start shows the FEN position, not the game's own. */
      while (tafel_match_undo (match))
        ;
      g_assert_cmpuint (tafel_game_record_get_rules (record)->hash (tafel_match_get_state (match)), ==,
                        tafel_game_record_get_rules (record)->hash (tafel_game_record_get_state (record, 0)));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/round-trips", test_round_trips);
  g_test_add_func ("/record/truncation", test_truncation);
  g_test_add_func ("/record/errors", test_errors);
  g_test_add_func ("/record/variants", test_variants);
  g_test_add_func ("/record/numbered-sources", test_numbered_sources);
  g_test_add_func ("/record/digit-lists", test_digit_lists);
  g_test_add_func ("/record/crlf-bom", test_crlf_bom);
  g_test_add_func ("/record/play-text", test_play_text);
  g_test_add_func ("/record/match", test_match);

  return g_test_run ();
}
