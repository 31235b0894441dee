/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-table.h: one game the server holds: its seats, their tokens and
 * connections, its invite code, and its files. */
#pragma once

#include <gio/gio.h>

#include "arb-engine.h"
#include "arb-net-peer.h"

G_BEGIN_DECLS

#define ARB_TYPE_NET_TABLE (arb_net_table_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetTable, arb_net_table, ARB, NET_TABLE, GObject)

ArbNetTable *arb_net_table_new         (ArbGame       *game,
                                        GFile         *dir,
                                        GError       **error);
ArbNetTable *arb_net_table_load        (GFile         *keyfile,
                                        GError       **error);
const char  *arb_net_table_get_id      (ArbNetTable   *self);
const char  *arb_net_table_get_code    (ArbNetTable   *self);
ArbGame     *arb_net_table_get_game    (ArbNetTable   *self);
guint        arb_net_table_get_n_seats (ArbNetTable   *self);
const char  *arb_net_table_get_token   (ArbNetTable   *self,
                                        guint          seat);
gboolean     arb_net_table_get_started (ArbNetTable   *self);
void         arb_net_table_remove_files (ArbNetTable *self);
guint        arb_net_table_get_n_peers (ArbNetTable   *self);
int          arb_net_table_claim_seat  (ArbNetTable   *self,
                                        const char    *name,
                                        GError       **error);
int          arb_net_table_get_host_seat (ArbNetTable *self);
void         arb_net_table_set_host_seat (ArbNetTable *self,
                                        guint          seat);
void         arb_net_table_set_replace_after (ArbNetTable *self,
                                        guint          seconds);
gboolean     arb_net_table_replace     (ArbNetTable   *self,
                                        int            by_seat,
                                        guint          seat,
                                        ArbAiLevel     level,
                                        GError       **error);
void         arb_net_table_attach      (ArbNetTable   *self,
                                        ArbNetPeer    *peer,
                                        int            seat);
void         arb_net_table_detach      (ArbNetTable   *self,
                                        ArbNetPeer    *peer);
gboolean     arb_net_table_move        (ArbNetTable   *self,
                                        int            seat,
                                        guint          step,
                                        const ArbMove *move,
                                        GError       **error);
void         arb_net_table_start       (ArbNetTable   *self);

G_END_DECLS
