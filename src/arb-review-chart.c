/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-review-chart.c: the course of a reviewed game, player by player.
 *
 * Each player's line is the final margin they could expect after each of
 * their own decisions (ArbReviewEntry.expected: their points less the best
 * of the others'), held flat until their next decision; a dot marks an
 * inaccuracy, a mistake or a blunder on the line of whoever made it, and a
 * vertical line stands at the replay's step. A decision is drawn at the
 * position it was made from, where the replay says it ("Next: ..."). A click, or Page Up and Page
 * Down between the marked steps, says which step to go to ("step-chosen"):
 * the turning points are one click away.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "arb-review-chart.h"

#define PAD_X 10.0
#define PAD_Y 4.0
#define LEGEND_HEIGHT 18.0
/* Room for the values on the left axis; the label of the moves shares
 * the legend's row, at its right end, so the chart stays short. */
#define AXIS_WIDTH 34.0
#define AXIS_HEIGHT 0.0

struct _ArbReviewChart
{
  GtkWidget  parent_instance;

  ArbViewpoint *viewpoint; /* of the replay: the steps' players, the names */
  ArbReview *review;
  guint      step;       /* the replay's position: steps taken */
  guint      legend_rows; /* as the legend was last laid out */
};

G_DEFINE_FINAL_TYPE (ArbReviewChart, arb_review_chart, GTK_TYPE_WIDGET)

enum {
  STEP_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A colour a seat, from GNOME's palette, readable on light and dark. */
static const GdkRGBA seat_colors[ARB_MAX_PLAYERS] = {
  { 0.21f, 0.52f, 0.89f, 1.0f },  /* blue 3 */
  { 0.90f, 0.38f, 0.00f, 1.0f },  /* orange 4 */
  { 0.18f, 0.76f, 0.49f, 1.0f },  /* green 4 */
  { 0.57f, 0.25f, 0.67f, 1.0f },  /* purple 3 */
};

static const GdkRGBA mark_colors[ARB_REVIEW_N_MARKS] = {
  { 0.0f, 0.0f, 0.0f, 0.0f },
  { 0.96f, 0.83f, 0.18f, 1.0f },  /* inaccuracy: yellow 3 */
  { 1.00f, 0.47f, 0.00f, 1.0f },  /* mistake: orange 3 */
  { 0.88f, 0.11f, 0.14f, 1.0f },  /* blunder: red 3 */
};

static guint
n_steps (ArbReviewChart *self)
{
  return self->review != NULL ? arb_review_get_n_steps (self->review) : 0;
}

/* The step a point of the chart stands for, 0 (the deal) to the last. */
guint
arb_review_chart_step_at (ArbReviewChart *self, double x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD_X - AXIS_WIDTH;
  double step;

  g_return_val_if_fail (ARB_IS_REVIEW_CHART (self), 0);
  if (n_steps (self) == 0 || width <= 0)
    return 0;
  step = (x - PAD_X - AXIS_WIDTH) / width * n_steps (self) + 0.5;
  return (guint) CLAMP (step, 0.0, (double) n_steps (self));
}

double
arb_review_chart_x_of_step (ArbReviewChart *self, guint step)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD_X - AXIS_WIDTH;

  g_return_val_if_fail (ARB_IS_REVIEW_CHART (self), 0);
  if (n_steps (self) == 0)
    return PAD_X + AXIS_WIDTH;
  return PAD_X + AXIS_WIDTH + width * MIN (step, n_steps (self)) / n_steps (self);
}

/* The expected margins span at least ±1 point, so that a quiet game is not
 * drawn as a storm. */
static void
value_range (ArbReviewChart *self, double *low, double *high)
{
  *low = -1.0;
  *high = 1.0;
  for (guint i = 0; i < n_steps (self); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (self->review, i);

      if (!entry->has_expected)
        continue;
      *low = MIN (*low, entry->expected / 100.0);
      *high = MAX (*high, entry->expected / 100.0);
    }
}

/* The lines keep below the legend's rows. */
static double
y_of (ArbReviewChart *self, double value, double low, double high)
{
  double legend = MAX (self->legend_rows, 1) * LEGEND_HEIGHT;
  double height = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * PAD_Y - legend - AXIS_HEIGHT;

  return legend + PAD_Y + height * (high - value) / (high - low);
}

/* A stroke of its own a seat, so that the lines are told apart without
 * their colours too. */
static void
set_seat_dash (cairo_t *cr, guint player)
{
  static const double dashes[ARB_MAX_PLAYERS][2] = { { 0, 0 }, { 6, 3 }, { 2, 2 }, { 8, 2 } };

  if (player % ARB_MAX_PLAYERS == 0)
    cairo_set_dash (cr, NULL, 0, 0);
  else
    cairo_set_dash (cr, dashes[player % ARB_MAX_PLAYERS], 2, 0);
}

static void
draw_player (ArbReviewChart *self, cairo_t *cr, guint player, double low, double high)
{
  gboolean started = FALSE;
  double y = 0;

  gdk_cairo_set_source_rgba (cr, &seat_colors[player % ARB_MAX_PLAYERS]);
  cairo_set_line_width (cr, 2.0);
  set_seat_dash (cr, player);
  for (guint i = 0; i < n_steps (self); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (self->review, i);
      double x = arb_review_chart_x_of_step (self, i);
      ArbStep step;

      if (!arb_viewpoint_get_step (self->viewpoint, i, &step) || step.player != player || !entry->has_expected)
        continue;
      if (started)
        cairo_line_to (cr, x, y);
      y = y_of (self, entry->expected / 100.0, low, high);
      if (started)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      started = TRUE;
    }
  if (started)
    {
      cairo_line_to (cr, arb_review_chart_x_of_step (self, n_steps (self)), y);
      cairo_stroke (cr);
    }
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_marks (ArbReviewChart *self, cairo_t *cr, double low, double high)
{
  for (guint i = 0; i < n_steps (self); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (self->review, i);

      if (entry->mark == ARB_REVIEW_MARK_NONE || !entry->has_expected)
        continue;
      cairo_arc (cr, arb_review_chart_x_of_step (self, i), y_of (self, entry->expected / 100.0, low, high),
                 2.5 + entry->mark, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (cr, &mark_colors[entry->mark]);
      cairo_fill (cr);
    }
}

/* Where the legend's next item goes: it wraps to a new row rather than
 * run past the chart's right edge (long names, French words, a narrow
 * window). */
typedef struct {
  double x, y, right;
  guint  rows;
} LegendPen;

static void
legend_place (LegendPen *pen, double width)
{
  if (pen->x > PAD_X && pen->x + width > pen->right)
    {
      pen->x = PAD_X;
      pen->y += LEGEND_HEIGHT;
      pen->rows++;
    }
}

/* Who is which line: a short stroke of each colour and the name; what the
 * dots mean, in their colours and sizes; and, at the right end, what runs
 * along the chart. Drawn with cr, or only measured with cr NULL; the
 * number of rows it takes. */
static guint
lay_out_legend (ArbReviewChart *self, cairo_t *cr, const GdkRGBA *fg)
{
  ArbGame *game = arb_viewpoint_get_game (self->viewpoint);
  LegendPen pen = { PAD_X, 2, gtk_widget_get_width (GTK_WIDGET (self)) - PAD_X, 1 };
  PangoLayout *layout;
  int text_width, text_height;

  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    {
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), arb_game_player_name (game, p));
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      legend_place (&pen, 18 + text_width);
      if (cr != NULL)
        {
          gdk_cairo_set_source_rgba (cr, &seat_colors[p % ARB_MAX_PLAYERS]);
          cairo_set_line_width (cr, 3.0);
          set_seat_dash (cr, p);
          cairo_move_to (cr, pen.x, pen.y + text_height / 2.0);
          cairo_line_to (cr, pen.x + 14, pen.y + text_height / 2.0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          gdk_cairo_set_source_rgba (cr, fg);
          cairo_move_to (cr, pen.x + 18, pen.y);
          pango_cairo_show_layout (cr, layout);
        }
      pen.x += 18 + text_width + 14;
      g_object_unref (layout);
    }
  for (ArbReviewMark mark = ARB_REVIEW_MARK_INACCURACY; mark < ARB_REVIEW_N_MARKS; mark++)
    {
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), arb_review_mark_name (mark));
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      legend_place (&pen, 14 + text_width);
      if (cr != NULL)
        {
          cairo_arc (cr, pen.x + 5, pen.y + text_height / 2.0, 2.5 + mark, 0, 2 * G_PI);
          gdk_cairo_set_source_rgba (cr, &mark_colors[mark]);
          cairo_fill (cr);
          gdk_cairo_set_source_rgba (cr, fg);
          cairo_move_to (cr, pen.x + 14, pen.y);
          pango_cairo_show_layout (cr, layout);
        }
      pen.x += 14 + text_width + 12;
      g_object_unref (layout);
    }
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), _("Moves, from the deal to the end →"));
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  legend_place (&pen, text_width);
  if (cr != NULL)
    {
      cairo_move_to (cr, pen.right - text_width, pen.y);
      pango_cairo_show_layout (cr, layout);
    }
  g_object_unref (layout);
  return pen.rows;
}

