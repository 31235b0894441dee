/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-layout.c: how the window fits its screen and its text: the
 * arboretum, the hand and the table in small and large windows, the heading,
 * the side panel, nothing moving under the pointer, the shortcuts window,
 * the menus, species and names in English and French.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and widgets, and checked against the engine (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"
#include "arb-test-files.h"

#include "arb-application.h"
#include "arb-card-widget.h"
#include "arb-pile-view.h"
#include "arb-side-panel.h"

/* Every card of the hand of the player to move has been laid out, and
 * the hand fits its row. */
static gboolean
hand_laid_out_whole (ArbWindow *window)
{
  const ArbState *state = arb_game_get_state (arb_test_game (window));
  ArbHandView *hand = arb_table_get_hand_view (arb_test_table (window));
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&state->hands[state->current], cards);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *button = arb_hand_view_get_card_button (hand, cards[i]);

      if (button == NULL || !arb_test_has_size (button))
        return FALSE;
    }
  return arb_test_hand_fits (window);
}

static int wider_than;

static gboolean
window_narrower (GtkWidget *window)
{
  return gtk_widget_get_width (window) < wider_than;
}

/* Choosing a card, the Discard button coming, and planting move nothing
 * else: the arboretum stays put and the other cards stay under the
 * pointer, the planted card leaving its place empty. */
static void
test_nothing_moves (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbHandView *hand = arb_table_get_hand_view (arb_test_table (window));
  const ArbState *state;
  ArbArboretumView *own;
  ArbCard cards[ARB_N_CARDS];
  double xs[ARB_N_CARDS];
  double arboretum_y;
  guint n;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 21, &error));
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  /* Nine cards are too wide for the row: they shrink, a frame after the
   * row is laid out. Their places are read once they have. */
  arb_test_wait_until ("the hand's nine cards to be laid out in its row", hand_laid_out_whole, window);
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  state = arb_game_get_state (arb_test_game (window));
  own = arb_table_get_arboretum_view (arb_test_table (window), state->current);
  arboretum_y = arb_test_y_in_window (window, GTK_WIDGET (own));
  n = arb_card_set_to_array (&state->hands[state->current], cards);
  for (guint i = 0; i < n; i++)
    xs[i] = arb_test_x_in_window (window, arb_hand_view_get_card_button (hand, cards[i]));

  arb_test_select_card (window, cards[n / 2]);
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  g_assert_cmpfloat_with_epsilon (arb_test_y_in_window (window, GTK_WIDGET (own)), arboretum_y, 0.5);

  /* The cell clicks a moment after it is activated, as it shows itself
   * pressed: wait for the step, however long the machine takes. */
  gtk_widget_activate (arb_arboretum_view_get_first_cell_button (own));
  arb_test_wait_steps (window, arb_game_get_n_steps (arb_test_game (window)) + 1);
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  g_assert_cmpint (arb_game_get_state (arb_test_game (window))->phase, ==, ARB_PHASE_DISCARD);
  g_assert_cmpfloat_with_epsilon (arb_test_y_in_window (window, GTK_WIDGET (own)), arboretum_y, 0.5);
  g_assert_null (arb_hand_view_get_card_button (hand, cards[n / 2]));
  for (guint i = 0; i < n; i++)
    if (i != n / 2)
      g_assert_cmpfloat_with_epsilon (arb_test_x_in_window (window, arb_hand_view_get_card_button (hand, cards[i])),
                                      xs[i], 0.5);
  /* In a narrower window the cards take another width; the empty place
   * is no card. */
  wider_than = gtk_widget_get_width (GTK_WIDGET (window));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 600);
  arb_test_wait_until ("the window to take a narrower size", window_narrower, window);
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  g_assert_cmpuint (arb_hand_view_get_n_cards (hand), ==, n - 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The heading and its hint never grow taller than the piles beside them,
 * however long the names and the text: the table does not move as the
 * text changes from step to step, a computer's or a person's. */
static void
test_heading_keeps_height (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  GtkWidget *text_box;

  /* An 800 × 600 window: the side panel folds away there, so that the
   * heading reads whole, and the hand's cards keep their 70 pixels; under
   * 600 pixels a zoomed-in card is taller than the arboretum's room. */
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window,
                                             "standard:2:person=Maximiliana Josephine-Wolkenstein,"
                                             "random=Bartholomew Fitzgerald-Montgomery", 8, &error));
  text_box = ARB_TEST_TABLE_PART (window, "heading");
  for (int i = 0; i < 8; i++)
    {
      arb_test_wait_for (window, arb_test_settled);
      _arb_window_say (window, "A long message, as the engine may give when it refuses a move, "
                       "that would take many lines in a narrow column beside the piles, and more "
                       "lines again in French, where the same words take a good third more room, "
                       "so long that no column beside the piles could hold it in three lines.", TRUE);
      arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
      {
        int piles_height;

        gtk_widget_measure (ARB_TEST_TABLE_PART (window, "piles_box"), GTK_ORIENTATION_VERTICAL,
                            gtk_widget_get_width (ARB_TEST_TABLE_PART (window, "piles_box")), NULL, &piles_height, NULL, NULL);
        g_assert_cmpint (gtk_widget_get_height (text_box), <=, piles_height);
      }
      arb_test_person_step (window);
    }
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
  ArbWindow *window = arb_test_new_window ();
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


