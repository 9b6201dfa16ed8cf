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
#include "tafel-mill-placing.h"
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
  g_auto(GStrv) split = g_strsplit_set (text, "\n", -1);
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

/* ---- proving the book's moves ---- */

/* The prover's searches are short: a table of four times their nodes,
 * from 2^12 entries up to 2^20 (16 MiB; 200,000 nodes and more).  It is
 * cleared before each search, so no bigger than they can fill. */
#define PROVER_SEARCH_BITS(nodes) CLAMP (g_bit_storage (nodes) + 2, 12u, 20u)

struct _TafelMillBookProver {
  const TafelMillEgtb *tb;
  TafelMillPlacing *solver;
  TafelMillSearcher *searcher;
  guint64 nodes;
  TafelMillBookMoveValue move_value;   /* a test's, or NULL */
};

/* tafel_mill_book_set_move_value ()'s, for provers made from then on. */
static TafelMillBookMoveValue test_move_value;

void
tafel_mill_book_set_move_value (TafelMillBookMoveValue move_value)
{
  test_move_value = move_value;
}

/* Whether the values of @s's moves can be had: from the tables, or from
 * a test. */
static gboolean
provable (const TafelMillEgtb  *tb,
          const TafelMillState *s)
{
  return test_move_value != NULL || tafel_mill_placing_solvable (tb, s);
}

TafelMillBookProver *
tafel_mill_book_prover_new (const TafelMillEgtb *tb,
                            guint                table_bits,
                            guint64              nodes)
{
  g_autoptr(TafelMillBookProver) prover = g_new0 (TafelMillBookProver, 1);

  g_return_val_if_fail (tb != NULL && nodes > 0, NULL);

  prover->tb = tb;
  prover->nodes = nodes;
  prover->move_value = test_move_value;
  prover->solver = tafel_mill_placing_new (table_bits);
  prover->searcher = tafel_mill_searcher_new_full (PROVER_SEARCH_BITS (nodes), NULL);
  if (prover->solver == NULL || prover->searcher == NULL)
    return NULL;
  return g_steal_pointer (&prover);
}

void
tafel_mill_book_prover_free (TafelMillBookProver *prover)
{
  if (prover == NULL)
    return;
  tafel_mill_placing_free (prover->solver);
  if (prover->searcher != NULL)
    tafel_mill_searcher_free (prover->searcher);
  g_free (prover);
}

/* The exact value of @move in @s; FALSE when cancelled. */
static gboolean
move_value (TafelMillBookProver  *prover,
            const TafelMillState *s,
            const TafelMove      *move,
            GCancellable         *cancellable,
            TafelValue           *value)
{
  if (prover->move_value != NULL)
    {
      *value = prover->move_value (s, move);
      return TRUE;
    }
  return tafel_mill_placing_solve (prover->solver, prover->tb, s, move, 1, value, 0, 0,
                                   cancellable, NULL) == 1;
}

/* @entry as @move, with the score and depth of @child's search (for
 * the other side, one ply on). */
static void
set_entry (TafelMillBookEntry          *entry,
           const TafelMove             *move,
           const TafelMillSearchResult *child)
{
  entry->move = *move;
  entry->score = -child->score;
  entry->depth = child->depth + 1;
}

