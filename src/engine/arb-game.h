/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-game.h: the game model.
 *
 * ArbGame owns the rules: widgets and the command line call its actions and
 * listen to its signals and properties. It records every step, so that the
 * start position and the steps rebuild any moment of the game.
 *
 * Its signals are those of ArbTableEvents (arb-table-events.h), which
 * ArbReplay shares; position-reset comes when a step is taken back. A
 * person may take back
 * their play, and their discard until the next player acts
 * (arb_game_take_back, the can-take-back property).
 */
#pragma once

#include <glib-object.h>

#include "arb-player.h"
#include "arb-projection.h"
#include "arb-state.h"
#include "arb-table-events.h"

G_BEGIN_DECLS

#define ARB_TYPE_GAME (arb_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbGame, arb_game, ARB, GAME, GObject)

/* The seed of a game whose deal no seed describes (arb_game_new_unseeded). */
#define ARB_GAME_NO_SEED (-1)

ArbGame        *arb_game_new_unseeded      (ArbVariant       variant,
                                            GPtrArray       *players,
                                            ArbSpeciesMask   species,
                                            GError         **error);
ArbGame        *arb_game_new               (ArbVariant       variant,
                                            GPtrArray       *players,
                                            guint32          seed,
                                            ArbSpeciesMask   species,
                                            GError         **error);
ArbGame        *arb_game_new_from_state    (const ArbState  *start,
                                            GPtrArray       *players,
                                            gint64           seed,
                                            GError         **error);
ArbGame        *arb_game_new_with_deck     (ArbVariant       variant,
                                            GPtrArray       *players,
                                            gint64           seed,
                                            ArbSpeciesMask   species,
                                            const ArbPile   *deck,
                                            GError         **error);
ArbGame        *arb_game_new_same_deal     (ArbGame         *game,
                                            GPtrArray       *players,
                                            GError         **error);
const ArbPile  *arb_game_get_deck          (ArbGame         *self);

const ArbState *arb_game_get_state         (ArbGame         *self);
const ArbState *arb_game_get_start_state   (ArbGame         *self);
ArbVariant      arb_game_get_variant       (ArbGame         *self);
gboolean        arb_game_has_seed          (ArbGame         *self);
guint32         arb_game_get_seed          (ArbGame         *self);
guint           arb_game_get_n_seats       (ArbGame         *self);
ArbPlayer      *arb_game_get_player        (ArbGame         *self,
                                            guint            seat);
guint           arb_game_get_current_player(ArbGame         *self);
void            arb_game_replace_player    (ArbGame         *self,
                                            guint            seat,
                                            ArbPlayer       *player);
gboolean        arb_game_is_computer       (ArbGame         *self,
                                            guint            player);
guint           arb_game_count_people      (ArbGame         *self);
ArbPhase        arb_game_get_phase         (ArbGame         *self);
guint           arb_game_get_deck_size     (ArbGame         *self);
guint           arb_game_get_turn          (ArbGame         *self);
gboolean        arb_game_is_finished       (ArbGame         *self);
guint           arb_game_get_n_steps       (ArbGame         *self);
const ArbStep  *arb_game_get_step          (ArbGame         *self,
                                            guint            index);

gboolean        arb_game_apply             (ArbGame         *self,
                                            const ArbMove   *move,
                                            GError         **error);
void            arb_game_get_score         (ArbGame         *self,
                                            ArbScoreSheet   *sheet);
void            arb_game_project           (ArbGame         *self,
                                            int              viewer,
                                            ArbProjection   *projection);

gboolean        arb_game_apply_step        (ArbGame         *self,
                                            const ArbStep   *step,
                                            GError         **error);
gboolean        arb_game_swap_cards        (ArbGame         *self,
                                            ArbCard          a,
                                            ArbCard          b,
                                            GError         **error);
gboolean        arb_game_can_take_back     (ArbGame         *self);
gboolean        arb_game_take_back         (ArbGame         *self,
                                            GError         **error);

G_END_DECLS
