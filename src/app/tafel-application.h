/* tafel-application.h: the Tafel application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TAFEL_TYPE_APPLICATION (tafel_application_get_type ())

G_DECLARE_FINAL_TYPE (TafelApplication, tafel_application, TAFEL, APPLICATION, GtkApplication)

TafelApplication *tafel_application_new (const char        *application_id,
                                         GApplicationFlags  flags);

G_END_DECLS
