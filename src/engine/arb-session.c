/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session.c: the course of a game, from deal to score, without a display.
 *
 * As GNOME Text Editor's EditorSession keeps documents apart from the
 * window that shows them, ArbSession owns the course of a game: the game,
 * its replay and review, who acts next, which viewer the screen shows, the
 * file and the automatic save. The window binds to its properties and
 * calls it; nothing here needs a display, so it is tested without one.
 *
 * Every seat is an ArbSeat, asked for its move by ArbSeatDriver when its
 * turn comes: a person at this screen (ArbPersonSeat) answers through
 * arb_session_draw() and arb_session_apply(); a computer (ArbComputerSeat)
 * thinks in a worker thread and answers at the pace of "think-time"; in
 * network play the host's seats are remote (ArbRemoteSeat), whose steps
 * arrive through arb_session_apply_seen().
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-ai.h"
#include "arb-autosave-slots.h"
#include "arb-game-seen.h"
#include "arb-person-seat.h"
#include "arb-remote-seat.h"
#include "arb-save.h"
#include "arb-seat-driver.h"

#include "arb-session.h"

struct _ArbSession
{
  GObject        parent_instance;

  ArbGame       *game;
  ArbReplay     *replay;          /* set while replaying */
  ArbReview     *review;          /* of the game's first steps, or NULL */
  ArbViewpoint  *viewpoint;       /* what the screen shows: created once */
  ArbSeatDriver *driver;          /* asks the seat whose turn it is */
  GFile         *file;
  GFile         *pending_file;    /* to open once the offer to save is answered */
  GCancellable  *hint_cancellable;
  GCancellable  *review_cancellable; /* set while the game is reviewed */
  GCancellable  *load_cancellable;   /* set while a file is read */
  double         review_progress;
  guint          advance_idle;
  guint          think_time;
  int            at_screen;       /* the person who lifted the cover last, or -1 */
  int            cover_for;       /* the person the screen waits for, or -1 */
  ArbAfterSave   offer;           /* what waits for the offer to save */
  gboolean       modified;        /* steps since the game was opened or saved */
  gboolean       steps_unsaved;   /* ...and not only a review */
  ArbAutosaveSlot *autosave_slot; /* the automatic save of this game, or NULL */
  gboolean       autosave_failed; /* the last automatic save failed */
  gboolean       busy;
  gboolean       person_to_act;
  gboolean       can_take_back;
  gboolean       open_hands;      /* a finished game's replay shows every card */
  int            online_seat;     /* network play: the seat at this screen, or -1 */
  gboolean       move_sent;       /* network play: a move waits for the host */
  gboolean       made_up;         /* network play: hidden cards are made up */
};

G_DEFINE_FINAL_TYPE (ArbSession, arb_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE,
  PROP_VIEWPOINT,
  PROP_REPLAY,
  PROP_COVER_FOR,
  PROP_PERSON_TO_ACT,
  PROP_CAN_TAKE_BACK,
  PROP_BUSY,
  PROP_THINK_TIME,
  PROP_OPEN_HANDS,
  PROP_REVIEW,
  PROP_REVIEWING,
  PROP_REVIEW_PROGRESS,
  PROP_LOADING,
  PROP_OFFER,
  N_PROPS
};

