/* test-mill-search.c: the Nine Men's Morris computer player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tafel-games.h"
#include "tafel-mill.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-player.h"
#include "tafel-mill-search.h"
#include "tafel-mill-search-private.h"

/* The default of the weight "deficit" (tafel-mill-search.c), restored
 * after a test changes it. */
#define DEFICIT_DEFAULT 0

static const TafelRules *R;

static int
point (const char *name)
{
  for (guint p = 0; p < R->board->n_points; p++)
    if (g_str_equal (R->board->point_names[p], name))
      return p;
  g_assert_not_reached ();
  return -1;
}

static void
build (TafelState *state,
       const char *white,
       const char *black,
       int         hand_w,
       int         hand_b,
       int         side)
{
  TafelMillState *s = TAFEL_MILL_STATE (state);
  const char *lists[2] = { white, black };

  R->init (state);
  for (int who = 0; who < 2; who++)
    {
      g_auto (GStrv) names = g_strsplit (lists[who], " ", -1);

      for (guint i = 0; names[i] != NULL; i++)
        if (names[i][0] != '\0')
          s->stones[who] |= 1u << point (names[i]);
    }
  s->hand[0] = hand_w;
  s->hand[1] = hand_b;
  s->side = side;
  s->ply = 30;
  s->clock = 10;
  s->key = tafel_mill_compute_key (s);
}

static TafelMove
parse_one (const TafelState *state,
           const char       *text)
{
  const char *cursor = text;
  TafelMove move;

  g_assert_true (R->parse_move (state, &cursor, &move, NULL));
  return move;
}

static char *
format (const TafelState *state,
        const TafelMove  *move)
{
  return tafel_rules_format_move (R, state, move);
}

static guint
seeds_for (TafelLevel level)
{
  /* The strong levels are slow and deterministic but for timing. */
  return level >= TAFEL_LEVEL_HARD ? 1 : 12;
}

typedef struct {
  const char *white, *black;
  int hand_w, hand_b;
  const char *why;
} Case;

/* Every level closes a mill it can close in one, at least where nothing
 * else saves a stone.  While placing, Impossible weighs the capture
 * against the other moves (see test_capture_weighed): keeping a threat
 * open can be worth as much, and its search need not take the stone at
 * once. */
static void
test_mill_in_one (void)
{
  static const Case cases[] = {
    /* placing: b2 closes b2 d2 f2 */
    { "d2 f2 g7", "a1 c5 e3", 6, 6, "placing" },
    /* moving: c4-c3 closes c3 d3 e3, and its capture is the only way to
     * stop Black's g4-g1 (a1 d1 g1) */
    { "c4 d3 e3 a7 g7", "a1 d1 g4 b6 d6", 0, 0, "moving" },
    /* flying: any stone to g4 closes g1 g4 g7, and only a capture stops
     * Black's two threats by f4 (to f2 and to f6); a block loses a
     * stone, and with it the game.  (Black's stones in the earlier
     * position threatened nothing, and a search of 5-8 plies found quiet
     * moves as good as the capture.) */
    { "g1 g7 a4", "b2 d2 b6 d6 f4 c5", 0, 0, "flying" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (TafelLevel level = TAFEL_LEVEL_RELAXED; level <= TAFEL_LEVEL_IMPOSSIBLE; level++)
      for (guint seed = 0; seed < seeds_for (level); seed++)
        {
          g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
          TafelState s;
          TafelMove move;
          g_autofree char *text = NULL;

          if (level == TAFEL_LEVEL_IMPOSSIBLE && cases[c].hand_w > 0)
            continue;
          build (&s, cases[c].white, cases[c].black, cases[c].hand_w, cases[c].hand_b, 0);
          g_assert_true (R->choose_move (NULL, &s, NULL, level, rand, NULL, &move));
          g_assert_true (tafel_rules_is_legal (R, &s, &move));
          text = format (&s, &move);
          g_test_message ("%s, level %d, seed %u: %s", cases[c].why, level, seed, text);
          g_assert_nonnull (strchr (text, 'x'));
        }
}

/* The move a search of @depth plies without tables chooses after @moves,
 * with the root's safety rule (the levels below Impossible) or without
 * it. */
static char *
choice_at_depth (const char *moves,
                 gboolean    safety_rule,
                 guint       depth)
{
  g_autoptr (TafelMillSearcher) searcher = tafel_mill_searcher_new (16);
  TafelMillSearchLimits limits = { .max_depth = depth, .flags = TAFEL_MILL_SEARCH_NO_TABLES };
  TafelMillSearchResult result;
  TafelState s;
  char *text;

  if (safety_rule)
    limits.flags |= TAFEL_MILL_SEARCH_SAFETY_RULE;
  R->init (&s);
  g_assert_true (tafel_rules_play_moves (R, moves, &s, NULL, NULL));
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &result));
  text = format (&s, &result.best);
  g_test_message ("safety rule %d: %s, %d", safety_rule, text, result.score);
  return text;
}

/* Impossible's search weighs a mill to close against the other moves,
 * where the levels below close it by rule.  After g7 d3 f4 b4 d6 d2 d1
 * c4 a4 b6 b2 d7 g4 e4 g1xe4 e4 (a game against Sanmill's engine) every
 * capture by a1 walks into a block that a 21-ply search proves lost;
 * f2 holds, and a search of 8 plies already prefers it. */
static void
test_capture_weighed (void)
{
  const char *moves = "g7 d3 f4 b4 d6 d2 d1 c4 a4 b6 b2 d7 g4 e4 g1xe4 e4";
  g_autofree char *by_rule = choice_at_depth (moves, TRUE, 8);
  g_autofree char *weighed = choice_at_depth (moves, FALSE, 8);

  g_assert_nonnull (strchr (by_rule, 'x'));
  g_assert_null (strchr (weighed, 'x'));
}

