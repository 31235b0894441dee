/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-peer.c: one connection to the server: its WebSocket (none in the
 * tests and the fuzzer, which read what was sent), its seat, and the
 * budgets that keep one client from flooding the server or guessing codes. */
#include "config.h"

#include "arb-net-peer.h"

/* A client may send this many messages at once, then this many a second:
 * a person or a computer plays a few a second at most. */
#define BURST 40.0
#define PER_SECOND 20.0

struct _ArbNetPeer
{
  GObject                  parent_instance;

  SoupWebsocketConnection *connection;
  char                    *address;
  GPtrArray               *sent;   /* without a connection */
  gboolean                 closed;
  gboolean                 greeted;
  double                   allowance;
  gint64                   last_message;
  guint                    wrong_guesses;
  guint                    created;
  GPtrArray               *tables_created;  /* ids: this connection hosts them */
  gpointer                 table;  /* weak: the table detaches its peers */
  int                      seat;
  gboolean                 has_sat;  /* in a seat, once at least */
};

G_DEFINE_FINAL_TYPE (ArbNetPeer, arb_net_peer, G_TYPE_OBJECT)

/* connection may be NULL: what is sent is then kept. */
ArbNetPeer *
arb_net_peer_new (SoupWebsocketConnection *connection, const char *address)
{
  ArbNetPeer *self = g_object_new (ARB_TYPE_NET_PEER, NULL);

  if (connection != NULL)
    self->connection = g_object_ref (connection);
  else
    self->sent = g_ptr_array_new_with_free_func (g_free);
  self->address = g_strdup (address != NULL ? address : "");
  return self;
}

const char *
arb_net_peer_get_address (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), NULL);
  return self->address;
}

static void
send_now (ArbNetPeer *self, const char *text)
{
  if (self->connection == NULL)
    g_ptr_array_add (self->sent, g_strdup (text));
  else if (soup_websocket_connection_get_state (self->connection) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (self->connection, text);
}

void
arb_net_peer_send (ArbNetPeer *self, const char *text)
{
  g_return_if_fail (ARB_IS_NET_PEER (self));
  if (!self->closed)
    send_now (self, text);
}

static void
close_now (ArbNetPeer *self, gushort code, const char *reason)
{
  self->closed = TRUE;
  if (self->connection != NULL
      && soup_websocket_connection_get_state (self->connection) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (self->connection, code, reason);
}

void
arb_net_peer_close (ArbNetPeer *self, gushort code, const char *reason)
{
  g_return_if_fail (ARB_IS_NET_PEER (self));
  if (!self->closed)
    close_now (self, code, reason);
}

typedef struct {
  ArbNetPeer *peer;
  char       *text;
  gushort     code;
  char       *reason;
} Farewell;

static void
farewell_free (gpointer data)
{
  Farewell *f = data;

  g_object_unref (f->peer);
  g_free (f->text);
  g_free (f->reason);
  g_free (f);
}

static gboolean
on_farewell (gpointer data)
{
  Farewell *f = data;

  send_now (f->peer, f->text);
  close_now (f->peer, f->code, f->reason);
  return G_SOURCE_REMOVE;
}

/* Sends text, then closes, seconds from now; meanwhile the peer counts as
 * closed and the server reads nothing more from it. A guesser's connection
 * is held that way, so that it waits for each wrong answer. */
void
arb_net_peer_close_after (ArbNetPeer *self, guint seconds, const char *text, gushort code,
                          const char *reason)
{
  Farewell *f;

  g_return_if_fail (ARB_IS_NET_PEER (self));
  if (self->closed)
    return;
  if (seconds == 0)
    {
      send_now (self, text);
      close_now (self, code, reason);
      return;
    }
  self->closed = TRUE;
  f = g_new0 (Farewell, 1);
  f->peer = g_object_ref (self);
  f->text = g_strdup (text);
  f->code = code;
  f->reason = g_strdup (reason);
  g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, seconds, on_farewell, f, farewell_free);
}

gboolean
arb_net_peer_get_closed (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), TRUE);
  return self->closed;
}

