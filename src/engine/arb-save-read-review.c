/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-read-review.c: the review element of a save game (format 2),
 * read and checked against the game the save's steps replayed: every
 * entry's move must be one the rules allowed at that step.
 *
 * Called by arb-save-read.c once the steps are replayed; reads the tree
 * through arb-save-tree.c and calls nothing else of the save's code.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-error.h"
#include "arb-review.h"
#include "arb-save.h"
#include "arb-save-private.h"

static gboolean
bad_review (GError **error, xmlNode *node, guint step, const char *what)
{
  if (step == 0)
    g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_REVIEW,
                 _("Line %d: the review of the game is damaged: %s"), arb_save_line_of (node), what);
  else
    g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_REVIEW,
                 _("Line %d: the review of step %u is damaged: %s"), arb_save_line_of (node), step, what);
  return FALSE;
}


/* Points with two decimals, as written: "-1.05", "12.00"; from -999.99 to
 * 999.99, and not below 0 unless negative is allowed. */
static gboolean
read_centi (xmlNode *node, const char *name, gboolean negative, guint step, gint32 *centi,
            GError **error)
{
  const char *text = arb_save_attribute (node, name);
  const char *p = text;
  gboolean minus = FALSE;
  guint whole = 0, digits = 0;

  if (p != NULL && *p == '-' && negative)
    minus = TRUE, p++;
  for (; p != NULL && g_ascii_isdigit (*p) && digits <= 3; p++, digits++)
    whole = whole * 10 + (guint) (*p - '0');
  if (p == NULL || digits == 0 || digits > 3 || p[0] != '.' || !g_ascii_isdigit (p[1])
      || !g_ascii_isdigit (p[2]) || p[3] != '\0')
    {
      g_autofree char *what = NULL;
      g_autofree char *quoted = arb_save_quote (text);
      if (negative)
        what = g_strdup_printf (_("“%s” must be points with two decimals, from -999.99 to 999.99, not “%s”"),
                                name, quoted);
      else
        what = g_strdup_printf (_("“%s” must be points with two decimals, from 0.00 to 999.99, not “%s”"),
                                name, quoted);
      return bad_review (error, node, step, what);
    }
  *centi = (gint32) (whole * 100 + (guint) (p[1] - '0') * 10 + (guint) (p[2] - '0'));
  if (minus)
    *centi = -*centi;
  return TRUE;
}


static gboolean
read_count (xmlNode *node, const char *name, guint max, guint *count, GError **error)
{
  const char *text = arb_save_attribute (node, name);
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, max, &value, NULL))
    {
      g_autofree char *quoted = arb_save_quote (text);
      g_autofree char *what = g_strdup_printf (_("“%s” must be a whole number from 1 to %u, not “%s”"),
                                               name, max, quoted);
      return bad_review (error, node, 0, what);
    }
  *count = (guint) value;
  return TRUE;
}


/* The computer the review weighed the moves against: hard when the
 * attribute is missing, as in the reviews written before expert. */
static gboolean
read_review_level (xmlNode *node, ArbAiLevel *level, GError **error)
{
  const char *id = arb_save_attribute (node, "ai");

  *level = ARB_AI_HARD;
  if (id == NULL)
    return TRUE;
  if (g_strcmp0 (id, arb_ai_level_id (ARB_AI_HARD)) != 0
      && g_strcmp0 (id, arb_ai_level_id (ARB_AI_EXPERT)) != 0)
    return bad_review (error, node, 0, _("“ai” must be “hard” or “expert”"));
  return arb_ai_level_from_id (id, level);
}

static gboolean
read_review_params (xmlNode *node, ArbReviewParams *params, GError **error)
{
  const char *seed = arb_save_attribute (node, "seed");

  if (seed == NULL || !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &params->seed, NULL))
    {
      g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);
      g_autofree char *quoted = arb_save_quote (seed);
      g_autofree char *what = g_strdup_printf (_("“seed” must be a whole number from 0 to %s, not “%s”"),
                                               max, quoted);
      return bad_review (error, node, 0, what);
    }
  if (!read_count (node, "samples", ARB_REVIEW_MAX_SAMPLES, &params->samples, error)
      || !read_count (node, "hard-playouts", ARB_REVIEW_MAX_HARD_PLAYOUTS,
                      &params->hard_playouts, error))
    return FALSE;
  return read_review_level (node, &params->level, error);
}


/* Hard's choice for step, which the move made was: of the same kind, and
 * legal in the position before the step. */
