/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-play.c: games played online through ArbNetPlay, the link the
 * window uses between a session and a host (loopback only). One session
 * hosts, with the server in this process; the others join with the code.
 * Each session's screen shows its seat exactly what the host sent, people
 * act only on their turn, a dropped seat comes back, and at the end every
 * session holds and has saved the host's own record of the game. */
#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include "arb-net-play.h"
#include "arb-save.h"
#include "arb-test-net.h"
#include "arb-test-state.h"

typedef struct {
  ArbSession *sessions[ARB_MAX_PLAYERS];
  ArbNetPlay *plays[ARB_MAX_PLAYERS];
  guint       n_people;
  GRand      *rand;
  guint       n_messages;
  guint       checks;
  gboolean    dropped;
  int         drop_seat;     /* the session whose connection drops once, or -1 */
} Table;

static void
on_message (ArbNetPlay *play, const char *message, Table *table)
{
  g_test_message ("message: %s", message);
  table->n_messages++;
}

/* Each person at their turn: a random move the rules allow, chosen from
 * what their screen shows (their projection) and nothing else. */
static void
act (Table *table)
{
  for (guint i = 0; i < table->n_people; i++)
    {
      ArbSession *session = table->sessions[i];
      g_autoptr (GError) error = NULL;
      const ArbProjection *view;
      ArbMove move;

      if (!arb_session_get_person_to_act (session))
        continue;
      view = arb_viewpoint_get_projection (arb_session_get_viewpoint (session));
      move = arb_test_random_move (&view->state, table->rand);
      g_assert_true (arb_session_apply (session, &move, &error));
      g_assert_no_error (error);
      g_assert_false (arb_session_get_person_to_act (session));
    }
}

/* What each screen shows is its seat's projection of the host's game. */
static void
check_screens (Table *table)
{
  for (guint i = 0; i < table->n_people; i++)
    {
      ArbGame *game = arb_session_get_game (table->sessions[i]);
      ArbProjection mine;
      int seat = arb_net_play_get_seat (table->plays[i]);

      if (game == NULL || arb_net_play_get_status (table->plays[i]) != ARB_NET_PLAY_PLAYING)
        continue;
      g_assert_cmpint (arb_session_get_online_seat (table->sessions[i]), ==, seat);
      arb_game_project (game, seat, &mine);
      g_assert_true (memcmp (arb_viewpoint_get_projection (arb_session_get_viewpoint (table->sessions[i])),
                             &mine, sizeof mine) == 0);
      table->checks++;
    }
}

static gboolean
all_finished (gpointer data)
{
  Table *table = data;

  act (table);
  check_screens (table);
  if (table->drop_seat >= 0 && !table->dropped)
    {
      ArbGame *game = arb_session_get_game (table->sessions[table->drop_seat]);

      if (game != NULL && arb_game_get_n_steps (game) >= 12)
        {
          /* The connection drops; the seat is taken again by itself. */
          ArbNetClient *client = arb_net_play_get_client (table->plays[table->drop_seat]);

          table->dropped = TRUE;
          arb_net_client_close (client);
          g_signal_emit_by_name (client, "closed");
        }
    }
  for (guint i = 0; i < table->n_people; i++)
    if (arb_net_play_get_status (table->plays[i]) != ARB_NET_PLAY_FINISHED
        && arb_net_play_get_status (table->plays[i]) != ARB_NET_PLAY_FAILED)
      return FALSE;
  return TRUE;
}

/* How far the host's game is: the measure of progress of a long wait. */
static guint
host_steps (gpointer data)
{
  Table *table = data;
  ArbGame *game = arb_session_get_game (table->sessions[0]);

  return game != NULL ? arb_game_get_n_steps (game) : 0;
}

static gboolean
server_is_empty (gpointer data)
{
  return arb_net_server_get_n_tables (data) == 0;
}

