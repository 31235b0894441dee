/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-online.c: two game windows play one game over loopback, as
 * two friends would from two computers: Ann's window hosts (the server in
 * this process), Bob's joins with the code. Each person acts through their
 * own window's widgets on their turn; each window shows its seat exactly
 * what the host sent it; Bob's connection drops once and Ann's window says
 * so until he is back; at the end both windows hold and have saved the
 * host's record and show the scores. The program creates no text entry:
 * GTK 4.8's input method, started by the first one, would be reported by
 * the sanitizer build as a leak during a game this long. */
#include "config.h"

#include <string.h>

#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/stat.h>

#include "arb-test-window.h"
#include "arb-test-files.h"
#include "arb-test-net.h"

#include "arb-online-dialog.h"
#include "arb-net-play.h"
#include "arb-net-seat-file.h"
#include "arb-save.h"

typedef struct {
  ArbWindow *windows[2];
} Pair;


/* The session's link to the host, as the window follows it. */
static ArbNetPlay *
online (ArbWindow *window)
{
  ArbLink *link = arb_session_get_link (arb_window_get_session (window));

  return link != NULL ? ARB_NET_PLAY (link) : NULL;
}

/* The session joins the table play leads to, as the Play Online dialog
 * has it join. */
static void
start_online (ArbWindow *window, ArbNetPlay *play)
{
  arb_session_join (arb_window_get_session (window), ARB_LINK (play));
  g_object_unref (play);
}

/* What the bar over the table says, or NULL when it is hidden. */
static const char *
bar_text (ArbWindow *window)
{
  GObject *bar = gtk_widget_get_template_child (GTK_WIDGET (window), ARB_TYPE_WINDOW, "online_bar");
  GObject *label = gtk_widget_get_template_child (GTK_WIDGET (window), ARB_TYPE_WINDOW, "online_bar_label");

  return gtk_widget_get_visible (GTK_WIDGET (bar)) ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

static gboolean
has_code (ArbWindow *window)
{
  return online (window) != NULL && arb_net_play_get_code (online (window)) != NULL;
}

static gboolean
shows_table (ArbWindow *window)
{
  return g_strcmp0 (arb_test_page (window), "table") == 0 && arb_test_game (window) != NULL;
}

static gboolean
says_someone_is_away (ArbWindow *window)
{
  const char *text = bar_text (window);

  return text != NULL && strstr (text, "Bob") != NULL;
}

static gboolean
says_nobody_is_away (ArbWindow *window)
{
  return bar_text (window) == NULL
         && arb_net_play_get_status (online (window)) == ARB_NET_PLAY_PLAYING;
}

/* What each window's screen shows is its seat's projection as received. */
static void
check_screens (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      ArbWindow *window = pair->windows[i];
      ArbNetClient *client = arb_net_play_get_client (online (window));
      ArbViewpoint *viewpoint = arb_session_get_viewpoint (arb_window_get_session (window));

      g_assert_cmpint (arb_test_viewer (window), ==, arb_net_play_get_seat (online (window)));
      g_assert_cmpint (arb_test_viewer (window), ==, (int) i);
      g_assert_true (memcmp (arb_viewpoint_get_projection (viewpoint), arb_net_client_get_view (client),
                             sizeof (ArbProjection)) == 0);
      g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_test_table (window))),
                        ==, arb_card_set_count (&arb_net_client_get_view (client)->state.hands[i]));
    }
}

static guint wanted_steps;

static gboolean
both_at_step (ArbWindow *window)
{
  Pair *pair = g_object_get_data (G_OBJECT (window), "pair");

  for (guint i = 0; i < 2; i++)
    if (arb_game_get_n_steps (arb_test_game (pair->windows[i])) < wanted_steps
        || arb_net_client_get_step (arb_net_play_get_client (online (pair->windows[i]))) < wanted_steps)
      return FALSE;
  return TRUE;
}

static void
drop_bob (Pair *pair)
{
  ArbNetClient *client = arb_net_play_get_client (online (pair->windows[1]));

  /* The connection drops as a network would drop it. */
  arb_net_client_close (client);
  g_signal_emit_by_name (client, "closed");
  arb_test_wait_for (pair->windows[0], says_someone_is_away);
  arb_test_wait_for (pair->windows[0], says_nobody_is_away);
  arb_test_wait_for (pair->windows[1], says_nobody_is_away);
}

