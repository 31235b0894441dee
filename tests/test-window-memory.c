/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-memory.c: what the window draws and when it gives memory back,
 * beside GNOME Chess.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and widgets, and checked against the engine (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"

#include "arb-application.h"

static gboolean
redraw_for_a_while (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  guint *frames_left = data;

  gtk_widget_queue_draw (widget);
  return --*frames_left > 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Draws frames for a moment, as the overlay scrollbars fading out do. */
static void
draw_a_burst_of_frames (GtkWidget *widget)
{
  guint frames_left = 20;

  gtk_widget_add_tick_callback (widget, redraw_for_a_while, &frames_left, NULL);
  while (frames_left > 0)
    g_main_context_iteration (NULL, TRUE);
}

/* The heap's free pages are given back each time the window settles after
 * a save is opened, not only the first time: the overlay scrollbars fade
 * out in a second burst of frames, two seconds later. Then the window is
 * no longer watched. A phase starting while the window is watched (a save
 * opened as the launch settles) adds no second watch. */
static void
test_release_after_each_burst (void)
{
  ArbWindow *window = arb_test_new_window ();
  guint before;

  gtk_window_present (GTK_WINDOW (window));
  arb_test_let_frames_pass ();
  before = arb_application_get_n_memory_releases ();
  arb_application_release_memory_when_settled (GTK_WIDGET (window));
  arb_application_release_memory_when_settled (GTK_WIDGET (window));
  draw_a_burst_of_frames (GTK_WIDGET (window));
  arb_test_run_for (400);
  g_assert_cmpuint (arb_application_get_n_memory_releases (), ==, before + 1);

  arb_test_run_for (1000);
  draw_a_burst_of_frames (GTK_WIDGET (window));
  arb_test_run_for (400);
  g_assert_cmpuint (arb_application_get_n_memory_releases (), ==, before + 2);

  arb_test_run_for (3200);
  draw_a_burst_of_frames (GTK_WIDGET (window));
  arb_test_run_for (400);
  g_assert_cmpuint (arb_application_get_n_memory_releases (), ==, before + 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Opening a finished game from the welcome page, and scrolling its log,
 * the window draws only what GNOME Chess draws: no crossfade between the
 * pages, no drop shadow under the replay slider's knob, no outline around
 * the overlay scrollbar (issue 10). Every frame is looked at, the
 * animations' too. */
static void
test_draws_like_chess (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = arb_test_saved_game ("good-standard-4p.arboretum"); /* 4 players, 200 steps */
  GtkScrolledWindow *log_scroller;
  GtkAdjustment *adjustment;
  ArbTestKindsSeen kinds = { 0 };
  gboolean opened;
  guint tick;

  gtk_window_present (GTK_WINDOW (window));
  arb_test_let_frames_pass ();
  log_scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (
      GTK_WIDGET (arb_log_view_get_text_view (arb_table_get_log_view (arb_window_get_table (window)))), GTK_TYPE_SCROLLED_WINDOW));
  kinds.scrollbar = gtk_scrolled_window_get_vscrollbar (log_scroller);
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), arb_test_note_frame_kinds, &kinds, NULL);
  opened = arb_window_open_file (window, file, &error);
  g_assert_no_error (error);
  g_assert_true (opened);
  arb_test_let_frames_pass ();
  adjustment = gtk_scrolled_window_get_vadjustment (log_scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
  arb_test_let_frames_pass ();
  arb_test_assert_drew_like_chess (window, tick, &kinds);
  g_assert_cmpuint (kinds.frames_with_scrollbar, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A turn of play draws no other kinds either: the new cards' rings, the
 * chosen card on its plate, the free cells, the computer's cards flying. */
static void
test_play_draws_like_chess (void)
{
  ArbWindow *window = arb_test_new_window ();
  GtkWidget *hand;
  g_autoptr (GError) error = NULL;
  ArbTestKindsSeen kinds = { 0 };
  guint tick;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 99, &error));
  g_assert_no_error (error);
  hand = GTK_WIDGET (arb_table_get_hand_view (arb_window_get_table (window)));
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), arb_test_note_frame_kinds, &kinds, NULL);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  arb_test_let_frames_pass ();
  g_assert_cmpuint (arb_test_count_class (hand, "new-card"), >, 0);
  arb_test_select_card (window, arb_card_set_nth (&arb_game_get_state (arb_window_get_game (window))->hands[0], 0));
  arb_test_let_frames_pass ();
  arb_test_person_step (window);
  arb_test_person_step (window);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_let_frames_pass ();
  arb_test_assert_drew_like_chess (window, tick, &kinds);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window/draws-like-chess", test_draws_like_chess);
  g_test_add_func ("/window/play-draws-like-chess", test_play_draws_like_chess);
  g_test_add_func ("/window/release-after-each-burst", test_release_after_each_burst);
  return g_test_run ();
}
