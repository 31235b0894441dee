/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-state.c: the rules of a turn. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-error.h"
#include "arb-state.h"

guint
arb_state_n_seats (const ArbState *state)
{
  return state->variant == ARB_VARIANT_SOLO ? 1 : state->n_players;
}

/* Every player has a discard pile, but in solo there is one shared pile. */
guint
arb_state_n_piles (const ArbState *state)
{
  return state->variant == ARB_VARIANT_SOLO ? 1 : state->n_players;
}

static ArbSpeciesMask
choose_species (guint count, ArbRandom *random)
{
  ArbSpecies order[ARB_N_SPECIES];
  ArbSpeciesMask mask = 0;

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    order[s] = (ArbSpecies) s;
  for (guint i = 0; i < count; i++)
    {
      guint j = i + arb_random_below (random, ARB_N_SPECIES - i);
      ArbSpecies tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
      mask |= (ArbSpeciesMask) (1u << order[i]);
    }
  return mask;
}

static gboolean
check_species (ArbVariant variant, guint n_seats, ArbSpeciesMask species, GError **error)
{
  guint wanted = arb_rules_species_count (variant, n_seats);
  if ((species & ~ARB_ALL_SPECIES) != 0 || arb_species_mask_count (species) != wanted)
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                   _("This game is played with %u species, not %u"),
                   wanted, arb_species_mask_count (species & ARB_ALL_SPECIES));
      return FALSE;
    }
  return TRUE;
}

/* The shuffled deck of the species (chosen at random when *species is 0),
 * before the deal: a save game records it so that a replay never depends on
 * the random number generator. */
gboolean
arb_state_shuffle_deck (ArbVariant variant, guint n_seats, ArbSpeciesMask *species,
                        ArbRandom *random, ArbPile *deck, GError **error)
{
  if (!arb_rules_check_players (variant, n_seats, error))
    return FALSE;
  if (*species == 0)
    *species = choose_species (arb_rules_species_count (variant, n_seats), random);
  if (!check_species (variant, n_seats, *species, error))
    return FALSE;

  arb_pile_fill (deck, *species);
  arb_pile_shuffle (deck, random);
  return TRUE;
}

/* Shuffles a deck of the species (chosen at random when species is 0)
 * and deals it, from a seeded GRand: the command line's tournaments and
 * benchmarks, and the tests, deal many games from one. */
gboolean
arb_state_setup (ArbState *state, ArbVariant variant, guint n_seats, ArbSpeciesMask species,
                 GRand *rand, GError **error)
{
  g_autoptr (ArbRandom) random = arb_random_new_from_rand (rand);
  ArbPile deck;

  if (!arb_state_shuffle_deck (variant, n_seats, &species, random, &deck, error))
    return FALSE;
  return arb_state_setup_with_deck (state, variant, n_seats, species, &deck, error);
}

static gboolean
check_deck (const ArbPile *deck, ArbSpeciesMask species, GError **error)
{
  ArbCardSet seen = ARB_CARD_SET_INIT;

  /* The count first: deck->n may exceed the array. */
  if (deck->n != arb_species_mask_count (species) * ARB_N_VALUES)
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                   _("The deck has %u cards instead of %u"),
                   deck->n, arb_species_mask_count (species) * ARB_N_VALUES);
      return FALSE;
    }
  for (guint i = 0; i < deck->n; i++)
    {
      ArbCard card = deck->cards[i];
      if (!arb_card_is_valid (card) || !(species & (1u << arb_card_species (card)))
          || arb_card_set_contains (&seen, card))
        {
          g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                       _("Card %u of the deck is not in play or appears twice"), i + 1);
          return FALSE;
        }
      arb_card_set_add (&seen, card);
    }
  return TRUE;
}

/* Deals from the top of a deck in the given order: 7 cards to each seat,
 * one at a time round the table from the first player, then the face-up
 * cards the rule set starts the discard piles with. */
