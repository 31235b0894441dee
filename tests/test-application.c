/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-application.c: ArbApplication, registered on the test's own session
 * bus: what activating it, opening a file with it or its New Game reach;
 * its accelerators, each in the shortcuts window. */
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
  ArbWindow *game_window = only_game_window (app);

  g_object_add_weak_pointer (G_OBJECT (game_window), (gpointer *) &game_window);
  /* One at a time: the game window takes its dialogs with it. */
  while ((windows = gtk_application_get_windows (app)) != NULL)
    gtk_window_destroy (GTK_WINDOW (windows->data));
  /* Whatever the window left to do it has done before the next test. */
  arb_test_wait_until ("the game window to be freed", arb_test_pointer_cleared, &game_window);
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
  g_assert_nonnull (arb_test_score_dialog (window));
  g_assert_true (gtk_window_get_application (GTK_WINDOW (arb_test_score_dialog (window))) == app);
  g_assert_true (gtk_application_get_active_window (app) == GTK_WINDOW (arb_test_score_dialog (window)));
  return window;
}

/* A second launch reaches the game window, not the scores over it. */
static void
test_activate_with_scores (GtkApplication *app)
{
  ArbWindow *window = window_with_scores (app);

  g_application_activate (G_APPLICATION (app));
  arb_test_wait_frames (GTK_WIDGET (window), 2);
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

/* A keypad digit is its digit: the shortcuts window lists "1" for both. */
static guint
main_keyval (guint keyval)
{
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    return GDK_KEY_0 + (keyval - GDK_KEY_KP_0);
  return keyval;
}

/* Whether one of the shortcuts window's rows shows accel: by the action it
 * names (the window then shows that action's accelerators), or in its
 * own accelerator text ("Tab <Shift>Tab", a range "1...4"). */
static gboolean
overlay_lists (GPtrArray *shortcuts, const char *action, const char *accel)
{
  guint key, want_key;
  GdkModifierType mods, want_mods;

  g_assert_true (gtk_accelerator_parse (accel, &want_key, &want_mods));
  want_key = main_keyval (want_key);
  for (guint i = 0; i < shortcuts->len; i++)
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *name = NULL;
      g_auto (GStrv) keys = NULL;

      g_object_get (shortcuts->pdata[i], "accelerator", &accelerator, "action-name", &name, NULL);
      if (g_strcmp0 (name, action) == 0)
        return TRUE;
      keys = g_strsplit (accelerator != NULL ? accelerator : "", " ", -1);
      for (guint k = 0; keys[k] != NULL; k++)
        {
          g_auto (GStrv) range = g_strsplit (keys[k], "...", 2);
          guint last;

          if (!gtk_accelerator_parse (range[0], &key, &mods))
            continue;
          last = key;
          if (range[1] != NULL && !gtk_accelerator_parse (range[1], &last, NULL))
            continue;
          if (mods == want_mods && want_key >= key && want_key <= last)
            return TRUE;
        }
    }
  return FALSE;
}

/* The shortcuts window lists every accelerator the application sets, and
 * every action it names has one; it fits a window of an 800-pixel screen. */
static void
test_shortcuts_listed (GtkApplication *app)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr (GPtrArray) shortcuts = g_ptr_array_new ();
  g_auto (GStrv) actions = gtk_application_list_action_descriptions (app);
  GtkShortcutsWindow *overlay;
  int minimum, natural;

  arb_application_add_shortcuts_action (GTK_APPLICATION_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  arb_test_find_type (GTK_WIDGET (overlay), GTK_TYPE_SHORTCUTS_SHORTCUT, shortcuts);
  g_assert_cmpuint (g_strv_length (actions), >, 10);
  for (guint a = 0; actions[a] != NULL; a++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (app, actions[a]);
      g_autofree char *action = NULL;
      g_autoptr (GVariant) target = NULL;

      /* "win.read-arboretum(0)": a row names the action without its target. */
      g_assert_true (g_action_parse_detailed_name (actions[a], &action, &target, NULL));
      for (guint k = 0; accels[k] != NULL; k++)
        {
          if (!overlay_lists (shortcuts, actions[a], accels[k]) && !overlay_lists (shortcuts, action, accels[k]))
            g_error ("%s (%s) is not in the shortcuts window", accels[k], actions[a]);
        }
    }
  for (guint i = 0; i < shortcuts->len; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *accelerator = NULL;

      g_object_get (shortcuts->pdata[i], "action-name", &name, "accelerator", &accelerator, NULL);
      if (name != NULL)
        {
          g_auto (GStrv) accels = gtk_application_get_accels_for_action (app, name);
          if (accels[0] == NULL)
            g_error ("the shortcuts window lists %s, which has no accelerator", name);
        }
      else
        g_assert_true (accelerator != NULL && *accelerator != '\0');
    }
  gtk_widget_measure (GTK_WIDGET (overlay), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("shortcuts window: %d pixels wide at least, %d natural", minimum, natural);
  g_assert_cmpint (natural, <=, 800 - 2 * 24);
  gtk_widget_measure (GTK_WIDGET (overlay), GTK_ORIENTATION_VERTICAL, natural, &minimum, &natural, NULL, NULL);
  g_test_message ("shortcuts window: %d pixels high", natural);
  g_assert_cmpint (natural, <=, 600 - 40);
  close_all (app);
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
  g_test_add_data_func ("/application/shortcuts-listed", app, (GTestDataFunc) test_shortcuts_listed);
  return g_test_run ();
}
