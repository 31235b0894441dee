/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session-private.h: what the parts of ArbSession share. The class and
 * the game it follows are in arb-session.c; the course of play (who acts,
 * the cover, the seats, hints, network play) in arb-session-play.c; the
 * document (its file, the automatic save, the replay and the review) in
 * arb-session-document.c. Nothing outside those files includes this. */
#pragma once

#include "arb-autosave-slots.h"
#include "arb-seat-driver.h"
#include "arb-session.h"

G_BEGIN_DECLS

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
  ArbLink       *link;            /* network play: the link to the host, or NULL */
  int            online_seat;     /* the seat this screen played online, or -1 */
  gboolean       move_sent;       /* network play: a move waits for the host */
  gboolean       made_up;         /* network play: hidden cards are made up */
};

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
  PROP_LINK,
  N_PROPS
};

enum {
  AUTOSAVE_FAILED,
  MESSAGE,
  HINT,
  GAME_ENDED,
  CARRY_ON,
  OPEN_FAILED,
  N_SIGNALS
};

extern GParamSpec *_arb_session_properties[N_PROPS];
extern guint       _arb_session_signals[N_SIGNALS];

/* arb-session.c */
void _arb_session_notify         (ArbSession    *self,
                                  guint          prop);
void _arb_session_say            (ArbSession    *self,
                                  const char    *text,
                                  gboolean       is_error);
void _arb_session_hold_game      (ArbSession    *self,
                                  ArbGame       *game);
void _arb_session_set_game_full  (ArbSession    *self,
                                  ArbGame       *game,
                                  ArbReview     *review,
                                  GFile         *file,
                                  gboolean       replay,
                                  int            online_seat);

/* arb-session-play.c */
void _arb_session_init_seats     (ArbSession    *self);
void _arb_session_seat_players   (ArbSession    *self,
                                  ArbGame       *game);
void _arb_session_update_state   (ArbSession    *self);
void _arb_session_advance        (ArbSession    *self);
void _arb_session_step_done      (ArbSession    *self);
void _arb_session_cancel_computer (ArbSession   *self);

/* arb-session-document.c */
void _arb_session_set_modified   (ArbSession    *self,
                                  gboolean       modified);
void _arb_session_set_file       (ArbSession    *self,
                                  GFile         *file);
void _arb_session_autosave       (ArbSession    *self);
void _arb_session_set_review     (ArbSession    *self,
                                  ArbReview     *review);

G_END_DECLS
