/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session-play.c: the course of play in ArbSession: who acts, what the
 * screen shows, the seats, hints, and network play.
 *
 * Every seat is an ArbSeat, asked for its move by ArbSeatDriver when its
 * turn comes: a person at this screen (ArbPersonSeat) answers through
 * arb_session_draw() and arb_session_apply(); a computer (ArbComputerSeat)
 * thinks in a worker thread and answers at the pace of "think-time"; in
 * network play the host's seats are remote (ArbRemoteSeat): the host
 * plays them, and its steps come through the session's link (arb-link.h),
 * as the seat at this screen saw them; the person's moves go out through
 * it too.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-ai.h"
#include "arb-game-seen.h"
#include "arb-person-seat.h"
#include "arb-remote-seat.h"
#include "arb-session-private.h"

/* ---- who acts, and what the screen shows ----------------------------------- */

static void
set_boolean (ArbSession *self, gboolean *field, gboolean value, guint prop)
{
  if (*field == value)
    return;
  *field = value;
  _arb_session_notify (self, prop);
}

/* Whether a person at this screen plays seat. */
static gboolean
is_person (ArbSession *self, guint seat)
{
  return seat < ARB_MAX_PLAYERS && ARB_IS_PERSON_SEAT (arb_seat_driver_get_seat (self->driver, seat));
}

/* Who plays each seat of game: a computer as its player says, a person at
 * this screen; a game seen from one seat online is the host's to play,
 * but for that seat while the session is linked to the host. */
void
_arb_session_seat_players (ArbSession *self, ArbGame *game)
{
  guint n = game != NULL ? arb_game_get_n_seats (game) : 0;

  arb_seat_driver_cancel (self->driver);
  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    arb_seat_driver_set_seat (self->driver, i, NULL);
  if (game != NULL && self->online_seat < 0)
    arb_seat_driver_set_computers (self->driver, game);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (ArbSeat) seat = NULL;

      if (self->online_seat >= 0 && ((int) i != self->online_seat || self->link == NULL))
        seat = ARB_SEAT (arb_remote_seat_new ());
      else if (arb_seat_driver_get_seat (self->driver, i) == NULL)
        seat = ARB_SEAT (arb_person_seat_new ());
      if (seat != NULL)
        arb_seat_driver_set_seat (self->driver, i, seat);
    }
}

/* Whether every seat is played here: a game whose other seats a host plays
 * elsewhere (remote seats) is the host's to take back, never this screen's. */
static gboolean
all_seats_here (ArbSession *self)
{
  for (guint p = 0; p < arb_game_get_n_seats (self->game); p++)
    if (ARB_IS_REMOTE_SEAT (arb_seat_driver_get_seat (self->driver, p)))
      return FALSE;
  return TRUE;
}

/* The people at the screen: how many, and the first one's seat (or -1).
 * Online, the other people play elsewhere (remote seats). */
static guint
count_people (ArbSession *self, int *first)
{
  guint n = 0;

  *first = -1;
  for (guint p = 0; p < arb_game_get_n_seats (self->game); p++)
    if (is_person (self, p) && n++ == 0)
      *first = (int) p;
  return n;
}

/* Which viewer the screen shows, and whom it waits for behind the cover.
 * One person: always theirs. Nobody: the public table. Several people:
 * the person whose turn it is once they lifted the cover, and the public
 * table otherwise, above all while a computer acts, so that nobody's hand
 * stays on screen for the others to see. A finished game shows every hand
 * whoever looks (the projection reveals them). */
static void
choose_viewer (ArbSession *self, int *viewer, int *cover_for)
{
  guint current;
  int person;
  guint n_people = count_people (self, &person);

  *viewer = ARB_VIEWER_PUBLIC;
  *cover_for = -1;
  if (n_people == 1 && !(self->replay != NULL && self->open_hands && !self->made_up
                       && arb_game_is_finished (self->game)))
    {
      *viewer = person;
      return;
    }
  /* Once the game is over nothing is secret: its replay may show every
   * card, even those never shown at the table. */
  if (self->replay != NULL && self->open_hands && arb_game_is_finished (self->game))
    {
      *viewer = ARB_VIEWER_ALL;
      return;
    }
  if (n_people == 0 || self->replay != NULL || arb_game_is_finished (self->game))
    return;
  current = arb_game_get_current_player (self->game);
  if (!is_person (self, current))
    return;
  if ((int) current == self->at_screen)
    *viewer = (int) current;
  else
    *cover_for = (int) current;
}

