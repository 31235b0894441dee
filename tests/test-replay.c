/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-replay.c: the replay cursor visits exactly the positions of the live
 * game, forward and back, with the same signals, and a game branches off it. */
#include "config.h"

#include "arb-replay.h"
#include "arb-save.h"
#include "arb-test-state.h"

/* What the views hear, as text, from a game or a replay alike. */
static void
on_card_drawn (GObject *source, guint player, int pile, guint card, GString *log)
{
  g_string_append_printf (log, "drawn %u %d %u;", player, pile, card);
}

static void
on_card_moved (GObject *source, guint player, guint card, int x, int y, GString *log)
{
  g_string_append_printf (log, "moved %u %u %d %d;", player, card, x, y);
}

static void
on_turn_started (GObject *source, guint player, GString *log)
{
  g_string_append_printf (log, "turn %u;", player);
}

static void
on_game_ended (GObject *source, GString *log)
{
  g_string_append (log, "ended;");
}

static void
on_step_applied (GObject *source, guint index, GString *log)
{
  g_string_append_printf (log, "step %u;", index);
}

static void
on_position_reset (GObject *source, GString *log)
{
  g_string_append (log, "reset;");
}

static void
listen (gpointer object, GString *log)
{
  g_signal_connect (object, "card-drawn", G_CALLBACK (on_card_drawn), log);
  g_signal_connect (object, "card-played", G_CALLBACK (on_card_moved), log);
  g_signal_connect (object, "card-discarded", G_CALLBACK (on_card_moved), log);
  g_signal_connect (object, "turn-started", G_CALLBACK (on_turn_started), log);
  g_signal_connect (object, "game-ended", G_CALLBACK (on_game_ended), log);
  g_signal_connect (object, "step-applied", G_CALLBACK (on_step_applied), log);
  g_signal_connect (object, "position-reset", G_CALLBACK (on_position_reset), log);
}

typedef struct {
  ArbGame *game;
  GArray  *positions; /* ArbState, the live positions, the deal first */
  GString *log;       /* the live game's signals */
} Live;

static void
live_clear (Live *live)
{
  g_clear_object (&live->game);
  g_array_unref (live->positions);
  g_string_free (live->log, TRUE);
}

/* A whole game (or max_steps of it) of people, every position kept. */
static Live
play_live (ArbVariant variant, guint n_seats, guint32 seed, guint max_steps)
{
  g_autoptr (GPtrArray) players = arb_test_players (n_seats, TRUE);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed * 7 + 1);
  g_autoptr (GError) error = NULL;
  Live live;

  live.game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  live.positions = g_array_new (FALSE, FALSE, sizeof (ArbState));
  live.log = g_string_new (NULL);
  listen (live.game, live.log);
  g_array_append_val (live.positions, *arb_game_get_state (live.game));
  while (!arb_game_is_finished (live.game)
         && (max_steps == 0 || arb_game_get_n_steps (live.game) < max_steps))
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (live.game), rand);
      g_assert_true (arb_game_apply (live.game, &move, &error));
      g_array_append_val (live.positions, *arb_game_get_state (live.game));
    }
  return live;
}

static void
assert_at (ArbReplay *replay, Live *live, guint step)
{
  g_assert_cmpuint (arb_replay_get_step (replay), ==, step);
  g_assert_true (arb_test_same_state (arb_replay_get_state (replay),
                                      &g_array_index (live->positions, ArbState, step)));
}

static void
walk (ArbVariant variant, guint n_seats, guint32 seed, guint max_steps)
{
  Live live = play_live (variant, n_seats, seed, max_steps);
  ArbReplay *replay = arb_replay_new (live.game);
  GString *log = g_string_new (NULL);
  guint n = arb_game_get_n_steps (live.game);

  listen (replay, log);
  g_assert_cmpuint (arb_replay_get_n_steps (replay), ==, n);
  assert_at (replay, &live, 0);
  g_assert_false (arb_replay_can_go_back (replay));
  g_assert_false (arb_replay_previous (replay));

  for (guint i = 1; i <= n; i++)
    {
      g_assert_true (arb_replay_next (replay));
      assert_at (replay, &live, i);
    }
  g_assert_false (arb_replay_can_go_forward (replay));
  g_assert_false (arb_replay_next (replay));
  /* Forward, the replay said exactly what the live game said. */
  g_assert_cmpstr (log->str, ==, live.log->str);

  g_string_truncate (log, 0);
  for (guint i = n; i > 0; i--)
    {
      g_assert_true (arb_replay_previous (replay));
      assert_at (replay, &live, i - 1);
    }
  g_assert_cmpuint (log->len, ==, n * strlen ("reset;"));

  g_string_free (log, TRUE);
  g_assert_finalize_object (replay);
  live_clear (&live);
}

