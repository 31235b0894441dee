/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bot.c: arboretum-cli bot answers a recorded game's messages of the
 * Hackaranda JSON-lines protocol, one legal move for each, in order; and
 * arboretum-cli tournament reports consistent JSON.
 *
 * The legality check here reads the protocol on its own, apart from the
 * bot's parser, so that a misreading in one shows up against the other. */
#define _DEFAULT_SOURCE /* wait4 () */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "arb-cli-bot.h"

static JsonNode *
parse_line (const char *line)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, line, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static gboolean
same_card (JsonArray *a, JsonArray *b)
{
  return json_array_get_length (a) == 2 && json_array_get_length (b) == 2
         && g_strcmp0 (json_array_get_string_element (a, 0), json_array_get_string_element (b, 0)) == 0
         && json_array_get_int_element (a, 1) == json_array_get_int_element (b, 1);
}

static gboolean
in_hand (JsonObject *state, JsonArray *card)
{
  JsonArray *hand = json_object_get_array_member (state, "hand");
  for (guint i = 0; i < json_array_get_length (hand); i++)
    if (same_card (json_array_get_array_element (hand, i), card))
      return TRUE;
  return FALSE;
}

static gboolean
occupied (JsonObject *area, gint64 x, gint64 y)
{
  g_autofree char *xs = g_strdup_printf ("%" G_GINT64_FORMAT, x);
  g_autofree char *ys = g_strdup_printf ("%" G_GINT64_FORMAT, y);
  JsonNode *column = json_object_get_member (area, xs);

  return column != NULL && JSON_NODE_HOLDS_OBJECT (column)
         && json_object_has_member (json_node_get_object (column), ys);
}

static void
check_play (JsonObject *state, JsonNode *move)
{
  JsonObject *area = json_object_get_object_member (state, "playArea");
  JsonObject *play;
  JsonArray *coord;
  gint64 x, y;

  g_assert_true (JSON_NODE_HOLDS_OBJECT (move));
  play = json_node_get_object (move);
  g_assert_true (in_hand (state, json_object_get_array_member (play, "card")));
  coord = json_object_get_array_member (play, "coord");
  g_assert_cmpuint (json_array_get_length (coord), ==, 2);
  x = json_array_get_int_element (coord, 0);
  y = json_array_get_int_element (coord, 1);
  if (json_object_get_size (area) == 0)
    {
      g_assert_cmpint (x, ==, 0);
      g_assert_cmpint (y, ==, 0);
      return;
    }
  g_assert_false (occupied (area, x, y));
  g_assert_true (occupied (area, x + 1, y) || occupied (area, x - 1, y)
                 || occupied (area, x, y + 1) || occupied (area, x, y - 1));
}

/* One answer against the message it answers. Returns whether it was a move
 * of ours (not a 0 for somebody else's turn). */
static gboolean
check_answer (JsonObject *message, JsonObject *answer)
{
  JsonObject *state = json_object_get_object_member (message, "state");
  JsonNode *move = json_object_get_member (answer, "move");
  gint64 sub_turn;

  g_assert_nonnull (move);
  g_assert_cmpint (json_object_get_int_member (answer, "messageID"), ==,
                   json_object_get_int_member (message, "messageID"));
  if (json_object_has_member (state, "message") || !json_object_get_boolean_member (state, "activeTurn"))
    {
      g_assert_cmpint (json_node_get_int (move), ==, 0);
      return FALSE;
    }

  sub_turn = json_object_get_int_member (state, "subTurn");
  if (sub_turn <= 1)
    {
      gint64 source = json_node_get_int (move);
      g_assert_true (JSON_NODE_HOLDS_VALUE (move));
      if (source == 0)
        g_assert_cmpint (json_object_get_int_member (state, "deck"), >, 0);
      else if (source == 1)
        g_assert_cmpuint (json_array_get_length (json_object_get_array_member (state, "discard")), >, 0);
      else
        {
          g_assert_cmpint (source, ==, 2);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (state, "opponentDiscard")), >, 0);
        }
    }
  else if (sub_turn == 2)
    check_play (state, move);
  else
    {
      g_assert_true (JSON_NODE_HOLDS_ARRAY (move));
      g_assert_true (in_hand (state, json_node_get_array (move)));
    }
  return TRUE;
}