static gboolean
read_review_move (ArbGame *game, xmlNode *entry, guint step, const ArbStep *made,
                  const ArbState *before, ArbMove *move, GError **error)
{
  g_autoptr (GError) rules_error = NULL;
  xmlNode *node = arb_save_first_element (entry->children);
  gboolean has_cell;
  int x = 0, y = 0;

  memset (move, 0, sizeof *move);
  move->card = ARB_CARD_NONE;
  if (node == NULL || !arb_move_kind_from_id ((const char *) node->name, &move->kind)
      || move->kind != made->move.kind || arb_save_next_element (node) != NULL)
    {
      g_autofree char *what = g_strdup_printf (_("hard’s move must be one <%s>, as the step is"),
                                               arb_move_kind_id (made->move.kind));
      return bad_review (error, node != NULL ? node : entry, step, what);
    }
  has_cell = arb_save_attribute (node, "x") != NULL || arb_save_attribute (node, "y") != NULL;
  switch (move->kind)
    {
    case ARB_MOVE_DRAW:
      if (!arb_save_read_draw_source (node, move, error))
        return FALSE;
      break;
    case ARB_MOVE_PLAY:
      if (!arb_save_read_card (node, &move->card, error) || !arb_save_read_xy (node, &x, &y, error))
        return FALSE;
      break;
    case ARB_MOVE_DISCARD:
    default:
      if (has_cell != (arb_game_get_variant (game) == ARB_VARIANT_SOLO))
        return bad_review (error, node, step, arb_game_get_variant (game) == ARB_VARIANT_SOLO
                                              ? _("a solo discard needs the cell of Q’s arboretum")
                                              : _("only a solo discard has a cell"));
      if (!arb_save_read_card (node, &move->card, error) || (has_cell && !arb_save_read_xy (node, &x, &y, error)))
        return FALSE;
      break;
    }
  move->x = (gint16) x;
  move->y = (gint16) y;
  if (!arb_state_check (before, move, &rules_error))
    {
      g_autofree char *what = g_strdup_printf (_("hard’s move is not legal there: %s"),
                                               rules_error->message);
      return bad_review (error, node, step, what);
    }
  return TRUE;
}


static gboolean
read_review_entry (ArbGame *game, xmlNode *node, guint step, const ArbStep *made,
                   const ArbState *before, ArbReviewEntry *entry, GError **error)
{
  gint64 index;
  gint32 std_error;
  ArbReviewMark mark;

  if (!arb_save_is_element (node, "entry"))
    return bad_review (error, node, step, _("an unexpected element"));
  if (!arb_save_read_int (node, "step", 1, G_MAXINT32, &index, error))
    return FALSE;
  if ((guint) index != step)
    {
      g_autofree char *what = g_strdup_printf (_("it is numbered %u: the entries must follow the steps in order"),
                                               (guint) index);
      return bad_review (error, node, step, what);
    }
  if (!read_centi (node, "loss", TRUE, step, &entry->loss, error)
      || !read_centi (node, "error", FALSE, step, &std_error, error)
      || !read_review_move (game, node, step, made, before, &entry->best, error))
    return FALSE;
  entry->error = (guint32) std_error;
  /* The expected margin came later: a review without it still loads. */
  entry->has_expected = arb_save_attribute (node, "expected") != NULL;
  if (entry->has_expected && !read_centi (node, "expected", TRUE, step, &entry->expected, error))
    return FALSE;
  if (!arb_review_mark_from_id (arb_save_attribute (node, "mark"), &mark))
    return bad_review (error, node, step, _("an unknown mark"));
  if (arb_review_same_move (&entry->best, &made->move) && (entry->loss != 0 || entry->error != 0))
    return bad_review (error, node, step, _("the move made was hard’s own, so it cannot have lost points"));
  entry->mark = arb_review_mark_for (entry->loss, entry->error);
  if (mark != entry->mark)
    {
      /* Translators: the marks are ids as the file writes them (none,
       * inaccuracy, mistake, blunder). */
      g_autofree char *loss = arb_save_quote (arb_save_attribute (node, "loss"));
      g_autofree char *error_text = arb_save_quote (arb_save_attribute (node, "error"));
      g_autofree char *what = g_strdup_printf (_("it is marked “%s”, but a loss of %s ± %s makes it “%s”"),
                                               arb_review_mark_id (mark), loss, error_text,
                                               arb_review_mark_id (entry->mark));
      return bad_review (error, node, step, what);
    }
  return TRUE;
}


/* The review of the game's first steps, checked against them. */
ArbReview *
arb_save_read_review (ArbGame *game, xmlNode *node, guint format_version, GError **error)
{
  guint n_steps = arb_game_get_n_steps (game);
  g_autofree ArbReviewEntry *entries = g_new0 (ArbReviewEntry, MAX (n_steps, 1));
  g_autofree ArbState *state = g_new (ArbState, 1);
  ArbReviewParams params;
  guint n = 0;

  if (format_version < 2)
    {
      bad_review (error, node, 0, _("a review needs save format 2"));
      return NULL;
    }
  if (!read_review_params (node, &params, error))
    return NULL;

  *state = *arb_game_get_start_state (game);
  for (xmlNode *e = arb_save_first_element (node->children); e != NULL; e = arb_save_next_element (e))
    {
      const ArbStep *made;

      if (n >= n_steps)
        {
          g_autofree char *what = g_strdup_printf (_("it reviews more steps than the game’s %u"),
                                                   n_steps);
          bad_review (error, e, 0, what);
          return NULL;
        }
      made = arb_game_get_step (game, n);
      if (!read_review_entry (game, e, n + 1, made, state, &entries[n], error))
        return NULL;
      /* The game replayed this step already. */
      if (!arb_state_apply (state, &made->move, NULL, NULL))
        g_return_val_if_reached (NULL);
      n++;
    }
  return arb_review_new (&params, entries, n);
}
