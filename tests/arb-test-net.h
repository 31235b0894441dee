/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-net.h: what the network tests share: a server on loopback in a
 * directory of its own, and waits for conditions, bounded in time. */
#pragma once

#include <string.h>
#include <glib/gstdio.h>

#include "arb-engine.h"
#include "arb-net-client.h"
#include "arb-net-peer.h"
#include "arb-net-protocol.h"
#include "arb-net-server.h"
#include "arb-test-files.h"

/* Every wait of the network tests ends by this, whatever happens. */
#define ARB_TEST_NET_LIMIT_SECONDS 120

typedef gboolean (*ArbTestNetCondition) (gpointer data);

/* Runs the main context until condition holds; FALSE after the limit. */
static inline gboolean
arb_test_net_wait (ArbTestNetCondition condition, gpointer data)
{
  gint64 end = g_get_monotonic_time () + ARB_TEST_NET_LIMIT_SECONDS * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      if (!condition (data))
        g_usleep (200);
    }
  return TRUE;
}

static inline ArbNetServer *
arb_test_net_server (char **dir_out, char **uri_out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-net-XXXXXX", &error);
  g_autoptr (GFile) file = NULL;
  ArbNetServer *server;

  g_assert_no_error (error);
  file = g_file_new_for_path (dir);
  server = arb_net_server_new (file, &error);
  g_assert_no_error (error);
  g_assert_true (arb_net_server_listen (server, "127.0.0.1:0", NULL, &error));
  g_assert_no_error (error);
  *uri_out = arb_net_server_dup_uri (server);
  *dir_out = g_steal_pointer (&dir);
  return server;
}

/* The wait conditions on one client: an answer to "create", a first view. */
static inline gboolean
arb_test_net_has_code (gpointer client)
{
  return arb_net_client_get_code (client) != NULL || arb_net_client_get_n_errors (client) > 0;
}

static inline gboolean
arb_test_net_has_view (gpointer client)
{
  return arb_net_client_get_view (client) != NULL || arb_net_client_get_n_errors (client) > 0;
}

/* The game `arboretum-cli play --seed` plays with these levels. */
static inline ArbGame *
arb_test_net_play_locally (ArbVariant variant, guint n_seats, guint32 seed, const ArbAiLevel *levels)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  for (guint seat = 0; seat < n_seats; seat++)
    g_ptr_array_add (players, arb_player_new ("P", ARB_PLAYER_COMPUTER, arb_ai_level_id (levels[seat])));
  game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  for (guint decision = 0; !arb_game_is_finished (game); decision++)
    {
      guint seat = arb_game_get_current_player (game);
      ArbAiParams params;
      ArbMove move;

      g_assert_cmpuint (decision, <, 1000);
      arb_ai_params_init (&params, levels[seat], arb_ai_decision_seed (seed, 0, decision, seat));
      g_assert_true (arb_ai_decide_in_game (game, &params, &move, &error));
      g_assert_true (arb_game_apply (game, &move, &error));
    }
  return game;
}

/* Messages through the server's handler, as a connection's would come:
 * peers without a socket keep what they are sent. */
static inline void
arb_test_net_say (ArbNetServer *server, ArbNetPeer *peer, const char *text)
{
  arb_net_server_receive (server, peer, text, strlen (text));
}

static inline ArbNetPeer *
arb_test_net_greeted_peer (ArbNetServer *server)
{
  ArbNetPeer *peer = arb_net_peer_new (NULL, "127.0.0.1");

  arb_net_server_add_peer (server, peer);
  arb_test_net_say (server, peer, "{\"type\":\"hello\",\"protocol\":1}");
  return peer;
}

static inline const char *
arb_test_net_last_sent (ArbNetPeer *peer)
{
  GPtrArray *sent = arb_net_peer_get_sent (peer);

  return sent->len > 0 ? g_ptr_array_index (sent, sent->len - 1) : "";
}

/* text gets exactly one answer, an error with this code. */
static inline void
arb_test_net_assert_refused (ArbNetServer *server, ArbNetPeer *peer, const char *text, const char *code)
{
  GPtrArray *sent = arb_net_peer_get_sent (peer);
  guint before = sent->len;
  g_autofree char *expected = g_strdup_printf ("\"code\":\"%s\"", code);

  arb_test_net_say (server, peer, text);
  g_assert_cmpuint (sent->len, ==, before + 1);
  g_assert_nonnull (g_strstr_len (arb_test_net_last_sent (peer), -1, "{\"type\":\"error\""));
  g_assert_nonnull (g_strstr_len (arb_test_net_last_sent (peer), -1, expected));
}

/* The "move" message a client sends for move at step. */
static inline char *
arb_test_net_move_message (const ArbMove *move, guint step)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("move");
  ArbMove sent = *move;

  /* A draw names its source only: the card is the server's to tell. */
  if (sent.kind == ARB_MOVE_DRAW)
    sent.card = ARB_CARD_NONE;
  json_builder_set_member_name (builder, "step");
  json_builder_add_int_value (builder, step);
  arb_net_add_move (builder, &sent);
  return arb_net_to_text (builder);
}
