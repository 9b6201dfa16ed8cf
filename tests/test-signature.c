/* test-signature.c: exact node counts of the searches on fixed positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A bench signature in the manner of chess engines': the Connect Four
 * solver (one thread, no book, a cleared table of fixed size) and the
 * Mill search (a fixed depth, no time limit; Nine's positions and the
 * starts of the variants it plays) count their nodes on fixed positions,
 * and each sum must be the one written here.  A refactoring
 * that should change nothing shows that it changed nothing; a change to
 * the search that is meant to change the tree updates the figures (run
 * with TAFEL_SIGNATURE_PRINT=1 to see them) in the same commit.
 */
#include "config.h"

#include "tafel-c4-solver.h"
#include "tafel-mill-search.h"

/* Expected figures. */
#define C4_SIGNATURE_NODES G_GUINT64_CONSTANT (337138)
#define C4_SIGNATURE_SCORE_SUM 21
#define MILL_SIGNATURE_NODES G_GUINT64_CONSTANT (123841)
#define MILL_VARIANTS_SIGNATURE_NODES G_GUINT64_CONSTANT (305563)
/* Nine's figure with late-move reductions by whole moves while placing
 * (whole-moves 1, a switch for measurements). */
#define MILL_WHOLE_MOVES_SIGNATURE_NODES G_GUINT64_CONSTANT (206934)

/* From the test sets (tests/data/connect-four): end, middle and
 * beginning positions of several difficulties. */
static const char *const c4_positions[] = {
  "2252576253462244111563365343671351441",
  "7422341735647741166133573473242566",
  "52753311433677442422121",
  "6242432155656447531617622",
  "2541266355551",
  "6146",
  "13134411534775",
  "23766176641753",
  "6133112551",
};

/* Mill: the start, a placing position and a moving one. */
static const char *const mill_positions[] = {
  "",
  "d2 d6 b4 f4 d3 d5",
  "a1 a4 a7 g1 g4 g7 d2 b2 b4 f2 f6 c3 c5 e5 e3 d6 d7 d5 a1-d1",
};
#define MILL_DEPTH 7

/* The variants the search plays (Three is solved whole), from their
 * starts: their boards, mills and switches reach the evaluation and the
 * move generator through the same tables as Nine's. */
static const char *const mill_variants[] = { "lasker", "double", "twelve", "six" };

static gboolean
print_figures (void)
{
  return g_getenv ("TAFEL_SIGNATURE_PRINT") != NULL;
}

static void
test_connect_four (void)
{
  TafelC4Solver *solver = tafel_c4_solver_new (20);
  guint64 nodes = 0;
  int score_sum = 0;

  tafel_c4_solver_set_threads (solver, 1);
  for (guint i = 0; i < G_N_ELEMENTS (c4_positions); i++)
    {
      TafelC4Pos pos;
      guint64 before = tafel_c4_solver_nodes (solver);
      int score;

      g_assert_true (tafel_c4_pos_from_moves (&pos, c4_positions[i], NULL));
      tafel_c4_solver_reset (solver);
      g_assert_true (tafel_c4_solver_solve (solver, &pos, NULL, &score));
      score_sum += score;
      nodes += tafel_c4_solver_nodes (solver) - before;
      if (print_figures ())
        g_test_message ("c4 %s: score %d, %" G_GUINT64_FORMAT " nodes", c4_positions[i],
                        score, tafel_c4_solver_nodes (solver) - before);
    }
  tafel_c4_solver_free (solver);

  if (print_figures ())
    g_test_message ("C4_SIGNATURE_NODES %" G_GUINT64_FORMAT ", C4_SIGNATURE_SCORE_SUM %d",
                    nodes, score_sum);
  g_assert_cmpint (score_sum, ==, C4_SIGNATURE_SCORE_SUM);
  g_assert_cmpuint (nodes, ==, C4_SIGNATURE_NODES);
}

/* The nodes of a MILL_DEPTH search after @moves under @rules. */
static guint64
mill_nodes (const TafelRules *rules,
            const char       *moves)
{
  TafelMillSearchLimits limits = { .max_depth = MILL_DEPTH };
  g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) error = NULL;
  TafelMillSearchResult result;
  TafelHistory history;
  TafelState state;

  g_assert_true (tafel_rules_parse_moves (rules, moves, &state, hashes, &error));
  g_assert_no_error (error);
  history.hashes = (const guint64 *) hashes->data;
  history.n = hashes->len;
  g_assert_true (tafel_mill_search (&state, &history, &limits, NULL, NULL, &result));
  if (print_figures ())
    g_test_message ("mill \"%s\": score %d, %" G_GUINT64_FORMAT " nodes", moves,
                    result.score, result.nodes);
  return result.nodes;
}

static guint64
nine_nodes (void)
{
  const TafelRules *rules = tafel_rules_get (TAFEL_GAME_MILL);
  guint64 nodes = 0;

  for (guint i = 0; i < G_N_ELEMENTS (mill_positions); i++)
    nodes += mill_nodes (rules, mill_positions[i]);
  return nodes;
}

static void
test_mill (void)
{
  guint64 nodes = nine_nodes ();

  if (print_figures ())
    g_test_message ("MILL_SIGNATURE_NODES %" G_GUINT64_FORMAT, nodes);
  g_assert_cmpuint (nodes, ==, MILL_SIGNATURE_NODES);
}

/* The tuning switch changes the tree, and switching back restores it. */
static void
test_mill_whole_moves (void)
{
  guint64 nodes;

  g_assert_true (tafel_mill_search_set_weight ("whole-moves", 1));
  nodes = nine_nodes ();
  g_assert_true (tafel_mill_search_set_weight ("whole-moves", 0));
  g_assert_cmpuint (nodes, ==, MILL_WHOLE_MOVES_SIGNATURE_NODES);
  g_assert_cmpuint (nine_nodes (), ==, MILL_SIGNATURE_NODES);
}

static void
test_mill_variants (void)
{
  guint64 nodes = 0;

  for (guint i = 0; i < G_N_ELEMENTS (mill_variants); i++)
    {
      const TafelRules *rules = tafel_rules_get_variant (TAFEL_GAME_MILL, mill_variants[i]);

      g_assert_nonnull (rules);
      nodes += mill_nodes (rules, "");
    }

  if (print_figures ())
    g_test_message ("MILL_VARIANTS_SIGNATURE_NODES %" G_GUINT64_FORMAT, nodes);
  g_assert_cmpuint (nodes, ==, MILL_VARIANTS_SIGNATURE_NODES);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/signature/mill", test_mill);
  g_test_add_func ("/signature/mill-whole-moves", test_mill_whole_moves);
  g_test_add_func ("/signature/mill-variants", test_mill_variants);
  g_test_add_func ("/signature/connect-four", test_connect_four);

  return g_test_run ();
}
