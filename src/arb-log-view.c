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

  GtkTextView       *text_view;
  GtkTextBuffer     *buffer;
  GtkTextTag        *current_tag;
  GtkTextTag        *future_tag;
  int                target_line; /* the line to bring into view, -1 for the end */
  guint              scroll_tick;
  guint              still_frames;
  guint              laid_out_idle;

  ArbViewpoint      *viewpoint;   /* the steps, as the viewer saw them */
  GArray            *rows;        /* the line of each step */
  guint              n_lines;
};

G_DEFINE_FINAL_TYPE (ArbLogView, arb_log_view, ADW_TYPE_BIN)

/* The log is one text, not a widget a line: a finished game has some 250
 * lines, which as rows of a list cost the window about 3 MiB more
 * (docs/perf.md). Each line is a paragraph; its tags style it. */
static void
line_start (ArbLogView *self, guint line, GtkTextIter *iter)
{
  gtk_text_buffer_get_iter_at_line (self->buffer, iter, (int) line);
}

static void
add_line (ArbLogView *self, const char *text, gboolean heading)
{
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  if (self->n_lines > 0)
    gtk_text_buffer_insert (self->buffer, &end, "\n", 1);
  gtk_text_buffer_insert_with_tags_by_name (self->buffer, &end, text, -1,
                                            heading ? "heading" : "step", NULL);
  self->n_lines++;
}

static void
add_turn_heading (ArbLogView *self, guint turn, guint player)
{
  /* Translators: a heading in the log of moves: the turn number and whose it is. */
  g_autofree char *heading = g_strdup_printf (_("Turn %u · %s"), turn + 1u,
                                              arb_game_player_name (arb_viewpoint_get_game (self->viewpoint), player));
  add_line (self, heading, TRUE);
}

/* Clamps the page around the target line (one line above it, two below)
 * or, without one, to the end. Lines laid out for the first time have
 * estimated heights, so this is done again each frame until the page
 * stays put. Not gtk_text_view_scroll_to_mark (): it glides, and a glide
 * still under way when the next step is replayed ends where it aimed,
 * not at the new step. */
static gboolean
scroll_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  ArbLogView *self = ARB_LOG_VIEW (widget);
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view));
  double before = gtk_adjustment_get_value (adj);
  GtkTextIter iter;
  int y, height;

  if (self->target_line < 0)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  else
    {
      line_start (self, (guint) self->target_line, &iter);
      gtk_text_view_get_line_yrange (self->text_view, &iter, &y, &height);
      gtk_adjustment_clamp_page (adj, y - height, y + 2 * height);
    }
  if (gtk_adjustment_get_value (adj) == before)
    self->still_frames++;
  else
    self->still_frames = 0;
  if (self->still_frames < 2)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
