/* test-ui-variants.c: the Mill variants through the real window, in-process:
 * each started by the "mill-rules" setting, played by board clicks against
 * a second person and against the computer; Lasker's step while stones
 * are in hand, Double's two removals, the keyboard and the points' names
 * on the small boards, and each variant's saved game and statistics kept
 * apart from Nine's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "tafel-application.h"
#include "tafel-board-view.h"
#include "tafel-names.h"
#include "tafel-statistics-dialog-private.h"
#include "tafel-window-private.h"
#include "ui-test-util.h"

/* ---- the window ---- */

/* A new window showing Mill in @variant, without a saved game. */
static TafelWindow *
open_variant (const char *variant,
              const char *opponent)
{
  g_autoptr(GSettings) settings = ui_test_settings ("mill", opponent, "relaxed");

  g_settings_set_string (settings, "mill-rules", variant);
  return ui_test_open_window (560, 600);
}

/* The setting back at Nine for the next test. */
static void
close_variant (TafelWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  ui_test_close_window (window);
  g_settings_set_string (settings, "mill-rules", "nine");
  ui_test_remove_saved_games ();
}

static const TafelRules *
rules_of (TafelWindow *window)
{
  return tafel_match_get_rules (tafel_window_get_match (window));
}

/* The point named @name on the board shown. */
static guint
point_named (TafelWindow *window,
             const char  *name)
{
  const TafelBoard *board = rules_of (window)->board;

  for (guint i = 0; i < board->n_points; i++)
    if (g_str_equal (board->point_names[i], name))
      return i;

  g_error ("no point %s on the board", name);
}

/* Clicks the points named in @clicks (blank-separated). */
static void
click_names (TafelWindow *window,
             const char  *clicks)
{
  g_auto(GStrv) names = g_strsplit (clicks, " ", -1);

  for (guint i = 0; names[i] != NULL; i++)
    ui_test_click_point (window, point_named (window, names[i]));
}

static char *
moves_of (TafelWindow *window)
{
  return tafel_match_to_moves (tafel_window_get_match (window));
}

static gboolean
computer_has_moved (gpointer data)
{
  return !tafel_window_is_thinking (TAFEL_WINDOW (data));
}

/* ---- every variant, by the setting ---- */

/* Each variant: the board and rules of the variant, its title under the
 * game's name (none for Nine), a placement by a click against a second
 * person; against the computer the person places, the computer answers
 * with a legal move of the variant. */
static void
test_every_variant (void)
{
  for (const TafelRules *const *v = tafel_rules_get_variants (TAFEL_GAME_MILL); *v != NULL; v++)
    {
      const TafelRules *rules = *v;
      TafelWindow *window;
      TafelMatch *match;
      TafelMove moves[TAFEL_MAX_MOVES];
      TafelState start, after;
      TafelUndo undo;
      guint n;
      gboolean legal = FALSE;

      g_test_message ("variant %s", rules->variant);
      window = open_variant (rules->variant, "human");
      g_assert_true (rules_of (window) == rules);
      if (rules == tafel_rules_get (TAFEL_GAME_MILL))
        g_assert_false (gtk_widget_get_visible (window->variant_label));
      else
        {
          g_assert_true (gtk_widget_get_visible (window->variant_label));
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (window->variant_label)), ==,
                           tafel_rules_get_variant_title (rules));
        }
      g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Place a stone.");

      /* Two persons: White places on the last point, Black on the first. */
      rules->init (&start);
      click_names (window, rules->board->point_names[rules->board->n_points - 1]);
      click_names (window, rules->board->point_names[0]);
      match = tafel_window_get_match (window);
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
      g_assert_cmpuint (tafel_match_get_move (match, 0)->len, ==, 1);
      g_assert_cmpuint (tafel_match_get_move (match, 0)->path[0], ==,
                        rules->board->target_of_point[rules->board->n_points - 1]);
      ui_test_close_window (window);

      /* Against the computer: the person (White) places, the computer
       * answers with a move the variant allows. */
      window = open_variant (rules->variant, "computer");
      match = tafel_window_get_match (window);
      g_assert_cmpint (tafel_window_get_computer_side (window), ==, 1);
      click_names (window, rules->board->point_names[0]);
      ui_test_iterate_until (computer_has_moved, window);
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 2);
      after = start;
      rules->make (&after, tafel_match_get_move (match, 0), &undo);
      n = rules->legal_moves (&after, moves);
      for (guint i = 0; i < n; i++)
        legal |= tafel_move_equal (&moves[i], tafel_match_get_move (match, 1));
      g_assert_true (legal);
      close_variant (window);
    }
}

/* Whole games against the computer: the person clicks a random legal
 * move (each entry of its path), the computer answers, until the game
 * ends or a limit of plies; every position is checked against the test's
 * own copy of the game played by the plain rules. */
