/* tafel-settings.c: binding string-choice settings to drop-downs
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
