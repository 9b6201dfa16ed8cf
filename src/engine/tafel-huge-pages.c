/* tafel-huge-pages.c: large tables probed at random on huge pages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sys/mman.h>

#include "tafel-huge-pages.h"

void
tafel_advise_huge_pages (gpointer memory,
                         gsize    size)
{
#ifdef MADV_HUGEPAGE
  const guintptr huge = 2 * 1024 * 1024;
  guintptr start = ((guintptr) memory + huge - 1) & ~(huge - 1);
  guintptr end = ((guintptr) memory + size) & ~(huge - 1);

  if (end > start)
    madvise ((gpointer) start, end - start, MADV_HUGEPAGE);
#else
  (void) memory;
  (void) size;
#endif
}
