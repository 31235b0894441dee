/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat-driver.c: plays the computers' turns of a game, at a pace.
 *
 * Not a widget: the window asks it to play the step of a computer's seat;
 * the computer thinks in a worker thread from what its seat may know
 * (arb_ai_decide, through arb_ai_choose_async), the move waits until the
 * pace has passed since the step began, so that a person can follow it,
 * then the game applies it and says so by its own signals. Cancelling (a
 * take back, a replay, another game, the window closing) leaves the game
 * as it was.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-seat-driver.h"

struct _ArbSeatDriver
{
  GObject       parent_instance;

  ArbGame      *game;
  GCancellable *cancellable; /* set from the start of a step to its move */
  gint64        started;
  guint         pace_ms;
  ArbMove       move;
  guint         timeout;
};

G_DEFINE_FINAL_TYPE (ArbSeatDriver, arb_seat_driver, G_TYPE_OBJECT)

enum {
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

ArbSeatDriver *
arb_seat_driver_new (ArbGame *game)
{
  ArbSeatDriver *self;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  self = g_object_new (ARB_TYPE_SEAT_DRIVER, NULL);
  self->game = g_object_ref (game);
  return self;
}

static gboolean
apply_move (gpointer user_data)
{
  ArbSeatDriver *self = user_data;
  g_autoptr (GError) error = NULL;

  self->timeout = 0;
  g_clear_object (&self->cancellable);
  if (!arb_game_apply (self->game, &self->move, &error))
    g_critical ("The computer chose a refused move: %s", error->message);
  return G_SOURCE_REMOVE;
}

static void
on_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ArbSeatDriver) self = user_data;
  g_autoptr (GError) error = NULL;
  gint64 elapsed_ms;
  ArbMove move;

  if (!arb_ai_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_object (&self->cancellable);
          g_signal_emit (self, signals[FAILED], 0,
                         error != NULL ? error->message : _("The computer found no move"));
        }
      return;
    }
  if (self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;
  self->move = move;
  /* The move stays on screen for the pace at least, thinking included. */
  elapsed_ms = (g_get_monotonic_time () - self->started) / 1000;
  self->timeout = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                      elapsed_ms >= self->pace_ms ? 0 : (guint) (self->pace_ms - elapsed_ms),
                                      apply_move, g_object_ref (self), g_object_unref);
}

/* Plays the step of the current seat, which is a computer's; FALSE when a
 * step is already under way or the game is over. */
gboolean
arb_seat_driver_play (ArbSeatDriver *self, guint pace_ms)
{
  guint seat;
  ArbAiLevel level = ARB_AI_RANDOM;
  ArbAiParams params;
  ArbProjection view;

  g_return_val_if_fail (ARB_IS_SEAT_DRIVER (self), FALSE);
  if (self->cancellable != NULL || arb_game_is_finished (self->game))
    return FALSE;
  seat = arb_game_get_current_player (self->game);
  if (!arb_ai_player_level (arb_game_get_player (self->game, seat), &level))
    return FALSE;
  arb_ai_params_init (&params, level, g_random_int ());
  /* The computer sees what its seat may know, never the others' hands. */
  arb_game_project (self->game, (int) seat, &view);
  self->pace_ms = pace_ms;
  self->started = g_get_monotonic_time ();
  self->cancellable = g_cancellable_new ();
  arb_ai_choose_async (&view, &params, self->cancellable, on_chosen, g_object_ref (self));
  return TRUE;
}

void
arb_seat_driver_cancel (ArbSeatDriver *self)
{
  g_return_if_fail (ARB_IS_SEAT_DRIVER (self));
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->timeout, g_source_remove);
}

/* Whether a computer's step is under way: thinking, or waiting its pace. */
gboolean
arb_seat_driver_is_busy (ArbSeatDriver *self)
{
  g_return_val_if_fail (ARB_IS_SEAT_DRIVER (self), FALSE);
  return self->cancellable != NULL;
}

static void
arb_seat_driver_dispose (GObject *object)
{
  ArbSeatDriver *self = ARB_SEAT_DRIVER (object);

  arb_seat_driver_cancel (self);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (arb_seat_driver_parent_class)->dispose (object);
}

static void
arb_seat_driver_class_init (ArbSeatDriverClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arb_seat_driver_dispose;

  /* (message): a computer found no move, which is a bug in it. */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_seat_driver_init (ArbSeatDriver *self)
{
}
