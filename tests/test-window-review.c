/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-review.c: the review of a game in its replay: running it,
 * cancelling it, its chart and Hard’s choices on the table.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and widgets, and checked against the engine (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"

#include <glib/gstdio.h>

#include "arb-card-widget.h"
#include "arb-pile-view.h"

static gboolean
chart_mapped (ArbWindow *window)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window->review_chart));
}

/* The chart of a reviewed replay folds away with its button, at first in
 * a window under 800 pixels high; a click at a step's place takes the
 * replay there. */
static void
check_chart_clicks (ArbWindow *window)
{
  GtkWidget *chart = GTK_WIDGET (window->review_chart);
  ArbReplay *replay = arb_test_replay (window);
  guint n = arb_review_get_n_steps (arb_session_get_review (window->session));

  arb_test_wait_frames (GTK_WIDGET (window), 2);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->chart_button)));
  g_assert_cmpint (gtk_toggle_button_get_active (window->chart_button), ==,
                   gtk_widget_get_height (GTK_WIDGET (window)) >= 800);
  gtk_toggle_button_set_active (window->chart_button, FALSE);
  g_assert_false (gtk_widget_get_visible (chart));
  gtk_toggle_button_set_active (window->chart_button, TRUE);
  arb_test_wait_for (window, chart_mapped);
  arb_test_wait_frames (GTK_WIDGET (window), 1);
  g_assert_cmpint (gtk_widget_get_width (chart), >, 100);
  for (guint step = 0; step <= n; step += 3)
    {
      g_signal_emit_by_name (arb_test_find_controller (chart, GTK_TYPE_GESTURE_CLICK), "pressed", 1,
                             arb_review_chart_x_of_step (window->review_chart, step), 10.0);
      g_assert_cmpuint (arb_replay_get_step (replay), ==, step);
      g_assert_cmpuint (arb_review_chart_get_step (window->review_chart), ==, step);
    }
}

/* Page Down and Page Up on the chart go from one marked decision to the
 * next: the replay stands where each is made. */