/* What was sent to a peer without a connection (NULL with one). */
GPtrArray *
arb_net_peer_get_sent (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), NULL);
  return self->sent;
}

/* Counts one message against the budget: FALSE once the client sends
 * faster than any game needs, for long enough to empty the burst. */
gboolean
arb_net_peer_take_message (ArbNetPeer *self)
{
  gint64 now = g_get_monotonic_time ();

  g_return_val_if_fail (ARB_IS_NET_PEER (self), FALSE);
  if (self->last_message != 0)
    self->allowance = MIN (BURST, self->allowance + (now - self->last_message) * PER_SECOND / G_USEC_PER_SEC);
  self->last_message = now;
  if (self->allowance < 1.0)
    return FALSE;
  self->allowance -= 1.0;
  return TRUE;
}

/* An accepted move costs nothing: a computer may play as fast as the
 * table goes, and only refused or idle messages empty the budget. */
void
arb_net_peer_refund_message (ArbNetPeer *self)
{
  g_return_if_fail (ARB_IS_NET_PEER (self));
  self->allowance = MIN (BURST, self->allowance + 1.0);
}

gboolean
arb_net_peer_get_greeted (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), FALSE);
  return self->greeted;
}

void
arb_net_peer_set_greeted (ArbNetPeer *self)
{
  g_return_if_fail (ARB_IS_NET_PEER (self));
  self->greeted = TRUE;
}

/* One more wrong code or token from this connection: how many so far. */
guint
arb_net_peer_count_wrong_guess (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), G_MAXUINT);
  return ++self->wrong_guesses;
}

/* One more table created from this connection: how many so far. */
guint
arb_net_peer_count_created (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), G_MAXUINT);
  return ++self->created;
}

/* The table of this id was created from this connection: its host is the
 * first seat this connection takes there. */
void
arb_net_peer_add_created (ArbNetPeer *self, const char *table)
{
  g_return_if_fail (ARB_IS_NET_PEER (self));
  g_ptr_array_add (self->tables_created, g_strdup (table));
}

gboolean
arb_net_peer_has_created (ArbNetPeer *self, const char *table)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), FALSE);
  return g_ptr_array_find_with_equal_func (self->tables_created, table, g_str_equal, NULL);
}

gpointer
arb_net_peer_get_table (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), NULL);
  return self->table;
}

int
arb_net_peer_get_seat (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), ARB_NET_NO_SEAT);
  return self->seat;
}

/* table NULL and seat ARB_NET_NO_SEAT when it leaves. */
void
arb_net_peer_set_table (ArbNetPeer *self, gpointer table, int seat)
{
  g_return_if_fail (ARB_IS_NET_PEER (self));
  self->table = table;
  self->seat = seat;
  if (seat >= 0)
    self->has_sat = TRUE;
}

/* Whether the connection ever sat in a seat: it may take no other by code. */
gboolean
arb_net_peer_get_has_sat (ArbNetPeer *self)
{
  g_return_val_if_fail (ARB_IS_NET_PEER (self), FALSE);
  return self->has_sat;
}

static void
arb_net_peer_finalize (GObject *object)
{
  ArbNetPeer *self = ARB_NET_PEER (object);

  g_clear_object (&self->connection);
  g_clear_pointer (&self->sent, g_ptr_array_unref);
  g_ptr_array_unref (self->tables_created);
  g_free (self->address);
  G_OBJECT_CLASS (arb_net_peer_parent_class)->finalize (object);
}

static void
arb_net_peer_class_init (ArbNetPeerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_net_peer_finalize;
}

static void
arb_net_peer_init (ArbNetPeer *self)
{
  self->allowance = BURST;
  self->seat = ARB_NET_NO_SEAT;
  self->tables_created = g_ptr_array_new_with_free_func (g_free);
}
