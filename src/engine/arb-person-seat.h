/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-person-seat.h: a seat played by a person at this screen: asked for
 * its move, it waits until the window gives one (arb_person_seat_play). */
#pragma once

#include "arb-seat.h"

G_BEGIN_DECLS

#define ARB_TYPE_PERSON_SEAT (arb_person_seat_get_type ())
G_DECLARE_FINAL_TYPE (ArbPersonSeat, arb_person_seat, ARB, PERSON_SEAT, GObject)

ArbPersonSeat *arb_person_seat_new       (void);
gboolean       arb_person_seat_is_asked (ArbPersonSeat *self);
gboolean       arb_person_seat_play     (ArbPersonSeat *self,
                                         const ArbMove *move);

G_END_DECLS