static void
test_recorded_game (gconstpointer data)
{
  const char * const *args = data;
  const char *cli = g_getenv ("ARB_CLI");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bot", args[0], NULL);
  g_autofree char *input = NULL, *output = NULL, *errors = NULL;
  g_autoptr (GSubprocess) bot = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) messages = NULL, answers = NULL;
  guint n_messages = 0, n_answers = 0, ours = 0;

  if (cli == NULL)
    {
      g_test_skip ("ARB_CLI is not set");
      return;
    }
  g_assert_true (g_file_get_contents (path, &input, NULL, &error));
  g_assert_no_error (error);
  bot = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                          | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                          cli, "bot", "--ai", args[1], "--seed", "5", "--playouts", "300", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (bot, input, NULL, &output, &errors, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (errors, ==, "");
  g_assert_true (g_subprocess_get_successful (bot));

  messages = g_strsplit (g_strstrip (input), "\n", -1);
  answers = g_strsplit (g_strstrip (output), "\n", -1);
  n_messages = g_strv_length (messages);
  n_answers = g_strv_length (answers);
  g_assert_cmpuint (n_answers, ==, n_messages);
  g_assert_cmpuint (n_messages, >, 60);
  for (guint i = 0; i < n_messages; i++)
    {
      g_autoptr (JsonNode) message = parse_line (messages[i]);
      g_autoptr (JsonNode) answer = parse_line (answers[i]);
      if (check_answer (json_node_get_object (message), json_node_get_object (answer)))
        ours++;
    }
  /* About half the game's actions are ours. */
  g_assert_cmpuint (ours, >, n_messages / 3);
}

/* Every message gets one answer, even one that is not JSON, so that the
 * framework never waits on us. */
static void
test_bad_lines (void)
{
  const char *cli = g_getenv ("ARB_CLI");
  g_autoptr (GSubprocess) bot = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *output = NULL, *errors = NULL;
  g_auto (GStrv) answers = NULL;

  if (cli == NULL)
    {
      g_test_skip ("ARB_CLI is not set");
      return;
    }
  bot = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                          | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                          cli, "bot", "--ai", "medium", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (bot,
                                                "not json\n"
                                                "{\"state\": {\"hand\": [[\"X\", 9]], \"activeTurn\": true, \"subTurn\": 3}, \"messageID\": \"a\"}\n",
                                                NULL, &output, &errors, &error));
  g_assert_no_error (error);
  answers = g_strsplit (g_strstrip (output), "\n", -1);
  g_assert_cmpuint (g_strv_length (answers), ==, 2);
  g_assert_cmpstr (answers[0], ==, "{\"move\":0,\"messageID\":null}");
  g_assert_cmpstr (answers[1], ==, "{\"move\":0,\"messageID\":\"a\"}");
  g_assert_nonnull (strstr (errors, "card"));
}

/* Lines a hostile referee could send: each one answered (move 0 when it is
 * refused), the bot alive at the end, and no GLib critical on the way
 * (G_DEBUG=fatal-criticals). Before the fixes of issue 11 the first line
 * overflowed a heap buffer, the second aborted, the third overflowed the
 * stack and the fourth raised a critical; of those added since, three
 * overflowed the stack, two raised criticals and two IDs came back as
 * bytes that are not UTF-8. */
