/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-application.c: ArbApplication, registered on the test's own session
 * bus: what activating it, opening a file with it or its New Game reach. */
#include "config.h"

#include <string.h>

#include "arb-test-window.h"

#include "arb-application.h"
#include "arb-score-dialog.h"

static guint
count_game_windows (GtkApplication *app)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (ARB_IS_WINDOW (l->data))
      n++;
  return n;
}

static ArbWindow *
only_game_window (GtkApplication *app)
{
  g_assert_cmpuint (count_game_windows (app), ==, 1);
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (ARB_IS_WINDOW (l->data))
      return ARB_WINDOW (l->data);
  g_assert_not_reached ();
}

static void
close_all (GtkApplication *app)
{
  GList *windows;

  /* One at a time: the game window takes its dialogs with it. */
  while ((windows = gtk_application_get_windows (app)) != NULL)
    gtk_window_destroy (GTK_WINDOW (windows->data));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The game window shows a finished game and its scores, in a dialog that
 * is the application's active window. */
static ArbWindow *
window_with_scores (GtkApplication *app)
{
  g_autoptr (ArbGame) game = arb_test_random_game (2, 28);
  ArbWindow *window;

  g_application_activate (G_APPLICATION (app));
  window = only_game_window (app);
  arb_test_show_finished_game (window, game);
  g_assert_nonnull (arb_window_get_score_dialog (window));
  g_assert_true (gtk_window_get_application (GTK_WINDOW (arb_window_get_score_dialog (window))) == app);
  g_assert_true (gtk_application_get_active_window (app) == GTK_WINDOW (arb_window_get_score_dialog (window)));
  return window;
}

/* A second launch reaches the game window, not the scores over it. */
static void
test_activate_with_scores (GtkApplication *app)
{
  ArbWindow *window = window_with_scores (app);

  g_application_activate (G_APPLICATION (app));
  arb_test_let_frames_pass ();
  g_assert_cmpuint (count_game_windows (app), ==, 1);
  g_assert_true (only_game_window (app) == window);
  close_all (app);
}

static gboolean
opened_unfinished (ArbWindow *window)
{
  return arb_test_not_loading (window) && !arb_test_finished (window);
}

/* A file opened from Files goes to the game window. */
static void
test_open_with_scores (GtkApplication *app)
{
  ArbWindow *window = window_with_scores (app);
  g_autoptr (GFile) file = arb_test_saved_game ("good-classic-3p-unfinished.arboretum");
  GFile *files[] = { file };

  g_assert_true (g_file_query_exists (file, NULL));
  g_application_open (G_APPLICATION (app), files, 1, "");
  arb_test_wait_for (window, opened_unfinished);
  g_assert_cmpuint (count_game_windows (app), ==, 1);
  g_assert_true (only_game_window (app) == window);
  close_all (app);
}

/* The New Game of the scores offers a new game in the same window. */
static void
test_new_game_with_scores (GtkApplication *app)
{
  ArbWindow *window = window_with_scores (app);

  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  g_assert_cmpuint (count_game_windows (app), ==, 1);
  g_assert_true (only_game_window (app) == window);
  g_assert_nonnull (arb_test_find_new_game_dialog ());
  close_all (app);
}

/* About credits the game's designer, and links to the website and the
 * issue tracker. */
static void
test_about (GtkApplication *app)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */
  AdwAboutWindow *about = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_ABOUT_WINDOW (w))
        about = ADW_ABOUT_WINDOW (w);
    }
  g_assert_nonnull (about);
  g_assert_true (g_str_has_prefix (adw_about_window_get_website (about), "https://"));
  g_assert_true (g_str_has_prefix (adw_about_window_get_issue_url (about), "https://"));
  g_assert_nonnull (strstr (adw_about_window_get_comments (about), "Dan Cassar"));
  gtk_window_destroy (GTK_WINDOW (about));
}

int
main (int argc, char *argv[])
{
  g_autoptr (ArbApplication) app = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GError) error = NULL;

  arb_test_window_init (&argc, &argv);
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_uint (settings, "think-time", 0);
  app = arb_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  /* The tests close their windows: the application stays for the next. */
  g_application_hold (G_APPLICATION (app));
  g_test_add_data_func ("/application/activate-with-scores", app, (GTestDataFunc) test_activate_with_scores);
  g_test_add_data_func ("/application/open-with-scores", app, (GTestDataFunc) test_open_with_scores);
  g_test_add_data_func ("/application/new-game-with-scores", app, (GTestDataFunc) test_new_game_with_scores);
  g_test_add_data_func ("/application/about", app, (GTestDataFunc) test_about);
  return g_test_run ();
}
