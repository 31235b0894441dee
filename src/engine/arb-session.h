/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session.h: the course of a game, from deal to score, without a display.
 *
 * ArbSession holds the game, its replay while replaying and its review;
 * decides who acts next (a person at this screen, or a computer through
 * ArbSeatDriver at the "think-time" pace) and which viewer the screen
 * shows (the "viewpoint": a person's seat, or the public table while a
 * computer acts or the screen passes between people, "cover-for"); runs
 * hints and reviews; opens, saves and offers to save the game. A window
 * only binds to its properties, listens to its signals and calls it.
 */
#pragma once

#include <gio/gio.h>

#include "arb-autosave-slots.h"
#include "arb-game.h"
#include "arb-link.h"
#include "arb-replay.h"
#include "arb-review.h"
#include "arb-viewpoint.h"

G_BEGIN_DECLS

/* What waits for the offer to save a game with unsaved steps. */
typedef enum {
  ARB_AFTER_SAVE_NOTHING,
  ARB_AFTER_SAVE_CLOSE,
  ARB_AFTER_SAVE_OPEN,
  ARB_AFTER_SAVE_NEW_GAME,
  ARB_AFTER_SAVE_OPEN_FILE,   /* the file given to arb_session_open_file */
} ArbAfterSave;

#define ARB_TYPE_SESSION (arb_session_get_type ())
G_DECLARE_FINAL_TYPE (ArbSession, arb_session, ARB, SESSION, GObject)

ArbSession   *arb_session_new               (void);

/* The game, and the file it was read from (NULL for a new game). */
void          arb_session_set_game          (ArbSession    *self,
                                             ArbGame       *game,
                                             GFile         *file);
void          arb_session_open_game         (ArbSession    *self,
                                             ArbGame       *game,
                                             ArbReview     *review,
                                             GFile         *file);
ArbGame      *arb_session_get_game          (ArbSession    *self);
GFile        *arb_session_get_file          (ArbSession    *self);
gboolean      arb_session_get_modified      (ArbSession    *self);
gboolean      arb_session_has_unsaved_steps (ArbSession    *self);
char         *arb_session_dup_title         (ArbSession    *self);
void          arb_session_saved             (ArbSession    *self,
                                             GFile         *file);
void          arb_session_stop              (ArbSession    *self);

/* Who acts, and what the screen shows. */
ArbViewpoint *arb_session_get_viewpoint     (ArbSession    *self);
int           arb_session_get_cover_for     (ArbSession    *self);
void          arb_session_reveal            (ArbSession    *self);
void          arb_session_set_open_hands    (ArbSession    *self,
                                             gboolean       open_hands);
gboolean      arb_session_get_person_to_act (ArbSession    *self);
gboolean      arb_session_get_busy          (ArbSession    *self);
void          arb_session_set_think_time    (ArbSession    *self,
                                             guint          think_time_ms);
gboolean      arb_session_draw              (ArbSession    *self,
                                             int            source,
                                             GError       **error);
gboolean      arb_session_apply             (ArbSession    *self,
                                             const ArbMove *move,
                                             GError       **error);
gboolean      arb_session_get_can_take_back (ArbSession    *self);
gboolean      arb_session_take_back         (ArbSession    *self,
                                             GError       **error);
gboolean      arb_session_hint              (ArbSession    *self);

/* Network play: the session joins a host's table through its link
 * (arb-link.h), which it owns from then on, as it owns its file; the host
 * plays every seat but the one at this screen. */
void          arb_session_join              (ArbSession    *self,
                                             ArbLink       *link);
void          arb_session_leave             (ArbSession    *self);
ArbLink      *arb_session_get_link          (ArbSession    *self);
int           arb_session_get_online_seat   (ArbSession    *self);

/* The replay. */
ArbReplay    *arb_session_get_replay        (ArbSession    *self);
void          arb_session_start_replay      (ArbSession    *self);
gboolean      arb_session_stop_replay       (ArbSession    *self);
gboolean      arb_session_continue_replay   (ArbSession    *self,
                                             GError       **error);

/* The review. */
ArbReview    *arb_session_get_review        (ArbSession    *self);
gboolean      arb_session_get_reviewing     (ArbSession    *self);
double        arb_session_get_review_progress (ArbSession  *self);
gboolean      arb_session_review            (ArbSession    *self);
void          arb_session_cancel_review     (ArbSession    *self);

/* Files. */
void          arb_session_load              (ArbSession    *self,
                                             GFile         *file);
gboolean      arb_session_get_loading       (ArbSession    *self);
void          arb_session_cancel_load       (ArbSession    *self);
gboolean      arb_session_continue          (ArbSession    *self,
                                             const ArbAutosaveEntry *entry,
                                             GError       **error);
gboolean      arb_session_save              (ArbSession    *self,
                                             GFile         *file,
                                             GError       **error);
gboolean      arb_session_offer_to_save     (ArbSession    *self,
                                             ArbAfterSave   then);
ArbAfterSave  arb_session_get_offer         (ArbSession    *self);
void          arb_session_discard           (ArbSession    *self);
void          arb_session_cancel_offer      (ArbSession    *self);
void          arb_session_open_file         (ArbSession    *self,
                                             GFile         *file);
GFile        *arb_session_get_autosave_file (ArbSession   *self);

G_END_DECLS
