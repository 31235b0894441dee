/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-arboretum-view.c: an arboretum on a grid.
 *
 * The view only shows: the cards planted, and the cells the window passes in
 * (the engine's free cells, for the card the player holds). Activating or
 * dropping a card on a cell emits a signal; the window asks the game.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-arboretum-view.h"
#include "arb-card-widget.h"

struct _ArbArboretumView
{
  AdwBin        parent_instance;

  GtkGrid      *grid;
  GtkWidget    *placeholder;

  ArbArboretum  arboretum;
  gint8         cells[2 * ARB_MAX_FREE_CELLS];
  guint         n_cells;
  ArbPath       path;
  int           card_width;      /* what the cards take now */
  int           zoom_width;      /* what they take when there is room */
  gboolean      fit;             /* shrink the cards so the arboretum fits */
  GtkAdjustment *fit_adjustments[2];
  guint         fit_tick;
  gboolean      has_hint;
  int           hint_x, hint_y;
  ArbCard       ghost;            /* a card shown where it could have gone, or NONE */
  int           ghost_x, ghost_y;

  /* Keeping the newest card in view, in the scrolled window around us. */
  int           min_x, min_y;     /* the cell at the grid's top left */
  int           shift_x, shift_y; /* columns and rows added at the left and top, not yet scrolled for */
  gboolean      has_target;
  int           target_x, target_y;
  guint         scroll_tick;
  gint64        scroll_frame;     /* the frame clock's counter when queued */
};

G_DEFINE_FINAL_TYPE (ArbArboretumView, arb_arboretum_view, ADW_TYPE_BIN)

enum {
  CELL_ACTIVATED,
  CARD_DROPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
clear_grid (ArbArboretumView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
}

static gboolean
on_path (ArbArboretumView *self, int x, int y)
{
  for (guint i = 0; i < self->path.n; i++)
    if (self->path.cards[i].x == x && self->path.cards[i].y == y)
      return TRUE;
  return FALSE;
}

static void
on_cell_clicked (GtkButton *button, ArbArboretumView *self)
{
  int x = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "x"));
  int y = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "y"));
  g_signal_emit (self, signals[CELL_ACTIVATED], 0, x, y);
}

static gboolean
on_cell_drop (GtkDropTarget *target, const GValue *value, double dx, double dy,
              ArbArboretumView *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  int x = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "x"));
  int y = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "y"));

  g_signal_emit (self, signals[CARD_DROPPED], 0, g_value_get_uint (value), x, y);
  return TRUE;
}

/* The bounds of the cards planted; FALSE with none. */
static gboolean
card_bounds (ArbArboretumView *self, int *min_x, int *min_y, int *max_x, int *max_y)
{
  *min_x = *min_y = G_MAXINT;
  *max_x = *max_y = G_MININT;
  for (guint i = 0; i < self->arboretum.n; i++)
    {
      *min_x = MIN (*min_x, self->arboretum.cells[i].x);
      *max_x = MAX (*max_x, self->arboretum.cells[i].x);
      *min_y = MIN (*min_y, self->arboretum.cells[i].y);
      *max_y = MAX (*max_y, self->arboretum.cells[i].y);
    }
  return self->arboretum.n > 0;
}

/* A cell's size: a card's, but half as deep in the ring of cells around
 * the cards (a free place there needs no whole card's room to be seen and
 * clicked), so that the arboretum takes a card's room less each way. */
static void
cell_size (ArbArboretumView *self, int x, int y, int *width, int *height)
{
  int min_x, min_y, max_x, max_y;

  *width = self->card_width;
  *height = (int) (self->card_width * ARB_CARD_RATIO);
  if (!card_bounds (self, &min_x, &min_y, &max_x, &max_y))
    return;
  if (x < min_x || x > max_x)
    *width /= 2;
  if (y < min_y || y > max_y)
    *height /= 2;
}

