/* tafel-cli-engine.c: tafel-cli engine — a UCI-like line protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads commands from standard input, one per line, and answers on
 * standard output, so that a referee can play Tafel's engines against
 * other programs.  The commands (see README, "Engine protocol"):
 *
 *   uci | isready | ucinewgame
 *   setoption name Threads value N          (Mill: threads searching together)
 *   setoption name OwnBook value 0|1        (Mill: the opening book; 1 by default)
 *   setoption name WEIGHT value N           (Mill: an evaluation weight, for tuning)
 *   position startpos [moves M1 M2 …]
 *   position fen FEN [moves M1 M2 …]        (Mill)
 *   go [movetime MS | depth N | nodes N | level LEVEL]
 *   stop | quit
 *
 * The search runs on a worker thread with a GCancellable, so that stop
 * (and isready) are answered while it thinks.  A line that cannot be
 * understood is answered with "info string error: …" and changes
 * nothing; the engine never exits on bad input.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tafel-cli.h"
#include "tafel-cli-input.h"
#include "tafel-cli-protocol.h"
#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill-search.h"

/* Longer lines are refused as a whole. */
/* Echoed parts of bad lines are cut to this many characters. */
#define SNIPPET_CHARS 40
/* Mill's transposition table: 2^22 entries, 64 MiB. */
#define MILL_TT_BITS 22

typedef struct {
  const TafelRules *rules;
  TafelState state;            /* the last good position */
  GArray *hashes;              /* the positions before it */
  GRand *rand;
  GMutex out_lock;
  GThread *worker;
  GCancellable *cancellable;
  TafelMillSearcher *mill;     /* Mill: the table kept between moves */
  guint threads;               /* Mill: threads searching together */
  gboolean own_book;           /* Mill: searches by time play the opening book */
  TafelPlayer *player;         /* go level: the game's player, kept likewise */
} Engine;

typedef struct {
  Engine *engine;
  TafelState state;
  GArray *hashes;
  gboolean by_level;
  TafelLevel level;
  gint64 movetime_us;          /* 0: no time limit */
  guint depth;                 /* Mill: the last iteration */
  guint64 nodes;               /* Mill: the node budget; 0 = none */
} Job;

static void
say (Engine     *engine,
     const char *format,
     ...) G_GNUC_PRINTF (2, 3);

static void
say (Engine     *engine,
     const char *format,
     ...)
{
  va_list args;

  g_mutex_lock (&engine->out_lock);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
  g_mutex_unlock (&engine->out_lock);
}

static void
say_error (Engine     *engine,
           const char *message,
           const char *snippet,
           gsize       snippet_len)
{
  if (snippet != NULL)
    {
      g_autofree char *safe = tafel_text_escape (snippet, MIN (snippet_len, SNIPPET_CHARS));

      say (engine, "info string error: %s: %s", message, safe);
    }
  else
    {
      g_autofree char *safe = tafel_text_escape (message, 3 * SNIPPET_CHARS);

      say (engine, "info string error: %s", safe);
    }
}

/* ---- the search ---- */

static void
mill_progress (const TafelMillSearchResult *result,
               gpointer                     data)
{
  Job *job = data;
  const TafelRules *rules = job->engine->rules;
  g_autoptr(GString) pv = g_string_new (NULL);
  g_autofree char *score = NULL;
  TafelState state = job->state;
  guint64 nps = result->elapsed_us > 0 ? result->nodes * G_USEC_PER_SEC / result->elapsed_us : 0;

  if (result->proven)
    score = g_strdup_printf ("mate %d", result->score > 0 ? result->plies : -result->plies);
  else
    score = g_strdup_printf ("cp %d", result->score);

  /* The expected line; the best move alone when the table lost it. */
  for (guint i = 0; i < MAX (result->pv_len, 1); i++)
    {
      const TafelMove *move = result->pv_len > 0 ? &result->pv[i] : &result->best;
      g_autofree char *text = tafel_rules_format_move (rules, &state, move);
      TafelUndo undo;

      g_string_append_printf (pv, "%s%s", i > 0 ? " " : "", text);
      rules->make (&state, move, &undo);
    }

  say (job->engine, "info depth %u score %s nodes %" G_GUINT64_FORMAT
       " nps %" G_GUINT64_FORMAT " time %" G_GINT64_FORMAT " pv %s",
       result->depth, score, result->nodes, nps,
       result->elapsed_us / 1000, pv->str);
}

