/* tafel-cli-review.c: tafel-cli review — every move of a game judged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tafel-cli.h"
#include "tafel-error.h"
#include "tafel-json.h"
#include "tafel-review.h"

static void
json_entry (TafelJson   *json,
            TafelReview *review,
            guint        index)
{
  const TafelRules *rules = tafel_review_get_rules (review);
  const TafelState *state = tafel_review_get_state (review, index);
  const TafelReviewEntry *e = tafel_review_get_entry (review, index);
  g_autofree char *move = tafel_rules_format_move (rules, state, &e->move);
  const TafelMove *best;
  guint n_best;

  tafel_json_begin_object (json);
  tafel_json_member_int (json, "ply", index + 1);
  tafel_json_member_string (json, "move", move);
  tafel_json_member_string (json, "side", tafel_cli_side_name (rules, e->side));
  if (tafel_cli_value_name (e->before) != NULL)
    tafel_json_member_string (json, "before", tafel_cli_value_name (e->before));
  if (tafel_cli_value_name (e->after) != NULL)
    tafel_json_member_string (json, "after", tafel_cli_value_name (e->after));
  if (e->plies_before >= 0)
    tafel_json_member_int (json, "plies_before", e->plies_before);
  if (e->plies_after >= 0)
    tafel_json_member_int (json, "plies_after", e->plies_after);
  if (e->has_eval)
    {
      tafel_json_member_int (json, "eval_before", e->eval_before);
      tafel_json_member_int (json, "eval_after", e->eval_after);
    }
  tafel_json_member_string (json, "verdict", tafel_verdict_to_key (e->verdict));

  best = tafel_review_get_best (review, index, &n_best);
  tafel_json_key (json, "best_moves");
  tafel_cli_json_moves (json, rules, state, best, n_best, TRUE);
  tafel_json_end_object (json);
}

static void
json_summary (TafelJson   *json,
              TafelReview *review)
{
  const TafelRules *rules = tafel_review_get_rules (review);

  tafel_json_begin_object (json);
  tafel_json_key (json, "summary");
  tafel_json_begin_object (json);
  for (int side = 0; side < 2; side++)
    {
      const TafelReviewSummary *s = tafel_review_get_summary (review, side);

      tafel_json_key (json, tafel_cli_side_name (rules, side));
      tafel_json_begin_object (json);
      for (guint v = 0; v < TAFEL_N_VERDICTS; v++)
        tafel_json_member_int (json, tafel_verdict_to_key (v), s->counts[v]);
      if (s->turning_ply > 0)
        tafel_json_member_int (json, "turning_ply", s->turning_ply);
      tafel_json_end_object (json);
    }
  if (tafel_review_get_decisive_ply (review) > 0)
    tafel_json_member_int (json, "decisive_ply", tafel_review_get_decisive_ply (review));
  tafel_json_end_object (json);
  tafel_json_end_object (json);
}

/* Reviews one game and prints it, or prints nothing and fails. */
static gboolean
review_one (const TafelRules *rules,
            gboolean          game_given,
            gboolean          variant_given,
            const char       *text,
            gssize            length,
            const char       *fen,
            GError          **error)
{
  g_autoptr(TafelGameRecord) record = NULL;
  g_autoptr(TafelReview) review = NULL;
  GString *out;

  if (fen != NULL)
    {
      record = tafel_game_record_new_for_rules (rules);
      if (!tafel_game_record_set_fen (record, fen, error))
        return FALSE;
      if (text != NULL)
        {
          g_autofree char *full = g_strdup_printf ("[FEN \"%s\"]\n%s", fen, text);

          g_clear_object (&record);
          if ((record = tafel_game_record_parse_for_rules (full, -1, rules, error)) == NULL)
            return FALSE;
        }
    }
  else if ((record = tafel_game_record_parse_for_rules (text, length, rules, error)) == NULL)
    return FALSE;

  if (game_given && tafel_game_record_get_game (record) != rules->game)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                   /* Translators: both %s are games' keys, e.g. mill */
                   _("These are moves of %s, not of %s"),
                   tafel_game_record_get_rules (record)->key, rules->key);
      return FALSE;
    }
  if (variant_given && tafel_game_record_get_rules (record) != rules)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_PARSE,
                   /* Translators: both %s are variants' keys, e.g. twelve */
                   _("This game is played by the rules %s, not %s"),
                   tafel_game_record_get_rules (record)->variant, rules->variant);
      return FALSE;
    }

  if ((review = tafel_review_compute_record (record, NULL, error)) == NULL)
    return FALSE;

  /* Only a whole review goes out. */
  out = g_string_new (NULL);
  for (guint i = 0; i <= tafel_review_get_n_moves (review); i++)
    {
      TafelJson json = TAFEL_JSON_INIT;

      if (i < tafel_review_get_n_moves (review))
        json_entry (&json, review, i);
      else
        json_summary (&json, review);
      g_string_append_printf (out, "%s\n", tafel_json_finish (&json));
      tafel_json_clear (&json);
    }
  fputs (out->str, stdout);
  fflush (stdout);
  g_string_free (out, TRUE);

  return TRUE;
}

