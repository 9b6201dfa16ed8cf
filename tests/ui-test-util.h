/* ui-test-util.h: what the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* Removes every saved game (one file per game) from the state folder. */
static inline void
ui_test_remove_saved_games (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "tafel", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".ini") && strcmp (name, "statistics.ini") != 0)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_remove (path);
      }
}

/* The saved game of @game (its rules key, e.g. "infinity"). */
static inline char *
ui_test_save_path (const char *game)
{
  g_autofree char *name = g_strconcat (game, ".ini", NULL);

  return g_build_filename (g_get_user_state_dir (), "tafel", name, NULL);
}
