/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c: drives the real game window, in a real X server (xvfb-run),
 * through its actions and widgets, and checks it against the engine. */
#include "config.h"

#include "arb-test-driver.h"
#include "arb-test-widget.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "arb-application.h"
#include "arb-card-widget.h"
#include "arb-new-game-dialog.h"
#include "arb-pile-view.h"
#include "arb-score-dialog.h"
#include "arb-window.h"
#include "arb-window-private.h"

/* A widget of the table, by its id in arb-table.ui. */
#define TABLE_PART(window, name) \
  GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET ((window)->table), ARB_TYPE_TABLE, name))

#define WAIT_LIMIT_US (60 * G_USEC_PER_SEC)

typedef gboolean (*Condition) (ArbWindow *window);

static GtkLabel *find_label (ArbWindow *window, const char *text);
static void let_frames_pass (void);

/* Runs the main loop until cond holds; a stuck window fails the test. */
static void
wait_for (ArbWindow *window, Condition cond)
{
  gint64 end = g_get_monotonic_time () + WAIT_LIMIT_US;

  while (!cond (window))
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (g_get_monotonic_time (), <, end);
    }
}

static gboolean
settled (ArbWindow *window)
{
  ArbGame *game = arb_window_get_game (window);

  if (arb_game_is_finished (game))
    return arb_window_get_score_dialog (window) != NULL;
  if (g_strcmp0 (arb_window_get_page (window), "cover") == 0)
    return TRUE;
  return arb_player_get_kind (arb_game_get_player (game, arb_game_get_current_player (game))) == ARB_PLAYER_PERSON
         && arb_window_get_viewer (window) == (int) arb_game_get_current_player (game)
         && g_strcmp0 (arb_window_get_page (window), "table") == 0;
}

static ArbCard wanted_card;
static guint wanted_steps;

static gboolean
card_selected (ArbWindow *window)
{
  return arb_hand_view_get_selected (arb_table_get_hand_view (arb_window_get_table (window))) == wanted_card;
}

static gboolean
any_card_selected (ArbWindow *window)
{
  return arb_hand_view_get_selected (arb_table_get_hand_view (arb_window_get_table (window))) != ARB_CARD_NONE;
}

static gboolean
steps_reached (ArbWindow *window)
{
  return arb_game_get_n_steps (arb_window_get_game (window)) >= wanted_steps;
}

static gboolean
not_loading (ArbWindow *window)
{
  return !_arb_window_is_loading (window);
}

static ArbWindow *
new_window (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);

  /* Computer steps at once: the pace is for people, not for tests. */
  g_settings_set_uint (settings, "think-time", 0);
  return arb_window_new (NULL);
}

static void
select_card (ArbWindow *window, ArbCard card)
{
  GtkWidget *button = arb_hand_view_get_card_button (arb_table_get_hand_view (arb_window_get_table (window)), card);

  g_assert_nonnull (button);
  /* A button activated from the keyboard clicks a moment later, as it shows
   * itself pressed: wait for it. */
  gtk_widget_activate (button);
  wanted_card = card;
  wait_for (window, card_selected);
}

/* The first card of the hand, and the first highlighted cell for it. */
static void
play_through_widgets (ArbWindow *window, guint target_player)
{
  const ArbState *state = arb_game_get_state (arb_window_get_game (window));
  ArbCard card = arb_card_set_nth (&state->hands[state->current], 0);
  ArbArboretumView *view;
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n;
  GtkWidget *cell;

  select_card (window, card);
  view = arb_table_get_arboretum_view (arb_window_get_table (window), target_player);
  n = arb_state_free_cells (state, target_player, xy);
  g_assert_cmpuint (n, >, 0);
  /* Every free cell the engine gives is offered, and nothing else. */
  g_assert_cmpuint (arb_arboretum_view_get_n_cells (view), ==, n);
  cell = arb_arboretum_view_get_cell_button (view, xy[0], xy[1]);
  g_assert_nonnull (cell);
  gtk_widget_activate (cell);
}

/* One step of the person at the screen, through the window alone. */
static void
person_step (ArbWindow *window)
{
  ArbGame *game = arb_window_get_game (window);
  const ArbState *state = arb_game_get_state (game);
  guint steps = arb_game_get_n_steps (game);

  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      {
        gint8 sources[ARB_MAX_PLAYERS + 1];
        g_assert_cmpuint (arb_state_legal_sources (state, sources), >, 0);
        gtk_widget_activate_action (GTK_WIDGET (window), "win.draw", "i", (int) sources[0]);
        break;
      }
    case ARB_PHASE_PLAY:
      play_through_widgets (window, state->current);
      break;
    case ARB_PHASE_DISCARD:
      if (state->variant == ARB_VARIANT_SOLO)
        play_through_widgets (window, ARB_SOLO_Q);
      else
        {
          select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
          gtk_widget_activate_action (GTK_WIDGET (window->table), "table.discard-selected", NULL);
        }
      break;
    case ARB_PHASE_OVER:
    default:
      g_assert_not_reached ();
    }
  wanted_steps = steps + 1;
  wait_for (window, steps_reached);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps + 1);
}

/* The person's whole turns (two draws, a play, a discard) against a
 * computer, until the person's next turn. */
static void
play_turns (ArbWindow *window, int turns)
{
  for (int turn = 0; turn < turns; turn++)
    {
      wait_for (window, settled);
      for (int step = 0; step < 4; step++)
        person_step (window);
    }
  wait_for (window, settled);
}

/* The sheet says what ✓ means, its numbers line up on their right edge,
 * and it fits a screen 800 pixels high. */
static void
check_sheet_layout (ArbScoreDialog *dialog)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  gboolean legend = FALSE;
  int minimum, default_width, default_height;
  double right = -1;

  arb_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_label (labels->pdata[i]), "✓: the highest sum") != NULL)
      legend = TRUE;
  g_assert_true (legend);

  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_VERTICAL, -1, &minimum, NULL, NULL, NULL);
  gtk_window_get_default_size (GTK_WINDOW (dialog), &default_width, &default_height);
  g_assert_cmpint (minimum, <=, 600);
  g_assert_cmpint (default_height, <=, 700);

  /* The first player's points, species by species, then the totals,
   * end on the same right edge. */
  let_frames_pass ();
  {
    g_autoptr (GPtrArray) grids = g_ptr_array_new ();
    GtkGrid *grid;
    guint n_numbers = 0;

    arb_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_GRID, grids);
    grid = NULL;
    for (guint i = 0; i < grids->len; i++)
      if (gtk_widget_has_css_class (grids->pdata[i], "score-sheet"))
        grid = grids->pdata[i];
    g_assert_nonnull (grid);
    for (int row = 2; gtk_grid_get_child_at (grid, 0, row) != NULL; row++)
      {
        GtkWidget *cell = gtk_grid_get_child_at (grid, 2, row);
        GtkWidget *number = GTK_IS_BUTTON (cell) ? gtk_button_get_child (GTK_BUTTON (cell)) : cell;
        graphene_rect_t bounds;

        g_assert_true (gtk_widget_compute_bounds (number, GTK_WIDGET (dialog), &bounds));
        if (right < 0)
          right = bounds.origin.x + bounds.size.width;
        g_assert_cmpfloat_with_epsilon (bounds.origin.x + bounds.size.width, right, 1.0);
        n_numbers++;
      }
    g_assert_cmpuint (n_numbers, >=, 5);
  }
}

