/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-arboretum.h: the cards a player has planted, on a grid.
 *
 * x grows to the right, y grows downwards. A plain value type, cheap to copy.
 */
#pragma once

#include "arb-card.h"

G_BEGIN_DECLS

/* Coordinates stay within this distance of the origin: far more than an
 * arboretum of 80 cards can reach from its first card at (0, 0), and small
 * enough for a signed byte. */
#define ARB_COORD_LIMIT 100

typedef struct {
  gint8   x;
  gint8   y;
  ArbCard card;
} ArbPlacement;

typedef struct {
  ArbPlacement cells[ARB_N_CARDS];
  guint8       n;
} ArbArboretum;

ArbCard  arb_arboretum_card_at       (const ArbArboretum *arboretum,
                                      int                 x,
                                      int                 y);
int      arb_arboretum_index_at      (const ArbArboretum *arboretum,
                                      int                 x,
                                      int                 y);
gboolean arb_arboretum_is_adjacent   (const ArbArboretum *arboretum,
                                      int                 x,
                                      int                 y);
gboolean arb_arboretum_check_place   (const ArbArboretum *arboretum,
                                      int                 x,
                                      int                 y,
                                      GError            **error);
void     arb_arboretum_place         (ArbArboretum       *arboretum,
                                      ArbCard             card,
                                      int                 x,
                                      int                 y);
/* Every empty cell where a card may go, as x, y pairs; xy holds
 * 2 * ARB_MAX_FREE_CELLS bytes. An empty arboretum offers (0, 0) alone. */
#define ARB_MAX_FREE_CELLS (4 * ARB_N_CARDS + 1)
guint    arb_arboretum_free_cells    (const ArbArboretum *arboretum,
                                      gint8              *xy);
ArbSpeciesMask arb_arboretum_species (const ArbArboretum *arboretum);

G_END_DECLS
