/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-state.c: the deal of every rule set, the end of the game, and every
 * kind of illegal action refused without touching the position. */
#include "config.h"

#include <string.h>

#include "arb-engine.h"
#include "arb-test-state.h"

#define BIT(s) ((ArbSpeciesMask) (1u << (s)))

typedef struct {
  ArbVariant variant;
  guint      seats;
  guint      species;     /* species in play */
  guint      deck;        /* cards left in the deck after the deal */
} Setup;

static const Setup setups[] = {
  { ARB_VARIANT_STANDARD, 2, 6, 48 - 14 },
  { ARB_VARIANT_STANDARD, 3, 8, 64 - 21 },
  { ARB_VARIANT_STANDARD, 4, 10, 80 - 28 },
  /* One face-up card on every discard pile but the first player's. */
  { ARB_VARIANT_CLASSIC, 2, 6, 48 - 14 - 1 },
  { ARB_VARIANT_CLASSIC, 3, 8, 64 - 21 - 2 },
  { ARB_VARIANT_CLASSIC, 4, 10, 80 - 28 - 3 },
  /* 7 cards for the person, one face up on the shared pile. */
  { ARB_VARIANT_SOLO, 1, 6, 48 - 7 - 1 },
};

static void
deal (ArbState *state, ArbVariant variant, guint seats, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_state_setup (state, variant, seats, 0, rand, &error));
  g_assert_no_error (error);
}

/* Every card of the game, each in exactly one place. */
static void
assert_cards_accounted (const ArbState *state)
{
  ArbCardSet seen = ARB_CARD_SET_INIT;
  guint n = 0;

#define SEE(card) G_STMT_START {                                   \
    ArbCard c_ = (card);                                             \
    g_assert_true (arb_card_is_valid (c_));                          \
    g_assert_true (state->species & BIT (arb_card_species (c_)));    \
    g_assert_false (arb_card_set_contains (&seen, c_));              \
    arb_card_set_add (&seen, c_);                                    \
    n++;                                                             \
  } G_STMT_END

  for (guint i = 0; i < state->deck.n; i++)
    SEE (state->deck.cards[i]);
  for (guint p = 0; p < state->n_players; p++)
    {
      ArbCard cards[ARB_N_CARDS];
      guint k = arb_card_set_to_array (&state->hands[p], cards);
      for (guint i = 0; i < state->discards[p].n; i++)
        SEE (state->discards[p].cards[i]);
      for (guint i = 0; i < k; i++)
        SEE (cards[i]);
      for (guint i = 0; i < state->arboreta[p].n; i++)
        SEE (state->arboreta[p].cells[i].card);
    }
#undef SEE
  g_assert_cmpuint (n, ==, arb_species_mask_count (state->species) * ARB_N_VALUES);
  g_assert_cmpuint (arb_state_total_cards (state), ==, n);
}

/* ---- Set-up ----------------------------------------------------------- */

static void
test_setup (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    for (guint32 seed = 1; seed <= 20; seed++)
      {
        const Setup *s = &setups[i];
        ArbState state;

        deal (&state, s->variant, s->seats, seed);
        g_assert_cmpint (state.variant, ==, s->variant);
        g_assert_cmpuint (arb_species_mask_count (state.species), ==, s->species);
        g_assert_cmpuint (state.species & ~ARB_ALL_SPECIES, ==, 0);
        g_assert_cmpuint (arb_state_n_seats (&state), ==, s->seats);
        g_assert_cmpuint (state.n_players, ==, s->variant == ARB_VARIANT_SOLO ? 2 : s->seats);
        g_assert_cmpuint (arb_state_n_piles (&state), ==, s->variant == ARB_VARIANT_SOLO ? 1 : s->seats);
        g_assert_cmpuint (state.deck.n, ==, s->deck);
        g_assert_cmpint (state.phase, ==, ARB_PHASE_DRAW);
        g_assert_cmpuint (state.current, ==, 0);
        g_assert_cmpuint (state.turn, ==, 0);
        g_assert_cmpuint (state.draws, ==, 0);
        assert_cards_accounted (&state);
        g_assert_cmpuint (arb_state_total_cards (&state), ==, 8 * s->species);

        for (guint p = 0; p < s->seats; p++)
          {
            g_assert_cmpuint (arb_card_set_count (&state.hands[p]), ==, 7);
            g_assert_cmpuint (state.arboreta[p].n, ==, 0);
            if (s->variant == ARB_VARIANT_CLASSIC)
              g_assert_cmpuint (state.discards[p].n, ==, p == 0 ? 0 : 1);
            else if (s->variant == ARB_VARIANT_STANDARD)
              g_assert_cmpuint (state.discards[p].n, ==, 0);
          }
        if (s->variant == ARB_VARIANT_SOLO)
          {
            g_assert_cmpuint (state.discards[0].n, ==, 1);
            g_assert_cmpuint (state.discards[ARB_SOLO_Q].n, ==, 0);
            g_assert_true (arb_card_set_is_empty (&state.hands[ARB_SOLO_Q]));
            g_assert_cmpuint (state.arboreta[ARB_SOLO_Q].n, ==, 0);
          }
      }
}

