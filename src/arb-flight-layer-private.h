/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-flight-layer-private.h: what the tests ask of ArbFlightLayer. */
#pragma once

#include "arb-flight-layer.h"

G_BEGIN_DECLS

guint arb_flight_layer_get_faces (ArbFlightLayer  *self,
                                  ArbCard         *faces,
                                  guint            max);

G_END_DECLS
