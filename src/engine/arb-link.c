/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-link.c: a session's link to the host of a game played elsewhere
 * (arb-link.h). */
#include "config.h"

#include "arb-link.h"

G_DEFINE_INTERFACE (ArbLink, arb_link, G_TYPE_OBJECT)

enum {
  SEATED,
  STEP,
  PLAYER_CHANGED,
  REFUSED,
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
arb_link_default_init (ArbLinkInterface *iface)
{
  GType type = G_TYPE_FROM_INTERFACE (iface);

  signals[SEATED] = g_signal_new ("seated", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, ARB_TYPE_GAME, G_TYPE_INT);
  /* (const ArbStep *, const ArbProjection *): valid during the emission. */
  signals[STEP] = g_signal_new ("step", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_POINTER);
  signals[PLAYER_CHANGED] = g_signal_new ("player-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_UINT, ARB_TYPE_PLAYER);
  signals[REFUSED] = g_signal_new ("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 2, ARB_TYPE_GAME, G_TYPE_FILE);
}

/* The person's move, which the rules allow here, goes to the host; its
 * step comes back with "step", or "refused" says it will not. */
void
arb_link_send_move (ArbLink *self, const ArbMove *move)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_return_if_fail (move != NULL);
  ARB_LINK_GET_IFACE (self)->send_move (self, move);
}

/* The session cannot follow what the host sent (why says what does not
 * add up): the link gives up, and tells its own listeners why. */
void
arb_link_break (ArbLink *self, const char *why)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_return_if_fail (why != NULL);
  ARB_LINK_GET_IFACE (self)->break_off (self, why);
}

/* The session leaves the host's table: the link closes, and says nothing
 * more. What stays on the host's side is the link's business. */
void
arb_link_leave (ArbLink *self)
{
  g_return_if_fail (ARB_IS_LINK (self));
  ARB_LINK_GET_IFACE (self)->leave (self);
}

void
arb_link_seated (ArbLink *self, ArbGame *game, int seat)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_return_if_fail (ARB_IS_GAME (game));
  g_return_if_fail (seat >= 0 && seat < (int) arb_game_get_n_seats (game));
  g_signal_emit (self, signals[SEATED], 0, game, seat);
}

void
arb_link_step (ArbLink *self, const ArbStep *step, const ArbProjection *after)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_return_if_fail (step != NULL);
  g_signal_emit (self, signals[STEP], 0, step, after);
}

void
arb_link_player_changed (ArbLink *self, guint seat, ArbPlayer *player)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_return_if_fail (ARB_IS_PLAYER (player));
  g_signal_emit (self, signals[PLAYER_CHANGED], 0, seat, player);
}

void
arb_link_refused (ArbLink *self)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_signal_emit (self, signals[REFUSED], 0);
}

void
arb_link_finished (ArbLink *self, ArbGame *record, GFile *file)
{
  g_return_if_fail (ARB_IS_LINK (self));
  g_return_if_fail (ARB_IS_GAME (record) && arb_game_is_finished (record));
  g_return_if_fail (file == NULL || G_IS_FILE (file));
  g_signal_emit (self, signals[FINISHED], 0, record, file);
}
