/* tafel-check-dialog-private.h: the parts of the check dialog that tests reach
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-check-dialog.h"

G_BEGIN_DECLS

GtkTextBuffer *tafel_check_dialog_get_buffer          (TafelCheckDialog *self);
GtkWidget     *tafel_check_dialog_get_verdict_label   (TafelCheckDialog *self);
GtkWidget     *tafel_check_dialog_get_continue_button (TafelCheckDialog *self);

G_END_DECLS