static GtkWidget *
make_cell (ArbArboretumView *self, int x, int y)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("list-add-symbolic");
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  gboolean hinted = self->has_hint && x == self->hint_x && y == self->hint_y;
  g_autofree char *where = arb_arboretum_describe_place (&self->arboretum, x, y);
  g_autofree char *label = hinted
                           /* Translators: the free place a hint marks, "next to Oak 3, on its right". */
                           ? g_strdup_printf (_("Plant here, %s, as the hint says"), where)
                           /* Translators: a free place, "next to Oak 3, on its right". */
                           : g_strdup_printf (_("Plant here, %s"), where);

  gtk_widget_add_css_class (button, "free-cell");
  if (hinted)
    gtk_widget_add_css_class (button, "hint");
  int width, height;

  cell_size (self, x, y, &width, &height);
  gtk_widget_set_size_request (button, width, height);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  /* The button's name says it all: its "+" is not read. */
  arb_accessible_set_hidden (gtk_button_get_child (GTK_BUTTON (button)), TRUE);
  g_object_set_data (G_OBJECT (button), "x", GINT_TO_POINTER (x));
  g_object_set_data (G_OBJECT (button), "y", GINT_TO_POINTER (y));
  g_signal_connect (button, "clicked", G_CALLBACK (on_cell_clicked), self);
  g_signal_connect (target, "drop", G_CALLBACK (on_cell_drop), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (target));
  return button;
}

static GtkAdjustment *
scroll_adjustment (ArbArboretumView *self, GtkOrientation orientation)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);

  if (scrolled == NULL)
    return NULL;
  return orientation == GTK_ORIENTATION_HORIZONTAL
         ? gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled))
         : gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

/* Brings [start, start + size) into the page, with pitch more
 * on either side when the page has room for it. */
static void
scroll_axis (GtkAdjustment *adj, double shift, double start, double size, double pitch)
{
  if (adj == NULL)
    return;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + shift);
  gtk_adjustment_clamp_page (adj, start - pitch, start + size + pitch);
  gtk_adjustment_clamp_page (adj, start, start + size);
}

/* Runs once the grid has been laid out: keeps the cards already on screen
 * where they were when the arboretum grew to the left or the top, then
 * brings the newest card and the cells around it into view. */
static gboolean
scroll_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  ArbArboretumView *self = ARB_ARBORETUM_VIEW (widget);
  GtkWidget *card = self->has_target
                    ? gtk_grid_get_child_at (self->grid, self->target_x - self->min_x, self->target_y - self->min_y)
                    : gtk_widget_get_first_child (GTK_WIDGET (self->grid));
  graphene_rect_t bounds;
  double pitch_x, pitch_y;

  /* The frame after the one that was coming lays out the new grid. */
  if (gdk_frame_clock_get_frame_counter (clock) < self->scroll_frame + 2
      || (card != NULL && gtk_widget_get_width (card) == 0))
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  if (card == NULL || !gtk_widget_compute_bounds (card, widget, &bounds))
    {
      self->shift_x = self->shift_y = 0;
      return G_SOURCE_REMOVE;
    }
  pitch_x = bounds.size.width + gtk_grid_get_column_spacing (self->grid);
  pitch_y = bounds.size.height + gtk_grid_get_row_spacing (self->grid);
  /* Half a cell around the target: the whole of a cell of the ring, half
   * deep, and no more room than the page needs. */
  scroll_axis (scroll_adjustment (self, GTK_ORIENTATION_HORIZONTAL), self->shift_x * pitch_x,
               bounds.origin.x, bounds.size.width, self->has_target ? pitch_x / 2 : 0);
  scroll_axis (scroll_adjustment (self, GTK_ORIENTATION_VERTICAL), self->shift_y * pitch_y,
               bounds.origin.y, bounds.size.height, self->has_target ? pitch_y / 2 : 0);
  self->shift_x = self->shift_y = 0;
  self->has_target = FALSE;
  return G_SOURCE_REMOVE;
}

