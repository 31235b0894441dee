/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net.c: network play on loopback. Whole games between clients equal
 * the same seed played locally, drops and rejoins included; what a client
 * receives does not change when the cards it may not see are dealt
 * otherwise; a hostile client gets one error a bad message, or its own
 * connection closed, and never acts for another seat. */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "arb-net-protocol.h"
#include "arb-net-secret.h"
#include "arb-test-net.h"
#include "arb-test-redeal.h"
#include "arb-test-state.h"

static const ArbAiLevel seat_levels[ARB_MAX_PLAYERS] = {
  ARB_AI_MEDIUM, ARB_AI_EASY, ARB_AI_RANDOM, ARB_AI_MEDIUM,
};

static void
test_codes (void)
{
  for (guint i = 0; i < 100; i++)
    {
      g_autofree char *code = arb_net_new_code ();
      g_autofree char *again = arb_net_code_normalize (code);
      g_autofree char *lower = g_ascii_strdown (code, -1);
      g_autofree char *typed = arb_net_code_normalize (lower);
      g_autofree char *token = arb_net_new_token ();
      g_autofree char *other = arb_net_new_token ();

      g_assert_cmpuint (strlen (code), ==, ARB_NET_CODE_LENGTH);
      g_assert_cmpstr (again, ==, code);
      g_assert_cmpstr (typed, ==, code);
      g_assert_cmpuint (strlen (token), ==, ARB_NET_TOKEN_LENGTH);
      g_assert_cmpstr (token, !=, other);
      g_assert_false (arb_net_secret_equal (token, other));
      g_assert_true (arb_net_secret_equal (token, token));
    }
  g_assert_null (arb_net_code_normalize ("ABCD-EFG"));
  g_assert_null (arb_net_code_normalize ("ABCD-EFGH1"));
  g_assert_null (arb_net_code_normalize ("0BCD-EFGH"));
  g_assert_null (arb_net_code_normalize (""));
}

static gboolean
same_view (const ArbProjection *a, const ArbProjection *b)
{
  return arb_test_same_state (&a->state, &b->state) && a->viewer == b->viewer
         && memcmp (a->hand_size, b->hand_size, sizeof a->hand_size) == 0
         && memcmp (&a->unseen, &b->unseen, sizeof a->unseen) == 0;
}

/* A game of persons, or of computers at seat_levels. */
static ArbGame *
make_game (ArbVariant variant, guint n_seats, guint32 seed, gboolean computers)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  for (guint seat = 0; seat < n_seats; seat++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", seat + 1);

      g_ptr_array_add (players, computers ? arb_player_new (name, ARB_PLAYER_COMPUTER, arb_ai_level_id (seat_levels[seat]))
                                          : arb_player_new (name, ARB_PLAYER_PERSON, NULL));
    }
  game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

static void
check_round_trip (ArbGame *game, int viewer)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("state");
  g_autofree ArbProjection *view = g_new0 (ArbProjection, 1);
  g_autofree ArbProjection *back = g_new0 (ArbProjection, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  g_autofree char *text = NULL;
  const char *type;

  arb_game_project (game, viewer, view);
  arb_net_add_projection (builder, view);
  text = arb_net_to_text (builder);
  g_assert_cmpuint (strlen (text), <, ARB_NET_MAX_MESSAGE);
  message = arb_net_parse (text, strlen (text), &type, &error);
  g_assert_no_error (error);
  g_assert_true (arb_net_read_projection (message, back, &error));
  g_assert_no_error (error);
  g_assert_true (same_view (view, back));
}

/* Every projection of random games reads back as it was written. */
static void
test_projection_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);

  for (guint n_seats = 1; n_seats <= ARB_MAX_PLAYERS; n_seats++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbGame) game = make_game (n_seats == 1 ? ARB_VARIANT_SOLO : ARB_VARIANT_STANDARD,
                                            n_seats, n_seats, FALSE);

      while (TRUE)
        {
          for (int viewer = ARB_VIEWER_PUBLIC; viewer < (int) arb_game_get_n_seats (game); viewer++)
            check_round_trip (game, viewer);
          if (arb_game_is_finished (game))
            break;
          ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);

          g_assert_true (arb_game_apply (game, &move, &error));
        }
    }
}

typedef struct {
  ArbVariant variant;
  guint      n_seats;
  gboolean   drop;
} GameCase;