static void
show_text (ArbReviewChart *self, cairo_t *cr, const char *text, double x, double y, double align)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int text_width, text_height;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  cairo_move_to (cr, x - align * text_width, y - text_height / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The left axis, with the highest and lowest margins and 0 ("even"). */
static void
draw_axes (ArbReviewChart *self, cairo_t *cr, const GdkRGBA *fg, double low, double high)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  double left = PAD_X + AXIS_WIDTH, bottom = y_of (self, low, low, high);
  const double values[] = { high, 0, low };

  gdk_cairo_set_source_rgba (cr, fg);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, left, y_of (self, high, low, high));
  cairo_line_to (cr, left, bottom);
  cairo_line_to (cr, width - PAD_X, bottom);
  cairo_stroke (cr);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      /* Translators: a margin on the chart's axis, in points: "+5", "0", "-3". */
      g_autofree char *text = values[i] != 0 ? g_strdup_printf (_("%+.0f"), values[i]) : g_strdup ("0");
      show_text (self, cr, text, left - 4, y_of (self, values[i], low, high), 1.0);
    }
}

static void
arb_review_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbReviewChart *self = ARB_REVIEW_CHART (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkRGBA fg;
  double low, high, x;
  cairo_t *cr;

  if (n_steps (self) == 0 || width <= 2 * PAD_X + AXIS_WIDTH)
    return;
  self->legend_rows = lay_out_legend (self, NULL, NULL);
  if (height <= 2 * PAD_Y + self->legend_rows * LEGEND_HEIGHT + AXIS_HEIGHT)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  value_range (self, &low, &high);

  /* Even: no one ahead. */
  fg.alpha = 0.3f;
  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, PAD_X + AXIS_WIDTH, y_of (self, 0, low, high));
  cairo_line_to (cr, width - PAD_X, y_of (self, 0, low, high));
  cairo_stroke (cr);

  for (guint p = 0; p < arb_game_get_n_seats (arb_viewpoint_get_game (self->viewpoint)); p++)
    draw_player (self, cr, p, low, high);
  draw_marks (self, cr, low, high);
  fg.alpha = 0.8f;
  lay_out_legend (self, cr, &fg);
  draw_axes (self, cr, &fg, low, high);

  /* The replay's step. */
  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_set_line_width (cr, 1.5);
  x = arb_review_chart_x_of_step (self, self->step);
  cairo_move_to (cr, x, 0);
  cairo_line_to (cr, x, height);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
