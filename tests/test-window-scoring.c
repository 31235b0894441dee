/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-scoring.c: the scoring told as a story at the end of a game:
 * every hand, the sums with the 1-against-8 cut, who may score, each path
 * part by part, the totals and the result, in the engine's words
 * (arb-score-text.h); told at once under reduced motion, chapter by
 * chapter otherwise, each scored path walked on its player's arboretum,
 * with a button to skip to the end; within 800×600. */
#include "config.h"

#include "arb-test-window.h"

#include "arb-card-widget.h"
#include "arb-score-dialog.h"

static void
set_animations (gboolean on)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", on, NULL);
}

static ArbScoreDialog *
finished_game_dialog (ArbWindow *window, guint32 seed)
{
  g_autoptr (ArbGame) game = arb_test_random_game (3, seed);

  gtk_window_present (GTK_WINDOW (window));
  arb_test_show_finished_game (window, game);
  return arb_test_score_dialog (window);
}

/* Everything the engine says of the end of the game is in the story. */
static void
assert_story_is_engine (ArbWindow *window, ArbScoreDialog *dialog)
{
  ArbGame *game = arb_test_game (window);
  const ArbState *state = arb_game_get_state (game);
  const char *names[ARB_MAX_PLAYERS] = { NULL };
  g_autofree char *story = arb_score_dialog_dup_story (dialog);
  g_autofree char *result = NULL, *tie_break = NULL;
  ArbScoreSheet sheet;
  guint paths = 0;

  arb_state_score (state, &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    {
      g_autofree char *hand = arb_score_describe_hand (&state->hands[p]);
      names[p] = arb_game_player_name (game, p);
      g_assert_nonnull (strstr (story, hand));
    }
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      g_autofree char *sums = NULL, *rights = NULL;
      if (!(sheet.species & (1u << s)))
        continue;
      sums = arb_score_describe_sums (&sheet, state->hands, (ArbSpecies) s, names);
      rights = arb_score_describe_rights (&sheet, (ArbSpecies) s, names);
      g_assert_nonnull (strstr (story, sums));
      g_assert_nonnull (strstr (story, rights));
      for (guint p = 0; p < sheet.n_players; p++)
        if (sheet.players[p].species[s].points > 0)
          {
            g_autofree char *path = arb_score_describe_path (&sheet.players[p].species[s].path);
            g_assert_nonnull (strstr (story, path));
            paths++;
          }
    }
  result = arb_score_describe_result (&sheet, names);
  tie_break = arb_score_describe_tie_break (&sheet);
  g_assert_nonnull (strstr (story, result));
  g_assert_nonnull (strstr (story, tie_break));
  g_assert_cmpuint (paths, >, 0);
  arb_test_check_score_sheet (window);
}

/* Under reduced motion the whole story is there at once, with no Skip. */
static void
test_reduced_motion (void)
{
  ArbWindow *window = arb_test_new_window ();
  ArbScoreDialog *dialog;
  guint told, chapters;

  set_animations (FALSE);
  dialog = finished_game_dialog (window, 71);
  told = arb_score_dialog_get_n_told (dialog, &chapters);
  g_assert_cmpuint (told, ==, chapters);
  g_assert_cmpuint (chapters, >=, 6);
  g_assert_false (gtk_widget_is_visible (arb_test_find_button (GTK_WIDGET (dialog), "_Skip to the End")));
  g_assert_false (arb_score_dialog_is_walking (dialog));
  assert_story_is_engine (window, dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static ArbScoreDialog *dialog_told;

/* The first scored path is lit whole, in its player's arboretum shown. */
static gboolean
first_path_walked (ArbWindow *window)
{
  ArbScoreSheet sheet;

  arb_state_score (arb_game_get_state (arb_test_game (window)), &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    for (guint s = 0; s < ARB_N_SPECIES; s++)
      if (sheet.players[p].species[s].points > 0)
        {
          const ArbPath *path = &sheet.players[p].species[s].path;
          ArbArboretumView *view = arb_score_dialog_get_view (dialog_told, p);

          if (!gtk_widget_is_visible (GTK_WIDGET (view)))
            return FALSE;
          for (guint i = 0; i < path->n; i++)
            {
              GtkWidget *card = arb_arboretum_view_get_card_widget (view, path->cards[i].x, path->cards[i].y);
              if (card == NULL || !arb_card_widget_get_lit (ARB_CARD_WIDGET (card)))
                return FALSE;
            }
          return TRUE;
        }
  return FALSE;
}

static gboolean
second_chapter_told (ArbWindow *window)
{
  return arb_score_dialog_get_n_told (dialog_told, NULL) >= 2;
}

/* Animated, the story starts with the hands and goes on by itself, and
 * walks the first scored path on its player's arboretum; Skip tells the
 * rest at once, stops the walk, and goes. */
static void
test_animated_and_skipped (void)
{
  ArbWindow *window = arb_test_new_window ();
  GtkWidget *skip;
  g_autofree char *first = NULL;
  guint chapters;

  set_animations (TRUE);
  dialog_told = finished_game_dialog (window, 72);
  first = arb_score_dialog_dup_story (dialog_told);
  g_assert_true (g_str_has_prefix (first, "Every hand, revealed\n"));
  g_assert_null (strstr (first, "Who may score each species"));
  skip = arb_test_find_button (GTK_WIDGET (dialog_told), "_Skip to the End");
  g_assert_nonnull (skip);
  g_assert_true (gtk_widget_get_visible (skip));
  arb_test_wait_for (window, second_chapter_told);
  arb_test_wait_for (window, first_path_walked);
  g_assert_true (arb_score_dialog_is_walking (dialog_told));
  gtk_widget_activate_action (GTK_WIDGET (dialog_told), "scores.skip", NULL);
  g_assert_false (arb_score_dialog_is_walking (dialog_told));
  g_assert_cmpuint (arb_score_dialog_get_n_told (dialog_told, &chapters), ==, chapters);
  g_assert_false (gtk_widget_get_visible (skip));
  assert_story_is_engine (window, dialog_told);
  set_animations (FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The whole story fits an 800×600 screen: it scrolls. */
static void
test_fits_800_by_600 (void)
{
  ArbWindow *window = arb_test_new_window ();
  ArbScoreDialog *dialog;
  int min_width, min_height, width, height;

  set_animations (FALSE);
  dialog = finished_game_dialog (window, 73);
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_VERTICAL, -1, &min_height, NULL, NULL, NULL);
  gtk_window_get_default_size (GTK_WINDOW (dialog), &width, &height);
  g_assert_cmpint (min_width, <=, 800);
  g_assert_cmpint (min_height, <=, 600);
  g_assert_cmpint (width, <=, 800);
  g_assert_cmpint (height, <=, 600 - 40);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window-scoring/reduced-motion", test_reduced_motion);
  g_test_add_func ("/window-scoring/animated-and-skipped", test_animated_and_skipped);
  g_test_add_func ("/window-scoring/fits-800-by-600", test_fits_800_by_600);
  return g_test_run ();
}
