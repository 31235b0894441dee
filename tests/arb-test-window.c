/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-window.c: the fixture of the programs that drive the whole game
 * window (arb-test-window.h). */
#include "config.h"

#include "arb-test-files.h"

#include "arb-test-window.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>

#include "arb-pile-view.h"
#include "arb-score-dialog.h"

/* The program's XDG_DATA_HOME, removed at exit. */
static char *data_home;

static void
remove_data_home (void)
{
  arb_test_remove_tree (data_home);
  g_clear_pointer (&data_home, g_free);
}

void
arb_test_window_init (int *argc, char ***argv)
{
  g_autoptr (GtkCssProvider) css = NULL;

  /* The autosave goes to a directory of the program's own, which goes
   * when the program ends (a failed assertion aborts and leaves it, with
   * what the test had saved). */
  data_home = g_dir_make_tmp ("arboretum-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  atexit (remove_data_home);
  arb_test_pin_gl_driver ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  /* The application's style sheet, which AdwApplication would load: it
   * decides some widths the layout tests measure. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  /* Cards land at once and the score sheet tells all at once, as with
   * the desktop's "Reduce animation": whole games play at the fastest
   * pace. A test of an animation turns them on for itself. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  /* The window's own strings, from this build's catalogues when in French. */
  bindtextdomain (GETTEXT_PACKAGE, TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

ArbWindow *
arb_test_new_window (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);

  /* Computer steps at once: the pace is for people, not for tests. */
  g_settings_set_uint (settings, "think-time", 0);
  return arb_window_new (NULL);
}

/* Whose turn it is, and what kind of seat plays it. */
static void
describe_turn (ArbWindow *window, GString *seen)
{
  ArbGame *game = arb_test_game (window);
  guint current;

  if (game == NULL)
    {
      g_string_append (seen, "no game\n");
      return;
    }
  current = arb_game_get_current_player (game);
  if (arb_game_is_finished (game))
    g_string_append (seen, "the game is over");
  else
    g_string_append_printf (seen, "seat %u's turn (%s, a %s)", current, arb_game_player_name (game, current),
                            arb_game_is_computer (game, current) ? "computer" : "person");
  g_string_append_printf (seen, ", %u steps\n", arb_game_get_n_steps (game));
}

/* The session's state and the page that shows it. */
static void
describe_session (ArbWindow *window, GString *seen)
{
  ArbSession *session = arb_window_get_session (window);
  ArbReplay *replay = arb_session_get_replay (session);

  g_string_append_printf (seen, "page %s, viewer %d, cover for %d%s%s%s%s\n", arb_test_page (window),
                          arb_test_viewer (window), arb_session_get_cover_for (session),
                          arb_session_get_loading (session) ? ", loading" : "",
                          arb_session_get_busy (session) ? ", busy" : "",
                          arb_session_get_person_to_act (session) ? ", a person to act" : "",
                          arb_test_score_dialog (window) != NULL ? ", the score dialog open" : "");
  if (replay != NULL)
    g_string_append_printf (seen, "replaying: step %u of %u\n", arb_replay_get_step (replay),
                            arb_replay_get_n_steps (replay));
  if (arb_session_get_reviewing (session))
    g_string_append_printf (seen, "reviewing: %.0f %% done\n", 100 * arb_session_get_review_progress (session));
}

/* The log's last lines, the newest last. */
#define DESCRIBED_LOG_LINES 5

static void
describe_log (ArbWindow *window, GString *seen)
{
  ArbLogView *log = arb_table_get_log_view (arb_test_table (window));
  guint n = arb_log_view_get_n_lines (log);

  g_string_append_printf (seen, "the log's last lines (of %u):\n", n);
  for (guint line = n > DESCRIBED_LOG_LINES ? n - DESCRIBED_LOG_LINES : 0; line < n; line++)
    {
      g_autofree char *text = arb_log_view_get_line (log, line);

      g_string_append_printf (seen, "  %s\n", text);
    }
}

char *
arb_test_describe_window (ArbWindow *window)
{
  GString *seen = g_string_new (NULL);

  describe_turn (window, seen);
  describe_session (window, seen);
  describe_log (window, seen);
  return g_string_free (seen, FALSE);
}

static guint wanted_steps;

static gboolean
steps_reached (ArbWindow *window)
{
  return arb_game_get_n_steps (arb_test_game (window)) >= wanted_steps;
}

void
arb_test_wait_steps (ArbWindow *window, guint n_steps)
{
  g_autofree char *what = g_strdup_printf ("the game to have %u steps", n_steps);

  wanted_steps = n_steps;
  arb_test_wait_until_described (what, steps_reached, arb_test_describe_window, window);
}

gboolean
arb_test_pointer_cleared (gpointer *pointer)
{
  return *pointer == NULL;
}

static gboolean
reviewed (ArbWindow *window)
{
  return arb_session_get_review (arb_window_get_session (window)) != NULL;
}

/* The progress last seen of the review under way. */
static double progress_seen;

static gboolean
reviewed_or_progressed (ArbWindow *window)
{
  return reviewed (window) || arb_session_get_review_progress (arb_window_get_session (window)) > progress_seen;
}

/* Waits for the review, as long as it progresses: Hard weighs every
 * decision of the game in a worker thread, which a busy machine (or a
 * sanitizer build) may give little of a core; a review that stops moving
 * for the wait's limit fails the test. */
void
arb_test_wait_reviewed (ArbWindow *window)
{
  while (!reviewed (window))
    {
      progress_seen = arb_session_get_review_progress (arb_window_get_session (window));
      arb_test_wait_for (window, reviewed_or_progressed);
    }
}

gboolean
arb_test_settled (ArbWindow *window)
{
  ArbGame *game = arb_test_game (window);

  if (arb_game_is_finished (game))
    return arb_test_score_dialog (window) != NULL;
  if (g_strcmp0 (arb_test_page (window), "cover") == 0)
    return TRUE;
  return arb_player_get_kind (arb_game_get_player (game, arb_game_get_current_player (game))) == ARB_PLAYER_PERSON
         && arb_test_viewer (window) == (int) arb_game_get_current_player (game)
         && g_strcmp0 (arb_test_page (window), "table") == 0;
}

gboolean
arb_test_finished (ArbWindow *window)
{
  return arb_game_is_finished (arb_test_game (window));
}

gboolean
arb_test_not_loading (ArbWindow *window)
{
  return !arb_session_get_loading (arb_window_get_session (window));
}

gboolean
arb_test_has_game (ArbWindow *window)
{
  return arb_test_game (window) != NULL;
}

gboolean
arb_test_any_card_selected (ArbWindow *window)
{
  return arb_hand_view_get_selected (arb_table_get_hand_view (arb_test_table (window))) != ARB_CARD_NONE;
}

gboolean
arb_test_piles_laid_out (ArbWindow *window)
{
  g_autoptr (GPtrArray) piles = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), ARB_TYPE_PILE_VIEW, piles);
  for (guint i = 0; i < piles->len; i++)
    if (gtk_widget_get_width (GTK_WIDGET (arb_pile_view_get_title_label (piles->pdata[i]))) == 0)
      return FALSE;
  return piles->len > 0;
}

