/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-words.c: words and room that a newcomer meets whole: the
 * rule set chosen in New Game, the side panel's tabs of four players, and
 * the hand of solo in a small window in French, which folds the side panel
 * away rather than cut a card. Apart from test-window-layout, which takes
 * minutes on a busy machine. */
#include "config.h"

#include <string.h>

#include "arb-test-window.h"

#include "arb-new-game-dialog.h"

static gboolean
label_cut (GtkWidget *root, const char *text)
{
  GtkLabel *label = arb_test_find_label (root, text);

  g_assert_nonnull (label);
  return pango_layout_is_ellipsized (gtk_label_get_layout (label));
}

/* The rule set chosen shows whole in its row too, not as "Règles
 * classiques (20…" (libadwaita cuts the row's choice after 20 characters). */
static void
check_choice_shown_whole (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog;
  g_autoptr (GPtrArray) rows = NULL;

  g_settings_set_string (settings, "variant", "classic");
  dialog = arb_new_game_dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialog));
  arb_test_wait_laid_out (GTK_WIDGET (dialog));
  rows = g_ptr_array_new ();
  arb_test_find_type (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  g_assert_false (label_cut (rows->pdata[0], "Règles classiques (2010)"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (settings, "variant");
}

static void
test_choice_shown_whole (void)
{
  arb_test_in_french (check_choice_shown_whole);
}

/* The side panel's tabs of a game of four show names of ten characters
 * whole in a window of 1100 pixels: "Player 4", not "Player…". */
static void
test_seat_tabs_tell_apart (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) switchers = g_ptr_array_new ();
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window,
                                             "standard:4:person=Player 1,random=Player 2,random=Player 3,random=Player 4",
                                             3, &error));
  g_assert_no_error (error);
  arb_test_wait_for (window, arb_test_piles_laid_out);
  arb_test_find_type (GTK_WIDGET (window), GTK_TYPE_STACK_SWITCHER, switchers);
  g_assert_cmpuint (switchers->len, ==, 1);
  arb_test_find_type (switchers->pdata[0], GTK_TYPE_LABEL, labels);
  /* The tab of the arboretum shown large is hidden. */
  g_assert_cmpuint (labels->len, ==, 4);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]))
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (labels->pdata[i])));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In solo, in French, in a window of 800 × 560, the hand of nine cards
 * shows whole: the side panel folds away rather than cut it. */
static void
check_solo_hand_fits_small (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 560);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "solo:1", 5, &error));
  g_assert_no_error (error);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  arb_test_wait_for (window, arb_test_settled);
  g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))), ==, 9);
  arb_test_wait_until ("the hand of nine cards to fit its row", arb_test_hand_fits, window);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_solo_hand_fits_small (void)
{
  arb_test_in_french (check_solo_hand_fits_small);
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  /* Nothing moves while the layout is read. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_test_add_func ("/window-words/choice-shown-whole", test_choice_shown_whole);
  g_test_add_func ("/window-words/seat-tabs-tell-apart", test_seat_tabs_tell_apart);
  g_test_add_func ("/window-words/solo-hand-fits-small", test_solo_hand_fits_small);
  return g_test_run ();
}
