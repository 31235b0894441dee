/* arb-arboretum-view.c: an arboretum on a grid.
 *
 * The view only shows: the cards planted, and the cells the window passes in
 * (the engine's free cells, for the card the player holds). Activating or
 * dropping a card on a cell emits a signal; the window asks the game.
 */
#include "config.h"

#include <glib/gi18n.h>

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
  int           card_width;
  gboolean      has_hint;
  int           hint_x, hint_y;
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

static GtkWidget *
make_cell (ArbArboretumView *self, int x, int y)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("list-add-symbolic");
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  /* Translators: a free cell of the arboretum, by its coordinates. */
  g_autofree char *label = g_strdup_printf (_("Plant here (column %d, row %d)"), x, y);

  gtk_widget_add_css_class (button, "free-cell");
  if (self->has_hint && x == self->hint_x && y == self->hint_y)
    gtk_widget_add_css_class (button, "hint");
  gtk_widget_set_size_request (button, self->card_width, (int) (self->card_width * 1.4));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data (G_OBJECT (button), "x", GINT_TO_POINTER (x));
  g_object_set_data (G_OBJECT (button), "y", GINT_TO_POINTER (y));
  g_signal_connect (button, "clicked", G_CALLBACK (on_cell_clicked), self);
  g_signal_connect (target, "drop", G_CALLBACK (on_cell_drop), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (target));
  return button;
}

static void
rebuild (ArbArboretumView *self)
{
  int min_x = G_MAXINT, min_y = G_MAXINT;

  clear_grid (self);
  for (guint i = 0; i < self->arboretum.n; i++)
    {
      min_x = MIN (min_x, self->arboretum.cells[i].x);
      min_y = MIN (min_y, self->arboretum.cells[i].y);
    }
  for (guint i = 0; i < self->n_cells; i++)
    {
      min_x = MIN (min_x, self->cells[2 * i]);
      min_y = MIN (min_y, self->cells[2 * i + 1]);
    }

  gtk_widget_set_visible (self->placeholder, self->arboretum.n == 0 && self->n_cells == 0);
  for (guint i = 0; i < self->arboretum.n; i++)
    {
      const ArbPlacement *p = &self->arboretum.cells[i];
      GtkWidget *card = arb_card_widget_new (p->card, self->card_width);

      arb_card_widget_set_lit (ARB_CARD_WIDGET (card), on_path (self, p->x, p->y));
      gtk_grid_attach (self->grid, card, p->x - min_x, p->y - min_y, 1, 1);
    }
  for (guint i = 0; i < self->n_cells; i++)
    {
      int x = self->cells[2 * i], y = self->cells[2 * i + 1];
      gtk_grid_attach (self->grid, make_cell (self, x, y), x - min_x, y - min_y, 1, 1);
    }
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

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-arboretum-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbArboretumView, grid);
  gtk_widget_class_bind_template_child (widget_class, ArbArboretumView, placeholder);
}

static void
arb_arboretum_view_init (ArbArboretumView *self)
{
  self->card_width = 80;
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
arb_arboretum_view_set_arboretum (ArbArboretumView *self, const ArbArboretum *arboretum)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  /* Rebuilding only on change keeps the keyboard focus where it is. */
  if (self->arboretum.n == arboretum->n
      && memcmp (self->arboretum.cells, arboretum->cells, arboretum->n * sizeof arboretum->cells[0]) == 0)
    return;
  self->arboretum = *arboretum;
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

void
arb_arboretum_view_set_card_width (ArbArboretumView *self, int width)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  self->card_width = width;
  gtk_grid_set_row_spacing (self->grid, (guint) MAX (2, width / 16));
  gtk_grid_set_column_spacing (self->grid, (guint) MAX (2, width / 16));
  rebuild (self);
}

/* Marks the free cell a hint suggests, until the cells change. */
void
arb_arboretum_view_set_hint (ArbArboretumView *self, int x, int y)
{
  g_return_if_fail (ARB_IS_ARBORETUM_VIEW (self));
  self->has_hint = TRUE;
  self->hint_x = x;
  self->hint_y = y;
  rebuild (self);
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
