/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-scores.c: the scoring sheet over the window, shown and closed
 * for good. Calls nothing else of the window: the window connects to the
 * sheet's "replay". */
#include "config.h"

#include "arb-window-private.h"

/* Presents the scores of the session's game; TRUE when the sheet is new
 * (its "replay" signal still to be connected). */
gboolean
_arb_window_present_scores (ArbWindow *self)
{
  gboolean created = self->score_dialog == NULL;

  if (created)
    {
      self->score_dialog = arb_score_dialog_new (arb_session_get_game (self->session));
      g_object_add_weak_pointer (G_OBJECT (self->score_dialog), (gpointer *) &self->score_dialog);
      gtk_window_set_transient_for (GTK_WINDOW (self->score_dialog), GTK_WINDOW (self));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self->score_dialog), TRUE);
      gtk_window_set_application (GTK_WINDOW (self->score_dialog),
                                  gtk_window_get_application (GTK_WINDOW (self)));
    }
  gtk_window_present (GTK_WINDOW (self->score_dialog));
  return created;
}

/* The scores go, and are forgotten at once: a dialog destroyed lives on
 * until its last reference goes, and must never be presented again. */
void
_arb_window_close_scores (ArbWindow *self)
{
  ArbScoreDialog *dialog = g_steal_pointer (&self->score_dialog);

  if (dialog == NULL)
    return;
  g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->score_dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
}
