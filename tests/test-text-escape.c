/* test-text-escape.c: what messages show of text that came in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tafel-error.h"

static void
test_escape (void)
{
  static const struct {
    const char *in;
    gsize length;
    const char *out;
  } cases[] = {
    { "d2 d3", 16, "d2 d3" },
    { "Mühle", 16, "Mühle" },
    { "\x1b[31mred", 16, "\\x1b[31mred" },
    { "a\rb\nc\td", 16, "a\\rb\\nc\\td" },
    { "back\\slash", 16, "back\\slash" },
    /* escaping twice changes nothing */
    { "\\x1b[31m", 16, "\\x1b[31m" },
    { "\xff\xfe ok", 16, "\\xff\\xfe ok" },
    { "\xc3", 16, "\\xc3" },
    { "\x7f\xc2\x9b", 16, "\\x7f\\x9b" },
    { "abcdefgh", 4, "abcd…" },
    { "abcd", 4, "abcd" },
    /* a character is never cut: the bytes left over are escaped */
    { "ab\xc3\xbc", 3, "ab\\xc3…" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = tafel_text_escape (cases[i].in, cases[i].length);

      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_true (g_utf8_validate (out, -1, NULL));
    }
}

/* Whatever the bytes, the result is UTF-8 without a control character. */
static void
test_random_bytes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint round = 0; round < 20000; round++)
    {
      char bytes[40];
      g_autofree char *out = NULL;
      guint n = g_rand_int_range (rand, 1, sizeof bytes);

      for (guint i = 0; i < n; i++)
        bytes[i] = (char) g_rand_int_range (rand, 1, 256);
      bytes[n] = '\0';
      out = tafel_text_escape (bytes, g_rand_int_range (rand, 1, 40));
      g_assert_true (g_utf8_validate (out, -1, NULL));
      for (const char *p = out; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          g_assert_false (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0));
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/text/escape", test_escape);
  g_test_add_func ("/text/random-bytes", test_random_bytes);

  return g_test_run ();
}
