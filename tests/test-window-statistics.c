/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-statistics.c: a game a person ends in the application's
 * window is counted, kept in the data folder, and read in the Statistics
 * window that the menu's action opens, in English and in French; Reset
 * asks, then forgets. */
#include "config.h"

#include "arb-test-window.h"

#include "arb-application.h"
#include "arb-log-view.h"
#include "arb-statistics-window.h"

static ArbApplication *app;
static guint game_points;
static gboolean game_won;

/* Ann (a person) against Talia (easy), one step from its end, the step
 * Ann's: a game that ends in the window as soon as she discards. */
static ArbGame *
game_one_step_from_the_end (void)
{
  for (guint32 seed = 1; ; seed++)
    {
      g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (ArbGame) whole = NULL;
      g_autoptr (GError) error = NULL;
      ArbGame *game;
      guint last;

      g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_PERSON, NULL));
      g_ptr_array_add (players, arb_player_new ("Talia", ARB_PLAYER_COMPUTER, "easy"));
      whole = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);
      game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);
      g_assert_no_error (error);
      while (!arb_game_is_finished (whole))
        {
          ArbMove move;

          g_assert_true (arb_ai_random_move (arb_game_get_state (whole), rand, &move));
          g_assert_true (arb_game_apply (whole, &move, &error));
        }
      last = arb_game_get_n_steps (whole) - 1;
      if (arb_game_get_step (whole, last)->player == 0)
        {
          ArbScoreSheet sheet;

          for (guint i = 0; i < last; i++)
            g_assert_true (arb_game_apply_step (game, arb_game_get_step (whole, i), &error));
          g_assert_no_error (error);
          arb_game_get_score (whole, &sheet);
          game_points = sheet.players[0].total;
          game_won = (sheet.winners & 1) != 0;
          return game;
        }
      g_object_unref (game);
    }
}

static ArbGame *
game_window_game (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ARB_IS_WINDOW (l->data))
      return arb_test_game (l->data);
  return NULL;
}

static ArbStatisticsWindow *
open_statistics (void)
{
  ArbStatisticsWindow *statistics;

  g_action_group_activate_action (G_ACTION_GROUP (app), "statistics", NULL);
  statistics = arb_test_find_toplevel (ARB_TYPE_STATISTICS_WINDOW);
  g_assert_nonnull (statistics);
  arb_test_wait_laid_out (GTK_WIDGET (statistics));
  return statistics;
}

static void
assert_shows (ArbStatisticsWindow *statistics, const char *text)
{
  if (arb_test_find_label (GTK_WIDGET (statistics), text) == NULL)
    g_error ("The Statistics window does not show “%s”", text);
}

static void
close_statistics (ArbStatisticsWindow *statistics)
{
  g_object_add_weak_pointer (G_OBJECT (statistics), (gpointer *) &statistics);
  gtk_window_destroy (GTK_WINDOW (statistics));
  arb_test_wait_until ("the Statistics window to be freed", arb_test_pointer_cleared, &statistics);
}

static void
check_in_english (void)
{
  ArbStatisticsWindow *statistics = open_statistics ();
  g_autofree char *average = g_strdup_printf ("%.1f", (double) game_points);
  g_autofree char *line = g_strdup_printf ("Won %u of 1 · best %u · average %s", game_won, game_points, average);
  g_autofree char *points = g_strdup_printf ("%u", game_points);

  assert_shows (statistics, "Statistics");
  assert_shows (statistics, "Ann");
  assert_shows (statistics, "Games played");
  assert_shows (statistics, "1");
  assert_shows (statistics, game_won ? "1 (100%)" : "0 (0%)");
  assert_shows (statistics, points);
  assert_shows (statistics, "Standard rules (2018), 2 players");
  assert_shows (statistics, "Against the Computer");
  assert_shows (statistics, "Easy");
  assert_shows (statistics, line);
  /* The computer's games are not counted. */
  g_assert_null (arb_test_find_label (GTK_WIDGET (statistics), "Talia"));
  close_statistics (statistics);
}

