/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-statistics.c: ArbStatistics, each person's record of the games
 * played here: what a finished game adds, that a game replayed, opened
 * again or continued from a save never counts twice, the reset, and a
 * damaged file refused in one line. */
#include "config.h"

#include "arb-test-files.h"

#include <string.h>
#include <sys/stat.h>

#include "arb-session.h"
#include "arb-statistics.h"
#include "arb-test-state.h"
#include "arb-test-wait.h"

static char *data_home;

static GFile *
statistics_file (const char *name)
{
  return g_file_new_build_filename (data_home, name, NULL);
}

/* seats: "person" or a computer level, each with a name of its own. */
static ArbGame *
new_game (ArbVariant variant, const char * const *seats, guint32 seed)
{
  static const char * const names[] = { "Ann", "Bob", "Cid", "Dee" };
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  for (guint i = 0; seats[i] != NULL; i++)
    {
      gboolean person = strcmp (seats[i], "person") == 0;
      g_ptr_array_add (players, arb_player_new (names[i], person ? ARB_PLAYER_PERSON : ARB_PLAYER_COMPUTER,
                                                person ? NULL : seats[i]));
    }
  game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

/* Plays random steps until the game has n_steps of them (0: to its end). */
static void
play_to (ArbGame *game, guint n_steps, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GError) error = NULL;

  while (!arb_game_is_finished (game) && (n_steps == 0 || arb_game_get_n_steps (game) < n_steps))
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);

      g_assert_true (arb_game_apply (game, &move, &error));
      g_assert_no_error (error);
    }
}

static ArbGame *
finished_game (ArbVariant variant, const char * const *seats, guint32 seed)
{
  ArbGame *game = new_game (variant, seats, seed);

  play_to (game, 0, seed);
  return game;
}

/* The same game, its first n_steps played: as its save was, mid-game. */
static ArbGame *
copy_of_first_steps (ArbGame *game, guint n_steps)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *copy;

  for (guint seat = 0; seat < arb_game_get_n_seats (game); seat++)
    {
      ArbPlayer *player = arb_game_get_player (game, seat);
      g_ptr_array_add (players, arb_player_new (arb_player_get_name (player), arb_player_get_kind (player),
                                                arb_player_get_level (player)));
    }
  copy = arb_game_new_with_deck (arb_game_get_variant (game), players, arb_game_get_seed (game),
                                 arb_game_get_start_state (game)->species, arb_game_get_deck (game), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_steps; i++)
    {
      g_assert_true (arb_game_apply_step (copy, arb_game_get_step (game, i), &error));
      g_assert_no_error (error);
    }
  return copy;
}

static void
assert_tally (const ArbTally *tally, guint played, guint won, guint points, guint best)
{
  g_assert_cmpuint (tally->played, ==, played);
  g_assert_cmpuint (tally->won, ==, won);
  g_assert_cmpuint (tally->points, ==, points);
  g_assert_cmpuint (tally->best, ==, best);
}

static gboolean
seat_won (ArbGame *game, guint seat, guint *points)
{
  ArbScoreSheet sheet;

  arb_game_get_score (game, &sheet);
  *points = sheet.players[seat].total;
  return (sheet.winners & (1u << seat)) != 0;
}

/* Each person of a finished game gets it by rule set and seats, against
 * the computer levels at the table, and in their streak; computers get
 * nothing; the file read again says the same. */