static void
check_chart_keys (ArbWindow *window)
{
  GtkWidget *chart = GTK_WIDGET (window->review_chart);
  ArbReplay *replay = arb_test_replay (window);
  ArbReview *review = arb_session_get_review (window->session);
  guint n = arb_review_get_n_steps (review), first_mark = G_MAXUINT, second_mark = G_MAXUINT;
  gboolean handled = FALSE;

  for (guint i = 0; i < n; i++)
    if (arb_review_get_entry (review, i)->mark != ARB_REVIEW_MARK_NONE)
      {
        if (first_mark == G_MAXUINT)
          first_mark = i;
        else if (second_mark == G_MAXUINT)
          second_mark = i;
      }
  g_test_message ("marked decisions at %u and %u", first_mark, second_mark);
  g_assert_cmpuint (second_mark, <, n);
  arb_replay_seek (replay, 0);
  g_signal_emit_by_name (arb_test_find_controller (chart, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         GDK_KEY_Page_Down, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, first_mark);
  g_signal_emit_by_name (arb_test_find_controller (chart, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         GDK_KEY_Page_Down, 0, 0, &handled);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, second_mark);
  g_signal_emit_by_name (arb_test_find_controller (chart, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         GDK_KEY_Page_Up, 0, 0, &handled);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, first_mark);
}

/* The piles marked as Hard's choice at a step: the pile Hard would have
 * drawn from, or its own pile with the card Hard would have discarded. */
static guint
check_pile_marks (ArbWindow *window, const ArbReviewEntry *entry, const ArbStep *step)
{
  ArbTable *table = arb_test_table (window);
  gboolean differs = !arb_review_same_move (&entry->best, &step->move);
  guint n_marked = 0;

  for (int p = ARB_SOURCE_DECK; p < (int) arb_game_get_n_seats (arb_test_game (window)); p++)
    {
      ArbPileView *pile = arb_table_get_pile_view (table, p);
      gboolean drawn_from = entry->best.kind == ARB_MOVE_DRAW && entry->best.source == p;
      gboolean discarded_on = entry->best.kind == ARB_MOVE_DISCARD && (int) step->player == p;
      GtkWidget *ghost = arb_pile_view_get_ghost (pile);

      g_assert_true (arb_pile_view_get_suggested (pile) == (differs && (drawn_from || discarded_on)));
      g_assert_true ((ghost != NULL) == (differs && discarded_on));
      if (ghost != NULL)
        g_assert_cmpuint (arb_card_widget_get_card (ARB_CARD_WIDGET (ghost)), ==, entry->best.card);
      n_marked += arb_pile_view_get_suggested (pile);
    }
  return n_marked;
}

/* At every step of a reviewed replay, Hard's card is drawn where it would
 * have gone exactly when Hard would have planted another card, or
 * elsewhere, and the pile it would have drawn from or discarded on is
 * marked; it goes with the replay. */
static void
check_ghosts (ArbWindow *window)
{
  ArbGame *game = arb_test_game (window);
  ArbReview *review = arb_session_get_review (window->session);
  guint n = arb_review_get_n_steps (review);
  guint n_ghosts = 0, n_piles = 0;

  for (guint s = 0; s < n; s++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, s);
      const ArbStep *step = arb_game_get_step (game, s);
      gboolean expected = entry->best.kind == ARB_MOVE_PLAY && !arb_review_same_move (&entry->best, &step->move);
      GtkWidget *ghost = arb_arboretum_view_get_ghost (arb_table_get_arboretum_view (arb_test_table (window), step->player));

      g_assert_cmpuint (arb_replay_get_step (arb_test_replay (window)), ==, s);
      g_assert_true ((ghost != NULL) == expected);
      n_ghosts += ghost != NULL;
      n_piles += check_pile_marks (window, entry, step);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
    }
  g_test_message ("%u of %u steps with a ghost, %u with a pile marked", n_ghosts, n, n_piles);
  /* This game has both: the checks above are not vacuous. */
  g_assert_cmpuint (n_ghosts, >, 0);
  g_assert_cmpuint (n_piles, >, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
}

static gboolean
reviewed (ArbWindow *window)
{
  return arb_session_get_review (window->session) != NULL;
}

/* At every step the review speaks a player's words: no coordinates, no
 * "±", "the computer" rather than Hard, no "your" of anyone's move, points lost as "about 5 points";
 * under the chart, what its lines mean and the marks' legend. */
static void
check_words (ArbWindow *window)
{
  ArbReview *review = arb_session_get_review (window->session);
  ArbReplay *replay = arb_session_get_replay (window->session);
  guint differ = 0;

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->review_key)));
  g_assert_nonnull (strstr (gtk_label_get_label (window->review_key), "Lines: "));
  g_assert_nonnull (strstr (gtk_label_get_label (window->review_key), arb_review_marks_legend ()));
  for (guint i = 0; i < arb_review_get_n_steps (review); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, i);
      const char *text;

      arb_replay_seek (replay, i);
      text = gtk_label_get_label (window->review_label);
      g_assert_true (g_str_has_prefix (text, "Next: "));
      g_assert_null (strchr (text, '('));
      g_assert_null (strstr (text, "±"));
      g_assert_null (strstr (text, "Hard"));
      /* Read by every player, of anyone's move: never "your". */
      g_assert_null (strstr (text, "your"));
      if (arb_review_same_move (&entry->best, &arb_game_get_step (arb_test_game (window), i)->move))
        g_assert_nonnull (strstr (text, "The computer would have done the same."));
      else if (entry->loss >= 50)
        {
          g_assert_nonnull (strstr (text, "The computer’s choice: "));
          g_assert_nonnull (strstr (text, entry->loss < 150 ? "about 1 point better" : " points better"));
          differ++;
        }
    }
  g_assert_cmpuint (differ, >, 0);
}

