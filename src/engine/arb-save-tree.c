/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-tree.c: values read from the tree of a save game once the schema
 * has validated it: elements in order, attributes as numbers within bounds,
 * species, cards and places, each refused with the line it is on. Used by
 * arb-save-read.c and arb-save-read-review.c; uses neither.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-error.h"
#include "arb-save.h"
#include "arb-save-private.h"

int
arb_save_line_of (xmlNode *node)
{
  return (int) CLAMP (xmlGetLineNo (node), 0, G_MAXINT);
}


xmlNode *
arb_save_first_element (xmlNode *node)
{
  while (node != NULL && node->type != XML_ELEMENT_NODE)
    node = node->next;
  return node;
}


xmlNode *
arb_save_next_element (xmlNode *node)
{
  return arb_save_first_element (node->next);
}


gboolean
arb_save_is_element (xmlNode *node, const char *name)
{
  return node != NULL && xmlStrEqual (node->name, BAD_CAST name);
}


void
arb_save_set_invalid (GError **error, xmlNode *node, const char *what)
{
  g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_INVALID,
               _("The file does not follow the save game format (line %d: %s)"),
               node != NULL ? arb_save_line_of (node) : 0, what);
}


/* The text of an attribute without copying it; "" when it is empty. */
const char *
arb_save_attribute (xmlNode *node, const char *name)
{
  xmlAttr *attr = xmlHasProp (node, BAD_CAST name);

  if (attr == NULL || attr->type != XML_ATTRIBUTE_NODE)
    return NULL;
  if (attr->children == NULL)
    return "";
  if (attr->children->type != XML_TEXT_NODE || attr->children->next != NULL)
    return NULL;
  return (const char *) attr->children->content;
}


gboolean
arb_save_read_int (xmlNode *node, const char *name, gint64 min, gint64 max, gint64 *value,
          GError **error)
{
  const char *text = arb_save_attribute (node, name);

  if (text == NULL || !g_ascii_string_to_signed (text, 10, min, max, value, NULL))
    {
      g_autofree char *what = g_strdup_printf (_("attribute “%s” of <%s> is missing or out of range"),
                                               name, (const char *) node->name);
      arb_save_set_invalid (error, node, what);
      return FALSE;
    }
  return TRUE;
}


gboolean
arb_save_read_species (xmlNode *node, const char *name, ArbSpecies *species, GError **error)
{
  const char *id = arb_save_attribute (node, name);

  if (id == NULL || !arb_species_from_id (id, species))
    {
      g_autofree char *quoted = arb_save_quote (id);
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_UNKNOWN_SPECIES,
                   _("Line %d: “%s” is not a species of Arboretum"),
                   arb_save_line_of (node), quoted);
      return FALSE;
    }
  return TRUE;
}


gboolean
arb_save_read_card (xmlNode *node, ArbCard *card, GError **error)
{
  ArbSpecies species;
  gint64 value;

  if (!arb_save_read_species (node, "species", &species, error)
      || !arb_save_read_int (node, "value", 1, ARB_N_VALUES, &value, error))
    return FALSE;
  *card = arb_card_new (species, (guint) value);
  return TRUE;
}


gboolean
arb_save_read_xy (xmlNode *node, int *x, int *y, GError **error)
{
  gint64 vx, vy;

  if (!arb_save_read_int (node, "x", -ARB_COORD_LIMIT, ARB_COORD_LIMIT, &vx, error)
      || !arb_save_read_int (node, "y", -ARB_COORD_LIMIT, ARB_COORD_LIMIT, &vy, error))
    return FALSE;
  *x = (int) vx;
  *y = (int) vy;
  return TRUE;
}

/* The pile a draw takes its card from. */
gboolean
arb_save_read_draw_source (xmlNode *node, ArbMove *move, GError **error)
{
  const char *source = arb_save_attribute (node, "source");
  gint64 pile;

  if (g_strcmp0 (source, "deck") == 0)
    {
      move->source = ARB_SOURCE_DECK;
      return TRUE;
    }
  if (g_strcmp0 (source, "discard-pile") != 0)
    {
      arb_save_set_invalid (error, node, _("a draw without a source"));
      return FALSE;
    }
  if (!arb_save_read_int (node, "pile", 0, ARB_MAX_PLAYERS - 1, &pile, error))
    return FALSE;
  move->source = (gint8) pile;
  return TRUE;
}
