/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-input.c: the input side of one connection to the server,
 * between the socket (or its TLS) and libsoup. libsoup bounds each
 * WebSocket frame but not a message assembled from continuation frames,
 * nor the HTTP request before the handshake: the budget bounds what one
 * connection may send between two messages, whatever the framing. It also
 * says when the connection last sent anything (a pong counts), which tells
 * a silent connection from a person who thinks. Closing it closes the
 * whole connection, so that its descriptor goes at once.
 *
 * Given a poller (arb-net-poller.c), a plain socket is watched there: its
 * sources are told by the poller when it has something to read, and are
 * none of GLib's poll records. */
#include "config.h"

#include "arb-net-input.h"
#include "arb-net-poller.h"

struct _ArbNetInput
{
  GFilterInputStream     parent_instance;

  GIOStream             *connection;
  gsize                  budget;  /* 0: none */
  gsize                  spent;
  gint64                 last_read;
  GMainContext          *context;  /* where it was made: closed_func runs there */
  GSource               *poller;   /* NULL: GLib polls the socket */
  int                    fd;       /* watched by the poller */
  gboolean               readable; /* as the poller last said: a read may not block */
  GSList                *sources;  /* of ReadySource, alive */
  ArbNetInputClosedFunc  closed_func;
  gpointer               closed_data;
  GDestroyNotify         closed_destroy;
};

typedef struct {
  ArbNetInputClosedFunc func;
  gpointer              data;
  GDestroyNotify        destroy;
} Closed;

typedef struct {
  GSource      source;
  ArbNetInput *input;
} ReadySource;

static void pollable_iface_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbNetInput, arb_net_input, G_TYPE_FILTER_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM, pollable_iface_init))

static GPollableInputStream *
base_of (gpointer stream)
{
  return G_POLLABLE_INPUT_STREAM (g_filter_input_stream_get_base_stream (stream));
}

static void
spend (ArbNetInput *self, gssize n_read)
{
  if (n_read <= 0)
    return;
  self->spent += (gsize) n_read;
  self->last_read = g_get_monotonic_time ();
}

static gboolean
over_budget (ArbNetInput *self, GError **error)
{
  if (self->budget == 0 || self->spent <= self->budget)
    return FALSE;
  /* libsoup closes the connection on it: nobody reads this. */
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, "too much without a message");
  return TRUE;
}

static gssize
read_fn (GInputStream *stream, void *buffer, gsize count, GCancellable *cancellable, GError **error)
{
  ArbNetInput *self = ARB_NET_INPUT (stream);
  gssize n;

  if (over_budget (self, error))
    return -1;
  n = g_input_stream_read (G_INPUT_STREAM (base_of (self)), buffer, count, cancellable, error);
  spend (self, n);
  return n;
}

static gssize
read_nonblocking (GPollableInputStream *stream, void *buffer, gsize count, GError **error)
{
  ArbNetInput *self = ARB_NET_INPUT (stream);
  GError *local_error = NULL;
  gssize n;

  if (over_budget (self, error))
    return -1;
  n = g_pollable_input_stream_read_nonblocking (base_of (self), buffer, count, NULL, &local_error);
  spend (self, n);
  /* Edge-triggered: the poller speaks again when more comes. */
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    self->readable = FALSE;
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  return n;
}

static gboolean
can_poll (GPollableInputStream *stream)
{
  return g_pollable_input_stream_can_poll (base_of (stream));
}

/* Over the budget it is readable: the next read says why it fails. */
static gboolean
is_readable (GPollableInputStream *stream)
{
  ArbNetInput *self = ARB_NET_INPUT (stream);

  if (self->budget != 0 && self->spent > self->budget)
    return TRUE;
  if (self->poller != NULL)
    return self->readable;
  return g_pollable_input_stream_is_readable (base_of (self));
}

static void
wake_sources (ArbNetInput *self)
{
  for (GSList *l = self->sources; l != NULL; l = l->next)
    g_source_set_ready_time (l->data, 0);
}

static void
on_readable (gpointer user_data)
{
  ArbNetInput *self = user_data;

  self->readable = TRUE;
  wake_sources (self);
}

/* As a GPollableSource: called while the stream may be read. */
static gboolean
ready_source_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  ReadySource *ready = (ReadySource *) source;
  GPollableSourceFunc func = (GPollableSourceFunc) (void (*) (void)) callback;
  gboolean again;

  g_source_set_ready_time (source, -1);
  if (func == NULL)
    return G_SOURCE_REMOVE;
  again = func (G_OBJECT (ready->input), user_data);
  if (again && is_readable (G_POLLABLE_INPUT_STREAM (ready->input)))
    g_source_set_ready_time (source, 0);
  return again;
}