gboolean
arb_state_setup_with_deck (ArbState *state, ArbVariant variant, guint n_seats,
                           ArbSpeciesMask species, const ArbPile *deck, GError **error)
{
  if (!arb_rules_check_players (variant, n_seats, error)
      || !check_species (variant, n_seats, species, error)
      || !check_deck (deck, species, error))
    return FALSE;

  memset (state, 0, sizeof *state);
  state->variant = variant;
  state->species = species;
  state->n_players = (guint8) arb_rules_player_count (variant, n_seats);
  state->phase = ARB_PHASE_DRAW;
  /* Only the deck's cards: the caller's array past them is often never
   * written, and copying it would make two deals of one seed differ. */
  memcpy (state->deck.cards, deck->cards, deck->n);
  state->deck.n = deck->n;

  for (guint i = 0; i < ARB_HAND_SIZE; i++)
    for (guint p = 0; p < n_seats; p++)
      arb_card_set_add (&state->hands[p], arb_pile_pop (&state->deck));

  if (variant == ARB_VARIANT_CLASSIC)
    for (guint p = 1; p < n_seats; p++)
      arb_pile_push (&state->discards[p], arb_pile_pop (&state->deck));
  else if (variant == ARB_VARIANT_SOLO)
    arb_pile_push (&state->discards[0], arb_pile_pop (&state->deck));
  return TRUE;
}

static gboolean
check_phase (const ArbState *state, ArbPhase phase, GError **error)
{
  static const char * const what[] = {
    N_("It is time to draw a card"),
    N_("It is time to play a card to the arboretum"),
    N_("It is time to discard a card"),
  };

  if (state->phase == ARB_PHASE_OVER)
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_GAME_OVER, _("The game is over"));
      return FALSE;
    }
  if (state->phase != phase)
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE, _(what[state->phase]));
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_state_check_draw (const ArbState *state, int source, GError **error)
{
  if (!check_phase (state, ARB_PHASE_DRAW, error))
    return FALSE;
  if (source == ARB_SOURCE_DECK)
    {
      if (state->deck.n == 0)
        {
          g_set_error_literal (error, ARB_ERROR, ARB_ERROR_MUST_DRAW_DISCARD,
                               _("The deck is empty: draw from a discard pile"));
          return FALSE;
        }
      return TRUE;
    }
  if (source < 0 || (guint) source >= arb_state_n_piles (state))
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_NO_SUCH_SOURCE,
                   _("There is no discard pile %d"), source);
      return FALSE;
    }
  if (state->discards[source].n == 0)
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_EMPTY_SOURCE,
                           _("That discard pile is empty"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_in_hand (const ArbState *state, ArbCard card, GError **error)
{
  if (!arb_card_set_contains (&state->hands[state->current], card))
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_NOT_IN_HAND,
                           _("That card is not in the player's hand"));
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_state_check_play (const ArbState *state, ArbCard card, int x, int y, GError **error)
{
  return check_phase (state, ARB_PHASE_PLAY, error)
         && check_in_hand (state, card, error)
         && arb_arboretum_check_place (&state->arboreta[state->current], x, y, error);
}

/* In solo the discard is planted in Q's arboretum, so it needs a legal cell. */
gboolean
arb_state_check_discard (const ArbState *state, ArbCard card, int x, int y, GError **error)
{
  if (!check_phase (state, ARB_PHASE_DISCARD, error) || !check_in_hand (state, card, error))
    return FALSE;
  if (state->variant == ARB_VARIANT_SOLO)
    return arb_arboretum_check_place (&state->arboreta[ARB_SOLO_Q], x, y, error);
  return TRUE;
}

gboolean
arb_state_check (const ArbState *state, const ArbMove *move, GError **error)
{
  switch (move->kind)
    {
    case ARB_MOVE_DRAW:
      return arb_state_check_draw (state, move->source, error);
    case ARB_MOVE_PLAY:
      return arb_state_check_play (state, move->card, move->x, move->y, error);
    case ARB_MOVE_DISCARD:
      return arb_state_check_discard (state, move->card, move->x, move->y, error);
    default:
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE, _("Unknown action"));
      return FALSE;
    }
}

