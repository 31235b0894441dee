/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat-private.h: for the seats' implementations: the question a seat
 * answers from outside, as a person at the screen or a player across the
 * network does (kept until the move comes, or answered "cancelled" once
 * its asker withdraws it), and the move a seat's task returned. */
#pragma once

#include "arb-seat.h"

G_BEGIN_DECLS

typedef struct _ArbSeatQuestion ArbSeatQuestion;

void             arb_seat_question_ask      (ArbSeatQuestion    **question,
                                             ArbSeat             *seat,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
ArbSeatQuestion *arb_seat_question_ref      (ArbSeatQuestion     *question);
void             arb_seat_question_unref    (ArbSeatQuestion     *question);
gboolean         arb_seat_question_is_open  (ArbSeatQuestion     *question);
void             arb_seat_question_answer   (ArbSeatQuestion     *question,
                                             const ArbMove       *move);
gboolean         arb_seat_move_finish   (ArbSeat             *seat,
                                             GAsyncResult        *result,
                                             ArbMove             *move,
                                             GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSeatQuestion, arb_seat_question_unref)

G_END_DECLS
