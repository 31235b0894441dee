/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pile-view.c: ArbPileView on its own, in a plain window: the deck
 * face down and a discard pile's top card, the count, the title cut short
 * with the whole of it in the tooltip, the count standing out as the deck
 * runs out, the popover listing the whole pile, a card dropped, and the
 * spinner of a computer deciding. */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-card-widget.h"
#include "arb-pile-view-private.h"

typedef struct {
  GtkWindow   *window;
  ArbPileView *view;
  ArbCard      dropped;
  guint        n_dropped;
} Fixture;

static void
on_card_dropped (ArbPileView *view, guint card, Fixture *fixture)
{
  fixture->dropped = (ArbCard) card;
  fixture->n_dropped++;
}

/* A view of the deck, or of the discard pile of player 1 (data). */
static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->view = ARB_PILE_VIEW (arb_pile_view_new (GPOINTER_TO_INT (data)));
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->view), 400, 400);
  fixture->n_dropped = 0;
  g_signal_connect (fixture->view, "card-dropped", G_CALLBACK (on_card_dropped), fixture);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
}

static ArbPile
pile_of (guint n)
{
  ArbPile pile = { .n = 0 };

  /* Cassia 1, Cassia 2... : the last is the top. */
  for (guint i = 0; i < n; i++)
    arb_pile_push (&pile, arb_card_new (ARB_SPECIES_CASSIA, 1) + (ArbCard) i);
  return pile;
}

/* The one widget of that type under root. */
static gpointer
only (GtkWidget *root, GType type)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  arb_test_find_type (root, type, found);
  g_assert_cmpuint (found->len, ==, 1);
  return found->pdata[0];
}

static ArbCardWidget *
top_card (Fixture *fixture)
{
  ArbCardWidget *top = arb_pile_view_get_top (fixture->view);

  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (top), arb_pile_view_get_button (fixture->view)));
  return top;
}

static GtkMenuButton *
pile_button (Fixture *fixture)
{
  return only (GTK_WIDGET (fixture->view), GTK_TYPE_MENU_BUTTON);
}

static const char *
count_text (Fixture *fixture)
{
  return gtk_label_get_label (arb_pile_view_get_count_label (fixture->view));
}

/* The deck: its back while it holds cards, the count, a click draws from
 * it; its cards are secret, so the button that would show them takes no
 * clicks and no room on screen beyond its place. */
static void
test_deck (Fixture *fixture, gconstpointer data)
{
  ArbPile deck = pile_of (30);
  GtkWidget *button = arb_pile_view_get_button (fixture->view);

  g_assert_cmpint (arb_pile_view_get_source (fixture->view), ==, ARB_SOURCE_DECK);
  arb_pile_view_set_pile (fixture->view, &deck, "Deck", NULL);
  g_assert_cmpstr (count_text (fixture), ==, "30 cards");
  g_assert_cmpstr (gtk_label_get_label (arb_pile_view_get_title_label (fixture->view)), ==, "Deck");
  g_assert_cmpuint (arb_card_widget_get_card (top_card (fixture)), ==, ARB_CARD_NONE);
  arb_test_assert_label (top_card (fixture), "Face-down card");
  arb_test_assert_label (button, "Deck, 30 cards");
  /* Its tooltip repeats its name when it shows: not its tooltip text,
   * which GTK 4.8 would make its description, said again. */
  g_assert_true (gtk_widget_get_has_tooltip (button));
  g_assert_null (gtk_widget_get_tooltip_text (button));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.draw");
  g_assert_cmpint (g_variant_get_int32 (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button))), ==,
                   ARB_SOURCE_DECK);
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (pile_button (fixture))));
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (pile_button (fixture))));

  deck = pile_of (1);
  arb_pile_view_set_pile (fixture->view, &deck, "Deck", NULL);
  g_assert_cmpstr (count_text (fixture), ==, "1 card");
  deck = pile_of (0);
  arb_pile_view_set_pile (fixture->view, &deck, "Deck", NULL);
  g_assert_cmpstr (count_text (fixture), ==, "0 cards");
  arb_test_assert_label (top_card (fixture), "No card");
  arb_test_assert_label (button, "Deck, 0 cards");
}

