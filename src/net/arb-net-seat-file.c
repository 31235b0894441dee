/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-seat-file.c: the seat a window keeps while a game online lasts
 * (arb-net-seat-file.h). Its file holds the seat's token, which only its
 * owner may read; ArbNetPlay writes it, and reads it to take the seat
 * back. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-net-seat-file.h"

/* A kept seat's file holds a few short lines: anything larger is not one. */
#define SEAT_FILE_MAX_BYTES 4096
/* A seat kept longer than this is of a game long given up. */
#define SEAT_FILE_MAX_AGE   (24 * G_TIME_SPAN_HOUR)

/* Whether info is a kept seat's file: a regular file, small. */
static gboolean
is_seat_file (GFileInfo *info)
{
  return g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
         && g_file_info_get_size (info) <= SEAT_FILE_MAX_BYTES
         && g_str_has_suffix (g_file_info_get_name (info), ".seat");
}

/* The seat kept in dir most recently, or NULL; seats kept too long ago
 * are forgotten. */
GFile *
arb_net_seat_file_find (GFile *dir)
{
  g_autoptr (GFileEnumerator) children = NULL;
  g_autoptr (GFile) newest = NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  gint64 newest_time = 0;
  GFileInfo *info;
  GFile *child;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);
  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, NULL, NULL) && info != NULL)
    {
      g_autoptr (GDateTime) modified = g_file_info_get_modification_date_time (info);
      gint64 time = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
                    + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);

      if (!is_seat_file (info))
        continue;
      if (modified == NULL || g_date_time_difference (now, modified) > SEAT_FILE_MAX_AGE)
        g_file_delete (child, NULL, NULL);
      else if (newest == NULL || time > newest_time)
        {
          g_set_object (&newest, child);
          newest_time = time;
        }
    }
  return g_steal_pointer (&newest);
}

/* The kept seat's record, read with a bound on its size. */
GKeyFile *
arb_net_seat_file_read (GFile *file, GError **error)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_NAME
                                                  "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                  G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, error);
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize length;

  if (info == NULL)
    return NULL;
  if (!is_seat_file (info))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The seat kept is not a small regular file"));
      return NULL;
    }
  if (!g_file_load_contents (file, NULL, &text, &length, NULL, error)
      || length > SEAT_FILE_MAX_BYTES || !g_key_file_load_from_data (keyfile, text, length, G_KEY_FILE_NONE, error))
    return NULL;
  return g_steal_pointer (&keyfile);
}