static void
test_hostile_lines (void)
{
  static const char letters[] = "JRCMOW";
  static const char * const hiding[] = { "/* \" */ ", "['\"', ", "[\"\\u1\" \", " };
  const char *cli = g_getenv ("ARB_CLI");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) bot = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) output = NULL;
  g_autoptr (GBytes) input = NULL;
  g_autoptr (GString) lines = g_string_new (NULL);
  g_autoptr (GString) hand = g_string_new (NULL);
  g_autoptr (GString) area = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) answers = NULL;
  const char *expected_ids[] = { "1", "2", "null", "3", "null", "null", "null", "5", "null",
                                 "\"\xf0\x9f\x98\x80\"", "null", "null", "null", "6", "7", "null",
                                 "8", "9", "10" };
  g_autoptr (GString) long_deck = g_string_new (NULL);
  g_autoptr (GString) long_pile = NULL;

  if (cli == NULL)
    {
      g_test_skip ("ARB_CLI is not set");
      return;
    }
  /* Every card of the bot's six species in hand; 80 cells of play area. */
  for (guint i = 0; i < 48; i++)
    g_string_append_printf (hand, "%s[\"%c\", %u]", i ? "," : "", letters[i / 8], i % 8 + 1);
  for (guint i = 0; i < 80; i++)
    g_string_append_printf (area, "%s\"%u\": {\"0\": [\"%c\", %u]}", i ? "," : "", i,
                            letters[(i / 8) % 6], i % 8 + 1);
  g_string_append_printf (lines, "{\"messageID\": 1, \"state\": {\"deck\": 0, \"hand\": [%s], "
                          "\"opponentHand\": [], \"discard\": [], \"opponentDiscard\": [], "
                          "\"playArea\": {%s}, \"opponentPlayArea\": {}, \"turn\": 5, "
                          "\"subTurn\": 2, \"activeTurn\": true}}\n", hand->str, area->str);
  g_string_append_printf (lines, "{\"messageID\": 2, \"state\": {\"deck\": 0, \"hand\": [[\"J\", 1]], "
                          "\"opponentHand\": [], \"discard\": [], \"opponentDiscard\": [], "
                          "\"playArea\": {%s}, \"opponentPlayArea\": {}, \"turn\": 5, "
                          "\"subTurn\": 2, \"activeTurn\": true}}\n", area->str);
  for (guint i = 0; i < 80000; i++)
    g_string_append_c (lines, '[');
  g_string_append_c (lines, '\n');
  g_string_append (lines, "{\"messageID\": 3, \"state\": {\"hand\": [[\"J\", \"x\"]], "
                          "\"subTurn\": 3, \"activeTurn\": true}}\n");
  g_string_append (lines, "{\"messageID\": 4}");
  g_string_append_c (lines, '\0');
  g_string_append (lines, "junk\n");
  g_string_append (lines, "{\"messageID\": 1e400, \"state\": {}}\n");
  g_string_append (lines, "{\"messageID\": 18446744073709551617, \"state\": {}}\n");
  g_string_append (lines, "{\"messageID\": 5, \"state\": {\"hand\": [[\"J\", 3]], \"activeTurn\": false}}\n");
  /* Half a surrogate pair, which json-glib would send back as bytes that
   * are not UTF-8, and a whole pair, which comes back as its character. */
  g_string_append (lines, "{\"messageID\": \"\\udc00x\", \"state\": {}}\n");
  g_string_append (lines, "{\"messageID\": \"\\ud83d\\ude00\", \"state\": {}}\n");
  /* A comment and a 'string', which json-glib reads, and an escape \u of
   * one hex digit, after which it reads on past the closing quote: each
   * hid the nesting after it, and the parser overflowed its stack. */
  for (guint k = 0; k < G_N_ELEMENTS (hiding); k++)
    {
      g_string_append (lines, hiding[k]);
      for (guint i = 0; i < 80000; i++)
        g_string_append_c (lines, '[');
      g_string_append_c (lines, '\n');
    }
  /* Members of the wrong JSON type, on which json-glib's getters raised
   * criticals (a list for subTurn, an object for message). */
  g_string_append (lines, "{\"messageID\": 6, \"state\": {\"activeTurn\": true, \"subTurn\": [], "
                          "\"turn\": {}, \"deck\": 1e300, \"hand\": [], \"opponentHand\": [], "
                          "\"discard\": [], \"opponentDiscard\": []}}\n");
  g_string_append (lines, "{\"messageID\": 7, \"state\": {\"activeTurn\": [], \"message\": {}}}\n");
  /* An octal escape, which json-glib reads as the byte 0xf3, and the ID
   * went back as bytes that are not UTF-8. */
  g_string_append (lines, "{\"messageID\": \"\\763\", \"state\": {}}\n");
  /* A deck of 288 was read as 288 mod 256 = 32 cards, and the bot played
   * on: a list longer than the game's 48 cards is refused, as is a pile. */
  for (guint i = 0; i < 288; i++)
    g_string_append (long_deck, i ? ",null" : "null");
  long_pile = g_string_new (hand->str);
  g_string_append (long_pile, ",[\"J\", 1]");
  g_string_append_printf (lines, "{\"messageID\": 8, \"state\": {\"deck\": [%s], "
                          "\"hand\": [[\"W\",8],[\"M\",3],[\"W\",4],[\"J\",5],[\"C\",8],[\"M\",7],[\"J\",2],[\"R\",7]], "
                          "\"discard\": [], \"opponentDiscard\": [], \"playArea\": {\"0\": {\"0\": [\"R\",5]}}, "
                          "\"opponentPlayArea\": {}, \"opponentHand\": [null,null,null,null,null,null,null], "
                          "\"turn\": 0, \"subTurn\": 3, \"activeTurn\": true}}\n", long_deck->str);
  g_string_append (lines, "{\"messageID\": 9, \"state\": {\"deck\": 1000, "
                          "\"hand\": [[\"W\",8],[\"M\",3],[\"W\",4],[\"J\",5],[\"C\",8],[\"M\",7],[\"J\",2],[\"R\",7]], "
                          "\"discard\": [], \"opponentDiscard\": [], \"playArea\": {\"0\": {\"0\": [\"R\",5]}}, "
                          "\"opponentPlayArea\": {}, \"opponentHand\": [null,null,null,null,null,null,null], "
                          "\"turn\": 0, \"subTurn\": 3, \"activeTurn\": true}}\n");
  g_string_append_printf (lines, "{\"messageID\": 10, \"state\": {\"deck\": 32, "
                          "\"hand\": [[\"W\",8],[\"M\",3],[\"W\",4],[\"J\",5],[\"C\",8],[\"M\",7],[\"J\",2],[\"R\",7]], "
                          "\"discard\": [%s], \"opponentDiscard\": [], \"playArea\": {\"0\": {\"0\": [\"R\",5]}}, "
                          "\"opponentPlayArea\": {}, \"opponentHand\": [null,null,null,null,null,null,null], "
                          "\"turn\": 0, \"subTurn\": 3, \"activeTurn\": true}}\n", long_pile->str);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_setenv (launcher, "G_DEBUG", "fatal-criticals", TRUE);
  bot = g_subprocess_launcher_spawn (launcher, &error, cli, "bot", "--ai", "hard", "--playouts", "50", NULL);
  g_assert_no_error (error);
  input = g_bytes_new (lines->str, lines->len);
  g_assert_true (g_subprocess_communicate (bot, input, NULL, &output, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (bot));

  text = g_strndup (g_bytes_get_data (output, NULL), g_bytes_get_size (output));
  answers = g_strsplit (g_strstrip (text), "\n", -1);
  g_assert_cmpuint (g_strv_length (answers), ==, G_N_ELEMENTS (expected_ids));
  for (guint i = 0; i < G_N_ELEMENTS (expected_ids); i++)
    {
      g_autofree char *want = g_strdup_printf ("{\"move\":0,\"messageID\":%s}", expected_ids[i]);
      g_assert_cmpstr (answers[i], ==, want);
    }
}

