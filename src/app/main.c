/* main.c: starts Tafel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(TafelApplication) app = NULL;
  /* Uninstalled runs (build-aux/run, tests) use the build tree's catalogs. */
  const char *localedir = g_getenv ("TAFEL_LOCALEDIR");

  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tafel_application_new (APPLICATION_ID, G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