static void
check_score_sheet (ArbWindow *window)
{
  ArbScoreDialog *dialog = arb_window_get_score_dialog (window);
  ArbScoreSheet sheet;

  g_assert_nonnull (dialog);
  arb_state_score (arb_game_get_state (arb_window_get_game (window)), &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    {
      g_autofree char *total = g_strdup_printf ("%u", sheet.players[p].total);
      g_assert_cmpstr (arb_score_dialog_get_total_text (dialog, p), ==, total);
      for (guint s = 0; s < ARB_N_SPECIES; s++)
        {
          const ArbSpeciesScore *score = &sheet.players[p].species[s];
          g_autofree char *points = g_strdup_printf ("%u", score->points);

          if (!(sheet.species & (1u << s)))
            {
              g_assert_null (arb_score_dialog_get_points_text (dialog, p, s));
              continue;
            }
          g_assert_cmpstr (arb_score_dialog_get_points_text (dialog, p, s), ==, points);
          g_autofree char *sum = g_strdup_printf ("%u", score->hand_sum);
          g_assert_true (g_str_has_prefix (arb_score_dialog_get_hand_text (dialog, p, s), sum));
          g_assert_true (score->right == (strstr (arb_score_dialog_get_hand_text (dialog, p, s), "✓") != NULL));
          arb_score_dialog_point_at (dialog, p, s);
          g_assert_cmpuint (arb_score_dialog_get_lit_cards (dialog), ==, score->path.n);
        }
    }
  check_sheet_layout (dialog);
  {
    guint winner = (guint) __builtin_ctz (sheet.winners);
    const char *name = sheet.variant == ARB_VARIANT_SOLO && winner == ARB_SOLO_Q
                       ? "Q" : arb_player_get_name (arb_game_get_player (arb_window_get_game (window), winner));
    g_assert_nonnull (strstr (arb_score_dialog_get_result_text (dialog), name));
  }
}

/* The side panel shows the arboretum of somebody other than the person at
 * the screen, never the large one a second time. */
static gboolean
side_shows_another_player (ArbWindow *window)
{
  guint n_players = arb_game_get_state (arb_window_get_game (window))->n_players;
  ArbArboretumView *side = arb_table_get_side_view (arb_window_get_table (window));

  for (guint p = 0; p < n_players; p++)
    if ((int) p != arb_window_get_viewer (window) && side == arb_table_get_arboretum_view (arb_window_get_table (window), p))
      return TRUE;
  return FALSE;
}

static void
play_to_the_end (ArbWindow *window)
{
  ArbGame *game = arb_window_get_game (window);

  while (!arb_game_is_finished (game))
    {
      wait_for (window, settled);
      if (arb_game_is_finished (game))
        break;
      if (g_strcmp0 (arb_window_get_page (window), "cover") == 0)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
      g_assert_true (side_shows_another_player (window));
      person_step (window);
    }
  wait_for (window, settled);
}

static void
test_against_computer (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 1234, &error));
  g_assert_no_error (error);
  game = arb_window_get_game (window);
  g_assert_cmpint (arb_window_get_viewer (window), ==, 0);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (window))), ==, ARB_HAND_SIZE);

  /* The large arboretum zooms, within limits. */
  {
    ArbArboretumView *own = arb_table_get_arboretum_view (arb_window_get_table (window), 0);
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

  play_to_the_end (window);
  g_assert_true (arb_game_is_finished (game));
  g_assert_cmpuint (arb_log_view_get_n_lines (arb_table_get_log_view (arb_window_get_table (window))), >, arb_game_get_n_steps (game));
  check_score_sheet (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_solo (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "solo:1", 99, &error));
  g_assert_no_error (error);
  play_to_the_end (window);
  check_score_sheet (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_illegal_play_refused (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  ArbState before;
  ArbCard card;
  guint steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "classic:2:person,random", 5, &error));
  game = arb_window_get_game (window);
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_PLAY);
  person_step (window); /* the first card, anywhere */
  person_step (window); /* discard */
  wait_for (window, settled);
  person_step (window);
  person_step (window);
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

    g_assert_false (arb_game_draw (game, -1, &refused));
    said = find_label (window, refused->message);
    g_assert_nonnull (said);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (said), "error"));
    person_step (window);
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (said), "error"));
    g_assert_cmpstr (gtk_label_get_label (said), !=, refused->message);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cover_between_people (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,person", 8, &error));
  game = arb_window_get_game (window);
  wait_for (window, settled);
  /* Even the first player takes the screen from behind the cover. */
  g_assert_cmpstr (arb_window_get_page (window), ==, "cover");
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (window))), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
  g_assert_cmpint (arb_window_get_viewer (window), ==, 0);
  for (int i = 0; i < 4; i++)
    person_step (window);
  wait_for (window, settled);
  g_assert_cmpuint (arb_game_get_current_player (game), ==, 1);
  g_assert_cmpstr (arb_window_get_page (window), ==, "cover");
  /* The hand of the player who just played is gone from the window. */
  g_assert_cmpint (arb_window_get_viewer (window), ==, -1);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (window))), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
  g_assert_cmpstr (arb_window_get_page (window), ==, "table");
  g_assert_cmpint (arb_window_get_viewer (window), ==, 1);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (window))), ==, ARB_HAND_SIZE);
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
  game = arb_new_game_dialog_start (dialog, 42, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_game_get_variant (game), ==, ARB_VARIANT_CLASSIC);
  g_assert_cmpuint (arb_game_get_n_seats (game), ==, 3);
  g_assert_cmpint (arb_player_get_kind (arb_game_get_player (game, 0)), ==, ARB_PLAYER_PERSON);
  g_assert_cmpint (arb_player_get_kind (arb_game_get_player (game, 1)), ==, ARB_PLAYER_COMPUTER);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_take_back (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  ArbState before;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  game = arb_window_get_game (window);
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  before = *arb_game_get_state (game);
  /* A hint chooses a card to play, changing nothing in the game. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  wait_for (window, any_card_selected);
  g_assert_true (memcmp (&before, arb_game_get_state (game), sizeof before) == 0);
  person_step (window); /* play */
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_DISCARD);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 2);
  g_assert_true (memcmp (&before, arb_game_get_state (game), sizeof before) == 0);
  wait_for (window, settled);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (window))), ==, ARB_HAND_SIZE + 2);
  /* Draws are never taken back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 2);
  person_step (window);
  person_step (window); /* discard: the turn ends and is kept for later */
  g_assert_true (arb_autosave_exists ());
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_save_open_replay (void)
{
  ArbWindow *window = new_window ();
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
  game = g_object_ref (arb_window_get_game (window));
  play_to_the_end (window);
  final = *arb_game_get_state (game);
  n_steps = arb_game_get_n_steps (game);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));

  opened = new_window ();
  gtk_window_present (GTK_WINDOW (opened));
  g_assert_true (arb_window_open_file (opened, file, &error));
  g_assert_no_error (error);
  loaded = arb_window_get_game (opened);
  g_assert_cmpuint (arb_game_get_n_steps (loaded), ==, n_steps);
  g_assert_true (memcmp (&final, arb_game_get_state (loaded), sizeof final) == 0);

  /* A finished game opens as a replay, at its end. */
  replay = arb_window_get_replay (opened);
  g_assert_nonnull (replay);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, n_steps);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-first", NULL);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 0);
  g_assert_true (memcmp (arb_replay_get_state (replay), arb_game_get_start_state (loaded), sizeof final) == 0);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (opened))), ==, ARB_HAND_SIZE);
  for (guint i = 0; i < 6; i++)
    gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-next", NULL);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 6);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-previous", NULL);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 5);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-last", NULL);
  g_assert_true (memcmp (arb_replay_get_state (replay), &final, sizeof final) == 0);

  /* The menu's Scores and Replay work in the replay of a finished game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (opened), "win.show-scores", NULL));
  g_assert_nonnull (arb_window_get_score_dialog (opened));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay", NULL));
  for (int i = 0; i < 100 && arb_window_get_score_dialog (opened) != NULL; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (arb_window_get_score_dialog (opened));
  g_assert_true (arb_window_get_replay (opened) == replay);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 0);

  /* Playing on from an earlier moment makes a new game with that history. */
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-first", NULL);
  for (guint i = 0; i < 4; i++)
    gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-continue", NULL);
  g_assert_null (arb_window_get_replay (opened));
  g_assert_cmpuint (arb_game_get_n_steps (arb_window_get_game (opened)), ==, 4);
  g_assert_false (arb_game_is_finished (arb_window_get_game (opened)));
  play_to_the_end (opened);
  check_score_sheet (opened);
  gtk_window_destroy (GTK_WINDOW (opened));
  g_unlink (path);
  g_rmdir (dir);
}

/* A card dropped on a free cell is planted there, as a click would. */
static void
test_drop_on_cell (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  const ArbState *state;
  ArbCard card;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 31, &error));
  game = arb_window_get_game (window);
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  state = arb_game_get_state (game);
  card = arb_card_set_nth (&state->hands[state->current], 2);
  g_signal_emit_by_name (arb_table_get_arboretum_view (arb_window_get_table (window), 0), "card-dropped", (guint) card, 0, 0);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, 3);
  g_assert_cmpint (arb_arboretum_card_at (&arb_game_get_state (game)->arboreta[0], 0, 0), ==, card);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_close_offers_to_save (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */
  gboolean asked = FALSE;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 9, &error));
  wait_for (window, settled);
  person_step (window);
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

/* The message dialog the window shows, if any. */
static AdwMessageDialog *
find_message_dialog (ArbWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* The button of a dialog that shows label. */
static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
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
  wait_for (window, settled);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
  person_step (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  gtk_window_close (GTK_WINDOW (window));
  asked = find_message_dialog (window);
  g_assert_nonnull (asked);
  discard = find_button (GTK_WIDGET (asked), "_Close Without Saving");
  g_assert_nonnull (discard);
  g_signal_emit_by_name (discard, "clicked");
  for (int i = 0; i < 20 && window != NULL; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static ArbNewGameDialog *
find_new_game_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ARB_IS_NEW_GAME_DIALOG (w))
        return ARB_NEW_GAME_DIALOG (w);
    }
  return NULL;
}

