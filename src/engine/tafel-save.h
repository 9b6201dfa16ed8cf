/* tafel-save.h: the saved unfinished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game record (see tafel-game-record.h) with two more header fields:
 *
 *   tafel: 1
 *   game: infinity
 *   level: hard
 *   computer-side: 1      (-1: two persons)
 *   result: *
 *
 *   5137 *
 *
 * (plus "variant: twelve" for a game of a variant other than the
 * default, "fen: …" for a Mill game from a position).  The moves are
 * replayed through the rules when the file is read, so a file that does
 * not describe a legal game is refused as a whole.  The key file of
 * version 1 ([Tafel Game], moves=5137, level=hard, computer-side=1) is
 * still read.
 */
#pragma once

#include "tafel-game-record.h"
#include "tafel-rules.h"

G_BEGIN_DECLS

#define TAFEL_SAVE_VERSION 1

typedef struct {
  TafelGame game;
  const TafelRules *rules;  /* the game's variant; NULL: the default */
  char *moves;
  TafelLevel level;
  int computer_side;
  char *fen;            /* Mill: the start position, or NULL */
} TafelSave;

void       tafel_save_clear     (TafelSave   *save);
char      *tafel_save_to_data   (const TafelSave *save,
                                 gsize           *length);
char      *tafel_save_record_to_data (TafelGameRecord *record,
                                      TafelLevel       level,
                                      int              computer_side,
                                      gsize           *length);
gboolean   tafel_save_from_data (const char  *data,
                                 gssize       length,
                                 TafelSave   *save,
                                 GError     **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TafelSave, tafel_save_clear)

G_END_DECLS
