/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-online-dialog.c: hosts a game for friends on the network, or joins
 * one. The dialog only gathers the choices; the window starts the game
 * (arb-window-online.c). */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-online-dialog.h"

struct _ArbOnlineDialog
{
  AdwWindow             parent_instance;

  GtkStack             *pages;
  GtkWidget            *go_button;
  AdwEntryRow          *host_name_row;
  AdwComboRow          *variant_row;
  AdwComboRow          *seats_row;
  GtkSwitch            *network_switch;
  AdwPreferencesGroup  *others_group;
  AdwComboRow          *other_rows[ARB_MAX_PLAYERS - 1];
  AdwEntryRow          *join_name_row;
  AdwEntryRow          *address_row;
  AdwEntryRow          *code_row;
};

G_DEFINE_FINAL_TYPE (ArbOnlineDialog, arb_online_dialog, ADW_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const ArbVariant variants[] = { ARB_VARIANT_STANDARD, ARB_VARIANT_CLASSIC };

/* Who may take each other seat: a friend, or a computer the host plays. */
static const struct {
  const char *id;
  const char *label;
} others[] = {
  { "person", N_("A friend") },
  { "random", N_("Computer: beginner") },
  { "easy",   N_("Computer: easy") },
  { "medium", N_("Computer: medium") },
  { "hard",   N_("Computer: hard") },
  { "expert", N_("Computer: expert") },
};

#define MIN_SEATS 2

gboolean
arb_online_dialog_get_hosting (ArbOnlineDialog *self)
{
  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "host") == 0;
}

void
arb_online_dialog_set_hosting (ArbOnlineDialog *self, gboolean hosting)
{
  g_return_if_fail (ARB_IS_ONLINE_DIALOG (self));
  gtk_stack_set_visible_child_name (self->pages, hosting ? "host" : "join");
}

const char *
arb_online_dialog_get_name (ArbOnlineDialog *self)
{
  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (arb_online_dialog_get_hosting (self) ? self->host_name_row
                                                                                    : self->join_name_row));
}

ArbVariant
arb_online_dialog_get_variant (ArbOnlineDialog *self)
{
  guint i;

  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), ARB_VARIANT_STANDARD);
  i = adw_combo_row_get_selected (self->variant_row);
  return i < G_N_ELEMENTS (variants) ? variants[i] : ARB_VARIANT_STANDARD;
}

/* Whether the host listens on the local network, not only on this computer. */
gboolean
arb_online_dialog_get_on_network (ArbOnlineDialog *self)
{
  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), FALSE);
  return gtk_switch_get_active (self->network_switch);
}

static guint
n_seats (ArbOnlineDialog *self)
{
  return MIN_SEATS + MIN (adw_combo_row_get_selected (self->seats_row), ARB_MAX_PLAYERS - MIN_SEATS);
}

/* "person" or a computer level for each seat, the host's first. */
char **
arb_online_dialog_dup_seats (ArbOnlineDialog *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), NULL);
  g_strv_builder_add (builder, "person");
  for (guint i = 0; i + 1 < n_seats (self); i++)
    g_strv_builder_add (builder, others[MIN (adw_combo_row_get_selected (self->other_rows[i]),
                                             G_N_ELEMENTS (others) - 1)].id);
  return g_strv_builder_end (builder);
}

const char *
arb_online_dialog_get_address (ArbOnlineDialog *self)
{
  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->address_row));
}

const char *
arb_online_dialog_get_code (ArbOnlineDialog *self)
{
  g_return_val_if_fail (ARB_IS_ONLINE_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->code_row));
}

/* ---- the rows ------------------------------------------------------------------ */

static void
on_seats_changed (ArbOnlineDialog *self)
{
  /* Also called while the template is built, before the rows exist. */
  if (self->other_rows[0] == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (self->other_rows); i++)
    gtk_widget_set_visible (GTK_WIDGET (self->other_rows[i]), i + 1 < n_seats (self));
}

static void
on_join_changed (ArbOnlineDialog *self)
{
  if (self->go_button != NULL && self->address_row != NULL && self->code_row != NULL
      && !arb_online_dialog_get_hosting (self))
    gtk_widget_set_sensitive (self->go_button, *arb_online_dialog_get_address (self) != '\0'
                                               && *arb_online_dialog_get_code (self) != '\0');
}

static void
on_page_changed (ArbOnlineDialog *self)
{
  gboolean hosting;

  if (self->go_button == NULL || self->pages == NULL)
    return;
  hosting = arb_online_dialog_get_hosting (self);
  gtk_button_set_label (GTK_BUTTON (self->go_button), hosting ? _("_Host") : _("_Join"));
  gtk_widget_set_sensitive (self->go_button, TRUE);
  on_join_changed (self);
}

static void
on_go_clicked (ArbOnlineDialog *self)
{
  g_signal_emit (self, signals[START], 0);
}

static void
fill_rows (ArbOnlineDialog *self)
{
  g_autoptr (GtkStringList) variant_names = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) seat_counts = gtk_string_list_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    gtk_string_list_append (variant_names, arb_variant_name (variants[i]));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variant_names));
  for (guint n = MIN_SEATS; n <= ARB_MAX_PLAYERS; n++)
    {
      g_autofree char *text = g_strdup_printf ("%u", n);
      gtk_string_list_append (seat_counts, text);
    }
  adw_combo_row_set_model (self->seats_row, G_LIST_MODEL (seat_counts));
  for (guint i = 0; i < G_N_ELEMENTS (self->other_rows); i++)
    {
      g_autoptr (GtkStringList) who = gtk_string_list_new (NULL);
      g_autofree char *title = g_strdup_printf (_("Seat %u"), i + 2);

      for (guint k = 0; k < G_N_ELEMENTS (others); k++)
        gtk_string_list_append (who, _(others[k].label));
      self->other_rows[i] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->other_rows[i]), title);
      adw_combo_row_set_model (self->other_rows[i], G_LIST_MODEL (who));
      adw_preferences_group_add (self->others_group, GTK_WIDGET (self->other_rows[i]));
    }
}

/* ---- the class --------------------------------------------------------------------- */

static void
arb_online_dialog_class_init (ArbOnlineDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arboretum_game/Arboretum/ui/arb-online-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, pages);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, go_button);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, host_name_row);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, seats_row);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, network_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, others_group);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, join_name_row);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, ArbOnlineDialog, code_row);
  gtk_widget_class_bind_template_callback (widget_class, on_seats_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_join_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_go_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  /* The person chose Host or Join: the window reads the choices. */
  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_online_dialog_init (ArbOnlineDialog *self)
{
  const char *name = g_get_real_name ();

  gtk_widget_init_template (GTK_WIDGET (self));
  fill_rows (self);
  arb_accessible_name_buttons (GTK_WIDGET (self));
  on_seats_changed (self);
  on_page_changed (self);
  /* The name people know this computer's user by, to start with. */
  if (name == NULL || g_str_equal (name, "Unknown"))
    name = g_get_user_name ();
  gtk_editable_set_text (GTK_EDITABLE (self->host_name_row), name);
  gtk_editable_set_text (GTK_EDITABLE (self->join_name_row), name);
}

ArbOnlineDialog *
arb_online_dialog_new (void)
{
  return g_object_new (ARB_TYPE_ONLINE_DIALOG, NULL);
}
