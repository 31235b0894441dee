/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-events.c: the signals of a table, declared once for ArbGame
 * and ArbReplay. */
#include "config.h"

#include "arb-table-events.h"

G_DEFINE_INTERFACE (ArbTableEvents, arb_table_events, G_TYPE_OBJECT)

enum {
  CARD_DRAWN,
  CARD_PLAYED,
  CARD_DISCARDED,
  TURN_STARTED,
  GAME_ENDED,
  STEP_APPLIED,
  POSITION_RESET,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
arb_table_events_default_init (ArbTableEventsInterface *iface)
{
  GType type = G_TYPE_FROM_INTERFACE (iface);

  signals[CARD_DRAWN] =
    g_signal_new ("card-drawn", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_INT, G_TYPE_UINT);
  signals[CARD_PLAYED] =
    g_signal_new ("card-played", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_INT, G_TYPE_INT);
  signals[CARD_DISCARDED] =
    g_signal_new ("card-discarded", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_INT, G_TYPE_INT);
  signals[TURN_STARTED] =
    g_signal_new ("turn-started", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[GAME_ENDED] =
    g_signal_new ("game-ended", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[STEP_APPLIED] =
    g_signal_new ("step-applied", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[POSITION_RESET] =
    g_signal_new ("position-reset", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

void
arb_table_events_emit_step (ArbTableEvents *self, const ArbStep *step, guint index,
                            const ArbState *before, const ArbState *after)
{
  const ArbMove *m = &step->move;

  g_return_if_fail (ARB_IS_TABLE_EVENTS (self));

  switch (m->kind)
    {
    case ARB_MOVE_DRAW:
      g_signal_emit (self, signals[CARD_DRAWN], 0, (guint) step->player, (int) m->source, (guint) m->card);
      break;
    case ARB_MOVE_PLAY:
      g_signal_emit (self, signals[CARD_PLAYED], 0, (guint) step->player, (guint) m->card, (int) m->x, (int) m->y);
      break;
    case ARB_MOVE_DISCARD:
      g_signal_emit (self, signals[CARD_DISCARDED], 0, (guint) step->player, (guint) m->card, (int) m->x, (int) m->y);
      break;
    }
  g_signal_emit (self, signals[STEP_APPLIED], 0, index);
  if (after->phase == ARB_PHASE_OVER)
    g_signal_emit (self, signals[GAME_ENDED], 0);
  else if (after->turn != before->turn)
    g_signal_emit (self, signals[TURN_STARTED], 0, (guint) after->current);
}

void
arb_table_events_emit_reset (ArbTableEvents *self)
{
  g_return_if_fail (ARB_IS_TABLE_EVENTS (self));
  g_signal_emit (self, signals[POSITION_RESET], 0);
}
