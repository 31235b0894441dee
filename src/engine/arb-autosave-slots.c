/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-autosave-slots.c: one automatic save per game in progress, each held
 * by the instance that plays it (arb-autosave-slots.h). */
#define _DEFAULT_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-autosave-slots.h"
#include "arb-save.h"

#define SAVE_SUFFIX ".arboretum"
#define LOCK_SUFFIX ".lock"

struct _ArbAutosaveSlot
{
  char  *id;
  GFile *file;       /* games/<id>.arboretum */
  char  *lock_path;  /* games/<id>.lock */
  int    lock_fd;    /* holds the lock, or -1 */
};

static char *
games_dir_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "arboretum", "games", NULL);
}

/* $XDG_DATA_HOME/arboretum/current.arboretum */
GFile *
arb_autosave_get_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "arboretum",
                                            "current.arboretum", NULL);
  return g_file_new_for_path (path);
}

GFile *
arb_autosave_get_games_dir (void)
{
  g_autofree char *path = games_dir_path ();
  return g_file_new_for_path (path);
}

static ArbAutosaveSlot *
slot_for_id (const char *id)
{
  ArbAutosaveSlot *slot = g_new0 (ArbAutosaveSlot, 1);
  g_autofree char *dir = games_dir_path ();
  g_autofree char *name = g_strconcat (id, SAVE_SUFFIX, NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  slot->id = g_strdup (id);
  slot->file = g_file_new_for_path (path);
  slot->lock_path = g_strconcat (dir, G_DIR_SEPARATOR_S, id, LOCK_SUFFIX, NULL);
  slot->lock_fd = -1;
  return slot;
}

ArbAutosaveSlot *
arb_autosave_slot_new (void)
{
  g_autofree char *id = g_uuid_string_random ();
  return slot_for_id (id);
}

const char *
arb_autosave_slot_get_id (ArbAutosaveSlot *slot)
{
  g_return_val_if_fail (slot != NULL, NULL);
  return slot->id;
}

GFile *
arb_autosave_slot_get_file (ArbAutosaveSlot *slot)
{
  g_return_val_if_fail (slot != NULL, NULL);
  return slot->file;
}

gboolean
arb_autosave_slot_is_locked (ArbAutosaveSlot *slot)
{
  g_return_val_if_fail (slot != NULL, FALSE);
  return slot->lock_fd >= 0;
}

static void
slot_unlock (ArbAutosaveSlot *slot)
{
  if (slot->lock_fd < 0)
    return;
  close (slot->lock_fd);
  slot->lock_fd = -1;
}

void
arb_autosave_slot_free (ArbAutosaveSlot *slot)
{
  if (slot == NULL)
    return;
  slot_unlock (slot);
  g_free (slot->id);
  g_clear_object (&slot->file);
  g_free (slot->lock_path);
  g_free (slot);
}

static gboolean
make_games_dir (GError **error)
{
  g_autofree char *path = games_dir_path ();

  if (g_mkdir_with_parents (path, 0700) == 0)
    return TRUE;
  {
    int saved_errno = errno;
    g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                 _("Could not create the folder “%s”: %s"), path, g_strerror (saved_errno));
  }
  return FALSE;
}

/* Takes the slot's lock. FALSE with *held set when another instance holds
 * it; with error when the lock file cannot be made. A lock file removed by
 * its owner between our open and our flock is no lock: then we start over
 * on the file now at that path. */
static gboolean
slot_lock (ArbAutosaveSlot *slot, gboolean *held, GError **error)
{
  *held = FALSE;
  if (slot->lock_fd >= 0)
    return TRUE;
  for (int attempt = 0; attempt < 8; attempt++)
    {
      GStatBuf on_path;
      struct stat locked;
      int fd = g_open (slot->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

      if (fd < 0)
        {
          int saved_errno = errno;
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                       _("Could not lock the saved game: %s"), g_strerror (saved_errno));
          return FALSE;
        }
      if (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          int saved_errno = errno;
          close (fd);
          if (saved_errno == EWOULDBLOCK)
            {
              *held = TRUE;
              return FALSE;
            }
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                       _("Could not lock the saved game: %s"), g_strerror (saved_errno));
          return FALSE;
        }
      if (fstat (fd, &locked) == 0 && g_stat (slot->lock_path, &on_path) == 0
          && locked.st_dev == on_path.st_dev && locked.st_ino == on_path.st_ino)
        {
          slot->lock_fd = fd;
          return TRUE;
        }
      close (fd);
    }
  *held = TRUE;
  return FALSE;
}

gboolean
arb_autosave_slot_write (ArbAutosaveSlot *slot, ArbGame *game, ArbReview *review, GError **error)
{
  gboolean held;

  g_return_val_if_fail (slot != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);
  if (arb_game_is_finished (game))
    return arb_autosave_slot_discard (slot, error);
  if (!make_games_dir (error))
    return FALSE;
  if (!slot_lock (slot, &held, error))
    {
      /* A new id is nobody else's: only a copied or reused id is held. */
      if (held)
        g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                             _("The game in progress is played in another window"));
      return FALSE;
    }
  return arb_save_write_file (game, review, slot->file, NULL, error);
}

