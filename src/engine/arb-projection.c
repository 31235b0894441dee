/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-projection.c: a viewer's information set, and deals consistent with it. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-projection.h"
#include "arb-error.h"

void
arb_knowledge_init (ArbKnowledge *knowledge)
{
  memset (knowledge, 0, sizeof *knowledge);
}

/* Everybody sees a card taken from a discard pile, and every card played or
 * discarded; nobody but the drawer sees a card drawn from the deck, nor the
 * card the deck deals Q in solo. */
void
arb_knowledge_add_step (ArbKnowledge *knowledge, const ArbStep *step)
{
  const ArbMove *m = &step->move;
  ArbCardSet *known = &knowledge->known[step->player];

  switch (m->kind)
    {
    case ARB_MOVE_DRAW:
      if (m->source != ARB_SOURCE_DECK && arb_card_is_valid (m->card))
        arb_card_set_add (known, m->card);
      break;
    case ARB_MOVE_PLAY:
    case ARB_MOVE_DISCARD:
      if (arb_card_is_valid (m->card))
        arb_card_set_remove (known, m->card);
      break;
    default:
      break;
    }
}

/* Every card of the species in play. */
static ArbCardSet
all_cards (ArbSpeciesMask species)
{
  ArbCardSet all = ARB_CARD_SET_INIT;
  for (guint c = 0; c < ARB_N_CARDS; c++)
    if (species & (1u << arb_card_species ((ArbCard) c)))
      arb_card_set_add (&all, (ArbCard) c);
  return all;
}

/* Takes CARD out of SET, the cards not yet seen; FALSE when it is not
 * there: a card in play twice, or of a species not in the game. Positions
 * from outside (the bot's referee) are checked so, since the players size
 * their work by the cards they see. */
static gboolean
take_card (ArbCardSet *set, ArbCard card)
{
  if (!arb_card_is_valid (card) || !arb_card_set_contains (set, card))
    return FALSE;
  arb_card_set_remove (set, card);
  return TRUE;
}

static gboolean
take_pile (ArbCardSet *set, const ArbPile *pile, ArbCard *bad)
{
  for (guint i = 0; i < pile->n; i++)
    if (arb_card_is_valid (pile->cards[i]) && !take_card (set, pile->cards[i]))
      return *bad = pile->cards[i], FALSE;
  return TRUE;
}

static gboolean
take_arboretum (ArbCardSet *set, const ArbArboretum *arboretum, ArbCard *bad)
{
  for (guint i = 0; i < arboretum->n; i++)
    if (!take_card (set, arboretum->cells[i].card))
      return *bad = arboretum->cells[i].card, FALSE;
  return TRUE;
}

static gboolean
take_hand (ArbCardSet *set, const ArbCardSet *hand, ArbCard *bad)
{
  for (guint c = 0; c < ARB_N_CARDS; c++)
    if (arb_card_set_contains (hand, (ArbCard) c) && !take_card (set, (ArbCard) c))
      return *bad = (ArbCard) c, FALSE;
  return TRUE;
}

/* public_state holds only what the viewer may know: its own hand (for a
 * seat), the known cards of the other hands, and a deck whose cards are
 * ignored (only its size counts). hand_size gives the true size of every
 * hand. */
gboolean
arb_projection_init_from_public (ArbProjection *view, const ArbState *public_state, int viewer,
                                 const guint8 *hand_size, GError **error)
{
  const ArbState *s = public_state;
  guint hidden = 0;
  ArbCard bad = ARB_CARD_NONE;
  /* A seat, or -1 for the public table, which holds no hand. */
  int seat = viewer >= 0 ? viewer : -1;

  if (viewer != ARB_VIEWER_PUBLIC && !(viewer >= 0 && viewer < s->n_players))
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                   _("The game has no player %d to show the table to"), viewer + 1);
      return FALSE;
    }
  memset (view, 0, sizeof *view);
  view->viewer = (gint8) viewer;
  view->state.variant = s->variant;
  view->state.species = s->species;
  view->state.n_players = s->n_players;
  view->state.current = s->current;
  view->state.phase = s->phase;
  view->state.draws = s->draws;
  view->state.turn = s->turn;
  view->state.deck.n = s->deck.n;
  memset (view->state.deck.cards, ARB_CARD_NONE, s->deck.n);

  view->unseen = all_cards (s->species);
  for (guint p = 0; p < s->n_players; p++)
    {
      /* Only the cards in use: what lies past the end is stale. */
      view->state.discards[p].n = s->discards[p].n;
      memcpy (view->state.discards[p].cards, s->discards[p].cards, s->discards[p].n);
      view->state.arboreta[p].n = s->arboreta[p].n;
      memcpy (view->state.arboreta[p].cells, s->arboreta[p].cells,
              s->arboreta[p].n * sizeof (ArbPlacement));
      view->state.hands[p] = s->hands[p];
      view->hand_size[p] = hand_size[p];
      if (!take_pile (&view->unseen, &s->discards[p], &bad)
          || !take_arboretum (&view->unseen, &s->arboreta[p], &bad)
          || !take_hand (&view->unseen, &s->hands[p], &bad))
        {
          g_autofree char *name = arb_card_is_valid (bad) ? arb_card_to_string (bad) : g_strdup ("?");
          g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                       _("The card %s is in play twice, or is not of a species in the game"), name);
          return FALSE;
        }
      /* Two draws on top of a full hand: no turn of the seat that decides
       * holds more, and its moves are counted on that (Q's hand in solo
       * grows, but Q never decides). */
      if ((int) p == seat && hand_size[p] > ARB_HAND_SIZE + 2)
        {
          g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                       _("Player %u holds %u cards; no hand holds more than %u"),
                       p + 1, hand_size[p], ARB_HAND_SIZE + 2);
          return FALSE;
        }
      if (arb_card_set_count (&s->hands[p]) > hand_size[p] || ((int) p == seat && arb_card_set_count (&s->hands[p]) != hand_size[p]))
        {
          g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                       _("Player %u holds %u cards, not %u"),
                       p + 1, hand_size[p], arb_card_set_count (&s->hands[p]));
          return FALSE;
        }
      hidden += hand_size[p] - arb_card_set_count (&s->hands[p]);
    }
  if (arb_card_set_count (&view->unseen) != hidden + s->deck.n)
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                   _("%u cards are unaccounted for, but the deck and hidden hands hold %u"),
                   arb_card_set_count (&view->unseen), hidden + s->deck.n);
      return FALSE;
    }
  return TRUE;
}

