/* tafel-mill-egtb.h: solved Nine Men's Morris endgames (moving phase)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A table holds, for every moving-phase position (no stones in hand) with
 * @n_mover stones of the side to move and @n_other of the other side, its
 * exact value for the side to move and the distance to the end in plies
 * with best play (the winner the quickest win, the loser the longest
 * resistance).  Positions neither side can force are draws (by
 * repetition).  The 100 half-move rule is not in the tables: see
 * tafel_mill_egtb_probe ().
 *
 * Positions are indexed by a canonical form under the board's 16
 * symmetries (the automorphisms of its neighbours and mills: rotations,
 * reflections and the swap of the inner and outer square): the side to
 * move's stones as a class of equivalent sets, then the other side's
 * stones among the empty points.  One byte per position: 0 a draw, else
 * 1 + plies; an odd distance is a win of the side to move, an even one a
 * loss (a side that cannot move has lost at 0).  A byte holds distances
 * up to 252 plies exactly; 254 stands for a win of 253 plies or more, 255
 * for a loss of 254 or more (tafel_mill_egtb_entry_of ()).
 *
 * The file (made by `tafel-cli mill-tables`) is checked at load: magic,
 * version, the size of every table and of the file, and a SHA-256 of
 * everything after the header.  A missing or damaged file only means the
 * search plays those positions itself.
 */
#pragma once

#include <gio/gio.h>

#include "tafel-data.h"
#include "tafel-mill.h"

G_BEGIN_DECLS

/* Stones per side the index can describe. */
#define TAFEL_MILL_EGTB_MIN_STONES 3
#define TAFEL_MILL_EGTB_MAX_STONES 9

/* Environment variable naming the tables file (tests, build tree); the
 * installed file is PKGDATADIR "/" TAFEL_MILL_EGTB_FILE. */
#define TAFEL_MILL_EGTB_ENV "TAFEL_MILL_TABLES"
#define TAFEL_MILL_EGTB_FILE "mill-endgames.tbl"

typedef struct _TafelMillEgtb TafelMillEgtb;

/* ---- the index ---- */

/* Entries of the table of @n_mover against @n_other stones. */
guint64             tafel_mill_egtb_table_size   (guint n_mover,
                                                  guint n_other);
/* The table entry of a position (side to move's stones @mover, the
 * other's @other; both within the index's stone counts). */
guint64             tafel_mill_egtb_index        (guint32 mover,
                                                  guint32 other);
/* The position an index stands for, in its canonical form; FALSE when no
 * position has that canonical form (an entry nothing refers to). */
gboolean            tafel_mill_egtb_position     (guint    n_mover,
                                                  guint    n_other,
                                                  guint64  index,
                                                  guint32 *mover,
                                                  guint32 *other);
/* The board's symmetries as point permutations (16 of them). */
guint               tafel_mill_egtb_symmetries   (const guint8 **perms);
/* The image of the set of points @set under symmetry @g (an index into
 * those permutations). */
guint32             tafel_mill_egtb_symmetry_apply (guint   g,
                                                    guint32 set);

/* ---- entries ---- */

/* The entry of a value: 0 a draw, 1 + plies otherwise, the longest
 * distances kept only as "at least" (a win of 253 plies or more is 254, a
 * loss of 254 or more 255). */
static inline guint8
tafel_mill_egtb_entry_of (TafelValue value,
                          int        plies)
{
  if (value == TAFEL_VALUE_DRAW)
    return 0;
  if (value == TAFEL_VALUE_WIN)
    return plies >= 253 ? 254 : plies + 1;
  return plies >= 254 ? 255 : plies + 1;
}

/* The value an entry stands for (0: a draw; 1 + plies otherwise). */
static inline TafelValue
tafel_mill_egtb_entry_value (guint8 e)
{
  if (e == 0)
    return TAFEL_VALUE_DRAW;
  return (e - 1) & 1 ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS;
}

/* Does the entry of the position (side to move's stones @mover, the
 * other's @other) agree with its children's?  FALSE also when it or a
 * child is not held.  That every entry of a set of tables agrees proves
 * them, by induction on the distance to the end (given the rules' move
 * generator): `tafel-cli mill-tables --verify`. */