static void
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);
      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >, 0);
      data += n;
      length -= (gsize) n;
    }
}

static char *
read_all (int fd)
{
  GString *text = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  while ((n = read (fd, buffer, sizeof buffer)) != 0)
    {
      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >, 0);
      g_string_append_len (text, buffer, n);
    }
  return g_string_free (text, FALSE);
}

/* A 50 MB line, then a message of a real game: the line is refused with
 * one short line on stderr and a move 0, the message answered as always,
 * and the bot's memory stays far below the line's size. Before the limit
 * on a line (issue 28) the bot held the whole line and json-glib's tree of
 * it: 2 GB at its peak, and the check on maxrss failed. */
static void
test_long_line (void)
{
  const char *cli = g_getenv ("ARB_CLI");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bot", "game-first.jsonl", NULL);
  g_autofree char *game = NULL, *output = NULL, *errors = NULL;
  g_auto (GStrv) game_lines = NULL, answers = NULL;
  g_autoptr (JsonNode) message = NULL, answer = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *chunk = NULL;
  const char *argv[] = { cli, "bot", "--ai", "hard", "--playouts", "50", NULL };
  const gsize line_size = 50 * 1024 * 1024, chunk_size = 1024 * 1024;
  int in_fd, out_fd, err_fd, status;
  struct rusage usage;
  GPid pid;

  if (cli == NULL)
    {
      g_test_skip ("ARB_CLI is not set");
      return;
    }
  g_assert_true (g_file_get_contents (path, &game, NULL, &error));
  g_assert_no_error (error);
  game_lines = g_strsplit (game, "\n", -1);
  g_assert_cmpuint (g_strv_length (game_lines), >, 2);

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, &in_fd, &out_fd, &err_fd, &error));
  g_assert_no_error (error);
  /* {"messageID": 1, "state": [1,1,1,…,1]} through the pipe, a chunk at
   * a time: the answers are short, and the pipes to us never fill. */
  chunk = g_malloc (chunk_size);
  for (gsize i = 0; i < chunk_size; i += 2)
    memcpy (chunk + i, "1,", 2);
  write_all (in_fd, "{\"messageID\": 1, \"state\": [", 27);
  for (gsize written = 0; written < line_size; written += chunk_size)
    write_all (in_fd, chunk, chunk_size);
  write_all (in_fd, "1]}\n", 4);
  write_all (in_fd, game_lines[1], strlen (game_lines[1]));
  write_all (in_fd, "\n", 1);
  close (in_fd);
  output = read_all (out_fd);
  errors = read_all (err_fd);
  close (out_fd);
  close (err_fd);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  g_spawn_close_pid (pid);

  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  /* Linux counts maxrss in KiB. */
  g_assert_cmpint (usage.ru_maxrss, <, 64 * 1024);
  answers = g_strsplit (g_strstrip (output), "\n", -1);
  g_assert_cmpuint (g_strv_length (answers), ==, 2);
  g_assert_cmpstr (answers[0], ==, "{\"move\":0,\"messageID\":null}");
  message = parse_line (game_lines[1]);
  answer = parse_line (answers[1]);
  g_assert_true (check_answer (json_node_get_object (message), json_node_get_object (answer)));
  /* One short line, with nothing of the line in it. */
  g_assert_cmpuint (strlen (errors), <, 200);
  g_assert_true (g_str_has_suffix (errors, "\n"));
  g_assert_true (strchr (errors, '\n') == errors + strlen (errors) - 1);
  g_assert_null (strstr (errors, "1,1"));
}

