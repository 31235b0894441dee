/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-save.c: arboretum-cli with save games: play --save, validate,
 * show, score and review, run as a person would run them. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "arb-review.h"
#include "arb-save.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs arboretum-cli with the arguments, NULL-terminated. */
static Run
run_cli (const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("ARB_CLI");
  Run run = { 0 };
  int wait_status;
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run.out, &run.err, &wait_status, &error));
  g_assert_no_error (error);
  if (g_spawn_check_wait_status (wait_status, &error))
    run.status = 0;
  else
    run.status = error->domain == G_SPAWN_EXIT_ERROR ? error->code : -1;
  return run;
}

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "saves", name, NULL);
}

static void
test_cli_validate (void)
{
  g_autofree char *good = data_path ("good-standard-4p.arboretum");
  g_autofree char *bad = data_path ("bad-illegal-step.arboretum");
  g_autofree char *bomb = data_path ("bad-entity-bomb.arboretum");
  g_auto (Run) ok = run_cli ("validate", good, NULL);
  g_auto (Run) refused = run_cli ("validate", bad, NULL);
  g_auto (Run) unsafe = run_cli ("validate", bomb, NULL);
  g_auto (Run) missing = run_cli ("validate", "/nonexistent/x.arboretum", NULL);

  g_assert_cmpint (ok.status, ==, 0);
  g_assert_nonnull (strstr (ok.out, "4 players"));
  g_assert_cmpint (refused.status, ==, 2);
  g_assert_nonnull (strstr (refused.err, "Step 19 (line 85)"));
  g_assert_cmpint (unsafe.status, ==, 2);
  g_assert_cmpint (missing.status, ==, 2);
}

/* play --save writes the whole game; validate, show and score read it. */
static void
test_cli_play_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.arboretum", NULL);
  g_auto (Run) play = run_cli ("play", "--variant", "solo", "--players", "1", "--seed", "12",
                               "--save", path, NULL);
  g_auto (Run) valid = run_cli ("validate", path, NULL);
  g_auto (Run) show = run_cli ("show", path, "--step", "4", NULL);
  g_auto (Run) show_all = run_cli ("show", path, NULL);
  g_auto (Run) show_beyond = run_cli ("show", path, "--step", "100000", NULL);
  g_auto (Run) score = run_cli ("score", "--json", path, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;

  g_assert_cmpint (play.status, ==, 0);
  g_assert_cmpint (valid.status, ==, 0);
  game = arb_save_read_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_is_finished (game));

  g_assert_cmpint (show.status, ==, 0);
  g_assert_nonnull (strstr (show.out, "after step 4 of"));
  g_assert_nonnull (strstr (show.out, ">    4. "));
  g_assert_nonnull (strstr (show.out, "in Q’s arboretum at ("));
  /* The replay of the whole game tells what the deck gave, Q's cards too. */
  g_assert_nonnull (strstr (show.out, "from the deck"));
  g_assert_nonnull (strstr (show.out, "was dealt to Q"));
  g_assert_cmpint (show_all.status, ==, 0);
  g_assert_nonnull (strstr (show_all.out, "the game is over"));
  g_assert_cmpint (show_beyond.status, ==, 2);

  g_assert_cmpint (score.status, ==, 0);
  g_assert_nonnull (strstr (score.out, "\"winners\""));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* score takes a damaged save game as a refused input, not as JSON. */
static void
test_cli_score_damaged (void)
{
  g_autofree char *bad = data_path ("bad-position-disagrees.arboretum");
  g_auto (Run) run = run_cli ("score", bad, NULL);

  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "disagrees"));
}

/* The part of review's output from the first step on: the same review
 * gives the same text, however it was got. */
static const char *
review_steps (const char *out)
{
  const char *first = strstr (out, "\n   1. ");
  g_assert_nonnull (first);
  return first;
}

/* review prints every step and a summary, the same for the same seed;
 * --write stores it, and the stored review is shown again as it is. */