typedef struct {
  const TafelRules *rules;
  gboolean game_given;
  gboolean variant_given;
} Stream;

/* One game per line; blank lines are skipped. */
static gboolean
review_line (char      *line,
             gpointer   data,
             GError   **error)
{
  Stream *stream = data;

  return *line == '\0' || review_one (stream->rules, stream->game_given, stream->variant_given,
                                          line, -1, NULL, error);
}

int
tafel_cli_review (int    argc,
                  char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *fen = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE|-] — judge every move of a game"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game (default: infinity)"), N_("GAME") },
    TAFEL_CLI_VARIANT_OPTION (variant),
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves, N_("The moves played from the start"), N_("MOVES") },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("The start position in FEN (Mill)"), N_("FEN") },
    { NULL }
  };
  const TafelRules *rules;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  tafel_cli_describe_batch (context);
  g_option_context_set_summary (context,
    _("Judges every move with the game’s exact values where they are known:\n"
      "best, keeps, mistake or blunder; where only a search’s evaluation is\n"
      "known (Mill), good or dubious.  Prints one JSON object per move and a\n"
      "last one with the summary per side.\n"
      "\n"
      "The game comes from --moves (with --fen, from that position), from FILE\n"
      "(a .tafel file or a move list, Mill also in numbered text), or from\n"
      "standard input (“-”), one move list per line.  An illegal or malformed\n"
      "game prints nothing and makes the exit status 2."));
  if (!tafel_cli_parse_args (context, &argc, &argv))
    return TAFEL_CLI_EXIT_ERROR;
  if ((rules = tafel_cli_find_game (game, variant)) == NULL)
    return TAFEL_CLI_EXIT_ERROR;

  if (moves != NULL || fen != NULL)
    {
      if (argc > 1)
        return tafel_cli_fail (_("A file cannot be combined with --moves or --fen"));
      if (!review_one (rules, game != NULL, variant != NULL, moves, -1, fen, &error))
        return tafel_cli_fail ("%s", error->message);
      return 0;
    }

  if (argc > 2)
    return tafel_cli_fail (_("Only one file can be reviewed at a time"));

  if (argc == 2 && strcmp (argv[1], "-") != 0)
    {
      g_autofree char *contents = NULL;
      gsize length;

      if (!g_file_get_contents (argv[1], &contents, &length, &error))
        return tafel_cli_fail ("%s", error->message);
      if (!review_one (rules, game != NULL, variant != NULL, contents, length, NULL, &error))
        return tafel_cli_fail ("%s: %s", argv[1], error->message);
      return 0;
    }

  {
    Stream stream = { rules, game != NULL, variant != NULL };

    return tafel_cli_each_line (stdin, review_line, &stream);
  }
}
