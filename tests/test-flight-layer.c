/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-flight-layer.c: ArbFlightLayer on its own, over a plain window's
 * content as over the table: a card flies from one widget to another,
 * which is hidden until it lands; the layer takes no clicks; nothing flies
 * without animations; a landing place that is gone, hidden or not laid
 * out makes no flight, and no warning (G_DEBUG=fatal-warnings). */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-card-widget.h"
#include "arb-flight-layer.h"
#include "arb-flight-layer-private.h"

typedef struct {
  GtkWindow      *window;
  ArbFlightLayer *layer;
  GtkWidget      *from;   /* a button at the top left */
  GtkWidget      *to;     /* a card at the bottom right */
  GtkWidget      *other;  /* another card, at the top right */
  GtkWidget      *landing; /* where find_landing () says the card lands */
  guint           n_asked; /* how many times the landing place was asked for */
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *grid = gtk_grid_new ();

  fixture->n_asked = 0;
  fixture->from = gtk_button_new_with_label ("From");
  fixture->to = arb_card_widget_new (arb_card_new (ARB_SPECIES_OAK, 5), 70);
  fixture->other = arb_card_widget_new (arb_card_new (ARB_SPECIES_OAK, 6), 70);
  gtk_widget_set_hexpand (fixture->to, TRUE);
  gtk_widget_set_vexpand (fixture->to, TRUE);
  gtk_widget_set_halign (fixture->to, GTK_ALIGN_END);
  gtk_widget_set_valign (fixture->to, GTK_ALIGN_END);
  gtk_widget_set_halign (fixture->other, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), fixture->from, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), fixture->other, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), fixture->to, 1, 1, 1, 1);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), grid);
  fixture->layer = ARB_FLIGHT_LAYER (arb_flight_layer_new ());
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), GTK_WIDGET (fixture->layer));
  fixture->window = arb_test_window_new (overlay, 600, 400);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  arb_test_wait_laid_out (fixture->to);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
}

static graphene_rect_t
from_rect (Fixture *fixture)
{
  return arb_test_bounds (fixture->from, GTK_WIDGET (fixture->layer));
}

/* The card in flight: the layer's only child. */
static GtkWidget *
flying_card (Fixture *fixture)
{
  GtkWidget *card = gtk_widget_get_first_child (GTK_WIDGET (fixture->layer));

  g_assert_nonnull (card);
  g_assert_null (gtk_widget_get_next_sibling (card));
  return card;
}

static gboolean
landed (Fixture *fixture)
{
  return arb_flight_layer_get_n_flying (fixture->layer) == 0;
}

/* Blocks in the main loop until the flights land. */
static void
wait_landed (Fixture *fixture)
{
  arb_test_wait_until ("the cards in flight to land", landed, fixture);
}

static gboolean
card_has_size (Fixture *fixture)
{
  return gtk_widget_get_width (flying_card (fixture)) > 0;
}

/* A card flies from one place to the other, where the card it becomes is
 * hidden meanwhile; once landed, it is shown and the layer is empty. */
static void
test_flight (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);
  graphene_rect_t to = arb_test_bounds (fixture->to, GTK_WIDGET (fixture->layer));
  graphene_rect_t first, later;

  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), &from, fixture->to, ARB_FLIGHT_ONTO);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 0.0);
  g_assert_cmpuint (arb_card_widget_get_card (ARB_CARD_WIDGET (flying_card (fixture))), ==,
                    arb_card_new (ARB_SPECIES_OAK, 5));
  /* It starts where it leaves, the size of the place it goes to. */
  arb_test_wait_until ("the card in flight to be laid out", card_has_size, fixture);
  first = arb_test_bounds (flying_card (fixture), GTK_WIDGET (fixture->layer));
  g_assert_cmpfloat (first.size.width, ==, to.size.width);
  g_assert_cmpfloat (first.origin.x, <, to.origin.x - to.size.width);
  /* A frame later, unless a frame took the whole flight (a busy machine),
   * it is on its way: down and to the right, short of its landing place. */
  arb_test_wait_frames (GTK_WIDGET (fixture->layer), 1);
  if (arb_flight_layer_get_n_flying (fixture->layer) > 0)
    {
      later = arb_test_bounds (flying_card (fixture), GTK_WIDGET (fixture->layer));
      g_assert_cmpfloat (later.origin.x, >, first.origin.x);
      g_assert_cmpfloat (later.origin.y, >, first.origin.y);
      g_assert_cmpfloat (later.origin.x, <, to.origin.x);
    }
  /* It lands (wait_landed fails a flight that never does), however
   * slowly a busy machine draws its frames. */
  wait_landed (fixture);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (fixture->layer)));
}

