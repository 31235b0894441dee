/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-side-panel.h: the side panel of the table.
 *
 * The other players' arboreta, one at a time under a row of tabs, and the
 * log of moves below them, as one ArbViewpoint shows them. The arboretum
 * shown large on the table has no tab here. A place lit or activated in
 * one of its arboreta is passed on by the panel's own "cell-activated" and
 * "card-dropped" signals.
 */
#pragma once

#include <adwaita.h>

#include "arb-arboretum-view.h"
#include "arb-engine.h"
#include "arb-log-view.h"
#include "arb-rights-panel.h"

G_BEGIN_DECLS

#define ARB_TYPE_SIDE_PANEL (arb_side_panel_get_type ())
G_DECLARE_FINAL_TYPE (ArbSidePanel, arb_side_panel, ARB, SIDE_PANEL, GtkWidget)

void              arb_side_panel_build              (ArbSidePanel *self,
                                                     ArbViewpoint *viewpoint);
void              arb_side_panel_update             (ArbSidePanel *self,
                                                     ArbViewpoint *viewpoint,
                                                     int           large_seat);
void              arb_side_panel_step_applied       (ArbSidePanel *self,
                                                     ArbViewpoint *viewpoint,
                                                     guint         index);
void              arb_side_panel_position_reset     (ArbSidePanel *self,
                                                     ArbViewpoint *viewpoint);
void              arb_side_panel_follow_player      (ArbSidePanel *self,
                                                     guint         player);
void              arb_side_panel_show_arboretum     (ArbSidePanel *self,
                                                     ArbArboretumView *view);
ArbArboretumView *arb_side_panel_get_arboretum_view (ArbSidePanel *self,
                                                     guint         player);
ArbArboretumView *arb_side_panel_get_visible_view   (ArbSidePanel *self);
GtkWidget        *arb_side_panel_get_tab            (ArbSidePanel *self,
                                                     guint         player);
ArbLogView       *arb_side_panel_get_log_view       (ArbSidePanel *self);
ArbRightsPanel   *arb_side_panel_get_rights_panel   (ArbSidePanel *self);

G_END_DECLS
