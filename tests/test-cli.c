/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: arboretum-cli as a user runs it.
 *
 * The program named by ARB_CLI is spawned on the positions of
 * tests/data/positions/: good ones whose scores were worked out by hand
 * (and by a brute-force scorer outside the engine), and damaged ones that
 * must be refused with status 2 and a message naming the problem.
 */
#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

typedef struct {
  int   status;  /* exit status, or -1 when killed by a signal */
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static const char *
cli_path (void)
{
  const char *path = g_getenv ("ARB_CLI");
  g_assert_nonnull (path);
  return path;
}

static char *
position_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "positions", name, NULL);
}

static int
exit_status (int wait_status)
{
  g_autoptr (GError) error = NULL;
  if (g_spawn_check_wait_status (wait_status, &error))
    return 0;
  return g_error_matches (error, G_SPAWN_EXIT_ERROR, error->code) ? error->code : -1;
}

/* Runs arboretum-cli with the arguments first and args, NULL-terminated,
 * in envp (NULL: this environment). */
static void
run_cli_va (Run *run, char **envp, const char *first, va_list args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int wait_status;

  g_ptr_array_add (argv, (char *) cli_path ());
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  run->status = exit_status (wait_status);
}

/* Runs arboretum-cli with the arguments, NULL-terminated. */
static void
run_cli (Run *run, const char *first, ...)
{
  va_list args;

  va_start (args, first);
  run_cli_va (run, NULL, first, args);
  va_end (args);
}

/* Runs arboretum-cli with the arguments, NULL-terminated, in the locale
 * LC_ALL names, untranslated. */
static void
run_cli_in_locale (Run *run, const char *locale, const char *first, ...)
{
  g_auto (GStrv) envp = g_get_environ ();
  va_list args;

  envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
  envp = g_environ_setenv (envp, "LANGUAGE", "C", TRUE);
  va_start (args, first);
  run_cli_va (run, envp, first, args);
  va_end (args);
}

static char *
bytes_to_string (GBytes *bytes)
{
  gsize size = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;
  return size > 0 ? g_strndup (data, size) : g_strdup ("");
}

/* Runs "arboretum-cli ARGS..." with input on its standard input. */
static void
run_cli_with_input (Run *run, GBytes *input, const char * const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GBytes) out = NULL, err = NULL;
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (char *) cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                               | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (process, input, NULL, &out, &err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  run->out = bytes_to_string (out);
  run->err = bytes_to_string (err);
}

static void
assert_ok (const Run *run)
{
  if (run->status != 0)
    g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, 0);
}

static JsonObject *
parse_object (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;
  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

/* Scores a file with --json and returns the parsed result. */
static JsonObject *
score_json (JsonParser *parser, const char *name)
{
  g_autofree char *path = position_path (name);
  g_auto (Run) run = { 0 };

  run_cli (&run, "score", "--json", path, NULL);
  assert_ok (&run);
  g_assert_cmpstr (run.err, ==, "");
  return parse_object (parser, run.out);
}

static JsonObject *
player (JsonObject *root, guint p)
{
  return json_array_get_object_element (json_object_get_array_member (root, "players"), p);
}

static void
assert_totals (JsonObject *root, const gint64 *totals, guint n)
{
  JsonArray *players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, n);
  for (guint p = 0; p < n; p++)
    g_assert_cmpint (json_object_get_int_member (player (root, p), "total"), ==, totals[p]);
}

static void
assert_winners (JsonObject *root, const char *expected, const char *tie_break)
{
  JsonArray *winners = json_object_get_array_member (root, "winners");
  g_autoptr (GString) list = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (winners); i++)
    g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "",
                            json_array_get_int_element (winners, i));
  g_assert_cmpstr (list->str, ==, expected);
  g_assert_cmpstr (json_object_get_string_member (root, "tie_break"), ==, tie_break);
}

/* The entry of a player's "species" list for one species id. */
static JsonObject *
species_entry (JsonObject *root, guint p, const char *id)
{
  JsonArray *list = json_object_get_array_member (player (root, p), "species");
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);
      if (g_str_equal (json_object_get_string_member (entry, "species"), id))
        return entry;
    }
  g_assert_not_reached ();
}

static void
assert_species (JsonObject *root, guint p, const char *id, gint64 hand_sum, gboolean right,
                gint64 points, guint path_length)
{
  JsonObject *entry = species_entry (root, p, id);
  g_assert_cmpint (json_object_get_int_member (entry, "hand_sum"), ==, hand_sum);
  g_assert_cmpint (json_object_get_boolean_member (entry, "right"), ==, right);
  g_assert_cmpint (json_object_get_int_member (entry, "points"), ==, points);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (entry, "path")), ==,
                    path_length);
}

