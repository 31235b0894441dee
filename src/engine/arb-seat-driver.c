/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-seat-driver.c: asks the seat whose turn it is for its move.
 *
 * The one loop of every game: the session at the window, each table of
 * the network server and `arboretum-cli join --ai` hand it the seat's
 * projection at each turn; it asks that seat (arb-seat.h: a person, a
 * computer or a remote player), and "chosen" gives the answer to whoever
 * holds the game, which applies it as its rules and files say. One
 * question at a time: asking another withdraws the one under way, and so
 * does cancelling (a take back, a replay, another game, a closed window or
 * table), after which no answer to it is given. Computers' seats follow
 * the game's players and one policy for seeds and pace
 * (arb-computer-seat.c).
 */
#include "config.h"

#include "arb-computer-seat.h"
#include "arb-seat-driver.h"

struct _ArbSeatDriver
{
  GObject       parent_instance;

  ArbSeat      *seats[ARB_MAX_PLAYERS];
  guint         pace_ms;
  GCancellable *cancellable;  /* the question under way, or NULL */
  int           asked;        /* its seat, or -1 */
  guint         step;         /* its step */
};

G_DEFINE_FINAL_TYPE (ArbSeatDriver, arb_seat_driver, G_TYPE_OBJECT)

enum {
  CHOSEN,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct {
  ArbSeatDriver *driver;
  GCancellable  *cancellable;
} Question;

ArbSeatDriver *
arb_seat_driver_new (void)
{
  return g_object_new (ARB_TYPE_SEAT_DRIVER, NULL);
}

/* Who plays seat index: NULL for nobody here (the driver asks nothing). */
void
arb_seat_driver_set_seat (ArbSeatDriver *self, guint index, ArbSeat *seat)
{
  g_return_if_fail (ARB_IS_SEAT_DRIVER (self));
  g_return_if_fail (index < ARB_MAX_PLAYERS);
  g_return_if_fail (seat == NULL || ARB_IS_SEAT (seat));
  if (self->seats[index] == seat)
    return;
  if (self->asked == (int) index)
    arb_seat_driver_cancel (self);
  if (ARB_IS_COMPUTER_SEAT (seat))
    arb_computer_seat_set_pace (ARB_COMPUTER_SEAT (seat), self->pace_ms);
  g_set_object (&self->seats[index], seat);
}

ArbSeat *
arb_seat_driver_get_seat (ArbSeatDriver *self, guint index)
{
  g_return_val_if_fail (ARB_IS_SEAT_DRIVER (self), NULL);
  g_return_val_if_fail (index < ARB_MAX_PLAYERS, NULL);
  return self->seats[index];
}

/* Every seat of game that a computer plays gets its computer, at its
 * level, with the game's seed policy; a seat a person took from a computer
 * gets nobody. A computer already in place at the same level stays, with
 * its seed. */
void
arb_seat_driver_set_computers (ArbSeatDriver *self, ArbGame *game)
{
  g_return_if_fail (ARB_IS_SEAT_DRIVER (self));
  g_return_if_fail (ARB_IS_GAME (game));
  for (guint i = 0; i < arb_game_get_n_seats (game); i++)
    {
      ArbAiLevel level;
      ArbSeat *seat = self->seats[i];

      if (!arb_ai_player_level (arb_game_get_player (game, i), &level))
        {
          if (ARB_IS_COMPUTER_SEAT (seat))
            arb_seat_driver_set_seat (self, i, NULL);
        }
      else if (!ARB_IS_COMPUTER_SEAT (seat) || arb_computer_seat_get_level (ARB_COMPUTER_SEAT (seat)) != level)
        {
          g_autoptr (ArbComputerSeat) computer = arb_computer_seat_new_for_game (game, i);

          arb_seat_driver_set_seat (self, i, ARB_SEAT (computer));
        }
    }
}

/* The pace of the computers' seats, from now on (arb_computer_seat_set_pace). */
void
arb_seat_driver_set_pace (ArbSeatDriver *self, guint pace_ms)
{
  g_return_if_fail (ARB_IS_SEAT_DRIVER (self));
  self->pace_ms = pace_ms;
  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    if (ARB_IS_COMPUTER_SEAT (self->seats[i]))
      arb_computer_seat_set_pace (ARB_COMPUTER_SEAT (self->seats[i]), pace_ms);
}

static void
question_free (Question *question)
{
  g_object_unref (question->driver);
  g_object_unref (question->cancellable);
  g_free (question);
}

static void
on_answered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Question *question = user_data;
  ArbSeatDriver *self = question->driver;
  g_autoptr (GError) error = NULL;
  gboolean current = self->cancellable == question->cancellable;
  int seat = self->asked;
  ArbMove move;

