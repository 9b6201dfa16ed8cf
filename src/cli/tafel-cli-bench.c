/* tafel-cli-bench.c: tafel-cli bench — timing of the exact solver
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tafel-cli bench --game connect-four FILE…  reads benchmark files of
 * lines "MOVES SCORE" (Pascal Pons' test sets), solves every position from
 * a cleared transposition table without the opening book, checks the score
 * and prints one JSON line per file and one for all files: mean and median
 * time and nodes per position.  A wrong score makes the exit status 1.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-c4-solver.h"
#include "tafel-cli.h"
#include "tafel-json.h"

typedef struct {
  double ms;
  guint64 nodes;
} Sample;

static int
compare_ms (gconstpointer a,
            gconstpointer b)
{
  double x = ((const Sample *) a)->ms, y = ((const Sample *) b)->ms;

  return x < y ? -1 : x > y;
}

static int
compare_nodes (gconstpointer a,
               gconstpointer b)
{
  guint64 x = ((const Sample *) a)->nodes, y = ((const Sample *) b)->nodes;

  return x < y ? -1 : x > y;
}

static void
report (const char *name,
        GArray     *samples,
        guint       wrong)
{
  TafelJson json = TAFEL_JSON_INIT;
  double total_ms = 0, max_ms = 0;
  guint64 total_nodes = 0;
  double median_ms = 0, median_nodes = 0;
  guint n = samples->len;

  for (guint i = 0; i < n; i++)
    {
      Sample *s = &g_array_index (samples, Sample, i);

      total_ms += s->ms;
      total_nodes += s->nodes;
      max_ms = MAX (max_ms, s->ms);
    }
  if (n > 0)
    {
      g_array_sort (samples, compare_ms);
      median_ms = (g_array_index (samples, Sample, (n - 1) / 2).ms
                   + g_array_index (samples, Sample, n / 2).ms) / 2;
      g_array_sort (samples, compare_nodes);
      median_nodes = (g_array_index (samples, Sample, (n - 1) / 2).nodes
                      + g_array_index (samples, Sample, n / 2).nodes) / 2.;
    }

  tafel_json_begin_object (&json);
  tafel_json_member_string (&json, "file", name);
  tafel_json_member_int (&json, "positions", n);
  tafel_json_member_int (&json, "wrong", wrong);
  tafel_json_key (&json, "mean_ms");
  tafel_json_double (&json, n ? total_ms / n : 0);
  tafel_json_key (&json, "median_ms");
  tafel_json_double (&json, median_ms);
  tafel_json_key (&json, "max_ms");
  tafel_json_double (&json, max_ms);
  tafel_json_key (&json, "mean_nodes");
  tafel_json_double (&json, n ? (double) total_nodes / n : 0);
  tafel_json_key (&json, "median_nodes");
  tafel_json_double (&json, median_nodes);
  tafel_json_key (&json, "total_ms");
  tafel_json_double (&json, total_ms);
  tafel_json_member_int (&json, "total_nodes", total_nodes);
  tafel_json_key (&json, "mnodes_per_s");
  tafel_json_double (&json, total_ms > 0 ? total_nodes / total_ms / 1000 : 0);
  tafel_json_end_object (&json);
  puts (tafel_json_finish (&json));
  fflush (stdout);
  tafel_json_clear (&json);
}

int
tafel_cli_bench (int    argc,
                 char **argv)
{
  g_autofree char *game = NULL;
  int limit = 0, threads = 1, tt_bits = TAFEL_C4_TT_BITS;
  gboolean verbose = FALSE, empty = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE… — time the Connect Four solver"));
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game (connect-four)"), N_("GAME") },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit, N_("Only the first N positions of each file"), N_("N") },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, N_("Search threads (1 or 2)"), N_("N") },
    { "table-bits", 0, 0, G_OPTION_ARG_INT, &tt_bits, N_("Transposition table of 2^N buckets"), N_("N") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, N_("One line per position"), NULL },
    { "empty", 0, 0, G_OPTION_ARG_NONE, &empty, N_("Solve the empty board (score +1)"), NULL },
    { NULL }
  };
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autoptr(GError) table_error = NULL;
  TafelC4Solver *solver;
  guint all_wrong = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if (g_strcmp0 (game != NULL ? game : "connect-four", "connect-four") != 0)
    return tafel_cli_fail (_("bench knows only --game connect-four"));
  if (argc < 2 && !empty)
    return tafel_cli_fail (_("Give one or more files of positions (“-” for standard input)"));

  solver = tafel_c4_solver_new_full (tt_bits, &table_error);
  if (solver == NULL)
    return tafel_cli_fail ("%s", table_error->message);
  tafel_c4_solver_set_threads (solver, threads);

  if (empty)
    {
      g_autoptr(GArray) one = g_array_new (FALSE, FALSE, sizeof (Sample));
      TafelC4Pos start_pos = { 0 };
      Sample sample;
      gint64 start = g_get_monotonic_time ();
      int score = 0;

      tafel_c4_solver_solve (solver, &start_pos, NULL, &score);
      sample.ms = (g_get_monotonic_time () - start) / 1000.;
      sample.nodes = tafel_c4_solver_nodes (solver);
      g_array_append_val (one, sample);
      report ("empty board", one, score != 1);
      if (score != 1)
        all_wrong++;
    }

  for (int f = 1; f < argc; f++)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
      g_autofree char *name = g_path_get_basename (argv[f]);
      guint wrong = 0;

      if (strcmp (argv[f], "-") == 0)
        {
          g_autoptr(GString) in = g_string_new (NULL);
          char buffer[4096];
          size_t got;

          while ((got = fread (buffer, 1, sizeof buffer, stdin)) > 0)
            g_string_append_len (in, buffer, got);
          text = g_string_free (g_steal_pointer (&in), FALSE);
        }
      else if (!g_file_get_contents (argv[f], &text, NULL, &error))
        {
          tafel_c4_solver_free (solver);
          return tafel_cli_fail ("%s", error->message);
        }

      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL && (limit <= 0 || samples->len < (guint) limit); i++)
        {
          const char *line = lines[i], *end;
          TafelC4Pos pos;
          Sample sample;
          int score, expected = 0;
          gboolean has_expected;
          guint64 nodes;
          gint64 start;

          while (*line == ' ' || *line == '\t')
            line++;
          if (*line == '\0' || *line == '\r' || *line == '#')
            continue;
          if (!tafel_c4_pos_from_moves (&pos, line, &end)
              || (*end != '\0' && *end != ' ' && *end != '\t' && *end != '\r')
              || tafel_c4_pos_is_over (&pos))
            {
              tafel_c4_solver_free (solver);
              return tafel_cli_fail (_("%s, line %u: not a running Connect Four position"),
                                     name, i + 1);
            }
          has_expected = sscanf (end, "%d", &expected) == 1;

          tafel_c4_solver_reset (solver);
          nodes = tafel_c4_solver_nodes (solver);
          start = g_get_monotonic_time ();
          tafel_c4_solver_solve (solver, &pos, NULL, &score);
          sample.ms = (g_get_monotonic_time () - start) / 1000.;
          sample.nodes = tafel_c4_solver_nodes (solver) - nodes;
          g_array_append_val (samples, sample);
          g_array_append_val (all, sample);

          if (has_expected && score != expected)
            {
              wrong++;
              g_printerr ("%s, line %u: score %d, expected %d\n", name, i + 1, score, expected);
            }
          if (verbose)
            printf ("%.*s %d %.3f ms %" G_GUINT64_FORMAT " nodes\n",
                    (int) (end - line), line, score, sample.ms, sample.nodes);
        }

      report (name, samples, wrong);
      all_wrong += wrong;
    }

  if (argc > 2)
    report ("total", all, all_wrong);

  tafel_c4_solver_free (solver);

  return all_wrong > 0 ? 1 : 0;
}
