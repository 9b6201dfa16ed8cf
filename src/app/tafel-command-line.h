/* tafel-command-line.h: what `tafel` accepts on its command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char *game;           /* --game: a game's key, or NULL */
  GPtrArray *files;     /* the files to open, as given (bytes) */
} TafelCommandLine;

int  tafel_command_line_parse (int                argc,
                               char             **argv,
                               TafelCommandLine  *command_line);
void tafel_command_line_clear (TafelCommandLine  *command_line);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TafelCommandLine, tafel_command_line_clear)

G_END_DECLS
