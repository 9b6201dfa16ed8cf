/* tafel-statistics-dialog.h: won, drawn and lost games, per game and level
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-statistics.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_STATISTICS_DIALOG (tafel_statistics_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TafelStatisticsDialog, tafel_statistics_dialog, TAFEL, STATISTICS_DIALOG, GtkWindow)

/* The columns of a game's table against the computer. */
typedef enum {
  TAFEL_STATISTICS_COLUMN_WON,
  TAFEL_STATISTICS_COLUMN_DRAWN,
  TAFEL_STATISTICS_COLUMN_LOST,
  TAFEL_STATISTICS_COLUMN_STREAK,
  TAFEL_STATISTICS_COLUMN_BEST_STREAK,
} TafelStatisticsColumn;

/* The columns of the line of games between two persons. */
typedef enum {
  TAFEL_STATISTICS_PAIR_FIRST_WINS,
  TAFEL_STATISTICS_PAIR_SECOND_WINS,
  TAFEL_STATISTICS_PAIR_DRAWS,
} TafelStatisticsPairColumn;

GtkWindow       *tafel_statistics_dialog_new              (GtkWindow             *parent,
                                                           TafelStatistics       *statistics,
                                                           const TafelRules      *rules);

G_END_DECLS
