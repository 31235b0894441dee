/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-card-widget.h: one card, drawn by the program. */
#pragma once

#include <gtk/gtk.h>

#include "arb-engine.h"

G_BEGIN_DECLS

/* A card's height for its width. */
#define ARB_CARD_RATIO 1.4

#define ARB_TYPE_CARD_WIDGET (arb_card_widget_get_type ())
G_DECLARE_FINAL_TYPE (ArbCardWidget, arb_card_widget, ARB, CARD_WIDGET, GtkWidget)

/* What the widget shows when it holds no card. */
typedef enum {
  ARB_CARD_WIDGET_EMPTY, /* an outline: an empty discard pile */
  ARB_CARD_WIDGET_BACK,  /* the back of a card: the deck */
} ArbCardWidgetBlank;

GtkWidget *arb_card_widget_new          (ArbCard        card,
                                         int            width);
void       arb_card_widget_set_card     (ArbCardWidget *self,
                                         ArbCard        card);
ArbCard    arb_card_widget_get_card     (ArbCardWidget *self);
void       arb_card_widget_set_blank    (ArbCardWidget *self,
                                         ArbCardWidgetBlank blank);
void       arb_card_widget_set_width    (ArbCardWidget *self,
                                         int            width);
void       arb_card_widget_set_lit      (ArbCardWidget *self,
                                         gboolean       lit);
gboolean   arb_card_widget_get_lit      (ArbCardWidget *self);

void       arb_card_widget_set_show_names (gboolean  show);
double     arb_card_widget_text_scale   (GtkWidget     *widget);
int        arb_card_widget_room_width   (GtkWidget     *widget,
                                         int            smallest,
                                         int            largest);
gboolean   arb_card_widget_name_fits    (ArbSpecies     species,
                                         int            width);


G_END_DECLS
