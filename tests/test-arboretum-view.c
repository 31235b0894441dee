/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-arboretum-view.c: ArbArboretumView on its own, in a scrolled window
 * as the table has it: the cards at their cells, the free cells as buttons
 * that say "cell-activated" and take drops, a lit path, a hint, Hard's
 * ghost card, the cards' width, and the cards shrinking to fit. */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-arboretum-view.h"
#include "arb-card-widget.h"

typedef struct {
  GtkWindow         *window;
  GtkScrolledWindow *scrolled;
  ArbArboretumView  *view;
  int                activated_x, activated_y, n_activated;
  int                dropped_x, dropped_y, n_dropped;
  ArbCard            dropped_card;
} Fixture;

static void
on_cell_activated (ArbArboretumView *view, int x, int y, Fixture *fixture)
{
  fixture->activated_x = x;
  fixture->activated_y = y;
  fixture->n_activated++;
}

static void
on_card_dropped (ArbArboretumView *view, guint card, int x, int y, Fixture *fixture)
{
  fixture->dropped_card = (ArbCard) card;
  fixture->dropped_x = x;
  fixture->dropped_y = y;
  fixture->n_dropped++;
}

/* The view in a scrolled window of width × height at the window's top
 * left, which the test may resize. */
static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  memset (fixture, 0, sizeof *fixture);
  fixture->view = g_object_new (ARB_TYPE_ARBORETUM_VIEW, NULL);
  fixture->scrolled = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_child (fixture->scrolled, GTK_WIDGET (fixture->view));
  gtk_widget_set_halign (GTK_WIDGET (fixture->scrolled), GTK_ALIGN_START);
  gtk_widget_set_valign (GTK_WIDGET (fixture->scrolled), GTK_ALIGN_START);
  gtk_widget_set_size_request (GTK_WIDGET (fixture->scrolled), 800, 600);
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->scrolled), 1000, 700);
  g_signal_connect (fixture->view, "cell-activated", G_CALLBACK (on_cell_activated), fixture);
  g_signal_connect (fixture->view, "card-dropped", G_CALLBACK (on_card_dropped), fixture);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
}

/* An arboretum of n cards, given as (x, y, card) triples. */
static ArbArboretum
arboretum_of (const int *xyc, guint n)
{
  ArbArboretum arboretum = { .n = 0 };

  for (guint i = 0; i < n; i++)
    arboretum.cells[arboretum.n++] = (ArbPlacement) { (gint8) xyc[3 * i], (gint8) xyc[3 * i + 1],
                                                      (ArbCard) xyc[3 * i + 2] };
  return arboretum;
}

/* Oak 5 at the origin, Oak 6 to its right, Willow 2 above it. */
static const int three[] = { 0, 0, 52, 1, 0, 53, 0, -1, 73 };

static ArbCard
card_at (Fixture *fixture, int x, int y)
{
  GtkWidget *card = arb_arboretum_view_get_card_widget (fixture->view, x, y);

  g_assert_nonnull (card);
  return arb_card_widget_get_card (ARB_CARD_WIDGET (card));
}

static graphene_rect_t
where (Fixture *fixture, GtkWidget *widget)
{
  return arb_test_bounds (widget, GTK_WIDGET (fixture->view));
}

static gboolean
placeholder_shown (Fixture *fixture)
{
  return gtk_widget_get_visible (GTK_WIDGET (arb_test_find_label (GTK_WIDGET (fixture->view),
                                                                  "No trees planted yet")));
}

/* Every card at its cell, as the grid lays them out: x to the right, y
 * down. */
