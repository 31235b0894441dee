/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-link.h: a session's link to the host of a game played elsewhere.
 *
 * Online, the host holds the true game and plays every seat but the one at
 * this screen; the session holds the game as that seat saw it, and owns
 * its link as it owns its file (arb_session_join(), arb_session_leave()).
 * The link carries both ways: the person's moves go out
 * (arb_link_send_move()), and the host's word comes in as signals, which
 * the session alone listens to:
 *
 *   "seated" (ArbGame *game, int seat): the game as seat saw it from its
 *     start (arb_game_new_as_seen()), with every step the link brought so
 *     far; sent again when the link lost track of it (a dropped
 *     connection whose history no longer fits);
 *   "step" (const ArbStep *step, const ArbProjection *after): the host's
 *     next step as the seat saw it, and what the seat sees after it (NULL:
 *     checked with the next step that brings it);
 *   "player-changed" (guint seat, ArbPlayer *player): the host gave seat
 *     to another player (a computer in place of a person who left);
 *   "refused": the move sent will not be played (the host refused it, or
 *     the connection dropped): the person may choose again;
 *   "finished" (ArbGame *record, GFile *file): the host's own record of the
 *     finished game, saved in file (NULL: nowhere).
 *
 * A step the session cannot follow breaks the link (arb_link_break()).
 * How the link reaches its host, and what it tells of it, are its own:
 * ArbNetPlay (src/net/) links over a network connection.
 */
#pragma once

#include <gio/gio.h>

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_LINK (arb_link_get_type ())
G_DECLARE_INTERFACE (ArbLink, arb_link, ARB, LINK, GObject)

struct _ArbLinkInterface
{
  GTypeInterface parent_iface;

  void (*send_move) (ArbLink       *self,
                     const ArbMove *move);
  void (*break_off) (ArbLink       *self,
                     const char    *why);
  void (*leave)     (ArbLink       *self);
};

void arb_link_send_move (ArbLink       *self,
                         const ArbMove *move);
void arb_link_break     (ArbLink       *self,
                         const char    *why);
void arb_link_leave     (ArbLink       *self);

/* For implementations: what the host said. */
void arb_link_seated         (ArbLink             *self,
                              ArbGame             *game,
                              int                  seat);
void arb_link_step           (ArbLink             *self,
                              const ArbStep       *step,
                              const ArbProjection *after);
void arb_link_player_changed (ArbLink             *self,
                              guint                seat,
                              ArbPlayer           *player);
void arb_link_refused        (ArbLink             *self);
void arb_link_finished       (ArbLink             *self,
                              ArbGame             *record,
                              GFile               *file);

G_END_DECLS
