/* tafel-mill-book-build.c: making the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill-book-build.h"
#include "tafel-mill-search.h"

/* Unless the plan says otherwise, a table of 2^22 entries (64 MiB) per
 * job: a few times what a 25-million-node search stores. */
#define BUILD_TT_BITS 22

/* One stage: the whole part, or one placement along the lines. */
typedef struct {
  GPtrArray *positions;     /* placements of each position */
  char **lines;             /* the book's line of each, once known */
  guint64 nodes;
  guint table_bits;
  gint next;                /* the next position to take (atomic) */
  guint done;               /* under lock */
  GMutex lock;
  TafelMillBookProgress progress;
  gpointer user_data;
  GCancellable *cancellable;
} Stage;

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
  Stage *stage = data;
  TafelMillSearcher *searcher = tafel_mill_searcher_new (stage->table_bits);

  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&stage->next, 1);
      char *line;

      if (i >= stage->positions->len)
        break;
      if (stage->lines[i] != NULL)
        continue;   /* made before */
      line = search_position (searcher, g_ptr_array_index (stage->positions, i), stage->nodes,
                              stage->cancellable);
      if (line == NULL)
        break;   /* cancelled */

      g_mutex_lock (&stage->lock);
      stage->lines[i] = line;
      stage->done++;
      if (stage->progress != NULL)
        stage->progress (stage->done, stage->positions->len, line, stage->nodes, stage->user_data);
      g_mutex_unlock (&stage->lock);
    }

  tafel_mill_searcher_free (searcher);
  return NULL;
}

/* A line of an earlier run: the book's line and the nodes it was
 * searched to. */
typedef struct {
  guint64 nodes;
  const char *line;
} MadeLine;

/* The position @made is for (its placements, as the builder writes
 * them), with its line in @out; NULL when it is not such a line. */
static char *
made_position (const char *made,
               MadeLine   *out)
{
  const char *space = strchr (made, ' ');
  const char *colon = strchr (made, ':');
  g_autofree char *number = NULL;

  if (space == NULL || colon == NULL || colon < space)
    return NULL;
  number = g_strndup (made, space - made);
  if (!g_ascii_string_to_unsigned (number, 10, 1, G_MAXUINT64, &out->nodes, NULL))
    return NULL;
  out->line = space + 1;
  return g_strstrip (g_strndup (space + 1, colon - space - 1));
}

/* Fills in every line of @stage, those in @made (position → MadeLine)
 * without searching, unless a line is not a book's line (a damaged
 * progress file), which @scratch, a book of the plan's shape, finds. */
static gboolean
run_stage (Stage                   *stage,
           const TafelMillBookPlan *plan,
           GHashTable              *made,
           TafelMillBook           *scratch,
           GCancellable            *cancellable,
           GError                 **error)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();

  stage->lines = g_new0 (char *, stage->positions->len + 1);
  for (guint i = 0; i < stage->positions->len; i++)
    {
      const MadeLine *m = g_hash_table_lookup (made, g_ptr_array_index (stage->positions, i));

      if (m != NULL && m->nodes == stage->nodes && g_utf8_validate (m->line, -1, NULL)
          && tafel_mill_book_add (scratch, m->line, NULL))
        {
          stage->lines[i] = g_strdup (m->line);
          stage->done++;
        }
    }

  g_mutex_init (&stage->lock);
  for (guint j = 0; j < MIN (plan->jobs, stage->positions->len - stage->done); j++)
    g_ptr_array_add (threads, g_thread_new ("tafel-mill-book", job_main, stage));
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  g_mutex_clear (&stage->lock);

  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

char *
tafel_mill_book_progress_line (const char *line,
                               guint64     nodes)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT " %s\n", nodes, line);
}

GStrv
tafel_mill_book_progress_read (const char  *text,
                               GError     **error)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  g_auto(GStrv) split = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (split);

  if (n < 2 || strcmp (split[0], TAFEL_MILL_BOOK_PROGRESS_HEADER) != 0)
    {
      g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                           _("It is not the progress file of a book"));
      return NULL;
    }
  /* The part after the last newline was being written when it stopped. */
  for (guint i = 1; i + 1 < n; i++)
    if (*split[i] != '\0')
      g_strv_builder_add (lines, split[i]);
  return g_strv_builder_end (lines);
}

