/* tafel-json.c: a small JSON writer for the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-json.h"

static void
before_value (TafelJson *json)
{
  if (json->out == NULL)
    json->out = g_string_new (NULL);

  if (json->after_key)
    json->after_key = FALSE;
  else if (json->after_value[json->depth])
    g_string_append_c (json->out, ',');

  json->after_value[json->depth] = TRUE;
}

static void
open_container (TafelJson *json,
                char       c)
{
  before_value (json);
  g_string_append_c (json->out, c);
  g_return_if_fail (json->depth + 1 < TAFEL_JSON_MAX_DEPTH);
  json->after_value[++json->depth] = FALSE;
}

static void
close_container (TafelJson *json,
                 char       c)
{
  g_return_if_fail (json->depth > 0);
  json->depth--;
  g_string_append_c (json->out, c);
}

void
tafel_json_begin_object (TafelJson *json)
{
  open_container (json, '{');
}

void
tafel_json_end_object (TafelJson *json)
{
  close_container (json, '}');
}

void
tafel_json_begin_array (TafelJson *json)
{
  open_container (json, '[');
}

void
tafel_json_end_array (TafelJson *json)
{
  close_container (json, ']');
}

static void
append_quoted (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, *p);
        }
    }
  g_string_append_c (out, '"');
}

void
tafel_json_key (TafelJson  *json,
                const char *key)
{
  before_value (json);
  append_quoted (json->out, key);
  g_string_append_c (json->out, ':');
  json->after_key = TRUE;
}

void
tafel_json_string (TafelJson  *json,
                   const char *value)
{
  before_value (json);
  if (g_utf8_validate (value, -1, NULL))
    append_quoted (json->out, value);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);
      append_quoted (json->out, valid);
    }
}

void
tafel_json_int (TafelJson *json,
                gint64     value)
{
  before_value (json);
  g_string_append_printf (json->out, "%" G_GINT64_FORMAT, value);
}

void
tafel_json_double (TafelJson *json,
                   double     value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  before_value (json);
  g_string_append (json->out, g_ascii_formatd (buffer, sizeof buffer, "%.3f", value));
}

void
tafel_json_boolean (TafelJson *json,
                    gboolean   value)
{
  before_value (json);
  g_string_append (json->out, value ? "true" : "false");
}

void
tafel_json_null (TafelJson *json)
{
  before_value (json);
  g_string_append (json->out, "null");
}

void
tafel_json_member_string (TafelJson  *json,
                          const char *key,
                          const char *value)
{
  tafel_json_key (json, key);
  tafel_json_string (json, value);
}

void
tafel_json_member_int (TafelJson  *json,
                       const char *key,
                       gint64      value)
{
  tafel_json_key (json, key);
  tafel_json_int (json, value);
}

const char *
tafel_json_finish (TafelJson *json)
{
  if (json->out == NULL)
    json->out = g_string_new (NULL);

  return json->out->str;
}

void
tafel_json_clear (TafelJson *json)
{
  if (json->out != NULL)
    g_string_free (json->out, TRUE);
  *json = (TafelJson) TAFEL_JSON_INIT;
}
