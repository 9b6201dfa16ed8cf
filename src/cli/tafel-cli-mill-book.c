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
  guint written;               /* lines, by this run */
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
  p->written++;
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

/* The nodes of a book's search, and of the prover's look at each move. */
#define BUILD_NODES 25000000
#define PROVE_NODES 200000

/* The solver's table per job while proving: 2^24 entries (256 MiB), a
 * few times what one proof at five stones stores. */
#define PROVE_TABLE_BITS 24

/* The progress file @path opened to append to, with the header when it
 * is new; the lines an earlier run left in it in @made. */
static FILE *
open_progress (const char  *path,
               GStrv       *made,
               GError     **error)
{
  FILE *file;

  if (!read_progress (path, made, error))
    return NULL;
  file = g_fopen (path, "a");
  if (file == NULL)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", name,
                   g_strerror (saved));
      return NULL;
    }
  if (*made == NULL)
    fprintf (file, "%s\n", TAFEL_MILL_BOOK_PROGRESS_HEADER);
  return file;
}

/* tafel-cli mill-book --prove BOOK --out FILE: BOOK with its moves at
 * @stones stones proven (tafel_mill_book_prove_text ()), or with --lines
 * its lines followed on to @lines stones (tafel_mill_book_extend_text ()). */
static int
prove_book (const char *book_path,
            const char *out,
            int         stones,
            int         lines,
            guint64     nodes,
            guint       jobs,
            gboolean    quiet)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *book = NULL;
  g_autofree char *text = NULL;
  g_autofree char *progress_path = g_strconcat (out, ".progress", NULL);
  g_auto(GStrv) made = NULL;
  const TafelMillEgtb *tb;
  Progress progress = { NULL, quiet, 0 };
  TafelMillBookProofPlan plan;

  if (!g_file_get_contents (book_path, &book, NULL, &error))
    return tafel_cli_fail ("%s", error->message);
  if (stones == -1 && lines == -1)
    {
      g_autoptr(TafelMillBook) read = tafel_mill_book_new_from_text (book, &error);

      if (read == NULL)
        return tafel_cli_fail ("%s", error->message);
      stones = (int) tafel_mill_book_lines (read);
    }
  tb = tafel_mill_egtb_get_default ();
  if (tb == NULL)
    /* Translators: %s is an environment variable */
    return tafel_cli_fail (_("There are no endgame tables to prove the book with (make them with "
                             "tafel-cli mill-tables --max-stones 9 and name the file with %s)"),
                           TAFEL_MILL_EGTB_ENV);
  progress.progress_file = open_progress (progress_path, &made, &error);
  if (progress.progress_file == NULL)
    return tafel_cli_fail ("%s", error->message);
  plan = (TafelMillBookProofPlan) {
    .tb = tb, .jobs = jobs, .table_bits = PROVE_TABLE_BITS, .nodes = nodes,
    .made = (const char *const *) made, .progress = note_line, .user_data = &progress,
  };
  if (lines != -1)
    text = tafel_mill_book_extend_text (book, lines, &plan, NULL, &error);
  else
    text = tafel_mill_book_prove_text (book, stones, &plan, NULL, &error);
  fclose (progress.progress_file);
  if (text == NULL)
    {
      /* a progress file of nothing but its header is not left behind */
      if (made == NULL && progress.written == 0)
        g_unlink (progress_path);
      return tafel_cli_fail ("%s", error->message);
    }
  if (!g_file_set_contents (out, text, -1, &error))
    return tafel_cli_fail ("%s", error->message);
  g_unlink (progress_path);
  return 0;
}

