/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session-document.c: the game as a document in ArbSession: its file
 * and unsaved steps, the automatic save, the replay, the review, opening
 * and saving, and the offer to save before a game goes.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-save.h"
#include "arb-session-private.h"

/* ---- the file and unsaved steps ----------------------------------------- */

void
_arb_session_set_modified (ArbSession *self, gboolean modified)
{
  if (!modified)
    self->steps_unsaved = FALSE;
  if (self->modified == modified)
    return;
  self->modified = modified;
  _arb_session_notify (self, PROP_MODIFIED);
  _arb_session_notify (self, PROP_TITLE);
}

void
_arb_session_set_file (ArbSession *self, GFile *file)
{
  if (!g_set_object (&self->file, file))
    return;
  _arb_session_notify (self, PROP_FILE);
  _arb_session_notify (self, PROP_TITLE);
}

/* The game in progress survives a crash or a closed window: it is written
 * after every turn, and forgotten once over. A failure is told once, not
 * after every turn, until a save succeeds again. */
void
_arb_session_autosave (ArbSession *self)
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
    g_signal_emit (self, _arb_session_signals[AUTOSAVE_FAILED], 0, error->message);
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
  _arb_session_set_file (self, file);
  _arb_session_set_modified (self, FALSE);
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
  _arb_session_cancel_computer (self);
  g_clear_handle_id (&self->advance_idle, g_source_remove);
  self->replay = arb_replay_new (self->game);
  arb_replay_last (self->replay);
  _arb_session_update_state (self);
  _arb_session_notify (self, PROP_REPLAY);
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
  _arb_session_notify (self, PROP_REPLAY);
  _arb_session_advance (self);
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

void
_arb_session_set_review (ArbSession *self, ArbReview *review)
{
  if (g_set_object (&self->review, review))
    _arb_session_notify (self, PROP_REVIEW);
}

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
  _arb_session_notify (self, PROP_REVIEW_PROGRESS);
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
          _arb_session_set_modified (self, TRUE);
          _arb_session_set_review (self, review);
        }
      else
        _arb_session_say (self, error->message, TRUE);
      _arb_session_notify (self, PROP_REVIEWING);
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
  _arb_session_notify (self, PROP_REVIEWING);
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
  _arb_session_notify (self, PROP_REVIEWING);
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
  _arb_session_set_game_full (self, game, review, NULL, FALSE, -1);
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
      _arb_session_notify (self, PROP_LOADING);
      if (game != NULL)
        loaded (self, loading, game, review);
      else
        g_signal_emit (self, _arb_session_signals[OPEN_FAILED], 0, error->message);
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
  _arb_session_notify (self, PROP_LOADING);
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
  _arb_session_notify (self, PROP_LOADING);
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
      _arb_session_notify (self, PROP_OFFER);
    }
  if (then == ARB_AFTER_SAVE_OPEN_FILE && file != NULL)
    arb_session_load (self, file);
  g_signal_emit (self, _arb_session_signals[CARRY_ON], 0, then);
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
  _arb_session_notify (self, PROP_OFFER);
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
  _arb_session_set_modified (self, FALSE);
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
  _arb_session_notify (self, PROP_OFFER);
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
