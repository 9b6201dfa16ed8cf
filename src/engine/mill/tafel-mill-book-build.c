/* tafel-mill-book-build.c: making the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill-book-build.h"
#include "tafel-mill-search.h"

/* A table of 2^22 entries (64 MiB) per job: a few times what a
 * 25-million-node search stores. */
#define BUILD_TT_BITS 22

typedef struct {
  GPtrArray *positions;     /* placements of each position */
  char **lines;             /* the book's line of each, once searched */
  guint64 nodes;
  gint next;                /* the next position to take (atomic) */
  guint done;               /* under lock */
  GMutex lock;
  TafelMillBookProgress progress;
  gpointer user_data;
  GCancellable *cancellable;
} Build;

static char *
search_position (TafelMillSearcher *searcher,
                 const char        *placed,
                 guint64            nodes,
                 GCancellable      *cancellable)
{
  TafelMillSearchLimits limits = { .max_depth = 64, .max_nodes = nodes, .threads = 1 };
  TafelMillSearchResult result;
  TafelHistory history = { NULL, 0 };
  TafelState state;
  g_autofree char *move = NULL;

  if (!tafel_rules_parse_moves (&tafel_mill_rules, placed, &state, NULL, NULL))
    g_return_val_if_reached (NULL);
  tafel_mill_searcher_clear (searcher);
  if (!tafel_mill_searcher_run (searcher, &state, &history, &limits, NULL, cancellable, &result))
    return NULL;
  move = tafel_rules_format_move (&tafel_mill_rules, &state, &result.best);
  return g_strdup_printf ("%s%s: %s %d %u", placed, *placed != '\0' ? " " : "",
                          move, result.score, MAX (result.depth, 1u));
}

static gpointer
job_main (gpointer data)
{
  Build *b = data;
  TafelMillSearcher *searcher = tafel_mill_searcher_new (BUILD_TT_BITS);

  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&b->next, 1);
      char *line;

      if (i >= b->positions->len)
        break;
      line = search_position (searcher, g_ptr_array_index (b->positions, i), b->nodes,
                              b->cancellable);
      if (line == NULL)
        break;   /* cancelled */

      g_mutex_lock (&b->lock);
      b->lines[i] = line;
      b->done++;
      if (b->progress != NULL)
        b->progress (b->done, b->positions->len, line, b->user_data);
      g_mutex_unlock (&b->lock);
    }

  tafel_mill_searcher_free (searcher);
  return NULL;
}

char *
tafel_mill_book_build (guint                  placements,
                       guint64                nodes,
                       guint                  jobs,
                       TafelMillBookProgress  progress,
                       gpointer               user_data,
                       GCancellable          *cancellable,
                       GError               **error)
{
  g_autoptr(GPtrArray) positions = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  GString *text;
  Build b = { 0 };

  g_return_val_if_fail (placements <= TAFEL_MILL_BOOK_MAX_PLACEMENTS, NULL);
  g_return_val_if_fail (nodes > 0 && jobs > 0, NULL);

  positions = tafel_mill_book_positions (placements);
  b.positions = positions;
  b.lines = g_new0 (char *, positions->len + 1);
  b.nodes = nodes;
  b.progress = progress;
  b.user_data = user_data;
  b.cancellable = cancellable;
  g_mutex_init (&b.lock);

  for (guint j = 0; j < MIN (jobs, positions->len); j++)
    g_ptr_array_add (threads, g_thread_new ("tafel-mill-book", job_main, &b));
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  g_mutex_clear (&b.lock);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_strfreev (b.lines);
      return NULL;
    }

  text = g_string_new (NULL);
  g_string_append_printf (text,
                          "# Nine Men's Morris opening book of Tafel, made by tafel-cli mill-book:\n"
                          "# every position with at most %u stones placed (up to symmetry), each\n"
                          "# searched to %" G_GUINT64_FORMAT " nodes.  Placements : move, score (1/100 stone), depth.\n"
                          "%s %d %u %" G_GUINT64_FORMAT "\n",
                          placements, nodes, TAFEL_MILL_BOOK_MAGIC, TAFEL_MILL_BOOK_VERSION,
                          placements, nodes);
  for (guint i = 0; i < positions->len; i++)
    g_string_append_printf (text, "%s\n", b.lines[i]);
  g_strfreev (b.lines);

  return g_string_free (text, FALSE);
}
