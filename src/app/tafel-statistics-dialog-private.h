/* tafel-statistics-dialog-private.h: the parts of the statistics dialog that tests reach
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-statistics-dialog.h"

G_BEGIN_DECLS

TafelStatistics *tafel_statistics_dialog_get_statistics   (TafelStatisticsDialog *self);
TafelGame        tafel_statistics_dialog_get_visible_game (TafelStatisticsDialog *self);
const char      *tafel_statistics_dialog_get_cell         (TafelStatisticsDialog *self,
                                                           TafelGame              game,
                                                           TafelLevel             level,
                                                           TafelStatisticsColumn  column);
const char      *tafel_statistics_dialog_get_pair_cell    (TafelStatisticsDialog *self,
                                                           TafelGame              game,
                                                           TafelStatisticsPairColumn column);
const char      *tafel_statistics_dialog_get_summary      (TafelStatisticsDialog *self,
                                                           TafelGame              game);
GtkWidget       *tafel_statistics_dialog_get_variant_dropdown (TafelStatisticsDialog *self,
                                                               TafelGame              game);
GtkWidget       *tafel_statistics_dialog_get_reset_button (TafelStatisticsDialog *self);
/* The question before a reset, while it is asked; else NULL. */
GtkWidget       *tafel_statistics_dialog_get_confirmation (TafelStatisticsDialog *self);

G_END_DECLS
