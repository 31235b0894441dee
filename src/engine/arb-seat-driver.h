/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat-driver.h: asks the seat whose turn it is for its move. */
#pragma once

#include "arb-game.h"
#include "arb-seat.h"

G_BEGIN_DECLS

#define ARB_TYPE_SEAT_DRIVER (arb_seat_driver_get_type ())
G_DECLARE_FINAL_TYPE (ArbSeatDriver, arb_seat_driver, ARB, SEAT_DRIVER, GObject)

ArbSeatDriver *arb_seat_driver_new           (void);
void           arb_seat_driver_set_seat      (ArbSeatDriver       *self,
                                              guint                index,
                                              ArbSeat             *seat);
ArbSeat       *arb_seat_driver_get_seat      (ArbSeatDriver       *self,
                                              guint                index);
void           arb_seat_driver_set_computers (ArbSeatDriver       *self,
                                              ArbGame             *game);
void           arb_seat_driver_set_pace      (ArbSeatDriver       *self,
                                              guint                pace_ms);
gboolean       arb_seat_driver_ask           (ArbSeatDriver       *self,
                                              const ArbProjection *view,
                                              guint                step);
int            arb_seat_driver_get_asked     (ArbSeatDriver       *self);
void           arb_seat_driver_cancel        (ArbSeatDriver       *self);
gboolean       arb_seat_driver_is_busy       (ArbSeatDriver       *self);

G_END_DECLS