/* Impossible weighs a block against the other moves, where the levels
 * below block by rule.  After a1 b6 d6 f4 b4 d2 g1 d1 d3 e4 g4 g7 d7 d5
 * c3 e3 (a game against Sanmill's engine) Black threatens e5; the block
 * e5 lost that game (a 19-ply search after it: about -13.7 stones, and
 * Black shut White in), while a4, which opens two mills and lets Black
 * take it, keeps White ahead (+2.4 stones at 21 plies).  A search of 8
 * plies already prefers a4. */
static void
test_block_weighed (void)
{
  const char *moves = "a1 b6 d6 f4 b4 d2 g1 d1 d3 e4 g4 g7 d7 d5 c3 e3";
  g_autofree char *by_rule = choice_at_depth (moves, TRUE, 8);
  g_autofree char *weighed = choice_at_depth (moves, FALSE, 8);

  g_assert_cmpstr (by_rule, ==, "e5");
  g_assert_cmpstr (weighed, ==, "a4");
}

/* While placing, the quiescence search follows a block and what comes
 * after it.  After a1 b2 f4 d6 d2 b4 (a game against Sanmill's engine)
 * White answered Black's threat at b6 with one of its own, a7; Black's
 * block a4 opened two mills, and each capture opened the next (a4 c4
 * b6xc4 c4 f6xc4): two stones down by ply 12.  A 12-ply search prefers
 * the block b6.  Standing pat at the leaves, searches of 8 to 11 plies
 * chose a7; searching the blocks, those of 7 to 13 plies choose b6, but
 * for 10 plies, where the two are close and the move order decides. */
static void
test_placing_block_followed (void)
{
  g_autofree char *choice = choice_at_depth ("a1 b2 f4 d6 d2 b4", FALSE, 11);

  g_assert_cmpstr (choice, ==, "b6");
}

/* While moving too, the quiescence search answers a threat with the
 * steps that block it.  White's only step d2-f2 threatens d1-d2 (b2 d2
 * f2), and Black's only block d3-d2 leaves White one step (f2-f4): a
 * one-ply search values the position after that block, not the threat.
 * Where no stone can step into the threat (d1-g1 leaves a1 and g1 with
 * d2 to step into d1, and d1's other neighbours are White's), the
 * evaluation's penalty for a threat that cannot be stopped stands. */
static void
test_moving_block_followed (void)
{
  static const struct {
    const char *white, *black, *step, *block;
  } cases[] = {
    { "a1 b2 d1 d2", "a4 b4 b6 d3 f6 g1", "d2-f2", "d3-d2" },
    { "a1 d1 d2 f2", "a4 a7 b2 d3 d6 f4 f6", "d1-g1", NULL },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (TafelMillSearcher) searcher = tafel_mill_searcher_new (16);
      TafelMillSearchLimits limits = { .max_depth = 1, .flags = TAFEL_MILL_SEARCH_NO_TABLES };
      TafelMillSearchResult result;
      TafelState s, after;
      TafelMove moves[TAFEL_MAX_MOVES], move;
      g_autofree char *best = NULL;
      int expected;

      build (&s, cases[c].white, cases[c].black, 0, 0, 0);
      g_assert_cmpuint (R->legal_moves (&s, moves), ==, 1);
      move = moves[0];
      g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &result));
      best = format (&s, &result.best);
      g_assert_cmpstr (best, ==, cases[c].step);

      after = s;
      tafel_mill_apply (TAFEL_MILL_STATE (&after), &move);
      if (cases[c].block != NULL)
        {
          move = parse_one (&after, cases[c].block);
          tafel_mill_apply (TAFEL_MILL_STATE (&after), &move);
          expected = tafel_mill_evaluate (&after);
        }
      else
        expected = -tafel_mill_evaluate (&after);
      g_test_message ("%s: %d, after %s %d", cases[c].step, result.score,
                      cases[c].block != NULL ? cases[c].block : "nothing", expected);
      g_assert_cmpint (result.score, ==, expected);
    }
}

/* Every level below Impossible blocks the opponent's mill when it cannot
 * close one.  (Impossible weighs the block: see test_block_weighed ().) */
