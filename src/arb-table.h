/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table.h: the table, as one viewer sees it.
 *
 * ArbTable lays out the deck and discard piles, the large arboretum of the
 * viewer, the viewer's hand, and a side panel with the other arboreta and
 * the log of moves. It is given one ArbViewpoint (the live ArbGame or an
 * ArbReplay of it, seen by a seat, by the public table, or with every card
 * open) and draws only what that viewpoint's projection holds: it never
 * reads the game's state, so it cannot show a secret card. After every
 * step it redraws all of it; the card signals make the cards fly. It
 * decides no rule: where a card may go, whose turn it is and what the
 * heading says all come from the engine.
 */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"
#include "arb-rights-panel.h"

G_BEGIN_DECLS

/* The parts of the table a key goes to. */
typedef enum {
  ARB_TABLE_PART_HAND,
  ARB_TABLE_PART_PILES,
  ARB_TABLE_PART_ARBORETUM,
  ARB_TABLE_PART_LOG,
} ArbTablePart;

#define ARB_TYPE_TABLE (arb_table_get_type ())
G_DECLARE_FINAL_TYPE (ArbTable, arb_table, ARB, TABLE, GtkWidget)

void            arb_table_set_viewpoint  (ArbTable       *self,
                                          ArbViewpoint   *viewpoint);
ArbViewpoint   *arb_table_get_viewpoint  (ArbTable       *self);
ArbRightsPanel *arb_table_get_rights_panel (ArbTable     *self);
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
void            arb_table_set_thinking   (ArbTable       *self,
                                          int             seat);
void            arb_table_zoom           (ArbTable       *self,
                                          int             direction);
gboolean        arb_table_can_zoom       (ArbTable       *self,
                                          int             direction);
gboolean        arb_table_focus_part     (ArbTable       *self,
                                          ArbTablePart    part);
void            arb_table_read_arboretum (ArbTable       *self,
                                          guint           player);
char           *arb_table_describe_situation (ArbTable   *self);
void            arb_table_say_situation  (ArbTable       *self);
char           *arb_table_take_news      (ArbTable       *self);

G_END_DECLS
