/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-error.h: the error domain of the rules engine. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ARB_ERROR (arb_error_quark ())

typedef enum {
  ARB_ERROR_WRONG_PHASE,      /* the action does not belong to this step of the turn */
  ARB_ERROR_EMPTY_SOURCE,     /* drawing from an empty deck or discard pile */
  ARB_ERROR_NO_SUCH_SOURCE,   /* a discard pile that is not in the game */
  ARB_ERROR_MUST_DRAW_DISCARD,/* the deck ran out: the second card comes from a discard pile */
  ARB_ERROR_NOT_IN_HAND,      /* the card is not in the player's hand */
  ARB_ERROR_CELL_TAKEN,       /* a card already lies there */
  ARB_ERROR_NOT_ADJACENT,     /* not orthogonally next to the arboretum */
  ARB_ERROR_OUT_OF_RANGE,     /* a coordinate beyond the table */
  ARB_ERROR_GAME_OVER,        /* the game has ended */
  ARB_ERROR_INVALID_SETUP,    /* impossible rule set, player count or species */
  ARB_ERROR_INVALID_POSITION, /* a position that no game can reach */
} ArbErrorCode;

GQuark arb_error_quark    (void);
char  *arb_error_one_line (const char *text);

G_END_DECLS
