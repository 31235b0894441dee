/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hand-view.c: ArbHandView on its own, in a plain window: the hand in
 * card order, the card just drawn outlined, choosing a card and "card-selected",
 * the choice kept or dropped as the hand changes, the places a played card
 * leaves empty until the hand fills up again, and the cards as drag sources. */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-card-widget.h"
#include "arb-hand-view.h"

typedef struct {
  GtkWindow   *window;
  ArbHandView *view;
  GArray      *selected; /* the cards "card-selected" gave, in order */
} Fixture;

static void
on_card_selected (ArbHandView *view, guint card, Fixture *fixture)
{
  ArbCard c = (ArbCard) card;

  g_assert_cmpuint (card, ==, c);
  g_array_append_val (fixture->selected, c);
}

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->view = g_object_new (ARB_TYPE_HAND_VIEW, NULL);
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->view), 1000, 300);
  fixture->selected = g_array_new (FALSE, FALSE, sizeof (ArbCard));
  g_signal_connect (fixture->view, "card-selected", G_CALLBACK (on_card_selected), fixture);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
  g_array_unref (fixture->selected);
}

static ArbCardSet
hand_of (const ArbCard *cards, guint n)
{
  ArbCardSet hand = ARB_CARD_SET_INIT;

  for (guint i = 0; i < n; i++)
    arb_card_set_add (&hand, cards[i]);
  return hand;
}

/* The row as shown, left to right: "Oak 2|_|Willow 3", _ for a place left
 * empty. */
static char *
row_text (ArbHandView *view)
{
  GtkWidget *any = NULL;
  g_autoptr (GString) text = g_string_new (NULL);

  for (ArbCard card = 0; card < ARB_N_CARDS && any == NULL; card++)
    any = arb_hand_view_get_card_button (view, card);
  g_assert_nonnull (any);
  for (GtkWidget *child = gtk_widget_get_first_child (gtk_widget_get_parent (any));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (text->len > 0)
        g_string_append_c (text, '|');
      if (gtk_widget_has_css_class (child, "hand-gap"))
        g_string_append_c (text, '_');
      else
        {
          ArbCard card = arb_card_widget_get_card (ARB_CARD_WIDGET (gtk_button_get_child (GTK_BUTTON (child))));
          g_autofree char *name = arb_card_to_string (card);

          g_assert_true (arb_hand_view_get_card_button (view, card) == child);
          g_string_append (text, name);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The same for cards given, ARB_CARD_NONE for an empty place. */
static char *
cards_text (const ArbCard *cards, guint n)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = cards[i] == ARB_CARD_NONE ? g_strdup ("_") : arb_card_to_string (cards[i]);

      g_string_append_printf (text, "%s%s", i > 0 ? "|" : "", name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

#define assert_row(view, ...) \
  G_STMT_START { \
    const ArbCard expected__[] = { __VA_ARGS__ }; \
    g_autofree char *shown__ = row_text (view); \
    g_autofree char *wanted__ = cards_text (expected__, G_N_ELEMENTS (expected__)); \
    g_assert_cmpstr (shown__, ==, wanted__); \
  } G_STMT_END

static gboolean
is_checked (ArbHandView *view, ArbCard card)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (arb_hand_view_get_card_button (view, card)));
}

static const ArbCard some[] = { 52, 3, 77, 50, 28 }; /* given out of order */
#define OAK_5 ((ArbCard) 52)
#define SPRUCE_4 ((ArbCard) 3)
#define WILLOW_6 ((ArbCard) 77)
#define OAK_3 ((ArbCard) 50)
#define DOGWOOD_5 ((ArbCard) 28)

/* The hand in card order, species by species and by value in each, each
 * card a toggle button named for a screen reader. */
static void
test_card_order (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));

  g_assert_cmpuint (OAK_5, ==, arb_card_new (ARB_SPECIES_OAK, 5));
  g_assert_cmpuint (WILLOW_6, ==, arb_card_new (ARB_SPECIES_WILLOW, 6));
  g_assert_cmpuint (DOGWOOD_5, ==, arb_card_new (ARB_SPECIES_DOGWOOD, 5));
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_n_cards (fixture->view), ==, 5);
  assert_row (fixture->view, SPRUCE_4, DOGWOOD_5, OAK_3, OAK_5, WILLOW_6);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (arb_hand_view_get_card_button (fixture->view, OAK_5)));
  arb_test_assert_label (arb_hand_view_get_card_button (fixture->view, OAK_5), "Oak 5");
  g_assert_null (arb_hand_view_get_card_button (fixture->view, arb_card_new (ARB_SPECIES_OAK, 6)));
  g_assert_null (arb_hand_view_get_card_button (fixture->view, ARB_CARD_NONE));

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (arb_test_find_label (GTK_WIDGET (fixture->view),
                                                                           "No cards in hand"))));

  /* No hand at all: nothing, and the words that say so: a hand hidden,
   * not an empty one. */
  arb_hand_view_set_hand (fixture->view, NULL, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_n_cards (fixture->view), ==, 0);
  g_assert_null (arb_test_find_label (GTK_WIDGET (fixture->view), "No cards in hand"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (arb_test_find_label (GTK_WIDGET (fixture->view),
                                                                          "The hands are hidden"))));
}

