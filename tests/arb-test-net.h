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