static void
test_setup_species_from_seed (void)
{
  ArbSpeciesMask first = 0;
  gboolean varied = FALSE;

  for (guint32 seed = 0; seed < 50; seed++)
    {
      ArbState a, b;

      deal (&a, ARB_VARIANT_STANDARD, 3, seed);
      deal (&b, ARB_VARIANT_STANDARD, 3, seed);
      g_assert_cmpuint (arb_species_mask_count (a.species), ==, 8);
      g_assert_cmpuint (a.species, ==, b.species);
      if (seed == 0)
        first = a.species;
      varied = varied || a.species != first;
    }
  /* The seed chooses: 50 seeds do not all remove the same two species. */
  g_assert_true (varied);
}

static void
test_setup_species_named (void)
{
  static const struct { ArbVariant variant; guint seats; ArbSpeciesMask species; } cases[] = {
    { ARB_VARIANT_STANDARD, 2, 0x3f },
    { ARB_VARIANT_STANDARD, 2, BIT (1) | BIT (3) | BIT (4) | BIT (6) | BIT (8) | BIT (9) },
    { ARB_VARIANT_CLASSIC, 3, ARB_ALL_SPECIES & ~(BIT (0) | BIT (9)) },
    { ARB_VARIANT_STANDARD, 4, ARB_ALL_SPECIES },
    { ARB_VARIANT_SOLO, 1, ARB_ALL_SPECIES & ~(BIT (2) | BIT (3) | BIT (5) | BIT (7)) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint32 seed = 0; seed < 5; seed++)
      {
        g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
        g_autoptr (GError) error = NULL;
        ArbState state;

        g_assert_true (arb_state_setup (&state, cases[i].variant, cases[i].seats,
                                        cases[i].species, rand, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (state.species, ==, cases[i].species);
        /* assert_cards_accounted checks every card is of a named species. */
        assert_cards_accounted (&state);
      }
}

static void
assert_setup_refused (ArbVariant variant, guint seats, ArbSpeciesMask species)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GError) error = NULL;
  ArbState state;

  g_assert_false (arb_state_setup (&state, variant, seats, species, rand, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
}

static void
test_setup_invalid (void)
{
  assert_setup_refused (ARB_VARIANT_STANDARD, 0, 0);
  assert_setup_refused (ARB_VARIANT_STANDARD, 1, 0);
  assert_setup_refused (ARB_VARIANT_STANDARD, 5, 0);
  assert_setup_refused (ARB_VARIANT_CLASSIC, 1, 0);
  assert_setup_refused (ARB_VARIANT_CLASSIC, 5, 0);
  assert_setup_refused (ARB_VARIANT_SOLO, 0, 0);
  assert_setup_refused (ARB_VARIANT_SOLO, 2, 0);
  /* Named species, but not as many as the players need. */
  assert_setup_refused (ARB_VARIANT_STANDARD, 2, 0x1f);
  assert_setup_refused (ARB_VARIANT_STANDARD, 2, 0xff);
  assert_setup_refused (ARB_VARIANT_STANDARD, 4, 0xff);
  assert_setup_refused (ARB_VARIANT_SOLO, 1, 0xff);
  /* Six bits, one of them beyond the ten species. */
  assert_setup_refused (ARB_VARIANT_STANDARD, 2, 0x1f | 0x800);
}

static void
test_setup_same_seed (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      ArbState a, b, c;

      deal (&a, setups[i].variant, setups[i].seats, 1234);
      deal (&b, setups[i].variant, setups[i].seats, 1234);
      deal (&c, setups[i].variant, setups[i].seats, 1235);
      g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
      g_assert_true (memcmp (&a.deck, &c.deck, sizeof a.deck) != 0);
    }
}

/* Dealt from the top (the end of the array) one card at a time round the
 * table, then the face-up discards. */
static void
test_setup_deal_order (void)
{
  ArbPile deck;
  ArbState state;
  g_autoptr (GError) error = NULL;
  const ArbSpeciesMask species = 0x3f;

  arb_pile_fill (&deck, species);
  g_assert_cmpuint (deck.n, ==, 48);
  g_assert_true (arb_state_setup_with_deck (&state, ARB_VARIANT_CLASSIC, 2, species, &deck, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 14; i++)
    g_assert_true (arb_card_set_contains (&state.hands[i % 2], deck.cards[47 - i]));
  g_assert_cmpuint (state.discards[1].n, ==, 1);
  g_assert_cmpuint (state.discards[1].cards[0], ==, deck.cards[47 - 14]);
  g_assert_cmpuint (state.deck.n, ==, 33);
  g_assert_cmpmem (state.deck.cards, 33, deck.cards, 33);

  g_assert_true (arb_state_setup_with_deck (&state, ARB_VARIANT_SOLO, 1, species, &deck, &error));
  for (guint i = 0; i < 7; i++)
    g_assert_true (arb_card_set_contains (&state.hands[0], deck.cards[47 - i]));
  g_assert_cmpuint (state.discards[0].cards[0], ==, deck.cards[47 - 7]);
  g_assert_cmpuint (state.deck.n, ==, 40);
}

static void
test_setup_bad_deck (void)
{
  const ArbSpeciesMask species = 0x3f;
  ArbPile good, deck;
  ArbState state;

  arb_pile_fill (&good, species);

  /* A card twice. */
  deck = good;
  deck.cards[5] = deck.cards[6];
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (arb_state_setup_with_deck (&state, ARB_VARIANT_STANDARD, 2, species, &deck, &error));
    g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
  }
  /* A card of a species out of play. */
  deck = good;
  deck.cards[5] = arb_card_new (ARB_SPECIES_WILLOW, 3);
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (arb_state_setup_with_deck (&state, ARB_VARIANT_STANDARD, 2, species, &deck, &error));
    g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
  }
  /* More cards than a deck can hold: refused without reading past them. */
  arb_pile_fill (&deck, ARB_ALL_SPECIES);
  deck.n = 200;
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (arb_state_setup_with_deck (&state, ARB_VARIANT_STANDARD, 4, ARB_ALL_SPECIES,
                                               &deck, &error));
    g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
  }
  /* A card missing. */
  deck = good;
  deck.n--;
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (arb_state_setup_with_deck (&state, ARB_VARIANT_STANDARD, 2, species, &deck, &error));
    g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
  }
}