static gboolean
has_code (gpointer data)
{
  return arb_net_play_get_code (data) != NULL
         || arb_net_play_get_status (data) == ARB_NET_PLAY_FAILED;
}

static void
play_table (ArbVariant variant, guint n_seats, const char * const *seats, guint32 seed, int drop_seat)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-net-play-XXXXXX", &error);
  g_autoptr (GFile) server_dir = NULL, record_dir = NULL;
  g_autofree char *address = NULL;
  Table table = { .rand = g_rand_new_with_seed (seed), .drop_seat = drop_seat };
  ArbScoreSheet first;

  g_assert_no_error (error);
  server_dir = g_file_new_build_filename (dir, "server", NULL);
  record_dir = g_file_new_build_filename (dir, "records", NULL);
  for (guint p = 0; p < n_seats; p++)
    if (g_str_equal (seats[p], "person"))
      table.sessions[table.n_people++] = arb_test_net_watch (arb_session_new ());

  table.plays[0] = arb_net_play_new_host (server_dir, "127.0.0.1:0", variant, n_seats, seats, "Ann", &error);
  g_assert_no_error (error);
  arb_session_join (table.sessions[0], ARB_LINK (table.plays[0]));
  arb_test_net_watch (table.plays[0]);
  arb_test_net_wait ("the host's code", has_code, table.plays[0]);
  g_assert_nonnull (arb_net_play_get_code (table.plays[0]));
  address = g_strdup_printf ("127.0.0.1:%u", arb_test_net_port (table.plays[0]));
  for (guint i = 1; i < table.n_people; i++)
    {
      g_autofree char *name = g_strdup_printf ("Friend %u", i);

      table.plays[i] = arb_net_play_new_join (address, arb_net_play_get_code (table.plays[0]), name, &error);
      g_assert_no_error (error);
      arb_session_join (table.sessions[i], ARB_LINK (table.plays[i]));
    }
  for (guint i = 0; i < table.n_people; i++)
    {
      arb_test_net_watch (table.plays[i]);
      arb_net_play_set_record_dir (table.plays[i], record_dir);
      g_signal_connect (table.plays[i], "message", G_CALLBACK (on_message), &table);
    }

  arb_test_net_wait_through ("every link to finish", all_finished, host_steps, &table, ARB_TEST_NET_MAX_STEPS);
  g_assert_cmpuint (table.n_messages, ==, 0);
  g_assert_cmpuint (table.checks, >, 0);
  g_assert_true (drop_seat < 0 || table.dropped);
  g_assert_true (arb_net_play_get_is_host (table.plays[0]));
  for (guint i = 0; i < table.n_people; i++)
    {
      ArbGame *game = arb_session_get_game (table.sessions[i]);
      GFile *file = arb_net_play_get_record_file (table.plays[i]);
      g_autoptr (ArbGame) saved = NULL;
      ArbScoreSheet sheet;

      g_assert_cmpint (arb_net_play_get_status (table.plays[i]), ==, ARB_NET_PLAY_FINISHED);
      g_assert_false (arb_net_play_get_is_host (table.plays[i]) && i > 0);
      g_assert_true (arb_game_is_finished (game));
      g_assert_cmpstr (arb_player_get_name (arb_game_get_player (game, 0)), ==, "Ann");
      /* The record is the host's: a save of it, read back, is the same game. */
      g_assert_nonnull (file);
      saved = arb_save_read_file (file, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (arb_test_same_state (arb_game_get_state (saved), arb_game_get_state (game)));
      g_assert_true (arb_test_same_pile (arb_game_get_deck (saved), arb_game_get_deck (game)));
      arb_game_get_score (game, &sheet);
      if (i == 0)
        first = sheet;
      g_assert_true (memcmp (&sheet, &first, sizeof sheet) == 0);
      g_assert_true (arb_session_get_file (table.sessions[i]) == file);
    }
  /* Once everybody has left the finished table, it leaves the host's memory
   * (here at once; by default ten minutes later). */
  {
    ArbNetServer *server = arb_net_play_get_server (table.plays[0]);

    g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 1);
    arb_net_server_set_finished_keep (server, 0);
    g_assert_cmpuint (arb_net_server_get_n_tables (server), ==, 1);
    for (guint i = 0; i < table.n_people; i++)
      arb_net_client_close (arb_net_play_get_client (table.plays[i]));
    arb_test_net_watch (server);
    arb_test_net_wait ("the finished table to leave the host's memory", server_is_empty, server);
  }
  for (guint i = 0; i < table.n_people; i++)
    {
      g_object_unref (table.plays[i]);
      g_object_unref (table.sessions[i]);
    }
  g_rand_free (table.rand);
  arb_test_remove_tree (dir);
}

