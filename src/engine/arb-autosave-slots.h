/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-autosave-slots.h: the automatic saves of the games in progress, one
 * file per game.
 *
 * Each game gets an id when it is first saved automatically (a random
 * UUID) and its own file, $XDG_DATA_HOME/arboretum/games/<id>.arboretum.
 * The instance that plays it holds an advisory lock (flock) on
 * games/<id>.lock for as long as it does: Continue offers every intact
 * save that no running instance holds, the most recent first, and a
 * finished game removes its own file only. A damaged save is set aside in
 * games/damaged/ and named, never hiding the others. The single automatic save of earlier versions,
 * $XDG_DATA_HOME/arboretum/current.arboretum (arb_autosave_get_file), is
 * offered like the others; continued, it moves into games/.
 */
#pragma once

#include <gio/gio.h>

#include "arb-game.h"
#include "arb-review.h"

G_BEGIN_DECLS

typedef struct _ArbAutosaveSlot ArbAutosaveSlot;

/* A game in progress that Continue offers. */
typedef struct {
  char    *id;        /* NULL: the save of earlier versions */
  GFile   *file;
  guint64  modified;  /* microseconds since the epoch */
  ArbGame *game;      /* as read when listed */
} ArbAutosaveEntry;

/* How long, in bytes, a damaged save's line is at most. */
#define ARB_AUTOSAVE_DAMAGED_MAX 200

void             arb_autosave_entry_free        (ArbAutosaveEntry *entry);
/* Reads, in a worker thread, every automatic save that no instance holds:
 * gives the intact games (ArbAutosaveEntry), the most recent first, and in
 * damaged_out (may be NULL) one line for each save that could not be read,
 * "name: why". A damaged save is moved into games/damaged/, so that it
 * stands in the way of no other; one written by a newer version stays. */
void             arb_autosave_list_async        (GCancellable  *cancellable,
                                                 GAsyncReadyCallback callback,
                                                 gpointer       user_data);
GPtrArray       *arb_autosave_list_finish       (GAsyncResult  *result,
                                                 GPtrArray    **damaged_out,
                                                 GError       **error);

/* $XDG_DATA_HOME/arboretum/games */
GFile           *arb_autosave_get_games_dir     (void);
/* Whether Continue has a save to offer: one that no instance holds. */
gboolean         arb_autosave_slot_available    (void);

/* A new game's slot, with a new id: nothing is written or locked yet. */
ArbAutosaveSlot *arb_autosave_slot_new          (void);
/* The slot of entry (arb_autosave_list_async), locked; NULL without
 * error when another instance holds it or its game ended since. */
ArbAutosaveSlot *arb_autosave_slot_claim        (const ArbAutosaveEntry *entry,
                                                 GError       **error);
GFile           *arb_autosave_slot_get_file     (ArbAutosaveSlot *slot);
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