static gboolean
has_game (ArbWindow *window)
{
  return arb_window_get_game (window) != NULL;
}

/* Ctrl+N, then Enter: the dialog opens with Start focused and default, so
 * Enter starts the game as it was last set up. */
static void
test_new_game_keyboard (void)
{
  ArbWindow *window = new_window ();
  ArbNewGameDialog *dialog;
  GtkWidget *focus;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = find_new_game_dialog ();
  g_assert_nonnull (dialog);
  for (int i = 0; i < 50 && !gtk_widget_get_mapped (GTK_WIDGET (dialog)); i++)
    g_main_context_iteration (NULL, FALSE);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Start");
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == focus);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "default.activate", NULL));
  wait_for (window, has_game);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Tab from a chosen card (table.focus-cells) goes to the first lit place of
 * the arboretum; without a chosen card Tab moves on as usual, and the log
 * is no stop for it. */
static void
test_tab_to_cells (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbArboretumView *own;
  const ArbState *state;
  GtkWidget *focus;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 21, &error));
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  state = arb_game_get_state (arb_window_get_game (window));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  g_assert_cmpint (arb_hand_view_get_selected (arb_table_get_hand_view (arb_window_get_table (window))), ==, ARB_CARD_NONE);

  select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->table), "table.focus-cells", NULL));
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  own = arb_table_get_arboretum_view (arb_window_get_table (window), state->current);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_has_css_class (focus, "free-cell"));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (own)));

  /* The log is read, not used: no stop for Tab. */
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (arb_log_view_get_text_view (
    arb_table_get_log_view (arb_window_get_table (window))))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs the main loop for a while, so that layout and drawing catch up. */
static void
let_frames_pass (void)
{
  arb_test_run_for (300);
}

static double
x_in_window (ArbWindow *window, GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds));
  return bounds.origin.x;
}

static double
y_in_window (ArbWindow *window, GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds));
  return bounds.origin.y;
}

/* Choosing a card, the Discard button coming, and planting move nothing
 * else: the arboretum stays put and the other cards stay under the
 * pointer, the planted card leaving its place empty. */
static void
test_nothing_moves (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbHandView *hand = arb_table_get_hand_view (arb_window_get_table (window));
  const ArbState *state;
  ArbArboretumView *own;
  ArbCard cards[ARB_N_CARDS];
  double xs[ARB_N_CARDS];
  double arboretum_y;
  guint n;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 21, &error));
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  let_frames_pass ();
  state = arb_game_get_state (arb_window_get_game (window));
  own = arb_table_get_arboretum_view (arb_window_get_table (window), state->current);
  arboretum_y = y_in_window (window, GTK_WIDGET (own));
  n = arb_card_set_to_array (&state->hands[state->current], cards);
  for (guint i = 0; i < n; i++)
    xs[i] = x_in_window (window, arb_hand_view_get_card_button (hand, cards[i]));

  select_card (window, cards[n / 2]);
  let_frames_pass ();
  g_assert_cmpfloat_with_epsilon (y_in_window (window, GTK_WIDGET (own)), arboretum_y, 0.5);

  gtk_widget_activate (arb_arboretum_view_get_first_cell_button (own));
  let_frames_pass ();
  g_assert_cmpint (arb_game_get_state (arb_window_get_game (window))->phase, ==, ARB_PHASE_DISCARD);
  g_assert_cmpfloat_with_epsilon (y_in_window (window, GTK_WIDGET (own)), arboretum_y, 0.5);
  g_assert_null (arb_hand_view_get_card_button (hand, cards[n / 2]));
  for (guint i = 0; i < n; i++)
    if (i != n / 2)
      g_assert_cmpfloat_with_epsilon (x_in_window (window, arb_hand_view_get_card_button (hand, cards[i])),
                                      xs[i], 0.5);
  /* A narrower window shrinks the cards; the empty place is no card. */
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 600);
  let_frames_pass ();
  g_assert_cmpuint (arb_hand_view_get_n_cards (hand), ==, n - 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
finished (ArbWindow *window)
{
  return arb_game_is_finished (arb_window_get_game (window));
}

/* A label of the window that shows text, or NULL. */
static GtkLabel *
find_label (ArbWindow *window, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_drawable (labels->pdata[i]) && g_strcmp0 (gtk_label_get_label (labels->pdata[i]), text) == 0)
      return labels->pdata[i];
  return NULL;
}

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

/* The end never surprises: the deck's count stands out in the last round
 * and the heading of the last turn says so. */
static void
test_last_turn_shown (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbReplay *replay;
  const ArbState *state;
  GtkLabel *count;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:random,random", 5, &error));
  wait_for (window, finished);
  arb_window_start_replay (window);
  replay = arb_window_get_replay (window);
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
  let_frames_pass ();
  {
    g_autofree char *heading = NULL;
    state = arb_replay_get_state (replay);
    heading = g_strdup_printf ("%s: Play a card · Last turn",
                               arb_player_get_name (arb_game_get_player (arb_window_get_game (window), state->current)));
    g_assert_nonnull (find_label (window, heading));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A replay with all hands open: the other hands come above the hand shown,
 * not between its title and its cards. */
static void
test_all_hands_order (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:3:random,random,random", 6, &error));
  wait_for (window, finished);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  gtk_toggle_button_set_active (window->all_hands_switch, TRUE);
  let_frames_pass ();
  g_assert_true (gtk_widget_get_mapped (TABLE_PART (window, "other_hands_box")));
  g_assert_cmpfloat (y_in_window (window, TABLE_PART (window, "other_hands_box")), <,
                     y_in_window (window, TABLE_PART (window, "hand_title")));
  g_assert_cmpfloat (y_in_window (window, TABLE_PART (window, "hand_title")), <,
                     y_in_window (window, GTK_WIDGET (arb_table_get_hand_view (window->table))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The heading and its hint never grow taller than the piles beside them,
 * however long the names and the text: the table does not move as the
 * text changes from step to step, a computer's or a person's. */
static void
test_heading_keeps_height (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  GtkWidget *text_box;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window,
                                             "standard:2:person=Maximiliana Josephine-Wolkenstein,"
                                             "random=Bartholomew Fitzgerald-Montgomery", 8, &error));
  text_box = gtk_widget_get_parent (TABLE_PART (window, "status_label"));
  for (int i = 0; i < 8; i++)
    {
      wait_for (window, settled);
      _arb_window_say (window, "A long message, as the engine may give when it refuses a move, "
                       "that would take many lines in a narrow column beside the piles, and more "
                       "lines again in French, where the same words take a good third more room, "
                       "so long that no column beside the piles could hold it in three lines.", TRUE);
      let_frames_pass ();
      {
        int piles_height;

        gtk_widget_measure (TABLE_PART (window, "piles_box"), GTK_ORIENTATION_VERTICAL,
                            gtk_widget_get_width (TABLE_PART (window, "piles_box")), NULL, &piles_height, NULL, NULL);
        g_assert_cmpint (gtk_widget_get_height (text_box), <=, piles_height);
      }
      person_step (window);
    }
  gtk_window_destroy (GTK_WINDOW (window));
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
  window = new_window ();
  gtk_window_set_application (GTK_WINDOW (window), GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  let_frames_pass ();
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == window->welcome_new_game_button || focus == window->continue_button);
  g_assert_true (gtk_widget_get_visible (focus));

  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 31, &error));
  for (int turn = 0; turn < 3; turn++)
    {
      const ArbState *state;

      wait_for (window, settled);
      let_frames_pass ();
      state = arb_game_get_state (arb_window_get_game (window));
      g_assert_cmpint (state->phase, ==, ARB_PHASE_DRAW);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_true (focus == arb_pile_view_get_button (arb_table_get_pile_view (window->table, ARB_SOURCE_DECK)));
      for (int step = 0; step < 4; step++)
        person_step (window);
      /* The discard leaves the focus in the hand, or on Discard. */
      g_assert_false (gtk_root_get_focus (GTK_ROOT (window)) == arb_pile_view_get_button (arb_table_get_pile_view (window->table, ARB_SOURCE_DECK)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Hint, asked from the hand: the focus stays in the hand, on the card the
 * hint chose, and the marked place scrolls into view. */
static void
test_hint_keeps_focus (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  const ArbState *state;
  GtkWidget *focus;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 12, &error));
  play_turns (window, 4);
  person_step (window);
  person_step (window);
  state = arb_game_get_state (arb_window_get_game (window));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  gtk_widget_grab_focus (arb_hand_view_get_card_button (arb_table_get_hand_view (window->table),
                                                        arb_card_set_nth (&state->hands[state->current], 0)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  wait_for (window, any_card_selected);
  let_frames_pass ();
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (arb_table_get_hand_view (window->table))));
  {
    g_autoptr (GPtrArray) cells = g_ptr_array_new ();
    GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (ARB_ARBORETUM_VIEW (TABLE_PART (window, "own_view"))), GTK_TYPE_SCROLLED_WINDOW);
    GtkWidget *marked = NULL;
    graphene_rect_t bounds;

    arb_test_find_type (GTK_WIDGET (ARB_ARBORETUM_VIEW (TABLE_PART (window, "own_view"))), GTK_TYPE_BUTTON, cells);
    for (guint i = 0; i < cells->len; i++)
      if (gtk_widget_has_css_class (cells->pdata[i], "hint"))
        marked = cells->pdata[i];
    g_assert_nonnull (marked);
    g_assert_true (gtk_widget_compute_bounds (marked, scrolled, &bounds));
    g_assert_cmpfloat (bounds.origin.y, >=, 0);
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scrolled) + 0.5);
    g_assert_cmpfloat (bounds.origin.x, >=, 0);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scrolled) + 0.5);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The log's row of the step just replayed, or -1; rows after it must be
 * dimmed and rows before it not. */