/* Everything, for a finished game's replay with every hand open. */
static void
init_all (ArbProjection *view, const ArbState *state)
{
  memset (view, 0, sizeof *view);
  view->viewer = ARB_VIEWER_ALL;
  view->state = *state;
  for (guint p = 0; p < state->n_players; p++)
    view->hand_size[p] = (guint8) arb_card_set_count (&state->hands[p]);
}

/* The projection for viewer of a full state, given what everybody saw
 * happen. Once the game is over every hand is shown, as at the scoring.
 * Refuses a viewer the game does not have, and a state whose cards do not
 * add up. */
gboolean
arb_projection_init (ArbProjection *view, const ArbState *state, int viewer,
                     const ArbKnowledge *knowledge, GError **error)
{
  ArbState public_state = *state;
  guint8 sizes[ARB_MAX_PLAYERS] = { 0 };

  if (viewer == ARB_VIEWER_ALL)
    {
      init_all (view, state);
      return TRUE;
    }
  for (guint p = 0; p < state->n_players; p++)
    {
      sizes[p] = (guint8) arb_card_set_count (&state->hands[p]);
      if ((int) p == viewer || state->phase == ARB_PHASE_OVER)
        continue;
      public_state.hands[p].bits[0] = state->hands[p].bits[0] & knowledge->known[p].bits[0];
      public_state.hands[p].bits[1] = state->hands[p].bits[1] & knowledge->known[p].bits[1];
    }
  return arb_projection_init_from_public (view, &public_state, viewer, sizes, error);
}

/* The same for a caller whose viewer is one of the game's by construction
 * (the seat to move, a seat of the game): a failure there is a bug of the
 * engine, said as a critical, never a crash. */
void
arb_projection_init_known (ArbProjection *view, const ArbState *state, int viewer,
                           const ArbKnowledge *knowledge)
{
  g_autoptr (GError) error = NULL;

  if (!arb_projection_init (view, state, viewer, knowledge, &error))
    g_critical ("No projection of the game for viewer %d: %s", viewer, error->message);
}

void
arb_projection_init_from_steps (ArbProjection *view, const ArbState *state, const ArbStep *steps,
                                guint n_steps, int viewer)
{
  ArbKnowledge knowledge;

  arb_knowledge_init (&knowledge);
  for (guint i = 0; i < n_steps; i++)
    arb_knowledge_add_step (&knowledge, &steps[i]);
  arb_projection_init_known (view, state, viewer, &knowledge);
}

/* Whether viewer saw the card of a step: a draw from the deck is seen by
 * the drawer alone. Plays and discards are face up. */
gboolean
arb_projection_sees_draw (int viewer, const ArbStep *step)
{
  return viewer == ARB_VIEWER_ALL || step->move.kind != ARB_MOVE_DRAW
         || step->move.source != ARB_SOURCE_DECK || (int) step->player == viewer;
}

/* Writes over what viewer did not see of step: the card drawn from the
 * deck by someone else, and the card the deck dealt face down to Q in solo.
 * The card turned face up onto the discard pile in solo is seen by all. */
void
arb_projection_mask_step (int viewer, ArbStep *step)
{
  if (!arb_projection_sees_draw (viewer, step))
    step->move.card = ARB_CARD_NONE;
  if (viewer != ARB_VIEWER_ALL)
    step->refill_q = ARB_CARD_NONE;
}

/* How many cards of player's hand the seat does not know. */
guint
arb_projection_n_hidden (const ArbProjection *view, guint player)
{
  return view->hand_size[player] - arb_card_set_count (&view->state.hands[player]);
}

/* A full position consistent with the view: the unseen cards shuffled, dealt
 * into the hidden parts of the hands and then into the deck. */
void
arb_projection_determinize (const ArbProjection *view, guint64 *rng, ArbState *state)
{
  ArbCard pool[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&view->unseen, pool);
  guint next = 0;

  *state = view->state;
  for (guint i = n; i > 1; i--)
    {
      guint j = arb_rng_below (rng, i);
      ArbCard tmp = pool[i - 1];
      pool[i - 1] = pool[j];
      pool[j] = tmp;
    }
  for (guint p = 0; p < view->state.n_players; p++)
    for (guint k = arb_projection_n_hidden (view, p); k > 0; k--)
      arb_card_set_add (&state->hands[p], pool[next++]);
  state->deck.n = 0;
  while (next < n)
    state->deck.cards[state->deck.n++] = pool[next++];
}
