/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-listener.h: the server's listening sockets: it accepts
 * connections within limits and hands them to libsoup. */
#pragma once

#include <libsoup/soup.h>

#include "arb-net-input.h"

G_BEGIN_DECLS

/* Descriptors kept for the tables' files, the data folder and TLS: the
 * connections in all stay that far under the process's limit. */
#define ARB_NET_RESERVED_DESCRIPTORS 64
/* The connections in all when the process's limit is unknown: what the
 * usual limit of 1,024 allows. */
#define ARB_NET_MAX_CONNECTIONS (1024 - ARB_NET_RESERVED_DESCRIPTORS)
/* Connections one address may hold at once: a household or a club behind
 * one address plays several tables. */
#define ARB_NET_MAX_CONNECTIONS_PER_ADDRESS 32
/* Seconds from accept to a WebSocket: TLS, the HTTP request, the upgrade. */
#define ARB_NET_HANDSHAKE_TIMEOUT 10

#define ARB_TYPE_NET_LISTENER (arb_net_listener_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetListener, arb_net_listener, ARB, NET_LISTENER, GObject)

ArbNetListener *arb_net_listener_new      (SoupServer       *soup);
gboolean        arb_net_listener_listen   (ArbNetListener   *self,
                                           GSocketAddress   *address,
                                           GTlsCertificate  *certificate,
                                           GError          **error);
char           *arb_net_listener_dup_uri  (ArbNetListener   *self,
                                           const char       *path);
ArbNetInput    *arb_net_listener_upgraded (ArbNetListener   *self,
                                           GSocketAddress   *remote,
                                           const char      **address);
guint           arb_net_listener_get_n_connections (ArbNetListener *self);
void            arb_net_listener_close    (ArbNetListener   *self);

G_END_DECLS
