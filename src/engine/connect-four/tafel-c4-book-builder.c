/* tafel-c4-book-builder.c: building the Connect Four opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Used by tafel-cli alone (`tafel-cli book`), not by the application.
 * The file format: tafel-c4-book.c.
 *
 * The lines builder walks the positions from a root ply by ply.  For each
 * position P to expand it solves every child (each "KEY SCORE" appended
 * to a progress file as soon as it is known, so a build can be stopped
 * and resumed), puts the children's scores and P's (by negamax) into the
 * book and goes on into the children that the perfect player needs:
 *
 *   for the perfect first player:  where the first player moves, its
 *                                  optimal children; elsewhere all;
 *   for the perfect second player: where the second player moves, its
 *                                  optimal children; elsewhere all;
 *
 * a position is expanded when either needs it.  Finished games and
 * positions where the side to move wins at once are not expanded.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tafel-c4-book-builder.h"
#include "tafel-c4-book-private.h"
#include "tafel-c4-solver.h"
#include "tafel-error.h"

/* Seconds between the book files written during a build, and between
 * progress lines within a ply. */
#define SAVE_INTERVAL_S 300
#define LOG_INTERVAL_S 30

/* The bytes of a book file. */
static GBytes *
book_bytes_new (guint          depth,
                const guint64 *entries,
                gsize          n)
{
  guint8 *data = g_malloc (TAFEL_C4_BOOK_HEADER_SIZE + 8 * n);
  guint32 v32;
  guint64 v64;

  memcpy (data, TAFEL_C4_BOOK_MAGIC, 8);
  v32 = GUINT32_TO_LE (TAFEL_C4_BOOK_VERSION);
  memcpy (data + 8, &v32, 4);
  v32 = GUINT32_TO_LE (depth);
  memcpy (data + 12, &v32, 4);
  v64 = GUINT64_TO_LE ((guint64) n);
  memcpy (data + 16, &v64, 8);
  for (gsize i = 0; i < n; i++)
    {
      v64 = GUINT64_TO_LE (entries[i]);
      memcpy (data + TAFEL_C4_BOOK_HEADER_SIZE + 8 * i, &v64, 8);
    }
  v64 = GUINT64_TO_LE (tafel_c4_book_checksum (data + TAFEL_C4_BOOK_HEADER_SIZE, 8 * n));
  memcpy (data + 24, &v64, 8);

  return g_bytes_new_take (data, TAFEL_C4_BOOK_HEADER_SIZE + 8 * n);
}