static void
test_whole_games (void)
{
  static const char *const variants[] = { "three", "six", "double", "lasker", "twelve" };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      TafelWindow *window = open_variant (variants[v], "computer");
      TafelMatch *match = tafel_window_get_match (window);
      const TafelRules *rules = rules_of (window);
      g_autoptr(GRand) rand = g_rand_new_with_seed (v + 1);
      TafelState state;
      guint plies = 0;

      rules->init (&state);
      /* The computer's reply may end the game: it is checked too. */
      while ((tafel_match_get_status (match) == TAFEL_STATUS_RUNNING ||
              plies < tafel_match_get_n_moves (match)) && plies < 300)
        {
          TafelMove moves[TAFEL_MAX_MOVES];
          TafelUndo undo;
          guint n = rules->legal_moves (&state, moves);
          const TafelMove *move;

          g_assert_cmpuint (n, >, 0);
          if (rules->side_to_move (&state) == 0 && plies == tafel_match_get_n_moves (match))
            {
              move = &moves[g_rand_int_range (rand, 0, n)];
              for (guint i = 0; i < move->len; i++)
                for (guint p = 0; p < rules->board->n_points; p++)
                  if (rules->board->target_of_point[p] == move->path[i])
                    {
                      ui_test_click_point (window, p);
                      break;
                    }
            }
          ui_test_iterate_until (computer_has_moved, window);
          g_assert_cmpuint (tafel_match_get_n_moves (match), >, plies);
          move = tafel_match_get_move (match, plies);
          {
            gboolean legal = FALSE;

            for (guint i = 0; i < n; i++)
              legal |= tafel_move_equal (&moves[i], move);
            g_assert_true (legal);
          }
          rules->make (&state, move, &undo);
          plies++;
        }
      g_test_message ("%s: %u plies, status %d", variants[v], plies, tafel_match_get_status (match));
      g_assert_cmpuint (tafel_match_get_n_moves (match), ==, plies);
      {
        TafelOutcome outcome;

        rules->outcome (&state, NULL, &outcome);
        if (tafel_match_get_status (match) != TAFEL_STATUS_DRAWN)   /* a draw may come by repetition */
          g_assert_cmpint (outcome.status, ==, tafel_match_get_status (match));
      }
      close_variant (window);
    }
}

/* ---- Lasker and Double by clicks ---- */

/* Lasker: with stones still in hand, a click on an own stone selects it
 * and a click on a neighbour moves it there. */
static void
test_lasker_step (void)
{
  TafelWindow *window = open_variant ("lasker", "human");
  g_autofree char *moves = NULL;
  guint len;

  click_names (window, "a1 g7");
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Place a stone, or choose one to move.");
  click_names (window, "a1");
  tafel_board_view_get_path (TAFEL_BOARD_VIEW (tafel_window_get_board (window)), &len);
  g_assert_cmpuint (len, ==, 1);
  click_names (window, "a4");
  moves = moves_of (window);
  g_assert_cmpstr (moves, ==, "a1 g7 a1-a4");
  /* White still has nine of its ten stones in hand. */
  g_assert_cmpuint (rules_of (window)->in_hand (tafel_match_get_state (tafel_window_get_match (window)), 0),
                    ==, 9);
  close_variant (window);
}

/* Double: a placement closing two mills at once removes two stones, one
 * click each; the status asks for the second. */
static void
test_double_removal (void)
{
  TafelWindow *window = open_variant ("double", "human");
  TafelMatch *match = tafel_window_get_match (window);
  const TafelMove *last;
  g_autofree char *moves = NULL;

  /* White a1 a7 b4 c4, Black g1 f4 d3 e5 (no mill): a4 closes a1-a4-a7
   * and a4-b4-c4. */
  click_names (window, "a1 g1 a7 f4 b4 d3 c4 e5");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  click_names (window, "a4");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  click_names (window, "f4");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 8);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "White: Remove another stone of your opponent.");
  click_names (window, "g1");
  g_assert_cmpuint (tafel_match_get_n_moves (match), ==, 9);
  last = tafel_match_get_last_move (match);
  g_assert_cmpuint (last->len, ==, 3);   /* a placement: the point, then both removals */
  moves = moves_of (window);
  g_assert_true (g_str_has_suffix (moves, " a4xf4xg1"));
  close_variant (window);
}

/* ---- the small boards ---- */

/* The arrow keys walk the points of Six's and Three's boards, and the
 * board is named by the variant's point names. */
static void
test_small_boards_keyboard (void)
{
  static const struct {
    const char *variant;
    const char *walk;     /* the cursor's point at the bottom left, then after each key */
  } cases[] = {
    { "three", "c3 d3 e3 e4" },
    { "six", "a1 d1 g1 g4" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TafelWindow *window = open_variant (cases[c].variant, "human");
      GtkWidget *board = tafel_window_get_board (window);
      g_auto(GStrv) walk = g_strsplit (cases[c].walk, " ", -1);
      static const guint keys[] = { GDK_KEY_Right, GDK_KEY_Right, GDK_KEY_Up };
      const TafelBoard *b = rules_of (window)->board;

      /* Start at the bottom left: Left and Down as far as they go. */
      for (guint i = 0; i < b->n_points; i++)
        {
          ui_test_press_key (board, GDK_KEY_Left);
          ui_test_press_key (board, GDK_KEY_Down);
        }
      g_assert_cmpstr (b->point_names[tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board))], ==,
                       walk[0]);
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_assert_true (ui_test_press_key (board, keys[k]));
          g_assert_cmpstr (b->point_names[tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board))], ==,
                           walk[k + 1]);
        }
      /* What a screen reader hears for the cursor's point. */
      {
        g_autofree char *name = tafel_names_point (rules_of (window),
                                                   tafel_board_view_get_cursor (TAFEL_BOARD_VIEW (board)));

        g_assert_cmpstr (name, ==, walk[G_N_ELEMENTS (keys)]);
      }
      /* Enter places White's stone where the cursor is. */
      g_assert_true (ui_test_press_key (board, GDK_KEY_Return));
      {
        g_autofree char *moves = moves_of (window);

        g_assert_cmpstr (moves, ==, walk[G_N_ELEMENTS (keys)]);
      }
      close_variant (window);
    }
}

