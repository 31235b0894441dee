/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-play.c: playing a game through the window: against computers,
 * solo, between people at one screen, moves refused and taken back, hints,
 * the keyboard and the focus, cards dragged and flying.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and widgets, and checked against the engine (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"

#include <string.h>
#include <glib/gstdio.h>

#include "arb-application.h"
#include "arb-card-widget.h"
#include "arb-flight-layer-private.h"
#include "arb-pile-view.h"

static void
test_against_computer (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 1234, &error));
  g_assert_no_error (error);
  game = arb_test_game (window);
  g_assert_cmpint (arb_test_viewer (window), ==, 0);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, ARB_HAND_SIZE);

  /* The large arboretum zooms, within limits. */
  {
    ArbArboretumView *own = arb_table_get_arboretum_view (arb_test_table (window), 0);
    int usual = arb_arboretum_view_get_card_width (own);

    gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
    g_assert_cmpint (arb_arboretum_view_get_card_width (own), >, usual);
    for (int i = 0; i < 20; i++)
      gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-out", NULL);
    g_assert_cmpint (arb_arboretum_view_get_card_width (own), >=, 40);
    g_assert_cmpint (arb_arboretum_view_get_card_width (own), <, usual);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-reset", NULL);
    g_assert_cmpint (arb_arboretum_view_get_card_width (own), ==, usual);
  }

  arb_test_play_to_the_end (window);
  g_assert_true (arb_game_is_finished (game));
  g_assert_cmpuint (arb_log_view_get_n_lines (arb_table_get_log_view (arb_test_table (window))), >, arb_game_get_n_steps (game));
  arb_test_check_score_sheet (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_solo (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "solo:1", 99, &error));
  g_assert_no_error (error);
  arb_test_play_to_the_end (window);
  arb_test_check_score_sheet (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_illegal_play_refused (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  ArbState before;
  ArbCard card;
  guint steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "classic:2:person,random", 5, &error));
  game = arb_test_game (window);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_PLAY);
  arb_test_person_step (window); /* the first card, anywhere */
  arb_test_person_step (window); /* discard */
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_PLAY);

  before = *arb_game_get_state (game);
  steps = arb_game_get_n_steps (game);
  card = arb_card_set_nth (&before.hands[before.current], 0);
  /* Far from the one card planted: not adjacent. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", "(yii)", (guchar) card, 40, 40);
  /* On the card already planted. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", "(yii)", (guchar) card,
                              before.arboreta[before.current].cells[0].x,
                              before.arboreta[before.current].cells[0].y);
  /* A card the player does not hold. */
  for (ArbCard c = 0; c < ARB_N_CARDS; c++)
    if (!arb_card_set_contains (&before.hands[before.current], c))
      {
        gtk_widget_activate_action (GTK_WIDGET (window), "win.play", "(yii)", (guchar) c, 0, 1);
        break;
      }
  /* Drawing now is out of turn order. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.draw", "i", -1);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps);
  g_assert_true (memcmp (&before, arb_game_get_state (game), sizeof before) == 0);

  /* The engine's reason shows under the heading, where it covers no card,
   * and gives way to the instructions at the next step. */
  {
    g_autoptr (GError) refused = NULL;
    GtkLabel *said;
    ArbMove nowhere = arb_move_draw (-1);

    g_assert_false (arb_game_apply (game, &nowhere, &refused));
    said = arb_test_find_shown_label (window, refused->message);
    g_assert_nonnull (said);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (said), "error"));
    arb_test_person_step (window);
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (said), "error"));
    g_assert_cmpstr (gtk_label_get_label (said), !=, refused->message);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The focus is on Show My Hand, so that Enter or Space lifts the cover. */
static void
assert_focus_reveals (ArbWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_ACTIONABLE (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "win.reveal");
}