static int
current_log_row (ArbWindow *window)
{
  ArbLogView *log = arb_table_get_log_view (window->table);
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
                   == (window->replay != NULL && (int) i > current));
  return current;
}

/* The replay bar comes in at once: the table takes its new height in the
 * first frame after and keeps it. A bar sliding in laid the table out anew
 * in each frame of its slide, at another height, which cost the renderer
 * about 10 MiB (docs/window.md). */
static void
test_replay_bar_at_once (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  GtkWidget *table;
  gint64 end = g_get_monotonic_time () + ARB_TEST_WAIT_LIMIT_US;
  int before, first;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  play_turns (window, 2);
  let_frames_pass ();
  table = GTK_WIDGET (window->table);
  before = gtk_widget_get_height (table);
  arb_window_start_replay (window);
  while ((first = gtk_widget_get_height (table)) == before)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
    }
  let_frames_pass ();
  g_assert_cmpint (gtk_widget_get_height (table), ==, first);
  g_assert_cmpint (first, <, before);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The kinds of render node GNOME Chess's window draws. Each other kind has
 * a GL program of its own, which a software GL driver (llvmpipe) compiles
 * the first time it is drawn and keeps: about 1.5 MiB each (issue 10,
 * docs/window.md). */
static gboolean
kind_drawn_by_chess (GskRenderNodeType kind)
{
  switch (kind)
    {
    case GSK_CONTAINER_NODE:
    case GSK_CAIRO_NODE:
    case GSK_COLOR_NODE:
    case GSK_TEXTURE_NODE:
    case GSK_TEXT_NODE:
    case GSK_INSET_SHADOW_NODE:
    case GSK_TRANSFORM_NODE:
    case GSK_OPACITY_NODE:
    case GSK_COLOR_MATRIX_NODE:
    case GSK_CLIP_NODE:
    case GSK_ROUNDED_CLIP_NODE:
    case GSK_DEBUG_NODE:
      return TRUE;
    default:
      return FALSE;
    }
}

typedef struct {
  gboolean   seen[GSK_GL_SHADER_NODE + 1];
  GtkWidget *scrollbar;
  guint      frames, frames_with_scrollbar;
} KindsSeen;

static gboolean
note_frame_kinds (GtkWidget *window, GdkFrameClock *clock, gpointer data)
{
  KindsSeen *kinds = data;
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node != NULL)
    arb_test_note_node_kinds (node, kinds->seen);
  kinds->frames++;
  if (kinds->scrollbar != NULL && gtk_widget_get_mapped (kinds->scrollbar)
      && gtk_widget_get_opacity (kinds->scrollbar) > 0)
    kinds->frames_with_scrollbar++;
  return G_SOURCE_CONTINUE;
}

/* Stops noting the kinds each frame of window draws (tick, from
 * note_frame_kinds) and checks them: frames were drawn, each only of what
 * GNOME Chess draws. */
static void
assert_drew_like_chess (ArbWindow *window, guint tick, const KindsSeen *kinds)
{
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick);
  g_assert_cmpuint (kinds->frames, >, 0);
  for (guint kind = 0; kind < G_N_ELEMENTS (kinds->seen); kind++)
    if (kinds->seen[kind] && !kind_drawn_by_chess (kind))
      {
        g_autofree char *name = g_enum_to_string (GSK_TYPE_RENDER_NODE_TYPE, kind);
        g_test_fail_printf ("the window drew a %s", name);
      }
}

/* Opening a finished game from the welcome page, and scrolling its log,
 * the window draws only what GNOME Chess draws: no crossfade between the
 * pages, no drop shadow under the replay slider's knob, no outline around
 * the overlay scrollbar (issue 10). Every frame is looked at, the
 * animations' too. */
/* A save game of tests/data/saves. */
static GFile *
saved_game (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "saves", name, NULL);

  return g_file_new_for_path (path);
}

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
  ArbWindow *window = new_window ();
  guint before;

  gtk_window_present (GTK_WINDOW (window));
  let_frames_pass ();
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

static void
test_draws_like_chess (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = saved_game ("good-standard-4p.arboretum"); /* 4 players, 200 steps */
  GtkScrolledWindow *log_scroller;
  GtkAdjustment *adjustment;
  KindsSeen kinds = { 0 };
  gboolean opened;
  guint tick;

  gtk_window_present (GTK_WINDOW (window));
  let_frames_pass ();
  log_scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (
      GTK_WIDGET (arb_log_view_get_text_view (arb_table_get_log_view (window->table))), GTK_TYPE_SCROLLED_WINDOW));
  kinds.scrollbar = gtk_scrolled_window_get_vscrollbar (log_scroller);
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), note_frame_kinds, &kinds, NULL);
  opened = arb_window_open_file (window, file, &error);
  g_assert_no_error (error);
  g_assert_true (opened);
  let_frames_pass ();
  adjustment = gtk_scrolled_window_get_vadjustment (log_scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
  let_frames_pass ();
  assert_drew_like_chess (window, tick, &kinds);
  g_assert_cmpuint (kinds.frames_with_scrollbar, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A turn of play draws no other kinds either: the new cards' rings, the
 * chosen card on its plate, the free cells, the computer's cards flying. */
static void
test_play_draws_like_chess (void)
{
  ArbWindow *window = new_window ();
  GtkWidget *hand;
  g_autoptr (GError) error = NULL;
  KindsSeen kinds = { 0 };
  guint tick;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 99, &error));
  g_assert_no_error (error);
  hand = GTK_WIDGET (arb_table_get_hand_view (arb_window_get_table (window)));
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), note_frame_kinds, &kinds, NULL);
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  let_frames_pass ();
  g_assert_cmpuint (arb_test_count_class (hand, "new-card"), >, 0);
  select_card (window, arb_card_set_nth (&arb_game_get_state (arb_window_get_game (window))->hands[0], 0));
  let_frames_pass ();
  person_step (window);
  person_step (window);
  wait_for (window, settled);
  let_frames_pass ();
  assert_drew_like_chess (window, tick, &kinds);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In a replay the log follows the cursor: the step just replayed is
 * marked and in view, the steps to come dimmed; back in the game, the log
 * is whole again. */
