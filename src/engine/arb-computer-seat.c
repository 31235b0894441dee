/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-computer-seat.c: a seat played by a computer player.
 *
 * The one policy for a computer's decisions, wherever it plays (the
 * window, a server's table, `arboretum-cli join --ai`):
 *
 * - Seeds. The decision at step s of seat n uses arb_ai_decision_seed
 *   (seed, 0, s, n), as `arboretum-cli play --seed` does, so that a game
 *   with a public seed (self-play, a practice table, a test) is played the
 *   same every time. A game no seed describes draws the seat's seed from
 *   the operating system's source (arb-random.h): its decisions tell
 *   nothing either, and no two tables play alike.
 * - Thinking time. The computer thinks in a worker thread, from the
 *   projection it is given (never another hand), within the level's budget;
 *   its answer waits until "pace" has passed since it was asked, thinking
 *   included, so that a person can follow the step on screen.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-random.h"
#include "arb-seat-private.h"
#include "arb-computer-seat.h"

struct _ArbComputerSeat
{
  GObject    parent_instance;

  ArbAiLevel level;
  guint32    seed;
  guint      pace_ms;
};

static void arb_computer_seat_iface_init (ArbSeatInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbComputerSeat, arb_computer_seat, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_SEAT, arb_computer_seat_iface_init))

/* seed: the seed of the game's decisions (see above), from 0 to
 * G_MAXUINT32; ARB_GAME_NO_SEED for one drawn here. */
ArbComputerSeat *
arb_computer_seat_new (ArbAiLevel level, gint64 seed)
{
  ArbComputerSeat *self;

  g_return_val_if_fail (seed == ARB_GAME_NO_SEED || (seed >= 0 && seed <= G_MAXUINT32), NULL);
  self = g_object_new (ARB_TYPE_COMPUTER_SEAT, NULL);
  self->level = level;
  if (seed != ARB_GAME_NO_SEED)
    self->seed = (guint32) seed;
  else if (!arb_random_bytes ((guint8 *) &self->seed, sizeof self->seed))
    self->seed = g_random_int ();  /* no getrandom(): an old kernel */
  return self;
}

/* The computer of game's seat, or NULL when a person plays it. */
ArbComputerSeat *
arb_computer_seat_new_for_game (ArbGame *game, guint seat)
{
  ArbAiLevel level;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (seat < arb_game_get_n_seats (game), NULL);
  if (!arb_ai_player_level (arb_game_get_player (game, seat), &level))
    return NULL;
  return arb_computer_seat_new (level, arb_game_has_seed (game) ? (gint64) arb_game_get_seed (game) : ARB_GAME_NO_SEED);
}

ArbAiLevel
arb_computer_seat_get_level (ArbComputerSeat *self)
{
  g_return_val_if_fail (ARB_IS_COMPUTER_SEAT (self), ARB_AI_RANDOM);
  return self->level;
}

/* How long a step takes at least, from the question to the answer, in
 * milliseconds: 0 answers as soon as the computer has decided. */
void
arb_computer_seat_set_pace (ArbComputerSeat *self, guint pace_ms)
{
  g_return_if_fail (ARB_IS_COMPUTER_SEAT (self));
  self->pace_ms = pace_ms;
}

typedef struct {
  gint64  asked;   /* monotonic */
  guint   pace_ms;
  ArbMove move;
} Thinking;

static gboolean
answer_at_pace (gpointer user_data)
{
  GTask *task = user_data;
  Thinking *thinking = g_task_get_task_data (task);

  g_task_return_pointer (task, g_memdup2 (&thinking->move, sizeof thinking->move), g_free);
  return G_SOURCE_REMOVE;
}

static void
on_decided (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  Thinking *thinking = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  gint64 elapsed_ms;

  if (!arb_ai_choose_finish (result, &thinking->move, NULL, &error))
    {
      if (error == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The computer found no move"));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* A question withdrawn meanwhile is answered "cancelled" by the task. */
  elapsed_ms = (g_get_monotonic_time () - thinking->asked) / 1000;
  if (elapsed_ms >= thinking->pace_ms)
    answer_at_pace (task);
  else
    g_timeout_add_full (G_PRIORITY_DEFAULT, (guint) (thinking->pace_ms - elapsed_ms), answer_at_pace,
                        g_object_ref (task), g_object_unref);
}

static void
choose_async (ArbSeat *seat, const ArbProjection *view, guint step, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data)
{
  ArbComputerSeat *self = ARB_COMPUTER_SEAT (seat);
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Thinking *thinking = g_new0 (Thinking, 1);
  ArbAiParams params;

  thinking->asked = g_get_monotonic_time ();
  thinking->pace_ms = self->pace_ms;
  g_task_set_task_data (task, thinking, g_free);
  arb_ai_params_init (&params, self->level,
                      arb_ai_decision_seed (self->seed, 0, step, (guint) view->state.current));
  arb_ai_choose_async (view, &params, cancellable, on_decided, task);
}

static void
arb_computer_seat_iface_init (ArbSeatInterface *iface)
{
  iface->choose_async = choose_async;
  iface->choose_finish = arb_seat_move_finish;
}

static void
arb_computer_seat_class_init (ArbComputerSeatClass *klass)
{
}

static void
arb_computer_seat_init (ArbComputerSeat *self)
{
}
