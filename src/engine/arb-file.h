/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-file.h: reading a file from a folder anyone may have put anything in
 * (the saved games, the automatic saves, a server's tables).
 *
 * Only a regular file is read, and only up to a limit: a FIFO, a device or
 * a directory is refused at once instead of blocking the reader, and a
 * huge or endless file without reading it. Both are checked on the file as
 * opened, so nothing can be swapped in between the check and the read.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The contents of file, at most max_size bytes. Refused, in one short line
 * that gives the reason only (the caller names the file):
 * G_IO_ERROR_NOT_REGULAR_FILE "not a regular file", or
 * G_IO_ERROR_MESSAGE_TOO_LARGE "larger than 1.0 MB". */
GBytes *arb_file_read_bounded (GFile         *file,
                               gsize          max_size,
                               GCancellable  *cancellable,
                               GError       **error);
GBytes *arb_file_read_bounded_fd (int            fd,
                                  gsize          max_size,
                                  GCancellable  *cancellable,
                                  GError       **error);

G_END_DECLS