static void
check_in_french (void)
{
  ArbStatisticsWindow *statistics = open_statistics ();
  g_autofree char *average = g_strdup_printf ("%.1f", (double) game_points);
  g_autofree char *line = g_strdup_printf ("Gagnées\xc2\xa0: %u sur 1 · meilleur score %u · moyenne %s",
                                           game_won, game_points, average);

  assert_shows (statistics, "Statistiques");
  assert_shows (statistics, "Parties jouées");
  assert_shows (statistics, "Règles standard (2018), 2 joueurs");
  assert_shows (statistics, "Contre l’ordinateur");
  assert_shows (statistics, line);
  close_statistics (statistics);
}

static gboolean
shows_no_games (ArbStatisticsWindow *statistics)
{
  GtkLabel *label = arb_test_find_label (GTK_WIDGET (statistics), "No Games Yet");

  return label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label));
}

static gboolean
log_hidden (ArbWindow *window)
{
  g_autoptr (GPtrArray) logs = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), ARB_TYPE_LOG_VIEW, logs);
  return logs->len == 1 && !gtk_widget_get_mapped (logs->pdata[0]);
}

/* The log of a game shown 120 steps in is laid out in one go, and until
 * it is, on a busy machine, the frames it asks for hold back the session's
 * idle that tells the game's end (by 30 s under a load of 17): the side
 * panel that shows it is closed first. */
static void
close_the_log (ArbWindow *window)
{
  if (!log_hidden (window))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-side-panel", NULL);
  arb_test_wait_for (window, log_hidden);
}

static void
test_counted_and_shown (void)
{
  g_autoptr (ArbGame) game = game_one_step_from_the_end ();
  g_autoptr (ArbStatistics) kept = arb_statistics_new (NULL);
  g_autoptr (GError) error = NULL;
  ArbStatisticsWindow *statistics;
  AdwMessageDialog *question;
  ArbWindow *window;
  ArbTally tally;

  g_application_activate (G_APPLICATION (app));
  window = ARB_WINDOW (gtk_application_get_windows (GTK_APPLICATION (app))->data);
  arb_window_set_game (window, game);
  close_the_log (window);
  arb_test_person_step (window);
  /* Its scores are shown when the game is told over, as it is counted. */
  arb_test_wait_for (window, arb_test_settled);
  g_assert_true (game_window_game () == game && arb_game_is_finished (game));

  /* Kept in the data folder. */
  g_assert_true (arb_statistics_load (kept, &error));
  g_assert_no_error (error);
  arb_statistics_get_tally (kept, "Ann", ARB_VARIANT_STANDARD, 2, &tally);
  g_assert_cmpuint (tally.played, ==, 1);
  g_assert_cmpuint (tally.won, ==, game_won);
  g_assert_cmpuint (tally.best, ==, game_points);

  g_test_message ("counted");
  check_in_english ();
  arb_test_in_french (check_in_french);

  g_test_message ("read in both languages");
  /* Reset asks first. */
  statistics = open_statistics ();
  gtk_widget_activate_action (GTK_WIDGET (statistics), "statistics.reset", NULL);
  question = arb_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  adw_message_dialog_response (question, "cancel");
  assert_shows (statistics, "Games played");
  gtk_widget_activate_action (GTK_WIDGET (statistics), "statistics.reset", NULL);
  question = arb_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  adw_message_dialog_response (question, "reset");
  arb_test_wait_until ("the Statistics window to show no games", (ArbTestWaitFunc) shows_no_games, statistics);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (arb_test_find_button (GTK_WIDGET (statistics), "_Reset…"))));
  close_statistics (statistics);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  arb_test_window_init (&argc, &argv);
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_uint (settings, "think-time", 0);
  app = arb_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
  g_test_add_func ("/statistics-window/counted-and-shown", test_counted_and_shown);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
