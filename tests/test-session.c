/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c: ArbSession, the course of a game without a display: the
 * file, unsaved steps and the automatic save; who acts and what the screen
 * shows; replay, take back, the offer to save, and opening. */
#include "config.h"

#include "arb-test-files.h"

#include <glib/gstdio.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-autosave-slots.h"
#include "arb-save.h"
#include "arb-session.h"
#include "arb-test-autosave.h"
#include "arb-test-state.h"
#include "arb-test-wait.h"

static char *data_home;

static ArbGame *
new_game (guint32 seed)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new ("Bob", ARB_PLAYER_PERSON, NULL));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

/* Plays random steps until n turns have ended (each with its discard). */
static void
play_turns (ArbGame *game, GRand *rand, guint n)
{
  g_autoptr (GError) error = NULL;

  while (n > 0 && !arb_game_is_finished (game))
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);

      g_assert_true (arb_game_apply (game, &move, &error));
      g_assert_no_error (error);
      if (move.kind == ARB_MOVE_DISCARD)
        n--;
    }
}

static void
count_failure (ArbSession *session, const char *message, guint *count)
{
  g_assert_nonnull (message);
  (*count)++;
}

/* A step makes the game modified; saving or letting the steps go does not
 * keep it so, and the title names the file, marked while modified. */
static void
test_session_modified (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (3);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (GFile) file = g_file_new_for_path ("/tmp/Première partie.arboretum");
  g_autofree char *title = NULL;
  g_autofree char *marked = NULL;

  arb_session_set_game (session, game, NULL);
  g_assert_true (arb_session_get_game (session) == game);
  g_assert_false (arb_session_get_modified (session));
  g_assert_null (arb_session_dup_title (session));

  play_turns (game, rand, 1);
  g_assert_true (arb_session_get_modified (session));
  arb_session_saved (session, file);
  g_assert_false (arb_session_get_modified (session));
  g_assert_true (arb_session_get_file (session) == file);
  title = arb_session_dup_title (session);
  g_assert_cmpstr (title, ==, "Première partie.arboretum");

  play_turns (game, rand, 1);
  g_assert_true (arb_session_has_unsaved_steps (session));
  arb_session_saved (session, file);
  g_assert_false (arb_session_has_unsaved_steps (session));

  play_turns (game, rand, 1);
  marked = arb_session_dup_title (session);
  g_assert_cmpstr (marked, ==, "• Première partie.arboretum");
  arb_session_discard (session);
  g_assert_false (arb_session_get_modified (session));

  /* Another game: nothing unsaved, no file, and the old game is let go. */
  {
    g_autoptr (ArbGame) next = new_game (4);

    arb_session_set_game (session, next, NULL);
    g_assert_null (arb_session_get_file (session));
    play_turns (game, rand, 1);
    g_assert_false (arb_session_get_modified (session));
  }
  arb_session_set_game (session, NULL, NULL);
}

static char *
autosave_dir (void)
{
  return g_build_filename (data_home, "arboretum", NULL);
}

/* No automatic save left by an earlier test. */
static void
clear_saves (void)
{
  g_autofree char *dir = autosave_dir ();

  arb_test_remove_tree (dir);
}

/* Where the folder of the automatic save should be, a file stands: every
 * automatic save fails. */
static void
block_autosave (void)
{
  g_autofree char *dir = autosave_dir ();

  clear_saves ();
  g_assert_true (g_file_set_contents (dir, "not a folder", -1, NULL));
}

static void
unblock_autosave (void)
{
  g_autofree char *dir = autosave_dir ();

  g_assert_cmpint (g_remove (dir), ==, 0);
}

/* The automatic save follows every turn; when it fails the window is told
 * once, not after every turn, and again only after it worked in between. */
static void
test_session_autosave (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (5);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (GFile) autosave = NULL;
  guint failures = 0;

  clear_saves ();
  g_signal_connect (session, "autosave-failed", G_CALLBACK (count_failure), &failures);
  arb_session_set_game (session, game, NULL);
  play_turns (game, rand, 1);
  autosave = g_object_ref (arb_session_get_autosave_file (session));
  g_assert_true (g_file_query_exists (autosave, NULL));
  g_assert_cmpuint (failures, ==, 0);

  block_autosave ();
  play_turns (game, rand, 3);
  g_assert_cmpuint (failures, ==, 1);

  unblock_autosave ();
  play_turns (game, rand, 1);
  g_assert_true (g_file_query_exists (autosave, NULL));
  g_assert_cmpuint (failures, ==, 1);

  block_autosave ();
  play_turns (game, rand, 2);
  g_assert_cmpuint (failures, ==, 2);
  unblock_autosave ();

  /* A finished game has nothing to resume: its automatic save goes. */
  play_turns (game, rand, G_MAXUINT);
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_assert_cmpuint (failures, ==, 2);
}

/* What a failed wait prints: the session's state, whose turn, and the
 * last lines of its game's log. */