/* Alt and a letter reach every item of the main menu, in both languages. */
static void
test_menu_mnemonics (void)
{
  check_primary_menu ();
  arb_test_in_french (check_primary_menu);
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
  arb_test_in_french (check_french_species_names);
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
  arb_test_in_french (check_species_count);
}

static const char *expected_name;
static const char *expected_first_name;

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
  game = arb_new_game_dialog_start (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 1)), ==, expected_name);
  stored = g_settings_get_strv (settings, "seat-names");
  g_assert_cmpstr (stored[0], ==, "Ann");
  g_assert_cmpstr (stored[1], ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Earlier versions stored "You" for a first seat whose user has no
   * real name: it is the default too, the user's name or "Vous". */
  g_ptr_array_set_size (entries, 0);
  g_settings_set_strv (settings, "seat-names", (const char *[]) { "You", "", NULL });
  dialog = arb_new_game_dialog_new (settings);
  arb_test_find_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, entries);
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[0]), ==, expected_first_name);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_default_names_translated (void)
{
  const char *real_name = g_get_real_name ();
  gboolean has_name = *real_name != '\0' && !g_str_equal (real_name, "Unknown");

  expected_name = "Player 2";
  expected_first_name = has_name ? real_name : "You";
  check_default_names ();
  expected_name = "Joueur 2";
  expected_first_name = has_name ? real_name : "Vous";
  arb_test_in_french (check_default_names);
}


/* A long name above a discard pile is cut, the rest of the title stays
 * whole and nothing else is ellipsized; the tooltip has it all. The whole
 * pile's popover names the pile in full, wrapped rather than
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
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) piles = g_ptr_array_new ();
  const char *long_title = "Maximiliana Josephine-Wolkenstein’s pile";
  gboolean found_long = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window,
                                             "standard:3:person=Dana,random=Maximiliana Josephine-Wolkenstein,random=Bartholomew",
                                             3, &error));
  g_assert_no_error (error);
  arb_test_wait_for (window, arb_test_piles_laid_out);
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
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  for (guint i = 1; i < piles->len; i++)
    g_assert_cmpfloat_with_epsilon (arb_test_y_in_window (window, arb_pile_view_get_button (piles->pdata[i])),
                                    arb_test_y_in_window (window, arb_pile_view_get_button (piles->pdata[0])), 0.5);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The newest card of an arboretum in its scrolled window is in view. */
static ArbArboretumView *newest_view;

