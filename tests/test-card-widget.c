/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-card-widget.c: ArbCardWidget on its own, in a plain window: its
 * accessible name ("Oak 5", a face-down card, no card), its size for its
 * width, its face shared by the cards that show the same one, the outline
 * of a lit path, and every species name fitting its smallest card. */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-card-widget.h"

typedef struct {
  GtkWindow *window;
  GtkBox    *box;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->box), 600, 300);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
}

static ArbCardWidget *
add_card (Fixture *fixture, ArbCard card, int width)
{
  GtkWidget *widget = arb_card_widget_new (card, width);

  gtk_box_append (fixture->box, widget);
  return ARB_CARD_WIDGET (widget);
}

/* A screen reader hears the card as "Oak 5", an image; a pile's blank
 * as a face-down card or no card. */
static void
test_accessible_name (Fixture *fixture, gconstpointer data)
{
  ArbCardWidget *card = add_card (fixture, arb_card_new (ARB_SPECIES_OAK, 5), 70);

  gtk_test_accessible_assert_role (card, GTK_ACCESSIBLE_ROLE_IMG);
  arb_test_assert_label (card, "Oak 5");
  g_assert_cmpuint (arb_card_widget_get_card (card), ==, arb_card_new (ARB_SPECIES_OAK, 5));
  arb_card_widget_set_card (card, arb_card_new (ARB_SPECIES_ROYAL_POINCIANA, 8));
  arb_test_assert_label (card, "Royal Poinciana 8");
  arb_card_widget_set_card (card, arb_card_new (ARB_SPECIES_BLUE_SPRUCE, 1));
  arb_test_assert_label (card, "Blue Spruce 1");

  arb_card_widget_set_card (card, ARB_CARD_NONE);
  arb_test_assert_label (card, "No card");
  arb_card_widget_set_blank (card, ARB_CARD_WIDGET_BACK);
  arb_test_assert_label (card, "Face-down card");
  arb_card_widget_set_blank (card, ARB_CARD_WIDGET_EMPTY);
  arb_test_assert_label (card, "No card");
  /* A card shown again over the blank. */
  arb_card_widget_set_card (card, arb_card_new (ARB_SPECIES_WILLOW, 3));
  arb_test_assert_label (card, "Willow 3");
}

/* As wide as asked, 1.4 times as high, whatever room it is given. */
static void
test_size (Fixture *fixture, gconstpointer data)
{
  ArbCardWidget *card = add_card (fixture, arb_card_new (ARB_SPECIES_OAK, 5), 70);
  graphene_rect_t bounds;

  gtk_widget_set_vexpand (GTK_WIDGET (card), TRUE);
  arb_test_wait_laid_out (GTK_WIDGET (card));
  bounds = arb_test_bounds (GTK_WIDGET (card), GTK_WIDGET (fixture->box));
  g_assert_cmpfloat (bounds.size.width, ==, 70);
  g_assert_cmpfloat (bounds.size.height, ==, 98);
  arb_card_widget_set_width (card, 42);
  arb_test_wait_frames (GTK_WIDGET (card), ARB_TEST_FRAMES_TO_SETTLE);
  bounds = arb_test_bounds (GTK_WIDGET (card), GTK_WIDGET (fixture->box));
  g_assert_cmpfloat (bounds.size.width, ==, 42);
  g_assert_cmpfloat (bounds.size.height, ==, 58);
}

static GdkTexture *
face_of (ArbCardWidget *card)
{
  g_autoptr (GskRenderNode) node = arb_test_snapshot (GTK_WIDGET (card));
  GskRenderNode *texture = arb_test_find_node (node, GSK_TEXTURE_NODE);

  return texture != NULL ? gsk_texture_node_get_texture (texture) : NULL;
}

/* A face is drawn once for the cards that show it at one size (its
 * texture shared), once more for another size; a blank is no face. */