int
tafel_cli_mill_book (int    argc,
                     char **argv)
{
  g_autofree char *out = NULL;
  int placements = 3, lines = -1, jobs = (int) g_get_num_processors ();
  gint64 nodes = -1;
  g_autofree char *line_nodes = NULL;
  g_autofree char *prove = NULL;
  int stones = -1;
  gboolean nodes_given;
  gboolean quiet = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— make the Mill opening book"));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *progress_path = NULL;
  g_auto(GStrv) made = NULL;
  TafelMillBookPlan plan = { 0 };
  Progress progress = { NULL, FALSE, 0 };
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The book file to write"), N_("FILE") },
    { "placements", 'p', 0, G_OPTION_ARG_INT, &placements,
      N_("Every position with at most N stones placed (default: 3)"), N_("N") },
    { "lines", 'l', 0, G_OPTION_ARG_INT, &lines,
      N_("Then follow the book’s lines up to N stones placed (default: none; with --prove, go on with them to N stones, each new position with a move that does not lose)"), N_("N") },
    { "nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes,
      N_("Search each position to N nodes (default: 25000000; with --prove, each move of a position whose book move loses: 200000)"), N_("N") },
    { "line-nodes", 0, 0, G_OPTION_ARG_STRING, &line_nodes,
      N_("Search each position along the lines to N nodes, or N1,N2,… for each number of stones in turn (default: as --nodes)"),
      N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Positions searched at a time (default: one per core)"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print each position’s line"), NULL },
    { "prove", 0, 0, G_OPTION_ARG_FILENAME, &prove,
      N_("Prove the moves of the book BOOK with the endgame tables and write it to --out"),
      N_("BOOK") },
    { "stones", 0, 0, G_OPTION_ARG_INT, &stones,
      N_("With --prove: the moves of the positions with N stones placed (default: the book’s last)"),
      N_("N") },
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
                               "after it was stopped.\n\n"
                               "With --prove BOOK, it proves the moves of BOOK's positions with\n"
                               "--stones stones placed by the placing solver with the endgame tables\n"
                               "up to 9-9, replaces each move that loses by one that does not, and\n"
                               "writes the book to FILE; with --lines N instead, it follows BOOK's lines\n"
                               "on to N stones placed and gives each position they reach the first move\n"
                               "that does not lose."),
                             TAFEL_MILL_BOOK_FILE, TAFEL_MILL_BOOK_ENV);
  g_option_context_set_summary (context, summary);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  nodes_given = nodes != -1;
  if (argc > 1)
    return tafel_cli_fail (_("Unexpected argument “%s”"), argv[1]);
  if (out == NULL)
    return tafel_cli_fail (_("--out is required"));
  if (jobs < 1 || jobs > 64)
    return tafel_cli_fail (_("--jobs must be from 1 to 64"));
  if (prove != NULL)
    {
      if (stones != -1 && (stones < 0 || stones > TAFEL_MILL_BOOK_MAX_LINES))
        return tafel_cli_fail (_("--stones must be from 0 to %d"), TAFEL_MILL_BOOK_MAX_LINES);
      if (lines != -1 && (lines < 0 || lines > TAFEL_MILL_BOOK_MAX_LINES))
        return tafel_cli_fail (_("--lines must be from 0 to %d"), TAFEL_MILL_BOOK_MAX_LINES);
      if (lines != -1 && stones != -1)
        return tafel_cli_fail (_("--lines and --stones do not go together"));
      if (!nodes_given)
        nodes = PROVE_NODES;
      if (nodes < 1000 || nodes > G_GINT64_CONSTANT (1000000000000))
        return tafel_cli_fail (_("--nodes and --line-nodes must be from 1000 to 10^12"));
      return prove_book (prove, out, stones, lines, nodes, jobs, quiet);
    }
  if (stones != -1)
    return tafel_cli_fail (_("--stones goes with --prove"));
  if (placements < 0 || placements > TAFEL_MILL_BOOK_MAX_PLACEMENTS)
    return tafel_cli_fail (_("--placements must be from 0 to %d"), TAFEL_MILL_BOOK_MAX_PLACEMENTS);
  if (lines == -1)
    lines = placements;
  if (!nodes_given)
    nodes = BUILD_NODES;
  if (lines < placements || lines > TAFEL_MILL_BOOK_MAX_LINES)
    return tafel_cli_fail (_("--lines must be from --placements to %d"), TAFEL_MILL_BOOK_MAX_LINES);
  if (nodes < 1000 || nodes > G_GINT64_CONSTANT (1000000000000)
      || !parse_line_nodes (line_nodes, nodes, plan.line_nodes))
    return tafel_cli_fail (_("--nodes and --line-nodes must be from 1000 to 10^12"));

  plan.placements = placements;
  plan.lines = lines;
  plan.nodes = nodes;
  plan.jobs = jobs;
  progress_path = g_strconcat (out, ".progress", NULL);
  progress.progress_file = open_progress (progress_path, &made, &error);
  if (progress.progress_file == NULL)
    return tafel_cli_fail ("%s", error->message);
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