static void
test_cover_between_people (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,person", 8, &error));
  game = arb_test_game (window);
  arb_test_wait_for (window, arb_test_settled);
  /* Even the first player takes the screen from behind the cover. */
  g_assert_cmpstr (arb_test_page (window), ==, "cover");
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
  g_assert_cmpint (arb_test_viewer (window), ==, 0);
  for (int i = 0; i < 4; i++)
    arb_test_person_step (window);
  arb_test_wait_for (window, arb_test_settled);
  g_assert_cmpuint (arb_game_get_current_player (game), ==, 1);
  g_assert_cmpstr (arb_test_page (window), ==, "cover");
  assert_focus_reveals (window);
  /* The hand of the player who just played is gone from the window. */
  g_assert_cmpint (arb_test_viewer (window), ==, -1);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
  g_assert_cmpstr (arb_test_page (window), ==, "table");
  g_assert_cmpint (arb_test_viewer (window), ==, 1);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, ARB_HAND_SIZE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Checked at every turn of the main loop while waiting for the cover: no
 * person's hand is on screen while a computer acts. */
static guint computer_moments;

static gboolean
cover_shown_and_no_hand_while_computers_act (ArbWindow *window)
{
  ArbGame *game = arb_test_game (window);

  if (!arb_game_is_finished (game) && arb_game_is_computer (game, arb_game_get_current_player (game)))
    {
      g_assert_cmpint (arb_test_viewer (window), ==, -1);
      g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, 0);
      computer_moments++;
    }
  return arb_game_is_finished (game) || g_strcmp0 (arb_test_page (window), "cover") == 0;
}

/* Two people and two computers at one screen: once a person's turn ends,
 * the screen shows the public table while the computers play, never the
 * hand of the person who just played, until the cover for the next one. */
static void
test_hot_seat (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:4:person,random,person,random", 12, &error));
  game = arb_test_game (window);
  computer_moments = 0;
  for (int turn = 0; turn < 6; turn++)
    {
      arb_test_wait_for (window, cover_shown_and_no_hand_while_computers_act);
      g_assert_false (arb_game_is_computer (game, arb_game_get_current_player (game)));
      /* Enter or Space lifts the cover, wherever the focus was when the
       * computers began. */
      assert_focus_reveals (window);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
      g_assert_cmpint (arb_test_viewer (window), ==, (int) arb_game_get_current_player (game));
      g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==,
                        ARB_HAND_SIZE);
      for (int i = 0; i < 4; i++)
        arb_test_person_step (window);
      /* The turn ended with the discard: the computer's turn starts on
       * the public table at once. */
      g_assert_true (arb_game_is_computer (game, arb_game_get_current_player (game)));
      g_assert_cmpint (arb_test_viewer (window), ==, -1);
    }
  g_assert_cmpuint (computer_moments, >, 6);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_game_dialog (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GError) error = NULL;

  g_settings_set_string (settings, "variant", "classic");
  g_settings_set_uint (settings, "seats", 3);
  dialog = arb_new_game_dialog_new (settings);
  game = arb_new_game_dialog_start (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_game_get_variant (game), ==, ARB_VARIANT_CLASSIC);
  g_assert_cmpuint (arb_game_get_n_seats (game), ==, 3);
  g_assert_cmpint (arb_player_get_kind (arb_game_get_player (game, 0)), ==, ARB_PLAYER_PERSON);
  g_assert_cmpint (arb_player_get_kind (arb_game_get_player (game, 1)), ==, ARB_PLAYER_COMPUTER);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
keep_game (ArbNewGameDialog *dialog, ArbGame *game, ArbGame **kept)
{
  g_set_object (kept, game);
}

/* The game the dialog's Start button creates, as the window gets it. */
static ArbGame *
start_from_dialog (GSettings *settings)
{
  ArbNewGameDialog *dialog = arb_new_game_dialog_new (settings);
  ArbGame *game = NULL;

  g_signal_connect (dialog, "game-created", G_CALLBACK (keep_game), &game);
  g_signal_emit_by_name (gtk_window_get_default_widget (GTK_WINDOW (dialog)), "clicked");
  g_assert_nonnull (game);
  gtk_window_destroy (GTK_WINDOW (dialog));
  return game;
}

/* New Game deals from the system's cryptographic source: no seed describes
 * the deal, none is saved, and two games set up alike are dealt apart. */
