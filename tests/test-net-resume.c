/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-resume.c: `arboretum-cli serve` killed with SIGKILL in the middle
 * of games, and started again on its directory: every table resumes, no
 * step a client saw is lost, the clients take their seats again with their
 * tokens, and each game ends as the same seed played locally. 20 kills with
 * -m slow (the slow suite, once in CI), 3 in the default run. */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "arb-test-net.h"
#include "arb-test-state.h"

#define N_KILLS_SLOW 20
#define N_KILLS_QUICK 3
#define N_TABLES 3

typedef struct {
  ArbVariant  variant;
  guint       n_seats;
  const char *seats[ARB_MAX_PLAYERS];  /* "person" or the server's computer */
  ArbAiLevel  levels[ARB_MAX_PLAYERS];
  guint32     seed;
} TableSetup;

static const TableSetup setups[N_TABLES] = {
  { ARB_VARIANT_STANDARD, 2, { "person", "person" }, { ARB_AI_MEDIUM, ARB_AI_EASY }, 301 },
  { ARB_VARIANT_STANDARD, 3, { "person", "easy", "person" }, { ARB_AI_EASY, ARB_AI_EASY, ARB_AI_MEDIUM }, 302 },
  { ARB_VARIANT_CLASSIC, 4, { "person", "person", "random", "person" },
    { ARB_AI_RANDOM, ARB_AI_MEDIUM, ARB_AI_RANDOM, ARB_AI_EASY }, 303 },
};

typedef struct {
  GSubprocess      *server;
  char             *uri;
  ArbNetClient     *clients[N_TABLES][ARB_MAX_PLAYERS];
  guint             seen[N_TABLES][ARB_MAX_PLAYERS];  /* the last step seen before a kill */
} Resume;

