/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-preferences-window.c: each preference is a GSettings key that its
 * row changes; the sounds are events of the freedesktop theme, played only
 * when the player turned them on. */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-preferences-window.h"
#include "arb-sounds.h"

static GPtrArray *
find_all (GtkWidget *root, GType type)
{
  GPtrArray *found = g_ptr_array_new ();

  arb_test_find_type (root, type, found);
  return found;
}

static void
test_rows_change_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbPreferencesWindow *window = arb_preferences_window_new (settings);
  g_autoptr (GPtrArray) switches = NULL;
  g_autoptr (GPtrArray) scales = NULL;
  g_autoptr (GPtrArray) combos = NULL;
  g_autofree char *style = NULL;

  gtk_window_present (GTK_WINDOW (window));
  arb_test_wait_laid_out (GTK_WIDGET (window));
  switches = find_all (GTK_WIDGET (window), GTK_TYPE_SWITCH);
  scales = find_all (GTK_WIDGET (window), GTK_TYPE_SCALE);
  combos = find_all (GTK_WIDGET (window), ADW_TYPE_COMBO_ROW);
  /* Animations, then sounds; the pace; the card style. */
  g_assert_cmpuint (switches->len, ==, 2);
  g_assert_cmpuint (scales->len, ==, 1);
  g_assert_cmpuint (combos->len, ==, 1);
  g_assert_nonnull (arb_test_find_label (GTK_WIDGET (window), "Slow"));
  g_assert_nonnull (arb_test_find_label (GTK_WIDGET (window), "Fast"));
  g_assert_true (gtk_switch_get_active (switches->pdata[0]));
  g_assert_false (gtk_switch_get_active (switches->pdata[1]));
  gtk_switch_set_active (switches->pdata[0], FALSE);
  gtk_switch_set_active (switches->pdata[1], TRUE);
  g_assert_false (g_settings_get_boolean (settings, "animations"));
  g_assert_true (g_settings_get_boolean (settings, "sounds"));
  /* The slider goes from slow at its left to fast at its right, for the
   * pointer and for the keyboard alike: Home is the slowest pace. */
  g_assert_cmpfloat (gtk_range_get_value (scales->pdata[0]), ==, 2000 - 600);
  gtk_range_set_value (scales->pdata[0], 300);
  g_assert_cmpuint (g_settings_get_uint (settings, "think-time"), ==, 1700);
  g_signal_emit_by_name (scales->pdata[0], "move-slider", GTK_SCROLL_START);
  g_assert_cmpuint (g_settings_get_uint (settings, "think-time"), ==, 2000);
  g_signal_emit_by_name (scales->pdata[0], "move-slider", GTK_SCROLL_END);
  g_assert_cmpuint (g_settings_get_uint (settings, "think-time"), ==, 0);
  g_signal_emit_by_name (scales->pdata[0], "move-slider", GTK_SCROLL_STEP_LEFT);
  g_assert_cmpuint (g_settings_get_uint (settings, "think-time"), ==, 100);
  g_settings_set_uint (settings, "think-time", 5000);
  g_assert_cmpfloat (gtk_range_get_value (scales->pdata[0]), ==, 0);
  g_settings_reset (settings, "think-time");
  adw_combo_row_set_selected (combos->pdata[0], 1);
  style = g_settings_get_string (settings, "card-style");
  g_assert_cmpstr (style, ==, "plain");
  g_settings_reset (settings, "animations");
  g_settings_reset (settings, "sounds");
  g_settings_reset (settings, "card-style");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Each sound is an event the freedesktop theme has (a free licence, and
 * nothing to ship); none plays while sounds are off, as they are at first. */
static void
test_sounds (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr (ArbSounds) sounds = arb_sounds_new (settings);

  for (ArbSound s = ARB_SOUND_DRAW; s <= ARB_SOUND_GAME_OVER; s++)
    {
      g_autofree char *file = g_strdup_printf ("/usr/share/sounds/freedesktop/stereo/%s.oga",
                                               arb_sounds_event_id (s));

      if (g_file_test ("/usr/share/sounds/freedesktop", G_FILE_TEST_IS_DIR))
        g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
      g_assert_false (arb_sounds_play (sounds, s));
    }
  /* Turned on, on a machine without a sound server (as here, most often):
   * no crash and no warning, only nothing heard. What the sound server
   * answers comes later, to no callback: asking is what is checked. */
  g_settings_set_boolean (settings, "sounds", TRUE);
  for (ArbSound s = ARB_SOUND_DRAW; s <= ARB_SOUND_GAME_OVER; s++)
    arb_sounds_play (sounds, s);
  g_settings_reset (settings, "sounds");
}

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);
  g_test_add_func ("/preferences/rows-change-settings", test_rows_change_settings);
  g_test_add_func ("/preferences/sounds", test_sounds);
  return g_test_run ();
}