/* The thinking time for each TIMEOUT the referee can send: half of it,
 * --time-ms when smaller, and 1 ms for the smallest. Before issue 28,
 * TIMEOUT=1 and TIMEOUT=0 were refused as numbers and the bot thought for
 * the default 1000 ms: the first assertion got 1000. */
static void
test_thinking_budget (void)
{
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "1"), ==, 1);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "0"), ==, 1);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "2"), ==, 1);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "9"), ==, 1);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "10"), ==, 2);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "300"), ==, 60);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (50, "300"), ==, 50);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, "2147483647"), ==, 1000);
  g_assert_cmpuint (arb_cli_bot_thinking_budget (1000, NULL), ==, 1000);
}

/* The referee goes away: the bot's next answer finds its standard output
 * closed. It stops with one line on stderr and exit status 1. Before
 * issue 28 it died of SIGPIPE (signal 13) without a word: the first
 * assertion failed. */
static void
test_referee_gone (void)
{
  static const char message[] = "{\"messageID\": 1, \"state\": {\"activeTurn\": false}}\n";
  const char *cli = g_getenv ("ARB_CLI");
  g_autoptr (GSubprocess) bot = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) errors = g_string_new (NULL);
  GInputStream *err;
  char buffer[1024];
  gssize n;

  if (cli == NULL)
    {
      g_test_skip ("ARB_CLI is not set");
      return;
    }
  bot = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                          | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                          cli, "bot", "--ai", "hard", "--playouts", "10", NULL);
  g_assert_no_error (error);
  g_assert_true (g_input_stream_close (g_subprocess_get_stdout_pipe (bot), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (g_subprocess_get_stdin_pipe (bot), message,
                                            strlen (message), NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (g_subprocess_get_stdin_pipe (bot), NULL, &error));
  g_assert_no_error (error);
  err = g_subprocess_get_stderr_pipe (bot);
  while ((n = g_input_stream_read (err, buffer, sizeof buffer, NULL, &error)) > 0)
    g_string_append_len (errors, buffer, n);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (bot, NULL, &error));
  g_assert_no_error (error);

  g_assert_false (g_subprocess_get_if_signaled (bot));
  g_assert_true (g_subprocess_get_if_exited (bot));
  g_assert_cmpint (g_subprocess_get_exit_status (bot), ==, 1);
  g_assert_true (g_str_has_suffix (errors->str, "\n"));
  g_assert_true (strchr (errors->str, '\n') == errors->str + errors->len - 1);
}