/* The whole hand is in sight, with no scrolling sideways. */
gboolean
arb_test_hand_fits (ArbWindow *window)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (arb_table_get_hand_view (arb_test_table (window))));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled));

  return gtk_adjustment_get_page_size (adjustment) > 0
         && gtk_adjustment_get_upper (adjustment) <= gtk_adjustment_get_page_size (adjustment);
}

/* The side panel shows the arboretum of somebody other than the person at
 * the screen, never the large one a second time. */
gboolean
arb_test_side_shows_another_player (ArbWindow *window)
{
  guint n_players = arb_game_get_state (arb_test_game (window))->n_players;
  ArbArboretumView *side = arb_table_get_side_view (arb_test_table (window));

  for (guint p = 0; p < n_players; p++)
    if ((int) p != arb_test_viewer (window) && side == arb_table_get_arboretum_view (arb_test_table (window), p))
      return TRUE;
  return FALSE;
}

static ArbCard wanted_card;

static gboolean
card_selected (ArbWindow *window)
{
  return arb_hand_view_get_selected (arb_table_get_hand_view (arb_test_table (window))) == wanted_card;
}

void
arb_test_select_card (ArbWindow *window, ArbCard card)
{
  GtkWidget *button = arb_hand_view_get_card_button (arb_table_get_hand_view (arb_test_table (window)), card);

  g_assert_nonnull (button);
  /* A button activated from the keyboard clicks a moment later, as it shows
   * itself pressed: wait for it. */
  gtk_widget_activate (button);
  wanted_card = card;
  arb_test_wait_for (window, card_selected);
}

