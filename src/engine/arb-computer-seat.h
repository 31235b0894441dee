/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-computer-seat.h: a seat played by a computer player, which thinks in
 * a worker thread from what its seat may know. */
#pragma once

#include "arb-ai.h"
#include "arb-game.h"
#include "arb-seat.h"

G_BEGIN_DECLS

#define ARB_TYPE_COMPUTER_SEAT (arb_computer_seat_get_type ())
G_DECLARE_FINAL_TYPE (ArbComputerSeat, arb_computer_seat, ARB, COMPUTER_SEAT, GObject)

ArbComputerSeat *arb_computer_seat_new          (ArbAiLevel       level,
                                                 gint64           seed);
ArbComputerSeat *arb_computer_seat_new_for_game (ArbGame         *game,
                                                 guint            seat);
ArbAiLevel       arb_computer_seat_get_level    (ArbComputerSeat *self);
void             arb_computer_seat_set_pace     (ArbComputerSeat *self,
                                                 guint            pace_ms);

G_END_DECLS
