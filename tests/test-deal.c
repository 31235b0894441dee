/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-deal.c: a person's deal comes from the system's cryptographic source,
 * no seed describes it, every deal is a whole deck in an order nobody can
 * foresee, and each card is as likely at each place; a seed deals what it
 * always dealt, and saves say which deals had one. */
#include "config.h"

#include <string.h>

#include "arb-engine.h"
#include "arb-save.h"
#include "arb-test-state.h"

/* A 4-player standard game uses the whole deck: 80 cards. */
#define N_DECK (ARB_N_SPECIES * ARB_N_VALUES)

static ArbGame *
unseeded_game (ArbVariant variant, guint n_seats)
{
  g_autoptr (GPtrArray) players = arb_test_players (n_seats, TRUE);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new_unseeded (variant, players, 0, &error);

  g_assert_no_error (error);
  return game;
}

/* Each card of the species in play exactly once. */
static void
assert_whole_deck (const ArbPile *deck, ArbSpeciesMask species)
{
  ArbCardSet seen = ARB_CARD_SET_INIT;

  g_assert_cmpuint (deck->n, ==, arb_species_mask_count (species) * ARB_N_VALUES);
  for (guint i = 0; i < deck->n; i++)
    {
      g_assert_true (arb_card_is_valid (deck->cards[i]));
      g_assert_true (species & (1u << arb_card_species (deck->cards[i])));
      g_assert_false (arb_card_set_contains (&seen, deck->cards[i]));
      arb_card_set_add (&seen, deck->cards[i]);
    }
}

/* 500 deals of each rule set: no seed, a whole deck each, no two alike. */
static void
test_unseeded_deals_differ (void)
{
  static const struct { ArbVariant variant; guint seats; } setups[] = {
    { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_CLASSIC, 3 },
    { ARB_VARIANT_STANDARD, 4 }, { ARB_VARIANT_SOLO, 1 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (setups); s++)
    {
      g_autoptr (GHashTable) decks = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                                    (GDestroyNotify) g_bytes_unref, NULL);

      for (guint i = 0; i < 500; i++)
        {
          g_autoptr (ArbGame) game = unseeded_game (setups[s].variant, setups[s].seats);
          const ArbPile *deck = arb_game_get_deck (game);

          g_assert_false (arb_game_has_seed (game));
          g_assert_cmpuint (arb_game_get_seed (game), ==, 0);
          assert_whole_deck (deck, arb_game_get_start_state (game)->species);
          g_assert_true (g_hash_table_add (decks, g_bytes_new (deck->cards, deck->n)));
        }
    }
}

/* counts[card * N_DECK + place]: how often card was dealt at place. */
static double
chi_square (const guint *counts, guint n_deals)
{
  double expected = (double) n_deals / N_DECK, sum = 0;

  for (guint i = 0; i < N_DECK * N_DECK; i++)
    sum += (counts[i] - expected) * (counts[i] - expected) / expected;
  return sum;
}

/* The index of a card in card order (arb_pile_fill), 0 to 79. */
static guint
card_index (ArbCard card)
{
  return arb_card_species (card) * ARB_N_VALUES + arb_card_value (card) - 1;
}

/* Fisher-Yates with a plain modulo of one random byte: card j < 256 mod i
 * comes a third more often than the others. What the test must catch. */
static void
shuffle_with_modulo_bias (ArbPile *pile)
{
  for (guint i = pile->n; i > 1; i--)
    {
      guint8 byte;
      guint j;
      ArbCard tmp;

      g_assert_true (arb_random_bytes (&byte, 1));
      j = byte % i;
      tmp = pile->cards[i - 1];
      pile->cards[i - 1] = pile->cards[j];
      pile->cards[j] = tmp;
    }
}

#define N_FREQUENCY_DEALS 20000
/* Over 80 cards × 80 places, a fair shuffle's chi-square is about 6,320
 * (80 × 79: each card's row has 79 degrees of freedom) with a standard
 * deviation near 112: the limit is 15 deviations above, which a fair
 * shuffle never reaches. The biased one above comes near 13,500. */
#define CHI_SQUARE_LIMIT 8000.0

