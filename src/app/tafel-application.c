/* tafel-application.c: the Tafel application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-application.h"
#include "tafel-color-scheme.h"
#include "tafel-help-window.h"
#include "tafel-preferences-dialog.h"
#include "tafel-rules.h"
#include "tafel-window.h"

struct _TafelApplication
{
  GtkApplication parent_instance;

  GSettings *settings;
  TafelColorScheme *color_scheme;
};

G_DEFINE_FINAL_TYPE (TafelApplication, tafel_application, GTK_TYPE_APPLICATION)

static TafelWindow *
get_window (TafelApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (tafel_window_new (GTK_APPLICATION (self)));

  return TAFEL_WINDOW (window);
}

static void
tafel_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (TAFEL_APPLICATION (app))));
}

/* `tafel FILE` and a double click on a .tafel file in Files: the game
 * opens in the window (the last file given wins); what cannot be read is
 * told in its banner. */
static void
tafel_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  TafelWindow *window = get_window (TAFEL_APPLICATION (app));

  /* The window shows itself once a file is read. */
  for (int i = 0; i < n_files; i++)
    tafel_window_open_file (window, files[i]);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* Close the windows first, so that each cancels its computation. */
  while (windows != NULL)
    {
      GtkWindow *window = windows->data;
      windows = windows->next;
      gtk_window_destroy (window);
    }
  g_application_quit (G_APPLICATION (app));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TafelApplication *self = user_data;
  GtkWindow *dialog = tafel_preferences_dialog_new (GTK_WINDOW (get_window (self)));

  gtk_window_present (dialog);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  TafelApplication *self = user_data;
  const char *authors[] = { _("The Tafel developers"), NULL };

  gtk_show_about_dialog (GTK_WINDOW (get_window (self)),
                         "program-name", _("Tafel"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Classic strategy board games: Infinity Tic-Tac-Toe, "
                                       "Tic-Tac-Toe, Connect Four and Nine Men’s Morris"),
                         "website", "https://github.com/tafel/tafel",
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "copyright", _("© 2026 The Tafel developers"),
                         NULL);
}

static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  TafelApplication *self = user_data;

  tafel_help_window_show (GTK_WINDOW (get_window (self)), NULL);
}

/* Light or dark as the style preference says: the desktop's choice,
 * or always light, or always dark.  The board follows by itself, since
 * it takes its colours from the style. */
static void
apply_style (TafelApplication *self)
{
  g_autofree char *style = g_settings_get_string (self->settings, "style");
  gboolean dark;

  if (g_strcmp0 (style, "dark") == 0)
    dark = TRUE;
  else if (g_strcmp0 (style, "light") == 0)
    dark = FALSE;
  else
    dark = tafel_color_scheme_get_prefer_dark (self->color_scheme);

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL },
  { "preferences", preferences_activated, NULL, NULL, NULL },
  { "about", about_activated, NULL, NULL, NULL },
  { "help", help_activated, NULL, NULL, NULL },
};

static void
tafel_application_startup (GApplication *app)
{
  TafelApplication *self = TAFEL_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *new_game_accels[] = { "<Control>n", NULL };
  static const char *help_overlay_accels[] = { "<Control>question", NULL };
  static const char *undo_accels[] = { "<Control>z", NULL };
  static const char *redo_accels[] = { "<Control><Shift>z", NULL };
  static const char *hint_accels[] = { "<Control>h", NULL };
  static const char *check_position_accels[] = { "<Control>k", NULL };
  static const char *help_accels[] = { "F1", NULL };
  static const char *show_moves_accels[] = { "F9", NULL };
  static const char *go_back_accels[] = { "<Alt>Left", NULL };
  static const char *go_forward_accels[] = { "<Alt>Right", NULL };
  static const char *go_start_accels[] = { "Home", NULL };
  static const char *go_end_accels[] = { "End", NULL };
  static const char *review_accels[] = { "<Control>r", NULL };
  static const char *copy_game_accels[] = { "<Control><Shift>c", NULL };
  static const char *paste_game_accels[] = { "<Control><Shift>v", NULL };
  static const char *open_game_accels[] = { "<Control>o", NULL };
  static const char *save_game_as_accels[] = { "<Control><Shift>s", NULL };
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (tafel_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-game", new_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", help_overlay_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.redo", redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.hint", hint_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.check-position", check_position_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.help", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-moves", show_moves_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.go-back", go_back_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.go-forward", go_forward_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.go-start", go_start_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.go-end", go_end_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.review", review_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.copy-game", copy_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.paste-game", paste_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open-game", open_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.save-game-as", save_game_as_accels);

  gtk_css_provider_load_from_resource (css, "/io/github/tafel/Tafel/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (APPLICATION_ID);

  self->settings = g_settings_new (APPLICATION_ID);
  self->color_scheme = tafel_color_scheme_new ();
  g_signal_connect_swapped (self->settings, "changed::style", G_CALLBACK (apply_style), self);
  g_signal_connect_swapped (self->color_scheme, "notify::prefer-dark", G_CALLBACK (apply_style), self);
  apply_style (self);
}

static void
tafel_application_shutdown (GApplication *app)
{
  TafelApplication *self = TAFEL_APPLICATION (app);

  g_clear_object (&self->color_scheme);
  g_clear_object (&self->settings);

  G_APPLICATION_CLASS (tafel_application_parent_class)->shutdown (app);
}

static void
tafel_application_class_init (TafelApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = tafel_application_activate;
  app_class->open = tafel_application_open;
  app_class->startup = tafel_application_startup;
  app_class->shutdown = tafel_application_shutdown;
}

static void
tafel_application_init (TafelApplication *self)
{
}

TafelApplication *
tafel_application_new (const char        *application_id,
                       GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (TAFEL_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       "resource-base-path", "/io/github/tafel/Tafel",
                       NULL);
}
