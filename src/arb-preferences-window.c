/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-preferences-window.c: the pace of the computers, animations, sounds
 * and the card style, each row bound to its GSettings key: a change applies
 * at once, to the game in progress too. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-preferences-window.h"

struct _ArbPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GtkScale             *pace_scale;
  GtkSwitch            *animations_switch;
  GtkSwitch            *sounds_switch;
  AdwComboRow          *card_style_row;

  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (ArbPreferencesWindow, arb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The pace slider shows speed, slow at its left end: its value is how much
 * shorter than the slowest pause a computer's step stays on screen, so that
 * Home and the left arrow go to the slow end for the keyboard too (an
 * inverted scale turns only the pointer and the arrows round, not Home and
 * End). Pauses longer than the slider's range, set elsewhere, show as its
 * slow end. */
#define SLOWEST_PACE_MS 2000

static gboolean
think_time_to_pace (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_double (value, SLOWEST_PACE_MS - MIN (g_variant_get_uint32 (variant), SLOWEST_PACE_MS));
  return TRUE;
}

static GVariant *
pace_to_think_time (const GValue *value, const GVariantType *type, gpointer user_data)
{
  double pace = CLAMP (g_value_get_double (value), 0, SLOWEST_PACE_MS);

  return g_variant_new_uint32 ((guint32) (SLOWEST_PACE_MS - pace + 0.5));
}

/* The card styles, in the order of the row's choices. */
static const char * const card_styles[] = { "named", "plain" };

static gboolean
style_to_row (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *style = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (card_styles); i++)
    if (g_str_equal (style, card_styles[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_style (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint i = g_value_get_uint (value);

  return g_variant_new_string (card_styles[MIN (i, G_N_ELEMENTS (card_styles) - 1)]);
}

static void
arb_preferences_window_dispose (GObject *object)
{
  ArbPreferencesWindow *self = ARB_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (arb_preferences_window_parent_class)->dispose (object);
}

static void
arb_preferences_window_class_init (ArbPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, pace_scale);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, sounds_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, card_style_row);
}

/* AdwPreferencesWindow 1.2 keeps its search entry, searching or not, and
 * leaves it unnamed: GTK 4.8 would call it "GtkSearchEntry". */
static void
name_search_entry (GtkWidget *root)
{
  if (GTK_IS_SEARCH_ENTRY (root))
    gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search Preferences"), -1);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_search_entry (child);
}

static void
arb_preferences_window_init (ArbPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  arb_accessible_name_buttons (GTK_WIDGET (self));
  name_search_entry (GTK_WIDGET (self));
}

ArbPreferencesWindow *
arb_preferences_window_new (GSettings *settings)
{
  ArbPreferencesWindow *self = g_object_new (ARB_TYPE_PREFERENCES_WINDOW, NULL);

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  self->settings = g_object_ref (settings);
  gtk_range_set_range (GTK_RANGE (self->pace_scale), 0, SLOWEST_PACE_MS);
  g_settings_bind_with_mapping (settings, "think-time", gtk_range_get_adjustment (GTK_RANGE (self->pace_scale)),
                                "value", G_SETTINGS_BIND_DEFAULT, think_time_to_pace, pace_to_think_time, NULL, NULL);
  g_settings_bind (settings, "animations", self->animations_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "sounds", self->sounds_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "card-style", self->card_style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, style_to_row, row_to_style, NULL, NULL);
  return self;
}