enum {
  AUTOSAVE_FAILED,
  MESSAGE,
  HINT,
  GAME_ENDED,
  CARRY_ON,
  OPEN_FAILED,
  MOVE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void advance (ArbSession *self);

ArbSession *
arb_session_new (void)
{
  return g_object_new (ARB_TYPE_SESSION, NULL);
}

static void
notify (ArbSession *self, guint prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_boolean (ArbSession *self, gboolean *field, gboolean value, guint prop)
{
  if (*field == value)
    return;
  *field = value;
  notify (self, prop);
}

static void
say (ArbSession *self, const char *text, gboolean is_error)
{
  g_signal_emit (self, signals[MESSAGE], 0, text, is_error);
}

/* ---- the file and unsaved steps ----------------------------------------- */

static void
set_modified (ArbSession *self, gboolean modified)
{
  if (!modified)
    self->steps_unsaved = FALSE;
  if (self->modified == modified)
    return;
  self->modified = modified;
  notify (self, PROP_MODIFIED);
  notify (self, PROP_TITLE);
}

static void
set_file (ArbSession *self, GFile *file)
{
  if (!g_set_object (&self->file, file))
    return;
  notify (self, PROP_FILE);
  notify (self, PROP_TITLE);
}

/* The game in progress survives a crash or a closed window: it is written
 * after every turn, and forgotten once over. A failure is told once, not
 * after every turn, until a save succeeds again. */
static void
autosave (ArbSession *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  /* A game played online is kept by its host; a made-up record is no
   * game to continue. */
  if (self->online_seat >= 0)
    return;
  /* Each game has a file of its own (arb-autosave-slots.h): a second
   * instance, or a second window, never writes over this one's. */
  if (arb_game_is_finished (self->game))
    ok = self->autosave_slot == NULL || arb_autosave_slot_discard (self->autosave_slot, &error);
  else
    {
      if (self->autosave_slot == NULL)
        self->autosave_slot = arb_autosave_slot_new ();
      ok = arb_autosave_slot_write (self->autosave_slot, self->game, self->review, &error);
    }
  if (!ok && !self->autosave_failed)
    g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, error->message);
  self->autosave_failed = !ok;
}

GFile *
arb_session_get_file (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->file;
}

gboolean
arb_session_get_modified (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->modified;
}

/* Whether moves are unsaved, not only a review: the question before a
 * game goes names what would be lost. */
gboolean
arb_session_has_unsaved_steps (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->steps_unsaved;
}

/* The game was written to file, which Save uses from now on. */
void
arb_session_saved (ArbSession *self, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));
  set_file (self, file);
  set_modified (self, FALSE);
}

/* The game changed in a way worth saving other than by a step (a review
 * was added). */
void
arb_session_changed (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  set_modified (self, TRUE);
}

/* The player chose to let the unsaved steps go. */
void
arb_session_forget (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  set_modified (self, FALSE);
}

/* The window's title: the file's name, marked when it has unsaved steps as
 * GNOME's editors mark it; NULL for a game never saved. */
char *
arb_session_dup_title (ArbSession *self)
{
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  if (self->file == NULL)
    return NULL;
  basename = g_file_get_basename (self->file);
  name = g_filename_display_name (basename);
  return self->modified ? g_strconcat ("• ", name, NULL) : g_steal_pointer (&name);
}

/* ---- who acts, and what the screen shows ----------------------------------- */

/* Whether a person at this screen plays seat. */
static gboolean
is_person (ArbSession *self, guint seat)
{
  return seat < ARB_MAX_PLAYERS && ARB_IS_PERSON_SEAT (arb_seat_driver_get_seat (self->driver, seat));
}

/* Who plays each seat of game: a computer as its player says, a person at
 * this screen; online, the host plays every seat but the one here. */
static void
seat_players (ArbSession *self, ArbGame *game)
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

      if (self->online_seat >= 0 && (int) i != self->online_seat)
        seat = ARB_SEAT (arb_remote_seat_new ());
      else if (arb_seat_driver_get_seat (self->driver, i) == NULL)
        seat = ARB_SEAT (arb_person_seat_new ());
      if (seat != NULL)
        arb_seat_driver_set_seat (self->driver, i, seat);
    }
}

/* The only person at the screen, or -1 when there are none or several. */
static int
only_person (ArbSession *self)
{
  if (arb_game_count_people (self->game) != 1)
    return -1;
  for (guint p = 0; p < arb_game_get_n_seats (self->game); p++)
    if (is_person (self, p))
      return (int) p;
  return -1;
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
  int person = only_person (self);

  *viewer = ARB_VIEWER_PUBLIC;
  *cover_for = -1;
  if (self->online_seat >= 0)
    person = self->online_seat;
  if (person >= 0 && !(self->replay != NULL && self->open_hands && !self->made_up
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
  if (arb_game_count_people (self->game) == 0 || self->replay != NULL || arb_game_is_finished (self->game))
    return;
  current = arb_game_get_current_player (self->game);
  if (!is_person (self, current))
    return;
  if ((int) current == self->at_screen)
    *viewer = (int) current;
  else
    *cover_for = (int) current;
}

static void
update_state (ArbSession *self)
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
      take_back = self->replay == NULL && cover_for < 0 && self->online_seat < 0 && arb_game_can_take_back (self->game) && n > 0
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
      notify (self, PROP_COVER_FOR);
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

guint
arb_session_get_think_time (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), 0);
  return self->think_time;
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
  notify (self, PROP_THINK_TIME);
}

gboolean
arb_session_get_open_hands (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->open_hands;
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
  update_state (self);
  notify (self, PROP_OPEN_HANDS);
}

