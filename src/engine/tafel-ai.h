/* tafel-ai.h: the computer opponent, thinking on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tafel-match.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_AI (tafel_ai_get_type ())

G_DECLARE_FINAL_TYPE (TafelAi, tafel_ai, TAFEL, AI, GObject)

TafelAi    *tafel_ai_new                 (guint32               seed);

TafelLevel  tafel_ai_get_level           (TafelAi              *self);
void        tafel_ai_set_level           (TafelAi              *self,
                                          TafelLevel            level);

void        tafel_ai_choose_move_async   (TafelAi              *self,
                                          TafelMatch           *match,
                                          TafelLevel            level,
                                          GCancellable         *cancellable,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data);
gboolean    tafel_ai_choose_move_finish  (TafelAi              *self,
                                          GAsyncResult         *result,
                                          TafelMove            *move,
                                          guint                *serial,
                                          GError              **error);

void        tafel_ai_analyze_async       (TafelAi              *self,
                                          TafelMatch           *match,
                                          GCancellable         *cancellable,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data);
TafelAnalysis *tafel_ai_analyze_finish   (TafelAi              *self,
                                          GAsyncResult         *result,
                                          guint                *serial,
                                          GError              **error);

void        tafel_ai_ponder_async        (TafelAi              *self,
                                          TafelMatch           *match,
                                          TafelLevel            level,
                                          GCancellable         *cancellable,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data);
gboolean    tafel_ai_ponder_finish       (TafelAi              *self,
                                          GAsyncResult         *result,
                                          GError              **error);

GThread    *tafel_ai_get_last_worker     (TafelAi              *self);

G_END_DECLS
