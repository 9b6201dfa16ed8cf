/* tafel-check-dialog.h: check a Tic-Tac-Toe position and continue from it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tafel-session.h"

G_BEGIN_DECLS

#define TAFEL_TYPE_CHECK_DIALOG (tafel_check_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TafelCheckDialog, tafel_check_dialog, TAFEL, CHECK_DIALOG, GtkWindow)

GtkWindow     *tafel_check_dialog_new                 (GtkWindow        *parent,
                                                        TafelSession     *session);

G_END_DECLS
