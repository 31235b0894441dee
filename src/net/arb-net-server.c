/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-server.c: the server of network play. It reads every message a
 * client sends (arb_net_server_receive, which the fuzzer calls too),
 * answers each bad one with one "error" message, and closes a connection
 * that floods it or guesses codes. Tables decide the games. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-net-address.h"
#include "arb-net-listener.h"
#include "arb-net-protocol.h"
#include "arb-net-secret.h"
#include "arb-net-server.h"

/* Wrong codes or tokens: a connection is closed after this many, and past
 * this many from one address within GUESS_WINDOW, each wrong one is
 * answered only WRONG_CODE_DELAY seconds later, its connection held
 * meanwhile and closed then. A right code or token is always answered at
 * once. With 8.5e11 codes and 32 connections an address, a thousand
 * addresses guessing all day find a given table once in years. */
#define GUESSES_PER_CONNECTION 3
#define GUESSES_PER_ADDRESS 10
#define GUESS_WINDOW (10 * 60 * G_USEC_PER_SEC)
#define WRONG_CODE_DELAY 10
#define TABLES_PER_CONNECTION 16
/* Tables created from one address that the server holds at once. */
#define TABLES_PER_ADDRESS 32
#define MAX_TABLES 20000
#define MAX_ADDRESSES 10000
/* A finished table nobody is at leaves memory after this long (its files
 * stay): whoever comes back meanwhile still gets its record. */
#define FINISHED_KEEP_SECONDS (10 * 60)
/* A table not started that nobody is at goes, files and all, after this long. */
#define UNSTARTED_KEEP_SECONDS (30 * 60)
#define SWEEP_SECONDS 60
/* A connection that sent nothing for this long is closed (the server pings
 * every third of it, and any client answers: a person who thinks is not
 * silent), and so is one at no table that sent no message for this long. */
#define IDLE_TIMEOUT_SECONDS 90
/* What a connection may send between two messages: the largest message
 * and its frames' headers. libsoup bounds each frame, not a message of many. */
#define BYTES_BETWEEN_MESSAGES (ARB_NET_MAX_MESSAGE + 4096)

typedef struct {
  guint  count;
  gint64 since;
} Guesses;

struct _ArbNetServer
{
  GObject     parent_instance;

  GFile      *dir;
  GHashTable *tables;   /* id -> ArbNetTable */
  GHashTable *codes;    /* code -> ArbNetTable (borrowed) */
  GHashTable *tokens;   /* token -> ArbNetTable (borrowed) */
  GHashTable *guesses;  /* address -> Guesses */
  GHashTable *peers;    /* set of ArbNetPeer */
  GPtrArray  *resume_errors;
  SoupServer *soup;
  ArbNetListener *listener;
  guint       guesses_per_connection;
  guint       guesses_per_address;
  guint       wrong_code_delay;  /* seconds */
  guint       idle_timeout;      /* seconds */
  guint       tables_per_address;
  guint       replace_after;
  guint       finished_keep;  /* seconds */
  guint       unstarted_keep; /* seconds */
  GHashTable *empty_since;    /* id -> gint64: finished or unstarted tables nobody is at */
  GHashTable *creators;       /* id -> address the table was created from */
  GHashTable *address_tables; /* address -> number of its tables held */
  guint       sweep_source;
  GQueue      connections;    /* of Connection, for the idle check */
  guint       idle_source;
};

enum {
  PROP_0,
  PROP_MAX_CONNECTIONS,
  PROP_MAX_CONNECTIONS_PER_ADDRESS,
  PROP_HANDSHAKE_TIMEOUT,
  PROP_IDLE_TIMEOUT,
  PROP_MAX_TABLES_PER_ADDRESS,
  PROP_UNSTARTED_KEEP,
  PROP_WRONG_CODES_PER_CONNECTION,
  PROP_WRONG_CODES_PER_ADDRESS,
  PROP_WRONG_CODE_DELAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ArbNetServer, arb_net_server, G_TYPE_OBJECT)


static void
index_table (ArbNetServer *self, ArbNetTable *table)
{
  arb_net_table_set_replace_after (table, self->replace_after);
  g_hash_table_insert (self->tables, g_strdup (arb_net_table_get_id (table)), table);
  g_hash_table_insert (self->codes, g_strdup (arb_net_table_get_code (table)), table);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (table); seat++)
    if (arb_net_table_get_token (table, seat) != NULL)
      g_hash_table_insert (self->tokens, g_strdup (arb_net_table_get_token (table, seat)), table);
}

static void
unindex_table (ArbNetServer *self, ArbNetTable *table)
{
  g_autofree char *id = g_strdup (arb_net_table_get_id (table));
  const char *creator = g_hash_table_lookup (self->creators, id);

  if (creator != NULL)
    arb_net_address_add (self->address_tables, creator, -1);
  g_hash_table_remove (self->creators, id);
  g_hash_table_remove (self->codes, arb_net_table_get_code (table));
  for (guint seat = 0; seat < arb_net_table_get_n_seats (table); seat++)
    if (arb_net_table_get_token (table, seat) != NULL)
      g_hash_table_remove (self->tokens, arb_net_table_get_token (table, seat));
  g_hash_table_remove (self->empty_since, id);
  g_hash_table_remove (self->tables, id);
}

/* How long a table nobody is at stays: a game under way for ever. */
static gint64
keep_of (ArbNetServer *self, ArbNetTable *table)
{
  if (arb_game_is_finished (arb_net_table_get_game (table)))
    return (gint64) self->finished_keep * G_USEC_PER_SEC;
  if (!arb_net_table_get_started (table))
    return (gint64) self->unstarted_keep * G_USEC_PER_SEC;
  return -1;
}