static void
assert_card (JsonObject *card, const char *species, gint64 value, gint64 x, gint64 y)
{
  g_assert_cmpstr (json_object_get_string_member (card, "species"), ==, species);
  g_assert_cmpint (json_object_get_int_member (card, "value"), ==, value);
  g_assert_cmpint (json_object_get_int_member (card, "x"), ==, x);
  g_assert_cmpint (json_object_get_int_member (card, "y"), ==, y);
}

/* The 2018 rulebook's example: Talia's 19 points, the tie on Jacaranda,
 * Talia's Maples that stop Jonte's, and Talia's 1 of Royal Poinciana that
 * makes Rina's 8 count 0. */
static void
test_score_rulebook (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root = score_json (parser, "rulebook-3p.json");
  const gint64 totals[] = { 19, 16, 21 };

  assert_totals (root, totals, 3);
  assert_winners (root, "2", "none");

  assert_species (root, 0, "jacaranda", 7, TRUE, 7, 5);
  assert_species (root, 0, "maple", 13, TRUE, 0, 0);
  assert_species (root, 0, "oak", 11, TRUE, 9, 4);
  assert_species (root, 0, "royal-poinciana", 6, TRUE, 3, 3);
  assert_species (root, 0, "willow", 0, FALSE, 0, 0);
  assert_species (root, 1, "blue-spruce", 4, TRUE, 9, 4);
  assert_species (root, 1, "cassia", 6, TRUE, 3, 2);
  assert_species (root, 1, "jacaranda", 7, TRUE, 4, 3);
  assert_species (root, 1, "maple", 9, FALSE, 0, 0);
  assert_species (root, 1, "royal-poinciana", 3, FALSE, 0, 0);
  assert_species (root, 2, "cassia", 5, FALSE, 0, 0);
  assert_species (root, 2, "dogwood", 2, TRUE, 13, 5);
  assert_species (root, 2, "oak", 7, FALSE, 0, 0);
  assert_species (root, 2, "royal-poinciana", 0, FALSE, 0, 0);
  assert_species (root, 2, "willow", 12, TRUE, 8, 4);

  /* One entry per species in play, in the order of the ids. */
  JsonArray *list = json_object_get_array_member (player (root, 0), "species");
  const char *ids[] = { "blue-spruce", "cassia", "dogwood", "jacaranda", "maple", "oak",
                        "royal-poinciana", "willow" };
  g_assert_cmpuint (json_array_get_length (list), ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, i),
                                                    "species"), ==, ids[i]);

  JsonArray *path = json_object_get_array_member (species_entry (root, 0, "jacaranda"), "path");
  assert_card (json_array_get_object_element (path, 0), "jacaranda", 3, 0, 1);
  assert_card (json_array_get_object_element (path, 1), "cassia", 4, 1, 1);
  assert_card (json_array_get_object_element (path, 4), "jacaranda", 8, 4, 1);
}

static void
test_score_text (void)
{
  g_autofree char *path = position_path ("rulebook-3p.json");
  g_auto (Run) run = { 0 };

  run_cli (&run, "score", path, NULL);
  assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "Talia: 19 points"));
  g_assert_nonnull (strstr (run.out, "Oak: hand 11, 9 points: Oak 1 (0, 0) → Oak 2 (1, 0)"));
  g_assert_nonnull (strstr (run.out, "Royal Poinciana: hand 0, no right to score"));
  g_assert_nonnull (strstr (run.out, "Rina wins with 21 points."));
}

static void
test_score_ties (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  const gint64 totals[] = { 3, 3 };
  JsonObject *root;

  /* Standard rules: the most species in the arboretum breaks the tie. */
  root = score_json (parser, "tie-species.json");
  assert_totals (root, totals, 2);
  assert_winners (root, "0", "species");
  g_assert_cmpint (json_object_get_int_member (player (root, 0), "species_planted"), ==, 3);

  /* The same arboreta under the classic rules share the victory. */
  root = score_json (parser, "tie-classic.json");
  assert_totals (root, totals, 2);
  assert_winners (root, "0,1", "shared");

  root = score_json (parser, "tie-shared.json");
  assert_totals (root, totals, 2);
  assert_winners (root, "0,1", "shared");
}