/* Where each card lands over 20,000 unseeded deals of the whole deck: as
 * often at each place as chance says, which a biased shuffle is not. */
static void
test_unseeded_places_even (void)
{
  g_autofree guint *fair = g_new0 (guint, N_DECK * N_DECK);
  g_autofree guint *biased = g_new0 (guint, N_DECK * N_DECK);
  double fair_chi, biased_chi;

  for (guint i = 0; i < N_FREQUENCY_DEALS; i++)
    {
      g_autoptr (ArbGame) game = unseeded_game (ARB_VARIANT_STANDARD, 4);
      const ArbPile *deck = arb_game_get_deck (game);
      ArbPile unfair;

      g_assert_cmpuint (deck->n, ==, N_DECK);
      for (guint place = 0; place < N_DECK; place++)
        fair[card_index (deck->cards[place]) * N_DECK + place]++;
      arb_pile_fill (&unfair, ARB_ALL_SPECIES);
      shuffle_with_modulo_bias (&unfair);
      for (guint place = 0; place < N_DECK; place++)
        biased[card_index (unfair.cards[place]) * N_DECK + place]++;
    }
  fair_chi = chi_square (fair, N_FREQUENCY_DEALS);
  biased_chi = chi_square (biased, N_FREQUENCY_DEALS);
  g_test_message ("chi-square over %d deals: %.0f fair, %.0f with a modulo bias (limit %.0f)",
                  N_FREQUENCY_DEALS, fair_chi, biased_chi, CHI_SQUARE_LIMIT);
  g_assert_cmpfloat (fair_chi, <, CHI_SQUARE_LIMIT);
  /* The check can fail: the same measure refuses a modulo-biased shuffle. */
  g_assert_cmpfloat (biased_chi, >, CHI_SQUARE_LIMIT);
}

/* 2-player games play 6 species of 10, each drawn as often: about 12,000
 * times in 20,000 deals, give or take 70. */
static void
test_unseeded_species_even (void)
{
  guint counts[ARB_N_SPECIES] = { 0 };

  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr (ArbGame) game = unseeded_game (ARB_VARIANT_STANDARD, 2);
      ArbSpeciesMask species = arb_game_get_start_state (game)->species;

      g_assert_cmpuint (arb_species_mask_count (species), ==, 6);
      for (guint s = 0; s < ARB_N_SPECIES; s++)
        counts[s] += (species >> s) & 1;
    }
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      g_assert_cmpuint (counts[s], >, 11000);
      g_assert_cmpuint (counts[s], <, 13000);
    }
}

/* Without bias: each number below the bound about as often, also for a
 * bound where a plain modulo of 32 bits would favour the low half. */
static void
test_below_even (void)
{
  g_autoptr (ArbRandom) random = arb_random_new_system ();
  guint counts[6] = { 0 };
  guint low = 0;

  for (guint i = 0; i < 60000; i++)
    counts[arb_random_below (random, 6)]++;
  for (guint v = 0; v < 6; v++)
    {
      g_assert_cmpuint (counts[v], >, 9000);
      g_assert_cmpuint (counts[v], <, 11000);
    }
  /* 3 × 2^30: a modulo would give the lower 2^30 half the chances. */
  for (guint i = 0; i < 30000; i++)
    low += arb_random_below (random, 3u << 30) < (1u << 30);
  g_assert_cmpuint (low, >, 9000);
  g_assert_cmpuint (low, <, 11000);
}

/* A seed deals what it always dealt: the numbers are those of
 * g_rand_int_range (), which the seeded deals of before came from. */
static void
test_seeded_as_before (void)
{
  static const guint32 bounds[] = { 1, 2, 7, 48, 80, 255, 0x7fffffffu };

  for (guint32 seed = 0; seed < 20; seed++)
    {
      g_autoptr (ArbRandom) random = arb_random_new_seeded (seed);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

      for (guint i = 0; i < 2000; i++)
        {
          guint32 bound = bounds[i % G_N_ELEMENTS (bounds)];

          g_assert_cmpuint (arb_random_below (random, bound), ==,
                            (guint32) g_rand_int_range (rand, 0, (gint32) bound));
        }
    }
}

