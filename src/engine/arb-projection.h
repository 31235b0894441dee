/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-projection.h: what one viewer may know of a game, and guesses of the rest.
 *
 * ArbState holds everything, hidden cards included. Nobody at the table
 * sees all of it. A viewer is a seat, or the public table (spectators, the
 * screen passed between two people, a network client): it knows everything
 * face up (arboreta, discard piles, the size of the deck and of every hand),
 * its own hand if it is a seat, and the cards it saw others take from
 * discard piles, which stay known in those hands until they are played or
 * discarded. Once the game is over every hand is shown for the scoring.
 *
 * An ArbProjection holds exactly that, in a canonical form: two games that
 * differ only in hidden cards give the same projection byte for byte. The
 * computer players decide from it, and the views draw from it (through
 * ArbViewpoint), so neither can peek.
 */
#pragma once

#include "arb-state.h"

/* Viewers that are not a seat. */
#define ARB_VIEWER_PUBLIC (-1)  /* the public table: nobody's hand */
#define ARB_VIEWER_ALL    (-2)  /* every card: only for a finished game's replay */

G_BEGIN_DECLS

typedef struct {
  /* The public position. For a seat, its whole hand; for everybody else,
   * only the cards known to be in the hand. The deck holds deck.n unknown
   * cards, written ARB_CARD_NONE. */
  ArbState   state;
  gint8      viewer;  /* a seat, ARB_VIEWER_PUBLIC or ARB_VIEWER_ALL */
  guint8     hand_size[ARB_MAX_PLAYERS];
  /* Cards whose place the viewer does not know: in another hand or the deck. */
  ArbCardSet unseen;
} ArbProjection;

/* Cards known to be in each hand, seen by everybody: those taken from a
 * discard pile and not yet played or discarded. */
typedef struct {
  ArbCardSet known[ARB_MAX_PLAYERS];
} ArbKnowledge;

void     arb_knowledge_init             (ArbKnowledge        *knowledge);
void     arb_knowledge_add_step         (ArbKnowledge        *knowledge,
                                         const ArbStep       *step);

gboolean arb_projection_init            (ArbProjection       *view,
                                         const ArbState      *state,
                                         int                  viewer,
                                         const ArbKnowledge  *knowledge,
                                         GError             **error);
void     arb_projection_init_known      (ArbProjection       *view,
                                         const ArbState      *state,
                                         int                  viewer,
                                         const ArbKnowledge  *knowledge);
void     arb_projection_init_from_steps (ArbProjection       *view,
                                         const ArbState      *state,
                                         const ArbStep       *steps,
                                         guint                n_steps,
                                         int                  viewer);
gboolean arb_projection_init_from_public (ArbProjection      *view,
                                         const ArbState      *public_state,
                                         int                  viewer,
                                         const guint8        *hand_size,
                                         GError             **error);
gboolean arb_projection_sees_draw       (int                  viewer,
                                         const ArbStep       *step);
void     arb_projection_mask_step       (int                  viewer,
                                         ArbStep             *step);

guint    arb_projection_n_hidden        (const ArbProjection *view,
                                         guint                player);
void     arb_projection_determinize     (const ArbProjection *view,
                                         guint64             *rng,
                                         ArbState            *state);

/* A small fast generator for searches: splitmix64 state in, next value out. */
static inline guint64
arb_rng_next (guint64 *s)
{
  guint64 z = (*s += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static inline guint
arb_rng_below (guint64 *s, guint n)
{
  return (guint) (((arb_rng_next (s) >> 32) * n) >> 32);
}

G_END_DECLS