/* The person whose turn it is lifts the cover. */
void
arb_session_reveal (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->cover_for < 0)
    return;
  self->at_screen = self->cover_for;
  update_state (self);
}

static void
cancel_hint (ArbSession *self)
{
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
}

/* Everything a computer does for the game shown: a hint, a review, a step. */
static void
cancel_computer (ArbSession *self)
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
static void
advance (ArbSession *self)
{
  g_clear_handle_id (&self->advance_idle, g_source_remove);
  if (self->game == NULL || self->replay != NULL)
    return;
  update_state (self);
  if (arb_game_is_finished (self->game))
    {
      g_signal_emit (self, signals[GAME_ENDED], 0);
      return;
    }
  ask_current (self);
  update_state (self);
}

static gboolean
advance_idle_cb (gpointer user_data)
{
  ArbSession *self = user_data;

  self->advance_idle = 0;
  advance (self);
  return G_SOURCE_REMOVE;
}

/* The screen changes at once (a person's hand leaves as soon as their turn
 * ends); the next seat acts once the step has been shown. */
static void
step_done (ArbSession *self)
{
  update_state (self);
  if (self->advance_idle == 0)
    self->advance_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, advance_idle_cb,
                                          g_object_ref (self), g_object_unref);
}

static void
on_step_applied (ArbGame *game, guint index, ArbSession *self)
{
  const ArbStep *step = arb_game_get_step (game, index);

  if (self->online_seat < 0)
    {
      self->steps_unsaved = TRUE;
      set_modified (self, TRUE);
    }
  /* A turn ends with its discard. */
  if (step->move.kind == ARB_MOVE_DISCARD)
    autosave (self);
  step_done (self);
}

static void
set_review (ArbSession *self, ArbReview *review)
{
  if (g_set_object (&self->review, review))
    notify (self, PROP_REVIEW);
}

static void
on_position_reset (ArbGame *game, ArbSession *self)
{
  /* The step it reviewed is gone: the review no longer fits the game. */
  if (self->review != NULL && arb_review_get_n_steps (self->review) > arb_game_get_n_steps (game))
    set_review (self, NULL);
  self->steps_unsaved = TRUE;
  set_modified (self, TRUE);
  autosave (self);
  step_done (self);
}

static void
on_can_take_back (ArbSession *self)
{
  update_state (self);
}

/* The seat asked answered: the move a person gave or a computer chose.
 * Online, the person's goes to the host, which plays it. */
static void
on_seat_chose (ArbSeatDriver *driver, guint seat, guint step, const ArbMove *move, ArbSession *self)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || self->replay != NULL || step != arb_game_get_n_steps (self->game))
    return;
  if (self->online_seat >= 0)
    {
      self->move_sent = TRUE;
      update_state (self);
      g_signal_emit (self, signals[MOVE_REQUESTED], 0, move);
      return;
    }
  /* A person's move was checked as they gave it. */
  if (!arb_game_apply (self->game, move, &error))
    g_critical ("The seat %u chose a refused move: %s", seat + 1, error->message);
}

static void
on_seat_failed (ArbSeatDriver *driver, guint seat, const char *message, ArbSession *self)
{
  say (self, message, TRUE);
  update_state (self);
}

static void
disconnect_game (ArbSession *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
}

/* The session follows game, in place of the one it held. */
static void
hold_game (ArbSession *self, ArbGame *game)
{
  disconnect_game (self);
  if (game == NULL)
    return;
  self->game = g_object_ref (game);
  g_signal_connect (game, "step-applied", G_CALLBACK (on_step_applied), self);
  g_signal_connect (game, "position-reset", G_CALLBACK (on_position_reset), self);
  g_signal_connect_swapped (game, "notify::can-take-back", G_CALLBACK (on_can_take_back), self);
}

/* Cancels whatever runs for the game shown: a computer's step, a hint, a
 * review, a file being read. */
void
arb_session_stop (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  cancel_computer (self);
  arb_session_cancel_load (self);
  g_clear_handle_id (&self->advance_idle, g_source_remove);
}