/* ---- Turns ------------------------------------------------------------ */

static ArbStep
apply_ok (ArbState *state, ArbMove move)
{
  g_autoptr (GError) error = NULL;
  ArbStep step;

  g_assert_true (arb_state_apply (state, &move, &step, &error));
  g_assert_no_error (error);
  return step;
}

/* The first card of the hand, at the first free cell. */
static void
play_any (ArbState *state)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS];

  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  arb_state_free_cells (state, state->current, xy);
  apply_ok (state, arb_move_play (arb_card_set_nth (&state->hands[state->current], 0), xy[0], xy[1]));
}

/* The first card of the hand; in solo at the first free cell of Q's
 * arboretum. */
static ArbStep
discard_any (ArbState *state)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS] = { 0 };

  g_assert_cmpint (state->phase, ==, ARB_PHASE_DISCARD);
  if (state->variant == ARB_VARIANT_SOLO)
    arb_state_free_cells (state, ARB_SOLO_Q, xy);
  return apply_ok (state, arb_move_discard (arb_card_set_nth (&state->hands[state->current], 0),
                                            xy[0], xy[1]));
}

/* A whole turn drawing from the two sources given. */
static ArbStep
take_turn (ArbState *state, int first, int second)
{
  guint player = state->current;

  g_assert_cmpint (state->phase, ==, ARB_PHASE_DRAW);
  apply_ok (state, arb_move_draw (first));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_DRAW);
  apply_ok (state, arb_move_draw (second));
  play_any (state);
  ArbStep step = discard_any (state);
  g_assert_cmpuint (arb_card_set_count (&state->hands[player]), ==, 7);
  assert_cards_accounted (state);
  return step;
}

/* Turns drawing twice from the deck until it holds `left` cards; while an
 * odd number of cards too many is left, a turn takes one card from the deck
 * and one from the last player's discard pile. */
static void
run_deck_down (ArbState *state, guint left)
{
  while (state->deck.n > left)
    {
      guint previous = (state->current + arb_state_n_seats (state) - 1) % arb_state_n_seats (state);
      int pile = state->variant == ARB_VARIANT_SOLO ? 0 : (int) previous;
      gboolean one = (state->deck.n - left) % 2 != 0 && state->discards[pile].n > 0;

      take_turn (state, ARB_SOURCE_DECK, one ? pile : ARB_SOURCE_DECK);
      g_assert_cmpint (state->phase, ==, ARB_PHASE_DRAW);
    }
  g_assert_cmpuint (state->deck.n, ==, left);
}