static void
test_cards_at_cells (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);
  graphene_rect_t origin, right, above;

  g_assert_true (placeholder_shown (fixture));
  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  g_assert_false (placeholder_shown (fixture));
  g_assert_cmpuint (card_at (fixture, 0, 0), ==, arb_card_new (ARB_SPECIES_OAK, 5));
  g_assert_cmpuint (card_at (fixture, 1, 0), ==, arb_card_new (ARB_SPECIES_OAK, 6));
  g_assert_cmpuint (card_at (fixture, 0, -1), ==, arb_card_new (ARB_SPECIES_WILLOW, 2));
  g_assert_null (arb_arboretum_view_get_card_widget (fixture->view, 1, -1));
  g_assert_null (arb_arboretum_view_get_card_widget (fixture->view, -1, 0));

  arb_test_wait_laid_out (arb_arboretum_view_get_card_widget (fixture->view, 0, 0));
  origin = where (fixture, arb_arboretum_view_get_card_widget (fixture->view, 0, 0));
  right = where (fixture, arb_arboretum_view_get_card_widget (fixture->view, 1, 0));
  above = where (fixture, arb_arboretum_view_get_card_widget (fixture->view, 0, -1));
  g_assert_cmpfloat (right.origin.x, >=, origin.origin.x + origin.size.width);
  g_assert_cmpfloat_with_epsilon (right.origin.y, origin.origin.y, 0.5);
  g_assert_cmpfloat (above.origin.y + above.size.height, <=, origin.origin.y);
  g_assert_cmpfloat_with_epsilon (above.origin.x, origin.origin.x, 0.5);

  /* A card more, to the left of all: every card still at its cell. */
  arboretum.cells[arboretum.n++] = (ArbPlacement) { -1, 0, arb_card_new (ARB_SPECIES_MAPLE, 1) };
  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  g_assert_cmpuint (card_at (fixture, -1, 0), ==, arb_card_new (ARB_SPECIES_MAPLE, 1));
  g_assert_cmpuint (card_at (fixture, 0, 0), ==, arb_card_new (ARB_SPECIES_OAK, 5));
  g_assert_cmpuint (card_at (fixture, 0, -1), ==, arb_card_new (ARB_SPECIES_WILLOW, 2));
}

static const gint8 cells[] = { 2, 0, -1, 0, 0, 1, 1, -1, -1, -1 };

static gboolean
cell_activated (Fixture *fixture)
{
  return fixture->n_activated > 0;
}

/* Exactly the cells given are buttons, named for a screen reader; when
 * one is activated the view says which; a card dropped on one is said
 * with the cell; no cells, no buttons. */
static void
test_cells (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);
  GtkWidget *button;

  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  arb_arboretum_view_set_cells (fixture->view, cells, 5);
  g_assert_cmpuint (arb_arboretum_view_get_n_cells (fixture->view), ==, 5);
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "free-cell"), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_true (GTK_IS_BUTTON (arb_arboretum_view_get_cell_button (fixture->view, cells[2 * i], cells[2 * i + 1])));
  g_assert_null (arb_arboretum_view_get_cell_button (fixture->view, 1, 1));
  g_assert_null (arb_arboretum_view_get_cell_button (fixture->view, 0, 0));
  /* The top row first, from the left. */
  g_assert_true (arb_arboretum_view_get_first_cell_button (fixture->view)
                 == arb_arboretum_view_get_cell_button (fixture->view, -1, -1));
  button = arb_arboretum_view_get_cell_button (fixture->view, -1, 0);
  arb_test_assert_label (button, "Plant here, next to Oak 5, on its left");

  /* From the keyboard, as a person plants: the click comes a moment later. */
  arb_test_wait_laid_out (button);
  g_assert_true (gtk_widget_activate (button));
  arb_test_wait_until ("the cell to be activated", cell_activated, fixture);
  g_assert_cmpint (fixture->n_activated, ==, 1);
  g_assert_cmpint (fixture->activated_x, ==, -1);
  g_assert_cmpint (fixture->activated_y, ==, 0);
  g_signal_emit_by_name (arb_arboretum_view_get_cell_button (fixture->view, 1, -1), "clicked");
  g_assert_cmpint (fixture->n_activated, ==, 2);
  g_assert_cmpint (fixture->activated_x, ==, 1);
  g_assert_cmpint (fixture->activated_y, ==, -1);

  /* A card of the hand dropped on a cell. */
  g_assert_true (arb_test_drop_card (arb_arboretum_view_get_cell_button (fixture->view, 2, 0),
                                     arb_card_new (ARB_SPECIES_CASSIA, 3)));
  g_assert_cmpint (fixture->n_dropped, ==, 1);
  g_assert_cmpuint (fixture->dropped_card, ==, arb_card_new (ARB_SPECIES_CASSIA, 3));
  g_assert_cmpint (fixture->dropped_x, ==, 2);
  g_assert_cmpint (fixture->dropped_y, ==, 0);

  /* Other cells. */
  arb_arboretum_view_set_cells (fixture->view, &cells[2], 1);
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "free-cell"), ==, 1);
  g_assert_nonnull (arb_arboretum_view_get_cell_button (fixture->view, -1, 0));
  g_assert_null (arb_arboretum_view_get_cell_button (fixture->view, 2, 0));
  arb_arboretum_view_set_cells (fixture->view, NULL, 0);
  g_assert_cmpuint (arb_arboretum_view_get_n_cells (fixture->view), ==, 0);
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "free-cell"), ==, 0);
  g_assert_null (arb_arboretum_view_get_first_cell_button (fixture->view));
  /* The cards stay. */
  g_assert_cmpuint (card_at (fixture, 1, 0), ==, arb_card_new (ARB_SPECIES_OAK, 6));
}

