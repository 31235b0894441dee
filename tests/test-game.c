/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game.c: the ArbGame model: its properties and signals, and the
 * record of steps that rebuilds every moment of a game. */
#include "config.h"

#include <string.h>

#include "arb-test-state.h"

/* What the listeners heard during one action: notifications apart, since
 * GLib does not promise their order within a freeze, and the signals in
 * order. */
typedef struct {
  ArbGame   *game;
  GPtrArray *notifies;
  GPtrArray *signals;
  guint      ended;
  guint      finished_notifies;
  guint      turns_started;
} Log;

static void
log_clear (Log *log)
{
  g_ptr_array_set_size (log->notifies, 0);
  g_ptr_array_set_size (log->signals, 0);
}

static void
on_notify (GObject *object, GParamSpec *pspec, Log *log)
{
  /* Taking back is another test's business. */
  if (g_strcmp0 (pspec->name, "can-take-back") == 0)
    return;
  if (g_strcmp0 (pspec->name, "finished") == 0)
    log->finished_notifies++;
  g_ptr_array_add (log->notifies, g_strdup (pspec->name));
}

/* The state the signals report is already the new one. */
static void
on_card_drawn (ArbGame *game, guint player, int source, guint card, Log *log)
{
  const ArbState *state = arb_game_get_state (game);

  g_assert_true (arb_card_set_contains (&state->hands[player], (ArbCard) card));
  g_ptr_array_add (log->signals, g_strdup_printf ("drawn %u %d %u", player, source, card));
}

static void
on_card_played (ArbGame *game, guint player, guint card, int x, int y, Log *log)
{
  const ArbState *state = arb_game_get_state (game);

  g_assert_cmpuint (arb_arboretum_card_at (&state->arboreta[player], x, y), ==, card);
  g_assert_false (arb_card_set_contains (&state->hands[player], (ArbCard) card));
  g_ptr_array_add (log->signals, g_strdup_printf ("played %u %u %d %d", player, card, x, y));
}

static void
on_card_discarded (ArbGame *game, guint player, guint card, int x, int y, Log *log)
{
  const ArbState *state = arb_game_get_state (game);

  if (state->variant == ARB_VARIANT_SOLO)
    g_assert_cmpuint (arb_arboretum_card_at (&state->arboreta[ARB_SOLO_Q], x, y), ==, card);
  else
    g_assert_cmpuint (arb_pile_top (&state->discards[player]), ==, card);
  g_assert_false (arb_card_set_contains (&state->hands[player], (ArbCard) card));
  g_ptr_array_add (log->signals, g_strdup_printf ("discarded %u %u %d %d", player, card, x, y));
}

static void
on_turn_started (ArbGame *game, guint player, Log *log)
{
  g_assert_cmpuint (arb_game_get_current_player (game), ==, player);
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_DRAW);
  log->turns_started++;
  g_ptr_array_add (log->signals, g_strdup_printf ("turn %u", player));
}

static void
on_game_ended (ArbGame *game, Log *log)
{
  g_assert_true (arb_game_is_finished (game));
  log->ended++;
  g_ptr_array_add (log->signals, g_strdup ("ended"));
}

static void
on_step_applied (ArbGame *game, guint index, Log *log)
{
  g_assert_cmpuint (index + 1, ==, arb_game_get_n_steps (game));
  g_ptr_array_add (log->signals, g_strdup_printf ("step %u", index));
}

static void
on_position_reset (ArbGame *game, Log *log)
{
  g_ptr_array_add (log->signals, g_strdup ("reset"));
}

static void
log_connect (Log *log, ArbGame *game)
{
  memset (log, 0, sizeof *log);
  log->game = game;
  log->notifies = g_ptr_array_new_with_free_func (g_free);
  log->signals = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), log);
  g_signal_connect (game, "card-drawn", G_CALLBACK (on_card_drawn), log);
  g_signal_connect (game, "card-played", G_CALLBACK (on_card_played), log);
  g_signal_connect (game, "card-discarded", G_CALLBACK (on_card_discarded), log);
  g_signal_connect (game, "turn-started", G_CALLBACK (on_turn_started), log);
  g_signal_connect (game, "game-ended", G_CALLBACK (on_game_ended), log);
  g_signal_connect (game, "step-applied", G_CALLBACK (on_step_applied), log);
  g_signal_connect (game, "position-reset", G_CALLBACK (on_position_reset), log);
}