/* online_seat: the seat this screen plays online, or -1 (arb_session_play_online). */
static void
set_game_full (ArbSession *self, ArbGame *game, ArbReview *review, GFile *file, gboolean replay,
               int online_seat)
{
  arb_session_stop (self);
  self->online_seat = online_seat;
  self->move_sent = FALSE;
  self->made_up = online_seat >= 0;
  g_clear_object (&self->replay);
  /* Told with the replay below, once the game is in place. */
  g_set_object (&self->review, review);
  if (game != self->game)
    {
      /* Another game in its place (the player was offered to save this
       * one) has a save of its own; without one, as when the window
       * closes, the game in progress stays for Continue. */
      if (self->autosave_slot != NULL && game != NULL)
        arb_autosave_slot_discard (self->autosave_slot, NULL);
      g_clear_pointer (&self->autosave_slot, arb_autosave_slot_free);
      hold_game (self, game);
      self->autosave_failed = FALSE;
      notify (self, PROP_GAME);
    }
  seat_players (self, game);
  self->at_screen = -1;
  set_file (self, file);
  set_modified (self, FALSE);
  notify (self, PROP_REPLAY);
  notify (self, PROP_REVIEW);
  if (replay)
    arb_session_start_replay (self);
  else
    advance (self);
  update_state (self);
}

/* Plays game, read from file (NULL for a new game): nothing is unsaved
 * yet, and whoever's turn it is acts. */
void
arb_session_set_game (ArbSession *self, ArbGame *game, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (game == NULL || ARB_IS_GAME (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));
  set_game_full (self, game, NULL, file, FALSE, -1);
}

/* A game read from file with its review (NULL: none, else one of its
 * first steps): a game in progress goes on, a finished one is replayed,
 * its scores one click away. */
void
arb_session_open_game (ArbSession *self, ArbGame *game, ArbReview *review, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (ARB_IS_GAME (game));
  g_return_if_fail (review == NULL || ARB_IS_REVIEW (review));
  g_return_if_fail (review == NULL || arb_review_get_n_steps (review) <= arb_game_get_n_steps (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));
  set_game_full (self, game, review, file, arb_game_is_finished (game), -1);
}

ArbGame *
arb_session_get_game (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->game;
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

/* ---- network play ------------------------------------------------------------ */

/* Plays game online as seat: game is that seat's view of the host's game
 * (arb_game_new_as_seen()), whose other seats the host plays; the steps
 * come through arb_session_apply_seen(), and this seat's moves go out
 * through "move-requested". Nothing is saved here until the host sends
 * its record of the finished game (arb_session_finish_online()). */
void
arb_session_play_online (ArbSession *self, ArbGame *game, int seat)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (ARB_IS_GAME (game));
  g_return_if_fail (seat >= 0 && seat < (int) arb_game_get_n_seats (game));
  set_game_full (self, game, NULL, NULL, FALSE, seat);
}

int
arb_session_get_online_seat (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), -1);
  return self->online_seat;
}

/* The host's next step, as this seat saw it, after which the seat sees
 * after (NULL: checked with the next step that comes with it). A step
 * that does not add up sets error and changes nothing. */
gboolean
arb_session_apply_seen (ArbSession *self, const ArbStep *step, const ArbProjection *after,
                        GError **error)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->online_seat >= 0 && self->game != NULL, FALSE);
  if (self->replay != NULL)
    arb_session_stop_replay (self);
  if (!arb_game_apply_seen_step (self->game, self->online_seat, step, after, error))
    return FALSE;
  if (step->player == self->online_seat)
    self->move_sent = FALSE;
  update_state (self);
  return TRUE;
}

/* The host refused the move sent, or the connection dropped: the person
 * may choose again. */
void
arb_session_move_refused (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  self->move_sent = FALSE;
  update_state (self);
}

/* The host's own record of the finished game takes the place of the one
 * whose hidden cards were made up: the same to this seat's eyes, and
 * true for a replay with every hand open, a review and a save. file is
 * where it was saved (NULL: nowhere yet). */
void
arb_session_finish_online (ArbSession *self, ArbGame *record, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (ARB_IS_GAME (record) && arb_game_is_finished (record));
  g_return_if_fail (self->online_seat >= 0);
  if (self->replay != NULL)
    arb_session_stop_replay (self);
  hold_game (self, record);
  self->made_up = FALSE;
  self->move_sent = FALSE;
  set_file (self, file);
  set_modified (self, file == NULL);
  self->steps_unsaved = file == NULL;
  notify (self, PROP_GAME);
  /* The game is over again, with the host's record: its scores are told
   * now, whether or not the made-up game's end was told already (the
   * record may come after it, on a slow network or a busy machine). */
  advance (self);
}

gboolean
arb_session_take_back (ArbSession *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (!self->can_take_back)
    return TRUE;
  /* A computer that already started its turn starts again after it. */
  cancel_computer (self);
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
    g_signal_emit (self, signals[HINT], 0, &move);
}

