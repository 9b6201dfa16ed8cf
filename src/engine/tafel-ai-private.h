/* tafel-ai-private.h: what the tests see of the computer opponent
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-ai.h"

G_BEGIN_DECLS

TafelPlayer *tafel_ai_get_player       (TafelAi          *self,
                                        const TafelRules *rules);
guint        tafel_ai_get_most_running (TafelAi          *self);

G_END_DECLS