/* The next scroll brings the newest card into view. */
static void
aim_at_newest (ArbArboretumView *self)
{
  const ArbArboretum *arboretum = &self->arboretum;

  self->has_target = arboretum->n > 0;
  if (arboretum->n > 0)
    {
      self->target_x = arboretum->cells[arboretum->n - 1].x;
      self->target_y = arboretum->cells[arboretum->n - 1].y;
    }
}

static void
queue_scroll (ArbArboretumView *self)
{
  if (self->scroll_tick == 0 && gtk_widget_get_mapped (GTK_WIDGET (self))
      && (self->has_target || self->shift_x != 0 || self->shift_y != 0))
    {
      self->scroll_frame = gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
      self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
    }
}

/* Spacing grows with the cards, as does the grid's margin (the .ui). */
static int
spacing_for (int card_width)
{
  return MAX (2, card_width / 16);
}

#define GRID_MARGIN 12
/* Below this, names on the cards get hard to read: the arboretum scrolls,
 * following its newest card, rather than shrinking further. */
#define FIT_MIN_WIDTH 56

/* Columns and rows of the cards planted and every cell around them: the
 * free cells of any card come and go inside it, so choosing a card never
 * resizes the arboretum. */
static void
extent (ArbArboretumView *self, int *columns, int *rows)
{
  int min_x, min_y, max_x, max_y;

  if (!card_bounds (self, &min_x, &min_y, &max_x, &max_y))
    {
      *columns = *rows = 1;
      return;
    }
  *columns = max_x - min_x + 3;
  *rows = max_y - min_y + 3;
}

/* Whether the arboretum fits a page: its ring of cells (two of the
 * columns and rows, when it has cards) takes half a card each way. */
static gboolean
fits (int width, int height, int card_width, int columns, int rows)
{
  int spacing = spacing_for (card_width);
  int card_height = (int) (card_width * ARB_CARD_RATIO);
  int ring = columns > 1 ? 2 : 0;

  return 2 * GRID_MARGIN + (columns - ring) * card_width + ring * (card_width / 2) + (columns - 1) * spacing <= width
         && 2 * GRID_MARGIN + (rows - ring) * card_height + ring * (card_height / 2) + (rows - 1) * spacing <= height;
}

/* The widest card up to the zoom with which the whole arboretum and the
 * cells around it show in the scrolled window; at the smallest readable
 * width the window scrolls instead. */
static int
fitting_width (ArbArboretumView *self)
{
  int columns, rows, width, height;

  if (!self->fit || self->fit_adjustments[0] == NULL)
    return self->zoom_width;
  width = (int) gtk_adjustment_get_page_size (self->fit_adjustments[0]);
  height = (int) gtk_adjustment_get_page_size (self->fit_adjustments[1]);
  if (width <= 1 || height <= 1)
    return self->zoom_width;
  extent (self, &columns, &rows);
  for (int w = self->zoom_width; w > FIT_MIN_WIDTH; w--)
    if (fits (width, height, w, columns, rows))
      return w;
  return MIN (FIT_MIN_WIDTH, self->zoom_width);
}

static void rebuild (ArbArboretumView *self);

/* Gives the cards their width; true when it changed. */
static gboolean
apply_width (ArbArboretumView *self, int width)
{
  if (width == self->card_width)
    return FALSE;
  self->card_width = width;
  /* Cards of another size move: the newest stays in view. */
  aim_at_newest (self);
  gtk_grid_set_row_spacing (self->grid, (guint) spacing_for (width));
  gtk_grid_set_column_spacing (self->grid, (guint) spacing_for (width));
  return TRUE;
}

/* The new width comes before the next layout: cards rebuilt while the
 * scrolled window is being allocated would be lost. */
static gboolean
fit_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  ArbArboretumView *self = ARB_ARBORETUM_VIEW (widget);

  self->fit_tick = 0;
  if (apply_width (self, fitting_width (self)))
    rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
on_page_size (GtkAdjustment *adjustment, GParamSpec *pspec, ArbArboretumView *self)
{
  if (self->fit_tick == 0 && fitting_width (self) != self->card_width)
    self->fit_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), fit_tick_cb, NULL, NULL);
}

