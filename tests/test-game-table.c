/* test-game-table.c: every place that lists the games follows the rules table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules table is the one description of each game; the GSettings
 * schema's choices and the desktop file's actions are data files that
 * must name the same games in the same order, with the same titles.
 */
#include "config.h"

#include <string.h>

#include "tafel-rules.h"

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", name, NULL);
}

/* The <choice value="…"/> of the schema's key @name, in order, and its
 * default value (without quotes). */
static GPtrArray *
schema_choices (const char  *name,
                char       **default_value)
{
  g_autofree char *path = data_path (APPLICATION_ID ".gschema.xml");
  g_autofree char *text = NULL;
  GPtrArray *choices = g_ptr_array_new_with_free_func (g_free);
  const char *key, *end, *p;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  {
    g_autofree char *start = g_strdup_printf ("<key name=\"%s\"", name);

    key = strstr (text, start);
  }
  g_assert_nonnull (key);
  end = strstr (key, "</key>");
  g_assert_nonnull (end);

  for (p = strstr (key, "<choice value=\""); p != NULL && p < end;
       p = strstr (p, "<choice value=\""))
    {
      const char *value = p + strlen ("<choice value=\"");
      const char *quote = strchr (value, '"');

      g_ptr_array_add (choices, g_strndup (value, quote - value));
      p = quote;
    }
  if (default_value != NULL)
    {
      const char *d = strstr (key, "<default>'");

      g_assert_true (d != NULL && d < end);
      d += strlen ("<default>'");
      *default_value = g_strndup (d, strchr (d, '\'') - d);
    }

  return choices;
}

static void
test_schema_choices (void)
{
  g_autoptr(GPtrArray) choices = schema_choices ("game", NULL);
  const char *const *keys = tafel_rules_keys ();

  g_assert_cmpuint (choices->len, ==, TAFEL_N_GAMES);
  g_assert_cmpuint (g_strv_length ((char **) keys), ==, TAFEL_N_GAMES);
  for (guint i = 0; i < TAFEL_N_GAMES; i++)
    {
      g_assert_cmpstr (g_ptr_array_index (choices, i), ==, keys[i]);
      g_assert_cmpstr (tafel_rules_get (i)->key, ==, keys[i]);
      g_assert_true (tafel_rules_lookup (keys[i]) == tafel_rules_get (i));
    }
}

/* The "mill-rules" key offers exactly Mill's variants, in the engine's
 * order, the default (Nine) first and by default. */
static void
test_schema_variants (void)
{
  g_autofree char *default_value = NULL;
  g_autoptr(GPtrArray) choices = schema_choices ("mill-rules", &default_value);
  const TafelRules *const *variants = tafel_rules_get_variants (TAFEL_GAME_MILL);

  g_assert_cmpuint (choices->len, ==, g_strv_length ((char **) variants));
  for (guint i = 0; variants[i] != NULL; i++)
    {
      g_assert_cmpstr (g_ptr_array_index (choices, i), ==, variants[i]->variant);
      g_assert_true (tafel_rules_get_variant (TAFEL_GAME_MILL, g_ptr_array_index (choices, i)) == variants[i]);
    }
  g_assert_cmpstr (default_value, ==, variants[0]->variant);
  g_assert_true (variants[0] == tafel_rules_get (TAFEL_GAME_MILL));
}

static void
test_desktop_actions (void)
{
  g_autofree char *path = data_path (APPLICATION_ID ".desktop.in");
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) actions = NULL;
  gsize n;

  g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  actions = g_key_file_get_string_list (file, "Desktop Entry", "Actions", &n, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, TAFEL_N_GAMES);

  for (guint i = 0; i < TAFEL_N_GAMES; i++)
    {
      const TafelRules *rules = tafel_rules_get (i);
      g_autofree char *group = g_strconcat ("Desktop Action ", rules->key, NULL);
      g_autofree char *name = g_key_file_get_string (file, group, "Name", &error);
      g_autofree char *exec = NULL;
      g_autofree char *wanted = g_strconcat ("tafel --game=", rules->key, NULL);

      g_assert_no_error (error);
      g_assert_cmpstr (actions[i], ==, rules->key);
      g_assert_cmpstr (name, ==, rules->title);
      exec = g_key_file_get_string (file, group, "Exec", &error);
      g_assert_no_error (error);
      g_assert_cmpstr (exec, ==, wanted);
    }
}

/* What the rest of the program reads from the table is there. */
static void
test_descriptions (void)
{
  for (guint i = 0; i < TAFEL_N_GAMES; i++)
    {
      const TafelRules *rules = tafel_rules_get (i);

      g_assert_cmpint (rules->game, ==, i);
      g_assert_nonnull (rules->title);
      g_assert_nonnull (rules->side_names[0]);
      g_assert_nonnull (rules->side_names[1]);
      g_assert_cmpstr (rules->side_names[0], !=, rules->side_names[1]);
      g_assert_nonnull (rules->draw_text);
      /* A game said to be exact can analyse. */
      if (rules->flags & TAFEL_RULES_EXACT)
        g_assert_nonnull (rules->analyze);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-table/schema-choices", test_schema_choices);
  g_test_add_func ("/game-table/schema-variants", test_schema_variants);
  g_test_add_func ("/game-table/desktop-actions", test_desktop_actions);
  g_test_add_func ("/game-table/descriptions", test_descriptions);

  return g_test_run ();
}