static void
test_log_follows_replay (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  int row;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  play_turns (window, 6);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  for (int i = 0; i < 5; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
  let_frames_pass ();
  /* A replay shows the hand as it is: no place left empty. */
  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new ();

    arb_test_find_type (GTK_WIDGET (arb_table_get_hand_view (window->table)), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      g_assert_false (gtk_widget_has_css_class (labels->pdata[i], "hand-gap"));
  }
  row = current_log_row (window);
  g_assert_cmpint (row, ==, arb_log_view_get_row_of_step (arb_table_get_log_view (window->table), 4));
  arb_test_wait_log_line_in_view (arb_table_get_log_view (window->table), (guint) row);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-exit", NULL);
  g_assert_null (arb_window_get_replay (window));
  g_assert_cmpint (current_log_row (window), ==, -1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A finished game opened from a file is replayed at its last step, and its
 * log shows that step: GTK lays out a long text's lines in an idle of its
 * own, which the frames of the table's first moments can hold back, and the
 * log must aim at its last line again once they are laid out. */
static void
test_log_at_end_of_opened_game (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = saved_game ("good-standard-4p.arboretum"); /* 4 players, 200 steps */
  ArbLogView *log;

  /* Wide enough for the side panel, whatever size an earlier test left. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  let_frames_pass ();
  g_assert_true (arb_window_open_file (window, file, &error));
  g_assert_no_error (error);
  log = arb_table_get_log_view (window->table);
  g_assert_cmpuint (arb_log_view_get_n_lines (log), >, 200);
  let_frames_pass ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (log)));
  arb_test_wait_log_line_in_view (log, arb_log_view_get_n_lines (log) - 1);
  g_assert_false (arb_test_log_line_in_view (log, 0));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
card_in_flight (ArbWindow *window)
{
  return arb_flight_layer_get_n_flying (arb_table_get_flight_layer (window->table)) > 0;
}

static gboolean
nothing_in_flight (ArbWindow *window)
{
  return arb_flight_layer_get_n_flying (arb_table_get_flight_layer (window->table)) == 0;
}

/* Plays the person's two draws and a card; returns the card planted. */
static ArbCard
draw_and_plant (ArbWindow *window)
{
  const ArbState *state;

  wait_for (window, settled);
  person_step (window);
  person_step (window);
  wait_for (window, nothing_in_flight);
  state = arb_game_get_state (arb_window_get_game (window));
  g_assert_cmpint (state->phase, ==, ARB_PHASE_PLAY);
  person_step (window);
  return arb_game_get_step (arb_window_get_game (window),
                            arb_game_get_n_steps (arb_window_get_game (window)) - 1)->move.card;
}

/* A card played slides from the hand to its cell, in a layer that takes no
 * clicks: the game has already moved on and the person may act at once;
 * the card shows in its cell when it lands. Without animations (the
 * system's gtk-enable-animations), nothing flies. */
static void
test_card_flies (void)
{
  ArbWindow *window = new_window ();
  GtkSettings *settings = gtk_settings_get_default ();
  g_autoptr (GError) error = NULL;
  const ArbStep *step;
  GtkWidget *landed;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 33, &error));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  draw_and_plant (window);
  wait_for (window, card_in_flight);
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (arb_table_get_flight_layer (window->table))));
  g_assert_cmpint (arb_game_get_state (arb_window_get_game (window))->phase, ==, ARB_PHASE_DISCARD);
  step = arb_game_get_step (arb_window_get_game (window), arb_game_get_n_steps (arb_window_get_game (window)) - 1);
  landed = arb_arboretum_view_get_card_widget (ARB_ARBORETUM_VIEW (TABLE_PART (window, "own_view")), step->move.x, step->move.y);
  g_assert_nonnull (landed);
  g_assert_cmpfloat (gtk_widget_get_opacity (landed), ==, 0.0);
  wait_for (window, nothing_in_flight);
  g_assert_cmpfloat (gtk_widget_get_opacity (landed), ==, 1.0);
  person_step (window); /* the discard */

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  draw_and_plant (window);
  for (int i = 0; i < 10; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpuint (arb_flight_layer_get_n_flying (arb_table_get_flight_layer (window->table)), ==, 0);
    }
  let_frames_pass ();
  g_assert_cmpuint (arb_flight_layer_get_n_flying (arb_table_get_flight_layer (window->table)), ==, 0);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The chart of a reviewed replay: a click at a step's place takes the
 * replay there. */
static void
check_chart_clicks (ArbWindow *window)
{
  GtkWidget *chart = GTK_WIDGET (window->review_chart);
  ArbReplay *replay = arb_window_get_replay (window);
  guint n = arb_review_get_n_steps (arb_game_get_review (arb_window_get_game (window)));

  let_frames_pass ();
  g_assert_true (gtk_widget_get_mapped (chart));
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
  ArbReplay *replay = arb_window_get_replay (window);
  ArbReview *review = arb_game_get_review (arb_window_get_game (window));
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
  ArbTable *table = arb_window_get_table (window);
  gboolean differs = !arb_review_same_move (&entry->best, &step->move);
  guint n_marked = 0;

  for (int p = ARB_SOURCE_DECK; p < (int) arb_game_get_n_seats (arb_window_get_game (window)); p++)
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
  ArbGame *game = arb_window_get_game (window);
  ArbReview *review = arb_game_get_review (game);
  guint n = arb_review_get_n_steps (review);
  guint n_ghosts = 0, n_piles = 0;

  for (guint s = 0; s < n; s++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, s);
      const ArbStep *step = arb_game_get_step (game, s);
      gboolean expected = entry->best.kind == ARB_MOVE_PLAY && !arb_review_same_move (&entry->best, &step->move);
      GtkWidget *ghost = arb_arboretum_view_get_ghost (arb_table_get_arboretum_view (arb_window_get_table (window), step->player));

      g_assert_cmpuint (arb_replay_get_step (arb_window_get_replay (window)), ==, s);
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
  return arb_game_get_review (arb_window_get_game (window)) != NULL;
}

/* Review, in the replay: runs in the background, then says at each step
 * what Hard would have done; the game has something new to save, and a
 * saved review comes back with the file, shown without running again. */
static void
test_review_in_replay (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arboretum-window-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "reviewed.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  ArbWindow *opened;
  KindsSeen kinds = { 0 };
  guint n_steps, tick;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 51, &error));
  play_turns (window, 2);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  n_steps = arb_game_get_n_steps (arb_window_get_game (window));
  arb_window_start_replay (window);
  g_assert_false (gtk_widget_get_visible (window->review_box));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->review_chart)));
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), note_frame_kinds, &kinds, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  g_assert_nonnull (window->review_cancellable);
  g_assert_true (gtk_widget_get_visible (window->review_box));
  wait_for (window, reviewed);
  g_assert_null (window->review_cancellable);
  g_assert_true (arb_session_get_modified (window->session));
  g_assert_cmpuint (arb_review_get_n_steps (arb_game_get_review (arb_window_get_game (window))), ==, n_steps);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  g_assert_true (gtk_widget_get_visible (window->review_box));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (window->review_label), "Next: "));
  check_ghosts (window);
  check_chart_clicks (window);
  let_frames_pass ();
  /* The review, its chart and Hard's choices marked on the table draw
   * only what GNOME Chess draws, as the rest of the window does. */
  assert_drew_like_chess (window, tick, &kinds);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));

  opened = new_window ();
  gtk_window_present (GTK_WINDOW (opened));
  g_assert_true (arb_window_open_file (opened, file, &error));
  g_assert_no_error (error);
  g_assert_true (reviewed (opened));
  arb_window_start_replay (opened);
  gtk_widget_activate_action (GTK_WIDGET (opened), "win.replay-first", NULL);
  g_assert_null (opened->review_cancellable);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (opened->review_label), "Next: "));
  gtk_window_destroy (GTK_WINDOW (opened));
  g_unlink (path);
  g_rmdir (dir);
}

/* Back to the game from its replay, a review under way stops: no progress
 * left on screen, no review laid on the game when the worker ends, and the
 * game goes on, without a warning. */
static void
test_leaving_replay_cancels_review (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  guint n_steps;
  gint64 end;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 52, &error));
  play_turns (window, 2);
  game = arb_window_get_game (window);
  n_steps = arb_game_get_n_steps (game);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  g_assert_nonnull (window->review_cancellable);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-exit", NULL));
  g_assert_null (arb_window_get_replay (window));
  g_assert_null (window->review_cancellable);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->review_progress)));
  /* The worker sees the cancellation within a step of its analysis. */
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (arb_game_get_review (game));
  g_assert_true (arb_window_get_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n_steps);
  wait_for (window, settled);
  person_step (window);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n_steps + 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A reviewed game of two random players, with its marked decisions: the
 * chart shows in the replay and leads to them. */
