/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-remote-seat.c: a seat played elsewhere (arb-remote-seat.h). Its
 * question stays open until its asker withdraws it, the step having come
 * from the network meanwhile. */
#include "config.h"

#include "arb-seat-private.h"
#include "arb-remote-seat.h"

struct _ArbRemoteSeat
{
  GObject          parent_instance;

  ArbSeatQuestion *question;
};

static void arb_remote_seat_iface_init (ArbSeatInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbRemoteSeat, arb_remote_seat, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_SEAT, arb_remote_seat_iface_init))

ArbRemoteSeat *
arb_remote_seat_new (void)
{
  return g_object_new (ARB_TYPE_REMOTE_SEAT, NULL);
}

static void
choose_async (ArbSeat *seat, const ArbProjection *view, guint step, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data)
{
  arb_seat_question_ask (&ARB_REMOTE_SEAT (seat)->question, seat, cancellable, callback, user_data);
}

static void
arb_remote_seat_finalize (GObject *object)
{
  ArbRemoteSeat *self = ARB_REMOTE_SEAT (object);

  g_clear_pointer (&self->question, arb_seat_question_unref);
  G_OBJECT_CLASS (arb_remote_seat_parent_class)->finalize (object);
}

static void
arb_remote_seat_iface_init (ArbSeatInterface *iface)
{
  iface->choose_async = choose_async;
  iface->choose_finish = arb_seat_move_finish;
}

static void
arb_remote_seat_class_init (ArbRemoteSeatClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_remote_seat_finalize;
}

static void
arb_remote_seat_init (ArbRemoteSeat *self)
{
}