/* Review, in the replay: runs in the background, then says at each step
 * what Hard would have done; the game has something new to save, and a
 * saved review comes back with the file, shown without running again. */
static void
test_review_in_replay (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arboretum-window-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "reviewed.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  ArbWindow *opened;
  guint n_steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 51, &error));
  arb_test_play_turns (window, 2);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  n_steps = arb_game_get_n_steps (arb_test_game (window));
  arb_window_start_replay (window);
  g_assert_false (gtk_widget_get_visible (window->review_box));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->review_chart)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  g_assert_true (arb_session_get_reviewing (window->session));
  g_assert_true (gtk_widget_get_visible (window->review_box));
  arb_test_wait_reviewed (window);
  g_assert_false (arb_session_get_reviewing (window->session));
  g_assert_true (arb_session_get_modified (window->session));
  g_assert_cmpuint (arb_review_get_n_steps (arb_session_get_review (window->session)), ==, n_steps);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  g_assert_true (gtk_widget_get_visible (window->review_box));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (window->review_label), "Next: "));
  check_ghosts (window);
  check_chart_clicks (window);
  check_words (window);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));

  opened = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (opened));
  g_assert_true (arb_test_open_file (opened, file, &error));
  g_assert_no_error (error);
  g_assert_true (reviewed (opened));
  arb_window_start_replay (opened);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-first", NULL);
  g_assert_false (arb_session_get_reviewing (opened->session));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (opened->review_label), "Next: "));
  gtk_window_destroy (GTK_WINDOW (opened));
  g_unlink (path);
  g_rmdir (dir);
}

static void
count_review (guint *count, GParamSpec *pspec, ArbSession *session)
{
  if (arb_session_get_review (session) != NULL)
    (*count)++;
}

/* Back to the game from its replay, a review under way stops: no progress
 * left on screen, no review laid on the game when the worker ends, and the
 * game goes on, without a warning. */
static void
test_leaving_replay_cancels_review (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  ArbSession *session;
  guint n_steps;
  guint reviews_laid = 0;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 52, &error));
  arb_test_play_turns (window, 2);
  game = arb_test_game (window);
  n_steps = arb_game_get_n_steps (game);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  g_assert_true (arb_session_get_reviewing (window->session));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-exit", NULL));
  g_assert_null (arb_test_replay (window));
  g_assert_false (arb_session_get_reviewing (window->session));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->review_progress)));
  session = window->session;
  g_signal_connect_swapped (session, "notify::review", G_CALLBACK (count_review), &reviews_laid);
  g_assert_null (arb_session_get_review (session));
  g_assert_true (arb_test_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n_steps);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n_steps + 1);
  /* The worker holds the session until it ends, which it does within a
   * step of its analysis once cancelled: the session freed, the worker
   * has ended, and laid no review on the game on the way. */
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &session);
  gtk_window_destroy (GTK_WINDOW (window));
  arb_test_wait_until ("the cancelled review to end and let the session go", arb_test_pointer_cleared, &session);
  g_assert_cmpuint (reviews_laid, ==, 0);
}

/* A reviewed game of two random players, with its marked decisions: the
 * chart shows in the replay and leads to them. */
static void
test_review_chart (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (ArbGame) game = arb_test_random_game (2, 7);

  gtk_window_present (GTK_WINDOW (window));
  arb_test_show_finished_game (window, game);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  arb_test_wait_reviewed (window);
  check_chart_clicks (window);
  check_chart_keys (window);
  /* Out of the replay, no chart, nor its button. */
  arb_window_set_game (window, arb_test_game (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->review_chart)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->chart_button)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window/review-in-replay", test_review_in_replay);
  g_test_add_func ("/window/leaving-replay-cancels-review", test_leaving_replay_cancels_review);
  g_test_add_func ("/window/review-chart", test_review_chart);
  return g_test_run ();
}