static void
test_cli_review (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.arboretum", NULL);
  g_auto (Run) play = run_cli ("play", "--players", "2", "--seed", "4", "--ai", "medium,random",
                               "--names", "Ann,Bob", "--save", path, NULL);
  g_auto (Run) first = run_cli ("review", path, "--samples", "100", "--hard-playouts", "200", NULL);
  g_auto (Run) json = run_cli ("review", "--json", path, "--samples", "100", "--hard-playouts", "200",
                               NULL);
  g_auto (Run) write = run_cli ("review", path, "--samples", "100", "--hard-playouts", "200",
                                "--write", NULL);
  g_auto (Run) stored = run_cli ("review", path, NULL);
  g_auto (Run) other_seed = run_cli ("review", path, "--samples", "100", "--hard-playouts", "200",
                                     "--seed", "2", NULL);
  g_auto (Run) stripped = { 0 };
  g_autofree char *removed = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbReview) review = NULL;

  g_assert_cmpint (play.status, ==, 0);
  g_assert_cmpint (first.status, ==, 0);
  /* In a player's words: no coordinates, no "±", the computer's choice. */
  g_assert_nonnull (strstr (first.out, "   1. Ann drew "));
  g_assert_nonnull (strstr (first.out, "the computer’s choice: "));
  g_assert_nonnull (strstr (first.out, " lost"));
  g_assert_nonnull (strstr (first.out, " planted "));
  g_assert_null (strstr (first.out, " at ("));
  g_assert_null (strstr (first.out, "±"));
  g_assert_nonnull (strstr (first.out, "Inaccuracy: at least about 1 point lost;"));
  g_assert_nonnull (strstr (first.out, "Per player:"));
  g_assert_nonnull (strstr (first.out, "  Bob: "));

  g_assert_cmpint (json.status, ==, 0);
  g_assert_true (g_str_has_prefix (json.out, "{\"file\":"));
  g_assert_nonnull (strstr (json.out, "\"steps\":[{\"step\":1,\"player\":0,\"move\":{\"kind\":\"draw\""));
  g_assert_nonnull (strstr (json.out, "\"mark\":\"none\""));
  g_assert_nonnull (strstr (json.out, "\"stored\":false"));

  g_assert_cmpint (write.status, ==, 0);
  g_assert_cmpstr (review_steps (write.out), ==, review_steps (first.out));
  game = arb_save_read_file (file, &review, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (review);
  g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_game_get_n_steps (game));

  g_assert_cmpint (stored.status, ==, 0);
  g_assert_nonnull (strstr (stored.out, "The review stored in the file."));
  g_assert_cmpstr (review_steps (stored.out), ==, review_steps (first.out));
  g_assert_cmpint (other_seed.status, ==, 0);
  g_assert_null (strstr (other_seed.out, "stored"));
  g_assert_cmpstr (review_steps (other_seed.out), !=, review_steps (first.out));

  /* --remove gives back a file that older versions read. */
  stripped = run_cli ("review", "--remove", path, NULL);
  g_assert_cmpint (stripped.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &removed, NULL, NULL));
  g_assert_nonnull (strstr (removed, "<arboretum-save format=\"1\""));
  g_assert_null (strstr (removed, "<review"));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Options out of range and damaged files are refused inputs (status 2). */
static void
test_cli_review_refused (void)
{
  g_autofree char *good = data_path ("good-standard-2p-review.arboretum");
  g_autofree char *bad = data_path ("bad-review-mark.arboretum");
  g_auto (Run) samples = run_cli ("review", good, "--samples", "0", NULL);
  g_auto (Run) seed = run_cli ("review", good, "--seed", "-1", NULL);
  g_auto (Run) damaged = run_cli ("review", bad, NULL);
  g_auto (Run) none = run_cli ("review", NULL);

  g_assert_cmpint (samples.status, ==, 2);
  g_assert_nonnull (strstr (samples.err, "--samples"));
  g_assert_cmpint (seed.status, ==, 2);
  g_assert_nonnull (strstr (seed.err, "seed"));
  g_assert_cmpint (damaged.status, ==, 2);
  g_assert_nonnull (strstr (damaged.err, "the review of step 6 is damaged"));
  g_assert_cmpint (none.status, ==, 2);
}

/* Every command that reads a save (validate, show, score, review) reaches
 * the same verdict on it: score
 * refused a good save padded past 256 KiB (its limit for JSON positions)
 * and a good save in EBCDIC (which it took for JSON), both of which
 * validate accepted. A save in EBCDIC is now refused by all alike, as
 * not UTF-8: in EBCDIC the loader's scan of the bytes sees no tag, and
 * a hostile file went past its guard (issue 32). */
