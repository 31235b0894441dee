/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-play.c: one game played online at this screen.
 *
 * The link (arb-link.h) of the screen's session, which holds the game as
 * this seat saw it: the link seats it in a game built from the host's
 * "history" (the start as the seat saw it and every step since), and
 * brings each "state" (the last step and what the seat sees after it). A host's window
 * is one more client of the server it runs, over loopback: it too sees
 * only its seat's projection. A dropped connection takes its seat again
 * with its token, and catches up from the history sent again.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-net-client.h"
#include "arb-net-play.h"
#include "arb-net-seat-file.h"
#include "arb-net-server.h"
#include "arb-save.h"

#define RECONNECT_SECONDS 2
#define RECONNECT_TRIES   60  /* two minutes, then the game is given up */

struct _ArbNetPlay
{
  GObject           parent_instance;

  ArbNetClient     *client;
  ArbNetServer     *server;       /* when hosting */
  guint             port;         /* the server's, when hosting */
  ArbNetPlayStatus  status;
  gboolean          joining;      /* hosting: join the table once created */
  gboolean          catching_up;  /* a history came: steps to take at the next state */
  gint64            received_at;  /* monotonic time of the last state */
  guint             reconnect_source;
  guint             tries;
  GFile            *record_dir;
  GFile            *record_file;
  char             *uri;          /* the server's */
  char             *code;         /* the invite code typed, or kept with the seat */
  char             *listen;       /* where the server listens, when hosting */
  char             *failure;      /* why the status is FAILED */
  GFile            *seat_dir;     /* where the seat is kept, or NULL */
  GFile            *seat_file;    /* the kept seat, once written or read */
  gboolean          seat_kept;    /* written since the server gave the seat */
  int               seated;       /* the seat the session was given a game of, or -1 */
  guint             n_steps;      /* the steps brought since */
  guint             computers;    /* a bit for each seat seated as a computer's */
};

static void arb_net_play_link_init (ArbLinkInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbNetPlay, arb_net_play, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_LINK, arb_net_play_link_init))