typedef struct {
  ArbNetServer *server;
  ArbNetClient *clients[ARB_MAX_PLAYERS];
  guint         n;
  guint         checked;  /* views compared with the server's projection */
} Table;

static gboolean
all_finished (gpointer data)
{
  Table *t = data;

  for (guint i = 0; i < t->n; i++)
    if (!arb_net_client_get_finished (t->clients[i]) || arb_net_client_get_n_errors (t->clients[i]) > 0)
      return arb_net_client_get_n_errors (t->clients[i]) > 0;
  return TRUE;
}

/* Each view a client receives is its seat's projection on the server. */
static void
on_changed (ArbNetClient *client, gpointer user_data)
{
  Table *t = user_data;
  ArbNetTable *table = arb_net_server_find_table (t->server, arb_net_client_get_table (client));
  const ArbProjection *view = arb_net_client_get_view (client);
  g_autofree ArbProjection *expected = g_new0 (ArbProjection, 1);

  if (table == NULL || view == NULL
      || arb_net_client_get_step (client) != arb_game_get_n_steps (arb_net_table_get_game (table)))
    return;
  arb_game_project (arb_net_table_get_game (table), arb_net_client_get_seat (client), expected);
  g_assert_true (same_view (view, expected));
  /* The getters are those of this state already. */
  g_assert_cmpuint (arb_net_client_get_n_seats (client), ==, arb_net_table_get_n_seats (table));
  if (arb_net_client_get_step (client) > 0)
    {
      ArbGame *game = arb_net_table_get_game (table);
      ArbStep last, masked = *arb_game_get_step (game, arb_game_get_n_steps (game) - 1);

      arb_projection_mask_step (arb_net_client_get_seat (client), &masked);
      masked.refill_discard = ARB_CARD_NONE;
      g_assert_true (arb_net_client_get_last (client, &last));
      g_assert_true (arb_test_same_step (&last, &masked));
    }
  t->checked++;
}

static char *
create_table (const char *uri, ArbVariant variant, guint n_seats, guint32 seed)
{
  g_autoptr (ArbNetClient) host = arb_test_net_client_new (uri);

  arb_net_client_create (host, variant, n_seats, NULL, seed);
  arb_net_client_open (host);
  arb_test_net_wait ("the new table's code", arb_test_net_has_code, host);
  g_assert_cmpuint (arb_net_client_get_n_errors (host), ==, 0);
  return g_strdup (arb_net_client_get_code (host));
}

typedef struct {
  ArbNetTable *table;
  guint        n_peers;  /* before the drop */
} Drop;

static gboolean
server_saw_drop (gpointer data)
{
  Drop *drop = data;

  return arb_net_table_get_n_peers (drop->table) < drop->n_peers;
}

/* The last seat drops once the game is under way, and takes its seat again
 * once the server has seen it go. */
static void
drop_and_rejoin (Table *t)
{
  ArbNetClient *client = t->clients[t->n - 1];
  g_autofree char *token = g_strdup (arb_net_client_get_token (client));
  Drop drop = { arb_net_server_find_table (t->server, arb_net_client_get_table (client)), 0 };

  g_assert_nonnull (drop.table);
  drop.n_peers = arb_net_table_get_n_peers (drop.table);
  arb_net_client_close (client);
  arb_test_net_wait ("the server to see the last seat's connection drop", server_saw_drop, &drop);
  arb_net_client_rejoin (client, token);
  arb_net_client_open (client);
}

static guint
first_seat_step (gpointer data)
{
  Table *t = data;

  return arb_net_client_get_step (t->clients[0]);
}

static gboolean
reached_step (gpointer data)
{
  Table *t = data;

  return arb_net_client_get_step (t->clients[0]) >= 20 || all_finished (t);
}

