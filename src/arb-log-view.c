/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-log-view.c: the log of a game's moves, turn by turn.
 *
 * One line a step, in the engine's words for a person at the screen (a
 * card drawn from the deck is never named), under a heading a turn. It
 * follows the game as it is played, keeps its end in view, loses the lines
 * of steps taken back, and in a replay follows the cursor: the step just
 * replayed is marked and in view, the steps to come dimmed.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-log-view.h"

struct _ArbLogView
{
  AdwBin             parent_instance;

  GtkScrolledWindow *scrolled;
  GtkListBox        *list;

  ArbGame           *game;
  GArray            *rows;        /* the row of each step's line */
  guint              n_lines;
  int                target;      /* the row to bring into view, -1 for the end */
  guint              scroll_tick;
  guint              scroll_frames;
};

G_DEFINE_FINAL_TYPE (ArbLogView, arb_log_view, ADW_TYPE_BIN)

static void
add_line (ArbLogView *self, const char *text, gboolean heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_margin_start (label, heading ? 6 : 12);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, heading ? 6 : 1);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  gtk_list_box_append (self->list, label);
  /* The log is read, not used: its lines are no stops for Tab. */
  gtk_widget_set_focusable (gtk_widget_get_parent (label), FALSE);
  self->n_lines++;
}

static void
add_turn_heading (ArbLogView *self, guint turn, guint player)
{
  /* Translators: a heading in the log of moves: the turn number and whose it is. */
  g_autofree char *heading = g_strdup_printf (_("Turn %u · %s"), turn + 1u,
                                              arb_game_player_name (self->game, player));
  add_line (self, heading, TRUE);
}

/* The first frame lays the list out with its new lines, the next knows
 * where they are. */
static gboolean
scroll_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  ArbLogView *self = ARB_LOG_VIEW (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scrolled);
  GtkListBoxRow *target;
  graphene_rect_t bounds;

  if (++self->scroll_frames < 2)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  target = self->target >= 0 ? gtk_list_box_get_row_at_index (self->list, self->target) : NULL;
  if (target != NULL && gtk_widget_compute_bounds (GTK_WIDGET (target), GTK_WIDGET (self->list), &bounds))
    gtk_adjustment_clamp_page (adj, bounds.origin.y - bounds.size.height,
                               bounds.origin.y + 2 * bounds.size.height);
  else
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  return G_SOURCE_REMOVE;
}

static void
scroll_to (ArbLogView *self, int row)
{
  self->target = row;
  if (self->scroll_tick == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->scroll_frames = 0;
      self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
    }
}

static void
clear (ArbLogView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->n_lines = 0;
  g_array_set_size (self->rows, 0);
}

/* Logs every step of game so far, and follows it from now on through
 * arb_log_view_add_step () and arb_log_view_trim (). */
void
arb_log_view_set_game (ArbLogView *self, ArbGame *game)
{
  const ArbState *start;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  g_return_if_fail (ARB_IS_GAME (game));
  g_set_object (&self->game, game);
  clear (self);
  start = arb_game_get_start_state (game);
  add_turn_heading (self, start->turn, start->current);
  for (guint i = 0; i < arb_game_get_n_steps (game); i++)
    arb_log_view_add_step (self, i);
  scroll_to (self, -1);
}

/* Logs step index; a discard ends a turn, so the next turn's heading
 * follows it. */
void
arb_log_view_add_step (ArbLogView *self, guint index)
{
  const ArbStep *step;
  g_autofree char *text = NULL;
  guint n, turn = 0;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  g_return_if_fail (self->game != NULL && index < arb_game_get_n_steps (self->game));
  step = arb_game_get_step (self->game, index);
  text = arb_game_describe_step (self->game, step, ARB_STEP_TEXT_PUBLIC);
  n = arb_game_get_n_steps (self->game);
  g_array_set_size (self->rows, index);
  g_array_append_val (self->rows, self->n_lines);
  add_line (self, text, FALSE);
  scroll_to (self, -1);
  if (step->move.kind != ARB_MOVE_DISCARD || (index + 1 == n && arb_game_is_finished (self->game)))
    return;
  for (guint i = 0; i <= index; i++)
    turn += arb_game_get_step (self->game, i)->move.kind == ARB_MOVE_DISCARD;
  add_turn_heading (self, arb_game_get_start_state (self->game)->turn + turn,
                    index + 1 < n ? arb_game_get_step (self->game, index + 1)->player
                                  : arb_game_get_current_player (self->game));
}

/* After a take back: the lines of the steps no longer played go. */
void
arb_log_view_trim (ArbLogView *self)
{
  guint n, keep;
  GtkListBoxRow *row;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  n = self->game != NULL ? arb_game_get_n_steps (self->game) : 0;
  if (self->rows->len <= n)
    return;
  keep = g_array_index (self->rows, guint, n);
  while ((row = gtk_list_box_get_row_at_index (self->list, (int) keep)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  self->n_lines = keep;
  g_array_set_size (self->rows, n);
}

/* In a replay at step (steps replayed; -1 when not replaying), marks the
 * line of the step just replayed and dims the steps to come. */
void
arb_log_view_follow (ArbLogView *self, int step)
{
  int current = step < 0 ? -1 : step == 0 ? 0 : arb_log_view_get_row_of_step (self, (guint) step - 1);
  GtkListBoxRow *row;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->list, i)) != NULL; i++)
    {
      GtkWidget *widget = GTK_WIDGET (row);

      if (step > 0 && i == current)
        gtk_widget_add_css_class (widget, "replay-current");
      else
        gtk_widget_remove_css_class (widget, "replay-current");
      if (step >= 0 && i > current)
        gtk_widget_add_css_class (widget, "replay-future");
      else
        gtk_widget_remove_css_class (widget, "replay-future");
    }
  scroll_to (self, current);
}

guint
arb_log_view_get_n_lines (ArbLogView *self)
{
  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), 0);
  return self->n_lines;
}

/* The row of step index's line, or -1. */
int
arb_log_view_get_row_of_step (ArbLogView *self, guint index)
{
  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), -1);
  return index < self->rows->len ? (int) g_array_index (self->rows, guint, index) : -1;
}

GtkListBox *
arb_log_view_get_list (ArbLogView *self)
{
  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), NULL);
  return self->list;
}

static void
arb_log_view_unmap (GtkWidget *widget)
{
  ArbLogView *self = ARB_LOG_VIEW (widget);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (widget, self->scroll_tick);
  self->scroll_tick = 0;
  GTK_WIDGET_CLASS (arb_log_view_parent_class)->unmap (widget);
}

static void
arb_log_view_dispose (GObject *object)
{
  ArbLogView *self = ARB_LOG_VIEW (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->rows, g_array_unref);
  /* AdwBin unparents the template's child, the scrolled window, itself. */
  G_OBJECT_CLASS (arb_log_view_parent_class)->dispose (object);
}

static void
arb_log_view_class_init (ArbLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_log_view_dispose;
  widget_class->unmap = arb_log_view_unmap;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-log-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbLogView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ArbLogView, list);
}

static void
arb_log_view_init (ArbLogView *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  self->target = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
}
