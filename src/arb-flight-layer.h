/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-flight-layer.h: cards moving across the table. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_FLIGHT_LAYER (arb_flight_layer_get_type ())
G_DECLARE_FINAL_TYPE (ArbFlightLayer, arb_flight_layer, ARB, FLIGHT_LAYER, GtkWidget)

/* Where a card lands, on the table as it is now; NULL if nowhere. */
typedef GtkWidget *(*ArbFlightTargetFunc) (gpointer data);

/* How a card meets its landing place: it is the card shown there, hidden
 * until it lands (ONTO); or it goes into a place that stays shown, the tab
 * of a player whose hand is not on screen (INTO). */
typedef enum {
  ARB_FLIGHT_ONTO,
  ARB_FLIGHT_INTO,
} ArbFlightLanding;

GtkWidget *arb_flight_layer_new        (void);
void       arb_flight_layer_fly_later  (ArbFlightLayer        *self,
                                        ArbCard                card,
                                        GtkWidget             *from,
                                        ArbFlightTargetFunc    find_target,
                                        ArbFlightLanding       landing,
                                        gpointer               data,
                                        GDestroyNotify         destroy);
void       arb_flight_layer_fly        (ArbFlightLayer        *self,
                                        ArbCard                card,
                                        const graphene_rect_t *from,
                                        GtkWidget             *to,
                                        ArbFlightLanding       landing);
guint      arb_flight_layer_get_n_flying (ArbFlightLayer      *self);

G_END_DECLS
