/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-arboretum.c
 *
 * An arboretum holds at most a few dozen cards, so a linear scan over the
 * placed cards is faster than any map and keeps the struct copyable.
 */
#include "config.h"

#include <stdlib.h>
#include <glib/gi18n-lib.h>

#include "arb-arboretum.h"
#include "arb-error.h"

int
arb_arboretum_index_at (const ArbArboretum *arboretum, int x, int y)
{
  for (guint i = 0; i < arboretum->n; i++)
    if (arboretum->cells[i].x == x && arboretum->cells[i].y == y)
      return (int) i;
  return -1;
}

ArbCard
arb_arboretum_card_at (const ArbArboretum *arboretum, int x, int y)
{
  int i = arb_arboretum_index_at (arboretum, x, y);
  return i < 0 ? ARB_CARD_NONE : arboretum->cells[i].card;
}

/* Whether (x, y) shares an edge with a placed card. */
gboolean
arb_arboretum_is_adjacent (const ArbArboretum *arboretum, int x, int y)
{
  for (guint i = 0; i < arboretum->n; i++)
    {
      int dx = abs (arboretum->cells[i].x - x);
      int dy = abs (arboretum->cells[i].y - y);
      if (dx + dy == 1)
        return TRUE;
    }
  return FALSE;
}

static gboolean
in_range (int x, int y)
{
  return ABS (x) <= ARB_COORD_LIMIT && ABS (y) <= ARB_COORD_LIMIT;
}

/* The placement rule: the first card anywhere, then next to a planted card. */
gboolean
arb_arboretum_check_place (const ArbArboretum *arboretum, int x, int y, GError **error)
{
  if (!in_range (x, y))
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_OUT_OF_RANGE,
                   _("The cell (%d, %d) is off the table"), x, y);
      return FALSE;
    }
  if (arb_arboretum_index_at (arboretum, x, y) >= 0)
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_CELL_TAKEN,
                   _("A card already lies at (%d, %d)"), x, y);
      return FALSE;
    }
  if (arboretum->n > 0 && !arb_arboretum_is_adjacent (arboretum, x, y))
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_NOT_ADJACENT,
                   _("The cell (%d, %d) is not next to a card of the arboretum"), x, y);
      return FALSE;
    }
  return TRUE;
}

void
arb_arboretum_place (ArbArboretum *arboretum, ArbCard card, int x, int y)
{
  g_assert (arboretum->n < ARB_N_CARDS && in_range (x, y));
  ArbPlacement *cell = &arboretum->cells[arboretum->n++];
  cell->x = (gint8) x;
  cell->y = (gint8) y;
  cell->card = card;
}

static gboolean
listed (const gint8 *xy, guint n, int x, int y)
{
  for (guint i = 0; i < n; i++)
    if (xy[2 * i] == x && xy[2 * i + 1] == y)
      return TRUE;
  return FALSE;
}

guint
arb_arboretum_free_cells (const ArbArboretum *arboretum, gint8 *xy)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  guint n = 0;

  if (arboretum->n == 0)
    {
      xy[0] = xy[1] = 0;
      return 1;
    }
  for (guint i = 0; i < arboretum->n; i++)
    for (guint d = 0; d < 4; d++)
      {
        int x = arboretum->cells[i].x + dirs[d][0];
        int y = arboretum->cells[i].y + dirs[d][1];
        if (!in_range (x, y) || arb_arboretum_index_at (arboretum, x, y) >= 0
            || listed (xy, n, x, y))
          continue;
        xy[2 * n] = (gint8) x;
        xy[2 * n + 1] = (gint8) y;
        n++;
      }
  return n;
}

ArbSpeciesMask
arb_arboretum_species (const ArbArboretum *arboretum)
{
  ArbSpeciesMask mask = 0;
  for (guint i = 0; i < arboretum->n; i++)
    mask |= (ArbSpeciesMask) (1u << arb_card_species (arboretum->cells[i].card));
  return mask;
}