static void
test_new_game_unseeded (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr (ArbGame) first = NULL;
  g_autoptr (ArbGame) second = NULL;
  g_autoptr (GBytes) save = NULL;
  g_autoptr (GError) error = NULL;
  const ArbPile *a, *b;

  g_settings_set_string (settings, "variant", "standard");
  g_settings_set_uint (settings, "seats", 4);
  first = start_from_dialog (settings);
  second = start_from_dialog (settings);
  g_assert_false (arb_game_has_seed (first));
  g_assert_false (arb_game_has_seed (second));
  a = arb_game_get_deck (first);
  b = arb_game_get_deck (second);
  g_assert_cmpuint (a->n, ==, b->n);
  /* The same order of 80 cards twice, out of 80!, is no chance at all. */
  g_assert_false (memcmp (a->cards, b->cards, a->n) == 0);
  save = arb_save_to_bytes (first, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (g_strstr_len (g_bytes_get_data (save, NULL), g_bytes_get_size (save), "seed="));
}

static void
test_take_back (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  ArbState before;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  game = arb_test_game (window);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  before = *arb_game_get_state (game);
  /* A hint chooses a card to play, changing nothing in the game. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  arb_test_wait_for (window, arb_test_any_card_selected);
  g_assert_true (memcmp (&before, arb_game_get_state (game), sizeof before) == 0);
  arb_test_person_step (window); /* play */
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_DISCARD);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 2);
  g_assert_true (memcmp (&before, arb_game_get_state (game), sizeof before) == 0);
  arb_test_wait_for (window, arb_test_settled);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, ARB_HAND_SIZE + 2);
  /* Draws are never taken back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 2);
  arb_test_person_step (window);
  arb_test_person_step (window); /* discard: the turn ends and is kept for later */
  g_assert_true (g_file_query_exists (arb_session_get_autosave_file (arb_window_get_session (window)), NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* A card dropped on a free cell is planted there, as a click would. */
static void
test_drop_on_cell (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  const ArbState *state;
  ArbCard card;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 31, &error));
  game = arb_test_game (window);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  state = arb_game_get_state (game);
  card = arb_card_set_nth (&state->hands[state->current], 2);
  g_signal_emit_by_name (arb_table_get_arboretum_view (arb_test_table (window), 0), "card-dropped", (guint) card, 0, 0);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 3);
  g_assert_cmpint (arb_arboretum_card_at (&arb_game_get_state (game)->arboreta[0], 0, 0), ==, card);
  gtk_window_destroy (GTK_WINDOW (window));
}


static gboolean
focus_on_default (GtkWindow *dialog)
{
  return gtk_window_get_focus (dialog) != NULL && gtk_window_get_focus (dialog) == gtk_window_get_default_widget (dialog);
}

/* Ctrl+N, then Enter: the dialog opens with Start focused and default, so
 * Enter starts the game as it was last set up. */
static void
test_new_game_keyboard (void)
{
  ArbWindow *window = arb_test_new_window ();
  ArbNewGameDialog *dialog;
  GtkWidget *focus;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = arb_test_find_new_game_dialog ();
  g_assert_nonnull (dialog);
  arb_test_wait_until ("the New Game dialog to focus its default button", focus_on_default, dialog);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Start");
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == focus);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "default.activate", NULL));
  arb_test_wait_for (window, arb_test_has_game);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Tab from a chosen card (table.focus-cells) goes to the first lit place of
 * the arboretum; without a chosen card Tab moves on as usual, and the log
 * is no stop for it. */
static void
test_tab_to_cells (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbArboretumView *own;
  const ArbState *state;
  GtkWidget *focus;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 21, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  state = arb_game_get_state (arb_test_game (window));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  g_assert_cmpint (arb_hand_view_get_selected (arb_table_get_hand_view (arb_test_table (window))), ==, ARB_CARD_NONE);

  arb_test_select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (arb_test_table (window)), "table.focus-cells", NULL));
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  own = arb_table_get_arboretum_view (arb_test_table (window), state->current);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_has_css_class (focus, "free-cell"));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (own)));

  /* The log is no stop for Tab: L goes there (test_log_by_keyboard). */
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (arb_log_view_get_text_view (
    arb_table_get_log_view (arb_test_table (window))))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* L takes the focus to the log, at the start of its newest line, where
 * the arrows read it; L again goes back to where the focus was. The log
 * is no stop for Tab once left. */
