/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-poller.h: the server's sockets watched by one epoll rather than
 * one by one in GLib's main loop, and the pace of that loop
 * (docs/network.md, "Measures"). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef void (*ArbNetPollerFunc) (gpointer user_data);

GSource *arb_net_poller_new    (void);
gboolean arb_net_poller_add    (GSource         *poller,
                                int              fd,
                                ArbNetPollerFunc readable,
                                gpointer         user_data);
void     arb_net_poller_remove (GSource         *poller,
                                int              fd);
void     arb_net_poller_release (GSource         *poller);
void     arb_net_poller_pace   (GMainContext    *context);

G_END_DECLS
