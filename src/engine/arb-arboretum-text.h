/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-arboretum-text.h: an arboretum in words, for a player who cannot see
 * it: where a card is, the scoring paths it lies on, and what a free place
 * is next to. The window's accessible names and arboretum-cli may share
 * them; the paths come from the scoring, never from the window. */
#pragma once

#include "arb-arboretum.h"

G_BEGIN_DECLS

char *arb_arboretum_describe_path  (const ArbPlacement *cards,
                                    guint               n);
char *arb_arboretum_describe_card  (const ArbArboretum *arboretum,
                                    int                 x,
                                    int                 y);
char *arb_arboretum_describe_place (const ArbArboretum *arboretum,
                                    int                 x,
                                    int                 y);

G_END_DECLS