static void
watch_page (ArbArboretumView *self)
{
  for (int i = 0; i < 2; i++)
    {
      GtkAdjustment *adjustment = scroll_adjustment (self, i == 0 ? GTK_ORIENTATION_HORIZONTAL
                                                                  : GTK_ORIENTATION_VERTICAL);
      if (adjustment == NULL)
        return;
      self->fit_adjustments[i] = g_object_ref (adjustment);
      g_signal_connect (adjustment, "notify::page-size", G_CALLBACK (on_page_size), self);
    }
}

static void
unwatch_page (ArbArboretumView *self)
{
  for (int i = 0; i < 2; i++)
    if (self->fit_adjustments[i] != NULL)
      {
        g_signal_handlers_disconnect_by_data (self->fit_adjustments[i], self);
        g_clear_object (&self->fit_adjustments[i]);
      }
  if (self->fit_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->fit_tick);
  self->fit_tick = 0;
}

/* A view shown again (another tab, another page) shows its newest card. */
static void
arb_arboretum_view_map (GtkWidget *widget)
{
  ArbArboretumView *self = ARB_ARBORETUM_VIEW (widget);

  GTK_WIDGET_CLASS (arb_arboretum_view_parent_class)->map (widget);
  watch_page (self);
  on_page_size (NULL, NULL, self);
  self->shift_x = self->shift_y = 0;
  aim_at_newest (self);
  queue_scroll (self);
}

static void
arb_arboretum_view_unmap (GtkWidget *widget)
{
  ArbArboretumView *self = ARB_ARBORETUM_VIEW (widget);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (widget, self->scroll_tick);
  self->scroll_tick = 0;
  unwatch_page (self);
  GTK_WIDGET_CLASS (arb_arboretum_view_parent_class)->unmap (widget);
}

/* Two empty corners of the ring (which no free place ever takes: it
 * touches no card) keep its rows and columns their half room, with or
 * without free places in them: choosing a card never resizes the grid. */
static void
add_ring_corners (ArbArboretumView *self, int grid_min_x, int grid_min_y)
{
  int min_x, min_y, max_x, max_y, width, height;

  if (!card_bounds (self, &min_x, &min_y, &max_x, &max_y))
    return;
  cell_size (self, min_x - 1, min_y - 1, &width, &height);
  for (int corner = 0; corner < 2; corner++)
    {
      GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      int x = corner == 0 ? min_x - 1 : max_x + 1;
      int y = corner == 0 ? min_y - 1 : max_y + 1;

      gtk_widget_set_size_request (spacer, width, height);
      arb_accessible_set_hidden (spacer, TRUE);
      gtk_grid_attach (self->grid, spacer, x - grid_min_x, y - grid_min_y, 1, 1);
    }
}

/* The cell (x, y) of the grid's child that has the keyboard focus. */
static gboolean
focused_cell (ArbArboretumView *self, int *x, int *y)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  int column, row;

  if (focus == NULL || gtk_widget_get_parent (focus) != GTK_WIDGET (self->grid))
    return FALSE;
  gtk_grid_query_child (self->grid, focus, &column, &row, NULL, NULL);
  *x = column + self->min_x;
  *y = row + self->min_y;
  return TRUE;
}

