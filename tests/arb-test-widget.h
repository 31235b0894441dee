/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-widget.h: for the programs that test one widget on its own, in
 * a plain GtkWindow under Xvfb (test-hand-view.c, test-pile-view.c...):
 * starting GTK with the game's style sheet, a window around the widget,
 * and running the main loop until the widget is laid out. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"
#include "arb-test-driver.h"
#include "arb-test-wait.h"
#include "arb-log-view.h"

/* GTK, libadwaita and the style sheet that AdwApplication would load: it
 * decides some of the sizes the tests measure. The accessible names are
 * checked through GTK's test backend. Animations are off, as the
 * desktop's Reduce animation turns them off: nothing moves while a test
 * reads where things are (test-flight-layer.c turns them on to watch a
 * card fly). */
static inline void
arb_test_widget_init (int *argc, char ***argv)
{
  g_autoptr (GtkCssProvider) css = NULL;

  g_setenv ("GTK_A11Y", "test", TRUE);
  arb_test_pin_gl_driver ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* A window of that size around child, shown. */
static inline GtkWindow *
arb_test_window_new (GtkWidget *child, int width, int height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  return window;
}

/* Frames: a test that reads what is drawn waits for frames to be painted,
 * not for a time to pass (a frame may take a second on a busy machine). */
typedef struct {
  GdkFrameClock *clock;
  gint64         until;   /* the frame counter to reach */
} ArbTestFrames;

static inline gboolean
arb_test_frames_painted (ArbTestFrames *frames)
{
  return gdk_frame_clock_get_frame_counter (frames->clock) >= frames->until;
}

/* Blocks in the main loop until widget's frame clock has painted n frames
 * more, asking for each (a clock at rest paints nothing). */
static inline void
arb_test_wait_frames (GtkWidget *widget, guint n)
{
  GdkFrameClock *clock;

  g_assert_true (gtk_widget_get_realized (widget));
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  for (guint i = 0; i < n; i++)
    {
      ArbTestFrames next = { clock, gdk_frame_clock_get_frame_counter (clock) + 1 };

      gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
      arb_test_wait_until ("a frame to be painted", arb_test_frames_painted, &next);
    }
}

static inline gboolean
arb_test_has_size (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

/* Frames that lay out what a widget lays out a frame late: the frame that
 * runs its tick callback, and the one after, in which what it changed is
 * laid out (an arboretum scrolls to its newest card so, the hand resizes
 * its cards). */
#define ARB_TEST_FRAMES_TO_SETTLE 3

/* Blocks until widget is mapped and has a size, then until the frames
 * for what it lays out in its tick callbacks are painted. */
static inline void
arb_test_wait_laid_out (GtkWidget *widget)
{
  arb_test_wait_until ("a widget to be mapped and to have a size", arb_test_has_size, widget);
  arb_test_wait_frames (widget, ARB_TEST_FRAMES_TO_SETTLE);
}

/* Where widget is, in the coordinates of other. */
static inline graphene_rect_t
arb_test_bounds (GtkWidget *widget, GtkWidget *other)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, other, &bounds));
  return bounds;
}

/* How many widgets under root (itself included) have that style class. */
static inline guint
arb_test_count_class (GtkWidget *root, const char *css_class)
{
  guint n = gtk_widget_has_css_class (root, css_class) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += arb_test_count_class (child, css_class);
  return n;
}

/* The widgets of that type under root (itself included), in the order of
 * the widget tree, added to found. */
static inline void
arb_test_find_type (GtkWidget *root, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    arb_test_find_type (child, type, found);
}

/* The one event controller of that type on widget. */
static inline gpointer
arb_test_find_controller (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  gpointer found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        {
          g_assert_null (found);
          found = controller;
        }
    }
  g_assert_nonnull (found);
  return found;
}

/* Drops a card on widget as a drag from the hand would, through its drop
 * target; returns whether the drop was taken. */
static inline gboolean
arb_test_drop_card (GtkWidget *widget, ArbCard card)
{
  GtkDropTarget *target = arb_test_find_controller (widget, GTK_TYPE_DROP_TARGET);
  g_auto (GValue) value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  g_value_init (&value, G_TYPE_UINT);
  g_value_set_uint (&value, card);
  g_signal_emit_by_name (target, "drop", &value, 5.0, 5.0, &accepted);
  return accepted;
}

/* The label under root that shows text, or NULL. */
static inline GtkLabel *
arb_test_find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label = arb_test_find_label (child, text);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* What widget draws itself, as its class's snapshot () makes it, without
 * its CSS box; widget must have a size. */
static inline GskRenderNode *
arb_test_snapshot (GtkWidget *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return node;
}

/* The first node of that type in node's tree of containers, or NULL. */
static inline GskRenderNode *
arb_test_find_node (GskRenderNode *node, GskRenderNodeType type)
{
  if (gsk_render_node_get_node_type (node) == type)
    return node;
  if (gsk_render_node_get_node_type (node) == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      {
        GskRenderNode *found = arb_test_find_node (gsk_container_node_get_child (node, i), type);

        if (found != NULL)
          return found;
      }
  return NULL;
}

/* The accessible label of widget is text. */
#define arb_test_assert_label(widget, text) \
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, (text))

/* Whether line of the log shows whole in the log's page. */
static inline gboolean
arb_test_log_line_in_view (ArbLogView *view, guint line)
{
  GtkTextView *text = arb_log_view_get_text_view (view);
  GtkTextIter iter;
  GdkRectangle visible;
  int y, height;

  gtk_text_buffer_get_iter_at_line (gtk_text_view_get_buffer (text), &iter, (int) line);
  gtk_text_view_get_visible_rect (text, &visible);
  gtk_text_view_get_line_yrange (text, &iter, &y, &height);
  return visible.height > 0 && height > 0 && y >= visible.y && y + height <= visible.y + visible.height;
}

typedef struct {
  ArbLogView *view;
  guint       line;
} ArbTestLogLine;

static inline gboolean
arb_test_log_line_shown (ArbTestLogLine *wanted)
{
  return arb_test_log_line_in_view (wanted->view, wanted->line);
}

static inline char *
arb_test_describe_log_view (ArbTestLogLine *wanted)
{
  GtkTextView *text = arb_log_view_get_text_view (wanted->view);
  GdkRectangle visible;

  gtk_text_view_get_visible_rect (text, &visible);
  return g_strdup_printf ("%u lines, the page from y = %d, %d high", arb_log_view_get_n_lines (wanted->view),
                          visible.y, visible.height);
}

/* Waits until line of the log shows whole (the log scrolls once its text
 * is laid out). */
static inline void
arb_test_wait_log_line_in_view (ArbLogView *view, guint line)
{
  ArbTestLogLine wanted = { view, line };
  g_autofree char *what = g_strdup_printf ("line %u of the log to show whole", line);

  arb_test_wait_until_described (what, arb_test_log_line_shown, arb_test_describe_log_view, &wanted);
}
