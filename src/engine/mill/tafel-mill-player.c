/* tafel-mill-player.c: a computer player of Mill and its search tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a player keeps between requests; the levels themselves are in
 * tafel-mill-search.c (tafel_mill_choose_move()).
 */
#include "config.h"

#include "tafel-games.h"
#include "tafel-mill-player.h"

/* The shallow looks of Relaxed and Medium (2 plies at most): 2^16
 * entries, 1 MiB. */
#define LOOK_BITS 16

typedef struct {
  TafelMillSearcher *searcher;  /* set atomically: nodes are read from other threads */
  gboolean failed;              /* not even the smallest table could be had */
} Slot;

typedef struct {
  TafelPlayer parent;
  Slot search;
  Slot look;
} TafelMillPlayer;

TafelPlayer *
tafel_mill_player_new (void)
{
  TafelMillPlayer *player = g_new0 (TafelMillPlayer, 1);

  player->parent.rules = &tafel_mill_rules;
  return &player->parent;
}

void
tafel_mill_player_free (TafelPlayer *player)
{
  TafelMillPlayer *self = (TafelMillPlayer *) player;

  if (self == NULL)
    return;

  tafel_mill_searcher_free (self->search.searcher);
  tafel_mill_searcher_free (self->look.searcher);
  g_free (self);
}

static guint64
slot_nodes (Slot *slot)
{
  TafelMillSearcher *searcher = g_atomic_pointer_get (&slot->searcher);

  return searcher != NULL ? tafel_mill_searcher_nodes (searcher) : 0;
}

guint64
tafel_mill_player_nodes (TafelPlayer *player)
{
  TafelMillPlayer *self = (TafelMillPlayer *) player;

  g_return_val_if_fail (player != NULL && player->rules->game == TAFEL_GAME_MILL, 0);

  return slot_nodes (&self->search) + slot_nodes (&self->look);
}

static TafelMillSearcher *
slot_get (Slot  *slot,
          guint  bits)
{
  if (slot->searcher == NULL && !slot->failed)
    {
      g_autoptr(GError) error = NULL;
      TafelMillSearcher *searcher = tafel_mill_searcher_new_full (bits, &error);

      if (searcher == NULL)
        g_warning ("%s", error->message);
      g_atomic_pointer_set (&slot->searcher, searcher);
      slot->failed = searcher == NULL;
    }

  return slot->searcher;
}

TafelMillSearcher *
tafel_mill_player_get_searcher (TafelPlayer *player)
{
  g_return_val_if_fail (player != NULL && player->rules->game == TAFEL_GAME_MILL, NULL);

  return slot_get (&((TafelMillPlayer *) player)->search, TAFEL_MILL_TT_BITS);
}

TafelMillSearcher *
tafel_mill_player_get_look (TafelPlayer *player)
{
  g_return_val_if_fail (player != NULL && player->rules->game == TAFEL_GAME_MILL, NULL);

  return slot_get (&((TafelMillPlayer *) player)->look, LOOK_BITS);
}