/* A discard pile shows its top card face up; empty, an outline. */
static void
test_discard_pile (Fixture *fixture, gconstpointer data)
{
  ArbPile pile = pile_of (3);
  GtkActionable *button = GTK_ACTIONABLE (arb_pile_view_get_button (fixture->view));

  g_assert_cmpint (arb_pile_view_get_source (fixture->view), ==, 1);
  g_assert_cmpint (g_variant_get_int32 (gtk_actionable_get_action_target_value (button)), ==, 1);
  arb_pile_view_set_pile (fixture->view, &pile, "Rina’s pile", NULL);
  g_assert_cmpuint (arb_card_widget_get_card (top_card (fixture)), ==, arb_card_new (ARB_SPECIES_CASSIA, 3));
  arb_test_assert_label (top_card (fixture), "Cassia 3");
  g_assert_cmpstr (count_text (fixture), ==, "3 cards");
  arb_test_assert_label (arb_pile_view_get_button (fixture->view), "Rina’s pile, 3 cards, Cassia 3 on top");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (pile_button (fixture))));

  pile = pile_of (1);
  arb_pile_view_set_pile (fixture->view, &pile, "Rina’s pile", NULL);
  g_assert_cmpuint (arb_card_widget_get_card (top_card (fixture)), ==, arb_card_new (ARB_SPECIES_CASSIA, 1));
  g_assert_cmpstr (count_text (fixture), ==, "1 card");

  pile = pile_of (0);
  arb_pile_view_set_pile (fixture->view, &pile, "Rina’s pile", NULL);
  g_assert_cmpuint (arb_card_widget_get_card (top_card (fixture)), ==, ARB_CARD_NONE);
  arb_test_assert_label (top_card (fixture), "No card");
  g_assert_cmpstr (count_text (fixture), ==, "0 cards");
  /* Nothing to list. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (pile_button (fixture))));
}

/* Hard's discard lies faded over the bottom right of the top card, smaller:
 * the top card's value, in its top left corner, stays in sight. */
static void
test_ghost (Fixture *fixture, gconstpointer data)
{
  ArbPile pile = pile_of (3);
  GtkWidget *top = GTK_WIDGET (top_card (fixture));
  graphene_rect_t top_bounds, ghost_bounds;
  GtkWidget *ghost;

  arb_pile_view_set_pile (fixture->view, &pile, "Rina’s pile", NULL);
  arb_pile_view_set_suggestion (fixture->view, TRUE, arb_card_new (ARB_SPECIES_OAK, 2));
  ghost = arb_pile_view_get_ghost (fixture->view);
  g_assert_nonnull (ghost);
  arb_test_wait_laid_out (ghost);
  top_bounds = arb_test_bounds (top, GTK_WIDGET (fixture->view));
  ghost_bounds = arb_test_bounds (ghost, GTK_WIDGET (fixture->view));
  g_assert_cmpfloat (ghost_bounds.size.width, <, top_bounds.size.width * 0.8);
  g_assert_cmpfloat (ghost_bounds.origin.x, >=, top_bounds.origin.x + top_bounds.size.width * 0.25);
  g_assert_cmpfloat (ghost_bounds.origin.y, >=, top_bounds.origin.y + top_bounds.size.height * 0.25);
  /* Within the top card. */
  g_assert_cmpfloat (ghost_bounds.origin.x + ghost_bounds.size.width, <=, top_bounds.origin.x + top_bounds.size.width + 0.5);
  g_assert_cmpfloat (ghost_bounds.origin.y + ghost_bounds.size.height, <=, top_bounds.origin.y + top_bounds.size.height + 0.5);
  arb_pile_view_set_suggestion (fixture->view, FALSE, ARB_CARD_NONE);
  g_assert_null (arb_pile_view_get_ghost (fixture->view));
}