/* A card drawn into a hand not on screen goes into its player's tab: the
 * tab stays shown all the way, and after. */
static void
test_flight_into (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);

  arb_flight_layer_fly (fixture->layer, ARB_CARD_NONE, &from, fixture->to, ARB_FLIGHT_INTO);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
  wait_landed (fixture);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
}

/* A click on the card in flight goes to what is under it. */
static void
test_takes_no_clicks (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);
  graphene_rect_t card;
  GtkWidget *picked;

  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (fixture->layer)));
  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), &from, fixture->to, ARB_FLIGHT_ONTO);
  arb_test_wait_until ("the card in flight to be laid out", card_has_size, fixture);
  card = arb_test_bounds (flying_card (fixture), GTK_WIDGET (fixture->window));
  picked = gtk_widget_pick (GTK_WIDGET (fixture->window), card.origin.x + 5, card.origin.y + 5, GTK_PICK_DEFAULT);
  g_assert_nonnull (picked);
  g_assert_false (picked == GTK_WIDGET (fixture->layer)
                  || gtk_widget_is_ancestor (picked, GTK_WIDGET (fixture->layer)));
  wait_landed (fixture);
}

/* With animations off, the card is simply where it went. */
static void
test_no_animations (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), &from, fixture->to, ARB_FLIGHT_ONTO);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (fixture->layer)));
  arb_test_wait_frames (GTK_WIDGET (fixture->layer), 2);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (fixture->layer)));
}

static GtkWidget *
find_to (gpointer data)
{
  Fixture *fixture = data;

  fixture->n_asked++;
  return fixture->to;
}

static GtkWidget *
find_other (gpointer data)
{
  Fixture *fixture = data;

  fixture->n_asked++;
  return fixture->other;
}

static GtkWidget *
find_nothing (gpointer data)
{
  Fixture *fixture = data;

  fixture->n_asked++;
  return NULL;
}

static GtkWidget *
find_landing (gpointer data)
{
  Fixture *fixture = data;

  fixture->n_asked++;
  return fixture->landing;
}

static gboolean
asked (Fixture *fixture)
{
  return fixture->n_asked > 0;
}

/* Waits until the layer asked for the landing place; the flight, if any,
 * starts in the same tick. */
static void
wait_asked (Fixture *fixture)
{
  arb_test_wait_until ("the layer to ask for the landing place", asked, fixture);
}

/* The landing place is asked for a frame later, once the table is built
 * again; a newer flight takes the place of one still waiting. */
static void
test_fly_later (Fixture *fixture, gconstpointer data)
{
  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 6), fixture->from, find_to, ARB_FLIGHT_ONTO, fixture, NULL);
  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 6), fixture->from, find_other, ARB_FLIGHT_ONTO, fixture, NULL);
  g_assert_cmpuint (fixture->n_asked, ==, 0);
  wait_asked (fixture);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->other), ==, 0.0);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
  wait_landed (fixture);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->other), ==, 1.0);
}

/* No flight waits for its landing place: every card has flown or flies. */
static gboolean
nothing_waits (Fixture *fixture)
{
  ArbCard faces[4];

  return arb_flight_layer_get_faces (fixture->layer, faces, G_N_ELEMENTS (faces))
         == arb_flight_layer_get_n_flying (fixture->layer);
}

/* The landing place is hidden from the first frame after the step, before
 * it is laid out: it never shows before the card flies to it. */
static void
test_hidden_while_waiting (Fixture *fixture, gconstpointer data)
{
  GtkWidget *grid = gtk_widget_get_parent (fixture->to);
  GtkWidget *card = arb_card_widget_new (arb_card_new (ARB_SPECIES_OAK, 7), 70);

  /* Built with the table, as the step's card is: not laid out yet. */
  gtk_grid_attach (GTK_GRID (grid), card, 0, 1, 1, 1);
  fixture->landing = card;
  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 7), fixture->from, find_landing,
                              ARB_FLIGHT_ONTO, fixture, NULL);
  wait_asked (fixture);
  g_assert_cmpfloat (gtk_widget_get_opacity (card), ==, 0.0);
  arb_test_wait_until ("the card to take off", nothing_waits, fixture);
  /* Unless its first frame took the whole flight (a busy machine). */
  if (arb_flight_layer_get_n_flying (fixture->layer) > 0)
    g_assert_cmpfloat (gtk_widget_get_opacity (card), ==, 0.0);
  wait_landed (fixture);
  g_assert_cmpfloat (gtk_widget_get_opacity (card), ==, 1.0);
}

/* The table builds the landing place again during the flight: the new one
 * is hidden in its turn, the old one no longer (it may stay elsewhere). */
