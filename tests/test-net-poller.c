/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-poller.c: a connection's input watched by the server's epoll
 * (arb-net-poller.c) rather than by GLib: its socket is none of the
 * descriptors the main loop polls, its source fires for every message
 * however many came before (the epoll is edge-triggered: a read that
 * would block arms it again), and a socket closed leaves the epoll, so
 * that the next socket given its number is watched too. */
#include "config.h"

#include <sys/socket.h>

#include "arb-net-input.h"
#include "arb-net-poller.h"
#include "arb-test-wait.h"

/* One end of a socket pair, as the listener wraps a connection it accepts. */
typedef struct {
  GSocket     *peer;      /* the other end: what a client writes */
  GIOStream   *stream;    /* as libsoup holds it */
  ArbNetInput *input;
  GSource     *source;
  GString     *read;
  int          fd;
} End;

static gboolean
on_readable (GObject *stream, gpointer data)
{
  End *end = data;
  char buffer[256];
  gssize n;

  while ((n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream), buffer,
                                                        sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (end->read, buffer, n);
  return G_SOURCE_CONTINUE;
}

static void
end_open (End *end, GSource *poller)
{
  int fds[2];
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GSocketConnection) connection = NULL;

  g_assert_cmpint (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), ==, 0);
  socket = g_socket_new_from_fd (fds[0], NULL);
  end->peer = g_socket_new_from_fd (fds[1], NULL);
  g_assert_nonnull (socket);
  g_assert_nonnull (end->peer);
  end->fd = fds[0];
  connection = g_socket_connection_factory_create_connection (socket);
  end->stream = arb_net_input_wrap (G_IO_STREAM (connection), 0, poller, &end->input);
  end->read = g_string_new (NULL);
  end->source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (end->input), NULL);
  g_source_set_callback (end->source, (GSourceFunc) (void (*) (void)) on_readable, end, NULL);
  g_source_attach (end->source, NULL);
}

static void
end_close (End *end)
{
  g_source_destroy (end->source);
  g_clear_pointer (&end->source, g_source_unref);
  arb_net_input_close_connection (end->input);
  g_clear_object (&end->stream);
  g_socket_close (end->peer, NULL);
  g_clear_object (&end->peer);
  g_string_free (end->read, TRUE);
}

static void
send_text (End *end, const char *text)
{
  g_assert_cmpint (g_socket_send (end->peer, text, strlen (text), NULL, NULL), ==, (gssize) strlen (text));
}

typedef struct {
  End        *end;
  const char *expected;
} Reading;

static gboolean
has_read (gpointer data)
{
  Reading *r = data;

  return strcmp (r->end->read->str, r->expected) == 0;
}

static char *
describe_read (gpointer data)
{
  Reading *r = data;

  return g_strdup_printf ("read “%s”, expected “%s”", r->end->read->str, r->expected);
}

static void
wait_read (End *end, const char *expected)
{
  Reading r = { end, expected };

  arb_test_wait_until_described ("the input's source to read what the peer sent", has_read, describe_read, &r);
}

/* Whether the default main context's next pass polls fd itself. */
static gboolean
glib_polls (int fd)
{
  GMainContext *context = g_main_context_default ();
  GPollFD fds[64];
  gint priority, timeout, n;
  gboolean found = FALSE;

  g_assert_true (g_main_context_acquire (context));
  g_main_context_prepare (context, &priority);
  n = g_main_context_query (context, priority, &timeout, fds, G_N_ELEMENTS (fds));
  g_assert_cmpint (n, <=, (gint) G_N_ELEMENTS (fds));
  for (gint i = 0; i < n; i++)
    found |= fds[i].fd == fd;
  for (gint i = 0; i < n; i++)
    fds[i].revents = 0;
  if (g_main_context_check (context, priority, fds, n))
    g_main_context_dispatch (context);
  g_main_context_release (context);
  return found;
}

static void
test_reads_again (void)
{
  GSource *poller = arb_net_poller_new ();
  End end = { 0 };

  if (poller == NULL)
    {
      g_test_skip ("No epoll here: GLib polls each socket");
      return;
    }
  end_open (&end, poller);
  g_assert_false (glib_polls (end.fd));
  send_text (&end, "one");
  wait_read (&end, "one");
  /* The read that emptied the socket would block: the next bytes wake it. */
  send_text (&end, " two");
  wait_read (&end, "one two");
  send_text (&end, " three");
  wait_read (&end, "one two three");
  end_close (&end);
  arb_net_poller_release (poller);
}

static void
test_number_reused (void)
{
  GSource *poller = arb_net_poller_new ();
  End first = { 0 }, second = { 0 };
  int first_fd;

  if (poller == NULL)
    {
      g_test_skip ("No epoll here: GLib polls each socket");
      return;
    }
  end_open (&first, poller);
  send_text (&first, "first");
  wait_read (&first, "first");
  first_fd = first.fd;
  end_close (&first);
  /* The lowest free numbers: the first pair's again. */
  end_open (&second, poller);
  g_assert_cmpint (second.fd, ==, first_fd);
  g_assert_false (glib_polls (second.fd));
  send_text (&second, "second");
  wait_read (&second, "second");
  end_close (&second);
  arb_net_poller_release (poller);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net-poller/reads-again", test_reads_again);
  g_test_add_func ("/net-poller/number-reused", test_number_reused);
  return g_test_run ();
}