static void
test_whole_game (gconstpointer data)
{
  const GameCase *c = data;
  guint32 seed = 40 + c->n_seats * 3 + c->variant;
  g_autofree char *dir = NULL, *uri = NULL, *code = NULL;
  g_autoptr (ArbNetServer) server = arb_test_net_server (&dir, &uri);
  g_autoptr (ArbGame) local = arb_test_net_play_locally (c->variant, c->n_seats, seed, seat_levels);
  Table t = { server, { NULL }, c->n_seats, 0 };

  code = create_table (uri, c->variant, c->n_seats, seed);
  /* One after the other, so that client i holds seat i. */
  for (guint i = 0; i < c->n_seats; i++)
    {
      t.clients[i] = arb_test_net_client_new (uri);
      g_signal_connect (t.clients[i], "changed", G_CALLBACK (on_changed), &t);
      arb_net_client_set_ai (t.clients[i], seat_levels[i], seed);
      arb_net_client_join (t.clients[i], code);
      arb_net_client_open (t.clients[i]);
      arb_test_net_wait ("a joining seat's first view", arb_test_net_has_view, t.clients[i]);
      g_assert_cmpint (arb_net_client_get_seat (t.clients[i]), ==, i);
    }
  if (c->drop)
    {
      arb_test_net_wait_through ("step 20 of the first seat's view", reached_step, first_seat_step, &t,
                                 ARB_TEST_NET_MAX_STEPS);
      drop_and_rejoin (&t);
    }
  arb_test_net_wait_through ("every seat to see the game end", all_finished, first_seat_step, &t,
                             ARB_TEST_NET_MAX_STEPS);
  for (guint i = 0; i < c->n_seats; i++)
    {
      g_assert_cmpstr (arb_net_client_get_last_error (t.clients[i]), ==, NULL);
      g_assert_true (arb_net_client_get_connected (t.clients[i]));
      g_assert_cmpuint (arb_net_client_get_step (t.clients[i]), ==, arb_game_get_n_steps (local));
      g_assert_true (arb_test_same_state (&arb_net_client_get_view (t.clients[i])->state,
                                          arb_game_get_state (local)));
      g_assert_finalize_object (t.clients[i]);
    }
  g_assert_cmpuint (t.checked, >, arb_game_get_n_steps (local));
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

/* Everything viewer's connection receives after it joined, while the seats
 * of a table dealt from deck play steps. viewer ARB_VIEWER_PUBLIC watches. */
static GPtrArray *
record_table (ArbGame *model, const ArbPile *deck, const ArbStep *steps, guint n_steps, int viewer)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-net-XXXXXX", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetServer) server = arb_net_server_new (file, &error);
  g_autoptr (ArbGame) game = arb_test_game_from_steps (model, deck, steps, 0);
  g_autoptr (ArbNetTable) table = arb_net_table_new (game, file, &error);
  g_autoptr (ArbNetPeer) spectator = arb_test_net_greeted_peer (server);
  ArbNetPeer *peers[ARB_MAX_PLAYERS] = { NULL };
  guint n_seats = arb_game_get_n_seats (game);
  g_autofree char *watch = NULL;
  GPtrArray *seen = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *sent;
  guint first = 0;

  g_assert_no_error (error);
  arb_net_server_add_table (server, table);
  watch = g_strdup_printf ("{\"type\":\"watch\",\"code\":\"%s\"}", arb_net_table_get_code (table));
  for (guint seat = 0; seat < n_seats; seat++)
    {
      g_autofree char *join = g_strdup_printf ("{\"type\":\"join\",\"code\":\"%s\"}",
                                               arb_net_table_get_code (table));

      peers[seat] = arb_test_net_greeted_peer (server);
      arb_test_net_say (server, peers[seat], join);
      g_assert_cmpint (arb_net_peer_get_seat (peers[seat]), ==, seat);
      g_assert_nonnull (g_strstr_len (arb_test_net_last_sent (peers[seat]), -1, "\"state\""));
      /* From its history and first state on: joined holds its token. */
      if ((int) seat == viewer)
        first = arb_net_peer_get_sent (peers[seat])->len - 2;
    }
  arb_test_net_say (server, spectator, watch);
  if (viewer == ARB_VIEWER_PUBLIC)
    first = arb_net_peer_get_sent (spectator)->len - 2;
  for (guint i = 0; i < n_steps; i++)
    {
      g_autofree char *text = arb_test_net_move_message (&steps[i].move, i);

      arb_test_net_say (server, peers[steps[i].player], text);
      g_assert_cmpuint (arb_game_get_n_steps (game), ==, i + 1);
    }
  sent = arb_net_peer_get_sent (viewer >= 0 ? peers[viewer] : spectator);
  for (guint i = first; i < sent->len; i++)
    g_ptr_array_add (seen, g_strdup (g_ptr_array_index (sent, i)));
  /* The viewer comes again: the history of every step so far. */
  {
    g_autoptr (ArbNetPeer) late = arb_test_net_greeted_peer (server);
    g_autofree char *rejoin = viewer >= 0 ? g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}",
                                                             arb_net_table_get_token (table, (guint) viewer))
                                          : g_strdup (watch);

    arb_test_net_say (server, late, rejoin);
    sent = arb_net_peer_get_sent (late);
    g_assert_nonnull (g_strstr_len (g_ptr_array_index (sent, sent->len - 2), -1, "\"history\""));
    for (guint i = sent->len - 2; i < sent->len; i++)
      g_ptr_array_add (seen, g_strdup (g_ptr_array_index (sent, i)));
    arb_net_server_remove_peer (server, late);
  }
  for (guint seat = 0; seat < n_seats; seat++)
    {
      arb_net_server_remove_peer (server, peers[seat]);
      g_object_unref (peers[seat]);
    }
  arb_net_server_remove_peer (server, spectator);
  arb_test_remove_tree (dir);
  return seen;
}

