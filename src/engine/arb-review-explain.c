/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-review-explain.c: why the computer's move was better, in words.
 *
 * The review measures how much a move lost; a player also wants to know
 * why. Both moves are applied to the seat's own view (never to a hidden
 * card), and what changed is read in the order a coach would say it: a
 * right to score kept or lost (the 1 against the 8 included), the last card
 * of the deck, points of path, a card handed to the next player. When
 * nothing of the sort tells them apart, the playouts' verdict is all there
 * is to say.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-review.h"
#include "arb-rights.h"

/* The position after move in the view, when the view can know it: a card
 * drawn from the deck is unknown, so a deck draw leaves the view as it is. */
static void
view_after (const ArbProjection *view, const ArbMove *move, ArbProjection *after)
{
  guint me = (guint) view->viewer;

  *after = *view;
  if (move->kind == ARB_MOVE_DRAW && move->source == ARB_SOURCE_DECK)
    return;
  if (!arb_state_apply (&after->state, move, NULL, NULL))
    {
      *after = *view;
      return;
    }
  after->hand_size[me] = (guint8) arb_card_set_count (&after->state.hands[me]);
}

static gboolean
holds_right (const ArbSpeciesRights *row, guint me)
{
  return row->seats[me].right && row->seats[me].claim != ARB_CLAIM_OPEN;
}

/* The card of species sp that best's hand keeps and made's does not, or
 * else the highest of it in best's hand. */
static ArbCard
key_card (const ArbProjection *best, const ArbProjection *made, ArbSpecies sp)
{
  guint me = (guint) best->viewer;
  guint8 kept = arb_card_set_species_bits (&best->state.hands[me], sp);
  guint8 gone = kept & ~arb_card_set_species_bits (&made->state.hands[me], sp);
  guint8 bits = gone != 0 ? gone : kept;

  for (guint v = ARB_N_VALUES; v >= 1; v--)
    if (bits & (1u << (v - 1)))
      return arb_card_new (sp, v);
  return ARB_CARD_NONE;
}

/* A right to score that one move keeps and the other does not. */
static char *
explain_rights (const ArbProjection *view, const ArbProjection *best, const ArbProjection *made)
{
  g_autofree ArbRights *with_best = g_new (ArbRights, 1);
  g_autofree ArbRights *with_made = g_new (ArbRights, 1);
  guint me = (guint) best->viewer;

  arb_rights_compute (with_best, best, me);
  arb_rights_compute (with_made, made, me);
  for (guint i = 0; i < with_best->n_rows; i++)
    {
      const ArbSpeciesRights *b = &with_best->rows[i], *m = &with_made->rows[i];
      const char *species = arb_species_name (b->species);
      ArbCard card = key_card (best, made, b->species);

      /* A right to a species without a path is worth nothing. */
      if (b->seats[me].best_points == 0 && m->seats[me].best_points == 0)
        continue;
      if (holds_right (b, me) && !holds_right (m, me) && card != ARB_CARD_NONE)
        {
          g_autofree char *name = arb_card_to_string (card);
          if (!arb_card_set_contains (&view->state.hands[me], card))
            /* Translators: a species, then a card ("Oak 7"). */
            return g_strdup_printf (_("wins the right to score %s with %s"), species, name);
          if (arb_card_value (card) == 1)
            /* Translators: a species, then a card ("Oak 1"). */
            return g_strdup_printf (_("keeps the right to score %s: your %s makes another "
                                      "player’s 8 count nothing"), species, name);
          /* Translators: a species, then a card ("keeps the right to score
           * Oak: you hold Oak 8"). */
          return g_strdup_printf (_("keeps the right to score %s: you hold %s"), species, name);
        }
    }
  return NULL;
}