gboolean
tafel_c4_book_write (const char     *path,
                     guint           depth,
                     const guint64  *entries,
                     gsize           n,
                     GError        **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize size;
  const char *data;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (entries != NULL || n == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = book_bytes_new (depth, entries, n);
  data = g_bytes_get_data (bytes, &size);

  return g_file_set_contents (path, data, size, error);
}

guint64
tafel_c4_book_entry (const TafelC4Pos *pos,
                     int               score)
{
  return tafel_c4_canonical_key (pos) << 8 | (guint64) (score + 64);
}

/* ---- building ---------------------------------------------------------- */

#define FOR_FIRST 1      /* a perfect first player meets the position */
#define FOR_SECOND 2     /* a perfect second player meets it */

typedef struct {
  TafelC4Pos pos;
  guint flags;
} Node;

typedef struct {
  const char *out_path;
  const char *progress_path;
  FILE *progress;
  TafelC4Solver *solver;
  GHashTable *scores;      /* canonical key -> score + 64: all known */
  GHashTable *book;        /* canonical key -> score + 64: the book */
  TafelC4BookLogFunc log;
  gpointer user_data;
  GCancellable *cancellable;
  gint64 start, last_save, last_log;
  guint solved;            /* by search in this run */
} Build;

static void
log_line (Build      *b,
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
log_line (Build      *b,
          const char *format,
          ...)
{
  g_autofree char *line = NULL;
  va_list args;

  b->last_log = g_get_monotonic_time ();
  if (b->log == NULL)
    return;
  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  b->log (line, b->user_data);
}

static double
elapsed_s (Build *b)
{
  return (g_get_monotonic_time () - b->start) / (double) G_USEC_PER_SEC;
}

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static void
scores_insert (GHashTable *table,
               guint64     key,
               int         score)
{
  g_hash_table_insert (table, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (score + 64));
}

static gboolean
scores_lookup (GHashTable *table,
               guint64     key,
               int        *score)
{
  gpointer value;

  if (!g_hash_table_lookup_extended (table, &key, NULL, &value))
    return FALSE;
  *score = GPOINTER_TO_INT (value) - 64;
  return TRUE;
}

/* The entries of @table, ascending, and the most stones among them. */
static GArray *
table_entries (GHashTable *table,
               guint      *depth)
{
  GArray *entries = g_array_sized_new (FALSE, FALSE, sizeof (guint64), g_hash_table_size (table));
  GHashTableIter iter;
  gpointer key, value;

  *depth = 0;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint64 k = *(const guint64 *) key;
      guint64 e = k << 8 | (guint64) GPOINTER_TO_INT (value);

      *depth = MAX (*depth, (guint) tafel_c4_book_key_stones (k));
      g_array_append_val (entries, e);
    }
  g_array_sort (entries, compare_u64);

  return entries;
}

/* Reads "KEY SCORE" lines into @scores.  A torn last line (a build
 * stopped while writing it) is cut off the file so that new lines start
 * clean; any other bad line is an error. */
static gboolean
read_progress (const char  *path,
               GHashTable  *scores,
               GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *display = NULL;
  g_auto(GStrv) lines = NULL;
  GError *local = NULL;
  gsize len;
  guint n;

  if (!g_file_get_contents (path, &text, &len, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          g_error_free (local);
          return TRUE;
        }
      g_propagate_error (error, local);
      return FALSE;
    }

  display = g_filename_display_name (path);
  if (len > 0 && text[len - 1] != '\n')
    {
      const char *last = strrchr (text, '\n');
      gsize keep = last ? (gsize) (last - text) + 1 : 0;

      if (truncate (path, (off_t) keep) != 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("Cannot write %s: %s"), display, g_strerror (saved));
          return FALSE;
        }
      text[keep] = '\0';
    }

  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  for (guint i = 0; i + 1 < n; i++)
    {
      guint64 key;
      gint64 score;
      char *end;

      key = g_ascii_strtoull (lines[i], &end, 10);
      if (end != lines[i] && *end == ' ' && tafel_c4_book_key_stones (key) >= 0)
        {
          const char *number = end + 1;

          score = g_ascii_strtoll (number, &end, 10);
          if (end != number && *end == '\0'
              && score >= TAFEL_C4_MIN_SCORE && score <= TAFEL_C4_MAX_SCORE)
            {
              scores_insert (scores, key, (int) score);
              continue;
            }
        }

      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   /* Translators: a progress file of the opening book
                    * builder; %s is its name, %u a line number */
                   _("%s: line %u is not “KEY SCORE”"), display, i + 1);
      return FALSE;
    }

  return TRUE;
}

static gboolean
save_book (Build   *b,
           GError **error)
{
  g_autoptr(GArray) entries = NULL;
  guint depth;

  entries = table_entries (b->book, &depth);
  if (!tafel_c4_book_write (b->out_path, depth, (const guint64 *) entries->data,
                            entries->len, error))
    return FALSE;

  b->last_save = g_get_monotonic_time ();
  log_line (b, "wrote %s: %u positions, up to %u stones, %.0f s",
            b->out_path, entries->len, depth, elapsed_s (b));

  return TRUE;
}