guint
arb_state_legal_sources (const ArbState *state, gint8 *sources)
{
  guint n = 0;

  if (state->phase != ARB_PHASE_DRAW)
    return 0;
  if (state->deck.n > 0)
    sources[n++] = ARB_SOURCE_DECK;
  for (guint p = 0; p < arb_state_n_piles (state); p++)
    if (state->discards[p].n > 0)
      sources[n++] = (gint8) p;
  return n;
}

/* The second draw comes from a discard pile when the first emptied the deck;
 * when no card is left anywhere the turn goes on with the one card. */
static void
apply_draw (ArbState *state, ArbMove *move)
{
  ArbPile *pile = move->source == ARB_SOURCE_DECK ? &state->deck : &state->discards[move->source];
  gint8 sources[1 + ARB_MAX_PLAYERS];

  move->card = arb_pile_pop (pile);
  arb_card_set_add (&state->hands[state->current], move->card);
  state->draws++;
  if (state->draws == 2 || arb_state_legal_sources (state, sources) == 0)
    state->phase = ARB_PHASE_PLAY;
}

static void
apply_play (ArbState *state, const ArbMove *move)
{
  arb_card_set_remove (&state->hands[state->current], move->card);
  arb_arboretum_place (&state->arboreta[state->current], move->card, move->x, move->y);
  state->phase = ARB_PHASE_DISCARD;
}

/* Solo: after the discard, one deck card onto the discard pile and one face
 * down into Q's hand, as far as the deck goes. */
static void
refill_solo (ArbState *state, ArbStep *step)
{
  if (state->deck.n > 0)
    {
      step->refill_discard = arb_pile_pop (&state->deck);
      arb_pile_push (&state->discards[0], step->refill_discard);
    }
  if (state->deck.n > 0)
    {
      step->refill_q = arb_pile_pop (&state->deck);
      arb_card_set_add (&state->hands[ARB_SOLO_Q], step->refill_q);
    }
}

/* The player who empties the deck finishes the turn, then the game ends. */
static void
end_turn (ArbState *state)
{
  if (state->deck.n == 0)
    {
      state->phase = ARB_PHASE_OVER;
      return;
    }
  state->current = (guint8) ((state->current + 1) % arb_state_n_seats (state));
  state->phase = ARB_PHASE_DRAW;
  state->draws = 0;
  state->turn++;
}

static void
apply_discard (ArbState *state, const ArbMove *move, ArbStep *step)
{
  arb_card_set_remove (&state->hands[state->current], move->card);
  if (state->variant == ARB_VARIANT_SOLO)
    {
      arb_arboretum_place (&state->arboreta[ARB_SOLO_Q], move->card, move->x, move->y);
      refill_solo (state, step);
    }
  else
    arb_pile_push (&state->discards[state->current], move->card);
  end_turn (state);
}

/* Checks the move and carries it out; on refusal the state is untouched.
 * step, when given, receives the record of what happened. */
gboolean
arb_state_apply (ArbState *state, const ArbMove *move, ArbStep *step, GError **error)
{
  ArbStep record = { *move, state->current, ARB_CARD_NONE, ARB_CARD_NONE };

  if (!arb_state_check (state, move, error))
    return FALSE;
  switch (move->kind)
    {
    case ARB_MOVE_DRAW:
      record.move.x = record.move.y = 0;
      apply_draw (state, &record.move);
      break;
    case ARB_MOVE_PLAY:
      record.move.source = 0;
      apply_play (state, &record.move);
      break;
    case ARB_MOVE_DISCARD:
      record.move.source = 0;
      if (state->variant != ARB_VARIANT_SOLO)
        record.move.x = record.move.y = 0;
      apply_discard (state, &record.move, &record);
      break;
    }
  if (step != NULL)
    *step = record;
  return TRUE;
}

guint
arb_state_free_cells (const ArbState *state, guint arboretum, gint8 *xy)
{
  g_return_val_if_fail (arboretum < state->n_players, 0);
  return arb_arboretum_free_cells (&state->arboreta[arboretum], xy);
}

/* Whether a discard goes on the player's own pile (every rule set but
 * solo, where the person plants it in Q's arboretum). */
