/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session.c: the course of a game, from deal to score, without a display.
 *
 * As GNOME Text Editor's EditorSession keeps documents apart from the
 * window that shows them, ArbSession owns the course of a game: the game,
 * its replay and review, who acts next, which viewer the screen shows, the
 * file and the automatic save. The window binds to its properties and
 * calls it; nothing here needs a display, so it is tested without one.
 *
 * This file holds the class and the game it follows; the course of play
 * is in arb-session-play.c, the document in arb-session-document.c
 * (arb-session-private.h).
 */
#include "config.h"

#include "arb-session-private.h"

G_DEFINE_FINAL_TYPE (ArbSession, arb_session, G_TYPE_OBJECT)

GParamSpec *_arb_session_properties[N_PROPS];
guint _arb_session_signals[N_SIGNALS];

ArbSession *
arb_session_new (void)
{
  return g_object_new (ARB_TYPE_SESSION, NULL);
}

void
_arb_session_notify (ArbSession *self, guint prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), _arb_session_properties[prop]);
}

void
_arb_session_say (ArbSession *self, const char *text, gboolean is_error)
{
  g_signal_emit (self, _arb_session_signals[MESSAGE], 0, text, is_error);
}

/* ---- the game it follows ------------------------------------------------- */

static void
on_step_applied (ArbGame *game, guint index, ArbSession *self)
{
  const ArbStep *step = arb_game_get_step (game, index);

  /* A game whose hidden cards are made up is no document to save. */
  if (!self->made_up)
    {
      self->steps_unsaved = TRUE;
      _arb_session_set_modified (self, TRUE);
    }
  /* A turn ends with its discard. */
  if (step->move.kind == ARB_MOVE_DISCARD)
    _arb_session_autosave (self);
  _arb_session_step_done (self);
}

static void
on_position_reset (ArbGame *game, ArbSession *self)
{
  /* The step it reviewed is gone: the review no longer fits the game. */
  if (self->review != NULL && arb_review_get_n_steps (self->review) > arb_game_get_n_steps (game))
    _arb_session_set_review (self, NULL);
  self->steps_unsaved = TRUE;
  _arb_session_set_modified (self, TRUE);
  _arb_session_autosave (self);
  _arb_session_step_done (self);
}

static void
on_can_take_back (ArbSession *self)
{
  _arb_session_update_state (self);
}

static void
disconnect_game (ArbSession *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
}

/* The session follows game, in place of the one it held. */
void
_arb_session_hold_game (ArbSession *self, ArbGame *game)
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
  _arb_session_cancel_computer (self);
  arb_session_cancel_load (self);
  g_clear_handle_id (&self->advance_idle, g_source_remove);
}

/* online_seat: the seat this screen plays online, or -1 for a game of its
 * own, which takes the place of the game online: the host's table is left. */
void
_arb_session_set_game_full (ArbSession *self, ArbGame *game, ArbReview *review, GFile *file,
                            gboolean replay, int online_seat)
{
  if (online_seat < 0)
    arb_session_leave (self);
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
      _arb_session_hold_game (self, game);
      self->autosave_failed = FALSE;
      _arb_session_notify (self, PROP_GAME);
    }
  _arb_session_seat_players (self, game);
  self->at_screen = -1;
  _arb_session_set_file (self, file);
  _arb_session_set_modified (self, FALSE);
  _arb_session_notify (self, PROP_REPLAY);
  _arb_session_notify (self, PROP_REVIEW);
  if (replay)
    arb_session_start_replay (self);
  else
    _arb_session_advance (self);
  _arb_session_update_state (self);
}

/* Plays game, read from file (NULL for a new game): nothing is unsaved
 * yet, and whoever's turn it is acts. */
void
arb_session_set_game (ArbSession *self, ArbGame *game, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (game == NULL || ARB_IS_GAME (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));
  _arb_session_set_game_full (self, game, NULL, file, FALSE, -1);
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
  _arb_session_set_game_full (self, game, review, file, arb_game_is_finished (game), -1);
}

ArbGame *
arb_session_get_game (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->game;
}

/* ---- the class ------------------------------------------------------------- */

