/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save.h: save games in XML, and the automatic save of the game in
 * progress.
 *
 * A save game records the rule set, the players, the whole deck after the
 * shuffle and every step; loading replays the steps through the rules, so a
 * loaded game is exactly the game that was saved, or an error. The format
 * is described in docs/save-format.md and data/arboretum-save.rng.
 */
#pragma once

#include <gio/gio.h>

#include "arb-game.h"
#include "arb-review.h"

G_BEGIN_DECLS

#define ARB_SAVE_ERROR (arb_save_error_quark ())

typedef enum {
  ARB_SAVE_ERROR_IO,                /* the file could not be read or written */
  ARB_SAVE_ERROR_TOO_LARGE,         /* larger, deeper or longer than any save game */
  ARB_SAVE_ERROR_NOT_XML,           /* not well-formed XML: damaged or cut short */
  ARB_SAVE_ERROR_UNSAFE,            /* a document type or entity declaration */
  ARB_SAVE_ERROR_NOT_A_SAVE,        /* an XML document of another kind */
  ARB_SAVE_ERROR_NEWER_VERSION,     /* written by a newer version of the game */
  ARB_SAVE_ERROR_UNKNOWN_VERSION,   /* a format version no version of the game wrote */
  ARB_SAVE_ERROR_INVALID,           /* does not follow the schema */
  ARB_SAVE_ERROR_UNKNOWN_SPECIES,   /* a species id the game does not know */
  ARB_SAVE_ERROR_BAD_SETUP,         /* rule set, players and species that do not fit */
  ARB_SAVE_ERROR_BAD_DECK,          /* a card twice, missing, or of a species not in play */
  ARB_SAVE_ERROR_ILLEGAL_STEP,      /* a step the rules refuse, or other cards than recorded */
  ARB_SAVE_ERROR_POSITION_MISMATCH, /* the recorded position disagrees with the steps */
  ARB_SAVE_ERROR_UNSAVABLE,         /* a game that did not start from a deal */
  ARB_SAVE_ERROR_BAD_REVIEW,        /* a review that does not fit the game's steps */
} ArbSaveError;

/* The newest format this version reads, and writes for a game whose deal
 * no seed describes (arb_game_new_unseeded). A game with a seed is written
 * in format 2 when it has a review (ArbReview), else in format 1, which
 * older versions read too (docs/save-format.md). */
#define ARB_SAVE_FORMAT_VERSION 3
#define ARB_SAVE_FORMAT_REVIEW 2
#define ARB_SAVE_FORMAT_PLAIN 1
/* No save game comes near this: a finished game is about 20 KiB. */
/* A whole 4-player game takes about 22 KB; the limit leaves ten times that
 * and more, and keeps any refusal quick (docs/save-format.md). */
#define ARB_SAVE_MAX_SIZE (1024 * 1024)
/* A save takes milliseconds: a temporary file older than this was left by a
 * save that was killed, and the next save of the same file removes it. */
#define ARB_SAVE_STALE_SECONDS 60

GQuark    arb_save_error_quark      (void);

/* review (may be NULL) is the review of the game's first steps
 * (arb-review.h): a game with one is written in format 2, and reading it
 * gives it back through review_out (may be NULL; set to NULL when the save
 * has none). */
GBytes   *arb_save_to_bytes         (ArbGame       *game,
                                     ArbReview     *review,
                                     GError       **error);
gboolean  arb_save_write_file       (ArbGame       *game,
                                     ArbReview     *review,
                                     GFile         *file,
                                     GCancellable  *cancellable,
                                     GError       **error);
ArbGame  *arb_save_load_bytes       (GBytes        *bytes,
                                     ArbReview    **review_out,
                                     GError       **error);
ArbGame  *arb_save_load_data        (const char    *data,
                                     gsize          length,
                                     ArbReview    **review_out,
                                     GError       **error);
ArbGame  *arb_save_read_file        (GFile         *file,
                                     ArbReview    **review_out,
                                     GCancellable  *cancellable,
                                     GError       **error);
void      arb_save_read_file_async  (GFile         *file,
                                     GCancellable  *cancellable,
                                     GAsyncReadyCallback callback,
                                     gpointer       user_data);
ArbGame  *arb_save_read_file_finish (GAsyncResult  *result,
                                     ArbReview    **review_out,
                                     GError       **error);
gboolean  arb_save_looks_like_save  (const char    *data,
                                     gsize          length);

/* The single automatic save of earlier versions,
 * $XDG_DATA_HOME/arboretum/current.arboretum: the saves of the games in
 * progress are now one file each (arb-autosave-slots.h), and this one is
 * offered with them. */
GFile    *arb_autosave_get_file     (void);

G_END_DECLS