static void
test_no_peeking (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);

  for (guint n_seats = 1; n_seats <= ARB_MAX_PLAYERS; n_seats++)
    {
      ArbVariant variant = n_seats == 1 ? ARB_VARIANT_SOLO : n_seats == 3 ? ARB_VARIANT_CLASSIC : ARB_VARIANT_STANDARD;
      g_autoptr (ArbGame) game = make_game (variant, n_seats, 90 + n_seats, FALSE);
      g_autoptr (GError) error = NULL;
      g_autofree ArbStep *steps = NULL, *redealt = NULL;
      guint n_steps;
      ArbPile deck;

      /* Most of a game: at its end every hand is shown. */
      for (guint i = 0; i < 12 * n_seats + 20; i++)
        {
          ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);

          g_assert_true (arb_game_apply (game, &move, &error));
          g_assert_false (arb_game_is_finished (game));
        }
      n_steps = arb_game_get_n_steps (game);
      steps = g_new (ArbStep, n_steps);
      redealt = g_new (ArbStep, n_steps);
      for (guint i = 0; i < n_steps; i++)
        steps[i] = *arb_game_get_step (game, i);
      for (int viewer = ARB_VIEWER_PUBLIC; viewer < (int) n_seats; viewer++)
        {
          g_autoptr (GPtrArray) seen = NULL, seen_again = NULL;

          arb_test_redeal (game, n_steps, viewer, 5 + (guint) viewer, &deck, redealt);
          /* The test could fail: the cards the viewer does not know moved. */
          g_assert_true (memcmp (deck.cards, arb_game_get_deck (game)->cards, deck.n) != 0);
          seen = record_table (game, arb_game_get_deck (game), steps, n_steps, viewer);
          seen_again = record_table (game, &deck, redealt, n_steps, viewer);
          g_assert_cmpuint (seen->len, >, n_steps);
          g_assert_cmpuint (seen->len, ==, seen_again->len);
          for (guint i = 0; i < seen->len; i++)
            g_assert_cmpstr (g_ptr_array_index (seen, i), ==, g_ptr_array_index (seen_again, i));
        }
    }
}

typedef struct {
  ArbNetServer *server;
  char         *dir;
  ArbNetTable  *table;
  ArbNetPeer   *seats[2];
} Hostile;

static void
hostile_setup (Hostile *h)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = make_game (ARB_VARIANT_STANDARD, 2, 8, FALSE);

  h->dir = g_dir_make_tmp ("arb-net-XXXXXX", NULL);
  file = g_file_new_for_path (h->dir);
  h->server = arb_net_server_new (file, &error);
  g_assert_no_error (error);
  h->table = arb_net_table_new (game, file, &error);
  g_assert_no_error (error);
  arb_net_server_add_table (h->server, h->table);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *join = g_strdup_printf ("{\"type\":\"join\",\"code\":\"%s\"}", arb_net_table_get_code (h->table));

      h->seats[seat] = arb_test_net_greeted_peer (h->server);
      arb_test_net_say (h->server, h->seats[seat], join);
      g_assert_cmpint (arb_net_peer_get_seat (h->seats[seat]), ==, seat);
    }
}

static void
hostile_teardown (Hostile *h)
{
  for (guint seat = 0; seat < 2; seat++)
    {
      arb_net_server_remove_peer (h->server, h->seats[seat]);
      g_object_unref (h->seats[seat]);
    }
  g_object_unref (h->table);
  g_object_unref (h->server);
  arb_test_remove_tree (h->dir);
  g_free (h->dir);
}