static void
test_forced_block (void)
{
  static const struct {
    const char *white, *black;
    int hand_w, hand_b;
    const char *block;
  } cases[] = {
    /* placing: Black's b2 d2 needs f2 */
    { "a1 g7", "b2 d2", 7, 7, "f2" },
    /* moving: Black's d1-d2 would close b2 d2 f2; only d3-d2 stops it */
    { "d3 a7 g4 e5", "b2 f2 d1 b6", 0, 0, "d3-d2" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (TafelLevel level = TAFEL_LEVEL_RELAXED; level <= TAFEL_LEVEL_HARD; level++)
      for (guint seed = 0; seed < seeds_for (level); seed++)
        {
          g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
          TafelState s;
          TafelMove move;
          g_autofree char *text = NULL;

          build (&s, cases[c].white, cases[c].black, cases[c].hand_w, cases[c].hand_b, 0);
          g_assert_true (R->choose_move (NULL, &s, NULL, level, rand, NULL, &move));
          text = format (&s, &move);
          g_test_message ("block %u, level %d, seed %u: %s", c, level, seed, text);
          g_assert_cmpstr (text, ==, cases[c].block);
        }
}

/* The right removal: the stone that would close Black's mill next.
 * (Hard, which closes the mill by rule: Impossible here prefers to block
 * at a4 and keep its own threat at b2.) */
static void
test_best_removal (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  TafelState s;
  TafelMove move;
  g_autofree char *text = NULL;

  /* White places b2 (b2 d2 f2); Black threatens a4 (a1 a4 a7). */
  build (&s, "d2 f2 g4", "a1 a7 c5", 6, 6, 0);
  g_assert_true (R->choose_move (NULL, &s, NULL, TAFEL_LEVEL_HARD, rand, NULL, &move));
  text = format (&s, &move);
  g_test_message ("best removal: %s", text);
  g_assert_true (g_str_equal (text, "b2xa1") || g_str_equal (text, "b2xa7"));
}

/* White (3 stones, flying) cannot stop Black's four threats: lost in 2
 * plies — unless a draw rule saves it. */
#define LOST_WHITE "a1 g4 d6"
#define LOST_BLACK "b2 d2 c3 c4 e3 e4"

static void
search_lost (TafelState               *s,
             const TafelHistory       *history,
             TafelMillSearchResult    *result)
{
  TafelMillSearchLimits limits = { .max_depth = 8 };

  g_assert_true (tafel_mill_search (s, history, &limits, NULL, NULL, result));
}

static void
test_draw_rules (void)
{
  TafelState s, child;
  TafelMillSearchResult result;
  TafelMove block;
  TafelUndo undo;
  guint64 keys[3];
  TafelHistory history = { keys, 3 };

  build (&s, LOST_WHITE, LOST_BLACK, 0, 1, 0);
  search_lost (&s, NULL, &result);
  g_test_message ("lost: score %d", result.score);
  g_assert_true (result.proven);
  g_assert_cmpint (result.score, ==, -(TAFEL_MILL_SCORE_WIN - 2));

  /* The 100 half-move rule: the next quiet move ends the game drawn. */
  TAFEL_MILL_STATE (&s)->clock = 99;
  search_lost (&s, NULL, &result);
  g_assert_false (result.proven);
  g_assert_cmpint (result.score, ==, 0);

  /* Repetition: the position after a1-f2 has been seen twice. */
  build (&s, LOST_WHITE, LOST_BLACK, 0, 1, 0);
  block = parse_one (&s, "a1-f2");
  child = s;
  R->make (&child, &block, &undo);
  /* ... a1-f2, (Black), f2-a1, (Black), a1-f2, (Black), f2-a1: now. */
  keys[0] = keys[2] = R->hash (&child);
  keys[1] = R->hash (&s);
  search_lost (&s, &history, &result);
  g_assert_cmpint (result.score, ==, 0);
  g_assert_true (tafel_move_equal (&result.best, &block));

  /* Every level finds the saving repetition. */
  for (TafelLevel level = TAFEL_LEVEL_RELAXED; level <= TAFEL_LEVEL_IMPOSSIBLE; level++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (level);
      TafelMove move;

      g_assert_true (R->choose_move (NULL, &s, &history, level, rand, NULL, &move));
      g_assert_true (tafel_move_equal (&move, &block));
    }

  /* Seen only once before: not yet a draw, the position stays lost. */
  history = (TafelHistory) { keys + 2, 1 };
  search_lost (&s, &history, &result);
  g_assert_cmpint (result.score, ==, -(TAFEL_MILL_SCORE_WIN - 2));
}

static void
test_analyze (void)
{
  TafelState s;
  g_autofree TafelAnalysis *a = g_new0 (TafelAnalysis, 1);

  /* A flying endgame Black wins by force. */
  g_assert_true (R->parse_position ("@*******/********/O*O*@*O@ b m s 3 0 3 0 0 0 0 0 0 0 0 0 30", &s, NULL));
  g_assert_true (R->analyze (NULL, &s, NULL, a, NULL));
  /* The endgame tables' value is exact, the search's an opinion (one
   * move from the search, every best one from the tables). */
  g_assert_true (a->has_eval == (tafel_mill_egtb_get_default () == NULL));
  g_assert_cmpuint (a->n_best, >=, 1);
  g_assert_true (tafel_rules_is_legal (R, &s, &a->best[0]));
  g_test_message ("analysis: value %d plies %d eval %d", a->value, a->plies, a->eval);
  g_assert_cmpint (a->value, ==, TAFEL_VALUE_WIN);
  g_assert_cmpint (a->plies, >, 0);
  g_assert_cmpint (a->plies % 2, ==, 1);

  /* The start: an evaluation, no exact value. */
  R->init (&s);
  g_assert_true (R->analyze (NULL, &s, NULL, a, NULL));
  g_assert_true (a->has_eval);
  g_assert_cmpint (a->value, ==, TAFEL_VALUE_UNKNOWN);
  g_assert_true (tafel_rules_is_legal (R, &s, &a->best[0]));
}

/* The evaluation for the side to move of a position built with build (). */
static int
eval_of (const char *white,
         const char *black,
         int         hand_w,
         int         hand_b,
         int         side)
{
  TafelState s;

  build (&s, white, black, hand_w, hand_b, side);
  return tafel_mill_evaluate (&s);
}

/* A Zwickmühle (d7 swings between a7 d7 g7 and b6 d6 f6) is worth far
 * more than the same stones without one, and more when Black cannot step
 * into d6 to break it. */
static void
test_eval_zwickmuehle (void)
{
  int zwick = eval_of ("a7 d7 g7 b6 f6", "a1 c3 e5 g1 e4", 0, 0, 1);
  int none = eval_of ("a7 d7 g7 b4 f4", "a1 c3 e5 g1 e4", 0, 0, 1);
  int blockable = eval_of ("a7 d7 g7 b6 f6", "a1 c3 e5 g1 d5", 0, 0, 1);

  g_test_message ("Black to move: Zwickmühle %d, none %d, blockable %d",
                  zwick, none, blockable);
  g_assert_cmpint (zwick, <, none - 50);
  g_assert_cmpint (zwick, <, blockable - 20);

  /* Built while placing, it already counts (against stones with as
   * many free neighbours: mobility weighs heavily while placing). */
  g_assert_cmpint (eval_of ("a7 d7 g7 b6 f6", "a1 c3 e5 g1 e4", 2, 2, 1), <,
                   eval_of ("a7 d7 g7 b6 f2", "a1 c3 e5 g1 e4", 2, 2, 1));
}

/* Placing: two threats at once cannot both be blocked, and a point that
 * opens two mills at once is worth having. */
static void
test_eval_double_threat (void)
{
  int two, one, fork, no_fork;

  /* The stones differ in their free neighbours too: leave mobility out
   * here (test_eval_placing_mobility weighs it). */
  g_assert_true (tafel_mill_search_set_weight ("place-mobility", 0));
  two = eval_of ("b2 d2 a7 d7", "c3 f4 g1 b6", 5, 5, 1);
  one = eval_of ("b2 d2 a7 c5", "c3 f4 g1 b6", 5, 5, 1);
  fork = eval_of ("a1 g7", "d3 e4", 7, 7, 0);
  no_fork = eval_of ("a1 f4", "d3 e4", 7, 7, 0);
  g_assert_true (tafel_mill_search_set_weight ("place-mobility", 40));

  g_test_message ("Black to move: two threats %d, one %d; White to move: fork %d, none %d",
                  two, one, fork, no_fork);
  g_assert_cmpint (two, <, one - 50);
  g_assert_cmpint (fork, >, no_fork + 10);
}

/* Placing: a stone without a free neighbour is a burden for the moving
 * phase, more than a stone lost later (the games against Sanmill's engine
 * were mostly lost by a block prepared while placing). */
static void
test_eval_placing_mobility (void)
{
  int boxed = eval_of ("a1", "a4 d1", 8, 7, 0);
  int free = eval_of ("b4", "a4 d1", 8, 7, 0);

  g_test_message ("White to move: boxed in %d, free %d", boxed, free);
  g_assert_cmpint (boxed, <, free - 100);
  g_assert_false (tafel_mill_search_set_weight ("no-such-weight", 1));
}

/* Moving: on a crowded board, just after placing, a free point next to a
 * stone is worth almost as much as while placing (a block is a few steps
 * away); on an emptied board it is worth much less. */
static void
test_eval_crowded_mobility (void)
{
  /* The same White stone boxed in at a1 or free at b4, with 16 stones on
   * the board and then with 10 (the stones far from a1 taken away). */
  int crowded_boxed = eval_of ("a1 g7 e5 c3 d6 f2 g1 e3", "a4 d1 d3 c5 f6 d7 g4 b6", 0, 0, 0);
  int crowded_free = eval_of ("b4 g7 e5 c3 d6 f2 g1 e3", "a4 d1 d3 c5 f6 d7 g4 b6", 0, 0, 0);
  int sparse_boxed = eval_of ("a1 g7 e5 c3 d6", "a4 d1 d3 c5 f6", 0, 0, 0);
  int sparse_free = eval_of ("b4 g7 e5 c3 d6", "a4 d1 d3 c5 f6", 0, 0, 0);

  g_test_message ("White to move: crowded %d -> %d, sparse %d -> %d",
                  crowded_boxed, crowded_free, sparse_boxed, sparse_free);
  g_assert_cmpint (crowded_free - crowded_boxed, >, 50);
  g_assert_cmpint (crowded_free - crowded_boxed, >, 2 * (sparse_free - sparse_boxed));
}

/* Stones behind beyond the first weigh "deficit" more each, stones in
 * hand counted, while neither side flies. */
static int
deficit_effect (const char *white,
                const char *black,
                int         hand_w,
                int         hand_b,
                int         side)
{
  int plain, weighed;

  g_assert_true (tafel_mill_search_set_weight ("deficit", 0));
  plain = eval_of (white, black, hand_w, hand_b, side);
  g_assert_true (tafel_mill_search_set_weight ("deficit", 60));
  weighed = eval_of (white, black, hand_w, hand_b, side);
  g_assert_true (tafel_mill_search_set_weight ("deficit", DEFICIT_DEFAULT));
  return weighed - plain;
}

static void
test_eval_deficit (void)
{
  const char *white = "a1 g7 e5 c3 d6 f2 g1 e3";

  g_assert_cmpint (deficit_effect (white, "a4 d1 d3 c5 f6 d7 g4", 0, 0, 0), ==, 0);
  g_assert_cmpint (deficit_effect (white, "a4 d1 d3 c5 f6 d7", 0, 0, 0), ==, 60);
  g_assert_cmpint (deficit_effect (white, "a4 d1 d3 c5 f6 d7", 0, 0, 1), ==, -60);
  g_assert_cmpint (deficit_effect (white, "a4 d1 d3 c5 f6", 0, 0, 0), ==, 120);
  /* Black flies: the tables and the flying weights judge that. */
  g_assert_cmpint (deficit_effect (white, "a4 d1 d3", 0, 0, 0), ==, 0);
  /* Placing: five stones and four in hand against three and four. */
  g_assert_cmpint (deficit_effect ("a1 g7 e5 c3 d6", "a4 d1 d3", 4, 4, 1), ==, -60);
}

/* The weights go by name, per phase; a name that does not exist is
 * refused. */
static void
test_weight_names (void)
{
  /* White's stones at a1, g1 and g7 are boxed in; no Black stone is. */
  const char *white = "a1 g7 e5 c3 d6 f2 g1 e3";
  const char *black = "a4 d1 d3 c5 f6 d7 g4 b6";
  int before = eval_of (white, black, 0, 0, 0);
  int light, heavy;

  g_assert_true (tafel_mill_search_set_weight ("move-blocked", -100));
  light = eval_of (white, black, 0, 0, 0);
  g_assert_true (tafel_mill_search_set_weight ("move-blocked", -200));
  heavy = eval_of (white, black, 0, 0, 0);
  g_assert_true (tafel_mill_search_set_weight ("move-blocked", -35));
  g_assert_cmpint (heavy, ==, light - 3 * 100);
  g_assert_cmpint (eval_of (white, black, 0, 0, 0), ==, before);

  g_assert_true (tafel_mill_search_set_weight ("place-zwick-open", 8));
  g_assert_false (tafel_mill_search_set_weight ("fly-zwick", 1));
  g_assert_false (tafel_mill_search_set_weight ("place-", 1));
  g_assert_false (tafel_mill_search_set_weight ("mobility", 1));
}

/* Searches each of @positions to @depth without reductions, with and
 * without @part of the search: the value must be the same each time,
 * and the search with it must get there with fewer nodes in all. */
static void
check_part_saves_nodes (const char *const   *positions,
                        guint                n_positions,
                        guint                depth,
                        TafelMillSearchFlags part)
{
  guint64 nodes_with = 0, nodes_without = 0;

  for (guint i = 0; i < n_positions; i++)
    {
      TafelMillSearchLimits with = { .max_depth = depth, .flags = TAFEL_MILL_SEARCH_NO_REDUCTIONS };
      TafelMillSearchLimits without = with;
      TafelMillSearchResult a, b;
      TafelState s;

      without.flags |= part;
      g_assert_true (R->parse_position (positions[i], &s, NULL));
      g_assert_true (tafel_mill_search (&s, NULL, &with, NULL, NULL, &a));
      g_assert_true (tafel_mill_search (&s, NULL, &without, NULL, NULL, &b));
      g_test_message ("%s: %d in %" G_GUINT64_FORMAT " nodes, without %d in %" G_GUINT64_FORMAT,
                      positions[i], a.score, a.nodes, b.score, b.nodes);
      g_assert_cmpuint (a.depth, ==, depth);
      g_assert_cmpuint (b.depth, ==, depth);
      g_assert_cmpint (a.score, ==, b.score);
      nodes_with += a.nodes;
      nodes_without += b.nodes;
    }
  g_assert_cmpuint (nodes_with, <, nodes_without);
}

/* Killers and the history heuristic change only the order of the moves:
 * without reductions the value at a fixed depth stays the same, and the
 * search gets there with fewer nodes. */
static void
test_ordering_same_value (void)
{
  static const char *const positions[] = {
    "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",
    "********/O*O*@*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3",
    "O***@***/*O*@*O*@/******** w p p 3 6 3 6 0 0 0 0 0 0 0 0 7",
    "O*O*@***/*@*O*@**/O**@**** w p p 4 5 4 5 0 0 0 0 0 0 0 0 8",
  };

  check_part_saves_nodes (positions, G_N_ELEMENTS (positions), 5, TAFEL_MILL_SEARCH_PLAIN_ORDER);
}

/* The cut-offs by the children's table entries (many move orders reach
 * the same position) change only the nodes it takes, while placing and
 * while moving. */
static void
test_child_cutoffs (void)
{
  static const char *const positions[] = {
    "********/O*O*@*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3",
    "O***@***/*O*@*O*@/******** w p p 3 6 3 6 0 0 0 0 0 0 0 0 7",
    "O*O*@***/*@*O*@**/O**@**** w p p 4 5 4 5 0 0 0 0 0 0 0 0 8",
    "OOO*****/@@@@@@**/OOO***** w m s 6 0 6 0 0 0 0 0 0 0 0 12 20",
    "O*O*O*O*/*@*@*@*@/O******* w m s 5 0 4 0 0 0 0 0 0 0 0 0 20",
  };

  check_part_saves_nodes (positions, G_N_ELEMENTS (positions), 6,
                          TAFEL_MILL_SEARCH_NO_CHILD_CUTOFFS);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gpointer
search_thread (gpointer data)
{
  TafelMillSearchLimits limits = { .max_depth = 64 };
  TafelMillSearchResult result;
  TafelState s;
  gboolean ok;

  R->init (&s);
  ok = tafel_mill_search (&s, NULL, &limits, NULL, data, &result);
  return GINT_TO_POINTER (ok);
}

/* An unlimited search stops when cancelled. */
static void
test_cancel (void)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  GThread *thread;
  TafelState s;
  TafelMove move;

  thread = g_thread_new ("mill-search", search_thread, cancellable);
  g_timeout_add (100, cancel_later, cancellable);
  while (!g_cancellable_is_cancelled (cancellable))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (GPOINTER_TO_INT (g_thread_join (thread)));

  /* Cancelled before it starts: no move. */
  R->init (&s);
  g_assert_false (R->choose_move (NULL, &s, NULL, TAFEL_LEVEL_IMPOSSIBLE, rand, cancellable, &move));
}

/* Lower levels draw randomness only from the GRand. */
static void
test_deterministic (void)
{
  for (TafelLevel level = TAFEL_LEVEL_RELAXED; level <= TAFEL_LEVEL_MEDIUM; level++)
    {
      g_autoptr (GRand) a = g_rand_new_with_seed (99);
      g_autoptr (GRand) b = g_rand_new_with_seed (99);
      TafelState s;
      TafelMove ma, mb;

      R->init (&s);
      for (guint i = 0; i < 10; i++)
        {
          TafelUndo undo;

          g_assert_true (R->choose_move (NULL, &s, NULL, level, a, NULL, &ma));
          g_assert_true (R->choose_move (NULL, &s, NULL, level, b, NULL, &mb));
          g_assert_true (tafel_move_equal (&ma, &mb));
          R->make (&s, &ma, &undo);
        }
    }
}

/* Flying: closing the mill with d6-f2 loses in four plies (White's g1 g4
 * threaten g7, and White flies once a stone is gone); a stone flown to
 * g7 blocks and holds the draw (3 against 4: the endgame tables answer
 * d6-g7, f4-g7 or f6-g7).  A game against
 * Sanmill's engine was lost here by the rule "close a mill first". */
static void
test_flying_block_before_mill (void)
{
  TafelState s;
  TafelMillSearchResult result;
  TafelMillSearchLimits limits = { .max_depth = 8, .flags = TAFEL_MILL_SEARCH_NO_TABLES };
  g_autofree char *text = NULL;

  build (&s, "d3 d7 g1 g4", "d6 f4 f6", 0, 0, 1);
  g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &result));
  text = format (&s, &result.best);
  g_test_message ("3 against 4: %s, score %d", text, result.score);
  g_assert_cmpint (result.score, >, -1000);
  g_assert_true (g_str_has_suffix (text, "-g7"));
}

