/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-seen.c: a client's game, rebuilt from what its seat saw
 * (arb-game-seen.h), shows that seat exactly what the true game shows it,
 * at every step of random games of every rule set; a step that does not
 * add up is refused and changes nothing the seat sees. */
#include "config.h"

#include <string.h>

#include "arb-test-redeal.h"

/* What viewer sees of game after its first n steps. */
static void
project_prefix (ArbGame *game, guint n, int viewer, ArbProjection *view)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  ArbState state = *arb_game_get_start_state (game);

  for (guint i = 0; i < n; i++)
    {
      const ArbStep *step = arb_game_get_step (game, i);
      g_assert_true (arb_state_apply (&state, &step->move, NULL, NULL));
      g_array_append_val (steps, *step);
    }
  arb_projection_init_from_steps (view, &state, (const ArbStep *) steps->data, n, viewer);
}

/* The seen game of viewer, fed the true game's steps as viewer saw them. */
static void
follow_game (ArbGame *truth, int viewer)
{
  g_autoptr (GPtrArray) players = arb_test_players_of (truth);
  g_autoptr (ArbGame) seen = NULL;
  g_autoptr (GError) error = NULL;
  ArbProjection start, after, shown;

  project_prefix (truth, 0, viewer, &start);
  seen = arb_game_new_as_seen (&start, players, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < arb_game_get_n_steps (truth); i++)
    {
      ArbStep step = *arb_game_get_step (truth, i);

      arb_projection_mask_step (viewer, &step);
      project_prefix (truth, i + 1, viewer, &after);
      arb_game_apply_seen_step (seen, viewer, &step, &after, &error);
      g_assert_no_error (error);
      arb_game_project (seen, viewer, &shown);
      g_assert_true (memcmp (&shown, &after, sizeof shown) == 0);
    }
  g_assert_true (arb_game_is_finished (seen));
}

static void
test_follows_every_seat (void)
{
  const ArbVariant variants[] = { ARB_VARIANT_STANDARD, ARB_VARIANT_CLASSIC };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint seats = 2; seats <= 4; seats++)
      for (guint32 seed = 1; seed <= 4; seed++)
        {
          g_autoptr (ArbGame) truth = arb_test_random_legal_game (variants[v], seats, seed * 7919 + seats);

          for (int viewer = ARB_VIEWER_PUBLIC; viewer < (int) seats; viewer++)
            follow_game (truth, viewer);
        }
  /* Solo: the cards turned up onto the discard pile come from the deck. */
  for (guint32 seed = 1; seed <= 4; seed++)
    {
      g_autoptr (ArbGame) truth = arb_test_random_legal_game (ARB_VARIANT_SOLO, 1, seed);

      follow_game (truth, 0);
      follow_game (truth, ARB_VIEWER_PUBLIC);
    }
}

/* The host says another seat played a card this seat holds: refused, and
 * nothing this seat sees changes. */
static void
test_refuses_what_does_not_add_up (void)
{
  g_autoptr (ArbGame) truth = arb_test_random_legal_game (ARB_VARIANT_STANDARD, 2, 11);
  g_autoptr (GPtrArray) players = arb_test_players_of (truth);
  g_autoptr (ArbGame) seen = NULL;
  g_autoptr (GError) error = NULL;
  ArbProjection start, before, after, shown;
  ArbCard mine[ARB_N_CARDS];
  guint n = 0;

  project_prefix (truth, 0, 0, &start);
  seen = arb_game_new_as_seen (&start, players, &error);
  g_assert_no_error (error);
  /* Follow the game up to player 2's first play. */
  for (guint i = 0; i < arb_game_get_n_steps (truth); i++)
    {
      ArbStep step = *arb_game_get_step (truth, i);

      if (step.player == 1 && step.move.kind == ARB_MOVE_PLAY)
        {
          arb_game_project (seen, 0, &before);
          n = arb_card_set_to_array (&before.state.hands[0], mine);
          g_assert_cmpuint (n, >, 0);
          step.move.card = mine[0];
          project_prefix (truth, i + 1, 0, &after);
          g_assert_false (arb_game_apply_seen_step (seen, 0, &step, &after, &error));
          g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION);
          arb_game_project (seen, 0, &shown);
          g_assert_true (memcmp (&shown, &before, sizeof shown) == 0);
          g_assert_cmpuint (arb_game_get_n_steps (seen), ==, i);
          return;
        }
      arb_projection_mask_step (0, &step);
      project_prefix (truth, i + 1, 0, &after);
      arb_game_apply_seen_step (seen, 0, &step, &after, &error);
      g_assert_no_error (error);
    }
  g_assert_not_reached ();
}

/* A start that no deal gives (a hand too large) is refused. */
static void
test_refuses_a_bad_start (void)
{
  g_autoptr (ArbGame) truth = arb_test_random_legal_game (ARB_VARIANT_STANDARD, 2, 5);
  g_autoptr (GPtrArray) players = arb_test_players_of (truth);
  g_autoptr (GError) error = NULL;
  ArbProjection start;

  project_prefix (truth, 0, 0, &start);
  start.state.turn = 3;
  g_assert_null (arb_game_new_as_seen (&start, players, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-seen/follows-every-seat", test_follows_every_seat);
  g_test_add_func ("/game-seen/refuses-what-does-not-add-up", test_refuses_what_does_not_add_up);
  g_test_add_func ("/game-seen/refuses-a-bad-start", test_refuses_a_bad_start);
  return g_test_run ();
}
