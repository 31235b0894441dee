/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-flight-layer.c: cards moving across the table.
 *
 * A layer over the table, which takes no clicks: a card drawn slides from
 * its pile to the hand, a card played from the hand to its cell, a discard
 * to its pile, as in GNOME Chess and Aisleriot. A card the viewer may not
 * see (ARB_CARD_NONE) flies face down. Whatever it leaves from or lands
 * on (a whole pile, the tabs of the side panel), it flies at the size of
 * a card: the smaller of the two, centred on each. A flight is short and never
 * holds the game up: the card is already where it went, hidden until the
 * flight lands, and a person may click on at once. AdwTimedAnimation ends
 * at once when the system asks for no animations (gtk-enable-animations).
 */
#include "config.h"

#include "arb-card-widget.h"
#include "arb-flight-layer.h"
#include "arb-flight-layer-private.h"

#define FLIGHT_MS 220

struct _ArbFlightLayer
{
  GtkWidget  parent_instance;

  GPtrArray *flights; /* Flight */

  /* A flight waiting for its landing place to be laid out; that place is
   * hidden meanwhile (pending_to). */
  ArbCard               pending_card;
  ArbFlightLanding      pending_landing;
  graphene_rect_t       pending_from;
  ArbFlightTargetFunc   pending_target;
  gpointer              pending_data;
  GDestroyNotify        pending_destroy;
  GtkWidget            *pending_to;
  guint                 pending_tick;
  guint                 pending_frames;
};

G_DEFINE_FINAL_TYPE (ArbFlightLayer, arb_flight_layer, GTK_TYPE_WIDGET)

typedef struct {
  ArbFlightLayer     *layer;
  GtkWidget          *card;    /* the card in flight, a child of the layer */
  GtkWidget          *to;      /* where it lands, hidden until then (ONTO) */
  ArbFlightLanding    landing;
  ArbFlightTargetFunc find_target; /* NULL: it lands on `to` */
  gpointer            data;
  GDestroyNotify      destroy;
  graphene_rect_t     from, target;
  double              progress;
  AdwAnimation       *animation;
} Flight;

/* Makes *place (a weak pointer) `to`: the old place shows again and, for
 * a card that lands ONTO its place, the new one is hidden. */
static void
set_landing_place (GtkWidget **place, GtkWidget *to, ArbFlightLanding landing)
{
  if (*place == to)
    return;
  if (*place != NULL)
    {
      if (landing == ARB_FLIGHT_ONTO)
        gtk_widget_set_opacity (*place, 1.0);
      g_object_remove_weak_pointer (G_OBJECT (*place), (gpointer *) place);
    }
  *place = to;
  if (to != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (to), (gpointer *) place);
      if (landing == ARB_FLIGHT_ONTO)
        gtk_widget_set_opacity (to, 0.0);
    }
}

static void
flight_free (Flight *flight)
{
  /* An animation still running would call back into the freed flight
   * (libadwaita skips it when the layer is unmapped): end it first. */
  if (flight->animation != NULL)
    {
      g_signal_handlers_disconnect_by_data (flight->animation, flight);
      if (adw_animation_get_state (flight->animation) != ADW_ANIMATION_FINISHED)
        adw_animation_skip (flight->animation);
    }
  set_landing_place (&flight->to, NULL, flight->landing);
  if (flight->destroy != NULL)
    flight->destroy (flight->data);
  gtk_widget_unparent (flight->card);
  g_clear_object (&flight->animation);
  g_free (flight);
}

/* rect, made width wide and as high as a card of that width, about the
 * same centre. */
static void
card_rect (graphene_rect_t *rect, float width)
{
  graphene_point_t centre;

  graphene_rect_get_center (rect, &centre);
  graphene_rect_init (rect, centre.x - width / 2, centre.y - width * (float) ARB_CARD_RATIO / 2,
                      width, width * (float) ARB_CARD_RATIO);
}

/* The table may build the landing place again while the card flies (a
 * hand that gains a card, an arboretum that grows): the new one is hidden
 * in its turn, and the card heads for where it now is. */
static void
follow_landing_place (Flight *flight)
{
  GtkWidget *to = flight->find_target != NULL ? flight->find_target (flight->data) : NULL;
  graphene_rect_t target;

  if (to == NULL || to == flight->to)
    return;
  set_landing_place (&flight->to, to, flight->landing);
  if (gtk_widget_compute_bounds (to, GTK_WIDGET (flight->layer), &target) && target.size.width >= 1)
    {
      card_rect (&target, flight->target.size.width);
      flight->target = target;
    }
}

