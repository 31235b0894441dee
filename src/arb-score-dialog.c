/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-score-dialog.c: the scoring told as a story.
 *
 * In the rulebook's order, one chapter after another: every hand revealed,
 * the sums per species with the 1-against-8 cut, who may score each
 * species, each scored path with its points part by part, the sheet of
 * totals, and the result with its tie-break. The chapters appear one by
 * one unless animations are off (reduced motion), and Skip shows them all.
 * Once the arboreta are shown, the animated story walks each scored path
 * there card by card before it goes on. Everything shown comes from the
 * engine's ArbScoreSheet and its words (arb-score-text.h). Pointing at (or
 * clicking) a path or a player's points lights that path in the player's
 * arboretum.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
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
  GtkBox           *story_box;
  GtkWidget        *arboreta_box;
  GtkWidget        *sheet_chapter;
  GtkWidget        *result_chapter;
  GtkWidget        *skip_button;
  GtkWidget        *new_game_button;
  GtkScrolledWindow *scroller;

  GPtrArray        *chapters;   /* in the order they are told */
  guint             n_told;
  guint             tell_source;
  guint             walk_source;
  guint             outcome_idle;
  guint             walk_path;  /* player * ARB_N_SPECIES + species */
  guint             walk_cards; /* of that path, lit so far */
  ArbPlacement      walk_lit;   /* the card lit last */
  char             *names[ARB_MAX_PLAYERS];
  char             *news;       /* the last steps, said before the outcome */

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

/* Lights the first n_cards of a player's path, in their arboretum shown. */
static void
light_path (ArbScoreDialog *self, guint player, ArbSpecies species, guint n_cards)
{
  ArbPath path = self->sheet.players[player].species[species].path;

  path.n = (guint8) MIN (n_cards, path.n);
  for (guint p = 0; p < self->sheet.n_players; p++)
    arb_arboretum_view_set_path (self->views[p], p == player ? &path : NULL);
  gtk_stack_set_visible_child (self->arboreta_stack, GTK_WIDGET (self->views[player]));
  self->lit_cards = path.n;
}

