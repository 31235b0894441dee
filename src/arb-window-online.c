/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-online.c: the window's part of network play.
 *
 * Play Online hosts a game (the server runs in this process, listening on
 * the LAN) or joins one with the host's address and code. ArbNetPlay does
 * the work and the session holds the game as this seat saw it; the window
 * shows the waiting page until every seat is taken, then the table, with
 * a bar when a player drops: "waiting for Bob" and the seconds left until
 * the host may give Bob's seat to a computer.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-net-play.h"
#include "arb-online-dialog.h"
#include "arb-window-private.h"

/* The longest name the host accepts (docs/network.md). */
#define NAME_MAX_CHARS 32

static void
set_label (GtkLabel *label, const char *text)
{
  gtk_label_set_label (label, text);
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

/* The seats as the waiting page lists them: who sits where. */
static char *
describe_seats (ArbNetPlay *play)
{
  GString *text = g_string_new (NULL);

  for (guint p = 0; p < arb_net_play_get_n_seats (play); p++)
    {
      const char *name = arb_net_play_get_seat_name (play, p);
      g_autofree char *line = NULL;

      if ((int) p == arb_net_play_get_seat (play))
        /* Translators: the waiting page's list of seats: this screen's. */
        line = g_strdup_printf (_("%s (you)"), name);
      else if (!arb_net_play_get_seat_is_person (play, p))
        line = g_strdup (name);
      else if (arb_net_play_get_seat_connected (play, p))
        /* Translators: the waiting page's list of seats: a friend who joined. */
        line = g_strdup_printf (_("%s, here"), name);
      else
        /* Translators: the waiting page's list of seats: nobody joined yet. */
        line = g_strdup_printf (_("Seat %u, free"), p + 1);
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", line);
    }
  return g_string_free (text, FALSE);
}

static void
show_waiting_page (ArbWindow *self)
{
  ArbNetPlay *play = self->online;
  g_auto (GStrv) addresses = arb_net_play_dup_addresses (play);
  g_autofree char *seats = describe_seats (play);
  g_autofree char *where = NULL;
  const char *code = arb_net_play_get_code (play);
  /* Only a hosting screen has addresses to tell. */
  gboolean hosting = addresses != NULL;

  if (hosting)
    {
      g_autofree char *joined = addresses[0] != NULL
                                ? g_strjoinv ("\n", addresses)
                                /* Translators: the host has no network but this computer. */
                                : g_strdup (_("This computer is on no network"));

      /* Translators: %s is one address or more, one per line. */
      where = g_strdup_printf (_("Address:\n%s"), joined);
      adw_status_page_set_title (self->online_page, _("Waiting for Your Friends"));
      adw_status_page_set_description (self->online_page,
                                       _("Tell them this code and this computer’s address. The game starts when every seat is taken."));
    }
  else
    {
      adw_status_page_set_title (self->online_page, arb_net_play_get_seat (play) >= 0
                                                    ? _("Waiting for the Other Players")
                                                    : _("Joining the Game…"));
      adw_status_page_set_description (self->online_page, _("The game starts when every seat is taken."));
    }
  set_label (self->online_code_label, hosting ? code : NULL);
  set_label (self->online_addresses_label, where);
  set_label (self->online_seats_label, arb_net_play_get_seat (play) >= 0 ? seats : NULL);
  /* Not on a label: a focused selectable label shows its text selected. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "online") != 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "online");
      gtk_widget_grab_focus (self->online_leave_button);
    }
}

/* The first person away, or -1. */
static int
first_away (ArbNetPlay *play)
{
  for (guint p = 0; p < arb_net_play_get_n_seats (play); p++)
    if (arb_net_play_get_seat_is_person (play, p) && arb_net_play_get_seat_away (play, p) >= 0)
      return (int) p;
  return -1;
}

static gboolean
on_tick (gpointer user_data)
{
  ArbWindow *self = user_data;

  _arb_window_update_online (self);
  return G_SOURCE_CONTINUE;
}

/* "Waiting for Bob", the seconds left, and the host's button once none are. */
static void
show_away (ArbWindow *self, int seat)
{
  ArbNetPlay *play = self->online;
  const char *name = arb_net_play_get_seat_name (play, (guint) seat);
  int left = (int) arb_net_play_get_replace_after (play) - arb_net_play_get_seat_away (play, (guint) seat);
  g_autofree char *text = NULL;

  if (left > 0)
    /* Translators: a player's connection dropped; %s is their name, then
     * minutes and seconds until the host may give the seat to a computer. */
    text = g_strdup_printf (_("Waiting for %s to come back… %d:%02d"), name, left / 60, left % 60);
  else
    text = g_strdup_printf (arb_net_play_get_is_host (play)
                            ? _("%s has not come back. The computer can play their seat.")
                            : _("%s has not come back. The host can give their seat to the computer."),
                            name);
  gtk_label_set_label (self->online_bar_label, text);
  gtk_widget_set_visible (self->online_bar_button, left <= 0 && arb_net_play_get_is_host (play));
  self->online_away_seat = seat;
  gtk_widget_set_visible (self->online_bar, TRUE);
  if (self->online_tick == 0)
    self->online_tick = g_timeout_add_seconds (1, on_tick, self);
}

static void
hide_bar (ArbWindow *self)
{
  gtk_widget_set_visible (self->online_bar, FALSE);
  g_clear_handle_id (&self->online_tick, g_source_remove);
}

static void
say_saved (ArbWindow *self)
{
  GFile *file = arb_net_play_get_record_file (self->online);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (file == NULL || self->online_told_saved)
    return;
  self->online_told_saved = TRUE;
  name = g_file_get_parse_name (file);
  /* Translators: %s is where the finished online game was saved. */
  text = g_strdup_printf (_("The game is saved as %s"), name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

/* The window follows the game online: the waiting page, the bar. */
void
_arb_window_update_online (ArbWindow *self)
{
  int away;

  if (self->online == NULL)
    {
      hide_bar (self);
      return;
    }
  switch (arb_net_play_get_status (self->online))
    {
    case ARB_NET_PLAY_CONNECTING:
    case ARB_NET_PLAY_WAITING:
      hide_bar (self);
      show_waiting_page (self);
      break;
    case ARB_NET_PLAY_RECONNECTING:
      gtk_label_set_label (self->online_bar_label, _("The connection to the host dropped. Joining again…"));
      gtk_widget_set_visible (self->online_bar_button, FALSE);
      gtk_widget_set_visible (self->online_bar, TRUE);
      break;
    case ARB_NET_PLAY_PLAYING:
      if ((away = first_away (self->online)) >= 0)
        show_away (self, away);
      else
        hide_bar (self);
      break;
    case ARB_NET_PLAY_FINISHED:
      hide_bar (self);
      say_saved (self);
      break;
    case ARB_NET_PLAY_FAILED:
    default:
      hide_bar (self);
      break;
    }
}

static void
on_online_message (ArbNetPlay *play, const char *message, ArbWindow *self)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
  /* A game that never started leaves nothing to show. */
  if (arb_net_play_get_status (play) == ARB_NET_PLAY_FAILED && arb_session_get_online_seat (self->session) < 0)
    {
      _arb_window_leave_online (self);
      gtk_stack_set_visible_child_name (self->stack, "welcome");
    }
}

/* Another game takes the place of the online one: the seat is left. */
void
_arb_window_leave_online (ArbWindow *self)
{
  hide_bar (self);
  if (self->online == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->online, self);
  arb_net_play_leave (self->online);
  g_clear_object (&self->online);
}

static void
on_session_game (ArbWindow *self)
{
  if (self->online != NULL && arb_session_get_online_seat (self->session) < 0)
    _arb_window_leave_online (self);
}

static void
adopt (ArbWindow *self, ArbNetPlay *play)
{
  _arb_window_leave_online (self);
  arb_session_set_game (self->session, NULL, NULL);
  self->online = play;
  self->online_told_saved = FALSE;
  g_signal_connect_swapped (play, "changed", G_CALLBACK (_arb_window_update_online), self);
  g_signal_connect (play, "message", G_CALLBACK (on_online_message), self);
  _arb_window_update_online (self);
}

/* The name typed, trimmed to what the host accepts; NULL for none. */
static char *
name_to_send (const char *typed)
{
  g_autofree char *name = g_strstrip (g_strdup (typed));

  if (*name == '\0')
    return NULL;
  return g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), NAME_MAX_CHARS));
}

