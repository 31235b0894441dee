/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-net-save.c: a table that cannot save takes no step (issue 32). The
 * write failures are real: the process's file size limit (RLIMIT_FSIZE,
 * which holds for root too, with SIGXFSZ ignored: EFBIG), and a steps file
 * that is /dev/full (ENOSPC, a full disk's own error). The mover is
 * refused, everybody at the table is told why once, and the game goes on
 * once the files can be written, at the next move or by the table's own
 * retry; a write cut short and a server killed with SIGKILL lose no step
 * anybody saw, and take none that was refused. */
#define _GNU_SOURCE
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arb-net-table.h"
#include "arb-save.h"
#include "arb-test-net.h"
#include "arb-test-state.h"

#define EFBIG_TEXT "The server cannot save this game: a file would be larger than the server may write"
#define ENOSPC_TEXT "The server cannot save this game: its disk is full"

/* Files this process writes stop at bytes (RLIM_INFINITY: no limit but the hard one). */
static void
limit_files (pid_t pid, rlim_t bytes)
{
  struct rlimit limit;

  g_assert_cmpint (prlimit (pid, RLIMIT_FSIZE, NULL, &limit), ==, 0);
  limit.rlim_cur = bytes == RLIM_INFINITY ? limit.rlim_max : bytes;
  g_assert_cmpint (prlimit (pid, RLIMIT_FSIZE, &limit, NULL), ==, 0);
}

static gint64
file_size (const char *path)
{
  GStatBuf info;

  return g_stat (path, &info) == 0 ? (gint64) info.st_size : -1;
}

/* ---- a table through the server's handler, its connections without sockets ---- */

typedef struct {
  ArbNetServer *server;
  char         *dir;
  char         *id;
  ArbNetPeer   *seats[2];
  ArbNetPeer   *watcher;
  GRand        *rand;
} Table;

static const char *
member_of_last (ArbNetPeer *peer, const char *member)
{
  g_autoptr (JsonObject) message = NULL;
  const char *type;
  const char *text = arb_test_net_last_sent (peer);

  message = arb_net_parse (text, strlen (text), &type, NULL);
  g_assert_nonnull (message);
  return g_intern_string (json_object_get_string_member (message, member));
}

static ArbNetServer *
server_on (const char *dir)
{
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autoptr (GError) error = NULL;
  ArbNetServer *server = arb_net_server_new (file, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (arb_net_server_get_resume_errors (server)->len, ==, 0);
  return arb_test_net_watch (server);
}

/* A practice table, so that its seed is public and the test knows the
 * deal. seats: the two seats' kinds, "person" or a computer level, the first
 * n_people of them people. */
static void
table_open (Table *t, const char *seats, guint n_people)
{
  g_autoptr (ArbNetPeer) host = NULL;
  g_autofree char *create = g_strdup_printf ("{\"type\":\"create\",\"players\":2,\"practice\":true,\"seed\":11,\"seats\":[%s]}", seats);
  g_autofree char *join = NULL, *watch = NULL;

  t->dir = g_dir_make_tmp ("arb-net-save-XXXXXX", NULL);
  t->server = server_on (t->dir);
  t->rand = g_rand_new_with_seed (11);
  host = arb_test_net_greeted_peer (t->server);
  arb_test_net_say (t->server, host, create);
  t->id = g_strdup (member_of_last (host, "table"));
  join = g_strdup_printf ("{\"type\":\"join\",\"code\":\"%s\"}", member_of_last (host, "code"));
  watch = g_strdup_printf ("{\"type\":\"watch\",\"code\":\"%s\"}", member_of_last (host, "code"));
  for (guint seat = 0; seat < n_people; seat++)
    {
      t->seats[seat] = arb_test_net_greeted_peer (t->server);
      arb_test_net_say (t->server, t->seats[seat], join);
      g_assert_cmpint (arb_net_peer_get_seat (t->seats[seat]), ==, seat);
    }
  t->watcher = arb_test_net_greeted_peer (t->server);
  arb_test_net_say (t->server, t->watcher, watch);
}

static void
table_close (Table *t)
{
  limit_files (0, RLIM_INFINITY);
  g_clear_object (&t->seats[0]);
  g_clear_object (&t->seats[1]);
  g_clear_object (&t->watcher);
  g_assert_finalize_object (t->server);
  arb_test_remove_tree (t->dir);
  g_free (t->dir);
  g_free (t->id);
  g_rand_free (t->rand);
}

static ArbGame *
table_game (Table *t)
{
  return arb_net_table_get_game (arb_net_server_find_table (t->server, t->id));
}

static char *
table_path (Table *t, const char *extension)
{
  g_autofree char *name = g_strconcat (t->id, extension, NULL);

  return g_build_filename (t->dir, name, NULL);
}

/* The move message of the seat to act (the same one until the game moves). */
static char *
next_move (Table *t)
{
  ArbGame *game = table_game (t);
  g_autoptr (GRand) rand = g_rand_new_with_seed (arb_game_get_n_steps (game));
  ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);

  return arb_test_net_move_message (&move, arb_game_get_n_steps (game));
}

static ArbNetPeer *
mover (Table *t)
{
  return t->seats[arb_game_get_current_player (table_game (t))];
}

static void
play_steps (Table *t, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      guint before = arb_game_get_n_steps (table_game (t));
      g_autofree char *move = next_move (t);

      arb_test_net_say (t->server, mover (t), move);
      g_assert_cmpuint (arb_game_get_n_steps (table_game (t)), ==, before + 1);
    }
}