void
arb_score_dialog_point_at (ArbScoreDialog *self, guint player, ArbSpecies species)
{
  g_return_if_fail (ARB_IS_SCORE_DIALOG (self));
  g_return_if_fail (player < self->sheet.n_players && species < ARB_N_SPECIES);
  light_path (self, player, species, ARB_MAX_PATH);
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
      /* The whole name, not read a second time as the label's description. */
      arb_accessible_set_repeating_tooltip (name, name_of (self, p));
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

static void
build_result (ArbScoreDialog *self)
{
  g_autofree char *result = arb_score_describe_result (&self->sheet, (const char * const *) self->names);
  g_autofree char *detail = arb_score_describe_tie_break (&self->sheet);

  gtk_label_set_label (self->result_label, result);
  gtk_label_set_label (self->detail_label, detail);
}

/* ---- the story ---------------------------------------------------------- */

static GtkWidget *
story_line (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A chapter: a heading and its lines, told in turn. */
static GtkWidget *
new_chapter (ArbScoreDialog *self, const char *title, GtkWidget *before)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  gtk_box_append (GTK_BOX (box), story_line (title, "title-4"));
  gtk_widget_set_visible (box, FALSE);
  gtk_widget_set_margin_top (box, 6);
  gtk_box_insert_child_after (self->story_box, box, gtk_widget_get_prev_sibling (before));
  g_ptr_array_add (self->chapters, box);
  return box;
}

/* "Species: text", the species' name strong. */
static GtkWidget *
species_line (ArbSpecies species, const char *text)
{
  g_autofree char *name = g_markup_escape_text (arb_species_name (species), -1);
  g_autofree char *rest = g_markup_escape_text (text, -1);
  /* Translators: a species, then what the scoring says of it. */
  g_autofree char *markup = g_strdup_printf (_("<b>%s</b>: %s"), name, rest);
  GtkWidget *label = story_line (NULL, NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  return label;
}

static void
tell_hands (ArbScoreDialog *self)
{
  GtkWidget *chapter = new_chapter (self, _("Every hand, revealed"), self->arboreta_box);

  for (guint p = 0; p < self->sheet.n_players; p++)
    {
      g_autofree char *hand = arb_score_describe_hand (&self->state.hands[p]);
      /* Translators: a player and the cards left in their hand. */
      g_autofree char *text = g_strdup_printf (_("%s: %s"), self->names[p], hand);
      gtk_box_append (GTK_BOX (chapter), story_line (text, NULL));
    }
}

static void
tell_sums_and_rights (ArbScoreDialog *self)
{
  GtkWidget *sums = new_chapter (self, _("Sums in hand, species by species"), self->arboreta_box);
  GtkWidget *rights = new_chapter (self, _("Who may score each species"), self->arboreta_box);

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      g_autofree char *sum = NULL, *right = NULL;
      if (!(self->sheet.species & (1u << s)))
        continue;
      sum = arb_score_describe_sums (&self->sheet, self->state.hands, (ArbSpecies) s,
                                     (const char * const *) self->names);
      right = arb_score_describe_rights (&self->sheet, (ArbSpecies) s, (const char * const *) self->names);
      gtk_box_append (GTK_BOX (sums), species_line ((ArbSpecies) s, sum));
      gtk_box_append (GTK_BOX (rights), species_line ((ArbSpecies) s, right));
    }
}

/* What a screen reader says of a path button, "Jacaranda path of 5 cards,
 * 9 points": GTK 4.8 names a button after its label only when the button
 * makes the label itself, and would call this one "GtkButton". The walk
 * it shows, card by card, stays in the label it holds. */
static char *
path_button_name (const ArbSpeciesScore *score, ArbSpecies species)
{
  /* Translators: a scored path, for a screen reader: its species and its
   * length; its points follow ("Oak path of 5 cards, 9 points"). */
  g_autofree char *path = g_strdup_printf (ngettext ("%s path of %u card", "%s path of %u cards", score->path.n),
                                           arb_species_name (species), (guint) score->path.n);

  /* Translators: a path and its points, for a screen reader. */
  return g_strdup_printf (ngettext ("%s, %u point", "%s, %u points", score->points), path, score->points);
}

/* A scored path, walked card by card with its points: a button that
 * lights it in the arboretum below, named as it is made. */
static GtkWidget *
path_button (ArbScoreDialog *self, guint player, ArbSpecies species)
{
  const ArbSpeciesScore *score = &self->sheet.players[player].species[species];
  g_autofree char *walk = arb_score_describe_path (&score->path);
  g_autofree char *name = path_button_name (score, species);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = species_line (species, walk);
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "story-path");
  g_object_set_data (G_OBJECT (button), "player", GUINT_TO_POINTER (player));
  g_object_set_data (G_OBJECT (button), "species", GUINT_TO_POINTER ((guint) species));
  g_signal_connect (button, "clicked", G_CALLBACK (on_points_clicked), self);
  g_signal_connect (motion, "enter", G_CALLBACK (on_points_enter), self);
  gtk_widget_add_controller (button, motion);
  return button;
}

static void
tell_paths (ArbScoreDialog *self)
{
  GtkWidget *chapter = new_chapter (self, _("The scored paths"), self->arboreta_box);

  for (guint p = 0; p < self->sheet.n_players; p++)
    {
      const ArbPlayerScore *player = &self->sheet.players[p];
      /* Translators: a player and their total, over the list of their paths. */
      g_autofree char *title = g_strdup_printf (ngettext ("%s, %u point", "%s, %u points", player->total),
                                                self->names[p], player->total);
      gtk_box_append (GTK_BOX (chapter), story_line (title, "heading"));
      if (player->total == 0)
        gtk_box_append (GTK_BOX (chapter), story_line (_("No path scores."), "dim-label"));
      for (guint s = 0; s < ARB_N_SPECIES; s++)
        if (player->species[s].points > 0)
          gtk_box_append (GTK_BOX (chapter), path_button (self, p, (ArbSpecies) s));
    }
  /* The arboreta, where the paths light up, close the chapter. */
  g_ptr_array_add (self->chapters, self->arboreta_box);
}

static void
build_story (ArbScoreDialog *self)
{
  self->chapters = g_ptr_array_new ();
  tell_hands (self);
  tell_sums_and_rights (self);
  tell_paths (self);
  g_ptr_array_add (self->chapters, self->sheet_chapter);
  g_ptr_array_add (self->chapters, self->result_chapter);
}

/* The chapter just told comes into view. */
static gboolean
scroll_to_told (gpointer data)
{
  ArbScoreDialog *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkWidget *last = g_ptr_array_index (self->chapters, self->n_told - 1);
  double x, y;

  if (gtk_widget_translate_coordinates (last, GTK_WIDGET (self->story_box), 0, 0, &x, &y))
    gtk_adjustment_set_value (adjustment, y);
  return G_SOURCE_REMOVE;
}

