/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-host.c: what network play adds around a game: names taken at
 * join, the history a newcomer gets, the seconds a seat has been away, the
 * host who may give an away seat to a computer (and nobody else, nor too
 * soon), and the record of the whole game, only at its end. */
#include "config.h"

#include <string.h>

#include "arb-save.h"
#include "arb-test-net.h"
#include "arb-test-state.h"

/* A server without a socket in a directory of its own, with one table. */
typedef struct {
  char         *dir;
  ArbNetServer *server;
  ArbNetPeer   *host;
  char         *code;
  char         *table;
} Host;

static JsonObject *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  const char *type;
  JsonObject *message = arb_net_parse_limited (text, strlen (text), ARB_NET_MAX_SERVER_MESSAGE, &type, &error);

  g_assert_no_error (error);
  return message;
}

static const char *
type_of (const char *text)
{
  g_autoptr (JsonObject) message = parse (text);
  /* The type as one of these, which outlive the message. */
  static const char * const types[] = { "welcome", "created", "joined", "history", "state", "record", "error" };
  const char *type = json_object_get_string_member (message, "type");

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (type, types[i]))
      return types[i];
  return "?";
}

/* The index-th message sent to peer, counting from the end (0: the last). */
static const char *
sent_back (ArbNetPeer *peer, guint index)
{
  GPtrArray *sent = arb_net_peer_get_sent (peer);

  g_assert_cmpuint (index, <, sent->len);
  return g_ptr_array_index (sent, sent->len - 1 - index);
}

static void
host_setup (Host *h, const char *create)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) created = NULL;

  h->dir = g_dir_make_tmp ("arb-net-XXXXXX", NULL);
  file = g_file_new_for_path (h->dir);
  h->server = arb_net_server_new (file, &error);
  g_assert_no_error (error);
  h->host = arb_test_net_greeted_peer (h->server);
  arb_test_net_say (h->server, h->host, create);
  created = parse (arb_test_net_last_sent (h->host));
  g_assert_cmpstr (json_object_get_string_member (created, "type"), ==, "created");
  h->code = g_strdup (json_object_get_string_member (created, "code"));
  h->table = g_strdup (json_object_get_string_member (created, "table"));
}

static void
host_teardown (Host *h)
{
  arb_net_server_remove_peer (h->server, h->host);
  g_object_unref (h->host);
  g_object_unref (h->server);
  arb_test_remove_tree (h->dir);
  g_free (h->dir);
  g_free (h->code);
  g_free (h->table);
}

static ArbNetTable *
host_table (Host *h)
{
  return arb_net_server_find_table (h->server, h->table);
}

static char *
join_message (const char *code, const char *name_json)
{
  if (name_json == NULL)
    return g_strdup_printf ("{\"type\":\"join\",\"code\":\"%s\"}", code);
  return g_strdup_printf ("{\"type\":\"join\",\"code\":\"%s\",\"name\":%s}", code, name_json);
}

/* The member of seat in the "seats" of a state message. */
static JsonObject *
seat_of_state (JsonObject *state, guint seat)
{
  return json_array_get_object_element (json_object_get_array_member (state, "seats"), seat);
}

/* A name is trimmed, kept in every state and in the save; a bad one is
 * refused with "protocol" before any seat is taken. */
static void
test_names (void)
{
  static const char * const bad[] = {
    "\"\"", "\"    \"", "7", "null", "[\"Ann\"]", "\"Ann\\u0007\"", "\"A\\nB\"", "\"\\tAnn\"",
    "\"\\u202eAnn\"", "\"\\u2028\"", "\"123456789012345678901234567890123\"",
  };
  Host h;
  g_autoptr (ArbNetPeer) ann = NULL;
  g_autoptr (ArbNetPeer) bob = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *join = NULL;
  g_autofree char *long_name = NULL;
  g_autofree char *keyfile_path = NULL;
  g_autoptr (GFile) keyfile = NULL;
  g_autoptr (ArbNetTable) again = NULL;
  GString *accents = g_string_new (NULL);

  host_setup (&h, "{\"type\":\"create\",\"players\":2}");
  ann = arb_test_net_greeted_peer (h.server);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = join_message (h.code, bad[i]);

      arb_test_net_assert_refused (h.server, ann, text, "protocol");
      g_assert_null (arb_net_peer_get_table (ann));
    }
  /* 32 characters of two bytes each, and spaces around: a whole name. */
  g_string_append (accents, "\"  ");
  for (guint i = 0; i < ARB_NET_MAX_NAME; i++)
    g_string_append (accents, "é");
  g_string_append (accents, "  \"");
  long_name = g_strndup (accents->str + 3, accents->len - 6);
  g_string_free (accents, TRUE);
  join = join_message (h.code, "\"  Ann Müller  \"");
  arb_test_net_say (h.server, ann, join);
  g_assert_cmpint (arb_net_peer_get_seat (ann), ==, 0);
  bob = arb_test_net_greeted_peer (h.server);
  g_free (join);
  join = join_message (h.code, "\"  éééééééééééééééééééééééééééééééé  \"");
  arb_test_net_say (h.server, bob, join);
  g_assert_cmpint (arb_net_peer_get_seat (bob), ==, 1);
  state = parse (arb_test_net_last_sent (ann));
  g_assert_cmpstr (json_object_get_string_member (seat_of_state (state, 0), "name"), ==, "Ann Müller");
  g_assert_cmpstr (json_object_get_string_member (seat_of_state (state, 1), "name"), ==, long_name);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (arb_net_table_get_game (host_table (&h)), 0)),
                   ==, "Ann Müller");
  /* A server started again reads the names back. */
  keyfile_path = g_strdup_printf ("%s/%s.table", h.dir, h.table);
  keyfile = g_file_new_for_path (keyfile_path);
  again = arb_net_table_load (keyfile, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (arb_net_table_get_game (again), 0)), ==, "Ann Müller");
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (arb_net_table_get_game (again), 1)), ==, long_name);
  arb_net_server_remove_peer (h.server, ann);
  arb_net_server_remove_peer (h.server, bob);
  host_teardown (&h);
}