static void
log_free (Log *log)
{
  g_signal_handlers_disconnect_by_data (log->game, log);
  g_ptr_array_unref (log->notifies);
  g_ptr_array_unref (log->signals);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char *
join (GPtrArray *strings)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < strings->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "," : "", (const char *) strings->pdata[i]);
  return g_string_free (out, FALSE);
}

/* notifies: the expected notifications, sorted and comma-separated;
 * signals: the expected signals in order. */
static void
assert_log (Log *log, const char *notifies, const char *signals)
{
  g_ptr_array_sort (log->notifies, compare_strings);
  g_autofree char *heard_notifies = join (log->notifies);
  g_autofree char *heard_signals = join (log->signals);

  g_assert_cmpstr (heard_notifies, ==, notifies);
  g_assert_cmpstr (heard_signals, ==, signals);
  log_clear (log);
}

static ArbGame *
new_game (ArbVariant variant, guint seats, guint32 seed)
{
  g_autoptr (GPtrArray) players = arb_test_players (seats, FALSE);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new (variant, players, seed, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* The properties agree with the getters and the state. */
static void
assert_properties (ArbGame *game)
{
  const ArbState *state = arb_game_get_state (game);
  guint current, deck_size, turn;
  ArbPhase phase;
  ArbVariant variant;
  gboolean finished;

  g_object_get (game, "current-player", &current, "phase", &phase, "deck-size", &deck_size,
                "turn", &turn, "finished", &finished, "variant", &variant, NULL);
  g_assert_cmpuint (current, ==, state->current);
  g_assert_cmpuint (current, ==, arb_game_get_current_player (game));
  g_assert_cmpint (phase, ==, state->phase);
  g_assert_cmpint (phase, ==, arb_game_get_phase (game));
  g_assert_cmpuint (deck_size, ==, state->deck.n);
  g_assert_cmpuint (deck_size, ==, arb_game_get_deck_size (game));
  g_assert_cmpuint (turn, ==, state->turn);
  g_assert_cmpuint (turn, ==, arb_game_get_turn (game));
  g_assert_cmpint (finished, ==, state->phase == ARB_PHASE_OVER);
  g_assert_cmpint (finished, ==, arb_game_is_finished (game));
  g_assert_cmpint (variant, ==, state->variant);
}

static void
apply_ok (ArbGame *game, ArbMove move)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_game_apply (game, &move, &error));
  g_assert_no_error (error);
  assert_properties (game);
}

/* ---- Creation --------------------------------------------------------- */

static void
test_game_new (void)
{
  ArbGame *game = new_game (ARB_VARIANT_CLASSIC, 3, 77);
  g_autoptr (GRand) rand = g_rand_new_with_seed (77);
  ArbState dealt;

  g_assert_cmpint (arb_game_get_variant (game), ==, ARB_VARIANT_CLASSIC);
  g_assert_cmpuint (arb_game_get_seed (game), ==, 77);
  g_assert_cmpuint (arb_game_get_n_seats (game), ==, 3);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 2)), ==, "Player 3");
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 0);
  g_assert_false (arb_game_is_finished (game));
  assert_properties (game);
  /* The same deal as the rules give for the seed. */
  g_assert_true (arb_state_setup (&dealt, ARB_VARIANT_CLASSIC, 3, 0, rand, NULL));
  g_assert_true (arb_test_same_state (&dealt, arb_game_get_state (game)));
  g_assert_true (arb_test_same_state (&dealt, arb_game_get_start_state (game)));
  g_assert_finalize_object (game);
}

static void
test_game_new_invalid (void)
{
  static const struct { ArbVariant variant; guint seats; ArbSpeciesMask species; } cases[] = {
    { ARB_VARIANT_STANDARD, 1, 0 },
    { ARB_VARIANT_STANDARD, 5, 0 },
    { ARB_VARIANT_SOLO, 2, 0 },
    { ARB_VARIANT_STANDARD, 2, 0xff },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) players = arb_test_players (cases[i].seats, TRUE);
      g_autoptr (GError) error = NULL;
      ArbGame *game = arb_game_new (cases[i].variant, players, 1, cases[i].species, &error);

      g_assert_null (game);
      g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
    }

  /* A dealt position for 3 seats with 2 players. */
  {
    ArbGame *three = new_game (ARB_VARIANT_STANDARD, 3, 1);
    g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
    g_autoptr (GError) error = NULL;

    g_assert_null (arb_game_new_from_state (arb_game_get_state (three), players, 1, &error));
    g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
    g_assert_finalize_object (three);
  }
}

