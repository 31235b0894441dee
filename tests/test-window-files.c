/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-files.c: save games in the window: saving, opening and
 * replaying a game, the offers to save before a game is let go, damaged
 * files, the log of a game opened.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and widgets, and checked against the engine (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include "arb-autosave-slots.h"
#include "arb-test-files.h"


static gboolean
no_score_dialog (ArbWindow *window)
{
  return arb_test_score_dialog (window) == NULL;
}

static void
test_save_open_replay (void)
{
  ArbWindow *window = arb_test_new_window ();
  ArbWindow *opened;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arboretum-window-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (ArbGame) game = NULL;
  ArbGame *loaded;
  ArbReplay *replay;
  ArbState final;
  guint n_steps;

  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 4321, &error));
  game = g_object_ref (arb_test_game (window));
  arb_test_play_to_the_end (window);
  final = *arb_game_get_state (game);
  n_steps = arb_game_get_n_steps (game);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));

  opened = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (opened));
  g_assert_true (arb_test_open_file (opened, file, &error));
  g_assert_no_error (error);
  loaded = arb_test_game (opened);
  g_assert_cmpuint (arb_game_get_n_steps (loaded), ==, n_steps);
  g_assert_true (memcmp (&final, arb_game_get_state (loaded), sizeof final) == 0);

  /* A finished game opens as a replay, at its end. */
  replay = arb_test_replay (opened);
  g_assert_nonnull (replay);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, n_steps);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-first", NULL);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 0);
  g_assert_true (memcmp (arb_replay_get_state (replay), arb_game_get_start_state (loaded), sizeof final) == 0);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (opened))), ==, ARB_HAND_SIZE);
  for (guint i = 0; i < 6; i++)
    gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-next", NULL);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 6);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-previous", NULL);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 5);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-last", NULL);
  g_assert_true (memcmp (arb_replay_get_state (replay), &final, sizeof final) == 0);

  /* The menu's Scores and Replay work in the replay of a finished game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (opened), "win.show-scores", NULL));
  g_assert_nonnull (arb_test_score_dialog (opened));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay", NULL));
  arb_test_wait_for (opened, no_score_dialog);
  g_assert_null (arb_test_score_dialog (opened));
  g_assert_true (arb_test_replay (opened) == replay);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 0);

  /* Playing on from an earlier moment makes a new game with that history. */
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-first", NULL);
  for (guint i = 0; i < 4; i++)
    gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-continue", NULL);
  g_assert_null (arb_test_replay (opened));
  g_assert_cmpuint (arb_game_get_n_steps (arb_test_game (opened)), ==, 4);
  g_assert_false (arb_game_is_finished (arb_test_game (opened)));
  arb_test_play_to_the_end (opened);
  arb_test_check_score_sheet (opened);
  gtk_window_destroy (GTK_WINDOW (opened));
  g_unlink (path);
  g_rmdir (dir);
}
static void
test_close_offers_to_save (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */
  gboolean asked = FALSE;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 9, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  gtk_window_close (GTK_WINDOW (window));
  /* A move was made and not saved: the window stays and asks. */
  g_assert_nonnull (window);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        {
          asked = TRUE;
          adw_message_dialog_response (ADW_MESSAGE_DIALOG (w), "cancel");
        }
    }
  g_assert_true (asked);
  g_assert_nonnull (window);
  /* The window may outlive this function (a computer still thinking holds
   * it): its weak pointer must not write into a later test's stack. */
  g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Close Without Saving, clicked as a person clicks it: the dialog closes
 * after the window it belonged to, and nothing touches the freed window
 * (under fatal-warnings, its "invalid class pointer" warnings abort). */
static void
test_close_without_saving (void)
{
  g_autoptr (GtkApplication) app = gtk_application_new ("io.github.arboretum_game.ArboretumTest",
                                                        G_APPLICATION_NON_UNIQUE);
  g_autoptr (GError) error = NULL;
  ArbWindow *window;
  AdwMessageDialog *asked;
  GtkWidget *discard;

  /* As in the program, the application holds the window's last reference,
   * so that closing it frees it at once. */
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  window = arb_window_new (app);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,person", 9, &error));
  arb_test_wait_for (window, arb_test_settled);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
  arb_test_person_step (window);
  arb_test_wait_for (window, arb_test_settled);
  gtk_window_close (GTK_WINDOW (window));
  asked = arb_test_find_message_dialog (window);
  g_assert_nonnull (asked);
  discard = arb_test_find_button (GTK_WIDGET (asked), "_Close Without Saving");
  g_assert_nonnull (discard);
  g_object_add_weak_pointer (G_OBJECT (asked), (gpointer *) &asked);
  g_signal_emit_by_name (discard, "clicked");
  arb_test_wait_until ("the window to be freed", arb_test_pointer_cleared, &window);
  arb_test_wait_until ("the dialog to be freed after it", arb_test_pointer_cleared, &asked);
}


