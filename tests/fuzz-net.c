/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-net.c: the libFuzzer target for the server's message handler.
 *
 * The input is a conversation: each line one message, from the connection
 * its first character names ('0' to '3'; any other line comes from 0).
 * A table of two persons waits, and "@CODE@" and "@TOKEN0@"/"@TOKEN1@" in
 * a line stand for its invite code and its seats' tokens, which no fuzzer
 * could guess. Connection 0 created that table: the first seat it takes
 * is the host's. A line "!" (after the connection's digit) drops that
 * connection, whose seat is then away; a line "~" lets every table nobody
 * sits at that has not started expire at once. Connections 0 and 1 come
 * from one address, 2 and 3 from another. Every message is answered or
 * refused; a crash, a leak, a GLib critical or warning, a move applied
 * for a seat by a connection that does not hold it, a connection that
 * took two seats by code, an address holding more tables than its limit,
 * two seats of a table whose names read alike, or a refusal longer than
 * 200 bytes is a bug. (A replace is always refused: the server's limit of
 * 60 seconds away is never reached within an input, so no computer thinks
 * in a thread. A wrong code past the address's share is answered at once
 * here, not late: nothing runs the main loop.)
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "arb-fuzz.h"

#include "arb-net-protocol.h"
#include "arb-net-server.h"

#define N_PEERS 4
/* Low limits, so that short inputs reach them. */
#define TABLES_PER_ADDRESS 2
#define WRONG_CODES_PER_ADDRESS 4
#define MAX_REFUSAL 200

static char *dir;

/* Each input leaves the directory empty; the run leaves nothing. */
static void
remove_dir (void)
{
  g_rmdir (dir);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  arb_fuzz_abort_on_warnings ();
  dir = g_dir_make_tmp ("arb-fuzz-net-XXXXXX", NULL);
  if (dir == NULL)
    return 1;
  atexit (remove_dir);
  return 0;
}

static ArbNetTable *
new_table (ArbNetServer *server, GFile *file)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (ArbGame) game = NULL;
  ArbNetTable *table;

  g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new ("Bob", ARB_PLAYER_PERSON, NULL));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 7, 0, NULL);
  table = arb_net_table_new (game, file, NULL);
  if (table != NULL)
    arb_net_server_add_table (server, table);
  return table;
}

static char *
fill_in (const char *line, ArbNetTable *table)
{
  g_autoptr (GString) text = g_string_new (line);

  g_string_replace (text, "@CODE@", arb_net_table_get_code (table), 0);
  g_string_replace (text, "@TOKEN0@", arb_net_table_get_token (table, 0), 0);
  g_string_replace (text, "@TOKEN1@", arb_net_table_get_token (table, 1), 0);
  return g_strdup (text->str);
}

/* Each step of the table was played by the connection holding its seat. */
static void
check_steps (ArbNetTable *table, const int *mover, guint n_movers)
{
  ArbGame *game = arb_net_table_get_game (table);

  if (arb_game_get_n_steps (game) > n_movers)
    abort ();
  for (guint i = 0; i < arb_game_get_n_steps (game); i++)
    if ((int) arb_game_get_step (game, i)->player != mover[i])
      abort ();
}

/* No two seats of the table read as one name, and each shows. */
static void
check_names (ArbNetTable *table)
{
  ArbGame *game = arb_net_table_get_game (table);
  guint n_seats = arb_net_table_get_n_seats (table);

  for (guint a = 0; a < n_seats; a++)
    {
      const char *name = arb_player_get_name (arb_game_get_player (game, a));
      g_autofree char *shown = arb_net_name_normalize (name, NULL);
      g_autofree char *key = arb_net_name_key (name);

      if (shown == NULL)
        abort ();
      for (guint b = a + 1; b < n_seats; b++)
        {
          g_autofree char *other = arb_net_name_key (arb_player_get_name (arb_game_get_player (game, b)));

          if (g_str_equal (key, other))
            abort ();
        }
    }
}

/* Every refusal sent since from is one short line. */
static void
check_refusals (ArbNetPeer *peer, guint from)
{
  GPtrArray *sent = arb_net_peer_get_sent (peer);

  for (guint i = from; i < sent->len; i++)
    {
      const char *text = g_ptr_array_index (sent, i);

      if (g_str_has_prefix (text, "{\"type\":\"error\"") && (strlen (text) > MAX_REFUSAL || strchr (text, '\n') != NULL))
        abort ();
    }
}

/* A seat taken now by code: a connection takes one at most. */
static void
check_seat_taken (ArbNetPeer *peer, int before, const char *text, guint *taken)
{
  int seat = arb_net_peer_get_seat (peer);

  if (seat >= 0 && seat != before && strstr (text, "rejoin") == NULL && ++*taken > 1)
    abort ();
}

static void
remove_files (void)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autoptr (ArbNetServer) server = arb_net_server_new (file, NULL);
  g_autoptr (ArbNetTable) table = NULL;
  g_autofree char *input = g_strndup ((const char *) data, size);
  g_auto (GStrv) lines = NULL;
  ArbNetPeer *peers[N_PEERS];
  guint taken[N_PEERS] = { 0 };
  int mover[512];
  guint n_movers = 0;

  if (server == NULL || (table = new_table (server, file)) == NULL)
    return 0;
  g_object_set (server, "max-tables-per-address", TABLES_PER_ADDRESS,
                "wrong-codes-per-address", WRONG_CODES_PER_ADDRESS, "wrong-code-delay", 0, NULL);
  for (guint i = 0; i < N_PEERS; i++)
    {
      peers[i] = arb_net_peer_new (NULL, i < 2 ? "192.0.2.1" : "192.0.2.2");
      arb_net_server_add_peer (server, peers[i]);
    }
  arb_net_peer_add_created (peers[0], arb_net_table_get_id (table));
  lines = g_strsplit (input, "\n", 400);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      guint who = line[0] >= '0' && line[0] < '0' + N_PEERS ? (guint) (line[0] - '0') : 0;
      g_autofree char *text = fill_in (line[0] >= '0' && line[0] < '0' + N_PEERS ? line + 1 : line, table);
      guint before = arb_game_get_n_steps (arb_net_table_get_game (table));
      guint n_sent = arb_net_peer_get_sent (peers[who])->len;
      int seat = arb_net_peer_get_seat (peers[who]);

      if (g_str_equal (text, "!"))
        {
          arb_net_peer_close (peers[who], SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
          arb_net_server_remove_peer (server, peers[who]);
          continue;
        }
      if (g_str_equal (text, "~"))
        {
          g_object_set (server, "unstarted-keep", 0, NULL);
          arb_net_server_set_finished_keep (server, 0);
          continue;
        }
      arb_net_server_receive (server, peers[who], text, strlen (text));
      check_refusals (peers[who], n_sent);
      check_seat_taken (peers[who], seat, text, &taken[who]);
      check_names (table);
      /* The table of the input, and each address's share. */
      if (arb_net_server_get_n_tables (server) > 1 + 2 * TABLES_PER_ADDRESS)
        abort ();
      /* A step taken now was the sender's, from the seat it holds. */
      if (arb_game_get_n_steps (arb_net_table_get_game (table)) > before && n_movers < G_N_ELEMENTS (mover))
        mover[n_movers++] = arb_net_peer_get_seat (peers[who]);
      check_steps (table, mover, n_movers);
    }
  for (guint i = 0; i < N_PEERS; i++)
    {
      arb_net_server_remove_peer (server, peers[i]);
      g_object_unref (peers[i]);
    }
  remove_files ();
  return 0;
}
