/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-autosave-slots.h: the automatic saves of the games in progress, one
 * file per game.
 *
 * Each game gets an id when it is first saved automatically (a random
 * UUID) and its own file, $XDG_DATA_HOME/arboretum/games/<id>.arboretum.
 * The instance that plays it holds an advisory lock (flock) on
 * games/<id>.lock for as long as it does: Continue offers the most recent
 * save that no running instance holds, and a finished game removes its own
 * file only. The single automatic save of earlier versions,
 * $XDG_DATA_HOME/arboretum/current.arboretum (arb_autosave_get_file), is
 * offered like the others; continued, it moves into games/.
 */
#pragma once

#include <gio/gio.h>

#include "arb-game.h"
#include "arb-review.h"

G_BEGIN_DECLS

typedef struct _ArbAutosaveSlot ArbAutosaveSlot;

/* $XDG_DATA_HOME/arboretum/games */
GFile           *arb_autosave_get_games_dir     (void);
/* Whether Continue has a save to offer: one that no instance holds. */
gboolean         arb_autosave_slot_available    (void);

/* A new game's slot, with a new id: nothing is written or locked yet. */
ArbAutosaveSlot *arb_autosave_slot_new          (void);
/* The most recent save that no instance holds, locked, read into game_out
 * and review_out (may be NULL); NULL without error when there is none. */
ArbAutosaveSlot *arb_autosave_slot_claim_latest (ArbGame      **game_out,
                                                 ArbReview    **review_out,
                                                 GError       **error);
const char      *arb_autosave_slot_get_id       (ArbAutosaveSlot *slot);
GFile           *arb_autosave_slot_get_file     (ArbAutosaveSlot *slot);
gboolean         arb_autosave_slot_is_locked    (ArbAutosaveSlot *slot);
/* Saves the game in progress into the slot's file, taking its lock first;
 * a finished game is discarded instead. */
gboolean         arb_autosave_slot_write        (ArbAutosaveSlot *slot,
                                                 ArbGame       *game,
                                                 ArbReview     *review,
                                                 GError       **error);
/* Removes the slot's file and lock, once its game is over or abandoned. */
gboolean         arb_autosave_slot_discard      (ArbAutosaveSlot *slot,
                                                 GError       **error);
/* Lets the lock go and keeps the file: the game can be continued. */
void             arb_autosave_slot_free         (ArbAutosaveSlot *slot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbAutosaveSlot, arb_autosave_slot_free)

G_END_DECLS
