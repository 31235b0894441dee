/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-hand-view.h: the cards in a player's hand, one of them selected. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_HAND_VIEW (arb_hand_view_get_type ())
G_DECLARE_FINAL_TYPE (ArbHandView, arb_hand_view, ARB, HAND_VIEW, AdwBin)

void       arb_hand_view_set_hand        (ArbHandView      *self,
                                          const ArbCardSet *hand,
                                          ArbCard           new_card);
void       arb_hand_view_set_keep_places (ArbHandView      *self,
                                          gboolean          keep_places);
ArbCard    arb_hand_view_get_selected    (ArbHandView      *self);
void       arb_hand_view_select          (ArbHandView      *self,
                                          ArbCard           card);
void       arb_hand_view_select_hint     (ArbHandView      *self,
                                          ArbCard           card);
GtkWidget *arb_hand_view_get_card_button (ArbHandView      *self,
                                          ArbCard           card);
guint      arb_hand_view_get_n_cards     (ArbHandView      *self);
guint      arb_hand_view_get_cards       (ArbHandView      *self,
                                          ArbCard          *cards);

G_END_DECLS
