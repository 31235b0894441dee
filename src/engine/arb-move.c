/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-move.c */
#include "config.h"

#include "arb-move.h"

static const char * const kind_ids[] = { "draw", "play", "discard" };

const char *
arb_move_kind_id (ArbMoveKind kind)
{
  g_return_val_if_fail (kind <= ARB_MOVE_DISCARD, NULL);
  return kind_ids[kind];
}

gboolean
arb_move_kind_from_id (const char *id, ArbMoveKind *kind)
{
  for (guint k = 0; k < G_N_ELEMENTS (kind_ids); k++)
    if (g_strcmp0 (id, kind_ids[k]) == 0)
      {
        *kind = (ArbMoveKind) k;
        return TRUE;
      }
  return FALSE;
}