/* What the game's last steps did, not said yet when the game ended: said
 * first, in the same breath as the outcome, as the sheet coming up would
 * cut it short if it were said on the table. */
void
arb_score_dialog_set_news (ArbScoreDialog *self, const char *news)
{
  g_return_if_fail (ARB_IS_SCORE_DIALOG (self));
  g_free (self->news);
  self->news = g_strdup (news);
}

/* The end of the story said: the result and every player's points, from
 * the New Game button if the focus went with the Skip button. Once the
 * sheet is on screen, where a screen reader follows its focus. */
static gboolean
say_outcome (gpointer data)
{
  ArbScoreDialog *self = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  g_autofree char *text = NULL;

  self->outcome_idle = 0;
  if (focus == NULL || !gtk_widget_get_mapped (focus))
    gtk_widget_grab_focus (self->new_game_button);
  text = arb_score_describe_outcome (&self->sheet, (const char * const *) self->names);
  if (self->news != NULL && *self->news != '\0')
    {
      /* Translators: what the last turn did, then the result and the points, said at the end of a game. */
      g_autofree char *both = g_strdup_printf (_("%s. %s"), self->news, text);

      g_free (text);
      text = g_steal_pointer (&both);
    }
  g_clear_pointer (&self->news, g_free);
  arb_accessible_announce (GTK_WIDGET (self), text);
  return G_SOURCE_REMOVE;
}