static void
test_two_windows (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-window-online-XXXXXX", &error);
  g_autoptr (GFile) server_dir = NULL, records = NULL;
  g_autofree char *address = NULL;
  const char *seats[] = { "person", "person" };
  Pair pair = { { arb_test_new_window (), arb_test_new_window () } };
  ArbNetPlay *play;
  gboolean dropped = g_getenv ("NO_DROP") != NULL;

  g_assert_no_error (error);
  server_dir = g_file_new_build_filename (dir, "server", NULL);
  records = g_file_new_build_filename (dir, "records", NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_object_set_data (G_OBJECT (pair.windows[i]), "pair", &pair);
      gtk_window_present (GTK_WINDOW (pair.windows[i]));
    }

  play = arb_net_play_new_host (server_dir, "127.0.0.1:0", ARB_VARIANT_STANDARD, 2, seats, "Ann", &error);
  g_assert_no_error (error);
  arb_net_play_set_record_dir (play, records);
  start_online (pair.windows[0], play);
  arb_test_wait_for (pair.windows[0], has_code);
  /* Until Bob sits down, Ann's window shows the code to tell him. */
  g_assert_cmpstr (arb_test_page (pair.windows[0]), ==, "online");
  address = g_strdup_printf ("127.0.0.1:%u", arb_test_net_port (play));
  play = arb_net_play_new_join (address, arb_net_play_get_code (play), "Bob", &error);
  g_assert_no_error (error);
  arb_net_play_set_record_dir (play, records);
  start_online (pair.windows[1], play);
  arb_test_wait_for (pair.windows[0], shows_table);
  arb_test_wait_for (pair.windows[1], shows_table);

  while (!arb_game_is_finished (arb_test_game (pair.windows[0])))
    {
      ArbWindow *acting = NULL;

      for (guint i = 0; i < 2; i++)
        if (arb_session_get_person_to_act (arb_window_get_session (pair.windows[i])))
          acting = pair.windows[i];
      g_assert_nonnull (acting);
      check_screens (&pair);
      arb_test_person_step (acting);
      wanted_steps = arb_game_get_n_steps (arb_test_game (acting));
      arb_test_wait_for (pair.windows[0], both_at_step);
      if (!dropped && wanted_steps >= 10)
        {
          dropped = TRUE;
          drop_bob (&pair);
        }
    }
  for (guint i = 0; i < 2; i++)
    {
      ArbWindow *window = pair.windows[i];
      GFile *file = arb_net_play_get_record_file (online (window));
      g_autoptr (ArbGame) saved = NULL;

      arb_test_wait_for (window, arb_test_settled);
      g_assert_cmpint (arb_net_play_get_status (online (window)), ==, ARB_NET_PLAY_FINISHED);
      g_assert_nonnull (file);
      saved = arb_save_read_file (file, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (arb_game_is_finished (saved));
      g_assert_true (arb_test_score_dialog (window) != NULL);
      g_assert_cmpstr (arb_player_get_name (arb_game_get_player (arb_test_game (window), 1)), ==, "Bob");
    }
  for (guint i = 0; i < 2; i++)
    gtk_window_destroy (GTK_WINDOW (pair.windows[i]));
  arb_test_remove_tree (dir);
}


/* ---- a seat taken back, a join refused ------------------------------------------ */

/* Ann plays from a client of her own, at once on her turns; Bob from a
 * window. */
typedef struct {
  ArbNetServer *server;
  ArbNetClient *ann;
  char         *uri;
  char         *dir;
  char         *code;
} Table;

static void
table_open (Table *t)
{
  const char *seats[] = { "person", "person" };

  t->server = arb_test_net_server (&t->dir, &t->uri);
  t->ann = arb_test_net_client_new (t->uri);
  arb_net_client_create (t->ann, ARB_VARIANT_STANDARD, 2, seats, -1);
  arb_net_client_open (t->ann);
  arb_test_net_wait ("the new table's code", arb_test_net_has_code, t->ann);
  t->code = g_strdup (arb_net_client_get_code (t->ann));
  arb_net_client_set_name (t->ann, "Ann");
  arb_net_client_join (t->ann, t->code);
  arb_test_net_wait ("Ann's seat", arb_test_net_has_view, t->ann);
  arb_net_client_set_ai (t->ann, ARB_AI_RANDOM, 7);
}

static void
table_close (Table *t)
{
  arb_net_client_close (t->ann);
  g_clear_object (&t->ann);
  arb_net_server_shutdown (t->server);
  g_clear_object (&t->server);
  arb_test_remove_tree (t->dir);
  g_free (t->dir);
  g_free (t->uri);
  g_free (t->code);
}

static ArbWindow *
join_window (Table *t, const char *code)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbNetPlay *play;

  gtk_window_present (GTK_WINDOW (window));
  play = arb_net_play_new_join (t->uri, code, "Bob", &error);
  g_assert_no_error (error);
  start_online (window, play);
  return window;
}