static void
test_review_chart (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:random,random", 7, &error));
  wait_for (window, settled);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  wait_for (window, reviewed);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->review_chart)));
  check_chart_clicks (window);
  check_chart_keys (window);
  /* Out of the replay, no chart. */
  arb_window_set_game (window, arb_window_get_game (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->review_chart)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new game would take the place of one with unsaved steps: the window
 * asks first, and Cancel keeps the game as it was. */
static void
test_new_game_offers_to_save (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *asked;
  ArbNewGameDialog *dialog;
  ArbGame *game;
  guint steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 11, &error));
  wait_for (window, settled);
  person_step (window);
  game = arb_window_get_game (window);
  steps = arb_game_get_n_steps (game);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  asked = find_message_dialog (window);
  g_assert_nonnull (asked);
  g_assert_null (find_new_game_dialog ());
  adw_message_dialog_response (asked, "cancel");
  g_assert_true (arb_window_get_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  asked = find_message_dialog (window);
  g_assert_nonnull (asked);
  adw_message_dialog_response (asked, "discard");
  dialog = find_new_game_dialog ();
  g_assert_nonnull (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
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
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arboretum-window-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (ArbGame) game = NULL;
  AdwMessageDialog *asked;
  guint saved_steps, steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 17, &error));
  wait_for (window, settled);
  person_step (window);
  g_assert_true (arb_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  saved_steps = arb_game_get_n_steps (arb_window_get_game (window));
  g_assert_cmpstr (window_title (window), ==, "saved.arboretum");
  person_step (window); /* a move that is not saved */
  g_assert_cmpstr (window_title (window), ==, "• saved.arboretum");
  game = g_object_ref (arb_window_get_game (window));
  steps = arb_game_get_n_steps (game);

  arb_window_open_file_interactive (window, file);
  asked = find_message_dialog (window);
  g_assert_nonnull (asked);
  g_assert_true (arb_window_get_game (window) == game);
  adw_message_dialog_response (asked, "cancel");
  g_assert_false (_arb_window_is_loading (window));
  g_assert_true (arb_window_get_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps);

  arb_window_open_file_interactive (window, file);
  asked = find_message_dialog (window);
  g_assert_nonnull (asked);
  adw_message_dialog_response (asked, "discard");
  wait_for (window, not_loading);
  g_assert_false (arb_window_get_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (arb_window_get_game (window)), ==, saved_steps);

  /* Just opened, nothing to save: the file opens again without a question. */
  g_clear_object (&game);
  game = g_object_ref (arb_window_get_game (window));
  arb_window_open_file_interactive (window, file);
  wait_for (window, not_loading);
  g_assert_false (arb_window_get_game (window) == game);
  g_assert_cmpuint (arb_game_get_n_steps (arb_window_get_game (window)), ==, saved_steps);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* `arboretum FILE` with a damaged file, or a file manager's double-click,
 * says why in the window, as the Open dialog does, and keeps the game. */
static void
test_open_damaged_file (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GFile) file = saved_game ("bad-illegal-step.arboretum");
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *told;

  gtk_window_present (GTK_WINDOW (window));
  arb_window_open_file_interactive (window, file);
  g_assert_true (_arb_window_is_loading (window));
  wait_for (window, not_loading);
  g_assert_null (arb_window_get_game (window));
  g_assert_cmpstr (arb_window_get_page (window), ==, "welcome");
  told = find_message_dialog (window);
  g_assert_nonnull (told);
  g_assert_false (arb_window_open_file (window, file, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (adw_message_dialog_get_body (told), ==, error->message);
  gtk_window_destroy (GTK_WINDOW (told));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The mnemonic letters of the items of a menu and its sections, each once. */
static void
check_menu_mnemonics (GMenuModel *menu, GHashTable *letters)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *label = NULL;
      const char *mark;
      gunichar letter;

      if (section != NULL)
        {
          check_menu_mnemonics (section, letters);
          continue;
        }
      g_assert_true (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      mark = strchr (label, '_');
      g_assert_nonnull (mark);
      letter = g_unichar_tolower (g_utf8_get_char (mark + 1));
      if (g_hash_table_contains (letters, GUINT_TO_POINTER (letter)))
        g_error ("“%s” has the mnemonic of “%s”", label,
                 (const char *) g_hash_table_lookup (letters, GUINT_TO_POINTER (letter)));
      g_hash_table_insert (letters, GUINT_TO_POINTER (letter), g_strdup (label));
    }
}

static void
check_primary_menu (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr (GHashTable) letters = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint n_menus = 0;

  arb_test_find_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GMenuModel *menu = gtk_menu_button_get_menu_model (buttons->pdata[i]);
      if (menu == NULL)
        continue;
      g_hash_table_remove_all (letters);
      check_menu_mnemonics (menu, letters);
      g_assert_cmpuint (g_hash_table_size (letters), >=, 8);
      n_menus++;
    }
  g_assert_cmpuint (n_menus, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs check in French, from the catalogue this build compiled. */
static void
in_french (void (*check) (void))
{
  g_autofree char *locale = g_strdup (setlocale (LC_ALL, NULL));

  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      g_test_skip ("No C.UTF-8 locale");
      return;
    }
  g_setenv ("LANGUAGE", "fr", TRUE);
  check ();
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, locale);
}

/* Alt and a letter reach every item of the main menu, in both languages. */
static void
test_menu_mnemonics (void)
{
  check_primary_menu ();
  in_french (check_primary_menu);
}

/* Every species name fits on the cards, broken between words only and
 * never ellipsized, at every width the window draws them: 40 (other hands
 * in a replay) to 138 (the large arboretum zoomed in). */
static void
check_species_names (void)
{
  for (int width = 40; width <= 138; width += 2)
    for (guint s = 0; s < ARB_N_SPECIES; s++)
      if (!arb_card_widget_name_fits ((ArbSpecies) s, width))
        g_error ("“%s” does not fit on a card %d pixels wide", arb_species_name ((ArbSpecies) s), width);
}

static void
check_french_species_names (void)
{
  g_assert_cmpstr (arb_species_name (ARB_SPECIES_ROYAL_POINCIANA), ==, "Flamboyant");
  check_species_names ();
}

static void
test_species_names_fit (void)
{
  check_species_names ();
  in_french (check_french_species_names);
}

static AdwExpanderRow *
species_row (ArbNewGameDialog *dialog)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (dialog), ADW_TYPE_EXPANDER_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 1);
  return rows->pdata[0];
}

static const char *expected_one, *expected_two;

/* The species count says “1 chosen”, then “2 chosen”, as the language says it. */
static void
check_species_count (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog;
  AdwExpanderRow *row;
  g_autoptr (GPtrArray) checks = g_ptr_array_new ();

  g_settings_set_string (settings, "variant", "standard");
  g_settings_set_uint (settings, "seats", 2);
  dialog = arb_new_game_dialog_new (settings);
  row = species_row (dialog);
  adw_expander_row_set_enable_expansion (row, TRUE);
  arb_test_find_type (GTK_WIDGET (row), GTK_TYPE_CHECK_BUTTON, checks);
  g_assert_cmpuint (checks->len, ==, ARB_N_SPECIES);
  for (guint i = 0; i < checks->len; i++)
    gtk_check_button_set_active (checks->pdata[i], FALSE);
  gtk_check_button_set_active (checks->pdata[0], TRUE);
  g_assert_cmpstr (adw_expander_row_get_subtitle (row), ==, expected_one);
  gtk_check_button_set_active (checks->pdata[1], TRUE);
  g_assert_cmpstr (adw_expander_row_get_subtitle (row), ==, expected_two);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_species_count_plural (void)
{
  expected_one = "Choose 6 species (1 chosen)";
  expected_two = "Choose 6 species (2 chosen)";
  check_species_count ();
  expected_one = "Choisissez 6 essences (1 choisie)";
  expected_two = "Choisissez 6 essences (2 choisies)";
  in_french (check_species_count);
}

static const char *expected_name;

/* A seat left at its default name gets it in the player's language, even
 * when an earlier version stored the English "Player 2", and the default
 * is kept as "" so that it follows the language next time. */
static void
check_default_names (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_auto (GStrv) stored = NULL;
  ArbNewGameDialog *dialog;

  g_settings_set_string (settings, "variant", "standard");
  g_settings_set_uint (settings, "seats", 2);
  g_settings_set_strv (settings, "seat-names", (const char *[]) { "Ann", "Player 2", NULL });
  dialog = arb_new_game_dialog_new (settings);
  arb_test_find_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, entries);
  g_assert_cmpuint (entries->len, >=, 2);
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[0]), ==, "Ann");
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[1]), ==, expected_name);
  game = arb_new_game_dialog_start (dialog, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 1)), ==, expected_name);
  stored = g_settings_get_strv (settings, "seat-names");
  g_assert_cmpstr (stored[0], ==, "Ann");
  g_assert_cmpstr (stored[1], ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_default_names_translated (void)
{
  expected_name = "Player 2";
  check_default_names ();
  expected_name = "Joueur 2";
  in_french (check_default_names);
}

/* A long name above a discard pile is cut, the rest of the title stays
 * whole and nothing else is ellipsized; the tooltip has it all. */
static gboolean
piles_laid_out (ArbWindow *window)
{
  g_autoptr (GPtrArray) piles = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), ARB_TYPE_PILE_VIEW, piles);
  for (guint i = 0; i < piles->len; i++)
    if (gtk_widget_get_width (GTK_WIDGET (arb_pile_view_get_title_label (piles->pdata[i]))) == 0)
      return FALSE;
  return piles->len > 0;
}

/* The whole pile's popover names the pile in full, wrapped rather than
 * cut, and the button's tooltip does not sit over it while it is open. */