/* Whether the card at (x, y) draws the outline of a lit path. */
static gboolean
is_lit (Fixture *fixture, int x, int y)
{
  GtkWidget *card = arb_arboretum_view_get_card_widget (fixture->view, x, y);
  g_autoptr (GskRenderNode) node = NULL;

  arb_test_wait_laid_out (card);
  node = arb_test_snapshot (card);
  return arb_test_find_node (node, GSK_INSET_SHADOW_NODE) != NULL;
}

/* The cards of a path are outlined, the others not; until it goes. */
static void
test_path (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);
  ArbPath path = { .points = 2, .n = 2 };

  path.cards[0] = arboretum.cells[0];
  path.cards[1] = arboretum.cells[1];
  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  g_assert_false (is_lit (fixture, 0, 0));
  arb_arboretum_view_set_path (fixture->view, &path);
  g_assert_true (is_lit (fixture, 0, 0));
  g_assert_true (is_lit (fixture, 1, 0));
  g_assert_false (is_lit (fixture, 0, -1));
  /* Cells coming and going leave it lit. */
  arb_arboretum_view_set_cells (fixture->view, cells, 5);
  g_assert_true (is_lit (fixture, 1, 0));
  arb_arboretum_view_set_path (fixture->view, NULL);
  g_assert_false (is_lit (fixture, 0, 0));
  g_assert_false (is_lit (fixture, 1, 0));
}

/* The cell a hint suggests stands out, until the cells change. */
static void
test_hint (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);

  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  arb_arboretum_view_set_cells (fixture->view, cells, 5);
  arb_arboretum_view_set_hint (fixture->view, 0, 1);
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "hint"), ==, 1);
  g_assert_true (gtk_widget_has_css_class (arb_arboretum_view_get_cell_button (fixture->view, 0, 1), "hint"));
  /* A screen reader hears it too, and the focus goes there. */
  arb_test_assert_label (arb_arboretum_view_get_cell_button (fixture->view, 0, 1),
                         "Plant here, below Oak 5, as the hint says");
  arb_test_wait_laid_out (arb_arboretum_view_get_cell_button (fixture->view, 0, 1));
  g_assert_true (arb_arboretum_view_focus (fixture->view));
  g_assert_true (gtk_widget_has_focus (arb_arboretum_view_get_cell_button (fixture->view, 0, 1)));
  arb_arboretum_view_set_cells (fixture->view, cells, 3);
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "hint"), ==, 0);
}

/* Each card says what it is, where, and the scoring path it lies on,
 * as the engine words it, and takes the keyboard focus: with no free
 * place lit, the focus goes to the newest card. */
static void
test_card_names (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);
  GtkWidget *newest;

  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  arb_test_assert_label (arb_arboretum_view_get_card_widget (fixture->view, 0, 0),
                         "Oak 5, row 2, column 1, on a path of Oak 5–6");
  arb_test_assert_label (arb_arboretum_view_get_card_widget (fixture->view, 0, -1),
                         "Willow 2, row 1, column 1");
  newest = arb_arboretum_view_get_card_widget (fixture->view, 0, -1);
  g_assert_true (gtk_widget_get_focusable (newest));
  arb_test_wait_laid_out (newest);
  g_assert_true (arb_arboretum_view_focus (fixture->view));
  g_assert_true (gtk_widget_has_focus (newest));
}

