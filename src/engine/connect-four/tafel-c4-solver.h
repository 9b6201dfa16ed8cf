/* tafel-c4-solver.h: the exact Connect Four solver
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Scores: see tafel-c4-position.h.
 */
#pragma once

#include <gio/gio.h>

#include "tafel-c4-position.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

/* The transposition table: 2^TAFEL_C4_TT_BITS buckets of two 8-byte
 * entries (2^23: 128 MiB), and 2 MiB more for positions near the end.
 * The only size setting of the solver. */
#define TAFEL_C4_TT_BITS 23

typedef struct _TafelC4Book TafelC4Book;
typedef struct _TafelC4Solver TafelC4Solver;

/* A solver with a table of 2^@tt_bits buckets, or a smaller one when
 * that much memory cannot be had (with a message saying so).  NULL, with
 * @error, when not even the smallest table (2^17 buckets, 4 MiB in all)
 * can be allocated. */
TafelC4Solver *tafel_c4_solver_new_full    (guint               tt_bits,
                                            GError            **error);
/* The same, with a warning instead of @error: NULL when not even the
 * smallest table can be allocated. */
TafelC4Solver *tafel_c4_solver_new         (guint               tt_bits);
void           tafel_c4_solver_free        (TafelC4Solver      *solver);
/* Forget everything learnt (clears the transposition table). */
void           tafel_c4_solver_reset       (TafelC4Solver      *solver);
/* Search threads sharing the table (1 or 2). */
void           tafel_c4_solver_set_threads (TafelC4Solver      *solver,
                                            guint               n_threads);
/* @book: (nullable) (transfer none): exact scores of early positions. */
void           tafel_c4_solver_set_book    (TafelC4Solver      *solver,
                                            const TafelC4Book  *book);
/* Stops every search @max_ms of wall time from now (0: no limit); a search
 * that runs out of time reports FALSE like a cancelled one. */
void           tafel_c4_solver_set_time_limit (TafelC4Solver   *solver,
                                               guint            max_ms);
/* Exact score of @pos (game not over).  FALSE when cancelled or out of
 * time. */
gboolean       tafel_c4_solver_solve       (TafelC4Solver      *solver,
                                            const TafelC4Pos   *pos,
                                            GCancellable       *cancellable,
                                            int                *score);
/* Whether the score of @pos is > @value (one null-window search). */
gboolean       tafel_c4_solver_test        (TafelC4Solver      *solver,
                                            const TafelC4Pos   *pos,
                                            int                 value,
                                            GCancellable       *cancellable,
                                            gboolean           *greater);
/* Exact score of @pos from the solver's opening book, when it holds it. */
gboolean       tafel_c4_solver_book_score  (TafelC4Solver      *solver,
                                            const TafelC4Pos   *pos,
                                            int                *score);
/* An upper bound on the score of @pos that the book or the table
 * already knows (no search). */
gboolean       tafel_c4_solver_upper_bound (TafelC4Solver      *solver,
                                            const TafelC4Pos   *pos,
                                            int                *upper);
/* Nodes searched since the solver was made. */
guint64        tafel_c4_solver_nodes       (TafelC4Solver      *solver);

/* Exact scores of every move at @pos (G_MININT for a full column); the
 * per-move scores are for the side to move at @pos. */
gboolean       tafel_c4_solver_move_scores (TafelC4Solver      *solver,
                                            const TafelC4Pos   *pos,
                                            GCancellable       *cancellable,
                                            int                 scores[TAFEL_C4_WIDTH]);

/* The rules' state and the bitboard position. */
void           tafel_connect_four_get_position (const TafelState *state,
                                                TafelC4Pos       *pos);
void           tafel_connect_four_set_position (TafelState       *state,
                                                const TafelC4Pos *pos);

G_END_DECLS