/* peer was sent exactly one message since it had before, an error with text. */
static void
assert_told (ArbNetPeer *peer, guint before, const char *text)
{
  GPtrArray *sent = arb_net_peer_get_sent (peer);

  g_assert_cmpuint (sent->len, ==, before + 1);
  g_assert_cmpstr (member_of_last (peer, "type"), ==, "error");
  g_assert_cmpstr (member_of_last (peer, "code"), ==, "server");
  g_assert_cmpstr (member_of_last (peer, "message"), ==, text);
}

static guint
n_sent (ArbNetPeer *peer)
{
  return peer != NULL ? arb_net_peer_get_sent (peer)->len : 0;
}

/* The move of the seat to act is refused for want of a disk: the mover is
 * answered, the other seat and the spectator told once, and the game and
 * its steps file stay as they were. */
static void
assert_move_refused (Table *t, const char *text, gboolean others_told)
{
  ArbNetPeer *moving = mover (t);
  ArbNetPeer *other = t->seats[0] == moving ? t->seats[1] : t->seats[0];
  guint steps = arb_game_get_n_steps (table_game (t));
  guint before = n_sent (moving), before_other = n_sent (other), before_watcher = n_sent (t->watcher);
  g_autofree char *move = next_move (t);

  arb_test_net_say (t->server, moving, move);
  assert_told (moving, before, text);
  g_assert_cmpuint (arb_game_get_n_steps (table_game (t)), ==, steps);
  if (others_told)
    {
      if (other != NULL)
        assert_told (other, before_other, text);
      assert_told (t->watcher, before_watcher, text);
    }
  else
    {
      g_assert_cmpuint (n_sent (other), ==, before_other);
      g_assert_cmpuint (n_sent (t->watcher), ==, before_watcher);
    }
}

/* The game as a server started again on the directory reads it. */
static guint
steps_on_disk (Table *t)
{
  g_autoptr (ArbNetServer) again = server_on (t->dir);

  return arb_game_get_n_steps (arb_net_table_get_game (arb_net_server_find_table (again, t->id)));
}

/* Past the file size limit: no step, everybody told once, nothing of the
 * refused step on disk; the limit lifted, the next move goes through. */
