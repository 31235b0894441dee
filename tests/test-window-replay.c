/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-replay.c: the replay of a game: the bar, the log following the
 * cursor, the end of the game announced, every hand open.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and widgets, and checked against the engine (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"

#include "arb-pile-view.h"

static GtkLabel *
deck_count_label (ArbWindow *window)
{
  g_autoptr (GPtrArray) piles = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), ARB_TYPE_PILE_VIEW, piles);
  for (guint i = 0; i < piles->len; i++)
    if (arb_pile_view_get_source (piles->pdata[i]) == ARB_SOURCE_DECK)
      return arb_pile_view_get_count_label (piles->pdata[i]);
  g_assert_not_reached ();
}

static char *wanted_heading;

static gboolean
heading_shown (ArbWindow *window)
{
  return arb_test_find_shown_label (window, wanted_heading) != NULL;
}

/* The end never surprises: the deck's count stands out in the last round
 * and the heading of the last turn says so. */
static void
test_last_turn_shown (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (ArbGame) game = arb_test_random_game (2, 5);
  ArbReplay *replay;
  const ArbState *state;
  GtkLabel *count;

  gtk_window_present (GTK_WINDOW (window));
  arb_test_show_finished_game (window, game);
  arb_window_start_replay (window);
  replay = arb_test_replay (window);
  while (arb_state_turns_left (arb_replay_get_state (replay)) < 3)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-previous", NULL);
  count = deck_count_label (window);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (count), "warning"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (count), "error"));
  while (arb_state_turns_left (arb_replay_get_state (replay)) > 2)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
  state = arb_replay_get_state (replay);
  g_assert_false (arb_state_is_last_turn (state));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (count), "warning"));
  while (!arb_state_is_last_turn (arb_replay_get_state (replay)))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (count), "error"));
  while (arb_replay_get_state (replay)->phase != ARB_PHASE_PLAY)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
  state = arb_replay_get_state (replay);
  wanted_heading = g_strdup_printf ("%s: Play a card · Last turn",
                                    arb_player_get_name (arb_game_get_player (arb_test_game (window), state->current)));
  arb_test_wait_for (window, heading_shown);
  g_clear_pointer (&wanted_heading, g_free);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
other_hands_mapped (ArbWindow *window)
{
  return gtk_widget_get_mapped (ARB_TEST_TABLE_PART (window, "other_hands_box"));
}

/* A replay with all hands open: the other hands come above the hand shown,
 * not between its title (beside it) and its cards. */
static void
test_all_hands_order (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (ArbGame) game = arb_test_random_game (3, 6);

  gtk_window_present (GTK_WINDOW (window));
  arb_test_show_finished_game (window, game);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  gtk_toggle_button_set_active (window->all_hands_switch, TRUE);
  arb_test_wait_for (window, other_hands_mapped);
  /* Laid out in the frame after. */
  arb_test_wait_frames (GTK_WIDGET (window), 2);
  {
    GtkWidget *hand = GTK_WIDGET (arb_table_get_hand_view (arb_test_table (window)));
    double hand_y = arb_test_y_in_window (window, hand);
    double title_y = arb_test_y_in_window (window, ARB_TEST_TABLE_PART (window, "hand_title"));

    g_assert_cmpfloat (arb_test_y_in_window (window, ARB_TEST_TABLE_PART (window, "other_hands_box")), <, hand_y);
    g_assert_cmpfloat (title_y, >=, hand_y);
    g_assert_cmpfloat (title_y, <, hand_y + gtk_widget_get_height (hand));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The log's row of the step just replayed, or -1; rows after it must be
 * dimmed and rows before it not. */
static int
current_log_row (ArbWindow *window)
{
  ArbLogView *log = arb_table_get_log_view (arb_test_table (window));
  guint n = arb_log_view_get_n_lines (log);
  int current = -1;

  for (guint i = 0; i < n; i++)
    if (arb_log_view_line_has_style (log, i, "replay-current"))
      {
        g_assert_cmpint (current, ==, -1);
        current = (int) i;
      }
  for (guint i = 0; i < n; i++)
    g_assert_true (arb_log_view_line_has_style (log, i, "replay-future")
                   == (arb_test_replay (window) != NULL && (int) i > current));
  return current;
}

static int height_before;

static gboolean
table_height_changed (ArbWindow *window)
{
  return gtk_widget_get_height (GTK_WIDGET (arb_test_table (window))) != height_before;
}

/* The replay bar comes in at once: the table takes its new height in the
 * first frame after and keeps it. A bar sliding in laid the table out anew
 * in each frame of its slide, at another height, which cost the renderer
 * about 10 MiB (docs/perf.md). */
static void
test_replay_bar_at_once (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  GtkWidget *table;
  int first;

  /* With animations on, as a sliding bar would slide. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  arb_test_play_turns (window, 2);
  arb_test_wait_frames (GTK_WIDGET (window), 2);
  table = GTK_WIDGET (arb_test_table (window));
  height_before = gtk_widget_get_height (table);
  arb_window_start_replay (window);
  arb_test_wait_for (window, table_height_changed);
  first = gtk_widget_get_height (table);
  /* The frames in which a bar would slide. */
  arb_test_wait_frames (GTK_WIDGET (window), 5);
  g_assert_cmpint (gtk_widget_get_height (table), ==, first);
  g_assert_cmpint (first, <, height_before);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* In a replay the log follows the cursor: the step just replayed is
 * marked and in view, the steps to come dimmed; back in the game, the log
 * is whole again. */
static void
test_log_follows_replay (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  int row;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  arb_test_play_turns (window, 6);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  for (int i = 0; i < 5; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
  arb_test_wait_frames (GTK_WIDGET (window), 1);
  /* A replay shows the hand as it is: no place left empty. */
  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new ();

    arb_test_find_type (GTK_WIDGET (arb_table_get_hand_view (arb_test_table (window))), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      g_assert_false (gtk_widget_has_css_class (labels->pdata[i], "hand-gap"));
  }
  row = current_log_row (window);
  g_assert_cmpint (row, ==, arb_log_view_get_row_of_step (arb_table_get_log_view (arb_test_table (window)), 4));
  arb_test_wait_log_line_in_view (arb_table_get_log_view (arb_test_table (window)), (guint) row);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-exit", NULL);
  g_assert_null (arb_test_replay (window));
  g_assert_cmpint (current_log_row (window), ==, -1);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window/last-turn-shown", test_last_turn_shown);
  g_test_add_func ("/window/all-hands-order", test_all_hands_order);
  g_test_add_func ("/window/replay-bar-at-once", test_replay_bar_at_once);
  g_test_add_func ("/window/log-follows-replay", test_log_follows_replay);
  return g_test_run ();
}