static gboolean
newest_card_in_view (ArbWindow *window)
{
  const ArbArboretum *arboretum = &arb_game_get_state (arb_test_game (window))->arboreta[0];
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
  const ArbState *state = arb_game_get_state (arb_test_game (window));
  ArbCard card = arb_card_set_nth (&state->hands[state->current], 0);
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n = arb_state_free_cells (state, state->current, xy);
  int best = -1;
  GtkWidget *cell;

  arb_test_select_card (window, card);
  for (guint i = 0; i < n; i++)
    if (arb_state_check_play (state, card, xy[2 * i], xy[2 * i + 1], NULL)
        && (best < 0 || side * xy[2 * i] > side * xy[2 * best]))
      best = (int) i;
  g_assert_cmpint (best, >=, 0);
  cell = arb_arboretum_view_get_cell_button (newest_view, xy[2 * best], xy[2 * best + 1]);
  g_assert_nonnull (cell);
  gtk_widget_activate (cell);
  arb_test_wait_steps (window, arb_game_get_n_steps (arb_test_game (window)) + 1);
}

static void
test_scroll_to_newest (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  GtkAdjustment *hadj;

  /* An 800 × 600 window: the side panel folds away there, so that the
   * heading reads whole, and the hand's cards keep their 70 pixels; under
   * 600 pixels a zoomed-in card is taller than the arboretum's room. */
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 47, &error));
  game = arb_test_game (window);
  newest_view = arb_table_get_arboretum_view (arb_test_table (window), 0);
  /* Cards larger than fit: the arboretum scrolls rather than shrinks. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_false (arb_arboretum_view_get_fit (newest_view));
  /* To the right, out of the page; then back to the left, out of it again. */
  for (int turn = 0; turn < 10; turn++)
    {
      arb_test_wait_for (window, arb_test_settled);
      arb_test_person_step (window);
      arb_test_person_step (window);
      plant_at_side (window, turn < 7 ? 1 : -1);
      arb_test_wait_for (window, newest_card_in_view);
      arb_test_person_step (window); /* discard */
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

/* The arboretum's cards and its scrolled window's page, for a failed wait. */
static char *
describe_fitting (ArbWindow *window)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (fitting_view), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled));
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

  return g_strdup_printf ("%u cards %d pixels wide; %g of %g pixels wide, %g of %g high; "
                          "the game at step %u, page %s",
                          arb_game_get_state (arb_test_game (window))->arboreta[0].n,
                          arb_arboretum_view_get_card_width (fitting_view),
                          gtk_adjustment_get_upper (h), gtk_adjustment_get_page_size (h),
                          gtk_adjustment_get_upper (v), gtk_adjustment_get_page_size (v),
                          arb_game_get_n_steps (arb_test_game (window)), arb_test_page (window));
}

static void
wait_fits_or_scrolls (ArbWindow *window)
{
  arb_test_wait_until_described ("the arboretum to show whole, or to scroll with its smallest cards",
                                 arboretum_fits_or_scrolls, describe_fitting, window);
}

/* In a small window the arboretum's cards shrink so that it shows whole,
 * as it grows; choosing a card never resizes them; zooming in lets it
 * scroll, and the usual size fits again. */
static void
test_arboretum_fits (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  const ArbState *state;
  int width;

  /* An 800 × 600 window: the side panel folds away there, so that the
   * heading reads whole, and the hand's cards keep their 70 pixels; under
   * 600 pixels a zoomed-in card is taller than the arboretum's room. */
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 47, &error));
  fitting_view = arb_table_get_arboretum_view (arb_test_table (window), 0);
  arb_test_wait_for (window, arb_test_settled);
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  /* One cell, the room for it: the usual size. */
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, DEFAULT_CARD_WIDTH);
  for (int turn = 0; turn < 5; turn++)
    {
      arb_test_wait_for (window, arb_test_settled);
      arb_test_person_step (window);
      arb_test_person_step (window);
      arb_test_person_step (window);
      arb_test_person_step (window);
    }
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  wait_fits_or_scrolls (window);
  width = arb_arboretum_view_get_card_width (fitting_view);
  g_assert_cmpint (width, <, DEFAULT_CARD_WIDTH);
  g_assert_cmpint (width, >=, 56);
  state = arb_game_get_state (arb_test_game (window));
  arb_test_select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, width);
  g_assert_true (arboretum_fits_or_scrolls (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, width + 12);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-reset", NULL);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fitting_view), ==, width);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether widget lies whole inside the page of its scrolled window, and
 * that scrolled window whole inside the window's content. */
static gboolean
in_sight (ArbWindow *window, GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t in_page, page;

  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0
      || !gtk_widget_compute_bounds (widget, scrolled, &in_page)
      || !gtk_widget_compute_bounds (scrolled, GTK_WIDGET (window), &page))
    return FALSE;
  return in_page.origin.x >= -0.5 && in_page.origin.y >= -0.5
         && in_page.origin.x + in_page.size.width <= gtk_widget_get_width (scrolled) + 0.5
         && in_page.origin.y + in_page.size.height <= gtk_widget_get_height (scrolled) + 0.5
         && page.origin.y + page.size.height <= gtk_widget_get_height (GTK_WIDGET (window)) + 0.5;
}

