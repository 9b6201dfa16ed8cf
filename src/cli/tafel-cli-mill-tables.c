/* tafel-cli-mill-tables.c: tafel-cli mill-tables — solve the Mill endgames
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tafel-cli.h"
#include "tafel-error.h"
#include "tafel-file.h"
#include "tafel-json.h"
#include "tafel-mill-egtb-build.h"

typedef struct {
  const char *parts; /* the folder of the finished tables of this build */
  gboolean quiet;
  GError *error;     /* the first table that could not be kept */
} Build;

static char *
part_path (const Build *B,
           guint        n_mover,
           guint        n_other,
           const char  *extension)
{
  g_autofree char *name = g_strdup_printf ("%u-%u.%s", n_mover, n_other, extension);

  return g_build_filename (B->parts, name, NULL);
}

/* One JSON line per table. */
static char *
stats_line (const TafelMillEgtbStats *st)
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
  return g_strdup (tafel_json_finish (&json));
}

static void
print_line (const Build *B,
            const char  *line)
{
  if (B->quiet)
    return;
  puts (line);
  fflush (stdout);
}

/* A table and its figures are kept as soon as they are made, so that a
 * build stopped later goes on from there. */
static void
table_done (const TafelMillEgtbStats *st,
            gpointer                  user_data)
{
  Build *B = user_data;
  g_autofree char *line = stats_line (st);
  g_autofree char *table = part_path (B, st->n_mover, st->n_other, "tbl");
  g_autofree char *figures = part_path (B, st->n_mover, st->n_other, "json");
  const TafelMillEgtb *tb = st->tables;

  print_line (B, line);
  if (B->error == NULL
      && tafel_mill_egtb_save_table (tb, st->n_mover, st->n_other, table, &B->error))
    {
      TafelFilePart part = { (const guint8 *) line, strlen (line) };

      tafel_file_replace_parts (figures, &part, 1, 0644, &B->error);
    }
}

/* Takes the tables a stopped build kept into @tb. */
static gboolean
resume (Build          *B,
        TafelMillEgtb  *tb,
        guint           max_stones,
        GError        **error)
{
  for (guint a = TAFEL_MILL_EGTB_MIN_STONES; a <= max_stones; a++)
    for (guint b = TAFEL_MILL_EGTB_MIN_STONES; b <= max_stones; b++)
      {
        g_autofree char *table = part_path (B, a, b, "tbl");
        g_autofree char *figures = part_path (B, a, b, "json");
        g_autofree char *line = NULL;
        g_autoptr(TafelMillEgtb) kept = NULL;

        if (!g_file_test (table, G_FILE_TEST_EXISTS))
          continue;
        kept = tafel_mill_egtb_load (table, error);
        if (kept == NULL || tafel_mill_egtb_table (kept, a, b) == NULL)
          {
            if (kept != NULL)
              g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                           /* Translators: %s is a file name */
                           _("%s does not hold the table its name says"), table);
            return FALSE;
          }
        tafel_mill_egtb_set_table (tb, a, b, g_memdup2 (tafel_mill_egtb_table (kept, a, b),
                                                        tafel_mill_egtb_table_size (a, b)));
        if (g_file_get_contents (figures, &line, NULL, NULL))
          print_line (B, line);
      }
  return TRUE;
}

static void
remove_parts (const Build *B,
              guint        max_stones)
{
  for (guint a = TAFEL_MILL_EGTB_MIN_STONES; a <= max_stones; a++)
    for (guint b = TAFEL_MILL_EGTB_MIN_STONES; b <= max_stones; b++)
      {
        g_autofree char *table = part_path (B, a, b, "tbl");
        g_autofree char *figures = part_path (B, a, b, "json");

        g_unlink (table);
        g_unlink (figures);
      }
  g_rmdir (B->parts);
}

/* Checks every @sample-th entry of every table in @path against its
 * children (from a random first one); one JSON line per table. */