static void
assert_refused (ArbState *state, ArbMove move, ArbErrorCode code)
{
  ArbState copy;
  ArbStep step;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) check_error = NULL;

  memcpy (&copy, state, sizeof copy);
  g_assert_false (arb_state_check (state, &move, &check_error));
  g_assert_error (check_error, ARB_ERROR, (gint) code);
  g_assert_false (arb_state_apply (state, &move, &step, &error));
  g_assert_error (error, ARB_ERROR, (gint) code);
  g_assert_nonnull (error->message);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_cmpmem (&copy, sizeof copy, state, sizeof *state);
}

static void
assert_over_refuses_all (ArbState *state)
{
  ArbCard in_hand = arb_card_set_nth (&state->hands[state->current], 0);

  g_assert_cmpint (state->phase, ==, ARB_PHASE_OVER);
  assert_refused (state, arb_move_draw (ARB_SOURCE_DECK), ARB_ERROR_GAME_OVER);
  assert_refused (state, arb_move_draw (0), ARB_ERROR_GAME_OVER);
  assert_refused (state, arb_move_play (in_hand, 0, 1), ARB_ERROR_GAME_OVER);
  assert_refused (state, arb_move_discard (in_hand, 0, 1), ARB_ERROR_GAME_OVER);
}

/* The player who draws the last card (here as the second draw) finishes
 * the turn, then the game is over. */
static void
end_on_second_draw (ArbVariant variant, guint seats)
{
  ArbState state;

  deal (&state, variant, seats, 99);
  run_deck_down (&state, 2);
  guint last = state.current;
  guint turn = state.turn;
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  g_assert_cmpuint (state.deck.n, ==, 0);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_PLAY);
  play_any (&state);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_DISCARD);
  discard_any (&state);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
  g_assert_cmpuint (state.current, ==, last);
  g_assert_cmpuint (state.turn, ==, turn);
  for (guint p = 0; p < seats; p++)
    g_assert_cmpuint (arb_card_set_count (&state.hands[p]), ==, 7);
  assert_cards_accounted (&state);
  assert_over_refuses_all (&state);
}

/* The first draw takes the last card: the second must come from a discard
 * pile, then the turn ends the game. */
static void
end_on_first_draw (ArbVariant variant, guint seats)
{
  ArbState state;
  gint8 sources[1 + ARB_MAX_PLAYERS];

  deal (&state, variant, seats, 7);
  run_deck_down (&state, 1);
  guint last = state.current;
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  g_assert_cmpuint (state.deck.n, ==, 0);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_DRAW);
  assert_refused (&state, arb_move_draw (ARB_SOURCE_DECK), ARB_ERROR_MUST_DRAW_DISCARD);

  guint n = arb_state_legal_sources (&state, sources);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (sources[i], >=, 0);
  ArbCard top = arb_pile_top (&state.discards[sources[0]]);
  ArbStep step = apply_ok (&state, arb_move_draw (sources[0]));
  g_assert_cmpuint (step.move.card, ==, top);
  g_assert_true (arb_card_set_contains (&state.hands[last], top));
  play_any (&state);
  discard_any (&state);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
  g_assert_cmpuint (state.current, ==, last);
  g_assert_cmpuint (arb_card_set_count (&state.hands[last]), ==, 7);
  assert_over_refuses_all (&state);
}

static void
test_end_standard (void)
{
  for (guint seats = 2; seats <= 4; seats++)
    {
      end_on_second_draw (ARB_VARIANT_STANDARD, seats);
      end_on_first_draw (ARB_VARIANT_STANDARD, seats);
    }
}

static void
test_end_classic (void)
{
  for (guint seats = 2; seats <= 4; seats++)
    {
      end_on_second_draw (ARB_VARIANT_CLASSIC, seats);
      end_on_first_draw (ARB_VARIANT_CLASSIC, seats);
    }
}

/* One card left in the deck at the end of a turn: the game goes on. */
static void
test_end_not_before_empty (void)
{
  ArbState state;

  deal (&state, ARB_VARIANT_STANDARD, 3, 5);
  run_deck_down (&state, 1);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_DRAW);
  g_assert_cmpuint (state.current, ==, state.turn % 3);
}

/* Solo: the person draws both cards from the deck until `left` remain at the
 * start of a turn (a turn then takes 4 cards, or 3 when the person draws once
 * from the pile). */
