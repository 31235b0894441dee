/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-pile-view.c: the deck (face down) or a discard pile (its top face up).
 *
 * Clicking it draws through the "win.draw" action with the pile as target;
 * a discard pile lists all its cards in a popover, since they are public.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-card-widget.h"
#include "arb-pile-view.h"
#include "arb-pile-view-private.h"

struct _ArbPileView
{
  AdwBin         parent_instance;

  GtkButton     *button;
  ArbCardWidget *top;
  ArbCardWidget *ghost;
  GtkLabel      *title_label;
  GtkLabel      *count_label;
  GtkMenuButton *pile_button;
  GtkSpinner    *thinking_spinner;
  GtkFlowBox    *pile_box;    /* these two in the popover, NULL until it is first opened */
  GtkLabel      *pile_title;

  int            source;
  ArbPile        pile;
  char          *title;       /* the whole title, for the popover */
  char          *label;       /* the pile's name and count, for a screen reader */
  char          *thinking;    /* "Bo is thinking…", or NULL */
  gboolean       suggested;   /* Hard's choice, in a reviewed replay */
};

G_DEFINE_FINAL_TYPE (ArbPileView, arb_pile_view, ADW_TYPE_BIN)

/* Wide enough for every species name in two lines, in every language. */
#define POPOVER_CARD_WIDTH 66
/* The top card's width: PILE_CARD_WIDTH in a window 800 pixels high,
 * less in a lower one (the arboretum keeps its room), more in a taller. */
#define PILE_CARD_WIDTH 72
#define PILE_CARD_SMALL_WIDTH 60
#define PILE_CARD_LARGE_WIDTH 100

enum {
  CARD_DROPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, ArbPileView *self)
{
  g_signal_emit (self, signals[CARD_DROPPED], 0, g_value_get_uint (value));
  return TRUE;
}

/* The whole pile is laid out only when asked for. */
static void
fill_popover (ArbPileView *self, const ArbPile *pile)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->pile_box))) != NULL)
    gtk_flow_box_remove (self->pile_box, child);
  /* The top first, as the pile is seen from above. */
  for (guint i = pile->n; i-- > 0;)
    gtk_flow_box_append (self->pile_box, arb_card_widget_new (pile->cards[i], POPOVER_CARD_WIDTH));
}

/* The button's tooltip would sit over the open popover's top. */
static void
on_popover_show (GtkPopover *popover, ArbPileView *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->pile_button), FALSE);
  fill_popover (self, &self->pile);
}

static void
on_popover_closed (GtkPopover *popover, ArbPileView *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->pile_button), TRUE);
}

/* The popover is built when first opened: most piles never are, and five
 * popovers built with the table took 0.4 MB. */
static void
create_popover (GtkMenuButton *button, gpointer user_data)
{
  ArbPileView *self = ARB_PILE_VIEW (user_data);
  g_autoptr (GtkBuilder) builder = NULL;
  GtkPopover *popover;

  if (gtk_menu_button_get_popover (button) != NULL)
    return;
  builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/ui/arb-pile-popover.ui");
  popover = GTK_POPOVER (gtk_builder_get_object (builder, "popover"));
  self->pile_title = GTK_LABEL (gtk_builder_get_object (builder, "pile_title"));
  self->pile_box = GTK_FLOW_BOX (gtk_builder_get_object (builder, "pile_box"));
  gtk_label_set_label (self->pile_title, self->title);
  g_signal_connect (popover, "show", G_CALLBACK (on_popover_show), self);
  g_signal_connect (popover, "closed", G_CALLBACK (on_popover_closed), self);
  gtk_menu_button_set_popover (button, GTK_WIDGET (popover));
}

static void
arb_pile_view_finalize (GObject *object)
{
  ArbPileView *self = ARB_PILE_VIEW (object);

  g_free (self->title);
  g_free (self->label);
  g_free (self->thinking);
  G_OBJECT_CLASS (arb_pile_view_parent_class)->finalize (object);
}

/* Hard's discard lies over the bottom right of the top card, smaller: the
 * top card's value and species stay in sight beside it. */
static int
ghost_width (int width)
{
  return width * 2 / 3;
}

/* The card's width follows the window's height (arb_card_widget_room_width),
 * set when the window's surface changes size, never during a layout. */
static void
fit_to_window (ArbPileView *self)
{
  int width = arb_card_widget_room_width (GTK_WIDGET (self), PILE_CARD_SMALL_WIDTH, PILE_CARD_LARGE_WIDTH);

  arb_card_widget_set_width (self->top, width);
  arb_card_widget_set_width (self->ghost, ghost_width (width));
}