/* What the hard computer would do in the person's place (it usually
 * settles in milliseconds, and never takes more than its budget): "hint"
 * says it. FALSE when nobody at the screen is to act, or a hint is coming. */
gboolean
arb_session_hint (ArbSession *self)
{
  ArbAiParams params;

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (!self->person_to_act || self->hint_cancellable != NULL)
    return FALSE;
  arb_ai_params_init (&params, ARB_AI_HARD, g_random_int ());
  self->hint_cancellable = g_cancellable_new ();
  arb_ai_hint_async (self->game, &params, self->hint_cancellable, on_hint, g_object_ref (self));
  return TRUE;
}

/* ---- the replay ------------------------------------------------------------ */

ArbReplay *
arb_session_get_replay (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->replay;
}

/* Shows the game as a replay, at its last step; in a replay, goes back to
 * the deal. */
void
arb_session_start_replay (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->game == NULL)
    return;
  if (self->replay != NULL)
    {
      arb_replay_first (self->replay);
      return;
    }
  cancel_computer (self);
  g_clear_handle_id (&self->advance_idle, g_source_remove);
  self->replay = arb_replay_new (self->game);
  arb_replay_last (self->replay);
  update_state (self);
  notify (self, PROP_REPLAY);
}

/* Back to the game in progress; FALSE for a finished game, which has no
 * other place to go. */
gboolean
arb_session_stop_replay (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (self->replay == NULL || arb_game_is_finished (self->game))
    return FALSE;
  /* A review is part of the replay: the game goes on without it. */
  arb_session_cancel_review (self);
  g_clear_object (&self->replay);
  notify (self, PROP_REPLAY);
  advance (self);
  return TRUE;
}

/* A new game that goes on from the moment shown, with its history. */
gboolean
arb_session_continue_replay (ArbSession *self, GError **error)
{
  g_autoptr (ArbGame) game = NULL;

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (self->replay == NULL)
    return TRUE;
  if (self->online_seat >= 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("A game played online cannot be played again from here"));
      return FALSE;
    }
  game = arb_replay_continue (self->replay, error);
  if (game == NULL)
    return FALSE;
  arb_session_set_game (self, game, NULL);
  return TRUE;
}

/* ---- the review ------------------------------------------------------------ */

typedef struct {
  ArbSession   *session;
  ArbGame      *game;
  GCancellable *cancellable;  /* this review's: a newer one has another */
} Reviewing;

ArbReview *
arb_session_get_review (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->review;
}

gboolean
arb_session_get_reviewing (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->review_cancellable != NULL;
}

double
arb_session_get_review_progress (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), 0);
  return self->review_progress;
}

static void
set_review_progress (ArbSession *self, double progress)
{
  if (self->review_progress == progress)
    return;
  self->review_progress = progress;
  notify (self, PROP_REVIEW_PROGRESS);
}

static void
on_review_progress (guint done, guint total, gpointer user_data)
{
  Reviewing *reviewing = user_data;

  /* A review cancelled may still report before it ends: only the review
   * under way moves the bar. */
  if (total > 0 && reviewing->session->review_cancellable == reviewing->cancellable)
    set_review_progress (reviewing->session, (double) done / total);
}

static void
on_reviewed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reviewing *reviewing = user_data;
  ArbSession *self = reviewing->session;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbReview) review = arb_review_run_finish (result, &error);

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->game == reviewing->game
      && self->review_cancellable == reviewing->cancellable)
    {
      g_clear_object (&self->review_cancellable);
      if (review != NULL)
        {
          /* A review is worth keeping: the game now has something to save. */
          set_modified (self, TRUE);
          set_review (self, review);
        }
      else
        say (self, error->message, TRUE);
      notify (self, PROP_REVIEWING);
    }
  g_object_unref (reviewing->session);
  g_object_unref (reviewing->game);
  g_object_unref (reviewing->cancellable);
  g_free (reviewing);
}

/* Compares every decision of the game replayed with what Hard would have
 * done from that seat's knowledge, in a worker thread; the game stays
 * usable. FALSE when there is nothing to review. */
