/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-review.c: the game's review in the window's replay.
 *
 * Review (win.review) compares every decision of the game with what Hard
 * would have done from that seat's knowledge (ArbReview, in a worker
 * thread, with a progress bar; the game stays usable). The review goes into
 * the game, so that saving keeps it; a game opened with a review shows it
 * at once. At each step of the replay the bar says what Hard would have
 * done, the points the move made lost, and its mark; Hard's move is drawn
 * on the table, and a chart of the game's course leads to its turning
 * points.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-review-chart.h"
#include "arb-window-private.h"

typedef struct {
  ArbWindow    *window;
  ArbGame      *game;
  GCancellable *cancellable;  /* this review's: a newer one has another */
} Reviewing;

static void
on_progress (guint done, guint total, gpointer user_data)
{
  Reviewing *reviewing = user_data;

  /* A review cancelled may still report before it ends: only the review
   * under way moves the bar. */
  if (total > 0 && reviewing->window->review_cancellable == reviewing->cancellable)
    gtk_progress_bar_set_fraction (reviewing->window->review_progress, (double) done / total);
}

static void
on_reviewed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reviewing *reviewing = user_data;
  ArbWindow *self = reviewing->window;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbReview) review = arb_review_run_finish (result, &error);

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->game == reviewing->game
      && self->review_cancellable == reviewing->cancellable)
    {
      g_clear_object (&self->review_cancellable);
      gtk_widget_set_visible (GTK_WIDGET (self->review_progress), FALSE);
      if (review != NULL)
        {
          arb_game_set_review (self->game, review);
          /* A review is worth keeping: the game now has something to save. */
          arb_session_changed (self->session);
        }
      else
        _arb_window_say (self, error->message, TRUE);
      _arb_window_update_controls (self);
    }
  g_object_unref (reviewing->window);
  g_object_unref (reviewing->game);
  g_object_unref (reviewing->cancellable);
  g_free (reviewing);
}

static void
review_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  Reviewing *reviewing;
  ArbReviewParams params;

  if (self->game == NULL || self->review_cancellable != NULL || arb_game_get_review (self->game) != NULL)
    return;
  arb_review_params_init (&params, arb_game_get_seed (self->game));
  reviewing = g_new0 (Reviewing, 1);
  reviewing->window = g_object_ref (self);
  reviewing->game = g_object_ref (self->game);
  self->review_cancellable = g_cancellable_new ();
  reviewing->cancellable = g_object_ref (self->review_cancellable);
  gtk_progress_bar_set_fraction (self->review_progress, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->review_progress), TRUE);
  arb_review_run_async (self->game, &params, self->review_cancellable, on_progress, reviewing,
                        on_reviewed, reviewing);
  _arb_window_update_controls (self);
}

void
_arb_window_cancel_review (ArbWindow *self)
{
  g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  if (self->review_progress != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->review_progress), FALSE);
}

/* The decision made at the position shown, against Hard's:
 * "Next: Rina planted Oak 5. Hard’s choice: … Points lost: 3.20 ± 0.40. Mistake." */
static char *
review_text (ArbWindow *self, ArbReview *review, guint step)
{
  const ArbReviewEntry *entry = arb_review_get_entry (review, step);
  const ArbStep *played = arb_game_get_step (self->game, step);
  g_autofree char *made = arb_game_describe_step (self->game, played, ARB_STEP_TEXT_FULL);
  ArbStep best = *played;
  g_autofree char *hard = NULL;

  if (arb_review_same_move (&entry->best, &played->move))
    /* Translators: the step played from the position shown, which was Hard's choice too. */
    return g_strdup_printf (_("Next: %s. Hard would have done the same."), made);
  best.move = entry->best;
  hard = arb_game_describe_step (self->game, &best, ARB_STEP_TEXT_FULL);
  if (entry->mark == ARB_REVIEW_MARK_NONE)
    /* Translators: the step played, Hard's choice instead, the points lost with their error. */
    return g_strdup_printf (_("Next: %s. Hard’s choice: %s. Points lost: %.2f ± %.2f."), made, hard,
                            entry->loss / 100.0, entry->error / 100.0);
  /* Translators: the step played, Hard's choice, the points lost with their error, the mark. */
  return g_strdup_printf (_("Next: %s. Hard’s choice: %s. Points lost: %.2f ± %.2f. %s."), made, hard,
                          entry->loss / 100.0, entry->error / 100.0, arb_review_mark_name (entry->mark));
}

/* Hard's card where it would have gone, when Hard would have planted
 * another card or elsewhere. */
static void
show_ghost (ArbWindow *self, ArbReview *review, guint step)
{
  const ArbReviewEntry *entry = review != NULL && step < arb_review_get_n_steps (review)
                                ? arb_review_get_entry (review, step) : NULL;
  const ArbStep *played = entry != NULL ? arb_game_get_step (self->game, step) : NULL;

  if (entry != NULL && !arb_review_same_move (&entry->best, &played->move))
    arb_table_show_ghost (self->table, played->player, &entry->best);
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

/* The review of the decision about to be made at the replay's position,
 * while replaying a reviewed game. */
void
_arb_window_show_review (ArbWindow *self)
{
  ArbReview *review = self->game != NULL ? arb_game_get_review (self->game) : NULL;
  guint step = self->replay != NULL ? arb_replay_get_step (self->replay) : 0;
  gboolean reviewing = self->review_cancellable != NULL;
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review",
                                 self->replay != NULL && review == NULL && !reviewing
                                 && arb_game_get_n_steps (self->game) > 0);
  if (self->replay != NULL && reviewing)
    text = g_strdup (_("Reviewing every move…"));
  else if (self->replay != NULL && review != NULL && step < arb_review_get_n_steps (review))
    text = review_text (self, review, step);
  gtk_widget_set_visible (GTK_WIDGET (self->review_box), text != NULL);
  gtk_label_set_label (self->review_label, text != NULL ? text : "");
  arb_review_chart_set_review (self->review_chart, self->replay != NULL ? self->game : NULL,
                               self->replay != NULL ? review : NULL);
  arb_review_chart_set_step (self->review_chart, step);
  gtk_widget_set_visible (GTK_WIDGET (self->review_chart), self->replay != NULL && has_course (review));
  if (self->game != NULL)
    show_ghost (self, self->replay != NULL ? review : NULL, step);
}

/* A click on the chart, or Page Up and Page Down there. */
static void
on_review_step_chosen (ArbReviewChart *chart, guint step, ArbWindow *self)
{
  if (self->replay != NULL)
    arb_replay_seek (self->replay, step);
}

void
_arb_window_class_add_review (GtkWidgetClass *widget_class)
{
  g_type_ensure (ARB_TYPE_REVIEW_CHART);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_chart);
  gtk_widget_class_bind_template_callback (widget_class, on_review_step_chosen);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_box);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, review_progress);
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
}
