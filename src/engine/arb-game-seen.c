/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-game-seen.c: a game as one seat saw it, for a client of network play.
 *
 * A client is sent only its seat's projections and the steps as its seat
 * saw them (docs/network.md). Its window, log, hints and rights panel all
 * read an ArbGame through an ArbViewpoint, which shows the seat nothing
 * but its projection. So the client keeps an ArbGame of its own whose
 * hidden cards are made up: made-up cards give the same views, byte for
 * byte, as the true ones (the no-peeking guarantee, tests/test-viewpoint.c).
 *
 * When a step shows a card the made-up record put elsewhere (another seat
 * plays it, the seat draws it from the deck, the end reveals every hand),
 * two cards the seat never saw trade places in the whole record first
 * (arb_game_swap_cards), silently; then the step is taken as any step,
 * with its signals. Whatever the host sends is checked: the game after
 * the step must project to exactly what the host says the seat sees.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-error.h"
#include "arb-game-seen.h"

static gboolean
fail (GError **error, guint step, const char *why)
{
  /* Translators: %u is a step's number, %s says what is wrong with it. */
  g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
               _("The host’s step %u does not add up: %s"), step, why);
  return FALSE;
}

static gboolean
same_step (const ArbStep *a, const ArbStep *b)
{
  return a->player == b->player && a->move.kind == b->move.kind && a->move.card == b->move.card
         && (a->move.kind == ARB_MOVE_DRAW ? a->move.source == b->move.source
                                           : a->move.x == b->move.x && a->move.y == b->move.y)
         && a->refill_discard == b->refill_discard && a->refill_q == b->refill_q;
}

static gboolean
same_projection (const ArbProjection *a, const ArbProjection *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* A game dealt so that viewer sees start: the cards it does not see are
 * dealt in an order of no meaning. */
ArbGame *
arb_game_new_as_seen (const ArbProjection *start, GPtrArray *players, GError **error)
{
  g_autoptr (ArbGame) game = NULL;
  ArbProjection seen;
  ArbState state;
  guint64 rng = 1;

  g_return_val_if_fail (start != NULL && players != NULL, NULL);
  arb_projection_determinize (start, &rng, &state);
  game = arb_game_new_from_state (&state, players, 0, error);
  if (game == NULL)
    return NULL;
  arb_game_project (game, start->viewer, &seen);
  if (arb_game_get_deck (game) == NULL || !same_projection (&seen, start))
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                           _("The start of the host’s game does not add up"));
      return NULL;
    }
  return g_steal_pointer (&game);
}

/* card must be where the step takes it from: a card the viewer never saw
 * trades places with the made-up one there. */
static gboolean
put_card (ArbGame *self, const ArbProjection *seen, ArbCard card, ArbCard there, GError **error)
{
  if (card == there)
    return TRUE;
  if (!arb_card_set_contains (&seen->unseen, card) || !arb_card_set_contains (&seen->unseen, there))
    return fail (error, arb_game_get_n_steps (self) + 1, _("a card seen elsewhere"));
  return arb_game_swap_cards (self, card, there, error);
}

/* A card of player's hand that the viewer does not know, or ARB_CARD_NONE. */
static ArbCard
hidden_in_hand (const ArbState *state, const ArbProjection *seen, guint player,
                const ArbCardSet *keep)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&state->hands[player], cards);

  for (guint i = 0; i < n; i++)
    if (arb_card_set_contains (&seen->unseen, cards[i])
        && (keep == NULL || !arb_card_set_contains (keep, cards[i])))
      return cards[i];
  return ARB_CARD_NONE;
}

/* What the step shows must already be so in the made-up record: the
 * card another seat plays is in its hand, the card the viewer draws is
 * on top of the deck. */
static gboolean
prepare (ArbGame *self, int viewer, const ArbStep *seen_step, GError **error)
{
  const ArbState *state = arb_game_get_state (self);
  const ArbMove *move = &seen_step->move;
  ArbProjection seen;

  arb_game_project (self, viewer, &seen);
  if (move->kind == ARB_MOVE_DRAW && move->source == ARB_SOURCE_DECK && arb_card_is_valid (move->card))
    return state->deck.n > 0 ? put_card (self, &seen, move->card, arb_pile_top (&state->deck), error)
                             : fail (error, arb_game_get_n_steps (self) + 1, _("the deck is empty"));
  if ((move->kind == ARB_MOVE_PLAY || move->kind == ARB_MOVE_DISCARD) && arb_card_is_valid (move->card)
      && seen_step->player < ARB_MAX_PLAYERS
      && !arb_card_set_contains (&state->hands[seen_step->player], move->card))
    return put_card (self, &seen, move->card, hidden_in_hand (state, &seen, seen_step->player, NULL),
                     error);
  return TRUE;
}

/* Once the game is over every hand is shown: the made-up hands after the
 * last step become the true ones, card by card. */