/* Hard's choice in a review: the card, faded, where it would have gone,
 * named for a screen reader; ARB_CARD_NONE takes it away. */
static void
test_ghost (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);
  ArbCard ghost_card = arb_card_new (ARB_SPECIES_JACARANDA, 7);
  GtkWidget *ghost;
  graphene_rect_t origin, at;

  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  g_assert_null (arb_arboretum_view_get_ghost (fixture->view));
  arb_arboretum_view_set_ghost (fixture->view, ghost_card, -1, 0);
  ghost = arb_arboretum_view_get_ghost (fixture->view);
  g_assert_nonnull (ghost);
  g_assert_cmpuint (arb_card_widget_get_card (ARB_CARD_WIDGET (ghost)), ==, ghost_card);
  arb_test_assert_label (ghost, "Jacaranda 7, Hard’s choice");
  /* Left of the card at the origin, which is still where it was. */
  g_assert_cmpuint (card_at (fixture, 0, 0), ==, arb_card_new (ARB_SPECIES_OAK, 5));
  arb_test_wait_laid_out (ghost);
  origin = where (fixture, arb_arboretum_view_get_card_widget (fixture->view, 0, 0));
  at = where (fixture, ghost);
  g_assert_cmpfloat (at.origin.x + at.size.width, <=, origin.origin.x);
  g_assert_cmpfloat_with_epsilon (at.origin.y, origin.origin.y, 0.5);
  /* Elsewhere, then gone. */
  arb_arboretum_view_set_ghost (fixture->view, ghost_card, 1, 1);
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "ghost"), ==, 1);
  arb_arboretum_view_set_ghost (fixture->view, ARB_CARD_NONE, 0, 0);
  g_assert_null (arb_arboretum_view_get_ghost (fixture->view));
  g_assert_cmpuint (arb_test_count_class (GTK_WIDGET (fixture->view), "ghost"), ==, 0);
}

/* The cards and the cells take the width asked for, without fitting. */
static void
test_card_width (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 3);
  ArbArboretum empty = { .n = 0 };
  const gint8 origin[] = { 0, 0 };
  graphene_rect_t card, cell;

  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  arb_arboretum_view_set_cells (fixture->view, cells, 5);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 80);
  arb_arboretum_view_set_card_width (fixture->view, 100);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 100);
  arb_test_wait_laid_out (arb_arboretum_view_get_card_widget (fixture->view, 0, 0));
  card = where (fixture, arb_arboretum_view_get_card_widget (fixture->view, 0, 0));
  g_assert_cmpfloat (card.size.width, ==, 100);
  g_assert_cmpfloat (card.size.height, ==, 140);
  /* A free place among the cards takes a card's room; one in the ring
   * around them half of it, in depth. */
  cell = where (fixture, arb_arboretum_view_get_cell_button (fixture->view, 1, -1));
  g_assert_cmpfloat (cell.size.width, ==, 100);
  g_assert_cmpfloat (cell.size.height, ==, 140);
  cell = where (fixture, arb_arboretum_view_get_cell_button (fixture->view, 2, 0));
  g_assert_cmpfloat (cell.size.width, ==, 50);
  g_assert_cmpfloat (cell.size.height, ==, 140);
  cell = where (fixture, arb_arboretum_view_get_cell_button (fixture->view, 0, 1));
  g_assert_cmpfloat (cell.size.width, ==, 100);
  g_assert_cmpfloat (cell.size.height, ==, 70);
  /* A cell alone, with no card beside it, takes a card's room too. */
  arb_arboretum_view_set_arboretum (fixture->view, &empty);
  arb_arboretum_view_set_cells (fixture->view, origin, 1);
  arb_test_wait_laid_out (arb_arboretum_view_get_cell_button (fixture->view, 0, 0));
  cell = where (fixture, arb_arboretum_view_get_cell_button (fixture->view, 0, 0));
  g_assert_cmpfloat (cell.size.width, ==, 100);
  g_assert_cmpfloat (cell.size.height, ==, 140);
}