/* A node budget ends the search near that count (it is checked every
 * 4096 nodes) and, unlike a time budget, gives the same move every time. */
static void
test_node_budget (void)
{
  TafelState s;
  TafelMillSearchResult first, again, unlimited;
  TafelMillSearchLimits limits = { .max_depth = 64, .max_nodes = 50000 };
  TafelMillSearchLimits deep = { .max_depth = 64 };
  TafelMillSearcher *searcher;

  R->init (&s);
  g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &first));
  g_test_message ("50000 nodes: depth %u, %" G_GUINT64_FORMAT " nodes",
                  first.depth, first.nodes);
  g_assert_cmpuint (first.nodes, >=, 50000);
  g_assert_cmpuint (first.nodes, <, 50000 + 4096);
  g_assert_cmpuint (first.depth, >=, 3);
  g_assert_cmpuint (first.depth, <, 64);

  g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &again));
  g_assert_cmpuint (again.nodes, ==, first.nodes);
  g_assert_cmpuint (again.depth, ==, first.depth);
  g_assert_true (tafel_move_equal (&again.best, &first.best));

  /* Without a budget the same searcher goes past it. */
  searcher = tafel_mill_searcher_new (16);
  deep.max_depth = first.depth + 2;
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &deep, NULL, NULL, &unlimited));
  g_assert_cmpuint (unlimited.depth, ==, first.depth + 2);
  g_assert_cmpuint (unlimited.nodes, >, first.nodes + 4096);
  tafel_mill_searcher_free (searcher);
}