static void
queue_say_outcome (ArbScoreDialog *self)
{
  if (self->outcome_idle == 0 && self->n_told == self->chapters->len
      && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->outcome_idle = g_idle_add (say_outcome, self);
}

static void
tell_next (ArbScoreDialog *self)
{
  if (self->n_told >= self->chapters->len)
    return;
  gtk_widget_set_visible (g_ptr_array_index (self->chapters, self->n_told++), TRUE);
  gtk_widget_set_visible (self->skip_button, self->n_told < self->chapters->len);
  queue_say_outcome (self);
}

/* A chapter every CHAPTER_MS, and the view follows; a card of a path
 * walked every WALK_MS. */
#define CHAPTER_MS 1200
#define WALK_MS 400

static gboolean tell_on (gpointer data);

/* The card last lit by the walk scrolls into view, with a margin. */
static gboolean
show_walked_card (gpointer data)
{
  ArbScoreDialog *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkWidget *view = gtk_stack_get_visible_child (self->arboreta_stack);
  GtkWidget *card;
  graphene_rect_t bounds;

  if (view == NULL)
    return G_SOURCE_REMOVE;
  card = arb_arboretum_view_get_card_widget (ARB_ARBORETUM_VIEW (view), self->walk_lit.x, self->walk_lit.y);
  if (card != NULL && gtk_widget_compute_bounds (card, GTK_WIDGET (self->story_box), &bounds))
    gtk_adjustment_clamp_page (adjustment, bounds.origin.y - 24, bounds.origin.y + bounds.size.height + 24);
  return G_SOURCE_REMOVE;
}

/* The scored path at walk_path or after it, FALSE when none is left. */
static gboolean
find_scored_path (ArbScoreDialog *self)
{
  for (; self->walk_path < self->sheet.n_players * ARB_N_SPECIES; self->walk_path++)
    if (self->sheet.players[self->walk_path / ARB_N_SPECIES].species[self->walk_path % ARB_N_SPECIES].points > 0)
      return TRUE;
  return FALSE;
}

/* One more card of the path walked; the next path once it is whole; the
 * story goes on after the last. */
static gboolean
walk_on (gpointer data)
{
  ArbScoreDialog *self = data;
  const ArbPath *path;
  guint player, n;
  ArbSpecies species;

  if (!find_scored_path (self))
    {
      self->walk_source = 0;
      self->tell_source = g_timeout_add (CHAPTER_MS, tell_on, self);
      return G_SOURCE_REMOVE;
    }
  player = self->walk_path / ARB_N_SPECIES;
  species = (ArbSpecies) (self->walk_path % ARB_N_SPECIES);
  path = &self->sheet.players[player].species[species].path;
  n = path->n;
  light_path (self, player, species, ++self->walk_cards);
  /* The card just lit comes into view once laid out: a tall arboretum
   * does not fit a low window. */
  self->walk_lit = path->cards[self->walk_cards - 1];
  g_idle_add_full (G_PRIORITY_LOW, show_walked_card, g_object_ref (self), g_object_unref);
  if (self->walk_cards >= n)
    {
      /* The whole path stays lit for a beat, then the next one starts. */
      self->walk_path++;
      self->walk_cards = 0;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
tell_on (gpointer data)
{
  ArbScoreDialog *self = data;

  tell_next (self);
  g_idle_add_full (G_PRIORITY_LOW, scroll_to_told, g_object_ref (self), g_object_unref);
  if (g_ptr_array_index (self->chapters, self->n_told - 1) == self->arboreta_box)
    {
      /* The arboreta are in view: each path is walked before the story goes on. */
      self->walk_path = 0;
      self->walk_cards = 0;
      self->walk_source = g_timeout_add (WALK_MS, walk_on, self);
      self->tell_source = 0;
      return G_SOURCE_REMOVE;
    }
  if (self->n_told < self->chapters->len)
    return G_SOURCE_CONTINUE;
  self->tell_source = 0;
  return G_SOURCE_REMOVE;
}

static void
tell_all (ArbScoreDialog *self)
{
  g_clear_handle_id (&self->tell_source, g_source_remove);
  g_clear_handle_id (&self->walk_source, g_source_remove);
  while (self->n_told < self->chapters->len)
    tell_next (self);
}

static void
skip_action (GtkWidget *widget, const char *name, GVariant *param)
{
  tell_all (ARB_SCORE_DIALOG (widget));
}

/* Told at once when animations are off (reduced motion), else chapter by
 * chapter from the first. */
static void
start_telling (ArbScoreDialog *self)
{
  gboolean animate = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animate, NULL);
  tell_next (self);
  if (!animate)
    tell_all (self);
  else
    self->tell_source = g_timeout_add (CHAPTER_MS, tell_on, self);
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

  g_clear_handle_id (&self->tell_source, g_source_remove);
  g_clear_handle_id (&self->walk_source, g_source_remove);
  g_clear_handle_id (&self->outcome_idle, g_source_remove);
  g_clear_pointer (&self->chapters, g_ptr_array_unref);
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);
  g_clear_pointer (&self->news, g_free);
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
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, story_box);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, arboreta_box);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, sheet_chapter);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, result_chapter);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, skip_button);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ArbScoreDialog, scroller);
  gtk_widget_class_install_action (widget_class, "scores.skip", NULL, skip_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_score_dialog_init (ArbScoreDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* A story told whole before the sheet was shown (no animations). */
  g_signal_connect (self, "map", G_CALLBACK (queue_say_outcome), NULL);
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
  for (guint p = 0; p < self->sheet.n_players; p++)
    self->names[p] = g_strdup (name_of (self, p));
  build_sheet (self);
  build_result (self);
  build_arboreta (self);
  build_story (self);
  start_telling (self);
  /* What a screen reader reads of the sheet: named buttons, no empty
   * cells, only the arboretum shown. */
  arb_accessible_name_buttons (GTK_WIDGET (self));
  arb_accessible_hide_empty_labels (GTK_WIDGET (self));
  arb_accessible_follow_stacks (GTK_WIDGET (self));
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

ArbArboretumView *
arb_score_dialog_get_view (ArbScoreDialog *self, guint player)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), NULL);
  g_return_val_if_fail (player < self->sheet.n_players, NULL);
  return self->views[player];
}

/* Whether a scored path is being walked on the arboreta now. */
gboolean
arb_score_dialog_is_walking (ArbScoreDialog *self)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), FALSE);
  return self->walk_source != 0;
}

/* The story told so far, as text: every label of the chapters shown, in
 * order, one a line. */
static void
append_labels (GtkWidget *widget, GString *out)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    append_labels (child, out);
}

char *
arb_score_dialog_dup_story (ArbScoreDialog *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), NULL);
  for (guint i = 0; i < self->n_told; i++)
    append_labels (g_ptr_array_index (self->chapters, i), out);
  return g_string_free (out, FALSE);
}

/* How many chapters are told, of how many. */
guint
arb_score_dialog_get_n_told (ArbScoreDialog *self, guint *n_chapters)
{
  g_return_val_if_fail (ARB_IS_SCORE_DIALOG (self), 0);
  if (n_chapters != NULL)
    *n_chapters = self->chapters->len;
  return self->n_told;
}
