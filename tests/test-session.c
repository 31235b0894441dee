/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c: ArbSession, what a window keeps of the game it plays:
 * the file, whether steps are unsaved, and the automatic save. */
#include "config.h"

#include <glib/gstdio.h>

#include "arb-save.h"
#include "arb-session.h"
#include "arb-test-state.h"

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
  marked = arb_session_dup_title (session);
  g_assert_cmpstr (marked, ==, "• Première partie.arboretum");
  arb_session_forget (session);
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

/* Where the folder of the automatic save should be, a file stands: every
 * automatic save fails. */
static void
block_autosave (void)
{
  g_autofree char *dir = autosave_dir ();
  g_autofree char *saved = g_build_filename (dir, "current.arboretum", NULL);

  g_remove (saved);
  g_rmdir (dir);
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
  g_autoptr (GFile) autosave = arb_autosave_get_file ();
  guint failures = 0;

  g_signal_connect (session, "autosave-failed", G_CALLBACK (count_failure), &failures);
  arb_session_set_game (session, game, NULL);
  play_turns (game, rand, 1);
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
  status = g_test_run ();
  dir = autosave_dir ();
  g_rmdir (dir);
  g_rmdir (data_home);
  g_free (data_home);
  return status;
}