static gpointer
search_thread (gpointer data)
{
  Job *job = data;
  Engine *engine = job->engine;
  const TafelRules *rules = engine->rules;
  TafelHistory history = { (const guint64 *) job->hashes->data, job->hashes->len };
  TafelMove move = { 0 };
  gboolean found;

  if (job->by_level || rules->game != TAFEL_GAME_MILL)
    {
      /* The solved games play perfectly whatever the time. */
      found = rules->choose_move (engine->player, &job->state, &history,
                                  job->by_level ? job->level : TAFEL_LEVEL_IMPOSSIBLE,
                                  engine->rand, engine->cancellable, &move);
    }
  else
    {
      TafelMillSearchLimits limits = {
        .max_depth = job->depth,
        .budget_us = job->movetime_us,
        .max_nodes = job->nodes,
        .threads = engine->threads,
        .flags = (engine->own_book && job->movetime_us > 0 ? TAFEL_MILL_SEARCH_BOOK : 0)
                 | TAFEL_MILL_SEARCH_SOLVE_PLACING,
        .progress = mill_progress,
        .progress_data = job,
      };
      TafelMillSearchResult result;

      tafel_mill_searcher_run (engine->mill, &job->state, &history, &limits,
                               engine->rand, engine->cancellable, &result);
      if (result.solved_moves > 0)
        say (engine, "info string solved %s moves %u lost %u nodes %" G_GUINT64_FORMAT,
             result.solved != TAFEL_VALUE_UNKNOWN ? tafel_cli_value_name (result.solved) : "unknown",
             result.solved_moves, result.lost_moves, result.solver_nodes);
      move = result.best;
      found = move.len > 0;
    }

  if (!found)
    {
      /* Stopped before any choice: still a legal move. */
      TafelMove *moves = g_new (TafelMove, TAFEL_MAX_MOVES);

      if (rules->legal_moves (&job->state, moves) > 0)
        move = moves[0];
      g_free (moves);
    }

  {
    g_autofree char *text = tafel_rules_format_move (rules, &job->state, &move);

    say (engine, "bestmove %s", text);
  }

  g_array_unref (job->hashes);
  g_free (job);
  return NULL;
}

/* Waits for a running search to end; with @stop, asks it to end now. */
static void
finish_search (Engine   *engine,
               gboolean  stop)
{
  if (engine->worker == NULL)
    return;
  if (stop)
    g_cancellable_cancel (engine->cancellable);
  g_thread_join (engine->worker);
  engine->worker = NULL;
  g_clear_object (&engine->cancellable);
}

static void
go (Engine  *engine,
    char   **words)
{
  Job *job;
  TafelHistory history = { (const guint64 *) engine->hashes->data, engine->hashes->len };
  TafelOutcome outcome;
  TafelCliGo asked;
  g_autoptr(GError) error = NULL;

  if (!tafel_cli_protocol_go (words, &asked, &error))
    {
      say_error (engine, error->message, NULL, 0);
      return;
    }

  engine->rules->outcome (&engine->state, &history, &outcome);
  if (outcome.status != TAFEL_STATUS_RUNNING)
    {
      say (engine, "bestmove (none)");
      return;
    }

  job = g_new0 (Job, 1);
  job->engine = engine;
  job->state = engine->state;
  job->hashes = g_array_copy (engine->hashes);
  job->by_level = asked.by_level;
  job->level = asked.level;
  job->movetime_us = asked.movetime_ms * 1000;
  job->depth = asked.depth;
  job->nodes = asked.nodes;
  engine->cancellable = g_cancellable_new ();
  engine->worker = g_thread_new ("tafel-engine-search", search_thread, job);
}

/* ---- position ---- */

static void
position (Engine  *engine,
          char   **words)
{
  g_autoptr(GError) error = NULL;

  if (!tafel_cli_protocol_position (engine->rules, words, &engine->state, engine->hashes, &error))
    say_error (engine, error->message, NULL, 0);
}

/* setoption name NAME value N: Mill's threads (1 to 8), its opening book
 * (OwnBook 0 or 1), or one of its evaluation weights, for tuning. */
static void
setoption (Engine  *engine,
           char   **words)
{
  g_autoptr(GError) error = NULL;
  TafelCliOption option;

  if (!tafel_cli_protocol_setoption (words, &option, &error))
    say_error (engine, error->message, NULL, 0);
  else if (engine->rules->game != TAFEL_GAME_MILL)
    say_error (engine, "only Mill has options", option.name, strlen (option.name));
  else if (option.threads)
    engine->threads = (guint) option.value;
  else if (g_ascii_strcasecmp (option.name, "OwnBook") == 0)
    engine->own_book = option.value != 0;
  else if (!tafel_mill_search_set_weight (option.name, option.value))
    say_error (engine, "unknown option", option.name, strlen (option.name));
}