static ArbState
solo_down_to (guint left)
{
  ArbState state;

  deal (&state, ARB_VARIANT_SOLO, 1, 3);
  while (state.deck.n > left)
    {
      gboolean three = (state.deck.n - left) % 4 != 0;
      ArbStep step = take_turn (&state, ARB_SOURCE_DECK, three ? 0 : ARB_SOURCE_DECK);
      g_assert_true (arb_card_is_valid (step.refill_discard));
      g_assert_true (arb_card_is_valid (step.refill_q));
      g_assert_cmpuint (arb_pile_top (&state.discards[0]), ==, step.refill_discard);
      g_assert_true (arb_card_set_contains (&state.hands[ARB_SOLO_Q], step.refill_q));
      g_assert_cmpint (state.phase, ==, ARB_PHASE_DRAW);
    }
  g_assert_cmpuint (state.deck.n, ==, left);
  /* A card to Q's arboretum and one to Q's hand each turn. */
  g_assert_cmpuint (state.arboreta[ARB_SOLO_Q].n, ==, state.turn);
  g_assert_cmpuint (arb_card_set_count (&state.hands[ARB_SOLO_Q]), ==, state.turn);
  return state;
}

static void
test_end_solo (void)
{
  /* The refill takes the deck's last two cards. */
  {
    ArbState state = solo_down_to (4);
    guint q_cards = arb_card_set_count (&state.hands[ARB_SOLO_Q]);
    ArbCard last = state.deck.cards[0], before_last = state.deck.cards[1];
    ArbStep step = take_turn (&state, ARB_SOURCE_DECK, ARB_SOURCE_DECK);
    g_assert_cmpuint (step.refill_discard, ==, before_last);
    g_assert_cmpuint (step.refill_q, ==, last);
    g_assert_cmpuint (arb_card_set_count (&state.hands[ARB_SOLO_Q]), ==, q_cards + 1);
    g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
    assert_over_refuses_all (&state);
  }
  /* One card left for the refill: it goes onto the discard pile, Q gets
   * none. */
  {
    ArbState state = solo_down_to (3);
    guint q_cards = arb_card_set_count (&state.hands[ARB_SOLO_Q]);
    ArbCard last = state.deck.cards[0];
    ArbStep step = take_turn (&state, ARB_SOURCE_DECK, ARB_SOURCE_DECK);
    g_assert_cmpuint (step.refill_discard, ==, last);
    g_assert_cmpuint (step.refill_q, ==, ARB_CARD_NONE);
    g_assert_cmpuint (arb_pile_top (&state.discards[0]), ==, last);
    g_assert_cmpuint (arb_card_set_count (&state.hands[ARB_SOLO_Q]), ==, q_cards);
    g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
    assert_cards_accounted (&state);
  }
  /* The person drew the last card: no refill at all. */
  {
    ArbState state = solo_down_to (2);
    guint pile = state.discards[0].n;
    ArbStep step = take_turn (&state, ARB_SOURCE_DECK, ARB_SOURCE_DECK);
    g_assert_cmpuint (step.refill_discard, ==, ARB_CARD_NONE);
    g_assert_cmpuint (step.refill_q, ==, ARB_CARD_NONE);
    g_assert_cmpuint (state.discards[0].n, ==, pile);
    g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
  }
  /* The first draw empties the deck: the second comes from the pile. */
  {
    ArbState state = solo_down_to (1);
    apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
    assert_refused (&state, arb_move_draw (ARB_SOURCE_DECK), ARB_ERROR_MUST_DRAW_DISCARD);
    apply_ok (&state, arb_move_draw (0));
    play_any (&state);
    ArbStep step = discard_any (&state);
    g_assert_cmpuint (step.refill_discard, ==, ARB_CARD_NONE);
    g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
    g_assert_cmpuint (arb_card_set_count (&state.hands[0]), ==, 7);
  }
  /* Five cards at the start of a turn: the refill leaves one, play goes on. */
  {
    ArbState state = solo_down_to (5);
    take_turn (&state, ARB_SOURCE_DECK, ARB_SOURCE_DECK);
    g_assert_cmpuint (state.deck.n, ==, 1);
    g_assert_cmpint (state.phase, ==, ARB_PHASE_DRAW);
  }
}

/* No card anywhere after the first draw (a position no real game reaches,
 * built by hand): the turn goes on with one card. */
static void
test_draw_nothing_left (void)
{
  ArbState state;

  deal (&state, ARB_VARIANT_STANDARD, 2, 11);
  /* Move all but one deck card into player 1's arboretum, in a row. */
  for (int x = 0; state.deck.n > 1; x++)
    arb_arboretum_place (&state.arboreta[1], arb_pile_pop (&state.deck), x, 0);
  assert_cards_accounted (&state);
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  g_assert_cmpint (state.phase, ==, ARB_PHASE_PLAY);
  play_any (&state);
  discard_any (&state);
  g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
}