/* The rule that blocks a mill about to close leaves one move here, b2,
 * lost in 10 plies after a4 (a game against Sanmill's engine); c4 holds.
 * The search follows the rule only while the rule's moves are not
 * proven lost. */
static void
test_block_rule_gives_way (void)
{
  TafelMillSearchLimits limits = { .max_depth = 12 };
  TafelMillSearchResult result;
  TafelState s;
  TafelMove b2;
  const char *cursor = "b2";

  R->init (&s);
  g_assert_true (tafel_rules_play_moves (R, "g7 d3 f4 b4 d6 d2 d1 g4 d7 d5 a7xd5 d5 f6 f2 b6xd5 d5",
                                         &s, NULL, NULL));
  g_assert_true (R->parse_move (&s, &cursor, &b2, NULL));
  g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &result));
  g_assert_false (tafel_move_equal (&result.best, &b2));
  g_assert_false (result.proven && result.score < 0);
}

/* A searcher kept over many moves never takes an entry of an earlier
 * search for one of the current search: after a full round of its 63
 * generations the same search costs what it cost in a fresh table. */
static void
test_generations_come_round (void)
{
  g_autoptr(TafelMillSearcher) searcher = tafel_mill_searcher_new (16);
  TafelMillSearchLimits limits = { .max_depth = 6 };
  TafelMillSearchLimits tiny = { .max_depth = 1 };
  TafelMillSearchResult first, other, again;
  TafelState s, t;

  R->init (&s);
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &first));
  /* Another position for the searches between. */
  R->init (&t);
  g_assert_true (tafel_rules_play_moves (R, "d2 d6", &t, NULL, NULL));
  for (guint i = 1; i < 63; i++)
    g_assert_true (tafel_mill_searcher_run (searcher, &t, NULL, &tiny, NULL, NULL, &other));
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &again));
  g_assert_cmpuint (again.nodes, ==, first.nodes);
  g_assert_true (tafel_move_equal (&again.best, &first.best));
}