void
_arb_session_update_state (ArbSession *self)
{
  gboolean to_act = FALSE;
  gboolean take_back = FALSE;
  int viewer = ARB_VIEWER_PUBLIC;
  int cover_for = -1;

  if (self->game != NULL)
    {
      guint n = arb_game_get_n_steps (self->game);
      guint current = arb_game_get_current_player (self->game);

      choose_viewer (self, &viewer, &cover_for);
      to_act = self->replay == NULL && !arb_game_is_finished (self->game) && cover_for < 0
               && is_person (self, current) && viewer == (int) current
               && !self->move_sent;
      /* Only the person at the screen takes back their own play or discard. */
      take_back = self->replay == NULL && cover_for < 0 && all_seats_here (self) && arb_game_can_take_back (self->game) && n > 0
                  && (int) arb_game_get_step (self->game, n - 1)->player == viewer;
    }
  /* The source and its viewer change together: a seat of the last game
   * may not exist in the new one. */
  arb_viewpoint_show (self->viewpoint,
                      self->replay != NULL ? ARB_TABLE_EVENTS (self->replay)
                      : self->game != NULL ? ARB_TABLE_EVENTS (self->game) : NULL,
                      viewer);
  if (self->cover_for != cover_for)
    {
      self->cover_for = cover_for;
      _arb_session_notify (self, PROP_COVER_FOR);
    }
  set_boolean (self, &self->person_to_act, to_act, PROP_PERSON_TO_ACT);
  set_boolean (self, &self->can_take_back, take_back, PROP_CAN_TAKE_BACK);
  set_boolean (self, &self->busy,
               self->move_sent || arb_seat_driver_is_busy (self->driver),
               PROP_BUSY);
}

ArbViewpoint *
arb_session_get_viewpoint (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->viewpoint;
}

int
arb_session_get_cover_for (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), -1);
  return self->cover_for;
}

gboolean
arb_session_get_person_to_act (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->person_to_act;
}

gboolean
arb_session_get_can_take_back (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->can_take_back;
}

/* Whether a computer's step is under way: thinking, or waiting its pace. */
gboolean
arb_session_get_busy (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->busy;
}

/* How long a computer's step stays on screen at least, in milliseconds. */
void
arb_session_set_think_time (ArbSession *self, guint think_time_ms)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->think_time == think_time_ms)
    return;
  self->think_time = think_time_ms;
  arb_seat_driver_set_pace (self->driver, think_time_ms);
  _arb_session_notify (self, PROP_THINK_TIME);
}

/* Every hand open in the replay of a finished game: the screen shows every
 * card (ARB_VIEWER_ALL). A game still going on keeps its secrets. */
void
arb_session_set_open_hands (ArbSession *self, gboolean open_hands)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->open_hands == !!open_hands)
    return;
  self->open_hands = !!open_hands;
  _arb_session_update_state (self);
  _arb_session_notify (self, PROP_OPEN_HANDS);
}

/* The person whose turn it is lifts the cover. */
void
arb_session_reveal (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->cover_for < 0)
    return;
  self->at_screen = self->cover_for;
  _arb_session_update_state (self);
}

/* ---- the seats ----------------------------------------------------------- */

static void
cancel_hint (ArbSession *self)
{
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
}

/* Everything a computer does for the game shown: a hint, a review, a step. */
void
_arb_session_cancel_computer (ArbSession *self)
{
  cancel_hint (self);
  arb_session_cancel_review (self);
  arb_seat_driver_cancel (self->driver);
}

/* The seat whose turn it is is asked for its move, once a step. */
static void
ask_current (ArbSession *self)
{
  guint seat = arb_game_get_current_player (self->game);
  ArbProjection view;

  arb_game_project (self->game, (int) seat, &view);
  arb_seat_driver_ask (self->driver, &view, arb_game_get_n_steps (self->game));
}

/* Decides who acts next: the seat whose turn it is is asked (a computer
 * thinks, a person takes the screen, behind a cover when another person
 * had it), or the game is scored. */
void
_arb_session_advance (ArbSession *self)
{
  g_clear_handle_id (&self->advance_idle, g_source_remove);
  if (self->game == NULL || self->replay != NULL)
    return;
  _arb_session_update_state (self);
  if (arb_game_is_finished (self->game))
    {
      g_signal_emit (self, _arb_session_signals[GAME_ENDED], 0);
      return;
    }
  ask_current (self);
  _arb_session_update_state (self);
}

