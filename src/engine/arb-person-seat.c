/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-person-seat.c: a seat played by a person at this screen. The session
 * asks it for its move when the person's turn comes, and the window's
 * input answers: the session checks the move with the rules first, so
 * that a refusal reaches the person at once, then gives it here. */
#include "config.h"

#include "arb-seat-private.h"
#include "arb-person-seat.h"

struct _ArbPersonSeat
{
  GObject          parent_instance;

  ArbSeatQuestion *question;  /* the last one asked, open or not */
};

static void arb_person_seat_iface_init (ArbSeatInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbPersonSeat, arb_person_seat, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_SEAT, arb_person_seat_iface_init))

ArbPersonSeat *
arb_person_seat_new (void)
{
  return g_object_new (ARB_TYPE_PERSON_SEAT, NULL);
}

/* Whether the person was asked for a move and has not given it yet. */
gboolean
arb_person_seat_is_asked (ArbPersonSeat *self)
{
  g_return_val_if_fail (ARB_IS_PERSON_SEAT (self), FALSE);
  return arb_seat_question_is_open (self->question);
}

/* The person's move, which the rules allow: it answers the question at
 * once. FALSE when nobody asked this seat for a move. */
gboolean
arb_person_seat_play (ArbPersonSeat *self, const ArbMove *move)
{
  g_return_val_if_fail (ARB_IS_PERSON_SEAT (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  if (!arb_seat_question_is_open (self->question))
    return FALSE;
  arb_seat_question_answer (self->question, move);
  return TRUE;
}

static void
choose_async (ArbSeat *seat, const ArbProjection *view, guint step, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data)
{
  arb_seat_question_ask (&ARB_PERSON_SEAT (seat)->question, seat, cancellable, callback, user_data);
}

static void
arb_person_seat_finalize (GObject *object)
{
  ArbPersonSeat *self = ARB_PERSON_SEAT (object);

  g_clear_pointer (&self->question, arb_seat_question_unref);
  G_OBJECT_CLASS (arb_person_seat_parent_class)->finalize (object);
}

static void
arb_person_seat_iface_init (ArbSeatInterface *iface)
{
  iface->choose_async = choose_async;
  iface->choose_finish = arb_seat_move_finish;
}

static void
arb_person_seat_class_init (ArbPersonSeatClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_person_seat_finalize;
}

static void
arb_person_seat_init (ArbPersonSeat *self)
{
}
