/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-poller.c: the server's sockets watched by one epoll. GLib's
 * main loop (2.74) keeps the descriptors it polls in a list sorted by
 * number: libsoup stops and starts a connection's input source at every
 * read, and each start and stop walked that list, every connection's
 * socket in it, for every message. Here a socket is added once to the
 * epoll, whose one descriptor is all the loop polls; the epoll says which
 * socket has something to read, as often as it has, and the connection's
 * input (arb-net-input.c) tells its sources.
 *
 * The pace: the loop still looks at every source at each pass, whether
 * the pass then serves one message or fifty. Passes that start at most
 * every few milliseconds serve together the messages that arrived
 * meanwhile. The spacing grows with the sockets watched, so that a server
 * of a few tables (and its tests) waits microseconds, and stays far below
 * what a person notices. */
#include "config.h"

#include "arb-net-poller.h"

#ifdef __linux__
#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>
#endif

/* Events taken from the epoll at one read of it. */
#define EVENTS_AT_ONCE 256
/* About ten times what a pass costs for each connection: the loop's own
 * look at its sources stays near a tenth of the server's time. */
#define SPACING_NS_PER_SOCKET 2000
/* At most this between two passes, whatever the sockets: a move's round
 * trip gains at most this much. */
#define MAX_SPACING_US 10000

typedef struct {
  ArbNetPollerFunc readable;
  gpointer         user_data;
} Watch;

typedef struct {
  GSource     source;
  int         epoll_fd;
  GHashTable *watches;  /* fd -> Watch */
  gboolean    released; /* by its maker: it goes with its last watch */
} Poller;

/* The sockets watched by every poller of the process, for the pace. */
static guint n_sockets;

#ifdef __linux__
static gboolean
poller_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  Poller *self = (Poller *) source;
  struct epoll_event events[EVENTS_AT_ONCE];
  int n;

  do
    {
      n = epoll_wait (self->epoll_fd, events, EVENTS_AT_ONCE, 0);
      /* A watch's function only marks its input readable: no watch goes
       * while the events are read. */
      for (int i = 0; i < n; i++)
        {
          Watch *watch = g_hash_table_lookup (self->watches, GINT_TO_POINTER (events[i].data.fd));

          if (watch != NULL)
            watch->readable (watch->user_data);
        }
    }
  while (n == EVENTS_AT_ONCE);
  return G_SOURCE_CONTINUE;
}

static void
poller_finalize (GSource *source)
{
  Poller *self = (Poller *) source;

  n_sockets -= g_hash_table_size (self->watches);
  g_hash_table_unref (self->watches);
  close (self->epoll_fd);
}

static GSourceFuncs poller_funcs = {
  .dispatch = poller_dispatch,
  .finalize = poller_finalize,
};

/* A poller attached to the thread-default main context, or NULL where
 * there is no epoll: the sockets are then polled by GLib one by one. */
GSource *
arb_net_poller_new (void)
{
  int epoll_fd = epoll_create1 (EPOLL_CLOEXEC);
  Poller *self;

  if (epoll_fd < 0)
    return NULL;
  self = (Poller *) g_source_new (&poller_funcs, sizeof (Poller));
  self->epoll_fd = epoll_fd;
  self->watches = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_source_set_static_name (&self->source, "ArbNetPoller");
  g_source_add_unix_fd (&self->source, epoll_fd, G_IO_IN);
  g_source_attach (&self->source, g_main_context_get_thread_default ());
  return &self->source;
}

/* readable (user_data) is called, in the poller's dispatch, each time fd
 * receives something, closes or fails, and once at first if it has
 * something already: it is edge-triggered. FALSE: fd cannot be watched. */
gboolean
arb_net_poller_add (GSource *poller, int fd, ArbNetPollerFunc readable, gpointer user_data)
{
  Poller *self = (Poller *) poller;
  struct epoll_event event = { .events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.fd = fd };
  Watch *watch;

  g_return_val_if_fail (poller != NULL && fd >= 0 && readable != NULL, FALSE);
  if (g_hash_table_contains (self->watches, GINT_TO_POINTER (fd))
      || epoll_ctl (self->epoll_fd, EPOLL_CTL_ADD, fd, &event) < 0)
    return FALSE;
  watch = g_new (Watch, 1);
  watch->readable = readable;
  watch->user_data = user_data;
  g_hash_table_insert (self->watches, GINT_TO_POINTER (fd), watch);
  n_sockets++;
  return TRUE;
}

/* Before fd is closed: a descriptor closed first has left the epoll, and
 * its number may be another socket's by now. */
void
arb_net_poller_remove (GSource *poller, int fd)
{
  Poller *self = (Poller *) poller;

  g_return_if_fail (poller != NULL);
  if (!g_hash_table_remove (self->watches, GINT_TO_POINTER (fd)))
    return;
  n_sockets--;
  epoll_ctl (self->epoll_fd, EPOLL_CTL_DEL, fd, NULL);
  if (self->released && g_hash_table_size (self->watches) == 0)
    g_source_destroy (poller);
}

/* The maker lets go of poller (which may be NULL): it stays while it
 * watches sockets. */
void
arb_net_poller_release (GSource *poller)
{
  Poller *self = (Poller *) poller;

  if (poller == NULL)
    return;
  self->released = TRUE;
  if (g_hash_table_size (self->watches) == 0)
    g_source_destroy (poller);
  g_source_unref (poller);
}
#else
GSource *
arb_net_poller_new (void)
{
  return NULL;
}

gboolean
arb_net_poller_add (GSource *poller, int fd, ArbNetPollerFunc readable, gpointer user_data)
{
  return FALSE;
}

void
arb_net_poller_remove (GSource *poller, int fd)
{
}

void
arb_net_poller_release (GSource *poller)
{
}
#endif

static gint64 last_pass;  /* g_get_monotonic_time () when the last poll began */

/* The microseconds to wait before this pass's poll, timeout_ms being
 * GLib's limit (-1: none; 0: something is ready, and it is not kept
 * waiting). */
static gint64
spacing_left (guint nfds, gint timeout_ms, gint64 now)
{
  gint64 spacing = MIN ((gint64) (nfds + n_sockets) * SPACING_NS_PER_SOCKET / 1000, MAX_SPACING_US);
  gint64 left = last_pass + spacing - now;

  if (timeout_ms == 0 || left <= 0)
    return 0;
  if (timeout_ms > 0)
    left = MIN (left, (gint64) timeout_ms * 1000);
  return left;
}

static gint
paced_poll (GPollFD *fds, guint nfds, gint timeout_ms)
{
  gint64 now = g_get_monotonic_time ();
  gint64 wait = spacing_left (nfds, timeout_ms, now);

  if (wait > 0)
    {
      g_usleep ((gulong) wait);
      if (timeout_ms > 0)
        timeout_ms = MAX (0, timeout_ms - (gint) ((wait + 999) / 1000));
      now += wait;
    }
  last_pass = now;
  return g_poll (fds, nfds, timeout_ms);
}

/* context (NULL: the default) polls at the pace above from now on. One
 * context in a process: a server's. */
void
arb_net_poller_pace (GMainContext *context)
{
  g_main_context_set_poll_func (context, paced_poll);
}