static void
test_score_solo (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root;
  const gint64 person_wins[] = { 4, 3 };
  const gint64 q_wins[] = { 9, 4 };

  root = score_json (parser, "solo-person-wins.json");
  assert_totals (root, person_wins, 2);
  assert_winners (root, "0", "solo");

  /* More points, but fewer species scored than Q: Q wins. Q's 1 of Cassia
   * makes the person's 8 count 0. */
  root = score_json (parser, "solo-q-wins.json");
  assert_totals (root, q_wins, 2);
  assert_winners (root, "1", "solo");
  assert_species (root, 0, "cassia", 0, FALSE, 0, 0);
  assert_species (root, 1, "cassia", 1, TRUE, 0, 0);
  assert_species (root, 1, "maple", 0, TRUE, 2, 2);
}

/* Coordinates anywhere on 64 bits come back as they were written. */
static void
test_score_far_coordinates (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root = score_json (parser, "far-coordinates.json");
  const gint64 totals[] = { 4, 3 };

  assert_totals (root, totals, 2);
  JsonArray *arboretum = json_object_get_array_member (player (root, 0), "arboretum");
  assert_card (json_array_get_object_element (arboretum, 0), "oak", 1, G_MAXINT64 - 1, G_MININT64);
  assert_card (json_array_get_object_element (arboretum, 2), "oak", 3, G_MAXINT64, G_MININT64 + 1);
  JsonArray *path = json_object_get_array_member (species_entry (root, 0, "oak"), "path");
  assert_card (json_array_get_object_element (path, 1), "oak", 2, G_MAXINT64, G_MININT64);
  path = json_object_get_array_member (species_entry (root, 1, "willow"), "path");
  assert_card (json_array_get_object_element (path, 1), "willow", 2, -5, 1000001);
}

/* The scored form is itself a position: scoring it again changes nothing,
 * and reading it from the standard input is the same as from a file. */
static void
test_score_round_trip (void)
{
  g_autofree char *path = position_path ("rulebook-3p.json");
  g_auto (Run) first = { 0 };
  g_auto (Run) second = { 0 };
  g_autoptr (GBytes) input = NULL;
  const char *args[] = { "score", "--json", "-", NULL };

  run_cli (&first, "score", "--json", path, NULL);
  assert_ok (&first);
  input = g_bytes_new (first.out, strlen (first.out));
  run_cli_with_input (&second, input, args);
  assert_ok (&second);
  g_assert_cmpstr (second.out, ==, first.out);
}

typedef struct {
  const char *file;
  const char *where;  /* must be named in the message */
  const char *what;
} Damaged;

static const Damaged damaged[] = {
  { "bad-not-json.json", "Not JSON", "" },
  { "bad-empty.json", "Not JSON", "empty" },
  { "bad-root-list.json", "the position", "JSON object" },
  { "bad-missing-variant.json", "the position", "“variant” is missing" },
  { "bad-missing-hand.json", "players[1] (“B”)", "“hand” is missing" },
  { "bad-missing-y.json", "players[0] (“A”), arboretum[1]", "“y” is missing" },
  { "bad-null-value.json", "players[1] (“B”), hand[0]", "“value” is null" },
  { "bad-unknown-variant.json", "variant", "unknown rule set “advanced”" },
  { "bad-unknown-species.json", "players[0] (“A”), hand[0]", "unknown species “pine”" },
  { "bad-unknown-species-in-list.json", "species[5]", "unknown species “pine”" },
  { "bad-species-twice.json", "species[5]", "listed twice" },
  { "bad-value-nine.json", "players[0] (“A”), hand[0]", "value 9 is not between 1 and 8" },
  { "bad-value-zero.json", "players[1] (“B”), arboretum[0]", "value 0 is not between 1 and 8" },
  { "bad-value-string.json", "players[0] (“A”), hand[0]", "“value” must be a whole number" },
  { "bad-value-fraction.json", "players[0] (“A”), hand[0]", "“value” must be a whole number" },
  { "bad-card-twice.json", "players[1] (“B”), hand[1]",
    "Oak 1 is already at players[0] (“A”), arboretum[0]" },
  { "bad-card-twice-in-hand.json", "players[0] (“A”), hand[1]",
    "Oak 3 is already at players[0] (“A”), hand[0]" },
  { "bad-species-not-in-play.json", "players[1] (“B”), hand[1]", "“blue-spruce” is not in play" },
  { "bad-too-many-species.json", "species", "played with 6 species, not 7" },
  { "bad-one-player.json", "players", "2 to 4 players, not 1" },
  { "bad-five-players.json", "players", "2 to 4 players, not 5" },
  { "bad-solo-three-players.json", "players", "solo position has 2 players" },
  { "bad-cell-taken.json", "players[0] (“A”), arboretum[2]", "cell (0, 0) already holds arboretum[0]" },
  { "bad-disconnected.json", "players[0] (“A”), arboretum[2]", "not connected" },
  { "bad-disconnected-far.json", "players[1] (“B”), arboretum[2]", "not connected" },
  { "bad-huge-coordinate.json", "line 30", "18446744073709551617 is too large" },
  { "bad-players-not-list.json", "the position", "“players” must be a list" },
  { "bad-card-not-object.json", "players[0] (“A”), hand[0]", "object" },
  { "bad-name-not-string.json", "players[1]", "“name” must be a string" },
  { "bad-coordinate-bool.json", "players[0] (“A”), arboretum[0]", "“x” must be a whole number" },
  /* json-glib turns half a surrogate pair into bytes that are not UTF-8. */
  { "bad-lone-surrogate.json", "line 36", "the escape \\ud800 is half of a UTF-16 surrogate pair" },
  /* json-glib reads \763 as the byte 0xf3, which is not UTF-8. */
  { "bad-octal-escape.json", "line 36", "a backslash that starts none of JSON’s escapes" },
};