start_scroll_tick (ArbLogView *self)
{
  self->still_frames = 0;
  if (self->scroll_tick == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
}

/* The text view lays out the lines off screen in an idle of its own; until
 * then they count as empty. Frames drawn back to back (a software renderer,
 * a busy machine) hold that idle back, and the page can stay put for two
 * frames with the target line not laid out yet: a finished game opened
 * showed its first turns. This idle, of lower priority than the text
 * view's, runs once every line is laid out, and aims again. */
static gboolean
aim_again_when_laid_out (gpointer user_data)
{
  ArbLogView *self = ARB_LOG_VIEW (user_data);

  self->laid_out_idle = 0;
  start_scroll_tick (self);
  return G_SOURCE_REMOVE;
}

/* Brings line (-1: the last) into view, once the text is laid out. */
static void
scroll_to (ArbLogView *self, int line)
{
  self->target_line = MIN (line, (int) self->n_lines - 1);
  start_scroll_tick (self);
  if (self->laid_out_idle == 0)
    self->laid_out_idle = g_idle_add_full (GTK_TEXT_VIEW_PRIORITY_VALIDATE + 1, aim_again_when_laid_out, self, NULL);
}

static void
arb_log_view_map (GtkWidget *widget)
{
  ArbLogView *self = ARB_LOG_VIEW (widget);

  GTK_WIDGET_CLASS (arb_log_view_parent_class)->map (widget);
  scroll_to (self, self->target_line);
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
clear (ArbLogView *self)
{
  gtk_text_buffer_set_text (self->buffer, "", 0);
  self->n_lines = 0;
  g_array_set_size (self->rows, 0);
}

/* The turn number and the player of the start of the game, from the
 * position shown and the steps that led there. */
static void
start_of_game (ArbLogView *self, guint *turn, guint *player)
{
  guint n = arb_viewpoint_get_n_steps (self->viewpoint);
  ArbStep step;
  const ArbState *state = &arb_viewpoint_get_projection (self->viewpoint)->state;

  /* The discard that ends the game starts no other turn. */
  *turn = state->turn + (state->phase == ARB_PHASE_OVER ? 1u : 0u);
  *player = state->current;
  for (guint i = 0; i < n; i++)
    {
      (void) arb_viewpoint_get_step (self->viewpoint, i, &step);
      if (i == 0)
        *player = step.player;
      *turn -= step.move.kind == ARB_MOVE_DISCARD;
    }
}

/* Logs every step the viewpoint shows so far, and follows it from now on
 * through arb_log_view_add_step () and arb_log_view_trim (). The steps are
 * read as the viewer saw them, never from the game. */
void
arb_log_view_set_viewpoint (ArbLogView *self, ArbViewpoint *viewpoint)
{
  guint turn, player;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  g_return_if_fail (ARB_IS_VIEWPOINT (viewpoint));
  g_set_object (&self->viewpoint, viewpoint);
  clear (self);
  if (arb_viewpoint_get_game (viewpoint) == NULL)
    return;
  start_of_game (self, &turn, &player);
  add_turn_heading (self, turn, player);
  for (guint i = 0; i < arb_viewpoint_get_n_steps (viewpoint); i++)
    arb_log_view_add_step (self, i);
  scroll_to (self, -1);
}

/* The game's end: the result, as the scoring tells it, and the points. */
static void
add_result (ArbLogView *self)
{
  ArbGame *game = arb_viewpoint_get_game (self->viewpoint);
  const char *names[ARB_MAX_PLAYERS] = { NULL };
  g_autofree char *line = NULL;
  ArbScoreSheet sheet;

  /* Over, the projection holds every hand, as at the scoring. */
  arb_state_score (&arb_viewpoint_get_projection (self->viewpoint)->state, &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    names[p] = arb_game_player_name (game, p);
  line = arb_score_describe_outcome (&sheet, names);
  add_line (self, line, TRUE);
  scroll_to (self, -1);
}

/* Logs step index; a discard ends a turn, so the next turn's heading
 * follows it. */
void
arb_log_view_add_step (ArbLogView *self, guint index)
{
  ArbGame *game;
  ArbStep step, next;
  g_autofree char *text = NULL;
  guint n, turn, player;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  g_return_if_fail (self->viewpoint != NULL);
  g_return_if_fail (arb_viewpoint_get_step (self->viewpoint, index, &step));
  game = arb_viewpoint_get_game (self->viewpoint);
  text = arb_game_describe_step (game, &step, ARB_STEP_TEXT_PUBLIC);
  n = arb_viewpoint_get_n_steps (self->viewpoint);
  g_array_set_size (self->rows, index);
  g_array_append_val (self->rows, self->n_lines);
  add_line (self, text, FALSE);
  scroll_to (self, -1);
  if (index + 1 == n && arb_viewpoint_get_projection (self->viewpoint)->state.phase == ARB_PHASE_OVER)
    {
      add_result (self);
      return;
    }
  if (step.move.kind != ARB_MOVE_DISCARD)
    return;
  start_of_game (self, &turn, &player);
  for (guint i = 0; i <= index; i++)
    {
      (void) arb_viewpoint_get_step (self->viewpoint, i, &next);
      turn += next.move.kind == ARB_MOVE_DISCARD;
    }
  if (index + 1 < n)
    {
      (void) arb_viewpoint_get_step (self->viewpoint, index + 1, &next);
      player = next.player;
    }
  else
    player = arb_viewpoint_get_projection (self->viewpoint)->state.current;
  add_turn_heading (self, turn, player);
}

/* After a take back: the lines of the steps no longer played go. */
void
arb_log_view_trim (ArbLogView *self)
{
  GtkTextIter from, end;
  guint n, keep;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  n = self->viewpoint != NULL ? arb_viewpoint_get_n_steps (self->viewpoint) : 0;
  if (self->rows->len <= n)
    return;
  keep = g_array_index (self->rows, guint, n);
  /* From the end of the last line kept, with the line break before the
   * first one gone. */
  if (keep == 0)
    gtk_text_buffer_get_start_iter (self->buffer, &from);
  else
    {
      line_start (self, keep - 1, &from);
      gtk_text_iter_forward_to_line_end (&from);
    }
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  gtk_text_buffer_delete (self->buffer, &from, &end);
  self->n_lines = keep;
  g_array_set_size (self->rows, n);
}

/* In a replay at step (steps replayed; -1 when not replaying), marks the
 * line of the step just replayed and dims the steps to come. */
void
arb_log_view_follow (ArbLogView *self, int step)
{
  int current = step < 0 ? -1 : step == 0 ? 0 : arb_log_view_get_row_of_step (self, (guint) step - 1);
  GtkTextIter start, end;

  g_return_if_fail (ARB_IS_LOG_VIEW (self));
  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  gtk_text_buffer_remove_tag (self->buffer, self->current_tag, &start, &end);
  gtk_text_buffer_remove_tag (self->buffer, self->future_tag, &start, &end);
  if (step > 0 && current >= 0)
    {
      line_start (self, (guint) current, &start);
      end = start;
      gtk_text_iter_forward_line (&end);
      gtk_text_buffer_apply_tag (self->buffer, self->current_tag, &start, &end);
    }
  if (step >= 0 && current + 1 < (int) self->n_lines)
    {
      line_start (self, (guint) current + 1, &start);
      gtk_text_buffer_get_end_iter (self->buffer, &end);
      gtk_text_buffer_apply_tag (self->buffer, self->future_tag, &start, &end);
    }
  scroll_to (self, current);
}

/* The log takes the focus when asked, and is no stop for Tab again once
 * it leaves. */
static void
on_focus_leave (GtkEventControllerFocus *controller, ArbLogView *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self->text_view), FALSE);
}

/* The focus comes to the log at the start of its last line, the newest
 * move, from where the arrows read it line by line. */
gboolean
arb_log_view_focus (ArbLogView *self)
{
  GtkTextIter last;

  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), FALSE);
  gtk_text_buffer_get_end_iter (self->buffer, &last);
  gtk_text_iter_set_line_offset (&last, 0);
  gtk_text_buffer_place_cursor (self->buffer, &last);
  gtk_widget_set_focusable (GTK_WIDGET (self->text_view), TRUE);
  return gtk_widget_grab_focus (GTK_WIDGET (self->text_view));
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