/* The exact score of @pos (running): known, or searched and recorded. */
static gboolean
child_score (Build            *b,
             const TafelC4Pos *pos,
             int              *score,
             GError          **error)
{
  guint64 key = tafel_c4_canonical_key (pos);

  if (scores_lookup (b->scores, key, score))
    return TRUE;

  /* (Small searches end before the solver looks at @cancellable.) */
  if (g_cancellable_is_cancelled (b->cancellable)
      || !tafel_c4_solver_solve (b->solver, pos, b->cancellable, score))
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_CANCELLED,
                   _("The book build was stopped"));
      return FALSE;
    }

  if (fprintf (b->progress, "%" G_GUINT64_FORMAT " %d\n", key, *score) < 0
      || fflush (b->progress) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (b->progress_path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot write %s: %s"), display, g_strerror (saved));
      return FALSE;
    }
  scores_insert (b->scores, key, *score);
  b->solved++;
  /* The searches of the first plies are long: say something meanwhile. */
  if (g_get_monotonic_time () - b->last_log >= LOG_INTERVAL_S * G_USEC_PER_SEC)
    log_line (b, "solved a position of %u stones: %d; %u solved in this run, %.0f s, %"
              G_GUINT64_FORMAT " nodes", pos->moves, *score, b->solved, elapsed_s (b),
              tafel_c4_solver_nodes (b->solver));

  return TRUE;
}

/* Solves the children of @node, records them and @node in the book, and
 * queues the children to expand on the next ply. */
static gboolean
expand (Build       *b,
        const Node  *node,
        guint        lines,
        GArray      *next,
        GHashTable  *next_index,
        GError     **error)
{
  const TafelC4Pos *pos = &node->pos;
  int scores[TAFEL_C4_WIDTH];
  gboolean over[TAFEL_C4_WIDTH];
  int best = G_MININT, known;
  guint64 key = tafel_c4_canonical_key (pos);

  for (int i = 0; i < TAFEL_C4_WIDTH; i++)
    {
      int col = tafel_c4_centre_order[i];
      TafelC4Pos child;
      int s;

      scores[col] = G_MININT;
      over[col] = TRUE;
      if (!tafel_c4_can_play (pos, col))
        continue;
      if (!tafel_c4_play_final (pos, col, &child, &scores[col]))
        {
          if (!child_score (b, &child, &s, error))
            return FALSE;
          scores_insert (b->book, tafel_c4_canonical_key (&child), s);
          scores[col] = -s;
          over[col] = FALSE;
        }
      best = MAX (best, scores[col]);
    }

  /* The position's own score follows; a different one on record means
   * the solver or the progress file is wrong. */
  if (scores_lookup (b->scores, key, &known) && known != best)
    {
      g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT, key);

      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   /* Translators: %s is the number of a position */
                   _("Inconsistent scores at position %s: %d on record, %d from its moves"),
                   name, known, best);
      return FALSE;
    }
  scores_insert (b->scores, key, best);
  scores_insert (b->book, key, best);

  for (int i = 0; i < TAFEL_C4_WIDTH; i++)
    {
      int col = tafel_c4_centre_order[i];
      gboolean optimal = scores[col] == best;
      gboolean first_to_move = (pos->moves & 1) == 0;
      TafelC4Pos child = *pos;
      guint flags = 0;
      gpointer index;
      guint64 child_key;

      if (over[col])
        continue;
      if ((node->flags & FOR_FIRST) && (!first_to_move || optimal))
        flags |= FOR_FIRST;
      if ((node->flags & FOR_SECOND) && (first_to_move || optimal))
        flags |= FOR_SECOND;
      tafel_c4_play_col (&child, col);
      if (flags == 0 || child.moves >= lines || tafel_c4_can_win_now (&child))
        continue;

      child_key = tafel_c4_canonical_key (&child);
      if (g_hash_table_lookup_extended (next_index, &child_key, NULL, &index))
        g_array_index (next, Node, GPOINTER_TO_UINT (index)).flags |= flags;
      else
        {
          Node n = { child, flags };

          g_hash_table_insert (next_index, g_memdup2 (&child_key, sizeof child_key),
                               GUINT_TO_POINTER (next->len));
          g_array_append_val (next, n);
        }
    }

  return TRUE;
}

/* A book of everything known so far, for the solver to use. */
static TafelC4Book *
book_from_scores (GHashTable *scores)
{
  g_autoptr(GArray) entries = NULL;
  g_autoptr(GBytes) bytes = NULL;
  guint depth;

  entries = table_entries (scores, &depth);
  bytes = book_bytes_new (depth, (const guint64 *) entries->data, entries->len);

  return tafel_c4_book_new_from_bytes (bytes, NULL);
}

