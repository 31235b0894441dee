/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rights-panel.c: the "Right to score" panel.
 *
 * The panel keeps a copy of the last projection it was handed (no
 * viewpoint, like the side panel it sits in) and computes the analysis
 * from it only while it is shown: hidden, it costs nothing. Every word
 * and every claim comes from arb-rights; the panel lays them out.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-rights-panel.h"

struct _ArbRightsPanel
{
  GtkWidget      parent_instance;

  /* Template widgets */
  GtkLabel      *title;
  GtkLabel      *caption;
  GtkGrid       *grid;
  GtkLabel      *points;
  GtkLabel      *legend;

  ArbProjection  projection;
  char          *names[ARB_MAX_PLAYERS];
  gboolean       has_projection;
  gboolean       stale;   /* handed a projection while hidden */
};

G_DEFINE_FINAL_TYPE (ArbRightsPanel, arb_rights_panel, GTK_TYPE_WIDGET)

static GtkWidget *
cell_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
clear_grid (ArbRightsPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
}

/* "Yes, certain", "No, likely", "Open": the subject's side of a species. */
static const char *
short_verdict (const ArbRightsSeat *seat)
{
  if (seat->claim == ARB_CLAIM_OPEN)
    return C_("right to score", "Open");
  if (seat->right)
    return seat->claim == ARB_CLAIM_CERTAIN ? C_("right to score", "Yes, certain")
                                            : C_("right to score", "Yes, likely");
  return seat->claim == ARB_CLAIM_CERTAIN ? C_("right to score", "No, certain")
                                          : C_("right to score", "No, likely");
}

static const char *
verdict_class (const ArbRightsSeat *seat)
{
  if (seat->claim == ARB_CLAIM_OPEN)
    return "warning";
  return seat->right ? "success" : "dim-label";
}

/* "you 11 · Ann 4–12 · 2 unseen": every hand's sum as the viewer knows it. */
static char *
short_sums (ArbRightsPanel *self, const ArbRights *rights, const ArbSpeciesRights *row)
{
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < rights->n_players; p++)
    {
      const ArbRightsSeat *seat = &row->seats[p];
      const char *name = rights->viewer == (int) p ? _("you") : self->names[p];

      if (out->len > 0)
        g_string_append (out, " · ");
      if (seat->low == seat->high)
        g_string_append_printf (out, _("%s %u"), name, seat->low);
      else
        /* TRANSLATORS: a player and the least and most their sum in hand can be */
        g_string_append_printf (out, _("%s %u–%u"), name, seat->low, seat->high);
      if (seat->eight_cut)
        g_string_append (out, _(" (8 counts 0)"));
    }
  if (row->n_unseen > 0)
    {
      g_string_append (out, " · ");
      g_string_append_printf (out, ngettext ("%u unseen", "%u unseen", row->n_unseen), row->n_unseen);
    }
  return g_string_free (out, FALSE);
}

/* The whole story of one species, for the tooltip and screen readers. */
static char *
full_text (ArbRightsPanel *self, const ArbRights *rights, const ArbSpeciesRights *row)
{
  const char * const *names = (const char * const *) self->names;
  g_autofree char *verdict = arb_rights_describe_verdict (rights, row, names);
  g_autofree char *sums = arb_rights_describe_sums (rights, row, names);
  g_autofree char *path = arb_rights_describe_path (rights, row);

  return g_strdup_printf ("%s.\n%s.\n%s.", verdict, sums, path);
}

static void
add_heading_row (ArbRightsPanel *self, const ArbRights *rights)
{
  g_autofree char *who = rights->viewer == (int) rights->subject
                         ? g_strdup (_("You score"))
                         : g_strdup_printf (_("%s scores"), self->names[rights->subject]);

  gtk_grid_attach (self->grid, cell_label (_("Species"), "caption-heading"), 0, 0, 1, 1);
  gtk_grid_attach (self->grid, cell_label (who, "caption-heading"), 1, 0, 1, 1);
  gtk_grid_attach (self->grid, cell_label (_("Path"), "caption-heading"), 2, 0, 1, 1);
}

