/* c4-test-util.h: what the Connect Four tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tafel-c4-solver.h"

/* The position after @moves (columns 1-7); the test fails if they are
 * not a legal game. */
static inline TafelC4Pos
c4_test_pos (const char *moves)
{
  TafelC4Pos pos;

  g_assert_true (tafel_c4_pos_from_moves (&pos, moves, NULL));
  return pos;
}