enum {
  CHANGED,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_status (ArbNetPlay *self, ArbNetPlayStatus status)
{
  self->status = status;
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
tell (ArbNetPlay *self, const char *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

/* The status says FAILED and why before the message is told: whoever
 * listens to either finds the play over. */
static void
fail_with (ArbNetPlay *self, const char *message)
{
  g_clear_handle_id (&self->reconnect_source, g_source_remove);
  arb_net_client_close (self->client);
  g_free (self->failure);
  self->failure = g_strdup (message);
  set_status (self, ARB_NET_PLAY_FAILED);
  tell (self, message);
}

/* ---- the seat kept for a window started again -------------------------------- */

/* A window closed during a game leaves its seat held on the server by its
 * token. The token is kept in a file of its own, which only its owner may
 * read (it is the seat's secret), so that a window started again takes the
 * seat back instead of asking for a free one. */

static GFile *
seat_file_for (ArbNetPlay *self)
{
  g_autofree char *key = g_strconcat (self->uri, "\n", arb_net_client_get_table (self->client), NULL);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  g_autofree char *name = g_strdup_printf ("%.16s.seat", hash);

  return g_file_get_child (self->seat_dir, name);
}

static void
keep_seat (ArbNetPlay *self)
{
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *dir = NULL;
  g_autoptr (GFile) file = NULL;
  gsize length;

  if (self->seat_dir == NULL || arb_net_client_get_token (self->client) == NULL || self->status >= ARB_NET_PLAY_FINISHED)
    return;
  self->seat_kept = TRUE;
  g_key_file_set_string (keyfile, "seat", "uri", self->uri);
  g_key_file_set_string (keyfile, "seat", "token", arb_net_client_get_token (self->client));
  g_key_file_set_string (keyfile, "seat", "table", arb_net_client_get_table (self->client));
  if (arb_net_play_get_code (self) != NULL)
    g_key_file_set_string (keyfile, "seat", "code", arb_net_play_get_code (self));
  if (self->listen != NULL)
    g_key_file_set_string (keyfile, "seat", "listen", self->listen);
  text = g_key_file_to_data (keyfile, &length, NULL);
  dir = g_file_get_path (self->seat_dir);
  file = seat_file_for (self);
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !g_file_set_contents_full (g_file_peek_path (file), text, (gssize) length,
                                    G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    {
      g_autofree char *message = g_strdup_printf (_("This seat cannot be taken back if the window closes: %s"),
                                                  error != NULL ? error->message : g_strerror (errno));

      tell (self, message);
      return;
    }
  /* A host's seat taken back may listen on another port now. */
  if (self->seat_file != NULL && !g_file_equal (self->seat_file, file))
    g_file_delete (self->seat_file, NULL, NULL);
  g_set_object (&self->seat_file, file);
}

/* Forgets the kept seat: the game is over, refused, or left for good. */
void
arb_net_play_forget_seat (ArbNetPlay *self)
{
  g_return_if_fail (ARB_IS_NET_PLAY (self));
  if (self->seat_file != NULL)
    g_file_delete (self->seat_file, NULL, NULL);
  g_clear_object (&self->seat_file);
  g_clear_object (&self->seat_dir);
}

/* Keeps this screen's seat in dir once the server gives it, until the
 * game is over: see arb_net_seat_file_find(). */
void
arb_net_play_set_seat_dir (ArbNetPlay *self, GFile *dir)
{
  g_return_if_fail (ARB_IS_NET_PLAY (self));
  g_return_if_fail (G_IS_FILE (dir));
  g_set_object (&self->seat_dir, dir);
  keep_seat (self);
}

/* ---- the game as this seat saw it ------------------------------------------- */

/* Whether the host plays seat with a computer (its kind is a level). */
static gboolean
seat_is_computer (ArbNetPlay *self, guint seat)
{
  const char *kind = arb_net_client_get_seat_kind (self->client, seat);

  return kind != NULL && !g_str_equal (kind, "person");
}

/* The player of seat, as the host says. */
static ArbPlayer *
seat_player (ArbNetPlay *self, guint seat)
{
  gboolean computer = seat_is_computer (self, seat);

  return arb_player_new (arb_net_client_get_seat_name (self->client, seat),
                         computer ? ARB_PLAYER_COMPUTER : ARB_PLAYER_PERSON,
                         computer ? arb_net_client_get_seat_kind (self->client, seat) : NULL);
}

static GPtrArray *
players_from_seats (ArbNetPlay *self)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint p = 0; p < arb_net_client_get_n_seats (self->client); p++)
    g_ptr_array_add (players, seat_player (self, p));
  return players;
}

static gboolean
build_game (ArbNetPlay *self, GError **error)
{
  g_autoptr (GPtrArray) players = players_from_seats (self);
  g_autoptr (ArbGame) game = NULL;
  int seat = arb_net_client_get_seat (self->client);

  if (seat < 0 || players->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The host gave no seat"));
      return FALSE;
    }
  game = arb_game_new_as_seen (arb_net_client_get_start_view (self->client), players, error);
  if (game == NULL)
    return FALSE;
  self->seated = seat;
  self->n_steps = 0;
  self->computers = 0;
  for (guint p = 0; p < players->len; p++)
    if (seat_is_computer (self, p))
      self->computers |= 1u << p;
  arb_link_seated (ARB_LINK (self), game, seat);
  return self->status != ARB_NET_PLAY_FAILED;
}

/* One step brought to the session; FALSE when it broke the link. */
static gboolean
bring_step (ArbNetPlay *self, const ArbStep *step, const ArbProjection *after)
{
  self->n_steps++;
  arb_link_step (ARB_LINK (self), step, after);
  return self->status != ARB_NET_PLAY_FAILED;
}

/* The steps of the history the session does not have yet; the last of
 * them is checked against what the seat sees now. */
static gboolean
catch_up (ArbNetPlay *self, GError **error)
{
  guint n_steps;
  const ArbStep *steps = arb_net_client_get_history (self->client, &n_steps);
  const ArbProjection *now = arb_net_client_get_view (self->client);

  if (self->seated < 0 || self->seated != arb_net_client_get_seat (self->client) || self->n_steps > n_steps)
    {
      if (!build_game (self, error))
        return FALSE;
    }
  while (self->n_steps < n_steps)
    if (!bring_step (self, &steps[self->n_steps], self->n_steps + 1 == n_steps ? now : NULL))
      return FALSE;
  return TRUE;
}

/* A seat the host gave to a computer is the computer's here too. */
static void
follow_seats (ArbNetPlay *self)
{
  if (self->seated < 0)
    return;
  for (guint p = 0; p < MIN (ARB_MAX_PLAYERS, arb_net_client_get_n_seats (self->client)); p++)
    if (seat_is_computer (self, p) && !(self->computers & (1u << p)))
      {
        g_autoptr (ArbPlayer) player = seat_player (self, p);

        self->computers |= 1u << p;
        arb_link_player_changed (ARB_LINK (self), p, player);
      }
}

/* One more step, with what the seat sees after it. */
static gboolean
take_last_step (ArbNetPlay *self, GError **error)
{
  guint step = arb_net_client_get_step (self->client);
  ArbStep last;

  if (self->seated < 0 || self->n_steps == step)
    return TRUE;
  if (self->n_steps + 1 != step || !arb_net_client_get_last (self->client, &last))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The host skipped from step %u to step %u"), self->n_steps, step);
      return FALSE;
    }
  return bring_step (self, &last, arb_net_client_get_view (self->client));
}

static void
update_status (ArbNetPlay *self)
{
  if (self->status == ARB_NET_PLAY_FINISHED || self->status == ARB_NET_PLAY_FAILED)
    g_signal_emit (self, signals[CHANGED], 0);
  else if (arb_net_client_get_started (self->client))
    set_status (self, ARB_NET_PLAY_PLAYING);
  else
    set_status (self, arb_net_client_get_seat (self->client) >= 0 ? ARB_NET_PLAY_WAITING
                                                                    : ARB_NET_PLAY_CONNECTING);
}

static void
on_changed (ArbNetClient *client, ArbNetPlay *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->joining && arb_net_client_get_code (client) != NULL)
    {
      self->joining = FALSE;
      arb_net_client_join (client, arb_net_client_get_code (client));
    }
  if (!self->seat_kept)
    keep_seat (self);
  /* The game is shown once it starts: every seat taken. */
  if (!arb_net_client_get_started (client) || arb_net_client_get_view (client) == NULL
      || arb_net_client_get_start_view (client) == NULL)
    {
      update_status (self);
      return;
    }
  self->received_at = g_get_monotonic_time ();
  self->tries = 0;
  if (self->catching_up)
    {
      self->catching_up = FALSE;
      ok = catch_up (self, &error);
    }
  else
    ok = take_last_step (self, &error);
  /* Without an error, the session broke the link, which failed already. */
  if (!ok)
    {
      if (error != NULL)
        fail_with (self, error->message);
      return;
    }
  follow_seats (self);
  update_status (self);
}

