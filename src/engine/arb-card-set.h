/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-card-set.h: an unordered set of cards, such as a hand.
 *
 * One bit a card; the 8 cards of a species fill one byte, so the sum of a
 * species in a hand is a table lookup.
 */
#pragma once

#include "arb-card.h"

G_BEGIN_DECLS

typedef struct {
  guint64 bits[2];
} ArbCardSet;

#define ARB_CARD_SET_INIT { { 0, 0 } }

static inline void
arb_card_set_add (ArbCardSet *set, ArbCard card)
{
  set->bits[card >> 6] |= G_GUINT64_CONSTANT (1) << (card & 63);
}

static inline void
arb_card_set_remove (ArbCardSet *set, ArbCard card)
{
  set->bits[card >> 6] &= ~(G_GUINT64_CONSTANT (1) << (card & 63));
}

static inline gboolean
arb_card_set_contains (const ArbCardSet *set, ArbCard card)
{
  return card < ARB_N_CARDS && (set->bits[card >> 6] >> (card & 63)) & 1;
}

static inline guint
arb_card_set_count (const ArbCardSet *set)
{
  return (guint) (__builtin_popcountll (set->bits[0]) + __builtin_popcountll (set->bits[1]));
}

static inline gboolean
arb_card_set_is_empty (const ArbCardSet *set)
{
  return set->bits[0] == 0 && set->bits[1] == 0;
}

/* The values held of one species, bit v-1 for value v. */
static inline guint8
arb_card_set_species_bits (const ArbCardSet *set, ArbSpecies species)
{
  guint first = (guint) species * ARB_N_VALUES;
  return (guint8) (set->bits[first >> 6] >> (first & 63));
}

guint arb_card_set_species_sum (const ArbCardSet *set,
                                ArbSpecies        species);
guint arb_card_set_to_array    (const ArbCardSet *set,
                                ArbCard          *cards);
ArbCard arb_card_set_nth       (const ArbCardSet *set,
                                guint             n);

G_END_DECLS
