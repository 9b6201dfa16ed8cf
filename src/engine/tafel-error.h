/* tafel-error.h: the engine's error domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TAFEL_ERROR (tafel_error_quark ())

typedef enum {
  TAFEL_ERROR_PARSE,          /* text that is not notation */
  TAFEL_ERROR_ILLEGAL_MOVE,   /* notation of a move the rules forbid */
  TAFEL_ERROR_GAME_OVER,      /* a move after the end */
  TAFEL_ERROR_INPUT,          /* position checker: malformed board text */
  TAFEL_ERROR_FORMAT,         /* a file that is not what it claims */
  TAFEL_ERROR_CANCELLED,
} TafelError;

GQuark tafel_error_quark (void);

/* The start of @text for an error message: valid UTF-8 whatever came in,
 * control characters and other bytes escaped, at most @length (and 16)
 * bytes of @text (see tafel_text_escape ()). */
char  *tafel_error_snippet (const char *text,
                            gsize       length);
char  *tafel_text_escape   (const char *text,
                            gsize       length);

G_END_DECLS
