/* test-ui-german.c: the German catalogue reaches the window: with
 * LANGUAGE=de and the build tree's compiled catalogue, the status line
 * and the side names are German
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "tafel-application.h"
#include "ui-test-util.h"
#include "tafel-board-view.h"
#include "tafel-names.h"
#include "tafel-preferences-dialog.h"
#include "tafel-window-private.h"

static TafelWindow *
open_window (const char *opponent)
{
  g_autoptr(GSettings) settings = ui_test_settings ("infinity", opponent, "medium");

  g_settings_set_boolean (settings, "show-value", FALSE);
  return ui_test_open_window (480, 560);
}

/* The catalogue itself answers in German. */
static void
test_catalogue (void)
{
  g_assert_cmpstr (_("%s to move"), ==, "%s ist am Zug");
  g_assert_cmpstr (C_("level", "Impossible"), ==, "Unmöglich");
}

/* Two persons at Infinity Tic-Tac-Toe: the status label is German. */
static void
test_status_two_persons (void)
{
  TafelWindow *window = open_window ("human");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_assert_cmpint (tafel_window_get_computer_side (window), ==, TAFEL_SIDE_NONE);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "X ist am Zug");

  ui_test_click_point (window, 4);
  g_assert_cmpuint (tafel_match_get_n_moves (tafel_window_get_match (window)), ==, 1);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "O ist am Zug");

  /* What a screen reader hears: point names, and the translation's
   * reordered arguments ("%2$s: %1$s") work. */
  {
    g_autofree char *description = tafel_names_describe (tafel_window_get_match (window));

    g_assert_cmpstr (description, ==, "Mitte: X.");
  }

  /* The side names of Connect Four are translated too. */
  g_settings_set_string (settings, "game", "connect-four");
  g_assert_true (tafel_window_start_position (window, TAFEL_GAME_CONNECT_FOUR, "", NULL));
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Rot ist am Zug");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Against the computer the person is addressed with "du". */
static void
test_status_computer (void)
{
  TafelWindow *window = open_window ("computer");

  g_assert_cmpint (tafel_window_get_computer_side (window), ==, 1);
  g_assert_cmpstr (tafel_window_get_status (window), ==, "Du bist am Zug (X)");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Mill variants: their titles, the window's line under the game's
 * name, Lasker's prompt and the preference are German. */
static void
test_mill_variants (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  TafelWindow *window;
  GtkWindow *dialog;
  GtkWidget *label = NULL;
  GtkWidget *dropdown = NULL;
  GListModel *items;
  const TafelRules *const *variants = tafel_rules_get_variants (TAFEL_GAME_MILL);

  for (guint i = 0; variants[i] != NULL; i++)
    {
      g_test_message ("%s: %s", variants[i]->variant_title, tafel_rules_get_variant_title (variants[i]));
      g_assert_cmpstr (tafel_rules_get_variant_title (variants[i]), !=, variants[i]->variant_title);
    }
  /* The game is "Mühle"; among the rules, Nine's are "Neunermühle". */
  g_assert_cmpstr (tafel_rules_get_title (variants[0]), ==, "Mühle");
  g_assert_cmpstr (tafel_rules_get_variant_title (variants[0]), ==, "Neunermühle");

  ui_test_remove_saved_games ();
  g_settings_set_string (settings, "game", "mill");
  g_settings_set_string (settings, "mill-rules", "lasker");
  g_settings_set_string (settings, "opponent", "human");
  window = ui_test_present (tafel_window_new (GTK_APPLICATION (ui_test_app)));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (window->variant_label)), ==, "Lasker-Mühle");
  ui_test_click_point (window, 0);
  ui_test_click_point (window, 1);
  g_assert_cmpstr (tafel_window_get_status (window), ==,
                   "Weiß: Setze einen Stein oder wähle einen zum Ziehen.");

  /* The preference: its label, and the variants' titles as its items. */
  dialog = tafel_preferences_dialog_new (GTK_WINDOW (window));
  for (GtkWidget *child = gtk_widget_get_first_child (gtk_window_get_child (dialog));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), "_Mühle-Regeln") == 0)
      {
        label = child;
        dropdown = gtk_label_get_mnemonic_widget (GTK_LABEL (child));
      }
  g_assert_nonnull (label);
  g_assert_true (GTK_IS_DROP_DOWN (dropdown));
  items = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, g_strv_length ((char **) variants));
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (items), 1), ==, "Lasker-Mühle");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, 1);

  gtk_window_destroy (dialog);
  ui_test_close_window (window);
  g_settings_set_string (settings, "mill-rules", "nine");
  ui_test_remove_saved_games ();
}

/* The build tree's po directory: TAFEL_LOCALEDIR, or ../po next to this
 * program (BUILDDIR/tests/test-ui-german -> BUILDDIR/po). */
static char *
build_localedir (const char *argv0)
{
  const char *env = g_getenv ("TAFEL_LOCALEDIR");
  g_autofree char *self = NULL;
  g_autofree char *tests_dir = NULL;
  g_autofree char *build_dir = NULL;

  if (env != NULL && *env != '\0')
    return g_strdup (env);

  self = g_file_read_link ("/proc/self/exe", NULL);
  if (self == NULL)
    self = g_canonicalize_filename (argv0, NULL);
  tests_dir = g_path_get_dirname (self);
  build_dir = g_path_get_dirname (tests_dir);
  return g_build_filename (build_dir, "po", NULL);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *localedir = build_localedir (argv[0]);
  g_autofree char *catalogue = g_build_filename (localedir, "de", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);
  g_setenv ("LANGUAGE", "de", TRUE);
  ui_test_init (&argc, &argv);

  /* gtk_test_init() sets a locale of its own; gettext ignores LANGUAGE
   * only in the plain "C" locale, so C.UTF-8 lets LANGUAGE=de choose the
   * German catalogue without needing a generated de_DE locale. */
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    g_error ("The C.UTF-8 locale is missing");
  if (!g_file_test (catalogue, G_FILE_TEST_IS_REGULAR))
    g_error ("No compiled German catalogue at %s; build the tafel-de.mo target first", catalogue);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/ui/german/catalogue", test_catalogue);
  g_test_add_func ("/ui/german/status-two-persons", test_status_two_persons);
  g_test_add_func ("/ui/german/status-computer", test_status_computer);
  g_test_add_func ("/ui/german/mill-variants", test_mill_variants);

  return ui_test_run ();
}
