/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-hand-view.c: the hand of the player at the screen.
 *
 * Each card is a toggle button, so a hand is played with the mouse, by
 * dragging, or with Tab and Enter alone; selecting a card emits
 * "card-selected" and the window lights the cells the engine allows.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-card-widget.h"
#include "arb-hand-view.h"

struct _ArbHandView
{
  AdwBin     parent_instance;

  GtkBox    *box;
  GtkLabel  *empty_label;

  ArbCard    selected;
  gboolean   updating;
  gboolean   shown;
  ArbCardSet hand;
  ArbCard    new_card;
  int        card_width;
  int        fitting_width;
  gboolean   keep_places;  /* a card that leaves leaves its place empty */
  guint      resize_tick;
};

G_DEFINE_FINAL_TYPE (ArbHandView, arb_hand_view, ADW_TYPE_BIN)

#define HAND_CARD_WIDTH 70
/* In a window 660 pixels high or less, and 1080 or more
 * (arb_card_widget_room_width): the arboretum keeps its room. */
#define HAND_CARD_SMALL_WIDTH 60
#define HAND_CARD_LARGE_WIDTH 100
/* The narrowest card on which every species name still fits (the window
 * tests check names down to 40): nine cards beside the side panel in an
 * 800-pixel window. */
#define HAND_CARD_MIN_WIDTH 42

enum {
  CARD_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The place a played card left, kept until the hand fills up again. */
static gboolean
is_gap (GtkWidget *child)
{
  return gtk_widget_has_css_class (child, "hand-gap");
}

static ArbCard
button_card (GtkWidget *button)
{
  return (ArbCard) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "card"));
}

static void
on_toggled (GtkToggleButton *button, ArbHandView *self)
{
  ArbCard card = button_card (GTK_WIDGET (button));

  if (self->updating)
    return;
  if (gtk_toggle_button_get_active (button))
    self->selected = card;
  else if (self->selected == card)
    {
      self->selected = ARB_CARD_NONE;
      /* The buttons of two cards or more are a group: one goes off when
       * another comes on, which is news enough (a click never turns a
       * grouped button off, and arb_hand_view_select () says "none" itself). */
      if (arb_hand_view_get_n_cards (self) > 1)
        return;
    }
  else
    return;
  g_signal_emit (self, signals[CARD_SELECTED], 0, (guint) self->selected);
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source, double x, double y, GtkWidget *button)
{
  GValue value = G_VALUE_INIT;
  GdkContentProvider *provider;

  g_value_init (&value, G_TYPE_UINT);
  g_value_set_uint (&value, button_card (button));
  provider = gdk_content_provider_new_for_value (&value);
  g_value_unset (&value);
  return provider;
}

static void
on_drag_begin (GtkDragSource *source, GdkDrag *drag, GtkWidget *button)
{
  g_autoptr (GdkPaintable) icon = gtk_widget_paintable_new (gtk_button_get_child (GTK_BUTTON (button)));

  gtk_drag_source_set_icon (source, icon, HAND_CARD_WIDTH / 2, HAND_CARD_WIDTH / 2);
  /* Dragging a card chooses it, so its legal cells light up under the pointer. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
}

/* A card's name in the hand, as a screen reader says it. */
static void
name_card_button (GtkWidget *button, ArbCard card, gboolean is_new, gboolean hinted)
{
  g_autofree char *name = arb_card_to_string (card);
  g_autofree char *label = NULL;

  if (hinted)
    /* Translators: the card a hint chooses, in the hand. */
    label = g_strdup_printf (_("%s, as the hint says"), name);
  else if (is_new)
    /* Translators: a card just drawn, shown in the hand. */
    label = g_strdup_printf (_("%s, just drawn"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label != NULL ? label : name, -1);
}

static GtkWidget *
make_card_button (ArbHandView *self, ArbCard card, GtkToggleButton *group, gboolean is_new)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *face = arb_card_widget_new (card, self->card_width);
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_button_set_child (GTK_BUTTON (button), face);
  /* The button's name says the card: its picture is not read again. */
  arb_accessible_set_hidden (face, TRUE);
  gtk_widget_add_css_class (button, "hand-card");
  if (is_new)
    gtk_widget_add_css_class (button, "new-card");
  name_card_button (button, card, is_new, FALSE);
  g_object_set_data (G_OBJECT (button), "card", GUINT_TO_POINTER ((guint) card));
  if (group != NULL)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), card == self->selected);
  g_signal_connect (button, "toggled", G_CALLBACK (on_toggled), self);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), button);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), button);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
  return button;
}

/* The widest card, up to HAND_CARD_WIDTH (less in a low window, more in
 * a tall one, more with the desktop's large text), with which the whole
 * hand fits in width: on a small screen the cards shrink rather than
 * scroll sideways. */
