/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-card.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-card.h"

/* Stable ids: they are written in save games and JSON positions. */
static const char * const species_ids[ARB_N_SPECIES] = {
  "blue-spruce", "cassia", "cherry-blossom", "dogwood", "jacaranda",
  "maple", "oak", "royal-poinciana", "tulip-poplar", "willow",
};

static const char * const species_names[ARB_N_SPECIES] = {
  N_("Blue Spruce"), N_("Cassia"), N_("Cherry Blossom"), N_("Dogwood"),
  N_("Jacaranda"), N_("Maple"), N_("Oak"), N_("Royal Poinciana"),
  N_("Tulip Poplar"), N_("Willow"),
};

const char *
arb_species_id (ArbSpecies species)
{
  g_return_val_if_fail (species < ARB_N_SPECIES, NULL);
  return species_ids[species];
}

gboolean
arb_species_from_id (const char *id, ArbSpecies *species)
{
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (g_strcmp0 (id, species_ids[s]) == 0)
      {
        *species = (ArbSpecies) s;
        return TRUE;
      }
  return FALSE;
}

/* The translated name, as the rulebook of the reader's language has it. */
const char *
arb_species_name (ArbSpecies species)
{
  g_return_val_if_fail (species < ARB_N_SPECIES, NULL);
  return _(species_names[species]);
}

guint
arb_species_mask_count (ArbSpeciesMask mask)
{
  return (guint) __builtin_popcount (mask);
}

char *
arb_card_to_string (ArbCard card)
{
  g_return_val_if_fail (arb_card_is_valid (card), NULL);
  /* Translators: a card, as in "Oak 5": the species, then the value. */
  return g_strdup_printf (_("%s %u"), arb_species_name (arb_card_species (card)),
                          arb_card_value (card));
}
