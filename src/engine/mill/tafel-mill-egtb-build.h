/* tafel-mill-egtb-build.h: making the Mill endgame tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked only where tables are made (tafel-cli, the tests); the engine
 * only reads them (tafel-mill-egtb.h).
 */
#pragma once

#include "tafel-mill-egtb.h"

G_BEGIN_DECLS

typedef struct {
  const TafelMillEgtb *tables;  /* the set being built, this table in it */
  guint n_mover, n_other;
  guint64 size;            /* bytes of the table */
  guint64 positions;       /* positions up to symmetry */
  guint64 won, lost, drawn;  /* for the side to move */
  int longest_win;         /* plies */
  gint64 elapsed_us;       /* time for this table and its mirror (n_other
                            * against n_other), built together */
} TafelMillEgtbStats;

typedef void (*TafelMillEgtbStatsFunc) (const TafelMillEgtbStats *stats,
                                        gpointer                  user_data);

/* Solves every table with 3 to @max_stones stones per side that @tb does
 * not hold yet by retrograde analysis, smaller material first, and adds
 * it to @tb; @func (may be NULL) hears of each table when it and its
 * mirror are done (a long build can save it then).  The tables @tb
 * already holds are taken as solved.  @n_threads threads share each
 * step (0: one per processor); the tables are the same for any number. */
gboolean       tafel_mill_egtb_build_into (TafelMillEgtb          *tb,
                                           guint                   max_stones,
                                           guint                   n_threads,
                                           TafelMillEgtbStatsFunc  func,
                                           gpointer                user_data,
                                           GCancellable           *cancellable,
                                           GError                **error);
/* The same into a new set of tables, on one thread. */
TafelMillEgtb *tafel_mill_egtb_build (guint                   max_stones,
                                      TafelMillEgtbStatsFunc  func,
                                      gpointer                user_data,
                                      GCancellable           *cancellable,
                                      GError                **error);

G_END_DECLS
