/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-redeal.h: the no-peeking tests' tool. A game is dealt again
 * with every card a viewer does not know swapped among themselves: the
 * same public history, other hidden cards. Whatever the viewer is shown
 * must come out the same, byte for byte. */
#pragma once

#include <string.h>

#include "arb-engine.h"
#include "arb-test-state.h"

/* A whole game of random legal moves, of seats people or computers. */
static inline ArbGame *
arb_test_random_legal_game (ArbVariant variant, guint seats, guint32 seed)
{
  g_autoptr (GPtrArray) players = arb_test_players (seats, TRUE);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new (variant, players, seed, 0, &error);

  g_assert_no_error (error);
  while (!arb_game_is_finished (game))
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);
      arb_game_apply (game, &move, &error);
      g_assert_no_error (error);
    }
  return game;
}

/* Players like those of game, for another game of the same seats. */
static inline GPtrArray *
arb_test_players_of (ArbGame *game)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    g_ptr_array_add (players, g_object_ref (arb_game_get_player (game, p)));
  return players;
}

/* A new game dealt from deck, with the first n_steps of steps applied. */
static inline ArbGame *
arb_test_game_from_steps (ArbGame *game, const ArbPile *deck, const ArbStep *steps, guint n_steps)
{
  g_autoptr (GPtrArray) players = arb_test_players_of (game);
  g_autoptr (GError) error = NULL;
  const ArbState *start = arb_game_get_start_state (game);
  ArbGame *copy = arb_game_new_with_deck (start->variant, players, arb_game_get_seed (game),
                                          start->species, deck, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n_steps; i++)
    {
      arb_game_apply_step (copy, &steps[i], &error);
      g_assert_no_error (error);
    }
  return copy;
}

static inline ArbCard
arb_test_relabel (const ArbCard *map, ArbCard card)
{
  return arb_card_is_valid (card) ? map[card] : card;
}

/* The deck and the first n_steps steps of game (steps_out holds n_steps),
 * with the cards viewer does not know once those steps are taken swapped
 * at random among themselves. Those cards were never face up: they moved
 * only from the deck into hands, face down, so the same steps stay legal
 * and every card seen stays where it was. */
static inline void
arb_test_redeal (ArbGame *game, guint n_steps, int viewer, guint64 seed,
                 ArbPile *deck_out, ArbStep *steps_out)
{
  g_autoptr (ArbGame) prefix = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  ArbProjection projection;
  ArbCard unseen[ARB_N_CARDS], shuffled[ARB_N_CARDS], map[ARB_N_CARDS];
  guint n_unseen;

  g_assert_nonnull (arb_game_get_deck (game));
  g_assert_cmpuint (n_steps, <=, arb_game_get_n_steps (game));
  for (guint i = 0; i < n_steps; i++)
    steps_out[i] = *arb_game_get_step (game, i);
  prefix = arb_test_game_from_steps (game, arb_game_get_deck (game), steps_out, n_steps);
  arb_game_project (prefix, viewer, &projection);

  /* map sends the i-th unseen card, in order, to the i-th of a shuffle. */
  n_unseen = arb_card_set_to_array (&projection.unseen, unseen);
  memcpy (shuffled, unseen, sizeof unseen);
  for (guint i = n_unseen; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      ArbCard tmp = shuffled[i - 1];
      shuffled[i - 1] = shuffled[j];
      shuffled[j] = tmp;
    }
  for (guint c = 0; c < ARB_N_CARDS; c++)
    map[c] = (ArbCard) c;
  for (guint i = 0; i < n_unseen; i++)
    map[unseen[i]] = shuffled[i];

  *deck_out = *arb_game_get_deck (game);
  for (guint i = 0; i < deck_out->n; i++)
    deck_out->cards[i] = arb_test_relabel (map, deck_out->cards[i]);
  for (guint i = 0; i < n_steps; i++)
    {
      steps_out[i].move.card = arb_test_relabel (map, steps_out[i].move.card);
      steps_out[i].refill_discard = arb_test_relabel (map, steps_out[i].refill_discard);
      steps_out[i].refill_q = arb_test_relabel (map, steps_out[i].refill_q);
    }
}
