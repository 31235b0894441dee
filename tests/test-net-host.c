/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-host.c: what network play adds around a game: names taken at
 * join, the history a newcomer gets, the seconds a seat has been away, the
 * host who may give an away seat to a computer (and nobody else, nor too
 * soon), and the record of the whole game, only at its end. */
#include "config.h"

#include <string.h>

#include "arb-net-secret.h"
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

  host_setup (&h, "{\"type\":\"create\",\"players\":3,\"seats\":[\"person\",\"person\",\"person\"],\"practice\":true,\"seed\":4}");
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

/* Seats 0 to n-1 joined at h's table, in order. */
static void
join_all (Host *h, ArbNetPeer **peers, guint n)
{
  g_autofree char *join = join_message (h->code, NULL);

  for (guint seat = 0; seat < n; seat++)
    {
      peers[seat] = seat == 0 ? g_object_ref (h->host) : arb_test_net_greeted_peer (h->server);
      arb_test_net_say (h->server, peers[seat], join);
      g_assert_cmpint (arb_net_peer_get_seat (peers[seat]), ==, seat);
    }
}

/* Random legal moves through the handler, each from the seat that acts,
 * until the game is over or n_steps are taken. */
static void
play_random (Host *h, ArbNetPeer **peers, GRand *rand, guint n_steps)
{
  ArbGame *game = arb_net_table_get_game (host_table (h));

  for (guint i = 0; i < n_steps && !arb_game_is_finished (game); i++)
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);
      guint step = arb_game_get_n_steps (game);
      g_autofree char *text = arb_test_net_move_message (&move, step);

      arb_test_net_say (h->server, peers[arb_game_get_current_player (game)], text);
      g_assert_cmpuint (arb_game_get_n_steps (game), ==, step + 1);
    }
}

static void
leave_all (Host *h, ArbNetPeer **peers, guint n)
{
  for (guint seat = 0; seat < n; seat++)
    {
      arb_net_server_remove_peer (h->server, peers[seat]);
      g_object_unref (peers[seat]);
    }
}

/* A "history" message is what the engine says viewer knows: the start
 * with nobody's knowledge, and every step masked for viewer. */
static void
check_history (ArbGame *game, const char *text, int viewer)
{
  g_autoptr (JsonObject) message = parse (text);
  g_autoptr (GError) error = NULL;
  g_autofree ArbProjection *start = g_new0 (ArbProjection, 1);
  g_autofree ArbProjection *expected = g_new0 (ArbProjection, 1);
  JsonArray *steps = json_object_get_array_member (message, "steps");
  ArbKnowledge nothing;

  g_assert_cmpstr (json_object_get_string_member (message, "type"), ==, "history");
  g_assert_true (arb_net_read_view (json_object_get_member (message, "start"), start, &error));
  g_assert_no_error (error);
  arb_knowledge_init (&nothing);
  g_assert_true (arb_projection_init (expected, arb_game_get_start_state (game), viewer, &nothing, NULL));
  g_assert_true (arb_test_same_state (&start->state, &expected->state));
  g_assert_cmpint (start->viewer, ==, viewer);
  g_assert_cmpuint (json_array_get_length (steps), ==, arb_game_get_n_steps (game));
  for (guint i = 0; i < arb_game_get_n_steps (game); i++)
    {
      ArbStep step, masked = *arb_game_get_step (game, i);

      arb_projection_mask_step (viewer, &masked);
      masked.refill_discard = ARB_CARD_NONE;
      g_assert_true (arb_net_read_step (json_array_get_element (steps, i), &step, &error));
      g_assert_no_error (error);
      g_assert_true (arb_test_same_step (&step, &masked));
    }
}

/* Who comes late (a spectator, a seat taken again) gets joined, history
 * and state, in this order, and the history is the whole game so far. */