static void
test_file_size_limit (void)
{
  Table t = { 0 };
  g_autofree char *steps_file = NULL;
  gint64 size;
  guint steps;

  table_open (&t, "\"person\",\"person\"", 2);
  play_steps (&t, 9);
  steps_file = table_path (&t, ".steps");
  size = file_size (steps_file);
  g_assert_cmpint (size, >, 0);
  limit_files (0, 1);
  assert_move_refused (&t, EFBIG_TEXT, TRUE);
  /* Tried again, refused again; the others were told already. */
  assert_move_refused (&t, EFBIG_TEXT, FALSE);
  g_assert_cmpint (file_size (steps_file), ==, size);
  steps = arb_game_get_n_steps (table_game (&t));
  g_assert_cmpuint (steps_on_disk (&t), ==, steps);

  limit_files (0, RLIM_INFINITY);
  play_steps (&t, 1);
  g_assert_cmpuint (steps_on_disk (&t), ==, steps + 1);
  play_steps (&t, 6);
  g_assert_cmpuint (steps_on_disk (&t), ==, steps + 7);
  table_close (&t);
}

/* A steps file that is /dev/full fails as a full disk does, with ENOSPC,
 * and says so in those words. The next move writes the files whole again. */
static void
test_disk_full (void)
{
  Table t = { 0 };
  g_autofree char *steps_file = NULL;
  guint steps;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("No /dev/full");
      return;
    }
  table_open (&t, "\"person\",\"person\"", 2);
  play_steps (&t, 5);
  steps = arb_game_get_n_steps (table_game (&t));
  steps_file = table_path (&t, ".steps");
  g_assert_cmpint (g_unlink (steps_file), ==, 0);
  g_assert_cmpint (symlink ("/dev/full", steps_file), ==, 0);
  assert_move_refused (&t, ENOSPC_TEXT, TRUE);
  /* The refused step is nowhere; the steps before it are in the save. */
  g_assert_cmpuint (arb_game_get_n_steps (table_game (&t)), ==, steps);
  play_steps (&t, 3);
  g_assert_false (g_file_test (steps_file, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpuint (steps_on_disk (&t), ==, steps + 3);
  table_close (&t);
}

static gboolean
was_told (gpointer data)
{
  ArbNetPeer *peer = data;

  return g_strcmp0 (member_of_last (peer, "type"), "error") == 0;
}

static gboolean
computer_played_on (gpointer data)
{
  Table *t = data;
  ArbGame *game = table_game (t);

  return arb_game_get_current_player (game) == 0 && arb_game_get_n_steps (game) > 4;
}

/* The computer's step cannot be written: everybody is told, the computer
 * waits, and the table's retry (every few seconds) lets it play on once
 * the limit is lifted, with nobody moving. */
static void
test_computer_waits_for_the_disk (void)
{
  Table t = { 0 };
  guint before;

  table_open (&t, "\"person\",\"random\"", 1);
  play_steps (&t, 3);
  before = n_sent (t.seats[0]);
  {
    g_autofree char *move = next_move (&t);

    /* The turn's last move: the computer decides in a thread, and finds the
     * files closed to it when its decision comes back. */
    arb_test_net_say (t.server, t.seats[0], move);
    limit_files (0, 1);
  }
  g_assert_cmpuint (arb_game_get_n_steps (table_game (&t)), ==, 4);
  arb_test_net_wait ("the person to be told the table cannot save", was_told, t.seats[0]);
  g_assert_cmpstr (member_of_last (t.seats[0], "message"), ==, EFBIG_TEXT);
  g_assert_cmpuint (n_sent (t.seats[0]), ==, before + 2);  /* the state of the move, the news */
  g_assert_cmpuint (arb_game_get_n_steps (table_game (&t)), ==, 4);
  limit_files (0, RLIM_INFINITY);
  arb_test_net_wait ("the computer to play its turn", computer_played_on, &t);
  g_assert_cmpuint (steps_on_disk (&t), ==, 8);
  table_close (&t);
}

/* The steps file is read only when it is a regular file, not through a
 * symbolic link: a FIFO or a link in its place is refused in one line,
 * without waiting. */
static void
test_steps_file_not_regular (void)
{
  Table t = { 0 };
  g_autofree char *steps = NULL;
  g_autofree char *elsewhere = NULL;
  g_autofree char *keyfile = NULL;
  g_autoptr (GFile) file = NULL;

  table_open (&t, "\"person\",\"person\"", 2);
  play_steps (&t, 3);
  steps = table_path (&t, ".steps");
  elsewhere = table_path (&t, ".elsewhere");
  keyfile = table_path (&t, ".table");
  file = g_file_new_for_path (keyfile);
  g_assert_cmpint (g_rename (steps, elsewhere), ==, 0);
  for (guint kind = 0; kind < 2; kind++)
    {
      g_autoptr (GError) error = NULL;
      ArbNetTable *loaded;

      g_assert_cmpint (kind == 0 ? mkfifo (steps, 0600) : symlink (elsewhere, steps), ==, 0);
      loaded = arb_net_table_load (file, &error);
      g_assert_null (loaded);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
      g_assert_cmpuint (strlen (error->message), <=, 200);
      g_assert_cmpint (g_unlink (steps), ==, 0);
    }
  table_close (&t);
}

/* A write cut short at the limit leaves half a line at the end of the
 * steps file; a server started again on it (the first one gone without
 * writing anything more, as if killed) leaves it out and goes on. */
static void
test_cut_short (void)
{
  Table t = { 0 };
  g_autofree char *steps_file = NULL;
  g_autofree char *token = NULL, *rejoin = NULL, *move = NULL;
  g_autoptr (ArbNetPeer) again = NULL;
  guint steps;
  gint64 size;

  table_open (&t, "\"person\",\"person\"", 2);
  play_steps (&t, 7);
  steps = arb_game_get_n_steps (table_game (&t));
  steps_file = table_path (&t, ".steps");
  size = file_size (steps_file);
  limit_files (0, (rlim_t) size + 10);
  assert_move_refused (&t, EFBIG_TEXT, TRUE);
  g_assert_cmpint (file_size (steps_file), ==, size + 10);
  token = g_strdup (arb_net_table_get_token (arb_net_server_find_table (t.server, t.id),
                                             arb_game_get_current_player (table_game (&t))));
  move = next_move (&t);
  g_clear_object (&t.seats[0]);
  g_clear_object (&t.seats[1]);
  g_clear_object (&t.watcher);
  g_assert_finalize_object (t.server);
  limit_files (0, RLIM_INFINITY);

  t.server = server_on (t.dir);
  g_assert_cmpuint (arb_game_get_n_steps (table_game (&t)), ==, steps);
  /* Read once, the files are whole again and the steps file empty: nothing
   * is appended after half a line. */
  g_assert_cmpint (file_size (steps_file), ==, 0);
  again = arb_test_net_greeted_peer (t.server);
  rejoin = g_strdup_printf ("{\"type\":\"rejoin\",\"token\":\"%s\"}", token);
  arb_test_net_say (t.server, again, rejoin);
  arb_test_net_say (t.server, again, move);
  g_assert_cmpuint (arb_game_get_n_steps (table_game (&t)), ==, steps + 1);
  g_assert_cmpuint (steps_on_disk (&t), ==, steps + 1);
  g_clear_object (&again);
  table_close (&t);
}

/* ---- arboretum-cli serve, its file size limit set from outside, killed ---- */

typedef struct {
  GSubprocess  *server;
  char         *uri;
  ArbNetClient *clients[2];
} Served;

static const ArbAiLevel levels[2] = { ARB_AI_EASY, ARB_AI_RANDOM };

static void
serve_child_setup (gpointer user_data)
{
  /* A test that fails leaves no server behind; past its file size limit
   * the server's writes fail (EFBIG) instead of killing it. */
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  signal (SIGXFSZ, SIG_IGN);
}

static void
serve (Served *s, const char *dir)
{
  g_autofree char *line = NULL;

  s->server = arb_test_net_serve ("127.0.0.1:0", dir, serve_child_setup, &line);
  g_free (s->uri);
  s->uri = arb_test_net_uri_of (line);
}

static void
kill_server (Served *s)
{
  g_subprocess_force_exit (s->server);
  g_assert_true (g_subprocess_wait (s->server, NULL, NULL));
  g_clear_object (&s->server);
}

/* A seat taken with code, or again with token: its first view is at
 * step at least (a computer plays its seat on at once). */
static void
take_seat (Served *s, guint seat, const char *code, const char *token, guint at_least)
{
  g_autoptr (ArbNetClient) client = arb_test_net_client_new (s->uri);

  arb_net_client_set_ai (client, levels[seat], 17);
  if (token != NULL)
    arb_net_client_rejoin (client, token);
  else
    arb_net_client_join (client, code);
  arb_net_client_open (client);
  arb_test_net_wait ("a seat's view", arb_test_net_has_view, client);
  g_assert_cmpuint (arb_net_client_get_n_errors (client), ==, 0);
  g_assert_cmpint (arb_net_client_get_seat (client), ==, seat);
  g_assert_cmpuint (arb_net_client_get_step (client), >=, at_least);
  g_set_object (&s->clients[seat], client);
}

static guint
steps_seen (Served *s)
{
  return MAX (arb_net_client_get_step (s->clients[0]), arb_net_client_get_step (s->clients[1]));
}

static gboolean
past_step_8 (gpointer data)
{
  return steps_seen (data) >= 8;
}

static gboolean
both_told (gpointer data)
{
  Served *s = data;

  return g_strcmp0 (arb_net_client_get_last_error (s->clients[0]), "server") == 0
         && g_strcmp0 (arb_net_client_get_last_error (s->clients[1]), "server") == 0;
}

static gboolean
both_finished (gpointer data)
{
  Served *s = data;

  return arb_net_client_get_finished (s->clients[0]) && arb_net_client_get_finished (s->clients[1]);
}

static guint
steps_seen_of (gpointer data)
{
  return steps_seen (data);
}

static char *
find_steps_file (const char *dir)
{
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    if (g_str_has_suffix (name, ".steps"))
      return g_build_filename (dir, name, NULL);
  return NULL;
}

/* The server's files closed to it mid-game (its limit set from outside, a
 * step cut short), both players told, then SIGKILL: started again, the
 * server has every step a player saw and none it refused, and the game
 * ends as the same seed and levels play it locally. */
/* A served table of two computers playing through `join --ai` clients,
 * past its eighth step when the server's files close to it (its limit set
 * from outside, a step cut short) and both players are told. Returns the
 * server's process id. */
static pid_t
play_until_it_cannot_save (Served *s, const char *dir)
{
  g_autofree char *steps_file = NULL;
  g_autoptr (ArbNetClient) host = NULL;
  const char *seats[] = { "person", "person" };
  pid_t pid;

  serve (s, dir);
  host = arb_test_net_client_new (s->uri);
  arb_net_client_create (host, ARB_VARIANT_STANDARD, 2, seats, 17);
  arb_net_client_open (host);
  arb_test_net_wait ("a new table's code", arb_test_net_has_code, host);
  take_seat (s, 0, arb_net_client_get_code (host), NULL, 0);
  take_seat (s, 1, arb_net_client_get_code (host), NULL, 0);
  arb_test_net_wait ("eight steps", past_step_8, s);

  steps_file = find_steps_file (dir);
  g_assert_nonnull (steps_file);
  pid = (pid_t) g_ascii_strtoll (g_subprocess_get_identifier (s->server), NULL, 10);
  limit_files (pid, (rlim_t) file_size (steps_file) + 20);
  arb_test_net_wait ("both players to be told the server cannot save", both_told, s);
  return pid;
}

static void
test_killed_while_it_cannot_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-net-save-XXXXXX", NULL);
  char *tokens[2] = { NULL, NULL };
  g_autoptr (ArbGame) local = NULL;
  Served s = { 0 };
  guint seen;

  play_until_it_cannot_save (&s, dir);
  seen = steps_seen (&s);
  g_assert_cmpuint (seen, <, 80);
  kill_server (&s);

  for (guint seat = 0; seat < 2; seat++)
    tokens[seat] = g_strdup (arb_net_client_get_token (s.clients[seat]));
  serve (&s, dir);
  /* Every step seen is there, and no other: the first seat's first view
   * comes before anybody can move. */
  take_seat (&s, 0, NULL, tokens[0], seen);
  g_assert_cmpuint (arb_net_client_get_step (s.clients[0]), ==, seen);
  take_seat (&s, 1, NULL, tokens[1], seen);
  arb_test_net_wait_through ("the game to end", both_finished, steps_seen_of, &s, ARB_TEST_NET_MAX_STEPS);
  local = arb_test_net_play_locally (ARB_VARIANT_STANDARD, 2, 17, levels);
  g_assert_cmpuint (arb_net_client_get_step (s.clients[0]), ==, arb_game_get_n_steps (local));
  g_assert_true (arb_test_same_state (&arb_net_client_get_view (s.clients[0])->state, arb_game_get_state (local)));

  g_clear_object (&s.clients[0]);
  g_clear_object (&s.clients[1]);
  kill_server (&s);
  g_free (s.uri);
  for (guint seat = 0; seat < 2; seat++)
    g_free (tokens[seat]);
  arb_test_remove_tree (dir);
}