static void
arb_pile_view_realize (GtkWidget *widget)
{
  GdkSurface *surface;

  GTK_WIDGET_CLASS (arb_pile_view_parent_class)->realize (widget);
  surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  g_signal_connect_object (surface, "notify::height", G_CALLBACK (fit_to_window), widget, G_CONNECT_SWAPPED);
  fit_to_window (ARB_PILE_VIEW (widget));
}

static void
arb_pile_view_unrealize (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_data (gtk_native_get_surface (gtk_widget_get_native (widget)), widget);
  GTK_WIDGET_CLASS (arb_pile_view_parent_class)->unrealize (widget);
}

static void
arb_pile_view_class_init (ArbPileViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = arb_pile_view_finalize;

  /* (card): a card of the hand dropped here, to discard it. */
  signals[CARD_DROPPED] =
    g_signal_new ("card-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  g_type_ensure (ARB_TYPE_CARD_WIDGET);
  widget_class->realize = arb_pile_view_realize;
  widget_class->unrealize = arb_pile_view_unrealize;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-pile-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, button);
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, top);
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, ghost);
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, title_label);
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, count_label);
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, pile_button);
  gtk_widget_class_bind_template_child (widget_class, ArbPileView, thinking_spinner);
}

static void
arb_pile_view_init (ArbPileView *self)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE | GDK_ACTION_COPY);

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The button's name says the top card; its picture is not read again. */
  arb_accessible_set_hidden (GTK_WIDGET (self->top), TRUE);
  arb_accessible_set_hidden (GTK_WIDGET (self->thinking_spinner), TRUE);
  arb_accessible_name_buttons (GTK_WIDGET (self));
  arb_card_widget_set_width (self->top, PILE_CARD_WIDTH);
  arb_card_widget_set_width (self->ghost, ghost_width (PILE_CARD_WIDTH));
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self->button), GTK_EVENT_CONTROLLER (target));
  gtk_menu_button_set_create_popup_func (self->pile_button, create_popover, self, NULL);
}

/* A view of the deck (ARB_SOURCE_DECK) or of discard pile source. */
GtkWidget *
arb_pile_view_new (int source)
{
  ArbPileView *self = g_object_new (ARB_TYPE_PILE_VIEW, NULL);

  self->source = source;
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->button), "win.draw");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->button), g_variant_new_int32 (source));
  arb_card_widget_set_blank (self->top, source == ARB_SOURCE_DECK ? ARB_CARD_WIDGET_BACK
                                                                  : ARB_CARD_WIDGET_EMPTY);
  /* The deck's cards are secret: no button shows them, but its room is
   * kept so that the deck lines up with the discard piles. */
  if (source == ARB_SOURCE_DECK)
    {
      GtkWidget *button = GTK_WIDGET (self->pile_button);

      gtk_widget_set_opacity (button, 0.0);
      gtk_widget_set_can_target (button, FALSE);
      /* The menu button's own button inside would still take the focus. */
      gtk_widget_set_can_focus (button, FALSE);
      gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
    }
  return GTK_WIDGET (self);
}

/* What the button says: the pile and its count, and Hard's choice in a
 * reviewed replay. */
static void
update_button_label (ArbPileView *self)
{
  g_autofree char *label = NULL;

  if (self->suggested)
    /* Translators: a pile (its name and count), then that Hard would have chosen it. */
    label = g_strdup_printf (_("%s. Hard’s choice"), self->label != NULL ? self->label : "");
  else
    label = g_strdup (self->label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  arb_accessible_set_repeating_tooltip (GTK_WIDGET (self->button), label);
}

/* Shows a pile under its title; short_title, when not NULL, is what fits
 * above the card (a long name cut short), and the whole title is its
 * tooltip and what a screen reader says. */
void
arb_pile_view_set_pile (ArbPileView *self, const ArbPile *pile, const char *title, const char *short_title)
{
  g_autofree char *count = NULL;
  g_autofree char *label = NULL;

  g_return_if_fail (ARB_IS_PILE_VIEW (self));
  gtk_label_set_label (self->title_label, short_title != NULL ? short_title : title);
  g_free (self->title);
  self->title = g_strdup (title);
  if (self->pile_title != NULL)
    gtk_label_set_label (self->pile_title, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label),
                               short_title != NULL && g_strcmp0 (short_title, title) != 0 ? title : NULL);
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", pile->n), pile->n);
  gtk_label_set_label (self->count_label, count);

  if (self->source == ARB_SOURCE_DECK)
    arb_card_widget_set_blank (self->top, pile->n > 0 ? ARB_CARD_WIDGET_BACK : ARB_CARD_WIDGET_EMPTY);
  else
    {
      arb_card_widget_set_card (self->top, arb_pile_top (pile));
      self->pile = *pile;
      gtk_widget_set_sensitive (GTK_WIDGET (self->pile_button), pile->n > 0);
      /* A pile open in the popover while a computer discards or draws. */
      if (self->pile_box != NULL
          && gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (self->pile_button))))
        fill_popover (self, pile);
    }
  if (self->source != ARB_SOURCE_DECK && pile->n > 0)
    {
      g_autofree char *top = arb_card_to_string (arb_pile_top (pile));
      /* Translators: a pile's name, how many cards it holds and its top card,
       * read by a screen reader: "Ann’s pile, 3 cards, Oak 1 on top". */
      label = g_strdup_printf (_("%s, %s, %s on top"), title, count, top);
    }
  else
    /* Translators: a pile's name and how many cards it holds, read by a screen reader. */
    label = g_strdup_printf (_("%s, %s"), title, count);
  g_free (self->label);
  self->label = g_steal_pointer (&label);
  update_button_label (self);
}