/* The text of line (a copy), or NULL past the end. */
char *
arb_log_view_get_line (ArbLogView *self, guint line)
{
  GtkTextIter start, end;

  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), NULL);
  if (line >= self->n_lines)
    return NULL;
  line_start (self, line, &start);
  end = start;
  if (!gtk_text_iter_ends_line (&end))
    gtk_text_iter_forward_to_line_end (&end);
  return gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
}

/* Whether line is styled as style: "heading", "replay-current" or
 * "replay-future", the names of the tags that show them. */
gboolean
arb_log_view_line_has_style (ArbLogView *self, guint line, const char *style)
{
  GtkTextTag *tag;
  GtkTextIter start;

  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), FALSE);
  tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (self->buffer), style);
  g_return_val_if_fail (tag != NULL, FALSE);
  if (line >= self->n_lines)
    return FALSE;
  line_start (self, line, &start);
  return gtk_text_iter_has_tag (&start, tag);
}

GtkTextView *
arb_log_view_get_text_view (ArbLogView *self)
{
  g_return_val_if_fail (ARB_IS_LOG_VIEW (self), NULL);
  return self->text_view;
}

/* The marks take their colours from the theme, and follow it when it
 * changes (dark or light, high contrast). */
static void
update_mark_colours (ArbLogView *self)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self->text_view));
  GdkRGBA colour;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (context, &colour);
  colour.alpha *= 0.45f;
  g_object_set (self->future_tag, "foreground-rgba", &colour, NULL);
  if (!gtk_style_context_lookup_color (context, "accent_bg_color", &colour))
    gdk_rgba_parse (&colour, "#3584e4");
  G_GNUC_END_IGNORE_DEPRECATIONS
  colour.alpha *= 0.2f;
  g_object_set (self->current_tag, "paragraph-background-rgba", &colour, NULL);
}

static void
arb_log_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (arb_log_view_parent_class)->css_changed (widget, change);
  update_mark_colours (ARB_LOG_VIEW (widget));
}

static void
arb_log_view_dispose (GObject *object)
{
  ArbLogView *self = ARB_LOG_VIEW (object);

  g_clear_handle_id (&self->laid_out_idle, g_source_remove);
  g_clear_object (&self->viewpoint);
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
  widget_class->css_changed = arb_log_view_css_changed;
  widget_class->map = arb_log_view_map;
  widget_class->unmap = arb_log_view_unmap;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-log-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbLogView, text_view);
}

static void
arb_log_view_init (ArbLogView *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->buffer = gtk_text_view_get_buffer (self->text_view);
  /* Under a heading, the steps stand in from it, as in a list. */
  gtk_text_buffer_create_tag (self->buffer, "heading", "weight", PANGO_WEIGHT_BOLD,
                              "pixels-above-lines", 6, "left-margin", 6, NULL);
  gtk_text_buffer_create_tag (self->buffer, "step", "pixels-above-lines", 1, "left-margin", 12, NULL);
  self->current_tag = gtk_text_buffer_create_tag (self->buffer, "replay-current", NULL);
  self->future_tag = gtk_text_buffer_create_tag (self->buffer, "replay-future", NULL);
  self->target_line = -1;
  update_mark_colours (self);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), self);
    gtk_widget_add_controller (GTK_WIDGET (self->text_view), focus);
  }
}