/* ---- kept apart ---- */

/* A Twelve game is saved as Twelve's and does not show up as Nine's;
 * a Three game won between persons counts for Three only, and the
 * statistics dialog shows it on Mill's page with Three chosen. */
static void
test_kept_apart (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  const TafelRules *three = tafel_rules_get_variant (TAFEL_GAME_MILL, "three");
  TafelWindow *window = open_variant ("twelve", "human");
  g_autofree char *twelve_path = ui_test_save_path ("mill-twelve");
  g_autofree char *nine_path = ui_test_save_path ("mill");
  g_autofree char *moves = NULL;
  TafelStatisticsDialog *dialog;
  GtkDropDown *variants;
  TafelPairRecord pair;

  click_names (window, "a1 g7 b2");
  g_assert_true (g_file_test (twelve_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (nine_path, G_FILE_TEST_EXISTS));

  /* Nine: a new game; Twelve again: where it was left. */
  g_settings_set_string (settings, "mill-rules", "nine");
  g_assert_true (rules_of (window) == tafel_rules_get (TAFEL_GAME_MILL));
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 0);
  g_assert_false (gtk_widget_get_visible (window->variant_label));
  g_settings_set_string (settings, "mill-rules", "twelve");
  moves = moves_of (window);
  g_assert_cmpstr (moves, ==, "a1 g7 b2");
  ui_test_close_window (window);

  /* A new window comes back to Twelve's game. */
  window = ui_test_present (tafel_window_new (GTK_APPLICATION (ui_test_app)));
  g_clear_pointer (&moves, g_free);
  moves = moves_of (window);
  g_assert_cmpstr (moves, ==, "a1 g7 b2");
  ui_test_close_window (window);

  /* Three: White's row c3-c4-c5 wins at once. */
  window = open_variant ("three", "human");
  tafel_statistics_reset (tafel_window_get_statistics (window));
  click_names (window, "c3 d3 c4 d4 c5");
  g_assert_cmpint (tafel_match_get_status (tafel_window_get_match (window)), ==, TAFEL_STATUS_WON);
  tafel_statistics_get_pair_record (tafel_window_get_statistics (window), three, &pair);
  g_assert_cmpuint (pair.first_wins, ==, 1);
  tafel_statistics_get_pair_record (tafel_window_get_statistics (window),
                                    tafel_rules_get (TAFEL_GAME_MILL), &pair);
  g_assert_cmpuint (pair.first_wins, ==, 0);

  /* The dialog opens on Mill's page with Three chosen. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "statistics", NULL);
  dialog = NULL;
  for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
    if (TAFEL_IS_STATISTICS_DIALOG (l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  g_assert_cmpint (tafel_statistics_dialog_get_visible_game (dialog), ==, TAFEL_GAME_MILL);
  variants = GTK_DROP_DOWN (tafel_statistics_dialog_get_variant_dropdown (dialog, TAFEL_GAME_MILL));
  g_assert_nonnull (variants);
  g_assert_null (tafel_statistics_dialog_get_variant_dropdown (dialog, TAFEL_GAME_CONNECT_FOUR));
  g_assert_true (tafel_rules_get_variants (TAFEL_GAME_MILL)[gtk_drop_down_get_selected (variants)] == three);
  g_assert_cmpstr (tafel_statistics_dialog_get_pair_cell (dialog, TAFEL_GAME_MILL,
                                                          TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, "1");
  /* Nine chosen: nothing counted there. */
  gtk_drop_down_set_selected (variants, 0);
  g_assert_cmpstr (tafel_statistics_dialog_get_pair_cell (dialog, TAFEL_GAME_MILL,
                                                          TAFEL_STATISTICS_PAIR_FIRST_WINS), ==, "0");
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_variant (window);
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/ui/variants/every-variant", test_every_variant);
  g_test_add_func ("/ui/variants/whole-games", test_whole_games);
  g_test_add_func ("/ui/variants/lasker-step", test_lasker_step);
  g_test_add_func ("/ui/variants/double-removal", test_double_removal);
  g_test_add_func ("/ui/variants/small-boards-keyboard", test_small_boards_keyboard);
  g_test_add_func ("/ui/variants/kept-apart", test_kept_apart);

  return ui_test_run ();
}