/* Finished tables nobody has been at for finished_keep leave memory, so
 * that a server running for months does not fill up with old games; their
 * save and key files stay in the directory. Tables never started that
 * nobody has been at for unstarted_keep go, files and all. */
static void
forget_idle_tables (ArbNetServer *self)
{
  g_autoptr (GPtrArray) gone = g_ptr_array_new_with_free_func (g_object_unref);
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer table;

  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, NULL, &table))
    {
      const char *id = arb_net_table_get_id (table);
      gint64 keep = keep_of (self, table);
      gint64 *since;

      if (keep < 0 || arb_net_table_get_n_peers (table) > 0)
        {
          g_hash_table_remove (self->empty_since, id);
          continue;
        }
      if ((since = g_hash_table_lookup (self->empty_since, id)) == NULL)
        {
          since = g_new (gint64, 1);
          *since = now;
          g_hash_table_insert (self->empty_since, g_strdup (id), since);
        }
      if (now - *since >= keep)
        g_ptr_array_add (gone, g_object_ref (table));
    }
  for (guint i = 0; i < gone->len; i++)
    {
      ArbNetTable *old = g_ptr_array_index (gone, i);

      /* A table not started goes with its files: otherwise it would come
       * back at the next start of the server. */
      if (!arb_net_table_get_started (old))
        arb_net_table_remove_files (old);
      unindex_table (self, old);
    }
}

static gboolean
sweep_cb (gpointer user_data)
{
  forget_idle_tables (user_data);
  return G_SOURCE_CONTINUE;
}

/* The sweep comes often enough for the shortest keep (a second at least). */
static void
schedule_sweep (ArbNetServer *self)
{
  guint every = MAX (1, MIN (SWEEP_SECONDS, MIN (self->finished_keep, self->unstarted_keep) / 2));

  g_clear_handle_id (&self->sweep_source, g_source_remove);
  self->sweep_source = g_timeout_add_seconds (every, sweep_cb, self);
}

/* How long a finished table nobody is at stays in memory (tests: 0). */
void
arb_net_server_set_finished_keep (ArbNetServer *self, guint seconds)
{
  g_return_if_fail (ARB_IS_NET_SERVER (self));
  self->finished_keep = seconds;
  schedule_sweep (self);
  forget_idle_tables (self);
}

static void
resume_one (ArbNetServer *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetTable) table = arb_net_table_load (file, &error);
  g_autofree char *name = g_file_get_basename (file);

  if (table == NULL)
    {
      g_ptr_array_add (self->resume_errors, g_strdup_printf ("%s: %s", name, error->message));
      return;
    }
  if (g_hash_table_contains (self->tables, arb_net_table_get_id (table))
      || g_hash_table_contains (self->codes, arb_net_table_get_code (table)))
    {
      g_ptr_array_add (self->resume_errors, g_strdup_printf (_("%s: a table with this id or code is already open"), name));
      return;
    }
  arb_net_server_add_table (self, table);
}

/* A table made elsewhere (the tests' own deals) is held like the others. */
void
arb_net_server_add_table (ArbNetServer *self, ArbNetTable *table)
{
  g_return_if_fail (ARB_IS_NET_SERVER (self));
  g_return_if_fail (!g_hash_table_contains (self->tables, arb_net_table_get_id (table)));
  index_table (self, g_object_ref (table));
  arb_net_table_start (table);
}

/* Every table a server wrote into dir before it stopped, however it stopped. */
static gboolean
resume (ArbNetServer *self, GError **error)
{
  g_autoptr (GFileEnumerator) children = NULL;

  children = g_file_enumerate_children (self->dir, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return FALSE;
  for (;;)
    {
      GFileInfo *info;
      GFile *child;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, error))
        return FALSE;
      if (info == NULL)
        return TRUE;
      if (g_str_has_suffix (g_file_info_get_name (info), ".table"))
        resume_one (self, child);
    }
}

/* A server keeping its tables in dir (made private if it is new), with the
 * tables found there resumed; arb_net_server_get_resume_errors() says
 * which could not be. */
