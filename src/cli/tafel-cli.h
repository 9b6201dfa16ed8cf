/* tafel-cli.h: the subcommands of tafel-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each subcommand is a function taking its own argv (argv[0] is the
 * subcommand's name) and returning the exit status.  Add one by writing
 * tafel-cli-NAME.c and one line in the table in tafel-cli.c.
 */
#pragma once

#include <stdio.h>

#include "tafel-json.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

/* Exit status of a usage or input error. */
#define TAFEL_CLI_EXIT_ERROR 2

int tafel_cli_analyze  (int argc, char **argv);
int tafel_cli_bench    (int argc, char **argv);
int tafel_cli_book     (int argc, char **argv);
int tafel_cli_check    (int argc, char **argv);
int tafel_cli_mill_book (int argc, char **argv);
int tafel_cli_mill_tables (int argc, char **argv);
int tafel_cli_engine   (int argc, char **argv);
int tafel_cli_perft    (int argc, char **argv);
int tafel_cli_review   (int argc, char **argv);
int tafel_cli_selfplay (int argc, char **argv);

/* Shared helpers */
int               tafel_cli_fail        (const char *format,
                                         ...) G_GNUC_PRINTF (1, 2);
gboolean          tafel_cli_parse_args  (GOptionContext *context,
                                         int            *argc,
                                         char         ***argv);
/* The rules of game @key (NULL: infinity) in @variant (NULL: its
 * default), or NULL after saying what is wrong. */
const TafelRules *tafel_cli_find_game   (const char     *key,
                                         const char     *variant);
/* The --variant option, storing its value in the char * @var. */
extern const char tafel_cli_variant_help[];
extern const char tafel_cli_variant_arg[];
#define TAFEL_CLI_VARIANT_OPTION(var) \
  { "variant", 0, 0, G_OPTION_ARG_STRING, &(var), tafel_cli_variant_help, tafel_cli_variant_arg }
/* A position from --moves or --fen (both NULL: the start; both: the moves
 * played from the FEN's position). */
gboolean          tafel_cli_position    (const TafelRules *rules,
                                         const char       *moves,
                                         const char       *fen,
                                         TafelState       *state,
                                         GArray           *hashes,
                                         GError          **error);
const char       *tafel_cli_side_name   (const TafelRules *rules,
                                         int               side);
/* "win", "loss", "draw", or NULL for an unknown value */
const char       *tafel_cli_value_name  (TafelValue        value);
/* A JSON array of moves in the notation, sorted if asked. */
void              tafel_cli_json_moves  (TafelJson        *json,
                                         const TafelRules *rules,
                                         const TafelState *state,
                                         const TafelMove  *moves,
                                         guint             n,
                                         gboolean          sorted);

/* Calls @func on every line of @stream (blanks at both ends taken off;
 * blank lines and lines starting with # are skipped; see
 * tafel-cli-input.c for the lines that are refused); a failure is
 * printed with its line number, at most TAFEL_CLI_MAX_ERRORS of them.
 * Returns the exit status: 0, or TAFEL_CLI_EXIT_ERROR when a line
 * failed (the others are answered all the same). */
typedef gboolean (*TafelCliLineFunc) (char      *line,
                                      gpointer   data,
                                      GError   **error);
void              tafel_cli_describe_batch (GOptionContext *context);
int               tafel_cli_each_line   (FILE             *stream,
                                         TafelCliLineFunc  func,
                                         gpointer          data);

G_END_DECLS
