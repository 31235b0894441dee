/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-card.h: the 80 cards of Arboretum, 10 species of values 1 to 8.
 *
 * A card is a small integer so that hands, piles and arboreta copy cheaply
 * (the computer players copy whole positions thousands of times a second).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  ARB_SPECIES_BLUE_SPRUCE,
  ARB_SPECIES_CASSIA,
  ARB_SPECIES_CHERRY_BLOSSOM,
  ARB_SPECIES_DOGWOOD,
  ARB_SPECIES_JACARANDA,
  ARB_SPECIES_MAPLE,
  ARB_SPECIES_OAK,
  ARB_SPECIES_ROYAL_POINCIANA,
  ARB_SPECIES_TULIP_POPLAR,
  ARB_SPECIES_WILLOW,
  ARB_N_SPECIES
} ArbSpecies;

#define ARB_N_VALUES 8
#define ARB_N_CARDS (ARB_N_SPECIES * ARB_N_VALUES)

/* A set of species, bit s for species s. */
typedef guint16 ArbSpeciesMask;
#define ARB_ALL_SPECIES ((ArbSpeciesMask) ((1u << ARB_N_SPECIES) - 1))

/* species * 8 + (value - 1): 0 to 79. */
typedef guint8 ArbCard;
#define ARB_CARD_NONE ((ArbCard) 0xff)

static inline ArbCard
arb_card_new (ArbSpecies species, guint value)
{
  return (ArbCard) (species * ARB_N_VALUES + (value - 1));
}

static inline ArbSpecies
arb_card_species (ArbCard card)
{
  return (ArbSpecies) (card / ARB_N_VALUES);
}

static inline guint
arb_card_value (ArbCard card)
{
  return card % ARB_N_VALUES + 1u;
}

static inline gboolean
arb_card_is_valid (ArbCard card)
{
  return card < ARB_N_CARDS;
}

const char *arb_species_id         (ArbSpecies   species);
gboolean    arb_species_from_id    (const char  *id,
                                    ArbSpecies  *species);
const char *arb_species_name       (ArbSpecies   species);
guint       arb_species_mask_count (ArbSpeciesMask mask);

char       *arb_card_to_string     (ArbCard      card);

G_END_DECLS