/* ---- Refusals --------------------------------------------------------- */

static void
test_refuse_draw_phase (void)
{
  ArbState state;
  ArbCard in_hand, other_hand;

  deal (&state, ARB_VARIANT_STANDARD, 2, 21);
  in_hand = arb_card_set_nth (&state.hands[0], 0);
  other_hand = arb_card_set_nth (&state.hands[1], 0);

  assert_refused (&state, arb_move_play (in_hand, 0, 0), ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_discard (in_hand, 0, 0), ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_play (other_hand, 0, 0), ARB_ERROR_WRONG_PHASE);
  /* The standard piles start empty. */
  assert_refused (&state, arb_move_draw (0), ARB_ERROR_EMPTY_SOURCE);
  assert_refused (&state, arb_move_draw (1), ARB_ERROR_EMPTY_SOURCE);
  assert_refused (&state, arb_move_draw (2), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (3), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (100), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (-2), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (-100), ARB_ERROR_NO_SUCH_SOURCE);
  /* Sources that do not fit a byte must not wrap onto the deck or a pile. */
  assert_refused (&state, arb_move_draw (255), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (256), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (G_MININT), ARB_ERROR_NO_SUCH_SOURCE);

  /* After one draw, still the draw phase. */
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  assert_refused (&state, arb_move_play (in_hand, 0, 0), ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_draw (0), ARB_ERROR_EMPTY_SOURCE);

  /* An action of no known kind. */
  {
    ArbState copy;
    ArbMove move = arb_move_draw (ARB_SOURCE_DECK);
    g_autoptr (GError) error = NULL;

    memcpy (&copy, &state, sizeof copy);
    move.kind = (ArbMoveKind) 7;
    g_assert_false (arb_state_apply (&state, &move, NULL, &error));
    g_assert_true (error != NULL && error->domain == ARB_ERROR);
    g_assert_cmpmem (&copy, sizeof copy, &state, sizeof state);
  }
}

static void
test_refuse_play_phase (void)
{
  ArbState state;
  ArbCard in_hand, other_hand, out_of_play = ARB_CARD_NONE;

  deal (&state, ARB_VARIANT_STANDARD, 2, 22);
  for (ArbCard c = 0; c < ARB_N_CARDS && out_of_play == ARB_CARD_NONE; c++)
    if (!(state.species & BIT (arb_card_species (c))))
      out_of_play = c;
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  in_hand = arb_card_set_nth (&state.hands[0], 0);
  other_hand = arb_card_set_nth (&state.hands[1], 0);

  assert_refused (&state, arb_move_draw (ARB_SOURCE_DECK), ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_discard (in_hand, 0, 0), ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_play (other_hand, 0, 0), ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_play (state.deck.cards[0], 0, 0), ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_play (out_of_play, 0, 0), ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_play (ARB_CARD_NONE, 0, 0), ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_play (200, 0, 0), ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_play (in_hand, ARB_COORD_LIMIT + 1, 0), ARB_ERROR_OUT_OF_RANGE);
  assert_refused (&state, arb_move_play (in_hand, 0, -ARB_COORD_LIMIT - 1), ARB_ERROR_OUT_OF_RANGE);
  assert_refused (&state, arb_move_play (in_hand, G_MAXINT, 0), ARB_ERROR_OUT_OF_RANGE);
  assert_refused (&state, arb_move_play (in_hand, 0, G_MININT), ARB_ERROR_OUT_OF_RANGE);
  assert_refused (&state, arb_move_play (in_hand, 300, 300), ARB_ERROR_OUT_OF_RANGE);

  /* The first card may go anywhere on the table, even at its edge. */
  {
    ArbState edge = state;
    apply_ok (&edge, arb_move_play (in_hand, ARB_COORD_LIMIT, -ARB_COORD_LIMIT));
    g_assert_cmpint (edge.arboreta[0].cells[0].x, ==, ARB_COORD_LIMIT);
    g_assert_cmpint (edge.arboreta[0].cells[0].y, ==, -ARB_COORD_LIMIT);
  }
}

