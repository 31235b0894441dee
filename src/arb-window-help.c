/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-help.c: F1, the manual at the page of the rule set played.
 *
 * The manual is Mallard, shown by Yelp through a help: URI
 * (help/meson.build installs it). Without a program for help: URIs, or
 * when it fails to start, the window says so in one line and shows the
 * rules window at the same rule set instead.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-rules-window.h"
#include "arb-window-private.h"

static ArbVariant
variant_played (ArbWindow *self, gboolean *playing)
{
  ArbGame *game = arb_session_get_game (self->session);

  *playing = game != NULL;
  return game != NULL ? arb_game_get_variant (game) : ARB_VARIANT_STANDARD;
}

/* The manual's page for the rule set played, or its front page. */
static const char *
help_page (ArbWindow *self)
{
  gboolean playing;
  ArbVariant variant = variant_played (self, &playing);

  if (!playing)
    return "index";
  switch (variant)
    {
    case ARB_VARIANT_CLASSIC:
      return "rules-classic";
    case ARB_VARIANT_SOLO:
      return "solo";
    case ARB_VARIANT_STANDARD:
    default:
      return "rules-standard";
    }
}

#define NO_HELP_VIEWER _("The help viewer, Yelp, is not installed: here are the rules instead.")

static void
show_rules_instead (ArbWindow *self, const char *why)
{
  ArbRulesWindow *rules = arb_rules_window_new ();
  gboolean playing;

  _arb_window_say (self, why, TRUE);
  arb_rules_window_show_variant (rules, variant_played (self, &playing));
  gtk_window_set_transient_for (GTK_WINDOW (rules), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (rules));
}

static void
on_help_shown (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ArbWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    show_rules_instead (self, NO_HELP_VIEWER);
}

/* In a Flatpak sandbox the portal would hand help: URIs to the host's Yelp,
 * which cannot see the manual inside the app (Flatpak does not export
 * share/help) and shows "Document Not Found". */
static gboolean
is_sandboxed (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

static gboolean
has_help_viewer (void)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

  return viewer != NULL;
}

static void
help_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autofree char *uri = g_strdup_printf ("help:%s/%s", HELP_ID, help_page (self));

  if (is_sandboxed ())
    {
      show_rules_instead (self, _("The manual cannot be opened from the Flatpak sandbox: here are the rules instead."));
      return;
    }
  if (!has_help_viewer ())
    {
      show_rules_instead (self, NO_HELP_VIEWER);
      return;
    }
  gtk_show_uri_full (GTK_WINDOW (self), uri, GDK_CURRENT_TIME, NULL, on_help_shown, g_object_ref (self));
}

void
_arb_window_class_add_help (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help_action);
}
