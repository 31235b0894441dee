/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-client.h: one connection to a server of network play: it creates
 * tables, takes a seat, and plays it by hand or with a computer level. */
#pragma once

#include <gio/gio.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_NET_CLIENT (arb_net_client_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetClient, arb_net_client, ARB, NET_CLIENT, GObject)

ArbNetClient        *arb_net_client_new            (const char         *uri);
void                 arb_net_client_open           (ArbNetClient       *self);
void                 arb_net_client_close          (ArbNetClient       *self);
void                 arb_net_client_send           (ArbNetClient       *self,
                                                    const char         *text);
void                 arb_net_client_create         (ArbNetClient       *self,
                                                    ArbVariant          variant,
                                                    guint               n_seats,
                                                    const char * const *seats,
                                                    gint64              seed);
void                 arb_net_client_set_name       (ArbNetClient       *self,
                                                    const char         *name);
void                 arb_net_client_join           (ArbNetClient       *self,
                                                    const char         *code);
void                 arb_net_client_watch          (ArbNetClient       *self,
                                                    const char         *code);
void                 arb_net_client_rejoin         (ArbNetClient       *self,
                                                    const char         *token);
void                 arb_net_client_move           (ArbNetClient       *self,
                                                    const ArbMove      *move);
void                 arb_net_client_replace        (ArbNetClient       *self,
                                                    guint               seat,
                                                    ArbAiLevel          level);
void                 arb_net_client_set_ai         (ArbNetClient       *self,
                                                    ArbAiLevel          level,
                                                    gint64              seed);
void                 arb_net_client_set_tls_database (ArbNetClient     *self,
                                                    GTlsDatabase       *database);
void                 arb_net_client_set_record     (ArbNetClient       *self,
                                                    gboolean            record);
GPtrArray           *arb_net_client_get_received   (ArbNetClient       *self);
gboolean             arb_net_client_get_connected  (ArbNetClient       *self);
gboolean             arb_net_client_get_closed     (ArbNetClient       *self);
const char          *arb_net_client_get_code       (ArbNetClient       *self);
const char          *arb_net_client_get_table      (ArbNetClient       *self);
const char          *arb_net_client_get_token      (ArbNetClient       *self);
int                  arb_net_client_get_seat       (ArbNetClient       *self);
gboolean             arb_net_client_get_started    (ArbNetClient       *self);
guint                arb_net_client_get_step       (ArbNetClient       *self);
const ArbProjection *arb_net_client_get_view       (ArbNetClient       *self);
gboolean             arb_net_client_get_finished   (ArbNetClient       *self);
const ArbProjection *arb_net_client_get_start_view (ArbNetClient       *self);
const ArbStep       *arb_net_client_get_history    (ArbNetClient       *self,
                                                    guint              *n_steps);
gboolean             arb_net_client_get_last       (ArbNetClient       *self,
                                                    ArbStep            *step);
guint                arb_net_client_get_n_seats    (ArbNetClient       *self);
const char          *arb_net_client_get_seat_name  (ArbNetClient       *self,
                                                    guint               seat);
const char          *arb_net_client_get_seat_kind  (ArbNetClient       *self,
                                                    guint               seat);
gboolean             arb_net_client_get_seat_connected (ArbNetClient   *self,
                                                    guint               seat);
int                  arb_net_client_get_seat_away  (ArbNetClient       *self,
                                                    guint               seat);
guint                arb_net_client_get_replace_after (ArbNetClient    *self);
gboolean             arb_net_client_get_is_host    (ArbNetClient       *self);
const char          *arb_net_client_get_record     (ArbNetClient       *self);
guint                arb_net_client_get_n_errors   (ArbNetClient       *self);
const char          *arb_net_client_get_last_error (ArbNetClient       *self);

G_END_DECLS