static void
test_two_people (void)
{
  const char *seats[] = { "person", "person" };

  play_table (ARB_VARIANT_STANDARD, 2, seats, 1, -1);
}

static void
test_three_with_a_computer (void)
{
  const char *seats[] = { "person", "medium", "person" };

  play_table (ARB_VARIANT_CLASSIC, 3, seats, 2, -1);
}

static void
test_four_and_a_drop (void)
{
  const char *seats[] = { "person", "person", "random", "person" };

  play_table (ARB_VARIANT_STANDARD, 4, seats, 3, 1);
}

static gboolean
bob_is_away (gpointer data)
{
  ArbNetPlay *play = data;

  return arb_net_play_get_seat_away (play, 1) >= 0;
}

static gboolean
seat_is_computers (gpointer data)
{
  return arb_game_is_computer (arb_session_get_game (data), 1);
}

static gboolean
bob_has_played (gpointer data)
{
  Table *table = data;
  ArbGame *game = arb_session_get_game (table->sessions[1]);

  act (table);
  return game != NULL && arb_game_get_n_steps (game) >= 6;
}

static gboolean
ann_has_finished (gpointer data)
{
  Table *table = data;

  act (table);
  return arb_net_play_get_status (table->plays[0]) == ARB_NET_PLAY_FINISHED;
}

/* Bob leaves for good: once the limit has passed, the host gives his seat
 * to a computer, which the host's server plays to the end. */
static void
test_seat_given_to_computer (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-net-play-XXXXXX", &error);
  g_autoptr (GFile) server_dir = NULL;
  g_autofree char *address = NULL;
  const char *seats[] = { "person", "person" };
  Table table = { .rand = g_rand_new_with_seed (5), .drop_seat = -1, .n_people = 2 };
  ArbGame *game;

  g_assert_no_error (error);
  server_dir = g_file_new_build_filename (dir, "server", NULL);
  table.sessions[0] = arb_test_net_watch (arb_session_new ());
  table.sessions[1] = arb_test_net_watch (arb_session_new ());
  table.plays[0] = arb_net_play_new_host (server_dir, "127.0.0.1:0", ARB_VARIANT_STANDARD, 2, seats, "Ann", &error);
  g_assert_no_error (error);
  arb_session_join (table.sessions[0], ARB_LINK (table.plays[0]));
  arb_test_net_watch (table.plays[0]);
  arb_net_server_set_replace_after (arb_net_play_get_server (table.plays[0]), 0);
  arb_test_net_wait ("the host's code", has_code, table.plays[0]);
  address = g_strdup_printf ("127.0.0.1:%u", arb_test_net_port (table.plays[0]));
  table.plays[1] = arb_net_play_new_join (address, arb_net_play_get_code (table.plays[0]), "Bob", &error);
  g_assert_no_error (error);
  arb_session_join (table.sessions[1], ARB_LINK (table.plays[1]));
  arb_test_net_watch (table.plays[1]);
  g_signal_connect (table.plays[0], "message", G_CALLBACK (on_message), &table);
  arb_test_net_wait_through ("step 6 on Bob's screen", bob_has_played, host_steps, &table, ARB_TEST_NET_MAX_STEPS);

  /* Bob goes, and does not come back. */
  arb_session_leave (table.sessions[1]);
  table.n_people = 1;
  arb_test_net_wait ("Ann's link to see Bob away", bob_is_away, table.plays[0]);
  arb_net_play_give_seat (table.plays[0], 1, ARB_AI_EASY);
  /* Ann's screen says so before the game goes on. */
  arb_test_net_wait ("Ann's game to give Bob's seat to a computer", seat_is_computers, table.sessions[0]);
  g_assert_false (arb_game_is_finished (arb_session_get_game (table.sessions[0])));
  arb_test_net_wait_through ("Ann's link to finish", ann_has_finished, host_steps, &table, ARB_TEST_NET_MAX_STEPS);
  g_assert_cmpuint (table.n_messages, ==, 0);
  game = arb_session_get_game (table.sessions[0]);
  g_assert_true (arb_game_is_finished (game));
  g_assert_true (arb_game_is_computer (game, 1));

  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (table.plays[i]);
      g_object_unref (table.sessions[i]);
    }
  g_rand_free (table.rand);
  arb_test_remove_tree (dir);
}