static void
rebuild (ArbArboretumView *self)
{
  int min_x = G_MAXINT, min_y = G_MAXINT, max_x, max_y, focus_x = 0, focus_y = 0;
  /* The focus stays on its card or place as the grid is made anew (cards
   * of another size, a ghost coming). */
  gboolean had_focus = focused_cell (self, &focus_x, &focus_y);

  /* The grid starts at the ring around the cards, always there: free
   * places coming do not shift it. */
  if (card_bounds (self, &min_x, &min_y, &max_x, &max_y))
    {
      min_x--;
      min_y--;
    }
  for (guint i = 0; i < self->n_cells; i++)
    {
      min_x = MIN (min_x, self->cells[2 * i]);
      min_y = MIN (min_y, self->cells[2 * i + 1]);
    }
  if (self->ghost != ARB_CARD_NONE)
    {
      min_x = MIN (min_x, self->ghost_x);
      min_y = MIN (min_y, self->ghost_y);
    }

  /* What is on screen stays in place when a column or a row is added
   * before the others. */
  if (gtk_widget_get_first_child (GTK_WIDGET (self->grid)) != NULL && min_x != G_MAXINT
      && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->shift_x += self->min_x - min_x;
      self->shift_y += self->min_y - min_y;
    }
  if (min_x != G_MAXINT)
    {
      self->min_x = min_x;
      self->min_y = min_y;
    }
  apply_width (self, fitting_width (self));
  clear_grid (self);

  gtk_widget_set_visible (self->placeholder, self->arboretum.n == 0 && self->n_cells == 0
                                             && self->ghost == ARB_CARD_NONE);
  for (guint i = 0; i < self->arboretum.n; i++)
    {
      const ArbPlacement *p = &self->arboretum.cells[i];
      GtkWidget *card = arb_card_widget_new (p->card, self->card_width);

      g_autofree char *name = arb_arboretum_describe_card (&self->arboretum, p->x, p->y);

      arb_card_widget_set_lit (ARB_CARD_WIDGET (card), on_path (self, p->x, p->y));
      gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      /* A player who cannot see the grid reads it card by card, with the arrows. */
      gtk_widget_set_focusable (card, TRUE);
      gtk_grid_attach (self->grid, card, p->x - min_x, p->y - min_y, 1, 1);
    }
  for (guint i = 0; i < self->n_cells; i++)
    {
      int x = self->cells[2 * i], y = self->cells[2 * i + 1];
      gtk_grid_attach (self->grid, make_cell (self, x, y), x - min_x, y - min_y, 1, 1);
    }
  add_ring_corners (self, min_x, min_y);
  if (had_focus && min_x != G_MAXINT)
    {
      GtkWidget *focus = gtk_grid_get_child_at (self->grid, focus_x - min_x, focus_y - min_y);

      if (focus != NULL && gtk_widget_get_focusable (focus))
        gtk_widget_grab_focus (focus);
    }
  if (self->ghost != ARB_CARD_NONE)
    {
      GtkWidget *ghost = arb_card_widget_new (self->ghost, self->card_width);

      gtk_widget_add_css_class (ghost, "ghost");
      /* Translators: for a screen reader: the card Hard would have planted there. */
      g_autofree char *name = arb_card_to_string (self->ghost);
      g_autofree char *label = g_strdup_printf (_("%s, Hard’s choice"), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (ghost), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_grid_attach (self->grid, ghost, self->ghost_x - min_x, self->ghost_y - min_y, 1, 1);
    }
  queue_scroll (self);
}

/* Shows card, faded, at (x, y): where Hard would have planted it, in a
 * reviewed replay; ARB_CARD_NONE takes it away. */
void
arb_arboretum_view_set_ghost (ArbArboretumView *self, ArbCard card, int x, int y)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  if (card == self->ghost && (card == ARB_CARD_NONE || (x == self->ghost_x && y == self->ghost_y)))
    return;
  self->ghost = card;
  self->ghost_x = x;
  self->ghost_y = y;
  if (card != ARB_CARD_NONE)
    {
      self->has_target = TRUE;
      self->target_x = x;
      self->target_y = y;
    }
  rebuild (self);
}

/* The ghost card shown, or NULL: for the tests. */
GtkWidget *
arb_arboretum_view_get_ghost (ArbArboretumView *self)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "ghost"))
      return child;
  return NULL;
}

/* ---- the keyboard ---------------------------------------------------------- */

static gboolean
in_grid (ArbArboretumView *self, GtkWidget *widget)
{
  return widget != NULL && gtk_widget_get_parent (widget) == GTK_WIDGET (self->grid)
         && gtk_widget_get_focusable (widget);
}

