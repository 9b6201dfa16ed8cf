/* fuzz-mill-tables.c: libFuzzer target for the Mill endgame tables loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes go to tafel_mill_egtb_new_from_bytes ().  So that the fuzzer
 * gets past the checksum, inputs whose last byte is odd have it mended
 * first (a SHA-256 of everything after the 48-byte header, at bytes 16 to
 * 47) and lose that last byte.  Besides crashes, leaks and undefined
 * behaviour, the target aborts when a failure is not TAFEL_ERROR_FORMAT
 * with a valid UTF-8 message, or when tables that load answer a probe of
 * a 3-3 position with a value other than win, loss or draw.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-mill-egtb.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-mill-tables: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

#define HEADER 48

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree guint8 *copy = g_memdup2 (data, size);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillEgtb) tb = NULL;

  if (size > 0 && (data[size - 1] & 1))
    {
      size--;
      if (size >= HEADER)
        {
          g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
          gsize len = 32;

          g_checksum_update (sum, copy + HEADER, size - HEADER);
          g_checksum_get_digest (sum, copy + 16, &len);
        }
    }

  bytes = g_bytes_new (copy, size);
  tb = tafel_mill_egtb_new_from_bytes (bytes, &error);
  if (tb == NULL)
    {
      REQUIRE (g_error_matches (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT));
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  REQUIRE (error == NULL);
  {
    TafelMillState s = { 0 };
    TafelValue value = TAFEL_VALUE_UNKNOWN;
    int plies = -1;

    s.stones[0] = 0x7;
    s.stones[1] = 0x700;
    if (tafel_mill_egtb_lookup (tb, &s, &value, &plies))
      REQUIRE (value != TAFEL_VALUE_UNKNOWN && plies >= 0 && plies < 255);
  }
  return 0;
}
