/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-client.c: a client of network play. It knows of the game only
 * the projections the server sends for its seat, checked by the engine
 * as they arrive; a computer level, when set, plays the seat from them
 * exactly as `arboretum-cli play` would from the same seed. A server may
 * be hostile too: every field it sends is checked, and a message that
 * fails changes nothing here. */
#include "config.h"

#include <string.h>
#include <libsoup/soup.h>
#include <glib/gi18n-lib.h>

#include "arb-computer-seat.h"
#include "arb-save.h"
#include "arb-seat-driver.h"
#include "arb-net-client.h"
#include "arb-net-protocol.h"

/* The seats as the last state told them. */
typedef struct {
  guint     n;
  char     *names[ARB_MAX_PLAYERS];
  char     *kinds[ARB_MAX_PLAYERS];  /* "person" or a level id */
  gboolean  connected[ARB_MAX_PLAYERS];
  int       away[ARB_MAX_PLAYERS];   /* seconds, -1 when not away */
} Seats;

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
  ArbComputerSeat         *computer;  /* plays the seat, or NULL */
  ArbSeatDriver           *driver;    /* asks it for its moves */
  int                      deciding;  /* the step a decision is for, or -1 */
  guint                    n_errors;
  char                    *last_error;
  char                    *name;      /* sent with a join */
  gboolean                 is_host;
  ArbProjection           *start_view;
  gboolean                 has_start;
  GArray                  *history;   /* ArbStep, as this seat saw them */
  ArbStep                  last;
  gboolean                 has_last;
  Seats                    seats;
  guint                    replace_after;
  char                     *record;
};

G_DEFINE_FINAL_TYPE (ArbNetClient, arb_net_client, G_TYPE_OBJECT)

enum {
  CHANGED,
  ERROR,
  CLOSED,
  HISTORY,
  RECORD,
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
on_chosen (ArbSeatDriver *driver, guint seat, guint step, const ArbMove *move, ArbNetClient *self)
{
  if (self->deciding == (int) step && step == self->step)
    arb_net_client_move (self, move);
}

static void
on_failed (ArbSeatDriver *driver, guint seat, const char *message, ArbNetClient *self)
{
  on_error_reply (self, "ai", message);
}

/* The seat's turn, and a computer plays it: it is asked once a step. */
static void
maybe_decide (ArbNetClient *self)
{
  const ArbState *s = &self->view->state;

  if (self->computer == NULL || !self->started || self->seat < 0 || s->phase == ARB_PHASE_OVER
      || s->current != self->seat || self->deciding == (int) self->step)
    return;
  arb_seat_driver_set_seat (self->driver, (guint) self->seat, ARB_SEAT (self->computer));
  if (arb_seat_driver_ask (self->driver, self->view, self->step))
    self->deciding = (int) self->step;
}

static void
replace (char **field, const char *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

static void
seats_clear (Seats *seats)
{
  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    {
      g_clear_pointer (&seats->names[i], g_free);
      g_clear_pointer (&seats->kinds[i], g_free);
    }
  seats->n = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Seats, seats_clear)

static gboolean
protocol_error (GError **error, const char *what)
{
  g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL, _("Not a message of the game: %s"), what);
  return FALSE;
}

static gboolean
read_one_seat (JsonNode *node, Seats *seats, guint i, GError **error)
{
  JsonObject *seat;
  const char *name, *kind;
  ArbAiLevel level;
  gint64 away = -1;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return protocol_error (error, "seats");
  seat = json_node_get_object (node);
  if ((name = arb_net_get_string (seat, "name", 4 * ARB_NET_MAX_NAME + 64, error)) == NULL
      || (kind = arb_net_get_string (seat, "kind", 16, error)) == NULL
      || !arb_net_get_boolean (seat, "connected", &seats->connected[i], error)
      || (json_object_has_member (seat, "away")
          && !arb_net_get_int (seat, "away", 0, G_MAXINT32, &away, error)))
    return FALSE;
  if (!g_str_equal (kind, "person") && !arb_ai_level_from_id (kind, &level))
    return protocol_error (error, "kind");
  if ((seats->names[i] = arb_net_name_normalize (name, error)) == NULL)
    return FALSE;
  seats->kinds[i] = g_strdup (kind);
  seats->away[i] = (int) away;
  return TRUE;
}

/* The seats of a state: at most one for each player of the view (solo's
 * Q has none). */
static gboolean
read_seats (JsonObject *message, guint n_players, Seats *seats, GError **error)
{
  JsonNode *node = json_object_get_member (message, "seats");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) < 1
      || json_array_get_length (array) > n_players)
    return protocol_error (error, "seats");
  seats->n = json_array_get_length (array);
  for (guint i = 0; i < seats->n; i++)
    if (!read_one_seat (json_array_get_element (array, i), seats, i, error))
      return FALSE;
  return TRUE;
}