static void
check_pile_popover (ArbPileView *pile, const char *title)
{
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  GtkMenuButton *button;
  gboolean named = FALSE;

  arb_test_find_type (GTK_WIDGET (pile), GTK_TYPE_MENU_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, ==, 1);
  button = buttons->pdata[0];
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popup (button);
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  arb_test_find_type (GTK_WIDGET (gtk_menu_button_get_popover (button)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (labels->pdata[i]), title) == 0)
      {
        named = TRUE;
        g_assert_true (gtk_label_get_wrap (labels->pdata[i]));
        g_assert_cmpint (gtk_label_get_ellipsize (labels->pdata[i]), ==, PANGO_ELLIPSIZE_NONE);
      }
  g_assert_true (named);
  gtk_menu_button_popdown (button);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
}

static void
test_pile_titles (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) piles = g_ptr_array_new ();
  const char *long_title = "Maximiliana Josephine-Wolkenstein’s pile";
  gboolean found_long = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window,
                                             "standard:3:person=Dana,random=Maximiliana Josephine-Wolkenstein,random=Bartholomew",
                                             3, &error));
  g_assert_no_error (error);
  wait_for (window, piles_laid_out);
  arb_test_find_type (GTK_WIDGET (window), ARB_TYPE_PILE_VIEW, piles);
  g_assert_cmpuint (piles->len, ==, 4);
  for (guint i = 0; i < piles->len; i++)
    {
      GtkLabel *label = arb_pile_view_get_title_label (piles->pdata[i]);
      const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (label));

      /* Two lines as wide as the card at most, and never the title cut. */
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (piles->pdata[i])), <=, 120);
      if (g_strcmp0 (tooltip, long_title) == 0)
        {
          found_long = TRUE;
          g_assert_cmpstr (gtk_label_get_label (label), ==, "Maximilia…’s pile");
          check_pile_popover (piles->pdata[i], long_title);
        }
      else if (tooltip != NULL)
        {
          g_assert_cmpstr (tooltip, ==, "Bartholomew’s pile");
          g_assert_cmpstr (gtk_label_get_label (label), ==, "Bartholom…’s pile");
        }
      else
        g_assert_true (strstr (gtk_label_get_label (label), "…") == NULL);
    }
  g_assert_true (found_long);

  /* The deck and the piles line up by their cards, whatever the titles. */
  let_frames_pass ();
  for (guint i = 1; i < piles->len; i++)
    g_assert_cmpfloat_with_epsilon (y_in_window (window, arb_pile_view_get_button (piles->pdata[i])),
                                    y_in_window (window, arb_pile_view_get_button (piles->pdata[0])), 0.5);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With only computers at the table, the hand shown is that of whoever
 * plays, under their name. */
static guint watched_steps;

static void
check_watched_hand (ArbGame *game, guint index, ArbWindow *window)
{
  const ArbState *state = arb_game_get_state (game);
  ArbHandView *hand = arb_table_get_hand_view (arb_window_get_table (window));
  const char *name = arb_player_get_name (arb_game_get_player (game, state->current));
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&state->hands[state->current], cards);

  if (state->phase == ARB_PHASE_OVER)
    return;
  g_assert_cmpuint (arb_hand_view_get_n_cards (hand), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (arb_hand_view_get_card_button (hand, cards[i]));
  g_assert_nonnull (strstr (arb_table_get_hand_title (arb_window_get_table (window)), name));
  watched_steps++;
}

/* The side panel follows who plays, never repeating the large arboretum. */
static void
check_side_panel (GtkStack *stack, GParamSpec *pspec, ArbWindow *window)
{
  g_assert_true (side_shows_another_player (window));
}

static void
test_watch_computers (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  GtkWidget *stack;
  gulong watching, checking;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:3:random=Ada,random=Bo,random=Cy", 23, &error));
  game = arb_window_get_game (window);
  g_assert_nonnull (strstr (arb_table_get_hand_title (arb_window_get_table (window)), "Ada"));
  watched_steps = 0;
  watching = g_signal_connect (game, "step-applied", G_CALLBACK (check_watched_hand), window);
  stack = gtk_widget_get_parent (GTK_WIDGET (arb_table_get_side_view (arb_window_get_table (window))));
  checking = g_signal_connect (stack, "notify::visible-child", G_CALLBACK (check_side_panel), window);
  wanted_steps = 24;
  wait_for (window, steps_reached);
  g_signal_handler_disconnect (game, watching);
  g_signal_handler_disconnect (stack, checking);
  g_assert_cmpuint (watched_steps, >=, 24);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The newest card of an arboretum in its scrolled window is in view. */
static ArbArboretumView *newest_view;

static gboolean
newest_card_in_view (ArbWindow *window)
{
  const ArbArboretum *arboretum = &arb_game_get_state (arb_window_get_game (window))->arboreta[0];
  const ArbPlacement *newest = &arboretum->cells[arboretum->n - 1];
  GtkWidget *card = arb_arboretum_view_get_card_widget (newest_view, newest->x, newest->y);
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (newest_view), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t b;

  if (card == NULL || gtk_widget_get_width (card) == 0 || !gtk_widget_compute_bounds (card, scrolled, &b))
    return FALSE;
  return b.origin.x >= 0 && b.origin.y >= 0
         && b.origin.x + b.size.width <= gtk_widget_get_width (scrolled)
         && b.origin.y + b.size.height <= gtk_widget_get_height (scrolled);
}

/* The person plants a card as far to one side (-1 left, 1 right) as the
 * rules allow, so that the arboretum grows past its scrolled window. */
static void
plant_at_side (ArbWindow *window, int side)
{
  const ArbState *state = arb_game_get_state (arb_window_get_game (window));
  ArbCard card = arb_card_set_nth (&state->hands[state->current], 0);
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n = arb_state_free_cells (state, state->current, xy);
  int best = -1;
  GtkWidget *cell;

  select_card (window, card);
  for (guint i = 0; i < n; i++)
    if (arb_state_check_play (state, card, xy[2 * i], xy[2 * i + 1], NULL)
        && (best < 0 || side * xy[2 * i] > side * xy[2 * best]))
      best = (int) i;
  g_assert_cmpint (best, >=, 0);
  cell = arb_arboretum_view_get_cell_button (newest_view, xy[2 * best], xy[2 * best + 1]);
  g_assert_nonnull (cell);
  wanted_steps = arb_game_get_n_steps (arb_window_get_game (window)) + 1;
  gtk_widget_activate (cell);
  wait_for (window, steps_reached);
}

static void
test_scroll_to_newest (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  GtkAdjustment *hadj;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 560);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 47, &error));
  game = arb_window_get_game (window);
  newest_view = arb_table_get_arboretum_view (arb_window_get_table (window), 0);
  /* Cards larger than fit: the arboretum scrolls rather than shrinks. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_false (arb_arboretum_view_get_fit (newest_view));
  /* To the right, out of the page; then back to the left, out of it again. */
  for (int turn = 0; turn < 10; turn++)
    {
      wait_for (window, settled);
      person_step (window);
      person_step (window);
      plant_at_side (window, turn < 7 ? 1 : -1);
      wait_for (window, newest_card_in_view);
      person_step (window); /* discard */
    }
  /* Ten cards in a row are wider than the view, which had to follow them. */
  g_assert_cmpuint (arb_game_get_state (game)->arboreta[0].n, ==, 10);
  hadj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (
           gtk_widget_get_ancestor (GTK_WIDGET (newest_view), GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), >, gtk_adjustment_get_page_size (hadj));
  gtk_window_destroy (GTK_WINDOW (window));
}

static ArbArboretumView *fitting_view;

/* The whole arboretum, with the cells around it, shows in its page. */
static gboolean
arboretum_fits (ArbWindow *window)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (fitting_view), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled));
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

  return gtk_adjustment_get_upper (h) <= gtk_adjustment_get_page_size (h)
         && gtk_adjustment_get_upper (v) <= gtk_adjustment_get_page_size (v);
}

/* The arboretum shows whole, or its cards are as small as they get and it
 * scrolls. */
static gboolean
arboretum_fits_or_scrolls (ArbWindow *window)
{
  return arboretum_fits (window) || arb_arboretum_view_get_card_width (fitting_view) == 56;
}

/* In a small window the arboretum's cards shrink so that it shows whole,
 * as it grows; choosing a card never resizes them; zooming in lets it
 * scroll, and the usual size fits again. */