static int
card_width (Fixture *fixture)
{
  return gtk_widget_get_width (gtk_button_get_child (GTK_BUTTON (arb_hand_view_get_card_button (fixture->view, OAK_5))));
}

typedef struct {
  Fixture *fixture;
  int      at_least;
} Widths;

static gboolean
cards_grown (gpointer data)
{
  Widths *widths = data;

  return card_width (widths->fixture) >= widths->at_least;
}

static char *
describe_width (gpointer data)
{
  Widths *widths = data;

  return g_strdup_printf ("a card %d pixels wide, %d wanted", card_width (widths->fixture), widths->at_least);
}

/* With the desktop's large text (GNOME's text scaling factor, which
 * reaches GTK as gtk-xft-dpi), the cards grow with it: their value and
 * name are drawn in proportion to them. */
static void
test_large_text (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));
  Widths widths = { fixture, 0 };
  int usual;

  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  arb_test_wait_laid_out (GTK_WIDGET (fixture->view));
  arb_test_wait_frames (GTK_WIDGET (fixture->view), 2);
  usual = card_width (fixture);
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", 96 * 1024 * 3 / 2, NULL);
  widths.at_least = usual * 4 / 3;
  arb_test_wait_until_described ("the cards grown with the text", cards_grown, describe_width, &widths);
  g_test_message ("a card %d pixels wide, %d with the text 1.5 times larger", usual, card_width (fixture));
  gtk_settings_reset_property (gtk_settings_get_default (), "gtk-xft-dpi");
}

/* The card just drawn stands out, and says so to a screen reader, until
 * the hand is shown without a new card. */
static void
test_new_card (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));
  GtkWidget *drawn;

  arb_hand_view_set_hand (fixture->view, &hand, OAK_3);
  for (guint i = 0; i < G_N_ELEMENTS (some); i++)
    g_assert_true (gtk_widget_has_css_class (arb_hand_view_get_card_button (fixture->view, some[i]), "new-card")
                   == (some[i] == OAK_3));
  drawn = arb_hand_view_get_card_button (fixture->view, OAK_3);
  arb_test_assert_label (drawn, "Oak 3, just drawn");

  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_false (gtk_widget_has_css_class (arb_hand_view_get_card_button (fixture->view, OAK_3), "new-card"));
  arb_test_assert_label (arb_hand_view_get_card_button (fixture->view, OAK_3), "Oak 3");

  /* Another card drawn: the outline moves to it. */
  arb_card_set_remove (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  arb_card_set_add (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, WILLOW_6);
  g_assert_true (gtk_widget_has_css_class (arb_hand_view_get_card_button (fixture->view, WILLOW_6), "new-card"));
  g_assert_false (gtk_widget_has_css_class (arb_hand_view_get_card_button (fixture->view, OAK_3), "new-card"));
}

/* Choosing a card checks its button alone and says so once; choosing
 * another moves the choice; ARB_CARD_NONE takes it away. */
static void
test_select (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));

  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, ARB_CARD_NONE);

  arb_hand_view_select (fixture->view, OAK_5);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, OAK_5);
  g_assert_cmpuint (fixture->selected->len, ==, 1);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 0), ==, OAK_5);
  for (guint i = 0; i < G_N_ELEMENTS (some); i++)
    g_assert_true (is_checked (fixture->view, some[i]) == (some[i] == OAK_5));

  arb_hand_view_select (fixture->view, SPRUCE_4);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, SPRUCE_4);
  g_assert_cmpuint (fixture->selected->len, ==, 2);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 1), ==, SPRUCE_4);
  g_assert_false (is_checked (fixture->view, OAK_5));
  g_assert_true (is_checked (fixture->view, SPRUCE_4));

  /* A click on another card, as a person chooses. */
  g_signal_emit_by_name (arb_hand_view_get_card_button (fixture->view, WILLOW_6), "clicked");
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, WILLOW_6);
  g_assert_cmpuint (fixture->selected->len, ==, 3);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 2), ==, WILLOW_6);
  g_assert_false (is_checked (fixture->view, SPRUCE_4));

  arb_hand_view_select (fixture->view, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, ARB_CARD_NONE);
  g_assert_cmpuint (fixture->selected->len, ==, 4);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 3), ==, ARB_CARD_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (some); i++)
    g_assert_false (is_checked (fixture->view, some[i]));

  /* Nothing chosen and nothing to take away: no signal. */
  arb_hand_view_select (fixture->view, ARB_CARD_NONE);
  g_assert_cmpuint (fixture->selected->len, ==, 4);
}