typedef struct {
  Fixture *fixture;
  int      width, height;
} PageSize;

static gboolean
page_has_size (PageSize *size)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (size->fixture->scrolled);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (size->fixture->scrolled);

  return gtk_adjustment_get_page_size (h) == size->width && gtk_adjustment_get_page_size (v) == size->height;
}

static void
set_page_size (Fixture *fixture, int width, int height)
{
  PageSize size = { fixture, width, height };

  gtk_widget_set_size_request (GTK_WIDGET (fixture->scrolled), width, height);
  arb_test_wait_until ("the scrolled window's page to take its size", page_has_size, &size);
  /* The view takes its new width in a tick, and lays it out in the next. */
  arb_test_wait_frames (GTK_WIDGET (fixture->view), ARB_TEST_FRAMES_TO_SETTLE);
}

/* With fit, the cards shrink so that the arboretum and the cells around it
 * show whole in the page: the widest card that does (64 pixels for one
 * card in its ring of cells half as wide, in 160 pixels: 2 × 12 of margin,
 * 64, 2 × 32 and 2 × 4 of spacing), never wider than asked, never
 * narrower than 56. */
static void
test_fit (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = arboretum_of (three, 1);

  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  set_page_size (fixture, 160, 600);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 80);
  arb_arboretum_view_set_fit (fixture->view, TRUE);
  g_assert_true (arb_arboretum_view_get_fit (fixture->view));
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 64);
  /* 159 pixels: one less. */
  set_page_size (fixture, 159, 600);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 63);
  /* Room enough: the width asked for, and no more. */
  set_page_size (fixture, 800, 600);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 80);
  /* Three cards in a small page: as small as they get, and it scrolls. */
  arboretum = arboretum_of (three, 3);
  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  set_page_size (fixture, 150, 150);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 56);
  g_assert_cmpfloat (where (fixture, arb_arboretum_view_get_card_widget (fixture->view, 0, 0)).size.width, ==, 56);
  /* Without fit, the width asked for again. */
  arb_arboretum_view_set_fit (fixture->view, FALSE);
  g_assert_cmpint (arb_arboretum_view_get_card_width (fixture->view), ==, 80);
}

/* The card planted last lies whole in the 400 pixels of the page. */
static gboolean
newest_in_page (Fixture *fixture)
{
  GtkWidget *card = arb_arboretum_view_get_card_widget (fixture->view, 7, 0);
  graphene_rect_t newest;

  return gtk_widget_get_width (card) > 0
         && gtk_widget_compute_bounds (card, GTK_WIDGET (fixture->scrolled), &newest)
         && newest.origin.x >= 0 && newest.origin.x + newest.size.width <= 400;
}

/* Beyond its page, the view scrolls to the card planted last. */
static void
test_scroll_to_newest (Fixture *fixture, gconstpointer data)
{
  ArbArboretum arboretum = { .n = 0 };
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (fixture->scrolled);

  set_page_size (fixture, 400, 400);
  for (int x = 0; x < 8; x++)
    arboretum.cells[arboretum.n++] = (ArbPlacement) { (gint8) x, 0, arb_card_new (ARB_SPECIES_CASSIA, 1) + (ArbCard) x };
  arb_arboretum_view_set_arboretum (fixture->view, &arboretum);
  arb_test_wait_until ("the view to scroll to the card planted last", newest_in_page, fixture);
  g_assert_cmpfloat (gtk_adjustment_get_value (h), >, 0);
}

#define ADD(path, func) \
  g_test_add ("/arboretum-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  ADD ("cards-at-cells", test_cards_at_cells);
  ADD ("cells", test_cells);
  ADD ("path", test_path);
  ADD ("hint", test_hint);
  ADD ("card-names", test_card_names);
  ADD ("ghost", test_ghost);
  ADD ("card-width", test_card_width);
  ADD ("fit", test_fit);
  ADD ("scroll-to-newest", test_scroll_to_newest);

  return g_test_run ();
}