static void
on_history (ArbNetClient *client, ArbNetPlay *self)
{
  self->catching_up = TRUE;
}

/* ---- the host's record of the finished game ---------------------------------- */

static GFile *
record_file_for (ArbNetPlay *self)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H.%M.%S");
  /* Translators: the name of the file of a game played online; %s is the
   * date and time. */
  g_autofree char *name = g_strdup_printf (_("Online game %s.arboretum"), stamp);

  return g_file_get_child (self->record_dir, name);
}

static void
on_record (ArbNetClient *client, ArbNetPlay *self)
{
  g_autoptr (ArbGame) record = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  const char *text = arb_net_client_get_record (client);

  if (self->status == ARB_NET_PLAY_FINISHED || self->seated < 0)
    return;
  record = arb_save_load_data (text, strlen (text), NULL, &error);
  if (record == NULL || !arb_game_is_finished (record))
    {
      tell (self, error != NULL ? error->message : _("The host’s record of the game is not finished"));
      return;
    }
  file = record_file_for (self);
  if (!g_file_make_directory_with_parents (self->record_dir, NULL, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    tell (self, error->message);
  g_clear_error (&error);
  if (!arb_save_write_file (record, NULL, file, NULL, &error))
    {
      tell (self, error->message);
      g_clear_object (&file);
    }
  g_set_object (&self->record_file, file);
  arb_net_play_forget_seat (self);
  arb_link_finished (ARB_LINK (self), record, file);
  set_status (self, ARB_NET_PLAY_FINISHED);
}

/* ---- refusals and drops ----------------------------------------------------- */

static void
on_error (ArbNetClient *client, const char *code, const char *message, ArbNetPlay *self)
{
  /* The host refused a move: the person chooses again, told why. */
  arb_link_refused (ARB_LINK (self));
  if (g_str_equal (code, "too-many-guesses"))
    fail_with (self, message);
  else if (g_str_equal (code, "bad-code") || g_str_equal (code, "full") || g_str_equal (code, "bad-token")
           || g_str_equal (code, "version"))
    {
      /* The server will not seat this screen again: nothing to keep. */
      arb_net_play_forget_seat (self);
      fail_with (self, message);
    }
  else
    tell (self, message);
}

static gboolean
reconnect_cb (gpointer user_data)
{
  ArbNetPlay *self = user_data;
  const char *token = arb_net_client_get_token (self->client);

  self->reconnect_source = 0;
  if (token == NULL || ++self->tries > RECONNECT_TRIES)
    {
      fail_with (self, _("The connection to the host is lost"));
      return G_SOURCE_REMOVE;
    }
  arb_net_client_close (self->client);
  arb_net_client_rejoin (self->client, token);
  arb_net_client_open (self->client);
  return G_SOURCE_REMOVE;
}

static void
on_closed (ArbNetClient *client, ArbNetPlay *self)
{
  if (self->status == ARB_NET_PLAY_FINISHED || self->status == ARB_NET_PLAY_FAILED
      || self->reconnect_source != 0)
    return;
  if (arb_net_client_get_token (client) == NULL)
    {
      fail_with (self, _("The host could not be reached"));
      return;
    }
  arb_link_refused (ARB_LINK (self));
  set_status (self, ARB_NET_PLAY_RECONNECTING);
  self->reconnect_source = g_timeout_add_seconds (RECONNECT_SECONDS, reconnect_cb, self);
}

/* ---- starting --------------------------------------------------------------- */

static ArbNetPlay *
play_new (const char *uri, const char *name)
{
  ArbNetPlay *self = g_object_new (ARB_TYPE_NET_PLAY, NULL);

  self->uri = g_strdup (uri);
  self->client = arb_net_client_new (uri);
  if (name != NULL && *name != '\0')
    arb_net_client_set_name (self->client, name);
  g_signal_connect (self->client, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect (self->client, "history", G_CALLBACK (on_history), self);
  g_signal_connect (self->client, "record", G_CALLBACK (on_record), self);
  g_signal_connect (self->client, "error", G_CALLBACK (on_error), self);
  g_signal_connect (self->client, "closed", G_CALLBACK (on_closed), self);
  return self;
}

ArbNetPlay *
arb_net_play_new_join (const char *address, const char *code, const char *name, GError **error)
{
  g_autofree char *uri = NULL;
  ArbNetPlay *self;

  g_return_val_if_fail (code != NULL, NULL);
  if ((uri = arb_net_uri_for_address (address, error)) == NULL)
    return NULL;
  self = play_new (uri, name);
  self->code = g_strdup (code);
  arb_net_client_join (self->client, code);
  arb_net_client_open (self->client);
  return self;
}

static gboolean
listen_on (ArbNetServer *server, const char *listen, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (arb_net_server_listen (server, listen, NULL, &local))
    return TRUE;
  /* The port is taken (another host on this machine): any free one. */
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE) && strrchr (listen, ':') != NULL)
    {
      g_autofree char *any = g_strndup (listen, (gsize) (strrchr (listen, ':') - listen));
      g_autofree char *again = g_strconcat (any, ":0", NULL);

      return arb_net_server_listen (server, again, NULL, error);
    }
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/* A server in this process, its tables kept in data_dir, listening on
 * listen (or on any port of its address if that one is taken), with this
 * screen's connection to it over loopback. */
static ArbNetPlay *
host_new (GFile *data_dir, const char *listen, const char *name, GError **error)
{
  g_autoptr (ArbNetServer) server = NULL;
  g_autoptr (GUri) uri = NULL;
  g_autofree char *text = NULL;
  g_autofree char *loopback = NULL;
  ArbNetPlay *self;

  if ((server = arb_net_server_new (data_dir, error)) == NULL || !listen_on (server, listen, error))
    return NULL;
  text = arb_net_server_dup_uri (server);
  uri = g_uri_parse (text, G_URI_FLAGS_NONE, error);
  if (uri == NULL)
    return NULL;
  loopback = g_strdup_printf ("ws://127.0.0.1:%d/arboretum", g_uri_get_port (uri));
  self = play_new (loopback, name);
  self->server = g_steal_pointer (&server);
  self->port = (guint) g_uri_get_port (uri);
  self->listen = g_strdup_printf ("%s:%u", g_uri_get_host (uri), self->port);
  return self;
}

/* Hosts a new table: a server in this process, its tables kept in
 * data_dir, listening on listen ("127.0.0.1:7420" for this computer only,
 * "0.0.0.0:7420" for the local network too), and this screen's seat the
 * first of seats ("person" or a computer level each). */
ArbNetPlay *
arb_net_play_new_host (GFile *data_dir, const char *listen, ArbVariant variant, guint n_seats,
                       const char * const *seats, const char *name, GError **error)
{
  ArbNetPlay *self;

  g_return_val_if_fail (G_IS_FILE (data_dir) && listen != NULL, NULL);
  if ((self = host_new (data_dir, listen, name, error)) == NULL)
    return NULL;
  self->joining = TRUE;
  arb_net_client_create (self->client, variant, n_seats, seats, -1);
  arb_net_client_open (self->client);
  return self;
}

/* Takes back the seat kept in file (arb_net_seat_file_find()). A seat
 * this screen hosted gets its server again, its tables read from
 * hosted_dir, listening where it did. */
ArbNetPlay *
arb_net_play_new_rejoin (GFile *file, GFile *hosted_dir, GError **error)
{
  g_autoptr (GKeyFile) keyfile = NULL;
  g_autofree char *uri = NULL, *token = NULL, *code = NULL, *listen = NULL;
  ArbNetPlay *self;

  g_return_val_if_fail (G_IS_FILE (file) && G_IS_FILE (hosted_dir), NULL);
  if ((keyfile = arb_net_seat_file_read (file, error)) == NULL
      || (uri = g_key_file_get_string (keyfile, "seat", "uri", error)) == NULL
      || (token = g_key_file_get_string (keyfile, "seat", "token", error)) == NULL)
    return NULL;
  code = g_key_file_get_string (keyfile, "seat", "code", NULL);
  listen = g_key_file_get_string (keyfile, "seat", "listen", NULL);
  self = listen != NULL ? host_new (hosted_dir, listen, NULL, error) : play_new (uri, NULL);
  if (self == NULL)
    return NULL;
  self->code = g_steal_pointer (&code);
  self->seat_dir = g_file_get_parent (file);
  self->seat_file = g_object_ref (file);
  arb_net_client_rejoin (self->client, token);
  arb_net_client_open (self->client);
  return self;
}

/* ---- the link ---------------------------------------------------------------- */

static void
send_move (ArbLink *link, const ArbMove *move)
{
  arb_net_client_move (ARB_NET_PLAY (link)->client, move);
}

static void
break_off (ArbLink *link, const char *why)
{
  fail_with (ARB_NET_PLAY (link), why);
}

/* Leaves the table: the seat stays, held by its token, for the host to
 * give to a computer; a hosted server stops, its tables kept on disk. */
static void
leave (ArbLink *link)
{
  ArbNetPlay *self = ARB_NET_PLAY (link);

  g_clear_handle_id (&self->reconnect_source, g_source_remove);
  g_signal_handlers_disconnect_by_data (self->client, self);
  arb_net_client_close (self->client);
  if (self->server != NULL)
    arb_net_server_shutdown (self->server);
  g_clear_object (&self->server);
}

/* ---- what the window shows --------------------------------------------------- */

ArbNetPlayStatus
arb_net_play_get_status (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), ARB_NET_PLAY_FAILED);
  return self->status;
}