static void
test_replay_walk (void)
{
  for (guint32 seed = 1; seed <= 12; seed++)
    {
      walk (ARB_VARIANT_STANDARD, 2 + seed % 3, seed, seed % 4 == 0 ? 30 : 0);
      walk (ARB_VARIANT_CLASSIC, 2 + (seed + 1) % 3, seed, 0);
      walk (ARB_VARIANT_SOLO, 1, seed, seed % 4 == 0 ? 17 : 0);
    }
}

typedef struct {
  guint step, back, forward, turn;
} Notes;

static void
on_notify (GObject *object, GParamSpec *pspec, Notes *notes)
{
  const char *name = g_param_spec_get_name (pspec);
  if (g_str_equal (name, "step"))
    notes->step++;
  else if (g_str_equal (name, "can-go-back"))
    notes->back++;
  else if (g_str_equal (name, "can-go-forward"))
    notes->forward++;
  else if (g_str_equal (name, "turn"))
    notes->turn++;
}

/* Jumps: to a step, to the start of a turn, to both ends; the properties
 * follow and notify once each. */
static void
test_replay_seek (void)
{
  Live live = play_live (ARB_VARIANT_STANDARD, 3, 42, 0);
  ArbReplay *replay = arb_replay_new (live.game);
  guint n = arb_replay_get_n_steps (replay);
  guint n_turns = arb_replay_get_n_turns (replay);
  Notes notes = { 0 };
  guint step, turn;
  gboolean forward;

  g_signal_connect (replay, "notify", G_CALLBACK (on_notify), &notes);
  g_assert_cmpuint (n_turns, ==, arb_game_get_turn (live.game) + 1);

  arb_replay_last (replay);
  assert_at (replay, &live, n);
  g_assert_true (arb_replay_get_state (replay)->phase == ARB_PHASE_OVER);
  g_assert_cmpuint (notes.step, ==, 1);
  g_assert_cmpuint (notes.back, ==, 1);
  g_assert_cmpuint (notes.forward, ==, 1);
  g_assert_cmpuint (notes.turn, ==, 1);

  g_assert_true (arb_replay_seek (replay, n / 2));
  assert_at (replay, &live, n / 2);
  g_assert_false (arb_replay_seek (replay, n + 1));
  assert_at (replay, &live, n / 2);

  g_object_set (replay, "step", 5u, NULL);
  assert_at (replay, &live, 5);
  g_object_get (replay, "step", &step, "turn", &turn, "can-go-forward", &forward, NULL);
  g_assert_cmpuint (step, ==, 5);
  g_assert_cmpuint (turn, ==, arb_replay_get_state (replay)->turn);
  g_assert_true (forward);


  arb_replay_first (replay);
  assert_at (replay, &live, 0);
  g_assert_false (arb_replay_can_go_back (replay));

  g_assert_finalize_object (replay);
  live_clear (&live);
}

/* Every position, asked for on its own or jumped to in any order, is the
 * live game's: the replay keeps only some and replays the rest. */
static void
test_replay_every_position (void)
{
  Live live = play_live (ARB_VARIANT_STANDARD, 4, 5, 0);
  ArbReplay *replay = arb_replay_new (live.game);
  guint n = arb_replay_get_n_steps (replay);

  for (guint i = 0; i <= n; i++)
    g_assert_true (arb_test_same_state (arb_replay_get_state_at (replay, i),
                                        &g_array_index (live.positions, ArbState, i)));
  /* 7 and n + 1 share no factor (n + 1 is not a multiple of 7 here), so
   * this visits every step once, by jumps both ways. */
  g_assert_cmpuint ((n + 1) % 7, !=, 0);
  for (guint k = 1; k <= n + 1; k++)
    {
      guint step = (k * 7) % (n + 1);

      g_assert_true (arb_replay_seek (replay, step));
      assert_at (replay, &live, step);
    }
  g_assert_finalize_object (replay);
  live_clear (&live);
}

