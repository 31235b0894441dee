/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table.c: ArbTable on its own, fed by a game or a replay: every
 * signal updates only the part of the table it touched, a reset redraws
 * all, the log follows a replay, and a computer's cards fly. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "arb-test-state.h"
#include "arb-test-widget.h"
#include "arb-replay.h"
#include "arb-table-private.h"

typedef struct {
  GtkWindow *window;
  ArbTable  *table;
  ArbGame   *game;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gboolean people)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (GError) error = NULL;

  if (!people)
    {
      g_ptr_array_remove_index (players, 1);
      g_ptr_array_add (players, arb_player_new ("Rina", ARB_PLAYER_COMPUTER, "random"));
    }
  fixture->game = arb_game_new (ARB_VARIANT_STANDARD, players, 11, 0, &error);
  g_assert_no_error (error);
  fixture->table = g_object_new (ARB_TYPE_TABLE, NULL);
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->table), 1280, 800);
  arb_table_set_source (fixture->table, ARB_TABLE_EVENTS (fixture->game), 0);
}

static void
fixture_tear_down (Fixture *fixture)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->game);
}

typedef struct {
  guint counts[ARB_TABLE_N_PARTS];
} Counts;

static Counts
count (ArbTable *table)
{
  Counts counts;

  for (guint part = 0; part < ARB_TABLE_N_PARTS; part++)
    counts.counts[part] = arb_table_get_n_updates (table, part);
  return counts;
}

/* What changed between before and now, part by part, as "all piles
 * arboreta hand". */
static char *
changed (ArbTable *table, const Counts *before)
{
  Counts now = count (table);

  return g_strdup_printf ("%u %u %u %u",
                          now.counts[ARB_TABLE_ALL] - before->counts[ARB_TABLE_ALL],
                          now.counts[ARB_TABLE_PILES] - before->counts[ARB_TABLE_PILES],
                          now.counts[ARB_TABLE_ARBORETA] - before->counts[ARB_TABLE_ARBORETA],
                          now.counts[ARB_TABLE_HAND] - before->counts[ARB_TABLE_HAND]);
}

static ArbMove
first_legal_play (ArbGame *game)
{
  const ArbState *state = arb_game_get_state (game);
  ArbCard card = arb_card_set_nth (&state->hands[state->current], 0);
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint arboretum;

  g_assert_cmpuint (arb_state_legal_cells (state, card, &arboretum, xy), >, 0);
  return arb_move_play (card, xy[0], xy[1]);
}

/* The hand and piles on screen are the state's. */
static void
assert_shows_state (Fixture *fixture)
{
  const ArbState *state = arb_game_get_state (fixture->game);

  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (fixture->table)), ==,
                    arb_card_set_count (&state->hands[0]));
  for (guint i = 0; i < state->arboreta[0].n; i++)
    g_assert_nonnull (arb_arboretum_view_get_card_widget (arb_table_get_arboretum_view (fixture->table, 0),
                                                          state->arboreta[0].cells[i].x,
                                                          state->arboreta[0].cells[i].y));
}

static void
test_incremental (void)
{
  Fixture fixture;
  g_autoptr (GError) error = NULL;
  g_autofree char *drawn = NULL, *drawn_again = NULL, *played = NULL, *discarded = NULL, *taken_back = NULL;
  ArbMove move;
  Counts before;

  fixture_set_up (&fixture, TRUE);
  arb_test_run_for (100);

  before = count (fixture.table);
  g_assert_true (arb_game_draw (fixture.game, ARB_SOURCE_DECK, &error));
  drawn = changed (fixture.table, &before);
  before = count (fixture.table);
  g_assert_true (arb_game_draw (fixture.game, ARB_SOURCE_DECK, &error));
  drawn_again = changed (fixture.table, &before);
  assert_shows_state (&fixture);

  before = count (fixture.table);
  move = first_legal_play (fixture.game);
  g_assert_true (arb_game_apply (fixture.game, &move, &error));
  played = changed (fixture.table, &before);
  assert_shows_state (&fixture);

  before = count (fixture.table);
  move = arb_move_discard (arb_card_set_nth (&arb_game_get_state (fixture.game)->hands[0], 0), 0, 0);
  g_assert_true (arb_game_apply (fixture.game, &move, &error));
  discarded = changed (fixture.table, &before);

  before = count (fixture.table);
  g_assert_true (arb_game_take_back (fixture.game, &error));
  taken_back = changed (fixture.table, &before);
  g_assert_no_error (error);
  assert_shows_state (&fixture);

  /* "all piles arboreta hand": a draw touches one pile and the hand, a
   * play one arboretum and the hand, a discard one pile and the hand;
   * only a reset redraws the table. */
  g_assert_cmpstr (drawn, ==, "0 1 0 1");
  g_assert_cmpstr (drawn_again, ==, "0 1 0 1");
  g_assert_cmpstr (played, ==, "0 0 1 1");
  g_assert_cmpstr (discarded, ==, "0 1 0 1");
  g_assert_cmpstr (taken_back, !=, "0 0 0 0");
  g_assert_cmpuint (arb_table_get_n_updates (fixture.table, ARB_TABLE_ALL), ==, before.counts[ARB_TABLE_ALL] + 1);
  fixture_tear_down (&fixture);
}