static void
test_cli_same_verdict (void)
{
  g_autofree char *path = data_path ("good-standard-2p.arboretum");
  g_autofree char *good = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-cli-save-XXXXXX", NULL);
  g_autofree char *padded_path = g_build_filename (dir, "padded.arboretum", NULL);
  g_autofree char *ebcdic_path = g_build_filename (dir, "ebcdic.arboretum", NULL);
  g_autoptr (GString) padded = NULL;
  g_autoptr (GString) declared = NULL;
  g_autofree char *ebcdic = NULL;
  g_autoptr (GError) error = NULL;
  const char *files[] = { padded_path, ebcdic_path };
  const int verdicts[] = { 0, 2 };
  const char *commands[] = { "validate", "show", "score" };
  gsize length, ebcdic_length;

  g_assert_true (g_file_get_contents (path, &good, &length, &error));
  g_assert_no_error (error);

  padded = g_string_new_len (good, (gssize) length);
  while (padded->len <= 300 * 1024)
    g_string_append (padded, "<!-- padding, as an editor may leave -->\n      \n");
  g_assert_true (g_file_set_contents (padded_path, padded->str, (gssize) padded->len, &error));
  g_assert_no_error (error);

  declared = g_string_new_len (good, (gssize) length);
  g_assert_cmpint (g_string_replace (declared, "encoding=\"UTF-8\"", "encoding=\"IBM037\"", 1), ==, 1);
  ebcdic = g_convert (declared->str, (gssize) declared->len, "IBM037", "UTF-8", NULL,
                      &ebcdic_length, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (ebcdic_path, ebcdic, (gssize) ebcdic_length, &error));
  g_assert_no_error (error);

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      /* review reads the save the same way; few deals keep it quick. */
      g_auto (Run) reviewed = run_cli ("review", "--samples=2", "--hard-playouts=10", files[f], NULL);

      if (reviewed.status != 0)
        g_test_message ("review %s: %s", files[f], reviewed.err);
      g_assert_cmpint (reviewed.status, ==, verdicts[f]);
      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_auto (Run) run = run_cli (commands[c], files[f], NULL);

          if (run.status != 0)
            g_test_message ("%s %s: %s", commands[c], files[f], run.err);
          g_assert_cmpint (run.status, ==, verdicts[f]);
          if (verdicts[f] != 0)
            g_assert_nonnull (strstr (run.err, "not in UTF-8"));
        }
    }

  g_assert_cmpint (g_remove (padded_path), ==, 0);
  g_assert_cmpint (g_remove (ebcdic_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* show --rights: who would score each species, as one seat knows it;
 * at the end, every hand open, every claim certain and the points those
 * of the score. */
static void
test_cli_show_rights (void)
{
  g_autofree char *unfinished = data_path ("good-classic-3p-unfinished.arboretum");
  g_autofree char *finished = data_path ("good-standard-2p.arboretum");
  g_auto (Run) bob = run_cli ("show", unfinished, "--rights", "--step", "30", "--seat", "2", NULL);
  g_auto (Run) end = run_cli ("show", finished, "--rights", NULL);
  g_auto (Run) bad_seat = run_cli ("show", finished, "--rights", "--seat", "3", NULL);

  g_assert_cmpint (bob.status, ==, 0);
  g_assert_nonnull (strstr (bob.out, "Rights to score as Bob knows them"));
  g_assert_nonnull (strstr (bob.out, "Cards unseen: 43; hidden in hands: Ann 6, Cleo 5"));
  g_assert_nonnull (strstr (bob.out, "Dogwood: You cannot score it: certain"));
  g_assert_nonnull (strstr (bob.out, "your 8 counts 0 if another hand holds the 1"));
  g_assert_nonnull (strstr (bob.out, ": likely"));
  g_assert_null (strstr (bob.out, "Hand:"));

  g_assert_cmpint (end.status, ==, 0);
  g_assert_nonnull (strstr (end.out, "Cards unseen: 0, none in a hand"));
  g_assert_null (strstr (end.out, ": likely"));
  g_assert_null (strstr (end.out, "is open"));
  g_assert_nonnull (strstr (end.out, "Your points if the game ended now: 4 for certain, 4 with"));

  g_assert_cmpint (bad_seat.status, ==, 2);
  g_assert_nonnull (strstr (bad_seat.err, "give --seat from 1 to 2"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-save/validate", test_cli_validate);
  g_test_add_func ("/cli-save/play-save", test_cli_play_save);
  g_test_add_func ("/cli-save/score-damaged", test_cli_score_damaged);
  g_test_add_func ("/cli-save/same-verdict", test_cli_same_verdict);
  g_test_add_func ("/cli-save/show-rights", test_cli_show_rights);
  g_test_add_func ("/cli-save/review", test_cli_review);
  g_test_add_func ("/cli-save/review-refused", test_cli_review_refused);
  return g_test_run ();
}