/* The card or free place nearest to from in the direction (dx, dy): the
 * fewest steps that way first, then the fewest aside. NULL at the edge. */
static GtkWidget *
neighbour_in_grid (ArbArboretumView *self, GtkWidget *from, int dx, int dy)
{
  GtkWidget *best = NULL;
  int from_column, from_row, best_ahead = G_MAXINT, best_aside = G_MAXINT;

  gtk_grid_query_child (self->grid, from, &from_column, &from_row, NULL, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int column, row, ahead, aside;

      if (child == from || !in_grid (self, child))
        continue;
      gtk_grid_query_child (self->grid, child, &column, &row, NULL, NULL);
      ahead = dx != 0 ? (column - from_column) * dx : (row - from_row) * dy;
      aside = ABS (dx != 0 ? row - from_row : column - from_column);
      if (ahead <= 0)
        continue;
      if (aside < best_aside || (aside == best_aside && ahead < best_ahead))
        {
          best = child;
          best_ahead = ahead;
          best_aside = aside;
        }
    }
  return best;
}

/* The arrows move between the cards and free places of the grid, and stay
 * in it at its edges, rather than wander off into the window. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, ArbArboretumView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *next;
  int dx = 0, dy = 0;

  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
    default: return FALSE;
    }
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0 || !in_grid (self, focus))
    return FALSE;
  next = neighbour_in_grid (self, focus, dx, dy);
  if (next != NULL)
    gtk_widget_grab_focus (next);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
  return TRUE;
}

/* Puts the keyboard focus in the arboretum: on the place a hint marks, the
 * first free place, or else its newest card. FALSE when it has nothing to
 * focus (no card, no place). */
gboolean
arb_arboretum_view_focus (ArbArboretumView *self)
{
  GtkWidget *target = NULL;

  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), FALSE);
  if (self->has_hint)
    target = arb_arboretum_view_get_cell_button (self, self->hint_x, self->hint_y);
  if (target == NULL)
    target = arb_arboretum_view_get_first_cell_button (self);
  if (target == NULL && self->arboretum.n > 0)
    target = arb_arboretum_view_get_card_widget (self, self->arboretum.cells[self->arboretum.n - 1].x,
                                                 self->arboretum.cells[self->arboretum.n - 1].y);
  return target != NULL && gtk_widget_grab_focus (target);
}

static void
arb_arboretum_view_class_init (ArbArboretumViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* (x, y): the player chose this free cell. */
  signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  /* (card, x, y): a card from the hand was dropped on a free cell. */
  signals[CARD_DROPPED] =
    g_signal_new ("card-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_INT, G_TYPE_INT);

  widget_class->map = arb_arboretum_view_map;
  widget_class->unmap = arb_arboretum_view_unmap;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-arboretum-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbArboretumView, grid);
  gtk_widget_class_bind_template_child (widget_class, ArbArboretumView, placeholder);
}