ArbNetServer *
arb_net_server_new (GFile *dir, GError **error)
{
  g_autoptr (ArbNetServer) self = g_object_new (ARB_TYPE_NET_SERVER, NULL);
  g_autofree char *path = g_file_get_path (dir);

  if (path == NULL || g_mkdir_with_parents (path, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot make the directory “%s”"),
                   path != NULL ? path : "?");
      return NULL;
    }
  self->dir = g_object_ref (dir);
  if (!resume (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* One line for each table of the directory that could not be resumed. */
GPtrArray *
arb_net_server_get_resume_errors (ArbNetServer *self)
{
  g_return_val_if_fail (ARB_IS_NET_SERVER (self), NULL);
  return self->resume_errors;
}

guint
arb_net_server_get_n_tables (ArbNetServer *self)
{
  g_return_val_if_fail (ARB_IS_NET_SERVER (self), 0);
  return g_hash_table_size (self->tables);
}

ArbNetTable *
arb_net_server_find_table (ArbNetServer *self, const char *id)
{
  g_return_val_if_fail (ARB_IS_NET_SERVER (self), NULL);
  return g_hash_table_lookup (self->tables, id);
}

/* Seconds a person's seat is away before its host may give it to a
 * computer (ARB_NET_REPLACE_AFTER unless told), for every table. */
void
arb_net_server_set_replace_after (ArbNetServer *self, guint seconds)
{
  GHashTableIter iter;
  gpointer table;

  g_return_if_fail (ARB_IS_NET_SERVER (self));
  self->replace_after = seconds;
  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, NULL, &table))
    arb_net_table_set_replace_after (table, seconds);
}

static void
send_error (ArbNetPeer *peer, ArbNetError code, const char *message)
{
  g_autoptr (GError) error = g_error_new_literal (ARB_NET_ERROR, code, message);
  g_autofree char *text = arb_net_error_message (error);

  arb_net_peer_send (peer, text);
}

static gboolean
window_over (gpointer key, gpointer value, gpointer user_data)
{
  const Guesses *guesses = value;
  const gint64 *now = user_data;

  return *now - guesses->since > GUESS_WINDOW;
}

static Guesses *
guesses_of (ArbNetServer *self, ArbNetPeer *peer)
{
  const char *address = arb_net_peer_get_address (peer);
  Guesses *guesses = g_hash_table_lookup (self->guesses, address);
  gint64 now = g_get_monotonic_time ();

  if (guesses != NULL && now - guesses->since > GUESS_WINDOW)
    {
      g_hash_table_remove (self->guesses, address);
      guesses = NULL;
    }
  if (guesses == NULL)
    {
      /* Addresses are forgotten when their window ends, so that many of
       * them cannot fill the server's memory. */
      if (g_hash_table_size (self->guesses) >= MAX_ADDRESSES)
        g_hash_table_foreach_remove (self->guesses, window_over, &now);
      guesses = g_new0 (Guesses, 1);
      guesses->since = now;
      g_hash_table_insert (self->guesses, g_strdup (address), guesses);
    }
  return guesses;
}

/* A wrong code or token. Past the address's share, the answer comes late
 * and ends the connection: a guesser waits for each, a right code from
 * the same address still gets in at once. */
static void
wrong_guess (ArbNetServer *self, ArbNetPeer *peer, ArbNetError code, const char *message)
{
  Guesses *guesses = guesses_of (self, peer);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (guesses->count++ >= self->guesses_per_address)
    {
      error = g_error_new_literal (ARB_NET_ERROR, ARB_NET_ERROR_TOO_MANY_GUESSES,
                                   _("Too many wrong codes from this address: each is answered late"));
      text = arb_net_error_message (error);
      arb_net_peer_close_after (peer, self->wrong_code_delay, text,
                                SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "too many wrong codes");
      return;
    }
  send_error (peer, code, message);
  if (arb_net_peer_count_wrong_guess (peer) >= self->guesses_per_connection)
    arb_net_peer_close (peer, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "too many wrong codes");
}

static void
send_joined (ArbNetPeer *peer, ArbNetTable *table, int seat)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("joined");
  g_autofree char *text = NULL;

  json_builder_set_member_name (builder, "table");
  json_builder_add_string_value (builder, arb_net_table_get_id (table));
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  if (seat >= 0)
    {
      json_builder_set_member_name (builder, "token");
      json_builder_add_string_value (builder, arb_net_table_get_token (table, (guint) seat));
    }
  json_builder_set_member_name (builder, "host");
  json_builder_add_boolean_value (builder, seat >= 0 && seat == arb_net_table_get_host_seat (table));
  /* A practice table's seed tells the deck: everybody knows it or nobody. */
  if (arb_game_has_seed (arb_net_table_get_game (table)))
    {
      json_builder_set_member_name (builder, "practice");
      json_builder_add_boolean_value (builder, TRUE);
      json_builder_set_member_name (builder, "seed");
      json_builder_add_int_value (builder, arb_game_get_seed (arb_net_table_get_game (table)));
    }
  text = arb_net_to_text (builder);
  arb_net_peer_send (peer, text);
}

static void
leave_table (ArbNetPeer *peer)
{
  ArbNetTable *table = arb_net_peer_get_table (peer);

  if (table != NULL)
    arb_net_table_detach (table, peer);
}

static void
sit (ArbNetPeer *peer, ArbNetTable *table, int seat)
{
  leave_table (peer);
  send_joined (peer, table, seat);
  arb_net_table_attach (table, peer, seat);
}

/* The optional "name" of a "join": TRUE with *name NULL when there is none. */
static gboolean
read_name (JsonObject *message, char **name, GError **error)
{
  const char *text;

  *name = NULL;
  if (!json_object_has_member (message, "name"))
    return TRUE;
  /* 32 characters of 4 bytes, and spaces around them. */
  if ((text = arb_net_get_string (message, "name", 4 * ARB_NET_MAX_NAME + 64, error)) == NULL)
    return FALSE;
  *name = arb_net_name_normalize (text, error);
  return *name != NULL;
}

/* Whether a seat of table is called name, or a name a reader could take
 * for it: compared in compatibility form, case folded. */
static gboolean
name_taken (ArbNetTable *table, const char *name)
{
  g_autofree char *wanted = arb_net_name_key (name);
  ArbGame *game = arb_net_table_get_game (table);

  for (guint seat = 0; seat < arb_net_table_get_n_seats (table); seat++)
    {
      g_autofree char *held = arb_net_name_key (arb_player_get_name (arb_game_get_player (game, seat)));

      if (g_strcmp0 (held, wanted) == 0)
        return TRUE;
    }
  return FALSE;
}

