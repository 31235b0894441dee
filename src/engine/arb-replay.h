/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-replay.h: a cursor over the recorded steps of a game.
 *
 * ArbReplay shows any moment of a game, finished or not: it steps forward
 * and back, jumps to a step or to the start of a turn, and emits the same
 * signals (ArbTableEvents) and notifies the same properties as ArbGame, so that the views
 * of a live game show a replay unchanged. From any moment a new game can
 * go on (a branch), with the history up to there.
 */
#pragma once

#include <glib-object.h>

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_REPLAY (arb_replay_get_type ())
G_DECLARE_FINAL_TYPE (ArbReplay, arb_replay, ARB, REPLAY, GObject)

ArbReplay      *arb_replay_new               (ArbGame    *game);

ArbGame        *arb_replay_get_game          (ArbReplay  *self);
const ArbState *arb_replay_get_state         (ArbReplay  *self);
const ArbState *arb_replay_get_state_at      (ArbReplay  *self,
                                              guint       step);
guint           arb_replay_get_step          (ArbReplay  *self);
guint           arb_replay_get_n_steps       (ArbReplay  *self);
const ArbStep  *arb_replay_get_recorded_step (ArbReplay  *self,
                                              guint       index);
guint           arb_replay_get_n_turns       (ArbReplay  *self);
gboolean        arb_replay_can_go_back       (ArbReplay  *self);
gboolean        arb_replay_can_go_forward    (ArbReplay  *self);

void            arb_replay_first             (ArbReplay  *self);
gboolean        arb_replay_previous          (ArbReplay  *self);
gboolean        arb_replay_next              (ArbReplay  *self);
void            arb_replay_last              (ArbReplay  *self);
gboolean        arb_replay_seek              (ArbReplay  *self,
                                              guint       step);

ArbGame        *arb_replay_continue          (ArbReplay  *self,
                                              GError    **error);

G_END_DECLS
