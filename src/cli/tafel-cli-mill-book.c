/* tafel-cli-mill-book.c: tafel-cli mill-book — make the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each line is appended to FILE.progress as soon as it is made, after the
 * nodes it was searched to, so that a build of hours that is stopped goes
 * on where it was when the command runs again (with --lines longer, or
 * other node counts for the positions not yet made).  The file is removed
 * once the book is written.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "tafel-cli.h"
#include "tafel-mill-book-build.h"

typedef struct {
  FILE *progress_file;
  gboolean quiet;
} Progress;

static void
note_line (guint       done,
           guint       total,
           const char *line,
           guint64     nodes,
           gpointer    user_data)
{
  Progress *p = user_data;
  g_autofree char *entry = tafel_mill_book_progress_line (line, nodes);

  fputs (entry, p->progress_file);
  fflush (p->progress_file);
  if (!p->quiet)
    {
      printf ("%u/%u %s\n", done, total, line);
      fflush (stdout);
    }
}

/* The lines an earlier run left in @path (none when there is no such
 * file). */
static gboolean
read_progress (const char  *path,
               GStrv       *made,
               GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;

  *made = NULL;
  if (!g_file_get_contents (path, &text, NULL, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  *made = tafel_mill_book_progress_read (text, &local);
  if (*made == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   /* Translators: %s is a file name */
                   _("%s is not the progress file of a book; remove it to start again"),
                   name);
      return FALSE;
    }
  return TRUE;
}

/* "N" or "N1,N2,…" into @out, the last repeated to its end; @text NULL:
 * @nodes throughout. */
static gboolean
parse_line_nodes (const char *text,
                  guint64     nodes,
                  guint64     out[TAFEL_MILL_BOOK_MAX_LINES])
{
  g_auto(GStrv) words = text != NULL ? g_strsplit (text, ",", -1) : NULL;
  guint n = words != NULL ? g_strv_length (words) : 0;

  if (words != NULL && (n == 0 || n > TAFEL_MILL_BOOK_MAX_LINES))
    return FALSE;
  for (guint i = 0; i < TAFEL_MILL_BOOK_MAX_LINES; i++)
    {
      if (i >= n)
        out[i] = i > 0 ? out[i - 1] : nodes;
      else if (!g_ascii_string_to_unsigned (g_strstrip (words[i]), 10, 1000,
                                            G_GUINT64_CONSTANT (1000000000000), &out[i], NULL))
        return FALSE;
    }
  return TRUE;
}

int
tafel_cli_mill_book (int    argc,
                     char **argv)
{
  g_autofree char *out = NULL;
  int placements = 3, lines = -1, jobs = (int) g_get_num_processors ();
  gint64 nodes = 25000000;
  g_autofree char *line_nodes = NULL;
  gboolean quiet = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— make the Mill opening book"));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *progress_path = NULL;
  g_auto(GStrv) made = NULL;
  TafelMillBookPlan plan = { 0 };
  Progress progress = { NULL, FALSE };
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The book file to write"), N_("FILE") },
    { "placements", 'p', 0, G_OPTION_ARG_INT, &placements,
      N_("Every position with at most N stones placed (default: 3)"), N_("N") },
    { "lines", 'l', 0, G_OPTION_ARG_INT, &lines,
      N_("Then follow the book’s lines up to N stones placed (default: none)"), N_("N") },
    { "nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes,
      N_("Search each position to N nodes (default: 25000000)"), N_("N") },
    { "line-nodes", 0, 0, G_OPTION_ARG_STRING, &line_nodes,
      N_("Search each position along the lines to N nodes, or N1,N2,… for each number of stones in turn (default: as --nodes)"),
      N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Positions searched at a time (default: one per core)"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print each position’s line"), NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Translators: the first %s is a file name, the second an environment
   * variable */
  summary = g_strdup_printf (_("Searches every Nine Men's Morris position with at most N stones placed (one\n"
                               "of each class of symmetric positions), then, with --lines, the positions\n"
                               "the book's moves and every reply lead to, and writes the moves found to\n"
                               "FILE, the book the engine reads as %s (installed, or named by %s).\n"
                               "The same command makes the same book on every machine.  Each line is\n"
                               "kept in FILE.progress as it is made: run the command again to go on\n"
                               "after it was stopped."),
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
  if (lines == -1)
    lines = placements;
  if (lines < placements || lines > TAFEL_MILL_BOOK_MAX_LINES)
    return tafel_cli_fail (_("--lines must be from --placements to %d"), TAFEL_MILL_BOOK_MAX_LINES);
  if (nodes < 1000 || nodes > G_GINT64_CONSTANT (1000000000000)
      || !parse_line_nodes (line_nodes, nodes, plan.line_nodes))
    return tafel_cli_fail (_("--nodes and --line-nodes must be from 1000 to 10^12"));
  if (jobs < 1 || jobs > 64)
    return tafel_cli_fail (_("--jobs must be from 1 to 64"));

  plan.placements = placements;
  plan.lines = lines;
  plan.nodes = nodes;
  plan.jobs = jobs;
  progress_path = g_strconcat (out, ".progress", NULL);
  if (!read_progress (progress_path, &made, &error))
    return tafel_cli_fail ("%s", error->message);
  progress.progress_file = g_fopen (progress_path, "a");
  if (progress.progress_file == NULL)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (progress_path);

      return tafel_cli_fail ("%s: %s", name, g_strerror (saved));
    }
  if (made == NULL)
    fprintf (progress.progress_file, "%s\n", TAFEL_MILL_BOOK_PROGRESS_HEADER);
  progress.quiet = quiet;

  text = tafel_mill_book_build (&plan, (const char *const *) made, note_line, &progress,
                                NULL, &error);
  fclose (progress.progress_file);
  if (text == NULL)
    return tafel_cli_fail ("%s", error->message);
  if (!g_file_set_contents (out, text, -1, &error))
    return tafel_cli_fail ("%s", error->message);
  g_unlink (progress_path);

  return 0;
}