static void
test_game_species_named (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (GError) error = NULL;
  const ArbSpeciesMask species = 0x3f0;
  ArbGame *game = arb_game_new (ARB_VARIANT_STANDARD, players, 5, species, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (arb_game_get_state (game)->species, ==, species);
  g_assert_finalize_object (game);
}

/* ---- Signals ---------------------------------------------------------- */

static void
test_signals_turn (void)
{
  ArbGame *game = new_game (ARB_VARIANT_STANDARD, 2, 31);
  const ArbState *state = arb_game_get_state (game);
  Log log;
  ArbCard card;
  char expected[256];

  log_connect (&log, game);

  /* The first draw from the deck: only the deck shrinks. */
  card = arb_pile_top (&state->deck);
  apply_ok (game, arb_move_draw (ARB_SOURCE_DECK));
  g_snprintf (expected, sizeof expected, "drawn 0 -1 %u,step 0", card);
  assert_log (&log, "deck-size", expected);
  g_assert_cmpuint (arb_game_get_step (game, 0)->move.card, ==, card);

  /* The second: the phase moves on to play. */
  card = arb_pile_top (&state->deck);
  apply_ok (game, arb_move_draw (ARB_SOURCE_DECK));
  g_snprintf (expected, sizeof expected, "drawn 0 -1 %u,step 1", card);
  assert_log (&log, "deck-size,phase", expected);

  card = arb_card_set_nth (&state->hands[0], 3);
  apply_ok (game, arb_move_play (card, 4, -2));
  g_snprintf (expected, sizeof expected, "played 0 %u 4 -2,step 2", card);
  assert_log (&log, "phase", expected);

  /* The discard ends the turn: the next player's turn starts. */
  card = arb_card_set_nth (&state->hands[0], 0);
  apply_ok (game, arb_move_discard (card, 0, 0));
  g_snprintf (expected, sizeof expected, "discarded 0 %u 0 0,step 3,turn 1", card);
  assert_log (&log, "current-player,phase,turn", expected);
  g_assert_cmpuint (log.turns_started, ==, 1);

  /* A draw from a discard pile leaves the deck as it was: nothing to
   * notify. */
  apply_ok (game, arb_move_draw (0));
  g_snprintf (expected, sizeof expected, "drawn 1 0 %u,step 4", card);
  assert_log (&log, "", expected);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 5);

  log_free (&log);
  g_assert_finalize_object (game);
}

/* A refused action changes nothing and tells nobody. */
static void
refuse (ArbGame *game, Log *log, ArbMove move, ArbErrorCode code)
{
  const ArbState *state = arb_game_get_state (game);
  guint n_steps = arb_game_get_n_steps (game);
  g_autoptr (GError) error = NULL;
  ArbState before;

  memcpy (&before, state, sizeof before);
  g_assert_false (arb_game_apply (game, &move, &error));
  g_assert_error (error, ARB_ERROR, (gint) code);
  g_assert_cmpmem (&before, sizeof before, state, sizeof *state);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n_steps);
  assert_properties (game);
  assert_log (log, "", "");
}

