/* fuzz-engine-protocol.c: the engine protocol's commands on any bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the game, the rest is one command line as the
 * engine would take it (the line reader has refused NUL bytes and bytes
 * that are not UTF-8 before).  A position command either gives a
 * position the rules reach from the start or the FEN, with one hash per
 * position played through, or fails with a UTF-8 message without a
 * control character and leaves the last position as it was; a go
 * command gives limits in range or fails the same way, and so does a
 * setoption command (its name one of the line's words).
 */
#include "config.h"

#include <string.h>

#include "tafel-cli-protocol.h"
#include "tafel-error.h"
#include "tafel-mill-search.h"
#include "fuzz-rules.h"

int LLVMFuzzerTestOneInput (const unsigned char *data,
                            size_t               size);

static void
check_message (const char *message)
{
  g_assert (g_utf8_validate (message, -1, NULL));
  for (const char *p = message; *p != '\0'; p++)
    g_assert ((guchar) *p >= 0x20 && *p != 0x7f);
}

int
LLVMFuzzerTestOneInput (const unsigned char *data,
                        size_t               size)
{
  const TafelRules *rules;
  g_autofree char *line = NULL;
  g_auto(GStrv) words = NULL;
  g_autoptr(GArray) hashes = NULL;
  g_autoptr(GError) error = NULL;
  TafelState state, before;

  if (size < 1)
    return 0;
  rules = fuzz_rules (data[0]);
  line = g_strndup ((const char *) data + 1, size - 1);
  if (!g_utf8_validate (line, -1, NULL))
    return 0;

  words = tafel_cli_protocol_words (line);
  for (guint i = 0; words[i] != NULL; i++)
    g_assert (words[i][0] != '\0' && strpbrk (words[i], " \t\r") == NULL);
  if (words[0] == NULL)
    return 0;

  hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  rules->init (&state);
  before = state;

  if (strcmp (words[0], "position") == 0)
    {
      if (tafel_cli_protocol_position (rules, words, &state, hashes, &error))
        {
          TafelMove moves[TAFEL_MAX_MOVES];

          g_assert (error == NULL);
          g_assert (hashes->len == rules->ply (&state) || rules->parse_position != NULL);
          /* A position the rules can go on from. */
          rules->legal_moves (&state, moves);
        }
      else
        {
          g_assert (error != NULL && error->domain == TAFEL_ERROR);
          check_message (error->message);
          g_assert (memcmp (&state, &before, sizeof state) == 0);
          g_assert (hashes->len == 0);
        }
    }
  else if (strcmp (words[0], "go") == 0)
    {
      TafelCliGo go;

      if (tafel_cli_protocol_go (words, &go, &error))
        {
          g_assert (go.movetime_ms >= 0 && go.movetime_ms <= TAFEL_CLI_MOVETIME_MAX_MS);
          g_assert (go.depth >= 1 && go.depth <= 64);
          g_assert (go.nodes <= TAFEL_CLI_NODES_MAX);
          g_assert ((guint) go.level < TAFEL_N_LEVELS);
        }
      else
        check_message (error->message);
    }
  else if (strcmp (words[0], "setoption") == 0)
    {
      TafelCliOption option;

      if (tafel_cli_protocol_setoption (words, &option, &error))
        {
          g_assert (option.name == words[2]);
          g_assert (option.threads ? option.value >= 1 && option.value <= TAFEL_MILL_MAX_THREADS
                                   : option.value >= -10000 && option.value <= 10000);
        }
      else
        check_message (error->message);
    }

  return 0;
}
