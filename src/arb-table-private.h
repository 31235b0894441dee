/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-private.h: what arb-table.c shares with arb-table-focus.c, the
 * keyboard's and the screen reader's part of the table, which it uses and
 * which never calls back into it: the struct, and who the table shows. */
#pragma once

#include <adwaita.h>

#include "arb-announcer.h"
#include "arb-arboretum-view.h"
#include "arb-flight-layer-private.h"
#include "arb-hand-view.h"
#include "arb-log-view.h"
#include "arb-pile-view.h"
#include "arb-side-panel.h"
#include "arb-table.h"
#include "arb-table-heading.h"

G_BEGIN_DECLS

/* The usual width of a card of the large arboretum, as large as a card of
 * the hand in a tall window: the arboretum shrinks its cards to fit its
 * room as it grows (arb_arboretum_view_set_fit), so that a large window's
 * room is not left empty. */
#define DEFAULT_CARD_WIDTH 100

struct _ArbTable
{
  GtkWidget             parent_instance;

  /* Template widgets */
  ArbFlightLayer       *flight_layer;
  AdwFlap              *flap;
  ArbTableHeading      *heading;
  GtkBox               *piles_box;
  GtkLabel             *own_title;
  ArbArboretumView     *own_view;
  GtkBox               *other_hands_box;
  GtkLabel             *hand_title;
  GtkButton            *discard_button;
  ArbHandView          *hand_view;
  ArbSidePanel         *side_panel;

  GSignalGroup         *viewpoint_signals;
  ArbViewpoint         *viewpoint;   /* the game, or a replay of it, as one viewer sees it */
  ArbGame              *game;        /* its game: for names and words only */
  ArbCard               new_card;    /* the card the seat just drew from the deck */
  gboolean              open_hands;  /* a replay shows every hand */
  int                   card_width;  /* of the large arboretum */
  guint                 focus_turn;  /* the turn the focus was last placed for */
  guint                 focus_idle;
  GtkWidget            *pile_views[ARB_MAX_PLAYERS + 1]; /* deck first */
  int                   thinking_seat; /* the computer deciding, or -1 */
  ArbAnnouncer         *announcer;   /* what a screen reader hears of the steps */
  GtkWidget            *before_log;  /* where L from the log goes back to (weak) */
};

static inline gboolean
is_replay (ArbTable *self)
{
  return self->viewpoint != NULL && arb_viewpoint_is_replay (self->viewpoint);
}

static inline int
viewer (ArbTable *self)
{
  return self->viewpoint != NULL ? arb_viewpoint_get_viewer (self->viewpoint) : ARB_VIEWER_PUBLIC;
}

/* Everything the table shows comes from here: the position as the viewer
 * may know it. */
static inline const ArbState *
shown_state (ArbTable *self)
{
  return &arb_viewpoint_get_projection (self->viewpoint)->state;
}

/* Whose arboretum is large: the viewer's, or for the public table and a
 * replay with every hand open the first person's (the first seat in a
 * game of computers). */
static inline int
large_seat (ArbTable *self)
{
  if (viewer (self) >= 0)
    return viewer (self);
  for (guint p = 0; p < arb_game_get_n_seats (self->game); p++)
    if (!arb_game_is_computer (self->game, p))
      return (int) p;
  return 0;
}

/* Whose hand is shown: the viewer's; none for the public table; with
 * every card open, that of the large arboretum. -1 for none. */
static inline int
hand_seat (ArbTable *self)
{
  if (viewer (self) == ARB_VIEWER_ALL)
    return large_seat (self);
  return viewer (self);
}

/* player's arboretum in the side panel, NULL past the players. */
static inline ArbArboretumView *
seat_view (ArbTable *self, guint player)
{
  return arb_side_panel_get_arboretum_view (self->side_panel, player);
}

static inline ArbArboretumView *
arboretum_view (ArbTable *self, guint player)
{
  if ((int) player == large_seat (self))
    return self->own_view;
  return seat_view (self, player);
}

/* arb-table-focus.c */
void              _arb_table_announce            (ArbTable     *self,
                                                  const char   *text);
ArbArboretumView *_arb_table_view_with_cells     (ArbTable     *self);
void              _arb_table_queue_restore_focus (ArbTable     *self);

/* What the table shows, read from its widgets, as text: the heading, each
 * pile's top card and count, every arboretum's cards, the hand's title
 * and cards. Free with g_free (). */
char             *arb_table_dump               (ArbTable     *self);
ArbHandView      *arb_table_get_hand_view      (ArbTable     *self);
ArbArboretumView *arb_table_get_arboretum_view (ArbTable     *self,
                                                guint         player);
ArbArboretumView *arb_table_get_side_view      (ArbTable     *self);
ArbPileView      *arb_table_get_pile_view      (ArbTable     *self,
                                                int           source);
ArbLogView       *arb_table_get_log_view       (ArbTable     *self);
ArbFlightLayer   *arb_table_get_flight_layer   (ArbTable     *self);
const char       *arb_table_get_hand_title     (ArbTable     *self);

G_END_DECLS