static void
test_landing_place_built_again (Fixture *fixture, gconstpointer data)
{
  fixture->landing = fixture->to;
  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), fixture->from, find_landing,
                              ARB_FLIGHT_ONTO, fixture, NULL);
  arb_test_wait_until ("the card to take off", nothing_waits, fixture);
  /* A busy machine may take the whole flight in its first frame; then
   * there is nothing to follow. */
  if (arb_flight_layer_get_n_flying (fixture->layer) == 0)
    return;
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 0.0);
  fixture->landing = fixture->other;
  arb_test_wait_frames (GTK_WIDGET (fixture->layer), 1);
  /* A frame may have taken the whole flight on a busy machine. */
  if (arb_flight_layer_get_n_flying (fixture->layer) > 0)
    {
      g_assert_cmpfloat (gtk_widget_get_opacity (fixture->other), ==, 0.0);
      g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
    }
  wait_landed (fixture);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->other), ==, 1.0);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
}

/* No landing place, one hidden, or one that has no size: no flight. */
static void
test_no_landing_place (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);
  g_autoptr (GtkWidget) orphan = g_object_ref_sink (arb_card_widget_new (arb_card_new (ARB_SPECIES_OAK, 5), 70));

  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), fixture->from, find_nothing, ARB_FLIGHT_ONTO, fixture, NULL);
  wait_asked (fixture);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);

  gtk_widget_set_visible (fixture->other, FALSE);
  fixture->n_asked = 0;
  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), fixture->from, find_other, ARB_FLIGHT_ONTO, fixture, NULL);
  arb_test_wait_until ("the flight to stop waiting", nothing_waits, fixture);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->other), ==, 1.0);

  /* A widget on no window. */
  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), &from, orphan, ARB_FLIGHT_ONTO);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (orphan), ==, 1.0);
}

/* A landing place not laid out yet, or on a page not shown (a tab of the
 * side panel), makes no flight either. */
static void
test_landing_place_not_shown (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);
  GtkWidget *grid = gtk_widget_get_parent (fixture->to);
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *card = arb_card_widget_new (arb_card_new (ARB_SPECIES_OAK, 5), 70);

  gtk_stack_add_named (GTK_STACK (stack), gtk_label_new ("Shown"), "shown");
  gtk_stack_add_named (GTK_STACK (stack), card, "card");
  gtk_grid_attach (GTK_GRID (grid), stack, 0, 1, 1, 1);
  /* Just built, not laid out. */
  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), &from, card, ARB_FLIGHT_ONTO);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (card), ==, 1.0);

  /* Laid out once, then on the page not shown: where it was is no place. */
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "card");
  arb_test_wait_laid_out (card);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "shown");
  g_assert_false (gtk_widget_get_mapped (card));
  fixture->other = card;
  arb_flight_layer_fly_later (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), fixture->from, find_other, ARB_FLIGHT_ONTO, fixture, NULL);
  wait_asked (fixture);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (card), ==, 1.0);
}

/* The landing place goes away during the flight, or the layer is hidden
 * (another page): the flight ends, and a card it hid shows again. */
static void
test_landing_place_gone (Fixture *fixture, gconstpointer data)
{
  graphene_rect_t from = from_rect (fixture);

  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 6), &from, fixture->other, ARB_FLIGHT_ONTO);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 1);
  gtk_grid_remove (GTK_GRID (gtk_widget_get_parent (fixture->other)), fixture->other);
  fixture->other = NULL;
  wait_landed (fixture);
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (fixture->layer)));

  arb_flight_layer_fly (fixture->layer, arb_card_new (ARB_SPECIES_OAK, 5), &from, fixture->to, ARB_FLIGHT_ONTO);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 0.0);
  gtk_widget_set_visible (GTK_WIDGET (fixture->layer), FALSE);
  g_assert_cmpuint (arb_flight_layer_get_n_flying (fixture->layer), ==, 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (fixture->to), ==, 1.0);
}

#define ADD(path, func) \
  g_test_add ("/flight-layer/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  ADD ("flight", test_flight);
  ADD ("flight-into", test_flight_into);
  ADD ("takes-no-clicks", test_takes_no_clicks);
  ADD ("no-animations", test_no_animations);
  ADD ("fly-later", test_fly_later);
  ADD ("hidden-while-waiting", test_hidden_while_waiting);
  ADD ("landing-place-built-again", test_landing_place_built_again);
  ADD ("no-landing-place", test_no_landing_place);
  ADD ("landing-place-not-shown", test_landing_place_not_shown);
  ADD ("landing-place-gone", test_landing_place_gone);

  return g_test_run ();
}