/* A hand of one card: its button is in no group, and a second click
 * takes the choice away. */
static void
test_select_lone_card (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (&some[0], 1);
  GtkWidget *button;

  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  button = arb_hand_view_get_card_button (fixture->view, some[0]);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, some[0]);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, ARB_CARD_NONE);
  g_assert_cmpuint (fixture->selected->len, ==, 2);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 0), ==, some[0]);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 1), ==, ARB_CARD_NONE);
  /* Chosen, then unchosen by the program: "none" said once. */
  g_signal_emit_by_name (button, "clicked");
  arb_hand_view_select (fixture->view, ARB_CARD_NONE);
  g_assert_cmpuint (fixture->selected->len, ==, 4);
  g_assert_cmpuint (g_array_index (fixture->selected, ArbCard, 3), ==, ARB_CARD_NONE);
}

/* The chosen card stays chosen while it is in the hand, however the hand
 * changes, and is chosen no more once it left; whether the places are kept
 * (data) or the hand closes up. */
static void
test_selection_follows_hand (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));
  gboolean keep_places = GPOINTER_TO_INT (data);

  arb_hand_view_set_keep_places (fixture->view, keep_places);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  arb_hand_view_select (fixture->view, OAK_3);

  /* Another card leaves. */
  arb_card_set_remove (&hand, WILLOW_6);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, OAK_3);
  g_assert_true (is_checked (fixture->view, OAK_3));
  /* A card comes: the hand is built again. */
  arb_card_set_add (&hand, WILLOW_6);
  arb_hand_view_set_hand (fixture->view, &hand, WILLOW_6);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, OAK_3);
  g_assert_true (is_checked (fixture->view, OAK_3));
  g_assert_false (is_checked (fixture->view, WILLOW_6));

  /* The chosen card leaves. */
  arb_card_set_remove (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, ARB_CARD_NONE);
  for (ArbCard card = 0; card < ARB_N_CARDS; card++)
    if (arb_card_set_contains (&hand, card))
      g_assert_false (is_checked (fixture->view, card));
  g_assert_null (arb_hand_view_get_card_button (fixture->view, OAK_3));
  /* It comes back: not chosen again. */
  arb_card_set_add (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_false (is_checked (fixture->view, OAK_3));
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, ARB_CARD_NONE);
  /* Chosen again, then no hand shown. */
  arb_hand_view_select (fixture->view, OAK_3);
  arb_hand_view_set_hand (fixture->view, NULL, ARB_CARD_NONE);
  g_assert_cmpuint (arb_hand_view_get_selected (fixture->view), ==, ARB_CARD_NONE);
}

static double
x_of (Fixture *fixture, ArbCard card)
{
  return arb_test_bounds (arb_hand_view_get_card_button (fixture->view, card), GTK_WIDGET (fixture->view)).origin.x;
}

/* A card played or discarded leaves its place empty, as wide as it was, so
 * that the others stay under the pointer; the hand closes up when cards
 * come in, and at once when the places are not kept. */
