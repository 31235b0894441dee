/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-viewpoint.h: a table as one viewer sees it.
 *
 * A view of the table never gets the whole state. It gets an ArbViewpoint:
 * a source (the live ArbGame, or an ArbReplay of it) seen by one viewer, a
 * seat or the public table (arb-projection.h). The viewpoint gives the
 * projection of the position (arb_viewpoint_get_projection), the steps as
 * the viewer saw them or will see them in a replay (arb_viewpoint_get_step),
 * and the signals of
 * ArbTableEvents, which it implements, with what the viewer may not know
 * written over: another seat's draw from the deck is "a card", with no
 * face (ARB_CARD_NONE). Two games that differ only in hidden cards give
 * the same projections, steps and signals, byte for byte.
 *
 * Changing the viewer or the source emits "position-reset".
 */
#pragma once

#include <glib-object.h>

#include "arb-game.h"
#include "arb-projection.h"
#include "arb-table-events.h"

G_BEGIN_DECLS

#define ARB_TYPE_VIEWPOINT (arb_viewpoint_get_type ())
G_DECLARE_FINAL_TYPE (ArbViewpoint, arb_viewpoint, ARB, VIEWPOINT, GObject)

ArbViewpoint        *arb_viewpoint_new            (ArbTableEvents *source,
                                                   int             viewer);
ArbTableEvents      *arb_viewpoint_get_source     (ArbViewpoint   *self);
void                 arb_viewpoint_show           (ArbViewpoint   *self,
                                                   ArbTableEvents *source,
                                                   int             viewer);
void                 arb_viewpoint_set_source     (ArbViewpoint   *self,
                                                   ArbTableEvents *source);
int                  arb_viewpoint_get_viewer     (ArbViewpoint   *self);
void                 arb_viewpoint_set_viewer     (ArbViewpoint   *self,
                                                   int             viewer);
gboolean             arb_viewpoint_is_replay      (ArbViewpoint   *self);

const ArbProjection *arb_viewpoint_get_projection (ArbViewpoint   *self);
guint                arb_viewpoint_get_n_steps    (ArbViewpoint   *self);
guint                arb_viewpoint_get_n_recorded (ArbViewpoint   *self);
gboolean             arb_viewpoint_get_step       (ArbViewpoint   *self,
                                                   guint           index,
                                                   ArbStep        *step);

/* The source's game: for the players' names and kinds and the words of
 * arb-game-text.h. A view never reads its state or its steps. */
ArbGame             *arb_viewpoint_get_game       (ArbViewpoint   *self);

G_END_DECLS
