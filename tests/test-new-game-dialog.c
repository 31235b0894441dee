/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-new-game-dialog.c: the New Game dialog speaks as a player does: a
 * pace from Slow to Fast, each choice of a list whole, the note on covering
 * the screen only when two people share it, and Enter in a name that does
 * not start the game; the pace is in Preferences. */
#include "config.h"

#include <string.h>

#include "arb-test-widget.h"
#include "arb-new-game-dialog.h"

static ArbNewGameDialog *
new_dialog (GSettings *settings)
{
  ArbNewGameDialog *dialog = arb_new_game_dialog_new (settings);

  gtk_window_present (GTK_WINDOW (dialog));
  arb_test_wait_laid_out (GTK_WIDGET (dialog));
  return dialog;
}

static GPtrArray *
find_all (ArbNewGameDialog *dialog, GType type)
{
  GPtrArray *found = g_ptr_array_new ();

  arb_test_find_type (GTK_WIDGET (dialog), type, found);
  return found;
}

/* Each list of choices has the dialog's own factory, which never cuts a
 * choice ("Règles classiques (20…" with libadwaita's). */
static void
test_choices_whole (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog = new_dialog (settings);
  g_autoptr (GPtrArray) rows = find_all (dialog, ADW_TYPE_COMBO_ROW);
  guint with_factory = 0;

  for (guint i = 0; i < rows->len; i++)
    if (adw_combo_row_get_list_factory (rows->pdata[i]) != NULL)
      with_factory++;
  /* The rule set and who plays each seat; the Players row holds digits. */
  g_assert_cmpuint (with_factory, ==, 1 + ARB_MAX_PLAYERS);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Switching on the choice of species ticks as many as the game takes, so
 * that Start can be pressed at once; the player's own choice stays. */
static void
test_species_start_chosen (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) checks = g_ptr_array_new ();
  guint ticked = 0;

  g_settings_set_string (settings, "variant", "standard");
  g_settings_set_uint (settings, "seats", 4);
  dialog = new_dialog (settings);
  rows = find_all (dialog, ADW_TYPE_EXPANDER_ROW);
  g_assert_cmpuint (rows->len, ==, 1);
  adw_expander_row_set_enable_expansion (rows->pdata[0], TRUE);
  g_assert_cmpstr (adw_expander_row_get_subtitle (rows->pdata[0]), ==, "Choose 10 species (10 chosen)");
  arb_test_find_type (rows->pdata[0], GTK_TYPE_CHECK_BUTTON, checks);
  gtk_check_button_set_active (checks->pdata[0], FALSE);
  adw_expander_row_set_enable_expansion (rows->pdata[0], FALSE);
  adw_expander_row_set_enable_expansion (rows->pdata[0], TRUE);
  for (guint i = 0; i < checks->len; i++)
    ticked += gtk_check_button_get_active (checks->pdata[i]);
  g_assert_cmpuint (ticked, ==, 9);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (settings, "variant");
  g_settings_reset (settings, "seats");
}

/* The computers' pace, which applies at once to the game in progress too,
 * is in Preferences as a slider from Slow to Fast: the dialog counts no
 * milliseconds. */
static void
test_no_milliseconds (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog = new_dialog (settings);
  g_autoptr (GPtrArray) spins = find_all (dialog, GTK_TYPE_SPIN_BUTTON);

  g_assert_cmpuint (spins->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Enter in a name ends its editing: it does not start the game. */
static void
test_enter_in_name (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbNewGameDialog *dialog = new_dialog (settings);
  g_autoptr (GPtrArray) names = find_all (dialog, ADW_TYPE_ENTRY_ROW);

  g_assert_cmpuint (names->len, ==, ARB_MAX_PLAYERS);
  for (guint i = 0; i < names->len; i++)
    g_assert_false (adw_entry_row_get_activates_default (names->pdata[i]));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static const char *
seats_note (GSettings *settings)
{
  static char note[256];
  ArbNewGameDialog *dialog = new_dialog (settings);
  g_autoptr (GPtrArray) groups = find_all (dialog, ADW_TYPE_PREFERENCES_GROUP);

  note[0] = '\0';
  for (guint i = 0; i < groups->len; i++)
    if (g_strcmp0 (adw_preferences_group_get_title (groups->pdata[i]), "Seats") == 0)
      {
        const char *description = adw_preferences_group_get_description (groups->pdata[i]);
        g_strlcpy (note, description != NULL ? description : "", sizeof note);
      }
  gtk_window_destroy (GTK_WINDOW (dialog));
  return note;
}

/* The screen is covered between two people's turns: the note says so only
 * when two people play, never in solo or against computers. */
static void
test_seats_note (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  const char * const two_people[] = { "person", "person", NULL };
  const char * const one_person[] = { "person", "hard", NULL };

  g_settings_set_uint (settings, "seats", 2);
  g_settings_set_string (settings, "variant", "standard");
  g_settings_set_strv (settings, "seat-players", two_people);
  g_assert_nonnull (strstr (seats_note (settings), "covered"));
  g_settings_set_strv (settings, "seat-players", one_person);
  g_assert_null (strstr (seats_note (settings), "covered"));
  g_settings_set_string (settings, "variant", "solo");
  g_settings_set_strv (settings, "seat-players", two_people);
  g_assert_cmpstr (seats_note (settings), ==, "");
}

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);
  g_test_add_func ("/new-game-dialog/choices-whole", test_choices_whole);
  g_test_add_func ("/new-game-dialog/species-start-chosen", test_species_start_chosen);
  g_test_add_func ("/new-game-dialog/no-milliseconds", test_no_milliseconds);
  g_test_add_func ("/new-game-dialog/enter-in-name", test_enter_in_name);
  g_test_add_func ("/new-game-dialog/seats-note", test_seats_note);
  return g_test_run ();
}
