/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-score-text.c: every number comes from the ArbScoreSheet (and the
 * hands it was computed from); this file only says them. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-score-text.h"

/* "Oak 3, Oak 8, Maple 6", or "no cards". */
char *
arb_score_describe_hand (const ArbCardSet *hand)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (hand, cards);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = arb_card_to_string (cards[i]);
      if (i > 0)
        g_string_append (out, _(", "));
      g_string_append (out, name);
    }
  if (n == 0)
    g_string_append (out, _("no cards"));
  return g_string_free (out, FALSE);
}

static gboolean
holds_one (const ArbCardSet *hands, guint n_players, guint but, ArbSpecies species, guint *who)
{
  for (guint p = 0; p < n_players; p++)
    if (p != but && (arb_card_set_species_bits (&hands[p], species) & 1))
      return *who = p, TRUE;
  return FALSE;
}

/* "Ann 11, Bob 8 counts 0 against Ann’s 1, so 3": each hand's sum of a
 * species, with the 1-against-8 cut where it applies. */
char *
arb_score_describe_sums (const ArbScoreSheet *sheet, const ArbCardSet *hands, ArbSpecies species,
                         const char * const *names)
{
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < sheet->n_players; p++)
    {
      guint raw = arb_card_set_species_sum (&hands[p], species);
      guint sum = sheet->players[p].species[species].hand_sum;
      guint who;

      if (out->len > 0)
        g_string_append (out, _(", "));
      if (raw != sum && holds_one (hands, sheet->n_players, p, species, &who))
        /* Translators: a player, their sum with the 8, the player holding the 1, the sum without the 8. */
        g_string_append_printf (out, _("%s %u, but the 8 counts 0 against the 1 %s holds: %u"),
                                names[p], raw, names[who], sum);
      else
        /* TRANSLATORS: a player and their sum of a species in hand */
        g_string_append_printf (out, _("%s %u"), names[p], sum);
    }
  return g_string_free (out, FALSE);
}

/* "Ann may score it", "Ann and Bob tie: both may score it", "Nobody holds
 * it: everybody may score it". */
char *
arb_score_describe_rights (const ArbScoreSheet *sheet, ArbSpecies species, const char * const *names)
{
  g_autoptr (GString) who = g_string_new (NULL);
  guint n = 0, top = 0;

  for (guint p = 0; p < sheet->n_players; p++)
    if (sheet->players[p].species[species].right)
      {
        if (who->len > 0)
          g_string_append (who, _(", "));
        g_string_append (who, names[p]);
        top = sheet->players[p].species[species].hand_sum;
        n++;
      }
  if (top == 0 && n == sheet->n_players)
    return g_strdup (_("Nobody holds it: everybody may score it"));
  if (n == 1)
    return g_strdup_printf (_("%s may score it"), who->str);
  /* Translators: the players tied for the highest sum. */
  return g_strdup_printf (_("A tie: %s may each score it"), who->str);
}

/* "Oak 1 → Oak 2 → Oak 4 → Oak 5: 4 cards + 4 (4 or more, all of the
 * species) + 1 (starts on a 1) = 9 points". */
char *
arb_score_describe_path (const ArbPath *path)
{
  GString *out = g_string_new (NULL);
  ArbPathPoints points;

  arb_path_points_breakdown (path->cards, path->n, &points);
  for (guint i = 0; i < path->n; i++)
    {
      g_autofree char *name = arb_card_to_string (path->cards[i].card);
      if (i > 0)
        g_string_append (out, " → ");
      g_string_append (out, name);
    }
  g_string_append (out, _(": "));
  g_string_append_printf (out, ngettext ("%u card", "%u cards", points.cards), points.cards);
  if (points.doubled > 0)
    g_string_append_printf (out, _(" + %u (4 cards or more, all of the species: doubled)"), points.doubled);
  if (points.one_bonus > 0)
    g_string_append_printf (out, _(" + %u (starts on a 1)"), points.one_bonus);
  if (points.eight_bonus > 0)
    g_string_append_printf (out, _(" + %u (ends on an 8)"), points.eight_bonus);
  g_string_append_printf (out, ngettext (" = %u point", " = %u points", points.total), points.total);
  return g_string_free (out, FALSE);
}

static char *
winners_list (const ArbScoreSheet *sheet, const char * const *names)
{
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < sheet->n_players; p++)
    if (sheet->winners & (1u << p))
      {
        if (out->len > 0)
          /* Translators: the separator between winners' names. */
          g_string_append (out, _(", "));
        g_string_append (out, names[p]);
      }
  return g_string_free (out, FALSE);
}

/* "Ann wins", "Shared victory: Ann, Bob", "Q wins". */
char *
arb_score_describe_result (const ArbScoreSheet *sheet, const char * const *names)
{
  g_autofree char *winners = winners_list (sheet, names);

  switch (sheet->tie_break)
    {
    case ARB_TIE_SOLO:
      return sheet->winners & (1u << ARB_SOLO_PERSON)
             ? g_strdup_printf (_("%s wins against Q"), names[ARB_SOLO_PERSON])
             : g_strdup (_("Q wins"));
    case ARB_TIE_SHARED:
      return g_strdup_printf (_("Shared victory: %s"), winners);
    case ARB_TIE_SPECIES:
    case ARB_TIE_NONE:
    default:
      return g_strdup_printf (_("%s wins"), winners);
    }
}

/* The result and every player's points: "Ann wins (Ann 16, Bob 9)", the
 * log's last line and what a screen reader hears at the end. */
char *
arb_score_describe_outcome (const ArbScoreSheet *sheet, const char * const *names)
{
  g_autoptr (GString) totals = g_string_new (NULL);
  g_autofree char *result = arb_score_describe_result (sheet, names);

  for (guint p = 0; p < sheet->n_players; p++)
    {
      if (totals->len > 0)
        g_string_append (totals, _(", "));
      g_string_append_printf (totals, _("%s %u"), names[p], sheet->players[p].total);
    }
  /* Translators: the result of the game, then every player's points. */
  return g_strdup_printf (_("%s (%s)"), result, totals->str);
}

/* How the winner was decided, by the rule set's tie-breaks. */
char *
arb_score_describe_tie_break (const ArbScoreSheet *sheet)
{
  const ArbPlayerScore *person = &sheet->players[ARB_SOLO_PERSON];
  const ArbPlayerScore *q = &sheet->players[ARB_SOLO_Q];

  switch (sheet->tie_break)
    {
    case ARB_TIE_SOLO:
      return g_strdup_printf (_("To win: at least as many scored species as Q (%u against %u: %s) "
                                "and strictly more points (%u against %u: %s)."),
                              person->species_scored, q->species_scored,
                              person->species_scored >= q->species_scored ? _("met") : _("not met"),
                              person->total, q->total,
                              person->total > q->total ? _("met") : _("not met"));
    case ARB_TIE_SHARED:
      return sheet->variant == ARB_VARIANT_STANDARD
             ? g_strdup (_("The winners tied on points and on the number of species in their "
                           "arboretum, and share the victory."))
             : g_strdup (_("The winners tied on points and share the victory."));
    case ARB_TIE_SPECIES:
      return g_strdup (_("A tie on points, broken by the most species in the arboretum."));
    case ARB_TIE_NONE:
    default:
      return g_strdup (_("The most points wins."));
    }
}