static void
test_history (void)
{
  Host h;
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (ArbNetPeer) watcher = NULL;
  g_autoptr (ArbNetPeer) back = NULL;
  ArbNetPeer *peers[3];
  g_autofree char *watch = NULL, *rejoin = NULL;
  ArbGame *game;

  host_setup (&h, "{\"type\":\"create\",\"players\":3,\"practice\":true,\"seed\":11}");
  join_all (&h, peers, 3);
  game = arb_net_table_get_game (host_table (&h));
  g_assert_cmpstr (type_of (sent_back (peers[2], 2)), ==, "joined");
  check_history (game, sent_back (peers[2], 1), 2);
  g_assert_cmpstr (type_of (sent_back (peers[2], 0)), ==, "state");
  play_random (&h, peers, rand, 37);

  watcher = arb_test_net_greeted_peer (h.server);
  watch = g_strdup_printf ("{\"type\":\"watch\",\"code\":\"%s\"}", h.code);
  arb_test_net_say (h.server, watcher, watch);
  g_assert_cmpstr (type_of (sent_back (watcher, 2)), ==, "joined");
  check_history (game, sent_back (watcher, 1), ARB_VIEWER_PUBLIC);
  g_assert_cmpstr (type_of (sent_back (watcher, 0)), ==, "state");

  back = arb_test_net_greeted_peer (h.server);
  rejoin = g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}", arb_net_table_get_token (host_table (&h), 1));
  arb_test_net_say (h.server, back, rejoin);
  g_assert_cmpstr (type_of (sent_back (back, 2)), ==, "joined");
  check_history (game, sent_back (back, 1), 1);
  g_assert_cmpstr (type_of (sent_back (back, 0)), ==, "state");
  g_assert_false (strstr (sent_back (back, 1), "\"record\"") != NULL);

  arb_net_server_remove_peer (h.server, watcher);
  arb_net_server_remove_peer (h.server, back);
  leave_all (&h, peers, 3);
  host_teardown (&h);
}

/* The index of the first message of type in peer's, or -1. */
static int
find_sent (ArbNetPeer *peer, const char *type)
{
  GPtrArray *sent = arb_net_peer_get_sent (peer);

  for (guint i = 0; i < sent->len; i++)
    if (g_str_equal (type_of (g_ptr_array_index (sent, i)), type))
      return (int) i;
  return -1;
}

/* A record holds the table's save file, byte for byte, which the engine
 * loads to the same end. */
static void
check_record (Host *h, const char *text)
{
  g_autoptr (JsonObject) message = parse (text);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_strdup_printf ("%s/%s.arboretum", h->dir, h->table);
  g_autofree char *file = NULL;
  const char *save = json_object_get_string_member (message, "save");
  g_autoptr (ArbGame) loaded = arb_save_load_data (save, strlen (save), NULL, &error);
  ArbGame *game = arb_net_table_get_game (host_table (h));
  ArbScoreSheet expected, got;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &file, NULL, &error));
  g_assert_cmpstr (save, ==, file);
  g_assert_true (arb_game_is_finished (loaded));
  arb_game_get_score (game, &expected);
  arb_game_get_score (loaded, &got);
  g_assert_cmpuint (got.n_players, ==, expected.n_players);
  for (guint p = 0; p < got.n_players; p++)
    g_assert_cmpuint (got.players[p].total, ==, expected.players[p].total);
  g_assert_cmpuint (got.winners, ==, expected.winners);
}

/* Nobody gets the record before the end; everybody at the table gets it
 * once, right after the final state; and so does whoever comes later. */
static void
test_record (void)
{
  Host h;
  g_autoptr (GRand) rand = g_rand_new_with_seed (8);
  g_autoptr (ArbNetPeer) watcher = NULL;
  g_autoptr (ArbNetPeer) late = NULL;
  ArbNetPeer *peers[2];
  g_autofree char *watch = NULL;
  GPtrArray *sent;

  host_setup (&h, "{\"type\":\"create\",\"players\":2,\"practice\":true,\"seed\":12}");
  join_all (&h, peers, 2);
  watcher = arb_test_net_greeted_peer (h.server);
  watch = g_strdup_printf ("{\"type\":\"watch\",\"code\":\"%s\"}", h.code);
  arb_test_net_say (h.server, watcher, watch);
  play_random (&h, peers, rand, 40);
  for (guint seat = 0; seat < 2; seat++)
    g_assert_cmpint (find_sent (peers[seat], "record"), ==, -1);
  g_assert_cmpint (find_sent (watcher, "record"), ==, -1);
  play_random (&h, peers, rand, 1000);
  g_assert_true (arb_game_is_finished (arb_net_table_get_game (host_table (&h))));
  for (guint i = 0; i < 3; i++)
    {
      ArbNetPeer *peer = i < 2 ? peers[i] : watcher;
      g_autoptr (JsonObject) final = NULL;

      sent = arb_net_peer_get_sent (peer);
      g_assert_cmpint (find_sent (peer, "record"), ==, (int) sent->len - 1);
      final = parse (sent_back (peer, 1));
      g_assert_cmpstr (json_object_get_string_member (final, "type"), ==, "state");
      g_assert_true (json_object_has_member (final, "scores"));
      check_record (&h, sent_back (peer, 0));
    }
  late = arb_test_net_greeted_peer (h.server);
  arb_test_net_say (h.server, late, watch);
  g_assert_cmpstr (type_of (sent_back (late, 3)), ==, "joined");
  g_assert_cmpstr (type_of (sent_back (late, 2)), ==, "history");
  g_assert_cmpstr (type_of (sent_back (late, 1)), ==, "state");
  check_record (&h, sent_back (late, 0));
  /* The others were told of the newcomer, without a second record. */
  g_assert_cmpstr (type_of (sent_back (watcher, 0)), ==, "state");

  arb_net_server_remove_peer (h.server, watcher);
  arb_net_server_remove_peer (h.server, late);
  leave_all (&h, peers, 2);
  host_teardown (&h);
}