static char *
describe_session (ArbSession *session)
{
  ArbGame *game = arb_session_get_game (session);
  GString *out = g_string_new (NULL);
  guint n_steps;

  g_string_append_printf (out, "session: %s, %s, %s, %s, cover for %d, online seat %d\n",
                          arb_session_get_busy (session) ? "busy" : "not busy",
                          arb_session_get_person_to_act (session) ? "a person to act" : "no person to act",
                          arb_session_get_loading (session) ? "loading" : "not loading",
                          arb_session_get_reviewing (session) ? "reviewing" : "not reviewing",
                          arb_session_get_cover_for (session), arb_session_get_online_seat (session));
  if (game == NULL)
    return g_string_free (g_string_append (out, "no game\n"), FALSE);
  n_steps = arb_game_get_n_steps (game);
  g_string_append_printf (out, "game: %u steps, %s, player %u to act\n", n_steps,
                          arb_game_is_finished (game) ? "finished" : "under way",
                          arb_game_get_current_player (game));
  for (guint i = n_steps > 5 ? n_steps - 5 : 0; i < n_steps; i++)
    {
      g_autofree char *line = arb_game_describe_step (game, arb_game_get_step (game, i), ARB_STEP_TEXT_FULL);

      g_string_append_printf (out, "  %u: %s\n", i, line);
    }
  return g_string_free (out, FALSE);
}

/* Runs the main loop until cond (session) holds, blocking, within the
 * limit of arb-test-wait.h; never a measure of time. */
