/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rules.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-error.h"
#include "arb-rules.h"

static const char * const variant_ids[] = { "standard", "classic", "solo" };

const char *
arb_variant_id (ArbVariant variant)
{
  g_return_val_if_fail (variant <= ARB_VARIANT_SOLO, NULL);
  return variant_ids[variant];
}

gboolean
arb_variant_from_id (const char *id, ArbVariant *variant)
{
  for (guint v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    if (g_strcmp0 (id, variant_ids[v]) == 0)
      {
        *variant = (ArbVariant) v;
        return TRUE;
      }
  return FALSE;
}

const char *
arb_variant_name (ArbVariant variant)
{
  switch (variant)
    {
    case ARB_VARIANT_STANDARD:
      return _("Standard rules (2018)");
    case ARB_VARIANT_CLASSIC:
      return _("Classic rules (2010)");
    case ARB_VARIANT_SOLO:
      return _("Solo against Q");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Seats are the people and computers who take turns: 2 to 4, or 1 in solo,
 * where Q takes no turn. */
/* How many seats a rule set has: one in solo (Q has none), 2 to 4 else. */
void
arb_rules_seat_range (ArbVariant variant, guint *min, guint *max)
{
  *min = variant == ARB_VARIANT_SOLO ? 1 : 2;
  *max = variant == ARB_VARIANT_SOLO ? 1 : ARB_MAX_PLAYERS;
}

gboolean
arb_rules_check_players (ArbVariant variant, guint n_seats, GError **error)
{
  guint min, max;
  gboolean ok;

  arb_rules_seat_range (variant, &min, &max);
  ok = n_seats >= min && n_seats <= max;
  if (!ok)
    {
      if (variant == ARB_VARIANT_SOLO)
        g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                     _("The solo game has exactly one player, not %u"), n_seats);
      else
        g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                     _("This game needs 2 to 4 players, not %u"), n_seats);
    }
  return ok;
}

/* 6 species for two players (and solo), 8 for three, 10 for four. */
guint
arb_rules_species_count (ArbVariant variant, guint n_seats)
{
  if (variant == ARB_VARIANT_SOLO)
    return 6;
  return 2 + 2 * n_seats;
}

/* Whether the rules play a seat of their own (Q, in solo): the seats are
 * then people, and the opponent is no one's to choose. */
gboolean
arb_rules_has_automaton (ArbVariant variant)
{
  return variant == ARB_VARIANT_SOLO;
}

/* Players with a hand and an arboretum: in solo, the person and Q. */
guint
arb_rules_player_count (ArbVariant variant, guint n_seats)
{
  return variant == ARB_VARIANT_SOLO ? 2 : n_seats;
}
