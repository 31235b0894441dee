/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-score-dialog.c: the scoring sheet, species by species.
 *
 * Everything shown comes from the engine's ArbScoreSheet: effective hand sums,
 * rights, the best paths and the winners. Pointing at (or clicking) a
 * player's points for a species lights that path in the player's arboretum.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-arboretum-view.h"
#include "arb-card-widget.h"
#include "arb-score-dialog.h"

struct _ArbScoreDialog
{
  AdwWindow         parent_instance;

  GtkLabel         *result_label;
  GtkLabel         *detail_label;
  GtkGrid          *sheet_grid;
  GtkStack         *arboreta_stack;

  ArbGame          *game;
  ArbScoreSheet     sheet;
  ArbState          state;
  ArbArboretumView *views[ARB_MAX_PLAYERS];
  GtkWidget        *points[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  GtkWidget        *hands[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  GtkWidget        *totals[ARB_MAX_PLAYERS];
  guint             lit_cards;
};

G_DEFINE_FINAL_TYPE (ArbScoreDialog, arb_score_dialog, ADW_TYPE_WINDOW)

enum {
  REPLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
replay_action (GtkWidget *widget, const char *name, GVariant *param)
{
  g_signal_emit (widget, signals[REPLAY], 0);
}

static const char *
name_of (ArbScoreDialog *self, guint player)
{
  return arb_game_player_name (self->game, player);
}

static GtkWidget *
cell_label (const char *text, gboolean bold)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  if (bold)
    gtk_widget_add_css_class (label, "heading");
  return label;
}

/* Numbers line up on their last digit, in figures of one width. */
static GtkWidget *
number_label (guint value, gboolean bold)
{
  g_autofree char *text = g_strdup_printf ("%u", value);
  GtkWidget *label = cell_label (text, bold);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

/* A number of the points column, in line with the points buttons above
 * it (their padding is set in style.css). */
#define POINTS_BUTTON_PADDING 10

static GtkWidget *
points_label (guint value, gboolean bold)
{
  GtkWidget *label = number_label (value, bold);

  gtk_widget_set_margin_end (label, POINTS_BUTTON_PADDING);
  return label;
}

/* The columns of a player: the hand's sum with its mark, the points. */
static int
hand_column (guint player)
{
  return 1 + 2 * (int) player;
}

void
arb_score_dialog_point_at (ArbScoreDialog *self, guint player, ArbSpecies species)
{
  const ArbPath *path;

  g_return_if_fail (ARB_IS_SCORE_DIALOG (self));
  g_return_if_fail (player < self->sheet.n_players && species < ARB_N_SPECIES);
  path = &self->sheet.players[player].species[species].path;
  for (guint p = 0; p < self->sheet.n_players; p++)
    arb_arboretum_view_set_path (self->views[p], p == player ? path : NULL);
  gtk_stack_set_visible_child (self->arboreta_stack, GTK_WIDGET (self->views[player]));
  self->lit_cards = path->n;
}

static void
on_points_enter (GtkEventControllerMotion *motion, double x, double y, ArbScoreDialog *self)
{
  GtkWidget *w = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));
  arb_score_dialog_point_at (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (w), "player")),
                             GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (w), "species")));
}

static void
on_points_clicked (GtkButton *button, ArbScoreDialog *self)
{
  arb_score_dialog_point_at (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "player")),
                             GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "species")));
}

static GtkWidget *
points_button (ArbScoreDialog *self, guint player, ArbSpecies species)
{
  const ArbSpeciesScore *score = &self->sheet.players[player].species[species];
  g_autofree char *text = g_strdup_printf ("%u", score->points);
  GtkWidget *button = gtk_button_new_with_label (text);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  /* Translators: for a screen reader: player, species, points. */
  g_autofree char *a11y = g_strdup_printf (ngettext ("%s, %s: %u point; show the path",
                                                     "%s, %s: %u points; show the path", score->points),
                                           name_of (self, player), arb_species_name (species), score->points);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "numeric");
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  g_object_set_data (G_OBJECT (button), "player", GUINT_TO_POINTER (player));
  g_object_set_data (G_OBJECT (button), "species", GUINT_TO_POINTER ((guint) species));
  g_signal_connect (motion, "enter", G_CALLBACK (on_points_enter), self);
  g_signal_connect (button, "clicked", G_CALLBACK (on_points_clicked), self);
  gtk_widget_add_controller (button, motion);
  return button;
}