#define wait_for(session, cond) \
  arb_test_wait_until_described (#cond, (cond), describe_session, (session))

static ArbGame *
seated_game (const char * const *seats, guint32 seed)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  static const char * const names[] = { "Ann", "Cid", "Bob", "Dee" };
  ArbGame *game;

  for (guint i = 0; seats[i] != NULL; i++)
    {
      gboolean person = g_str_equal (seats[i], "person");

      g_ptr_array_add (players, arb_player_new (names[i], person ? ARB_PLAYER_PERSON : ARB_PLAYER_COMPUTER,
                                                person ? NULL : seats[i]));
    }
  game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

static gboolean
computer_acts (ArbSession *session)
{
  ArbGame *game = arb_session_get_game (session);

  return arb_session_get_busy (session)
         || (!arb_game_is_finished (game) && arb_game_is_computer (game, arb_game_get_current_player (game)));
}

/* The screen shows the public table, exactly: nobody's hand. */
static void
assert_public (ArbSession *session)
{
  ArbViewpoint *viewpoint = arb_session_get_viewpoint (session);
  ArbProjection public;

  g_assert_cmpint (arb_viewpoint_get_viewer (viewpoint), ==, ARB_VIEWER_PUBLIC);
  arb_game_project (arb_session_get_game (session), ARB_VIEWER_PUBLIC, &public);
  g_assert_true (memcmp (arb_viewpoint_get_projection (viewpoint), &public, sizeof public) == 0);
}

static void
check_computer_step (ArbGame *game, guint index, ArbSession *session)
{
  if (computer_acts (session) || arb_game_is_computer (game, arb_game_get_step (game, index)->player))
    assert_public (session);
}

static gboolean
person_waits (ArbSession *session)
{
  return arb_game_is_finished (arb_session_get_game (session)) || arb_session_get_cover_for (session) >= 0
         || arb_session_get_person_to_act (session);
}

typedef struct {
  ArbSession *session;
  guint       computer_moments;  /* main loop iterations while a computer acted */
} HotSeat;

/* At every moment the main loop gives while a computer acts, the screen
 * is public; TRUE once a person waits or the game is over. */
static gboolean
computers_done (HotSeat *hot_seat)
{
  if (computer_acts (hot_seat->session))
    {
      assert_public (hot_seat->session);
      hot_seat->computer_moments++;
      return FALSE;
    }
  return person_waits (hot_seat->session);
}

static char *
describe_hot_seat (HotSeat *hot_seat)
{
  return describe_session (hot_seat->session);
}

/* A person's step, at the screen, through the session. */
static void
person_step (ArbSession *session, GRand *rand)
{
  g_autoptr (GError) error = NULL;
  ArbMove move = arb_test_random_move (arb_game_get_state (arb_session_get_game (session)), rand);

  g_assert_true (arb_session_get_person_to_act (session));
  g_assert_true (arb_session_apply (session, &move, &error));
  g_assert_no_error (error);
}

/* Two people and two computers at one screen: at every moment a computer
 * acts, and as soon as a person's turn ends, the screen shows the public
 * table, never the hand of the person who just played. */
static void
test_session_hot_seat (void)
{
  static const char * const seats[] = { "person", "medium", "person", "easy", NULL };
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = seated_game (seats, 21);
  g_autoptr (GRand) rand = g_rand_new_with_seed (21);
  HotSeat hot_seat = { session, 0 };

  g_signal_connect_after (game, "step-applied", G_CALLBACK (check_computer_step), session);
  arb_session_set_game (session, game, NULL);
  /* Each turn a person plays ends the loop sooner: a game has fewer turns
   * than steps. */
  for (guint turns = 0; !arb_game_is_finished (game); turns++)
    {
      g_assert_cmpuint (turns, <, 1000);
      arb_test_wait_until_described ("the computers to play up to a person's turn", computers_done,
                                     describe_hot_seat, &hot_seat);
      if (arb_game_is_finished (game))
        break;
      if (arb_session_get_cover_for (session) >= 0)
        {
          /* Between people the screen is covered, and shows nobody's hand. */
          assert_public (session);
          g_assert_false (arb_session_get_person_to_act (session));
          g_assert_cmpint (arb_session_get_cover_for (session), ==, (int) arb_game_get_current_player (game));
          arb_session_reveal (session);
        }
      g_assert_cmpint (arb_viewpoint_get_viewer (arb_session_get_viewpoint (session)), ==,
                       (int) arb_game_get_current_player (game));
      /* The whole turn, to its discard; then the hand leaves the screen at once. */
      while (arb_session_get_person_to_act (session))
        person_step (session, rand);
      if (!arb_game_is_finished (game) && arb_game_is_computer (game, arb_game_get_current_player (game)))
        assert_public (session);
    }
  g_assert_cmpuint (hot_seat.computer_moments, >, 0);
  g_signal_handlers_disconnect_by_data (game, session);
  arb_session_set_game (session, NULL, NULL);
}

/* Two people only: the screen waits behind a cover for whoever's turn it
 * is, shows their seat once revealed, and covers again after their turn. */
static void
test_session_cover (void)
{
  static const char * const seats[] = { "person", "person", NULL };
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = seated_game (seats, 8);
  g_autoptr (GRand) rand = g_rand_new_with_seed (8);
  ArbViewpoint *viewpoint = arb_session_get_viewpoint (session);
  guint first;

  arb_session_set_game (session, game, NULL);
  g_assert_true (arb_session_get_viewpoint (session) == viewpoint);
  g_assert_true (arb_viewpoint_get_source (viewpoint) == ARB_TABLE_EVENTS (game));
  first = arb_game_get_current_player (game);
  g_assert_cmpint (arb_session_get_cover_for (session), ==, (int) first);
  assert_public (session);
  g_assert_false (arb_session_get_person_to_act (session));
  arb_session_reveal (session);
  g_assert_cmpint (arb_session_get_cover_for (session), ==, -1);
  g_assert_cmpint (arb_viewpoint_get_viewer (viewpoint), ==, (int) first);
  while (arb_session_get_person_to_act (session))
    person_step (session, rand);
  g_assert_cmpint (arb_session_get_cover_for (session), ==, (int) (1 - first));
  assert_public (session);
  /* The person who just played takes nothing back from behind the cover. */
  g_assert_false (arb_session_get_can_take_back (session));
  arb_session_reveal (session);
  g_assert_cmpint (arb_viewpoint_get_viewer (viewpoint), ==, (int) (1 - first));
  arb_session_set_game (session, NULL, NULL);
}

static gboolean
not_busy_and_person (ArbSession *session)
{
  return arb_session_get_person_to_act (session) || arb_game_is_finished (arb_session_get_game (session));
}

/* One person and a computer: the person's seat is always shown; the
 * computer plays at its pace (0 here); the person takes back their step. */
static void
test_session_computer_and_take_back (void)
{
  static const char * const seats[] = { "person", "random", NULL };
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = seated_game (seats, 5);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (GError) error = NULL;
  guint n;

  arb_session_set_game (session, game, NULL);
  for (guint turn = 0; turn < 4; turn++)
    {
      wait_for (session, not_busy_and_person);
      g_assert_cmpint (arb_viewpoint_get_viewer (arb_session_get_viewpoint (session)), ==, 0);
      g_assert_cmpint (arb_session_get_cover_for (session), ==, -1);
      while (arb_session_get_person_to_act (session))
        {
          person_step (session, rand);
          g_assert_cmpint (arb_viewpoint_get_viewer (arb_session_get_viewpoint (session)), ==, 0);
        }
    }
  wait_for (session, not_busy_and_person);
  /* A draw is not taken back (it showed a card); a play is. */
  while (arb_game_get_state (game)->phase != ARB_PHASE_DISCARD)
    person_step (session, rand);
  n = arb_game_get_n_steps (game);
  g_assert_true (arb_session_get_can_take_back (session));
  g_assert_true (arb_session_take_back (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n - 1);
  g_assert_true (arb_session_get_person_to_act (session));
  /* Out of turn, a step is refused. */
  arb_session_start_replay (session);
  g_assert_false (arb_session_get_person_to_act (session));
  g_assert_false (arb_session_draw (session, ARB_SOURCE_DECK, &error));
  g_assert_nonnull (error);
  arb_session_set_game (session, NULL, NULL);
}

static gboolean
six_steps (ArbSession *session)
{
  return arb_game_get_n_steps (arb_session_get_game (session)) >= 6;
}

/* The replay: first, next, last; a game in progress goes back to its
 * course; playing on from a moment makes a new game of that history. */
static void
test_session_replay (void)
{
  static const char * const seats[] = { "random", "random", NULL };
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = seated_game (seats, 9);
  g_autoptr (GError) error = NULL;
  ArbReplay *replay;

  arb_session_set_game (session, game, NULL);
  wait_for (session, six_steps);
  arb_session_start_replay (session);
  replay = arb_session_get_replay (session);
  g_assert_nonnull (replay);
  g_assert_false (arb_session_get_busy (session));
  g_assert_true (arb_viewpoint_get_source (arb_session_get_viewpoint (session)) == ARB_TABLE_EVENTS (replay));
  g_assert_cmpint (arb_viewpoint_get_viewer (arb_session_get_viewpoint (session)), ==, ARB_VIEWER_PUBLIC);
  arb_session_start_replay (session);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 0);
  arb_replay_next (replay);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, 1);
  arb_replay_last (replay);
  g_assert_cmpuint (arb_replay_get_step (replay), ==, arb_game_get_n_steps (game));
  g_assert_true (arb_session_stop_replay (session));
  g_assert_null (arb_session_get_replay (session));
  g_assert_true (arb_viewpoint_get_source (arb_session_get_viewpoint (session)) == ARB_TABLE_EVENTS (game));
  wait_for (session, arb_session_get_busy);

  arb_session_start_replay (session);
  arb_session_start_replay (session);
  arb_replay_next (arb_session_get_replay (session));
  g_assert_true (arb_session_continue_replay (session, &error));
  g_assert_no_error (error);
  g_assert_null (arb_session_get_replay (session));
  g_assert_true (arb_session_get_game (session) != game);
  g_assert_cmpuint (arb_game_get_n_steps (arb_session_get_game (session)), ==, 1);
  arb_session_set_game (session, NULL, NULL);
}

