/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-side-panel.c: the side panel of the table.
 *
 * The table hands the panel the viewpoint it draws at each call, and the
 * panel reads only its projection and its game's names: it keeps no
 * viewpoint of its own, so it always shows the table's. Which arboretum
 * is visible is the panel's own business: never the large one, the one a
 * follower asks for, or the one whose places are lit.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-side-panel.h"

/* The most characters of a name on a tab: the full name is shown
 * elsewhere. The same as above a discard pile on the table. */
#define SHORT_NAME_CHARS 10

/* The width of a card of the arboreta in the panel. */
#define SIDE_CARD_WIDTH 52

struct _ArbSidePanel
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkWidget            *seat_switcher;
  GtkStack             *seats_stack;
  ArbLogView           *log_view;
  ArbRightsPanel       *rights_panel;

  ArbArboretumView     *seat_views[ARB_MAX_PLAYERS];
  int                   large_seat;  /* whose arboretum has no tab; -1 before the first update */
};

G_DEFINE_FINAL_TYPE (ArbSidePanel, arb_side_panel, GTK_TYPE_WIDGET)

enum {
  CELL_ACTIVATED,
  CARD_DROPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_cell_activated (ArbArboretumView *view, int x, int y, ArbSidePanel *self)
{
  g_signal_emit (self, signals[CELL_ACTIVATED], 0, x, y);
}

static void
on_card_dropped (ArbArboretumView *view, guint card, int x, int y, ArbSidePanel *self)
{
  g_signal_emit (self, signals[CARD_DROPPED], 0, card, x, y);
}

/* Tabs that may be cut keep the side panel as narrow as its width-request
 * with four players, so it does not fold away too soon. They are cut in
 * the middle, which keeps what tells names apart ("Pla…r 4"). */
static void
ellipsize_tabs (ArbSidePanel *self)
{
  for (GtkWidget *button = gtk_widget_get_first_child (self->seat_switcher);
       button != NULL; button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      if (GTK_IS_LABEL (label))
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
    }
}

/* One arboretum and one tab for every player of viewpoint's game, and the
 * log of its steps from the start: for a new game. */
void
arb_side_panel_build (ArbSidePanel *self, ArbViewpoint *viewpoint)
{
  ArbGame *game;
  GtkWidget *child;

  g_return_if_fail (ARB_IS_SIDE_PANEL (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  game = arb_viewpoint_get_game (viewpoint);
  g_return_if_fail (game != NULL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats_stack))) != NULL)
    gtk_stack_remove (self->seats_stack, child);
  memset (self->seat_views, 0, sizeof self->seat_views);
  self->large_seat = -1;
  for (guint p = 0; p < arb_viewpoint_get_projection (viewpoint)->state.n_players; p++)
    {
      g_autofree char *name = g_strdup_printf ("seat%u", p);
      g_autofree char *tab = arb_game_short_player_name (game, p, SHORT_NAME_CHARS);

      self->seat_views[p] = g_object_new (ARB_TYPE_ARBORETUM_VIEW, NULL);
      arb_arboretum_view_set_card_width (self->seat_views[p], SIDE_CARD_WIDTH);
      gtk_stack_add_titled (self->seats_stack, GTK_WIDGET (self->seat_views[p]), name, tab);
      g_signal_connect (self->seat_views[p], "cell-activated", G_CALLBACK (on_cell_activated), self);
      g_signal_connect (self->seat_views[p], "card-dropped", G_CALLBACK (on_card_dropped), self);
    }
  ellipsize_tabs (self);
  arb_log_view_set_viewpoint (self->log_view, viewpoint);
}

/* Every arboretum as viewpoint shows it now; that of large_seat, large on
 * the table, loses its tab. */
