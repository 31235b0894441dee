/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-limits.c: what a stranger can make the server hold is bounded
 * (issue 32): connections per address and in all, handshakes and silent
 * connections timed out, no permessage-deflate and no message assembled
 * past its size, tables per address, tables never started that expire,
 * one seat a connection, names that show and differ; and the listener goes
 * on after running out of descriptors. Loopback only: 127.0.0.2 is another
 * address of this machine on Linux. The limits are lowered through the
 * server's properties, the ones `arboretum-cli serve` sets. */
#include "config.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include "arb-test-net.h"

/* A connection the test makes by hand, to say exactly what a stranger says. */
typedef struct {
  GSocket *socket;
  GString *in;
  gboolean closed;
} Raw;

static void
raw_read (Raw *r)
{
  char buffer[4096];

  while (!r->closed)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_socket_receive (r->socket, buffer, sizeof buffer, NULL, &error);

      if (n > 0)
        g_string_append_len (r->in, buffer, n);
      else if (n == 0 || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        r->closed = TRUE;
      else
        return;
    }
}

static gboolean
raw_is_closed (gpointer data)
{
  raw_read (data);
  return ((Raw *) data)->closed;
}

static gboolean
raw_has_answer (gpointer data)
{
  Raw *r = data;

  raw_read (r);
  return r->closed || strstr (r->in->str, "\r\n\r\n") != NULL;
}

static guint16
port_of (const char *uri)
{
  g_autoptr (GUri) parsed = g_uri_parse (uri, G_URI_FLAGS_NONE, NULL);

  g_assert_nonnull (parsed);
  return (guint16) g_uri_get_port (parsed);
}

/* A connection to 127.0.0.1:port from the address from (NULL: the usual). */
static Raw *
raw_connect (const char *from, guint16 port)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) server = g_inet_socket_address_new (loopback, port);
  Raw *r = g_new0 (Raw, 1);

  r->in = g_string_new (NULL);
  r->socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  if (from != NULL)
    {
      g_autoptr (GSocketAddress) source = g_inet_socket_address_new_from_string (from, 0);

      g_assert_true (g_socket_bind (r->socket, source, FALSE, &error));
      g_assert_no_error (error);
    }
  /* On loopback the kernel completes the connection itself: the server's
   * accept comes later, in the main loop. */
  g_socket_set_timeout (r->socket, ARB_TEST_WAIT_LIMIT_SECONDS);
  g_assert_true (g_socket_connect (r->socket, server, NULL, &error));
  g_assert_no_error (error);
  g_socket_set_blocking (r->socket, FALSE);
  return r;
}

static void
raw_free (Raw *r)
{
  g_socket_close (r->socket, NULL);
  g_object_unref (r->socket);
  g_string_free (r->in, TRUE);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Raw, raw_free)

static void
raw_send (Raw *r, const void *data, gsize length)
{
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_socket_send (r->socket, data, length, NULL, &error), ==, (gssize) length);
  g_assert_no_error (error);
}

/* A WebSocket handshake that also asks for permessage-deflate; TRUE once
 * the server switched protocols. */
static gboolean
raw_upgrade (Raw *r)
{
  static const char request[] =
    "GET /arboretum HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    "Sec-WebSocket-Protocol: arboretum.v1\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n";

  raw_send (r, request, strlen (request));
  arb_test_wait_until ("the answer to a WebSocket handshake", raw_has_answer, r);
  return g_str_has_prefix (r->in->str, "HTTP/1.1 101");
}

static ArbNetServer *
limits_server (char **dir, guint16 *port)
{
  g_autofree char *uri = NULL;
  ArbNetServer *server = arb_test_net_server (dir, &uri);

  *port = port_of (uri);
  return server;
}

typedef struct {
  ArbNetServer *server;
  guint         count;
} Connections;

static gboolean
has_connections (gpointer data)
{
  Connections *c = data;

  return arb_net_server_get_n_connections (c->server) == c->count;
}

static void
wait_connections (ArbNetServer *server, guint count)
{
  Connections c = { server, count };

  arb_test_net_wait ("the server to hold the connections expected", has_connections, &c);
}

/* An address at its share of connections is refused the next at once,
 * before a byte; another address is served; a connection closed gives its
 * place back; and the server in all holds no more than its limit. */