gboolean
arb_net_play_get_is_host (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), FALSE);
  return arb_net_client_get_is_host (self->client);
}

/* The table's invite code: the one the server gave when the table was
 * created, else the one typed or kept with the seat. */
const char *
arb_net_play_get_code (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  return arb_net_client_get_code (self->client) != NULL ? arb_net_client_get_code (self->client) : self->code;
}

/* Whether the table this screen hosts is open to the local network, not
 * only to this computer. */
gboolean
arb_net_play_get_on_network (ArbNetPlay *self)
{
  g_autofree char *text = NULL;
  g_autoptr (GUri) uri = NULL;
  g_autoptr (GInetAddress) address = NULL;

  g_return_val_if_fail (ARB_IS_NET_PLAY (self), FALSE);
  if (self->server == NULL || (text = arb_net_server_dup_uri (self->server)) == NULL
      || (uri = g_uri_parse (text, G_URI_FLAGS_NONE, NULL)) == NULL)
    return FALSE;
  address = g_inet_address_new_from_string (g_uri_get_host (uri));
  return address == NULL || !g_inet_address_get_is_loopback (address);
}

/* Where others reach a hosted table, with the port ("192.168.1.20:7420"):
 * this machine's addresses on its networks, or only the loopback address
 * if the table is not open to them; NULL when not hosting. */