static void
test_signals_refused (void)
{
  ArbGame *game = new_game (ARB_VARIANT_STANDARD, 3, 32);
  const ArbState *state = arb_game_get_state (game);
  ArbCard mine = arb_card_set_nth (&state->hands[0], 0);
  ArbCard not_mine = arb_card_set_nth (&state->hands[1], 0);
  Log log;

  log_connect (&log, game);
  refuse (game, &log, arb_move_play (mine, 0, 0), ARB_ERROR_WRONG_PHASE);
  refuse (game, &log, arb_move_discard (mine, 0, 0), ARB_ERROR_WRONG_PHASE);
  refuse (game, &log, arb_move_draw (1), ARB_ERROR_EMPTY_SOURCE);
  refuse (game, &log, arb_move_draw (5), ARB_ERROR_NO_SUCH_SOURCE);
  g_assert_false (arb_test_draw (game, 3, NULL));
  assert_log (&log, "", "");

  apply_ok (game, arb_move_draw (ARB_SOURCE_DECK));
  apply_ok (game, arb_move_draw (ARB_SOURCE_DECK));
  log_clear (&log);
  refuse (game, &log, arb_move_draw (ARB_SOURCE_DECK), ARB_ERROR_WRONG_PHASE);
  refuse (game, &log, arb_move_play (not_mine, 0, 0), ARB_ERROR_NOT_IN_HAND);
  refuse (game, &log, arb_move_play (mine, 200, 0), ARB_ERROR_OUT_OF_RANGE);
  refuse (game, &log, arb_move_discard (mine, 0, 0), ARB_ERROR_WRONG_PHASE);
  g_assert_false (arb_test_play (game, not_mine, 0, 0, NULL));
  assert_log (&log, "", "");

  apply_ok (game, arb_move_play (mine, 0, 0));
  log_clear (&log);
  refuse (game, &log, arb_move_discard (mine, 0, 0), ARB_ERROR_NOT_IN_HAND);
  refuse (game, &log, arb_move_discard (not_mine, 0, 0), ARB_ERROR_NOT_IN_HAND);
  refuse (game, &log, arb_move_play (arb_card_set_nth (&state->hands[0], 0), 1, 0),
          ARB_ERROR_WRONG_PHASE);
  g_assert_false (arb_test_discard (game, not_mine, 0, 0, NULL));
  assert_log (&log, "", "");

  log_free (&log);
  g_assert_finalize_object (game);
}

/* Plays a game to its end with the random player, checking every step's
 * signals against the step recorded. */
static void
play_out (ArbGame *game, Log *log, GRand *rand)
{
  ArbMove move;

  while (arb_ai_random_move (arb_game_get_state (game), rand, &move))
    {
      guint n = arb_game_get_n_steps (game);
      guint turn = arb_game_get_turn (game);
      guint deck = arb_game_get_deck_size (game);

      log_clear (log);
      apply_ok (game, move);
      g_assert_cmpuint (arb_game_get_n_steps (game), ==, n + 1);

      const ArbStep *step = arb_game_get_step (game, n);
      g_autofree char *heard = join (log->signals);
      g_autofree char *what = NULL;
      g_autofree char *expected = NULL;

      switch (step->move.kind)
        {
        case ARB_MOVE_DRAW:
          what = g_strdup_printf ("drawn %u %d %u", step->player, step->move.source, step->move.card);
          break;
        case ARB_MOVE_PLAY:
          what = g_strdup_printf ("played %u %u %d %d", step->player, step->move.card,
                                  step->move.x, step->move.y);
          break;
        case ARB_MOVE_DISCARD:
        default:
          what = g_strdup_printf ("discarded %u %u %d %d", step->player, step->move.card,
                                  step->move.x, step->move.y);
          break;
        }
      if (arb_game_is_finished (game))
        expected = g_strdup_printf ("%s,step %u,ended", what, n);
      else if (arb_game_get_turn (game) != turn)
        expected = g_strdup_printf ("%s,step %u,turn %u", what, n, arb_game_get_current_player (game));
      else
        expected = g_strdup_printf ("%s,step %u", what, n);
      g_assert_cmpstr (heard, ==, expected);

      /* deck-size is notified exactly when the deck changes. */
      gboolean deck_notified = FALSE;
      for (guint i = 0; i < log->notifies->len; i++)
        deck_notified = deck_notified || g_str_equal (log->notifies->pdata[i], "deck-size");
      g_assert_cmpint (deck_notified, ==, deck != arb_game_get_deck_size (game));
    }
}

