/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-net.h: what the network tests share: a server on loopback in a
 * directory of its own, and waits for conditions, bounded in time. */
#pragma once

#include <glib/gstdio.h>

#include "arb-engine.h"
#include "arb-net-client.h"
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