static void
test_arboretum_fits (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  const ArbState *state;
  int width;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 47, &error));
  fitting_view = arb_table_get_arboretum_view (arb_window_get_table (window), 0);
  wait_for (window, settled);
  let_frames_pass ();
  /* One cell, the room for it: the usual size. */
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, DEFAULT_CARD_WIDTH);
  for (int turn = 0; turn < 5; turn++)
    {
      wait_for (window, settled);
      person_step (window);
      person_step (window);
      person_step (window);
      person_step (window);
    }
  wait_for (window, settled);
  person_step (window);
  person_step (window);
  wait_for (window, arboretum_fits_or_scrolls);
  width = arb_arboretum_view_get_card_width (fitting_view);
  g_assert_cmpint (width, <, DEFAULT_CARD_WIDTH);
  g_assert_cmpint (width, >=, 56);
  state = arb_game_get_state (arb_window_get_game (window));
  select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
  let_frames_pass ();
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, width);
  g_assert_true (arboretum_fits_or_scrolls (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, width + 12);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-reset", NULL);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, width);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcuts window is built when first asked for (not with every
 * window), then shown again. */
static void
test_shortcuts_window (void)
{
  ArbWindow *window = new_window ();
  GtkShortcutsWindow *overlay;

  arb_application_add_shortcuts_action (GTK_APPLICATION_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  gtk_window_close (GTK_WINDOW (overlay));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) == overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The whole hand is in sight, with no scrolling sideways; a hand that
 * never fits fails the test when wait_for gives up. */
static gboolean
hand_fits (ArbWindow *window)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (arb_table_get_hand_view (arb_window_get_table (window))));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled));

  return gtk_adjustment_get_page_size (adjustment) > 0
         && gtk_adjustment_get_upper (adjustment) <= gtk_adjustment_get_page_size (adjustment);
}

/* The widest table, with names long enough to be cut. */
static void
start_table_of_four (ArbWindow *window)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_window_start_from_spec (window,
                                             "standard:4:person=Dana,random=Talia,random=Rina,random=Bartholomew",
                                             21, &error));
  g_assert_no_error (error);
}

/* A size remembered from a larger screen is cut to this one's (Xvfb's
 * 1280 × 800), less the room of GNOME's top bar. */
static void
test_fits_the_screen (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbWindow *window;
  int width, height;

  g_settings_set_int (settings, "window-width", 1900);
  g_settings_set_int (settings, "window-height", 1200);
  window = new_window ();
  gtk_window_present (GTK_WINDOW (window));
  let_frames_pass ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_test_message ("default size %d × %d", width, height);
  g_assert_cmpint (width, <=, 1280);
  g_assert_cmpint (height, <=, 800 - 40);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* A laptop of 800 pixels holds a table of four: nothing in the window
 * asks for more width than that. */
static void
test_fits_small_screen (void)
{
  ArbWindow *window = new_window ();
  GtkWidget *content;
  int minimum, natural;

  gtk_window_present (GTK_WINDOW (window));
  start_table_of_four (window);
  wait_for (window, piles_laid_out);
  content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("minimum width %d, natural %d", minimum, natural);
  g_assert_cmpint (minimum, <=, 800);
  /* The replay's bar too, with every button it may show. */
  arb_window_start_replay (window);
  let_frames_pass ();
  g_assert_true (gtk_widget_get_visible (window->back_to_game_button));
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("in the replay: minimum width %d, natural %d", minimum, natural);
  g_assert_cmpint (minimum, <=, 800);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F9's action shows and hides the side panel, the header bar's button with it. */
static void
test_toggle_side_panel (void)
{
  ArbWindow *window = new_window ();
  g_autoptr (GPtrArray) flaps = g_ptr_array_new ();
  GtkWidget *flap;
  gboolean shown;

  gtk_window_present (GTK_WINDOW (window));
  start_table_of_four (window);
  arb_test_find_type (GTK_WIDGET (window), ADW_TYPE_FLAP, flaps);
  g_assert_cmpuint (flaps->len, ==, 1);
  flap = g_ptr_array_index (flaps, 0);
  shown = adw_flap_get_reveal_flap (ADW_FLAP (flap));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-side-panel", NULL);
  g_assert_cmpint (adw_flap_get_reveal_flap (ADW_FLAP (flap)), ==, !shown);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-side-panel", NULL);
  g_assert_cmpint (adw_flap_get_reveal_flap (ADW_FLAP (flap)), ==, shown);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A hand of ten cards is seen whole in a window 1024 pixels wide, beside
 * the side panel of a table of four: its cards shrink, no scrolling. */
static void
test_hand_fits (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbWindow *window;
  ArbHandView *hand_view;
  ArbCardSet hand = ARB_CARD_SET_INIT;

  g_settings_set_int (settings, "window-width", 1024);
  g_settings_set_int (settings, "window-height", 768);
  window = new_window ();
  hand_view = arb_table_get_hand_view (arb_window_get_table (window));
  gtk_window_present (GTK_WINDOW (window));
  start_table_of_four (window);
  wait_for (window, settled);
  for (ArbCard card = 0; card < 10; card++)
    arb_card_set_add (&hand, card);
  arb_hand_view_set_hand (hand_view, &hand, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_n_cards (hand_view), ==, 10);
  wait_for (window, hand_fits);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1024);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("arboretum-data-XXXXXX", NULL);

  /* The autosave goes to a directory of the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  arb_test_pin_gl_driver ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* The application's style sheet, which AdwApplication would load: it
   * decides some widths the layout tests measure. */
  {
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  /* The window's own strings, from this build's catalogues when in French. */
  bindtextdomain (GETTEXT_PACKAGE, TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/window/against-computer", test_against_computer);
  g_test_add_func ("/window/solo", test_solo);
  g_test_add_func ("/window/illegal-play-refused", test_illegal_play_refused);
  g_test_add_func ("/window/cover-between-people", test_cover_between_people);
  g_test_add_func ("/window/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/window/take-back", test_take_back);
  g_test_add_func ("/window/save-open-replay", test_save_open_replay);
  g_test_add_func ("/window/draws-like-chess", test_draws_like_chess);
  g_test_add_func ("/window/play-draws-like-chess", test_play_draws_like_chess);
  g_test_add_func ("/window/close-offers-to-save", test_close_offers_to_save);
  g_test_add_func ("/window/new-game-offers-to-save", test_new_game_offers_to_save);
  g_test_add_func ("/window/drop-on-cell", test_drop_on_cell);
  g_test_add_func ("/window/default-names-translated", test_default_names_translated);
  g_test_add_func ("/window/new-game-keyboard", test_new_game_keyboard);
  g_test_add_func ("/window/tab-to-cells", test_tab_to_cells);
  g_test_add_func ("/window/nothing-moves", test_nothing_moves);
  g_test_add_func ("/window/last-turn-shown", test_last_turn_shown);
  g_test_add_func ("/window/all-hands-order", test_all_hands_order);
  g_test_add_func ("/window/arboretum-fits", test_arboretum_fits);
  g_test_add_func ("/window/heading-keeps-height", test_heading_keeps_height);
  g_test_add_func ("/window/focus-where-play-starts", test_focus_where_play_starts);
  g_test_add_func ("/window/hint-keeps-focus", test_hint_keeps_focus);
  g_test_add_func ("/window/replay-bar-at-once", test_replay_bar_at_once);
  g_test_add_func ("/window/log-follows-replay", test_log_follows_replay);
  g_test_add_func ("/window/card-flies", test_card_flies);
  g_test_add_func ("/window/review-in-replay", test_review_in_replay);
  g_test_add_func ("/window/leaving-replay-cancels-review", test_leaving_replay_cancels_review);
  g_test_add_func ("/window/review-chart", test_review_chart);
  g_test_add_func ("/window/close-without-saving", test_close_without_saving);
  g_test_add_func ("/window/open-file-offers-to-save", test_open_file_offers_to_save);
  g_test_add_func ("/window/open-damaged-file", test_open_damaged_file);
  g_test_add_func ("/window/menu-mnemonics", test_menu_mnemonics);
  g_test_add_func ("/window/species-count-plural", test_species_count_plural);
  g_test_add_func ("/window/species-names-fit", test_species_names_fit);
  g_test_add_func ("/window/pile-titles", test_pile_titles);
  g_test_add_func ("/window/release-after-each-burst", test_release_after_each_burst);
  g_test_add_func ("/window/log-at-end-of-opened-game", test_log_at_end_of_opened_game);
  g_test_add_func ("/window/watch-computers", test_watch_computers);
  g_test_add_func ("/window/scroll-to-newest", test_scroll_to_newest);
  g_test_add_func ("/window/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/window/fits-small-screen", test_fits_small_screen);
  g_test_add_func ("/window/fits-the-screen", test_fits_the_screen);
  g_test_add_func ("/window/hand-fits", test_hand_fits);
  g_test_add_func ("/window/toggle-side-panel", test_toggle_side_panel);
  return g_test_run ();
}