static void
arb_session_dispose (GObject *object)
{
  ArbSession *self = ARB_SESSION (object);

  arb_session_stop (self);
  /* A window closed during a game online leaves its seat to the host. */
  if (self->link != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->link, self);
      arb_link_leave (self->link);
      g_clear_object (&self->link);
    }
  _arb_session_seat_players (self, NULL);
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
    case PROP_LINK:
      g_value_set_object (value, self->link);
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

  _arb_session_properties[PROP_GAME] = object_property ("game", ARB_TYPE_GAME);
  _arb_session_properties[PROP_FILE] = object_property ("file", G_TYPE_FILE);
  _arb_session_properties[PROP_MODIFIED] = boolean_property ("modified");
  /* The file's name, marked while modified; NULL for a game never saved. */
  _arb_session_properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  /* The screen's source (the game, or the replay) and viewer. */
  _arb_session_properties[PROP_VIEWPOINT] = object_property ("viewpoint", ARB_TYPE_VIEWPOINT);
  _arb_session_properties[PROP_REPLAY] = object_property ("replay", ARB_TYPE_REPLAY);
  /* The person the screen waits for behind a cover, or -1. */
  _arb_session_properties[PROP_COVER_FOR] = g_param_spec_int ("cover-for", NULL, NULL, -1, ARB_MAX_PLAYERS - 1, -1, flags);
  /* The person at the screen is to draw, play or discard. */
  _arb_session_properties[PROP_PERSON_TO_ACT] = boolean_property ("person-to-act");
  _arb_session_properties[PROP_CAN_TAKE_BACK] = boolean_property ("can-take-back");
  /* A computer's step is under way. */
  _arb_session_properties[PROP_BUSY] = boolean_property ("busy");
  _arb_session_properties[PROP_THINK_TIME] =
    g_param_spec_uint ("think-time", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _arb_session_properties[PROP_OPEN_HANDS] =
    g_param_spec_boolean ("open-hands", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The review of the game's first steps (arb-review.h), or NULL: made in
   * the replay, read and saved with the game, dropped when a step it
   * covers is taken back. */
  _arb_session_properties[PROP_REVIEW] = object_property ("review", ARB_TYPE_REVIEW);
  _arb_session_properties[PROP_REVIEWING] = boolean_property ("reviewing");
  _arb_session_properties[PROP_REVIEW_PROGRESS] = g_param_spec_double ("review-progress", NULL, NULL, 0, 1, 0, flags);
  _arb_session_properties[PROP_LOADING] = boolean_property ("loading");
  /* An ArbAfterSave: what waits for the offer to save to be answered. */
  _arb_session_properties[PROP_OFFER] =
    g_param_spec_int ("offer", NULL, NULL, ARB_AFTER_SAVE_NOTHING, ARB_AFTER_SAVE_OPEN_FILE,
                      ARB_AFTER_SAVE_NOTHING, flags);
  /* The link to the host of the game played online (arb_session_join()),
   * or NULL. */
  _arb_session_properties[PROP_LINK] = object_property ("link", ARB_TYPE_LINK);
  g_object_class_install_properties (object_class, N_PROPS, _arb_session_properties);

  /* The automatic save failed, after succeeding or for the first time:
   * the message says why. */
  _arb_session_signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* (text, is-error): something to tell the people at the screen. */
  _arb_session_signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  /* (const ArbMove *move): the hint asked for. */
  _arb_session_signals[HINT] =
    g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* The game is over: time for the scores. */
  _arb_session_signals[GAME_ENDED] =
    g_signal_new ("game-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (ArbAfterSave then): the offer to save was answered by saving or
   * discarding; what waited goes on (a file to open is already read). */
  _arb_session_signals[CARRY_ON] =
    g_signal_new ("carry-on", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* (message): a file could not be opened, and why. */
  _arb_session_signals[OPEN_FAILED] =
    g_signal_new ("open-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_session_init (ArbSession *self)
{
  self->viewpoint = arb_viewpoint_new (NULL, ARB_VIEWER_PUBLIC);
  _arb_session_init_seats (self);
  self->at_screen = -1;
  self->cover_for = -1;
  self->online_seat = -1;
}