/* "last", when the state has one: a step by a player of the view. */
static gboolean
read_last (JsonObject *message, guint n_players, ArbStep *last, gboolean *has_last, GError **error)
{
  JsonNode *node = json_object_get_member (message, "last");

  *has_last = node != NULL;
  if (node == NULL)
    return TRUE;
  if (!arb_net_read_step (node, last, error))
    return FALSE;
  return last->player < n_players ? TRUE : protocol_error (error, "last");
}

static void
read_state (ArbNetClient *self, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  g_autofree ArbProjection *view = g_new0 (ArbProjection, 1);
  g_auto (Seats) seats = { 0 };
  gint64 step, replace_after = ARB_NET_REPLACE_AFTER;
  gboolean started, has_last;
  ArbStep last;

  if (!arb_net_get_int (message, "step", 0, G_MAXUINT16, &step, &error)
      || !arb_net_get_boolean (message, "started", &started, &error)
      || (json_object_has_member (message, "replace-after")
          && !arb_net_get_int (message, "replace-after", 0, G_MAXINT32, &replace_after, &error))
      || !arb_net_read_projection (message, view, &error)
      || !read_seats (message, view->state.n_players, &seats, &error)
      || !read_last (message, view->state.n_players, &last, &has_last, &error))
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  self->step = (guint) step;
  memcpy (self->view, view, sizeof *view);
  self->has_view = TRUE;
  self->started = started;
  self->replace_after = (guint) replace_after;
  self->last = last;
  self->has_last = has_last;
  seats_clear (&self->seats);
  self->seats = seats;
  memset (&seats, 0, sizeof seats);
  g_signal_emit (self, signals[CHANGED], 0);
  maybe_decide (self);
}

/* "history": the start as this seat saw it, and every step so far. */
static void
read_history (ArbNetClient *self, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  g_autofree ArbProjection *start = g_new0 (ArbProjection, 1);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  JsonNode *node;
  JsonArray *array;

  if (!arb_net_read_view (json_object_get_member (message, "start"), start, &error))
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  node = json_object_get_member (message, "steps");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) > 4 * ARB_N_CARDS)
    {
      on_error_reply (self, "protocol", _("Not a message of the game: steps"));
      return;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      ArbStep step;

      if (!arb_net_read_step (json_array_get_element (array, i), &step, &error)
          || (step.player >= start->state.n_players && !protocol_error (&error, "steps")))
        {
          on_error_reply (self, "protocol", error->message);
          return;
        }
      g_array_append_val (steps, step);
    }
  memcpy (self->start_view, start, sizeof *start);
  self->has_start = TRUE;
  g_array_unref (self->history);
  self->history = g_steal_pointer (&steps);
  g_signal_emit (self, signals[HISTORY], 0);
}