static void
test_score_damaged (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autofree char *path = position_path (damaged[i].file);
      g_auto (Run) run = { 0 };

      g_test_message ("%s", damaged[i].file);
      run_cli (&run, "score", path, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_nonnull (strstr (run.err, damaged[i].where));
      g_assert_nonnull (strstr (run.err, damaged[i].what));
    }
}

/* A refusal is one line: what is wrong and where, no control character. */
static void
assert_one_line (const char *err)
{
  const char *end = strchr (err, '\n');

  g_assert_nonnull (end);
  g_assert_cmpstr (end, ==, "\n");
  for (const char *c = err; c < end; c++)
    g_assert_false ((guchar) *c < 0x20 || *c == 0x7f);
}

static void
assert_refused (GBytes *input)
{
  const char *args[] = { "score", "-", NULL };
  g_auto (Run) run = { 0 };

  run_cli_with_input (&run, input, args);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, !=, "");
  assert_one_line (run.err);
}

/* Input written to hurt: nesting deep enough to exhaust a parser's stack,
 * bytes that are not text, and a valid position damaged at random. None
 * may crash the program; each is scored or refused. */
static void
test_score_hostile (void)
{
  g_autofree char *path = position_path ("small.json");
  g_autofree char *small = NULL;
  gsize length;
  GString *deep = g_string_new (NULL);
  const char binary[] = "{\"variant\": \"standard\"\0\xff\xfe}";
  const char *args[] = { "score", "--json", "-", NULL };

  g_autoptr (GBytes) deep_bytes = NULL;
  g_autoptr (GBytes) binary_bytes = g_bytes_new_static (binary, sizeof binary - 1);

  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  deep_bytes = g_string_free_to_bytes (deep);
  assert_refused (deep_bytes);
  assert_refused (binary_bytes);
  /* json-glib reads comments and 'strings', which JSON does not have, and
   * reads on past an escape \u of fewer than four hex digits, closing quote
   * and all: a quote the check took for the start of a string hid the
   * nesting after it, and the parser overflowed its stack. */
  static const char * const hiding[] = { "/* \" */ ", "['\"', ", "[\"\\u1\" \", " };
  for (guint k = 0; k < G_N_ELEMENTS (hiding); k++)
    {
      GString *hidden = g_string_new (hiding[k]);
      g_autoptr (GBytes) hidden_bytes = NULL;

      for (guint i = 0; i < 200000; i++)
        g_string_append_c (hidden, '[');
      hidden_bytes = g_string_free_to_bytes (hidden);
      assert_refused (hidden_bytes);
    }

  g_assert_true (g_file_get_contents (path, &small, &length, NULL));
  for (guint round = 0; round < 150; round++)
    {
      g_autofree char *mutated = g_memdup2 (small, length);
      g_autoptr (GBytes) input = NULL;
      g_auto (Run) run = { 0 };
      static const char pieces[] = "0123456789-[]{}\",:.e9x";

      for (guint k = 0, n = (guint) g_test_rand_int_range (1, 4); k < n; k++)
        mutated[g_test_rand_int_range (0, (gint32) length)] =
          (round % 3 == 0) ? (char) g_test_rand_int_range (1, 256)
                           : pieces[g_test_rand_int_range (0, sizeof pieces - 1)];
      input = g_bytes_new (mutated, length);
      run_cli_with_input (&run, input, args);
      if (run.status != 0 && run.status != 2)
        g_test_message ("input: %.*s\nstderr: %s", (int) length, mutated, run.err);
      g_assert_true (run.status == 0 || run.status == 2);
      if (run.status == 2)
        assert_one_line (run.err);
    }

  /* A string cut by a new line: json-glib's message quotes it whole. */
  {
    static const char cut[] = "{\"variant\": \"standard\", \"players\": [{\"name\": \"Ann\n   \n}]}";
    g_autoptr (GBytes) cut_bytes = g_bytes_new_static (cut, sizeof cut - 1);
    assert_refused (cut_bytes);
  }
  /* Larger than any position: refused at once, in one line. */
  {
    GString *huge = g_string_new ("{\"variant\": \"standard\", \"players\": [");
    g_autoptr (GBytes) huge_bytes = NULL;

    while (huge->len < 300 * 1024)
      g_string_append (huge, "{\"name\": \"padding padding padding\"}, ");
    huge_bytes = g_string_free_to_bytes (huge);
    assert_refused (huge_bytes);
  }
}

