/* tafel-cli.h: the subcommands of tafel-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each subcommand is a function taking its own argv (argv[0] is the
 * subcommand's name) and returning the exit status.  Add one by writing
 * tafel-cli-NAME.c and one line in the table in tafel-cli.c.
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

/* Exit status of a usage or input error. */
#define TAFEL_CLI_EXIT_ERROR 2

int tafel_cli_analyze  (int argc, char **argv);
int tafel_cli_bench    (int argc, char **argv);
int tafel_cli_book     (int argc, char **argv);
int tafel_cli_check    (int argc, char **argv);
int tafel_cli_engine   (int argc, char **argv);
int tafel_cli_perft    (int argc, char **argv);
int tafel_cli_selfplay (int argc, char **argv);

/* Shared helpers */
int               tafel_cli_fail        (const char *format,
                                         ...) G_GNUC_PRINTF (1, 2);
gboolean          tafel_cli_parse_args  (GOptionContext *context,
                                         int            *argc,
                                         char         ***argv);
const TafelRules *tafel_cli_find_game   (const char     *key);
/* A position from --moves or --fen (both NULL: the start). */
gboolean          tafel_cli_position    (const TafelRules *rules,
                                         const char       *moves,
                                         const char       *fen,
                                         TafelState       *state,
                                         GArray           *hashes,
                                         GError          **error);
const char       *tafel_cli_side_name   (const TafelRules *rules,
                                         int               side);

G_END_DECLS
