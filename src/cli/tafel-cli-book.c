/* tafel-cli-book.c: tafel-cli book — build and inspect the opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   tafel-cli book build --out FILE --lines N [--root MOVES] [--progress FILE]
 *                        [--threads N] [--table-bits N]
 *   tafel-cli book info FILE
 *
 * A build holds the lines of perfect play (for either side) from the
 * root up to N stones.  It appends each solved position to the progress
 * file (default FILE.progress) and reads it back when started again, so
 * it can be stopped at any time and resumed with the same command; the
 * book file is written at the end and every few minutes.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tafel-c4-book-builder.h"
#include "tafel-c4-solver.h"
#include "tafel-cli.h"
#include "tafel-json.h"

static void
print_line (const char *line,
            gpointer    user_data)
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
  g_autofree char *root_moves = NULL;
  int lines = 0, threads = 2, table_bits = TAFEL_C4_TT_BITS + 2;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— build the Connect Four opening book"));
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The book file to write"), N_("FILE") },
    { "lines", 'l', 0, G_OPTION_ARG_INT, &lines,
      N_("Lines of perfect play up to N stones (required)"), N_("N") },
    { "root", 'r', 0, G_OPTION_ARG_STRING, &root_moves,
      N_("Start from the position after these columns (default: the empty board)"), N_("MOVES") },
    { "progress", 'p', 0, G_OPTION_ARG_FILENAME, &progress, N_("Progress file (default: FILE.progress)"), N_("FILE") },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, N_("Search threads (1 or 2)"), N_("N") },
    { "table-bits", 0, 0, G_OPTION_ARG_INT, &table_bits,
      N_("Transposition table of 2^N buckets of 16 bytes (default 25: 512 MiB)"), N_("N") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  TafelC4Pos root = { 0 };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if (argc > 1)
    return tafel_cli_fail (_("Unexpected argument “%s”"), argv[1]);
  if (out == NULL)
    return tafel_cli_fail (_("--out must be given"));
  if (root_moves != NULL)
    {
      const char *end;

      if (!tafel_c4_pos_from_moves (&root, root_moves, &end) || *end != '\0')
        return tafel_cli_fail (_("--root: “%s” is not a game of Connect Four columns 1–7"),
                               root_moves);
      if (tafel_c4_pos_is_over (&root))
        return tafel_cli_fail (_("--root: the game is over"));
    }
  if (lines <= (int) root.moves || lines > TAFEL_C4_CELLS)
    return tafel_cli_fail (_("--lines must be from %u to %d"), root.moves + 1, TAFEL_C4_CELLS);
  if (threads < 1 || threads > 2)
    return tafel_cli_fail (_("--threads must be 1 or 2"));
  if (table_bits < 17 || table_bits > 30)
    return tafel_cli_fail (_("--table-bits must be from 17 to 30"));
  if (progress == NULL)
    progress = g_strconcat (out, ".progress", NULL);

  if (!tafel_c4_book_build (out, progress, &root, lines, threads, table_bits,
                            print_line, NULL, NULL, &error))
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
  guint64 counts[TAFEL_C4_CELLS + 1];
  int score = 0;

  if (argc != 2)
    return tafel_cli_fail (_("Usage: tafel-cli book info FILE"));

  book = tafel_c4_book_load (argv[1], &error);
  if (book == NULL)
    return tafel_cli_fail ("%s", error->message);

  tafel_c4_book_count_by_stones (book, counts);
  tafel_json_begin_object (&json);
  tafel_json_member_int (&json, "positions", tafel_c4_book_size (book));
  tafel_json_member_int (&json, "max_depth", tafel_c4_book_depth (book));
  tafel_json_key (&json, "by_stones");
  tafel_json_begin_array (&json);
  for (guint i = 0; i <= tafel_c4_book_depth (book); i++)
    tafel_json_int (&json, counts[i]);
  tafel_json_end_array (&json);
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

  return tafel_cli_fail (_("Usage: tafel-cli book build --out FILE --lines N [--root MOVES] | book info FILE"));
}