static gboolean
bob_to_act (ArbWindow *window)
{
  return shows_table (window) && arb_session_get_person_to_act (arb_window_get_session (window));
}

static gboolean
server_saw_bob_go (Table *t)
{
  ArbNetTable *table = arb_net_server_find_table (t->server, arb_net_client_get_table (t->ann));

  return arb_net_table_get_n_peers (table) == 1;
}

static gboolean
ann_saw_wanted_step (Table *t)
{
  return arb_net_client_get_step (t->ann) >= wanted_steps;
}

/* The seats a test left kept go with it. */
static void
forget_kept_seats (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "arboretum", "seats", NULL);

  arb_test_remove_tree (dir);
}

/* The kept seat: one file, readable by its owner only. */
static GFile *
kept_seat (void)
{
  g_autoptr (GFile) dir = g_file_new_build_filename (g_get_user_data_dir (), "arboretum", "seats", NULL);

  return arb_net_seat_file_find (dir);
}

static gboolean
offers_rejoin (ArbWindow *window)
{
  return g_strcmp0 (arb_test_page (window), "welcome") == 0
         && arb_test_find_button (GTK_WIDGET (window), "_Rejoin the Game Online") != NULL
         && gtk_widget_is_drawable (arb_test_find_button (GTK_WIDGET (window), "_Rejoin the Game Online"));
}

