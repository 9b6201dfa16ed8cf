/* tafel-match.h: a game in progress, with its history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "tafel-game-record.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_MATCH (tafel_match_get_type ())

G_DECLARE_FINAL_TYPE (TafelMatch, tafel_match, TAFEL, MATCH, GObject)

TafelMatch         *tafel_match_new              (TafelGame         game);
TafelMatch         *tafel_match_new_for_rules    (const TafelRules *rules);

TafelGame           tafel_match_get_game         (TafelMatch       *self);
const TafelRules   *tafel_match_get_rules        (TafelMatch       *self);
const TafelState   *tafel_match_get_state        (TafelMatch       *self);
const TafelOutcome *tafel_match_get_outcome      (TafelMatch       *self);
TafelStatus         tafel_match_get_status       (TafelMatch       *self);
int                 tafel_match_get_side_to_move (TafelMatch       *self);
guint               tafel_match_get_n_moves      (TafelMatch       *self);
const TafelMove    *tafel_match_get_move         (TafelMatch       *self,
                                                  guint             index);
const TafelMove    *tafel_match_get_last_move    (TafelMatch       *self);
TafelHistory        tafel_match_get_history      (TafelMatch       *self);
guint               tafel_match_get_serial       (TafelMatch       *self);

gboolean            tafel_match_play             (TafelMatch       *self,
                                                  const TafelMove  *move,
                                                  GError          **error);
gboolean            tafel_match_get_can_undo     (TafelMatch       *self);
gboolean            tafel_match_get_can_redo     (TafelMatch       *self);
gboolean            tafel_match_undo             (TafelMatch       *self);
gboolean            tafel_match_redo             (TafelMatch       *self);
void                tafel_match_restart          (TafelMatch       *self);
gboolean            tafel_match_load_moves       (TafelMatch       *self,
                                                  const char       *moves,
                                                  GError          **error);
char               *tafel_match_to_moves         (TafelMatch       *self);

guint               tafel_match_get_line_length  (TafelMatch       *self);
const TafelMove    *tafel_match_get_line_move    (TafelMatch       *self,
                                                  guint             index,
                                                  const TafelState **before);
char               *tafel_match_format_line_move (TafelMatch       *self,
                                                  guint             index);
char               *tafel_match_line_to_moves    (TafelMatch       *self);
gboolean            tafel_match_go_to            (TafelMatch       *self,
                                                  guint             n_moves);
/* Games as documents: a match from a record (its start and moves, at
 * the last position) and back (the moves up to the current position). */
gboolean            tafel_match_load_record      (TafelMatch       *self,
                                                  TafelGameRecord  *record,
                                                  GError          **error);
TafelGameRecord    *tafel_match_to_record        (TafelMatch       *self);
TafelGameRecord    *tafel_match_line_to_record   (TafelMatch       *self);

gboolean            tafel_match_continuations    (TafelMatch       *self,
                                                  const guint8     *path,
                                                  guint             len,
                                                  gboolean         *targets,
                                                  TafelMove        *complete);

G_END_DECLS