  gboolean chosen = arb_seat_choose_finish (ARB_SEAT (source), result, &move, &error);

  if (!current || g_cancellable_is_cancelled (question->cancellable))
    {
      question_free (question);
      return;
    }
  /* Done before the owner hears of it: its handler may ask the next. */
  g_clear_object (&self->cancellable);
  self->asked = -1;
  if (chosen)
    g_signal_emit (self, signals[CHOSEN], 0, (guint) seat, self->step, &move);
  else
    g_signal_emit (self, signals[FAILED], 0, (guint) seat, error->message);
  question_free (question);
}

/* Asks the seat whose turn it is in view, its own projection before step
 * (the number of steps taken), for its move. FALSE when the game is over,
 * when nobody plays that seat here or view is another's, or when the same
 * question is under way already; another question under way is withdrawn. */
gboolean
arb_seat_driver_ask (ArbSeatDriver *self, const ArbProjection *view, guint step)
{
  int seat;
  Question *question;

  g_return_val_if_fail (ARB_IS_SEAT_DRIVER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  seat = view->state.current;
  /* A view from the network is checked, not trusted, to be the seat's. */
  if (view->state.phase == ARB_PHASE_OVER || seat < 0 || seat >= ARB_MAX_PLAYERS
      || view->viewer != seat || self->seats[seat] == NULL)
    return FALSE;
  if (self->asked == seat && self->step == step)
    return FALSE;
  arb_seat_driver_cancel (self);
  self->cancellable = g_cancellable_new ();
  self->asked = seat;
  self->step = step;
  question = g_new0 (Question, 1);
  question->driver = g_object_ref (self);
  question->cancellable = g_object_ref (self->cancellable);
  arb_seat_choose_async (self->seats[seat], view, step, self->cancellable, on_answered, question);
  return TRUE;
}

/* The seat whose move is awaited, or -1. */
int
arb_seat_driver_get_asked (ArbSeatDriver *self)
{
  g_return_val_if_fail (ARB_IS_SEAT_DRIVER (self), -1);
  return self->asked;
}

/* Withdraws the question under way: its answer is never given. */
void
arb_seat_driver_cancel (ArbSeatDriver *self)
{
  g_return_if_fail (ARB_IS_SEAT_DRIVER (self));
  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->asked = -1;
}

/* Whether a computer's step is under way: thinking, or waiting its pace. */
gboolean
arb_seat_driver_is_busy (ArbSeatDriver *self)
{
  g_return_val_if_fail (ARB_IS_SEAT_DRIVER (self), FALSE);
  return self->asked >= 0 && ARB_IS_COMPUTER_SEAT (self->seats[self->asked]);
}

static void
arb_seat_driver_dispose (GObject *object)
{
  ArbSeatDriver *self = ARB_SEAT_DRIVER (object);

  arb_seat_driver_cancel (self);
  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    g_clear_object (&self->seats[i]);
  G_OBJECT_CLASS (arb_seat_driver_parent_class)->dispose (object);
}

static void
arb_seat_driver_class_init (ArbSeatDriverClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arb_seat_driver_dispose;

  /* (seat, step, const ArbMove *move): the seat asked answered; the move
   * is valid during the emission. */
  signals[CHOSEN] =
    g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_POINTER);
  /* (seat, message): the seat found no move, which for a computer is a bug. */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
}

static void
arb_seat_driver_init (ArbSeatDriver *self)
{
  self->asked = -1;
}