static void
add_species_row (ArbScoreDialog *self, ArbSpecies species, int row)
{
  GtkWidget *name = cell_label (arb_species_name (species), FALSE);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_grid_attach (self->sheet_grid, name, 0, row, 1, 1);
  for (guint p = 0; p < self->sheet.n_players; p++)
    {
      const ArbSpeciesScore *score = &self->sheet.players[p].species[species];
      GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      GtkWidget *mark = gtk_label_new (score->right ? "✓" : NULL);
      GtkWidget *sum = number_label (score->hand_sum, score->right);
      /* Translators: a hand sum that gives the right to score, marked with a check. */
      g_autofree char *text = score->right ? g_strdup_printf (_("%u ✓"), score->hand_sum)
                                           : g_strdup_printf ("%u", score->hand_sum);

      /* The sum stays against its mark, both at the column's right. */
      gtk_widget_set_hexpand (sum, TRUE);
      gtk_widget_set_margin_end (sum, 0);
      gtk_widget_set_margin_end (mark, 6);
      gtk_label_set_width_chars (GTK_LABEL (mark), 1);
      gtk_widget_add_css_class (mark, "heading");
      gtk_box_append (GTK_BOX (cell), sum);
      gtk_box_append (GTK_BOX (cell), mark);
      gtk_accessible_update_property (GTK_ACCESSIBLE (sum), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      g_object_set_data_full (G_OBJECT (sum), "text", g_steal_pointer (&text), g_free);
      self->hands[p][species] = sum;
      gtk_grid_attach (self->sheet_grid, cell, hand_column (p), row, 1, 1);
      self->points[p][species] = points_button (self, p, species);
      gtk_grid_attach (self->sheet_grid, self->points[p][species], hand_column (p) + 1, row, 1, 1);
    }
}

/* A name over the two columns of each player, then what they hold. */
static void
add_headings (ArbScoreDialog *self)
{
  GtkWidget *species = cell_label (_("Species"), TRUE);

  gtk_label_set_xalign (GTK_LABEL (species), 0);
  gtk_grid_attach (self->sheet_grid, species, 0, 1, 1, 1);
  for (guint p = 0; p < self->sheet.n_players; p++)
    {
      GtkWidget *name = cell_label (name_of (self, p), TRUE);
      GtkWidget *hand = cell_label (_("hand"), FALSE);
      GtkWidget *points = cell_label (_("points"), FALSE);

      /* A long name is cut rather than widening the sheet past the screen. */
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 14);
      gtk_widget_set_tooltip_text (name, name_of (self, p));
      gtk_grid_attach (self->sheet_grid, name, hand_column (p), 0, 2, 1);
      gtk_label_set_xalign (GTK_LABEL (hand), 1);
      gtk_label_set_xalign (GTK_LABEL (points), 1);
      gtk_widget_set_margin_end (points, POINTS_BUTTON_PADDING);
      gtk_widget_add_css_class (hand, "dim-label");
      gtk_widget_add_css_class (points, "dim-label");
      gtk_widget_set_margin_end (hand, 6 + 2 + 10);
      gtk_grid_attach (self->sheet_grid, hand, hand_column (p), 1, 1, 1);
      gtk_grid_attach (self->sheet_grid, points, hand_column (p) + 1, 1, 1, 1);
    }
}

static void
add_row_name (ArbScoreDialog *self, const char *text, gboolean bold, int row)
{
  GtkWidget *label = cell_label (text, bold);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (self->sheet_grid, label, 0, row, 1, 1);
}

static void
build_sheet (ArbScoreDialog *self)
{
  int row = 2;

  add_headings (self);
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (self->sheet.species & (1u << s))
      add_species_row (self, (ArbSpecies) s, row++);

  add_row_name (self, _("Total"), TRUE, row);
  add_row_name (self, _("Species planted"), FALSE, row + 1);
  add_row_name (self, _("Species scored"), FALSE, row + 2);
  for (guint p = 0; p < self->sheet.n_players; p++)
    {
      const ArbPlayerScore *ps = &self->sheet.players[p];
      int column = hand_column (p) + 1;

      self->totals[p] = points_label (ps->total, TRUE);
      gtk_grid_attach (self->sheet_grid, self->totals[p], column, row, 1, 1);
      gtk_grid_attach (self->sheet_grid, points_label (ps->species_planted, FALSE), column, row + 1, 1, 1);
      gtk_grid_attach (self->sheet_grid, points_label (ps->species_scored, FALSE), column, row + 2, 1, 1);
    }
}

static char *
winners_list (ArbScoreDialog *self)
{
  GString *names = g_string_new (NULL);

  for (guint p = 0; p < self->sheet.n_players; p++)
    if (self->sheet.winners & (1u << p))
      {
        if (names->len > 0)
          /* Translators: the separator between winners' names. */
          g_string_append (names, _(", "));
        g_string_append (names, name_of (self, p));
      }
  return g_string_free (names, FALSE);
}

