/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai-view.h: what one seat may know of a game, and guesses of the rest.
 *
 * ArbState holds everything, hidden cards included. A computer player must
 * decide from its seat's information alone: its own hand, everything face up
 * (arboreta, discard piles, the size of the deck and of every hand) and the
 * cards it saw others take from discard piles, which stay known in those
 * hands until they are played or discarded. An ArbAiView holds exactly that,
 * in a canonical form: two games that differ only in hidden cards give the
 * same view byte for byte, so no player built on views can peek.
 */
#pragma once

#include "arb-game.h"
#include "arb-state.h"

G_BEGIN_DECLS

typedef struct {
  /* The public position. For the seat, its whole hand; for everybody else,
   * only the cards known to be in the hand. The deck holds deck.n unknown
   * cards, written ARB_CARD_NONE. */
  ArbState   state;
  guint8     seat;
  guint8     hand_size[ARB_MAX_PLAYERS];
  /* Cards whose place the seat does not know: in another hand or the deck. */
  ArbCardSet unseen;
} ArbAiView;

/* Cards known to be in each hand, seen from one seat. */
typedef struct {
  ArbCardSet known[ARB_MAX_PLAYERS];
} ArbAiKnowledge;

void     arb_ai_knowledge_init        (ArbAiKnowledge    *knowledge);
void     arb_ai_knowledge_add_step    (ArbAiKnowledge    *knowledge,
                                       const ArbStep     *step);

void     arb_ai_view_init             (ArbAiView         *view,
                                       const ArbState    *state,
                                       guint              seat,
                                       const ArbAiKnowledge *knowledge);
void     arb_ai_view_init_from_steps  (ArbAiView         *view,
                                       const ArbState    *state,
                                       const ArbStep     *steps,
                                       guint              n_steps,
                                       guint              seat);
void     arb_ai_view_init_from_game   (ArbAiView         *view,
                                       ArbGame           *game,
                                       guint              seat);
gboolean arb_ai_view_init_from_public (ArbAiView         *view,
                                       const ArbState    *public_state,
                                       guint              seat,
                                       const guint8      *hand_size,
                                       GError           **error);

guint    arb_ai_view_n_hidden         (const ArbAiView   *view,
                                       guint              player);
void     arb_ai_view_determinize      (const ArbAiView   *view,
                                       guint64           *rng,
                                       ArbState          *state);

/* A small fast generator for searches: splitmix64 state in, next value out. */
static inline guint64
arb_ai_rng_next (guint64 *s)
{
  guint64 z = (*s += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static inline guint
arb_ai_rng_below (guint64 *s, guint n)
{
  return (guint) (((arb_ai_rng_next (s) >> 32) * n) >> 32);
}

G_END_DECLS