static guint16
free_port (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  g_assert_no_error (error);
  g_assert_true (g_socket_bind (socket, any, TRUE, &error));
  bound = g_socket_get_local_address (socket, &error);
  g_assert_no_error (error);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

/* A test that fails leaves no server behind. */
static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* The server on its directory; its first line says how many tables it resumed. */
static void
start_server (Resume *r, const char *address, const char *dir)
{
  g_autofree char *expected = g_strdup_printf ("with %u tables", N_TABLES);
  g_autofree char *line = NULL;

  r->server = arb_test_net_serve (address, dir, die_with_parent, &line);
  if (r->uri != NULL)
    g_assert_nonnull (strstr (line, expected));
  g_free (r->uri);
  r->uri = arb_test_net_uri_of (line);
}

static void
kill_server (Resume *r)
{
  g_autoptr (GError) error = NULL;

  g_subprocess_force_exit (r->server);
  g_assert_true (g_subprocess_wait (r->server, NULL, &error));
  g_assert_no_error (error);
  g_clear_object (&r->server);
}

static void
open_tables (Resume *r)
{
  for (guint t = 0; t < N_TABLES; t++)
    {
      const TableSetup *setup = &setups[t];
      g_autoptr (ArbNetClient) host = arb_test_net_client_new (r->uri);

      arb_net_client_create (host, setup->variant, setup->n_seats, setup->seats, setup->seed);
      arb_net_client_open (host);
      arb_test_net_wait ("a new table's code", arb_test_net_has_code, host);
      g_assert_cmpuint (arb_net_client_get_n_errors (host), ==, 0);
      for (guint seat = 0; seat < setup->n_seats; seat++)
        {
          ArbNetClient *client;

          if (!g_str_equal (setup->seats[seat], "person"))
            continue;
          client = r->clients[t][seat] = arb_test_net_client_new (r->uri);
          arb_net_client_set_ai (client, setup->levels[seat], setup->seed);
          arb_net_client_join (client, arb_net_client_get_code (host));
          arb_net_client_open (client);
          arb_test_net_wait ("a joining seat's first view", arb_test_net_has_view, client);
          g_assert_cmpint (arb_net_client_get_seat (client), ==, seat);
        }
    }
}

typedef gboolean (*ClientCheck) (ArbNetClient *client, Resume *r, guint t, guint seat);

static gboolean
every_client (Resume *r, ClientCheck check)
{
  for (guint t = 0; t < N_TABLES; t++)
    for (guint seat = 0; seat < ARB_MAX_PLAYERS; seat++)
      if (r->clients[t][seat] != NULL && !check (r->clients[t][seat], r, t, seat))
        return FALSE;
  return TRUE;
}

static gboolean
is_finished (ArbNetClient *client, Resume *r, guint t, guint seat)
{
  return arb_net_client_get_finished (client);
}

static gboolean
all_finished (gpointer data)
{
  return every_client (data, is_finished);
}

static guint
total_steps (Resume *r)
{
  guint total = 0;

  for (guint t = 0; t < N_TABLES; t++)
    total += arb_net_client_get_step (r->clients[t][0]);
  return total;
}

static guint
total_steps_of (gpointer data)
{
  return total_steps (data);
}

typedef struct {
  Resume *r;
  guint   until;
} Progress;

static gboolean
has_progressed (gpointer data)
{
  Progress *p = data;

  return total_steps (p->r) >= p->until || all_finished (p->r);
}

static gboolean
remember_step (ArbNetClient *client, Resume *r, guint t, guint seat)
{
  r->seen[t][seat] = arb_net_client_get_step (client);
  return TRUE;
}

static gboolean
rejoin (ArbNetClient *client, Resume *r, guint t, guint seat)
{
  g_autofree char *token = g_strdup (arb_net_client_get_token (client));
  g_autoptr (ArbNetClient) again = arb_test_net_client_new (r->uri);

  /* A new connection to the new server, with the same computer and seat. */
  arb_net_client_set_ai (again, setups[t].levels[seat], setups[t].seed);
  arb_net_client_rejoin (again, token);
  arb_net_client_open (again);
  arb_test_net_wait ("a seat taken again to get its view", arb_test_net_has_view, again);
  g_assert_cmpuint (arb_net_client_get_n_errors (again), ==, 0);
  g_assert_cmpint (arb_net_client_get_seat (again), ==, seat);
  /* Nothing the client saw is lost. */
  g_assert_cmpuint (arb_net_client_get_step (again), >=, r->seen[t][seat]);
  g_object_unref (r->clients[t][seat]);
  r->clients[t][seat] = g_steal_pointer (&again);
  return TRUE;
}

static gboolean
same_as_local (ArbNetClient *client, Resume *r, guint t, guint seat)
{
  g_autoptr (ArbGame) local = arb_test_net_play_locally (setups[t].variant, setups[t].n_seats,
                                                        setups[t].seed, setups[t].levels);

  g_assert_cmpuint (arb_net_client_get_step (client), ==, arb_game_get_n_steps (local));
  g_assert_true (arb_test_same_state (&arb_net_client_get_view (client)->state, arb_game_get_state (local)));
  return TRUE;
}

static void
test_kill_and_resume (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-net-resume-XXXXXX", NULL);
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", free_port ());
  Resume r = { 0 };
  guint n_kills = g_test_slow () ? N_KILLS_SLOW : N_KILLS_QUICK;
  guint kills = 0;

  start_server (&r, address, dir);
  open_tables (&r);
  for (; kills < n_kills && !all_finished (&r); kills++)
    {
      Progress progress = { &r, total_steps (&r) + 3 };

      arb_test_net_wait ("three steps more in all", has_progressed, &progress);
      every_client (&r, remember_step);
      kill_server (&r);
      start_server (&r, address, dir);
      every_client (&r, rejoin);
    }
  g_assert_cmpuint (kills, ==, n_kills);
  arb_test_net_wait_through ("every game to end", all_finished, total_steps_of, &r, ARB_TEST_NET_MAX_STEPS);
  every_client (&r, same_as_local);
  for (guint t = 0; t < N_TABLES; t++)
    for (guint seat = 0; seat < ARB_MAX_PLAYERS; seat++)
      g_clear_object (&r.clients[t][seat]);
  kill_server (&r);
  g_free (r.uri);
  arb_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/kill-and-resume", test_kill_and_resume);
  return g_test_run ();
}