char **
arb_net_play_dup_addresses (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  if (self->server == NULL)
    return NULL;
  if (!arb_net_play_get_on_network (self))
    {
      char **loopback = g_new0 (char *, 2);

      loopback[0] = g_strdup_printf ("127.0.0.1:%u", self->port);
      return loopback;
    }
  return arb_net_address_dup_local (self->port);
}

/* Why the status is FAILED, or NULL. */
const char *
arb_net_play_get_failure (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  return self->status == ARB_NET_PLAY_FAILED ? self->failure : NULL;
}

/* The server this screen hosts, or NULL. */
ArbNetServer *
arb_net_play_get_server (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  return self->server;
}

/* The connection to the host. */
ArbNetClient *
arb_net_play_get_client (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  return self->client;
}

int
arb_net_play_get_seat (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), -1);
  return arb_net_client_get_seat (self->client);
}

guint
arb_net_play_get_n_seats (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), 0);
  return arb_net_client_get_n_seats (self->client);
}

const char *
arb_net_play_get_seat_name (ArbNetPlay *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  return arb_net_client_get_seat_name (self->client, seat);
}

gboolean
arb_net_play_get_seat_is_person (ArbNetPlay *self, guint seat)
{
  const char *kind;

  g_return_val_if_fail (ARB_IS_NET_PLAY (self), FALSE);
  kind = arb_net_client_get_seat_kind (self->client, seat);
  return kind != NULL && g_str_equal (kind, "person");
}

