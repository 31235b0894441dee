/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-report.c
 *
 * The same report serves "score" and "play": a player's hand, then every
 * species in play with the hand sum that decided the right to score and the
 * path that was scored, then who won and how a tie was broken.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-cli-report.h"

static void
append_cards (GString *out, const ArbCardSet *hand)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (hand, cards);

  if (n == 0)
    g_string_append (out, _("(empty)"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *card = arb_card_to_string (cards[i]);
      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", card);
    }
}

/* Cards of a path where the position file had them. */
static void
append_path (GString *out, const ArbCliPosition *position, guint p, const ArbPath *path)
{
  for (guint i = 0; i < path->n; i++)
    {
      const ArbPlacement *cell = &path->cards[i];
      g_autofree char *card = arb_card_to_string (cell->card);
      gint64 x = (gint64) ((guint64) position->origin_x[p] + (guint64) (gint64) cell->x);
      gint64 y = (gint64) ((guint64) position->origin_y[p] + (guint64) (gint64) cell->y);
      g_string_append_printf (out, "%s%s (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")",
                              i > 0 ? " → " : "", card, x, y);
    }
}

static void
append_species (GString *out, const ArbCliPosition *position, guint p, ArbSpecies species,
                const ArbSpeciesScore *score)
{
  g_string_append_printf (out, "  %s: ", arb_species_name (species));
  if (!score->right)
    g_string_append_printf (out, _("hand %u, no right to score"), score->hand_sum);
  else if (score->path.n == 0)
    g_string_append_printf (out, _("hand %u, right to score, no path"), score->hand_sum);
  else
    {
      g_string_append_printf (out, ngettext ("hand %u, %u point: ", "hand %u, %u points: ",
                                             score->points),
                              score->hand_sum, score->points);
      append_path (out, position, p, &score->path);
    }
  g_string_append_c (out, '\n');
}

static void
append_player (GString *out, const ArbCliPosition *position, const ArbScoreSheet *sheet, guint p)
{
  const ArbPlayerScore *score = &sheet->players[p];

  g_string_append_printf (out, ngettext ("%s: %u point\n", "%s: %u points\n", score->total),
                          position->names[p], score->total);
  g_string_append_printf (out, "  %s ", _("Hand:"));
  append_cards (out, &position->hands[p]);
  g_string_append_c (out, '\n');
  g_string_append (out, "  ");
  g_string_append_printf (out, ngettext ("Arboretum: %u card", "Arboretum: %u cards",
                                         position->arboreta[p].n),
                          position->arboreta[p].n);
  g_string_append (out, ", ");
  g_string_append_printf (out, ngettext ("%u species", "%u species", score->species_planted),
                          score->species_planted);
  g_string_append_c (out, '\n');
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (position->species & (1u << s))
      append_species (out, position, p, (ArbSpecies) s, &score->species[s]);
}

static char *
winner_names (const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint p = 0; p < sheet->n_players; p++)
    if (sheet->winners & (1u << p))
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", position->names[p]);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static guint
first_winner (const ArbScoreSheet *sheet)
{
  return (guint) __builtin_ctz (sheet->winners);
}

static void
append_solo_result (GString *out, const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  const ArbPlayerScore *person = &sheet->players[ARB_SOLO_PERSON];
  const ArbPlayerScore *q = &sheet->players[ARB_SOLO_Q];

  if (sheet->winners & (1u << ARB_SOLO_PERSON))
    g_string_append_printf (out, ngettext ("%s wins: %u point against %u, and %u species "
                                           "scored against %u for %s.",
                                           "%s wins: %u points against %u, and %u species "
                                           "scored against %u for %s.", person->total),
                            position->names[ARB_SOLO_PERSON], person->total, q->total,
                            person->species_scored, q->species_scored,
                            position->names[ARB_SOLO_Q]);
  else
    g_string_append_printf (out, _("%s wins: %s needed strictly more points (%u against %u) "
                                   "and at least as many species scored (%u against %u)."),
                            position->names[ARB_SOLO_Q], position->names[ARB_SOLO_PERSON],
                            person->total, q->total, person->species_scored, q->species_scored);
}

static void
append_result (GString *out, const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  g_autofree char *names = winner_names (position, sheet);
  const ArbPlayerScore *winner = &sheet->players[first_winner (sheet)];

  switch (sheet->tie_break)
    {
    case ARB_TIE_NONE:
      g_string_append_printf (out, ngettext ("%s wins with %u point.", "%s wins with %u points.",
                                             winner->total),
                              names, winner->total);
      break;
    case ARB_TIE_SPECIES:
      g_string_append_printf (out, ngettext ("Tie on %u point, broken by the most species in "
                                             "the arboretum: %s wins with %u species.",
                                             "Tie on %u points, broken by the most species in "
                                             "the arboretum: %s wins with %u species.",
                                             winner->total),
                              winner->total, names, winner->species_planted);
      break;
    case ARB_TIE_SHARED:
      if (sheet->variant == ARB_VARIANT_STANDARD)
        g_string_append_printf (out, ngettext ("Tie on %u point and %u species in the "
                                               "arboretum: %s share the victory.",
                                               "Tie on %u points and %u species in the "
                                               "arboretum: %s share the victory.",
                                               winner->total),
                                winner->total, winner->species_planted, names);
      else
        g_string_append_printf (out, ngettext ("Tie on %u point: %s share the victory.",
                                               "Tie on %u points: %s share the victory.",
                                               winner->total),
                                winner->total, names);
      break;
    case ARB_TIE_SOLO:
    default:
      append_solo_result (out, position, sheet);
      break;
    }
  g_string_append_c (out, '\n');
}

/* The whole scoring as text, ending with a newline. */
char *
arb_cli_report_format (const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s, ", arb_variant_name (position->variant));
  if (arb_rules_has_automaton (position->variant))
    g_string_append_printf (out, _("%s against %s"), position->names[ARB_SOLO_PERSON],
                            position->names[ARB_SOLO_Q]);
  else
    g_string_append_printf (out, ngettext ("%u player", "%u players", position->n_players),
                            position->n_players);
  g_string_append_printf (out, "\n%s", _("Species in play:"));
  for (guint s = 0, n = 0; s < ARB_N_SPECIES; s++)
    if (position->species & (1u << s))
      g_string_append_printf (out, "%s %s", n++ > 0 ? "," : "", arb_species_name ((ArbSpecies) s));
  g_string_append (out, "\n\n");

  for (guint p = 0; p < position->n_players; p++)
    {
      append_player (out, position, sheet, p);
      g_string_append_c (out, '\n');
    }
  append_result (out, position, sheet);
  return g_string_free (out, FALSE);
}