static void
test_rejoin_after_restart (void)
{
  Table t = { NULL };
  ArbWindow *window;
  g_autoptr (GFile) seat = NULL;
  GStatBuf info;
  guint steps;

  table_open (&t);
  window = join_window (&t, t.code);
  arb_test_wait_for (window, bob_to_act);
  arb_test_person_step (window);
  steps = arb_game_get_n_steps (arb_test_game (window));
  seat = kept_seat ();
  g_assert_nonnull (seat);
  g_assert_cmpint (g_stat (g_file_peek_path (seat), &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);

  /* The window closes; another starts, in the same data folder. */
  gtk_window_destroy (GTK_WINDOW (window));
  arb_test_net_wait ("the server to see Bob's window go", server_saw_bob_go, &t);
  window = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (window));
  arb_test_wait_for (window, offers_rejoin);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.rejoin-online", NULL);
  arb_test_wait_for (window, bob_to_act);
  g_assert_cmpint (arb_net_play_get_seat (online (window)), ==, 1);
  g_assert_cmpuint (arb_game_get_n_steps (arb_test_game (window)), >=, steps);
  g_assert_cmpuint (arb_game_get_n_steps (arb_test_game (window)), ==,
                    arb_net_client_get_step (arb_net_play_get_client (online (window))));
  steps = arb_game_get_n_steps (arb_test_game (window));
  /* The seat is Bob's again: he plays on. */
  arb_test_person_step (window);
  wanted_steps = steps + 1;
  arb_test_net_wait ("Ann's client to see Bob's step", ann_saw_wanted_step, &t);
  /* Left for good, the seat is no longer offered. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-online", NULL);
  g_clear_object (&seat);
  g_assert_null ((seat = kept_seat ()));
  gtk_window_destroy (GTK_WINDOW (window));
  table_close (&t);
}

static gboolean
says_join_failed (ArbWindow *window)
{
  return online (window) != NULL && arb_net_play_get_status (online (window)) == ARB_NET_PLAY_FAILED
         && g_strcmp0 (arb_test_page (window), "online") == 0
         && arb_test_find_shown_label (window, "The Game Could Not Be Joined") != NULL
         && arb_test_find_shown_label (window, "No table has this invite code") != NULL;
}

static gboolean
shows_welcome (ArbWindow *window)
{
  return g_strcmp0 (arb_test_page (window), "welcome") == 0;
}

/* A join the server refuses ends "Joining" with the reason and a way back. */
static void
test_refused_join (void)
{
  Table t = { NULL };
  ArbWindow *window;

  table_open (&t);
  window = join_window (&t, "WRONG-CODE");
  arb_test_wait_for (window, says_join_failed);
  g_assert_nonnull (arb_test_find_button (GTK_WIDGET (window), "_Back"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-online", NULL);
  arb_test_wait_for (window, shows_welcome);
  g_assert_null (online (window));
  gtk_window_destroy (GTK_WINDOW (window));
  table_close (&t);
}

/* ---- hosting in the background ------------------------------------------------ */

static gboolean
bob_to_act_online (ArbNetClient *bob)
{
  const ArbProjection *view = arb_net_client_get_view (bob);

  return arb_net_client_get_started (bob) && view != NULL && view->state.current == 1;
}

static gboolean
hidden (ArbWindow *window)
{
  return !gtk_widget_get_visible (GTK_WIDGET (window));
}

static gboolean
has_message_dialog (ArbWindow *window)
{
  return arb_test_find_message_dialog (window) != NULL;
}

static gboolean
host_saw_wanted_step (ArbWindow *window)
{
  return arb_net_client_get_step (arb_net_play_get_client (online (window))) >= wanted_steps
         && arb_game_get_n_steps (arb_test_game (window)) >= wanted_steps;
}

static gboolean
bob_saw_wanted_step (ArbNetClient *bob)
{
  return arb_net_client_get_step (bob) >= wanted_steps;
}

/* Ann's window closes mid-game: she keeps hosting, and Bob plays on. */
static void
test_keep_hosting (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-window-online-XXXXXX", &error);
  g_autoptr (GFile) server_dir = g_file_new_build_filename (dir, "server", NULL);
  g_autofree char *uri = NULL;
  g_autoptr (ArbNetClient) bob = NULL;
  const char *seats[] = { "person", "person" };
  ArbWindow *window = arb_test_new_window ();
  ArbNetPlay *play;

  gtk_window_present (GTK_WINDOW (window));
  play = arb_net_play_new_host (server_dir, "127.0.0.1:0", ARB_VARIANT_STANDARD, 2, seats, "Ann", &error);
  g_assert_no_error (error);
  start_online (window, play);
  arb_test_wait_for (window, has_code);
  uri = arb_net_server_dup_uri (arb_net_play_get_server (play));
  bob = arb_test_net_client_new (uri);
  arb_net_client_join (bob, arb_net_play_get_code (play));
  arb_net_client_open (bob);
  arb_test_wait_for (window, shows_table);
  /* Ann plays her turn if she starts: the game is then Bob's to go on. */
  while (arb_session_get_person_to_act (arb_window_get_session (window)))
    {
      arb_test_person_step (window);
      wanted_steps = arb_game_get_n_steps (arb_test_game (window));
      arb_test_net_wait ("Bob to see Ann's step", bob_saw_wanted_step, bob);
    }
  arb_test_net_wait ("Bob's turn", bob_to_act_online, bob);

  gtk_window_close (GTK_WINDOW (window));
  arb_test_wait_for (window, has_message_dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  adw_message_dialog_response (arb_test_find_message_dialog (window), "keep");
  arb_test_wait_for (window, hidden);
  g_assert_nonnull (online (window));

  /* Bob plays a step; the server, still running, takes it and tells Ann's
   * seat, hidden. */
  wanted_steps = arb_net_client_get_step (bob) + 1;
  arb_net_client_set_ai (bob, ARB_AI_RANDOM, 3);
  arb_test_net_wait ("the server to answer Bob's step", bob_saw_wanted_step, bob);
  arb_test_wait_for (window, host_saw_wanted_step);

  /* Shown again, the window shows the game; closed and stopped, it goes. */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpstr (arb_test_page (window), ==, "table");
  gtk_window_close (GTK_WINDOW (window));
  arb_test_wait_for (window, has_message_dialog);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  adw_message_dialog_response (arb_test_find_message_dialog (window), "stop");
  arb_test_wait_until ("the host's window to go", arb_test_pointer_cleared, (gpointer *) &window);
  arb_net_client_close (bob);
  forget_kept_seats ();
  arb_test_remove_tree (dir);
}

/* ---- where the host listens ------------------------------------------------------ */

/* This machine's IPv4 addresses but loopback. */
static GPtrArray *
other_addresses (void)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);
  struct ifaddrs *list = NULL;

  g_assert_cmpint (getifaddrs (&list), ==, 0);
  for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next)
    if (i->ifa_addr != NULL && i->ifa_addr->sa_family == AF_INET)
      {
        GInetAddress *address = g_inet_address_new_from_bytes (
          (const guint8 *) &((const struct sockaddr_in *) (const void *) i->ifa_addr)->sin_addr,
          G_SOCKET_FAMILY_IPV4);

        if (g_inet_address_get_is_loopback (address))
          g_object_unref (address);
        else
          g_ptr_array_add (found, address);
      }
  freeifaddrs (list);
  return found;
}

static ArbOnlineDialog *
open_online_dialog (ArbWindow *window)
{
  ArbOnlineDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL);
  dialog = arb_test_find_toplevel (ARB_TYPE_ONLINE_DIALOG);
  g_assert_nonnull (dialog);
  arb_test_wait_laid_out (GTK_WIDGET (dialog));
  return dialog;
}

