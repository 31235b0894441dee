/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-game-text.h: a game's words, said once for every program: who a
 * player is (Q included, in the player's language), the name of a pile,
 * what a step did and what the turn asks for now. The window's heading and
 * log and arboretum-cli's show and replay all take their text from here. */
#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

/* What a step's text may tell: a person's log never names a card drawn
 * from the deck (it is secret), a replay of the whole game may, with the
 * coordinates of the cards planted. */
typedef enum {
  ARB_STEP_TEXT_PUBLIC,
  ARB_STEP_TEXT_FULL,
} ArbStepText;

const char *arb_game_player_name     (ArbGame         *game,
                                      guint            player);
gboolean    arb_game_name_elides     (const char      *name);
gboolean    arb_game_player_is_q     (ArbGame         *game,
                                      guint            player);
char       *arb_game_short_player_name (ArbGame       *game,
                                        guint          player,
                                        guint          max_chars);
char       *arb_game_pile_name       (ArbGame         *game,
                                      int              source);
char       *arb_game_pile_title      (ArbGame         *game,
                                      guint            pile,
                                      guint            max_name_chars);
char       *arb_game_describe_step   (ArbGame         *game,
                                      const ArbStep   *step,
                                      ArbStepText      detail);
char       *arb_game_describe_step_in_words (ArbGame     *game,
                                            const ArbState *before,
                                            const ArbStep *step);
char       *arb_game_describe_choice (ArbGame         *game,
                                      const ArbState  *before,
                                      guint            player,
                                      const ArbMove   *move);
char       *arb_game_describe_phase  (ArbGame         *game,
                                      const ArbState  *state);
char       *arb_game_describe_draw_hint (ArbGame       *game,
                                         const ArbState *state,
                                         ArbCard        drawn);
char       *arb_game_describe_deck_end (ArbGame        *game,
                                        const ArbState *state);
guint       arb_game_target_arboretum (ArbGame        *game,
                                      const ArbState  *state);

G_END_DECLS