static void
test_signals_whole_game (void)
{
  static const struct { ArbVariant variant; guint seats; } games[] = {
    { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_STANDARD, 4 },
    { ARB_VARIANT_CLASSIC, 3 }, { ARB_VARIANT_SOLO, 1 },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      ArbGame *game = new_game (games[g].variant, games[g].seats, 40 + g);
      g_autoptr (GRand) rand = g_rand_new_with_seed (g);
      Log log;

      log_connect (&log, game);
      play_out (game, &log, rand);

      /* The last action: the discard of the player who drew the last card;
       * nobody's turn starts. */
      const ArbStep *last = arb_game_get_step (game, arb_game_get_n_steps (game) - 1);
      g_assert_cmpint (last->move.kind, ==, ARB_MOVE_DISCARD);
      g_assert_cmpuint (last->player, ==, arb_game_get_current_player (game));
      g_assert_true (arb_game_is_finished (game));
      g_assert_cmpuint (arb_game_get_deck_size (game), ==, 0);
      g_assert_cmpuint (log.ended, ==, 1);
      g_assert_cmpuint (log.finished_notifies, ==, 1);
      g_assert_cmpuint (log.turns_started, ==, arb_game_get_turn (game));
      /* The last step notifies the end, not a new turn; the deck changes
       * only when a solo refill took its last cards. */
      {
        g_ptr_array_sort (log.notifies, compare_strings);
        g_autofree char *heard = join (log.notifies);
        g_assert_true (g_str_equal (heard, "finished,phase")
                       || (games[g].variant == ARB_VARIANT_SOLO
                           && g_str_equal (heard, "deck-size,finished,phase")));
      }

      /* After the end every action is refused, silently. */
      {
        g_autoptr (GError) error = NULL;
        log_clear (&log);
        g_assert_false (arb_test_draw (game, ARB_SOURCE_DECK, &error));
        g_assert_error (error, ARB_ERROR, ARB_ERROR_GAME_OVER);
        assert_log (&log, "", "");
      }
      log_free (&log);
      g_assert_finalize_object (game);
    }
}

/* Solo: the discard goes to a cell of Q's arboretum, and the refill moves
 * the deck after it. */
static void
test_signals_solo_discard (void)
{
  ArbGame *game = new_game (ARB_VARIANT_SOLO, 1, 50);
  const ArbState *state = arb_game_get_state (game);
  Log log;
  char expected[256];

  apply_ok (game, arb_move_draw (ARB_SOURCE_DECK));
  apply_ok (game, arb_move_draw (0));
  apply_ok (game, arb_move_play (arb_card_set_nth (&state->hands[0], 0), 0, 0));
  ArbCard card = arb_card_set_nth (&state->hands[0], 2);
  guint deck = state->deck.n;

  log_connect (&log, game);
  apply_ok (game, arb_move_discard (card, -3, 5));
  /* The person's turn again: current-player does not change. */
  g_snprintf (expected, sizeof expected, "discarded 0 %u -3 5,step 3,turn 0", card);
  assert_log (&log, "deck-size,phase,turn", expected);
  g_assert_cmpuint (state->deck.n, ==, deck - 2);
  const ArbStep *step = arb_game_get_step (game, 3);
  g_assert_cmpuint (step->refill_discard, ==, arb_pile_top (&state->discards[0]));
  g_assert_true (arb_card_set_contains (&state->hands[ARB_SOLO_Q], step->refill_q));
  log_free (&log);
  g_assert_finalize_object (game);
}

/* ---- The record of steps ---------------------------------------------- */

/* The recorded steps, replayed on the start position, give the position
 * after every step, and the same records. */
