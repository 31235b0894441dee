/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-state.h: a whole position of a game and the rules that change it.
 *
 * A plain struct without pointers, so that it copies with one assignment:
 * the game model keeps the start position and replays steps from it, and
 * the computer players search over copies. Every action checks its rule and
 * leaves the state untouched when it refuses.
 */
#pragma once

#include "arb-arboretum.h"
#include "arb-card-set.h"
#include "arb-move.h"
#include "arb-pile.h"
#include "arb-rules.h"
#include "arb-scoring.h"

G_BEGIN_DECLS

typedef enum {
  ARB_PHASE_DRAW,
  ARB_PHASE_PLAY,
  ARB_PHASE_DISCARD,
  ARB_PHASE_OVER,
} ArbPhase;

typedef struct {
  ArbVariant     variant;
  ArbSpeciesMask species;
  guint8         n_players;  /* in solo 2: the person and Q */
  guint8         current;    /* whose turn; always the person in solo */
  ArbPhase       phase;
  guint8         draws;      /* cards drawn so far this turn */
  guint16        turn;       /* 0 for the first turn of the game */
  ArbPile        deck;
  ArbPile        discards[ARB_MAX_PLAYERS];
  ArbCardSet     hands[ARB_MAX_PLAYERS];
  ArbArboretum   arboreta[ARB_MAX_PLAYERS];
} ArbState;

gboolean arb_state_setup             (ArbState       *state,
                                      ArbVariant      variant,
                                      guint           n_seats,
                                      ArbSpeciesMask  species,
                                      GRand          *rand,
                                      GError        **error);
gboolean arb_state_shuffle_deck      (ArbVariant      variant,
                                      guint           n_seats,
                                      ArbSpeciesMask *species,
                                      ArbRandom      *random,
                                      ArbPile        *deck,
                                      GError        **error);
gboolean arb_state_setup_with_deck   (ArbState       *state,
                                      ArbVariant      variant,
                                      guint           n_seats,
                                      ArbSpeciesMask  species,
                                      const ArbPile  *deck,
                                      GError        **error);
guint    arb_state_n_piles           (const ArbState *state);
guint    arb_state_n_seats           (const ArbState *state);

gboolean arb_state_check_draw        (const ArbState *state,
                                      int             source,
                                      GError        **error);
gboolean arb_state_check_play        (const ArbState *state,
                                      ArbCard         card,
                                      int             x,
                                      int             y,
                                      GError        **error);
gboolean arb_state_check_discard     (const ArbState *state,
                                      ArbCard         card,
                                      int             x,
                                      int             y,
                                      GError        **error);
gboolean arb_state_check             (const ArbState *state,
                                      const ArbMove  *move,
                                      GError        **error);
gboolean arb_state_apply             (ArbState       *state,
                                      const ArbMove  *move,
                                      ArbStep        *step,
                                      GError        **error);

guint    arb_state_legal_sources     (const ArbState *state,
                                      gint8          *sources);
guint    arb_state_free_cells        (const ArbState *state,
                                      guint           arboretum,
                                      gint8          *xy);
guint    arb_state_legal_cells       (const ArbState *state,
                                      ArbCard         card,
                                      guint          *arboretum,
                                      gint8          *xy);
int      arb_state_move_arboretum    (const ArbState *state,
                                      guint           player,
                                      const ArbMove  *move);
gboolean arb_state_discards_on_pile  (const ArbState *state);
guint    arb_state_turns_left        (const ArbState *state);
gboolean arb_state_is_last_turn      (const ArbState *state);
guint    arb_state_total_cards       (const ArbState *state);
void     arb_state_score             (const ArbState *state,
                                      ArbScoreSheet  *sheet);

G_END_DECLS