gboolean            tafel_mill_egtb_agrees       (const TafelMillEgtb *tb,
                                                  guint32              mover,
                                                  guint32              other);

/* ---- a set of tables ---- */

TafelMillEgtb      *tafel_mill_egtb_new          (void);
void                tafel_mill_egtb_free         (TafelMillEgtb *tb);
/* Takes @data (g_malloc'ed, tafel_mill_egtb_table_size () bytes). */
void                tafel_mill_egtb_set_table    (TafelMillEgtb *tb,
                                                  guint          n_mover,
                                                  guint          n_other,
                                                  guint8        *data);
/* The table's bytes, NULL when not held. */
const guint8       *tafel_mill_egtb_table        (const TafelMillEgtb *tb,
                                                  guint                n_mover,
                                                  guint                n_other);
TafelMillEgtb      *tafel_mill_egtb_load         (const char  *path,
                                                  GError     **error);
TafelMillEgtb      *tafel_mill_egtb_new_from_bytes (GBytes     *bytes,
                                                    GError    **error);
/* Written atomically (a temporary file renamed). */
gboolean            tafel_mill_egtb_save         (const TafelMillEgtb *tb,
                                                  const char          *path,
                                                  GError             **error);
/* Writes only the table of @n_mover against @n_other (which @tb holds),
 * as a file of one table (tafel-cli mill-tables keeps a long build's
 * finished tables so). */
gboolean            tafel_mill_egtb_save_table   (const TafelMillEgtb *tb,
                                                  guint                n_mover,
                                                  guint                n_other,
                                                  const char          *path,
                                                  GError             **error);
/* Which tables @tb holds, in English ("4 tables, up to 4 stones a side,
 * 6 MB"), for the engine's log. */
char               *tafel_mill_egtb_describe     (const TafelMillEgtb *tb);
/* The file as the rules table lists it (tafel-rules.h, data_files). */
extern TafelDataFile tafel_mill_egtb_data;

/* The tables for the engine: TAFEL_MILL_TABLES or the installed file,
 * loaded once; NULL (with a warning for a bad file) when there is none. */
const TafelMillEgtb *tafel_mill_egtb_get_default (void);

/* ---- probing (no allocation) ---- */

/* The value of a running position, as the tables hold it, ignoring the
 * 100 half-move rule; FALSE when the position is not held (stones in
 * hand, a pending removal, other stone counts). */
gboolean            tafel_mill_egtb_lookup       (const TafelMillEgtb  *tb,
                                                  const TafelMillState *s,
                                                  TafelValue           *value,
                                                  int                  *plies);
/* The value under the full rules: as tafel_mill_egtb_lookup (), but a win
 * or loss counts only when it ends before the 100 half-move rule could
 * (clock + plies < 100: with best play the end comes within plies, and
 * the clock grows by at most one a ply); FALSE otherwise. */
gboolean            tafel_mill_egtb_probe        (const TafelMillEgtb  *tb,
                                                  const TafelMillState *s,
                                                  TafelValue           *value,
                                                  int                  *plies);
/* Every best move of a running position whose value tafel_mill_egtb_probe
 * () gives (@best: TAFEL_MAX_MOVES entries): the quickest wins, the
 * drawing moves, or the longest losses; 0 when the position or one of its
 * children is not held. */
guint               tafel_mill_egtb_best_moves   (const TafelMillEgtb  *tb,
                                                  const TafelMillState *s,
                                                  TafelMove            *best,
                                                  TafelValue           *value,
                                                  int                  *plies);

/* As tafel_mill_egtb_best_moves (), for a position of a game with
 * @history (may be NULL): 0 also where a move could lead to a position
 * seen since the last placement or removal, since a repetition could
 * change the value (the search, which knows the history, decides). */
guint               tafel_mill_egtb_root_moves   (const TafelMillEgtb  *tb,
                                                  const TafelMillState *s,
                                                  const TafelHistory   *history,
                                                  TafelMove            *best,
                                                  TafelValue           *value,
                                                  int                  *plies);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelMillEgtb, tafel_mill_egtb_free)

G_END_DECLS
