/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-pile-view.h: the deck or a discard pile: its top card and its size. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_PILE_VIEW (arb_pile_view_get_type ())
G_DECLARE_FINAL_TYPE (ArbPileView, arb_pile_view, ARB, PILE_VIEW, AdwBin)

GtkWidget *arb_pile_view_new        (int             source);
void       arb_pile_view_set_pile   (ArbPileView    *self,
                                     const ArbPile  *pile,
                                     const char     *title,
                                     const char     *short_title);
void       arb_pile_view_set_turns_left (ArbPileView *self,
                                         guint        turns_left,
                                         guint        n_seats);
void       arb_pile_view_set_suggestion (ArbPileView *self,
                                         gboolean     suggested,
                                         ArbCard      ghost);
gboolean   arb_pile_view_get_suggested  (ArbPileView *self);
void       arb_pile_view_set_thinking   (ArbPileView *self,
                                         const char  *description);
GtkWidget *arb_pile_view_get_ghost      (ArbPileView *self);
int        arb_pile_view_get_source (ArbPileView    *self);
GtkWidget *arb_pile_view_get_button (ArbPileView    *self);
GtkLabel  *arb_pile_view_get_title_label (ArbPileView *self);
GtkLabel  *arb_pile_view_get_count_label (ArbPileView *self);

G_END_DECLS
