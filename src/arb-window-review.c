/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-review.c: the game's review in the window's replay.
 *
 * Review (win.review) asks the session to compare every decision of the
 * game with what the computer (hard) would have done from that seat's
 * knowledge (ArbReview, in a worker thread, with a progress bar; the game
 * stays usable). The session keeps the review, so that saving keeps it; a
 * game opened with a review shows it at once. At each step of the replay
 * the bar says, in a player's words, what the computer would have done,
 * about how many points the move made lost, and its mark (with a legend);
 * the computer's move is drawn on the table, and a chart of the game's
 * course, with axes, a key and a caption, leads to its turning points.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-review-chart.h"
#include "arb-window-private.h"

static void
review_action (GtkWidget *widget, const char *name, GVariant *param)
{
  arb_session_review (ARB_WINDOW (widget)->session);
}

/* The decision made at the position shown, against the computer's, in a
 * player's words: "Next: Rina planted Oak 5 next to Oak 3. The computer’s
 * choice: plant Oak 4 next to Oak 3, about 5 points better. Mistake." */
static char *
review_text (ArbViewpoint *viewpoint, ArbReview *review, guint step)
{
  ArbGame *game = arb_viewpoint_get_game (viewpoint);
  const ArbState *before = &arb_viewpoint_get_projection (viewpoint)->state;
  const ArbReviewEntry *entry = arb_review_get_entry (review, step);
  ArbStep played;
  g_autofree char *made = NULL;
  g_autofree char *better = NULL;
  g_autofree char *loss = NULL;

  /* The step as the screen's viewer sees it: another seat's card drawn
   * from the deck stays unnamed. */
  if (!arb_viewpoint_get_step (viewpoint, step, &played))
    return g_strdup ("");
  made = arb_game_describe_step_in_words (game, before, &played);
  if (arb_review_same_move (&entry->best, &played.move))
    /* Translators: the step played from the position shown, which the computer would have chosen too. */
    return g_strdup_printf (_("Next: %s. The computer would have done the same."), made);
  better = arb_game_describe_choice (game, before, played.player, &entry->best);
  if (entry->loss < 50)
    /* Translators: the step played, then the computer's choice, which is about as good. */
    return g_strdup_printf (_("Next: %s. The computer’s choice: %s, about as good."), made, better);
  loss = arb_review_describe_loss (entry->loss);
  if (entry->mark == ARB_REVIEW_MARK_NONE)
    /* Translators: the step played, the computer's choice, and how much better it is ("about 2 points"). */
    return g_strdup_printf (_("Next: %s. The computer’s choice: %s, %s better."), made, better, loss);
  /* Translators: the step played, the computer's choice, how much better it is, and the mark. */
  return g_strdup_printf (_("Next: %s. The computer’s choice: %s, %s better. %s."), made, better, loss,
                          arb_review_mark_name (entry->mark));
}

/* The computer's card where it would have gone, when it would have
 * planted another card or elsewhere. */
static void
show_ghost (ArbWindow *self, ArbViewpoint *viewpoint, ArbReview *review, guint step)
{
  const ArbReviewEntry *entry = review != NULL && step < arb_review_get_n_steps (review)
                                ? arb_review_get_entry (review, step) : NULL;
  ArbStep played;

  if (entry != NULL && arb_viewpoint_get_step (viewpoint, step, &played)
      && !arb_review_same_move (&entry->best, &played.move))
    arb_table_show_ghost (self->table, played.player, &entry->best);
  else
    arb_table_show_ghost (self->table, 0, NULL);
}

/* Whether the review has the course of the game: reviews saved before it
 * was kept have none, and no chart. */
static gboolean
has_course (ArbReview *review)
{
  return review != NULL && arb_review_get_n_steps (review) > 0 && arb_review_get_entry (review, 0)->has_expected;
}

/* Under the chart, what its lines mean and what the marks need. */
static void
show_key (ArbWindow *self, gboolean shown, gboolean with_chart)
{
  g_autofree char *key = NULL;

  if (with_chart)
    key = g_strdup_printf ("%s %s",
                           _("Lines: how far ahead of the best other player each player could expect "
                             "to finish, after each of their moves."),
                           arb_review_marks_legend ());
  else
    key = g_strdup (arb_review_marks_legend ());
  gtk_label_set_label (self->review_key, key);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->review_key), key);
  gtk_widget_set_visible (GTK_WIDGET (self->review_key), shown);
}