static void
test_faces_shared (Fixture *fixture, gconstpointer data)
{
  ArbCardWidget *a = add_card (fixture, arb_card_new (ARB_SPECIES_MAPLE, 4), 70);
  ArbCardWidget *b = add_card (fixture, arb_card_new (ARB_SPECIES_MAPLE, 4), 70);
  ArbCardWidget *wider = add_card (fixture, arb_card_new (ARB_SPECIES_MAPLE, 4), 80);
  ArbCardWidget *other = add_card (fixture, arb_card_new (ARB_SPECIES_MAPLE, 5), 70);
  ArbCardWidget *blank = add_card (fixture, ARB_CARD_NONE, 70);
  GdkTexture *face;

  arb_test_wait_laid_out (GTK_WIDGET (blank));
  face = face_of (a);
  g_assert_nonnull (face);
  g_assert_true (face_of (b) == face);
  g_assert_nonnull (face_of (wider));
  g_assert_true (face_of (wider) != face);
  g_assert_true (face_of (other) != face);
  g_assert_null (face_of (blank));
  g_assert_cmpint (gdk_texture_get_width (face), ==, 70 * gtk_widget_get_scale_factor (GTK_WIDGET (a)));
}

/* A card of a scored path is outlined; an unlit one is not. */
static void
test_lit (Fixture *fixture, gconstpointer data)
{
  ArbCardWidget *card = add_card (fixture, arb_card_new (ARB_SPECIES_CASSIA, 2), 70);
  g_autoptr (GskRenderNode) unlit = NULL;
  g_autoptr (GskRenderNode) lit = NULL;
  g_autoptr (GskRenderNode) unlit_again = NULL;

  arb_test_wait_laid_out (GTK_WIDGET (card));
  unlit = arb_test_snapshot (GTK_WIDGET (card));
  g_assert_null (arb_test_find_node (unlit, GSK_INSET_SHADOW_NODE));
  arb_card_widget_set_lit (card, TRUE);
  lit = arb_test_snapshot (GTK_WIDGET (card));
  g_assert_nonnull (arb_test_find_node (lit, GSK_INSET_SHADOW_NODE));
  arb_card_widget_set_lit (card, FALSE);
  unlit_again = arb_test_snapshot (GTK_WIDGET (card));
  g_assert_null (arb_test_find_node (unlit_again, GSK_INSET_SHADOW_NODE));
}

/* A ghost (the card Hard would have played, styled .ghost) is ringed in
 * its style's colour, over its face; a card without the class is not. */
static void
test_ghost_ring (Fixture *fixture, gconstpointer data)
{
  ArbCardWidget *card = add_card (fixture, arb_card_new (ARB_SPECIES_OAK, 5), 70);
  g_autoptr (GskRenderNode) plain = NULL;
  g_autoptr (GskRenderNode) ghost = NULL;
  GskRenderNode *ring;
  GdkRGBA expected;

  arb_test_wait_laid_out (GTK_WIDGET (card));
  plain = arb_test_snapshot (GTK_WIDGET (card));
  g_assert_null (arb_test_find_node (plain, GSK_INSET_SHADOW_NODE));
  gtk_widget_add_css_class (GTK_WIDGET (card), "ghost");
  /* The style follows the class at the next frame. */
  arb_test_wait_frames (GTK_WIDGET (card), ARB_TEST_FRAMES_TO_SETTLE);
  ghost = arb_test_snapshot (GTK_WIDGET (card));
  ring = arb_test_find_node (ghost, GSK_INSET_SHADOW_NODE);
  g_assert_nonnull (ring);
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (card)), &expected);
  g_assert_true (gdk_rgba_equal (gsk_inset_shadow_node_get_color (ring), &expected));
}

/* Every species name, in English, fits the narrowest card the hand
 * shrinks to (42 pixels) and the widest. */
static void
test_names_fit (Fixture *fixture, gconstpointer data)
{
  for (ArbSpecies species = 0; species < ARB_N_SPECIES; species++)
    {
      g_assert_true (arb_card_widget_name_fits (species, 42));
      g_assert_true (arb_card_widget_name_fits (species, 138));
    }
}

#define ADD(path, func) \
  g_test_add ("/card-widget/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  ADD ("accessible-name", test_accessible_name);
  ADD ("size", test_size);
  ADD ("faces-shared", test_faces_shared);
  ADD ("lit", test_lit);
  ADD ("ghost-ring", test_ghost_ring);
  ADD ("names-fit", test_names_fit);

  return g_test_run ();
}