/* The searcher keeps what it learnt from move to move.  Below a
 * placement or a removal no earlier position can come again, so the
 * values found there in an earlier search stand: a second search of a
 * placing position costs a fraction of the first.  In the moving phase
 * the values depend on the game's history (repetitions), so an earlier
 * search's entries only order the moves there: 8,682 nodes, then 4,241
 * (taking their values as well, the second search would cost 2,291). */
static void
test_values_kept_between_searches (void)
{
  g_autoptr(TafelMillSearcher) searcher = tafel_mill_searcher_new (20);
  TafelMillSearchLimits limits = { .max_depth = 8, .flags = TAFEL_MILL_SEARCH_NO_TABLES };
  TafelMillSearchResult first, again;
  TafelState s;

  R->init (&s);
  g_assert_true (tafel_rules_play_moves (R, "d2 d6 f4 b4", &s, NULL, NULL));
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &first));
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &again));
  g_test_message ("placing: %" G_GUINT64_FORMAT " nodes, then %" G_GUINT64_FORMAT,
                  first.nodes, again.nodes);
  g_assert_cmpuint (again.nodes * 4, <, first.nodes);
  g_assert_cmpint (again.score, ==, first.score);

  build (&s, "a7 d7 g7 b4 f4 d2 g1", "a1 a4 d6 e4 e3 d3 g4", 0, 0, 0);
  tafel_mill_searcher_clear (searcher);
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &first));
  g_assert_true (tafel_mill_searcher_run (searcher, &s, NULL, &limits, NULL, NULL, &again));
  g_test_message ("moving: %" G_GUINT64_FORMAT " nodes, then %" G_GUINT64_FORMAT,
                  first.nodes, again.nodes);
  g_assert_cmpuint (again.nodes * 3, >, first.nodes);
}