gboolean
tafel_mill_book_prove (TafelMillBookProver  *prover,
                       const TafelMillState *s,
                       TafelMillBookEntry   *entry,
                       TafelValue           *value,
                       gboolean             *replaced,
                       GCancellable         *cancellable,
                       GError              **error)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  TafelMillSearchResult results[TAFEL_MAX_MOVES];
  guint order[TAFEL_MAX_MOVES];
  guint n;

  g_return_val_if_fail (prover != NULL && s != NULL && entry != NULL, FALSE);
  g_return_val_if_fail (value != NULL && replaced != NULL, FALSE);

  *replaced = FALSE;
  if (prover->move_value == NULL && !tafel_mill_placing_solvable (prover->tb, s))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The endgame tables do not hold every end of the placing from this "
                             "position: proving needs all of them, up to 9-9 "
                             "(tafel-cli mill-tables --max-stones 9)"));
      return FALSE;
    }
  if (entry->move.len > 0)
    {
      if (!move_value (prover, s, &entry->move, cancellable, value))
        return !g_cancellable_set_error_if_cancelled (cancellable, error);
      if (*value != TAFEL_VALUE_LOSS)
        return TRUE;
    }

  /* Lost, or no move yet: the other moves in the order a search of
   * their positions likes them, until one does not lose. */
  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelState child = { 0 };
      TafelMillSearchLimits limits = { .max_depth = 64, .max_nodes = prover->nodes, .threads = 1 };

      *TAFEL_MILL_STATE (&child) = *s;
      tafel_mill_apply (TAFEL_MILL_STATE (&child), &moves[i]);
      tafel_mill_searcher_clear (prover->searcher);
      order[i] = i;
      if (tafel_mill_searcher_run (prover->searcher, &child, NULL, &limits, NULL, cancellable,
                                   &results[i]))
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      /* no move: the other side has lost (taking a stone left it two) */
      results[i].score = -TAFEL_MILL_SCORE_WIN;
      results[i].depth = 0;
    }
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && results[order[j]].score < results[order[j - 1]].score; j--)
      {
        guint t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (guint i = 0; i < n; i++)
    {
      const TafelMove *m = &moves[order[i]];
      TafelValue v;

      if (tafel_move_equal (m, &entry->move))
        continue;
      if (!move_value (prover, s, m, cancellable, &v))
        return !g_cancellable_set_error_if_cancelled (cancellable, error);
      if (v != TAFEL_VALUE_LOSS)
        {
          set_entry (entry, m, &results[order[i]]);
          *value = v;
          *replaced = TRUE;
          return TRUE;
        }
    }
  if (entry->move.len == 0 && n > 0)
    {
      set_entry (entry, &moves[order[0]], &results[order[0]]);
      *value = TAFEL_VALUE_LOSS;
      *replaced = TRUE;
    }
  return TRUE;
}

/* The start of the header comment a proof of the moves at %u stones
 * writes. */
#define PROOF_NOTE "# Proven at %u stones placed"

/* A line to prove: its placements and, once proven, its new text. */
typedef struct {
  char *placed;
  char *line;
  TafelValue value;
  gboolean replaced;
  gboolean fresh;           /* a position the book does not hold: no move yet */
} Proof;

static void
clear_proof (gpointer data)
{
  Proof *proof = data;

  g_free (proof->placed);
  g_free (proof->line);
}

typedef struct {
  const TafelMillBook *book;
  const TafelMillBookProofPlan *plan;
  GArray *proofs;           /* of Proof */
  gint next;                /* atomic */
  guint done;               /* under lock */
  GMutex lock;
  GError *error;            /* the first, under lock */
  GCancellable *cancellable;
} ProofRun;

static const char *
value_word (TafelValue value)
{
  return value == TAFEL_VALUE_WIN ? "win" : value == TAFEL_VALUE_DRAW ? "draw" : "loss";
}

/* The book's line of the position @placed leads to (@state), with
 * @entry's move and its proven @value in a comment, and the move it
 * replaced (@before, may be NULL). */
static char *
proven_line (const char               *placed,
             const TafelState         *state,
             const TafelMillBookEntry *entry,
             TafelValue                value,
             const char               *before)
{
  g_autofree char *move = tafel_rules_format_move (&tafel_mill_rules, state, &entry->move);

  return g_strdup_printf ("%s%s: %s %d %u  # %s%s%s", placed, *placed != '\0' ? " " : "",
                          move, entry->score, MAX (entry->depth, 1u), value_word (value),
                          before != NULL ? ", not " : "", before != NULL ? before : "");
}

/* @proof's line after proving its move (giving a fresh position one);
 * NULL with @error set when the tables cannot, or when cancelled. */
static char *
prove_line (TafelMillBookProver *prover,
            ProofRun            *run,
            Proof               *proof,
            GError             **error)
{
  TafelState state;
  const TafelMillState *s = TAFEL_MILL_CSTATE (&state);
  TafelMillBookEntry entry = { { 0 }, 0, 0 };
  g_autofree char *before = NULL;

  if (!tafel_rules_parse_moves (&tafel_mill_rules, proof->placed, &state, NULL, NULL))
    g_return_val_if_reached (NULL);
  if (!proof->fresh)
    {
      if (!tafel_mill_book_lookup (run->book, s, &entry))
        g_return_val_if_reached (NULL);
      before = tafel_rules_format_move (&tafel_mill_rules, &state, &entry.move);
    }
  if (!tafel_mill_book_prove (prover, s, &entry, &proof->value, &proof->replaced,
                              run->cancellable, error))
    return NULL;
  return proven_line (proof->placed, &state, &entry, proof->value,
                      proof->replaced ? before : NULL);
}