/* The whole large arboretum, its free places with it, is in sight. */
static gboolean
whole_arboretum_in_sight (ArbWindow *window)
{
  GtkWidget *grid = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (fitting_view)));

  for (GtkWidget *child = gtk_widget_get_first_child (grid); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && !in_sight (window, child))
      return FALSE;
  return arb_arboretum_view_get_n_cells (fitting_view) > 0;
}

/* Plays the person's turns, choosing the first places, until the large
 * arboretum holds n cards, then chooses a card: its free places light up. */
static void
grow_arboretum (ArbWindow *window, guint n)
{
  const ArbState *state = arb_game_get_state (arb_test_game (window));

  while (state->arboreta[0].n < n)
    {
      arb_test_wait_for (window, arb_test_settled);
      for (int i = 0; i < 4; i++)
        arb_test_person_step (window);
      state = arb_game_get_state (arb_test_game (window));
    }
  arb_test_wait_for (window, arb_test_settled);
  arb_test_person_step (window);
  arb_test_person_step (window);
  state = arb_game_get_state (arb_test_game (window));
  arb_test_select_card (window, arb_card_set_nth (&state->hands[state->current], 0));
}

/* At the default size (1100 × 700), an arboretum of 5 cards, then of 8,
 * shows whole with every free place of the card chosen, without
 * scrolling: the table leaves it the room of its rows. */
static void
test_arboretum_room (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  const guint sizes[] = { 5, 8 };

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 47, &error));
  fitting_view = arb_table_get_arboretum_view (arb_test_table (window), 0);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      grow_arboretum (window, sizes[i]);
      wait_fits_or_scrolls (window);
      arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
      g_test_message ("%u cards: %d pixels wide, arboretum %d pixels high", sizes[i],
                      arb_arboretum_view_get_card_width (fitting_view),
                      gtk_widget_get_height (gtk_widget_get_ancestor (GTK_WIDGET (fitting_view),
                                                                      GTK_TYPE_SCROLLED_WINDOW)));
      g_assert_true (arboretum_fits (window));
      g_assert_true (whole_arboretum_in_sight (window));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
panel_revealed (ArbTable *table)
{
  gboolean revealed;

  g_object_get (table, "reveal-panel", &revealed, NULL);
  return revealed;
}

/* Whether the review's chart, slid over the bottom of the table, covers
 * some of widget. */
static gboolean
under_chart (ArbWindow *window, GtkWidget *widget)
{
  GtkWidget *sheet = GTK_WIDGET (window->chart_revealer);
  graphene_rect_t bounds, chart;

  if (!gtk_revealer_get_child_revealed (window->chart_revealer)
      || !gtk_widget_compute_bounds (sheet, GTK_WIDGET (window), &chart)
      || !gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds))
    return FALSE;
  return bounds.origin.y + bounds.size.height > chart.origin.y + 0.5
         && bounds.origin.x + bounds.size.width > chart.origin.x + 0.5
         && bounds.origin.x < chart.origin.x + chart.size.width - 0.5;
}

/* Hard's card, where the review shows it, is in sight once shown: in the
 * large arboretum, or in the side panel's, unless the panel is folded
 * away (its button then slides it over the table). */
