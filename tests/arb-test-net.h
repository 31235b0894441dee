/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-net.h: what the network tests share: a server on loopback in a
 * directory of its own, and waits that block with a limit and, past it,
 * describe every client, link and server the test watches. */
#pragma once

#include <string.h>
#include <glib/gstdio.h>

#include "arb-engine.h"
#include "arb-net-client.h"
#include "arb-net-play.h"
#include "arb-net-peer.h"
#include "arb-net-protocol.h"
#include "arb-net-server.h"
#include "arb-session.h"
#include "arb-test-files.h"
#include "arb-test-wait.h"

/* The port the server play hosts listens on, read from its address. */
static inline guint
arb_test_net_port (ArbNetPlay *play)
{
  g_autofree char *text = arb_net_server_dup_uri (arb_net_play_get_server (play));
  g_autoptr (GUri) uri = g_uri_parse (text, G_URI_FLAGS_NONE, NULL);

  g_assert_nonnull (uri);
  return (guint) g_uri_get_port (uri);
}

/* What a failed wait of the network tests prints: every client, link
 * (ArbNetPlay) and server the test watches, as they stand then. Objects
 * leave the list when they are finalized. */
static GPtrArray *arb_test_net_watched;

static inline void
arb_test_net_forget (gpointer data, GObject *gone)
{
  g_ptr_array_remove (arb_test_net_watched, gone);
}

/* Returns object, which a failed wait will describe while it lives. */
static inline gpointer
arb_test_net_watch (gpointer object)
{
  if (arb_test_net_watched == NULL)
    arb_test_net_watched = g_ptr_array_new ();
  if (!g_ptr_array_find (arb_test_net_watched, object, NULL))
    {
      g_ptr_array_add (arb_test_net_watched, object);
      g_object_weak_ref (object, arb_test_net_forget, NULL);
    }
  return object;
}

/* A client the test watches, which keeps what it receives: a failed wait
 * prints its last message. */
static inline ArbNetClient *
arb_test_net_client_new (const char *uri)
{
  ArbNetClient *client = arb_net_client_new (uri);

  arb_net_client_set_record (client, TRUE);
  return arb_test_net_watch (client);
}

static inline void
arb_test_net_describe_client (GString *out, ArbNetClient *client)
{
  GPtrArray *received = arb_net_client_get_received (client);
  const char *last = received != NULL && received->len > 0
                     ? g_ptr_array_index (received, received->len - 1) : "(none kept)";

  g_string_append_printf (out, "client %p: %s, table %s, seat %d, %s, step %u, %u errors (last: %s);"
                          " %u messages, the last: %.300s\n",
                          (gpointer) client,
                          arb_net_client_get_connected (client) ? "connected"
                          : arb_net_client_get_closed (client) ? "closed" : "not connected",
                          arb_net_client_get_table (client) ? arb_net_client_get_table (client) : "none",
                          arb_net_client_get_seat (client),
                          arb_net_client_get_finished (client) ? "finished"
                          : arb_net_client_get_started (client) ? "started" : "not started",
                          arb_net_client_get_step (client), arb_net_client_get_n_errors (client),
                          arb_net_client_get_last_error (client) ? arb_net_client_get_last_error (client) : "none",
                          received != NULL ? received->len : 0, last);
}

static inline void
arb_test_net_describe_play (GString *out, ArbNetPlay *play)
{
  static const char * const statuses[] = { "connecting", "waiting", "playing", "reconnecting", "finished", "failed" };

  g_string_append_printf (out, "link %p: %s, code %s, seat %d; its connection:\n  ",
                          (gpointer) play, statuses[arb_net_play_get_status (play)],
                          arb_net_play_get_code (play) ? arb_net_play_get_code (play) : "none",
                          arb_net_play_get_seat (play));
  arb_test_net_describe_client (out, arb_net_play_get_client (play));
}

static inline void
arb_test_net_describe_session (GString *out, ArbSession *session)
{
  ArbGame *game = arb_session_get_game (session);

  g_string_append_printf (out, "session %p: online seat %d, %s, %s", (gpointer) session,
                          arb_session_get_online_seat (session),
                          arb_session_get_person_to_act (session) ? "a person to act" : "no person to act",
                          arb_session_get_busy (session) ? "busy" : "not busy");
  if (game == NULL)
    g_string_append (out, ", no game\n");
  else
    g_string_append_printf (out, ", %u steps, %s\n", arb_game_get_n_steps (game),
                            arb_game_is_finished (game) ? "finished" : "under way");
}