/* The disk has room again: the computers at `join --ai` clients, whose
 * moves the server refused, decide again at the state it then sends, and
 * the game ends as the same seed and levels play it locally. */
static void
test_computers_online_wait_for_the_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-net-save-XXXXXX", NULL);
  g_autoptr (ArbGame) local = NULL;
  Served s = { 0 };
  pid_t pid;

  pid = play_until_it_cannot_save (&s, dir);
  limit_files (pid, RLIM_INFINITY);
  arb_test_net_wait_through ("the game to end", both_finished, steps_seen_of, &s, ARB_TEST_NET_MAX_STEPS);
  local = arb_test_net_play_locally (ARB_VARIANT_STANDARD, 2, 17, levels);
  g_assert_cmpuint (arb_net_client_get_step (s.clients[0]), ==, arb_game_get_n_steps (local));

  g_clear_object (&s.clients[0]);
  g_clear_object (&s.clients[1]);
  kill_server (&s);
  g_free (s.uri);
  arb_test_remove_tree (dir);
}

/* ---- the window's way: ArbNetPlay hosting, the server in this process ---- */

typedef struct {
  ArbSession *sessions[2];
  ArbNetPlay *plays[2];
  GPtrArray  *messages[2];
} Hosted;

static void
on_message (ArbNetPlay *play, const char *message, GPtrArray *messages)
{
  g_ptr_array_add (messages, g_strdup (message));
}

