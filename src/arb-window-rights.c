/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-rights.c: when the window shows the "Right to score" panel.
 *
 * The setting rights-panel says "shown", "hidden" or "auto": shown in games
 * of one person against computers, where a person learns the game, and
 * hidden where two people or more take turns at one screen, with computers
 * or not, where it would tell everybody the same hints.
 * win.toggle-rights-panel (Ctrl+R) turns it on or off for good; showing it
 * opens the side panel it lives in. The panel draws itself from the table's
 * viewpoint (ArbRightsPanel).
 */
#include "config.h"

#include "arb-window-private.h"

static gboolean
game_has_computer (ArbGame *game)
{
  for (guint p = 0; game != NULL && p < arb_game_get_n_seats (game); p++)
    if (arb_player_get_kind (arb_game_get_player (game, p)) == ARB_PLAYER_COMPUTER)
      return TRUE;
  return FALSE;
}

/* Two people or more take turns at the screen; computers may play too. */
static gboolean
people_share_screen (ArbGame *game)
{
  guint people = 0;

  for (guint p = 0; game != NULL && p < arb_game_get_n_seats (game); p++)
    if (arb_player_get_kind (arb_game_get_player (game, p)) == ARB_PLAYER_PERSON)
      people++;
  return people >= 2;
}

/* Whether the panel is shown now, by the setting and the game. */
gboolean
_arb_window_rights_wanted (ArbWindow *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "rights-panel");

  if (g_str_equal (mode, "shown"))
    return TRUE;
  if (g_str_equal (mode, "hidden"))
    return FALSE;
  return game_has_computer (arb_session_get_game (self->session))
         && !people_share_screen (arb_session_get_game (self->session));
}

static void
update_rights_panel (ArbWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (arb_table_get_rights_panel (self->table)),
                          _arb_window_rights_wanted (self));
}

static void
toggle_rights_panel_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  gboolean show = !_arb_window_rights_wanted (self);

  g_settings_set_string (self->settings, "rights-panel", show ? "shown" : "hidden");
  if (show)
    gtk_toggle_button_set_active (self->panel_button, TRUE);
}

void
_arb_window_class_add_rights (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.toggle-rights-panel", NULL,
                                   toggle_rights_panel_action);
}

void
_arb_window_connect_rights (ArbWindow *self)
{
  g_signal_connect_object (self->settings, "changed::rights-panel", G_CALLBACK (update_rights_panel),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::game", G_CALLBACK (update_rights_panel), self,
                           G_CONNECT_SWAPPED);
  update_rights_panel (self);
}
