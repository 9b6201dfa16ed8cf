/* tafel-cli-input.h: reading requests line by line, whatever comes in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

/* The longest line taken; a longer one is refused, not held. */
#define TAFEL_CLI_MAX_LINE (64 * 1024)
/* Error lines printed before the rest are only counted. */
#define TAFEL_CLI_MAX_ERRORS 20

typedef struct {
  FILE *stream;
  guint number;          /* of the line last read, from 1 */
  GString *line;
} TafelCliInput;

void     tafel_cli_input_init  (TafelCliInput  *input,
                                FILE           *stream);
void     tafel_cli_input_clear (TafelCliInput  *input);
gboolean tafel_cli_input_next  (TafelCliInput  *input,
                                const char    **line,
                                GError        **error);

/* Error lines on standard error: escaped, each naming its line, at most
 * TAFEL_CLI_MAX_ERRORS of them and then one line counting the rest. */
typedef struct {
  guint shown;
  guint more;
} TafelCliErrors;

void     tafel_cli_errors_add    (TafelCliErrors *errors,
                                  guint           line,
                                  const char     *message);
void     tafel_cli_errors_finish (TafelCliErrors *errors);

G_END_DECLS
