/* tafel-session.h: one game being played, without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tafel-ai.h"
#include "tafel-game-record.h"
#include "tafel-match.h"
#include "tafel-review.h"
#include "tafel-statistics.h"

G_BEGIN_DECLS

/* Who the person plays against. */
typedef enum {
  TAFEL_OPPONENT_COMPUTER,
  TAFEL_OPPONENT_HUMAN,
} TafelOpponent;

/* Who starts a new game against the computer. */
typedef enum {
  TAFEL_FIRST_PLAYER_RANDOM,
  TAFEL_FIRST_PLAYER_HUMAN,
  TAFEL_FIRST_PLAYER_COMPUTER,
  TAFEL_FIRST_PLAYER_ALTERNATE,
} TafelFirstPlayer;

#define TAFEL_TYPE_SESSION (tafel_session_get_type ())

G_DECLARE_FINAL_TYPE (TafelSession, tafel_session, TAFEL, SESSION, GObject)

TafelSession     *tafel_session_new               (guint32            seed);
void              tafel_session_start             (TafelSession      *self);
void              tafel_session_stop              (TafelSession      *self);

TafelMatch       *tafel_session_get_match         (TafelSession      *self);
TafelAi          *tafel_session_get_ai            (TafelSession      *self);
TafelGame         tafel_session_get_game          (TafelSession      *self);
void              tafel_session_set_game          (TafelSession      *self,
                                                   TafelGame          game);
const TafelRules *tafel_session_get_rules         (TafelSession      *self);
void              tafel_session_set_rules         (TafelSession      *self,
                                                   const TafelRules  *rules);
TafelLevel        tafel_session_get_level         (TafelSession      *self);
void              tafel_session_set_level         (TafelSession      *self,
                                                   TafelLevel         level);
TafelOpponent     tafel_session_get_opponent      (TafelSession      *self);
void              tafel_session_set_opponent      (TafelSession      *self,
                                                   TafelOpponent      opponent);
int               tafel_session_get_computer_side (TafelSession      *self);

gboolean          tafel_session_get_thinking      (TafelSession      *self);
gboolean          tafel_session_get_pondering     (TafelSession      *self);
gboolean          tafel_session_get_can_undo      (TafelSession      *self);
gboolean          tafel_session_get_can_redo      (TafelSession      *self);
gboolean          tafel_session_get_can_hint      (TafelSession      *self);
gboolean          tafel_session_get_persons_turn  (TafelSession      *self);
const char       *tafel_session_get_known_value   (TafelSession      *self);
char             *tafel_session_dup_status        (TafelSession      *self,
                                                   const guint8      *path,
                                                   guint              len);

gboolean          tafel_session_play              (TafelSession      *self,
                                                   const TafelMove   *move,
                                                   GError           **error);
void              tafel_session_new_game          (TafelSession      *self);
void              tafel_session_undo              (TafelSession      *self);
void              tafel_session_redo              (TafelSession      *self);
void              tafel_session_hint              (TafelSession      *self);
void              tafel_session_go_to             (TafelSession      *self,
                                                   guint              n_moves);
gboolean          tafel_session_get_browsing      (TafelSession      *self);
guint             tafel_session_moves_dropped_by  (TafelSession      *self,
                                                   const TafelMove   *move);
gboolean          tafel_session_start_position    (TafelSession      *self,
                                                   TafelGame          game,
                                                   const char        *moves,
                                                   GError           **error);

void              tafel_session_review            (TafelSession      *self);
void              tafel_session_cancel_review     (TafelSession      *self);
gboolean          tafel_session_get_reviewing     (TafelSession      *self);
double            tafel_session_get_review_progress (TafelSession    *self);
TafelReview      *tafel_session_get_review        (TafelSession      *self);

TafelGameRecord  *tafel_session_dup_record        (TafelSession      *self);
void              tafel_session_open_record       (TafelSession      *self,
                                                   TafelGameRecord   *record);

TafelStatistics  *tafel_session_get_statistics    (TafelSession      *self);
gboolean          tafel_session_load_statistics   (TafelSession      *self);

G_END_DECLS