static void
test_replay (void)
{
  static const struct { ArbVariant variant; guint seats; } games[] = {
    { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_STANDARD, 3 }, { ARB_VARIANT_STANDARD, 4 },
    { ARB_VARIANT_CLASSIC, 2 }, { ARB_VARIANT_CLASSIC, 4 }, { ARB_VARIANT_SOLO, 1 },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint32 seed = 0; seed < 5; seed++)
      {
        ArbGame *game = new_game (games[g].variant, games[g].seats, 1000 * g + seed);
        g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
        g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (ArbState));
        ArbState replay = *arb_game_get_start_state (game);
        ArbMove move;

        g_array_append_val (states, replay);
        while (arb_ai_random_move (arb_game_get_state (game), rand, &move))
          {
            apply_ok (game, move);
            g_array_append_vals (states, arb_game_get_state (game), 1);
          }
        g_assert_cmpuint (states->len, ==, arb_game_get_n_steps (game) + 1);
        /* The start state is still the deal. */
        g_assert_true (arb_test_same_state (&g_array_index (states, ArbState, 0),
                                            arb_game_get_start_state (game)));

        for (guint i = 0; i < arb_game_get_n_steps (game); i++)
          {
            const ArbStep *recorded = arb_game_get_step (game, i);
            g_autoptr (GError) error = NULL;
            ArbStep step;

            g_assert_true (arb_state_apply (&replay, &recorded->move, &step, &error));
            g_assert_no_error (error);
            g_assert_true (arb_test_same_step (&step, recorded));
            g_assert_true (arb_test_same_state (&replay, &g_array_index (states, ArbState, i + 1)));
          }
        g_assert_true (arb_test_same_state (&replay, arb_game_get_state (game)));
        g_assert_cmpint (replay.phase, ==, ARB_PHASE_OVER);

        /* A new game from the start position takes the recorded steps
         * and ends in the same position with the same records. */
        {
          g_autoptr (GPtrArray) players = arb_test_players (games[g].seats, FALSE);
          g_autoptr (GError) error = NULL;
          ArbGame *copy = arb_game_new_from_state (arb_game_get_start_state (game), players,
                                                   arb_game_get_seed (game), &error);

          g_assert_no_error (error);
          for (guint i = 0; i < arb_game_get_n_steps (game); i++)
            {
              g_assert_true (arb_game_apply_step (copy, arb_game_get_step (game, i), &error));
              g_assert_no_error (error);
              g_assert_true (arb_test_same_step (arb_game_get_step (copy, i),
                                                 arb_game_get_step (game, i)));
            }
          g_assert_true (arb_test_same_state (arb_game_get_state (copy), arb_game_get_state (game)));
          g_assert_true (arb_game_is_finished (copy));
          g_assert_finalize_object (copy);
        }

        /* The scores of the replay are those of the game. */
        {
          ArbScoreSheet a, b;
          arb_game_get_score (game, &a);
          arb_state_score (&replay, &b);
          g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
        }
        g_assert_finalize_object (game);
      }
}

/* Plays random steps until one of kind is applied; returns it. */
static const ArbStep *
play_until (ArbGame *game, GRand *rand, ArbMoveKind kind, int source)
{
  g_autoptr (GError) error = NULL;

  for (;;)
    {
      ArbMove move;

      g_assert_true (arb_ai_random_move (arb_game_get_state (game), rand, &move));
      if (kind == ARB_MOVE_DRAW && arb_game_get_state (game)->phase == ARB_PHASE_DRAW)
        move = arb_move_draw (source);
      g_assert_true (arb_game_apply (game, &move, &error));
      g_assert_no_error (error);
      if (move.kind == kind)
        return arb_game_get_step (game, arb_game_get_n_steps (game) - 1);
    }
}

/* One describer for every program: a person's log never names a card
 * drawn from the deck, nor Q's new card; the whole replay names both, with
 * the places of the cards planted. */
static void
test_describe_steps (void)
{
  g_autoptr (ArbGame) game = new_game (ARB_VARIANT_STANDARD, 2, 12);
  g_autoptr (ArbGame) solo = new_game (ARB_VARIANT_SOLO, 1, 12);
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  const ArbStep *step;
  g_autofree char *phase = arb_game_describe_phase (game, arb_game_get_state (game));
  g_autofree char *card = NULL;
  char *text;

  g_assert_true (g_str_has_suffix (phase, ": Draw a card (1 of 2)"));
  step = play_until (game, rand, ARB_MOVE_DRAW, ARB_SOURCE_DECK);
  card = arb_card_to_string (step->move.card);
  text = arb_game_describe_step (game, step, ARB_STEP_TEXT_PUBLIC);
  g_assert_null (strstr (text, card));
  g_assert_true (g_str_has_suffix (text, " drew a card from the deck"));
  g_free (text);
  text = arb_game_describe_step (game, step, ARB_STEP_TEXT_FULL);
  g_assert_nonnull (strstr (text, card));
  g_free (text);

  step = play_until (game, rand, ARB_MOVE_PLAY, 0);
  text = arb_game_describe_step (game, step, ARB_STEP_TEXT_FULL);
  g_assert_true (g_str_has_suffix (text, ")"));
  g_free (text);
  g_assert_cmpuint (arb_game_target_arboretum (game, arb_game_get_state (game)), ==,
                    arb_game_get_state (game)->current);

  /* Solo: the discard goes into Q's arboretum, whose name is the game's. */
  play_until (solo, rand, ARB_MOVE_PLAY, 0);
  g_assert_cmpuint (arb_game_target_arboretum (solo, arb_game_get_state (solo)), ==, ARB_SOLO_Q);
  g_assert_true (arb_game_player_is_q (solo, ARB_SOLO_Q));
  g_assert_cmpstr (arb_game_player_name (solo, ARB_SOLO_Q), ==, "Q");
  step = play_until (solo, rand, ARB_MOVE_DISCARD, 0);
  if (arb_card_is_valid (step->refill_q))
    {
      g_autofree char *dealt = arb_card_to_string (step->refill_q);

      text = arb_game_describe_step (solo, step, ARB_STEP_TEXT_PUBLIC);
      g_assert_nonnull (strstr (text, "in Q’s arboretum"));
      g_assert_null (strstr (text, "dealt to Q"));
      g_free (text);
      text = arb_game_describe_step (solo, step, ARB_STEP_TEXT_FULL);
      g_assert_nonnull (strstr (text, dealt));
      g_free (text);
    }
}

