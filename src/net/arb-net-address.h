/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-address.h: addresses of network play: what a person types for a
 * server, and the address a server counts a stranger's connections by. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The port a host listens on when free, and a bare address joins. */
#define ARB_NET_DEFAULT_PORT 7420

char *arb_net_uri_for_address (const char    *address,
                               GError       **error);
char *arb_net_address_key     (GInetAddress  *address);
guint arb_net_address_count   (GHashTable    *counts,
                               const char    *address);
void  arb_net_address_add     (GHashTable    *counts,
                               const char    *address,
                               int            change);
char **arb_net_address_dup_local (guint       port);

G_END_DECLS