/* "join" takes the first free seat, "watch" looks on. */
static void
handle_code (ArbNetServer *self, ArbNetPeer *peer, JsonObject *message, gboolean watch)
{
  g_autoptr (GError) error = NULL;
  const char *text = arb_net_get_string (message, "code", 64, &error);
  g_autofree char *code = NULL;
  g_autofree char *name = NULL;
  ArbNetTable *table = NULL;
  int seat = ARB_VIEWER_PUBLIC;

  if (text == NULL || (!watch && !read_name (message, &name, &error)))
    {
      send_error (peer, ARB_NET_ERROR_PROTOCOL, error->message);
      return;
    }
  if (!watch && arb_net_peer_get_has_sat (peer))
    {
      send_error (peer, ARB_NET_ERROR_PROTOCOL, _("One seat a connection: this one had a seat already"));
      return;
    }
  code = arb_net_code_normalize (text);
  if (code != NULL)
    table = g_hash_table_lookup (self->codes, code);
  if (table == NULL)
    {
      wrong_guess (self, peer, ARB_NET_ERROR_BAD_CODE, _("No table has this invite code"));
      return;
    }
  if (!watch && name != NULL && name_taken (table, name))
    {
      send_error (peer, ARB_NET_ERROR_PROTOCOL, _("Another seat of this table has this name"));
      return;
    }
  if (!watch && (seat = arb_net_table_claim_seat (table, name, &error)) < 0)
    {
      send_error (peer, error->domain == ARB_NET_ERROR ? (ArbNetError) error->code : ARB_NET_ERROR_SERVER,
                  error->message);
      return;
    }
  if (seat >= 0 && arb_net_table_get_host_seat (table) < 0
      && arb_net_peer_has_created (peer, arb_net_table_get_id (table)))
    arb_net_table_set_host_seat (table, (guint) seat);
  sit (peer, table, seat);
}

static int
seat_of_token (ArbNetTable *table, const char *token)
{
  for (guint seat = 0; seat < arb_net_table_get_n_seats (table); seat++)
    {
      const char *held = arb_net_table_get_token (table, seat);

      if (held != NULL && arb_net_secret_equal (held, token))
        return (int) seat;
    }
  return -1;
}

static void
handle_rejoin (ArbNetServer *self, ArbNetPeer *peer, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  const char *token = arb_net_get_string (message, "token", 64, &error);
  ArbNetTable *table;
  int seat = -1;

  if (token == NULL)
    {
      send_error (peer, ARB_NET_ERROR_PROTOCOL, error->message);
      return;
    }
  table = g_hash_table_lookup (self->tokens, token);
  if (table != NULL)
    seat = seat_of_token (table, token);
  if (seat < 0)
    {
      wrong_guess (self, peer, ARB_NET_ERROR_BAD_TOKEN, _("No seat is held by this token"));
      return;
    }
  sit (peer, table, seat);
}

static void
handle_move (ArbNetServer *self, ArbNetPeer *peer, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  ArbNetTable *table = arb_net_peer_get_table (peer);
  gint64 step;
  ArbMove move;

  if (table == NULL || arb_net_peer_get_seat (peer) < 0)
    {
      send_error (peer, ARB_NET_ERROR_NOT_SEATED, _("Join a seat before playing"));
      return;
    }
  if (!arb_net_get_int (message, "step", 0, G_MAXUINT16, &step, &error)
      || !arb_net_read_move (message, &move, &error)
      || !arb_net_table_move (table, arb_net_peer_get_seat (peer), (guint) step, &move, &error))
    {
      g_autofree char *text = arb_net_error_message (error);

      arb_net_peer_send (peer, text);
      return;
    }
  arb_net_peer_refund_message (peer);
}

/* The host gives a seat away long enough to a computer. */
static void
handle_replace (ArbNetServer *self, ArbNetPeer *peer, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  ArbNetTable *table = arb_net_peer_get_table (peer);
  g_autofree char *token = NULL;
  const char *level_id;
  ArbAiLevel level;
  gint64 seat;

  if (table == NULL || arb_net_peer_get_seat (peer) < 0)
    {
      send_error (peer, ARB_NET_ERROR_NOT_HOST, _("Only the host may give a seat to the computer"));
      return;
    }
  if (!arb_net_get_int (message, "seat", 0, arb_net_table_get_n_seats (table) - 1, &seat, &error)
      || (level_id = arb_net_get_string (message, "level", 16, &error)) == NULL)
    {
      send_error (peer, ARB_NET_ERROR_PROTOCOL, error->message);
      return;
    }
  if (!arb_ai_level_from_id (level_id, &level))
    {
      send_error (peer, ARB_NET_ERROR_PROTOCOL, _("Not a message of the game: no computer has this level"));
      return;
    }
  token = g_strdup (arb_net_table_get_token (table, (guint) seat));
  if (!arb_net_table_replace (table, arb_net_peer_get_seat (peer), (guint) seat, level, &error))
    {
      g_autofree char *text = arb_net_error_message (error);

      arb_net_peer_send (peer, text);
      return;
    }
  /* The seat's token holds nothing now: taking the seat with it is a
   * wrong guess like any other. */
  if (token != NULL)
    g_hash_table_remove (self->tokens, token);
}

static gboolean
read_seat_kinds (JsonObject *message, guint n_seats, GPtrArray *players, GError **error)
{
  JsonNode *node = json_object_get_member (message, "seats");
  JsonArray *kinds = NULL;

  if (node != NULL && (!JSON_NODE_HOLDS_ARRAY (node)
                       || json_array_get_length (kinds = json_node_get_array (node)) != n_seats))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_BAD_SETUP, _("“seats” must name each seat: person or a computer level"));
      return FALSE;
    }
  for (guint seat = 0; seat < n_seats; seat++)
    {
      JsonNode *kind = kinds != NULL ? json_array_get_element (kinds, seat) : NULL;
      const char *id = kind != NULL && json_node_get_value_type (kind) == G_TYPE_STRING
                       ? json_node_get_string (kind) : kinds != NULL ? "" : "person";
      g_autofree char *name = g_strdup_printf (_("Player %u"), seat + 1);
      ArbAiLevel level;

      if (g_strcmp0 (id, "person") == 0)
        g_ptr_array_add (players, arb_player_new (name, ARB_PLAYER_PERSON, NULL));
      else if (arb_ai_level_from_id (id, &level))
        g_ptr_array_add (players, arb_player_new (name, ARB_PLAYER_COMPUTER, arb_ai_level_id (level)));
      else
        {
          g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_BAD_SETUP, _("“seats” must name each seat: person or a computer level"));
          return FALSE;
        }
    }
  return TRUE;
}