/* A seeded game says its seed and is dealt the same every time. */
static void
test_seeded_game (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (3, TRUE);
  g_autoptr (ArbGame) a = arb_game_new (ARB_VARIANT_CLASSIC, players, 4242, 0, NULL);
  g_autoptr (ArbGame) b = arb_game_new (ARB_VARIANT_CLASSIC, players, 4242, 0, NULL);

  g_assert_true (arb_game_has_seed (a));
  g_assert_cmpuint (arb_game_get_seed (a), ==, 4242);
  g_assert_cmpmem (arb_game_get_deck (a)->cards, arb_game_get_deck (a)->n,
                   arb_game_get_deck (b)->cards, arb_game_get_deck (b)->n);
}

/* The save of an unseeded game has no seed and says format 3, which older
 * versions refuse as newer; it loads back without a seed, and a new game
 * from its deal has none either. A seeded game keeps format 1 and its seed. */
static void
test_save_says_whether_seeded (void)
{
  g_autoptr (ArbGame) game = unseeded_game (ARB_VARIANT_STANDARD, 3);
  g_autoptr (GPtrArray) players = arb_test_players (3, TRUE);
  g_autoptr (ArbGame) seeded = arb_game_new (ARB_VARIANT_STANDARD, players, 99, 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) seeded_bytes = NULL;
  g_autoptr (ArbGame) loaded = NULL;
  g_autoptr (ArbGame) loaded_seeded = NULL;
  g_autoptr (ArbGame) again = NULL;
  const char *text;

  bytes = arb_save_to_bytes (game, NULL, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (bytes, NULL);
  g_assert_nonnull (g_strstr_len (text, 200, "format=\"3\""));
  /* The bytes of a save end without a NUL. */
  g_assert_null (g_strstr_len (text, (gssize) g_bytes_get_size (bytes), "seed="));
  loaded = arb_save_load_data (text, g_bytes_get_size (bytes), NULL, &error);
  g_assert_no_error (error);
  g_assert_false (arb_game_has_seed (loaded));
  g_assert_cmpmem (arb_game_get_deck (loaded)->cards, arb_game_get_deck (loaded)->n,
                   arb_game_get_deck (game)->cards, arb_game_get_deck (game)->n);
  again = arb_game_new_same_deal (loaded, players, &error);
  g_assert_no_error (error);
  g_assert_false (arb_game_has_seed (again));

  seeded_bytes = arb_save_to_bytes (seeded, NULL, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (seeded_bytes, NULL);
  g_assert_nonnull (g_strstr_len (text, 200, "format=\"1\""));
  g_assert_nonnull (g_strstr_len (text, (gssize) g_bytes_get_size (seeded_bytes), "seed=\"99\""));
  loaded_seeded = arb_save_load_data (text, g_bytes_get_size (seeded_bytes), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_has_seed (loaded_seeded));
  g_assert_cmpuint (arb_game_get_seed (loaded_seeded), ==, 99);
}

/* Format 1 and 2 always had a seed: a file of those formats without one is
 * damaged, and refused. */
static void
test_old_format_needs_seed (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (ArbGame) game = arb_game_new (ARB_VARIANT_STANDARD, players, 5, 0, NULL);
  g_autoptr (GBytes) bytes = arb_save_to_bytes (game, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = g_string_new_len (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  g_autoptr (ArbGame) loaded = NULL;

  g_assert_cmpuint (g_string_replace (text, " seed=\"5\"", "", 1), ==, 1);
  loaded = arb_save_load_data (text->str, text->len, NULL, &error);
  g_assert_null (loaded);
  g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "seed"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/deal/unseeded-deals-differ", test_unseeded_deals_differ);
  g_test_add_func ("/deal/unseeded-places-even", test_unseeded_places_even);
  g_test_add_func ("/deal/unseeded-species-even", test_unseeded_species_even);
  g_test_add_func ("/deal/below-even", test_below_even);
  g_test_add_func ("/deal/seeded-as-before", test_seeded_as_before);
  g_test_add_func ("/deal/seeded-game", test_seeded_game);
  g_test_add_func ("/deal/save-says-whether-seeded", test_save_says_whether_seeded);
  g_test_add_func ("/deal/old-format-needs-seed", test_old_format_needs_seed);
  return g_test_run ();
}