/* The connection that created the table is its host from the first seat
 * it takes; rejoining with that seat's token keeps it. */
static void
test_host (void)
{
  Host h;
  g_autoptr (ArbNetPeer) guest = NULL;
  g_autoptr (ArbNetPeer) back = NULL;
  g_autoptr (JsonObject) joined = NULL;
  g_autoptr (JsonObject) guest_joined = NULL;
  g_autoptr (JsonObject) back_joined = NULL;
  g_autofree char *join = NULL;
  g_autofree char *rejoin = NULL;

  host_setup (&h, "{\"type\":\"create\",\"players\":2}");
  guest = arb_test_net_greeted_peer (h.server);
  join = join_message (h.code, NULL);
  /* The guest joins first: the host's seat is the one the host takes. */
  arb_test_net_say (h.server, guest, join);
  arb_test_net_say (h.server, h.host, join);
  g_assert_cmpint (arb_net_table_get_host_seat (host_table (&h)), ==, 1);
  joined = parse (sent_back (h.host, 2));
  g_assert_cmpstr (json_object_get_string_member (joined, "type"), ==, "joined");
  g_assert_true (json_object_get_boolean_member (joined, "host"));
  guest_joined = parse (g_ptr_array_index (arb_net_peer_get_sent (guest), 1));
  g_assert_cmpstr (json_object_get_string_member (guest_joined, "type"), ==, "joined");
  g_assert_false (json_object_get_boolean_member (guest_joined, "host"));
  rejoin = g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}", arb_net_table_get_token (host_table (&h), 1));
  back = arb_test_net_greeted_peer (h.server);
  arb_test_net_say (h.server, back, rejoin);
  back_joined = parse (sent_back (back, 2));
  g_assert_true (json_object_get_boolean_member (back_joined, "host"));
  g_assert_true (arb_net_peer_get_closed (h.host));
  arb_test_net_assert_refused (h.server, guest, "{\"type\":\"replace\",\"seat\":0,\"level\":\"easy\"}", "not-host");
  arb_test_net_assert_refused (h.server, back, "{\"type\":\"replace\",\"seat\":0,\"level\":\"easy\"}", "not-away");
  arb_net_server_remove_peer (h.server, guest);
  arb_net_server_remove_peer (h.server, back);
  host_teardown (&h);
}

/* Away seconds, and each refusal of a replace; then the seat is the
 * computer's, its token revoked, and a server started again keeps it so. */
