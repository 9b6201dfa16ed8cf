/* tafel-json.h: a small JSON writer for the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Values are appended in document order; commas are placed by the writer.
 *
 *   TafelJson j = TAFEL_JSON_INIT;
 *   tafel_json_begin_object (&j);
 *   tafel_json_key (&j, "game"); tafel_json_string (&j, "mill");
 *   tafel_json_end_object (&j);
 *   puts (tafel_json_finish (&j));   // {"game":"mill"}
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TAFEL_JSON_MAX_DEPTH 32

typedef struct {
  GString *out;
  guint depth;
  gboolean after_value[TAFEL_JSON_MAX_DEPTH];
  gboolean after_key;
} TafelJson;

#define TAFEL_JSON_INIT { NULL, 0, { FALSE }, FALSE }

void        tafel_json_begin_object (TafelJson  *json);
void        tafel_json_end_object   (TafelJson  *json);
void        tafel_json_begin_array  (TafelJson  *json);
void        tafel_json_end_array    (TafelJson  *json);
void        tafel_json_key          (TafelJson  *json,
                                     const char *key);
void        tafel_json_string       (TafelJson  *json,
                                     const char *value);
void        tafel_json_int          (TafelJson  *json,
                                     gint64      value);
void        tafel_json_double       (TafelJson  *json,
                                     double      value);
void        tafel_json_boolean      (TafelJson  *json,
                                     gboolean    value);
void        tafel_json_null         (TafelJson  *json);
/* Shorthands for a key with a value. */
void        tafel_json_member_string (TafelJson  *json,
                                      const char *key,
                                      const char *value);
void        tafel_json_member_int    (TafelJson  *json,
                                      const char *key,
                                      gint64      value);
/* The text written so far; owned by @json until tafel_json_clear(). */
const char *tafel_json_finish       (TafelJson  *json);
void        tafel_json_clear        (TafelJson  *json);

G_END_DECLS
