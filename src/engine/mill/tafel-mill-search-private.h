/* tafel-mill-search-private.h: the Mill search's test-only API
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-mill-search.h"

G_BEGIN_DECLS

/* Tables of more than @max_bytes are refused as if the system had no
 * memory for them (0: no limit). */
void  tafel_mill_searcher_set_max_bytes   (gsize              max_bytes);
/* The bytes of @searcher's table. */
gsize tafel_mill_searcher_table_bytes     (TafelMillSearcher *searcher);

/* Pondering as Impossible does, each search within @limits (rounds of
 * doubling time up to @last_us when @limits has a budget). */
void  tafel_mill_ponder_within            (TafelPlayer                 *player,
                                           const TafelState            *state,
                                           const TafelHistory          *history,
                                           const TafelMillSearchLimits *limits,
                                           gint64                       last_us,
                                           GCancellable                *cancellable);

G_END_DECLS
