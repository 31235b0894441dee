/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-listener.c: the server's listening sockets. libsoup's own
 * listener stops for good at the first failed accept (out of descriptors),
 * takes every connection and gives a handshake all the time it wants. This
 * one accepts them itself: it refuses connections past a limit per address
 * and in all, pauses a moment when the process is out of descriptors and
 * then goes on, closes a connection whose handshake is not done in a few
 * seconds, and bounds what it may send meanwhile; then it hands the
 * connection to libsoup (soup_server_accept_iostream). */
#include "config.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>

#include "arb-net-address.h"
#include "arb-net-listener.h"
#include "arb-net-poller.h"

/* Connections waiting to be accepted: the kernel's default for GSocket,
 * 10, drops a crowd arriving at once. */
#define LISTEN_BACKLOG 512
/* Bytes of the HTTP request before the upgrade; a browser sends 2 KB. */
#define HANDSHAKE_BYTES (16 * 1024)
/* Out of descriptors (or any other failed accept): the listener waits this
 * long, while connections close, and tries again. */
#define ACCEPT_PAUSE_MS 100
/* Connections accepted at one wake, so that a crowd does not starve the games. */
#define ACCEPTS_AT_ONCE 64

typedef struct {
  ArbNetListener  *listener;
  GSocket         *socket;
  GTlsCertificate *certificate;
  GSource         *source;
  guint            pause_source;
} Listening;

typedef struct {
  ArbNetListener *listener;
  char           *address;
  GSocketAddress *remote;   /* the very object libsoup was given: the key */
  ArbNetInput    *input;    /* owned by the stream libsoup holds */
  guint           handshake_source;
} Accepted;

struct _ArbNetListener
{
  GObject     parent_instance;

  SoupServer *soup;          /* weak: the server owns both */
  GPtrArray  *listening;     /* of Listening */
  GHashTable *accepted;      /* remote GSocketAddress -> Accepted */
  GHashTable *per_address;   /* address key -> number of connections */
  GSource    *poller;        /* watches the sockets accepted; NULL: GLib does */
  guint       max_connections;
  guint       max_per_address;
  guint       handshake_timeout;
};

enum {
  PROP_0,
  PROP_MAX_CONNECTIONS,
  PROP_ARB_NET_MAX_CONNECTIONS_PER_ADDRESS,
  PROP_HANDSHAKE_TIMEOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ArbNetListener, arb_net_listener, G_TYPE_OBJECT)

static void
accepted_free (gpointer data)
{
  Accepted *a = data;

  g_clear_handle_id (&a->handshake_source, g_source_remove);
  arb_net_address_add (a->listener->per_address, a->address, -1);
  g_object_unref (a->remote);
  g_free (a->address);
  g_free (a);
}

/* Who to tell that a connection closed: the listener, if it is still there. */
typedef struct {
  GWeakRef        listener;
  GSocketAddress *remote;
} Closing;

static void
closing_free (gpointer data)
{
  Closing *closing = data;

  g_weak_ref_clear (&closing->listener);
  g_object_unref (closing->remote);
  g_free (closing);
}

/* The connection's socket is closed, or its streams are gone. */
static void
on_input_closed (gpointer data)
{
  Closing *closing = data;
  g_autoptr (ArbNetListener) self = g_weak_ref_get (&closing->listener);

  if (self != NULL)
    g_hash_table_remove (self->accepted, closing->remote);
}

static gboolean
on_handshake_timeout (gpointer data)
{
  Accepted *a = data;

  a->handshake_source = 0;
  arb_net_input_close_connection (a->input);
  return G_SOURCE_REMOVE;
}

static gboolean
has_room (ArbNetListener *self, const char *address)
{
  return g_hash_table_size (self->accepted) < self->max_connections
         && arb_net_address_count (self->per_address, address) < self->max_per_address;
}

/* TLS first when the listener has a certificate; the handshake happens as
 * libsoup reads. */
static GIOStream *
connection_of (GSocket *socket, GTlsCertificate *certificate)
{
  g_autoptr (GSocketConnection) plain = g_socket_connection_factory_create_connection (socket);
  GIOStream *tls;

  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, TRUE, NULL);
  if (certificate == NULL)
    return G_IO_STREAM (g_steal_pointer (&plain));
  tls = g_tls_server_connection_new (G_IO_STREAM (plain), certificate, NULL);
  if (tls != NULL)
    g_object_set (tls, "require-close-notify", FALSE, NULL);
  return tls;
}