gboolean
arb_net_play_get_seat_connected (ArbNetPlay *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), FALSE);
  return !arb_net_play_get_seat_is_person (self, seat)
         || arb_net_client_get_seat_connected (self->client, seat);
}

/* Seconds since the person of seat dropped, counted on from what the host
 * last said; -1 when they did not. */
int
arb_net_play_get_seat_away (ArbNetPlay *self, guint seat)
{
  int away;

  g_return_val_if_fail (ARB_IS_NET_PLAY (self), -1);
  away = arb_net_client_get_seat_away (self->client, seat);
  if (away < 0)
    return -1;
  return away + (int) ((g_get_monotonic_time () - self->received_at) / G_USEC_PER_SEC);
}

guint
arb_net_play_get_replace_after (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), 0);
  return arb_net_client_get_replace_after (self->client);
}

/* The host gives the seat of a person who dropped to a computer. */
void
arb_net_play_give_seat (ArbNetPlay *self, guint seat, ArbAiLevel level)
{
  g_return_if_fail (ARB_IS_NET_PLAY (self));
  arb_net_client_replace (self->client, seat, level);
}

/* Where the host's record of the finished game was saved, or NULL. */
GFile *
arb_net_play_get_record_file (ArbNetPlay *self)
{
  g_return_val_if_fail (ARB_IS_NET_PLAY (self), NULL);
  return self->record_file;
}

/* Where finished games are saved (by default the user's data folder). */
void
arb_net_play_set_record_dir (ArbNetPlay *self, GFile *dir)
{
  g_return_if_fail (ARB_IS_NET_PLAY (self));
  g_return_if_fail (G_IS_FILE (dir));
  g_set_object (&self->record_dir, dir);
}

/* ---- the class ------------------------------------------------------------------ */

static void
arb_net_play_dispose (GObject *object)
{
  ArbNetPlay *self = ARB_NET_PLAY (object);

  if (self->client != NULL)
    leave (ARB_LINK (self));
  g_clear_object (&self->client);
  g_clear_object (&self->server);
  g_clear_object (&self->record_dir);
  g_clear_object (&self->record_file);
  g_clear_object (&self->seat_dir);
  g_clear_object (&self->seat_file);
  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->code, g_free);
  g_clear_pointer (&self->listen, g_free);
  g_clear_pointer (&self->failure, g_free);
  G_OBJECT_CLASS (arb_net_play_parent_class)->dispose (object);
}

static void
arb_net_play_class_init (ArbNetPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_net_play_dispose;
  /* The status or the seats changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (message): a sentence for the person: a refusal, a failure. */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_net_play_link_init (ArbLinkInterface *iface)
{
  iface->send_move = send_move;
  iface->break_off = break_off;
  iface->leave = leave;
}

static void
arb_net_play_init (ArbNetPlay *self)
{
  self->seated = -1;
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "arboretum", "online", NULL);

  self->record_dir = g_file_new_for_path (dir);
}