static char *
server_host (ArbWindow *window)
{
  g_autofree char *text = arb_net_server_dup_uri (arb_net_play_get_server (online (window)));
  g_autoptr (GUri) uri = g_uri_parse (text, G_URI_FLAGS_NONE, NULL);

  return g_strdup (g_uri_get_host (uri));
}

static gboolean
says_this_computer_only (ArbWindow *window)
{
  g_autofree char *address = NULL;

  if (!has_code (window))
    return FALSE;
  address = g_strdup_printf ("Address:\n127.0.0.1:%u", arb_test_net_port (online (window)));
  return arb_test_find_shown_label (window, "Only players on this computer can join: the game is not open to the "
                                            "local network. The game starts when every seat is taken.") != NULL
         && arb_test_find_shown_label (window, address) != NULL;
}

static gboolean
shows_addresses (ArbWindow *window)
{
  return has_code (window) && gtk_widget_is_drawable (arb_test_find_button (GTK_WIDGET (window),
                                                                             "C_opy the Address and the Code"));
}

static void
test_host_loopback_by_default (void)
{
  ArbWindow *window = arb_test_new_window ();
  ArbOnlineDialog *dialog;
  g_autoptr (GPtrArray) switches = g_ptr_array_new ();
  g_autoptr (GPtrArray) others = other_addresses ();
  g_autofree char *host = NULL;
  guint port;

  gtk_window_present (GTK_WINDOW (window));
  dialog = open_online_dialog (window);
  g_assert_false (arb_online_dialog_get_on_network (dialog));
  gtk_widget_activate (arb_test_find_button (GTK_WIDGET (dialog), "_Host"));
  arb_test_wait_for (window, says_this_computer_only);
  host = server_host (window);
  g_assert_cmpstr (host, ==, "127.0.0.1");
  g_assert_false (arb_net_play_get_on_network (online (window)));
  /* Nobody reaches it through the machine's other addresses. */
  port = arb_test_net_port (online (window));
  for (guint i = 0; i < others->len; i++)
    {
      g_autoptr (GSocketClient) client = g_socket_client_new ();
      g_autoptr (GSocketAddress) address = g_inet_socket_address_new (others->pdata[i], (guint16) port);
      g_autoptr (GSocketConnection) connection = NULL;
      g_autoptr (GError) error = NULL;

      g_socket_client_set_timeout (client, 10);
      connection = g_socket_client_connect (client, G_SOCKET_CONNECTABLE (address), NULL, &error);
      g_assert_null (connection);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
    }
  if (others->len == 0)
    g_test_message ("this machine has no address but loopback: no connection tried");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-online", NULL);
  arb_test_wait_for (window, shows_welcome);

  /* Open to the network once the person says so. */
  dialog = open_online_dialog (window);
  arb_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 1);
  gtk_switch_set_active (switches->pdata[0], TRUE);
  g_assert_true (arb_online_dialog_get_on_network (dialog));
  gtk_widget_activate (arb_test_find_button (GTK_WIDGET (dialog), "_Host"));
  arb_test_wait_for (window, shows_addresses);
  g_clear_pointer (&host, g_free);
  host = server_host (window);
  g_assert_cmpstr (host, ==, "0.0.0.0");
  g_assert_true (arb_net_play_get_on_network (online (window)));
  for (guint i = 0; i < others->len; i++)
    {
      g_autofree char *text = g_inet_address_to_string (others->pdata[i]);
      g_autofree char *shown = g_strdup_printf ("%s:%u", text, arb_test_net_port (online (window)));
      g_auto (GStrv) addresses = arb_net_play_dup_addresses (online (window));

      g_assert_true (g_strv_contains ((const char * const *) addresses, shown));
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-online", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- a host's window started again ----------------------------------------- */

static gboolean
client_closed (ArbNetClient *client)
{
  return arb_net_client_get_closed (client);
}

static gboolean
hosts_again (ArbWindow *window)
{
  return online (window) != NULL && arb_net_play_get_server (online (window)) != NULL
         && arb_net_play_get_status (online (window)) != ARB_NET_PLAY_CONNECTING;
}

static gboolean
client_has_view (ArbNetClient *client)
{
  return arb_net_client_get_view (client) != NULL && arb_net_client_get_started (client);
}

/* Whether something listens on this port of loopback: binding it fails. */
static gboolean
port_is_taken (guint port)
{
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, (guint16) port);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (socket);
  return !g_socket_bind (socket, address, TRUE, &error)
         && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE);
}