static void
on_progress (double value, gpointer user_data)
{
  Flight *flight = user_data;

  flight->progress = value;
  follow_landing_place (flight);
  gtk_widget_queue_allocate (GTK_WIDGET (flight->layer));
}

static void
on_done (AdwAnimation *animation, Flight *flight)
{
  g_ptr_array_remove (flight->layer->flights, flight);
}

/* Flies card (ARB_CARD_NONE: face down) from `from` (in the layer's
 * coordinates) to the widget `to`, which is where the card now is, and
 * follows find_target (data) while it flies. FALSE when `to` has no place
 * on screen: then data stays the caller's. Otherwise the flight owns data,
 * and may already be over when this returns (with animations off, or an
 * unmapped layer, the animation ends as it starts): nothing of the flight
 * is touched after it is played. */
static gboolean
start_flight (ArbFlightLayer *self, ArbCard card, const graphene_rect_t *from, GtkWidget *to,
              ArbFlightLanding landing, ArbFlightTargetFunc find_target, gpointer data,
              GDestroyNotify destroy)
{
  AdwAnimationTarget *target;
  Flight *flight = g_new0 (Flight, 1);
  float width;

  if (!gtk_widget_compute_bounds (to, GTK_WIDGET (self), &flight->target) || flight->target.size.width < 1)
    {
      g_free (flight);
      return FALSE;
    }
  flight->layer = self;
  flight->find_target = find_target;
  flight->data = data;
  flight->destroy = destroy;
  flight->from = *from;
  /* The card in flight is no larger than where it leaves or lands: the
   * deck's top card, not the whole deck, nor the tabs it lands on. */
  width = MIN (flight->from.size.width, flight->target.size.width);
  card_rect (&flight->from, width);
  card_rect (&flight->target, width);
  flight->landing = landing;
  set_landing_place (&flight->to, to, landing);
  flight->card = arb_card_widget_new (card, (int) width);
  if (card == ARB_CARD_NONE)
    arb_card_widget_set_blank (ARB_CARD_WIDGET (flight->card), ARB_CARD_WIDGET_BACK);
  gtk_widget_set_parent (flight->card, GTK_WIDGET (self));
  g_ptr_array_add (self->flights, flight);

  target = adw_callback_animation_target_new (on_progress, flight, NULL);
  flight->animation = adw_timed_animation_new (GTK_WIDGET (self), 0.0, 1.0, FLIGHT_MS, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (flight->animation), ADW_EASE_OUT_CUBIC);
  g_signal_connect (flight->animation, "done", G_CALLBACK (on_done), flight);
  adw_animation_play (flight->animation);
  return TRUE;
}

void
arb_flight_layer_fly (ArbFlightLayer *self, ArbCard card, const graphene_rect_t *from, GtkWidget *to,
                      ArbFlightLanding landing)
{
  g_return_if_fail (ARB_IS_FLIGHT_LAYER (self));
  g_return_if_fail (GTK_IS_WIDGET (to));
  start_flight (self, card, from, to, landing, NULL, NULL, NULL);
}

/* The flight waiting ends, whether it took off or not: its landing place
 * shows again unless a flight hides it. */
static void
forget_pending (ArbFlightLayer *self)
{
  set_landing_place (&self->pending_to, NULL, self->pending_landing);
  if (self->pending_destroy != NULL)
    self->pending_destroy (self->pending_data);
  self->pending_target = NULL;
  self->pending_data = NULL;
  self->pending_destroy = NULL;
}

/* The landing place of a card that just moved was built again with the
 * table: it has a place on screen a frame or two later. A tick comes
 * before the frame's layout and painting: the place is hidden from its
 * first frame, never shown before the card flies to it. */
static gboolean
pending_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  ArbFlightLayer *self = ARB_FLIGHT_LAYER (widget);
  GtkWidget *to = self->pending_target (self->pending_data);

  set_landing_place (&self->pending_to, to, self->pending_landing);
  if (to != NULL && gtk_widget_get_width (to) == 0 && ++self->pending_frames < 4)
    return G_SOURCE_CONTINUE;
  self->pending_tick = 0;
  /* The flight hides its landing place from now on. */
  set_landing_place (&self->pending_to, NULL, self->pending_landing);
  /* The flight follows its landing place from now on, and owns its data. */
  if (to != NULL && gtk_widget_get_mapped (to)
      && start_flight (self, self->pending_card, &self->pending_from, to, self->pending_landing,
                       self->pending_target, self->pending_data, self->pending_destroy))
    self->pending_destroy = NULL;
  forget_pending (self);
  return G_SOURCE_REMOVE;
}

