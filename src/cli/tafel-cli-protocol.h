/* tafel-cli-protocol.h: reading the engine protocol's commands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-rules.h"

G_BEGIN_DECLS

/* The longest search a go command may ask for: a day. */
#define TAFEL_CLI_MOVETIME_MAX_MS (24 * 3600 * 1000)
/* The largest node budget a go command may ask for. */
#define TAFEL_CLI_NODES_MAX G_GUINT64_CONSTANT (1000000000000)

typedef struct {
  gboolean by_level;     /* choose as the level would */
  TafelLevel level;
  gint64 movetime_ms;    /* 0: no time limit */
  guint depth;           /* the deepest iteration */
  guint64 nodes;         /* Mill: stop after about this many nodes; 0: no limit */
} TafelCliGo;

/* A setoption command: Mill's threads, or one of its evaluation weights. */
typedef struct {
  const char *name;      /* one of the command's words */
  int value;
  gboolean threads;      /* "Threads" (any case): 1 to TAFEL_MILL_MAX_THREADS */
} TafelCliOption;

char   **tafel_cli_protocol_words    (const char        *line);
gboolean tafel_cli_protocol_position (const TafelRules  *rules,
                                      char             **words,
                                      TafelState        *state,
                                      GArray            *hashes,
                                      GError           **error);
gboolean tafel_cli_protocol_go       (char             **words,
                                      TafelCliGo        *go,
                                      GError           **error);
gboolean tafel_cli_protocol_setoption (char            **words,
                                       TafelCliOption   *option,
                                       GError          **error);

G_END_DECLS
