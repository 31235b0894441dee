/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-private.h: what the tests look at in an ArbTable. */
#pragma once

#include "arb-arboretum-view.h"
#include "arb-flight-layer.h"
#include "arb-hand-view.h"
#include "arb-log-view.h"
#include "arb-pile-view.h"
#include "arb-table.h"

G_BEGIN_DECLS

/* The usual width of a card of the large arboretum. */
#define DEFAULT_CARD_WIDTH 78

/* The parts of the table a signal may update, counted so that a test can
 * tell an update of one part from a redraw of the whole table. */
typedef enum {
  ARB_TABLE_ALL,
  ARB_TABLE_PILES,
  ARB_TABLE_ARBORETA,
  ARB_TABLE_HAND,
  ARB_TABLE_N_PARTS
} ArbTablePart;

guint             arb_table_get_n_updates      (ArbTable     *self,
                                                ArbTablePart  part);
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
