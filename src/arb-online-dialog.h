/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-online-dialog.h: hosts a game for friends on the network, or joins
 * one with the host's address and code. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_ONLINE_DIALOG (arb_online_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbOnlineDialog, arb_online_dialog, ARB, ONLINE_DIALOG, AdwWindow)

ArbOnlineDialog *arb_online_dialog_new         (void);
gboolean         arb_online_dialog_get_hosting (ArbOnlineDialog *self);
void             arb_online_dialog_set_hosting (ArbOnlineDialog *self,
                                                gboolean         hosting);
const char      *arb_online_dialog_get_name    (ArbOnlineDialog *self);
ArbVariant       arb_online_dialog_get_variant (ArbOnlineDialog *self);
gboolean         arb_online_dialog_get_on_network (ArbOnlineDialog *self);
char           **arb_online_dialog_dup_seats   (ArbOnlineDialog *self);
const char      *arb_online_dialog_get_address (ArbOnlineDialog *self);
const char      *arb_online_dialog_get_code    (ArbOnlineDialog *self);

G_END_DECLS