static gboolean
row_is_current (ArbLogView *log, int row)
{
  return row >= 0 && arb_log_view_line_has_style (log, (guint) row, "replay-current");
}

/* Fed by a replay, the table moves with it: a step forward updates a part,
 * a step back redraws; the log marks the step just replayed. Back on the
 * game, the log is whole again. */
static void
test_replay_source (void)
{
  Fixture fixture;
  g_autoptr (ArbReplay) replay = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  ArbLogView *log;
  Counts before;
  g_autofree char *forward = NULL;

  fixture_set_up (&fixture, TRUE);
  for (int i = 0; i < 12; i++)
    {
      ArbMove move;

      g_assert_true (arb_ai_random_move (arb_game_get_state (fixture.game), rand, &move));
      g_assert_true (arb_game_apply (fixture.game, &move, NULL));
    }
  /* A card chosen in the game is not chosen in the replay. */
  arb_hand_view_select (arb_table_get_hand_view (fixture.table),
                        arb_card_set_nth (&arb_game_get_state (fixture.game)->hands[0], 0));
  g_assert_cmpuint (arb_table_get_selected (fixture.table), !=, ARB_CARD_NONE);
  replay = arb_replay_new (fixture.game);
  arb_replay_seek (replay, 5);
  arb_table_set_source (fixture.table, ARB_TABLE_EVENTS (replay), 0);
  g_assert_cmpuint (arb_table_get_selected (fixture.table), ==, ARB_CARD_NONE);
  log = arb_table_get_log_view (fixture.table);
  g_assert_true (row_is_current (log, arb_log_view_get_row_of_step (log, 4)));

  before = count (fixture.table);
  g_assert_true (arb_replay_next (replay));
  forward = changed (fixture.table, &before);
  g_assert_cmpuint (count (fixture.table).counts[ARB_TABLE_ALL], ==, before.counts[ARB_TABLE_ALL]);
  g_assert_cmpstr (forward, !=, "0 0 0 0");
  g_assert_true (row_is_current (log, arb_log_view_get_row_of_step (log, 5)));
  g_assert_false (row_is_current (log, arb_log_view_get_row_of_step (log, 4)));

  before = count (fixture.table);
  g_assert_true (arb_replay_previous (replay));
  g_assert_cmpuint (count (fixture.table).counts[ARB_TABLE_ALL], ==, before.counts[ARB_TABLE_ALL] + 1);
  g_assert_true (row_is_current (log, arb_log_view_get_row_of_step (log, 4)));

  /* The replay's steps no longer reach the table once it shows the game. */
  arb_table_set_source (fixture.table, ARB_TABLE_EVENTS (fixture.game), 0);
  before = count (fixture.table);
  arb_replay_first (replay);
  g_assert_cmpuint (count (fixture.table).counts[ARB_TABLE_ALL], ==, before.counts[ARB_TABLE_ALL]);
  for (int row = 0; row < (int) arb_log_view_get_n_lines (log); row++)
    g_assert_false (row_is_current (log, row));
  fixture_tear_down (&fixture);
}

static gboolean
wait_for_flight (ArbTable *table)
{
  gint64 end = g_get_monotonic_time () + ARB_TEST_WAIT_LIMIT_US;

  while (arb_flight_layer_get_n_flying (arb_table_get_flight_layer (table)) == 0)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
    }
  return TRUE;
}

/* Waits for the flights under way, and for one that waits for the table
 * to be laid out before it starts. */
static void
wait_until_landed (ArbTable *table)
{
  gint64 end = g_get_monotonic_time () + ARB_TEST_WAIT_LIMIT_US;

  arb_test_run_for (300);
  while (arb_flight_layer_get_n_flying (arb_table_get_flight_layer (table)) > 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
    }
}

/* A computer's cards fly too: the card it took from a discard pile, to
 * the side panel, and the card it planted, into its arboretum there. */
static void
test_computer_flies (void)
{
  Fixture fixture;
  GtkSettings *settings = gtk_settings_get_default ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  gboolean planted_flew = FALSE;

  fixture_set_up (&fixture, FALSE);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  arb_test_run_for (100);
  while (!planted_flew && !arb_game_is_finished (fixture.game))
    {
      const ArbState *state = arb_game_get_state (fixture.game);
      ArbMove move;

      g_assert_true (arb_ai_random_move (state, rand, &move));
      if (state->current == 1 && move.kind == ARB_MOVE_PLAY)
        {
          arb_table_follow_player (fixture.table, 1);
          arb_test_run_for (100);
          g_assert_true (arb_game_apply (fixture.game, &move, NULL));
          g_assert_true (wait_for_flight (fixture.table));
          planted_flew = TRUE;
        }
      else
        g_assert_true (arb_game_apply (fixture.game, &move, NULL));
      wait_until_landed (fixture.table);
    }
  g_assert_true (planted_flew);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  fixture_tear_down (&fixture);
}

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  g_test_add_func ("/table/incremental", test_incremental);
  g_test_add_func ("/table/replay-source", test_replay_source);
  g_test_add_func ("/table/computer-flies", test_computer_flies);

  return g_test_run ();
}