/* The seed a "create" message gives, or ARB_GAME_NO_SEED. Whoever knows a
 * seed knows the deck, so a seed is taken for a practice table alone
 * ("practice": true), and every player there is told it (send_joined). */
static gboolean
read_practice_seed (JsonObject *message, gint64 *seed, GError **error)
{
  gboolean practice = FALSE;

  *seed = ARB_GAME_NO_SEED;
  if (json_object_has_member (message, "practice")
      && !arb_net_get_boolean (message, "practice", &practice, error))
    return FALSE;
  if (!json_object_has_member (message, "seed"))
    return TRUE;
  if (!practice)
    {
      g_set_error_literal (error, ARB_NET_ERROR, ARB_NET_ERROR_BAD_SETUP,
                           _("A seed is taken for a practice table alone (“practice”: true), "
                             "where every player is told it"));
      return FALSE;
    }
  return arb_net_get_int (message, "seed", 0, G_MAXUINT32, seed, error);
}

/* The game a "create" message asks for. Its deal comes from the system's
 * cryptographic source, which no seed describes, unless a practice table
 * gives its public seed. */
static ArbGame *
new_game (JsonObject *message, GError **error)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  const char *variant_id = "standard";
  ArbVariant variant;
  gint64 n_seats, seed;

  if (json_object_has_member (message, "variant")
      && (variant_id = arb_net_get_string (message, "variant", 16, error)) == NULL)
    return NULL;
  if (!arb_variant_from_id (variant_id, &variant))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_BAD_SETUP, _("No rule set is called “%s”"), variant_id);
      return NULL;
    }
  if (!arb_net_get_int (message, "players", 1, ARB_MAX_PLAYERS, &n_seats, error)
      || !read_practice_seed (message, &seed, error))
    return NULL;
  if (!arb_rules_check_players (variant, (guint) n_seats, error)
      || !read_seat_kinds (message, (guint) n_seats, players, error))
    return NULL;
  if (seed == ARB_GAME_NO_SEED)
    return arb_game_new_unseeded (variant, players, 0, error);
  return arb_game_new (variant, players, (guint32) seed, 0, error);
}

static void
handle_create (ArbNetServer *self, ArbNetPeer *peer, JsonObject *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbNetTable) table = NULL;
  g_autoptr (JsonBuilder) builder = NULL;
  g_autofree char *text = NULL;

  if (g_hash_table_size (self->tables) >= MAX_TABLES
      || arb_net_peer_count_created (peer) > TABLES_PER_CONNECTION)
    {
      send_error (peer, ARB_NET_ERROR_SERVER, _("This server holds as many tables as it can"));
      return;
    }
  if (arb_net_address_count (self->address_tables, arb_net_peer_get_address (peer)) >= self->tables_per_address)
    {
      send_error (peer, ARB_NET_ERROR_SERVER, _("This address has as many tables as it may: finish one first"));
      return;
    }
  game = new_game (message, &error);
  if (game != NULL)
    table = arb_net_table_new (game, self->dir, &error);
  if (table != NULL && g_hash_table_contains (self->codes, arb_net_table_get_code (table)))
    {
      g_clear_object (&table);
      g_set_error (&error, ARB_NET_ERROR, ARB_NET_ERROR_SERVER, _("Try again"));
    }
  if (table == NULL)
    {
      g_autofree char *refusal = NULL;

      /* The rules' refusal of a setup, or the disk's. */
      if (error->domain != ARB_NET_ERROR)
        {
          error->code = error->domain == ARB_ERROR ? ARB_NET_ERROR_BAD_SETUP : ARB_NET_ERROR_SERVER;
          error->domain = ARB_NET_ERROR;
        }
      refusal = arb_net_error_message (error);
      arb_net_peer_send (peer, refusal);
      return;
    }
  index_table (self, g_object_ref (table));
  g_hash_table_insert (self->creators, g_strdup (arb_net_table_get_id (table)),
                       g_strdup (arb_net_peer_get_address (peer)));
  arb_net_address_add (self->address_tables, arb_net_peer_get_address (peer), +1);
  arb_net_peer_add_created (peer, arb_net_table_get_id (table));
  builder = arb_net_message_begin ("created");
  json_builder_set_member_name (builder, "table");
  json_builder_add_string_value (builder, arb_net_table_get_id (table));
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, arb_net_table_get_code (table));
  text = arb_net_to_text (builder);
  arb_net_peer_send (peer, text);
}

static void
handle_hello (ArbNetPeer *peer, JsonObject *message)
{
  g_autoptr (JsonBuilder) builder = NULL;
  g_autofree char *text = NULL;
  gint64 version;

  if (!arb_net_get_int (message, "protocol", 0, G_MAXINT32, &version, NULL)
      || version != ARB_NET_PROTOCOL_VERSION)
    {
      send_error (peer, ARB_NET_ERROR_VERSION, _("This server speaks version 1 of the protocol only"));
      arb_net_peer_close (peer, SOUP_WEBSOCKET_CLOSE_NORMAL, "protocol version");
      return;
    }
  arb_net_peer_set_greeted (peer);
  builder = arb_net_message_begin ("welcome");
  json_builder_set_member_name (builder, "protocol");
  json_builder_add_int_value (builder, ARB_NET_PROTOCOL_VERSION);
  text = arb_net_to_text (builder);
  arb_net_peer_send (peer, text);
}