/* After pondering on @parent, Impossible's search of the position @move
 * leads to, and that of a player that did not ponder. */
static void
search_after_ponder (const TafelState      *parent,
                     const char            *move,
                     guint                  depth,
                     TafelMillSearchResult *after,
                     TafelMillSearchResult *cold)
{
  g_autoptr(TafelPlayer) pondered = tafel_mill_player_new ();
  g_autoptr(TafelPlayer) fresh = tafel_mill_player_new ();
  TafelMillSearchLimits limits = { .max_depth = depth, .flags = TAFEL_MILL_SEARCH_NO_TABLES };
  guint64 parent_key = TAFEL_MILL_CSTATE (parent)->key;
  TafelHistory played = { &parent_key, 1 };
  TafelState child = *parent;
  TafelMove m = parse_one (parent, move);

  tafel_mill_apply (TAFEL_MILL_STATE (&child), &m);
  tafel_mill_ponder_within (pondered, parent, NULL, &limits, 0, NULL);
  g_assert_true (tafel_mill_searcher_run (tafel_mill_player_get_searcher (pondered), &child,
                                          &played, &limits, NULL, NULL, after));
  g_assert_true (tafel_mill_searcher_run (tafel_mill_player_get_searcher (fresh), &child,
                                          &played, &limits, NULL, NULL, cold));
  g_test_message ("after %s: %" G_GUINT64_FORMAT " nodes after pondering, %" G_GUINT64_FORMAT
                  " without", move, after->nodes, cold->nodes);
}

/* Impossible thinks on the opponent's time: it searches each position
 * the opponent's placements lead to.  The values it finds stand after
 * the move, so its search there goes on from them: the same depth costs
 * a fraction, for the same value.  After a step the values would not
 * stand (a position before it can come again): steps are not pondered
 * on. */
static void
test_ponder (void)
{
  g_autoptr(TafelPlayer) player = tafel_mill_player_new ();
  TafelMillSearchLimits limits = { .max_depth = 6 };
  TafelMillSearchResult after, cold;
  TafelState s;

  R->init (&s);
  g_assert_true (tafel_rules_play_moves (R, "d2 d6 f4", &s, NULL, NULL));
  search_after_ponder (&s, "b4", 6, &after, &cold);
  g_assert_cmpuint (after.nodes * 4, <, cold.nodes);
  g_assert_cmpint (after.score, ==, cold.score);

  /* Black to step, no mill to close. */
  build (&s, "a7 d7 g7 b4 f4 d2 g1", "a1 a4 d6 e4 e3 d3 g4", 0, 0, 1);
  tafel_mill_ponder_within (player, &s, NULL, &limits, 0, NULL);
  g_assert_cmpuint (tafel_mill_searcher_nodes (tafel_mill_player_get_searcher (player)), ==, 0);
}

static gpointer
cancel_soon (gpointer data)
{
  g_usleep (100 * 1000);
  g_cancellable_cancel (data);
  return NULL;
}

/* Threads searching together share the table: the proven results are
 * those of one thread alone, the rule's lost block is still avoided, and
 * a cancelled search stops every thread. */
static void
test_threads (void)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  TafelMillSearchLimits limits = { .max_depth = 8, .threads = 4 };
  TafelMillSearchLimits endless = { .max_depth = 64, .threads = 3 };
  TafelMillSearchResult result;
  TafelState s;
  TafelMove b2;
  const char *cursor = "b2";
  GThread *canceller;

  build (&s, LOST_WHITE, LOST_BLACK, 0, 1, 0);
  g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &result));
  g_assert_true (result.proven);
  g_assert_cmpint (result.score, ==, -(TAFEL_MILL_SCORE_WIN - 2));

  R->init (&s);
  g_assert_true (tafel_rules_play_moves (R, "g7 d3 f4 b4 d6 d2 d1 g4 d7 d5 a7xd5 d5 f6 f2 b6xd5 d5",
                                         &s, NULL, NULL));
  g_assert_true (R->parse_move (&s, &cursor, &b2, NULL));
  limits.max_depth = 12;
  g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &result));
  g_assert_cmpuint (result.depth, ==, 12);
  g_assert_false (tafel_move_equal (&result.best, &b2));
  g_assert_false (result.proven && result.score < 0);

  R->init (&s);
  g_assert_true (tafel_rules_play_moves (R, "d2 d6", &s, NULL, NULL));
  canceller = g_thread_new ("mill-cancel", cancel_soon, cancellable);
  g_assert_false (tafel_mill_search (&s, NULL, &endless, NULL, cancellable, &result));
  g_thread_join (canceller);
  g_assert_cmpuint (result.depth, <, 64);
  g_assert_true (tafel_rules_is_legal (R, &s, &result.best));
}

