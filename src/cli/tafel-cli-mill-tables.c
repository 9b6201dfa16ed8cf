/* tafel-cli-mill-tables.c: tafel-cli mill-tables — solve the Mill endgames
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>

#include "tafel-cli.h"
#include "tafel-json.h"
#include "tafel-mill-egtb-build.h"

/* One JSON line per table. */
static void
print_stats (const TafelMillEgtbStats *st,
             gpointer                  user_data)
{
  TafelJson json = TAFEL_JSON_INIT;
  g_autofree char *name = g_strdup_printf ("%u-%u", st->n_mover, st->n_other);

  tafel_json_begin_object (&json);
  tafel_json_member_string (&json, "table", name);
  tafel_json_member_int (&json, "bytes", st->size);
  tafel_json_member_int (&json, "positions", st->positions);
  tafel_json_member_int (&json, "won", st->won);
  tafel_json_member_int (&json, "lost", st->lost);
  tafel_json_member_int (&json, "drawn", st->drawn);
  tafel_json_member_int (&json, "longest_win", st->longest_win);
  tafel_json_member_int (&json, "ms", st->elapsed_us / 1000);
  tafel_json_end_object (&json);
  puts (tafel_json_finish (&json));
  fflush (stdout);
  tafel_json_clear (&json);
}

int
tafel_cli_mill_tables (int    argc,
                       char **argv)
{
  g_autofree char *out = NULL;
  int max_stones = 4;
  gboolean quiet = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— solve the Mill endgames"));
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) tb = NULL;
  g_autofree char *path = NULL;
  g_autofree char *summary = NULL;
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Directory to write the tables file to"), N_("DIR") },
    { "max-stones", 'n', 0, G_OPTION_ARG_INT, &max_stones,
      N_("Solve every table with 3 to N stones per side (default: 4)"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print the tables' figures"), NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Translators: the first %s is a file name, the second an environment
   * variable */
  summary = g_strdup_printf (_("Solves every Nine Men's Morris position of the moving phase (no stones in hand)\n"
                               "with 3 to N stones per side by retrograde analysis, and writes the values and\n"
                               "distances to DIR/%s, the file the engine reads (installed, or\n"
                               "named by %s).  Prints one JSON line per table: size, positions up to\n"
                               "symmetry, won, lost and drawn for the side to move, the longest win in plies\n"
                               "and the time taken."),
                             TAFEL_MILL_EGTB_FILE, TAFEL_MILL_EGTB_ENV);
  g_option_context_set_summary (context, summary);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if (out == NULL)
    return tafel_cli_fail (_("--out is required"));
  if (argc > 1)
    return tafel_cli_fail (_("Unexpected argument “%s”"), argv[1]);
  if (max_stones < TAFEL_MILL_EGTB_MIN_STONES || max_stones > TAFEL_MILL_EGTB_MAX_STONES)
    return tafel_cli_fail (_("--max-stones must be from %d to %d"),
                           TAFEL_MILL_EGTB_MIN_STONES, TAFEL_MILL_EGTB_MAX_STONES);

  if (g_mkdir_with_parents (out, 0755) != 0)
    return tafel_cli_fail (_("Cannot create “%s”: %s"), out, g_strerror (errno));

  tb = tafel_mill_egtb_build (max_stones, quiet ? NULL : print_stats, NULL, NULL, &error);
  if (tb == NULL)
    return tafel_cli_fail ("%s", error->message);

  path = g_build_filename (out, TAFEL_MILL_EGTB_FILE, NULL);
  if (!tafel_mill_egtb_save (tb, path, &error))
    return tafel_cli_fail ("%s", error->message);

  return 0;
}