static int
fitting_card_width (ArbHandView *self, int width)
{
  int n = (int) arb_hand_view_get_n_cards (self);
  int natural, overhead, largest;

  if (n == 0)
    return self->card_width;
  gtk_widget_measure (GTK_WIDGET (self->box), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  overhead = natural - n * self->card_width;
  largest = arb_card_widget_room_width (GTK_WIDGET (self), HAND_CARD_SMALL_WIDTH, HAND_CARD_LARGE_WIDTH);
  largest = (int) (largest * arb_card_widget_text_scale (GTK_WIDGET (self)));
  return CLAMP ((width - overhead) / n, HAND_CARD_MIN_WIDTH, largest);
}

/* The cards take their new width before the next layout: a resize asked
 * for during an allocation would be lost. */
static gboolean
resize_cards (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  ArbHandView *self = ARB_HAND_VIEW (widget);

  self->card_width = self->fitting_width;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (!is_gap (child))
      arb_card_widget_set_width (ARB_CARD_WIDGET (gtk_button_get_child (GTK_BUTTON (child))), self->card_width);
  return G_SOURCE_REMOVE;
}

/* Also called when the widget is unrealized before the tick came. */
static void
forget_resize_tick (gpointer data)
{
  ARB_HAND_VIEW (data)->resize_tick = 0;
}

static void
arb_hand_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  ArbHandView *self = ARB_HAND_VIEW (widget);

  self->fitting_width = fitting_card_width (self, width);
  if (self->fitting_width != self->card_width && self->resize_tick == 0)
    self->resize_tick = gtk_widget_add_tick_callback (widget, resize_cards, self, forget_resize_tick);
  gtk_widget_allocate (adw_bin_get_child (ADW_BIN (self)), width, height, baseline, NULL);
}

/* Measured and allocated here rather than by AdwBin's layout manager,
 * which would bypass the size_allocate above. */
static void
arb_hand_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  ArbHandView *self = ARB_HAND_VIEW (widget);
  int n = (int) arb_hand_view_get_n_cards (self);

  gtk_widget_measure (adw_bin_get_child (ADW_BIN (widget)), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
  /* The whole hand at its narrowest cards is the least the hand asks for,
   * so that a window too narrow for it and the side panel folds the panel
   * away (AdwFlap) rather than cut the hand. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL && n > 0)
    {
      int box_natural;

      gtk_widget_measure (GTK_WIDGET (self->box), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &box_natural, NULL, NULL);
      *minimum = MAX (*minimum, box_natural - n * (self->card_width - HAND_CARD_MIN_WIDTH));
      *natural = MAX (*natural, *minimum);
    }
}

static void
arb_hand_view_class_init (ArbHandViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = arb_hand_view_measure;
  widget_class->size_allocate = arb_hand_view_size_allocate;

  /* (card): the card chosen, or ARB_CARD_NONE when none is. */
  signals[CARD_SELECTED] =
    g_signal_new ("card-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-hand-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbHandView, box);
  gtk_widget_class_bind_template_child (widget_class, ArbHandView, empty_label);
}

static void
arb_hand_view_init (ArbHandView *self)
{
  self->selected = ARB_CARD_NONE;
  self->keep_places = TRUE;
  self->card_width = HAND_CARD_WIDTH;
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Whether hand is what is shown less some cards: a play or a discard. */
static gboolean
only_lost_cards (ArbHandView *self, const ArbCardSet *hand)
{
  /* hand is a subset of what is shown. */
  return self->shown
         && (hand->bits[0] & ~self->hand.bits[0]) == 0
         && (hand->bits[1] & ~self->hand.bits[1]) == 0;
}

/* The cards that left the hand leave their place empty, so that the
 * others stay under the pointer: a player who planted a card finds the
 * rest where they were. The hand closes up when cards come in. */
static void
leave_gaps (ArbHandView *self, const ArbCardSet *hand, ArbCard new_card)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box));

  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (!is_gap (child) && !arb_card_set_contains (hand, button_card (child)))
        {
          GtkWidget *gap = gtk_label_new (NULL);
          graphene_rect_t bounds;

          gtk_widget_add_css_class (gap, "hand-gap");
          /* An empty place, not something to read. */
          arb_accessible_set_hidden (gap, TRUE);
          /* The card's whole box, its padding and border with it. */
          if (gtk_widget_compute_bounds (child, child, &bounds))
            gtk_widget_set_size_request (gap, (int) bounds.size.width, 1);
          gtk_box_insert_child_after (self->box, gap, child);
          gtk_box_remove (self->box, child);
        }
      else if (!is_gap (child) && new_card == ARB_CARD_NONE && gtk_widget_has_css_class (child, "new-card"))
        {
          gtk_widget_remove_css_class (child, "new-card");
          name_card_button (child, button_card (child), FALSE, FALSE);
        }
      child = next;
    }
}

static gboolean
has_gaps (ArbHandView *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (is_gap (child))
      return TRUE;
  return FALSE;
}

/* The card whose button has the keyboard focus, or ARB_CARD_NONE. */
static ArbCard
focused_card (ArbHandView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (; focus != NULL; focus = gtk_widget_get_parent (focus))
    if (gtk_widget_get_parent (focus) == GTK_WIDGET (self->box))
      return is_gap (focus) ? ARB_CARD_NONE : button_card (focus);
  return ARB_CARD_NONE;
}