static gboolean
advance_idle_cb (gpointer user_data)
{
  ArbSession *self = user_data;

  self->advance_idle = 0;
  _arb_session_advance (self);
  return G_SOURCE_REMOVE;
}

/* The screen changes at once (a person's hand leaves as soon as their turn
 * ends); the next seat acts once the step has been shown. */
void
_arb_session_step_done (ArbSession *self)
{
  _arb_session_update_state (self);
  if (self->advance_idle == 0)
    self->advance_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, advance_idle_cb,
                                          g_object_ref (self), g_object_unref);
}

/* The seat asked answered: the move a person gave or a computer chose.
 * Online, the person's goes to the host, whose step comes back. */
static void
on_seat_chose (ArbSeatDriver *driver, guint seat, guint step, const ArbMove *move, ArbSession *self)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || self->replay != NULL || step != arb_game_get_n_steps (self->game))
    return;
  if (self->link != NULL)
    {
      self->move_sent = TRUE;
      _arb_session_update_state (self);
      arb_link_send_move (self->link, move);
      return;
    }
  /* A person's move was checked as they gave it. */
  if (!arb_game_apply (self->game, move, &error))
    g_critical ("The seat %u chose a refused move: %s", seat + 1, error->message);
}

static void
on_seat_failed (ArbSeatDriver *driver, guint seat, const char *message, ArbSession *self)
{
  _arb_session_say (self, message, TRUE);
  _arb_session_update_state (self);
}

/* The driver that asks each seat for its move, for the life of the session. */
void
_arb_session_init_seats (ArbSession *self)
{
  self->driver = arb_seat_driver_new ();
  g_signal_connect (self->driver, "chosen", G_CALLBACK (on_seat_chose), self);
  g_signal_connect (self->driver, "failed", G_CALLBACK (on_seat_failed), self);
}

/* The person at the screen's steps. A step out of turn is refused here;
 * a step against the rules, by the engine with its reason. */
static gboolean
check_person (ArbSession *self, GError **error)
{
  if (self->person_to_act)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, _("It is not your turn"));
  return FALSE;
}

/* The person's move answers their seat, which the driver asked (now, if
 * the step before was shown so lately that it has not yet). The rules
 * check it here first, so that the person hears a refusal at once; online
 * the host checks it again and plays it. */
gboolean
arb_session_apply (ArbSession *self, const ArbMove *move, GError **error)
{
  ArbState state;
  guint seat;

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (!check_person (self, error))
    return FALSE;
  state = *arb_game_get_state (self->game);
  if (!arb_state_apply (&state, move, NULL, error))
    return FALSE;
  seat = arb_game_get_current_player (self->game);
  ask_current (self);
  if (!arb_person_seat_play (ARB_PERSON_SEAT (arb_seat_driver_get_seat (self->driver, seat)), move))
    return check_person (self, error);
  return TRUE;
}

gboolean
arb_session_draw (ArbSession *self, int source, GError **error)
{
  ArbMove move = arb_move_draw (source);

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return arb_session_apply (self, &move, error);
}

gboolean
arb_session_take_back (ArbSession *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (!self->can_take_back)
    return TRUE;
  /* A computer that already started its turn starts again after it. */
  _arb_session_cancel_computer (self);
  return arb_game_take_back (self->game, error);
}

static void
on_hint (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ArbSession) self = user_data;
  g_autoptr (GError) error = NULL;
  ArbMove move;

  if (!arb_ai_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_clear_object (&self->hint_cancellable);
      return;
    }
  g_clear_object (&self->hint_cancellable);
  if (self->person_to_act)
    g_signal_emit (self, _arb_session_signals[HINT], 0, &move);
}

/* The hint's level: expert when a computer at the table plays expert (the
 * person chose it), else hard, which usually settles in milliseconds. */
static ArbAiLevel
hint_level (ArbGame *game)
{
  ArbAiLevel level;

  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    if (arb_ai_player_level (arb_game_get_player (game, p), &level) && level == ARB_AI_EXPERT)
      return ARB_AI_EXPERT;
  return ARB_AI_HARD;
}

/* What the computer would do in the person's place (never taking more than
 * its budget): "hint" says it. FALSE when nobody at the screen is to act,
 * or a hint is coming. */
gboolean
arb_session_hint (ArbSession *self)
{
  ArbAiParams params;

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (!self->person_to_act || self->hint_cancellable != NULL)
    return FALSE;
  arb_ai_params_init (&params, hint_level (self->game), g_random_int ());
  self->hint_cancellable = g_cancellable_new ();
  arb_ai_hint_async (self->game, &params, self->hint_cancellable, on_hint, g_object_ref (self));
  return TRUE;
}