/* "record": the whole game's save, kept only if the engine reads it. */
static void
read_record (ArbNetClient *self, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  JsonNode *node = json_object_get_member (message, "save");
  const char *save;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      on_error_reply (self, "protocol", _("Not a message of the game: save"));
      return;
    }
  save = json_node_get_string (node);
  game = arb_save_load_data (save, strlen (save), NULL, &error);
  if (game == NULL)
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  replace (&self->record, save);
  g_signal_emit (self, signals[RECORD], 0);
}

/* "created" (table, code) or "joined" (table, seat, token, host). */
static void
read_joined (ArbNetClient *self, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  const char *table, *code = NULL, *token = NULL;
  gint64 seat = self->seat;
  gboolean host = FALSE;

  if ((table = arb_net_get_string (message, "table", 64, &error)) == NULL
      || (json_object_has_member (message, "code")
          && (code = arb_net_get_string (message, "code", 64, &error)) == NULL)
      || (json_object_has_member (message, "token")
          && (token = arb_net_get_string (message, "token", 64, &error)) == NULL)
      || (json_object_has_member (message, "seat")
          && !arb_net_get_int (message, "seat", ARB_VIEWER_PUBLIC, ARB_MAX_PLAYERS - 1, &seat, &error))
      || (json_object_has_member (message, "host")
          && !arb_net_get_boolean (message, "host", &host, &error)))
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  if (code != NULL)
    replace (&self->code, code);
  if (token != NULL)
    replace (&self->token, token);
  replace (&self->table, table);
  self->seat = (int) seat;
  if (json_object_has_member (message, "seat"))
    self->is_host = host;
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
read_message (ArbNetClient *self, const char *data, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  const char *type;

  if (self->received != NULL)
    g_ptr_array_add (self->received, g_strndup (data, length));
  message = arb_net_parse_limited (data, length, ARB_NET_MAX_SERVER_MESSAGE, &type, &error);
  if (message == NULL)
    {
      on_error_reply (self, "protocol", error->message);
      return;
    }
  if (g_str_equal (type, "state"))
    read_state (self, message);
  else if (g_str_equal (type, "history"))
    read_history (self, message);
  else if (g_str_equal (type, "record"))
    read_record (self, message);
  else if (g_str_equal (type, "error"))
    {
      const char *code = json_object_get_string_member_with_default (message, "code", "?");

      /* A server that cannot save takes no move: the computer decides
       * again at the state the server sends once it can. */
      if (g_str_equal (code, arb_net_error_id (ARB_NET_ERROR_SERVER)))
        self->deciding = -1;
      on_error_reply (self, code, json_object_get_string_member_with_default (message, "message", ""));
    }
  else if (g_str_equal (type, "created") || g_str_equal (type, "joined"))
    read_joined (self, message);
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
  /* Larger messages close the connection (1009) before they are read. */
  soup_websocket_connection_set_max_incoming_payload_size (ws, ARB_NET_MAX_SERVER_MESSAGE);
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
  arb_seat_driver_cancel (self->driver);
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
 * seed < 0 for a deal nobody knows, else a practice table whose seed every
 * player is told. */
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
      json_builder_set_member_name (builder, "practice");
      json_builder_add_boolean_value (builder, TRUE);
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

/* The seat's name, sent with the next join (NULL: the server's default). */
void
arb_net_client_set_name (ArbNetClient *self, const char *name)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  replace (&self->name, name);
}

void
arb_net_client_join (ArbNetClient *self, const char *code)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("join");

  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, code);
  if (self->name != NULL)
    {
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, self->name);
    }
  send_message (self, builder);
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

/* As the host, gives seat (away long enough) to a computer of level. */
void
arb_net_client_replace (ArbNetClient *self, guint seat, ArbAiLevel level)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("replace");

  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "level");
  json_builder_add_string_value (builder, arb_ai_level_id (level));
  send_message (self, builder);
}

/* The seat is played by a computer of level; seed is that of
 * `arboretum-cli play --seed`, for the same decisions, or ARB_GAME_NO_SEED
 * for decisions nobody can foretell (arb-computer-seat.c). */