/* Flies card from the widget `from`, as it is now, to the widget that
 * find_target (data) gives once the table is laid out again, and again
 * while the card flies; destroy frees data when the flight is over. A newer
 * flight takes the place of one still waiting. */
void
arb_flight_layer_fly_later (ArbFlightLayer *self, ArbCard card, GtkWidget *from,
                            ArbFlightTargetFunc find_target, ArbFlightLanding landing, gpointer data,
                            GDestroyNotify destroy)
{
  graphene_rect_t from_rect;

  g_return_if_fail (ARB_IS_FLIGHT_LAYER (self));
  if (from == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self))
      || !gtk_widget_compute_bounds (from, GTK_WIDGET (self), &from_rect))
    {
      if (destroy != NULL)
        destroy (data);
      return;
    }
  forget_pending (self);
  self->pending_from = from_rect;
  self->pending_card = card;
  self->pending_landing = landing;
  self->pending_target = find_target;
  self->pending_data = data;
  self->pending_destroy = destroy;
  self->pending_frames = 0;
  if (self->pending_tick == 0)
    self->pending_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), pending_tick_cb, NULL, NULL);
}

/* The faces of the cards in flight, and of one waiting to fly, in
 * faces (ARB_CARD_NONE: face down); how many. */
guint
arb_flight_layer_get_faces (ArbFlightLayer *self, ArbCard *faces, guint max)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_FLIGHT_LAYER (self), 0);
  for (guint i = 0; i < self->flights->len && n < max; i++)
    {
      Flight *flight = g_ptr_array_index (self->flights, i);

      faces[n++] = arb_card_widget_get_card (ARB_CARD_WIDGET (flight->card));
    }
  if (self->pending_tick != 0 && n < max)
    faces[n++] = self->pending_card;
  return n;
}

guint
arb_flight_layer_get_n_flying (ArbFlightLayer *self)
{
  g_return_val_if_fail (ARB_IS_FLIGHT_LAYER (self), 0);
  return self->flights->len;
}

static void
arb_flight_layer_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  ArbFlightLayer *self = ARB_FLIGHT_LAYER (widget);

  for (guint i = 0; i < self->flights->len; i++)
    {
      Flight *flight = g_ptr_array_index (self->flights, i);
      graphene_rect_t now;
      int w, h;

      graphene_rect_interpolate (&flight->from, &flight->target, flight->progress, &now);
      gtk_widget_measure (flight->card, GTK_ORIENTATION_HORIZONTAL, -1, &w, NULL, NULL, NULL);
      gtk_widget_measure (flight->card, GTK_ORIENTATION_VERTICAL, -1, &h, NULL, NULL, NULL);
      gtk_widget_size_allocate (flight->card,
                                &(GtkAllocation) { (int) now.origin.x, (int) now.origin.y, w, h }, -1);
    }
}

static void
arb_flight_layer_unmap (GtkWidget *widget)
{
  ArbFlightLayer *self = ARB_FLIGHT_LAYER (widget);

  if (self->pending_tick != 0)
    gtk_widget_remove_tick_callback (widget, self->pending_tick);
  self->pending_tick = 0;
  forget_pending (self);
  g_ptr_array_set_size (self->flights, 0);
  GTK_WIDGET_CLASS (arb_flight_layer_parent_class)->unmap (widget);
}

static void
arb_flight_layer_dispose (GObject *object)
{
  ArbFlightLayer *self = ARB_FLIGHT_LAYER (object);

  g_clear_pointer (&self->flights, g_ptr_array_unref);
  forget_pending (self);
  G_OBJECT_CLASS (arb_flight_layer_parent_class)->dispose (object);
}

static void
arb_flight_layer_class_init (ArbFlightLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_flight_layer_dispose;
  widget_class->size_allocate = arb_flight_layer_size_allocate;
  widget_class->unmap = arb_flight_layer_unmap;
}

static void
arb_flight_layer_init (ArbFlightLayer *self)
{
  self->flights = g_ptr_array_new_with_free_func ((GDestroyNotify) flight_free);
  /* Clicks go through to the table below. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
arb_flight_layer_new (void)
{
  return g_object_new (ARB_TYPE_FLIGHT_LAYER, NULL);
}