static gboolean
ghost_in_sight (ArbWindow *window)
{
  ArbTable *table = arb_test_table (window);

  for (guint p = 0; p < 2; p++)
    {
      ArbArboretumView *view = arb_table_get_arboretum_view (table, p);
      GtkWidget *ghost = arb_arboretum_view_get_ghost (view);

      if (ghost != NULL)
        return (in_sight (window, ghost) && !under_chart (window, ghost))
               || (gtk_widget_get_ancestor (GTK_WIDGET (view), ARB_TYPE_SIDE_PANEL) != NULL
                   && !panel_revealed (table));
    }
  return TRUE;
}

/* The replay's bar, and the review above it, lie whole in the window. */
static void
assert_replay_bar_whole (ArbWindow *window)
{
  graphene_rect_t bar, review;

  g_assert_true (gtk_widget_compute_bounds (window->replay_bar, GTK_WIDGET (window), &bar));
  g_assert_true (gtk_widget_compute_bounds (window->review_box, GTK_WIDGET (window), &review));
  g_assert_cmpfloat (bar.origin.y + bar.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)) + 0.5);
  g_assert_cmpfloat (review.size.height, >, 0);
}

static gboolean
chart_revealed (ArbWindow *window)
{
  return gtk_revealer_get_child_revealed (window->chart_revealer);
}

/* In a reviewed replay with the chart open, at the default size and on
 * an 800 × 600 screen: the bar lies whole in the window, the arboretum
 * keeps room for a few rows, and Hard's card comes into sight at every
 * step that shows one. */
static void
check_review_room (int width, int height)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (ArbGame) game = arb_test_random_game (2, 7);
  ArbReview *review;
  guint n_ghosts = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  arb_test_show_finished_game (window, game);
  arb_window_start_replay (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
  arb_test_wait_reviewed (window);
  gtk_toggle_button_set_active (window->chart_button, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL);
  /* The chart is up at once (no animations), and laid out a frame later. */
  arb_test_wait_for (window, chart_revealed);
  arb_test_wait_frames (GTK_WIDGET (window), ARB_TEST_FRAMES_TO_SETTLE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->review_chart)));
  assert_replay_bar_whole (window);
  review = arb_session_get_review (window->session);
  for (guint s = 0; s < arb_review_get_n_steps (review); s++)
    {
      arb_replay_seek (arb_test_replay (window), s);
      arb_test_wait_for (window, ghost_in_sight);
      for (guint p = 0; p < 2; p++)
        n_ghosts += arb_arboretum_view_get_ghost (arb_table_get_arboretum_view (arb_test_table (window), p)) != NULL;
    }
  g_test_message ("%d × %d: %u steps with Hard's card in sight", width, height, n_ghosts);
  g_assert_cmpuint (n_ghosts, >, 0);
  assert_replay_bar_whole (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_review_room (void)
{
  check_review_room (1100, 700);
  check_review_room (800, 600);
}

/* The shortcuts window is built when first asked for (not with every
 * window), then shown again. */
static void
test_shortcuts_window (void)
{
  ArbWindow *window = arb_test_new_window ();
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
  /* It lists Discard and the review's Page Up and Page Down. */
  {
    g_autoptr (GPtrArray) shortcuts = g_ptr_array_new ();
    gboolean discard = FALSE, pages = FALSE;

    arb_test_find_type (GTK_WIDGET (overlay), GTK_TYPE_SHORTCUTS_SHORTCUT, shortcuts);
    for (guint i = 0; i < shortcuts->len; i++)
      {
        g_autofree char *accelerator = NULL;
        g_autofree char *action = NULL;

        g_object_get (shortcuts->pdata[i], "accelerator", &accelerator, "action-name", &action, NULL);
        discard |= g_strcmp0 (action, "win.discard-chosen") == 0;
        pages |= g_strcmp0 (accelerator, "Page_Up Page_Down") == 0;
      }
    g_assert_true (discard);
    g_assert_true (pages);
  }
  gtk_window_destroy (GTK_WINDOW (window));
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
  window = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (window));
  arb_test_wait_laid_out (GTK_WIDGET (window));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_test_message ("default size %d × %d", width, height);
  g_assert_cmpint (width, <=, 1280);
  g_assert_cmpint (height, <=, 800 - 40);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* The text's size the desktop asks for (GNOME's text scaling factor,
 * which reaches GTK as gtk-xft-dpi): 1, or 1.25 of "Large Text". */