static void
rebuild (ArbHandView *self, const ArbCardSet *hand, ArbCard new_card)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = hand != NULL ? arb_card_set_to_array (hand, cards) : 0;
  GtkToggleButton *group = NULL;
  ArbCard focused = focused_card (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->box))) != NULL)
    gtk_box_remove (self->box, child);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *button = make_card_button (self, cards[i], group, cards[i] == new_card);
      gtk_box_append (self->box, button);
      group = group != NULL ? group : GTK_TOGGLE_BUTTON (button);
    }
  /* No hand at all is a hand hidden (the others' turns at a shared
   * screen), not an empty one that a newcomer would think to fill. */
  gtk_label_set_label (self->empty_label, hand != NULL ? _("No cards in hand") : _("The hands are hidden"));
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), n == 0);
  /* A card that had the focus keeps it, or its neighbour does: the focus
   * must not fall back to the window's first button. */
  if (focused != ARB_CARD_NONE && n > 0)
    {
      guint i = 0;

      /* The card itself, or the one now in its place, or the last. */
      while (i + 1 < n && cards[i] < focused)
        i++;
      gtk_widget_grab_focus (arb_hand_view_get_card_button (self, cards[i]));
    }
}

/* Shows a hand; new_card, when in it, is marked as just drawn. A selected
 * card that left the hand is no longer selected. */
void
arb_hand_view_set_hand (ArbHandView *self, const ArbCardSet *hand, ArbCard new_card)
{
  g_return_if_fail (ARB_IS_HAND_VIEW (self));
  /* Rebuilding only on change keeps the keyboard focus where it is. */
  if (self->shown == (hand != NULL) && new_card == self->new_card
      && (hand == NULL || memcmp (hand, &self->hand, sizeof *hand) == 0))
    return;
  self->updating = TRUE;
  if (hand == NULL || !arb_card_set_contains (hand, self->selected))
    self->selected = ARB_CARD_NONE;
  if (hand != NULL && self->keep_places && (new_card == self->new_card || new_card == ARB_CARD_NONE)
      && !arb_card_set_is_empty (hand) && only_lost_cards (self, hand))
    leave_gaps (self, hand, new_card);
  else
    rebuild (self, hand, new_card);
  self->shown = hand != NULL;
  self->new_card = new_card;
  if (hand != NULL)
    self->hand = *hand;
  self->updating = FALSE;
}

/* Whether a card that leaves the hand leaves its place empty (for a person
 * playing) or the hand closes up at once (a replay, a game watched). The
 * places left empty close when they are no longer kept: the turn is over. */
void
arb_hand_view_set_keep_places (ArbHandView *self, gboolean keep_places)
{
  g_return_if_fail (ARB_IS_HAND_VIEW (self));
  if (self->keep_places && !keep_places && self->shown && has_gaps (self))
    {
      self->updating = TRUE;
      rebuild (self, &self->hand, self->new_card);
      self->updating = FALSE;
    }
  self->keep_places = keep_places;
}

ArbCard
arb_hand_view_get_selected (ArbHandView *self)
{
  g_return_val_if_fail (ARB_IS_HAND_VIEW (self), ARB_CARD_NONE);
  return self->selected;
}

/* Selects a card of the hand, or none with ARB_CARD_NONE; emits "card-selected". */
void
arb_hand_view_select (ArbHandView *self, ArbCard card)
{
  GtkWidget *button;

  g_return_if_fail (ARB_IS_HAND_VIEW (self));
  button = arb_hand_view_get_card_button (self, card);
  if (button != NULL)
    {
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
      return;
    }
  button = arb_hand_view_get_card_button (self, self->selected);
  if (button == NULL)
    return;
  self->updating = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), FALSE);
  self->updating = FALSE;
  self->selected = ARB_CARD_NONE;
  g_signal_emit (self, signals[CARD_SELECTED], 0, (guint) ARB_CARD_NONE);
}

/* Chooses the card a hint names, and says so to a screen reader. */
void
arb_hand_view_select_hint (ArbHandView *self, ArbCard card)
{
  GtkWidget *button;

  g_return_if_fail (ARB_IS_HAND_VIEW (self));
  arb_hand_view_select (self, card);
  button = arb_hand_view_get_card_button (self, card);
  if (button != NULL)
    name_card_button (button, card, gtk_widget_has_css_class (button, "new-card"), TRUE);
}

GtkWidget *
arb_hand_view_get_card_button (ArbHandView *self, ArbCard card)
{
  g_return_val_if_fail (ARB_IS_HAND_VIEW (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (card != ARB_CARD_NONE && !is_gap (child) && button_card (child) == card)
      return child;
  return NULL;
}

/* The cards the hand shows, in their order on screen; how many. */
guint
arb_hand_view_get_cards (ArbHandView *self, ArbCard *cards)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_HAND_VIEW (self), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (!is_gap (child))
      cards[n++] = button_card (child);
  return n;
}

guint
arb_hand_view_get_n_cards (ArbHandView *self)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_HAND_VIEW (self), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (!is_gap (child))
      n++;
  return n;
}
