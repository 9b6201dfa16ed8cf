/* fuzz-mill-fen.c: libFuzzer target for Mill's FEN import
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes go to tafel_mill_rules.parse_position ().  Besides crashes,
 * leaks and undefined behaviour, the target aborts when:
 *  - a failure is not a TAFEL_ERROR_FORMAT with a valid UTF-8 message;
 *  - a position read breaks the rules' invariants: stones on the 24 points
 *    only and never two on one point, at most 9 stones per side on the
 *    board and in hand, the stones in hand fit the side to move, the clock
 *    within 100, the hash equals a fresh Zobrist key;
 *  - the position written back as FEN (by a writer of our own, from the
 *    points' names) does not read back to the same bytes;
 *  - a legal move leaves the board or is not undone exactly by unmake, or
 *    the fast perft disagrees with counting over legal_moves () and make.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define REQUIRE(cond) G_STMT_START { if (!(cond)) { \
  g_printerr ("fuzz-mill-fen: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
  abort (); } } G_STMT_END

/* Sanmill's point order by coordinates: the inner, middle and outer
 * square, each from the middle of its top side clockwise. */
static int fen_points[24];

static void
setup_fen_points (void)
{
  const TafelBoard *board = tafel_mill_rules.board;
  int k = 0;

  if (fen_points[1] != 0)
    return;
  for (int ring = 2; ring >= 0; ring--)
    {
      int lo = ring, hi = 6 - ring;
      const int at[8][2] = {
        { 3, hi }, { hi, hi }, { hi, 3 }, { hi, lo },
        { 3, lo }, { lo, lo }, { lo, 3 }, { lo, hi },
      };

      for (int i = 0; i < 8; i++)
        {
          char name[3] = { 'a' + at[i][0], '1' + at[i][1], '\0' };
          int found = -1;

          for (guint p = 0; p < board->n_points; p++)
            if (strcmp (board->point_names[p], name) == 0)
              found = p;
          REQUIRE (found >= 0);
          fen_points[k++] = found;
        }
    }
}

static char *
write_fen (const TafelMillState *s)
{
  GString *out = g_string_new (NULL);
  guint on[2];
  gboolean in_hand = s->hand[0] > 0 || s->hand[1] > 0;

  for (int i = 0; i < 24; i++)
    {
      guint32 bit = 1u << fen_points[i];

      if (i == 8 || i == 16)
        g_string_append_c (out, '/');
      g_string_append_c (out, (s->stones[0] & bit) ? 'O' : (s->stones[1] & bit) ? '@' : '*');
    }
  on[0] = tafel_mill_popcount (s->stones[0]);
  on[1] = tafel_mill_popcount (s->stones[1]);
  g_string_append_printf (out, " %c %c %c %u %u %u %u %u %u 0 0 0 0 0 %u %u",
                          s->side ? 'b' : 'w',
                          in_hand ? 'p' : 'm',
                          s->pending ? 'r' : s->hand[s->side] > 0 ? 'p' : 's',
                          on[0], s->hand[0], on[1], s->hand[1],
                          s->side == 0 ? s->pending : 0u,
                          s->side == 1 ? s->pending : 0u,
                          s->clock, (s->ply - s->side) / 2 + 1);
  return g_string_free (out, FALSE);
}

static void
check_state (const TafelState *state)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);

  REQUIRE ((s->stones[0] & s->stones[1]) == 0);
  REQUIRE (((s->stones[0] | s->stones[1]) & ~TAFEL_MILL_ALL) == 0);
  REQUIRE (s->side <= 1 && s->pending <= 1);
  for (int side = 0; side < 2; side++)
    REQUIRE (tafel_mill_popcount (s->stones[side]) + s->hand[side] <= TAFEL_MILL_HAND);
  if (s->hand[0] > 0 || s->hand[1] > 0)
    REQUIRE ((int) (s->hand[1] - s->hand[0]) == (s->pending ? 1 - s->side : s->side));
  REQUIRE (s->clock <= TAFEL_MILL_DRAW_CLOCK);
  REQUIRE ((s->ply & 1) == s->side);
  REQUIRE (s->key == tafel_mill_compute_key (s));
  REQUIRE (tafel_mill_rules.hash (state) == s->key);
  REQUIRE (tafel_mill_rules.side_to_move (state) == s->side);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static TafelMove moves[TAFEL_MAX_MOVES], replies[TAFEL_MAX_MOVES];
  const TafelRules *rules = &tafel_mill_rules;
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autofree char *fen = NULL;
  g_autoptr(GError) error = NULL;
  TafelState state, again;
  TafelOutcome outcome;
  guint n;
  guint64 count = 0;

  tafel_mill_tables ();
  setup_fen_points ();

  if (!rules->parse_position (text, &state, &error))
    {
      REQUIRE (error != NULL);
      REQUIRE (error->domain == TAFEL_ERROR && error->code == TAFEL_ERROR_FORMAT);
      REQUIRE (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  REQUIRE (error == NULL);
  check_state (&state);

  /* Written back and read again: the same bytes. */
  fen = write_fen (TAFEL_MILL_CSTATE (&state));
  if (!rules->parse_position (fen, &again, &error))
    {
      g_printerr ("fuzz-mill-fen: “%s” written from “%s” does not read: %s\n",
                  fen, text, error->message);
      abort ();
    }
  REQUIRE (memcmp (&state, &again, sizeof state) == 0);

  rules->outcome (&state, NULL, &outcome);
  REQUIRE (outcome.status <= TAFEL_STATUS_DRAWN);
  REQUIRE ((outcome.status == TAFEL_STATUS_WON) == (outcome.winner == 0 || outcome.winner == 1));

  /* One ply of every legal move, and perft to depth 2 both ways. */
  n = rules->legal_moves (&state, moves);
  REQUIRE (n <= TAFEL_MAX_MOVES);
  REQUIRE (rules->perft (&state, 1) == n);
  for (guint i = 0; i < n; i++)
    {
      TafelState child = state;
      TafelUndo undo;

      REQUIRE (moves[i].len >= 1 && moves[i].len <= 3);
      for (guint k = 0; k < moves[i].len; k++)
        REQUIRE (moves[i].path[k] < TAFEL_MILL_POINTS);
      REQUIRE (tafel_rules_is_legal (rules, &state, &moves[i]));

      rules->make (&child, &moves[i], &undo);
      REQUIRE (TAFEL_MILL_CSTATE (&child)->key == tafel_mill_compute_key (TAFEL_MILL_CSTATE (&child)));
      REQUIRE (TAFEL_MILL_CSTATE (&child)->side != TAFEL_MILL_CSTATE (&state)->side);
      REQUIRE ((TAFEL_MILL_CSTATE (&child)->stones[0] & TAFEL_MILL_CSTATE (&child)->stones[1]) == 0);
      count += rules->legal_moves (&child, replies);
      rules->unmake (&child, &moves[i], &undo);
      REQUIRE (memcmp (&child, &state, sizeof child) == 0);
    }
  REQUIRE (rules->perft (&state, 2) == count);

  return 0;
}
