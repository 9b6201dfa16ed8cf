/* tafel-settings.c: binding string-choice settings to drop-downs; the
 * variants' titles and keys for them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-settings.h"

static gboolean
choice_to_index (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  const char *const *choices = user_data;
  const char *choice = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i] != NULL; i++)
    if (g_strcmp0 (choices[i], choice) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
index_to_choice (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  const char *const *choices = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) choices))
    return NULL;

  return g_variant_new_string (choices[index]);
}

void
tafel_settings_bind_choice (GSettings         *settings,
                            const char        *key,
                            GtkWidget         *dropdown,
                            const char *const *choices)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  g_settings_bind_with_mapping (settings, key, dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                choice_to_index, index_to_choice,
                                (gpointer) choices, NULL);
}

GListModel *
tafel_settings_variant_titles (TafelGame game)
{
  const TafelRules *const *variants = tafel_rules_get_variants (game);
  GtkStringList *titles = gtk_string_list_new (NULL);

  for (guint i = 0; variants[i] != NULL; i++)
    gtk_string_list_append (titles, tafel_rules_get_variant_title (variants[i]));
  return G_LIST_MODEL (titles);
}

#define MAX_VARIANTS 16

const char *const *
tafel_settings_variant_keys (TafelGame game)
{
  static const char *keys[TAFEL_N_GAMES][MAX_VARIANTS];

  g_return_val_if_fail ((guint) game < TAFEL_N_GAMES, NULL);

  if (keys[game][0] == NULL)
    {
      const TafelRules *const *variants = tafel_rules_get_variants (game);

      for (guint i = 0; variants[i] != NULL && variants[i]->variant != NULL; i++)
        {
          g_assert (i + 1 < MAX_VARIANTS);
          keys[game][i] = variants[i]->variant;
        }
    }
  return keys[game];
}
