/* tafel-game-record.h: a whole game as a document (.tafel files, pasted text)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TafelGameRecord is a game from its start position (the game's own, or for
 * Mill a FEN) with every move played, checked against the rules as it is
 * built, plus free header fields (date, players, levels).  It reads and
 * writes:
 *
 *  - the .tafel file (MIME type application/x-tafel-game):
 *
 *      tafel: 1
 *      game: connect-four
 *      date: 2026-12-04
 *      result: 1-0
 *
 *      4453 1-0
 *
 *    header lines "key: value" up to a blank line (tafel and game first,
 *    fen for a Mill start position, result last), then the moves in the
 *    game's notation ending with the result: 1-0 (the first side won),
 *    0-1, 1/2-1/2 or * (not finished).  The result must agree with the
 *    moves, so a file cut short is refused, never half read;
 *  - a bare move list in the notation ("5137", "d6 f4 d2xf4");
 *  - the numbered move-list text other Mill programs write ("1. d6 f4",
 *    "2. d2 b4", removals attached "d6-d5xd7" or as a token "xd7" of their
 *    own, [Tag "value"] lines, {comments}, (variations), $1 and !?
 *    annotations, a result token, blank lines, CRLF).
 *
 * Every failure is a TAFEL_ERROR naming the line (and the column or the
 * move); nothing is built then.
 */
#pragma once

#include <glib-object.h>

#include "tafel-rules.h"

G_BEGIN_DECLS

#define TAFEL_GAME_RECORD_VERSION 1

#define TAFEL_TYPE_GAME_RECORD (tafel_game_record_get_type ())

G_DECLARE_FINAL_TYPE (TafelGameRecord, tafel_game_record, TAFEL, GAME_RECORD, GObject)

TafelGameRecord    *tafel_game_record_new         (TafelGame         game);
TafelGameRecord    *tafel_game_record_new_for_rules (const TafelRules *rules);
gboolean            tafel_game_record_set_fen     (TafelGameRecord  *self,
                                                   const char       *fen,
                                                   GError          **error);
gboolean            tafel_game_record_play        (TafelGameRecord  *self,
                                                   const TafelMove  *move,
                                                   GError          **error);
gboolean            tafel_game_record_play_text   (TafelGameRecord  *self,
                                                   const char       *moves,
                                                   GError          **error);

TafelGameRecord    *tafel_game_record_parse       (const char       *text,
                                                   gssize            length,
                                                   TafelGame         game,
                                                   GError          **error);
TafelGameRecord    *tafel_game_record_parse_for_rules (const char       *text,
                                                       gssize            length,
                                                       const TafelRules *fallback,
                                                       GError          **error);
char               *tafel_game_record_to_text     (TafelGameRecord  *self);
char               *tafel_game_record_to_numbered (TafelGameRecord  *self);
char               *tafel_game_record_to_moves    (TafelGameRecord  *self);

TafelGame           tafel_game_record_get_game    (TafelGameRecord  *self);
const TafelRules   *tafel_game_record_get_rules   (TafelGameRecord  *self);
const char         *tafel_game_record_get_fen     (TafelGameRecord  *self);
guint               tafel_game_record_get_n_moves (TafelGameRecord  *self);
const TafelMove    *tafel_game_record_get_move    (TafelGameRecord  *self,
                                                   guint             index);
const TafelState   *tafel_game_record_get_state   (TafelGameRecord  *self,
                                                   guint             index);
TafelHistory        tafel_game_record_get_history (TafelGameRecord  *self,
                                                   guint             index);
const TafelOutcome *tafel_game_record_get_outcome (TafelGameRecord  *self);
const char         *tafel_game_record_get_result  (TafelGameRecord  *self);

const char         *tafel_game_record_get_header  (TafelGameRecord  *self,
                                                   const char       *key);
void                tafel_game_record_set_header  (TafelGameRecord  *self,
                                                   const char       *key,
                                                   const char       *value);

G_END_DECLS
