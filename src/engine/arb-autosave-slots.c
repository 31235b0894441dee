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
#include <libxml/parser.h>

#include "arb-autosave-slots.h"
#include "arb-file.h"
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

GFile *
arb_autosave_slot_get_file (ArbAutosaveSlot *slot)
{
  g_return_val_if_fail (slot != NULL, NULL);
  return slot->file;
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

void
arb_autosave_entry_free (ArbAutosaveEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->id);
  g_clear_object (&entry->file);
  g_clear_object (&entry->game);
  g_free (entry);
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  const ArbAutosaveEntry *ea = *(ArbAutosaveEntry * const *) a;
  const ArbAutosaveEntry *eb = *(ArbAutosaveEntry * const *) b;

  return ea->modified < eb->modified ? 1 : ea->modified > eb->modified ? -1 : 0;
}

/* Whatever the folder holds under a save's name, FIFOs and folders too:
 * the reader refuses those by name (arb-file.h), and they are set aside. */
static void
add_candidate (GPtrArray *candidates, const char *id, GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                  G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  ArbAutosaveEntry *entry;

  if (info == NULL)
    return;
  entry = g_new0 (ArbAutosaveEntry, 1);
  entry->id = g_strdup (id);
  entry->file = g_object_ref (file);
  entry->modified = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
                    + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  g_ptr_array_add (candidates, entry);
}

/* Every automatic save there is, the most recent first. */
static GPtrArray *
list_candidates (void)
{
  GPtrArray *candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_autosave_entry_free);
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
      ArbAutosaveEntry *entry = g_ptr_array_index (candidates, i);

      if (entry->id == NULL || !held_elsewhere (entry->id))
        return TRUE;
    }
  return FALSE;
}

/* The slot of entry, locked; the save of earlier versions moves into a
 * slot of its own first. NULL, without error, when another instance holds
 * it or took it meanwhile. */
ArbAutosaveSlot *
arb_autosave_slot_claim (const ArbAutosaveEntry *entry, GError **error)
{
  g_autoptr (ArbAutosaveSlot) slot = NULL;
  gboolean held;

  g_return_val_if_fail (entry != NULL, NULL);
  slot = entry->id != NULL ? slot_for_id (entry->id) : arb_autosave_slot_new ();
  if (!make_games_dir (error) || !slot_lock (slot, &held, error))
    return NULL;
  if (entry->id == NULL)
    {
      /* Of two instances, one moves it; the other finds it gone. */
      if (g_rename (g_file_peek_path (entry->file), g_file_peek_path (slot->file)) != 0)
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

/* ---- the list Continue offers ------------------------------------------------ */

/* Moves a damaged save into games/damaged/, out of Continue's way, where
 * its owner can still look at it. A save another instance took meanwhile
 * is its own, intact or not: left alone. */
static void
set_aside (const ArbAutosaveEntry *entry)
{
  g_autoptr (ArbAutosaveSlot) slot = entry->id != NULL ? slot_for_id (entry->id) : NULL;
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "arboretum", "games",
                                           "damaged", NULL);
  g_autofree char *name = g_file_get_basename (entry->file);
  g_autofree char *target = g_build_filename (dir, name, NULL);
  gboolean held;

  if (slot != NULL && !slot_lock (slot, &held, NULL))
    return;
  if (g_mkdir_with_parents (dir, 0700) == 0)
    g_rename (g_file_peek_path (entry->file), target);
  if (slot != NULL)
    {
      g_unlink (slot->lock_path);
      slot_unlock (slot);
    }
}

/* One short line: the save's name and why it was set aside, never more
 * than ARB_AUTOSAVE_DAMAGED_MAX bytes, whatever the file holds. */
static char *
damaged_line (const ArbAutosaveEntry *entry, const GError *error)
{
  g_autofree char *name = g_file_get_basename (entry->file);
  g_autofree char *shown = g_filename_display_name (name);
  /* TRANSLATORS: a saved game that could not be read: its file's name, then why */
  g_autofree char *line = g_strdup_printf (_("%s: %s"), shown, error->message);
  const char *end = line;

  while (*end != '\0' && g_utf8_next_char (end) - line <= ARB_AUTOSAVE_DAMAGED_MAX)
    end = g_utf8_next_char (end);
  return g_strndup (line, end - line);
}

typedef struct {
  GPtrArray *intact;
  GPtrArray *damaged;
} Listing;

static void
listing_free (Listing *listing)
{
  g_ptr_array_unref (listing->intact);
  g_ptr_array_unref (listing->damaged);
  g_free (listing);
}

/* A save written by a newer version is not damaged: it waits for it. */
static gboolean
is_damage (const GError *error)
{
  return !g_error_matches (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NEWER_VERSION);
}

/* The game of entry, read as any save is; a refusal says why without the
 * file's path, which the line naming it gives (damaged_line). */
static ArbGame *
read_entry (const ArbAutosaveEntry *entry, GCancellable *cancellable, GError **error)
{
  g_autoptr (GBytes) bytes = arb_file_read_bounded (entry->file, ARB_SAVE_MAX_SIZE, cancellable, error);

  return bytes != NULL ? arb_save_load_bytes (bytes, NULL, error) : NULL;
}

static void
list_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  g_autoptr (GPtrArray) candidates = list_candidates ();
  Listing *listing = g_new0 (Listing, 1);

  listing->intact = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_autosave_entry_free);
  listing->damaged = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < candidates->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      ArbAutosaveEntry *entry = g_ptr_array_index (candidates, i);
      g_autoptr (GError) error = NULL;

      if (entry->id != NULL && held_elsewhere (entry->id))
        continue;
      entry->game = read_entry (entry, cancellable, &error);
      if (entry->game != NULL)
        {
          g_ptr_array_add (listing->intact, entry);
          g_ptr_array_index (candidates, i) = NULL;
        }
      else if (g_file_query_exists (entry->file, NULL) && !g_cancellable_is_cancelled (cancellable))
        {
          g_ptr_array_add (listing->damaged, damaged_line (entry, error));
          if (is_damage (error))
            set_aside (entry);
        }
    }
  if (g_task_return_error_if_cancelled (task))
    listing_free (listing);
  else
    g_task_return_pointer (task, listing, (GDestroyNotify) listing_free);
}

void
arb_autosave_list_async (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  /* libxml2 sets up its globals on first use; do it here, in one thread. */
  xmlInitParser ();
  g_task_run_in_thread (task, list_thread);
}

GPtrArray *
arb_autosave_list_finish (GAsyncResult *result, GPtrArray **damaged_out, GError **error)
{
  Listing *listing;
  GPtrArray *intact;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  listing = g_task_propagate_pointer (G_TASK (result), error);
  if (listing == NULL)
    return NULL;
  intact = g_ptr_array_ref (listing->intact);
  if (damaged_out != NULL)
    *damaged_out = g_ptr_array_ref (listing->damaged);
  listing_free (listing);
  return intact;
}
