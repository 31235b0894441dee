/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-client.c: a client of network play. It knows of the game only
 * the projections the server sends for its seat, checked by the engine
 * as they arrive; a computer level, when set, plays the seat from them
 * exactly as `arboretum-cli play` would from the same seed. */
#include "config.h"

#include <libsoup/soup.h>
#include <glib/gi18n-lib.h>

#include "arb-net-client.h"
#include "arb-net-protocol.h"

struct _ArbNetClient
{
  GObject                  parent_instance;

  char                    *uri;
  SoupSession             *session;
  GTlsDatabase            *tls_database;  /* NULL: the system's */
  SoupWebsocketConnection *ws;
  GCancellable            *cancellable;
  GPtrArray               *pending;   /* sent once connected */
  GPtrArray               *received;  /* when recording */
  gboolean                 closed;
  char                    *table;
  char                    *code;
  char                    *token;
  int                      seat;
  guint                    step;
  gboolean                 started;
  ArbProjection           *view;
  gboolean                 has_view;
  gboolean                 use_ai;
  ArbAiLevel               level;
  guint32                  ai_seed;
  int                      deciding;  /* the step a decision is for, or -1 */
  guint                    n_errors;
  char                    *last_error;
};

G_DEFINE_FINAL_TYPE (ArbNetClient, arb_net_client, G_TYPE_OBJECT)

enum {
  CHANGED,
  ERROR,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

ArbNetClient *
arb_net_client_new (const char *uri)
{
  ArbNetClient *self = g_object_new (ARB_TYPE_NET_CLIENT, NULL);

  self->uri = g_strdup (uri);
  return self;
}

static void
on_error_reply (ArbNetClient *self, const char *code, const char *message)
{
  self->n_errors++;
  g_free (self->last_error);
  self->last_error = g_strdup (code);
  g_signal_emit (self, signals[ERROR], 0, code, message);
}

static void
on_closed (SoupWebsocketConnection *ws, gpointer user_data)
{
  ArbNetClient *self = user_data;

  self->closed = TRUE;
  g_signal_emit (self, signals[CLOSED], 0);
}

static void
on_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ArbNetClient) self = user_data;
  g_autoptr (GError) error = NULL;
  ArbMove move;

  if (!arb_ai_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        on_error_reply (self, "ai", error->message);
      return;
    }
  if (self->deciding != (int) self->step)
    return;
  arb_net_client_move (self, &move);
}

/* The seat's turn, and a computer plays it: it decides once a step. */
static void
maybe_decide (ArbNetClient *self)
{
  const ArbState *s = &self->view->state;
  ArbAiParams params;

  if (!self->use_ai || !self->started || self->seat < 0 || s->phase == ARB_PHASE_OVER
      || s->current != self->seat || self->deciding == (int) self->step)
    return;
  self->deciding = (int) self->step;
  arb_ai_params_init (&params, self->level,
                      arb_ai_decision_seed (self->ai_seed, 0, self->step, (guint) self->seat));
  arb_ai_choose_async (self->view, &params, self->cancellable, on_chosen, g_object_ref (self));
}

