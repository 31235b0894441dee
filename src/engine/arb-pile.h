/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-pile.h: an ordered stack of cards: the deck and the discard piles.
 * The top of the pile is the last card of the array.
 */
#pragma once

#include "arb-card.h"
#include "arb-random.h"

G_BEGIN_DECLS

typedef struct {
  ArbCard cards[ARB_N_CARDS];
  guint8  n;
} ArbPile;

static inline ArbCard
arb_pile_top (const ArbPile *pile)
{
  return pile->n > 0 ? pile->cards[pile->n - 1] : ARB_CARD_NONE;
}

static inline void
arb_pile_push (ArbPile *pile, ArbCard card)
{
  g_assert (pile->n < ARB_N_CARDS);
  pile->cards[pile->n++] = card;
}

static inline ArbCard
arb_pile_pop (ArbPile *pile)
{
  g_assert (pile->n > 0);
  return pile->cards[--pile->n];
}

void arb_pile_fill   (ArbPile        *pile,
                      ArbSpeciesMask  species);
void arb_pile_shuffle (ArbPile       *pile,
                       ArbRandom     *random);

G_END_DECLS
