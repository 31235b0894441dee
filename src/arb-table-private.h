/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-private.h: what the tests look at in an ArbTable. */
#pragma once

#include "arb-arboretum-view.h"
#include "arb-flight-layer-private.h"
#include "arb-hand-view.h"
#include "arb-log-view.h"
#include "arb-pile-view.h"
#include "arb-table.h"

G_BEGIN_DECLS

/* The usual width of a card of the large arboretum, as large as a card of
 * the hand in a tall window: the arboretum shrinks its cards to fit its
 * room as it grows (arb_arboretum_view_set_fit), so that a large window's
 * room is not left empty. */
#define DEFAULT_CARD_WIDTH 100

/* What the table shows, read from its widgets, as text: the heading, each
 * pile's top card and count, every arboretum's cards, the hand's title
 * and cards. Free with g_free (). */
char             *arb_table_dump               (ArbTable     *self);
ArbHandView      *arb_table_get_hand_view      (ArbTable     *self);
ArbArboretumView *arb_table_get_arboretum_view (ArbTable     *self,
                                                guint         player);
ArbArboretumView *arb_table_get_side_view      (ArbTable     *self);
ArbPileView      *arb_table_get_pile_view      (ArbTable     *self,
                                                int           source);
ArbLogView       *arb_table_get_log_view       (ArbTable     *self);
ArbFlightLayer   *arb_table_get_flight_layer   (ArbTable     *self);
GtkWidget        *arb_table_get_other_hands    (ArbTable     *self);
GtkWidget        *arb_table_get_piles_box      (ArbTable     *self);
const char       *arb_table_get_hand_title     (ArbTable     *self);
const char       *arb_table_get_heading        (ArbTable     *self);

G_END_DECLS