static void
admit (ArbNetListener *self, GSocket *socket, GTlsCertificate *certificate)
{
  g_autoptr (GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  g_autoptr (GSocketAddress) local = g_socket_get_local_address (socket, NULL);
  g_autoptr (GIOStream) connection = NULL;
  g_autoptr (GIOStream) stream = NULL;
  g_autofree char *address = NULL;
  Closing *closing;
  Accepted *a;

  if (!G_IS_INET_SOCKET_ADDRESS (remote) || local == NULL)
    return;
  address = arb_net_address_key (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  /* Closed at once, before a byte is read: the address is over its share. */
  if (!has_room (self, address) || (connection = connection_of (socket, certificate)) == NULL)
    return;
  a = g_new0 (Accepted, 1);
  a->listener = self;
  a->address = g_steal_pointer (&address);
  a->remote = g_object_ref (remote);
  stream = arb_net_input_wrap (connection, HANDSHAKE_BYTES, self->poller, &a->input);
  closing = g_new0 (Closing, 1);
  g_weak_ref_init (&closing->listener, self);
  closing->remote = g_object_ref (remote);
  arb_net_input_on_closed (a->input, on_input_closed, closing, closing_free);
  a->handshake_source = g_timeout_add_seconds (self->handshake_timeout, on_handshake_timeout, a);
  g_hash_table_insert (self->accepted, a->remote, a);
  arb_net_address_add (self->per_address, a->address, +1);
  soup_server_accept_iostream (self->soup, stream, local, remote, NULL);
}

static void watch_socket (Listening *l);

static gboolean
on_pause_over (gpointer data)
{
  Listening *l = data;

  l->pause_source = 0;
  watch_socket (l);
  return G_SOURCE_REMOVE;
}

static gboolean
on_incoming (GSocket *socket, GIOCondition condition, gpointer data)
{
  Listening *l = data;

  for (guint i = 0; i < ACCEPTS_AT_ONCE; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GSocket) client = g_socket_accept (socket, NULL, &error);

      if (client != NULL)
        {
          admit (l->listener, client, l->certificate);
          continue;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return G_SOURCE_CONTINUE;
      /* EMFILE above all: the connection waits in the backlog while others
       * close; watching again at once would spin. */
      g_clear_pointer (&l->source, g_source_unref);
      l->pause_source = g_timeout_add (ACCEPT_PAUSE_MS, on_pause_over, l);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
watch_socket (Listening *l)
{
  l->source = g_socket_create_source (l->socket, G_IO_IN, NULL);
  g_source_set_callback (l->source, (GSourceFunc) (void (*) (void)) on_incoming, l, NULL);
  g_source_attach (l->source, NULL);
}

static void
listening_free (gpointer data)
{
  Listening *l = data;

  if (l->source != NULL)
    g_source_destroy (l->source);
  g_clear_pointer (&l->source, g_source_unref);
  g_clear_handle_id (&l->pause_source, g_source_remove);
  g_socket_close (l->socket, NULL);
  g_object_unref (l->socket);
  g_clear_object (&l->certificate);
  g_free (l);
}

/* Listens on address (port 0: any free port), with TLS when certificate
 * is given. */
gboolean
arb_net_listener_listen (ArbNetListener *self, GSocketAddress *address, GTlsCertificate *certificate,
                         GError **error)
{
  g_autoptr (GSocket) socket = NULL;
  Listening *l;

  g_return_val_if_fail (ARB_IS_NET_LISTENER (self), FALSE);
  socket = g_socket_new (g_socket_address_get_family (address), G_SOCKET_TYPE_STREAM,
                         G_SOCKET_PROTOCOL_TCP, error);
  if (socket == NULL)
    return FALSE;
  g_socket_set_blocking (socket, FALSE);
  g_socket_set_listen_backlog (socket, LISTEN_BACKLOG);
  if (!g_socket_bind (socket, address, TRUE, error) || !g_socket_listen (socket, error))
    return FALSE;
  l = g_new0 (Listening, 1);
  l->listener = self;
  l->socket = g_steal_pointer (&socket);
  l->certificate = certificate != NULL ? g_object_ref (certificate) : NULL;
  watch_socket (l);
  g_ptr_array_add (self->listening, l);
  return TRUE;
}

/* Where clients connect: ws://HOST:PORT/path (wss with TLS), after the
 * first address listened on. */
char *
arb_net_listener_dup_uri (ArbNetListener *self, const char *path)
{
  g_autoptr (GSocketAddress) local = NULL;
  g_autofree char *host = NULL;
  Listening *l;
  GInetSocketAddress *inet;

  g_return_val_if_fail (ARB_IS_NET_LISTENER (self), NULL);
  if (self->listening->len == 0)
    return NULL;
  l = g_ptr_array_index (self->listening, 0);
  if ((local = g_socket_get_local_address (l->socket, NULL)) == NULL)
    return NULL;
  inet = G_INET_SOCKET_ADDRESS (local);
  host = g_inet_address_to_string (g_inet_socket_address_get_address (inet));
  return g_strdup_printf (strchr (host, ':') != NULL ? "%s://[%s]:%u%s" : "%s://%s:%u%s",
                          l->certificate != NULL ? "wss" : "ws", host,
                          g_inet_socket_address_get_port (inet), path);
}

/* The connection libsoup knows by remote is a WebSocket now: its handshake
 * is done. Returns its input (NULL for a connection this listener did not
 * accept) and sets *address to the address it is counted by. */
ArbNetInput *
arb_net_listener_upgraded (ArbNetListener *self, GSocketAddress *remote, const char **address)
{
  Accepted *a;

  g_return_val_if_fail (ARB_IS_NET_LISTENER (self), NULL);
  if ((a = g_hash_table_lookup (self->accepted, remote)) == NULL)
    return NULL;
  g_clear_handle_id (&a->handshake_source, g_source_remove);
  *address = a->address;
  return a->input;
}

/* Connections open now, handshakes included. */
guint
arb_net_listener_get_n_connections (ArbNetListener *self)
{
  g_return_val_if_fail (ARB_IS_NET_LISTENER (self), 0);
  return g_hash_table_size (self->accepted);
}

/* Stops listening; connections still in their handshake are closed, and
 * the others are forgotten (their owners close them). */
void
arb_net_listener_close (ArbNetListener *self)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (ARB_IS_NET_LISTENER (self));
  g_ptr_array_set_size (self->listening, 0);
  g_hash_table_iter_init (&iter, self->accepted);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Accepted *a = value;

      arb_net_input_on_closed (a->input, NULL, NULL, NULL);
      if (a->handshake_source != 0)
        arb_net_input_close_connection (a->input);
      g_hash_table_iter_remove (&iter);
    }
}

/* The connections a process may hold: its descriptors, less a reserve. */
static guint
default_max_connections (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
    return ARB_NET_MAX_CONNECTIONS;
  if (limit.rlim_cur <= 2 * ARB_NET_RESERVED_DESCRIPTORS)
    return (guint) limit.rlim_cur / 2;
  return (guint) MIN (limit.rlim_cur - ARB_NET_RESERVED_DESCRIPTORS, G_MAXUINT);
}

static void
arb_net_listener_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbNetListener *self = ARB_NET_LISTENER (object);

  switch (prop_id)
    {
    case PROP_MAX_CONNECTIONS:
      g_value_set_uint (value, self->max_connections);
      break;
    case PROP_ARB_NET_MAX_CONNECTIONS_PER_ADDRESS:
      g_value_set_uint (value, self->max_per_address);
      break;
    case PROP_HANDSHAKE_TIMEOUT:
      g_value_set_uint (value, self->handshake_timeout);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_net_listener_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbNetListener *self = ARB_NET_LISTENER (object);

  switch (prop_id)
    {
    case PROP_MAX_CONNECTIONS:
      self->max_connections = g_value_get_uint (value);
      break;
    case PROP_ARB_NET_MAX_CONNECTIONS_PER_ADDRESS:
      self->max_per_address = g_value_get_uint (value);
      break;
    case PROP_HANDSHAKE_TIMEOUT:
      self->handshake_timeout = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_net_listener_dispose (GObject *object)
{
  ArbNetListener *self = ARB_NET_LISTENER (object);

  if (self->accepted != NULL)
    arb_net_listener_close (self);
  g_clear_pointer (&self->accepted, g_hash_table_unref);
  g_clear_pointer (&self->listening, g_ptr_array_unref);
  G_OBJECT_CLASS (arb_net_listener_parent_class)->dispose (object);
}

static void
arb_net_listener_finalize (GObject *object)
{
  ArbNetListener *self = ARB_NET_LISTENER (object);

  g_hash_table_unref (self->per_address);
  arb_net_poller_release (self->poller);
  G_OBJECT_CLASS (arb_net_listener_parent_class)->finalize (object);
}

static void
arb_net_listener_class_init (ArbNetListenerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = arb_net_listener_get_property;
  object_class->set_property = arb_net_listener_set_property;
  object_class->dispose = arb_net_listener_dispose;
  object_class->finalize = arb_net_listener_finalize;
  properties[PROP_MAX_CONNECTIONS] =
    g_param_spec_uint ("max-connections", NULL, NULL, 1, G_MAXUINT, ARB_NET_MAX_CONNECTIONS,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ARB_NET_MAX_CONNECTIONS_PER_ADDRESS] =
    g_param_spec_uint ("max-connections-per-address", NULL, NULL, 1, G_MAXUINT, ARB_NET_MAX_CONNECTIONS_PER_ADDRESS,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_HANDSHAKE_TIMEOUT] =
    g_param_spec_uint ("handshake-timeout", NULL, NULL, 1, 3600, ARB_NET_HANDSHAKE_TIMEOUT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_net_listener_init (ArbNetListener *self)
{
  self->listening = g_ptr_array_new_with_free_func (listening_free);
  self->accepted = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, accepted_free);
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->max_connections = default_max_connections ();
  self->max_per_address = ARB_NET_MAX_CONNECTIONS_PER_ADDRESS;
  self->handshake_timeout = ARB_NET_HANDSHAKE_TIMEOUT;
  self->poller = arb_net_poller_new ();
}

/* A listener handing its connections to soup (which must outlive it). */
ArbNetListener *
arb_net_listener_new (SoupServer *soup)
{
  ArbNetListener *self = g_object_new (ARB_TYPE_NET_LISTENER, NULL);

  self->soup = soup;
  return self;
}