static void
test_refuse_placement (void)
{
  ArbState state;
  ArbCard played, in_hand;

  deal (&state, ARB_VARIANT_STANDARD, 2, 23);
  /* Both players plant their first card at (0, 0): each arboretum is its own. */
  for (guint p = 0; p < 2; p++)
    {
      apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
      apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
      apply_ok (&state, arb_move_play (arb_card_set_nth (&state.hands[p], 0), 0, 0));
      discard_any (&state);
    }
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  apply_ok (&state, arb_move_draw (1));
  in_hand = arb_card_set_nth (&state.hands[0], 0);
  played = state.arboreta[0].cells[0].card;

  assert_refused (&state, arb_move_play (in_hand, 0, 0), ARB_ERROR_CELL_TAKEN);
  assert_refused (&state, arb_move_play (in_hand, 1, 1), ARB_ERROR_NOT_ADJACENT);
  assert_refused (&state, arb_move_play (in_hand, -1, -1), ARB_ERROR_NOT_ADJACENT);
  assert_refused (&state, arb_move_play (in_hand, 2, 0), ARB_ERROR_NOT_ADJACENT);
  assert_refused (&state, arb_move_play (in_hand, 0, 50), ARB_ERROR_NOT_ADJACENT);
  assert_refused (&state, arb_move_play (in_hand, 0, 101), ARB_ERROR_OUT_OF_RANGE);
  /* A card already planted is in no hand. */
  assert_refused (&state, arb_move_play (played, 1, 0), ARB_ERROR_NOT_IN_HAND);

  apply_ok (&state, arb_move_play (in_hand, 0, -1));
  /* The discard phase. */
  assert_refused (&state, arb_move_draw (ARB_SOURCE_DECK), ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_play (arb_card_set_nth (&state.hands[0], 0), 1, 0),
                  ARB_ERROR_WRONG_PHASE);
  assert_refused (&state, arb_move_discard (in_hand, 0, 0), ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_discard (arb_card_set_nth (&state.hands[1], 0), 0, 0),
                  ARB_ERROR_NOT_IN_HAND);
  assert_refused (&state, arb_move_discard (ARB_CARD_NONE, 0, 0), ARB_ERROR_NOT_IN_HAND);
  /* Outside solo a discard has no cell: its coordinates are ignored. */
  apply_ok (&state, arb_move_discard (arb_card_set_nth (&state.hands[0], 0), 500, 500));
}

static void
test_refuse_solo (void)
{
  ArbState state;
  ArbCard in_hand;

  deal (&state, ARB_VARIANT_SOLO, 1, 24);
  /* One shared pile: there is no pile 1, even though Q is player 1. */
  assert_refused (&state, arb_move_draw (1), ARB_ERROR_NO_SUCH_SOURCE);
  assert_refused (&state, arb_move_draw (2), ARB_ERROR_NO_SUCH_SOURCE);
  apply_ok (&state, arb_move_draw (0));
  /* The pile held the one card. */
  assert_refused (&state, arb_move_draw (0), ARB_ERROR_EMPTY_SOURCE);
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  play_any (&state);
  in_hand = arb_card_set_nth (&state.hands[0], 0);
  /* Q's first card anywhere on the table, but on the table. */
  assert_refused (&state, arb_move_discard (in_hand, -101, 0), ARB_ERROR_OUT_OF_RANGE);
  assert_refused (&state, arb_move_discard (in_hand, 0, G_MAXINT), ARB_ERROR_OUT_OF_RANGE);
  assert_refused (&state, arb_move_discard (arb_card_set_nth (&state.hands[ARB_SOLO_Q], 0), 0, 0),
                  ARB_ERROR_NOT_IN_HAND);
  apply_ok (&state, arb_move_discard (in_hand, 3, 3));
  g_assert_cmpuint (state.arboreta[ARB_SOLO_Q].n, ==, 1);
  g_assert_cmpint (state.arboreta[ARB_SOLO_Q].cells[0].x, ==, 3);
  g_assert_cmpuint (state.arboreta[ARB_SOLO_Q].cells[0].card, ==, in_hand);

  take_turn (&state, ARB_SOURCE_DECK, 0);
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  apply_ok (&state, arb_move_draw (ARB_SOURCE_DECK));
  play_any (&state);
  in_hand = arb_card_set_nth (&state.hands[0], 0);
  /* Q's arboretum now has cards at (3, 3) and a neighbour of it. */
  assert_refused (&state, arb_move_discard (in_hand, 3, 3), ARB_ERROR_CELL_TAKEN);
  assert_refused (&state, arb_move_discard (in_hand, 0, 0), ARB_ERROR_NOT_ADJACENT);
  assert_refused (&state, arb_move_discard (in_hand, 10, 3), ARB_ERROR_NOT_ADJACENT);
  assert_refused (&state, arb_move_discard (in_hand, 3, 200), ARB_ERROR_OUT_OF_RANGE);
  /* The cell is judged in Q's arboretum, not the person's: (0, 1) is free
   * and next to the person's first card but far from Q's. */
  g_assert_cmpint (arb_arboretum_index_at (&state.arboreta[0], 0, 0), >=, 0);
  g_assert_cmpint (arb_arboretum_index_at (&state.arboreta[0], 0, 1), <, 0);
  assert_refused (&state, arb_move_discard (in_hand, 0, 1), ARB_ERROR_NOT_ADJACENT);
  apply_ok (&state, arb_move_discard (in_hand, 3, 4));
  g_assert_cmpuint (arb_arboretum_card_at (&state.arboreta[ARB_SOLO_Q], 3, 4), ==, in_hand);
}

