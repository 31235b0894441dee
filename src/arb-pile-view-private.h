/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-pile-view-private.h: what the tests ask of ArbPileView, beyond what
 * the table does. */
#pragma once

#include "arb-card-widget.h"
#include "arb-pile-view.h"

G_BEGIN_DECLS

ArbCardWidget *arb_pile_view_get_top  (ArbPileView *self);
const char    *arb_pile_view_get_name (ArbPileView *self);

G_END_DECLS