/* The chart slides over the hand, and no further: it covers none of the
 * arboretum, where Hard's card may lie. */
static void
fit_chart_to_hand (ArbWindow *self)
{
  GtkWidget *hand = GTK_WIDGET (arb_table_get_hand_view (self->table));
  graphene_rect_t bounds;
  int room;

  if (!gtk_widget_compute_bounds (hand, GTK_WIDGET (self->table), &bounds) || bounds.size.height < 1)
    return;
  /* Less the sheet's margins (arb-window.ui). */
  room = gtk_widget_get_height (GTK_WIDGET (self->table)) - (int) bounds.origin.y - 12;
  gtk_widget_set_size_request (GTK_WIDGET (self->review_chart), -1, MAX (room, 80));
}

/* The chart of a reviewed game, unless its button folded it away: it
 * slides over the hand, and the arboretum keeps its room; in a window
 * under 800 pixels high it starts folded. */
static void
show_chart (ArbWindow *self, gboolean has_chart)
{
  gboolean first = has_chart && !self->chart_offered;

  /* Set first: the button's "toggled" comes back here. */
  self->chart_offered = has_chart;
  if (first)
    gtk_toggle_button_set_active (self->chart_button, gtk_widget_get_height (GTK_WIDGET (self)) >= 800);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_button), has_chart);
  fit_chart_to_hand (self);
  gtk_widget_set_visible (GTK_WIDGET (self->review_chart),
                          has_chart && gtk_toggle_button_get_active (self->chart_button));
  gtk_revealer_set_reveal_child (self->chart_revealer, gtk_widget_get_visible (GTK_WIDGET (self->review_chart)));
}

/* The review of the decision about to be made at the replay's position,
 * while replaying a reviewed game. */
void
_arb_window_show_review (ArbWindow *self)
{
  ArbGame *game = arb_session_get_game (self->session);
  ArbViewpoint *viewpoint = arb_session_get_viewpoint (self->session);
  ArbReplay *replay = arb_session_get_replay (self->session);
  ArbReview *review = arb_session_get_review (self->session);
  guint step = replay != NULL ? arb_replay_get_step (replay) : 0;
  gboolean reviewing = arb_session_get_reviewing (self->session);
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review",
                                 replay != NULL && review == NULL && !reviewing && arb_game_get_n_steps (game) > 0);
  gtk_progress_bar_set_fraction (self->review_progress, arb_session_get_review_progress (self->session));
  gtk_widget_set_visible (GTK_WIDGET (self->review_progress), reviewing);
  if (replay != NULL && reviewing)
    text = g_strdup (_("Reviewing every move…"));
  else if (replay != NULL && review != NULL && step < arb_review_get_n_steps (review))
    text = review_text (viewpoint, review, step);
  gtk_widget_set_visible (GTK_WIDGET (self->review_box), text != NULL);
  gtk_label_set_label (self->review_label, text != NULL ? text : "");
  arb_review_chart_set_review (self->review_chart, replay != NULL ? viewpoint : NULL, replay != NULL ? review : NULL);
  arb_review_chart_set_step (self->review_chart, step);
  show_chart (self, replay != NULL && has_course (review));
  show_key (self, replay != NULL && review != NULL && !reviewing, has_course (review));
  if (game != NULL)
    show_ghost (self, viewpoint, replay != NULL ? review : NULL, step);
}

/* A click on the chart, or Page Up and Page Down there. */
static void
on_review_step_chosen (ArbReviewChart *chart, guint step, ArbWindow *self)
{
  ArbReplay *replay = arb_session_get_replay (self->session);

  if (replay != NULL)
    arb_replay_seek (replay, step);
}
void
_arb_window_class_add_review (GtkWidgetClass *widget_class)
{
  g_type_ensure (ARB_TYPE_REVIEW_CHART);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_chart);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, chart_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_key);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, chart_button);
  gtk_widget_class_bind_template_callback (widget_class, _arb_window_show_review);
  gtk_widget_class_bind_template_callback (widget_class, on_review_step_chosen);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_box);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_progress);
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
}