gboolean
tafel_c4_book_build (const char         *out_path,
                     const char         *progress_path,
                     const TafelC4Pos   *root,
                     guint               lines,
                     guint               n_threads,
                     guint               tt_bits,
                     TafelC4BookLogFunc  log,
                     gpointer            user_data,
                     GCancellable       *cancellable,
                     GError            **error)
{
  Build b = { 0 };
  g_autoptr(GArray) level = NULL;
  g_autoptr(TafelC4Book) known = NULL;
  GError *local = NULL;
  gboolean ok = FALSE;
  guint ply;

  g_return_val_if_fail (out_path != NULL && progress_path != NULL, FALSE);
  g_return_val_if_fail (root != NULL && !tafel_c4_pos_is_over (root), FALSE);
  g_return_val_if_fail (lines > root->moves && lines <= TAFEL_C4_CELLS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  b.out_path = out_path;
  b.progress_path = progress_path;
  b.log = log;
  b.user_data = user_data;
  b.cancellable = cancellable;
  b.start = b.last_save = b.last_log = g_get_monotonic_time ();
  b.scores = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  b.book = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  if (!read_progress (progress_path, b.scores, error))
    goto out;
  log_line (&b, "lines to %u stones from a position of %u; %u positions known",
            lines, root->moves, g_hash_table_size (b.scores));

  b.progress = fopen (progress_path, "a");
  if (b.progress == NULL)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (progress_path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot write %s: %s"), display, g_strerror (saved));
      goto out;
    }

  b.solver = tafel_c4_solver_new_full (tt_bits ? tt_bits : TAFEL_C4_TT_BITS + 2, error);
  if (b.solver == NULL)
    goto out;
  tafel_c4_solver_set_threads (b.solver, n_threads);
  /* Scores from earlier builds cut the searches short. */
  if (g_hash_table_size (b.scores) > 0)
    {
      known = book_from_scores (b.scores);
      tafel_c4_solver_set_book (b.solver, known);
    }

  level = g_array_new (FALSE, FALSE, sizeof (Node));
  {
    Node n = { *root, FOR_FIRST | FOR_SECOND };

    g_array_append_val (level, n);
  }

  for (ply = root->moves; level->len > 0; ply++)
    {
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (Node));
      g_autoptr(GHashTable) next_index = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                                                g_free, NULL);
      guint solved_before = b.solved;

      log_line (&b, "ply %u: %u positions to expand, %.0f s", ply, level->len, elapsed_s (&b));
      for (guint i = 0; i < level->len; i++)
        {
          gint64 now;

          if (!expand (&b, &g_array_index (level, Node, i), lines, next, next_index, &local))
            {
              /* An interrupted build still leaves a book of what it has. */
              if (g_error_matches (local, TAFEL_ERROR, TAFEL_ERROR_CANCELLED))
                save_book (&b, NULL);
              g_propagate_error (error, g_steal_pointer (&local));
              goto out;
            }

          now = g_get_monotonic_time ();
          if (now - b.last_log >= LOG_INTERVAL_S * G_USEC_PER_SEC)
            log_line (&b, "ply %u: %u/%u positions done, %u queued for ply %u, "
                      "%u solved in this run, %.0f s, %" G_GUINT64_FORMAT " nodes",
                      ply, i + 1, level->len, next->len, ply + 1, b.solved,
                      elapsed_s (&b), tafel_c4_solver_nodes (b.solver));
          if (now - b.last_save >= SAVE_INTERVAL_S * G_USEC_PER_SEC
              && !save_book (&b, error))
            goto out;
        }
      log_line (&b, "ply %u done: %u positions expanded, %u solved, %u in the book, "
                "%.0f s, %" G_GUINT64_FORMAT " nodes",
                ply, level->len, b.solved - solved_before, g_hash_table_size (b.book),
                elapsed_s (&b), tafel_c4_solver_nodes (b.solver));

      g_array_unref (level);
      level = g_steal_pointer (&next);
    }

  ok = save_book (&b, error);

out:
  if (b.progress)
    fclose (b.progress);
  tafel_c4_solver_free (b.solver);
  g_hash_table_unref (b.scores);
  g_hash_table_unref (b.book);

  return ok;
}
