/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seat-driver.c: ArbSeatDriver asks the seat whose turn it is for its
 * move: a computer answers at its pace, with the one seed policy, a person
 * with what the window gives, and a question withdrawn is never answered.
 * No X server needed. */
#include "config.h"

#include "arb-computer-seat.h"
#include "arb-person-seat.h"
#include "arb-seat-driver.h"
#include "arb-test-state.h"
#include "arb-test-wait.h"

static GPtrArray *
players_of (const char *level_ann, const char *level_bob)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);

  g_ptr_array_add (players, arb_player_new ("Ann", level_ann != NULL ? ARB_PLAYER_COMPUTER : ARB_PLAYER_PERSON,
                                            level_ann));
  g_ptr_array_add (players, arb_player_new ("Bob", ARB_PLAYER_COMPUTER, level_bob));
  return players;
}

static ArbGame *
computers_game (const char *level, guint32 seed)
{
  g_autoptr (GPtrArray) players = players_of (level, level);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);

  g_assert_no_error (error);
  return game;
}

/* A game and the driver of its seats, which applies what they choose. */
typedef struct {
  ArbGame       *game;
  ArbSeatDriver *driver;
  guint          n_steps;  /* what the wait waits for */
  gboolean       go_on;    /* ask the next seat after each step */
} Driven;

static gboolean
ask (Driven *driven)
{
  ArbProjection view;

  arb_game_project (driven->game, (int) arb_game_get_current_player (driven->game), &view);
  return arb_seat_driver_ask (driven->driver, &view, arb_game_get_n_steps (driven->game));
}

static void
on_chosen (ArbSeatDriver *driver, guint seat, guint step, const ArbMove *move, Driven *driven)
{
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (seat, ==, arb_game_get_current_player (driven->game));
  g_assert_cmpuint (step, ==, arb_game_get_n_steps (driven->game));
  g_assert_true (arb_game_apply (driven->game, move, &error));
  g_assert_no_error (error);
  if (driven->go_on && !arb_game_is_finished (driven->game))
    g_assert_true (ask (driven));
}

static gboolean
same_move (const ArbMove *a, const ArbMove *b)
{
  return a->kind == b->kind && a->source == b->source && a->card == b->card && a->x == b->x && a->y == b->y;
}

static gboolean
same_steps (ArbGame *a, ArbGame *b)
{
  if (arb_game_get_n_steps (a) != arb_game_get_n_steps (b))
    return FALSE;
  for (guint i = 0; i < arb_game_get_n_steps (a); i++)
    if (!same_move (&arb_game_get_step (a, i)->move, &arb_game_get_step (b, i)->move))
      return FALSE;
  return TRUE;
}

static void
no_failure (ArbSeatDriver *driver, guint seat, const char *message, gpointer data)
{
  g_error ("Seat %u failed: %s", seat, message);
}

static void
drive (Driven *driven, ArbGame *game, gboolean go_on)
{
  driven->game = game;
  driven->driver = arb_seat_driver_new ();
  driven->n_steps = 0;
  driven->go_on = go_on;
  arb_seat_driver_set_computers (driven->driver, game);
  g_signal_connect (driven->driver, "chosen", G_CALLBACK (on_chosen), driven);
  g_signal_connect (driven->driver, "failed", G_CALLBACK (no_failure), NULL);
}

static void
driven_clear (Driven *driven)
{
  g_assert_finalize_object (driven->driver);
}

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
  return g_strdup_printf ("%u steps, %s, the driver %s, asking seat %d", arb_game_get_n_steps (driven->game),
                          arb_game_is_finished (driven->game) ? "finished" : "under way",
                          arb_seat_driver_is_busy (driven->driver) ? "busy" : "idle",
                          arb_seat_driver_get_asked (driven->driver));
}

static void
play_to_the_end (Driven *driven)
{
  g_assert_true (ask (driven));
  arb_test_wait_until_described ("the driver to play the game to its end", is_finished, describe_driven, driven);
}

/* Step after step, the driver plays a game of computers to its end; one
 * question at a time: asking the same again while busy does nothing. */
static void
test_driver_plays_to_the_end (void)
{
  g_autoptr (ArbGame) game = computers_game ("medium", 4);
  Driven driven;

  drive (&driven, game, TRUE);
  g_assert_true (ask (&driven));
  g_assert_true (arb_seat_driver_is_busy (driven.driver));
  g_assert_false (ask (&driven));
  arb_test_wait_until_described ("the driver to play the game to its end", is_finished, describe_driven, &driven);
  g_assert_false (arb_seat_driver_is_busy (driven.driver));
  g_assert_cmpint (arb_seat_driver_get_asked (driven.driver), ==, -1);
  g_assert_false (ask (&driven));
  driven_clear (&driven);
}

/* A step waits for its pace, and a question withdrawn meanwhile is never
 * answered: the one asked after it, at a slower pace, gives the next step. */
