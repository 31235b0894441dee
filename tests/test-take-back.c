/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-take-back.c: a person takes back their play and discard. */
#include "config.h"

#include "arb-test-state.h"

typedef struct {
  guint resets;
  guint can_take_back_notifies;
} Counts;

static void
on_position_reset (ArbGame *game, Counts *counts)
{
  counts->resets++;
}

static void
on_notify_can_take_back (GObject *object, GParamSpec *pspec, Counts *counts)
{
  counts->can_take_back_notifies++;
}

static ArbGame *
new_game (ArbVariant variant, guint n_seats, gboolean people, guint32 seed)
{
  g_autoptr (GPtrArray) players = arb_test_players (n_seats, people);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

static void
apply_random (ArbGame *game, GRand *rand)
{
  g_autoptr (GError) error = NULL;
  ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);
  g_assert_true (arb_game_apply (game, &move, &error));
  g_assert_no_error (error);
}

/* Play, discard, then take both back in turn: each time the position is the
 * one before the step, with notifications and a reset. */
static void
test_take_back_play_and_discard (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  ArbGame *game = new_game (ARB_VARIANT_STANDARD, 2, TRUE, 11);
  g_autoptr (GError) error = NULL;
  Counts counts = { 0, 0 };
  ArbState after_draws, after_play;

  g_signal_connect (game, "position-reset", G_CALLBACK (on_position_reset), &counts);
  g_signal_connect (game, "notify::can-take-back", G_CALLBACK (on_notify_can_take_back), &counts);

  g_assert_false (arb_game_can_take_back (game));
  apply_random (game, rand);
  apply_random (game, rand);
  g_assert_false (arb_game_can_take_back (game)); /* a draw is never taken back */
  after_draws = *arb_game_get_state (game);

  apply_random (game, rand);
  g_assert_true (arb_game_can_take_back (game));
  g_assert_cmpuint (counts.can_take_back_notifies, ==, 1);
  after_play = *arb_game_get_state (game);

  apply_random (game, rand); /* the discard ends the turn */
  g_assert_cmpuint (arb_game_get_current_player (game), ==, 1);
  g_assert_true (arb_game_can_take_back (game));

  g_assert_true (arb_game_take_back (game, &error));
  g_assert_no_error (error);
  g_assert_true (arb_test_same_state (arb_game_get_state (game), &after_play));
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 3);
  g_assert_cmpuint (arb_game_get_current_player (game), ==, 0);
  g_assert_cmpuint (counts.resets, ==, 1);

  g_assert_true (arb_game_take_back (game, &error));
  g_assert_true (arb_test_same_state (arb_game_get_state (game), &after_draws));
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_PLAY);
  g_assert_cmpuint (counts.resets, ==, 2);
  g_assert_false (arb_game_can_take_back (game));
  g_assert_cmpuint (counts.can_take_back_notifies, ==, 2);

  g_assert_false (arb_game_take_back (game, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE);
  g_assert_true (arb_test_same_state (arb_game_get_state (game), &after_draws));
  g_assert_cmpuint (counts.resets, ==, 2);

  g_assert_finalize_object (game);
}

/* Once the next player has drawn, the discard stays. */
static void
test_take_back_after_next_player (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  ArbGame *game = new_game (ARB_VARIANT_CLASSIC, 3, TRUE, 12);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 4; i++)
    apply_random (game, rand);
  g_assert_true (arb_game_can_take_back (game));
  apply_random (game, rand);
  g_assert_false (arb_game_can_take_back (game));
  g_assert_false (arb_game_take_back (game, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 5);
  g_assert_finalize_object (game);
}

/* A computer's step is never taken back by this API. */
static void
test_take_back_computer (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  ArbGame *game = new_game (ARB_VARIANT_STANDARD, 4, FALSE, 13);

  for (guint i = 0; i < 3; i++)
    apply_random (game, rand);
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_DISCARD);
  g_assert_false (arb_game_can_take_back (game));
  g_assert_finalize_object (game);
}

/* In solo the discard turns a deck card up: it has been seen. */
static void
test_take_back_solo (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  ArbGame *game = new_game (ARB_VARIANT_SOLO, 1, TRUE, 14);

  for (guint i = 0; i < 3; i++)
    apply_random (game, rand);
  g_assert_true (arb_game_can_take_back (game));
  apply_random (game, rand);
  g_assert_false (arb_game_can_take_back (game));
  g_assert_finalize_object (game);
}

/* Over whole games of people: every play and every discard taken back and
 * taken again gives the same positions, and nothing is taken back once the
 * game is over. */
static void
test_take_back_whole_games (void)
{
  for (guint variant = ARB_VARIANT_STANDARD; variant <= ARB_VARIANT_SOLO; variant++)
    for (guint seed = 0; seed < 20; seed++)
      {
        guint n_seats = variant == ARB_VARIANT_SOLO ? 1 : 2 + seed % 3;
        ArbGame *game = new_game (variant, n_seats, TRUE, seed);
        g_autoptr (GRand) rand = g_rand_new_with_seed (seed + 100);

        while (!arb_game_is_finished (game))
          {
            ArbState before = *arb_game_get_state (game);
            ArbMove move = arb_test_random_move (&before, rand);
            g_autoptr (GError) error = NULL;

            g_assert_true (arb_game_apply (game, &move, &error));
            if (arb_game_can_take_back (game))
              {
                ArbState after = *arb_game_get_state (game);
                g_assert_true (arb_game_take_back (game, &error));
                g_assert_true (arb_test_same_state (arb_game_get_state (game), &before));
                g_assert_true (arb_game_apply (game, &move, &error));
                g_assert_true (arb_test_same_state (arb_game_get_state (game), &after));
              }
            g_assert_no_error (error);
          }
        g_assert_false (arb_game_can_take_back (game));
        g_assert_finalize_object (game);
      }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/take-back/play-and-discard", test_take_back_play_and_discard);
  g_test_add_func ("/take-back/after-next-player", test_take_back_after_next_player);
  g_test_add_func ("/take-back/computer", test_take_back_computer);
  g_test_add_func ("/take-back/solo", test_take_back_solo);
  g_test_add_func ("/take-back/whole-games", test_take_back_whole_games);
  return g_test_run ();
}