/* The first card of the hand, and the first highlighted cell for it. */
static void
play_through_widgets (ArbWindow *window, guint target_player)
{
  const ArbState *state = arb_game_get_state (arb_test_game (window));
  ArbCard card = arb_card_set_nth (&state->hands[state->current], 0);
  ArbArboretumView *view;
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n;
  GtkWidget *cell;

  arb_test_select_card (window, card);
  view = arb_table_get_arboretum_view (arb_test_table (window), target_player);
  n = arb_state_free_cells (state, target_player, xy);
  g_assert_cmpuint (n, >, 0);
  /* Every free cell the engine gives is offered, and nothing else. */
  g_assert_cmpuint (arb_arboretum_view_get_n_cells (view), ==, n);
  cell = arb_arboretum_view_get_cell_button (view, xy[0], xy[1]);
  g_assert_nonnull (cell);
  /* Clicked as a pointer clicks it, at once: a keyboard activation clicks
   * 250 ms later, and the arboretum, refitting its cards to a page that
   * changed size as the card was chosen, may rebuild its cells before
   * (the click was then lost with the button, on a busy machine). */
  g_signal_emit_by_name (cell, "clicked");
}

/* One step of the person at the screen, through the window alone. The
 * game is held: online, the host's record may take its place at the end. */
void
arb_test_person_step (ArbWindow *window)
{
  g_autoptr (ArbGame) game = g_object_ref (arb_test_game (window));
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
          arb_test_select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
          gtk_widget_activate_action (GTK_WIDGET (arb_test_table (window)), "table.discard-selected", NULL);
        }
      break;
    case ARB_PHASE_OVER:
    default:
      g_assert_not_reached ();
    }
  arb_test_wait_steps (window, steps + 1);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, steps + 1);
}

/* The person's whole turns (two draws, a play, a discard) against a
 * computer, until the person's next turn. */
void
arb_test_play_turns (ArbWindow *window, int turns)
{
  for (int turn = 0; turn < turns; turn++)
    {
      arb_test_wait_for (window, arb_test_settled);
      for (int step = 0; step < 4; step++)
        arb_test_person_step (window);
    }
  arb_test_wait_for (window, arb_test_settled);
}

void
arb_test_play_to_the_end (ArbWindow *window)
{
  ArbGame *game = arb_test_game (window);

  while (!arb_game_is_finished (game))
    {
      arb_test_wait_for (window, arb_test_settled);
      if (arb_game_is_finished (game))
        break;
      if (g_strcmp0 (arb_test_page (window), "cover") == 0)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);
      g_assert_true (arb_test_side_shows_another_player (window));
      arb_test_person_step (window);
    }
  arb_test_wait_for (window, arb_test_settled);
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
   * end on the same right edge, once laid out. */
  arb_test_wait_frames (GTK_WIDGET (dialog), 2);
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

void
arb_test_check_score_sheet (ArbWindow *window)
{
  ArbScoreDialog *dialog = arb_test_score_dialog (window);
  ArbScoreSheet sheet;

  g_assert_nonnull (dialog);
  arb_state_score (arb_game_get_state (arb_test_game (window)), &sheet);
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
                       ? "Q" : arb_player_get_name (arb_game_get_player (arb_test_game (window), winner));
    g_assert_nonnull (strstr (arb_score_dialog_get_result_text (dialog), name));
  }
}

