/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-card-set.c */
#include "config.h"

#include "arb-card-set.h"

/* The sum of the values whose bits are set in a species byte. */
static guint
byte_value_sum (guint8 bits)
{
  guint sum = 0;
  for (guint v = 0; v < ARB_N_VALUES; v++)
    if (bits & (1u << v))
      sum += v + 1;
  return sum;
}

guint
arb_card_set_species_sum (const ArbCardSet *set, ArbSpecies species)
{
  static guint8 table[256];
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      for (guint b = 0; b < 256; b++)
        table[b] = (guint8) byte_value_sum ((guint8) b);
      g_once_init_leave (&initialised, 1);
    }
  return table[arb_card_set_species_bits (set, species)];
}

/* Writes the cards in card order; returns how many. */
guint
arb_card_set_to_array (const ArbCardSet *set, ArbCard *cards)
{
  guint n = 0;
  for (guint w = 0; w < 2; w++)
    for (guint64 bits = set->bits[w]; bits != 0; bits &= bits - 1)
      cards[n++] = (ArbCard) (w * 64 + (guint) __builtin_ctzll (bits));
  return n;
}

/* The n-th card in card order, or ARB_CARD_NONE. */
ArbCard
arb_card_set_nth (const ArbCardSet *set, guint n)
{
  for (guint w = 0; w < 2; w++)
    {
      guint count = (guint) __builtin_popcountll (set->bits[w]);
      if (n >= count)
        {
          n -= count;
          continue;
        }
      guint64 bits = set->bits[w];
      while (n-- > 0)
        bits &= bits - 1;
      return (ArbCard) (w * 64 + (guint) __builtin_ctzll (bits));
    }
  return ARB_CARD_NONE;
}