static void
test_statistics_count (void)
{
  static const char * const two_people[] = { "person", "person", NULL };
  static const char * const against[] = { "person", "hard", "hard", "easy", NULL };
  g_autoptr (GFile) file = statistics_file ("count.ini");
  g_autoptr (ArbStatistics) statistics = arb_statistics_new (file);
  g_autoptr (ArbStatistics) again = arb_statistics_new (file);
  g_autoptr (ArbGame) first = finished_game (ARB_VARIANT_STANDARD, two_people, 1);
  g_autoptr (ArbGame) second = finished_game (ARB_VARIANT_STANDARD, against, 2);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  guint ann_1, bob_1, ann_2, longest, current;
  gboolean ann_won_1 = seat_won (first, 0, &ann_1);
  gboolean bob_won_1 = seat_won (first, 1, &bob_1);
  gboolean ann_won_2 = seat_won (second, 0, &ann_2);
  ArbTally tally;

  g_assert_true (arb_statistics_load (statistics, &error));
  g_assert_no_error (error);
  g_assert_true (arb_statistics_record (statistics, first, -1, &error));
  g_assert_no_error (error);
  g_assert_true (arb_statistics_record (statistics, second, -1, &error));
  g_assert_no_error (error);
  g_assert_false (arb_statistics_record (statistics, first, -1, &error));
  g_assert_no_error (error);

  g_assert_true (arb_statistics_load (again, &error));
  g_assert_no_error (error);
  g_assert_null (arb_statistics_get_problem (again));
  names = arb_statistics_dup_names (again);
  /* The most recent player first; the computers are not there. */
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "Ann");
  g_assert_cmpstr (names[1], ==, "Bob");

  arb_statistics_get_tally (again, "Ann", ARB_VARIANT_STANDARD, 2, &tally);
  assert_tally (&tally, 1, ann_won_1, ann_1, ann_1);
  arb_statistics_get_tally (again, "Ann", ARB_VARIANT_STANDARD, 4, &tally);
  assert_tally (&tally, 1, ann_won_2, ann_2, ann_2);
  arb_statistics_get_tally (again, "Bob", ARB_VARIANT_STANDARD, 2, &tally);
  assert_tally (&tally, 1, bob_won_1, bob_1, bob_1);
  arb_statistics_get_total (again, "Ann", &tally);
  assert_tally (&tally, 2, ann_won_1 + ann_won_2, ann_1 + ann_2, MAX (ann_1, ann_2));
  /* Two hard computers at the table: one game against hard. */
  arb_statistics_get_against (again, "Ann", ARB_AI_HARD, &tally);
  assert_tally (&tally, 1, ann_won_2, ann_2, ann_2);
  arb_statistics_get_against (again, "Ann", ARB_AI_EASY, &tally);
  assert_tally (&tally, 1, ann_won_2, ann_2, ann_2);
  arb_statistics_get_against (again, "Ann", ARB_AI_MEDIUM, &tally);
  assert_tally (&tally, 0, 0, 0, 0);
  arb_statistics_get_against (again, "Bob", ARB_AI_HARD, &tally);
  assert_tally (&tally, 0, 0, 0, 0);
  g_assert_false (arb_statistics_get_total (again, "Talia", &tally));

  arb_statistics_get_streaks (again, "Ann", &longest, &current);
  g_assert_cmpuint (current, ==, ann_won_2 ? (ann_won_1 ? 2 : 1) : 0);
  g_assert_cmpuint (longest, ==, ann_won_1 && ann_won_2 ? 2 : (ann_won_1 || ann_won_2 ? 1 : 0));
}

/* Streaks over games won and lost, in solo, whose results are Ann's alone. */
static void
test_statistics_streaks (void)
{
  static const char * const solo[] = { "person", NULL };
  g_autoptr (GFile) file = statistics_file ("streaks.ini");
  g_autoptr (ArbStatistics) statistics = arb_statistics_new (file);
  g_autoptr (GError) error = NULL;
  guint run = 0, longest_seen = 0, won_seen = 0, best = 0, sum = 0;
  guint longest, current;
  ArbTally tally;

  for (guint32 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (ArbGame) game = finished_game (ARB_VARIANT_SOLO, solo, seed);
      guint points;
      gboolean won = seat_won (game, 0, &points);

      g_assert_true (arb_statistics_record (statistics, game, -1, &error));
      g_assert_no_error (error);
      run = won ? run + 1 : 0;
      longest_seen = MAX (longest_seen, run);
      won_seen += won;
      best = MAX (best, points);
      sum += points;
    }
  arb_statistics_get_streaks (statistics, "Ann", &longest, &current);
  g_assert_cmpuint (longest, ==, longest_seen);
  g_assert_cmpuint (current, ==, run);
  arb_statistics_get_tally (statistics, "Ann", ARB_VARIANT_SOLO, 1, &tally);
  assert_tally (&tally, 12, won_seen, sum, best);
}

static void
count_signal (gpointer instance, guint *count)
{
  (*count)++;
}

typedef struct {
  guint *count;
  guint  at_least;
} Count;

static gboolean
count_reached (Count *count)
{
  return *count->count >= count->at_least;
}

static char *
describe_count (Count *count)
{
  return g_strdup_printf ("%u games ended, waiting for %u", *count->count, count->at_least);
}

/* Waits until the session has told that many ends of games. */
static void
wait_ends (guint *ends, guint at_least)
{
  Count count = { ends, at_least };

  arb_test_wait_until_described ("the session to tell the game's end", (ArbTestWaitFunc) count_reached,
                                 (ArbTestDescribeFunc) describe_count, &count);
}

static void
assert_played (ArbStatistics *statistics, const char *name, guint played)
{
  ArbTally tally;

  arb_statistics_get_total (statistics, name, &tally);
  g_assert_cmpuint (tally.played, ==, played);
}

