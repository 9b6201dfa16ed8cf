/* tafel-preferences-dialog.c: level, opponent, who starts, thinking pause,
 * style, what the position is worth, thinking on the person's time, the
 * rules of Mill
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every control is bound to its GSettings key, so a change applies at once
 * and is remembered.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-preferences-dialog.h"
#include "tafel-settings.h"

struct _TafelPreferencesDialog
{
  GtkWindow parent_instance;

  GtkWidget *level_dropdown;
  GtkWidget *opponent_dropdown;
  GtkWidget *first_player_dropdown;
  GtkWidget *pause_switch;
  GtkWidget *style_dropdown;
  GtkWidget *value_switch;
  GtkWidget *think_switch;
  GtkWidget *mill_rules_dropdown;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (TafelPreferencesDialog, tafel_preferences_dialog, GTK_TYPE_WINDOW)

/* The string keys' choices, in the order of the drop-downs' items. */
static const char *const level_choices[] = { "relaxed", "medium", "hard", "impossible", NULL };
static const char *const opponent_choices[] = { "computer", "human", NULL };
static const char *const first_player_choices[] = { "random", "human", "computer", "alternate", NULL };
static const char *const style_choices[] = { "system", "light", "dark", NULL };

static void
tafel_preferences_dialog_dispose (GObject *object)
{
  TafelPreferencesDialog *self = TAFEL_PREFERENCES_DIALOG (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), TAFEL_TYPE_PREFERENCES_DIALOG);

  G_OBJECT_CLASS (tafel_preferences_dialog_parent_class)->dispose (object);
}

static void
tafel_preferences_dialog_class_init (TafelPreferencesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_preferences_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tafel/Tafel/tafel-preferences-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, level_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, opponent_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, first_player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, pause_switch);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, style_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, value_switch);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, think_switch);
  gtk_widget_class_bind_template_child (widget_class, TafelPreferencesDialog, mill_rules_dropdown);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tafel_preferences_dialog_init (TafelPreferencesDialog *self)
{
  g_autoptr(GListModel) mill_titles = tafel_settings_variant_titles (TAFEL_GAME_MILL);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  tafel_settings_bind_choice (self->settings, "level", self->level_dropdown, level_choices);
  tafel_settings_bind_choice (self->settings, "opponent", self->opponent_dropdown, opponent_choices);
  tafel_settings_bind_choice (self->settings, "first-player", self->first_player_dropdown, first_player_choices);
  tafel_settings_bind_choice (self->settings, "style", self->style_dropdown, style_choices);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->mill_rules_dropdown), mill_titles);
  tafel_settings_bind_choice (self->settings, "mill-rules", self->mill_rules_dropdown,
                              tafel_settings_variant_keys (TAFEL_GAME_MILL));
  g_settings_bind (self->settings, "thinking-pause", self->pause_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-value", self->value_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "think-ahead", self->think_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

GtkWindow *
tafel_preferences_dialog_new (GtkWindow *parent)
{
  return g_object_new (TAFEL_TYPE_PREFERENCES_DIALOG,
                       "transient-for", parent,
                       NULL);
}
