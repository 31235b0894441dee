/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-heading.c: ArbTableHeading on its own: the status line is
 * the engine's description of the position the viewpoint shows, the hint
 * depends on whether the viewer acts, and what is said under the heading
 * keeps its style until the next step. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-test-widget.h"
#include "arb-test-state.h"
#include "arb-table-heading.h"

typedef struct {
  GtkWindow       *window;
  ArbTableHeading *heading;
  ArbGame         *game;
  ArbViewpoint    *viewpoint;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (GError) error = NULL;

  fixture->game = arb_game_new (ARB_VARIANT_STANDARD, players, 11, 0, &error);
  g_assert_no_error (error);
  fixture->viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (fixture->game), 0);
  fixture->heading = g_object_new (ARB_TYPE_TABLE_HEADING, NULL);
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->heading), 400, 200);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
  g_assert_finalize_object (fixture->viewpoint);
  g_assert_finalize_object (fixture->game);
}

static GtkWidget *
hint_line (Fixture *fixture)
{
  GtkLabel *label = arb_test_find_label (GTK_WIDGET (fixture->heading),
                                         arb_table_heading_get_hint (fixture->heading));

  g_assert_nonnull (label);
  return GTK_WIDGET (label);
}

static void
test_status_and_hint (Fixture *fixture, gconstpointer data)
{
  const ArbState *state = &arb_viewpoint_get_projection (fixture->viewpoint)->state;
  g_autofree char *status = arb_game_describe_phase (fixture->game, state);

  arb_table_heading_update (fixture->heading, fixture->viewpoint, TRUE, ARB_CARD_NONE);
  g_assert_cmpstr (arb_table_heading_get_status (fixture->heading), ==, status);
  g_assert_cmpstr (arb_table_heading_get_hint (fixture->heading), ==,
                   _("Click the deck or the top card of a discard pile."));
  g_assert_true (gtk_widget_has_css_class (hint_line (fixture), "dim-label"));
  /* A viewer who does not act is told nothing. */
  arb_table_heading_update (fixture->heading, fixture->viewpoint, FALSE, ARB_CARD_NONE);
  g_assert_cmpstr (arb_table_heading_get_hint (fixture->heading), ==, "");
}

static void
test_say (Fixture *fixture, gconstpointer data)
{
  GtkWidget *line;

  arb_table_heading_update (fixture->heading, fixture->viewpoint, TRUE, ARB_CARD_NONE);
  arb_table_heading_say (fixture->heading, "Not there", TRUE);
  line = hint_line (fixture);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (line)), ==, "Not there");
  g_assert_true (gtk_widget_has_css_class (line, "error"));
  g_assert_false (gtk_widget_has_css_class (line, "dim-label"));
  arb_table_heading_say (fixture->heading, "A hint", FALSE);
  g_assert_true (gtk_widget_has_css_class (line, "accent"));
  g_assert_false (gtk_widget_has_css_class (line, "error"));
  /* The next step clears what was said. */
  arb_table_heading_update (fixture->heading, fixture->viewpoint, TRUE, ARB_CARD_NONE);
  g_assert_true (gtk_widget_has_css_class (line, "dim-label"));
  g_assert_false (gtk_widget_has_css_class (line, "accent"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (line)), ==,
                   _("Click the deck or the top card of a discard pile."));
}

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  g_test_add ("/table-heading/status-and-hint", Fixture, NULL, fixture_set_up, test_status_and_hint, fixture_tear_down);
  g_test_add ("/table-heading/say", Fixture, NULL, fixture_set_up, test_say, fixture_tear_down);

  return g_test_run ();
}