/* A session's game counts when it ends, and never again: not when its
 * replay is played on from a step, not when it is continued from a save made mid-game, not
 * when it is opened again over. A game opened over never counts. */
static void
test_statistics_session (void)
{
  static const char * const two_people[] = { "person", "person", NULL };
  g_autoptr (GFile) file = statistics_file ("session.ini");
  g_autoptr (ArbStatistics) statistics = arb_statistics_new (file);
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (ARB_VARIANT_CLASSIC, two_people, 5);
  g_autoptr (ArbGame) saved_mid_game = NULL;
  g_autoptr (ArbGame) other = finished_game (ARB_VARIANT_STANDARD, two_people, 6);
  g_autoptr (GError) error = NULL;
  guint ends = 0, changes = 0;

  arb_statistics_watch (statistics, session);
  g_signal_connect (session, "game-ended", G_CALLBACK (count_signal), &ends);
  g_signal_connect (statistics, "changed", G_CALLBACK (count_signal), &changes);

  arb_session_set_game (session, game, NULL);
  play_to (game, 30, 5);
  saved_mid_game = copy_of_first_steps (game, 30);
  play_to (game, 0, 5);
  wait_ends (&ends, 1);
  g_assert_cmpuint (changes, ==, 1);
  assert_played (statistics, "Ann", 1);
  assert_played (statistics, "Bob", 1);

  /* Replayed to step 30 and played on from there, to another end. */
  arb_session_start_replay (session);
  g_assert_true (arb_replay_seek (arb_session_get_replay (session), 30));
  g_assert_true (arb_session_continue_replay (session, &error));
  g_assert_no_error (error);
  play_to (arb_session_get_game (session), 0, 77);
  wait_ends (&ends, 2);

  /* Continued from its save mid-game, and ended the same way. */
  arb_session_open_game (session, saved_mid_game, NULL, NULL);
  play_to (saved_mid_game, 0, 5);
  wait_ends (&ends, 3);

  /* Shown again, over (opened from its file, it is replayed instead). */
  arb_session_set_game (session, game, NULL);
  wait_ends (&ends, 4);
  g_assert_cmpuint (changes, ==, 1);
  assert_played (statistics, "Ann", 1);

  /* Another game, shown already over, was not played here. */
  arb_session_set_game (session, other, NULL);
  wait_ends (&ends, 5);
  g_assert_cmpuint (changes, ==, 1);
  assert_played (statistics, "Ann", 1);
  arb_session_set_game (session, NULL, NULL);
}

/* Two people of one name at a table: the game counts once for the name. */
static void
test_statistics_same_name (void)
{
  g_autoptr (GFile) file = statistics_file ("same-name.ini");
  g_autoptr (ArbStatistics) statistics = arb_statistics_new (file);
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;

  for (guint i = 0; i < 3; i++)
    g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_PERSON, NULL));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 4, 0, &error);
  g_assert_no_error (error);
  play_to (game, 0, 4);
  g_assert_true (arb_statistics_record (statistics, game, -1, &error));
  g_assert_no_error (error);
  assert_played (statistics, "Ann", 1);
}

/* The reset forgets every person; a game counted before it is still not
 * counted again, and the file says so when read again. */
static void
test_statistics_reset (void)
{
  static const char * const seats[] = { "person", "medium", NULL };
  g_autoptr (GFile) file = statistics_file ("reset.ini");
  g_autoptr (ArbStatistics) statistics = arb_statistics_new (file);
  g_autoptr (ArbStatistics) again = arb_statistics_new (file);
  g_autoptr (ArbGame) game = finished_game (ARB_VARIANT_STANDARD, seats, 8);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;

  g_assert_true (arb_statistics_record (statistics, game, -1, &error));
  g_assert_true (arb_statistics_reset (statistics, &error));
  g_assert_no_error (error);
  names = arb_statistics_dup_names (statistics);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
  g_assert_true (arb_statistics_load (again, &error));
  g_assert_no_error (error);
  assert_played (again, "Ann", 0);
  g_assert_false (arb_statistics_record (again, game, -1, &error));
  g_assert_no_error (error);
}

/* Writes contents to a new statistics file and loads it: it must be
 * refused in one short line that names the file and echoes nothing of
 * it, set aside, and counting must start again in a new file. */