static gpointer
prove_job (gpointer data)
{
  ProofRun *run = data;
  g_autoptr(TafelMillBookProver) prover = tafel_mill_book_prover_new (run->plan->tb,
                                                                        run->plan->table_bits,
                                                                        run->plan->nodes);
  g_autoptr(GError) error = NULL;

  if (prover == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                         _("There is not enough memory for the solver’s table"));
  while (error == NULL)
    {
      guint i = (guint) g_atomic_int_add (&run->next, 1);
      Proof *proof;
      char *line;

      if (i >= run->proofs->len)
        break;
      proof = &g_array_index (run->proofs, Proof, i);
      if (proof->line != NULL)
        continue;   /* proven before */
      line = prove_line (prover, run, proof, &error);
      if (line == NULL)
        break;

      g_mutex_lock (&run->lock);
      proof->line = line;
      run->done++;
      if (run->plan->progress != NULL)
        run->plan->progress (run->done, run->proofs->len, line, run->plan->nodes,
                             run->plan->user_data);
      g_mutex_unlock (&run->lock);
    }

  if (error != NULL)
    {
      g_mutex_lock (&run->lock);
      if (run->error == NULL)
        run->error = g_steal_pointer (&error);
      g_mutex_unlock (&run->lock);
      g_cancellable_cancel (run->cancellable);
    }
  return NULL;
}

/* The placements of the book line @line (its comment ignored) and the
 * stones they place into @stones; NULL for a line of no position (a
 * comment, a blank, the header). */
static char *
line_placements (const char *line,
                 TafelState *state,
                 int        *stones)
{
  g_autofree char *bare = g_strdup (line);
  char *hash = strchr (bare, '#');
  char *colon;
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);

  if (hash != NULL)
    *hash = '\0';
  colon = strchr (bare, ':');
  if (colon == NULL)
    return NULL;
  *colon = '\0';
  g_strstrip (bare);
  if (!tafel_rules_parse_moves (&tafel_mill_rules, bare, state, NULL, NULL))
    return NULL;
  *stones = 18 - s->hand[0] - s->hand[1];
  return g_steal_pointer (&bare);
}

/* The value and whether it replaced a move, read back from the comment
 * of a proven line (an earlier run's). */
static gboolean
read_proof (const char *line,
            Proof      *proof)
{
  const char *hash = strstr (line, "  # ");

  if (hash == NULL)
    return FALSE;
  hash += 4;
  proof->value = g_str_has_prefix (hash, "win") ? TAFEL_VALUE_WIN
                 : g_str_has_prefix (hash, "draw") ? TAFEL_VALUE_DRAW
                 : g_str_has_prefix (hash, "loss") ? TAFEL_VALUE_LOSS : TAFEL_VALUE_UNKNOWN;
  proof->replaced = strstr (hash, ", not ") != NULL;
  return proof->value != TAFEL_VALUE_UNKNOWN;
}

/* Whether @line (with its comment) is a line of a book like @scratch. */
static gboolean
book_line_valid (TafelMillBook *scratch,
                 const char    *line)
{
  g_autofree char *bare = g_strdup (line);
  char *hash = strchr (bare, '#');

  if (hash != NULL)
    *hash = '\0';
  return tafel_mill_book_add (scratch, g_strstrip (bare), NULL);
}

/* The proven line an earlier run left for the position @placed leads
 * to, with its value in @proof; NULL where there is none. */
static char *
made_proof (GHashTable    *made_lines,
            const char    *placed,
            guint64        nodes,
            TafelMillBook *scratch,
            Proof         *proof)
{
  const MadeLine *m = g_hash_table_lookup (made_lines, placed);

  if (m != NULL && m->nodes == nodes && g_utf8_validate (m->line, -1, NULL)
      && read_proof (m->line, proof) && book_line_valid (scratch, m->line))
    return g_strdup (m->line);
  return NULL;
}

static void
cancel_too (GCancellable *cancellable,
            gpointer      other)
{
  g_cancellable_cancel (other);
}

