/* tafel-cli-mill-book.c: tafel-cli mill-book — make the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "tafel-cli.h"
#include "tafel-mill-book-build.h"

static void
print_progress (guint       done,
                guint       total,
                const char *line,
                gpointer    user_data)
{
  printf ("%u/%u %s\n", done, total, line);
  fflush (stdout);
}

int
tafel_cli_mill_book (int    argc,
                     char **argv)
{
  g_autofree char *out = NULL;
  int placements = 3, jobs = (int) g_get_num_processors ();
  gint64 nodes = 25000000;
  gboolean quiet = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— make the Mill opening book"));
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) check = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The book file to write"), N_("FILE") },
    { "placements", 'p', 0, G_OPTION_ARG_INT, &placements,
      N_("Every position with at most N stones placed (default: 3)"), N_("N") },
    { "nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes,
      N_("Search each position to N nodes (default: 25000000)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Positions searched at a time (default: one per core)"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print each position’s line"), NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Translators: the first %s is a file name, the second an environment
   * variable */
  summary = g_strdup_printf (_("Searches every Nine Men's Morris position with at most N stones placed (one\n"
                               "of each class of symmetric positions) and writes the moves found to FILE,\n"
                               "the book the engine reads as %s (installed, or named by %s).\n"
                               "The same command makes the same book on every machine."),
                             TAFEL_MILL_BOOK_FILE, TAFEL_MILL_BOOK_ENV);
  g_option_context_set_summary (context, summary);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if (argc > 1)
    return tafel_cli_fail (_("Unexpected argument “%s”"), argv[1]);
  if (out == NULL)
    return tafel_cli_fail (_("--out is required"));
  if (placements < 0 || placements > TAFEL_MILL_BOOK_MAX_PLACEMENTS)
    return tafel_cli_fail (_("--placements must be from 0 to %d"), TAFEL_MILL_BOOK_MAX_PLACEMENTS);
  if (nodes < 1000 || nodes > G_GINT64_CONSTANT (1000000000000))
    return tafel_cli_fail (_("--nodes must be from 1000 to 10^12"));
  if (jobs < 1 || jobs > 64)
    return tafel_cli_fail (_("--jobs must be from 1 to 64"));

  text = tafel_mill_book_build (placements, nodes, jobs, quiet ? NULL : print_progress, NULL,
                                NULL, &error);
  if (text == NULL)
    return tafel_cli_fail ("%s", error->message);

  /* What the engine will read back must be a whole book. */
  check = tafel_mill_book_new_from_text (text, &error);
  if (check == NULL)
    return tafel_cli_fail ("%s", error->message);
  if (!g_file_set_contents (out, text, -1, &error))
    return tafel_cli_fail ("%s", error->message);

  return 0;
}
