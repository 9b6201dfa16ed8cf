/* main.c: starts Tafel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "tafel-application.h"
#include "tafel-command-line.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(TafelApplication) app = NULL;
  g_auto(TafelCommandLine) command_line = { 0 };
  int status;
  /* Uninstalled runs (build-aux/run, tests) use the build tree's catalogs. */
  const char *localedir = g_getenv ("TAFEL_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  status = tafel_command_line_parse (argc, argv, &command_line);
  if (status >= 0)
    return status;

  /* --game chooses the game before the window shows it. */
  if (command_line.game != NULL)
    {
      g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

      g_settings_set_string (settings, "game", command_line.game);
    }

  /* GApplication sees only the files, all of them checked already. */
  g_ptr_array_insert (command_line.files, 0, g_strdup (argv[0]));
  g_ptr_array_add (command_line.files, NULL);
  app = tafel_application_new (APPLICATION_ID, G_APPLICATION_HANDLES_OPEN);
  return g_application_run (G_APPLICATION (app), command_line.files->len - 1,
                            (char **) command_line.files->pdata);
}