static void
test_hostile_messages (void)
{
  Hostile h;
  ArbNetServer *s;
  g_autoptr (ArbNetPeer) stranger = NULL;
  g_autoptr (ArbNetPeer) rude = NULL;
  g_autofree char *deep = NULL;
  static const char * const malformed[] = {
    "", "{", "[1,2]", "null", "\"move\"", "{\"type\":7}", "{\"type\":\"move\"",
    "{\"type\":\"nonsense\"}", "{\"type\":\"\\u0000\"}", "\xff\xfe{}",
    "{\"type\":\"move\",\"step\":0}", "{\"type\":\"move\",\"step\":0,\"kind\":\"fly\"}",
    "{\"type\":\"move\",\"step\":-1,\"kind\":\"draw\",\"source\":-1}",
    "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":99}",
    "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":1e300}",
    "{\"type\":\"move\",\"step\":0,\"kind\":\"play\",\"card\":\"oak-9\",\"x\":0,\"y\":0}",
    "{\"type\":\"move\",\"step\":0,\"kind\":\"play\",\"card\":\"oak-1\",\"x\":100000,\"y\":0}",
    "{\"type\":\"create\",\"players\":9}", "{\"type\":\"create\",\"players\":2,\"variant\":\"chess\"}",
    "{\"type\":\"create\",\"players\":2,\"seats\":[\"person\",\"god\"]}",
    "{\"type\":\"create\",\"players\":1}", "{\"type\":\"join\"}", "{\"type\":\"rejoin\",\"token\":[]}",
  };
  static const char * const codes[] = {
    "protocol", "protocol", "protocol", "protocol", "protocol", "protocol", "protocol",
    "protocol", "protocol", "protocol",
    "protocol", "protocol",
    "protocol",
    "protocol",
    "protocol",
    "protocol",
    "protocol",
    "protocol", "bad-setup",
    "bad-setup",
    "bad-setup", "protocol", "protocol",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (malformed) == G_N_ELEMENTS (codes));
  hostile_setup (&h);
  s = h.server;
  for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
    arb_test_net_assert_refused (s, h.seats[0], malformed[i], codes[i]);
  /* json-glib's parser recurses: a message of brackets is refused before. */
  deep = g_strnfill (ARB_NET_MAX_MESSAGE, '[');
  arb_test_net_assert_refused (s, h.seats[0], deep, "protocol");
  g_assert_cmpuint (strlen (arb_test_net_last_sent (h.seats[0])), <=, 200);
  g_assert_cmpuint (arb_game_get_n_steps (arb_net_table_get_game (h.table)), ==, 0);

  /* Out of turn, for another seat, stale, replayed, illegal. */
  arb_test_net_assert_refused (s, h.seats[1], "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":-1}", "not-your-turn");
  arb_test_net_assert_refused (s, h.seats[1], "{\"type\":\"move\",\"seat\":0,\"step\":0,\"kind\":\"draw\",\"source\":-1}", "not-your-turn");
  arb_test_net_assert_refused (s, h.seats[0], "{\"type\":\"move\",\"step\":3,\"kind\":\"draw\",\"source\":-1}", "stale");
  arb_test_net_assert_refused (s, h.seats[0], "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":1}", "illegal");
  arb_test_net_assert_refused (s, h.seats[0], "{\"type\":\"move\",\"step\":0,\"kind\":\"discard\",\"card\":\"oak-1\",\"x\":0,\"y\":0}", "illegal");
  arb_test_net_say (s, h.seats[0], "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":-1}");
  g_assert_cmpuint (arb_game_get_n_steps (arb_net_table_get_game (h.table)), ==, 1);
  arb_test_net_assert_refused (s, h.seats[0], "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":-1}", "stale");
  g_assert_cmpuint (arb_game_get_n_steps (arb_net_table_get_game (h.table)), ==, 1);

  /* Before hello, and a version nobody speaks. */
  stranger = arb_net_peer_new (NULL, "192.0.2.1");
  arb_net_server_add_peer (s, stranger);
  arb_test_net_assert_refused (s, stranger, "{\"type\":\"move\",\"step\":1,\"kind\":\"draw\",\"source\":-1}", "protocol");
  arb_test_net_assert_refused (s, stranger, "{\"type\":\"hello\",\"protocol\":2}", "version");
  g_assert_true (arb_net_peer_get_closed (stranger));
  arb_net_server_remove_peer (s, stranger);

  /* Not seated: moves are refused. */
  rude = arb_test_net_greeted_peer (s);
  arb_test_net_assert_refused (s, rude, "{\"type\":\"move\",\"step\":1,\"kind\":\"draw\",\"source\":-1}", "not-seated");
  arb_net_server_remove_peer (s, rude);
  g_assert_cmpuint (arb_game_get_n_steps (arb_net_table_get_game (h.table)), ==, 1);
  hostile_teardown (&h);
}

