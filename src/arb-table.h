/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table.h: the table, as one source shows it.
 *
 * ArbTable lays out the deck and discard piles, the large arboretum of the
 * seat at the screen, that seat's hand, and a side panel with the other
 * arboreta and the log of moves. It is fed by one source, the live ArbGame
 * or an ArbReplay of it (both ArbTableEvents), and follows that source's
 * signals: a card drawn, played or discarded updates the pile, the hand and
 * the arboretum it touched, and flies there; only "position-reset" redraws
 * everything. It decides no rule: where a card may go, whose turn it is and
 * what the heading says all come from the engine.
 */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_TABLE (arb_table_get_type ())
G_DECLARE_FINAL_TYPE (ArbTable, arb_table, ARB, TABLE, GtkWidget)

void            arb_table_set_source     (ArbTable       *self,
                                          ArbTableEvents *source,
                                          int             seat);
ArbTableEvents *arb_table_get_source     (ArbTable       *self);
void            arb_table_set_seat       (ArbTable       *self,
                                          int             seat);
int             arb_table_get_seat       (ArbTable       *self);
gboolean        arb_table_seat_to_act    (ArbTable       *self);
ArbCard         arb_table_get_selected   (ArbTable       *self);
gboolean        arb_table_has_cells      (ArbTable       *self);
void            arb_table_say            (ArbTable       *self,
                                          const char     *text,
                                          gboolean        is_error);
void            arb_table_show_hint      (ArbTable       *self,
                                          const ArbMove  *move);
void            arb_table_show_ghost     (ArbTable       *self,
                                          guint           player,
                                          const ArbMove  *move);
void            arb_table_follow_player  (ArbTable       *self,
                                          guint           player);
void            arb_table_zoom           (ArbTable       *self,
                                          int             direction);
gboolean        arb_table_can_zoom       (ArbTable       *self,
                                          int             direction);

G_END_DECLS
