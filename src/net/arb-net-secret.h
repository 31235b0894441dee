/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-secret.h: seat tokens, invite codes and table ids, from the
 * system's random source. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* 128 bits in hex: a seat's token. */
#define ARB_NET_TOKEN_LENGTH 32
/* Two groups of four symbols of 31: 8.5e11 codes, about 40 bits. */
#define ARB_NET_CODE_LENGTH 9

char    *arb_net_new_token      (void);
char    *arb_net_new_table_id   (void);
char    *arb_net_new_code       (void);
char    *arb_net_code_normalize (const char *text);
gboolean arb_net_secret_equal   (const char *a,
                                 const char *b);

G_END_DECLS