static gboolean
has_answer (gpointer peer)
{
  return arb_net_peer_get_sent (peer)->len > 1;
}

/* Forged tokens and guessed codes close the connection after three; past
 * ten from an address, each wrong one is answered late and ends its
 * connection, while a right code, and a seat's token, get in at once. */
static void
test_hostile_guesses (void)
{
  Hostile h;
  g_autofree char *right = NULL;
  g_autofree char *stolen = NULL;

  hostile_setup (&h);
  right = g_strdup_printf ("{\"type\":\"watch\",\"code\":\"%s\"}", arb_net_table_get_code (h.table));
  for (guint round = 0; round < 3; round++)
    {
      g_autoptr (ArbNetPeer) guesser = arb_test_net_greeted_peer (h.server);

      for (guint i = 0; i < 3; i++)
        {
          g_autofree char *code = arb_net_new_code ();
          g_autofree char *token = arb_net_new_token ();
          g_autofree char *join = g_strdup_printf ("{\"type\":\"join\",\"code\":\"%s\"}", code);
          g_autofree char *rejoin = g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}", token);

          g_assert_false (arb_net_peer_get_closed (guesser));
          if (i % 2 == 0)
            arb_test_net_assert_refused (h.server, guesser, join, "bad-code");
          else
            arb_test_net_assert_refused (h.server, guesser, rejoin, "bad-token");
        }
      g_assert_true (arb_net_peer_get_closed (guesser));
      g_assert_null (arb_net_peer_get_table (guesser));
      arb_net_server_remove_peer (h.server, guesser);
    }
  {
    g_autoptr (ArbNetPeer) late = arb_test_net_greeted_peer (h.server);
    g_autoptr (ArbNetPeer) slowed = arb_test_net_greeted_peer (h.server);

    /* The tenth wrong guess from the address, answered as any; the right
     * code after it still gets in. */
    arb_test_net_assert_refused (h.server, late, "{\"type\":\"watch\",\"code\":\"2222-2222\"}", "bad-code");
    arb_test_net_say (h.server, late, right);
    g_assert_true (arb_net_peer_get_table (late) == h.table);
    arb_net_server_remove_peer (h.server, late);
    /* The eleventh: no answer at once, the connection held, then the answer. */
    g_object_set (h.server, "wrong-code-delay", 1, NULL);
    arb_test_net_say (h.server, slowed, "{\"type\":\"watch\",\"code\":\"2222-2222\"}");
    g_assert_true (arb_net_peer_get_closed (slowed));
    g_assert_cmpuint (arb_net_peer_get_sent (slowed)->len, ==, 1);
    arb_test_wait_until ("the late answer to the eleventh wrong code", has_answer, slowed);
    g_assert_nonnull (strstr (arb_test_net_last_sent (slowed), "\"code\":\"too-many-guesses\""));
    arb_net_server_remove_peer (h.server, slowed);
  }
  /* A token held by seat 0 taken by another connection of the address
   * that guessed: that connection is seat 0 now (the token is the seat),
   * and the old one is closed. */
  {
    g_autoptr (ArbNetPeer) other = arb_test_net_greeted_peer (h.server);

    stolen = g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}", arb_net_table_get_token (h.table, 0));
    arb_test_net_say (h.server, other, stolen);
    g_assert_cmpint (arb_net_peer_get_seat (other), ==, 0);
    g_assert_true (arb_net_peer_get_closed (h.seats[0]));
    g_assert_cmpint (arb_net_peer_get_seat (h.seats[1]), ==, 1);
    arb_net_server_remove_peer (h.server, other);
  }
  hostile_teardown (&h);
}