/* When every draw takes from the deck, arb_state_turns_left() at the
 * start of each turn is exactly the number of turns still played, and the
 * last turn is the one that starts with it at 1 and empties the deck. */
static void
test_turns_left (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      const Setup *setup = &setups[i];
      g_autoptr (GRand) rand = g_rand_new_with_seed (40 + i);
      g_autoptr (GError) error = NULL;
      guint predicted[ARB_N_CARDS];
      guint n_turns = 0;
      ArbState state;

      deal (&state, setup->variant, setup->seats, 40 + i);
      while (state.phase != ARB_PHASE_OVER)
        {
          ArbMove move = arb_test_random_move (&state, rand);
          ArbStep step;

          if (state.phase == ARB_PHASE_DRAW && state.draws == 0)
            {
              g_assert_cmpuint (n_turns, <, G_N_ELEMENTS (predicted));
              predicted[n_turns++] = arb_state_turns_left (&state);
            }
          g_assert_cmpuint (arb_state_turns_left (&state), >=, 1);
          g_assert_true (arb_state_is_last_turn (&state) == (state.deck.n == 0));
          if (state.phase == ARB_PHASE_DRAW && state.deck.n > 0)
            move = arb_move_draw (ARB_SOURCE_DECK);
          g_assert_true (arb_state_apply (&state, &move, &step, &error));
          g_assert_no_error (error);
        }
      g_assert_cmpuint (arb_state_turns_left (&state), ==, 0);
      g_assert_false (arb_state_is_last_turn (&state));
      for (guint t = 0; t < n_turns; t++)
        g_assert_cmpuint (predicted[t], ==, n_turns - t);
    }
}

/* The engine alone says how many seats each rule set has; the check of a
 * game's players agrees with it. */
static void
test_seat_range (void)
{
  const ArbVariant variants[] = { ARB_VARIANT_STANDARD, ARB_VARIANT_CLASSIC, ARB_VARIANT_SOLO };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      guint min, max;

      arb_rules_seat_range (variants[v], &min, &max);
      g_assert_cmpuint (min, ==, variants[v] == ARB_VARIANT_SOLO ? 1 : 2);
      g_assert_cmpuint (max, ==, variants[v] == ARB_VARIANT_SOLO ? 1 : 4);
      for (guint n = 0; n <= ARB_MAX_PLAYERS + 1; n++)
        {
          g_autoptr (GError) error = NULL;
          gboolean ok = arb_rules_check_players (variants[v], n, &error);

          g_assert_true (ok == (n >= min && n <= max));
          g_assert_true (ok == (error == NULL));
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/state/setup/counts", test_setup);
  g_test_add_func ("/state/setup/species-from-seed", test_setup_species_from_seed);
  g_test_add_func ("/state/setup/species-named", test_setup_species_named);
  g_test_add_func ("/state/setup/invalid", test_setup_invalid);
  g_test_add_func ("/state/setup/same-seed", test_setup_same_seed);
  g_test_add_func ("/state/setup/deal-order", test_setup_deal_order);
  g_test_add_func ("/state/setup/bad-deck", test_setup_bad_deck);
  g_test_add_func ("/state/end/standard", test_end_standard);
  g_test_add_func ("/state/end/classic", test_end_classic);
  g_test_add_func ("/state/end/not-before-empty", test_end_not_before_empty);
  g_test_add_func ("/state/end/solo", test_end_solo);
  g_test_add_func ("/state/draw/nothing-left", test_draw_nothing_left);
  g_test_add_func ("/state/refuse/draw-phase", test_refuse_draw_phase);
  g_test_add_func ("/state/refuse/play-phase", test_refuse_play_phase);
  g_test_add_func ("/state/refuse/placement", test_refuse_placement);
  g_test_add_func ("/state/refuse/solo", test_refuse_solo);
  g_test_add_func ("/state/turns-left", test_turns_left);
  g_test_add_func ("/state/seat-range", test_seat_range);

  return g_test_run ();
}