gboolean
arb_session_review (ArbSession *self)
{
  Reviewing *reviewing;
  ArbReviewParams params;

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (self->replay == NULL || self->review_cancellable != NULL || self->review != NULL
      || arb_game_get_n_steps (self->game) == 0)
    return FALSE;
  arb_review_params_init (&params, arb_game_get_seed (self->game));
  reviewing = g_new0 (Reviewing, 1);
  reviewing->session = g_object_ref (self);
  reviewing->game = g_object_ref (self->game);
  self->review_cancellable = g_cancellable_new ();
  reviewing->cancellable = g_object_ref (self->review_cancellable);
  set_review_progress (self, 0);
  arb_review_run_async (self->game, &params, self->review_cancellable, on_review_progress, reviewing,
                        on_reviewed, reviewing);
  notify (self, PROP_REVIEWING);
  return TRUE;
}

void
arb_session_cancel_review (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->review_cancellable == NULL)
    return;
  g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  notify (self, PROP_REVIEWING);
}

/* ---- files ----------------------------------------------------------------- */

typedef struct {
  ArbSession      *session;
  GFile           *file;
  GCancellable    *cancellable;
  ArbAutosaveSlot *slot;  /* a game in progress continued, or NULL */
} Loading;

static void
loading_free (Loading *loading)
{
  g_object_unref (loading->session);
  g_object_unref (loading->file);
  g_object_unref (loading->cancellable);
  arb_autosave_slot_free (loading->slot);
  g_free (loading);
}

static void
loaded (ArbSession *self, Loading *loading, ArbGame *game, ArbReview *review)
{
  if (loading->slot == NULL)
    {
      arb_session_open_game (self, game, review, loading->file);
      return;
    }
  set_game_full (self, game, review, NULL, FALSE, -1);
  self->autosave_slot = g_steal_pointer (&loading->slot);
}

static void
on_file_read (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Loading *loading = user_data;
  ArbSession *self = loading->session;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbReview) review = NULL;
  g_autoptr (ArbGame) game = arb_save_read_file_finish (result, &review, &error);

  /* Another file was asked for, or the window closed, meanwhile. */
  if (!g_cancellable_is_cancelled (loading->cancellable))
    {
      g_clear_object (&self->load_cancellable);
      notify (self, PROP_LOADING);
      if (game != NULL)
        loaded (self, loading, game, review);
      else
        g_signal_emit (self, signals[OPEN_FAILED], 0, error->message);
    }
  loading_free (loading);
}

/* Reads the file in a worker thread, so that the window never stops
 * answering, however long a damaged or hostile file takes to refuse. */
static void
start_loading (ArbSession *self, GFile *file, ArbAutosaveSlot *slot)
{
  Loading *loading;

  arb_session_cancel_load (self);
  loading = g_new0 (Loading, 1);
  self->load_cancellable = g_cancellable_new ();
  loading->session = g_object_ref (self);
  loading->file = g_object_ref (file);
  loading->cancellable = g_object_ref (self->load_cancellable);
  loading->slot = slot;
  arb_save_read_file_async (file, loading->cancellable, on_file_read, loading);
  notify (self, PROP_LOADING);
}

/* The game opens, or "open-failed" says why not. */
void
arb_session_load (ArbSession *self, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));
  start_loading (self, file, NULL);
}

gboolean
arb_session_get_loading (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->load_cancellable != NULL;
}

void
arb_session_cancel_load (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  if (self->load_cancellable == NULL)
    return;
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  notify (self, PROP_LOADING);
}

/* The file of this game's automatic save, or NULL before its first one. */
GFile *
arb_session_get_autosave_file (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->autosave_slot != NULL ? arb_autosave_slot_get_file (self->autosave_slot) : NULL;
}

/* Goes on with a game in progress that arb_autosave_list_async found: its
 * save is ours once locked, and read again in a worker thread (it may have
 * been played since it was listed): "loading" until then, "open-failed" if
 * it no longer reads. FALSE at once when the game is gone or another
 * instance plays it. */
gboolean
arb_session_continue (ArbSession *self, const ArbAutosaveEntry *entry, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  ArbAutosaveSlot *slot;

  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);
  slot = arb_autosave_slot_claim (entry, &local_error);
  if (slot == NULL)
    {
      /* The file went away since the welcome page offered it. */
      if (local_error == NULL)
        g_set_error_literal (&local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                             _("The game in progress is no longer there"));
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  start_loading (self, arb_autosave_slot_get_file (slot), slot);
  return TRUE;
}

static void
carry_on (ArbSession *self)
{
  ArbAfterSave then = self->offer;
  g_autoptr (GFile) file = g_steal_pointer (&self->pending_file);

  if (then != ARB_AFTER_SAVE_NOTHING)
    {
      self->offer = ARB_AFTER_SAVE_NOTHING;
      notify (self, PROP_OFFER);
    }
  if (then == ARB_AFTER_SAVE_OPEN_FILE && file != NULL)
    arb_session_load (self, file);
  g_signal_emit (self, signals[CARRY_ON], 0, then);
}