static int
verify (const char *path,
        int         sample,
        gboolean    quiet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) tb = tafel_mill_egtb_load (path, &error);
  g_autoptr(GRand) rand = g_rand_new ();
  guint64 disagree_all = 0;

  if (tb == NULL)
    return tafel_cli_fail ("%s", error->message);

  for (guint a = TAFEL_MILL_EGTB_MIN_STONES; a <= TAFEL_MILL_EGTB_MAX_STONES; a++)
    for (guint b = TAFEL_MILL_EGTB_MIN_STONES; b <= TAFEL_MILL_EGTB_MAX_STONES; b++)
      {
        guint64 size = tafel_mill_egtb_table_size (a, b), checked = 0, disagree = 0;
        gint64 start = g_get_monotonic_time ();
        g_autofree char *name = g_strdup_printf ("%u-%u", a, b);
        TafelJson json = TAFEL_JSON_INIT;

        if (tafel_mill_egtb_table (tb, a, b) == NULL)
          continue;
        for (guint64 idx = g_rand_int_range (rand, 0, sample); idx < size; idx += sample)
          {
            guint32 mover, other;

            if (!tafel_mill_egtb_position (a, b, idx, &mover, &other))
              continue;
            checked++;
            disagree += !tafel_mill_egtb_agrees (tb, mover, other);
          }
        disagree_all += disagree;
        if (quiet)
          continue;
        tafel_json_begin_object (&json);
        tafel_json_member_string (&json, "table", name);
        tafel_json_member_int (&json, "checked", checked);
        tafel_json_member_int (&json, "disagree", disagree);
        tafel_json_member_int (&json, "ms", (g_get_monotonic_time () - start) / 1000);
        tafel_json_end_object (&json);
        puts (tafel_json_finish (&json));
        fflush (stdout);
        tafel_json_clear (&json);
      }

  if (disagree_all > 0)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, disagree_all);

      /* Translators: %s is a number */
      return tafel_cli_fail (_("Positions that disagree with their children: %s"), count);
    }
  return 0;
}

int
tafel_cli_mill_tables (int    argc,
                       char **argv)
{
  g_autofree char *out = NULL;
  g_autofree char *check = NULL;
  int sample = 1;
  int threads = 0;
  int max_stones = 4;
  gboolean quiet = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— solve the Mill endgames"));
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) tb = NULL;
  g_autofree char *path = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *parts = NULL;
  Build B = { 0 };
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Directory to write the tables file to"), N_("DIR") },
    { "max-stones", 'n', 0, G_OPTION_ARG_INT, &max_stones,
      N_("Solve every table with 3 to N stones per side (default: 4)"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print the tables' figures"), NULL },
    { "threads", 'j', 0, G_OPTION_ARG_INT, &threads,
      N_("Solve on N threads (default: one per processor)"), N_("N") },
    { "verify", 0, 0, G_OPTION_ARG_FILENAME, &check,
      N_("Check the tables in FILE against their children instead"), N_("FILE") },
    { "sample", 0, 0, G_OPTION_ARG_INT, &sample,
      N_("With --verify, check every N-th position (default: 1, all)"), N_("N") },
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
  if (sample < 1)
    return tafel_cli_fail (_("--sample must be 1 or more"));
  if (threads < 0 || threads > 64)
    return tafel_cli_fail (_("--threads must be from %d to %d"), 0, 64);
  if (check != NULL)
    return argc > 1 ? tafel_cli_fail (_("Unexpected argument “%s”"), argv[1])
                    : verify (check, sample, quiet);
  if (out == NULL)
    return tafel_cli_fail (_("--out is required"));
  if (argc > 1)
    return tafel_cli_fail (_("Unexpected argument “%s”"), argv[1]);
  if (max_stones < TAFEL_MILL_EGTB_MIN_STONES || max_stones > TAFEL_MILL_EGTB_MAX_STONES)
    return tafel_cli_fail (_("--max-stones must be from %d to %d"),
                           TAFEL_MILL_EGTB_MIN_STONES, TAFEL_MILL_EGTB_MAX_STONES);

  path = g_build_filename (out, TAFEL_MILL_EGTB_FILE, NULL);
  parts = g_strconcat (path, ".parts", NULL);
  B.parts = parts;
  B.quiet = quiet;
  if (g_mkdir_with_parents (B.parts, 0755) != 0)
    return tafel_cli_fail (_("Cannot create “%s”: %s"), B.parts, g_strerror (errno));

  tb = tafel_mill_egtb_new ();
  if (!resume (&B, tb, max_stones, &error)
      || !tafel_mill_egtb_build_into (tb, max_stones, threads, table_done, &B, NULL, &error))
    return tafel_cli_fail ("%s", error->message);
  if (B.error != NULL)
    {
      g_propagate_error (&error, g_steal_pointer (&B.error));
      return tafel_cli_fail ("%s", error->message);
    }
  if (!tafel_mill_egtb_save (tb, path, &error))
    return tafel_cli_fail ("%s", error->message);
  remove_parts (&B, max_stones);

  return 0;
}
