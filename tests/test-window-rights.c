/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-rights.c: the "Right to score" panel in the window: shown in
 * games against computers and hidden between people unless asked for
 * (win.toggle-rights-panel, the rights-panel setting); after every step
 * it draws the engine's analysis of the screen's viewpoint (arb-rights),
 * and nothing a redeal of the hidden cards could change. */
#include "config.h"

#include "arb-test-window.h"
#include "arb-test-redeal.h"

static ArbRightsPanel *
rights_panel (ArbWindow *window)
{
  return arb_table_get_rights_panel (arb_test_table (window));
}

/* The panel shows, for every species, the engine's words for the
 * viewpoint's projection: the full sentences in each row's tooltip, and
 * the points line. */
static void
assert_panel_is_engine (ArbWindow *window)
{
  ArbViewpoint *viewpoint = arb_table_get_viewpoint (arb_test_table (window));
  const ArbProjection *projection = arb_viewpoint_get_projection (viewpoint);
  ArbGame *game = arb_viewpoint_get_game (viewpoint);
  g_autofree char *dump = arb_rights_panel_dump (rights_panel (window));
  const char *names[ARB_MAX_PLAYERS] = { NULL };
  ArbRights rights;

  for (guint p = 0; p < projection->state.n_players; p++)
    names[p] = arb_game_player_name (game, p);
  arb_rights_compute (&rights, projection, arb_rights_subject_of (projection));
  for (guint r = 0; r < rights.n_rows; r++)
    {
      const ArbSpeciesRights *row = &rights.rows[r];
      g_autofree char *verdict = arb_rights_describe_verdict (&rights, row, names);
      g_autofree char *sums = arb_rights_describe_sums (&rights, row, names);
      g_autofree char *path = arb_rights_describe_path (&rights, row);
      g_autofree char *line = g_strdup_printf ("%s | ", arb_species_name (row->species));
      g_autofree char *tooltip = g_strdup_printf ("[%s.\n%s.\n%s.]", verdict, sums, path);

      g_assert_nonnull (strstr (dump, line));
      g_assert_nonnull (strstr (dump, tooltip));
    }
  g_autofree char *points = arb_rights_describe_points (&rights, names);
  g_assert_nonnull (strstr (dump, points));
}

static gboolean
panel_mapped (ArbWindow *window)
{
  return gtk_widget_get_mapped (GTK_WIDGET (rights_panel (window)));
}

/* Against a computer the panel is shown from the start and follows every
 * turn to the end, where every claim is certain. */
static void
test_against_computer (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,random", 77, &error));
  g_assert_no_error (error);
  arb_test_wait_for (window, arb_test_settled);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (rights_panel (window))));
  for (int turn = 0; turn < 6; turn++)
    {
      assert_panel_is_engine (window);
      arb_test_play_turns (window, 1);
    }
  arb_test_play_to_the_end (window);
  assert_panel_is_engine (window);
  {
    g_autofree char *dump = arb_rights_panel_dump (rights_panel (window));
    g_assert_nonnull (strstr (dump, "The game is over: every hand is open."));
    g_assert_null (strstr (dump, ": likely"));
    g_assert_null (strstr (dump, "score it is open"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Between people at one screen it is hidden, until Ctrl+R's action shows
 * it (and the side panel it is in), for good; the action hides it again. */
static void
test_between_people (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GSettings) settings = g_settings_new ("io.github.arboretum_game.Arboretum");
  g_autoptr (GError) error = NULL;
  GtkWidget *panel;

  g_settings_reset (settings, "rights-panel");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,person", 8, &error));
  g_assert_no_error (error);
  panel = GTK_WIDGET (rights_panel (window));
  g_assert_false (gtk_widget_get_visible (panel));
  /* The first person lifts the cover. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reveal", NULL);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-rights-panel", NULL);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_true (gtk_toggle_button_get_active (window->panel_button));
  g_autofree char *mode = g_settings_get_string (settings, "rights-panel");
  g_assert_cmpstr (mode, ==, "shown");
  arb_test_wait_for (window, panel_mapped);
  assert_panel_is_engine (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-rights-panel", NULL);
  g_assert_false (gtk_widget_get_visible (panel));
  g_settings_reset (settings, "rights-panel");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two people at one screen with two computers still share the screen:
 * the panel stays hidden; one person against computers sees it. */
static void
test_people_and_computers (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GSettings) settings = g_settings_new ("io.github.arboretum_game.Arboretum");
  g_autoptr (GError) error = NULL;

  g_settings_reset (settings, "rights-panel");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, "standard:4:person,random,person,random", 8, &error));
  g_assert_no_error (error);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (rights_panel (window))));
  g_assert_true (arb_window_start_from_spec (window, "standard:3:person,random,random", 8, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (rights_panel (window))));
  /* Solo against Q, no computer: hidden, as it always was. */
  g_assert_true (arb_window_start_from_spec (window, "solo:1", 8, &error));
  g_assert_no_error (error);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (rights_panel (window))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At many moments of games of every rule set, for a seat and for the
 * public table, the panel shows the same, word for word, when every card
 * the viewer has not seen is dealt again. */
static void
test_no_peeking (void)
{
  static const struct { ArbVariant variant; guint seats; } tables[] = {
    { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_CLASSIC, 3 }, { ARB_VARIANT_SOLO, 1 },
  };
  ArbRightsPanel *panel = g_object_ref_sink (g_object_new (ARB_TYPE_RIGHTS_PANEL, NULL));
  guint compared = 0;

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autoptr (ArbGame) game = arb_test_random_legal_game (tables[t].variant, tables[t].seats, 50 + t);
      guint n = arb_game_get_n_steps (game);
      g_autofree ArbStep *steps = g_new (ArbStep, n), *redealt = g_new (ArbStep, n);

      for (guint i = 0; i < n; i++)
        steps[i] = *arb_game_get_step (game, i);
      for (int viewer = ARB_VIEWER_PUBLIC; viewer <= 0; viewer++)
        for (guint k = 4 + t; k < n; k += 13)
          {
            g_autoptr (ArbGame) original = arb_test_game_from_steps (game, arb_game_get_deck (game), steps, k);
            g_autoptr (ArbGame) other = NULL;
            g_autoptr (ArbViewpoint) a = arb_viewpoint_new (ARB_TABLE_EVENTS (original), viewer);
            g_autoptr (ArbViewpoint) b = NULL;
            g_autofree char *before = NULL, *after = NULL;
            ArbPile deck;

            arb_test_redeal (game, k, viewer, t * 1000 + k, &deck, redealt);
            other = arb_test_game_from_steps (game, &deck, redealt, k);
            b = arb_viewpoint_new (ARB_TABLE_EVENTS (other), viewer);
            arb_rights_panel_update (panel, a);
            before = arb_rights_panel_dump (panel);
            arb_rights_panel_update (panel, b);
            after = arb_rights_panel_dump (panel);
            g_assert_cmpstr (before, ==, after);
            compared++;
          }
    }
  g_assert_cmpuint (compared, >, 20);
  g_assert_finalize_object (panel);
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window-rights/against-computer", test_against_computer);
  g_test_add_func ("/window-rights/between-people", test_between_people);
  g_test_add_func ("/window-rights/people-and-computers", test_people_and_computers);
  g_test_add_func ("/window-rights/no-peeking", test_no_peeking);
  return g_test_run ();
}