/* A title cut short shows whole in its tooltip; one that fits has none. */
static void
test_titles (Fixture *fixture, gconstpointer data)
{
  ArbPile pile = pile_of (2);
  GtkWidget *title = GTK_WIDGET (arb_pile_view_get_title_label (fixture->view));

  arb_pile_view_set_pile (fixture->view, &pile, "Bartholomew’s pile", "Bartholom…’s pile");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (title)), ==, "Bartholom…’s pile");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (title), ==, "Bartholomew’s pile");
  /* The screen reader hears the whole title. */
  arb_test_assert_label (arb_pile_view_get_button (fixture->view), "Bartholomew’s pile, 2 cards, Cassia 2 on top");

  arb_pile_view_set_pile (fixture->view, &pile, "Rina’s pile", "Rina’s pile");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (title)), ==, "Rina’s pile");
  g_assert_null (gtk_widget_get_tooltip_text (title));

  arb_pile_view_set_pile (fixture->view, &pile, "Dana’s pile", NULL);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (title)), ==, "Dana’s pile");
  g_assert_null (gtk_widget_get_tooltip_text (title));
}

/* The styles of the count for turns_left turns in a game of n_seats, as
 * "warning error heading" with - for a style not there. */
static char *
count_styles (Fixture *fixture, guint turns_left, guint n_seats)
{
  GtkWidget *count = GTK_WIDGET (arb_pile_view_get_count_label (fixture->view));

  arb_pile_view_set_turns_left (fixture->view, turns_left, n_seats);
  return g_strdup_printf ("%s %s %s",
                          gtk_widget_has_css_class (count, "warning") ? "warning" : "-",
                          gtk_widget_has_css_class (count, "error") ? "error" : "-",
                          gtk_widget_has_css_class (count, "heading") ? "heading" : "-");
}

#define assert_styles(fixture, turns_left, n_seats, expected) \
  G_STMT_START { \
    g_autofree char *styles__ = count_styles ((fixture), (turns_left), (n_seats)); \
    g_assert_cmpstr (styles__, ==, (expected)); \
  } G_STMT_END

/* The deck's count stands out once it lasts less than a round, in the
 * warning colour, and in the error colour when this turn may empty it;
 * and goes back to plain when the deck lasts again (a step back). */
static void
test_turns_left (Fixture *fixture, gconstpointer data)
{
  ArbPile deck = pile_of (20);

  arb_pile_view_set_pile (fixture->view, &deck, "Deck", NULL);
  assert_styles (fixture, 10, 3, "- - -");
  assert_styles (fixture, 4, 3, "- - -");
  assert_styles (fixture, 3, 3, "warning - heading");
  assert_styles (fixture, 2, 3, "warning - heading");
  assert_styles (fixture, 1, 3, "- error heading");
  assert_styles (fixture, 0, 3, "- error heading");
  assert_styles (fixture, 2, 2, "warning - heading");
  assert_styles (fixture, 3, 2, "- - -");
  assert_styles (fixture, 1, 1, "- error heading");
}