/* One message from peer: every message gets its answer, or one error. */
void
arb_net_server_receive (ArbNetServer *self, ArbNetPeer *peer, const char *data, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  const char *type = NULL;

  g_return_if_fail (ARB_IS_NET_SERVER (self));
  if (arb_net_peer_get_closed (peer))
    return;
  if (!arb_net_peer_take_message (peer))
    {
      arb_net_peer_close (peer, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "too many messages");
      return;
    }
  message = arb_net_parse (data, length, &type, &error);
  if (message == NULL)
    send_error (peer, ARB_NET_ERROR_PROTOCOL, error->message);
  else if (g_str_equal (type, "hello"))
    handle_hello (peer, message);
  else if (!arb_net_peer_get_greeted (peer))
    send_error (peer, ARB_NET_ERROR_PROTOCOL, _("Say hello first"));
  else if (g_str_equal (type, "create"))
    handle_create (self, peer, message);
  else if (g_str_equal (type, "join") || g_str_equal (type, "watch"))
    handle_code (self, peer, message, g_str_equal (type, "watch"));
  else if (g_str_equal (type, "rejoin"))
    handle_rejoin (self, peer, message);
  else if (g_str_equal (type, "move"))
    handle_move (self, peer, message);
  else if (g_str_equal (type, "replace"))
    handle_replace (self, peer, message);
  else
    send_error (peer, ARB_NET_ERROR_PROTOCOL, _("Unknown kind of message"));
}

void
arb_net_server_add_peer (ArbNetServer *self, ArbNetPeer *peer)
{
  g_return_if_fail (ARB_IS_NET_SERVER (self));
  g_hash_table_add (self->peers, g_object_ref (peer));
}

/* A connection closed: its seat shows as away. */
void
arb_net_server_remove_peer (ArbNetServer *self, ArbNetPeer *peer)
{
  g_return_if_fail (ARB_IS_NET_SERVER (self));
  leave_table (peer);
  g_hash_table_remove (self->peers, peer);
  forget_idle_tables (self);
}

typedef struct {
  ArbNetServer *server;
  ArbNetPeer   *peer;
  ArbNetInput  *input;         /* NULL for a connection made elsewhere */
  gint64        last_message;
  GList         link;          /* in the server's connections */
  gboolean      closing;       /* found idle, its closing under way */
} Connection;

static void
on_message (SoupWebsocketConnection *connection, int type, GBytes *message, gpointer user_data)
{
  Connection *c = user_data;
  gsize length;
  const char *data = g_bytes_get_data (message, &length);

  c->last_message = g_get_monotonic_time ();
  if (c->input != NULL)
    arb_net_input_spend_nothing (c->input);
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      send_error (c->peer, ARB_NET_ERROR_PROTOCOL, _("Messages are text"));
      return;
    }
  arb_net_server_receive (c->server, c->peer, data != NULL ? data : "", length);
}

/* A pong is a whole message too, however long a person thinks. */
static void
on_pong (SoupWebsocketConnection *connection, GBytes *message, gpointer user_data)
{
  Connection *c = user_data;

  if (c->input != NULL)
    arb_net_input_spend_nothing (c->input);
}

/* Silent past the idle timeout: the other end is gone, or does not answer
 * pings; it is not told. At no table without a message that long: told. */
static void
check_idle (Connection *c, gint64 now)
{
  gint64 timeout = (gint64) c->server->idle_timeout * G_USEC_PER_SEC;

  if (c->closing)
    return;
  if (c->input != NULL && now - arb_net_input_get_last_read (c->input) > timeout)
    {
      c->closing = TRUE;
      arb_net_input_close_connection (c->input);
      return;
    }
  if (arb_net_peer_get_table (c->peer) == NULL && now - c->last_message > timeout)
    arb_net_peer_close (c->peer, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "idle");
}

/* Every connection's idle check, from one timer of the server: a timer
 * each was a quarter of the sources GLib's loop walks at every pass. The
 * connections found idle are closed after the walk, as closing one takes
 * it from the list. */
static gboolean
on_idle_sweep (gpointer user_data)
{
  ArbNetServer *self = user_data;
  g_autoptr (GPtrArray) idle = g_ptr_array_new ();
  gint64 now = g_get_monotonic_time ();

  for (GList *link = self->connections.head; link != NULL; link = link->next)
    g_ptr_array_add (idle, link->data);
  for (guint i = 0; i < idle->len; i++)
    check_idle (g_ptr_array_index (idle, i), now);
  return G_SOURCE_CONTINUE;
}

/* Pings, and the idle check, come three times in the idle timeout. */
static guint
ping_every (ArbNetServer *self)
{
  return MAX (1, self->idle_timeout / 3);
}

static void
schedule_idle_sweep (ArbNetServer *self)
{
  g_clear_handle_id (&self->idle_source, g_source_remove);
  self->idle_source = g_timeout_add_seconds (ping_every (self), on_idle_sweep, self);
}