static void
set_text_scale (double scale)
{
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", (int) (96 * 1024 * scale), NULL);
}

/* What width and height content asks for at least, laid out as wide as
 * the screen. */
static void
measure_content (GtkWidget *content, int screen_width, const char *what, int *width, int *height)
{
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, width, NULL, NULL, NULL);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, MAX (*width, screen_width), height, NULL, NULL, NULL);
  g_test_message ("%s: minimum width %d, height %d", what, *width, *height);
}

typedef struct {
  double text_scale;
  int    width, height; /* of the screen */
} Screen;

/* A laptop of 800 × 600 pixels holds a table of four: nothing in the
 * window asks for more width than the screen, nor more height than it
 * leaves under GNOME's top bar; with the desktop's large text too, on
 * that laptop (1.25) and on a screen of 1280 × 800 (1.5). */
static void
test_fits_small_screen (gconstpointer data)
{
  const Screen *screen = data;
  ArbWindow *window;
  GtkWidget *content;
  int width, height;

  set_text_scale (screen->text_scale);
  window = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (window));
  start_table_of_four (window);
  arb_test_wait_for (window, arb_test_piles_laid_out);
  content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  measure_content (content, screen->width, "the game", &width, &height);
  g_assert_cmpint (width, <=, screen->width);
  g_assert_cmpint (height, <=, screen->height - 40);
  /* The replay's bar too, with every button it may show. */
  arb_window_start_replay (window);
  g_assert_true (gtk_widget_get_visible (window->back_to_game_button));
  measure_content (content, screen->width, "the replay", &width, &height);
  g_assert_cmpint (width, <=, screen->width);
  g_assert_cmpint (height, <=, screen->height - 40);
  gtk_window_destroy (GTK_WINDOW (window));
  set_text_scale (1.0);
}

/* The welcome page has one New Game, its own, and no side panel button;
 * both come with the table. */
static void
test_welcome_header (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (gtk_widget_get_visible (window->header_new_game_button));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->panel_button)));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 3, &error));
  g_assert_true (gtk_widget_get_visible (window->header_new_game_button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->panel_button)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The welcome page with all six buttons (Continue too) fits a window on
 * an 800 × 600 screen under GNOME's top bar, its last row (Play Online,
 * Rules) too. */
static void
test_welcome_fits_small_screen (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GPtrArray) pages = g_ptr_array_new ();
  int minimum, natural, header;

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_set_visible (window->continue_button, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (window->games_button), TRUE);
  arb_test_find_type (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE, pages);
  g_assert_cmpuint (pages->len, >=, 1);
  gtk_widget_measure (pages->pdata[0], GTK_ORIENTATION_VERTICAL, 800, &minimum, &natural, NULL, NULL);
  gtk_widget_measure (gtk_widget_get_first_child (gtk_widget_get_first_child (
                        adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)))),
                      GTK_ORIENTATION_VERTICAL, 800, NULL, &header, NULL, NULL);
  g_test_message ("welcome page %d px high, header bar %d", natural, header);
  g_assert_cmpint (natural + header, <=, 600 - 40);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F9's action shows and hides the side panel, the header bar's button with it. */
static void
test_toggle_side_panel (void)
{
  ArbWindow *window = arb_test_new_window ();
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
  window = arb_test_new_window ();
  hand_view = arb_table_get_hand_view (arb_test_table (window));
  gtk_window_present (GTK_WINDOW (window));
  start_table_of_four (window);
  arb_test_wait_for (window, arb_test_settled);
  for (ArbCard card = 0; card < 10; card++)
    arb_card_set_add (&hand, card);
  arb_hand_view_set_hand (hand_view, &hand, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_n_cards (hand_view), ==, 10);
  arb_test_wait_until ("the hand of ten cards to fit its row", arb_test_hand_fits, window);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1024);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* Settings anyone may have written, in a settings file read as the
 * desktop's are (the keyfile backend): a negative window size, a size past
 * any screen and a seat name of 100,000 characters. The window opens at a
 * size within the schema's range, with no warning (fatal here), and the
 * name reaches the New Game dialog cut short. In a subprocess, the only
 * way to give it another settings backend; with a limit. */