static void
test_connections (void)
{
  g_autofree char *dir = NULL;
  guint16 port;
  g_autoptr (ArbNetServer) server = limits_server (&dir, &port);
  g_autoptr (Raw) other = NULL;
  g_autoptr (Raw) third = NULL;
  g_autoptr (Raw) again = NULL;
  g_autoptr (Raw) over_all = NULL;
  Raw *idle[2];

  g_object_set (server, "max-connections-per-address", 2, "max-connections", 3, NULL);
  for (guint i = 0; i < 2; i++)
    idle[i] = raw_connect ("127.0.0.1", port);
  wait_connections (server, 2);
  third = raw_connect ("127.0.0.1", port);
  arb_test_wait_until ("the third connection of an address to be closed", raw_is_closed, third);
  g_assert_cmpuint (third->in->len, ==, 0);
  other = raw_connect ("127.0.0.2", port);
  g_assert_true (raw_upgrade (other));
  g_assert_null (strstr (other->in->str, "deflate"));
  /* Three in all: a fourth address is refused too. */
  over_all = raw_connect ("127.0.0.3", port);
  arb_test_wait_until ("a connection past the server's limit to be closed", raw_is_closed, over_all);
  raw_free (idle[0]);
  wait_connections (server, 2);
  again = raw_connect ("127.0.0.1", port);
  g_assert_true (raw_upgrade (again));
  raw_free (idle[1]);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* A connection that sends half a request is closed at the handshake's
 * limit, and one that upgrades and then never answers a ping at the idle
 * limit, while a client at a table that sends nothing (its person thinks)
 * stays: it answers the pings. */
static void
test_timeouts (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *uri = NULL;
  guint16 port;
  g_autoptr (ArbNetServer) server = limits_server (&dir, &port);
  g_autoptr (Raw) slow = NULL;
  g_autoptr (Raw) silent = NULL;
  g_autoptr (ArbNetClient) thinker = NULL;
  g_autofree char *code = NULL;

  g_object_set (server, "handshake-timeout", 1, "idle-timeout", 3, NULL);
  slow = raw_connect (NULL, port);
  raw_send (slow, "GET /arboretum HTTP/1.1\r\n", 25);
  arb_test_wait_until ("a handshake that never ends to be closed", raw_is_closed, slow);
  g_assert_cmpuint (slow->in->len, ==, 0);

  uri = arb_net_server_dup_uri (server);
  thinker = arb_test_net_client_new (uri);
  arb_net_client_create (thinker, ARB_VARIANT_STANDARD, 2, NULL, 1);
  arb_net_client_open (thinker);
  arb_test_net_wait ("the new table's code", arb_test_net_has_code, thinker);
  code = g_strdup (arb_net_client_get_code (thinker));
  g_assert_nonnull (code);
  arb_net_client_join (thinker, code);
  arb_test_net_wait ("the thinker's seat", arb_test_net_has_view, thinker);
  silent = raw_connect (NULL, port);
  g_assert_true (raw_upgrade (silent));
  arb_test_wait_until ("a connection that answers no ping to be closed", raw_is_closed, silent);
  g_assert_true (arb_net_client_get_connected (thinker));
  g_assert_cmpint (arb_net_client_get_seat (thinker), ==, 0);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* Continuation frames of a message that never ends close the connection
 * once they pass the largest message, long before they fill memory. */
static void
test_endless_message (void)
{
  g_autofree char *dir = NULL;
  guint16 port;
  g_autoptr (ArbNetServer) server = limits_server (&dir, &port);
  g_autoptr (Raw) endless = NULL;
  guint8 frame[8 + 1000];

  endless = raw_connect (NULL, port);
  g_assert_true (raw_upgrade (endless));
  memset (frame, 'a', sizeof frame);
  frame[1] = 0x80 | 126;        /* masked, a 16-bit length */
  frame[2] = 1000 >> 8;
  frame[3] = 1000 & 0xff;
  memset (frame + 4, 0, 4);     /* a mask of zeroes */
  /* Four times the largest message, which libsoup would hold whole. */
  for (guint i = 0; i < 4 * ARB_NET_MAX_MESSAGE / 1000; i++)
    {
      frame[0] = i == 0 ? 0x01 : 0x00;  /* text, then continuations; never the last */
      raw_send (endless, frame, sizeof frame);
    }
  arb_test_wait_until ("the endless message's connection to be closed", raw_is_closed, endless);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

static ArbNetPeer *
peer_from (ArbNetServer *server, const char *address)
{
  ArbNetPeer *peer = arb_net_peer_new (NULL, address);

  arb_net_server_add_peer (server, peer);
  arb_test_net_say (server, peer, "{\"type\":\"hello\",\"protocol\":1}");
  return peer;
}

static const char create[] = "{\"type\":\"create\",\"players\":2}";

static gboolean
server_is_empty (gpointer server)
{
  return arb_net_server_get_n_tables (server) == 0;
}

static char *
code_created (ArbNetPeer *peer)
{
  g_autoptr (JsonObject) message = NULL;
  const char *last = arb_test_net_last_sent (peer);
  const char *type;

  message = arb_net_parse (last, strlen (last), &type, NULL);
  g_assert_nonnull (message);
  g_assert_cmpstr (type, ==, "created");
  return g_strdup (json_object_get_string_member (message, "code"));
}

/* An address holds so many tables at once; another address is not
 * hindered; a table nobody took a seat at goes, files and all. */
static void
test_tables (void)
{
  g_autofree char *dir = NULL;
  guint16 port;
  g_autoptr (ArbNetServer) server = limits_server (&dir, &port);
  g_autoptr (ArbNetPeer) first = peer_from (server, "192.0.2.1");
  g_autoptr (ArbNetPeer) second = peer_from (server, "192.0.2.1");
  g_autoptr (ArbNetPeer) other = peer_from (server, "192.0.2.2");
  g_autoptr (GDir) files = NULL;

  g_object_set (server, "max-tables-per-address", 2, NULL);
  arb_test_net_say (server, first, create);
  arb_test_net_say (server, first, create);
  g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 2);
  arb_test_net_assert_refused (server, second, create, "server");
  g_assert_cmpuint (strlen (arb_test_net_last_sent (second)), <=, 200);
  arb_test_net_say (server, other, create);
  g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 3);

  g_object_set (server, "unstarted-keep", 1, NULL);
  arb_test_net_wait ("tables nobody sat at to expire", server_is_empty, server);
  files = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (files);
  g_assert_null (g_dir_read_name (files));
  /* Gone from the count of the address too. */
  arb_test_net_say (server, second, create);
  g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 1);
  arb_net_server_remove_peer (server, first);
  arb_net_server_remove_peer (server, second);
  arb_net_server_remove_peer (server, other);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

static char *
join_named (const char *code, const char *name)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("join");

  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, code);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  return arb_net_to_text (builder);
}