/* Proves every proof of @run without its line yet, @run->jobs at a
 * time; FALSE with @error set when one could not be proven (the others
 * are then stopped) or when cancelled. */
static gboolean
run_proofs (ProofRun  *run,
            GError   **error)
{
  g_autoptr(GCancellable) own = g_cancellable_new ();
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  GCancellable *outer = run->cancellable;
  gulong handler = 0;

  run->next = 0;
  run->done = 0;
  for (guint i = 0; i < run->proofs->len; i++)
    run->done += g_array_index (run->proofs, Proof, i).line != NULL;
  /* the jobs stop each other through their own cancellable */
  run->cancellable = own;
  if (outer != NULL)
    handler = g_cancellable_connect (outer, G_CALLBACK (cancel_too), own, NULL);
  g_mutex_init (&run->lock);
  for (guint j = 0; run->error == NULL && j < MIN (run->plan->jobs, run->proofs->len - run->done);
       j++)
    g_ptr_array_add (threads, g_thread_new ("tafel-mill-prove", prove_job, run));
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  g_mutex_clear (&run->lock);
  if (outer != NULL)
    g_cancellable_disconnect (outer, handler);
  run->cancellable = outer;

  if (run->error == NULL)
    g_cancellable_set_error_if_cancelled (outer, &run->error);
  if (run->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&run->error));
      return FALSE;
    }
  return TRUE;
}

/* The book's header line for @book's placements and @lines. */
static char *
header_line (const TafelMillBook *book,
             guint                lines)
{
  return g_strdup_printf ("%s %d %u %u", TAFEL_MILL_BOOK_MAGIC, TAFEL_MILL_BOOK_VERSION,
                          tafel_mill_book_placements (book), lines);
}

/* After the moves at @placed - 2 stones changed, or to go on beyond the
 * book's last stones, the book's lines at @placed stones in @text follow
 * them: a position they still reach keeps its line, one they no longer
 * reach goes, and a new one gets a move from the prover
 * (tafel_mill_book_prove () without a move), or from @made_lines where
 * an earlier run proved it.  The new lines go in place of the old ones
 * (after the others when there were none, the header then reaching
 * @placed), with a note of how many; NULL when cancelled. */
