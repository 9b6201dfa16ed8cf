/* fuzz-moves.c: libFuzzer target for the move-list parsers of all games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the game (its value modulo 4: '0' Infinity,
 * '1' Tic-Tac-Toe, '2' Connect Four, '3' Mill); the rest is a move list
 * given to tafel_rules_parse_moves ().  Besides crashes, leaks and
 * undefined behaviour, the target aborts when:
 *  - a failure is not a TAFEL_ERROR (parse, illegal move, game over) with
 *    a valid UTF-8 message;
 *  - a success is not reproduced move by move (parse_move, is_legal, make)
 *    with the same state and the same history of hashes, or a move it
 *    read is not among the legal moves, or a position before the end is
 *    already over;
 *  - the game written out again (format_move) does not parse to the same
 *    state and hashes, or writing that again gives other text;
 *  - unmaking every move does not lead back to the start, byte for byte.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "fuzz-rules.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-moves: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

#define MAX_PLIES 4096

typedef struct {
  TafelState states[MAX_PLIES + 1];
  TafelMove moves[MAX_PLIES];
  TafelUndo undos[MAX_PLIES];
  guint64 hashes[MAX_PLIES];
  TafelMove legal[TAFEL_MAX_MOVES];
} Game;

/* Plays @text move by move as a person would read it; returns the number
 * of moves (every one must be legal: the caller knows the text parses). */
static guint
replay (const TafelRules *rules,
        const char       *text,
        Game             *g)
{
  const char *cursor = text;
  guint n = 0;

  rules->init (&g->states[0]);
  for (;;)
    {
      TafelHistory history = { g->hashes, n };
      TafelOutcome outcome;
      guint n_legal;
      gboolean found = FALSE;

      while (*cursor == ' ' || *cursor == '\t')
        cursor++;
      if (*cursor == '\0')
        return n;

      REQUIRE (n < MAX_PLIES);
      REQUIRE (rules->parse_move (&g->states[n], &cursor, &g->moves[n], NULL));
      REQUIRE (g->moves[n].len >= 1 && g->moves[n].len <= TAFEL_MAX_PATH);

      rules->outcome (&g->states[n], &history, &outcome);
      REQUIRE (outcome.status == TAFEL_STATUS_RUNNING);

      n_legal = rules->legal_moves (&g->states[n], g->legal);
      REQUIRE (n_legal <= TAFEL_MAX_MOVES);
      for (guint i = 0; i < n_legal; i++)
        found = found || tafel_move_equal (&g->legal[i], &g->moves[n]);
      REQUIRE (found);
      REQUIRE (tafel_rules_is_legal (rules, &g->states[n], &g->moves[n]));

      g->hashes[n] = rules->hash (&g->states[n]);
      g->states[n + 1] = g->states[n];
      rules->make (&g->states[n + 1], &g->moves[n], &g->undos[n]);
      REQUIRE (rules->ply (&g->states[n + 1]) == rules->ply (&g->states[n]) + 1);
      REQUIRE (rules->side_to_move (&g->states[n + 1]) != rules->side_to_move (&g->states[n]));
      n++;
    }
}

static char *
write_game (const TafelRules *rules,
            const Game       *g,
            guint             n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && rules->moves_separated)
        g_string_append_c (out, ' ');
      rules->format_move (&g->states[i], &g->moves[i], out);
    }
  return g_string_free (out, FALSE);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static Game *g, *again;
  const TafelRules *rules;
  g_autofree char *text = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  g_autoptr(GArray) hashes = NULL;
  g_autoptr(GArray) hashes2 = NULL;
  g_autoptr(GError) error = NULL;
  TafelState state, state2, start;
  guint n;

  if (size < 1)
    return 0;
  if (g == NULL)
    {
      g = g_new0 (Game, 1);
      again = g_new0 (Game, 1);
    }

  rules = fuzz_rules (data[0]);
  text = g_strndup ((const char *) data + 1, size - 1);
  hashes = g_array_new (FALSE, FALSE, sizeof (guint64));

  if (!tafel_rules_parse_moves (rules, text, &state, hashes, &error))
    {
      REQUIRE (error != NULL && error->domain == TAFEL_ERROR);
      REQUIRE (error->code == TAFEL_ERROR_PARSE
               || error->code == TAFEL_ERROR_ILLEGAL_MOVE
               || error->code == TAFEL_ERROR_GAME_OVER);
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  REQUIRE (error == NULL);

  /* Move by move, the same game. */
  n = replay (rules, text, g);
  REQUIRE (hashes->len == n);
  REQUIRE (n == 0 || memcmp (hashes->data, g->hashes, n * sizeof (guint64)) == 0);
  REQUIRE (memcmp (&state, &g->states[n], sizeof state) == 0);
  REQUIRE (rules->ply (&state) == n);

  /* Written out, it parses to the same game, and writes the same again. */
  written = write_game (rules, g, n);
  hashes2 = g_array_new (FALSE, FALSE, sizeof (guint64));
  if (!tafel_rules_parse_moves (rules, written, &state2, hashes2, &error))
    {
      g_printerr ("fuzz-moves: “%s” does not parse: %s\n", written, error->message);
      abort ();
    }
  REQUIRE (memcmp (&state, &state2, sizeof state) == 0);
  REQUIRE (hashes2->len == n);
  REQUIRE (n == 0 || memcmp (hashes->data, hashes2->data, n * sizeof (guint64)) == 0);
  REQUIRE (replay (rules, written, again) == n);
  rewritten = write_game (rules, again, n);
  REQUIRE (strcmp (written, rewritten) == 0);

  /* Unmaking every move goes back through every position to the start. */
  rules->init (&start);
  state2 = state;
  for (guint i = n; i-- > 0;)
    {
      rules->unmake (&state2, &g->moves[i], &g->undos[i]);
      REQUIRE (memcmp (&state2, &g->states[i], sizeof state2) == 0);
      REQUIRE (rules->hash (&state2) == g->hashes[i]);
    }
  REQUIRE (memcmp (&state2, &start, sizeof start) == 0);

  return 0;
}