static void
add_species_rows (ArbRightsPanel *self, const ArbRights *rights, const ArbSpeciesRights *row,
                  int top)
{
  const ArbRightsSeat *seat = &row->seats[rights->subject];
  g_autofree char *points = row->path.n > 0 ? g_strdup_printf ("%u", row->path.points) : g_strdup ("–");
  g_autofree char *sums = short_sums (self, rights, row);
  g_autofree char *text = full_text (self, rights, row);
  GtkWidget *name = cell_label (arb_species_name (row->species), NULL);
  GtkWidget *verdict = cell_label (short_verdict (seat), verdict_class (seat));
  GtkWidget *score = cell_label (points, seat->right && seat->claim != ARB_CLAIM_OPEN ? NULL : "dim-label");
  GtkWidget *detail = cell_label (sums, "caption");

  gtk_widget_add_css_class (detail, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_widget_set_margin_bottom (detail, 4);
  gtk_label_set_xalign (GTK_LABEL (score), 1);
  gtk_widget_set_hexpand (name, TRUE);
  /* Described before they are in the window: a screen reader is told of
   * every change of a description there, five a species after every step. */
  gtk_widget_set_tooltip_text (name, text);
  gtk_widget_set_tooltip_text (verdict, text);
  gtk_widget_set_tooltip_text (score, text);
  gtk_widget_set_tooltip_text (detail, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
  gtk_grid_attach (self->grid, name, 0, top, 1, 1);
  gtk_grid_attach (self->grid, verdict, 1, top, 1, 1);
  gtk_grid_attach (self->grid, score, 2, top, 1, 1);
  gtk_grid_attach (self->grid, detail, 0, top + 1, 3, 1);
}

static char *
caption_text (ArbRightsPanel *self, const ArbRights *rights)
{
  if (self->projection.state.phase == ARB_PHASE_OVER)
    return g_strdup (_("The game is over: every hand is open"));
  if (rights->viewer == ARB_VIEWER_ALL)
    return g_strdup_printf (_("For %s, if the game ended now, every hand open"),
                            self->names[rights->subject]);
  if (rights->viewer < 0)
    return g_strdup_printf (_("For %s, if the game ended now, from what everybody can see"),
                            self->names[rights->subject]);
  return g_strdup (_("If the game ended now, from what you know"));
}

static void
redraw (ArbRightsPanel *self)
{
  ArbRights rights;
  g_autofree char *caption = NULL, *points = NULL, *unseen = NULL;
  g_autofree char *where = NULL;

  clear_grid (self);
  self->stale = FALSE;
  if (!self->has_projection)
    return;
  arb_rights_compute (&rights, &self->projection, arb_rights_subject_of (&self->projection));
  where = caption_text (self, &rights);
  points = arb_rights_describe_points (&rights, (const char * const *) self->names);
  unseen = arb_rights_describe_unseen (&rights, (const char * const *) self->names);
  caption = g_strdup_printf ("%s. %s.", where, unseen);
  gtk_label_set_label (self->caption, caption);
  gtk_label_set_label (self->points, points);
  add_heading_row (self, &rights);
  for (guint r = 0; r < rights.n_rows; r++)
    add_species_rows (self, &rights, &rights.rows[r], 1 + 2 * (int) r);
}

/* Called by the table after every step and reset: the projection is
 * copied, and the analysis made now if the panel is shown, or when it is. */
void
arb_rights_panel_update (ArbRightsPanel *self, ArbViewpoint *viewpoint)
{
  ArbGame *game;

  g_return_if_fail (ARB_IS_RIGHTS_PANEL (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  game = arb_viewpoint_get_game (viewpoint);
  self->projection = *arb_viewpoint_get_projection (viewpoint);
  self->has_projection = game != NULL;
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    {
      g_clear_pointer (&self->names[p], g_free);
      if (game != NULL && p < self->projection.state.n_players)
        self->names[p] = g_strdup (arb_game_player_name (game, p));
    }
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    redraw (self);
  else
    self->stale = TRUE;
}

static void
arb_rights_panel_map (GtkWidget *widget)
{
  ArbRightsPanel *self = ARB_RIGHTS_PANEL (widget);

  if (self->stale)
    redraw (self);
  GTK_WIDGET_CLASS (arb_rights_panel_parent_class)->map (widget);
}

/* What the panel shows, as text, for the tests: every label in order. */
char *
arb_rights_panel_dump (ArbRightsPanel *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (ARB_IS_RIGHTS_PANEL (self), NULL);
  if (self->stale)
    redraw (self);
  g_string_append_printf (out, "%s\n", gtk_label_get_label (self->caption));
  for (int top = 0;; top++)
    {
      GtkWidget *first = gtk_grid_get_child_at (self->grid, 0, top);
      if (first == NULL)
        break;
      for (int col = 0; col < 3; col++)
        {
          GtkWidget *cell = gtk_grid_get_child_at (self->grid, col, top);
          if (cell != NULL && (col == 0 || cell != first))
            g_string_append_printf (out, "%s%s", col > 0 ? " | " : "",
                                    gtk_label_get_label (GTK_LABEL (cell)));
        }
      const char *tooltip = gtk_widget_get_tooltip_text (first);
      g_string_append_printf (out, " [%s]\n", tooltip != NULL ? tooltip : "");
    }
  g_string_append_printf (out, "%s\n", gtk_label_get_label (self->points));
  return g_string_free (out, FALSE);
}

static void
arb_rights_panel_dispose (GObject *object)
{
  ArbRightsPanel *self = ARB_RIGHTS_PANEL (object);
  GtkWidget *child;

  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_RIGHTS_PANEL);
  /* The scrolled window is bound to no field. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (arb_rights_panel_parent_class)->dispose (object);
}

static void
arb_rights_panel_class_init (ArbRightsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_rights_panel_dispose;
  widget_class->map = arb_rights_panel_map;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arboretum_game/Arboretum/ui/arb-rights-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbRightsPanel, title);
  gtk_widget_class_bind_template_child (widget_class, ArbRightsPanel, caption);
  gtk_widget_class_bind_template_child (widget_class, ArbRightsPanel, grid);
  gtk_widget_class_bind_template_child (widget_class, ArbRightsPanel, points);
  gtk_widget_class_bind_template_child (widget_class, ArbRightsPanel, legend);
  gtk_widget_class_set_css_name (widget_class, "rights-panel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
arb_rights_panel_init (ArbRightsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
