/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat.c: whoever plays a seat, as the game sees it (arb-seat.h), and
 * the question a seat answers from outside: a person's or a remote
 * player's (arb-seat-private.h). */
#include "config.h"

#include "arb-seat-private.h"

G_DEFINE_INTERFACE (ArbSeat, arb_seat, G_TYPE_OBJECT)

static void
arb_seat_default_init (ArbSeatInterface *iface)
{
}

void
arb_seat_choose_async (ArbSeat *self, const ArbProjection *view, guint step, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ARB_IS_SEAT (self));
  g_return_if_fail (view != NULL);
  ARB_SEAT_GET_IFACE (self)->choose_async (self, view, step, cancellable, callback, user_data);
}

gboolean
arb_seat_choose_finish (ArbSeat *self, GAsyncResult *result, ArbMove *move, GError **error)
{
  g_return_val_if_fail (ARB_IS_SEAT (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  return ARB_SEAT_GET_IFACE (self)->choose_finish (self, result, move, error);
}

/* ---- a question answered from outside -------------------------------------- */

/* Counted: a question withdrawn is answered from an idle, which may run
 * after its seat has asked the next one. */
struct _ArbSeatQuestion
{
  ArbSeat            *seat;
  GCancellable       *cancellable;
  gulong              cancelled_id;
  GAsyncReadyCallback callback;   /* NULL once answered */
  gpointer            user_data;
};

static void
question_clear (gpointer data)
{
  ArbSeatQuestion *question = data;

  g_cancellable_disconnect (question->cancellable, question->cancelled_id);
  g_clear_object (&question->cancellable);
  g_clear_object (&question->seat);
}

static void
answer (ArbSeatQuestion *question, GTask *task)
{
  GAsyncReadyCallback callback = question->callback;

  if (callback == NULL)
    return;
  question->callback = NULL;
  callback (G_OBJECT (question->seat), G_ASYNC_RESULT (task), question->user_data);
}

/* A question withdrawn is answered from the main loop, never from inside
 * the cancellable's handler. */
static gboolean
answer_withdrawn (gpointer data)
{
  ArbSeatQuestion *question = data;
  g_autoptr (GTask) task = g_task_new (question->seat, NULL, NULL, NULL);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The question was withdrawn");
  answer (question, task);
  return G_SOURCE_REMOVE;
}

static void
on_withdrawn (GCancellable *cancellable, gpointer data)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, answer_withdrawn, arb_seat_question_ref (data),
                   (GDestroyNotify) arb_seat_question_unref);
}

static ArbSeatQuestion *
question_new (ArbSeat *seat, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data)
{
  ArbSeatQuestion *question = g_rc_box_new0 (ArbSeatQuestion);

  question->seat = g_object_ref (seat);
  question->callback = callback;
  question->user_data = user_data;
  if (cancellable != NULL)
    {
      question->cancellable = g_object_ref (cancellable);
      /* Runs at once when already cancelled. */
      question->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_withdrawn), question, NULL);
    }
  return question;
}

/* A seat's choose_async: *question, the seat's last one, is answered or
 * withdrawn already; the new one takes its place. */
void
arb_seat_question_ask (ArbSeatQuestion **question, ArbSeat *seat, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (!arb_seat_question_is_open (*question));
  g_clear_pointer (question, arb_seat_question_unref);
  *question = question_new (seat, cancellable, callback, user_data);
}

ArbSeatQuestion *
arb_seat_question_ref (ArbSeatQuestion *question)
{
  return g_rc_box_acquire (question);
}

void
arb_seat_question_unref (ArbSeatQuestion *question)
{
  g_rc_box_release_full (question, question_clear);
}

/* Whether the question waits for its answer: neither answered nor
 * withdrawn by its asker. */
gboolean
arb_seat_question_is_open (ArbSeatQuestion *question)
{
  return question != NULL && question->callback != NULL && !g_cancellable_is_cancelled (question->cancellable);
}

/* The answer comes back at once, within this call: a person sees their
 * move taken, or refused, before the window's action returns. */
void
arb_seat_question_answer (ArbSeatQuestion *question, const ArbMove *move)
{
  g_autoptr (GTask) task = g_task_new (question->seat, NULL, NULL, NULL);

  g_return_if_fail (arb_seat_question_is_open (question));
  g_task_return_pointer (task, g_memdup2 (move, sizeof *move), g_free);
  answer (question, task);
}

/* A seat's choose_finish: the move its GTask returned (a copy to free). */
gboolean
arb_seat_move_finish (ArbSeat *seat, GAsyncResult *result, ArbMove *move, GError **error)
{
  g_autofree ArbMove *answered = g_task_propagate_pointer (G_TASK (result), error);

  if (answered == NULL)
    return FALSE;
  *move = *answered;
  return TRUE;
}