static void
test_log_by_keyboard (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  GtkTextView *text_view;
  GtkTextBuffer *buffer;
  GtkTextIter cursor;
  GtkWidget *before;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 21, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_wait_for (window, arb_test_settled);
  text_view = arb_log_view_get_text_view (arb_table_get_log_view (arb_test_table (window)));
  buffer = gtk_text_view_get_buffer (text_view);
  before = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_nonnull (before);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.focus-log", NULL));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (text_view));
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, gtk_text_buffer_get_line_count (buffer) - 1);
  g_assert_true (gtk_text_iter_starts_line (&cursor));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.focus-log", NULL));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == before);
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (text_view)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
welcome_focused (ArbWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == window->welcome_new_game_button || focus == window->continue_button);
}

static gboolean
deck_focused (ArbWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window))
         == arb_pile_view_get_button (arb_table_get_pile_view (arb_test_table (window), ARB_SOURCE_DECK));
}

/* The welcome page starts on New Game, and each of the person's turns on
 * the deck, wherever the turn before left the focus. */
static void
test_focus_where_play_starts (void)
{
  g_autoptr (ArbApplication) app = arb_application_new ();
  g_autoptr (GError) error = NULL;
  ArbWindow *window;
  GtkWidget *focus;

  /* With the application's actions, as in the program: the welcome page's
   * New Game is insensitive without app.new-game. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  window = arb_test_new_window ();
  gtk_window_set_application (GTK_WINDOW (window), GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  /* On a busy machine the window may take a while to be mapped. */
  arb_test_wait_for (window, welcome_focused);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (gtk_widget_get_visible (focus));

  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 31, &error));
  for (int turn = 0; turn < 3; turn++)
    {
      const ArbState *state;

      arb_test_wait_for (window, arb_test_settled);
      state = arb_game_get_state (arb_test_game (window));
      g_assert_cmpint (state->phase, ==, ARB_PHASE_DRAW);
      /* The focus goes to the deck once the turn's actions are on. */
      arb_test_wait_for (window, deck_focused);
      for (int step = 0; step < 4; step++)
        arb_test_person_step (window);
      /* The discard leaves the focus in the hand, or on Discard. */
      g_assert_false (gtk_root_get_focus (GTK_ROOT (window)) == arb_pile_view_get_button (arb_table_get_pile_view (arb_test_table (window), ARB_SOURCE_DECK)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The place the hint marks in the person's arboretum, or NULL. */
static GtkWidget *
hint_place (ArbWindow *window)
{
  g_autoptr (GPtrArray) cells = g_ptr_array_new ();
  GtkWidget *marked = NULL;

  arb_test_find_type (ARB_TEST_TABLE_PART (window, "own_view"), GTK_TYPE_BUTTON, cells);
  for (guint i = 0; i < cells->len; i++)
    if (gtk_widget_has_css_class (cells->pdata[i], "hint"))
      marked = cells->pdata[i];
  return marked;
}

static gboolean
hint_place_focused (ArbWindow *window)
{
  GtkWidget *marked = hint_place (window);

  return marked != NULL && gtk_root_get_focus (GTK_ROOT (window)) == marked;
}

/* Hint, asked from the hand: the hint chooses its card, and the focus
 * follows it to the marked place (issue 25), which scrolls into view
 * (test-arboretum-view checks that it says it is the hint's). */
static void
test_hint_moves_focus (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  const ArbState *state;
  GtkWidget *focus;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 12, &error));
  arb_test_play_turns (window, 4);
  arb_test_person_step (window);
  arb_test_person_step (window);
  state = arb_game_get_state (arb_test_game (window));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  gtk_widget_grab_focus (arb_hand_view_get_card_button (arb_table_get_hand_view (arb_test_table (window)),
                                                        arb_card_set_nth (&state->hands[state->current], 0)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  arb_test_wait_for (window, arb_test_any_card_selected);
  arb_test_wait_for (window, hint_place_focused);
  /* The marked place scrolls into view in the frames after. */
  arb_test_wait_frames (GTK_WIDGET (window), 3);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (ARB_TEST_TABLE_PART (window, "own_view"), GTK_TYPE_SCROLLED_WINDOW);
    GtkWidget *marked = hint_place (window);
    graphene_rect_t bounds;

    g_assert_true (focus == marked);
    g_assert_true (gtk_widget_compute_bounds (marked, scrolled, &bounds));
    g_assert_cmpfloat (bounds.origin.y, >=, 0);
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scrolled) + 0.5);
    g_assert_cmpfloat (bounds.origin.x, >=, 0);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scrolled) + 0.5);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}