gboolean
arb_state_discards_on_pile (const ArbState *state)
{
  return state->variant != ARB_VARIANT_SOLO;
}

/* The arboretum a move of player plants its card in: the player's own for
 * a play, Q's for a discard in solo; -1 for a draw and a discard onto a
 * pile. */
int
arb_state_move_arboretum (const ArbState *state, guint player, const ArbMove *move)
{
  switch (move->kind)
    {
    case ARB_MOVE_PLAY:
      return (int) player;
    case ARB_MOVE_DISCARD:
      return arb_state_discards_on_pile (state) ? -1 : ARB_SOLO_Q;
    case ARB_MOVE_DRAW:
    default:
      return -1;
    }
}

/* Where card may go now, as the rules allow it: the free cells of the
 * player's arboretum for a play, of Q's for a discard in solo; none in a
 * draw, or for a discard onto a pile. *arboretum tells whose; xy holds
 * 2 × ARB_MAX_FREE_CELLS coordinates. */
guint
arb_state_legal_cells (const ArbState *state, ArbCard card, guint *arboretum, gint8 *xy)
{
  gboolean solo_discard = state->phase == ARB_PHASE_DISCARD && !arb_state_discards_on_pile (state);
  gint8 free_cells[2 * ARB_MAX_FREE_CELLS];
  guint n, n_legal = 0;

  *arboretum = solo_discard ? ARB_SOLO_Q : state->current;
  if (state->phase != ARB_PHASE_PLAY && !solo_discard)
    return 0;
  n = arb_state_free_cells (state, *arboretum, free_cells);
  for (guint i = 0; i < n; i++)
    {
      int x = free_cells[2 * i], y = free_cells[2 * i + 1];

      if (solo_discard ? arb_state_check_discard (state, card, x, y, NULL)
                       : arb_state_check_play (state, card, x, y, NULL))
        {
          xy[2 * n_legal] = (gint8) x;
          xy[2 * n_legal + 1] = (gint8) y;
          n_legal++;
        }
    }
  return n_legal;
}

/* The deck's cards a turn takes when every draw is from the deck: two
 * draws, and in solo the discard pile's and Q's refills after the discard. */
static guint
deck_cards_a_turn (const ArbState *state)
{
  return state->variant == ARB_VARIANT_SOLO ? 4 : 2;
}

/* The deck's cards the rest of this turn takes at most. */
static guint
deck_cards_this_turn (const ArbState *state)
{
  guint n = 0;

  if (state->phase == ARB_PHASE_DRAW)
    n += 2u - MIN (state->draws, 2u);
  if (state->variant == ARB_VARIANT_SOLO && state->phase != ARB_PHASE_OVER)
    n += 2;
  return n;
}

/* How many turns the game lasts at most, this one included, if every draw
 * takes from the deck: 1 when this turn may empty it, 0 once over. A player
 * drawing from the discard piles makes the game last longer. */
guint
arb_state_turns_left (const ArbState *state)
{
  guint now;

  if (state->phase == ARB_PHASE_OVER)
    return 0;
  now = deck_cards_this_turn (state);
  if (state->deck.n <= now)
    return 1;
  return 1 + (state->deck.n - now + deck_cards_a_turn (state) - 1) / deck_cards_a_turn (state);
}

/* Whether the game ends with this turn: the deck is empty, and the player
 * who emptied it finishes the turn. */
gboolean
arb_state_is_last_turn (const ArbState *state)
{
  return state->phase != ARB_PHASE_OVER && state->deck.n == 0;
}

/* Every card of the game is in exactly one place: a check for tests. */
guint
arb_state_total_cards (const ArbState *state)
{
  guint total = state->deck.n;
  for (guint p = 0; p < state->n_players; p++)
    total += state->discards[p].n + arb_card_set_count (&state->hands[p]) + state->arboreta[p].n;
  return total;
}

void
arb_state_score (const ArbState *state, ArbScoreSheet *sheet)
{
  arb_score_sheet_compute (sheet, state->variant, state->species, state->n_players,
                           state->hands, state->arboreta);
}