/* small.json with the first member of that name given value, JSON text. */
static GBytes *
small_with (const char *member, const char *value)
{
  g_autofree char *path = position_path ("small.json");
  g_autofree char *small = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) regex = NULL;
  g_autoptr (GMatchInfo) match = NULL;
  g_autofree char *pattern = g_strdup_printf ("\"%s\": *(\"[^\"]*\"|\\[[^]]*\\])", member);
  GString *changed;
  int start, end;

  g_assert_true (g_file_get_contents (path, &small, NULL, &error));
  g_assert_no_error (error);
  regex = g_regex_new (pattern, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_true (g_regex_match (regex, small, 0, &match));
  g_assert_true (g_match_info_fetch_pos (match, 0, &start, &end));
  changed = g_string_new_len (small, start);
  g_string_append_printf (changed, "\"%s\": %s%s", member, value, small + end);
  return g_string_free_to_bytes (changed);
}

/* A 250 KB name, rule set or species was refused in a 250 KB line: a
 * refusal quotes at most a few words of the file, and a name of more than
 * 64 characters is refused. A hand longer than the game has cards is
 * refused before its cards are read. */
static void
test_score_long_text (void)
{
  g_autoptr (GString) hand = g_string_new ("[");
  g_autofree char *long_text = NULL;
  const char *members[] = { "name", "variant", "species" };
  const char *args[] = { "score", "-", NULL };

  long_text = g_strnfill (250000, 'N');
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      g_autofree char *value = g_strdup_printf (i == 2 ? "[\"%s\"]" : "\"%s\"", long_text);
      g_autoptr (GBytes) input = small_with (members[i], value);
      g_auto (Run) run = { 0 };

      run_cli_with_input (&run, input, args);
      g_test_message ("%s: %s", members[i], run.err);
      g_assert_cmpint (run.status, ==, 2);
      assert_one_line (run.err);
      g_assert_cmpuint (strlen (run.err), <, 300);
      g_assert_null (strstr (run.err, "NNNNNNNNNNNNNNNNNNNNNNNNNNNNNN"));
    }
  for (guint i = 0; i < 81; i++)
    g_string_append_printf (hand, "%s{\"species\": \"oak\", \"value\": 1}", i ? ", " : "");
  g_string_append (hand, "]");
  {
    g_autoptr (GBytes) input = small_with ("hand", hand->str);
    g_auto (Run) run = { 0 };

    run_cli_with_input (&run, input, args);
    g_assert_cmpint (run.status, ==, 2);
    assert_one_line (run.err);
    g_assert_nonnull (strstr (run.err, "more than 80 cards"));
  }
}

/* A name with a terminal's escape sequence in it is printed escaped, in
 * the report and in a refusal: it never reaches the terminal raw. */
static void
test_score_escapes_names (void)
{
  g_autofree char *path = position_path ("small.json");
  g_autofree char *text = NULL;
  g_autoptr (GString) hostile = NULL;
  g_autoptr (GBytes) input = NULL;
  const char *args[] = { "score", "-", NULL };
  g_auto (Run) run = { 0 };

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  hostile = g_string_new (text);
  g_assert_cmpint (g_string_replace (hostile, "\"name\": \"A\"", "\"name\": \"A\\u001b]0;owned\\u0007\\u009b2J\"", 1), ==, 1);
  input = g_bytes_new (hostile->str, hostile->len);
  run_cli_with_input (&run, input, args);
  assert_ok (&run);
  g_assert_null (strchr (run.out, '\x1b'));
  g_assert_null (strchr (run.out, '\x07'));
  g_assert_null (strstr (run.out, "\xc2\x9b"));
  g_assert_nonnull (strstr (run.out, "A\\u001B]0;owned\\u0007\\u009B2J"));
}