choose (ArbReviewChart *self, guint step)
{
  g_signal_emit (self, signals[STEP_CHOSEN], 0, step);
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, ArbReviewChart *self)
{
  if (n_steps (self) == 0)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  choose (self, arb_review_chart_step_at (self, x));
}

/* The replay's position just before the next (or the last) marked
 * decision, which the replay then says. */
static gboolean
next_mark (ArbReviewChart *self, int direction, guint *step)
{
  int n = (int) n_steps (self);

  for (int i = (int) self->step + (direction > 0 ? 1 : -1); i >= 0 && i < n; i += direction)
    if (arb_review_get_entry (self->review, (guint) i)->mark != ARB_REVIEW_MARK_NONE)
      {
        *step = (guint) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                ArbReviewChart *self)
{
  guint step;

  if (keyval != GDK_KEY_Page_Down && keyval != GDK_KEY_Page_Up)
    return FALSE;
  if (next_mark (self, keyval == GDK_KEY_Page_Down ? 1 : -1, &step))
    choose (self, step);
  return TRUE;
}

static void
update_description (ArbReviewChart *self)
{
  guint marks = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < n_steps (self); i++)
    marks += arb_review_get_entry (self->review, i)->mark != ARB_REVIEW_MARK_NONE;
  /* Translators: the chart's description for a screen reader and its tooltip. */
  text = g_strdup_printf (ngettext ("The final margin each player could expect, step by step, with %u marked "
                                    "decision. Click a step to go there; Page Up and Page Down go to the "
                                    "marked decisions.",
                                    "The final margin each player could expect, step by step, with %u marked "
                                    "decisions. Click a step to go there; Page Up and Page Down go to the "
                                    "marked decisions.", marks), marks);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
}

/* Shows review of the game viewpoint follows (NULL: nothing). */
void
arb_review_chart_set_review (ArbReviewChart *self, ArbViewpoint *viewpoint, ArbReview *review)
{
  g_return_if_fail (ARB_IS_REVIEW_CHART (self));
  if (self->viewpoint == viewpoint && self->review == review)
    return;
  g_set_object (&self->viewpoint, viewpoint);
  g_set_object (&self->review, review);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_review_chart_set_step (ArbReviewChart *self, guint step)
{
  g_return_if_fail (ARB_IS_REVIEW_CHART (self));
  if (self->step == step)
    return;
  self->step = step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
arb_review_chart_get_step (ArbReviewChart *self)
{
  g_return_val_if_fail (ARB_IS_REVIEW_CHART (self), 0);
  return self->step;
}

static void
arb_review_chart_dispose (GObject *object)
{
  ArbReviewChart *self = ARB_REVIEW_CHART (object);

  g_clear_object (&self->review);
  g_clear_object (&self->viewpoint);
  G_OBJECT_CLASS (arb_review_chart_parent_class)->dispose (object);
}

static void
arb_review_chart_class_init (ArbReviewChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = arb_review_chart_dispose;
  widget_class->snapshot = arb_review_chart_snapshot;

  /* (step): the replay position a click or a key asks for. */
  signals[STEP_CHOSEN] =
    g_signal_new ("step-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "reviewchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arb_review_chart_init (ArbReviewChart *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* With the caption under it, the replay bar is as tall as it was
   * without: the window still fits 800×600. */
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, 60);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The course of the game"), -1);
}