/* The last card of the deck ends the game: taking it, or leaving it. */
static char *
explain_end (const ArbProjection *view, const ArbMove *made, const ArbMove *best)
{
  if (view->state.phase != ARB_PHASE_DRAW || view->state.deck.n != 1)
    return NULL;
  if (best->kind == ARB_MOVE_DRAW && best->source == ARB_SOURCE_DECK)
    return g_strdup (_("takes the last card of the deck and ends the game now, before the "
                       "others add to their paths"));
  if (made->kind == ARB_MOVE_DRAW && made->source == ARB_SOURCE_DECK)
    return g_strdup (_("leaves the last card of the deck, so that the game goes on while "
                       "your paths grow"));
  return NULL;
}

/* Points of path now: only plays change them. */
static char *
explain_paths (const ArbProjection *best, const ArbProjection *made)
{
  guint8 with_best[ARB_N_SPECIES], with_made[ARB_N_SPECIES];
  guint me = (guint) best->viewer;
  int gain = 0;
  ArbSpecies where = 0;

  arb_arboretum_best_paths (&best->state.arboreta[me], with_best);
  arb_arboretum_best_paths (&made->state.arboreta[me], with_made);
  for (guint sp = 0; sp < ARB_N_SPECIES; sp++)
    if ((int) with_best[sp] - (int) with_made[sp] > gain)
      {
        gain = (int) with_best[sp] - (int) with_made[sp];
        where = (ArbSpecies) sp;
      }
  if (gain < 2)
    return NULL;
  /* Translators: a species, then two numbers of points. */
  return g_strdup_printf (_("makes your %s path worth %u points instead of %u"),
                          arb_species_name (where), with_best[where], with_made[where]);
}

/* A discard that the next player, who grows that species, may take. */
static char *
explain_gift (const ArbProjection *view, const ArbMove *made, const ArbMove *best)
{
  const ArbState *s = &view->state;
  guint next = (view->viewer + 1) % s->n_players;

  if (made->kind != ARB_MOVE_DISCARD || arb_review_same_move (made, best)
      || s->variant == ARB_VARIANT_SOLO || arb_card_value (made->card) < 4)
    return NULL;
  if (!(arb_arboretum_species (&s->arboreta[next]) & (1u << arb_card_species (made->card))))
    return NULL;
  g_autofree char *name = arb_card_to_string (made->card);
  /* Translators: a card ("Oak 6"), then its species. */
  return g_strdup_printf (_("does not hand %s to the next player, who grows %s"),
                          name, arb_species_name (arb_card_species (made->card)));
}

/* A card from a discard pile that fits one of the seat's paths. */
static char *
explain_take (const ArbProjection *view, const ArbMove *best)
{
  const ArbState *s = &view->state;

  if (best->kind != ARB_MOVE_DRAW || best->source == ARB_SOURCE_DECK)
    return NULL;
  ArbCard top = arb_pile_top (&s->discards[best->source]);
  if (!arb_card_is_valid (top)
      || !(arb_arboretum_species (&s->arboreta[view->viewer]) & (1u << arb_card_species (top))))
    return NULL;
  g_autofree char *name = arb_card_to_string (top);
  /* Translators: a card ("Oak 7"), then its species. */
  return g_strdup_printf (_("takes %s, which grows your %s path"),
                          name, arb_species_name (arb_card_species (top)));
}

char *
arb_review_explain (const ArbProjection *view, const ArbMove *made, const ArbMove *best)
{
  g_autofree ArbProjection *after_best = g_new (ArbProjection, 1);
  g_autofree ArbProjection *after_made = g_new (ArbProjection, 1);
  char *why;

  g_return_val_if_fail (view != NULL && view->viewer >= 0 && made != NULL && best != NULL, NULL);
  if (arb_review_same_move (made, best) || view->state.current != view->viewer)
    return NULL;

  view_after (view, best, after_best);
  view_after (view, made, after_made);
  if ((why = explain_rights (view, after_best, after_made)) != NULL
      || (why = explain_end (view, made, best)) != NULL
      || (why = explain_paths (after_best, after_made)) != NULL
      || (why = explain_gift (view, made, best)) != NULL
      || (why = explain_take (view, best)) != NULL)
    return why;
  return g_strdup (_("does better on most deals of the cards you could not see"));
}
