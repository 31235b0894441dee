/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-application.h: the Arboretum application: its actions and windows. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARB_TYPE_APPLICATION (arb_application_get_type ())
G_DECLARE_FINAL_TYPE (ArbApplication, arb_application, ARB, APPLICATION, AdwApplication)

ArbApplication *arb_application_new                  (void);
int             arb_application_launch               (int                   argc,
                                                      char                 *argv[]);
void            arb_application_add_shortcuts_action (GtkApplicationWindow *window);

G_END_DECLS
