/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-game-seen.h: a game as one seat saw it, its hidden cards made up
 * (arb-game-seen.c says why that shows nothing more): what a client of
 * network play keeps of the host's game. */
#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

ArbGame  *arb_game_new_as_seen     (const ArbProjection *start,
                                    GPtrArray           *players,
                                    GError             **error);
gboolean  arb_game_apply_seen_step (ArbGame             *self,
                                    int                  viewer,
                                    const ArbStep       *seen_step,
                                    const ArbProjection *after,
                                    GError             **error);

G_END_DECLS
