/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-online.c: the window's part of network play.
 *
 * Play Online hosts a game (the server runs in this process, listening on
 * this computer only, or on the local network once the person says so) or
 * joins one with the host's address and code. The session joins the table
 * through its link (ArbNetPlay), which it owns, and holds the game as this
 * seat saw it; the window follows the session's link, and shows the
 * waiting page until every seat is taken, then the table, with a bar when
 * a player drops: "waiting for Bob" and the seconds left until the host
 * may give Bob's seat to a computer.
 *
 * The seat is kept in the user's data folder while the game lasts: a
 * window closed and started again offers to rejoin it. A host's window
 * closed during a game asks whether to keep hosting in the background: the
 * window hides and holds the application until it is shown again.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-net-play.h"
#include "arb-net-seat-file.h"
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

/* Where this window keeps its seat while a game online lasts. */
static GFile *
seats_dir (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "arboretum", "seats", NULL);
}

/* Where the tables this window hosts are kept. */
static GFile *
hosted_dir (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "arboretum", "hosted", NULL);
}

static void
update_rejoin_button (ArbWindow *self)
{
  g_autoptr (GFile) dir = seats_dir ();
  g_autoptr (GFile) kept = self->online == NULL ? arb_net_seat_file_find (dir) : NULL;

  gtk_widget_set_visible (self->rejoin_button, kept != NULL);
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

/* Where the host's table is reached, as the waiting page tells it. */
static char *
describe_addresses (ArbNetPlay *play, char **addresses)
{
  g_autofree char *joined = g_strjoinv ("\n", addresses);

  if (addresses[0] == NULL)
    /* Translators: the host has no network but this computer. */
    return g_strdup (_("This computer is on no network"));
  /* Translators: %s is one address or more, one per line. */
  return g_strdup_printf (_("Address:\n%s"), joined);
}

static void
show_online_page (ArbWindow *self)
{
  /* Not on a label: a focused selectable label shows its text selected. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "online") != 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "online");
      gtk_widget_grab_focus (self->online_leave_button);
    }
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

  adw_status_page_set_icon_name (self->online_page, "network-workgroup-symbolic");
  gtk_button_set_label (GTK_BUTTON (self->online_leave_button), _("_Leave"));
  gtk_widget_set_visible (self->online_copy_button, hosting && code != NULL && arb_net_play_get_on_network (play));
  if (hosting)
    {
      where = describe_addresses (play, addresses);
      adw_status_page_set_title (self->online_page, _("Waiting for Your Friends"));
      adw_status_page_set_description (self->online_page, arb_net_play_get_on_network (play)
                                       ? _("Tell them this code and this computer’s address. The game starts when every seat is taken.")
                                       : _("Only players on this computer can join: the game is not open to the local network. "
                                           "The game starts when every seat is taken."));
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
  show_online_page (self);
}

/* A game that never started failed: the page says why, with a way back. */
static void
show_failed_page (ArbWindow *self)
{
  adw_status_page_set_icon_name (self->online_page, "network-error-symbolic");
  adw_status_page_set_title (self->online_page, arb_net_play_get_server (self->online) != NULL
                                                ? _("The Game Could Not Be Hosted")
                                                : _("The Game Could Not Be Joined"));
  adw_status_page_set_description (self->online_page, arb_net_play_get_failure (self->online));
  gtk_button_set_label (GTK_BUTTON (self->online_leave_button), _("_Back"));
  gtk_widget_set_visible (self->online_copy_button, FALSE);
  set_label (self->online_code_label, NULL);
  set_label (self->online_addresses_label, NULL);
  set_label (self->online_seats_label, NULL);
  show_online_page (self);
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
      /* A game that never started leaves nothing else to show. */
      if (arb_session_get_online_seat (self->session) < 0)
        show_failed_page (self);
      break;
    }
}

static void
on_online_message (ArbNetPlay *play, const char *message, ArbWindow *self)
{
  /* The failed page says it already. */
  if (arb_net_play_get_status (play) != ARB_NET_PLAY_FAILED || arb_session_get_online_seat (self->session) >= 0)
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static void
follow (ArbWindow *self, ArbNetPlay *play)
{
  if (self->online != NULL)
    g_signal_handlers_disconnect_by_data (self->online, self);
  g_set_object (&self->online, play);
  if (play == NULL)
    {
      hide_bar (self);
      return;
    }
  self->online_told_saved = FALSE;
  g_signal_connect_swapped (play, "changed", G_CALLBACK (_arb_window_update_online), self);
  g_signal_connect (play, "message", G_CALLBACK (on_online_message), self);
}

/* The window follows the session's link to a host, as the session joins
 * a table, leaves it, or another game takes its place; the seat is kept
 * while the game lasts, for a window started again to take it back. */
static void
on_session_link (ArbWindow *self)
{
  ArbLink *link = arb_session_get_link (self->session);
  ArbNetPlay *play = ARB_IS_NET_PLAY (link) ? ARB_NET_PLAY (link) : NULL;
  g_autoptr (GFile) dir = seats_dir ();

  if (self->online == play)
    return;
  if (play != NULL)
    arb_net_play_set_seat_dir (play, dir);
  follow (self, play);
  update_rejoin_button (self);
  _arb_window_update_online (self);
}

/* The seat is left: the session's link goes. */
void
_arb_window_leave_online (ArbWindow *self)
{
  follow (self, NULL);
  if (self->session != NULL)
    arb_session_leave (self->session);
}

static void
adopt (ArbWindow *self, ArbNetPlay *play)
{
  arb_session_join (self->session, ARB_LINK (play));
  g_object_unref (play);
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
      g_autoptr (GFile) dir = hosted_dir ();
      g_auto (GStrv) seats = arb_online_dialog_dup_seats (dialog);
      g_autofree char *listen = g_strdup_printf ("%s:%d", arb_online_dialog_get_on_network (dialog) ? "0.0.0.0"
                                                                                                    : "127.0.0.1",
                                                 ARB_NET_DEFAULT_PORT);

      play = arb_net_play_new_host (dir, listen, arb_online_dialog_get_variant (dialog),
                                    g_strv_length (seats), (const char * const *) seats, name, &error);
    }
  else
    play = arb_net_play_new_join (arb_online_dialog_get_address (dialog),
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

/* The person leaves for good: the seat is not offered again. */
static void
leave_online_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  /* A refused seat is forgotten already; one whose host could not be
   * reached stays to be tried again. */
  if (self->online != NULL && arb_net_play_get_status (self->online) != ARB_NET_PLAY_FAILED)
    arb_net_play_forget_seat (self->online);
  _arb_window_leave_online (self);
  update_rejoin_button (self);
  if (arb_session_get_game (self->session) == NULL)
    gtk_stack_set_visible_child_name (self->stack, "welcome");
}

/* Takes back the seat a closed window left. */
static void
rejoin_online_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GFile) dir = seats_dir ();
  g_autoptr (GFile) kept = arb_net_seat_file_find (dir);
  g_autoptr (GFile) hosted = hosted_dir ();
  g_autoptr (GError) error = NULL;
  ArbNetPlay *play;

  if (kept == NULL)
    {
      update_rejoin_button (self);
      return;
    }
  if ((play = arb_net_play_new_rejoin (kept, hosted, &error)) == NULL)
    {
      /* A seat that cannot be read cannot be taken back either. */
      g_file_delete (kept, NULL, NULL);
      update_rejoin_button (self);
      _arb_window_show_error (self, error);
      return;
    }
  adopt (self, play);
}