static void
on_record (ArbNetClient *client, gpointer user_data)
{
  guint *n_records = user_data;

  /* Never before the end, and after the final state. */
  g_assert_true (arb_net_client_get_finished (client));
  (*n_records)++;
}

static gboolean
host_is_seated (gpointer client)
{
  return (arb_net_client_get_is_host (client) && arb_net_client_get_view (client) != NULL
          && arb_net_client_get_start_view (client) != NULL)
         || arb_net_client_get_n_errors (client) > 0;
}

static gboolean
guest_to_play (gpointer client)
{
  const ArbProjection *view = arb_net_client_get_view (client);

  return (view != NULL && arb_net_client_get_started (client) && view->state.current == 1
          && arb_net_client_get_step (client) >= 4)
         || arb_net_client_get_n_errors (client) > 0;
}

static gboolean
guest_away (gpointer client)
{
  return (arb_net_client_get_n_seats (client) == 2 && arb_net_client_get_seat_away (client, 1) >= 0)
         || arb_net_client_get_n_errors (client) > 0;
}

static gboolean
has_record (gpointer client)
{
  return arb_net_client_get_record (client) != NULL || arb_net_client_get_n_errors (client) > 0;
}

/* Over the wire: the host names itself, a guest drops, the host gives the
 * guest's seat to a computer, and the game reaches its end, whose record
 * every client loads to the scores it was shown. */
static void
test_replaced_game_ends (void)
{
  g_autofree char *dir = NULL, *uri = NULL;
  g_autoptr (ArbNetServer) server = arb_test_net_server (&dir, &uri);
  g_autoptr (ArbNetClient) host = arb_test_net_client_new (uri);
  g_autoptr (ArbNetClient) guest = arb_test_net_client_new (uri);
  g_autoptr (ArbGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *code = NULL;
  const char *record;
  ArbScoreSheet shown, saved;
  guint n_records = 0;
  ArbStep last;

  arb_net_server_set_replace_after (server, 0);
  g_signal_connect (host, "record", G_CALLBACK (on_record), &n_records);
  arb_net_client_set_name (host, "Ann");
  arb_net_client_create (host, ARB_VARIANT_STANDARD, 2, NULL, 21);
  arb_net_client_open (host);
  arb_test_net_wait ("the new table's code", arb_test_net_has_code, host);
  code = g_strdup (arb_net_client_get_code (host));
  arb_net_client_set_ai (host, ARB_AI_EASY, 21);
  arb_net_client_join (host, code);
  arb_test_net_wait ("the host seated, with its first views", host_is_seated, host);
  g_assert_cmpint (arb_net_client_get_seat (host), ==, 0);
  arb_net_client_set_name (guest, "  Bob ");
  arb_net_client_join (guest, code);
  arb_net_client_open (guest);
  arb_test_net_wait ("the guest's first view", arb_test_net_has_view, guest);
  g_assert_false (arb_net_client_get_is_host (guest));

  /* The guest plays nothing: the game waits for it, then it drops. */
  arb_test_net_wait_through ("the guest's turn, at step 4 or later", guest_to_play, arb_net_client_get_step, guest,
                             ARB_TEST_NET_MAX_STEPS);
  g_assert_cmpstr (arb_net_client_get_seat_name (guest, 0), ==, "Ann");
  g_assert_cmpstr (arb_net_client_get_seat_name (guest, 1), ==, "Bob");
  g_assert_cmpstr (arb_net_client_get_seat_kind (guest, 1), ==, "person");
  g_assert_true (arb_net_client_get_last (guest, &last));
  g_assert_cmpuint (last.player, ==, 0);
  arb_net_client_close (guest);
  arb_test_net_wait ("the host to see the guest away", guest_away, host);
  g_assert_false (arb_net_client_get_seat_connected (host, 1));
  g_assert_cmpuint (arb_net_client_get_replace_after (host), ==, 0);
  arb_net_client_replace (host, 1, ARB_AI_MEDIUM);
  arb_test_net_wait_through ("the host to receive the game's record", has_record, arb_net_client_get_step, host,
                             ARB_TEST_NET_MAX_STEPS);
  g_assert_cmpuint (arb_net_client_get_n_errors (host), ==, 0);
  g_assert_cmpuint (n_records, ==, 1);
  g_assert_cmpstr (arb_net_client_get_seat_kind (host, 1), ==, "medium");
  g_assert_cmpint (arb_net_client_get_seat_away (host, 1), ==, -1);

  record = arb_net_client_get_record (host);
  loaded = arb_save_load_data (record, strlen (record), NULL, &error);
  g_assert_no_error (error);
  arb_state_score (&arb_net_client_get_view (host)->state, &shown);
  arb_game_get_score (loaded, &saved);
  for (guint p = 0; p < 2; p++)
    g_assert_cmpuint (shown.players[p].total, ==, saved.players[p].total);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (loaded, 1)), ==, "Bob");
  g_assert_true (arb_game_is_computer (loaded, 1));

  /* The guest comes back too late for its seat, and watches the end. */
  g_assert_finalize_object (g_steal_pointer (&guest));
  guest = arb_test_net_client_new (uri);
  arb_net_client_watch (guest, code);
  arb_net_client_open (guest);
  arb_test_net_wait ("the returning guest to receive the record", has_record, guest);
  g_assert_cmpstr (arb_net_client_get_record (guest), ==, record);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* The longest message of history: a 4-player game that lasts as long as
 * the rules let it (every draw from a discard pile that has a card, every
 * card played as far out as it may go), seen by each seat and by a
 * spectator, under the cap of what the server reads from a client, the
 * cap any client of version 1 may have; and no game could be longer by
 * more than the room left. */