static inline char *
arb_test_net_describe (gpointer data)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; arb_test_net_watched != NULL && i < arb_test_net_watched->len; i++)
    {
      gpointer object = g_ptr_array_index (arb_test_net_watched, i);

      if (ARB_IS_NET_CLIENT (object))
        arb_test_net_describe_client (out, object);
      else if (ARB_IS_NET_PLAY (object))
        arb_test_net_describe_play (out, object);
      else if (ARB_IS_SESSION (object))
        arb_test_net_describe_session (out, object);
      else if (ARB_IS_NET_SERVER (object))
        g_string_append_printf (out, "server %p: %u tables\n", object, arb_net_server_get_n_tables (object));
    }
  if (out->len == 0)
    g_string_append (out, "(nothing watched)\n");
  return g_string_free (out, FALSE);
}

/* Waits until cond (data) holds, blocking in the main loop, at most
 * ARB_TEST_WAIT_LIMIT_SECONDS; past it fails, saying what it waited for
 * and how every watched client, link and server stood. */
#define arb_test_net_wait(what, cond, data) \
  arb_test_wait_until_described ((what), (cond), arb_test_net_describe, (data))

/* More steps than any game has: the bound of a wait step by step. */
#define ARB_TEST_NET_MAX_STEPS 1000

typedef guint (*ArbTestNetCount) (gpointer data);

typedef struct {
  ArbTestWaitFunc done;
  ArbTestNetCount count;
  gpointer        data;
  guint           from;
} ArbTestNetProgress;

static inline gboolean
arb_test_net_progressed (gpointer data)
{
  ArbTestNetProgress *p = data;

  return p->done (p->data) || p->count (p->data) > p->from;
}

static inline char *
arb_test_net_describe_progress (gpointer data)
{
  ArbTestNetProgress *p = data;
  g_autofree char *watched = arb_test_net_describe (NULL);

  return g_strdup_printf ("the count stood at %u, as before\n%s", p->count (p->data), watched);
}

/* Waits until done (data) holds, however long the games take, as long as
 * they go on: each wait, for count (data) to grow (a step more) or for
 * done, has the limit. A game that stops fails within the limit; a long
 * game on a slow machine does not. At most max_waits waits. */
static inline void
arb_test_net_wait_through_real (const char *file, int line, const char *func, const char *what,
                                ArbTestWaitFunc done, ArbTestNetCount count, gpointer data, guint max_waits)
{
  ArbTestNetProgress progress = { done, count, data, 0 };

  for (guint waits = 0; !done (data); waits++)
    {
      if (waits >= max_waits)
        g_assertion_message (G_LOG_DOMAIN, file, line, func, "a wait step by step outlasted its bound");
      progress.from = count (data);
      arb_test_wait_real (file, line, func, what, arb_test_net_progressed, arb_test_net_describe_progress,
                          &progress, ARB_TEST_WAIT_LIMIT_SECONDS);
    }
}

#define arb_test_net_wait_through(what, done, count, data, max_waits) \
  arb_test_net_wait_through_real (__FILE__, __LINE__, G_STRFUNC, (what), (ArbTestWaitFunc) (done), \
                                  (ArbTestNetCount) (count), (data), (max_waits))

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
  return arb_test_net_watch (server);
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

/* `arboretum-cli serve` (ARB_CLI) on dir at address, setup run in the child
 * before it starts; returns the server, and its first line in *line
 * ("Listening on ws://... with N tables"), once it has printed it. */
typedef struct {
  char     *line;
  gboolean  done;
} ArbTestNetLine;

static inline void
arb_test_net_on_line (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ArbTestNetLine *read = user_data;

  read->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, NULL);
  read->done = TRUE;
}

static inline gboolean
arb_test_net_line_done (gpointer data)
{
  return ((ArbTestNetLine *) data)->done;
}

static inline GSubprocess *
arb_test_net_serve (const char *address, const char *dir, GSpawnChildSetupFunc setup, char **line)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  ArbTestNetLine read = { NULL, FALSE };
  GSubprocess *server;

  g_subprocess_launcher_set_child_setup (launcher, setup, NULL, NULL);
  server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARB_CLI"), "serve",
                                        "--listen", address, "--data", dir, NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  g_data_input_stream_read_line_async (out, G_PRIORITY_DEFAULT, NULL, arb_test_net_on_line, &read);
  arb_test_net_wait ("arboretum-cli serve to print where it listens", arb_test_net_line_done, &read);
  g_assert_nonnull (read.line);
  g_assert_nonnull (strstr (read.line, "ws://"));
  *line = read.line;
  return server;
}

/* The address in serve's first line. */
static inline char *
arb_test_net_uri_of (const char *line)
{
  const char *uri = strstr (line, "ws://");

  return g_strndup (uri, strcspn (uri, " "));
}
