/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat.h: whoever plays a seat, as the game sees it.
 *
 * As GNOME Chess's ChessPlayer, a seat is told what its viewer may know (an
 * ArbProjection, the step it is at) and asked for its move, which it answers
 * asynchronously; whether a person, a computer or a player across the
 * network answers is the seat's business, never the game's:
 *
 *   ArbPersonSeat    a person at this screen: the move the window gives;
 *   ArbComputerSeat  a computer player, thinking in a worker thread;
 *   ArbRemoteSeat    a player elsewhere, whose steps arrive from the network.
 *
 * ArbSeatDriver asks the seat whose turn it is and reports its move; the
 * session, the server's tables and `arboretum-cli join --ai` all play
 * through it.
 */
#pragma once

#include <gio/gio.h>

#include "arb-move.h"
#include "arb-projection.h"

G_BEGIN_DECLS

#define ARB_TYPE_SEAT (arb_seat_get_type ())
G_DECLARE_INTERFACE (ArbSeat, arb_seat, ARB, SEAT, GObject)

struct _ArbSeatInterface
{
  GTypeInterface parent_iface;

  void     (*choose_async)  (ArbSeat             *self,
                             const ArbProjection *view,
                             guint                step,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data);
  gboolean (*choose_finish) (ArbSeat             *self,
                             GAsyncResult        *result,
                             ArbMove             *move,
                             GError             **error);
};

/* view is the seat's own, at its turn, before step (the number of steps
 * taken); it is copied. */
void     arb_seat_choose_async  (ArbSeat             *self,
                                 const ArbProjection *view,
                                 guint                step,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
gboolean arb_seat_choose_finish (ArbSeat             *self,
                                 GAsyncResult        *result,
                                 ArbMove             *move,
                                 GError             **error);

G_END_DECLS