/* ---- network play ------------------------------------------------------------ */

/* The link seated this screen at the host's table: game is that seat's
 * view of the host's game (arb_game_new_as_seen()). Nothing is saved here
 * until the host's record of the finished game comes. */
static void
on_link_seated (ArbLink *link, ArbGame *game, int seat, ArbSession *self)
{
  _arb_session_set_game_full (self, game, NULL, NULL, FALSE, seat);
}

/* The host's next step, as this seat saw it: a step that does not add up
 * changes nothing, and breaks the link. */
static void
on_link_step (ArbLink *link, const ArbStep *step, const ArbProjection *after, ArbSession *self)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || self->online_seat < 0)
    {
      arb_link_break (link, _("The host sent a step before the game"));
      return;
    }
  if (self->replay != NULL)
    arb_session_stop_replay (self);
  if (!arb_game_apply_seen_step (self->game, self->online_seat, step, after, &error))
    {
      arb_link_break (link, error->message);
      return;
    }
  if (step->player == self->online_seat)
    self->move_sent = FALSE;
  _arb_session_update_state (self);
}

static void
on_link_player_changed (ArbLink *link, guint seat, ArbPlayer *player, ArbSession *self)
{
  if (self->game != NULL && seat < arb_game_get_n_seats (self->game))
    arb_game_replace_player (self->game, seat, player);
}

/* The move sent will not be played: the person may choose again. */
static void
on_link_refused (ArbLink *link, ArbSession *self)
{
  self->move_sent = FALSE;
  _arb_session_update_state (self);
}

/* The host's own record of the finished game takes the place of the one
 * whose hidden cards were made up: the same to this seat's eyes, and
 * true for a replay with every hand open, a review and a save. file is
 * where it was saved (NULL: nowhere yet). */
static void
on_link_finished (ArbLink *link, ArbGame *record, GFile *file, ArbSession *self)
{
  if (self->online_seat < 0)
    return;
  if (self->replay != NULL)
    arb_session_stop_replay (self);
  _arb_session_hold_game (self, record);
  self->made_up = FALSE;
  self->move_sent = FALSE;
  _arb_session_set_file (self, file);
  _arb_session_set_modified (self, file == NULL);
  self->steps_unsaved = file == NULL;
  _arb_session_notify (self, PROP_GAME);
  /* The game is over again, with the host's record: its scores are told
   * now, whether or not the made-up game's end was told already (the
   * record may come after it, on a slow network or a busy machine). */
  _arb_session_advance (self);
}

/* Joins the host's table that link leads to, in place of the game shown:
 * the session owns the link from now on, and holds the host's game as its
 * seat saw it once the link seats it. */
void
arb_session_join (ArbSession *self, ArbLink *link)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (ARB_IS_LINK (link));
  arb_session_leave (self);
  arb_session_set_game (self, NULL, NULL);
  self->link = g_object_ref (link);
  g_signal_connect (link, "seated", G_CALLBACK (on_link_seated), self);
  g_signal_connect (link, "step", G_CALLBACK (on_link_step), self);
  g_signal_connect (link, "player-changed", G_CALLBACK (on_link_player_changed), self);
  g_signal_connect (link, "refused", G_CALLBACK (on_link_refused), self);
  g_signal_connect (link, "finished", G_CALLBACK (on_link_finished), self);
  _arb_session_notify (self, PROP_LINK);
}

/* Leaves the host's table: the link closes, and the game stays as it was
 * seen, its seat the host's to play from now on. */
void
arb_session_leave (ArbSession *self)
{
  g_autoptr (ArbLink) link = NULL;

  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->link == NULL)
    return;
  link = g_steal_pointer (&self->link);
  g_signal_handlers_disconnect_by_data (link, self);
  arb_link_leave (link);
  self->move_sent = FALSE;
  if (self->online_seat >= 0 && self->game != NULL)
    _arb_session_seat_players (self, self->game);
  _arb_session_update_state (self);
  _arb_session_notify (self, PROP_LINK);
}

/* The link to the host of the game played online, or NULL. */
ArbLink *
arb_session_get_link (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->link;
}

/* The seat this screen plays, or played, in a game online; -1 for a game
 * of its own. */
int
arb_session_get_online_seat (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), -1);
  return self->online_seat;
}