/* The spinner of a computer deciding for this pile's seat, named for a
 * screen reader that reaches it ("Bo is thinking…"); NULL when no one is.
 * The pile's button is not told: a computer's turn is said once by the
 * table, and a description changed on a button without the focus would be
 * heard as noise at each of its steps. */
void
arb_pile_view_set_thinking (ArbPileView *self, const char *description)
{
  GtkAccessible *spinner;

  g_return_if_fail (ARB_IS_PILE_VIEW (self));
  /* The table tells every pile at every step: only a change is passed on. */
  if (g_strcmp0 (self->thinking, description) == 0)
    return;
  g_free (self->thinking);
  self->thinking = g_strdup (description);
  spinner = GTK_ACCESSIBLE (self->thinking_spinner);
  gtk_spinner_set_spinning (self->thinking_spinner, description != NULL);
  /* Still, it draws nothing and says nothing. */
  arb_accessible_set_hidden (GTK_WIDGET (self->thinking_spinner), description == NULL);
  if (description == NULL)
    gtk_accessible_reset_property (spinner, GTK_ACCESSIBLE_PROPERTY_LABEL);
  else
    gtk_accessible_update_property (spinner, GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

/* The deck's count stands out once it lasts less than a round, and more
 * when this turn may empty it: the end of the game should never surprise. */
void
arb_pile_view_set_turns_left (ArbPileView *self, guint turns_left, guint n_seats)
{
  GtkWidget *count = GTK_WIDGET (self->count_label);
  gboolean last = turns_left <= 1;
  gboolean soon = !last && turns_left <= n_seats;

  g_return_if_fail (ARB_IS_PILE_VIEW (self));
  if (last)
    gtk_widget_add_css_class (count, "error");
  else
    gtk_widget_remove_css_class (count, "error");
  if (soon)
    gtk_widget_add_css_class (count, "warning");
  else
    gtk_widget_remove_css_class (count, "warning");
  if (last || soon)
    gtk_widget_add_css_class (count, "heading");
  else
    gtk_widget_remove_css_class (count, "heading");
}

/* Marks the pile as Hard's choice in a reviewed replay: the pile Hard would
 * have drawn from (ghost ARB_CARD_NONE), or where it would have discarded
 * ghost, shown faded over the top. suggested FALSE takes the mark away. */
void
arb_pile_view_set_suggestion (ArbPileView *self, gboolean suggested, ArbCard ghost)
{
  g_return_if_fail (ARB_IS_PILE_VIEW (self));
  self->suggested = suggested;
  if (suggested)
    gtk_widget_add_css_class (GTK_WIDGET (self->button), "suggested");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->button), "suggested");
  gtk_widget_set_visible (GTK_WIDGET (self->ghost), suggested && arb_card_is_valid (ghost));
  if (suggested && arb_card_is_valid (ghost))
    arb_card_widget_set_card (self->ghost, ghost);
  update_button_label (self);
}

/* The faded card of Hard's discard, if shown, for the tests. */
GtkWidget *
arb_pile_view_get_ghost (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->ghost)) ? GTK_WIDGET (self->ghost) : NULL;
}

gboolean
arb_pile_view_get_suggested (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), FALSE);
  return self->suggested;
}

int
arb_pile_view_get_source (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), ARB_SOURCE_DECK);
  return self->source;
}

GtkWidget *
arb_pile_view_get_button (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), NULL);
  return GTK_WIDGET (self->button);
}

/* The title above the card, for the tests. */
GtkLabel *
arb_pile_view_get_title_label (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), NULL);
  return self->title_label;
}

GtkLabel *
arb_pile_view_get_count_label (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), NULL);
  return self->count_label;
}

/* The card on top, or the blank the pile shows: for the tests. */
/* What a screen reader calls the pile: "Ann’s pile, 3 cards, Oak 1 on top". */
const char *
arb_pile_view_get_name (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), NULL);
  return self->label;
}

ArbCardWidget *
arb_pile_view_get_top (ArbPileView *self)
{
  g_return_val_if_fail (ARB_IS_PILE_VIEW (self), NULL);
  return self->top;
}