static gboolean
reveal_hands (ArbGame *self, int viewer, const ArbStep *seen_step, const ArbProjection *after,
              GError **error)
{
  for (guint p = 0; p < after->state.n_players; p++)
    {
      const ArbCardSet *shown = &after->state.hands[p];
      ArbCard cards[ARB_N_CARDS];
      guint n = arb_card_set_to_array (shown, cards);

      for (guint i = 0; i < n; i++)
        {
          ArbState last = *arb_game_get_state (self);
          ArbProjection seen;

          if (!arb_state_apply (&last, &seen_step->move, NULL, error))
            return FALSE;
          if (arb_card_set_contains (&last.hands[p], cards[i]))
            continue;
          arb_game_project (self, viewer, &seen);
          if (!put_card (self, &seen, cards[i], hidden_in_hand (&last, &seen, p, shown), error))
            return FALSE;
        }
    }
  return TRUE;
}

/* The step taken on a copy of the position: what the viewer would then
 * see, and the step as it happened in the made-up record. */
static gboolean
try_step (ArbGame *self, int viewer, const ArbStep *seen_step, ArbStep *taken, ArbProjection *view,
          GError **error)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  ArbState state = *arb_game_get_state (self);
  ArbStep masked;

  if (!arb_state_apply (&state, &seen_step->move, taken, error))
    return FALSE;
  masked = *taken;
  arb_projection_mask_step (viewer, &masked);
  /* The cards turned up are matched by turn_up(). */
  masked.refill_discard = seen_step->refill_discard;
  if (arb_card_is_valid (seen_step->refill_q))
    masked.refill_q = seen_step->refill_q;
  if (!same_step (&masked, seen_step))
    return fail (error, arb_game_get_n_steps (self) + 1, _("another step than the one shown"));
  for (guint i = 0; i < arb_game_get_n_steps (self); i++)
    g_array_append_val (steps, *arb_game_get_step (self, i));
  g_array_append_val (steps, *taken);
  arb_projection_init_from_steps (view, &state, (const ArbStep *) steps->data, steps->len, viewer);
  return TRUE;
}

/* Solo: a discard turns up cards from the deck, onto the discard pile and
 * to Q. Those the step shows must be the ones the made-up deck gives. */
static gboolean
turn_up (ArbGame *self, int viewer, const ArbStep *seen_step, ArbStep *taken, ArbProjection *view,
         GError **error)
{
  for (guint tries = 0; tries < 3; tries++)
    {
      ArbCard want = ARB_CARD_NONE, got = ARB_CARD_NONE;
      ArbProjection seen;

      if (seen_step->refill_discard != taken->refill_discard)
        want = seen_step->refill_discard, got = taken->refill_discard;
      /* The card dealt to Q is face down: the step shows it to nobody. */
      else if (arb_card_is_valid (seen_step->refill_q) && seen_step->refill_q != taken->refill_q)
        want = seen_step->refill_q, got = taken->refill_q;
      else
        return TRUE;
      if (!arb_card_is_valid (want) || !arb_card_is_valid (got))
        return fail (error, arb_game_get_n_steps (self) + 1, _("another step than the one shown"));
      arb_game_project (self, viewer, &seen);
      if (!put_card (self, &seen, want, got, error)
          || !try_step (self, viewer, seen_step, taken, view, error))
        return FALSE;
    }
  return fail (error, arb_game_get_n_steps (self) + 1, _("another step than the one shown"));
}

/* Takes the step seen_step, as viewer saw it, after which the host says
 * viewer sees after. A step that does not add up sets error and leaves
 * what viewer sees unchanged. after is NULL for the steps of a history
 * caught up with, but its last: what the viewer sees after that one checks
 * them all. */
gboolean
arb_game_apply_seen_step (ArbGame *self, int viewer, const ArbStep *seen_step,
                          const ArbProjection *after, GError **error)
{
  ArbProjection view;
  ArbStep taken;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (seen_step != NULL, FALSE);
  if (seen_step->player != arb_game_get_current_player (self))
    return fail (error, arb_game_get_n_steps (self) + 1, _("not that player’s turn"));
  if (!prepare (self, viewer, seen_step, error)
      || !try_step (self, viewer, seen_step, &taken, &view, error)
      || !turn_up (self, viewer, seen_step, &taken, &view, error))
    return FALSE;
  if (after == NULL)
    return arb_game_apply_step (self, &taken, error);
  if (!same_projection (&view, after) && after->state.phase == ARB_PHASE_OVER)
    {
      if (!reveal_hands (self, viewer, seen_step, after, error)
          || !try_step (self, viewer, seen_step, &taken, &view, error)
          || !turn_up (self, viewer, seen_step, &taken, &view, error))
        return FALSE;
    }
  if (!same_projection (&view, after))
    return fail (error, arb_game_get_n_steps (self) + 1, _("the table differs from the host’s"));
  return arb_game_apply_step (self, &taken, error);
}
