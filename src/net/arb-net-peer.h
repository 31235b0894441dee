/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-peer.h: one connection to the server, and what it may do. */
#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* Not yet at a table. */
#define ARB_NET_NO_SEAT (-3)

#define ARB_TYPE_NET_PEER (arb_net_peer_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetPeer, arb_net_peer, ARB, NET_PEER, GObject)

ArbNetPeer *arb_net_peer_new          (SoupWebsocketConnection *connection,
                                       const char              *address);
const char *arb_net_peer_get_address  (ArbNetPeer              *self);
void        arb_net_peer_send         (ArbNetPeer              *self,
                                       const char              *text);
void        arb_net_peer_close        (ArbNetPeer              *self,
                                       gushort                  code,
                                       const char              *reason);
gboolean    arb_net_peer_get_closed   (ArbNetPeer              *self);
GPtrArray  *arb_net_peer_get_sent     (ArbNetPeer              *self);
gboolean    arb_net_peer_take_message (ArbNetPeer              *self);
void        arb_net_peer_refund_message (ArbNetPeer            *self);
gboolean    arb_net_peer_get_greeted  (ArbNetPeer              *self);
void        arb_net_peer_set_greeted  (ArbNetPeer              *self);
guint       arb_net_peer_count_wrong_guess (ArbNetPeer         *self);
gpointer    arb_net_peer_get_table    (ArbNetPeer              *self);
int         arb_net_peer_get_seat     (ArbNetPeer              *self);
void        arb_net_peer_set_table    (ArbNetPeer              *self,
                                       gpointer                 table,
                                       int                      seat);
guint       arb_net_peer_count_created (ArbNetPeer             *self);
void        arb_net_peer_add_created  (ArbNetPeer              *self,
                                       const char              *table);
gboolean    arb_net_peer_has_created  (ArbNetPeer              *self,
                                       const char              *table);
gboolean    arb_net_peer_get_has_sat  (ArbNetPeer              *self);
void        arb_net_peer_close_after  (ArbNetPeer              *self,
                                       guint                    seconds,
                                       const char              *text,
                                       gushort                  code,
                                       const char              *reason);

G_END_DECLS
