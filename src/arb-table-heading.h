/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-heading.h: the heading of the table, above the arboretum.
 *
 * Two lines beside the piles: the status ("Rina: Play a card · Last
 * turn") and a hint under it of what to do next, which arb_table_say ()
 * may replace with an error or a notice until the next step. It draws
 * what a viewpoint shows, as the table tells it to.
 */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_TABLE_HEADING (arb_table_heading_get_type ())
G_DECLARE_FINAL_TYPE (ArbTableHeading, arb_table_heading, ARB, TABLE_HEADING, GtkWidget)

void            arb_table_heading_update     (ArbTableHeading *self,
                                              ArbViewpoint    *viewpoint,
                                              gboolean         viewer_acts,
                                              ArbCard          drawn);
void            arb_table_heading_say        (ArbTableHeading *self,
                                              const char      *text,
                                              gboolean         is_error);
const char     *arb_table_heading_get_status (ArbTableHeading *self);
const char     *arb_table_heading_get_hint   (ArbTableHeading *self);

G_END_DECLS
