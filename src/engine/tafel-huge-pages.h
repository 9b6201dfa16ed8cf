/* tafel-huge-pages.h: large tables probed at random on huge pages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Asks the kernel to back the whole 2 MiB pages of @memory (not touched
 * yet) with huge pages where it can: a table probed at random addresses
 * then misses the processor's address translation far less often.  Does
 * nothing where the system has no such advice. */
void tafel_advise_huge_pages (gpointer memory,
                              gsize    size);

G_END_DECLS
