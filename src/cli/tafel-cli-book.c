/* tafel-cli-book.c: tafel-cli book — build and inspect the opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   tafel-cli book build --out FILE [--depth N] [--progress FILE] [--threads N]
 *   tafel-cli book info FILE
 *
 * A build appends each solved position to the progress file (default
 * FILE.progress) and reads it back when started again, so it can be
 * stopped at any time and resumed with the same command.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tafel-c4-book.h"
#include "tafel-cli.h"
#include "tafel-json.h"

static void
print_line (const char *line)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%H:%M:%S");

  printf ("%s %s\n", stamp, line);
  fflush (stdout);
}

static int
book_build (int    argc,
            char **argv)
{
  g_autofree char *out = NULL;
  g_autofree char *progress = NULL;
  int depth = 8, threads = 2;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— build the Connect Four opening book"));
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The book file to write"), N_("FILE") },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Positions with up to N stones (default 8)"), N_("N") },
    { "progress", 'p', 0, G_OPTION_ARG_FILENAME, &progress, N_("Progress file (default: FILE.progress)"), N_("FILE") },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, N_("Search threads (1 or 2)"), N_("N") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if (out == NULL)
    return tafel_cli_fail (_("--out must be given"));
  if (depth < 1 || depth > 14)
    return tafel_cli_fail (_("--depth must be from 1 to 14"));
  if (progress == NULL)
    progress = g_strconcat (out, ".progress", NULL);

  if (!tafel_c4_book_build (out, progress, depth, threads, print_line, NULL, &error))
    return tafel_cli_fail ("%s", error->message);

  return 0;
}

static int
book_info (int    argc,
           char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelC4Book) book = NULL;
  TafelJson json = TAFEL_JSON_INIT;
  TafelC4Pos start = { 0 };
  int score = 0;

  if (argc != 2)
    return tafel_cli_fail (_("Usage: tafel-cli book info FILE"));

  book = tafel_c4_book_load (argv[1], &error);
  if (book == NULL)
    return tafel_cli_fail ("%s", error->message);

  tafel_json_begin_object (&json);
  tafel_json_member_int (&json, "depth", tafel_c4_book_depth (book));
  tafel_json_member_int (&json, "positions", tafel_c4_book_size (book));
  if (tafel_c4_book_lookup (book, &start, &score))
    tafel_json_member_int (&json, "start_score", score);
  tafel_json_end_object (&json);
  puts (tafel_json_finish (&json));
  tafel_json_clear (&json);

  return 0;
}

int
tafel_cli_book (int    argc,
                char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "build") == 0)
    return book_build (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "info") == 0)
    return book_info (argc - 1, argv + 1);

  return tafel_cli_fail (_("Usage: tafel-cli book build --out FILE [--depth N] | book info FILE"));
}