/* A flight waiting for its landing place to be laid out counts too: a
 * step's card is in flight from the step on. */
static gboolean
nothing_in_flight (ArbWindow *window)
{
  ArbCard faces[8];

  return arb_flight_layer_get_faces (arb_table_get_flight_layer (arb_test_table (window)), faces, 8) == 0;
}

/* The card planted last is flying, not only waiting to. */
static ArbCard planted;

static gboolean
planted_card_flying (ArbWindow *window)
{
  ArbFlightLayer *layer = arb_table_get_flight_layer (arb_test_table (window));
  ArbCard faces[8];
  guint n_flying = arb_flight_layer_get_n_flying (layer);

  arb_flight_layer_get_faces (layer, faces, 8);
  for (guint i = 0; i < n_flying && i < 8; i++)
    if (faces[i] == planted)
      return TRUE;
  return FALSE;
}

/* Plays the person's two draws and a card; returns the card planted. */
static ArbCard
draw_and_plant (ArbWindow *window)
{
  const ArbState *state;

  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  arb_test_wait_for (window, nothing_in_flight);
  state = arb_game_get_state (arb_test_game (window));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  arb_test_person_step (window);
  return arb_game_get_step (arb_test_game (window),
                            arb_game_get_n_steps (arb_test_game (window)) - 1)->move.card;
}

/* A card played slides from the hand to its cell, in a layer that takes no
 * clicks: the game has already moved on and the person may act at once;
 * the card shows in its cell when it lands. Without animations (the
 * system's gtk-enable-animations), nothing flies. */
static void
test_card_flies (void)
{
  ArbWindow *window = arb_test_new_window ();
  GtkSettings *settings = gtk_settings_get_default ();
  g_autoptr (GError) error = NULL;
  const ArbStep *step;
  GtkWidget *landed;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 33, &error));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  planted = draw_and_plant (window);
  arb_test_wait_for (window, planted_card_flying);
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (arb_table_get_flight_layer (arb_test_table (window)))));
  g_assert_cmpint (arb_game_get_state (arb_test_game (window))->phase, ==, ARB_PHASE_DISCARD);
  step = arb_game_get_step (arb_test_game (window), arb_game_get_n_steps (arb_test_game (window)) - 1);
  landed = arb_arboretum_view_get_card_widget (ARB_ARBORETUM_VIEW (ARB_TEST_TABLE_PART (window, "own_view")), step->move.x, step->move.y);
  g_assert_nonnull (landed);
  g_assert_cmpfloat (gtk_widget_get_opacity (landed), ==, 0.0);
  arb_test_wait_for (window, nothing_in_flight);
  g_assert_cmpfloat (gtk_widget_get_opacity (landed), ==, 1.0);
  arb_test_person_step (window); /* the discard */

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  draw_and_plant (window);
  /* The frames in which a flight would take off and go. */
  for (int i = 0; i < 5; i++)
    {
      g_assert_cmpuint (arb_flight_layer_get_n_flying (arb_table_get_flight_layer (arb_test_table (window))), ==, 0);
      arb_test_wait_frames (GTK_WIDGET (window), 1);
    }
  g_assert_cmpuint (arb_flight_layer_get_n_flying (arb_table_get_flight_layer (arb_test_table (window))), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A card in flight shows nowhere on the table until it lands: the place
 * it lands on is hidden from its step on, in every frame painted, also
 * while it waits to be laid out and when the table builds it again. */
typedef struct {
  ArbWindow *window;
  guint      n_checked;  /* frames painted with a card in flight */
  GString   *shown;      /* the cards seen before they landed */
} FlightWatch;

/* Whether widget is drawn at all: mapped, laid out, and neither it nor
 * what holds it is transparent; the flight layer's own cards do not count. */
static gboolean
drawn_on_table (GtkWidget *widget, GtkWidget *layer)
{
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0)
    return FALSE;
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (widget == layer || gtk_widget_get_opacity (widget) == 0.0)
      return FALSE;
  return TRUE;
}