static void
on_closed (SoupWebsocketConnection *connection, gpointer user_data)
{
  Connection *c = user_data;

  arb_net_peer_close (c->peer, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  arb_net_server_remove_peer (c->server, c->peer);
  /* The peer holds the connection, whose handlers hold the peer: letting go
   * of the handlers frees both, or every connection stayed in memory (98 KB
   * each with permessage-deflate). */
  g_signal_handlers_disconnect_by_data (connection, c);
}

static void
connection_free (gpointer data, GClosure *closure)
{
  Connection *c = data;

  g_queue_unlink (&c->server->connections, &c->link);
  g_clear_object (&c->input);
  g_object_unref (c->peer);
  g_object_unref (c->server);
  g_free (c);
}

static void
on_websocket (SoupServer *soup, SoupServerMessage *msg, const char *path,
              SoupWebsocketConnection *connection, gpointer user_data)
{
  ArbNetServer *self = user_data;
  Connection *c = g_new0 (Connection, 1);
  const char *address = NULL;
  ArbNetInput *input;

  input = arb_net_listener_upgraded (self->listener, soup_server_message_get_remote_address (msg), &address);
  /* Larger frames close the connection (1009) before they are read; the
   * input's budget bounds a message of many frames. */
  soup_websocket_connection_set_max_incoming_payload_size (connection, ARB_NET_MAX_MESSAGE);
  soup_websocket_connection_set_keepalive_interval (connection, ping_every (self));
  c->server = g_object_ref (self);
  c->peer = arb_net_peer_new (connection, address != NULL ? address : soup_server_message_get_remote_host (msg));
  c->last_message = g_get_monotonic_time ();
  if (input != NULL)
    {
      c->input = g_object_ref (input);
      arb_net_input_set_budget (input, BYTES_BETWEEN_MESSAGES);
    }
  c->link.data = c;
  g_queue_push_tail_link (&self->connections, &c->link);
  if (self->idle_source == 0)
    schedule_idle_sweep (self);
  arb_net_server_add_peer (self, c->peer);
  g_signal_connect (connection, "message", G_CALLBACK (on_message), c);
  g_signal_connect (connection, "pong", G_CALLBACK (on_pong), c);
  g_signal_connect_data (connection, "closed", G_CALLBACK (on_closed), c, connection_free, 0);
}

static gboolean
parse_address (const char *text, GSocketAddress **address, GError **error)
{
  const char *colon = strrchr (text, ':');
  g_autofree char *host = NULL;
  g_autoptr (GInetAddress) inet = NULL;
  guint64 port;

  if (colon == NULL || !g_ascii_string_to_unsigned (colon + 1, 10, 0, 65535, &port, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an address and port, such as 0.0.0.0:7420"), text);
      return FALSE;
    }
  host = g_strndup (text, (gsize) (colon - text));
  if (host[0] == '[' && g_str_has_suffix (host, "]"))
    {
      memmove (host, host + 1, strlen (host));
      host[strlen (host) - 1] = '\0';
    }
  if (g_str_equal (host, "localhost"))
    inet = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  else
    inet = g_inet_address_new_from_string (host);
  if (inet == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an address and port, such as 0.0.0.0:7420"), text);
      return FALSE;
    }
  *address = g_inet_socket_address_new (inet, (guint16) port);
  return TRUE;
}

/* Listens on address ("0.0.0.0:7420", "[::1]:0": 0 for any free port),
 * with TLS when certificate is given. */
gboolean
arb_net_server_listen (ArbNetServer *self, const char *address, GTlsCertificate *certificate,
                       GError **error)
{
  g_autoptr (GSocketAddress) socket_address = NULL;

  g_return_val_if_fail (ARB_IS_NET_SERVER (self), FALSE);
  if (!parse_address (address, &socket_address, error))
    return FALSE;
  return arb_net_listener_listen (self->listener, socket_address, certificate, error);
}

/* Connections open now, handshakes included. */
guint
arb_net_server_get_n_connections (ArbNetServer *self)
{
  g_return_val_if_fail (ARB_IS_NET_SERVER (self), 0);
  return arb_net_listener_get_n_connections (self->listener);
}

/* Where clients connect: ws://HOST:PORT/arboretum (wss with TLS). */
char *
arb_net_server_dup_uri (ArbNetServer *self)
{
  g_return_val_if_fail (ARB_IS_NET_SERVER (self), NULL);
  return arb_net_listener_dup_uri (self->listener, ARB_NET_PATH);
}

/* Stops listening and closes every connection; the files stay. */
void
arb_net_server_shutdown (ArbNetServer *self)
{
  GHashTableIter iter;
  gpointer peer;

  g_return_if_fail (ARB_IS_NET_SERVER (self));
  arb_net_listener_close (self->listener);
  soup_server_disconnect (self->soup);
  g_hash_table_iter_init (&iter, self->peers);
  while (g_hash_table_iter_next (&iter, &peer, NULL))
    {
      ArbNetTable *table = arb_net_peer_get_table (peer);

      if (table != NULL)
        arb_net_table_detach (table, peer);
      arb_net_peer_close (peer, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
    }
}

static void
arb_net_server_dispose (GObject *object)
{
  ArbNetServer *self = ARB_NET_SERVER (object);

  g_clear_handle_id (&self->sweep_source, g_source_remove);
  g_clear_handle_id (&self->idle_source, g_source_remove);
  if (self->peers != NULL)
    arb_net_server_shutdown (self);
  g_clear_object (&self->listener);
  g_clear_object (&self->soup);
  g_clear_pointer (&self->peers, g_hash_table_unref);
  g_clear_pointer (&self->codes, g_hash_table_unref);
  g_clear_pointer (&self->tokens, g_hash_table_unref);
  g_clear_pointer (&self->tables, g_hash_table_unref);
  g_clear_object (&self->dir);
  G_OBJECT_CLASS (arb_net_server_parent_class)->dispose (object);
}

static void
arb_net_server_finalize (GObject *object)
{
  ArbNetServer *self = ARB_NET_SERVER (object);

  g_hash_table_unref (self->guesses);
  g_hash_table_unref (self->empty_since);
  g_hash_table_unref (self->creators);
  g_hash_table_unref (self->address_tables);
  g_ptr_array_unref (self->resume_errors);
  G_OBJECT_CLASS (arb_net_server_parent_class)->finalize (object);
}

static void
arb_net_server_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbNetServer *self = ARB_NET_SERVER (object);

  switch (prop_id)
    {
    case PROP_MAX_CONNECTIONS:
    case PROP_MAX_CONNECTIONS_PER_ADDRESS:
    case PROP_HANDSHAKE_TIMEOUT:
      g_object_get_property (G_OBJECT (self->listener), g_param_spec_get_name (pspec), value);
      break;
    case PROP_IDLE_TIMEOUT:
      g_value_set_uint (value, self->idle_timeout);
      break;
    case PROP_MAX_TABLES_PER_ADDRESS:
      g_value_set_uint (value, self->tables_per_address);
      break;
    case PROP_UNSTARTED_KEEP:
      g_value_set_uint (value, self->unstarted_keep);
      break;
    case PROP_WRONG_CODES_PER_CONNECTION:
      g_value_set_uint (value, self->guesses_per_connection);
      break;
    case PROP_WRONG_CODES_PER_ADDRESS:
      g_value_set_uint (value, self->guesses_per_address);
      break;
    case PROP_WRONG_CODE_DELAY:
      g_value_set_uint (value, self->wrong_code_delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_net_server_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbNetServer *self = ARB_NET_SERVER (object);

  switch (prop_id)
    {
    case PROP_MAX_CONNECTIONS:
    case PROP_MAX_CONNECTIONS_PER_ADDRESS:
    case PROP_HANDSHAKE_TIMEOUT:
      g_object_set_property (G_OBJECT (self->listener), g_param_spec_get_name (pspec), value);
      break;
    case PROP_IDLE_TIMEOUT:
      self->idle_timeout = g_value_get_uint (value);
      if (self->idle_source != 0)
        schedule_idle_sweep (self);
      break;
    case PROP_MAX_TABLES_PER_ADDRESS:
      self->tables_per_address = g_value_get_uint (value);
      break;
    case PROP_UNSTARTED_KEEP:
      self->unstarted_keep = g_value_get_uint (value);
      schedule_sweep (self);
      break;
    case PROP_WRONG_CODES_PER_CONNECTION:
      self->guesses_per_connection = g_value_get_uint (value);
      break;
    case PROP_WRONG_CODES_PER_ADDRESS:
      self->guesses_per_address = g_value_get_uint (value);
      break;
    case PROP_WRONG_CODE_DELAY:
      self->wrong_code_delay = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
limit_property (const char *name, guint min, guint max, guint value)
{
  return g_param_spec_uint (name, NULL, NULL, min, max, value,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

/* The limits on what strangers can make the server hold (docs/network.md);
 * arboretum-cli serve sets the ones an administrator may want to. */
static void
install_limits (GObjectClass *object_class)
{
  /* Connections open at once, handshakes included: by default the
   * process's descriptors, less those its files need. */
  properties[PROP_MAX_CONNECTIONS] = limit_property ("max-connections", 1, G_MAXUINT, ARB_NET_MAX_CONNECTIONS);
  properties[PROP_MAX_CONNECTIONS_PER_ADDRESS] = limit_property ("max-connections-per-address", 1, G_MAXUINT,
                                                                 ARB_NET_MAX_CONNECTIONS_PER_ADDRESS);
  /* Seconds from accept to the WebSocket. */
  properties[PROP_HANDSHAKE_TIMEOUT] = limit_property ("handshake-timeout", 1, 3600, ARB_NET_HANDSHAKE_TIMEOUT);
  properties[PROP_IDLE_TIMEOUT] = limit_property ("idle-timeout", 1, 24 * 3600, IDLE_TIMEOUT_SECONDS);
  properties[PROP_MAX_TABLES_PER_ADDRESS] = limit_property ("max-tables-per-address", 0, G_MAXUINT, TABLES_PER_ADDRESS);
  /* Seconds a table not started stays with nobody at it. */
  properties[PROP_UNSTARTED_KEEP] = limit_property ("unstarted-keep", 0, G_MAXUINT, UNSTARTED_KEEP_SECONDS);
  properties[PROP_WRONG_CODES_PER_CONNECTION] = limit_property ("wrong-codes-per-connection", 1, G_MAXUINT, GUESSES_PER_CONNECTION);
  /* Wrong codes or tokens an address may send in ten minutes before each
   * is answered late. */
  properties[PROP_WRONG_CODES_PER_ADDRESS] = limit_property ("wrong-codes-per-address", 0, G_MAXUINT, GUESSES_PER_ADDRESS);
  properties[PROP_WRONG_CODE_DELAY] = limit_property ("wrong-code-delay", 0, 3600, WRONG_CODE_DELAY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_net_server_class_init (ArbNetServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = arb_net_server_get_property;
  object_class->set_property = arb_net_server_set_property;
  object_class->dispose = arb_net_server_dispose;
  object_class->finalize = arb_net_server_finalize;
  install_limits (object_class);
}

static void
arb_net_server_init (ArbNetServer *self)
{
  char *protocols[] = { (char *) ARB_NET_SUBPROTOCOL, NULL };

  self->tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->tokens = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->guesses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->peers = g_hash_table_new_full (g_direct_hash, g_direct_equal, g_object_unref, NULL);
  self->resume_errors = g_ptr_array_new_with_free_func (g_free);
  self->guesses_per_connection = GUESSES_PER_CONNECTION;
  self->guesses_per_address = GUESSES_PER_ADDRESS;
  self->wrong_code_delay = WRONG_CODE_DELAY;
  self->idle_timeout = IDLE_TIMEOUT_SECONDS;
  self->tables_per_address = TABLES_PER_ADDRESS;
  self->replace_after = ARB_NET_REPLACE_AFTER;
  self->finished_keep = FINISHED_KEEP_SECONDS;
  self->unstarted_keep = UNSTARTED_KEEP_SECONDS;
  self->empty_since = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->creators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->address_tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->soup = soup_server_new ("server-header", "arboretum ", NULL);
  /* permessage-deflate inflates a 32 KiB frame to megabytes past every
   * bound libsoup checks, and holds memory per connection; the game's
   * messages are small. */
  soup_server_remove_websocket_extension (self->soup, SOUP_TYPE_WEBSOCKET_EXTENSION_DEFLATE);
  soup_server_add_websocket_handler (self->soup, ARB_NET_PATH, NULL, protocols, on_websocket, self, NULL);
  self->listener = arb_net_listener_new (self->soup);
  schedule_sweep (self);
}