static void
assert_refused (const char *contents, gssize length, const char *expected)
{
  static const char * const seats[] = { "person", "person", NULL };
  g_autoptr (GFile) file = statistics_file ("damaged.ini");
  g_autofree char *aside = g_strconcat (g_file_peek_path (file), ".damaged", NULL);
  g_autoptr (ArbStatistics) statistics = arb_statistics_new (file);
  g_autoptr (ArbStatistics) again = arb_statistics_new (file);
  g_autoptr (ArbGame) game = finished_game (ARB_VARIANT_STANDARD, seats, 3);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;

  if (contents != NULL)
    g_assert_true (g_file_set_contents (g_file_peek_path (file), contents, length, NULL));
  g_assert_false (arb_statistics_load (statistics, &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_cmpstr (error->message, ==, arb_statistics_get_problem (statistics));
  g_assert_true (g_str_has_prefix (error->message, "damaged.ini: "));
  g_assert_nonnull (strstr (error->message, expected));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), <=, 200);
  g_assert_null (strstr (error->message, "MARK"));
  names = arb_statistics_dup_names (statistics);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
  g_assert_true (g_file_test (aside, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (g_file_peek_path (file), G_FILE_TEST_EXISTS));

  g_clear_error (&error);
  g_assert_true (arb_statistics_record (statistics, game, -1, &error));
  g_assert_no_error (error);
  g_assert_true (arb_statistics_load (again, &error));
  g_assert_no_error (error);
  assert_played (again, "Ann", 1);
  g_assert_cmpint (g_remove (aside), ==, 0);
  g_assert_cmpint (g_remove (g_file_peek_path (file)), ==, 0);
}

#define HEADER "[statistics]\nversion=1\ngames=\n"

static void
test_statistics_damaged (void)
{
  g_autofree char *huge = g_strnfill (ARB_STATISTICS_MAX_SIZE + 1, '#');
  g_autofree char *fifo = NULL;
  g_autoptr (GString) crowd = g_string_new (HEADER);

  assert_refused ("[statistics]\nversion=1\nMARK MARK\n", -1, "line 3: neither a group nor a key");
  assert_refused (HEADER "[p]\nname=Ann\nstandard-2=3;4;10;10\n", -1, "group 2: games or points that do not add up");
  assert_refused (HEADER "[p]\nname=Ann\nstandard-2=1;1;5000;5000\n", -1, "group 2: games or points");
  assert_refused (HEADER "[p]\nname=Ann\nstandard-2=-1;0;0;0\n", -1, "group 2: a number is out of range");
  assert_refused (HEADER "[p]\nname=Ann\nstandard-2=MARK\n", -1, "group 2: a value is not the numbers");
  assert_refused (HEADER "[p]\nname=Ann\nsolo-3=1;1;5;5\n", -1, "group 2: a key it should not have");
  assert_refused (HEADER "[p]\nname=Ann\nstreak=3;1\n", -1, "group 2: a streak longer than the longest");
  assert_refused (HEADER "[p]\nname=MARK MARK MARK MARK MARK MARK MARK\n", -1, "group 2: no name, or a name too long");
  assert_refused (HEADER "[p]\nname=Ann\n[q]\nname=Ann\n", -1, "group 3: a name already given");
  assert_refused ("[statistics]\nversion=2\n", -1, "group 1: not statistics of this version");
  assert_refused ("[statistics]\nversion=1\ngames=MARK\n", -1, "group 1: a game that is not");
  assert_refused ("[statistics]\nversion=1\0MARK\n", 28, "the file: contains a NUL byte");
  assert_refused ("[statistics]\nversion=1\n\xff MARK=1\n", -1, "the file: is not UTF-8 text");
  for (guint i = 0; i <= ARB_STATISTICS_MAX_NAMES; i++)
    g_string_append_printf (crowd, "[p%u]\nname=P%u\n", i, i);
  assert_refused (crowd->str, -1, "the file: too many players");
  assert_refused (huge, -1, "larger than");

  fifo = g_build_filename (data_home, "damaged.ini", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_refused (NULL, 0, "not a regular file");
}

int
main (int argc, char *argv[])
{
  int status;

  /* Before anything asks GLib for the data directory, which it keeps: the
   * session's automatic saves go there. */
  data_home = g_dir_make_tmp ("arb-statistics-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/statistics/count", test_statistics_count);
  g_test_add_func ("/statistics/streaks", test_statistics_streaks);
  g_test_add_func ("/statistics/session", test_statistics_session);
  g_test_add_func ("/statistics/same-name", test_statistics_same_name);
  g_test_add_func ("/statistics/reset", test_statistics_reset);
  g_test_add_func ("/statistics/damaged", test_statistics_damaged);
  status = g_test_run ();
  arb_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