static void
test_addresses (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *a = arb_net_uri_for_address (" 192.168.1.20 ", &error);
  g_autofree char *b = arb_net_uri_for_address ("host.lan:7421", &error);
  g_autofree char *c = arb_net_uri_for_address ("wss://example.org:443/arboretum", &error);
  g_autofree char *d = arb_net_uri_for_address ("::1", &error);

  g_assert_cmpstr (a, ==, "ws://192.168.1.20:7420/arboretum");
  g_assert_cmpstr (b, ==, "ws://host.lan:7421/arboretum");
  g_assert_cmpstr (c, ==, "wss://example.org:443/arboretum");
  g_assert_null (d);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (arb_net_uri_for_address ("", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* The window hosts on the server's folder of its own, where a FIFO named
 * *.table may stand: hosting starts and gives its code, the FIFO refused,
 * never waited on. In a subprocess with a limit: a host that waits on the
 * FIFO fails the test instead of hanging the suite. */
static void
test_host_beside_fifo (void)
{
  const char *dir = g_getenv ("ARB_TEST_HOSTED_DIR");

  if (g_test_subprocess ())
    {
      static const char * const seats[] = { "person", "person" };
      g_autoptr (GFile) server_dir = g_file_new_for_path (dir);
      g_autoptr (ArbSession) session = arb_session_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbNetPlay) play = arb_net_play_new_host (server_dir, "127.0.0.1:0", ARB_VARIANT_STANDARD,
                                                           2, seats, "Ann", &error);

      g_assert_no_error (error);
      arb_session_join (session, ARB_LINK (play));
      arb_test_net_wait ("the host's code", has_code, play);
      g_assert_nonnull (arb_net_play_get_code (play));
      arb_session_leave (session);
      return;
    }

  {
    g_autofree char *made = g_dir_make_tmp ("arb-net-play-XXXXXX", NULL);
    g_autofree char *fifo = g_build_filename (made, "fifo.table", NULL);

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    g_setenv ("ARB_TEST_HOSTED_DIR", made, TRUE);
    g_test_trap_subprocess (NULL, ARB_TEST_WAIT_LIMIT_SECONDS * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_unsetenv ("ARB_TEST_HOSTED_DIR");
    arb_test_remove_tree (made);
    g_test_trap_assert_passed ();
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net-play/addresses", test_addresses);
  g_test_add_func ("/net-play/two-people", test_two_people);
  g_test_add_func ("/net-play/three-with-a-computer", test_three_with_a_computer);
  g_test_add_func ("/net-play/four-and-a-drop", test_four_and_a_drop);
  g_test_add_func ("/net-play/seat-given-to-computer", test_seat_given_to_computer);
  g_test_add_func ("/net-play/host-beside-fifo", test_host_beside_fifo);
  return g_test_run ();
}