static void
test_score_unreadable (void)
{
  g_auto (Run) missing = { 0 };
  g_auto (Run) no_file = { 0 };

  run_cli (&missing, "score", "/nonexistent/position.json", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/position.json"));
  run_cli (&no_file, "score", NULL);
  g_assert_cmpint (no_file.status, ==, 2);
}

typedef struct {
  const char *variant;
  const char *players;
} Setup;

static const Setup setups[] = {
  { "standard", "2" }, { "standard", "3" }, { "standard", "4" },
  { "classic", "2" }, { "classic", "3" }, { "classic", "4" },
  { "solo", "1" },
};

static void
test_play_variants (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    for (guint seed = 1; seed <= 3; seed++)
      {
        g_autofree char *seed_text = g_strdup_printf ("%u", seed);
        g_auto (Run) run = { 0 };

        run_cli (&run, "play", "--variant", setups[i].variant, "--players", setups[i].players,
                 "--seed", seed_text, "--ai", "random", NULL);
        assert_ok (&run);
        g_assert_true (strstr (run.out, " wins") != NULL || strstr (run.out, " share ") != NULL);
      }
}

static void
test_play_same_seed (void)
{
  g_auto (Run) first = { 0 };
  g_auto (Run) second = { 0 };
  g_auto (Run) other = { 0 };

  run_cli (&first, "play", "--players", "4", "--seed", "2018", "--names", "Ada,Bea,Cy,Di", NULL);
  run_cli (&second, "play", "--players", "4", "--seed", "2018", "--names", "Ada,Bea,Cy,Di", NULL);
  assert_ok (&first);
  assert_ok (&second);
  g_assert_cmpstr (first.out, ==, second.out);
  g_assert_nonnull (strstr (first.out, "Seed 2018,"));
  g_assert_nonnull (strstr (first.out, "Di: "));
  run_cli (&other, "play", "--players", "4", "--seed", "2019", "--names", "Ada,Bea,Cy,Di", NULL);
  assert_ok (&other);
  g_assert_cmpstr (first.out, !=, other.out);
}

/* play and a one-game tournament from the same seed play the same game:
 * every decision goes through arb_ai_decide() with the seat's history and
 * the tournament's seeds. With a fixed number of playouts hard is
 * deterministic, so the final scores agree seat for seat. */
static void
test_play_matches_tournament (void)
{
  static const char * const lineups[] = { "hard,medium", "medium,hard", "hard,hard,easy" };
  static const char * const seeds[] = { "3", "7", "11" };

  for (guint l = 0; l < G_N_ELEMENTS (lineups); l++)
    for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
      {
        guint n_seats = l == 2 ? 3 : 2;
        g_autofree char *players = g_strdup_printf ("%u", n_seats);
        g_autoptr (JsonParser) play_parser = json_parser_new ();
        g_autoptr (JsonParser) tournament_parser = json_parser_new ();
        g_auto (Run) play = { 0 };
        g_auto (Run) tournament = { 0 };
        JsonObject *played, *ranked;

        run_cli (&play, "play", "--players", players, "--ai", lineups[l], "--seed", seeds[s],
                 "--playouts", "40", "--json", NULL);
        run_cli (&tournament, "tournament", "--players", players, "--ai", lineups[l], "--seed", seeds[s],
                 "--playouts", "40", "--games", "1", "--threads", "1", "--json", NULL);
        assert_ok (&play);
        assert_ok (&tournament);
        played = parse_object (play_parser, play.out);
        ranked = parse_object (tournament_parser, tournament.out);
        for (guint p = 0; p < n_seats; p++)
          g_assert_cmpfloat (json_object_get_double_member (player (ranked, p), "mean_score"), ==,
                             (double) json_object_get_int_member (player (played, p), "total"));
      }
}

/* The digits after the longest decimal point in TEXT. */
static guint
max_decimals (const char *text)
{
  guint longest = 0;

  for (const char *c = strchr (text, '.'); c != NULL; c = strchr (c + 1, '.'))
    {
      guint n = 0;
      while (g_ascii_isdigit (c[1 + n]))
        n++;
      longest = MAX (longest, n);
    }
  return longest;
}

/* tournament --json: counts are integers, rates and times have 4 decimals
 * at most, and a level that makes no playouts has no playout rate. */
static void
test_tournament_json (void)
{
  struct { const char *ai; gboolean searches[2]; } lineups[] = {
    { "easy,random", { FALSE, FALSE } },
    { "hard,random", { TRUE, FALSE } },
  };

  for (guint l = 0; l < G_N_ELEMENTS (lineups); l++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_auto (Run) run = { 0 };
      JsonObject *root;
      guint total_wins = 0;
      double total_rate = 0.0;

      run_cli (&run, "tournament", "--games", "4", "--ai", lineups[l].ai, "--seed", "5",
               "--playouts", "20", "--threads", "1", "--json", NULL);
      assert_ok (&run);
      g_assert_cmpuint (max_decimals (run.out), <=, 4);
      root = parse_object (parser, run.out);
      for (guint p = 0; p < 2; p++)
        {
          JsonObject *entrant = player (root, p);
          JsonNode *wins = json_object_get_member (entrant, "wins");
          JsonNode *games = json_object_get_member (entrant, "games");

          g_assert_nonnull (wins);
          g_assert_cmpint (json_node_get_value_type (wins), ==, G_TYPE_INT64);
          g_assert_cmpint (json_node_get_value_type (games), ==, G_TYPE_INT64);
          g_assert_cmpint (json_node_get_int (games), ==, 4);
          g_assert_true (json_object_has_member (entrant, "win_rate"));
          g_assert_cmpint (json_object_has_member (entrant, "playouts_per_second"), ==,
                           lineups[l].searches[p]);
          if (lineups[l].searches[p])
            g_assert_cmpfloat (json_object_get_double_member (entrant, "playouts_per_second"), >, 0.0);
          total_wins += (guint) json_node_get_int (wins);
          total_rate += json_object_get_double_member (entrant, "win_rate");
        }
      /* Every game has a winner; a shared one counts for each winner. */
      g_assert_cmpuint (total_wins, >=, 4);
      g_assert_cmpfloat_with_epsilon (total_rate, 1.0, 2e-4);
    }
}

/* The final position of play --json, scored again by score, gives the
 * same totals and winners: the two agree on the format. */
static void
test_play_json_to_score (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autoptr (JsonParser) played_parser = json_parser_new ();
      g_autoptr (JsonParser) scored_parser = json_parser_new ();
      g_autoptr (GBytes) input = NULL;
      g_auto (Run) play = { 0 };
      g_auto (Run) score = { 0 };
      const char *args[] = { "score", "--json", "-", NULL };

      run_cli (&play, "play", "--variant", setups[i].variant, "--players", setups[i].players,
               "--seed", "77", "--json", NULL);
      assert_ok (&play);
      input = g_bytes_new (play.out, strlen (play.out));
      run_cli_with_input (&score, input, args);
      assert_ok (&score);

      JsonObject *played = parse_object (played_parser, play.out);
      JsonObject *scored = parse_object (scored_parser, score.out);
      guint n = json_array_get_length (json_object_get_array_member (played, "players"));
      g_assert_cmpuint (n, ==, json_array_get_length (json_object_get_array_member (scored, "players")));
      g_assert_cmpuint (n, ==, g_str_equal (setups[i].variant, "solo") ? 2
                                                               : (guint) g_ascii_strtoull (setups[i].players, NULL, 10));
      for (guint p = 0; p < n; p++)
        g_assert_cmpint (json_object_get_int_member (player (played, p), "total"), ==,
                         json_object_get_int_member (player (scored, p), "total"));
      g_assert_cmpstr (json_object_get_string_member (played, "tie_break"), ==,
                       json_object_get_string_member (scored, "tie_break"));
      g_assert_true (json_node_equal (json_object_get_member (played, "winners"),
                                      json_object_get_member (scored, "winners")));
      g_assert_cmpstr (play.out, ==, score.out);
    }
}

