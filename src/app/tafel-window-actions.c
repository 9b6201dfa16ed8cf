/* tafel-window-actions.c: what the window's actions do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's actions ("win.*") in one GActionEntry table, as the
 * application's are: the game's own go to the session, the others open
 * the window's dialogs.  Which of them can be used follows the session.
 */
#include "config.h"

#include "tafel-check-dialog.h"
#include "tafel-statistics-dialog.h"
#include "tafel-window-private.h"

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  tafel_session_new_game (TAFEL_WINDOW (data)->session);
}

static void
undo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  tafel_session_undo (TAFEL_WINDOW (data)->session);
}

static void
redo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  tafel_session_redo (TAFEL_WINDOW (data)->session);
}

static void
hint_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  tafel_session_hint (TAFEL_WINDOW (data)->session);
}

static void
dismiss_banner_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       data)
{
  TafelWindow *self = data;

  gtk_revealer_set_reveal_child (GTK_REVEALER (self->banner_revealer), FALSE);
}

static void
check_position_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       data)
{
  TafelWindow *self = data;

  gtk_window_present (tafel_check_dialog_new (GTK_WINDOW (self), self->session));
}

static void
statistics_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  TafelWindow *self = data;

  tafel_session_load_statistics (self->session);
  gtk_window_present (tafel_statistics_dialog_new (GTK_WINDOW (self),
                                                   tafel_session_get_statistics (self->session),
                                                   tafel_session_get_rules (self->session)));
}

static void
go_to (TafelWindow *self,
       int          n_moves)
{
  TafelMatch *match = tafel_window_get_match (self);

  tafel_session_go_to (self->session,
                       CLAMP (n_moves, 0, (int) tafel_match_get_line_length (match)));
}

static void
go_back_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  go_to (data, (int) tafel_match_get_n_moves (tafel_window_get_match (data)) - 1);
}

static void
go_forward_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  go_to (data, (int) tafel_match_get_n_moves (tafel_window_get_match (data)) + 1);
}

static void
go_start_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  go_to (data, 0);
}

static void
go_end_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  go_to (data, (int) tafel_match_get_line_length (tafel_window_get_match (data)));
}

static void
review_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  tafel_session_review (TAFEL_WINDOW (data)->session);
}

static void
cancel_review_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       data)
{
  tafel_session_cancel_review (TAFEL_WINDOW (data)->session);
}

static void
copy_game_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  tafel_window_copy_game (data);
}

static void
paste_game_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  tafel_window_paste_game (data);
}

static void
open_game_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  tafel_window_open_game (data);
}

static void
save_game_as_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  tafel_window_save_game_as (data);
}

static const GActionEntry window_actions[] = {
  { .name = "new-game", .activate = new_game_activated },
  { .name = "undo", .activate = undo_activated },
  { .name = "redo", .activate = redo_activated },
  { .name = "hint", .activate = hint_activated },
  { .name = "dismiss-banner", .activate = dismiss_banner_activated },
  { .name = "check-position", .activate = check_position_activated },
  { .name = "statistics", .activate = statistics_activated },
  { .name = "go-back", .activate = go_back_activated },
  { .name = "go-forward", .activate = go_forward_activated },
  { .name = "go-start", .activate = go_start_activated },
  { .name = "go-end", .activate = go_end_activated },
  { .name = "review", .activate = review_activated },
  { .name = "cancel-review", .activate = cancel_review_activated },
  { .name = "copy-game", .activate = copy_game_activated },
  { .name = "paste-game", .activate = paste_game_activated },
  { .name = "open-game", .activate = open_game_activated },
  { .name = "save-game-as", .activate = save_game_as_activated },
};

void
tafel_window_add_actions (TafelWindow *self)
{
  g_autoptr(GAction) show_moves = g_settings_create_action (self->settings, "show-moves");

  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions,
                                   G_N_ELEMENTS (window_actions), self);
  g_action_map_add_action (G_ACTION_MAP (self), show_moves);
}

static void
set_enabled (TafelWindow *self,
             const char  *name,
             gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
tafel_window_update_actions (TafelWindow *self)
{
  set_enabled (self, "undo", tafel_session_get_can_undo (self->session));
  set_enabled (self, "redo", tafel_session_get_can_redo (self->session));
  TafelMatch *match = tafel_window_get_match (self);
  guint n = tafel_match_get_n_moves (match);

  set_enabled (self, "hint", tafel_session_get_can_hint (self->session));
  set_enabled (self, "go-back", n > 0);
  set_enabled (self, "go-start", n > 0);
  set_enabled (self, "go-forward", n < tafel_match_get_line_length (match));
  set_enabled (self, "go-end", n < tafel_match_get_line_length (match));
  set_enabled (self, "review", tafel_match_get_line_length (match) > 0);
  set_enabled (self, "cancel-review", tafel_session_get_reviewing (self->session));
}