void
arb_side_panel_update (ArbSidePanel *self, ArbViewpoint *viewpoint, int large_seat)
{
  const ArbState *state;

  g_return_if_fail (ARB_IS_SIDE_PANEL (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  g_return_if_fail (large_seat >= 0 && large_seat < ARB_MAX_PLAYERS);
  state = &arb_viewpoint_get_projection (viewpoint)->state;
  self->large_seat = large_seat;
  arb_rights_panel_update (self->rights_panel, viewpoint);
  for (guint p = 0; p < state->n_players; p++)
    {
      GtkStackPage *page = gtk_stack_get_page (self->seats_stack, GTK_WIDGET (self->seat_views[p]));

      arb_arboretum_view_set_arboretum (self->seat_views[p], &state->arboreta[p]);
      gtk_stack_page_set_visible (page, (int) p != large_seat);
    }
  /* A hidden page can stay the visible child of a GtkStack: never show the
   * large arboretum a second time in place of another player's. */
  if (gtk_stack_get_visible_child (self->seats_stack) == GTK_WIDGET (self->seat_views[large_seat]))
    gtk_stack_set_visible_child (self->seats_stack,
                                 GTK_WIDGET (self->seat_views[(large_seat + 1) % (int) state->n_players]));
}

/* The log follows a replay's cursor, and goes back to its end after. */
static void
follow_in_log (ArbSidePanel *self, ArbViewpoint *viewpoint)
{
  arb_log_view_follow (self->log_view,
                       arb_viewpoint_is_replay (viewpoint) ? (int) arb_viewpoint_get_n_steps (viewpoint) : -1);
}

/* A step of viewpoint's game was played, or its replay moved one step. */
void
arb_side_panel_step_applied (ArbSidePanel *self, ArbViewpoint *viewpoint, guint index)
{
  g_return_if_fail (ARB_IS_SIDE_PANEL (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  if (arb_viewpoint_is_replay (viewpoint))
    follow_in_log (self, viewpoint);
  else
    arb_log_view_add_step (self->log_view, index);
}

/* viewpoint's position jumped: steps taken back leave the log of a game. */
void
arb_side_panel_position_reset (ArbSidePanel *self, ArbViewpoint *viewpoint)
{
  g_return_if_fail (ARB_IS_SIDE_PANEL (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  if (!arb_viewpoint_is_replay (viewpoint))
    arb_log_view_trim (self->log_view);
  follow_in_log (self, viewpoint);
}

/* The panel shows player's arboretum, unless it is the large one. */
void
arb_side_panel_follow_player (ArbSidePanel *self, guint player)
{
  g_return_if_fail (ARB_IS_SIDE_PANEL (self));
  if (player < ARB_MAX_PLAYERS && (int) player != self->large_seat && self->seat_views[player] != NULL)
    gtk_stack_set_visible_child (self->seats_stack, GTK_WIDGET (self->seat_views[player]));
}

/* The panel shows view, one of its arboreta: where the places are lit. */
void
arb_side_panel_show_arboretum (ArbSidePanel *self, ArbArboretumView *view)
{
  g_return_if_fail (ARB_IS_SIDE_PANEL (self));
  g_return_if_fail (gtk_widget_get_parent (GTK_WIDGET (view)) == GTK_WIDGET (self->seats_stack));
  gtk_stack_set_visible_child (self->seats_stack, GTK_WIDGET (view));
}

/* player's arboretum in the panel; NULL before a game or past its players. */
ArbArboretumView *
arb_side_panel_get_arboretum_view (ArbSidePanel *self, guint player)
{
  g_return_val_if_fail (ARB_IS_SIDE_PANEL (self), NULL);
  return player < ARB_MAX_PLAYERS ? self->seat_views[player] : NULL;
}

ArbArboretumView *
arb_side_panel_get_visible_view (ArbSidePanel *self)
{
  g_return_val_if_fail (ARB_IS_SIDE_PANEL (self), NULL);
  return ARB_ARBORETUM_VIEW (gtk_stack_get_visible_child (self->seats_stack));
}

/* The tab of player's arboretum: where a card goes to and comes from a
 * hand that is not on screen. The whole row of tabs if the player has
 * none (the large arboretum's). */
GtkWidget *
arb_side_panel_get_tab (ArbSidePanel *self, guint player)
{
  GtkWidget *button;

  g_return_val_if_fail (ARB_IS_SIDE_PANEL (self), NULL);
  button = gtk_widget_get_first_child (self->seat_switcher);
  for (guint p = 0; p < ARB_MAX_PLAYERS && self->seat_views[p] != NULL; p++)
    {
      GtkStackPage *page = gtk_stack_get_page (self->seats_stack, GTK_WIDGET (self->seat_views[p]));

      /* The switcher may keep a hidden button for a hidden page. */
      while (button != NULL && !gtk_widget_get_visible (button))
        button = gtk_widget_get_next_sibling (button);
      if (button == NULL || !gtk_stack_page_get_visible (page))
        continue;
      if (p == player)
        return button;
      button = gtk_widget_get_next_sibling (button);
    }
  return self->seat_switcher;
}

ArbLogView *
arb_side_panel_get_log_view (ArbSidePanel *self)
{
  g_return_val_if_fail (ARB_IS_SIDE_PANEL (self), NULL);
  return self->log_view;
}

ArbRightsPanel *
arb_side_panel_get_rights_panel (ArbSidePanel *self)
{
  g_return_val_if_fail (ARB_IS_SIDE_PANEL (self), NULL);
  return self->rights_panel;
}

static void
arb_side_panel_dispose (GObject *object)
{
  ArbSidePanel *self = ARB_SIDE_PANEL (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_SIDE_PANEL);
  /* The scrolled window, the separator and the "Moves" label are bound to
   * no field. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  memset (self->seat_views, 0, sizeof self->seat_views);
  G_OBJECT_CLASS (arb_side_panel_parent_class)->dispose (object);
}

static void
arb_side_panel_class_init (ArbSidePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_side_panel_dispose;

  /* (x, y): a place of one of the panel's arboreta was activated. */
  signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  /* (card, x, y): a card was dropped on a place of one of them. */
  signals[CARD_DROPPED] =
    g_signal_new ("card-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_INT, G_TYPE_INT);

  g_type_ensure (ARB_TYPE_LOG_VIEW);
  g_type_ensure (ARB_TYPE_RIGHTS_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-side-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbSidePanel, seat_switcher);
  gtk_widget_class_bind_template_child (widget_class, ArbSidePanel, seats_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbSidePanel, log_view);
  gtk_widget_class_bind_template_child (widget_class, ArbSidePanel, rights_panel);
}

static void
arb_side_panel_init (ArbSidePanel *self)
{
  self->large_seat = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Only the arboretum shown is read, as only it is seen. */
  arb_accessible_follow_stack (self->seats_stack);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->seat_switcher), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The other players’ arboreta"), -1);
}