/* The host's address and code, to paste in a message to friends. */
static void
copy_online_address_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_auto (GStrv) addresses = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *text = NULL;

  if (self->online == NULL || (addresses = arb_net_play_dup_addresses (self->online)) == NULL
      || arb_net_play_get_code (self->online) == NULL)
    return;
  joined = g_strjoinv (_(" or "), addresses);
  /* Translators: what is copied to tell friends how to join: the host's
   * address (one or more, joined by " or "), then the invite code. */
  text = g_strdup_printf (_("Arboretum: join my game at %s with the code %s"), joined,
                          arb_net_play_get_code (self->online));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Address and code copied")));
}

/* ---- hosting in the background -------------------------------------------- */

/* Whether closing this window would stop a game others play here. */
static gboolean
hosting_a_game (ArbWindow *self)
{
  ArbNetPlayStatus status;

  if (self->online == NULL || arb_net_play_get_server (self->online) == NULL)
    return FALSE;
  status = arb_net_play_get_status (self->online);
  return status != ARB_NET_PLAY_FINISHED && status != ARB_NET_PLAY_FAILED;
}

static void
go_to_background (ArbWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  /* Hidden, the window stays the application's: opening the game again
   * shows it (arb-application.c), and the hold keeps the application
   * running whatever else closes. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  if (application != NULL && !self->online_in_background)
    g_application_hold (G_APPLICATION (application));
  self->online_in_background = TRUE;
}

/* The window is shown again: it holds the application no longer. */
void
_arb_window_back_from_background (ArbWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (!self->online_in_background)
    return;
  self->online_in_background = FALSE;
  if (application != NULL)
    g_application_release (G_APPLICATION (application));
}

static void
on_keep_hosting_response (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  if (g_str_equal (response, "keep"))
    go_to_background (self);
  else if (g_str_equal (response, "stop"))
    {
      /* The table is kept on disk and the seat too: Rejoin hosts it again. */
      _arb_window_leave_online (self);
      gtk_window_close (GTK_WINDOW (self));
    }
}

/* Before a hosting window closes (Close or Quit alike), asks whether to
 * keep hosting in the background. Returns FALSE when the window is not
 * hosting a game and the caller can go on at once. */
gboolean
_arb_window_offer_to_keep_hosting (ArbWindow *self)
{
  AdwMessageDialog *dialog;

  if (!hosting_a_game (self))
    return FALSE;
  /* Quit reaches a window in the background too: it is shown to ask. */
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    gtk_window_present (GTK_WINDOW (self));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Keep Hosting the Game?"),
                                                       _("The other players’ game runs on this computer. Arboretum can "
                                                         "keep it going in the background; open Arboretum again to "
                                                         "come back to it. On your turns the game waits for you.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "stop", _("_Stop Hosting"),
                                    "keep", _("_Keep Hosting"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "stop", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_keep_hosting_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
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
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, online_copy_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, rejoin_button);
  gtk_widget_class_install_action (widget_class, "win.play-online", NULL, play_online_action);
  gtk_widget_class_install_action (widget_class, "win.leave-online", NULL, leave_online_action);
  gtk_widget_class_install_action (widget_class, "win.rejoin-online", NULL, rejoin_online_action);
  gtk_widget_class_install_action (widget_class, "win.copy-online-address", NULL, copy_online_address_action);
  gtk_widget_class_install_action (widget_class, "win.give-seat", NULL, give_seat_action);
}

void
_arb_window_connect_online (ArbWindow *self)
{
  self->online_away_seat = -1;
  g_signal_connect_swapped (self->session, "notify::link", G_CALLBACK (on_session_link), self);
  update_rejoin_button (self);
}