/* The cards listed in the popover, top first, as "Cassia 3|Cassia 2". */
static char *
popover_text (Fixture *fixture)
{
  g_autoptr (GPtrArray) cards = g_ptr_array_new ();
  g_autoptr (GString) text = g_string_new (NULL);

  arb_test_find_type (GTK_WIDGET (gtk_menu_button_get_popover (pile_button (fixture))), ARB_TYPE_CARD_WIDGET, cards);
  for (guint i = 0; i < cards->len; i++)
    {
      g_autofree char *name = arb_card_to_string (arb_card_widget_get_card (cards->pdata[i]));

      g_string_append_printf (text, "%s%s", i > 0 ? "|" : "", name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The popover lists the whole pile from the top down, under the whole
 * title; while it is open the button's tooltip would cover it; a card
 * discarded meanwhile shows there too. It is built only when first opened,
 * and then with the title the pile was given before. */
static void
test_popover (Fixture *fixture, gconstpointer data)
{
  ArbPile pile = pile_of (3);
  GtkMenuButton *button = pile_button (fixture);
  g_autofree char *listed = NULL, *listed_after = NULL, *listed_again = NULL;

  arb_pile_view_set_pile (fixture->view, &pile, "Maximiliana Josephine-Wolkenstein’s pile", "Maximilia…’s pile");
  arb_test_wait_laid_out (GTK_WIDGET (button));
  g_assert_null (gtk_menu_button_get_popover (button));
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popup (button);
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  g_assert_nonnull (arb_test_find_label (GTK_WIDGET (gtk_menu_button_get_popover (button)),
                                         "Maximiliana Josephine-Wolkenstein’s pile"));
  listed = popover_text (fixture);
  g_assert_cmpstr (listed, ==, "Cassia 3|Cassia 2|Cassia 1");

  pile = pile_of (4);
  arb_pile_view_set_pile (fixture->view, &pile, "Maximiliana Josephine-Wolkenstein’s pile", "Maximilia…’s pile");
  listed_after = popover_text (fixture);
  g_assert_cmpstr (listed_after, ==, "Cassia 4|Cassia 3|Cassia 2|Cassia 1");
  gtk_menu_button_popdown (button);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));

  /* Opened again after a card was taken. */
  pile = pile_of (2);
  arb_pile_view_set_pile (fixture->view, &pile, "Maximiliana Josephine-Wolkenstein’s pile", "Maximilia…’s pile");
  gtk_menu_button_popup (button);
  listed_again = popover_text (fixture);
  g_assert_cmpstr (listed_again, ==, "Cassia 2|Cassia 1");
  gtk_menu_button_popdown (button);
}

/* A card of the hand dropped on the pile, to discard it. */
static void
test_card_dropped (Fixture *fixture, gconstpointer data)
{
  g_assert_true (arb_test_drop_card (arb_pile_view_get_button (fixture->view), arb_card_new (ARB_SPECIES_MAPLE, 8)));
  g_assert_cmpuint (fixture->n_dropped, ==, 1);
  g_assert_cmpuint (fixture->dropped, ==, arb_card_new (ARB_SPECIES_MAPLE, 8));
}

/* A computer deciding for the pile's seat: the spinner turns, named for
 * who thinks, until no one does; the pile's button keeps no description,
 * which a screen reader would hear as noise at each of the computer's steps. */
static void
test_thinking (Fixture *fixture, gconstpointer data)
{
  GtkSpinner *spinner = only (GTK_WIDGET (fixture->view), GTK_TYPE_SPINNER);
  GtkAccessible *button = GTK_ACCESSIBLE (arb_pile_view_get_button (fixture->view));

  g_assert_false (gtk_spinner_get_spinning (spinner));
  g_assert_false (gtk_test_accessible_has_property (button, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_true (gtk_test_accessible_has_state (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_STATE_HIDDEN));
  g_assert_null (gtk_test_accessible_check_state (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE));

  arb_pile_view_set_thinking (fixture->view, "Bo is thinking…");
  g_assert_true (gtk_spinner_get_spinning (spinner));
  g_assert_false (gtk_test_accessible_has_property (button, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                    "Bo is thinking…"));
  g_assert_null (gtk_test_accessible_check_state (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_STATE_HIDDEN, FALSE));

  arb_pile_view_set_thinking (fixture->view, NULL);
  g_assert_false (gtk_spinner_get_spinning (spinner));
  g_assert_false (gtk_test_accessible_has_property (button, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_null (gtk_test_accessible_check_state (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE));
}

#define ADD(path, func, source) \
  g_test_add ("/pile-view/" path, Fixture, GINT_TO_POINTER (source), fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  /* The test backend keeps what a screen reader would be told. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  arb_test_widget_init (&argc, &argv);

  ADD ("deck", test_deck, ARB_SOURCE_DECK);
  ADD ("discard-pile", test_discard_pile, 1);
  ADD ("titles", test_titles, 1);
  ADD ("ghost", test_ghost, 1);
  ADD ("turns-left", test_turns_left, ARB_SOURCE_DECK);
  ADD ("popover", test_popover, 1);
  ADD ("card-dropped", test_card_dropped, 1);
  ADD ("thinking", test_thinking, 1);

  return g_test_run ();
}