void
arb_net_client_set_ai (ArbNetClient *self, ArbAiLevel level, gint64 seed)
{
  g_return_if_fail (ARB_IS_NET_CLIENT (self));
  g_clear_object (&self->computer);
  self->computer = arb_computer_seat_new (level, seed);
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

/* The start of the game as this seat saw it, NULL before a history. */
const ArbProjection *
arb_net_client_get_start_view (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->has_start ? self->start_view : NULL;
}

/* The steps of the last history, as this seat saw them (a card drawn
 * from the deck by another has none). */
const ArbStep *
arb_net_client_get_history (ArbNetClient *self, guint *n_steps)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  if (n_steps != NULL)
    *n_steps = self->history->len;
  return (const ArbStep *) (gpointer) self->history->data;
}

/* The last step of the latest state; FALSE when it had none. */
gboolean
arb_net_client_get_last (ArbNetClient *self, ArbStep *step)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), FALSE);
  if (self->has_last && step != NULL)
    *step = self->last;
  return self->has_last;
}

guint
arb_net_client_get_n_seats (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), 0);
  return self->seats.n;
}

const char *
arb_net_client_get_seat_name (ArbNetClient *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  g_return_val_if_fail (seat < self->seats.n, NULL);
  return self->seats.names[seat];
}

/* "person", or the level id of the computer that plays the seat. */
const char *
arb_net_client_get_seat_kind (ArbNetClient *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  g_return_val_if_fail (seat < self->seats.n, NULL);
  return self->seats.kinds[seat];
}

gboolean
arb_net_client_get_seat_connected (ArbNetClient *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), FALSE);
  g_return_val_if_fail (seat < self->seats.n, FALSE);
  return self->seats.connected[seat];
}

/* Seconds since the seat's person left, as the last state said; -1 when
 * the seat is not away. */
int
arb_net_client_get_seat_away (ArbNetClient *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), -1);
  g_return_val_if_fail (seat < self->seats.n, -1);
  return self->seats.away[seat];
}

/* Seconds a seat must be away before the host may give it to a computer. */
guint
arb_net_client_get_replace_after (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), ARB_NET_REPLACE_AFTER);
  return self->replace_after;
}

gboolean
arb_net_client_get_is_host (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), FALSE);
  return self->is_host;
}

/* The whole game's save, once it is over; NULL before. */
const char *
arb_net_client_get_record (ArbNetClient *self)
{
  g_return_val_if_fail (ARB_IS_NET_CLIENT (self), NULL);
  return self->record;
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
  g_clear_object (&self->computer);
  arb_seat_driver_cancel (self->driver);
  g_signal_handlers_disconnect_by_data (self->driver, self);
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
  g_free (self->start_view);
  g_free (self->name);
  g_free (self->record);
  g_array_unref (self->history);
  seats_clear (&self->seats);
  g_ptr_array_unref (self->pending);
  g_clear_pointer (&self->received, g_ptr_array_unref);
  g_object_unref (self->driver);
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
  /* A history arrived: arb_net_client_get_start_view(), _get_history(). */
  signals[HISTORY] = g_signal_new ("history", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The game is over and its record arrived: arb_net_client_get_record(). */
  signals[RECORD] = g_signal_new ("record", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_net_client_init (ArbNetClient *self)
{
  self->pending = g_ptr_array_new_with_free_func (g_free);
  self->view = g_new0 (ArbProjection, 1);
  self->start_view = g_new0 (ArbProjection, 1);
  self->history = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  self->replace_after = ARB_NET_REPLACE_AFTER;
  self->seat = -1;
  self->deciding = -1;
  self->driver = arb_seat_driver_new ();
  g_signal_connect (self->driver, "chosen", G_CALLBACK (on_chosen), self);
  g_signal_connect (self->driver, "failed", G_CALLBACK (on_failed), self);
}
