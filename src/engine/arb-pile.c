/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-pile.c */
#include "config.h"

#include "arb-pile.h"
#include "arb-random.h"

/* All cards of the given species, in card order. */
void
arb_pile_fill (ArbPile *pile, ArbSpeciesMask species)
{
  pile->n = 0;
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (species & (1u << s))
      for (guint v = 1; v <= ARB_N_VALUES; v++)
        arb_pile_push (pile, arb_card_new ((ArbSpecies) s, v));
}

/* Fisher-Yates, so that every order is equally likely: each card's place
 * is drawn without bias (arb_random_below). */
void
arb_pile_shuffle (ArbPile *pile, ArbRandom *random)
{
  for (guint i = pile->n; i > 1; i--)
    {
      guint j = arb_random_below (random, i);
      ArbCard tmp = pile->cards[i - 1];
      pile->cards[i - 1] = pile->cards[j];
      pile->cards[j] = tmp;
    }
}
