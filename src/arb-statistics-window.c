/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-statistics-window.c: one person's games at a time (a drop-down when
 * several have played here): the totals, each rule set and number of
 * players, and each computer level played against. It only shows
 * ArbStatistics, and follows it while open: a game that ends meanwhile
 * shows at once. Reset asks first. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-statistics-window.h"

struct _ArbStatisticsWindow
{
  AdwWindow            parent_instance;

  GtkDropDown         *player_dropdown;
  GtkLabel            *problem_label;
  GtkStack            *stack;
  AdwPreferencesGroup *summary_group;
  GtkLabel            *played_label;
  GtkLabel            *won_label;
  GtkLabel            *best_label;
  GtkLabel            *average_label;
  GtkLabel            *longest_label;
  GtkLabel            *current_label;
  AdwPreferencesGroup *rules_group;
  AdwPreferencesGroup *against_group;

  ArbStatistics       *statistics;
  GtkStringList       *names;
  GPtrArray           *rows;     /* the rows added to rules_group and against_group */
  gulong               selected_handler;
};

G_DEFINE_FINAL_TYPE (ArbStatisticsWindow, arb_statistics_window, ADW_TYPE_WINDOW)

static void
set_number (GtkLabel *label, guint number)
{
  g_autofree char *text = g_strdup_printf ("%u", number);
  gtk_label_set_label (label, text);
}

static char *
format_average (const ArbTally *tally)
{
  /* One decimal, with the decimal separator of the language. */
  return g_strdup_printf ("%.1f", tally->played > 0 ? (double) tally->points / tally->played : 0.0);
}

static char *
format_won (const ArbTally *tally)
{
  guint percent = tally->played > 0 ? (tally->won * 100 + tally->played / 2) / tally->played : 0;

  /* Translators: games won, and their share of the games played. */
  return g_strdup_printf (_("%u (%u%%)"), tally->won, percent);
}

/* "Won 7 of 12 · best 54 · average 41.3" */
static char *
format_tally (const ArbTally *tally)
{
  g_autofree char *average = format_average (tally);

  /* Translators: a line of statistics: games won, games played, the best
   * and the average score. */
  return g_strdup_printf (_("Won %u of %u · best %u · average %s"), tally->won, tally->played, tally->best,
                          average);
}

static char *
rules_title (ArbVariant variant, guint n_seats)
{
  if (variant == ARB_VARIANT_SOLO)
    return g_strdup (arb_variant_name (variant));
  /* Translators: a rule set and the number of players of the games. */
  return g_strdup_printf (ngettext ("%s, %u player", "%s, %u players", n_seats), arb_variant_name (variant),
                          n_seats);
}

static void
add_row (ArbStatisticsWindow *self, AdwPreferencesGroup *group, const char *title, const ArbTally *tally)
{
  g_autofree char *subtitle = format_tally (tally);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, row);
}

static void
clear_rows (ArbStatisticsWindow *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

static void
show_summary (ArbStatisticsWindow *self, const char *name)
{
  g_autofree char *won = NULL;
  g_autofree char *average = NULL;
  ArbTally total;
  guint longest, current;

  arb_statistics_get_total (self->statistics, name, &total);
  arb_statistics_get_streaks (self->statistics, name, &longest, &current);
  won = format_won (&total);
  average = format_average (&total);
  adw_preferences_group_set_title (self->summary_group, name);
  set_number (self->played_label, total.played);
  gtk_label_set_label (self->won_label, won);
  set_number (self->best_label, total.best);
  gtk_label_set_label (self->average_label, average);
  set_number (self->longest_label, longest);
  set_number (self->current_label, current);
}

/* A row for each rule set and number of seats played, each level met. */
static void
show_rows (ArbStatisticsWindow *self, const char *name)
{
  gboolean any_computer = FALSE;

  clear_rows (self);
  for (ArbVariant variant = ARB_VARIANT_STANDARD; variant <= ARB_VARIANT_SOLO; variant++)
    {
      guint min, max;

      arb_rules_seat_range (variant, &min, &max);
      for (guint n = min; n <= max; n++)
        {
          g_autofree char *title = rules_title (variant, n);
          ArbTally tally;

          arb_statistics_get_tally (self->statistics, name, variant, n, &tally);
          if (tally.played > 0)
            add_row (self, self->rules_group, title, &tally);
        }
    }
  for (ArbAiLevel level = 0; level < ARB_AI_N_LEVELS; level++)
    {
      ArbTally tally;

      arb_statistics_get_against (self->statistics, name, level, &tally);
      if (tally.played > 0)
        add_row (self, self->against_group, arb_ai_level_name (level), &tally);
      any_computer |= tally.played > 0;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->against_group), any_computer);
}

