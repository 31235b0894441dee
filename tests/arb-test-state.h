/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-state.h: helpers shared by the save, replay and take-back tests:
 * a field by field comparison of positions and a random legal move. */
#pragma once

#include <string.h>

#include "arb-engine.h"

/* A person's three kinds of step, as arb_game_apply() takes them. */
static inline gboolean
arb_test_draw (ArbGame *game, int source, GError **error)
{
  ArbMove move = arb_move_draw (source);

  return arb_game_apply (game, &move, error);
}

static inline gboolean
arb_test_play (ArbGame *game, ArbCard card, int x, int y, GError **error)
{
  ArbMove move = arb_move_play (card, x, y);

  return arb_game_apply (game, &move, error);
}

static inline gboolean
arb_test_discard (ArbGame *game, ArbCard card, int x, int y, GError **error)
{
  ArbMove move = arb_move_discard (card, x, y);

  return arb_game_apply (game, &move, error);
}

static inline gboolean
arb_test_same_pile (const ArbPile *a, const ArbPile *b)
{
  return a->n == b->n && memcmp (a->cards, b->cards, a->n) == 0;
}

static inline gboolean
arb_test_same_arboretum (const ArbArboretum *a, const ArbArboretum *b)
{
  if (a->n != b->n)
    return FALSE;
  for (guint i = 0; i < a->n; i++)
    if (a->cells[i].x != b->cells[i].x || a->cells[i].y != b->cells[i].y
        || a->cells[i].card != b->cells[i].card)
      return FALSE;
  return TRUE;
}

/* Every field of a position, padding aside. */
static inline gboolean
arb_test_same_state (const ArbState *a, const ArbState *b)
{
  if (a->variant != b->variant || a->species != b->species || a->n_players != b->n_players
      || a->current != b->current || a->phase != b->phase || a->draws != b->draws
      || a->turn != b->turn || !arb_test_same_pile (&a->deck, &b->deck))
    return FALSE;
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    if (!arb_test_same_pile (&a->discards[p], &b->discards[p])
        || a->hands[p].bits[0] != b->hands[p].bits[0]
        || a->hands[p].bits[1] != b->hands[p].bits[1]
        || !arb_test_same_arboretum (&a->arboreta[p], &b->arboreta[p]))
      return FALSE;
  return TRUE;
}

static inline gboolean
arb_test_same_step (const ArbStep *a, const ArbStep *b)
{
  return a->player == b->player && a->refill_discard == b->refill_discard
         && a->refill_q == b->refill_q && a->move.kind == b->move.kind
         && a->move.card == b->move.card && a->move.source == b->move.source
         && a->move.x == b->move.x && a->move.y == b->move.y;
}

/* A uniformly random legal move, chosen here rather than by the computer
 * players so that these tests do not follow changes to them. */
static inline ArbMove
arb_test_random_move (const ArbState *state, GRand *rand)
{
  ArbCard cards[ARB_N_CARDS];
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n_cards, n_cells, c, i;

  if (state->phase == ARB_PHASE_DRAW)
    {
      gint8 sources[1 + ARB_MAX_PLAYERS];
      guint n = arb_state_legal_sources (state, sources);
      g_assert_cmpuint (n, >, 0);
      return arb_move_draw (sources[g_rand_int_range (rand, 0, (gint32) n)]);
    }

  n_cards = arb_card_set_to_array (&state->hands[state->current], cards);
  g_assert_cmpuint (n_cards, >, 0);
  c = (guint) g_rand_int_range (rand, 0, (gint32) n_cards);
  if (state->phase == ARB_PHASE_PLAY)
    {
      n_cells = arb_state_free_cells (state, state->current, xy);
      i = (guint) g_rand_int_range (rand, 0, (gint32) n_cells);
      return arb_move_play (cards[c], xy[2 * i], xy[2 * i + 1]);
    }
  if (state->variant == ARB_VARIANT_SOLO)
    {
      n_cells = arb_state_free_cells (state, ARB_SOLO_Q, xy);
      i = (guint) g_rand_int_range (rand, 0, (gint32) n_cells);
      return arb_move_discard (cards[c], xy[2 * i], xy[2 * i + 1]);
    }
  return arb_move_discard (cards[c], 0, 0);
}

/* Players for a game of n seats: people when people is TRUE. */
static inline GPtrArray *
arb_test_players (guint n, gboolean people)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);
      g_ptr_array_add (players, people ? arb_player_new (name, ARB_PLAYER_PERSON, NULL)
                                       : arb_player_new (name, ARB_PLAYER_COMPUTER, "random"));
    }
  return players;
}