/* The host's window is killed mid-game; the next window hosts the table
 * again where it was, and the host and Bob take their seats back. */
static void
test_host_rejoins (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (ArbNetClient) bob = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *code = NULL;
  g_autofree char *token = NULL;
  guint port, steps;

  gtk_window_present (GTK_WINDOW (window));
  open_online_dialog (window);
  gtk_widget_activate (arb_test_find_button (GTK_WIDGET (arb_test_find_toplevel (ARB_TYPE_ONLINE_DIALOG)), "_Host"));
  arb_test_wait_for (window, has_code);
  port = arb_test_net_port (online (window));
  code = g_strdup (arb_net_play_get_code (online (window)));
  uri = g_strdup_printf ("ws://127.0.0.1:%u/arboretum", port);
  bob = arb_test_net_client_new (uri);
  arb_net_client_set_ai (bob, ARB_AI_RANDOM, 5);
  arb_net_client_join (bob, code);
  arb_net_client_open (bob);
  arb_test_wait_for (window, bob_to_act);
  arb_test_person_step (window);
  steps = arb_game_get_n_steps (arb_test_game (window));
  token = g_strdup (arb_net_client_get_token (bob));

  /* Gone without a word, as a crash would leave it. */
  gtk_window_destroy (GTK_WINDOW (window));
  arb_test_net_wait ("Bob's connection to close", client_closed, bob);
  window = arb_test_new_window ();
  gtk_window_present (GTK_WINDOW (window));
  arb_test_wait_for (window, offers_rejoin);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.rejoin-online", NULL);
  arb_test_wait_for (window, hosts_again);
  /* The same port, unless another program on this machine (another test
   * run beside this one) took it while no window hosted. */
  if (arb_test_net_port (online (window)) != port)
    {
      g_assert_true (port_is_taken (port));
      port = arb_test_net_port (online (window));
      g_clear_object (&bob);
      g_free (uri);
      uri = g_strdup_printf ("ws://127.0.0.1:%u/arboretum", port);
      bob = arb_test_net_client_new (uri);
      arb_net_client_set_ai (bob, ARB_AI_RANDOM, 5);
    }
  g_assert_cmpint (arb_net_play_get_seat (online (window)), ==, 0);
  g_assert_cmpstr (arb_net_play_get_code (online (window)), ==, code);
  g_assert_false (arb_net_play_get_on_network (online (window)));

  /* Bob's client takes his seat back, and the game goes on. */
  arb_net_client_close (bob);
  arb_net_client_rejoin (bob, token);
  arb_net_client_open (bob);
  arb_test_net_wait ("Bob's seat again", client_has_view, bob);
  arb_test_wait_for (window, bob_to_act);
  g_assert_cmpuint (arb_game_get_n_steps (arb_test_game (window)), >=, steps);
  arb_test_person_step (window);
  wanted_steps = arb_game_get_n_steps (arb_test_game (window));
  arb_test_net_wait ("Bob to see the host's step", bob_saw_wanted_step, bob);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-online", NULL);
  arb_net_client_close (bob);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window-online/two-windows", test_two_windows);
  g_test_add_func ("/window-online/rejoin-after-restart", test_rejoin_after_restart);
  g_test_add_func ("/window-online/refused-join", test_refused_join);
  g_test_add_func ("/window-online/keep-hosting", test_keep_hosting);
  g_test_add_func ("/window-online/host-loopback-by-default", test_host_loopback_by_default);
  g_test_add_func ("/window-online/host-rejoins", test_host_rejoins);
  return g_test_run ();
}
