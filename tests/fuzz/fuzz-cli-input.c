/* fuzz-cli-input.c: the command line's line reader on any bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every line it hands over is UTF-8 without a NUL and at most
 * TAFEL_CLI_MAX_LINE bytes long; every line it refuses comes with a
 * UTF-8 message; the lines counted match the line feeds in the input.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tafel-cli-input.h"

int LLVMFuzzerTestOneInput (const unsigned char *data,
                            size_t               size);

int
LLVMFuzzerTestOneInput (const unsigned char *data,
                        size_t               size)
{
  FILE *stream;
  TafelCliInput input;
  const char *line;
  GError *error = NULL;
  guint lines = 0, expected = 0;

  if (size == 0)
    return 0;
  stream = fmemopen ((void *) data, size, "r");
  if (stream == NULL)
    return 0;

  for (size_t i = 0; i < size; i++)
    expected += data[i] == '\n';
  if (data[size - 1] != '\n')
    expected++;

  tafel_cli_input_init (&input, stream);
  while (tafel_cli_input_next (&input, &line, &error))
    {
      lines++;
      if (line != NULL)
        {
          gsize len = strlen (line);

          g_assert (error == NULL);
          g_assert (len == input.line->len);
          g_assert (len <= TAFEL_CLI_MAX_LINE);
          g_assert (g_utf8_validate (line, len, NULL));
        }
      else
        {
          g_assert (error != NULL);
          g_assert (g_utf8_validate (error->message, -1, NULL));
          g_clear_error (&error);
        }
    }
  g_assert (lines == expected);
  g_assert (input.number == lines);

  tafel_cli_input_clear (&input);
  fclose (stream);
  return 0;
}
