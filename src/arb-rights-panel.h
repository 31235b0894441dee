/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rights-panel.h: the "Right to score" panel.
 *
 * Who would score each species if the game ended now, as the screen's
 * viewer knows it: the engine's analysis (arb-rights.h) of the viewpoint's
 * projection, drawn and nothing more. It is computed again after every
 * step while the panel is shown.
 */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_RIGHTS_PANEL (arb_rights_panel_get_type ())
G_DECLARE_FINAL_TYPE (ArbRightsPanel, arb_rights_panel, ARB, RIGHTS_PANEL, GtkWidget)

void   arb_rights_panel_update (ArbRightsPanel *self,
                                ArbViewpoint   *viewpoint);
char  *arb_rights_panel_dump   (ArbRightsPanel *self);

G_END_DECLS