static void
test_history_size (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (4, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = arb_game_new (ARB_VARIANT_STANDARD, players, 77, 0, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (77);
  g_autoptr (JsonBuilder) longest = arb_net_message_begin ("x");
  g_autofree char *longest_text = NULL;
  ArbStep worst = { arb_move_discard (arb_card_new (ARB_N_SPECIES - 1, 8), -ARB_COORD_LIMIT, -ARB_COORD_LIMIT), 3,
                    ARB_CARD_NONE, ARB_CARD_NONE };

  g_assert_no_error (error);
  while (!arb_game_is_finished (game))
    {
      const ArbState *state = arb_game_get_state (game);
      ArbMove move = arb_test_random_move (state, rand);
      gint8 sources[1 + ARB_MAX_PLAYERS];
      gint8 xy[2 * ARB_MAX_FREE_CELLS];

      if (state->phase == ARB_PHASE_DRAW)
        move = arb_move_draw (sources[arb_state_legal_sources (state, sources) - 1]);
      else if (state->phase == ARB_PHASE_PLAY)
        {
          guint n = arb_state_free_cells (state, state->current, xy);

          move.x = xy[2 * (n - 1)];
          move.y = xy[2 * (n - 1) + 1];
        }
      g_assert_true (arb_game_apply (game, &move, &error));
    }
  /* Each step of a longer game could be at most this long, with a comma. */
  json_builder_set_member_name (longest, "s");
  arb_net_add_step (longest, &worst);
  longest_text = arb_net_to_text (longest);
  for (int viewer = ARB_VIEWER_PUBLIC; viewer < 4; viewer++)
    {
      g_autoptr (JsonBuilder) builder = arb_net_message_begin ("history");
      g_autofree ArbProjection *start = g_new (ArbProjection, 1);
      g_autofree char *text = NULL;
      ArbKnowledge nothing;
      gsize room;

      arb_knowledge_init (&nothing);
      g_assert_true (arb_projection_init (start, arb_game_get_start_state (game), viewer, &nothing, NULL));
      arb_net_add_view_as (builder, "start", start);
      json_builder_set_member_name (builder, "steps");
      json_builder_begin_array (builder);
      for (guint i = 0; i < arb_game_get_n_steps (game); i++)
        {
          ArbStep step = *arb_game_get_step (game, i);

          arb_projection_mask_step (viewer, &step);
          arb_net_add_step (builder, &step);
        }
      json_builder_end_array (builder);
      text = arb_net_to_text (builder);
      room = (4 * ARB_N_CARDS - arb_game_get_n_steps (game)) * strlen (longest_text);
      g_test_message ("viewer %d: %u steps, history %zu bytes, %zu more at most", viewer,
                      arb_game_get_n_steps (game), strlen (text), room);
      g_assert_cmpuint (strlen (text), <, ARB_NET_MAX_MESSAGE);
      g_assert_cmpuint (strlen (text) + room, <, ARB_NET_MAX_MESSAGE);
    }
  /* Its record, far under what a client reads. */
  {
    g_autoptr (GBytes) save = arb_save_to_bytes (game, NULL, &error);
    g_autoptr (JsonBuilder) builder = arb_net_message_begin ("record");
    g_autofree char *save_text = NULL, *text = NULL;

    g_assert_no_error (error);
    save_text = g_strndup (g_bytes_get_data (save, NULL), g_bytes_get_size (save));
    json_builder_set_member_name (builder, "save");
    json_builder_add_string_value (builder, save_text);
    text = arb_net_to_text (builder);
    g_test_message ("record: save %zu bytes, message %zu bytes", strlen (save_text), strlen (text));
    g_assert_cmpuint (strlen (text), <, ARB_NET_MAX_SERVER_MESSAGE / 4);
  }
}

/* A server that is not one: it sends its messages to whoever connects. */
typedef struct {
  GPtrArray               *messages;
  SoupWebsocketConnection *connection;
} FakeServer;

static void
on_fake_websocket (SoupServer *soup, SoupServerMessage *msg, const char *path,
                   SoupWebsocketConnection *connection, gpointer user_data)
{
  FakeServer *fake = user_data;

  fake->connection = g_object_ref (connection);
  for (guint i = 0; i < fake->messages->len; i++)
    soup_websocket_connection_send_text (connection, g_ptr_array_index (fake->messages, i));
}

/* The body of a state's "view" member for a fresh 2-player game. */
static char *
view_member (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (ArbGame) game = arb_game_new (ARB_VARIANT_STANDARD, players, 3, 0, NULL);
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("x");
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autofree char *text = NULL;

  arb_game_project (game, 0, view);
  arb_net_add_projection (builder, view);
  text = arb_net_to_text (builder);
  /* {"type":"x",  ...  } */
  return g_strndup (text + strlen ("{\"type\":\"x\","), strlen (text) - strlen ("{\"type\":\"x\",") - 1);
}

static char *
state_with (const char *started, const char *seats, const char *extra, const char *view)
{
  return g_strdup_printf ("{\"type\":\"state\",\"step\":0,\"started\":%s,\"replace-after\":60,\"seats\":%s%s,%s}",
                          started, seats, extra, view);
}

static gboolean
fake_done (gpointer client)
{
  return arb_net_client_get_closed (client);
}

static void
count_changed (ArbNetClient *client, gpointer user_data)
{
  (*(guint *) user_data)++;
}

/* A table's deal comes from the system's cryptographic source: a seed is
 * refused unless the table is marked practice, and then every player who
 * joins is told it. Nothing seeds a table by default. */
static void
test_seed_practice_only (void)
{
  Host plain, practice;
  g_autofree char *join = NULL;
  g_autoptr (JsonObject) joined = NULL;
  g_autoptr (ArbNetPeer) guest = NULL;
  ArbGame *game;

  host_setup (&plain, "{\"type\":\"create\",\"players\":2}");
  game = arb_net_table_get_game (host_table (&plain));
  g_assert_false (arb_game_has_seed (game));
  arb_test_net_assert_refused (plain.server, plain.host,
                               "{\"type\":\"create\",\"players\":2,\"seed\":7}", "bad-setup");
  arb_test_net_assert_refused (plain.server, plain.host,
                               "{\"type\":\"create\",\"players\":2,\"practice\":false,\"seed\":7}", "bad-setup");
  arb_test_net_assert_refused (plain.server, plain.host,
                               "{\"type\":\"create\",\"players\":2,\"practice\":1,\"seed\":7}", "protocol");
  join = join_message (plain.code, NULL);
  arb_test_net_say (plain.server, plain.host, join);
  joined = parse (sent_back (plain.host, 2));
  g_assert_cmpstr (json_object_get_string_member (joined, "type"), ==, "joined");
  g_assert_false (json_object_has_member (joined, "seed"));
  g_assert_false (json_object_has_member (joined, "practice"));

  host_setup (&practice, "{\"type\":\"create\",\"players\":2,\"practice\":true,\"seed\":7}");
  game = arb_net_table_get_game (host_table (&practice));
  g_assert_true (arb_game_has_seed (game));
  g_assert_cmpuint (arb_game_get_seed (game), ==, 7);
  g_clear_pointer (&join, g_free);
  g_clear_pointer (&joined, json_object_unref);
  join = join_message (practice.code, NULL);
  guest = arb_test_net_greeted_peer (practice.server);
  arb_test_net_say (practice.server, guest, join);
  joined = parse (sent_back (guest, 2));
  g_assert_cmpstr (json_object_get_string_member (joined, "type"), ==, "joined");
  g_assert_true (json_object_get_boolean_member (joined, "practice"));
  g_assert_cmpint (json_object_get_int_member (joined, "seed"), ==, 7);
  arb_net_server_remove_peer (practice.server, guest);
  host_teardown (&practice);
  host_teardown (&plain);
}

/* A hostile server: every field it sends is checked, a message that fails
 * changes nothing, and a message over 256 KiB closes the connection. */
static void
test_hostile_server (void)
{
  static const char * const two = "[{\"name\":\"Ann\",\"kind\":\"person\",\"connected\":true},"
                                  "{\"name\":\"Bob\",\"kind\":\"easy\",\"connected\":true}]";
  g_autofree char *view = view_member ();
  g_autoptr (SoupServer) soup = soup_server_new (NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetClient) client = NULL;
  g_autoptr (GString) huge = g_string_new ("{\"type\":\"record\",\"save\":\"");
  char *protocols[] = { (char *) ARB_NET_SUBPROTOCOL, NULL };
  FakeServer fake = { g_ptr_array_new_with_free_func (g_free), NULL };
  g_autofree char *uri = NULL;
  GSList *uris;
  g_autofree char *deep = NULL, *closed = NULL;
  guint n_bad, n_changed = 0;

  g_ptr_array_add (fake.messages, state_with ("true", "[{\"name\":\"A\",\"kind\":\"person\",\"connected\":true},"
                                              "{\"name\":\"B\",\"kind\":\"person\",\"connected\":true},"
                                              "{\"name\":\"C\",\"kind\":\"person\",\"connected\":true}]", "", view));
  g_ptr_array_add (fake.messages, state_with ("true", "[{\"name\":\"A\",\"kind\":\"god\",\"connected\":true}]", "", view));
  g_ptr_array_add (fake.messages, state_with ("true", "[{\"name\":\"A\\u0007\",\"kind\":\"person\",\"connected\":true}]", "", view));
  g_ptr_array_add (fake.messages, state_with ("true", "[{\"name\":\"\",\"kind\":\"person\",\"connected\":true}]", "", view));
  g_ptr_array_add (fake.messages, state_with ("true", "[{\"name\":\"A\",\"kind\":\"person\",\"connected\":true,\"away\":-5}]", "", view));
  g_ptr_array_add (fake.messages, state_with ("true", "[{\"name\":\"A\",\"kind\":\"person\",\"connected\":1}]", "", view));
  g_ptr_array_add (fake.messages, state_with ("\"yes\"", two, "", view));
  g_ptr_array_add (fake.messages, state_with ("true", two, ",\"last\":{\"player\":3,\"kind\":\"draw\",\"source\":-1}", view));
  g_ptr_array_add (fake.messages, state_with ("true", two, ",\"last\":{\"player\":0,\"kind\":\"draw\",\"source\":-1,\"card\":\"oak-9\"}", view));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"history\",\"steps\":[]}"));
  g_ptr_array_add (fake.messages, g_strdup_printf ("{\"type\":\"history\",%s,\"steps\":{}}", view));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"record\",\"save\":\"<not-a-save/>\"}"));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"record\",\"save\":7}"));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"joined\",\"table\":\"t\",\"seat\":9}"));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"joined\",\"table\":\"t\",\"seat\":0,\"host\":\"yes\"}"));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"joined\",\"table\":[],\"seat\":0}"));
  /* json-glib's parser recurses: 262,000 "[" crashed the client. Nesting
   * past the limit is refused before it parses, also inside an object, but
   * not brackets in a string. */
  g_ptr_array_add (fake.messages, g_strnfill (262000, '['));
  deep = g_strnfill (ARB_NET_MAX_DEPTH, '[');
  closed = g_strnfill (ARB_NET_MAX_DEPTH, ']');
  g_ptr_array_add (fake.messages, g_strdup_printf ("{\"type\":\"state\",\"x\":%s%s}", deep, closed));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"state\",\"x\":'[[[[',\"y\":1}"));
  g_ptr_array_add (fake.messages, g_strdup ("{\"type\":\"state\",/* [ */\"y\":1}"));
  n_bad = fake.messages->len;
  /* One good state, then one too large to read. */
  g_ptr_array_add (fake.messages, state_with ("true", two, ",\"last\":{\"player\":1,\"kind\":\"draw\",\"source\":-1}", view));
  while (huge->len < ARB_NET_MAX_SERVER_MESSAGE + 16)
    g_string_append (huge, "aaaaaaaaaaaaaaaa");
  g_string_append (huge, "\"}");
  g_ptr_array_add (fake.messages, g_strdup (huge->str));

  soup_server_add_websocket_handler (soup, ARB_NET_PATH, NULL, protocols, on_fake_websocket, &fake, NULL);
  g_assert_true (soup_server_listen_local (soup, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (soup);
  uri = g_strdup_printf ("ws://127.0.0.1:%d%s", g_uri_get_port (uris->data), ARB_NET_PATH);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  client = arb_test_net_client_new (uri);
  g_signal_connect (client, "changed", G_CALLBACK (count_changed), &n_changed);
  arb_net_client_open (client);
  arb_test_net_wait ("the fake server's last message to be read", fake_done, client);
  g_assert_cmpuint (arb_net_client_get_n_errors (client), ==, n_bad);
  g_assert_cmpstr (arb_net_client_get_last_error (client), ==, "protocol");
  /* Only the good state counted. */
  g_assert_cmpuint (n_changed, ==, 1);
  g_assert_cmpint (arb_net_client_get_seat (client), ==, -1);
  g_assert_null (arb_net_client_get_table (client));
  g_assert_null (arb_net_client_get_start_view (client));
  g_assert_null (arb_net_client_get_record (client));
  g_assert_nonnull (arb_net_client_get_view (client));
  g_assert_cmpuint (arb_net_client_get_n_seats (client), ==, 2);
  g_assert_cmpstr (arb_net_client_get_seat_name (client, 0), ==, "Ann");
  g_assert_cmpstr (arb_net_client_get_seat_kind (client, 1), ==, "easy");
  g_assert_cmpint (arb_net_client_get_seat_away (client, 0), ==, -1);

  g_clear_object (&fake.connection);
  g_ptr_array_unref (fake.messages);
  soup_server_disconnect (soup);
}

/* arboretum-cli host --play, as it runs. */
typedef struct {
  GSubprocess      *process;
  GDataInputStream *out;
  char             *code;     /* the invite code, once printed */
  char             *id;       /* its table's, once printed */
  gboolean          out_done;
  gboolean          exited;
  ArbNetTable      *table;    /* its table on the server */
} HostCli;

static void
on_host_line (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HostCli *cli = user_data;
  g_autofree char *line = g_data_input_stream_read_line_finish (cli->out, result, NULL, NULL);

  if (line == NULL)
    {
      cli->out_done = TRUE;
      return;
    }
  /* The invite code: two groups of four, its own line. */
  if (cli->code == NULL && strlen (line) == ARB_NET_CODE_LENGTH && line[4] == '-')
    cli->code = g_strdup (line);
  /* "Table ID is open. ..." (LANGUAGE=C) */
  if (cli->id == NULL && g_str_has_prefix (line, "Table ") && strchr (line + 6, ' ') != NULL)
    cli->id = g_strndup (line + 6, strchr (line + 6, ' ') - (line + 6));
  g_data_input_stream_read_line_async (cli->out, G_PRIORITY_DEFAULT, NULL, on_host_line, cli);
}

static void
on_host_exited (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HostCli *cli = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  cli->exited = TRUE;
}

static gboolean
cli_has_code (gpointer data)
{
  HostCli *cli = data;

  return cli->code != NULL || cli->exited;
}

static gboolean
cli_done (gpointer data)
{
  HostCli *cli = data;

  return cli->exited && cli->out_done;
}

/* The command prints the code before it takes its own seat (whoever reads
 * the code reads it at once): a guest that joins before that takes seat 0. */
static gboolean
cli_is_seated (gpointer data)
{
  HostCli *cli = data;

  return arb_net_table_get_host_seat (cli->table) >= 0 || cli->exited;
}

static guint
table_steps (gpointer data)
{
  HostCli *cli = data;

  return arb_game_get_n_steps (arb_net_table_get_game (cli->table));
}

static gboolean
guest_started (gpointer client)
{
  return arb_net_client_get_started (client) || arb_net_client_get_n_errors (client) > 0;
}

/* `arboretum-cli host --play easy --name Ann --replace-away medium` stays
 * as the host; a guest takes the other seat and drops; the command gives
 * its seat to a computer, plays to the end and says the scores. */
static void
test_cli_replace_away (void)
{
  g_autofree char *dir = NULL, *uri = NULL;
  g_autoptr (ArbNetServer) server = arb_test_net_server (&dir, &uri);
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr (ArbNetClient) guest = NULL;
  g_autoptr (GError) error = NULL;
  HostCli cli = { NULL, NULL, NULL, NULL, FALSE, FALSE, NULL };
  ArbNetTable *table;
  ArbGame *game;

  arb_net_server_set_replace_after (server, 0);
  cli.process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARB_CLI"), "host", uri,
                                             "--players", "2", "--seed", "9", "--play", "easy",
                                             "--name", "Ann", "--replace-away", "medium", NULL);
  g_assert_no_error (error);
  cli.out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (cli.process));
  g_data_input_stream_read_line_async (cli.out, G_PRIORITY_DEFAULT, NULL, on_host_line, &cli);
  g_subprocess_wait_async (cli.process, NULL, on_host_exited, &cli);
  arb_test_net_wait ("arboretum-cli host to print its code", cli_has_code, &cli);
  g_assert_nonnull (cli.code);
  g_assert_nonnull (cli.id);
  cli.table = arb_net_server_find_table (server, cli.id);
  g_assert_nonnull (cli.table);
  arb_test_net_wait ("arboretum-cli host to take its seat", cli_is_seated, &cli);

  guest = arb_test_net_client_new (uri);
  arb_net_client_set_name (guest, "Bob");
  arb_net_client_join (guest, cli.code);
  arb_net_client_open (guest);
  arb_test_net_wait ("the guest to see the game start", guest_started, guest);
  g_assert_cmpint (arb_net_client_get_seat (guest), ==, 1);
  arb_net_client_close (guest);

  g_assert_true (arb_net_server_find_table (server, arb_net_client_get_table (guest)) == cli.table);
  arb_test_net_wait_through ("arboretum-cli host to play to the end and exit", cli_done, table_steps, &cli,
                             ARB_TEST_NET_MAX_STEPS);
  g_assert_true (g_subprocess_get_if_exited (cli.process));
  g_assert_cmpint (g_subprocess_get_exit_status (cli.process), ==, 0);
  table = arb_net_server_find_table (server, arb_net_client_get_table (guest));
  game = arb_net_table_get_game (table);
  g_assert_true (arb_game_is_finished (game));
  g_assert_cmpint (arb_net_table_get_host_seat (table), ==, 0);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 0)), ==, "Ann");
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 1)), ==, "Bob");
  g_assert_cmpstr (arb_player_get_level (arb_game_get_player (game, 1)), ==, "medium");

  g_object_unref (cli.out);
  g_object_unref (cli.process);
  g_free (cli.code);
  g_free (cli.id);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* A key file written before names and levels were in it: the seats are
 * as the save says, computers included. */