gboolean
arb_autosave_slot_discard (ArbAutosaveSlot *slot, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (slot != NULL, FALSE);
  /* Only the holder removes a save: never another instance's game. */
  if (slot->lock_fd < 0)
    {
      gboolean held;

      if (!g_file_query_exists (slot->file, NULL))
        return TRUE;
      if (!slot_lock (slot, &held, error))
        {
          if (held)
            g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                                 _("The game in progress is played in another window"));
          return FALSE;
        }
    }
  if (!g_file_delete (slot->file, NULL, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                   _("Could not remove the saved game: %s"), local_error->message);
      return FALSE;
    }
  /* Removed while held: whoever opened it meanwhile sees it go (slot_lock). */
  g_unlink (slot->lock_path);
  slot_unlock (slot);
  return TRUE;
}

/* ---- finding the saves ------------------------------------------------------ */

typedef struct
{
  char   *id;      /* NULL: the save of earlier versions */
  GFile  *file;
  guint64 mtime;   /* microseconds */
} Candidate;

static void
candidate_free (gpointer data)
{
  Candidate *c = data;

  g_free (c->id);
  g_clear_object (&c->file);
  g_free (c);
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  const Candidate *ca = *(Candidate * const *) a;
  const Candidate *cb = *(Candidate * const *) b;

  return ca->mtime < cb->mtime ? 1 : ca->mtime > cb->mtime ? -1 : 0;
}

static void
add_candidate (GPtrArray *candidates, const char *id, GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);
  Candidate *c;

  if (info == NULL || g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    return;
  c = g_new0 (Candidate, 1);
  c->id = g_strdup (id);
  c->file = g_object_ref (file);
  c->mtime = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
             + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  g_ptr_array_add (candidates, c);
}

/* Every automatic save there is, the most recent first. */
static GPtrArray *
list_candidates (void)
{
  GPtrArray *candidates = g_ptr_array_new_with_free_func (candidate_free);
  g_autofree char *dir_path = games_dir_path ();
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr (GFile) legacy = arb_autosave_get_file ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *id = NULL;
      g_autofree char *path = NULL;
      g_autoptr (GFile) file = NULL;

      /* Not the temporary files of a save being written. */
      if (!g_str_has_suffix (name, SAVE_SUFFIX) || name[0] == '.')
        continue;
      id = g_strndup (name, strlen (name) - strlen (SAVE_SUFFIX));
      path = g_build_filename (dir_path, name, NULL);
      file = g_file_new_for_path (path);
      add_candidate (candidates, id, file);
    }
  add_candidate (candidates, NULL, legacy);
  g_ptr_array_sort (candidates, newest_first);
  return candidates;
}

/* Whether a running instance holds the save of id. The probe holds a shared
 * lock for an instant: never the lock of a game being played. */
static gboolean
held_elsewhere (const char *id)
{
  g_autoptr (ArbAutosaveSlot) slot = slot_for_id (id);
  int fd = g_open (slot->lock_path, O_RDWR | O_CLOEXEC, 0);
  gboolean held;

  if (fd < 0)
    return FALSE;
  held = flock (fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close (fd);
  return held;
}

gboolean
arb_autosave_slot_available (void)
{
  g_autoptr (GPtrArray) candidates = list_candidates ();

  for (guint i = 0; i < candidates->len; i++)
    {
      Candidate *c = g_ptr_array_index (candidates, i);

      if (c->id == NULL || !held_elsewhere (c->id))
        return TRUE;
    }
  return FALSE;
}

/* The slot of candidate c, locked; the save of earlier versions moves into
 * a slot of its own first. NULL, without error, when another instance
 * holds it or took it meanwhile. */
static ArbAutosaveSlot *
claim (Candidate *c, GError **error)
{
  g_autoptr (ArbAutosaveSlot) slot = c->id != NULL ? slot_for_id (c->id) : arb_autosave_slot_new ();
  gboolean held;

  if (!make_games_dir (error) || !slot_lock (slot, &held, error))
    return NULL;
  if (c->id == NULL)
    {
      /* Of two instances, one moves it; the other finds it gone. */
      if (g_rename (g_file_peek_path (c->file), g_file_peek_path (slot->file)) != 0)
        {
          int saved_errno = errno;

          arb_autosave_slot_discard (slot, NULL);
          if (saved_errno == ENOENT)
            return NULL;
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                       _("Could not move the saved game: %s"), g_strerror (saved_errno));
          return NULL;
        }
    }
  else if (!g_file_query_exists (slot->file, NULL))
    {
      /* Its game ended since the list was made. */
      g_unlink (slot->lock_path);
      return NULL;
    }
  return g_steal_pointer (&slot);
}

ArbAutosaveSlot *
arb_autosave_slot_claim_latest (ArbGame **game_out, ArbReview **review_out, GError **error)
{
  g_autoptr (GPtrArray) candidates = list_candidates ();

  g_return_val_if_fail (game_out != NULL, NULL);
  *game_out = NULL;
  for (guint i = 0; i < candidates->len; i++)
    {
      g_autoptr (ArbAutosaveSlot) slot = NULL;
      GError *local_error = NULL;

      slot = claim (g_ptr_array_index (candidates, i), &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          return NULL;
        }
      if (slot == NULL)
        continue;
      *game_out = arb_save_read_file (slot->file, review_out, NULL, error);
      if (*game_out == NULL)
        return NULL;
      return g_steal_pointer (&slot);
    }
  return NULL;
}