static void
replace (char **field, const char *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

static void
read_state (ArbNetClient *self, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  gint64 step;

  if (!arb_net_get_int (message, "step", 0, G_MAXUINT16, &step, &error)
      || !arb_net_read_projection (message, self->view, &error))
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  self->step = (guint) step;
  self->has_view = TRUE;
  self->started = json_object_get_boolean_member_with_default (message, "started", FALSE);
  g_signal_emit (self, signals[CHANGED], 0);
  maybe_decide (self);
}

static void
read_message (ArbNetClient *self, const char *data, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  const char *type;

  if (self->received != NULL)
    g_ptr_array_add (self->received, g_strndup (data, length));
  if ((message = arb_net_parse (data, length, &type, &error)) == NULL)
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  if (g_str_equal (type, "state"))
    read_state (self, message);
  else if (g_str_equal (type, "error"))
    on_error_reply (self, json_object_get_string_member_with_default (message, "code", "?"),
                    json_object_get_string_member_with_default (message, "message", ""));
  else if (g_str_equal (type, "created") || g_str_equal (type, "joined"))
    {
      if (json_object_has_member (message, "code"))
        replace (&self->code, json_object_get_string_member_with_default (message, "code", NULL));
      if (json_object_has_member (message, "token"))
        replace (&self->token, json_object_get_string_member_with_default (message, "token", NULL));
      replace (&self->table, json_object_get_string_member_with_default (message, "table", NULL));
      self->seat = (int) json_object_get_int_member_with_default (message, "seat", self->seat);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

static void
on_message (SoupWebsocketConnection *ws, int type, GBytes *bytes, gpointer user_data)
{
  ArbNetClient *self = user_data;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  if (type == SOUP_WEBSOCKET_DATA_TEXT)
    read_message (self, data != NULL ? data : "", length);
}

static void
on_connected (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ArbNetClient) self = user_data;
  g_autoptr (GError) error = NULL;
  SoupWebsocketConnection *ws;

  ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (ws == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      on_error_reply (self, "connect", error->message);
      self->closed = TRUE;
      g_signal_emit (self, signals[CLOSED], 0);
      return;
    }
  self->ws = ws;
  soup_websocket_connection_set_max_incoming_payload_size (ws, ARB_NET_MAX_MESSAGE);
  g_signal_connect_object (ws, "message", G_CALLBACK (on_message), self, 0);
  g_signal_connect_object (ws, "closed", G_CALLBACK (on_closed), self, 0);
  for (guint i = 0; i < self->pending->len; i++)
    soup_websocket_connection_send_text (ws, g_ptr_array_index (self->pending, i));
  g_ptr_array_set_size (self->pending, 0);
}

/* Connects, says hello, then sends what was asked before. */
void
arb_net_client_open (ArbNetClient *self)
{
  g_autoptr (SoupMessage) msg = NULL;
  g_autoptr (JsonBuilder) hello = arb_net_message_begin ("hello");
  g_autofree char *text = NULL;
  char *protocols[] = { (char *) ARB_NET_SUBPROTOCOL, NULL };

  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  g_return_if_fail (self->ws == NULL);
  json_builder_set_member_name (hello, "protocol");
  json_builder_add_int_value (hello, ARB_NET_PROTOCOL_VERSION);
  text = arb_net_to_text (hello);
  g_ptr_array_insert (self->pending, 0, g_steal_pointer (&text));
  self->closed = FALSE;
  msg = soup_message_new ("GET", self->uri);
  if (msg == NULL)
    {
      on_error_reply (self, "connect", _("Not an address of a server"));
      self->closed = TRUE;
      g_signal_emit (self, signals[CLOSED], 0);
      return;
    }
  if (self->session == NULL)
    self->session = soup_session_new ();
  if (self->tls_database != NULL)
    soup_session_set_tls_database (self->session, self->tls_database);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  soup_session_websocket_connect_async (self->session, msg, NULL, protocols, G_PRIORITY_DEFAULT,
                                        self->cancellable, on_connected, g_object_ref (self));
}

/* Drops the connection; arb_net_client_open() and a rejoin take the seat again. */
void
arb_net_client_close (ArbNetClient *self)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  g_cancellable_cancel (self->cancellable);
  self->deciding = -1;
  if (self->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ws, self);
      if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
      g_clear_object (&self->ws);
    }
  g_ptr_array_set_size (self->pending, 0);
  self->closed = TRUE;
}

/* Any text, for tests of the server's refusals. */
void
arb_net_client_send (ArbNetClient *self, const char *text)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  if (self->ws != NULL && soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (self->ws, text);
  else if (self->ws == NULL)
    g_ptr_array_add (self->pending, g_strdup (text));
}

static void
send_message (ArbNetClient *self, JsonBuilder *builder)
{
  g_autofree char *text = arb_net_to_text (builder);

  arb_net_client_send (self, text);
}

/* seats: "person" or a computer level for each seat, NULL for all persons;
 * seed < 0 for a deal nobody knows. */
void
arb_net_client_create (ArbNetClient *self, ArbVariant variant, guint n_seats,
                       const char * const *seats, gint64 seed)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("create");

  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  json_builder_set_member_name (builder, "variant");
  json_builder_add_string_value (builder, arb_variant_id (variant));
  json_builder_set_member_name (builder, "players");
  json_builder_add_int_value (builder, n_seats);
  if (seats != NULL)
    {
      json_builder_set_member_name (builder, "seats");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n_seats; i++)
        json_builder_add_string_value (builder, seats[i]);
      json_builder_end_array (builder);
    }
  if (seed >= 0)
    {
      json_builder_set_member_name (builder, "seed");
      json_builder_add_int_value (builder, seed);
    }
  send_message (self, builder);
}