static void
test_driver_pace_and_cancel (void)
{
  g_autoptr (ArbGame) game = computers_game ("random", 9);
  Driven driven;
  gint64 start = g_get_monotonic_time ();

  drive (&driven, game, FALSE);
  arb_seat_driver_set_pace (driven.driver, 150);
  g_assert_true (ask (&driven));
  driven.n_steps = 1;
  arb_test_wait_until_described ("the first step", has_n_steps, describe_driven, &driven);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 150 * 1000);

  arb_seat_driver_set_pace (driven.driver, 100);
  g_assert_true (ask (&driven));
  arb_seat_driver_cancel (driven.driver);
  g_assert_false (arb_seat_driver_is_busy (driven.driver));
  start = g_get_monotonic_time ();
  arb_seat_driver_set_pace (driven.driver, 300);
  g_assert_true (ask (&driven));
  driven.n_steps = 2;
  arb_test_wait_until_described ("the step asked after the cancelled one", has_n_steps, describe_driven, &driven);
  /* Had the withdrawn question been answered, at 100 ms, this step would
   * not be the first. */
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 300 * 1000);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 2);
  driven_clear (&driven);
}

/* A person's seat has no computer: the driver asks nobody there until a
 * person seat sits in it, which answers with what the person gives. */
static void
test_driver_asks_people (void)
{
  g_autoptr (GPtrArray) players = players_of (NULL, "hard");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = arb_game_new (ARB_VARIANT_STANDARD, players, 1, 0, &error);
  g_autoptr (ArbPersonSeat) person = arb_person_seat_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  Driven driven;
  ArbMove move;

  g_assert_no_error (error);
  drive (&driven, game, FALSE);
  g_assert_true (ARB_IS_COMPUTER_SEAT (arb_seat_driver_get_seat (driven.driver, 1)));
  g_assert_null (arb_seat_driver_get_seat (driven.driver, 0));
  g_assert_false (ask (&driven));

  arb_seat_driver_set_seat (driven.driver, 0, ARB_SEAT (person));
  move = arb_test_random_move (arb_game_get_state (game), rand);
  g_assert_false (arb_person_seat_play (person, &move));
  g_assert_true (ask (&driven));
  g_assert_true (arb_person_seat_is_asked (person));
  g_assert_false (arb_seat_driver_is_busy (driven.driver));
  /* The answer comes within the call: the step is taken when it returns. */
  g_assert_true (arb_person_seat_play (person, &move));
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 1);
  g_assert_false (arb_person_seat_is_asked (person));
  driven_clear (&driven);
}

/* A seeded game is played the same every time, as `arboretum-cli play
 * --seed` plays it: decision s of seat n from arb_ai_decision_seed (seed, 0,
 * s, n). */
static void
test_driver_seeded_as_play (void)
{
  g_autoptr (ArbGame) driven_game = computers_game ("medium", 21);
  g_autoptr (ArbGame) played = computers_game ("medium", 21);
  Driven driven;

  drive (&driven, driven_game, TRUE);
  play_to_the_end (&driven);
  for (guint decision = 0; !arb_game_is_finished (played); decision++)
    {
      guint seat = arb_game_get_current_player (played);
      ArbAiParams params;
      ArbMove move;

      arb_ai_params_init (&params, ARB_AI_MEDIUM, arb_ai_decision_seed (21, 0, decision, seat));
      g_assert_true (arb_ai_decide_in_game (played, &params, &move, NULL));
      g_assert_true (arb_game_apply (played, &move, NULL));
    }
  g_assert_true (same_steps (driven_game, played));
  driven_clear (&driven);
}

/* A game no seed describes draws its computers' seeds from the operating
 * system: two tables dealt the same cards play differently (with seed 0
 * for both, as once on a server's unseeded tables, they played alike). */
static void
test_driver_unseeded_differs (void)
{
  g_autoptr (ArbGame) dealt = computers_game ("random", 5);
  g_autoptr (ArbGame) first = NULL;
  gboolean differs = FALSE;

  for (guint table = 0; table < 4 && !differs; table++)
    {
      g_autoptr (GPtrArray) players = players_of ("random", "random");
      g_autoptr (ArbGame) game = arb_game_new_from_state (arb_game_get_start_state (dealt), players,
                                                          ARB_GAME_NO_SEED, NULL);
      Driven driven;

      drive (&driven, game, TRUE);
      play_to_the_end (&driven);
      driven_clear (&driven);
      if (first == NULL)
        first = g_steal_pointer (&game);
      else
        differs = !same_steps (game, first);
    }
  g_assert_true (differs);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/seat-driver/plays-to-the-end", test_driver_plays_to_the_end);
  g_test_add_func ("/seat-driver/pace-and-cancel", test_driver_pace_and_cancel);
  g_test_add_func ("/seat-driver/asks-people", test_driver_asks_people);
  g_test_add_func ("/seat-driver/seeded-as-play", test_driver_seeded_as_play);
  g_test_add_func ("/seat-driver/unseeded-differs", test_driver_unseeded_differs);
  return g_test_run ();
}
