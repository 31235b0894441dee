/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-events.h: what the views of a table listen to.
 *
 * ArbGame (the game being played) and ArbReplay (a cursor over a recorded
 * game) both implement this interface, so a view follows either through
 * the same signals:
 *
 * - "card-drawn" (player, source, card): source is ARB_SOURCE_DECK or a
 *   discard pile;
 * - "card-played" (player, card, x, y);
 * - "card-discarded" (player, card, x, y): x and y name the cell of Q's
 *   arboretum in solo;
 * - "turn-started" (player);
 * - "game-ended";
 * - "step-applied" (index): after every step, for views that simply redraw;
 * - "position-reset": the position jumped (a step taken back, a replay
 *   moved back or far): views redraw everything from the current state.
 */
#pragma once

#include <glib-object.h>

#include "arb-move.h"
#include "arb-state.h"

G_BEGIN_DECLS

#define ARB_TYPE_TABLE_EVENTS (arb_table_events_get_type ())
G_DECLARE_INTERFACE (ArbTableEvents, arb_table_events, ARB, TABLE_EVENTS, GObject)

struct _ArbTableEventsInterface
{
  GTypeInterface parent_iface;
};

/* Emits the signals of one step, number index, that took the table from
 * before to after. */
void arb_table_events_emit_step  (ArbTableEvents *self,
                                  const ArbStep  *step,
                                  guint           index,
                                  const ArbState *before,
                                  const ArbState *after);

void arb_table_events_emit_reset (ArbTableEvents *self);

G_END_DECLS