static void
test_old_keyfile (void)
{
  Host h;
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (ArbNetTable) again = NULL;
  g_autofree char *path = NULL;
  ArbGame *game;

  host_setup (&h, "{\"type\":\"create\",\"players\":3,\"seats\":[\"person\",\"hard\",\"person\"]}");
  path = g_strdup_printf ("%s/%s.table", h.dir, h.table);
  g_assert_true (g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error));
  g_key_file_remove_key (keyfile, "table", "host", NULL);
  for (guint seat = 0; seat < 3; seat++)
    {
      g_autofree char *group = g_strdup_printf ("seat %u", seat);

      g_key_file_remove_key (keyfile, group, "name", NULL);
      g_key_file_remove_key (keyfile, group, "level", NULL);
    }
  g_assert_true (g_key_file_save_to_file (keyfile, path, &error));
  file = g_file_new_for_path (path);
  again = arb_net_table_load (file, &error);
  g_assert_no_error (error);
  game = arb_net_table_get_game (again);
  g_assert_false (arb_game_is_computer (game, 0));
  g_assert_true (arb_game_is_computer (game, 1));
  g_assert_cmpstr (arb_player_get_level (arb_game_get_player (game, 1)), ==, "hard");
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 2)), ==, "Player 3");
  g_assert_nonnull (arb_net_table_get_token (again, 2));
  g_assert_cmpint (arb_net_table_get_host_seat (again), ==, -1);
  host_teardown (&h);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/host/names", test_names);
  g_test_add_func ("/net/host/host", test_host);
  g_test_add_func ("/net/host/replace", test_replace);
  g_test_add_func ("/net/host/old-keyfile", test_old_keyfile);
  g_test_add_func ("/net/host/history", test_history);
  g_test_add_func ("/net/host/record", test_record);
  g_test_add_func ("/net/host/replaced-game-ends", test_replaced_game_ends);
  g_test_add_func ("/net/host/history-size", test_history_size);
  g_test_add_func ("/net/host/hostile-server", test_hostile_server);
  g_test_add_func ("/net/host/seed-practice-only", test_seed_practice_only);
  g_test_add_func ("/net/host/cli-replace-away", test_cli_replace_away);
  return g_test_run ();
}
