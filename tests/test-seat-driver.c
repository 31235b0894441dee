/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seat-driver.c: ArbSeatDriver plays the computers' steps, at a pace,
 * and a cancelled step leaves the game as it was. No X server needed. */
#include "config.h"

#include "arb-seat-driver.h"
#include "arb-test-state.h"
#include "arb-test-wait.h"

static ArbGame *
computers_game (const char *level, guint32 seed)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_COMPUTER, level));
  g_ptr_array_add (players, arb_player_new ("Bob", ARB_PLAYER_COMPUTER, level));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

typedef struct {
  ArbGame       *game;
  ArbSeatDriver *driver;
  guint          n_steps;  /* what the wait waits for */
} Driven;

static gboolean
has_n_steps (Driven *driven)
{
  return arb_game_get_n_steps (driven->game) >= driven->n_steps;
}

static gboolean
is_finished (Driven *driven)
{
  return arb_game_is_finished (driven->game);
}

static char *
describe_driven (Driven *driven)
{
  return g_strdup_printf ("%u steps, %s, the driver %s", arb_game_get_n_steps (driven->game),
                          arb_game_is_finished (driven->game) ? "finished" : "under way",
                          arb_seat_driver_is_busy (driven->driver) ? "busy" : "idle");
}

static void
play_next (ArbGame *game, guint index, ArbSeatDriver *driver)
{
  if (!arb_game_is_finished (game))
    g_assert_true (arb_seat_driver_play (driver, 0));
}

static void
no_failure (ArbSeatDriver *driver, const char *message, gpointer data)
{
  g_error ("A computer failed: %s", message);
}

/* Step after step, the driver plays a game of computers to its end; one
 * step at a time: asking again while busy does nothing. */
static void
test_driver_plays_to_the_end (void)
{
  g_autoptr (ArbGame) game = computers_game ("medium", 4);
  g_autoptr (ArbSeatDriver) driver = arb_seat_driver_new (game);
  Driven driven = { game, driver, 0 };

  g_signal_connect (driver, "failed", G_CALLBACK (no_failure), NULL);
  g_signal_connect (game, "step-applied", G_CALLBACK (play_next), driver);
  g_assert_true (arb_seat_driver_play (driver, 0));
  g_assert_true (arb_seat_driver_is_busy (driver));
  g_assert_false (arb_seat_driver_play (driver, 0));
  arb_test_wait_until_described ("the driver to play the game to its end", is_finished, describe_driven, &driven);
  g_assert_false (arb_seat_driver_is_busy (driver));
  g_assert_false (arb_seat_driver_play (driver, 0));
  g_signal_handlers_disconnect_by_data (game, driver);
}

/* A step waits for its pace, and a step cancelled meanwhile never comes:
 * the step asked after it, at a slower pace, is the next one. */
static void
test_driver_pace_and_cancel (void)
{
  g_autoptr (ArbGame) game = computers_game ("random", 9);
  g_autoptr (ArbSeatDriver) driver = arb_seat_driver_new (game);
  Driven driven = { game, driver, 1 };
  gint64 start = g_get_monotonic_time ();

  g_assert_true (arb_seat_driver_play (driver, 150));
  arb_test_wait_until_described ("the first step", has_n_steps, describe_driven, &driven);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 150 * 1000);

  g_assert_true (arb_seat_driver_play (driver, 100));
  arb_seat_driver_cancel (driver);
  g_assert_false (arb_seat_driver_is_busy (driver));
  start = g_get_monotonic_time ();
  g_assert_true (arb_seat_driver_play (driver, 300));
  driven.n_steps = 2;
  arb_test_wait_until_described ("the step asked after the cancelled one", has_n_steps, describe_driven, &driven);
  /* Had the cancelled step come, at 100 ms, this one would not be first. */
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 300 * 1000);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 2);
}

/* A person's seat is no driver's: it plays nothing there. */
static void
test_driver_leaves_people_alone (void)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbSeatDriver) driver = NULL;
  ArbAiLevel level;

  g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new ("Bob", ARB_PLAYER_COMPUTER, "hard"));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_false (arb_ai_player_level (arb_game_get_player (game, 0), &level));
  g_assert_true (arb_ai_player_level (arb_game_get_player (game, 1), &level));
  g_assert_cmpint (level, ==, ARB_AI_HARD);
  driver = arb_seat_driver_new (game);
  g_assert_false (arb_seat_driver_play (driver, 0));
  g_assert_false (arb_seat_driver_is_busy (driver));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/seat-driver/plays-to-the-end", test_driver_plays_to_the_end);
  g_test_add_func ("/seat-driver/pace-and-cancel", test_driver_pace_and_cancel);
  g_test_add_func ("/seat-driver/leaves-people-alone", test_driver_leaves_people_alone);
  return g_test_run ();
}
