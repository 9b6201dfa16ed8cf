/* tafel-help-window-private.h: the parts of the help window that tests reach
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tafel-help-window.h"

G_BEGIN_DECLS

GtkStack  *tafel_help_window_get_stack (TafelHelpWindow *self);

G_END_DECLS