/* The replay is a snapshot: the live game going on does not move it. */
static void
test_replay_snapshot (void)
{
  Live live = play_live (ARB_VARIANT_CLASSIC, 2, 8, 10);
  ArbReplay *replay = arb_replay_new (live.game);
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  g_autoptr (GError) error = NULL;
  ArbMove move = arb_test_random_move (arb_game_get_state (live.game), rand);

  g_assert_true (arb_game_apply (live.game, &move, &error));
  g_assert_cmpuint (arb_replay_get_n_steps (replay), ==, 10);
  g_assert_true (arb_replay_get_game (replay) == live.game);
  g_object_unref (replay);
  live_clear (&live);
}

/* From any step, a new game with the history so far, that goes on. */
static void
test_replay_continue (void)
{
  for (guint variant = ARB_VARIANT_STANDARD; variant <= ARB_VARIANT_SOLO; variant++)
    {
      Live live = play_live (variant, variant == ARB_VARIANT_SOLO ? 1 : 4, 99, 0);
      ArbReplay *replay = arb_replay_new (live.game);
      guint n = arb_replay_get_n_steps (replay);

      for (guint at = 0; at <= n; at += 1 + n / 7)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (GRand) rand = g_rand_new_with_seed (at);
          g_autoptr (GBytes) bytes = NULL;
          ArbGame *branch, *loaded;

          g_assert_true (arb_replay_seek (replay, at));
          branch = arb_replay_continue (replay, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (arb_game_get_n_steps (branch), ==, at);
          g_assert_true (arb_test_same_state (arb_game_get_state (branch), arb_replay_get_state (replay)));
          for (guint i = 0; i < at; i++)
            g_assert_true (arb_test_same_step (arb_game_get_step (branch, i),
                                               arb_replay_get_recorded_step (replay, i)));

          /* The branch plays on to its own end and saves like any game. */
          while (!arb_game_is_finished (branch))
            {
              ArbMove move = arb_test_random_move (arb_game_get_state (branch), rand);
              g_assert_true (arb_game_apply (branch, &move, &error));
            }
          bytes = arb_save_to_bytes (branch, NULL, &error);
          g_assert_no_error (error);
          loaded = arb_save_load_bytes (bytes, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (arb_test_same_state (arb_game_get_state (branch), arb_game_get_state (loaded)));
          g_assert_finalize_object (loaded);
          g_assert_finalize_object (branch);
        }
      g_assert_finalize_object (replay);
      live_clear (&live);
    }
}

/* A replay of a loaded file ends where the file's position is. */
static void
test_replay_loaded (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "saves",
                                                 "good-standard-4p.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_save_read_file (file, NULL, NULL, &error);
  ArbReplay *replay;

  g_assert_no_error (error);
  replay = arb_replay_new (game);
  arb_replay_last (replay);
  g_assert_true (arb_test_same_state (arb_replay_get_state (replay), arb_game_get_state (game)));
  arb_replay_first (replay);
  g_assert_true (arb_test_same_state (arb_replay_get_state (replay), arb_game_get_start_state (game)));
  g_assert_finalize_object (replay);
  g_assert_finalize_object (game);
}

/* The views connect the same handlers to a game and to a replay: both
 * carry the one set of signals of ArbTableEvents. */
static void
test_replay_same_signals (void)
{
  static const char *names[] = { "card-drawn", "card-played", "card-discarded", "turn-started",
                                 "game-ended", "step-applied", "position-reset" };
  g_autoptr (GTypeClass) game_class = g_type_class_ref (ARB_TYPE_GAME);
  g_autoptr (GTypeClass) replay_class = g_type_class_ref (ARB_TYPE_REPLAY);

  /* Held for the signals to be registered when they are looked up. */
  g_assert_nonnull (game_class);
  g_assert_nonnull (replay_class);
  g_assert_true (g_type_is_a (ARB_TYPE_GAME, ARB_TYPE_TABLE_EVENTS));
  g_assert_true (g_type_is_a (ARB_TYPE_REPLAY, ARB_TYPE_TABLE_EVENTS));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      guint id = g_signal_lookup (names[i], ARB_TYPE_GAME);
      g_assert_cmpuint (id, !=, 0);
      g_assert_cmpuint (g_signal_lookup (names[i], ARB_TYPE_REPLAY), ==, id);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/replay/walk", test_replay_walk);
  g_test_add_func ("/replay/seek", test_replay_seek);
  g_test_add_func ("/replay/every-position", test_replay_every_position);
  g_test_add_func ("/replay/snapshot", test_replay_snapshot);
  g_test_add_func ("/replay/continue", test_replay_continue);
  g_test_add_func ("/replay/loaded", test_replay_loaded);
  g_test_add_func ("/replay/same-signals", test_replay_same_signals);
  return g_test_run ();
}