static void
ready_source_finalize (GSource *source)
{
  ReadySource *ready = (ReadySource *) source;

  ready->input->sources = g_slist_remove (ready->input->sources, ready);
  g_clear_object (&ready->input);
}

/* For g_source_set_closure (), which GIO's asynchronous reads use. */
static gboolean
ready_source_closure_callback (GObject *stream, gpointer data)
{
  GValue param = G_VALUE_INIT;
  GValue result = G_VALUE_INIT;
  gboolean again;

  g_value_init (&result, G_TYPE_BOOLEAN);
  g_value_init (&param, G_TYPE_OBJECT);
  g_value_set_object (&param, stream);
  g_closure_invoke (data, &result, 1, &param, NULL);
  again = g_value_get_boolean (&result);
  g_value_unset (&result);
  g_value_unset (&param);
  return again;
}

static GSourceFuncs ready_source_funcs = {
  .dispatch = ready_source_dispatch,
  .finalize = ready_source_finalize,
  .closure_callback = (GSourceFunc) (void (*) (void)) ready_source_closure_callback,
};

static GSource *
ready_source_new (ArbNetInput *self, GCancellable *cancellable)
{
  ReadySource *ready = (ReadySource *) g_source_new (&ready_source_funcs, sizeof (ReadySource));

  g_source_set_static_name (&ready->source, "ArbNetInput");
  ready->input = g_object_ref (self);
  self->sources = g_slist_prepend (self->sources, ready);
  if (cancellable != NULL)
    {
      GSource *cancelled = g_cancellable_source_new (cancellable);

      g_source_set_dummy_callback (cancelled);
      g_source_add_child_source (&ready->source, cancelled);
      g_source_unref (cancelled);
    }
  if (is_readable (G_POLLABLE_INPUT_STREAM (self)))
    g_source_set_ready_time (&ready->source, 0);
  return &ready->source;
}

static GSource *
create_source (GPollableInputStream *stream, GCancellable *cancellable)
{
  GSource *base_source, *source;

  if (ARB_NET_INPUT (stream)->poller != NULL)
    return ready_source_new (ARB_NET_INPUT (stream), cancellable);
  if (is_readable (stream))
    base_source = g_timeout_source_new (0);
  else
    base_source = g_pollable_input_stream_create_source (base_of (stream), NULL);
  source = g_pollable_source_new_full (stream, base_source, cancellable);
  g_source_unref (base_source);
  return source;
}

static void
pollable_iface_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = can_poll;
  iface->is_readable = is_readable;
  iface->create_source = create_source;
  iface->read_nonblocking = read_nonblocking;
}

static gboolean
call_closed (gpointer data)
{
  Closed *closed = data;

  closed->func (closed->data);
  return G_SOURCE_REMOVE;
}

static void
closed_free (gpointer data)
{
  Closed *closed = data;

  if (closed->destroy != NULL)
    closed->destroy (closed->data);
  g_free (closed);
}

/* libsoup closes a stream asynchronously, which GIO does in a worker
 * thread: the news goes to the main context the input was made in. */
static void
tell_closed (ArbNetInput *self)
{
  Closed *closed;

  if (self->closed_func == NULL)
    return;
  closed = g_new0 (Closed, 1);
  closed->func = self->closed_func;
  closed->data = self->closed_data;
  closed->destroy = self->closed_destroy;
  self->closed_func = NULL;
  self->closed_data = NULL;
  self->closed_destroy = NULL;
  g_main_context_invoke_full (self->context, G_PRIORITY_DEFAULT, call_closed, closed, closed_free);
}

/* Before the socket closes (its number may then be another's): from now on
 * GLib polls it, and a read says that it closed. */
static void
stop_watching (ArbNetInput *self)
{
  if (self->poller == NULL)
    return;
  arb_net_poller_remove (self->poller, self->fd);
  g_clear_pointer (&self->poller, g_source_unref);
  wake_sources (self);
}

static gboolean
close_fn (GInputStream *stream, GCancellable *cancellable, GError **error)
{
  ArbNetInput *self = ARB_NET_INPUT (stream);
  gboolean closed;

  stop_watching (self);
  closed = g_io_stream_close (self->connection, cancellable, error);

  tell_closed (self);
  return closed;
}