static char *
follow_lines (const char     *text,
              guint           placed,
              ProofRun       *run,
              GHashTable     *made_lines,
              TafelMillBook  *scratch,
              GError        **error)
{
  g_auto(GStrv) lines = g_strsplit_set (text, "\n", -1);
  guint book_lines = tafel_mill_book_lines (run->book);
  g_autoptr(TafelMillBook) partial = tafel_mill_book_new (tafel_mill_book_placements (run->book),
                                                          MAX (book_lines, placed));
  g_autoptr(GHashTable) old = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) positions = NULL;
  g_autoptr(GString) block = g_string_new (NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *note = g_strdup_printf (PROOF_NOTE, placed);
  guint to_prove = 0, fresh_lost = 0, next_fresh = 0;
  gboolean block_done = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      TafelState state;
      int stones = -1;
      g_autofree char *at = line_placements (lines[i], &state, &stones);

      if (at != NULL && stones == (int) placed)
        g_hash_table_insert (old, g_steal_pointer (&at), lines[i]);
      else if (at != NULL)
        book_line_valid (partial, lines[i]);
    }

  positions = tafel_mill_book_line_positions (partial, placed);
  for (guint i = 0; i < positions->len; i++)
    to_prove += !g_hash_table_contains (old, g_ptr_array_index (positions, i));
  /* the lines already followed the moves (an earlier run's output) */
  if (to_prove == 0 && positions->len == g_hash_table_size (old))
    return g_strdup (text);

  /* The new positions, proven together. */
  g_array_set_size (run->proofs, 0);
  for (guint i = 0; i < positions->len; i++)
    {
      const char *at = g_ptr_array_index (positions, i);
      Proof proof = { .placed = g_strdup (at), .fresh = TRUE };

      if (g_hash_table_contains (old, at))
        {
          g_free (proof.placed);
          continue;
        }
      proof.line = made_proof (made_lines, at, run->plan->nodes, scratch, &proof);
      g_array_append_val (run->proofs, proof);
    }
  if (!run_proofs (run, error))
    return NULL;
  for (guint i = 0; i < positions->len; i++)
    {
      const char *kept = g_hash_table_lookup (old, g_ptr_array_index (positions, i));
      const Proof *proof;

      if (kept != NULL)
        {
          g_string_append_printf (block, "%s\n", kept);
          continue;
        }
      proof = &g_array_index (run->proofs, Proof, next_fresh++);
      fresh_lost += proof->value == TAFEL_VALUE_LOSS;
      g_string_append_printf (block, "%s\n", proof->line);
    }

  for (guint i = 0; lines[i] != NULL; i++)
    {
      TafelState state;
      int stones = -1;
      g_autofree char *at = line_placements (lines[i], &state, &stones);

      if (at != NULL && stones == (int) placed)
        {
          if (!block_done)
            g_string_append (out, block->str);
          block_done = TRUE;
          continue;
        }
      if (!g_str_has_prefix (lines[i], TAFEL_MILL_BOOK_MAGIC " "))
        g_string_append (out, lines[i]);
      else if (placed > book_lines && g_hash_table_size (old) == 0)
        {
          g_autofree char *reaching = header_line (run->book, placed);

          g_string_append_printf (out,
                                  "%s: the %u positions the lines reach, each with the first move\n"
                                  "%s: that does not lose in the order searches of %" G_GUINT64_FORMAT
                                  " nodes like them;\n"
                                  "%s: %u lose whatever is played.\n%s",
                                  note, to_prove, note, run->plan->nodes, note, fresh_lost, reaching);
        }
      else
        g_string_append_printf (out,
                                "%s: %u new positions after the moves before changed, proven\n"
                                "%s: the same way; %u lose whatever is played.\n%s",
                                note, to_prove, note, fresh_lost, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  if (!block_done)
    {
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, block->str);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}
/* The book @out with its lines at @first, @first + @step, … up to @last
 * stones following the moves before them (follow_lines ()), checked
 * whole as the engine will read it back; @out is taken.  NULL with
 * @error set when cancelled or not whole. */
static char *
follow_on (GString        *out,
           guint           first,
           guint           last,
           guint           step,
           ProofRun       *run,
           GHashTable     *made_lines,
           TafelMillBook  *scratch,
           GError        **error)
{
  g_autoptr(GString) text = out;
  g_autoptr(TafelMillBook) whole = NULL;

  for (guint k = first; k <= last; k += step)
    {
      g_autofree char *followed = follow_lines (text->str, k, run, made_lines, scratch, error);

      if (followed == NULL)
        return NULL;
      g_string_assign (text, followed);
    }
  whole = tafel_mill_book_new_from_text (text->str, error);
  if (whole == NULL)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The lines of an earlier run in @made, by the position they are for. */
static GHashTable *
made_table (const char *const *made)
{
  GHashTable *made_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; made != NULL && made[i] != NULL; i++)
    {
      MadeLine m;
      char *position = made_position (made[i], &m);

      if (position != NULL)
        g_hash_table_replace (made_lines, position, g_memdup2 (&m, sizeof m));
    }
  return made_lines;
}

char *
tafel_mill_book_prove_text (const char                   *text,
                            guint                         placed,
                            const TafelMillBookProofPlan *plan,
                            GCancellable                 *cancellable,
                            GError                      **error)
{
  g_autoptr(TafelMillBook) book = NULL;
  g_autoptr(TafelMillBook) scratch = NULL;
  g_autoptr(GHashTable) made_lines = made_table (plan->made);
  g_autoptr(GArray) proofs = g_array_new (FALSE, TRUE, sizeof (Proof));
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *note = g_strdup_printf (PROOF_NOTE, placed);
  g_auto(GStrv) lines = NULL;
  g_autofree guint *proof_of = NULL;
  g_autofree char *unsolvable = NULL;   /* a position the tables cannot prove */
  ProofRun run = { 0 };
  guint kept = 0, replaced = 0, lost = 0;

  g_return_val_if_fail (text != NULL && plan != NULL && plan->tb != NULL, NULL);
  g_return_val_if_fail (plan->jobs > 0 && plan->nodes > 0, NULL);

  book = tafel_mill_book_new_from_text (text, error);
  if (book == NULL)
    return NULL;
  scratch = tafel_mill_book_new (tafel_mill_book_placements (book), tafel_mill_book_lines (book));

  /* The lines to prove: those of positions with @placed stones. */
  g_array_set_clear_func (proofs, clear_proof);
  lines = g_strsplit_set (text, "\n", -1);
  proof_of = g_new (guint, g_strv_length (lines) + 1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      TafelState state;
      Proof proof = { 0 };
      int stones = -1;

      proof_of[i] = G_MAXUINT;
      proof.placed = line_placements (lines[i], &state, &stones);
      if (proof.placed == NULL || stones != (int) placed)
        {
          g_free (proof.placed);
          continue;
        }
      proof.line = made_proof (made_lines, proof.placed, plan->nodes, scratch, &proof);
      proof_of[i] = proofs->len;
      g_array_append_val (proofs, proof);
      if (!provable (plan->tb, TAFEL_MILL_CSTATE (&state)) && unsolvable == NULL)
        unsolvable = g_strdup (proof.placed);
    }

  run = (ProofRun) { .book = book, .plan = plan, .proofs = proofs, .cancellable = cancellable };
  /* Tables that do not reach are said at once, not after hours. */
  if (unsolvable != NULL)
    run.error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                             /* Translators: %s are the placements leading to a position */
                             _("The endgame tables do not hold every end of the placing from “%s”: "
                               "proving needs all of them, up to 9-9 (tafel-cli mill-tables --max-stones 9)"),
                             unsolvable);
  if (!run_proofs (&run, error))
    return NULL;

  for (guint i = 0; i < proofs->len; i++)
    {
      const Proof *proof = &g_array_index (proofs, Proof, i);

      kept += proof->value != TAFEL_VALUE_LOSS && !proof->replaced;
      replaced += proof->replaced;
      lost += proof->value == TAFEL_VALUE_LOSS;
    }
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (proof_of[i] != G_MAXUINT)
        {
          const Proof *proof = &g_array_index (proofs, Proof, proof_of[i]);

          g_string_append (out, proof->line);
        }
      else if (g_str_has_prefix (lines[i], note))
        continue;   /* an earlier proof's of these moves */
      else
        {
          if (g_str_has_prefix (lines[i], TAFEL_MILL_BOOK_MAGIC " "))
            g_string_append_printf (out,
                                    "%s: the placing solver with the endgame tables\n"
                                    "%s: (tafel-cli mill-book --prove) kept %u moves, replaced %u\n"
                                    "%s: by one that does not lose; %u lose whatever is played.\n",
                                    note, note, kept, replaced, note, lost);
          g_string_append (out, lines[i]);
        }
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }

  /* Moves that changed lead to other positions along the lines. */
  return follow_on (g_steal_pointer (&out), placed + 2,
                    replaced > 0 ? tafel_mill_book_lines (book) : 0, 2, &run, made_lines, scratch,
                    error);
}