static gboolean
has_code (gpointer data)
{
  return arb_net_play_get_code (data) != NULL || arb_net_play_get_status (data) == ARB_NET_PLAY_FAILED;
}

static gboolean
someone_to_act (gpointer data)
{
  Hosted *h = data;

  return arb_session_get_person_to_act (h->sessions[0]) || arb_session_get_person_to_act (h->sessions[1]);
}

static gboolean
both_screens_told (gpointer data)
{
  Hosted *h = data;

  return h->messages[0]->len > 0 && h->messages[1]->len > 0 && someone_to_act (h);
}

static guint
acting (Hosted *h)
{
  return arb_session_get_person_to_act (h->sessions[0]) ? 0 : 1;
}

static void
act (Hosted *h, GRand *rand)
{
  ArbSession *session = h->sessions[acting (h)];
  const ArbProjection *view = arb_viewpoint_get_projection (arb_session_get_viewpoint (session));
  ArbMove move = arb_test_random_move (&view->state, rand);
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_session_apply (session, &move, &error));
  g_assert_no_error (error);
}

static guint
host_screen_steps (Hosted *h)
{
  ArbGame *game = arb_session_get_game (h->sessions[0]);

  return game != NULL ? arb_game_get_n_steps (game) : 0;
}

typedef struct {
  Hosted *h;
  guint   steps;
} ScreenSteps;