/* Saves the game into file (NULL: the file of the game), which becomes the
 * file of Save; what waited for the offer to save goes on. */
gboolean
arb_session_save (ArbSession *self, GFile *file, GError **error)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);
  if (file == NULL)
    file = self->file;
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  if (self->made_up)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("A game played online is saved once it is over"));
      arb_session_cancel_offer (self);
      return FALSE;
    }
  if (!arb_save_write_file (self->game, self->review, file, NULL, error))
    {
      arb_session_cancel_offer (self);
      return FALSE;
    }
  arb_session_saved (self, file);
  if (self->offer != ARB_AFTER_SAVE_NOTHING)
    carry_on (self);
  return TRUE;
}

/* Before the window closes or another game takes the place of this one,
 * offers to save steps that are not saved yet: the automatic save keeps
 * a game in progress only until the next game starts. Returns FALSE when
 * there is nothing to save and the caller can go on at once; else "offer"
 * is then until arb_session_save(), arb_session_discard() or
 * arb_session_cancel_offer() answers, and "carry-on" follows the first two. */
gboolean
arb_session_offer_to_save (ArbSession *self, ArbAfterSave then)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  if (self->game == NULL || !self->modified)
    return FALSE;
  self->offer = then;
  notify (self, PROP_OFFER);
  return TRUE;
}

ArbAfterSave
arb_session_get_offer (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), ARB_AFTER_SAVE_NOTHING);
  return self->offer;
}

/* The unsaved steps are let go, and what waited goes on. */
void
arb_session_discard (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  set_modified (self, FALSE);
  carry_on (self);
}

void
arb_session_cancel_offer (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_clear_object (&self->pending_file);
  if (self->offer == ARB_AFTER_SAVE_NOTHING)
    return;
  self->offer = ARB_AFTER_SAVE_NOTHING;
  notify (self, PROP_OFFER);
}

/* Opens file as the Open command does: a game with unsaved steps is first
 * offered to be saved ("offer"), and the file is read once that is
 * answered. */
void
arb_session_open_file (ArbSession *self, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));
  g_set_object (&self->pending_file, file);
  if (arb_session_offer_to_save (self, ARB_AFTER_SAVE_OPEN_FILE))
    return;
  g_clear_object (&self->pending_file);
  arb_session_load (self, file);
}

/* ---- the class ------------------------------------------------------------- */

static void
arb_session_dispose (GObject *object)
{
  ArbSession *self = ARB_SESSION (object);

  arb_session_stop (self);
  seat_players (self, NULL);
  g_signal_handlers_disconnect_by_data (self->driver, self);
  g_clear_object (&self->replay);
  g_clear_object (&self->review);
  disconnect_game (self);
  /* The game in progress stays saved, for Continue. */
  g_clear_pointer (&self->autosave_slot, arb_autosave_slot_free);
  if (self->viewpoint != NULL)
    arb_viewpoint_set_source (self->viewpoint, NULL);
  g_clear_object (&self->viewpoint);
  g_clear_object (&self->file);
  g_clear_object (&self->pending_file);
  G_OBJECT_CLASS (arb_session_parent_class)->dispose (object);
}

static void
arb_session_finalize (GObject *object)
{
  ArbSession *self = ARB_SESSION (object);

  g_object_unref (self->driver);
  G_OBJECT_CLASS (arb_session_parent_class)->finalize (object);
}