/* A flood closes the connection, after at most one answer a message. */
static void
test_hostile_flood (void)
{
  Hostile h;
  guint n;

  hostile_setup (&h);
  n = arb_net_peer_get_sent (h.seats[1])->len;
  for (guint i = 0; i < 1000; i++)
    arb_test_net_say (h.server, h.seats[1], "{\"type\":\"move\",\"step\":0,\"kind\":\"draw\",\"source\":-1}");
  g_assert_true (arb_net_peer_get_closed (h.seats[1]));
  g_assert_cmpuint (arb_net_peer_get_sent (h.seats[1])->len - n, <=, 40);
  g_assert_false (arb_net_peer_get_closed (h.seats[0]));
  g_assert_cmpuint (arb_game_get_n_steps (arb_net_table_get_game (h.table)), ==, 0);
  hostile_teardown (&h);
}

static gboolean
is_closed (gpointer client)
{
  return arb_net_client_get_closed (client);
}

/* Over a real connection: a message larger than the cap closes that
 * connection, and the server goes on. */
static void
test_hostile_oversize (void)
{
  g_autofree char *dir = NULL, *uri = NULL, *code = NULL;
  g_autoptr (ArbNetServer) server = arb_test_net_server (&dir, &uri);
  g_autoptr (ArbNetClient) big = arb_test_net_client_new (uri);
  GString *text = g_string_new ("{\"type\":\"join\",\"code\":\"");

  while (text->len < ARB_NET_MAX_MESSAGE + 10)
    g_string_append (text, "AAAA");
  g_string_append (text, "\"}");
  arb_net_client_send (big, text->str);
  arb_net_client_open (big);
  arb_test_net_wait ("the server to close an oversized message's connection", is_closed, big);
  g_string_free (text, TRUE);
  code = create_table (uri, ARB_VARIANT_STANDARD, 2, 1);
  g_assert_nonnull (code);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

static gboolean
answered_or_closed (gpointer client)
{
  return arb_test_net_has_code (client) || arb_net_client_get_closed (client);
}

/* Files in the server's folder that are not tables it wrote: a FIFO named
 * *.table, a table whose save is a FIFO, a sparse 600 MB *.table. Each is
 * refused with its name and why, at once; the good table resumes. Run in a
 * subprocess with a limit: a server that waits on a FIFO's open fails the
 * test instead of hanging the suite. */
static void
test_hostile_files (void)
{
  const char *dir = g_getenv ("ARB_TEST_HOSTILE_DIR");

  if (g_test_subprocess ())
    {
      g_autoptr (GFile) file = g_file_new_for_path (dir);
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbNetServer) server = arb_net_server_new (file, &error);
      GPtrArray *refused;
      g_autofree char *all = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 1);
      refused = arb_net_server_get_resume_errors (server);
      g_ptr_array_add (refused, NULL);
      all = g_strjoinv ("\n", (char **) refused->pdata);
      g_ptr_array_remove_index (refused, refused->len - 1);
      g_test_message ("refused:\n%s", all);
      g_assert_cmpuint (refused->len, ==, 3);
      g_assert_nonnull (strstr (all, "fifo.table: not a regular file"));
      g_assert_nonnull (strstr (all, "huge.table: larger than 1.0"));
      g_assert_nonnull (strstr (all, ".arboretum”: not a regular file"));
      for (guint i = 0; i < refused->len; i++)
        g_assert_cmpuint (strlen (g_ptr_array_index (refused, i)), <=, 200);
      arb_net_server_shutdown (server);
      return;
    }

  {
    g_autofree char *made = g_dir_make_tmp ("arb-net-XXXXXX", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (made);
    g_autoptr (ArbGame) game = make_game (ARB_VARIANT_STANDARD, 2, 1, FALSE);
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbNetTable) good = arb_net_table_new (game, file, &error);
    g_autoptr (ArbNetTable) piped = arb_net_table_new (game, file, &error);
    g_autofree char *piped_name = g_strconcat (arb_net_table_get_id (piped), ".arboretum", NULL);
    g_autofree char *piped_save = g_build_filename (made, piped_name, NULL);
    g_autofree char *fifo = g_build_filename (made, "fifo.table", NULL);
    g_autofree char *huge = g_build_filename (made, "huge.table", NULL);
    int fd;

    g_assert_no_error (error);
    g_assert_cmpint (g_remove (piped_save), ==, 0);
    g_assert_cmpint (mkfifo (piped_save, 0600), ==, 0);
    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    fd = g_open (huge, O_WRONLY | O_CREAT, 0600);
    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (ftruncate (fd, 600 * 1000 * 1000), ==, 0);
    close (fd);
    g_setenv ("ARB_TEST_HOSTILE_DIR", made, TRUE);
    g_test_trap_subprocess (NULL, ARB_TEST_WAIT_LIMIT_SECONDS * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_unsetenv ("ARB_TEST_HOSTILE_DIR");
    arb_test_remove_tree (made);
    g_test_trap_assert_passed ();
  }
}