static void
send_with (ArbNetClient *self, const char *type, const char *member, const char *value)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin (type);

  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, value);
  send_message (self, builder);
}

void
arb_net_client_join (ArbNetClient *self, const char *code)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  send_with (self, "join", "code", code);
}

void
arb_net_client_watch (ArbNetClient *self, const char *code)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  send_with (self, "watch", "code", code);
}

void
arb_net_client_rejoin (ArbNetClient *self, const char *token)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  send_with (self, "rejoin", "token", token);
}

/* A move for the step the client last saw. */
void
arb_net_client_move (ArbNetClient *self, const ArbMove *move)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("move");

  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  json_builder_set_member_name (builder, "step");
  json_builder_add_int_value (builder, self->step);
  arb_net_add_move (builder, move);
  send_message (self, builder);
}

/* The seat is played by a computer of level; seed is that of
 * `arboretum-cli play --seed`, for the same decisions. */
void
arb_net_client_set_ai (ArbNetClient *self, ArbAiLevel level, guint32 seed)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  self->use_ai = TRUE;
  self->level = level;
  self->ai_seed = seed;
  if (self->has_view)
    maybe_decide (self);
}

/* The certificates trusted for wss:// instead of the system's: a server's
 * own certificate, for a server without one from an authority. */
void
arb_net_client_set_tls_database (ArbNetClient *self, GTlsDatabase *database)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  g_set_object (&self->tls_database, database);
}

/* Keeps every message received, as text: for the tests. */
void
arb_net_client_set_record (ArbNetClient *self, gboolean record)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  if (record && self->received == NULL)
    self->received = g_ptr_array_new_with_free_func (g_free);
}

GPtrArray *
arb_net_client_get_received (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->received;
}

gboolean
arb_net_client_get_connected (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), FALSE);
  return self->ws != NULL && soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN;
}

gboolean
arb_net_client_get_closed (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), TRUE);
  return self->closed;
}

const char *
arb_net_client_get_code (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->code;
}

const char *
arb_net_client_get_table (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->table;
}

const char *
arb_net_client_get_token (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->token;
}

int
arb_net_client_get_seat (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), -1);
  return self->seat;
}

/* Whether every seat has been taken: moves are refused before. */
gboolean
arb_net_client_get_started (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), FALSE);
  return self->started;
}

guint
arb_net_client_get_step (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), 0);
  return self->step;
}

/* NULL before the first state. */
const ArbProjection *
arb_net_client_get_view (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->has_view ? self->view : NULL;
}

gboolean
arb_net_client_get_finished (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), FALSE);
  return self->has_view && self->view->state.phase == ARB_PHASE_OVER;
}

guint
arb_net_client_get_n_errors (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), 0);
  return self->n_errors;
}

/* The code of the last refusal ("illegal", "bad-code"...), NULL for none. */
const char *
arb_net_client_get_last_error (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->last_error;
}

static void
arb_net_client_dispose (GObject *object)
{
  ArbNetClient *self = ARB_NET_CLIENT (object);

  if (!self->closed || self->ws != NULL)
    arb_net_client_close (self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->session);
  g_clear_object (&self->tls_database);
  G_OBJECT_CLASS (arb_net_client_parent_class)->dispose (object);
}

static void
arb_net_client_finalize (GObject *object)
{
  ArbNetClient *self = ARB_NET_CLIENT (object);

  g_free (self->uri);
  g_free (self->table);
  g_free (self->code);
  g_free (self->token);
  g_free (self->last_error);
  g_free (self->view);
  g_ptr_array_unref (self->pending);
  g_clear_pointer (&self->received, g_ptr_array_unref);
  G_OBJECT_CLASS (arb_net_client_parent_class)->finalize (object);
}

static void
arb_net_client_class_init (ArbNetClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_net_client_dispose;
  object_class->finalize = arb_net_client_finalize;

  /* Something arrived: a table, a seat, a state. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (code, message): a refusal from the server, or a failure here. */
  signals[ERROR] = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_net_client_init (ArbNetClient *self)
{
  self->pending = g_ptr_array_new_with_free_func (g_free);
  self->view = g_new0 (ArbProjection, 1);
  self->seat = -1;
  self->deciding = -1;
}