/* The engine says where a card may go: the cells the rules allow, in the
 * arboretum the step targets. */
static void
test_legal_cells (void)
{
  g_autoptr (ArbGame) solo = new_game (ARB_VARIANT_SOLO, 1, 5);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  const ArbState *state;
  guint arboretum, n;
  ArbCard card;

  play_until (solo, rand, ARB_MOVE_PLAY, 0);
  state = arb_game_get_state (solo);
  g_assert_cmpint (state->phase, ==, ARB_PHASE_DISCARD);
  card = arb_card_set_nth (&state->hands[state->current], 0);
  n = arb_state_legal_cells (state, card, &arboretum, xy);
  g_assert_cmpuint (arboretum, ==, ARB_SOLO_Q);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    g_assert_true (arb_state_check_discard (state, card, xy[2 * i], xy[2 * i + 1], NULL));
}

/* The seat questions the window and the CLI ask the engine: who is a
 * computer (Q always), where a move plants its card, a pile's title. */
static void
test_seats_and_targets (void)
{
  g_autoptr (GPtrArray) people = arb_test_players (3, TRUE);
  g_autoptr (ArbGame) standard = NULL;
  g_autoptr (ArbGame) solo = NULL;
  g_autofree char *title = NULL;
  g_autofree char *short_title = NULL;
  g_autofree char *solo_title = NULL;
  ArbMove play = arb_move_play (arb_card_new (ARB_SPECIES_OAK, 5), 1, 0);
  ArbMove discard = arb_move_discard (arb_card_new (ARB_SPECIES_OAK, 5), 1, 0);
  ArbMove draw = arb_move_draw (ARB_SOURCE_DECK);

  g_ptr_array_insert (people, 1, arb_player_new ("Rina", ARB_PLAYER_COMPUTER, "easy"));
  g_ptr_array_remove_index (people, 2);
  g_ptr_array_add (people, arb_player_new ("Bartholomew the Third", ARB_PLAYER_PERSON, NULL));
  standard = arb_game_new (ARB_VARIANT_STANDARD, people, 1, 0, NULL);
  g_assert_nonnull (standard);
  g_assert_false (arb_game_is_computer (standard, 0));
  g_assert_true (arb_game_is_computer (standard, 1));
  g_assert_cmpuint (arb_game_count_people (standard), ==, 3);
  g_assert_false (arb_game_is_computer (standard, 3));
  g_assert_cmpint (arb_state_move_arboretum (arb_game_get_state (standard), 2, &play), ==, 2);
  g_assert_cmpint (arb_state_move_arboretum (arb_game_get_state (standard), 2, &discard), ==, -1);
  g_assert_cmpint (arb_state_move_arboretum (arb_game_get_state (standard), 2, &draw), ==, -1);
  g_assert_true (arb_state_discards_on_pile (arb_game_get_state (standard)));
  title = arb_game_pile_title (standard, 3, 0);
  short_title = arb_game_pile_title (standard, 3, 10);
  g_assert_cmpstr (title, ==, "Bartholomew the Third’s pile");
  g_assert_cmpstr (short_title, ==, "Bartholom…’s pile");

  solo = new_game (ARB_VARIANT_SOLO, 1, 5);
  g_assert_true (arb_game_is_computer (solo, ARB_SOLO_Q));
  g_assert_cmpint (arb_state_move_arboretum (arb_game_get_state (solo), 0, &discard), ==, ARB_SOLO_Q);
  g_assert_false (arb_state_discards_on_pile (arb_game_get_state (solo)));
  solo_title = arb_game_pile_title (solo, 0, 10);
  g_assert_cmpstr (solo_title, ==, "Discard pile");
}