/* wss:// with the server's certificate: a client that trusts it plays, one
 * that does not is refused at the handshake. */
static void
test_tls (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *cert = g_test_build_filename (G_TEST_DIST, "data", "net", "test-cert.pem", NULL);
  g_autofree char *key = g_test_build_filename (G_TEST_DIST, "data", "net", "test-key.pem", NULL);
  g_autoptr (GTlsCertificate) certificate = g_tls_certificate_new_from_files (cert, key, &error);
  g_autoptr (GTlsDatabase) trusted = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-net-XXXXXX", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autoptr (ArbNetServer) server = arb_net_server_new (file, &error);
  g_autoptr (ArbNetClient) trusting = NULL;
  g_autoptr (ArbNetClient) wary = NULL;
  g_autofree char *uri = NULL;

  g_assert_no_error (error);
  trusted = g_tls_file_database_new (cert, &error);
  g_assert_no_error (error);
  g_assert_true (arb_net_server_listen (server, "127.0.0.1:0", certificate, &error));
  g_assert_no_error (error);
  arb_test_net_watch (server);
  uri = arb_net_server_dup_uri (server);
  g_assert_true (g_str_has_prefix (uri, "wss://"));
  trusting = arb_test_net_client_new (uri);
  arb_net_client_set_tls_database (trusting, trusted);
  arb_net_client_create (trusting, ARB_VARIANT_STANDARD, 2, NULL, 1);
  arb_net_client_open (trusting);
  arb_test_net_wait ("a code for the client that trusts the certificate", arb_test_net_has_code, trusting);
  g_assert_nonnull (arb_net_client_get_code (trusting));
  wary = arb_test_net_client_new (uri);
  arb_net_client_create (wary, ARB_VARIANT_STANDARD, 2, NULL, 1);
  arb_net_client_open (wary);
  arb_test_net_wait ("an answer to, or the end of, the wary client's connection", answered_or_closed, wary);
  g_assert_null (arb_net_client_get_code (wary));
  g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 1);
  arb_net_server_shutdown (server);
  arb_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  static const GameCase cases[] = {
    { ARB_VARIANT_STANDARD, 2, FALSE }, { ARB_VARIANT_STANDARD, 3, FALSE }, { ARB_VARIANT_STANDARD, 4, FALSE },
    { ARB_VARIANT_CLASSIC, 2, FALSE }, { ARB_VARIANT_CLASSIC, 3, FALSE }, { ARB_VARIANT_CLASSIC, 4, FALSE },
    { ARB_VARIANT_SOLO, 1, FALSE },
    { ARB_VARIANT_STANDARD, 2, TRUE }, { ARB_VARIANT_STANDARD, 3, TRUE }, { ARB_VARIANT_STANDARD, 4, TRUE },
    { ARB_VARIANT_CLASSIC, 2, TRUE }, { ARB_VARIANT_CLASSIC, 3, TRUE }, { ARB_VARIANT_CLASSIC, 4, TRUE },
    { ARB_VARIANT_SOLO, 1, TRUE },
  };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/codes", test_codes);
  g_test_add_func ("/net/projection-round-trip", test_projection_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/net/game/%s/%u%s", arb_variant_id (cases[i].variant),
                                               cases[i].n_seats, cases[i].drop ? "/drop" : "");

      g_test_add_data_func (path, &cases[i], test_whole_game);
    }
  g_test_add_func ("/net/no-peeking", test_no_peeking);
  g_test_add_func ("/net/hostile/messages", test_hostile_messages);
  g_test_add_func ("/net/hostile/guesses", test_hostile_guesses);
  g_test_add_func ("/net/hostile/flood", test_hostile_flood);
  g_test_add_func ("/net/hostile/oversize", test_hostile_oversize);
  g_test_add_func ("/net/hostile/files", test_hostile_files);
  g_test_add_func ("/net/tls", test_tls);
  return g_test_run ();
}
