/* tafel-c4-book-private.h: the book file format, shared by the reader
 * (tafel-c4-book.c) and the builder (tafel-c4-book-builder.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layout: see tafel-c4-book.c.
 */
#pragma once

#include "tafel-c4-book.h"

G_BEGIN_DECLS

#define TAFEL_C4_BOOK_MAGIC "TAFELC4B"
#define TAFEL_C4_BOOK_VERSION 2
#define TAFEL_C4_BOOK_HEADER_SIZE 32

/* FNV-1a 64 of @len bytes at @data: the entries' checksum. */
guint64 tafel_c4_book_checksum   (const guint8 *data,
                                  gsize         len);
/* The number of stones of the position with canonical key @key, or -1 if
 * @key is no canonical key (each column of the key is its stones below a
 * marker bit at its height). */
int     tafel_c4_book_key_stones (guint64       key);

G_END_DECLS