static void
test_play_bad_options (void)
{
  const char *bad[][5] = {
    { "play", "--players", "5", NULL },
    { "play", "--players", "-1", NULL },
    { "play", "--variant", "advanced", NULL },
    { "play", "--variant", "solo", "--players", "2" },
    { "play", "--seed", "banana", NULL },
    { "play", "--seed", "4294967296", NULL },
    { "play", "--ai", "genius", NULL },
    { "play", "--names", "Ann,Bob,Cy", NULL },
    { "play", "extra", NULL },
    { "frobnicate", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto (Run) run = { 0 };
      run_cli (&run, bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], NULL);
      g_test_message ("%s %s: %s", bad[i][0], bad[i][1] ? bad[i][1] : "", run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.err, !=, "");
    }
}

static gboolean
is_ascii (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    if ((guchar) *c >= 0x80)
      return FALSE;
  return TRUE;
}

/* Outside a UTF-8 locale the reports stay readable: an arrow, an
 * apostrophe, a dash become ASCII, never the '?' of a character
 * the locale cannot show; in a UTF-8 locale they stay as they are. */
static void
test_ascii_locale (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "data", "saves",
                                                 "good-standard-2p.arboretum", NULL);
  g_autofree char *reviewed = g_test_build_filename (G_TEST_DIST, "data", "saves",
                                                     "good-standard-2p-review.arboretum", NULL);
  struct { const char *command, *file, *utf8, *ascii; } cases[] = {
    { "score", save, "Cherry Blossom 2 (1, 1) → Cherry Blossom 5", "Cherry Blossom 2 (1, 1) -> Cherry Blossom 5" },
    { "review", reviewed, "each seat’s knowledge", "each seat's knowledge" },
    { "review", reviewed, "the computer’s choice: discard Blue Spruce 1", "the computer's choice: discard Blue Spruce 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) ascii = { 0 };
      g_auto (Run) utf8 = { 0 };

      run_cli_in_locale (&ascii, "C", cases[i].command, cases[i].file, NULL);
      assert_ok (&ascii);
      g_assert_true (is_ascii (ascii.out));
      g_assert_null (strchr (ascii.out, '?'));
      g_assert_nonnull (strstr (ascii.out, cases[i].ascii));

      run_cli_in_locale (&utf8, "C.UTF-8", cases[i].command, cases[i].file, NULL);
      assert_ok (&utf8);
      g_assert_nonnull (strstr (utf8.out, cases[i].utf8));
    }

  /* The usage, printed before any command runs, too. */
  {
    g_auto (Run) usage = { 0 };

    run_cli_in_locale (&usage, "C", "--help", NULL);
    assert_ok (&usage);
    g_assert_true (is_ascii (usage.out));
    g_assert_nonnull (strstr (usage.out, "COMMAND [OPTION...]"));
  }
}