/* Figures, not assertions: depth and nodes per second in one second. */
static void
test_bench (void)
{
  static const char *const positions[] = {
    "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",
    "********/O*O*@*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3",
    "OOO*****/@@@@@@**/OOO***** w m s 6 0 6 0 0 0 0 0 0 0 0 12 20",
    "O*O*O*O*/*@*@*@*@/O******* w m s 5 0 4 0 0 0 0 0 0 0 0 0 20",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      TafelMillSearchLimits limits = { .max_depth = 64, .budget_us = 1000 * 1000 };
      TafelMillSearchResult result;
      TafelState s;
      g_autofree char *best = NULL;

      g_assert_true (R->parse_position (positions[i], &s, NULL));
      g_assert_true (tafel_mill_search (&s, NULL, &limits, NULL, NULL, &result));
      best = format (&s, &result.best);
      g_test_minimized_result (result.elapsed_us / 1e6,
                               "%s: depth %u, %" G_GUINT64_FORMAT " nodes, %.0f nodes/s, "
                               "score %d, best %s",
                               positions[i], result.depth, result.nodes,
                               result.nodes / (result.elapsed_us / 1e6), result.score, best);
    }
}

/* Figures, not assertions: the nodes of an 11-ply search after each of
 * the person's placements, without pondering and after Impossible
 * pondered for 12 M nodes (one thread; about 5 s), 0.75 M nodes on each
 * placement as its first round gives them. */
static void
test_bench_ponder (void)
{
  const char *moves = "e4 e3 d1 d6 g1 a1 g4 f4 g7xf4";
  TafelState parent;
  TafelMove replies[TAFEL_MAX_MOVES];
  guint64 key, sums[2] = { 0, 0 };
  TafelHistory played = { &key, 1 };
  guint n;

  R->init (&parent);
  g_assert_true (tafel_rules_play_moves (R, moves, &parent, NULL, NULL));
  key = TAFEL_MILL_CSTATE (&parent)->key;
  n = R->legal_moves (&parent, replies);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = format (&parent, &replies[i]);
      guint64 nodes[2];

      for (guint ponder = 0; ponder < 2; ponder++)
        {
          g_autoptr(TafelPlayer) player = tafel_mill_player_new ();
          TafelMillSearchLimits round = { .max_depth = 64, .max_nodes = 12000000 / n };
          TafelMillSearchLimits limits = { .max_depth = 11 };
          TafelMillSearchResult result;
          TafelState child = parent;

          if (ponder)
            tafel_mill_ponder_within (player, &parent, NULL, &round, 0, NULL);
          tafel_mill_apply (TAFEL_MILL_STATE (&child), &replies[i]);
          g_assert_true (tafel_mill_searcher_run (tafel_mill_player_get_searcher (player), &child,
                                                  &played, &limits, NULL, NULL, &result));
          nodes[ponder] = result.nodes;
          sums[ponder] += result.nodes;
        }
      g_test_message ("%s %s: %" G_GUINT64_FORMAT " nodes, after pondering %" G_GUINT64_FORMAT,
                      moves, name, nodes[0], nodes[1]);
    }
  g_test_minimized_result ((double) sums[1] / sums[0],
                           "after %s, 11 plies after each of %u placements: %" G_GUINT64_FORMAT
                           " nodes, after pondering %" G_GUINT64_FORMAT,
                           moves, n, sums[0], sums[1]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  R = &tafel_mill_rules;

  g_test_add_func ("/mill-search/mill-in-one", test_mill_in_one);
  g_test_add_func ("/mill-search/capture-weighed", test_capture_weighed);
  g_test_add_func ("/mill-search/forced-block", test_forced_block);
  g_test_add_func ("/mill-search/block-weighed", test_block_weighed);
  g_test_add_func ("/mill-search/placing-block-followed", test_placing_block_followed);
  g_test_add_func ("/mill-search/moving-block-followed", test_moving_block_followed);
  g_test_add_func ("/mill-search/best-removal", test_best_removal);
  g_test_add_func ("/mill-search/draw-rules", test_draw_rules);
  g_test_add_func ("/mill-search/eval-zwickmuehle", test_eval_zwickmuehle);
  g_test_add_func ("/mill-search/eval-placing-mobility", test_eval_placing_mobility);
  g_test_add_func ("/mill-search/eval-crowded-mobility", test_eval_crowded_mobility);
  g_test_add_func ("/mill-search/eval-double-threat", test_eval_double_threat);
  g_test_add_func ("/mill-search/eval-deficit", test_eval_deficit);
  g_test_add_func ("/mill-search/weight-names", test_weight_names);
  g_test_add_func ("/mill-search/ordering-same-value", test_ordering_same_value);
  g_test_add_func ("/mill-search/child-cutoffs", test_child_cutoffs);
  g_test_add_func ("/mill-search/analyze", test_analyze);
  g_test_add_func ("/mill-search/cancel", test_cancel);
  g_test_add_func ("/mill-search/deterministic", test_deterministic);
  g_test_add_func ("/mill-search/node-budget", test_node_budget);
  g_test_add_func ("/mill-search/generations-come-round", test_generations_come_round);
  g_test_add_func ("/mill-search/block-rule-gives-way", test_block_rule_gives_way);
  g_test_add_func ("/mill-search/values-kept-between-searches", test_values_kept_between_searches);
  g_test_add_func ("/mill-search/flying-block-before-mill", test_flying_block_before_mill);
  g_test_add_func ("/mill-search/threads", test_threads);
  g_test_add_func ("/mill-search/ponder", test_ponder);
  if (g_test_perf ())
    {
      g_test_add_func ("/mill-search/bench", test_bench);
      g_test_add_func ("/mill-search/bench-ponder", test_bench_ponder);
    }

  return g_test_run ();
}