static void
arb_arboretum_view_init (ArbArboretumView *self)
{
  self->card_width = self->zoom_width = 80;
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->ghost = ARB_CARD_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* A view made during a game (the side panel's) is named like the window's. */
  arb_accessible_name_buttons (GTK_WIDGET (self));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

void
arb_arboretum_view_set_arboretum (ArbArboretumView *self, const ArbArboretum *arboretum)
{
  gboolean shrunk;

  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  /* Rebuilding only on change keeps the keyboard focus where it is. */
  if (self->arboretum.n == arboretum->n
      && memcmp (self->arboretum.cells, arboretum->cells, arboretum->n * sizeof arboretum->cells[0]) == 0)
    return;
  /* The newest card comes into view, unless cards were only taken away
   * (a take back, a step back in a replay). */
  shrunk = arboretum->n < self->arboretum.n
           && memcmp (self->arboretum.cells, arboretum->cells, arboretum->n * sizeof arboretum->cells[0]) == 0;
  self->arboretum = *arboretum;
  if (!shrunk)
    aim_at_newest (self);
  rebuild (self);
}

/* Shows these free cells as places to plant; n_cells 0 hides them. */
void
arb_arboretum_view_set_cells (ArbArboretumView *self, const gint8 *xy, guint n_cells)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  g_return_if_fail (n_cells <= ARB_MAX_FREE_CELLS);
  if (n_cells == self->n_cells && memcmp (self->cells, xy, 2 * n_cells) == 0)
    return;
  self->has_hint = FALSE;
  if (n_cells > 0)
    memcpy (self->cells, xy, 2 * n_cells);
  self->n_cells = n_cells;
  rebuild (self);
}

/* Lights up a scored path, or nothing when path is NULL. */
void
arb_arboretum_view_set_path (ArbArboretumView *self, const ArbPath *path)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  if ((path == NULL && self->path.n == 0)
      || (path != NULL && path->n == self->path.n
          && memcmp (path->cards, self->path.cards, path->n * sizeof path->cards[0]) == 0))
    return;
  if (path != NULL)
    self->path = *path;
  else
    self->path.n = 0;
  rebuild (self);
}

/* The width of the cards when there is room; with fit, less when the
 * arboretum would not show whole in the scrolled window around the view. */
void
arb_arboretum_view_set_card_width (ArbArboretumView *self, int width)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  self->zoom_width = width;
  apply_width (self, fitting_width (self));
  rebuild (self);
}

void
arb_arboretum_view_set_fit (ArbArboretumView *self, gboolean fit)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  if (self->fit == fit)
    return;
  self->fit = fit;
  if (apply_width (self, fitting_width (self)))
    rebuild (self);
}

gboolean
arb_arboretum_view_get_fit (ArbArboretumView *self)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), FALSE);
  return self->fit;
}

/* Marks the free cell a hint suggests, until the cells change. */
void
arb_arboretum_view_set_hint (ArbArboretumView *self, int x, int y)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  self->has_hint = TRUE;
  self->hint_x = x;
  self->hint_y = y;
  /* The marked place comes into view, with the cells around it. */
  self->has_target = TRUE;
  self->target_x = x;
  self->target_y = y;
  rebuild (self);
}

/* The card planted at (x, y), or NULL: for the tests. */
GtkWidget *
arb_arboretum_view_get_card_widget (ArbArboretumView *self, int x, int y)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), NULL);
  if (arb_arboretum_index_at (&self->arboretum, x, y) < 0)
    return NULL;
  return gtk_grid_get_child_at (self->grid, x - self->min_x, y - self->min_y);
}

/* The button of free cell (x, y), or NULL: for keyboard focus and tests. */
GtkWidget *
arb_arboretum_view_get_cell_button (ArbArboretumView *self, int x, int y)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child)
        && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "x")) == x
        && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "y")) == y)
      return child;
  return NULL;
}

/* The first free cell shown, in reading order (top row first, then from
 * the left), or NULL. */
GtkWidget *
arb_arboretum_view_get_first_cell_button (ArbArboretumView *self)
{
  GtkWidget *first = NULL;
  int first_row = G_MAXINT, first_column = G_MAXINT;

  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int column, row;

      if (!gtk_widget_has_css_class (child, "free-cell"))
        continue;
      gtk_grid_query_child (self->grid, child, &column, &row, NULL, NULL);
      if (row < first_row || (row == first_row && column < first_column))
        {
          first = child;
          first_row = row;
          first_column = column;
        }
    }
  return first;
}

int
arb_arboretum_view_get_card_width (ArbArboretumView *self)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), 0);
  return self->card_width;
}

guint
arb_arboretum_view_get_n_cells (ArbArboretumView *self)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), 0);
  return self->n_cells;
}

/* The arboretum last given to draw. */
const ArbArboretum *
arb_arboretum_view_get_arboretum (ArbArboretumView *self)
{
  g_return_val_if_fail (ARB_IS_ARBORETUM_VIEW (self), NULL);
  return &self->arboretum;
}