static guint
count_drawn (GtkWidget *root, ArbCard card, GtkWidget *layer)
{
  guint n = ARB_IS_CARD_WIDGET (root) && arb_card_widget_get_card (ARB_CARD_WIDGET (root)) == card
            && drawn_on_table (root, layer);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += count_drawn (child, card, layer);
  return n;
}

static void
check_cards_in_flight (GdkFrameClock *clock, FlightWatch *watch)
{
  ArbTable *table = arb_test_table (watch->window);
  GtkWidget *layer = GTK_WIDGET (arb_table_get_flight_layer (table));
  ArbCard faces[8];
  guint n = arb_flight_layer_get_faces (ARB_FLIGHT_LAYER (layer), faces, G_N_ELEMENTS (faces));

  for (guint i = 0; i < n; i++)
    if (faces[i] != ARB_CARD_NONE)
      {
        g_autofree char *name = arb_card_to_string (faces[i]);

        watch->n_checked++;
        if (count_drawn (GTK_WIDGET (table), faces[i], layer) > 0)
          g_string_append_printf (watch->shown, "%s%s", watch->shown->len > 0 ? ", " : "", name);
      }
}

static void
test_flight_hides_landing_place (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr (GError) error = NULL;
  FlightWatch watch = { window, 0, g_string_new (NULL) };
  GdkFrameClock *clock;
  gulong watching;

  gtk_window_present (GTK_WINDOW (window));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  /* The computer's steps a little apart, so that each flies. */
  g_settings_set_uint (settings, "think-time", 120);
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 33, &error));
  arb_test_wait_laid_out (GTK_WIDGET (arb_test_table (window)));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  watching = g_signal_connect (clock, "after-paint", G_CALLBACK (check_cards_in_flight), &watch);
  for (int turn = 0; turn < 3; turn++)
    {
      arb_test_wait_for (window, arb_test_settled);
      for (int step = 0; step < 4; step++)
        {
          arb_test_person_step (window);
          arb_test_wait_for (window, nothing_in_flight);
        }
    }
  arb_test_wait_for (window, arb_test_settled);
  arb_test_wait_for (window, nothing_in_flight);
  g_signal_handler_disconnect (clock, watching);
  /* Frames were painted with cards in flight, and none showed early. */
  g_assert_cmpuint (watch.n_checked, >, 0);
  g_assert_cmpstr (watch.shown->str, ==, "");
  g_string_free (watch.shown, TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With only computers at the table nobody sits at the screen: it shows
 * the public table, no hand at all, after every step. */
static guint watched_steps;

static void
check_watched_hand (ArbGame *game, guint index, ArbWindow *window)
{
  ArbHandView *hand = arb_table_get_hand_view (arb_test_table (window));

  g_assert_cmpuint (arb_hand_view_get_n_cards (hand), ==, 0);
  g_assert_cmpstr (arb_table_get_hand_title (arb_test_table (window)), ==, "");
  watched_steps++;
}

/* The side panel follows who plays, never repeating the large arboretum. */
static void
check_side_panel (GtkStack *stack, GParamSpec *pspec, ArbWindow *window)
{
  g_assert_true (arb_test_side_shows_another_player (window));
}

static void
test_watch_computers (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  GtkWidget *stack;
  gulong watching, checking;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:3:random=Ada,random=Bo,random=Cy", 23, &error));
  game = arb_test_game (window);
  g_assert_cmpstr (arb_table_get_hand_title (arb_test_table (window)), ==, "");
  watched_steps = 0;
  watching = g_signal_connect (game, "step-applied", G_CALLBACK (check_watched_hand), window);
  stack = gtk_widget_get_parent (GTK_WIDGET (arb_table_get_side_view (arb_test_table (window))));
  checking = g_signal_connect (stack, "notify::visible-child", G_CALLBACK (check_side_panel), window);
  arb_test_wait_steps (window, 24);
  g_signal_handler_disconnect (game, watching);
  g_signal_handler_disconnect (stack, checking);
  g_assert_cmpuint (watched_steps, >=, 24);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The spinner under a seat's discard pile. */
static GtkSpinner *
find_spinner (GtkWidget *widget)
{
  if (GTK_IS_SPINNER (widget))
    return GTK_SPINNER (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkSpinner *found = find_spinner (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkSpinner *
seat_spinner (ArbWindow *window, int seat)
{
  GtkSpinner *spinner = find_spinner (GTK_WIDGET (arb_table_get_pile_view (arb_test_table (window), seat)));

  g_assert_nonnull (spinner);
  return spinner;
}

static gboolean
seat_0_thinking (ArbWindow *window)
{
  return gtk_spinner_get_spinning (seat_spinner (window, 0));
}

static char *
describe_thinking (ArbWindow *window)
{
  return g_strdup_printf ("session %s; spinners of seats 0 and 1 %s, %s",
                          arb_session_get_busy (arb_window_get_session (window)) ? "busy" : "not busy",
                          gtk_spinner_get_spinning (seat_spinner (window, 0)) ? "spinning" : "still",
                          gtk_spinner_get_spinning (seat_spinner (window, 1)) ? "spinning" : "still");
}

/* Expert deciding (two seconds in the window) wears a spinner on its
 * seat's pile (what it says: /pile-view/thinking); New Game withdraws its
 * question, and no spinner turns; closing the window while it thinks is
 * quiet. */
static void
test_thinking_spinner (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbSession *session = arb_window_get_session (window);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:expert=Bo,person=Ada", 41, &error));
  g_assert_no_error (error);
  arb_test_wait_until_described ("Bo's pile to show it thinking", seat_0_thinking, describe_thinking, window);
  g_assert_false (gtk_spinner_get_spinning (seat_spinner (window, 1)));

  g_assert_true (arb_window_start_from_spec (window, "standard:2:person=Ada,expert=Bo", 42, &error));
  g_assert_no_error (error);
  g_assert_false (arb_session_get_busy (session));
  g_assert_true (arb_session_get_person_to_act (session));
  g_assert_false (gtk_spinner_get_spinning (seat_spinner (window, 0)));
  g_assert_false (gtk_spinner_get_spinning (seat_spinner (window, 1)));

  g_assert_true (arb_window_start_from_spec (window, "standard:2:expert=Bo,person=Ada", 43, &error));
  arb_test_wait_until_described ("Bo's pile to show it thinking again", seat_0_thinking, describe_thinking, window);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window/against-computer", test_against_computer);
  g_test_add_func ("/window/solo", test_solo);
  g_test_add_func ("/window/illegal-play-refused", test_illegal_play_refused);
  g_test_add_func ("/window/cover-between-people", test_cover_between_people);
  g_test_add_func ("/window/hot-seat", test_hot_seat);
  g_test_add_func ("/window/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/window/new-game-unseeded", test_new_game_unseeded);
  g_test_add_func ("/window/take-back", test_take_back);
  g_test_add_func ("/window/drop-on-cell", test_drop_on_cell);
  g_test_add_func ("/window/new-game-keyboard", test_new_game_keyboard);
  g_test_add_func ("/window/tab-to-cells", test_tab_to_cells);
  g_test_add_func ("/window/log-by-keyboard", test_log_by_keyboard);
  g_test_add_func ("/window/focus-where-play-starts", test_focus_where_play_starts);
  g_test_add_func ("/window/hint-moves-focus", test_hint_moves_focus);
  g_test_add_func ("/window/card-flies", test_card_flies);
  g_test_add_func ("/window/flight-hides-landing-place", test_flight_hides_landing_place);
  g_test_add_func ("/window/watch-computers", test_watch_computers);
  g_test_add_func ("/window/thinking-spinner", test_thinking_spinner);
  return g_test_run ();
}