static void
test_usage (void)
{
  g_auto (Run) none = { 0 };
  g_auto (Run) help = { 0 };

  run_cli (&none, NULL, NULL);
  g_assert_cmpint (none.status, ==, 2);
  run_cli (&help, "--help", NULL);
  assert_ok (&help);
  g_assert_nonnull (strstr (help.out, "score"));
  g_assert_nonnull (strstr (help.out, "play"));
  g_assert_nonnull (strstr (help.out, "bench"));
}

/* The progress of a long tournament goes to a terminal only: piped, as
 * here, stderr stays empty and stdout holds the table alone. */
static void
test_tournament_quiet_when_piped (void)
{
  g_auto (Run) run = { 0 };

  run_cli (&run, "tournament", "--games", "4", "--players", "2", "--ai", "random,random", "--seed", "3", NULL);
  assert_ok (&run);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_null (strstr (run.out, "\r"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/score/rulebook", test_score_rulebook);
  g_test_add_func ("/cli/score/text", test_score_text);
  g_test_add_func ("/cli/score/ties", test_score_ties);
  g_test_add_func ("/cli/score/solo", test_score_solo);
  g_test_add_func ("/cli/score/far-coordinates", test_score_far_coordinates);
  g_test_add_func ("/cli/score/round-trip", test_score_round_trip);
  g_test_add_func ("/cli/score/damaged", test_score_damaged);
  g_test_add_func ("/cli/score/hostile", test_score_hostile);
  g_test_add_func ("/cli/score/long-text", test_score_long_text);
  g_test_add_func ("/cli/score/escapes-names", test_score_escapes_names);
  g_test_add_func ("/cli/score/unreadable", test_score_unreadable);
  g_test_add_func ("/cli/play/variants", test_play_variants);
  g_test_add_func ("/cli/play/same-seed", test_play_same_seed);
  g_test_add_func ("/cli/play/matches-tournament", test_play_matches_tournament);
  g_test_add_func ("/cli/play/json-to-score", test_play_json_to_score);
  g_test_add_func ("/cli/tournament/json", test_tournament_json);
  g_test_add_func ("/cli/play/bad-options", test_play_bad_options);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/ascii-locale", test_ascii_locale);
  g_test_add_func ("/cli/tournament/quiet-when-piped", test_tournament_quiet_when_piped);

  return g_test_run ();
}