/* Near the end of the deck the hints say what is coming: the other player
 * may empty it before this one's next turn, this turn may end the game,
 * and once the deck is empty the second card comes from a discard pile. */
static void
play_to_deck_end (guint32 seed, gboolean *told_other, gboolean *told_this, gboolean *told_empty)
{
  g_autoptr (ArbGame) game = new_game (ARB_VARIANT_STANDARD, 2, seed);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  while (!arb_game_is_finished (game))
    {
      const ArbState *state = arb_game_get_state (game);
      g_autofree char *end = arb_game_describe_deck_end (game, state);
      guint left = arb_state_turns_left (state);
      ArbMove move = arb_test_random_move (state, rand);

      if (left == 2)
        {
          g_autofree char *other = g_strdup_printf ("This may be your last turn: %s can empty the deck.",
                                                    arb_game_player_name (game, 1 - state->current));
          g_assert_cmpstr (end, ==, other);
          *told_other = TRUE;
        }
      else if (left == 1 && !arb_state_is_last_turn (state))
        {
          g_assert_cmpstr (end, ==, "Whoever draws the deck’s last card ends the game with this turn.");
          *told_this = TRUE;
        }
      else
        g_assert_null (end);
      if (state->phase == ARB_PHASE_DRAW && state->draws == 1 && state->deck.n == 0)
        {
          ArbCard last = arb_game_get_step (game, arb_game_get_n_steps (game) - 1)->move.card;
          g_autofree char *hint = arb_game_describe_draw_hint (game, state, last);

          g_assert_nonnull (strstr (hint, "Now take your second card from a discard pile."));
          g_assert_null (strstr (hint, "from the deck"));
          *told_empty = TRUE;
        }
      /* Every draw from the deck, so that the deck runs out; in odd games
       * one from a discard pile, so that a turn's first draw empties it. */
      if (state->phase == ARB_PHASE_DRAW && state->deck.n > 0)
        {
          gint8 sources[1 + ARB_MAX_PLAYERS];
          guint n = arb_state_legal_sources (state, sources);

          move = arb_move_draw (ARB_SOURCE_DECK);
          if (seed % 2 == 1 && state->draws == 0 && state->deck.n == 2)
            for (guint i = 0; i < n; i++)
              if (sources[i] != ARB_SOURCE_DECK)
                move = arb_move_draw (sources[i]);
        }
      g_assert_true (arb_game_apply (game, &move, NULL));
    }
}

static void
test_deck_end_hints (void)
{
  gboolean told_other = FALSE, told_this = FALSE, told_empty = FALSE;

  /* The deck ends on a turn's first draw in some games only. */
  for (guint32 seed = 1; seed <= 12; seed++)
    play_to_deck_end (seed, &told_other, &told_this, &told_empty);
  g_assert_true (told_other);
  g_assert_true (told_this);
  g_assert_true (told_empty);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/new", test_game_new);
  g_test_add_func ("/game/new-invalid", test_game_new_invalid);
  g_test_add_func ("/game/species-named", test_game_species_named);
  g_test_add_func ("/game/signals/turn", test_signals_turn);
  g_test_add_func ("/game/signals/refused", test_signals_refused);
  g_test_add_func ("/game/signals/whole-game", test_signals_whole_game);
  g_test_add_func ("/game/signals/solo-discard", test_signals_solo_discard);
  g_test_add_func ("/game/replay", test_replay);
  g_test_add_func ("/game/describe-steps", test_describe_steps);
  g_test_add_func ("/game/legal-cells", test_legal_cells);
  g_test_add_func ("/game/seats-and-targets", test_seats_and_targets);
  g_test_add_func ("/game/deck-end-hints", test_deck_end_hints);

  return g_test_run ();
}