/* arboretum-cli tournament --json: the players in --ai order, every game
 * counted once per seat, the wins of a table adding up to the games. */
static void
check_tournament (const char * const *argv, guint n_players, guint n_games)
{
  g_autoptr (GSubprocess) tournament = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *output = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *players;
  double wins = 0.0;

  tournament = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (tournament, NULL, NULL, &output, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (tournament));

  root = parse_line (output);
  players = json_object_get_array_member (json_node_get_object (root), "players");
  g_assert_cmpuint (json_array_get_length (players), ==, n_players);
  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      double rate = json_object_get_double_member (p, "win_rate");
      g_assert_cmpint (json_object_get_int_member (p, "games"), ==, n_games);
      g_assert_cmpfloat (json_object_get_double_member (p, "ci_low"), <=, rate);
      g_assert_cmpfloat (json_object_get_double_member (p, "ci_high"), >=, rate);
      g_assert_cmpfloat (json_object_get_double_member (p, "mean_score"), >=, 0.0);
      g_assert_cmpfloat (json_object_get_double_member (p, "max_decision_ms"), >=,
                         json_object_get_double_member (p, "mean_decision_ms"));
      /* A victory shared by k players counts 1/k in win_rate, which has
       * 4 decimals; wins counts the games won, alone or shared. */
      g_assert_cmpfloat (json_object_get_int_member (p, "wins"), >=, rate * n_games - 1e-3);
      wins += rate * n_games;
    }
  if (n_players > 1)
    g_assert_cmpfloat_with_epsilon (wins, n_games, 1e-4 * n_games * n_players);
  else
    g_assert_cmpfloat (wins, <=, n_games);
}

static void
test_tournament (void)
{
  const char *cli = g_getenv ("ARB_CLI");

  if (cli == NULL)
    {
      g_test_skip ("ARB_CLI is not set");
      return;
    }
  {
    const char *argv[] = { cli, "tournament", "--games", "6", "--ai", "easy,random",
                           "--seed", "3", "--json", NULL };
    check_tournament (argv, 2, 6);
  }
  {
    const char *argv[] = { cli, "tournament", "--variant", "classic", "--players", "3",
                           "--games", "3", "--ai", "hard,medium,random", "--playouts", "30",
                           "--seed", "4", "--json", NULL };
    check_tournament (argv, 3, 3);
  }
  {
    const char *argv[] = { cli, "tournament", "--variant", "solo", "--players", "1",
                           "--games", "4", "--ai", "medium", "--json", NULL };
    check_tournament (argv, 1, 4);
  }
}

int
main (int argc, char **argv)
{
  static const char * const first_medium[] = { "game-first.jsonl", "medium" };
  static const char * const second_hard[] = { "game-second.jsonl", "hard" };
  static const char * const first_easy[] = { "game-first.jsonl", "easy" };
  static const char * const second_random[] = { "game-second.jsonl", "random" };
  static const char * const first_expert[] = { "game-first.jsonl", "expert" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/bot/recorded/first-medium", first_medium, test_recorded_game);
  g_test_add_data_func ("/bot/recorded/second-hard", second_hard, test_recorded_game);
  g_test_add_data_func ("/bot/recorded/first-easy", first_easy, test_recorded_game);
  g_test_add_data_func ("/bot/recorded/second-random", second_random, test_recorded_game);
  g_test_add_data_func ("/bot/recorded/first-expert", first_expert, test_recorded_game);
  g_test_add_func ("/bot/bad-lines", test_bad_lines);
  g_test_add_func ("/bot/hostile-lines", test_hostile_lines);
  g_test_add_func ("/bot/long-line", test_long_line);
  g_test_add_func ("/bot/thinking-budget", test_thinking_budget);
  g_test_add_func ("/bot/referee-gone", test_referee_gone);
  g_test_add_func ("/tournament/json", test_tournament);
  return g_test_run ();
}
