/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-autosave.c: the automatic save of the game in progress, in
 * $XDG_DATA_HOME/arboretum/current.arboretum.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-save.h"

#define AUTOSAVE_NAME "current.arboretum"


/* $XDG_DATA_HOME/arboretum/current.arboretum */
GFile *
arb_autosave_get_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "arboretum",
                                            AUTOSAVE_NAME, NULL);
  return g_file_new_for_path (path);
}

gboolean
arb_autosave_exists (void)
{
  g_autoptr (GFile) file = arb_autosave_get_file ();
  return g_file_query_exists (file, NULL);
}

/* Saves the game in progress and its review (may be NULL); a finished game
 * has nothing to resume, so its automatic save is removed instead. */
gboolean
arb_autosave_write (ArbGame *game, ArbReview *review, GError **error)
{
  g_autoptr (GFile) file = arb_autosave_get_file ();
  g_autoptr (GFile) dir = g_file_get_parent (file);
  const char *path = g_file_peek_path (dir);

  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);
  if (arb_game_is_finished (game))
    return arb_autosave_discard (error);
  if (g_mkdir_with_parents (path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                   _("Could not create the folder “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return arb_save_write_file (game, review, file, NULL, error);
}

/* The game saved automatically and in review_out (may be NULL) its review,
 * or NULL: with error set when the file is there but cannot be loaded,
 * without when there is none. */
ArbGame *
arb_autosave_load (ArbReview **review_out, GError **error)
{
  g_autoptr (GFile) file = arb_autosave_get_file ();

  if (!g_file_query_exists (file, NULL))
    return NULL;
  return arb_save_read_file (file, review_out, NULL, error);
}

/* Removes the automatic save, once a game is over or abandoned. */
gboolean
arb_autosave_discard (GError **error)
{
  g_autoptr (GFile) file = arb_autosave_get_file ();
  g_autoptr (GError) local_error = NULL;

  if (g_file_delete (file, NULL, &local_error)
      || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
               _("Could not remove the saved game: %s"), local_error->message);
  return FALSE;
}
