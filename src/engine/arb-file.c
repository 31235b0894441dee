/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-file.c: a regular file read up to a limit (arb-file.h). */
/* O_CLOEXEC and O_NOCTTY are POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-file.h"

static void
set_too_large (GError **error, gsize max_size)
{
  g_autofree char *limit = g_format_size (max_size);

  /* TRANSLATORS: %s is a size, such as “1.0 MB” */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, _("larger than %s"), limit);
}

static void
set_errno (GError **error, int saved_errno)
{
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
}

/* Opens path without waiting: a FIFO with no writer would block a plain
 * open() for ever. The flag changes nothing for a regular file. */
static int
open_without_waiting (const char *path, GError **error)
{
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);

  if (fd < 0)
    set_errno (error, errno);
  return fd;
}

static gboolean
check_opened (int fd, gsize max_size, gsize *size_out, GError **error)
{
  struct stat st;

  if (fstat (fd, &st) != 0)
    {
      set_errno (error, errno);
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                           _("not a regular file"));
      return FALSE;
    }
  if (st.st_size < 0 || (guint64) st.st_size > max_size)
    {
      set_too_large (error, max_size);
      return FALSE;
    }
  *size_out = st.st_size;
  return TRUE;
}

/* Reads to the end, which may come later than the size seen (a file still
 * being written): never more than one byte past the limit. */
static GBytes *
read_all (int fd, gsize expected, gsize max_size, GCancellable *cancellable, GError **error)
{
  gsize capacity = MIN (expected, max_size) + 1;
  g_autofree char *buffer = g_malloc (capacity);
  gsize length = 0;

  for (;;)
    {
      gssize n;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (length == capacity)
        {
          if (capacity > max_size)
            {
              set_too_large (error, max_size);
              return NULL;
            }
          capacity = MIN (capacity * 2, max_size + 1);
          buffer = g_realloc (buffer, capacity);
        }
      n = read (fd, buffer + length, capacity - length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_errno (error, errno);
          return NULL;
        }
      if (n == 0)
        break;
      length += n;
    }
  return g_bytes_new_take (g_steal_pointer (&buffer), length);
}

GBytes *
arb_file_read_bounded (GFile *file, gsize max_size, GCancellable *cancellable, GError **error)
{
  const char *path;
  GBytes *bytes;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (max_size < G_MAXSIZE, NULL);
  path = g_file_peek_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("not a local file"));
      return NULL;
    }
  fd = open_without_waiting (path, error);
  if (fd < 0)
    return NULL;
  bytes = arb_file_read_bounded_fd (fd, max_size, cancellable, error);
  close (fd);
  return bytes;
}

/* The same from a descriptor the caller opened (with flags of its own, such
 * as O_NOFOLLOW, and O_NONBLOCK for the reason above) and closes. */
GBytes *
arb_file_read_bounded_fd (int fd, gsize max_size, GCancellable *cancellable, GError **error)
{
  gsize size;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (max_size < G_MAXSIZE, NULL);
  if (!check_opened (fd, max_size, &size, error))
    return NULL;
  return read_all (fd, size, max_size, cancellable, error);
}
