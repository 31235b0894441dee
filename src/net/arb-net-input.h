/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-input.h: what the server reads of one connection, counted: no
 * more than a budget of bytes between two messages, and when it last read. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ARB_TYPE_NET_INPUT (arb_net_input_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetInput, arb_net_input, ARB, NET_INPUT, GFilterInputStream)

typedef void (*ArbNetInputClosedFunc) (gpointer user_data);

GIOStream  *arb_net_input_wrap           (GIOStream            *connection,
                                          gsize                 budget,
                                          GSource              *poller,
                                          ArbNetInput         **input);
void        arb_net_input_set_budget     (ArbNetInput          *self,
                                          gsize                 budget);
void        arb_net_input_spend_nothing  (ArbNetInput          *self);
gint64      arb_net_input_get_last_read  (ArbNetInput          *self);
void        arb_net_input_on_closed      (ArbNetInput          *self,
                                          ArbNetInputClosedFunc func,
                                          gpointer              user_data,
                                          GDestroyNotify        destroy);
void        arb_net_input_close_connection (ArbNetInput        *self);

G_END_DECLS
