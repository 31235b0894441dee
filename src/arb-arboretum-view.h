/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-arboretum-view.h: the cards a player has planted, on their grid. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_ARBORETUM_VIEW (arb_arboretum_view_get_type ())
G_DECLARE_FINAL_TYPE (ArbArboretumView, arb_arboretum_view, ARB, ARBORETUM_VIEW, AdwBin)

void       arb_arboretum_view_set_arboretum   (ArbArboretumView   *self,
                                               const ArbArboretum *arboretum);
void       arb_arboretum_view_set_cells       (ArbArboretumView   *self,
                                               const gint8        *xy,
                                               guint               n_cells);
void       arb_arboretum_view_set_path        (ArbArboretumView   *self,
                                               const ArbPath      *path);
void       arb_arboretum_view_set_hint        (ArbArboretumView   *self,
                                               int                 x,
                                               int                 y);
void       arb_arboretum_view_set_card_width  (ArbArboretumView   *self,
                                               int                 width);
GtkWidget *arb_arboretum_view_get_cell_button (ArbArboretumView   *self,
                                               int                 x,
                                               int                 y);
GtkWidget *arb_arboretum_view_get_card_widget (ArbArboretumView   *self,
                                               int                 x,
                                               int                 y);
GtkWidget *arb_arboretum_view_get_first_cell_button (ArbArboretumView *self);
gboolean   arb_arboretum_view_focus           (ArbArboretumView   *self);
void       arb_arboretum_view_set_ghost       (ArbArboretumView   *self,
                                               ArbCard             card,
                                               int                 x,
                                               int                 y);
GtkWidget *arb_arboretum_view_get_ghost       (ArbArboretumView   *self);
int        arb_arboretum_view_get_card_width  (ArbArboretumView   *self);
void       arb_arboretum_view_set_fit         (ArbArboretumView   *self,
                                               gboolean            fit);
gboolean   arb_arboretum_view_get_fit         (ArbArboretumView   *self);
guint      arb_arboretum_view_get_n_cells     (ArbArboretumView   *self);
const ArbArboretum *arb_arboretum_view_get_arboretum (ArbArboretumView *self);

G_END_DECLS