/* GIO closes a stream asynchronously in a worker thread, where the socket
 * could not leave the poller (of the main context) before it closes. A
 * plain socket closes at once: here, then. */
static void
close_async (GInputStream *stream, int io_priority, GCancellable *cancellable,
             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  GError *error = NULL;

  if (ARB_NET_INPUT (stream)->poller == NULL)
    {
      G_INPUT_STREAM_CLASS (arb_net_input_parent_class)->close_async (stream, io_priority, cancellable,
                                                                       callback, user_data);
      return;
    }
  task = g_task_new (stream, cancellable, callback, user_data);
  if (close_fn (stream, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
arb_net_input_finalize (GObject *object)
{
  ArbNetInput *self = ARB_NET_INPUT (object);

  tell_closed (self);
  stop_watching (self);
  g_clear_object (&self->connection);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (arb_net_input_parent_class)->finalize (object);
}

static void
arb_net_input_class_init (ArbNetInputClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_net_input_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = read_fn;
  G_INPUT_STREAM_CLASS (klass)->close_fn = close_fn;
  G_INPUT_STREAM_CLASS (klass)->close_async = close_async;
}

static void
arb_net_input_init (ArbNetInput *self)
{
  self->last_read = g_get_monotonic_time ();
  self->context = g_main_context_ref_thread_default ();
}

static void
watch_socket (ArbNetInput *self, GSource *poller)
{
  GSocket *socket;

  /* TLS may hold bytes already read from the socket: GLib polls it. */
  if (poller == NULL || !G_IS_SOCKET_CONNECTION (self->connection))
    return;
  socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (self->connection));
  self->fd = g_socket_get_fd (socket);
  if (!arb_net_poller_add (poller, self->fd, on_readable, self))
    return;
  self->poller = g_source_ref (poller);
  self->readable = TRUE;
}

/* connection as libsoup is to read it: its input counted against budget
 * (0 for none), its output as it is, a plain socket watched by poller
 * (NULL: none). *input is the counted side (owned by the stream
 * returned). */
GIOStream *
arb_net_input_wrap (GIOStream *connection, gsize budget, GSource *poller, ArbNetInput **input)
{
  ArbNetInput *self;
  GIOStream *stream;

  g_return_val_if_fail (G_IS_IO_STREAM (connection), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (connection)), NULL);
  self = g_object_new (ARB_TYPE_NET_INPUT, "base-stream", g_io_stream_get_input_stream (connection), NULL);
  self->connection = g_object_ref (connection);
  self->budget = budget;
  watch_socket (self, poller);
  stream = g_simple_io_stream_new (G_INPUT_STREAM (self), g_io_stream_get_output_stream (connection));
  g_object_unref (self);
  if (input != NULL)
    *input = self;
  return stream;
}

/* The bytes the connection may send from now until the next
 * arb_net_input_spend_nothing (0: no limit). */
void
arb_net_input_set_budget (ArbNetInput *self, gsize budget)
{
  g_return_if_fail (ARB_IS_NET_INPUT (self));
  self->budget = budget;
  self->spent = 0;
}

/* A whole message arrived: the budget starts again. */
void
arb_net_input_spend_nothing (ArbNetInput *self)
{
  g_return_if_fail (ARB_IS_NET_INPUT (self));
  self->spent = 0;
}

/* When the connection last sent a byte (g_get_monotonic_time), or when it
 * was opened. */
gint64
arb_net_input_get_last_read (ArbNetInput *self)
{
  g_return_val_if_fail (ARB_IS_NET_INPUT (self), 0);
  return self->last_read;
}

/* func is called once, in the main context this input was made in, after
 * the connection closes or this goes; destroy frees user_data then, or
 * when another func replaces it (NULL: none). */
void
arb_net_input_on_closed (ArbNetInput *self, ArbNetInputClosedFunc func, gpointer user_data,
                         GDestroyNotify destroy)
{
  g_return_if_fail (ARB_IS_NET_INPUT (self));
  if (self->closed_destroy != NULL)
    self->closed_destroy (self->closed_data);
  self->closed_func = func;
  self->closed_data = user_data;
  self->closed_destroy = destroy;
}

/* Closes the socket under whatever reads it, which then sees the end. */
void
arb_net_input_close_connection (ArbNetInput *self)
{
  g_return_if_fail (ARB_IS_NET_INPUT (self));
  stop_watching (self);
  g_io_stream_close (self->connection, NULL, NULL);
  tell_closed (self);
}