/* ---- the loop ---- */

/* Handles one line; returns FALSE on quit. */

/* Whether the data the engine plays best with was found: a match run
 * from the build tree without it measures a weaker engine. */
static void
announce_tables (Engine *engine)
{
  TafelDataFile *const *files = engine->rules->data_files;

  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    {
      gconstpointer data = tafel_data_file_get (files[i]);
      g_autofree char *what = NULL;

      if (data == NULL)
        {
          say (engine, "info string no %s (set %s or install Tafel)", files[i]->name, files[i]->env);
          continue;
        }
      what = files[i]->describe != NULL ? files[i]->describe (data) : NULL;
      if (what != NULL)
        say (engine, "info string %s loaded: %s", files[i]->name, what);
      else
        say (engine, "info string %s loaded", files[i]->name);
    }
}

static gboolean
command (Engine     *engine,
         const char *line,
         gsize       len)
{
  g_auto(GStrv) words = NULL;
  const char *name;

  words = tafel_cli_protocol_words (line);
  name = words[0];
  if (name == NULL)
    return TRUE;

  if (strcmp (name, "isready") == 0)
    {
      say (engine, "readyok");
      return TRUE;
    }
  if (strcmp (name, "stop") == 0)
    {
      finish_search (engine, TRUE);
      return TRUE;
    }
  if (strcmp (name, "quit") == 0)
    {
      finish_search (engine, TRUE);
      return FALSE;
    }

  /* Everything else waits for the search in progress. */
  finish_search (engine, FALSE);

  if (strcmp (name, "uci") == 0)
    {
      say (engine, "id name Tafel %s", PACKAGE_VERSION);
      say (engine, "id author the Tafel authors");
      announce_tables (engine);
      say (engine, "uciok");
    }
  else if (strcmp (name, "ucinewgame") == 0)
    {
      engine->rules->init (&engine->state);
      g_array_set_size (engine->hashes, 0);
      if (engine->mill != NULL)
        tafel_mill_searcher_clear (engine->mill);
      /* A new game forgets what the last one taught. */
      tafel_player_free (engine->player);
      engine->player = tafel_player_new (engine->rules);
    }
  else if (strcmp (name, "setoption") == 0)
    setoption (engine, words);
  else if (strcmp (name, "position") == 0)
    position (engine, words);
  else if (strcmp (name, "go") == 0)
    go (engine, words);
  else
    say_error (engine, "unknown command", name, strlen (name));

  return TRUE;
}

int
tafel_cli_engine (int    argc,
                  char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *variant = NULL;
  gint64 seed = -1;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— play by a UCI-like protocol on standard input"));
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game (default: infinity)"), N_("GAME") },
    TAFEL_CLI_VARIANT_OPTION (variant),
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random choices (default: random)"), N_("N") },
    { NULL }
  };
  Engine engine = { 0 };
  TafelCliInput input;
  const char *line;
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Reads commands (uci, isready, position, go, stop, quit) from standard input\n"
      "and answers with bestmove lines; see README, “Engine protocol”."));
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if (argc > 1)
    return tafel_cli_fail (_("engine reads its commands from standard input only"));
  if ((engine.rules = tafel_cli_find_game (game, variant)) == NULL)
    return TAFEL_CLI_EXIT_ERROR;

  engine.rules->init (&engine.state);
  engine.hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  engine.rand = seed >= 0 ? g_rand_new_with_seed ((guint32) seed) : g_rand_new ();
  g_mutex_init (&engine.out_lock);
  if (engine.rules->game == TAFEL_GAME_MILL)
    engine.mill = tafel_mill_searcher_new (MILL_TT_BITS);
  engine.threads = 1;
  engine.own_book = TRUE;
  engine.player = tafel_player_new (engine.rules);

  /* The lines come through the command line's one reader: a line too
   * long, with a NUL byte or not UTF-8 is refused there. */
  tafel_cli_input_init (&input, stdin);
  while (tafel_cli_input_next (&input, &line, &error))
    {
      if (line == NULL)
        {
          say_error (&engine, error->message, NULL, 0);
          g_clear_error (&error);
          continue;
        }
      if (!command (&engine, line, strlen (line)))
        break;
    }
  tafel_cli_input_clear (&input);

  /* At the end of the input a search in progress still answers. */
  finish_search (&engine, FALSE);
  g_array_unref (engine.hashes);
  g_rand_free (engine.rand);
  tafel_mill_searcher_free (engine.mill);
  tafel_player_free (engine.player);
  g_mutex_clear (&engine.out_lock);

  return 0;
}