static const char *
selected_name (ArbStatisticsWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->player_dropdown);

  return selected != GTK_INVALID_LIST_POSITION ? gtk_string_list_get_string (self->names, selected) : NULL;
}

static void
show_player (ArbStatisticsWindow *self)
{
  const char *name = selected_name (self);

  gtk_stack_set_visible_child_name (self->stack, name != NULL ? "player" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset", name != NULL);
  if (name == NULL)
    return;
  show_summary (self, name);
  show_rows (self, name);
}

static void
show_problem (ArbStatisticsWindow *self)
{
  const char *problem = arb_statistics_get_problem (self->statistics);

  gtk_label_set_label (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* The names again, the one shown kept shown. */
static void
on_changed (ArbStatisticsWindow *self)
{
  g_autofree char *shown = g_strdup (selected_name (self));
  g_auto (GStrv) names = arb_statistics_dup_names (self->statistics);
  guint keep = 0;

  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], shown) == 0)
      keep = i;
  g_signal_handler_block (self->player_dropdown, self->selected_handler);
  gtk_string_list_splice (self->names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->names)),
                          (const char * const *) names);
  gtk_drop_down_set_selected (self->player_dropdown, names[0] != NULL ? keep : GTK_INVALID_LIST_POSITION);
  g_signal_handler_unblock (self->player_dropdown, self->selected_handler);
  gtk_widget_set_visible (GTK_WIDGET (self->player_dropdown), g_strv_length (names) > 1);
  show_problem (self);
  show_player (self);
}

static void
on_reset_response (AdwMessageDialog *dialog, const char *response, ArbStatisticsWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "reset") == 0 && !arb_statistics_reset (self->statistics, &error))
    show_problem (self);
}

static void
reset_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbStatisticsWindow *self = ARB_STATISTICS_WINDOW (widget);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Reset the Statistics?"),
                                              _("The games of every player are forgotten. "
                                                "This cannot be undone."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "reset", _("_Reset"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reset",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_reset_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
arb_statistics_window_dispose (GObject *object)
{
  ArbStatisticsWindow *self = ARB_STATISTICS_WINDOW (object);

  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  g_clear_object (&self->statistics);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_STATISTICS_WINDOW);
  G_OBJECT_CLASS (arb_statistics_window_parent_class)->dispose (object);
}

static void
arb_statistics_window_finalize (GObject *object)
{
  g_clear_object (&ARB_STATISTICS_WINDOW (object)->names);
  G_OBJECT_CLASS (arb_statistics_window_parent_class)->finalize (object);
}

static void
arb_statistics_window_class_init (ArbStatisticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_statistics_window_dispose;
  object_class->finalize = arb_statistics_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, summary_group);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, played_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, won_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, best_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, average_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, longest_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, current_label);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, rules_group);
  gtk_widget_class_bind_template_child (widget_class, ArbStatisticsWindow, against_group);
  gtk_widget_class_install_action (widget_class, "statistics.reset", NULL, reset_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_statistics_window_init (ArbStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (self->names));
  self->selected_handler = g_signal_connect_swapped (self->player_dropdown, "notify::selected",
                                                     G_CALLBACK (show_player), self);
}

ArbStatisticsWindow *
arb_statistics_window_new (ArbStatistics *statistics)
{
  ArbStatisticsWindow *self;

  g_return_val_if_fail (ARB_IS_STATISTICS (statistics), NULL);
  self = g_object_new (ARB_TYPE_STATISTICS_WINDOW, NULL);
  self->statistics = g_object_ref (statistics);
  g_signal_connect_swapped (statistics, "changed", G_CALLBACK (on_changed), self);
  on_changed (self);
  return self;
}
