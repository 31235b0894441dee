/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-heading.c: the heading of the table, above the arboretum.
 *
 * It reads the viewpoint's projection and its game's words only: the
 * phase as the engine describes it, and a hint that depends on who acts.
 * Whether the viewer is the one to act is the table's to say, as it is
 * the table that lets a person act.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-table-heading.h"

struct _ArbTableHeading
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkLabel             *status_label;
  GtkLabel             *hint_label;
};

G_DEFINE_FINAL_TYPE (ArbTableHeading, arb_table_heading, GTK_TYPE_WIDGET)

static void
set_hint_line (ArbTableHeading *self, const char *text, const char *style)
{
  GtkWidget *line = GTK_WIDGET (self->hint_label);

  gtk_label_set_label (self->hint_label, text);
  arb_accessible_set_repeating_tooltip (line, text);
  gtk_widget_remove_css_class (line, "error");
  gtk_widget_remove_css_class (line, "accent");
  gtk_widget_remove_css_class (line, "dim-label");
  gtk_widget_add_css_class (line, style);
}

/* Tells the player something that lasts until the next step, in the line
 * under the heading, where it hides no card. */
void
arb_table_heading_say (ArbTableHeading *self, const char *text, gboolean is_error)
{
  g_return_if_fail (ARB_IS_TABLE_HEADING (self));
  set_hint_line (self, text, is_error ? "error" : "accent");
}

static char *
hint_text (ArbViewpoint *viewpoint, const ArbState *state, gboolean viewer_acts, ArbCard drawn)
{
  if (arb_viewpoint_is_replay (viewpoint))
    return g_strdup (_("Replay: step through the game with the bar below."));
  if (state->phase == ARB_PHASE_OVER)
    return g_strdup (_("The scoring sheet shows who won."));
  if (arb_game_is_computer (arb_viewpoint_get_game (viewpoint), state->current))
    return g_strdup (_("The computer is taking its turn…"));
  /* Online: another person plays at their own screen. */
  if (!viewer_acts && arb_viewpoint_get_viewer (viewpoint) >= 0
      && arb_viewpoint_get_viewer (viewpoint) != (int) state->current)
    return g_strdup_printf (_("%s is taking their turn…"),
                            arb_game_player_name (arb_viewpoint_get_game (viewpoint), state->current));
  if (!viewer_acts)
    return g_strdup ("");
  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      return arb_game_describe_draw_hint (arb_viewpoint_get_game (viewpoint), state, drawn);
    case ARB_PHASE_PLAY:
      return g_strdup (_("Choose a card in your hand, then one of the highlighted places in your arboretum."));
    case ARB_PHASE_DISCARD:
      return g_strdup (arb_state_discards_on_pile (state)
                       ? _("Choose a card, then Discard, or drop it on your discard pile.")
                       : _("Choose a card, then a highlighted place in Q’s arboretum."));
    case ARB_PHASE_OVER:
    default:
      return g_strdup ("");
    }
}

/* Shows the position viewpoint shows now: whose turn and what they do,
 * and the hint for the viewer, who acts next if viewer_acts; drawn is the
 * card the viewer just drew from the deck, or ARB_CARD_NONE. Whatever was
 * said under the heading goes. */
void
arb_table_heading_update (ArbTableHeading *self,
                          ArbViewpoint    *viewpoint,
                          gboolean         viewer_acts,
                          ArbCard          drawn)
{
  const ArbState *state;
  g_autofree char *status = NULL;
  g_autofree char *hint = NULL;

  g_return_if_fail (ARB_IS_TABLE_HEADING (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  g_return_if_fail (arb_viewpoint_get_game (viewpoint) != NULL);
  state = &arb_viewpoint_get_projection (viewpoint)->state;
  status = arb_game_describe_phase (arb_viewpoint_get_game (viewpoint), state);
  hint = hint_text (viewpoint, state, viewer_acts, drawn);
  if (viewer_acts && !arb_viewpoint_is_replay (viewpoint))
    {
      g_autofree char *end = arb_game_describe_deck_end (arb_viewpoint_get_game (viewpoint), state);

      if (end != NULL)
        {
          /* Translators: what the end of the deck means, then the hint. */
          g_autofree char *both = g_strdup_printf (_("%s %s"), end, hint);
          g_free (hint);
          hint = g_steal_pointer (&both);
        }
    }
  if (arb_state_is_last_turn (state))
    {
      /* Translators: the heading of the last turn: "Rina: Play a card · Last turn". */
      g_autofree char *last = g_strdup_printf (_("%s · Last turn"), status);
      g_free (status);
      status = g_steal_pointer (&last);
    }
  gtk_label_set_label (self->status_label, status);
  arb_accessible_set_repeating_tooltip (GTK_WIDGET (self->status_label), status);
  set_hint_line (self, hint, "dim-label");
}

const char *
arb_table_heading_get_status (ArbTableHeading *self)
{
  g_return_val_if_fail (ARB_IS_TABLE_HEADING (self), NULL);
  return gtk_label_get_label (self->status_label);
}

const char *
arb_table_heading_get_hint (ArbTableHeading *self)
{
  g_return_val_if_fail (ARB_IS_TABLE_HEADING (self), NULL);
  return gtk_label_get_label (self->hint_label);
}

static void
arb_table_heading_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_TABLE_HEADING);
  G_OBJECT_CLASS (arb_table_heading_parent_class)->dispose (object);
}

static void
arb_table_heading_class_init (ArbTableHeadingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_table_heading_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-table-heading.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbTableHeading, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTableHeading, hint_label);
}

static void
arb_table_heading_init (ArbTableHeading *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
