/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-move.h: one action of a turn, and the record of it once taken. */
#pragma once

#include "arb-card.h"

G_BEGIN_DECLS

typedef enum {
  ARB_MOVE_DRAW,
  ARB_MOVE_PLAY,
  ARB_MOVE_DISCARD,
} ArbMoveKind;

/* Where a card is drawn from: the deck, or the discard pile of player p (>= 0).
 * In solo the one shared discard pile is pile 0. */
#define ARB_SOURCE_DECK (-1)

typedef struct {
  ArbMoveKind kind;
  gint8       source; /* draws */
  ArbCard     card;   /* plays and discards; for draws, filled in when taken */
  gint16      x, y;   /* plays, and discards in solo (into Q's arboretum) */
} ArbMove;

/* A move as it happened, with what the rules did after it. */
typedef struct {
  ArbMove move;
  guint8  player;
  ArbCard refill_discard; /* solo: deck card turned onto the discard pile */
  ArbCard refill_q;       /* solo: deck card dealt face down to Q */
} ArbStep;

/* Keeps a coordinate far off the table off the table when it narrows. */
static inline gint16
arb_move_coord (int c)
{
  return (gint16) CLAMP (c, G_MININT16, G_MAXINT16);
}

static inline ArbMove
arb_move_draw (int source)
{
  /* A source far out of range must stay out of range, not wrap onto a pile. */
  ArbMove m = { ARB_MOVE_DRAW, (gint8) CLAMP (source, G_MININT8, G_MAXINT8), ARB_CARD_NONE, 0, 0 };
  return m;
}

static inline ArbMove
arb_move_play (ArbCard card, int x, int y)
{
  ArbMove m = { ARB_MOVE_PLAY, 0, card, arb_move_coord (x), arb_move_coord (y) };
  return m;
}

static inline ArbMove
arb_move_discard (ArbCard card, int x, int y)
{
  ArbMove m = { ARB_MOVE_DISCARD, 0, card, arb_move_coord (x), arb_move_coord (y) };
  return m;
}

const char *arb_move_kind_id (ArbMoveKind kind);
gboolean arb_move_kind_from_id (const char *id, ArbMoveKind *kind);

G_END_DECLS