static void
test_hostile_settings (void)
{
  if (g_test_subprocess ())
    {
      ArbWindow *window = arb_test_new_window ();
      ArbNewGameDialog *dialog;
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      int width, height;

      gtk_window_present (GTK_WINDOW (window));
      arb_test_wait_frames (GTK_WIDGET (window), 1);
      gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
      g_test_message ("default size %d × %d", width, height);
      g_assert_cmpint (width, >=, 200);
      g_assert_cmpint (height, >=, 200);
      g_assert_cmpint (height, <=, 16384);
      arb_window_show_new_game (window);
      dialog = arb_test_find_new_game_dialog ();
      g_assert_nonnull (dialog);
      arb_test_find_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, names);
      g_assert_cmpuint (names->len, >=, 2);
      g_assert_cmpuint (g_utf8_strlen (gtk_editable_get_text (GTK_EDITABLE (names->pdata[1])), -1), ==, 32);
      gtk_window_destroy (GTK_WINDOW (dialog));
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  {
    g_autofree char *config = g_dir_make_tmp ("arboretum-config-XXXXXX", NULL);
    g_autofree char *dir = g_build_filename (config, "glib-2.0", "settings", NULL);
    g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
    g_autofree char *long_name = g_strnfill (100000, 'n');
    g_autofree char *contents = g_strdup_printf ("[io/github/arboretum_game/Arboretum]\n"
                                                 "window-width=-500\n"
                                                 "window-height=1000000\n"
                                                 "seat-names=['', '%s']\n", long_name);

    g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
    g_assert_true (g_file_set_contents (path, contents, -1, NULL));
    g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
    g_setenv ("XDG_CONFIG_HOME", config, TRUE);
    g_test_trap_subprocess (NULL, ARB_TEST_WAIT_LIMIT_SECONDS * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
    arb_test_remove_tree (config);
    g_test_trap_assert_passed ();
  }
}

int
main (int argc, char *argv[])
{
  static const Screen laptop = { 1.0, 800, 600 }, laptop_large_text = { 1.25, 800, 600 },
                      large_text = { 1.5, 1280, 800 };

  arb_test_window_init (&argc, &argv);
  /* The desktop's Reduce animation: cards land at once, the chart is up as
   * soon as it is asked for, and nothing moves while the layout is read. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_test_add_func ("/window/default-names-translated", test_default_names_translated);
  g_test_add_func ("/window/nothing-moves", test_nothing_moves);
  g_test_add_func ("/window/arboretum-fits", test_arboretum_fits);
  g_test_add_func ("/window/arboretum-room", test_arboretum_room);
  g_test_add_func ("/window/review-room", test_review_room);
  g_test_add_func ("/window/heading-keeps-height", test_heading_keeps_height);
  g_test_add_func ("/window/menu-mnemonics", test_menu_mnemonics);
  g_test_add_func ("/window/species-count-plural", test_species_count_plural);
  g_test_add_func ("/window/species-names-fit", test_species_names_fit);
  g_test_add_func ("/window/pile-titles", test_pile_titles);
  g_test_add_func ("/window/scroll-to-newest", test_scroll_to_newest);
  g_test_add_func ("/window/shortcuts-window", test_shortcuts_window);
  g_test_add_data_func ("/window/fits-small-screen", &laptop, test_fits_small_screen);
  g_test_add_data_func ("/window/fits-small-screen/large-text", &laptop_large_text, test_fits_small_screen);
  g_test_add_data_func ("/window/fits-the-screen/large-text", &large_text, test_fits_small_screen);
  g_test_add_func ("/window/fits-the-screen", test_fits_the_screen);
  g_test_add_func ("/window/hand-fits", test_hand_fits);
  g_test_add_func ("/window/toggle-side-panel", test_toggle_side_panel);
  g_test_add_func ("/window/welcome-header", test_welcome_header);
  g_test_add_func ("/window/welcome-fits-small-screen", test_welcome_fits_small_screen);
  g_test_add_func ("/window/hostile-settings", test_hostile_settings);
  return g_test_run ();
}
