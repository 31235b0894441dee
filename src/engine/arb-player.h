/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-player.h: a seat at the table: a name, a person or a computer. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  ARB_PLAYER_PERSON,
  ARB_PLAYER_COMPUTER,
} ArbPlayerKind;

#define ARB_TYPE_PLAYER (arb_player_get_type ())
G_DECLARE_FINAL_TYPE (ArbPlayer, arb_player, ARB, PLAYER, GObject)

ArbPlayer     *arb_player_new       (const char    *name,
                                     ArbPlayerKind  kind,
                                     const char    *level);
const char    *arb_player_get_name  (ArbPlayer     *self);
ArbPlayerKind  arb_player_get_kind  (ArbPlayer     *self);
const char    *arb_player_get_level (ArbPlayer     *self);

G_END_DECLS