static void
count_carry_on (ArbSession *session, ArbAfterSave then, int *last)
{
  *last = (int) then;
}

static gboolean
not_loading (ArbSession *session)
{
  return !arb_session_get_loading (session);
}

/* Quitting with unsaved steps asks first; Cancel keeps the game, Discard
 * lets the steps go, Save writes them; then what waited goes on. Saved,
 * the game opens again, read in the background. */
static void
test_session_offer_to_save (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbSession) opened = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (12);
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  g_autofree char *dir = g_dir_make_tmp ("arb-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  int then = -1;

  g_signal_connect (session, "carry-on", G_CALLBACK (count_carry_on), &then);
  arb_session_set_game (session, game, NULL);
  g_assert_false (arb_session_offer_to_save (session, ARB_AFTER_SAVE_CLOSE));
  play_turns (game, rand, 2);
  g_assert_true (arb_session_offer_to_save (session, ARB_AFTER_SAVE_CLOSE));
  g_assert_cmpint (arb_session_get_offer (session), ==, ARB_AFTER_SAVE_CLOSE);
  arb_session_cancel_offer (session);
  g_assert_cmpint (arb_session_get_offer (session), ==, ARB_AFTER_SAVE_NOTHING);
  g_assert_cmpint (then, ==, -1);
  g_assert_true (arb_session_get_modified (session));

  g_assert_true (arb_session_offer_to_save (session, ARB_AFTER_SAVE_CLOSE));
  arb_session_discard (session);
  g_assert_cmpint (then, ==, ARB_AFTER_SAVE_CLOSE);
  g_assert_false (arb_session_get_modified (session));
  g_assert_false (arb_session_offer_to_save (session, ARB_AFTER_SAVE_CLOSE));

  play_turns (game, rand, 1);
  g_assert_true (arb_session_offer_to_save (session, ARB_AFTER_SAVE_NEW_GAME));
  g_assert_true (arb_session_save (session, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (then, ==, ARB_AFTER_SAVE_NEW_GAME);
  g_assert_true (arb_session_get_file (session) == file);
  g_assert_false (arb_session_get_modified (session));

  arb_session_load (opened, file);
  g_assert_true (arb_session_get_loading (opened));
  wait_for (opened, not_loading);
  g_assert_nonnull (arb_session_get_game (opened));
  g_assert_cmpuint (arb_game_get_n_steps (arb_session_get_game (opened)), ==, arb_game_get_n_steps (game));
  g_assert_true (g_file_equal (arb_session_get_file (opened), file));
  g_assert_false (arb_session_get_modified (opened));

  arb_session_set_game (session, NULL, NULL);
  arb_session_set_game (opened, NULL, NULL);
  g_unlink (path);
  g_rmdir (dir);
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* A quick review of every step of game so far. */
static ArbReview *
quick_review (ArbGame *game)
{
  g_autoptr (GError) error = NULL;
  ArbReviewParams params;
  ArbReview *review;

  arb_review_params_init (&params, 7);
  params.samples = 40;
  params.hard_playouts = 60;
  review = arb_review_run (game, &params, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_game_get_n_steps (game));
  return review;
}

/* The session holds the review of the game's first steps: a step taken
 * back that the review does not cover keeps it, one it covers drops it
 * (and says so); the review is saved with the game and read back. */
static void
test_session_review (void)
{
  static const char * const seats[] = { "person", "random", NULL };
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbSession) opened = arb_session_new ();
  g_autoptr (ArbGame) game = seated_game (seats, 17);
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  g_autoptr (ArbReview) before_play = NULL;
  g_autoptr (ArbReview) with_play = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "reviewed.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  ArbMove play;
  guint n, notified = 0;

  arb_session_set_game (session, game, NULL);
  g_assert_null (arb_session_get_review (session));
  wait_for (session, not_busy_and_person);
  while (arb_game_get_phase (game) != ARB_PHASE_PLAY)
    person_step (session, rand);
  before_play = quick_review (game);
  person_step (session, rand);
  n = arb_game_get_n_steps (game);
  play = arb_game_get_step (game, n - 1)->move;
  g_assert_cmpint (play.kind, ==, ARB_MOVE_PLAY);
  with_play = quick_review (game);

  /* A review of the steps before the play outlives its taking back. */
  arb_session_open_game (session, game, before_play, NULL);
  g_assert_true (arb_session_get_review (session) == before_play);
  g_signal_connect (session, "notify::review", G_CALLBACK (count_notify), &notified);
  g_assert_true (arb_session_get_can_take_back (session));
  g_assert_true (arb_session_take_back (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_game_get_n_steps (game), ==, n - 1);
  g_assert_true (arb_session_get_review (session) == before_play);
  g_assert_cmpuint (notified, ==, 0);

  /* The same play again, reviewed: taking it back drops the review. */
  g_assert_true (arb_session_apply (session, &play, &error));
  g_assert_no_error (error);
  g_signal_handlers_disconnect_by_data (session, &notified);
  arb_session_open_game (session, game, with_play, NULL);
  g_assert_true (arb_session_get_review (session) == with_play);

  /* Saved with the game, and read back with it. */
  g_assert_true (arb_session_save (session, file, &error));
  g_assert_no_error (error);
  arb_session_load (opened, file);
  wait_for (opened, not_loading);
  g_assert_nonnull (arb_session_get_game (opened));
  g_assert_nonnull (arb_session_get_review (opened));
  g_assert_cmpuint (arb_review_get_n_steps (arb_session_get_review (opened)), ==, n);

  g_signal_connect (session, "notify::review", G_CALLBACK (count_notify), &notified);
  g_assert_true (arb_session_take_back (session, &error));
  g_assert_no_error (error);
  g_assert_null (arb_session_get_review (session));
  g_assert_cmpuint (notified, ==, 1);

  /* A new game starts without one. */
  g_assert_nonnull (arb_session_get_review (opened));
  arb_session_set_game (opened, game, NULL);
  g_assert_null (arb_session_get_review (opened));

  arb_session_set_game (session, NULL, NULL);
  arb_session_set_game (opened, NULL, NULL);
  g_unlink (path);
  g_rmdir (dir);
}

/* Continues the most recent game in progress, as the welcome page's first
 * row does: the save is read in a worker thread, the session loading
 * meanwhile, with no game yet. */
static void
continue_latest (ArbSession *session)
{
  g_autoptr (GPtrArray) games = arb_test_list_games (NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (games->len, >=, 1);
  g_assert_true (arb_session_continue (session, g_ptr_array_index (games, 0), &error));
  g_assert_no_error (error);
  g_assert_true (arb_session_get_loading (session));
  wait_for (session, not_loading);
  g_assert_nonnull (arb_session_get_game (session));
}

/* Two games at once, as two instances on separate session buses play them
 * (issue 28): each keeps its own automatic save, and the one that ends
 * removes its own only. The game left behind is continued. */
static void
test_session_two_games (void)
{
  g_autoptr (ArbSession) first = arb_session_new ();
  g_autoptr (ArbSession) second = arb_session_new ();
  g_autoptr (ArbSession) later = arb_session_new ();
  g_autoptr (ArbGame) first_game = new_game (11);
  g_autoptr (ArbGame) second_game = new_game (12);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (GError) error = NULL;
  guint first_steps;

  clear_saves ();
  arb_session_set_game (first, first_game, NULL);
  arb_session_set_game (second, second_game, NULL);
  play_turns (first_game, rand, 2);
  play_turns (second_game, rand, 1);
  play_turns (first_game, rand, 1);
  first_steps = arb_game_get_n_steps (first_game);
  g_assert_nonnull (arb_session_get_autosave_file (first));
  g_assert_nonnull (arb_session_get_autosave_file (second));
  g_assert_false (g_file_equal (arb_session_get_autosave_file (first), arb_session_get_autosave_file (second)));
  g_assert_true (g_file_query_exists (arb_session_get_autosave_file (first), NULL));
  g_assert_true (g_file_query_exists (arb_session_get_autosave_file (second), NULL));

  /* The first window closes with its game in progress; the second game ends. */
  arb_session_stop (first); /* its idle step holds a reference */
  g_clear_object (&first);
  play_turns (second_game, rand, G_MAXUINT);
  g_assert_true (arb_game_is_finished (second_game));

  /* The first game is still there to continue, as it was left. */
  g_assert_true (arb_autosave_slot_available ());
  continue_latest (later);
  g_assert_cmpuint (arb_game_get_n_steps (arb_session_get_game (later)), ==, first_steps);
  g_assert_cmpuint (arb_game_get_seed (arb_session_get_game (later)), ==, 11);
}

/* A game another instance plays is not offered (issue 28): neither by a
 * second session of this process, which locks through an open file
 * description of its own, nor while another process holds its lock. */
static void
test_session_continue_locked (void)
{
  g_autoptr (ArbSession) playing = arb_session_new ();
  g_autoptr (ArbSession) other = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (13);
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  g_autoptr (GError) error = NULL;
  g_autofree char *save_path = NULL;
  g_autofree char *lock_path = NULL;
  GPtrArray *games;
  int ready[2], release[2];
  char byte;
  int status;
  pid_t child;

  clear_saves ();
  arb_session_set_game (playing, game, NULL);
  play_turns (game, rand, 1);
  save_path = g_file_get_path (arb_session_get_autosave_file (playing));
  g_assert_true (g_file_test (save_path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (arb_autosave_slot_available ());
  games = arb_test_list_games (NULL);
  g_assert_cmpuint (games->len, ==, 0);
  g_clear_pointer (&games, g_ptr_array_unref);
  g_assert_null (arb_session_get_game (other));
  /* Nor did the second session take the save away. */
  g_assert_true (g_file_test (save_path, G_FILE_TEST_IS_REGULAR));

  /* Closed, the game stays for Continue: now held by another process. */
  arb_session_stop (playing);
  g_clear_object (&playing);
  g_assert_true (g_file_test (save_path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (arb_autosave_slot_available ());
  /* Listed now, taken by another process before it is continued. */
  games = arb_test_list_games (NULL);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_true (g_str_has_suffix (save_path, ".arboretum"));
  lock_path = g_strdup (save_path);
  strcpy (lock_path + strlen (lock_path) - strlen (".arboretum"), ".lock");
  g_assert_cmpint (pipe (ready), ==, 0);
  g_assert_cmpint (pipe (release), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      int fd = open (lock_path, O_RDWR);

      close (ready[0]);
      close (release[1]);
      if (fd < 0 || flock (fd, LOCK_EX | LOCK_NB) != 0)
        _exit (1);
      if (write (ready[1], "x", 1) != 1)
        _exit (1);
      /* Until the parent closes its end. */
      while (read (release[0], &byte, 1) > 0)
        ;
      _exit (0);
    }
  close (ready[1]);
  close (release[0]);
  g_assert_cmpint (read (ready[0], &byte, 1), ==, 1);
  g_assert_false (arb_autosave_slot_available ());
  g_assert_false (arb_session_continue (other, g_ptr_array_index (games, 0), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_pointer (&games, g_ptr_array_unref);
  g_assert_false (arb_session_get_loading (other));
  g_assert_true (g_file_test (save_path, G_FILE_TEST_IS_REGULAR));

  /* The other process is gone: the game is offered again. */
  close (release[1]);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  close (ready[0]);
  continue_latest (other);
  g_assert_cmpuint (arb_game_get_seed (arb_session_get_game (other)), ==, 13);
}

/* The single automatic save of earlier versions is continued like any
 * other, and becomes a save of its own. */
static void
test_session_continue_old_save (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (14);
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);
  g_autoptr (GFile) old = arb_autosave_get_file ();
  g_autoptr (GFile) old_dir = g_file_get_parent (old);
  g_autoptr (GError) error = NULL;

  clear_saves ();
  play_turns (game, rand, 2);
  g_assert_cmpint (g_mkdir_with_parents (g_file_peek_path (old_dir), 0700), ==, 0);
  g_assert_true (arb_save_write_file (game, NULL, old, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (arb_autosave_slot_available ());
  continue_latest (session);
  g_assert_cmpuint (arb_game_get_n_steps (arb_session_get_game (session)), ==, arb_game_get_n_steps (game));
  g_assert_false (g_file_query_exists (old, NULL));
  g_assert_true (g_file_query_exists (arb_session_get_autosave_file (session), NULL));
}

/* Continue when the automatic save is gone (issue 28): a clear error, no
 * crash, and no game. */
static void
test_session_continue_gone (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbSession) playing = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (15);
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;

  clear_saves ();
  g_assert_false (arb_autosave_slot_available ());
  games = arb_test_list_games (NULL);
  g_assert_cmpuint (games->len, ==, 0);
  g_clear_pointer (&games, g_ptr_array_unref);

  /* Listed, then finished elsewhere before it is continued. */
  arb_session_set_game (playing, game, NULL);
  play_turns (game, rand, 1);
  arb_session_stop (playing);
  g_clear_object (&playing);
  games = arb_test_list_games (NULL);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_true (g_file_delete (((ArbAutosaveEntry *) games->pdata[0])->file, NULL, NULL));
  g_assert_false (arb_session_continue (session, g_ptr_array_index (games, 0), &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, "The game in progress is no longer there");
  g_assert_false (arb_session_get_loading (session));
  g_assert_null (arb_session_get_game (session));
}

static gboolean
not_reviewing (ArbSession *session)
{
  return !arb_session_get_reviewing (session);
}

/* A review runs in the replay, in the background, and can be cancelled:
 * cancelled, it leaves nothing; run to its end, it covers every step and
 * is a change worth saving. Leaving the replay cancels it too. */
static void
test_session_review_run (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (ArbGame) game = new_game (29);
  g_autoptr (GRand) rand = g_rand_new_with_seed (29);
  ArbReview *review;

  arb_session_set_game (session, game, NULL);
  play_turns (game, rand, 3);
  g_assert_false (arb_session_review (session)); /* only in a replay */
  arb_session_start_replay (session);
  g_assert_nonnull (arb_session_get_replay (session));

  g_assert_true (arb_session_review (session));
  g_assert_true (arb_session_get_reviewing (session));
  arb_session_cancel_review (session);
  g_assert_false (arb_session_get_reviewing (session));
  g_assert_null (arb_session_get_review (session));

  g_assert_true (arb_session_review (session));
  g_assert_true (arb_session_stop_replay (session));
  g_assert_false (arb_session_get_reviewing (session));
  g_assert_null (arb_session_get_review (session));

  arb_session_discard (session);
  arb_session_start_replay (session);
  g_assert_true (arb_session_review (session));
  wait_for (session, not_reviewing);
  review = arb_session_get_review (session);
  g_assert_nonnull (review);
  g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_game_get_n_steps (game));
  /* A review alone is worth saving, but it is no move: the question to
   * save says which it is. */
  g_assert_true (arb_session_get_modified (session));
  g_assert_false (arb_session_has_unsaved_steps (session));
  /* Reviewed once is enough. */
  g_assert_false (arb_session_review (session));
}

/* ---- network play ------------------------------------------------------- */

/* A host in this process, as the session's link sees one: it holds the
 * true game and plays the moves sent at once; the test sends its steps. */
#define TEST_TYPE_HOST_LINK (test_host_link_get_type ())
G_DECLARE_FINAL_TYPE (TestHostLink, test_host_link, TEST, HOST_LINK, GObject)

struct _TestHostLink
{
  GObject  parent_instance;
  ArbGame *host;     /* the host's true game */
  guint    requests;
  gboolean left;
};

static void test_host_link_iface_init (ArbLinkInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestHostLink, test_host_link, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_LINK, test_host_link_iface_init))

static void
host_send_move (ArbLink *link, const ArbMove *move)
{
  TestHostLink *self = TEST_HOST_LINK (link);
  g_autoptr (GError) error = NULL;

  self->requests++;
  arb_game_apply (self->host, move, &error);
  g_assert_no_error (error);
}

static void
host_break_off (ArbLink *link, const char *why)
{
  g_error ("The session could not follow the host: %s", why);
}

static void
host_leave (ArbLink *link)
{
  TEST_HOST_LINK (link)->left = TRUE;
}

static void
test_host_link_iface_init (ArbLinkInterface *iface)
{
  iface->send_move = host_send_move;
  iface->break_off = host_break_off;
  iface->leave = host_leave;
}

static void
test_host_link_finalize (GObject *object)
{
  g_clear_object (&TEST_HOST_LINK (object)->host);
  G_OBJECT_CLASS (test_host_link_parent_class)->finalize (object);
}

static void
test_host_link_class_init (TestHostLinkClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_host_link_finalize;
}

static void
test_host_link_init (TestHostLink *self)
{
}

/* The host's last step, sent to the session as seat saw it. */
static void
send_last_step (TestHostLink *link, int seat)
{
  ArbStep step = *arb_game_get_step (link->host, arb_game_get_n_steps (link->host) - 1);
  ArbProjection after;

  arb_projection_mask_step (seat, &step);
  arb_game_project (link->host, seat, &after);
  arb_link_step (ARB_LINK (link), &step, &after);
}

/* A whole game played online as seat 0 against a host that plays seat 1:
 * the screen shows seat 0 what the host's game shows it, the person acts
 * only on their turn and through the host, nothing made up is saved, and
 * the host's record takes the place of the made-up one at the end. */
static void
test_session_online (void)
{
  g_autoptr (ArbSession) session = arb_session_new ();
  g_autoptr (TestHostLink) host = g_object_new (TEST_TYPE_HOST_LINK, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (ArbGame) seen = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (data_home, "online.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *autosave = autosave_dir ();
  ArbProjection start;

  clear_saves ();
  host->host = arb_game_new (ARB_VARIANT_STANDARD, players, 23, 0, &error);
  g_assert_no_error (error);
  arb_game_project (host->host, 0, &start);
  seen = arb_game_new_as_seen (&start, players, &error);
  g_assert_no_error (error);
  arb_session_join (session, ARB_LINK (host));
  g_assert_true (arb_session_get_link (session) == ARB_LINK (host));
  g_assert_cmpint (arb_session_get_online_seat (session), ==, -1);
  arb_link_seated (ARB_LINK (host), seen, 0);
  g_assert_true (arb_session_get_game (session) == seen);
  g_assert_cmpint (arb_session_get_online_seat (session), ==, 0);

  while (!arb_game_is_finished (host->host))
    {
      const ArbState *state = arb_game_get_state (host->host);
      ArbMove move = arb_test_random_move (state, rand);
      ArbProjection shown;

      g_assert_cmpint (arb_session_get_person_to_act (session), ==, state->current == 0);
      if (state->current == 0)
        {
          guint requests = host->requests;

          g_assert_true (arb_session_apply (session, &move, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (host->requests, ==, requests + 1);
          /* Until the host answers, nothing moves and nothing more goes. */
          g_assert_false (arb_session_get_person_to_act (session));
          g_assert_true (arb_session_get_busy (session));
          g_assert_false (arb_session_apply (session, &move, &error));
          g_clear_error (&error);
        }
      else
        {
          g_assert_true (arb_game_apply (host->host, &move, &error));
          g_assert_no_error (error);
        }
      send_last_step (host, 0);
      arb_game_project (host->host, 0, &shown);
      g_assert_true (memcmp (arb_viewpoint_get_projection (arb_session_get_viewpoint (session)),
                             &shown, sizeof shown) == 0);
      g_assert_false (arb_session_get_modified (session));
      g_assert_false (arb_session_get_can_take_back (session));
    }
  /* Made-up cards are never written: neither saved nor kept for Continue. */
  g_assert_false (arb_session_save (session, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));

  {
    ArbProjection before = *arb_viewpoint_get_projection (arb_session_get_viewpoint (session));

    arb_link_finished (ARB_LINK (host), host->host, NULL);
    g_assert_true (arb_session_get_game (session) == host->host);
    g_assert_true (memcmp (arb_viewpoint_get_projection (arb_session_get_viewpoint (session)),
                           &before, sizeof before) == 0);
    g_assert_true (arb_session_save (session, file, &error));
    g_assert_no_error (error);
  }
  /* Another game takes its place: the host's table is left. */
  arb_session_set_game (session, NULL, NULL);
  g_assert_true (host->left);
  g_assert_null (arb_session_get_link (session));
}

/* ---- changing the game from every seat (issue 31) -------------------------- */

/* A game of that rule set and size whose only person sits at person_seat,
 * or a game of people alone if person_seat is -1. */
static ArbGame *
game_with_person_at (ArbVariant variant, guint n_seats, int person_seat, guint32 seed)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  for (guint p = 0; p < n_seats; p++)
    {
      gboolean person = person_seat < 0 || (int) p == person_seat;
      g_autofree char *name = g_strdup_printf ("Seat %u", p + 1);

      g_ptr_array_add (players, arb_player_new (name, person ? ARB_PLAYER_PERSON : ARB_PLAYER_COMPUTER,
                                                person ? NULL : "random"));
    }
  game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  return game;
}

/* What a view does on every redraw: read the projection, which must be
 * of a viewer the game shown has. */
static void
read_as_a_view_does (ArbViewpoint *viewpoint, guint *resets)
{
  const ArbProjection *projection = arb_viewpoint_get_projection (viewpoint);
  ArbGame *game = arb_viewpoint_get_game (viewpoint);
  int viewer = arb_viewpoint_get_viewer (viewpoint);

  g_assert_nonnull (game);
  g_assert_cmpint (projection->viewer, ==, viewer);
  g_assert_cmpint (viewer, <, (int) arb_game_get_n_seats (game));
  (*resets)++;
}

/* The screen shows the game's own seat: its only person, or the public
 * table between several people; never a seat the game does not have. */
static void
assert_screen_fits (ArbSession *session, ArbGame *game, int person_seat)
{
  ArbViewpoint *viewpoint = arb_session_get_viewpoint (session);
  int viewer = arb_viewpoint_get_viewer (viewpoint);

  g_assert_true (arb_viewpoint_get_game (viewpoint) == game);
  g_assert_cmpint (viewer, <, (int) arb_game_get_n_seats (game));
  if (person_seat >= 0 && !arb_game_is_finished (game))
    g_assert_cmpint (viewer, ==, person_seat);
  g_assert_cmpint (arb_viewpoint_get_projection (viewpoint)->viewer, ==, viewer);
}

typedef struct {
  ArbVariant variant;
  guint      n_seats;
} GameSize;

static const GameSize game_sizes[] = {
  { ARB_VARIANT_SOLO, 1 },
  { ARB_VARIANT_STANDARD, 2 },
  { ARB_VARIANT_CLASSIC, 3 },
  { ARB_VARIANT_STANDARD, 4 },
};

/* From each seat of each size of game, to a new game of every size, to an
 * opened save, to a replay of it and back: the screen never shows a seat
 * the game does not have (the viewpoint once asked a 2-player game for
 * seat 3's projection, and the window crashed). Criticals are fatal here. */
static void
test_session_every_change (void)
{
  g_autoptr (GFile) saved = g_file_new_build_filename (g_test_get_dir (G_TEST_DIST), "data", "saves",
                                                       "good-standard-2p.arboretum", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) opened = arb_save_read_file (saved, NULL, NULL, &error);
  guint32 seed = 100;

  g_assert_no_error (error);
  for (guint from = 0; from < G_N_ELEMENTS (game_sizes); from++)
    for (int seat = -1; seat < (int) game_sizes[from].n_seats; seat++)
      for (guint to = 0; to <= G_N_ELEMENTS (game_sizes); to++)
        {
          g_autoptr (ArbSession) session = arb_session_new ();
          g_autoptr (ArbGame) first = game_with_person_at (game_sizes[from].variant, game_sizes[from].n_seats,
                                                           seat, seed++);
          g_autoptr (ArbGame) next = NULL;
          ArbViewpoint *viewpoint = arb_session_get_viewpoint (session);
          int next_seat = 0;
          guint resets = 0;

          g_signal_connect (viewpoint, "position-reset", G_CALLBACK (read_as_a_view_does), &resets);
          arb_session_set_game (session, first, NULL);
          assert_screen_fits (session, first, seat);
          if (to < G_N_ELEMENTS (game_sizes))
            {
              next = game_with_person_at (game_sizes[to].variant, game_sizes[to].n_seats, 0, seed++);
              arb_session_set_game (session, next, NULL);
            }
          else
            {
              next = g_object_ref (opened);
              next_seat = -1;
              arb_session_open_game (session, next, NULL, saved);
            }
          assert_screen_fits (session, next, next_seat);
          arb_session_start_replay (session);
          g_assert_nonnull (arb_session_get_replay (session));
          assert_screen_fits (session, next, next_seat);
          arb_session_stop_replay (session);
          assert_screen_fits (session, next, next_seat);
          /* And back to a game of the first size. */
          arb_session_set_game (session, first, NULL);
          assert_screen_fits (session, first, seat);
          g_assert_cmpuint (resets, >=, 3);
          arb_session_stop (session);
        }
}

int
main (int argc, char *argv[])
{
  g_autofree char *dir = NULL;
  int status;

  /* Before anything asks GLib for the data directory, which it keeps. */
  data_home = g_dir_make_tmp ("arb-session-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/modified", test_session_modified);
  g_test_add_func ("/session/autosave", test_session_autosave);
  g_test_add_func ("/session/hot-seat", test_session_hot_seat);
  g_test_add_func ("/session/cover", test_session_cover);
  g_test_add_func ("/session/computer-and-take-back", test_session_computer_and_take_back);
  g_test_add_func ("/session/replay", test_session_replay);
  g_test_add_func ("/session/offer-to-save", test_session_offer_to_save);
  g_test_add_func ("/session/continue-gone", test_session_continue_gone);
  g_test_add_func ("/session/two-games", test_session_two_games);
  g_test_add_func ("/session/continue-locked", test_session_continue_locked);
  g_test_add_func ("/session/continue-old-save", test_session_continue_old_save);
  g_test_add_func ("/session/review", test_session_review);
  g_test_add_func ("/session/review-run", test_session_review_run);
  g_test_add_func ("/session/online", test_session_online);
  g_test_add_func ("/session/every-change", test_session_every_change);
  status = g_test_run ();
  dir = autosave_dir ();
  arb_test_remove_tree (dir);
  g_rmdir (data_home);
  g_free (data_home);
  return status;
}
