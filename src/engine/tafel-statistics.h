/* tafel-statistics.h: the record of finished games, kept across runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "tafel-error.h"
#include "tafel-match.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

#define TAFEL_STATISTICS_VERSION 1

/* A game against the computer, from the person's point of view. */
typedef enum {
  TAFEL_RESULT_WON,
  TAFEL_RESULT_DRAWN,
  TAFEL_RESULT_LOST,
} TafelResult;

/* One game at one level against the computer. */
typedef struct {
  guint won;
  guint drawn;
  guint lost;
  int streak;        /* > 0: wins in a row, < 0: losses in a row, 0 after a draw */
  guint best_streak; /* the longest run of wins */
} TafelRecord;

/* One game between two persons at the same screen. */
typedef struct {
  guint first_wins;  /* X, Red, White: the side that moves first */
  guint second_wins;
  guint draws;
} TafelPairRecord;

#define TAFEL_TYPE_STATISTICS (tafel_statistics_get_type ())

G_DECLARE_FINAL_TYPE (TafelStatistics, tafel_statistics, TAFEL, STATISTICS, GObject)

TafelStatistics *tafel_statistics_new              (const char       *path);
char            *tafel_statistics_default_path     (void);
const char      *tafel_statistics_get_path         (TafelStatistics  *self);

gboolean         tafel_statistics_load             (TafelStatistics  *self,
                                                    char            **set_aside,
                                                    GError          **error);
gboolean         tafel_statistics_save             (TafelStatistics  *self,
                                                    GError          **error);

void             tafel_statistics_record           (TafelStatistics  *self,
                                                    const TafelRules *rules,
                                                    TafelLevel        level,
                                                    TafelResult       result);
void             tafel_statistics_record_pair      (TafelStatistics  *self,
                                                    const TafelRules *rules,
                                                    int               winner);
gboolean         tafel_statistics_count_match      (TafelStatistics  *self,
                                                    TafelMatch       *match,
                                                    TafelLevel        level,
                                                    int               computer_side,
                                                    gboolean         *counted);
void             tafel_statistics_reset            (TafelStatistics  *self);

void             tafel_statistics_get_record       (TafelStatistics  *self,
                                                    const TafelRules *rules,
                                                    TafelLevel        level,
                                                    TafelRecord      *record);
void             tafel_statistics_get_pair_record  (TafelStatistics  *self,
                                                    const TafelRules *rules,
                                                    TafelPairRecord  *record);
guint            tafel_statistics_get_n_games      (TafelStatistics  *self);

G_END_DECLS