guint64
tafel_mill_book_plan_nodes (const TafelMillBookPlan *plan,
                            guint                    placed)
{
  return placed <= plan->placements ? plan->nodes
                                    : plan->line_nodes[MIN (placed - plan->placements,
                                                            TAFEL_MILL_BOOK_MAX_LINES) - 1];
}

char *
tafel_mill_book_build (const TafelMillBookPlan  *plan,
                       const char *const        *made,
                       TafelMillBookProgress     progress,
                       gpointer                  user_data,
                       GCancellable             *cancellable,
                       GError                  **error)
{
  g_autoptr(GHashTable) made_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(TafelMillBook) scratch = tafel_mill_book_new (plan->placements, plan->lines);
  g_autoptr(TafelMillBook) book = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (plan->placements <= TAFEL_MILL_BOOK_MAX_PLACEMENTS, NULL);
  g_return_val_if_fail (plan->placements <= plan->lines
                        && plan->lines <= TAFEL_MILL_BOOK_MAX_LINES, NULL);
  g_return_val_if_fail (plan->nodes > 0 && plan->jobs > 0, NULL);
  for (guint k = plan->placements + 1; k <= plan->lines; k++)
    g_return_val_if_fail (tafel_mill_book_plan_nodes (plan, k) > 0, NULL);

  /* The last line of a position counts (a build may have searched it
   * again to other nodes). */
  for (guint i = 0; made != NULL && made[i] != NULL; i++)
    {
      MadeLine m;
      char *position = made_position (made[i], &m);

      if (position != NULL)
        g_hash_table_replace (made_lines, position, g_memdup2 (&m, sizeof m));
    }

  g_string_append_printf (text,
                          "# Nine Men's Morris opening book of Tafel, made by tafel-cli mill-book:\n"
                          "# every position with at most %u stones placed (up to symmetry), each\n"
                          "# searched to %" G_GUINT64_FORMAT " nodes.\n",
                          plan->placements, plan->nodes);
  if (plan->lines > plan->placements)
    {
      g_string_append_printf (text,
                              "# Then up to %u stones placed, the positions the book's moves and every\n"
                              "# reply lead to, searched to",
                              plan->lines);
      for (guint k = plan->placements + 1; k <= plan->lines; k++)
        g_string_append_printf (text, "%s %" G_GUINT64_FORMAT " nodes at %u stones",
                                k > plan->placements + 1 ? "," : "",
                                tafel_mill_book_plan_nodes (plan, k), k);
      g_string_append (text, ".\n");
    }
  g_string_append_printf (text,
                          "# Placements : move, score (1/100 stone), depth.\n"
                          "%s %d %u %u\n",
                          TAFEL_MILL_BOOK_MAGIC, TAFEL_MILL_BOOK_VERSION,
                          plan->placements, plan->lines);

  /* The whole part, then each placement along the lines: the positions
   * of a placement come from the book's moves two placements before. */
  book = tafel_mill_book_new (plan->placements, plan->lines);
  for (guint k = plan->placements; k <= plan->lines; k++)
    {
      Stage stage = {
        .positions = k == plan->placements ? tafel_mill_book_positions (k)
                                           : tafel_mill_book_line_positions (book, k),
        .nodes = tafel_mill_book_plan_nodes (plan, k),
        .table_bits = plan->table_bits != 0 ? plan->table_bits : BUILD_TT_BITS,
        .progress = progress,
        .user_data = user_data,
        .cancellable = cancellable,
      };
      gboolean ok = run_stage (&stage, plan, made_lines, scratch, cancellable, error);

      for (guint i = 0; ok && i < stage.positions->len; i++)
        {
          ok = tafel_mill_book_add (book, stage.lines[i], error);
          if (!ok)
            g_prefix_error (error, "“%s”: ", stage.lines[i]);
          g_string_append_printf (text, "%s\n", stage.lines[i]);
        }
      g_strfreev (stage.lines);
      g_ptr_array_unref (stage.positions);
      if (!ok)
        return NULL;
    }

  /* What the engine will read back must be a whole book. */
  if (!tafel_mill_book_check (book, error))
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}
