/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-server.h: the server of network play: many tables, WebSocket
 * connections, and every table's files in one directory. */
#pragma once

#include <gio/gio.h>

#include "arb-net-peer.h"
#include "arb-net-table.h"

G_BEGIN_DECLS

#define ARB_TYPE_NET_SERVER (arb_net_server_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetServer, arb_net_server, ARB, NET_SERVER, GObject)

ArbNetServer *arb_net_server_new            (GFile            *dir,
                                             GError          **error);
GPtrArray    *arb_net_server_get_resume_errors (ArbNetServer  *self);
guint         arb_net_server_get_n_tables   (ArbNetServer     *self);
void          arb_net_server_add_table      (ArbNetServer     *self,
                                             ArbNetTable      *table);
ArbNetTable  *arb_net_server_find_table     (ArbNetServer     *self,
                                             const char       *id);
void          arb_net_server_set_replace_after (ArbNetServer  *self,
                                             guint             seconds);
void          arb_net_server_set_finished_keep (ArbNetServer  *self,
                                             guint             seconds);
gboolean      arb_net_server_listen         (ArbNetServer     *self,
                                             const char       *address,
                                             GTlsCertificate  *certificate,
                                             GError          **error);
char         *arb_net_server_dup_uri        (ArbNetServer     *self);
guint         arb_net_server_get_n_connections (ArbNetServer  *self);
void          arb_net_server_receive        (ArbNetServer     *self,
                                             ArbNetPeer       *peer,
                                             const char       *data,
                                             gsize             length);
void          arb_net_server_add_peer       (ArbNetServer     *self,
                                             ArbNetPeer       *peer);
void          arb_net_server_remove_peer    (ArbNetServer     *self,
                                             ArbNetPeer       *peer);
void          arb_net_server_shutdown       (ArbNetServer     *self);

G_END_DECLS