static void
test_keep_places (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));
  double xs[G_N_ELEMENTS (some)];
  double width;

  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  arb_test_wait_laid_out (GTK_WIDGET (arb_hand_view_get_card_button (fixture->view, OAK_5)));
  for (guint i = 0; i < G_N_ELEMENTS (some); i++)
    xs[i] = x_of (fixture, some[i]);
  width = arb_test_bounds (arb_hand_view_get_card_button (fixture->view, OAK_3), GTK_WIDGET (fixture->view)).size.width;

  arb_card_set_remove (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  assert_row (fixture->view, SPRUCE_4, DOGWOOD_5, ARB_CARD_NONE, OAK_5, WILLOW_6);
  g_assert_cmpuint (arb_hand_view_get_n_cards (fixture->view), ==, 4);
  arb_card_set_remove (&hand, SPRUCE_4);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  assert_row (fixture->view, ARB_CARD_NONE, DOGWOOD_5, ARB_CARD_NONE, OAK_5, WILLOW_6);
  arb_test_wait_frames (GTK_WIDGET (fixture->view), ARB_TEST_FRAMES_TO_SETTLE);
  for (guint i = 0; i < G_N_ELEMENTS (some); i++)
    if (arb_card_set_contains (&hand, some[i]))
      g_assert_cmpfloat_with_epsilon (x_of (fixture, some[i]), xs[i], 0.5);
  {
    GtkWidget *gap = gtk_widget_get_next_sibling (arb_hand_view_get_card_button (fixture->view, DOGWOOD_5));

    g_assert_cmpfloat_with_epsilon (arb_test_bounds (gap, GTK_WIDGET (fixture->view)).size.width, width, 0.5);
  }
  /* The turn is over: the places are no longer kept, the hand closes up,
   * and kept again for the next turn. */
  arb_hand_view_set_keep_places (fixture->view, FALSE);
  assert_row (fixture->view, DOGWOOD_5, OAK_5, WILLOW_6);
  arb_hand_view_set_keep_places (fixture->view, TRUE);

  /* A card drawn: the hand closes up around it. */
  arb_card_set_add (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, OAK_3);
  assert_row (fixture->view, DOGWOOD_5, OAK_3, OAK_5, WILLOW_6);
  /* The last card played: no place kept for nothing. */
  {
    ArbCardSet empty = ARB_CARD_SET_INIT;

    arb_hand_view_set_hand (fixture->view, &empty, ARB_CARD_NONE);
    g_assert_cmpuint (arb_hand_view_get_n_cards (fixture->view), ==, 0);
    g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "hand-gap"), ==, 0);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (arb_test_find_label (GTK_WIDGET (fixture->view),
                                                                            "No cards in hand"))));
  }

  /* A replay or a game watched: the hand closes up at once. */
  arb_hand_view_set_keep_places (fixture->view, FALSE);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  arb_card_set_remove (&hand, OAK_5);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  assert_row (fixture->view, DOGWOOD_5, OAK_3, WILLOW_6);
}

static GtkWidget *
focus_of (Fixture *fixture)
{
  return gtk_root_get_focus (GTK_ROOT (fixture->window));
}

/* A card of a hand that closes up (a replay) keeps the keyboard focus when
 * the hand is built again; when it left, the card now in its place has
 * it, or the last card when it was the last. */
static void
test_focus_kept (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));

  arb_hand_view_set_keep_places (fixture->view, FALSE);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  arb_test_wait_laid_out (GTK_WIDGET (fixture->view));
  g_assert_true (gtk_widget_grab_focus (arb_hand_view_get_card_button (fixture->view, OAK_3)));
  arb_card_set_remove (&hand, SPRUCE_4);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_true (focus_of (fixture) == arb_hand_view_get_card_button (fixture->view, OAK_3));

  arb_card_set_remove (&hand, OAK_3);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  assert_row (fixture->view, DOGWOOD_5, OAK_5, WILLOW_6);
  g_assert_true (focus_of (fixture) == arb_hand_view_get_card_button (fixture->view, OAK_5));

  g_assert_true (gtk_widget_grab_focus (arb_hand_view_get_card_button (fixture->view, WILLOW_6)));
  arb_card_set_remove (&hand, WILLOW_6);
  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  g_assert_true (focus_of (fixture) == arb_hand_view_get_card_button (fixture->view, OAK_5));
}

/* Every card is a drag source, whose content is the card. */
static void
test_drag_source (Fixture *fixture, gconstpointer data)
{
  ArbCardSet hand = hand_of (some, G_N_ELEMENTS (some));

  arb_hand_view_set_hand (fixture->view, &hand, ARB_CARD_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (some); i++)
    {
      GtkDragSource *source = arb_test_find_controller (arb_hand_view_get_card_button (fixture->view, some[i]),
                                                        GTK_TYPE_DRAG_SOURCE);

      g_assert_true (gtk_drag_source_get_actions (source) & GDK_ACTION_MOVE);
      {
        g_autoptr (GdkContentProvider) content = NULL;
        g_auto (GValue) value = G_VALUE_INIT;
        g_autoptr (GError) error = NULL;

        g_signal_emit_by_name (source, "prepare", 10.0, 10.0, &content);
        g_assert_nonnull (content);
        g_value_init (&value, G_TYPE_UINT);
        g_assert_true (gdk_content_provider_get_value (content, &value, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (g_value_get_uint (&value), ==, some[i]);
      }
    }
}

#define ADD(path, func, data) \
  g_test_add ("/hand-view/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  ADD ("card-order", test_card_order, NULL);
  ADD ("large-text", test_large_text, NULL);
  ADD ("new-card", test_new_card, NULL);
  ADD ("select", test_select, NULL);
  ADD ("select-lone-card", test_select_lone_card, NULL);
  ADD ("selection-follows-hand/keep-places", test_selection_follows_hand, GINT_TO_POINTER (TRUE));
  ADD ("selection-follows-hand/close-up", test_selection_follows_hand, GINT_TO_POINTER (FALSE));
  ADD ("keep-places", test_keep_places, NULL);
  ADD ("focus-kept", test_focus_kept, NULL);
  ADD ("drag-source", test_drag_source, NULL);

  return g_test_run ();
}
