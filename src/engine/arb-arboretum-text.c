/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-arboretum-text.c: an arboretum in words (see arb-arboretum-text.h). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-arboretum-text.h"
#include "arb-scoring.h"

/* "Oak 1–3–5" for a path of one species, "Oak 1–Willow 3–Oak 5" when it
 * crosses others: each card says its species when it changes. */
char *
arb_arboretum_describe_path (const ArbPlacement *cards, guint n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      ArbCard card = cards[i].card;

      if (i > 0)
        g_string_append (text, "–");
      if (i == 0 || arb_card_species (card) != arb_card_species (cards[i - 1].card))
        {
          g_autofree char *name = arb_card_to_string (card);
          g_string_append (text, name);
        }
      else
        g_string_append_printf (text, "%u", arb_card_value (card));
    }
  return g_string_free (text, FALSE);
}

static gboolean
path_holds (const ArbPath *path, int x, int y)
{
  for (guint i = 0; i < path->n; i++)
    if (path->cards[i].x == x && path->cards[i].y == y)
      return TRUE;
  return FALSE;
}

/* The best paths, as the scoring would count them now, that pass through
 * (x, y), joined by "and"; NULL when there is none. */
static char *
paths_through (const ArbArboretum *arboretum, int x, int y)
{
  GString *text = NULL;

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      ArbPath path;
      g_autofree char *words = NULL;

      if (arb_arboretum_best_path (arboretum, (ArbSpecies) s, &path) == 0
          || !path_holds (&path, x, y))
        continue;
      words = arb_arboretum_describe_path (path.cards, path.n);
      if (text == NULL)
        text = g_string_new (words);
      else
        /* Translators: two paths a card lies on, "Oak 1–3–5 and Willow 2–3–7". */
        g_string_append_printf (text, _(" and %s"), words);
    }
  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

static void
top_left (const ArbArboretum *arboretum, int *min_x, int *min_y)
{
  *min_x = *min_y = G_MAXINT;
  for (guint i = 0; i < arboretum->n; i++)
    {
      *min_x = MIN (*min_x, arboretum->cells[i].x);
      *min_y = MIN (*min_y, arboretum->cells[i].y);
    }
}

/* "Oak 3, row 2, column 4, on a path of Oak 1–3–5": rows and columns count
 * from 1 at the arboretum's top left card, as a player sees them. */
char *
arb_arboretum_describe_card (const ArbArboretum *arboretum, int x, int y)
{
  ArbCard card = arb_arboretum_card_at (arboretum, x, y);
  g_autofree char *name = NULL;
  g_autofree char *paths = NULL;
  int min_x, min_y;

  g_return_val_if_fail (arb_card_is_valid (card), NULL);
  name = arb_card_to_string (card);
  top_left (arboretum, &min_x, &min_y);
  paths = paths_through (arboretum, x, y);
  if (paths == NULL)
    /* Translators: a card in an arboretum, "Oak 3, row 2, column 4". */
    return g_strdup_printf (_("%s, row %d, column %d"), name, y - min_y + 1, x - min_x + 1);
  /* Translators: a card in an arboretum and the scoring paths it lies on,
   * "Oak 3, row 2, column 4, on a path of Oak 1–3–5". */
  return g_strdup_printf (_("%s, row %d, column %d, on a path of %s"),
                          name, y - min_y + 1, x - min_x + 1, paths);
}

/* The card at (x + dx, y + dy) next to a free place, in words; NULL when
 * there is none. */
static char *
neighbour (const ArbArboretum *arboretum, int x, int y, int dx, int dy)
{
  ArbCard card = arb_arboretum_card_at (arboretum, x + dx, y + dy);
  g_autofree char *name = NULL;

  if (!arb_card_is_valid (card))
    return NULL;
  name = arb_card_to_string (card);
  if (dx < 0)
    /* Translators: a free place next to a card: on the card's right. */
    return g_strdup_printf (_("next to %s, on its right"), name);
  if (dx > 0)
    /* Translators: a free place next to a card: on the card's left. */
    return g_strdup_printf (_("next to %s, on its left"), name);
  if (dy < 0)
    /* Translators: a free place under a card. */
    return g_strdup_printf (_("below %s"), name);
  /* Translators: a free place over a card. */
  return g_strdup_printf (_("above %s"), name);
}

/* "next to Oak 3, on its right; above Willow 5": the cards around a free
 * place, so that a player who cannot see the grid knows where it is. */
char *
arb_arboretum_describe_place (const ArbArboretum *arboretum, int x, int y)
{
  GString *text = g_string_new (NULL);

  if (arboretum->n == 0)
    {
      g_string_free (text, TRUE);
      return g_strdup (_("as the first card"));
    }
  static const int around[4][2] = { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };

  for (guint i = 0; i < G_N_ELEMENTS (around); i++)
    {
      g_autofree char *words = neighbour (arboretum, x, y, around[i][0], around[i][1]);

      if (words == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append (text, words);
    }
  return g_string_free (text, FALSE);
}