static gboolean
log_mapped (ArbWindow *window)
{
  return gtk_widget_get_mapped (GTK_WIDGET (arb_table_get_log_view (arb_test_table (window))));
}

/* A finished game opened from a file is replayed at its last step, and its
 * log shows that step: GTK lays out a long text's lines in an idle of its
 * own, which the frames of the table's first moments can hold back, and the
 * log must aim at its last line again once they are laid out. */
static void
test_log_at_end_of_opened_game (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = arb_test_saved_game ("good-standard-4p.arboretum"); /* 4 players, 200 steps */
  ArbLogView *log;

  /* Wide enough for the side panel, whatever size an earlier test left. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  arb_test_wait_frames (GTK_WIDGET (window), 2);
  g_assert_true (arb_test_open_file (window, file, &error));
  g_assert_no_error (error);
  log = arb_table_get_log_view (arb_test_table (window));
  g_assert_cmpuint (arb_log_view_get_n_lines (log), >, 200);
  arb_test_wait_for (window, log_mapped);
  /* The last step's line: the game's result follows it. */
  arb_test_wait_log_line_in_view (log, (guint) arb_log_view_get_row_of_step (log, 199));
  g_assert_false (arb_test_log_line_in_view (log, 0));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* A new game would take the place of one with unsaved steps: the window
 * asks first, and Cancel keeps the game as it was; so does a Discard
 * followed by no new game. */
static void
test_new_game_offers_to_save (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *asked;
  ArbNewGameDialog *dialog;
  ArbGame *game;
  guint steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 11, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  game = arb_test_game (window);
  steps = arb_game_get_n_steps (game);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  asked = arb_test_find_message_dialog (window);
  g_assert_nonnull (asked);
  g_assert_null (arb_test_find_new_game_dialog ());
  adw_message_dialog_response (asked, "cancel");
  g_assert_true (arb_test_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  asked = arb_test_find_message_dialog (window);
  g_assert_nonnull (asked);
  adw_message_dialog_response (asked, "discard");
  dialog = arb_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
  /* Discarded, then no new game after all: the game is kept unsaved, and
   * closing the window asks again. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (arb_test_game (window) == game);
  gtk_window_close (GTK_WINDOW (window));
  asked = arb_test_find_message_dialog (window);
  g_assert_nonnull (asked);
  adw_message_dialog_response (asked, "cancel");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkFileChooser *
find_file_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

/* A chooser is shown, in a folder. */
G_GNUC_UNUSED static gboolean
chooser_shown (ArbWindow *window)
{
  GtkFileChooser *chooser = find_file_chooser ();
  g_autoptr (GFile) folder = chooser != NULL ? gtk_file_chooser_get_current_folder (chooser) : NULL;

  return folder != NULL;
}

G_GNUC_UNUSED static gboolean
no_chooser_shown (ArbWindow *window)
{
  return find_file_chooser () == NULL;
}

/* Open, reached through "Save the Game?" then Discard Game, is modal as
 * Open always is: no hand card can be chosen behind it. It starts in the
 * folder of the last save, and Save As too. */
static void
test_choosers_modal_in_last_folder (void)
{
#if defined(__SANITIZE_ADDRESS__)
  /* GTK's file chooser asks libcloudproviders for cloud folders, and the
   * library leaks what it builds (valgrind names it: g_build_filename ()
   * under libcloudproviders); LeakSanitizer cannot name it from its short
   * stacks, so no suppression can keep it out. The normal build runs this. */
  g_test_skip ("the file chooser's system libraries leak under LeakSanitizer");
  return;
#else
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("arb-folder-XXXXXX", &error);
  g_autoptr (GFile) expected = g_file_new_for_path (folder);
  const char *actions[] = { "win.open", "win.save-as" };

  g_assert_no_error (error);
  g_settings_set_string (settings, "last-folder", folder);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 11, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkFileChooser *chooser;
      g_autoptr (GFile) shown = NULL;

      gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL);
      if (i == 0)
        adw_message_dialog_response (arb_test_find_message_dialog (window), "discard");
      arb_test_wait_for (window, chooser_shown);
      chooser = find_file_chooser ();
      g_assert_true (gtk_window_get_modal (GTK_WINDOW (chooser)));
      shown = gtk_file_chooser_get_current_folder (chooser);
      g_assert_nonnull (shown);
      g_assert_true (g_file_equal (shown, expected));
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      arb_test_wait_for (window, no_chooser_shown);
    }
  g_settings_reset (settings, "last-folder");
  g_rmdir (folder);
  gtk_window_destroy (GTK_WINDOW (window));
#endif
}

/* The title the header bar shows. */
static const char *
window_title (ArbWindow *window)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE, found);
  g_assert_cmpuint (found->len, ==, 1);
  return adw_window_title_get_title (g_ptr_array_index (found, 0));
}