/* Names that draw nothing, turn text around or copy a seat's name are
 * refused in one short line; a connection takes one seat. */
static void
test_names_and_seats (void)
{
  static const char * const hidden[] = {
    "\u200B", "Ann\u200B", "\uFEFFAnn", "A\u202Enn", "\u2066Ann", "   ", "\u3164", "Ann\a",
    "\u00A0\u2003", "\u200E", "\u2060Ann", "\u0301\u0301",
  };
  static const char * const taken[] = { "Ann", "ann", "ＡＮＮ", " Ann " };
  g_autofree char *dir = NULL;
  guint16 port;
  g_autoptr (ArbNetServer) server = limits_server (&dir, &port);
  g_autoptr (ArbNetPeer) host = peer_from (server, "192.0.2.1");
  g_autoptr (ArbNetPeer) guest = peer_from (server, "192.0.2.2");
  g_autofree char *code = NULL;
  g_autofree char *ann = NULL;
  g_autofree char *again = NULL;
  g_autofree char *persian = NULL;

  arb_test_net_say (server, host, "{\"type\":\"create\",\"players\":3}");
  code = code_created (host);
  for (guint i = 0; i < G_N_ELEMENTS (hidden); i++)
    {
      g_autofree char *join = join_named (code, hidden[i]);

      arb_test_net_assert_refused (server, host, join, "protocol");
      g_assert_cmpuint (strlen (arb_test_net_last_sent (host)), <=, 200);
      g_assert_null (arb_net_peer_get_table (host));
    }
  ann = join_named (code, "Ann");
  arb_test_net_say (server, host, ann);
  g_assert_cmpint (arb_net_peer_get_seat (host), ==, 0);
  /* One seat a connection, even after watching. */
  again = join_named (code, "Bob");
  arb_test_net_assert_refused (server, host, again, "protocol");
  g_assert_cmpint (arb_net_peer_get_seat (host), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (taken); i++)
    {
      g_autofree char *join = join_named (code, taken[i]);

      arb_test_net_assert_refused (server, guest, join, "protocol");
    }
  /* A joiner inside a name is no hidden character. */
  persian = join_named (code, "\u0645\u06CC\u200C\u0631\u0648\u0645");
  arb_test_net_say (server, guest, persian);
  g_assert_cmpint (arb_net_peer_get_seat (guest), ==, 1);
  arb_net_server_remove_peer (server, host);
  arb_net_server_remove_peer (server, guest);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* Every form a person gives a server's address in, for arboretum-cli and
 * the window's Join form alike; and a client given ws://HOST:PORT plays. */
static void
test_address_forms (void)
{
  static const struct { const char *typed; const char *uri; } forms[] = {
    { "127.0.0.1", "ws://127.0.0.1:7420/arboretum" },
    { " 127.0.0.1:7421 ", "ws://127.0.0.1:7421/arboretum" },
    { "ws://127.0.0.1:7421", "ws://127.0.0.1:7421/arboretum" },
    { "ws://127.0.0.1:7421/", "ws://127.0.0.1:7421/arboretum" },
    { "ws://127.0.0.1:7421/arboretum", "ws://127.0.0.1:7421/arboretum" },
    { "wss://example.org/arboretum", "wss://example.org:7420/arboretum" },
    { "[::1]:7421", "ws://[::1]:7421/arboretum" },
    { "ws://[::1]:7421", "ws://[::1]:7421/arboretum" },
    { "host.lan", "ws://host.lan:7420/arboretum" },
  };
  static const char * const refused[] = { "", "   ", "ws://", "127.0.0.1:99999", "ws://a b", "ws://h?x=1" };
  g_autofree char *dir = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *normal = NULL;
  g_autoptr (ArbNetServer) server = arb_test_net_server (&dir, &uri);
  g_autoptr (ArbNetClient) client = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *got = arb_net_uri_for_address (forms[i].typed, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (got, ==, forms[i].uri);
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (arb_net_uri_for_address (refused[i], &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_cmpuint (strlen (error->message), <=, 200);
    }
  bare = g_strdup_printf ("ws://127.0.0.1:%u", port_of (uri));
  normal = arb_net_uri_for_address (bare, NULL);
  client = arb_test_net_client_new (normal);
  arb_net_client_create (client, ARB_VARIANT_STANDARD, 2, NULL, 1);
  arb_net_client_open (client);
  arb_test_net_wait ("a code through ws://HOST:PORT", arb_test_net_has_code, client);
  g_assert_nonnull (arb_net_client_get_code (client));
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* What a server out of descriptors may hold: few enough to run out. */
#define FEW_DESCRIPTORS 64

static void
few_descriptors (gpointer data)
{
  struct rlimit limit = { FEW_DESCRIPTORS, FEW_DESCRIPTORS };

  prctl (PR_SET_PDEATHSIG, SIGKILL);
  setrlimit (RLIMIT_NOFILE, &limit);
}

static void
on_line (GObject *stream, GAsyncResult *result, gpointer data)
{
  char **line = data;

  *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (stream), result, NULL, NULL);
  if (*line == NULL)
    *line = g_strdup ("");
}

static gboolean
has_line (gpointer data)
{
  return *(char **) data != NULL;
}

/* arboretum-cli serve with few descriptors and a connection limit above
 * them: a crowd of idle connections runs it out; once they go, it accepts
 * again (libsoup's own listener stopped for good). */
static void
test_out_of_descriptors (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GPtrArray) crowd = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autofree char *dir = g_dir_make_tmp ("arb-net-limits-XXXXXX", NULL);
  g_autofree char *line = NULL;
  g_autoptr (Raw) late = NULL;

  g_subprocess_launcher_set_child_setup (launcher, few_descriptors, NULL, NULL);
  server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARB_CLI"), "serve", "--listen", "127.0.0.1:0",
                                        "--data", dir, "--max-connections", "1000",
                                        "--max-connections-per-address", "1000", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  g_data_input_stream_read_line_async (out, G_PRIORITY_DEFAULT, NULL, on_line, &line);
  arb_test_wait_until ("arboretum-cli serve to print where it listens", has_line, &line);
  g_assert_nonnull (strstr (line, "ws://"));
  for (guint i = 0; i < 2 * FEW_DESCRIPTORS; i++)
    g_ptr_array_add (crowd, raw_connect (NULL, port_of (strstr (line, "ws://"))));
  /* The last of the crowd waits in the backlog: the server is out. */
  late = raw_connect (NULL, port_of (strstr (line, "ws://")));
  g_ptr_array_set_size (crowd, 0);
  g_assert_true (raw_upgrade (late));
  g_subprocess_send_signal (server, SIGTERM);
  g_assert_true (g_subprocess_wait (server, NULL, &error));
  g_assert_no_error (error);
  arb_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net-limits/connections", test_connections);
  g_test_add_func ("/net-limits/timeouts", test_timeouts);
  g_test_add_func ("/net-limits/endless-message", test_endless_message);
  g_test_add_func ("/net-limits/tables", test_tables);
  g_test_add_func ("/net-limits/names-and-seats", test_names_and_seats);
  g_test_add_func ("/net-limits/address-forms", test_address_forms);
  g_test_add_func ("/net-limits/out-of-descriptors", test_out_of_descriptors);
  return g_test_run ();
}
