/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-remote-seat.h: a seat played elsewhere, whose steps arrive from the
 * network: at a window playing online, the seats the host plays. Such a
 * step comes with what this side may see of it (a card drawn, the view
 * after it), which a move alone does not carry, so the owner of the game
 * applies it as it arrives (arb_session_apply_seen) and withdraws the
 * question; until then the seat waits, and says that nobody here acts. */
#pragma once

#include "arb-seat.h"

G_BEGIN_DECLS

#define ARB_TYPE_REMOTE_SEAT (arb_remote_seat_get_type ())
G_DECLARE_FINAL_TYPE (ArbRemoteSeat, arb_remote_seat, ARB, REMOTE_SEAT, GObject)

ArbRemoteSeat *arb_remote_seat_new (void);

G_END_DECLS