char *
tafel_mill_book_extend_text (const char                   *text,
                             guint                         lines,
                             const TafelMillBookProofPlan *plan,
                             GCancellable                 *cancellable,
                             GError                      **error)
{
  g_autoptr(TafelMillBook) book = NULL;
  g_autoptr(TafelMillBook) scratch = NULL;
  g_autoptr(GHashTable) made_lines = made_table (plan->made);
  g_autoptr(GArray) proofs = g_array_new (FALSE, TRUE, sizeof (Proof));
  g_autoptr(GString) out = g_string_new (text);
  ProofRun run = { 0 };

  g_return_val_if_fail (text != NULL && plan != NULL && plan->tb != NULL, NULL);
  g_return_val_if_fail (plan->jobs > 0 && plan->nodes > 0, NULL);
  g_return_val_if_fail (lines <= TAFEL_MILL_BOOK_MAX_LINES, NULL);

  book = tafel_mill_book_new_from_text (text, error);
  if (book == NULL)
    return NULL;
  scratch = tafel_mill_book_new (tafel_mill_book_placements (book),
                                 MAX (lines, tafel_mill_book_lines (book)));
  g_array_set_clear_func (proofs, clear_proof);
  run = (ProofRun) { .book = book, .plan = plan, .proofs = proofs, .cancellable = cancellable };
  return follow_on (g_steal_pointer (&out), tafel_mill_book_lines (book) + 1, lines, 1, &run,
                    made_lines, scratch, error);
}