/* `arboretum FILE` while a game with unsaved moves is on: the window asks
 * first, as Open does; Cancel keeps the game, Discard opens the file, and a
 * window with nothing to save opens it at once. */
static void
test_open_file_offers_to_save (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arboretum-window-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (ArbGame) game = NULL;
  AdwMessageDialog *asked;
  guint saved_steps, steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 17, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  saved_steps = arb_game_get_n_steps (arb_test_game (window));
  g_assert_cmpstr (window_title (window), ==, "saved.arboretum");
  arb_test_person_step (window); /* a move that is not saved */
  g_assert_cmpstr (window_title (window), ==, "• saved.arboretum");
  game = g_object_ref (arb_test_game (window));
  steps = arb_game_get_n_steps (game);

  arb_window_open_file_interactive (window, file);
  asked = arb_test_find_message_dialog (window);
  g_assert_nonnull (asked);
  g_assert_true (arb_test_game (window) == game);
  adw_message_dialog_response (asked, "cancel");
  g_assert_false (arb_session_get_loading (arb_window_get_session (window)));
  g_assert_true (arb_test_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps);

  arb_window_open_file_interactive (window, file);
  asked = arb_test_find_message_dialog (window);
  g_assert_nonnull (asked);
  adw_message_dialog_response (asked, "discard");
  arb_test_wait_for (window, arb_test_not_loading);
  g_assert_false (arb_test_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (arb_test_game (window)), ==, saved_steps);

  /* Just opened, nothing to save: the file opens again without a question. */
  g_clear_object (&game);
  game = g_object_ref (arb_test_game (window));
  arb_window_open_file_interactive (window, file);
  arb_test_wait_for (window, arb_test_not_loading);
  g_assert_false (arb_test_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (arb_test_game (window)), ==, saved_steps);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* `arboretum FILE` with a damaged file, or a file manager's double-click,
 * says why in the window, as the Open dialog does, and keeps the game. */
static void
test_open_damaged_file (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GFile) file = arb_test_saved_game ("bad-illegal-step.arboretum");
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *told;

  gtk_window_present (GTK_WINDOW (window));
  arb_window_open_file_interactive (window, file);
  g_assert_true (arb_session_get_loading (arb_window_get_session (window)));
  arb_test_wait_for (window, arb_test_not_loading);
  g_assert_null (arb_test_game (window));
  g_assert_cmpstr (arb_test_page (window), ==, "welcome");
  told = arb_test_find_message_dialog (window);
  g_assert_nonnull (told);
  g_assert_false (arb_test_open_file (window, file, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (adw_message_dialog_get_body (told), ==, error->message);
  gtk_window_destroy (GTK_WINDOW (told));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A FIFO chosen as a save game: refused at once, in the window's own
 * words, never waited on (a plain open() waits for a writer for ever; then
 * the wait below fails at its limit). */
static void
test_open_fifo (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autofree char *dir = g_dir_make_tmp ("arboretum-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fifo.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  AdwMessageDialog *told;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  gtk_window_present (GTK_WINDOW (window));
  arb_window_open_file_interactive (window, file);
  arb_test_wait_for (window, arb_test_not_loading);
  g_assert_null (arb_test_game (window));
  told = arb_test_find_message_dialog (window);
  g_assert_nonnull (told);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (told), "not a regular file"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (told), "fifo.arboretum"));
  gtk_window_destroy (GTK_WINDOW (told));
  gtk_window_destroy (GTK_WINDOW (window));
  arb_test_remove_tree (dir);
}

/* A game of two left in progress by a window that closed, its save last
 * written age_seconds ago. */
static void
leave_game_in_progress (guint32 seed, int age_seconds)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  struct utimbuf times;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", seed, &error));
  g_assert_no_error (error);
  arb_test_play_turns (window, 1);
  g_assert_nonnull (arb_session_get_autosave_file (arb_window_get_session (window)));
  path = g_file_get_path (arb_session_get_autosave_file (arb_window_get_session (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  times.actime = times.modtime = (time_t) (g_get_real_time () / G_USEC_PER_SEC - age_seconds);
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

static gboolean
games_listed (ArbWindow *window)
{
  return window->in_progress != NULL && window->listing == NULL;
}

/* The labels of section n of the menu of every game in progress. */
static GPtrArray *
menu_section_labels (ArbWindow *window, int n)
{
  GMenuModel *menu = gtk_menu_button_get_menu_model (window->games_button);
  g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, n, G_MENU_LINK_SECTION);
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      char *label = NULL;

      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_ptr_array_add (labels, label);
    }
  return labels;
}

/* Continue lists every intact game in progress, the most recent first: a
 * damaged save, the newest, and a FIFO among the saves are named and set
 * aside, and hide neither game; the older one is continued from the menu,
 * read in a worker thread (issue 32). */
static void
test_continue_lists_every_game (void)
{
  g_autoptr (GFile) games_dir = arb_autosave_get_games_dir ();
  g_autofree char *damaged_id = g_uuid_string_random ();
  g_autofree char *damaged_name = g_strconcat (damaged_id, ".arboretum", NULL);
  g_autofree char *damaged_path = g_build_filename (g_file_peek_path (games_dir), damaged_name, NULL);
  g_autofree char *fifo_path = g_build_filename (g_file_peek_path (games_dir), "fifo.arboretum", NULL);
  g_autoptr (GPtrArray) intact = NULL;
  g_autoptr (GPtrArray) set_aside = NULL;
  ArbWindow *window;

  arb_test_remove_tree (g_file_peek_path (games_dir));
  leave_game_in_progress (11, 100);
  leave_game_in_progress (12, 50);
  g_assert_true (g_file_set_contents (damaged_path, "<arboretum-save format=\"1\"><deck>", -1, NULL));
  g_assert_cmpint (mkfifo (fifo_path, 0600), ==, 0);

  window = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (window));
  arb_test_wait_for (window, games_listed);
  g_assert_cmpuint (window->in_progress->len, ==, 2);
  g_assert_cmpuint (arb_game_get_seed (((ArbAutosaveEntry *) window->in_progress->pdata[0])->game), ==, 12);
  g_assert_cmpuint (arb_game_get_seed (((ArbAutosaveEntry *) window->in_progress->pdata[1])->game), ==, 11);
  g_assert_true (gtk_widget_get_visible (window->continue_button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->games_button)));
  intact = menu_section_labels (window, 0);
  g_assert_cmpuint (intact->len, ==, 2);
  set_aside = menu_section_labels (window, 1);
  g_assert_cmpuint (set_aside->len, ==, 2);
  for (guint i = 0; i < set_aside->len; i++)
    {
      const char *label = g_ptr_array_index (set_aside, i);

      g_test_message ("set aside: %s", label);
      g_assert_true (g_str_has_prefix (label, damaged_name) || g_str_has_prefix (label, "fifo.arboretum: "));
    }

  /* The older game, from the menu: read in a worker thread. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.continue", "u", 1);
  g_assert_true (arb_session_get_loading (arb_window_get_session (window)));
  arb_test_wait_for (window, arb_test_has_game);
  g_assert_cmpuint (arb_game_get_seed (arb_test_game (window)), ==, 11);
  gtk_window_destroy (GTK_WINDOW (window));
  arb_test_remove_tree (g_file_peek_path (games_dir));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window/save-open-replay", test_save_open_replay);
  g_test_add_func ("/window/close-offers-to-save", test_close_offers_to_save);
  g_test_add_func ("/window/new-game-offers-to-save", test_new_game_offers_to_save);
  g_test_add_func ("/window/close-without-saving", test_close_without_saving);
  g_test_add_func ("/window/choosers-modal-in-last-folder", test_choosers_modal_in_last_folder);
  g_test_add_func ("/window/open-file-offers-to-save", test_open_file_offers_to_save);
  g_test_add_func ("/window/open-damaged-file", test_open_damaged_file);
  g_test_add_func ("/window/open-fifo", test_open_fifo);
  g_test_add_func ("/window/continue-lists-every-game", test_continue_lists_every_game);
  g_test_add_func ("/window/log-at-end-of-opened-game", test_log_at_end_of_opened_game);
  return g_test_run ();
}