static void
on_dialog_start (ArbOnlineDialog *dialog, ArbWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = name_to_send (arb_online_dialog_get_name (dialog));
  ArbNetPlay *play;

  if (arb_online_dialog_get_hosting (dialog))
    {
      g_autofree char *dir_path = g_build_filename (g_get_user_data_dir (), "arboretum", "hosted", NULL);
      g_autoptr (GFile) dir = g_file_new_for_path (dir_path);
      g_auto (GStrv) seats = arb_online_dialog_dup_seats (dialog);

      play = arb_net_play_new_host (self->session, dir, "0.0.0.0:7420", arb_online_dialog_get_variant (dialog),
                                    g_strv_length (seats), (const char * const *) seats, name, &error);
    }
  else
    play = arb_net_play_new_join (self->session, arb_online_dialog_get_address (dialog),
                                  arb_online_dialog_get_code (dialog), name, &error);
  if (play == NULL)
    {
      _arb_window_show_error (self, error);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  adopt (self, play);
}

static void
play_online_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbOnlineDialog *dialog = arb_online_dialog_new ();

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect (dialog, "start", G_CALLBACK (on_dialog_start), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
leave_online_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  _arb_window_leave_online (self);
  if (arb_session_get_game (self->session) == NULL)
    gtk_stack_set_visible_child_name (self->stack, "welcome");
}

static void
give_seat_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->online != NULL && self->online_away_seat >= 0)
    arb_net_play_give_seat (self->online, (guint) self->online_away_seat, ARB_AI_MEDIUM);
}

void
_arb_window_class_add_online (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_page);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_code_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_addresses_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_seats_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_bar_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_bar_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_leave_button);
  gtk_widget_class_install_action (widget_class, "win.play-online", NULL, play_online_action);
  gtk_widget_class_install_action (widget_class, "win.leave-online", NULL, leave_online_action);
  gtk_widget_class_install_action (widget_class, "win.give-seat", NULL, give_seat_action);
}

void
_arb_window_connect_online (ArbWindow *self)
{
  self->online_away_seat = -1;
  g_signal_connect_swapped (self->session, "notify::game", G_CALLBACK (on_session_game), self);
}

/* The game online, for the tests that drive the window. */
ArbNetPlay *
arb_window_get_online (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->online;
}

/* Starts a game online as the dialog would, for the tests. */
void
arb_window_start_online (ArbWindow *self, ArbNetPlay *play)
{
  g_return_if_fail (ARB_IS_WINDOW (self));
  g_return_if_fail (ARB_IS_NET_PLAY (play));
  adopt (self, play);
}

/* What the bar says, or NULL when it is hidden: for the tests. */
const char *
arb_window_get_online_bar_text (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_widget_get_visible (self->online_bar) ? gtk_label_get_label (self->online_bar_label) : NULL;
}
