/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-seat-file.h: the seat a window keeps while a game online lasts.
 * A window closed during a game leaves its seat held on the server by its
 * token, kept in a small file of its own (SHA-256 of the server and table,
 * ".seat"), so that a window started again takes the seat back. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GFile    *arb_net_seat_file_find (GFile   *dir);
GKeyFile *arb_net_seat_file_read (GFile   *file,
                                  GError **error);

G_END_DECLS
