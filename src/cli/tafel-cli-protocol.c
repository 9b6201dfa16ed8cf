/* tafel-cli-protocol.c: reading the engine protocol's commands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What `tafel-cli engine` reads from a line, apart from what it does with
 * it: the words of a command, a position (position startpos|fen … [moves
 * …]) and the limits of a search (go movetime MS | depth N | nodes N | level L).
 * Nothing here prints or searches, so the fuzz runner drives it on any
 * bytes.  The messages are the protocol's, in English as UCI's are, and
 * quote what came in escaped and shortened.
 */
#include "config.h"

#include <string.h>

#include "tafel-cli-protocol.h"
#include "tafel-error.h"
#include "tafel-mill-search.h"

/* How much of a word a message quotes. */
#define WORD_MAX 40

static gboolean
fail (GError    **error,
      const char *what,
      const char *word)
{
  if (word != NULL)
    {
      g_autofree char *shown = tafel_text_escape (word, WORD_MAX);

      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_INPUT, "%s: %s", what, shown);
    }
  else
    g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_INPUT, what);
  return FALSE;
}

/* The words of @line between blanks (spaces, tabs, carriage returns). */
char **
tafel_cli_protocol_words (const char *line)
{
  char **words;
  guint k = 0;

  g_return_val_if_fail (line != NULL, NULL);

  words = g_strsplit_set (line, " \t\r", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      words[k++] = words[i];
    else
      g_free (words[i]);
  words[k] = NULL;

  return words;
}

/**
 * tafel_cli_protocol_position:
 * @words: a position command's words, "position" first
 * @state: (out): the position
 * @hashes: (out): the positions before it, for repetition rules
 *
 * Returns: %TRUE with the position, %FALSE (and nothing set) when the
 *   command is malformed or a move is illegal
 */
gboolean
tafel_cli_protocol_position (const TafelRules  *rules,
                             char             **words,
                             TafelState        *state,
                             GArray            *hashes,
                             GError           **error)
{
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (guint64));
  TafelState reached;
  guint i = 2;

  g_return_val_if_fail (rules != NULL && words != NULL && words[0] != NULL, FALSE);

  if (words[1] == NULL)
    return fail (error, "position needs startpos or fen", NULL);

  if (strcmp (words[1], "startpos") == 0)
    rules->init (&reached);
  else if (strcmp (words[1], "fen") == 0)
    {
      g_autoptr(GString) fen = g_string_new (NULL);

      if (rules->parse_position == NULL)
        return fail (error, "this game has no FEN; use startpos", NULL);
      for (; words[i] != NULL && strcmp (words[i], "moves") != 0; i++)
        {
          if (fen->len > 0)
            g_string_append_c (fen, ' ');
          g_string_append (fen, words[i]);
        }
      if (!rules->parse_position (fen->str, &reached, error))
        return FALSE;
    }
  else
    return fail (error, "position needs startpos or fen", words[1]);

  if (words[i] != NULL)
    {
      if (strcmp (words[i], "moves") != 0)
        return fail (error, "expected moves", words[i]);
      /* One move per word; the games whose move lists have no blanks
       * read the words joined. */
      for (i++; words[i] != NULL; i++)
        {
          if (moves->len > 0 && rules->moves_separated)
            g_string_append_c (moves, ' ');
          g_string_append (moves, words[i]);
        }
    }

  if (!tafel_rules_play_moves (rules, moves->str, &reached, played, error))
    return FALSE;

  *state = reached;
  g_array_set_size (hashes, 0);
  g_array_append_vals (hashes, played->data, played->len);
  return TRUE;
}

/**
 * tafel_cli_protocol_go:
 * @words: a go command's words, "go" first
 * @go: (out): the search asked for (one second by default)
 *
 * Returns: %TRUE with the limits, %FALSE when a word is not understood
 */
gboolean
tafel_cli_protocol_go (char       **words,
                       TafelCliGo  *go,
                       GError     **error)
{
  TafelCliGo asked = { FALSE, TAFEL_LEVEL_IMPOSSIBLE, 1000, 64, 0 };

  g_return_val_if_fail (words != NULL && words[0] != NULL, FALSE);

  for (guint i = 1; words[i] != NULL; i += 2)
    {
      const char *value = words[i + 1];
      guint64 number;

      if (strcmp (words[i], "movetime") == 0 && value != NULL)
        {
          if (!g_ascii_string_to_unsigned (value, 10, 1, TAFEL_CLI_MOVETIME_MAX_MS, &number, NULL))
            return fail (error, "movetime is a number of milliseconds", value);
          asked.movetime_ms = number;
          asked.by_level = FALSE;
        }
      else if (strcmp (words[i], "depth") == 0 && value != NULL)
        {
          if (!g_ascii_string_to_unsigned (value, 10, 1, 64, &number, NULL))
            return fail (error, "depth is a number from 1 to 64", value);
          asked.depth = number;
          asked.movetime_ms = 0;
          asked.by_level = FALSE;
        }
      else if (strcmp (words[i], "nodes") == 0 && value != NULL)
        {
          if (!g_ascii_string_to_unsigned (value, 10, 1, TAFEL_CLI_NODES_MAX, &number, NULL))
            return fail (error, "nodes is a number from 1 to 10^12", value);
          asked.nodes = number;
          asked.movetime_ms = 0;
          asked.by_level = FALSE;
        }
      else if (strcmp (words[i], "level") == 0 && value != NULL)
        {
          if (!tafel_level_from_key (value, &asked.level))
            return fail (error, "level is relaxed, medium, hard or impossible", value);
          asked.by_level = TRUE;
        }
      else
        return fail (error, "go takes movetime MS, depth N, nodes N or level LEVEL", words[i]);
    }

  *go = asked;
  return TRUE;
}

/**
 * tafel_cli_protocol_setoption:
 * @words: a setoption command's words, "setoption" first
 * @option: (out): the option's name (pointing into @words) and value
 *
 * "setoption name NAME value N": Threads from 1 to
 * TAFEL_MILL_MAX_THREADS, any other name (a weight, which the search
 * knows or not) from -10000 to 10000.
 *
 * Returns: %TRUE with the option, %FALSE when the command is malformed
 *   or the value out of range
 */
gboolean
tafel_cli_protocol_setoption (char           **words,
                              TafelCliOption  *option,
                              GError         **error)
{
  gboolean threads;
  gint64 value;

  g_return_val_if_fail (words != NULL && words[0] != NULL, FALSE);

  if (g_strv_length (words) != 5 || strcmp (words[1], "name") != 0
      || strcmp (words[3], "value") != 0)
    return fail (error, "setoption name NAME value N", NULL);

  threads = g_ascii_strcasecmp (words[2], "Threads") == 0;
  if (threads && !g_ascii_string_to_signed (words[4], 10, 1, TAFEL_MILL_MAX_THREADS, &value, NULL))
    return fail (error, "Threads is a number from 1 to 8", words[4]);
  if (!threads && !g_ascii_string_to_signed (words[4], 10, -10000, 10000, &value, NULL))
    return fail (error, "a weight is a number from -10000 to 10000", words[4]);

  option->name = words[2];
  option->value = (int) value;
  option->threads = threads;
  return TRUE;
}