static void
build_result (ArbScoreDialog *self)
{
  g_autofree char *names = winners_list (self);
  g_autofree char *result = NULL;
  g_autofree char *detail = NULL;
  const ArbPlayerScore *person = &self->sheet.players[ARB_SOLO_PERSON];
  const ArbPlayerScore *q = &self->sheet.players[ARB_SOLO_Q];

  switch (self->sheet.tie_break)
    {
    case ARB_TIE_SOLO:
      result = self->sheet.winners & (1u << ARB_SOLO_PERSON)
               ? g_strdup_printf (_("%s wins against Q"), name_of (self, ARB_SOLO_PERSON))
               : g_strdup (_("Q wins"));
      detail = g_strdup_printf (_("To win: at least as many scored species as Q (%u against %u: %s) "
                                  "and strictly more points (%u against %u: %s)."),
                                person->species_scored, q->species_scored,
                                person->species_scored >= q->species_scored ? _("met") : _("not met"),
                                person->total, q->total,
                                person->total > q->total ? _("met") : _("not met"));
      break;
    case ARB_TIE_SHARED:
      result = g_strdup_printf (_("Shared victory: %s"), names);
      detail = self->sheet.variant == ARB_VARIANT_STANDARD
               ? g_strdup (_("The winners tied on points and on the number of species in their "
                             "arboretum, and share the victory."))
               : g_strdup (_("The winners tied on points and share the victory."));
      break;
    case ARB_TIE_SPECIES:
      result = g_strdup_printf (_("%s wins"), names);
      detail = g_strdup (_("A tie on points, broken by the most species in the arboretum."));
      break;
    case ARB_TIE_NONE:
    default:
      result = g_strdup_printf (_("%s wins"), names);
      detail = g_strdup (_("The most points wins."));
      break;
    }
  gtk_label_set_label (self->result_label, result);
  gtk_label_set_label (self->detail_label, detail);
}

static void
build_arboreta (ArbScoreDialog *self)
{
  for (guint p = 0; p < self->sheet.n_players; p++)
    {
      g_autofree char *name = g_strdup_printf ("seat%u", p);
      self->views[p] = g_object_new (ARB_TYPE_ARBORETUM_VIEW, NULL);
      arb_arboretum_view_set_card_width (self->views[p], 52);
      arb_arboretum_view_set_arboretum (self->views[p], &self->state.arboreta[p]);
      gtk_stack_add_titled (self->arboreta_stack, GTK_WIDGET (self->views[p]), name, name_of (self, p));
    }
}

static void
arb_score_dialog_dispose (GObject *object)
{
  ArbScoreDialog *self = ARB_SCORE_DIALOG (object);

  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_SCORE_DIALOG);
  G_OBJECT_CLASS (arb_score_dialog_parent_class)->dispose (object);
}

static void
arb_score_dialog_class_init (ArbScoreDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_score_dialog_dispose;

  /* The player asks to replay the game. */
  signals[REPLAY] =
    g_signal_new ("replay", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_install_action (widget_class, "scores.replay", NULL, replay_action);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-score-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, result_label);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, detail_label);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, sheet_grid);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, arboreta_stack);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_score_dialog_init (ArbScoreDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The scoring sheet of a finished game. */
ArbScoreDialog *
arb_score_dialog_new (ArbGame *game)
{
  ArbScoreDialog *self;
  ArbProjection projection;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (arb_game_is_finished (game), NULL);
  self = g_object_new (ARB_TYPE_SCORE_DIALOG, NULL);
  self->game = g_object_ref (game);
  /* Over, the game hides nothing that counts: every hand is shown for the
   * scoring, and the public projection holds them. */
  arb_game_project (game, ARB_VIEWER_PUBLIC, &projection);
  self->state = projection.state;
  arb_state_score (&self->state, &self->sheet);
  build_sheet (self);
  build_result (self);
  build_arboreta (self);
  return self;
}

const char *
arb_score_dialog_get_points_text (ArbScoreDialog *self, guint player, ArbSpecies species)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), NULL);
  if (player >= ARB_MAX_PLAYERS || species >= ARB_N_SPECIES || self->points[player][species] == NULL)
    return NULL;
  return gtk_button_get_label (GTK_BUTTON (self->points[player][species]));
}

const char *
arb_score_dialog_get_hand_text (ArbScoreDialog *self, guint player, ArbSpecies species)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), NULL);
  if (player >= ARB_MAX_PLAYERS || species >= ARB_N_SPECIES || self->hands[player][species] == NULL)
    return NULL;
  return g_object_get_data (G_OBJECT (self->hands[player][species]), "text");
}

const char *
arb_score_dialog_get_total_text (ArbScoreDialog *self, guint player)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), NULL);
  if (player >= ARB_MAX_PLAYERS || self->totals[player] == NULL)
    return NULL;
  return gtk_label_get_label (GTK_LABEL (self->totals[player]));
}

const char *
arb_score_dialog_get_result_text (ArbScoreDialog *self)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), NULL);
  return gtk_label_get_label (self->result_label);
}

/* How many cards the last pointed path lights. */
guint
arb_score_dialog_get_lit_cards (ArbScoreDialog *self)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), 0);
  return self->lit_cards;
}