double
arb_test_x_in_window (ArbWindow *window, GtkWidget *widget)
{
  return arb_test_bounds (widget, GTK_WIDGET (window)).origin.x;
}

double
arb_test_y_in_window (ArbWindow *window, GtkWidget *widget)
{
  return arb_test_bounds (widget, GTK_WIDGET (window)).origin.y;
}

GtkLabel *
arb_test_find_shown_label (ArbWindow *window, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_drawable (labels->pdata[i]) && g_strcmp0 (gtk_label_get_label (labels->pdata[i]), text) == 0)
      return labels->pdata[i];
  return NULL;
}

/* The first window of type over window. */
static gpointer
find_transient (ArbWindow *window, GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        return w;
    }
  return NULL;
}

AdwMessageDialog *
arb_test_find_message_dialog (ArbWindow *window)
{
  return find_transient (window, ADW_TYPE_MESSAGE_DIALOG);
}

GtkWidget *
arb_test_find_button (GtkWidget *root, const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = arb_test_find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

gpointer
arb_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return w;
    }
  return NULL;
}

ArbNewGameDialog *
arb_test_find_new_game_dialog (void)
{
  return arb_test_find_toplevel (ARB_TYPE_NEW_GAME_DIALOG);
}

ArbGame *
arb_test_random_game (guint n_players, guint32 seed)
{
  static const char * const names[] = { "Ada", "Bo", "Cy", "Di" };
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  for (guint i = 0; i < n_players; i++)
    g_ptr_array_add (players, arb_player_new (names[i], ARB_PLAYER_COMPUTER, "random"));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);
  g_assert_no_error (error);
  while (!arb_game_is_finished (game))
    {
      ArbMove move;

      g_assert_true (arb_ai_random_move (arb_game_get_state (game), rand, &move));
      g_assert_true (arb_game_apply (game, &move, &error));
      g_assert_no_error (error);
    }
  return game;
}

void
arb_test_show_finished_game (ArbWindow *window, ArbGame *game)
{
  g_assert_true (arb_game_is_finished (game));
  arb_window_set_game (window, game);
  arb_test_wait_for (window, arb_test_settled);
}

GFile *
arb_test_saved_game (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "saves", name, NULL);

  return g_file_new_for_path (path);
}

void
arb_test_in_french (void (*check) (void))
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

/* ---- what the window shows ------------------------------------------------ */

ArbGame *
arb_test_game (ArbWindow *window)
{
  return arb_session_get_game (arb_window_get_session (window));
}

ArbReplay *
arb_test_replay (ArbWindow *window)
{
  return arb_session_get_replay (arb_window_get_session (window));
}

int
arb_test_viewer (ArbWindow *window)
{
  return arb_viewpoint_get_viewer (arb_session_get_viewpoint (arb_window_get_session (window)));
}

const char *
arb_test_page (ArbWindow *window)
{
  GtkStack *stack = GTK_STACK (gtk_widget_get_template_child (GTK_WIDGET (window), ARB_TYPE_WINDOW, "stack"));

  return gtk_stack_get_visible_child_name (stack);
}

ArbTable *
arb_test_table (ArbWindow *window)
{
  return ARB_TABLE (gtk_widget_get_template_child (GTK_WIDGET (window), ARB_TYPE_WINDOW, "table"));
}

ArbScoreDialog *
arb_test_score_dialog (ArbWindow *window)
{
  return find_transient (window, ARB_TYPE_SCORE_DIALOG);
}

gboolean
arb_test_open_file (ArbWindow *window, GFile *file, GError **error)
{
  g_autoptr (ArbReview) review = NULL;
  g_autoptr (ArbGame) game = arb_save_read_file (file, &review, NULL, error);

  if (game == NULL)
    return FALSE;
  arb_session_open_game (arb_window_get_session (window), game, review, file);
  return TRUE;
}