static void
test_replace (void)
{
  static const char * const malformed[] = {
    "{\"type\":\"replace\"}", "{\"type\":\"replace\",\"seat\":2}", "{\"type\":\"replace\",\"seat\":3,\"level\":\"easy\"}",
    "{\"type\":\"replace\",\"seat\":-1,\"level\":\"easy\"}", "{\"type\":\"replace\",\"seat\":2,\"level\":\"god\"}",
    "{\"type\":\"replace\",\"seat\":\"2\",\"level\":\"easy\"}", "{\"type\":\"replace\",\"seat\":2,\"level\":7}",
  };
  Host h;
  g_autoptr (ArbNetPeer) bob = NULL;
  g_autoptr (ArbNetPeer) cid = NULL;
  g_autoptr (ArbNetPeer) watcher = NULL;
  g_autoptr (ArbNetPeer) thief = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autoptr (JsonObject) refusal = NULL;
  g_autoptr (JsonObject) after = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *join = NULL, *watch = NULL, *token = NULL, *rejoin = NULL, *path = NULL;
  g_autoptr (GFile) keyfile = NULL;
  g_autoptr (ArbNetTable) again = NULL;
  const char *replace = "{\"type\":\"replace\",\"seat\":2,\"level\":\"easy\"}";
  ArbNetTable *table;

  host_setup (&h, "{\"type\":\"create\",\"players\":3,\"seats\":[\"person\",\"person\",\"person\"],\"seed\":4}");
  table = host_table (&h);
  join = join_message (h.code, NULL);
  watch = g_strdup_printf ("{\"type\":\"watch\",\"code\":\"%s\"}", h.code);
  arb_test_net_say (h.server, h.host, join);
  bob = arb_test_net_greeted_peer (h.server);
  /* Before a seat is taken it is not away. */
  arb_test_net_assert_refused (h.server, h.host, replace, "not-away");
  arb_test_net_say (h.server, bob, join);
  cid = arb_test_net_greeted_peer (h.server);
  arb_test_net_say (h.server, cid, join);
  watcher = arb_test_net_greeted_peer (h.server);
  arb_test_net_say (h.server, watcher, watch);
  token = g_strdup (arb_net_table_get_token (table, 2));
  for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
    arb_test_net_assert_refused (h.server, h.host, malformed[i], "protocol");
  arb_test_net_assert_refused (h.server, bob, replace, "not-host");
  arb_test_net_assert_refused (h.server, watcher, replace, "not-host");
  arb_test_net_assert_refused (h.server, h.host, replace, "not-away");
  g_assert_nonnull (strstr (arb_test_net_last_sent (h.host), "connected"));

  /* Cid drops: everybody sees the seat away, from 0 seconds. */
  arb_net_server_remove_peer (h.server, cid);
  state = parse (arb_test_net_last_sent (h.host));
  g_assert_cmpint (json_object_get_int_member (state, "replace-after"), ==, ARB_NET_REPLACE_AFTER);
  g_assert_false (json_object_get_boolean_member (seat_of_state (state, 2), "connected"));
  g_assert_cmpint (json_object_get_int_member (seat_of_state (state, 2), "away"), <, ARB_NET_REPLACE_AFTER);
  g_assert_false (json_object_has_member (seat_of_state (state, 1), "away"));
  arb_test_net_assert_refused (h.server, h.host, replace, "not-away");
  refusal = parse (arb_test_net_last_sent (h.host));
  g_assert_nonnull (strstr (json_object_get_string_member (refusal, "message"), "seconds"));

  /* Past the limit (none, for the test), the host may. */
  arb_net_server_set_replace_after (h.server, 0);
  arb_test_net_assert_refused (h.server, bob, replace, "not-host");
  arb_test_net_say (h.server, h.host, replace);
  after = parse (arb_test_net_last_sent (h.host));
  g_assert_cmpstr (json_object_get_string_member (after, "type"), ==, "state");
  g_assert_cmpstr (json_object_get_string_member (seat_of_state (after, 2), "kind"), ==, "easy");
  g_assert_true (json_object_get_boolean_member (seat_of_state (after, 2), "connected"));
  g_assert_false (json_object_has_member (seat_of_state (after, 2), "away"));
  g_assert_cmpint (json_object_get_int_member (after, "replace-after"), ==, 0);
  g_assert_cmpstr (type_of (arb_test_net_last_sent (bob)), ==, "state");
  g_assert_cmpstr (type_of (arb_test_net_last_sent (watcher)), ==, "state");
  g_assert_null (arb_net_table_get_token (table, 2));
  /* Replayed, and of a computer's seat. */
  arb_test_net_assert_refused (h.server, h.host, replace, "not-away");
  g_assert_nonnull (strstr (arb_test_net_last_sent (h.host), "computer"));

  /* The revoked token holds nothing. */
  thief = arb_test_net_greeted_peer (h.server);
  rejoin = g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}", token);
  arb_test_net_assert_refused (h.server, thief, rejoin, "bad-token");
  g_assert_null (arb_net_peer_get_table (thief));

  /* A server started again keeps the computer and the host. */
  path = g_strdup_printf ("%s/%s.table", h.dir, h.table);
  keyfile = g_file_new_for_path (path);
  again = arb_net_table_load (keyfile, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_is_computer (arb_net_table_get_game (again), 2));
  g_assert_cmpstr (arb_player_get_level (arb_game_get_player (arb_net_table_get_game (again), 2)), ==, "easy");
  g_assert_null (arb_net_table_get_token (again, 2));
  g_assert_nonnull (arb_net_table_get_token (again, 1));
  g_assert_cmpint (arb_net_table_get_host_seat (again), ==, 0);

  arb_net_server_remove_peer (h.server, bob);
  arb_net_server_remove_peer (h.server, watcher);
  arb_net_server_remove_peer (h.server, thief);
  host_teardown (&h);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/host/names", test_names);
  g_test_add_func ("/net/host/host", test_host);
  g_test_add_func ("/net/host/replace", test_replace);
  return g_test_run ();
}