static gboolean
host_screen_at (gpointer data)
{
  ScreenSteps *at = data;

  return host_screen_steps (at->h) >= at->steps && someone_to_act (at->h);
}

/* The host's window cannot save (its process past the file size limit):
 * the screen of the person who moved and the other's both get the
 * sentence, through the links' "message", which the window shows as a
 * toast; the limit lifted, the person plays again and the game goes on. */
static void
test_hosting_window (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-net-save-XXXXXX", &error);
  g_autoptr (GFile) server_dir = g_file_new_build_filename (dir, "server", NULL);
  g_autofree char *address = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  const char *seats[] = { "person", "person" };
  Hosted h = { 0 };
  ScreenSteps at = { &h, 6 };
  guint steps;

  for (guint i = 0; i < 2; i++)
    {
      h.sessions[i] = arb_test_net_watch (arb_session_new ());
      h.messages[i] = g_ptr_array_new_with_free_func (g_free);
    }
  h.plays[0] = arb_test_net_watch (arb_net_play_new_host (server_dir, "127.0.0.1:0", ARB_VARIANT_STANDARD, 2, seats,
                                                          "Ann", &error));
  g_assert_no_error (error);
  arb_session_join (h.sessions[0], ARB_LINK (h.plays[0]));
  arb_test_net_wait ("the host's code", has_code, h.plays[0]);
  address = g_strdup_printf ("127.0.0.1:%u", arb_test_net_port (h.plays[0]));
  h.plays[1] = arb_test_net_watch (arb_net_play_new_join (address, arb_net_play_get_code (h.plays[0]), "Bob",
                                                          &error));
  g_assert_no_error (error);
  arb_session_join (h.sessions[1], ARB_LINK (h.plays[1]));
  for (guint i = 0; i < 2; i++)
    g_signal_connect (h.plays[i], "message", G_CALLBACK (on_message), h.messages[i]);
  for (guint step = 0; step < 6; step++)
    {
      at.steps = step;
      arb_test_net_wait ("the host's screen at the step", host_screen_at, &at);
      act (&h, rand);
    }
  at.steps = 6;
  arb_test_net_wait ("the host's screen at step 6", host_screen_at, &at);

  limit_files (0, 1);
  act (&h, rand);
  arb_test_net_wait ("both screens to be told, and the mover to choose again", both_screens_told, &h);
  limit_files (0, RLIM_INFINITY);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (h.messages[i]->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (h.messages[i], 0), ==, EFBIG_TEXT);
    }
  steps = host_screen_steps (&h);
  g_assert_cmpuint (steps, ==, 6);
  act (&h, rand);
  at.steps = 7;
  arb_test_net_wait ("the host's screen at step 7", host_screen_at, &at);

  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&h.plays[i]);
      g_clear_object (&h.sessions[i]);
      g_ptr_array_unref (h.messages[i]);
    }
  arb_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  /* Past the file size limit a write fails with EFBIG, as the server
   * handles it, instead of the signal killing the test. */
  signal (SIGXFSZ, SIG_IGN);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net-save/file-size-limit", test_file_size_limit);
  g_test_add_func ("/net-save/disk-full", test_disk_full);
  g_test_add_func ("/net-save/computer-waits-for-the-disk", test_computer_waits_for_the_disk);
  g_test_add_func ("/net-save/cut-short", test_cut_short);
  g_test_add_func ("/net-save/steps-file-not-regular", test_steps_file_not_regular);
  g_test_add_func ("/net-save/killed-while-it-cannot-save", test_killed_while_it_cannot_save);
  g_test_add_func ("/net-save/computers-online-wait-for-the-disk", test_computers_online_wait_for_the_disk);
  g_test_add_func ("/net-save/hosting-window", test_hosting_window);
  return g_test_run ();
}