static void
arb_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbSession *self = ARB_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_TITLE:
      g_value_take_string (value, arb_session_dup_title (self));
      break;
    case PROP_VIEWPOINT:
      g_value_set_object (value, self->viewpoint);
      break;
    case PROP_REPLAY:
      g_value_set_object (value, self->replay);
      break;
    case PROP_COVER_FOR:
      g_value_set_int (value, self->cover_for);
      break;
    case PROP_PERSON_TO_ACT:
      g_value_set_boolean (value, self->person_to_act);
      break;
    case PROP_CAN_TAKE_BACK:
      g_value_set_boolean (value, self->can_take_back);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_THINK_TIME:
      g_value_set_uint (value, self->think_time);
      break;
    case PROP_OPEN_HANDS:
      g_value_set_boolean (value, self->open_hands);
      break;
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    case PROP_REVIEWING:
      g_value_set_boolean (value, arb_session_get_reviewing (self));
      break;
    case PROP_REVIEW_PROGRESS:
      g_value_set_double (value, self->review_progress);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, arb_session_get_loading (self));
      break;
    case PROP_OFFER:
      g_value_set_int (value, self->offer);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbSession *self = ARB_SESSION (object);

  switch (prop_id)
    {
    case PROP_THINK_TIME:
      arb_session_set_think_time (self, g_value_get_uint (value));
      break;
    case PROP_OPEN_HANDS:
      arb_session_set_open_hands (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
boolean_property (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
object_property (const char *name, GType type)
{
  return g_param_spec_object (name, NULL, NULL, type,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
arb_session_class_init (ArbSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = arb_session_dispose;
  object_class->finalize = arb_session_finalize;
  object_class->get_property = arb_session_get_property;
  object_class->set_property = arb_session_set_property;

  properties[PROP_GAME] = object_property ("game", ARB_TYPE_GAME);
  properties[PROP_FILE] = object_property ("file", G_TYPE_FILE);
  properties[PROP_MODIFIED] = boolean_property ("modified");
  /* The file's name, marked while modified; NULL for a game never saved. */
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  /* The screen's source (the game, or the replay) and viewer. */
  properties[PROP_VIEWPOINT] = object_property ("viewpoint", ARB_TYPE_VIEWPOINT);
  properties[PROP_REPLAY] = object_property ("replay", ARB_TYPE_REPLAY);
  /* The person the screen waits for behind a cover, or -1. */
  properties[PROP_COVER_FOR] = g_param_spec_int ("cover-for", NULL, NULL, -1, ARB_MAX_PLAYERS - 1, -1, flags);
  /* The person at the screen is to draw, play or discard. */
  properties[PROP_PERSON_TO_ACT] = boolean_property ("person-to-act");
  properties[PROP_CAN_TAKE_BACK] = boolean_property ("can-take-back");
  /* A computer's step is under way. */
  properties[PROP_BUSY] = boolean_property ("busy");
  properties[PROP_THINK_TIME] =
    g_param_spec_uint ("think-time", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPEN_HANDS] =
    g_param_spec_boolean ("open-hands", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The review of the game's first steps (arb-review.h), or NULL: made in
   * the replay, read and saved with the game, dropped when a step it
   * covers is taken back. */
  properties[PROP_REVIEW] = object_property ("review", ARB_TYPE_REVIEW);
  properties[PROP_REVIEWING] = boolean_property ("reviewing");
  properties[PROP_REVIEW_PROGRESS] = g_param_spec_double ("review-progress", NULL, NULL, 0, 1, 0, flags);
  properties[PROP_LOADING] = boolean_property ("loading");
  /* An ArbAfterSave: what waits for the offer to save to be answered. */
  properties[PROP_OFFER] =
    g_param_spec_int ("offer", NULL, NULL, ARB_AFTER_SAVE_NOTHING, ARB_AFTER_SAVE_OPEN_FILE,
                      ARB_AFTER_SAVE_NOTHING, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The automatic save failed, after succeeding or for the first time:
   * the message says why. */
  signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* (text, is-error): something to tell the people at the screen. */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  /* (const ArbMove *move): the hint asked for. */
  signals[HINT] =
    g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* The game is over: time for the scores. */
  signals[GAME_ENDED] =
    g_signal_new ("game-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (ArbAfterSave then): the offer to save was answered by saving or
   * discarding; what waited goes on (a file to open is already read). */
  /* (move): network play: the person at this screen chose a move the
   * rules allow; whoever plays online sends it to the host, whose answer
   * comes back through arb_session_apply_seen(). The move is a const
   * ArbMove *, valid during the emission. */
  signals[MOVE_REQUESTED] =
    g_signal_new ("move-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[CARRY_ON] =
    g_signal_new ("carry-on", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* (message): a file could not be opened, and why. */
  signals[OPEN_FAILED] =
    g_signal_new ("open-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_session_init (ArbSession *self)
{
  self->viewpoint = arb_viewpoint_new (NULL, ARB_VIEWER_PUBLIC);
  self->driver = arb_seat_driver_new ();
  g_signal_connect (self->driver, "chosen", G_CALLBACK (on_seat_chose), self);
  g_signal_connect (self->driver, "failed", G_CALLBACK (on_seat_failed), self);
  self->at_screen = -1;
  self->cover_for = -1;
  self->online_seat = -1;
}
