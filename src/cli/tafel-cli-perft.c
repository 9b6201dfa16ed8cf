/* tafel-cli-perft.c: tafel-cli perft — count move sequences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "tafel-cli.h"
#include "tafel-json.h"

static guint64
perft (const TafelRules *rules,
       TafelState       *state,
       guint             depth)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint64 nodes = 0;
  guint n;

  if (depth == 0)
    return 1;

  n = rules->legal_moves (state, moves);
  if (depth == 1)
    return n;

  for (guint i = 0; i < n; i++)
    {
      TafelUndo undo;

      rules->make (state, &moves[i], &undo);
      nodes += perft (rules, state, depth - 1);
      rules->unmake (state, &moves[i], &undo);
    }

  return nodes;
}

int
tafel_cli_perft (int    argc,
                 char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *fen = NULL;
  int depth = -1;
  g_autoptr(GOptionContext) context = g_option_context_new (_("— count move sequences"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game (default: infinity)"), N_("GAME") },
    TAFEL_CLI_VARIANT_OPTION (variant),
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Number of moves"), N_("N") },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves, N_("The moves played from the start"), N_("MOVES") },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("A position in FEN (Mill)"), N_("FEN") },
    { NULL }
  };
  TafelJson json = TAFEL_JSON_INIT;
  const TafelRules *rules;
  TafelState state;
  guint64 nodes;
  gint64 start;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if ((rules = tafel_cli_find_game (game, variant)) == NULL)
    return TAFEL_CLI_EXIT_ERROR;
  if (depth < 0 || depth > 64)
    return tafel_cli_fail (_("--depth must be given, from 0 to 64"));
  if (!tafel_cli_position (rules, moves, fen, &state, NULL, &error))
    return tafel_cli_fail ("%s", error->message);

  start = g_get_monotonic_time ();
  if (rules->perft != NULL)
    nodes = rules->perft (&state, depth);
  else
    nodes = perft (rules, &state, depth);

  tafel_json_begin_object (&json);
  tafel_json_member_int (&json, "depth", depth);
  tafel_json_member_int (&json, "nodes", nodes);
  tafel_json_member_int (&json, "time_ms", (g_get_monotonic_time () - start) / 1000);
  tafel_json_end_object (&json);
  puts (tafel_json_finish (&json));
  tafel_json_clear (&json);

  return 0;
}
