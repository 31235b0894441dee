/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-atomic.c: a save written as a new file renamed over the old
 * one, which keeps the old one's mode and owner; the temporaries of saves
 * killed half-way are removed.
 */
/* lstat(), chown() and geteuid() are POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "arb-save.h"

/* What is kept of the file a save replaces: a save its owner kept private
 * (0600) stays private, and a save root writes for another user stays that
 * user's. A new file gets 0666 less the umask. */
typedef struct {
  gboolean existed;
  GStatBuf stat;
} OldFile;

static void
old_file_read (OldFile *old, const char *path)
{
  old->existed = g_stat (path, &old->stat) == 0;
}

static int
old_file_mode (const OldFile *old)
{
  return old->existed ? (int) (old->stat.st_mode & 0777) : 0666;
}

/* The rename gave the file to whoever saved it; give it back. Only root can
 * give a file away (and a group member its group), so a refusal leaves the
 * saver as owner, which is all a plain rename can do. */
static void
old_file_restore_owner (const OldFile *old, const char *path)
{
#ifdef G_OS_UNIX
  GStatBuf now;

  if (!old->existed || g_stat (path, &now) != 0)
    return;
  if ((now.st_uid != old->stat.st_uid || now.st_gid != old->stat.st_gid)
      && chown (path, old->stat.st_uid, old->stat.st_gid) != 0)
    g_debug ("Could not give %s back to its owner: %s", path, g_strerror (errno));
#endif
}

/* g_file_set_contents_full() writes NAME.XXXXXX and renames it over NAME; a
 * save killed half-way leaves that temporary behind. */
static gboolean
is_temporary_of (const char *entry, const char *base)
{
  gsize n = strlen (base);

  if (strncmp (entry, base, n) != 0 || entry[n] != '.' || strlen (entry + n + 1) != 6)
    return FALSE;
  for (const char *c = entry + n + 1; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

/* Removes the temporaries that killed saves of path left behind. One younger
 * than a minute may be another instance's save under way, and one that is
 * not ours or not a plain file was not made by a save: both are left. */
static void
remove_stale_temporaries (const char *path)
{
  g_autofree char *dir_name = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr (GDir) dir = g_dir_open (dir_name, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *entry;

  if (dir == NULL)
    return;
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *stale = NULL;
      GStatBuf info;

      if (!is_temporary_of (entry, base))
        continue;
      stale = g_build_filename (dir_name, entry, NULL);
      if (g_lstat (stale, &info) == 0 && S_ISREG (info.st_mode)
#ifdef G_OS_UNIX
          && info.st_uid == geteuid ()
#endif
          && now - (gint64) info.st_mtime >= ARB_SAVE_STALE_SECONDS)
        g_unlink (stale);
    }
}

/* Writes a new file and renames it over the old one, so that a crash while
 * saving leaves the previous save whole. */
gboolean
arb_save_write_file (ArbGame *game, ArbReview *review, GFile *file, GCancellable *cancellable,
                     GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *path;
  gsize length;
  const char *data;
  gboolean ok;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  bytes = arb_save_to_bytes (game, review, error);
  if (bytes == NULL)
    return FALSE;

  data = g_bytes_get_data (bytes, &length);
  path = g_file_peek_path (file);
  if (path != NULL)
    {
      OldFile old;

      old_file_read (&old, path);
      ok = g_file_set_contents_full (path, data, (gssize) length,
                                     G_FILE_SET_CONTENTS_CONSISTENT, old_file_mode (&old),
                                     &local_error);
      if (ok)
        {
          old_file_restore_owner (&old, path);
          remove_stale_temporaries (path);
        }
    }
  else
    ok = g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE,
                                  NULL, cancellable, &local_error);
  if (!ok)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                   _("Could not save the game to “%s”: %s"), name, local_error->message);
    }
  return ok;
}

