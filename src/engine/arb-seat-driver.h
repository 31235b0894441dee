/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat-driver.h: plays the computers' turns of a game, at a pace. */
#pragma once

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_SEAT_DRIVER (arb_seat_driver_get_type ())
G_DECLARE_FINAL_TYPE (ArbSeatDriver, arb_seat_driver, ARB, SEAT_DRIVER, GObject)

ArbSeatDriver *arb_seat_driver_new       (ArbGame       *game);
gboolean       arb_seat_driver_play      (ArbSeatDriver *self,
                                          guint          pace_ms);
void           arb_seat_driver_cancel    (ArbSeatDriver *self);
gboolean       arb_seat_driver_is_busy   (ArbSeatDriver *self);

G_END_DECLS
