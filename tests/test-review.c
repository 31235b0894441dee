/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-review.c: the review of a game: a deliberate blunder is marked one,
 * hard against itself makes none, a seat's analysis never depends on the
 * cards it could not see, reviews are saved and read back, a damaged one
 * is refused, and the review runs in a worker thread. */
#include "config.h"

#include <string.h>

#include "arb-engine.h"
#include "arb-projection.h"
#include "arb-review.h"
#include "arb-save.h"
#include "arb-test-redeal.h"

/* Quick parameters for the tests that need no precision. */
static void
quick_params (ArbReviewParams *params, guint64 seed)
{
  arb_review_params_init (params, seed);
  params->samples = 200;
  params->hard_playouts = 300;
}

static GPtrArray *
computer_players (guint n, const ArbAiLevel *levels)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Seat %u", i + 1);
      g_ptr_array_add (players, arb_player_new (name, ARB_PLAYER_COMPUTER,
                                                arb_ai_level_id (levels[i])));
    }
  return players;
}

/* One decision of the seat whose turn it is, from its view, applied. */
static void
computer_step (ArbGame *game, ArbAiLevel level, guint playouts, guint64 seed)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GError) error = NULL;
  ArbAiParams params;
  ArbMove move;

  arb_game_project (game, arb_game_get_current_player (game), view);
  arb_ai_params_init (&params, level, seed);
  params.playouts = playouts;
  g_assert_true (arb_ai_choose_with_view (view, &params, NULL, &move, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (arb_game_apply (game, &move, &error));
  g_assert_no_error (error);
}

/* A game between computer players with a fixed number of playouts for
 * hard, stopped after max_steps steps (0: at its end). */
static ArbGame *
play_game (ArbVariant variant, guint n_seats, const ArbAiLevel *levels, guint32 seed,
           guint playouts, guint max_steps)
{
  g_autoptr (GPtrArray) players = computer_players (n_seats, levels);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new (variant, players, seed, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; !arb_game_is_finished (game) && (max_steps == 0 || i < max_steps); i++)
    computer_step (game, levels[arb_game_get_current_player (game)], playouts, seed * 1000 + i);
  return game;
}

static int
margin (const ArbState *state, guint seat)
{
  ArbScoreSheet sheet;
  int best_other = G_MININT;

  arb_state_score (state, &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    if (p != seat)
      best_other = MAX (best_other, (int) sheet.players[p].total);
  return (int) sheet.players[seat].total - best_other;
}

/* The points of the path of species that seat loses the right to score when
 * card leaves its hand at the end of the game; 0 when it keeps the right. */
static guint
right_lost (const ArbState *state, guint seat, ArbCard card)
{
  ArbCardSet hands[ARB_MAX_PLAYERS];
  ArbScoreSheet before, after;
  ArbSpecies species = arb_card_species (card);

  memcpy (hands, state->hands, sizeof hands);
  arb_score_sheet_compute (&before, state->variant, state->species, state->n_players, hands,
                           state->arboreta);
  arb_card_set_remove (&hands[seat], card);
  arb_score_sheet_compute (&after, state->variant, state->species, state->n_players, hands,
                           state->arboreta);
  if (before.players[seat].species[species].right && !after.players[seat].species[species].right)
    return arb_arboretum_best_path (&state->arboreta[seat], species, NULL);
  return 0;
}

/* Hard plays hard up to the last discard of the game, when the deck is
 * empty and every card is in its final place. There the player to move
 * throws away the card that keeps its right to score a path of at least 6
 * points: the path scores nothing, which the review must mark a blunder.
 * With the deck empty the cards the player cannot see are exactly the
 * other hand, so the review's estimate is the exact cost. */
static void
test_blunder (void)
{
  static const ArbAiLevel levels[] = { ARB_AI_HARD, ARB_AI_HARD };
  guint found = 0;

  for (guint32 seed = 1; seed <= 40 && found < 2; seed++)
    {
      g_autoptr (ArbGame) game = play_game (ARB_VARIANT_STANDARD, 2, levels, seed, 300, 0);
      g_autoptr (GPtrArray) players = computer_players (2, levels);
      g_autoptr (ArbGame) blundered = NULL;
      g_autoptr (ArbReview) review = NULL;
      g_autoptr (GError) error = NULL;
      ArbReviewParams params;
      const ArbReviewEntry *entry;
      const ArbState *state;
      ArbCard cards[ARB_N_CARDS], blunder = ARB_CARD_NONE;
      ArbState before, after_blunder, after_best;
      ArbMove move;
      guint n, seat, last, worst = 0;

      /* The same game again, up to its last discard. */
      blundered = arb_game_new_with_deck (ARB_VARIANT_STANDARD, players, seed,
                                          arb_game_get_start_state (game)->species,
                                          arb_game_get_deck (game), &error);
      g_assert_no_error (error);
      last = arb_game_get_n_steps (game) - 1;
      for (guint i = 0; i < last; i++)
        g_assert_true (arb_game_apply_step (blundered, arb_game_get_step (game, i), NULL));
      state = arb_game_get_state (blundered);
      g_assert_cmpint (state->phase, ==, ARB_PHASE_DISCARD);
      g_assert_cmpuint (state->deck.n, ==, 0);

      seat = state->current;
      n = arb_card_set_to_array (&state->hands[seat], cards);
      for (guint i = 0; i < n; i++)
        if (right_lost (state, seat, cards[i]) > worst)
          {
            worst = right_lost (state, seat, cards[i]);
            blunder = cards[i];
          }
      if (worst < 6)
        continue;

      before = *state;
      move = arb_move_discard (blunder, 0, 0);
      g_assert_true (arb_game_apply (blundered, &move, &error));
      g_assert_no_error (error);
      g_assert_true (arb_game_is_finished (blundered));

      arb_review_params_init (&params, seed);
      review = arb_review_run (blundered, &params, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (arb_review_get_n_steps (review), ==, last + 1);
      entry = arb_review_get_entry (review, last);
      g_test_message ("seed %u: the discard of card %u (species %u, value %u) loses the right to a %u-point path: "
                      "%d ± %u hundredths, %s", seed, blunder, arb_card_species (blunder), arb_card_value (blunder), worst, entry->loss, entry->error,
                      arb_review_mark_id (entry->mark));

      g_assert_cmpint (entry->best.kind, ==, ARB_MOVE_DISCARD);
      g_assert_cmpuint (entry->best.card, !=, blunder);
      g_assert_cmpint (entry->mark, ==, ARB_REVIEW_MARK_BLUNDER);
      /* Every deal is the true position: the loss is exact. */
      after_blunder = before;
      after_best = before;
      g_assert_true (arb_state_apply (&after_blunder, &(ArbMove) { .kind = ARB_MOVE_DISCARD, .card = blunder },
                                      NULL, NULL));
      g_assert_true (arb_state_apply (&after_best, &entry->best, NULL, NULL));
      g_assert_cmpint (entry->loss, ==, 100 * (margin (&after_best, seat) - margin (&after_blunder, seat)));
      g_assert_cmpuint (entry->error, ==, 0);
      g_assert_cmpint (entry->loss, >=, 100 * 5);
      found++;
    }
  g_assert_cmpuint (found, ==, 2);
}

/* Hard against hard, its search given fewer playouts in the game than in
 * the review, so that the two disagree now and then: the review may find
 * the game's moves a little worse, never a blunder. */
static void
test_hard_no_blunder (void)
{
  static const ArbAiLevel levels[] = { ARB_AI_HARD, ARB_AI_HARD };
  guint disagreements = 0, steps = 0;

  for (guint32 seed = 500; seed < 503; seed++)
    {
      g_autoptr (ArbGame) game = play_game (ARB_VARIANT_STANDARD, 2, levels, seed, 300, 0);
      g_autoptr (ArbReview) review = NULL;
      g_autoptr (GError) error = NULL;
      ArbReviewParams params;

      arb_review_params_init (&params, seed);
      review = arb_review_run (game, &params, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_game_get_n_steps (game));
      for (guint i = 0; i < arb_review_get_n_steps (review); i++)
        {
          const ArbReviewEntry *entry = arb_review_get_entry (review, i);
          const ArbStep *step = arb_game_get_step (game, i);

          steps++;
          if (arb_review_same_move (&entry->best, &step->move))
            {
              g_assert_cmpint (entry->loss, ==, 0);
              g_assert_cmpuint (entry->error, ==, 0);
              continue;
            }
          disagreements++;
          g_test_message ("seed %u step %u: %d ± %u hundredths, %s", seed, i + 1,
                          entry->loss, entry->error, arb_review_mark_id (entry->mark));
          g_assert_cmpint (entry->mark, !=, ARB_REVIEW_MARK_BLUNDER);
        }
    }
  /* Not a test of nothing: the review played out some moves. */
  g_assert_cmpuint (disagreements, >=, 5);
  g_assert_cmpuint (disagreements, <, steps / 2);
}

/* A copy of game in which the cards seat never saw up to now trade places
 * (shuffled by seed): in the deck as dealt, in the other hands, and in the
 * records of the other players' draws from the deck. Every step of the
 * game stays legal, and seat sees exactly the same game. */
static ArbGame *
redeal_unseen (ArbGame *game, guint seat, guint32 seed)
{
  guint n = arb_game_get_n_steps (game);
  g_autofree ArbStep *steps = g_new (ArbStep, n);
  ArbPile deck;

  arb_test_redeal (game, n, (int) seat, seed, &deck, steps);
  return arb_test_game_from_steps (game, &deck, steps, n);
}

static gboolean
same_entry (const ArbReviewEntry *a, const ArbReviewEntry *b)
{
  return a->best.kind == b->best.kind && a->best.source == b->best.source
         && a->best.card == b->best.card && a->best.x == b->best.x && a->best.y == b->best.y
         && a->loss == b->loss && a->error == b->error && a->mark == b->mark
         && a->has_expected == b->has_expected && a->expected == b->expected;
}

/* The review of a seat's steps is the same whatever the cards it could not
 * see: the other hands and the deck are redealt, consistently with all it
 * saw, and its analysis does not change by a hundredth. The other seats,
 * whose own hands changed, are analysed differently. */
static void
test_no_peeking (void)
{
  static const struct {
    ArbVariant variant;
    guint      seats;
    guint      steps;
    ArbAiLevel levels[3];
  } games[] = {
    { ARB_VARIANT_STANDARD, 2, 44, { ARB_AI_HARD, ARB_AI_MEDIUM } },
    { ARB_VARIANT_CLASSIC, 3, 40, { ARB_AI_MEDIUM, ARB_AI_RANDOM, ARB_AI_HARD } },
    { ARB_VARIANT_SOLO, 1, 30, { ARB_AI_EASY } },
  };
  guint compared = 0, others_differ = 0;

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (ArbGame) game = play_game (games[g].variant, games[g].seats, games[g].levels,
                                            70 + g, 100, games[g].steps);
      ArbReviewParams params;
      g_autoptr (ArbReview) review = NULL;
      g_autoptr (GError) error = NULL;

      g_assert_false (arb_game_is_finished (game));
      quick_params (&params, 3 + g);
      review = arb_review_run (game, &params, NULL, NULL, NULL, &error);
      g_assert_no_error (error);

      for (guint seat = 0; seat < games[g].seats; seat++)
        {
          g_autoptr (ArbGame) redealt = redeal_unseen (game, seat, 4242 + seat);
          g_autoptr (ArbReview) again = NULL;
          const ArbState *a = arb_game_get_state (game), *b = arb_game_get_state (redealt);
          gboolean hidden_differ = memcmp (&a->deck, &b->deck, sizeof a->deck) != 0;

          for (guint p = 0; p < a->n_players; p++)
            hidden_differ |= p != seat && memcmp (&a->hands[p], &b->hands[p], sizeof a->hands[p]) != 0;
          g_assert_true (hidden_differ);
          g_assert_cmpmem (&a->hands[seat], sizeof a->hands[seat], &b->hands[seat], sizeof b->hands[seat]);

          again = arb_review_run (redealt, &params, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (arb_review_get_n_steps (again), ==, arb_review_get_n_steps (review));
          for (guint i = 0; i < arb_review_get_n_steps (review); i++)
            {
              gboolean same = same_entry (arb_review_get_entry (review, i),
                                          arb_review_get_entry (again, i));
              if (arb_game_get_step (game, i)->player == seat)
                {
                  g_assert_true (same);
                  compared++;
                }
              else if (!same)
                others_differ++;
            }
        }
    }
  g_assert_cmpuint (compared, >, 80);
  /* What the redeal changed does show in the analysis of the seats that
   * held those cards: a review that peeked would differ for all. */
  g_assert_cmpuint (others_differ, >, 0);
}

/* A review is saved with the game, in format 2, and read back entry for
 * entry; saving the loaded game gives the same bytes. Without a review the
 * file stays in format 1. */
static void
test_save_round_trip (void)
{
  static const struct {
    ArbVariant variant;
    guint      seats;
    guint      steps;
    ArbAiLevel levels[4];
  } games[] = {
    { ARB_VARIANT_STANDARD, 2, 0, { ARB_AI_MEDIUM, ARB_AI_RANDOM } },
    { ARB_VARIANT_CLASSIC, 4, 37, { ARB_AI_EASY, ARB_AI_RANDOM, ARB_AI_MEDIUM, ARB_AI_RANDOM } },
    { ARB_VARIANT_SOLO, 1, 0, { ARB_AI_RANDOM } },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (ArbGame) game = play_game (games[g].variant, games[g].seats, games[g].levels,
                                            90 + g, 100, games[g].steps);
      g_autoptr (ArbReview) review = NULL;
      g_autoptr (GBytes) plain = NULL, bytes = NULL, again = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbReview) read = NULL;
      ArbGame *loaded;
      ArbReviewParams params, read_params;

      plain = arb_save_to_bytes (game, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (g_strstr_len (g_bytes_get_data (plain, NULL), 200, "format=\"1\""));
      loaded = arb_save_load_bytes (plain, &read, &error);
      g_assert_no_error (error);
      g_assert_null (read);
      g_assert_finalize_object (loaded);

      arb_review_params_init (&params, G_MAXUINT64 - g);
      params.samples = 60;
      params.hard_playouts = 100;
      /* The first against expert, whose playouts are dearer. */
      if (g == 0)
        {
          params.level = ARB_AI_EXPERT;
          params.hard_playouts = 8;
        }
      review = arb_review_run (game, &params, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      bytes = arb_save_to_bytes (game, review, &error);
      g_assert_no_error (error);
      g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), 200, "format=\"2\""));

      loaded = arb_save_load_bytes (bytes, &read, &error);
      g_assert_no_error (error);
      g_assert_nonnull (read);
      arb_review_get_params (read, &read_params);
      g_assert_cmpuint (read_params.seed, ==, params.seed);
      g_assert_cmpuint (read_params.samples, ==, params.samples);
      g_assert_cmpuint (read_params.hard_playouts, ==, params.hard_playouts);
      g_assert_cmpint (read_params.level, ==, params.level);
      /* The save's bytes end without a NUL: searched within their length. */
      g_assert_true ((g_strstr_len (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                    "ai=\"expert\"") != NULL)
                     == (params.level == ARB_AI_EXPERT));
      g_assert_cmpuint (arb_review_get_n_steps (read), ==, arb_game_get_n_steps (game));
      for (guint i = 0; i < arb_review_get_n_steps (read); i++)
        g_assert_true (same_entry (arb_review_get_entry (read, i), arb_review_get_entry (review, i)));

      again = arb_save_to_bytes (loaded, read, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (bytes, again));
      g_assert_finalize_object (loaded);
      g_assert_finalize_object (g_steal_pointer (&read));
    }
}

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "saves", name, NULL);
}

/* The good save game with a review loads, review and all. */
static void
test_good_file (void)
{
  g_autofree char *path = data_path ("good-standard-2p-review.arboretum");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbReview) review = NULL;
  g_autoptr (ArbGame) game = arb_save_read_file (file, &review, NULL, &error);
  guint marked = 0;

  g_assert_no_error (error);
  g_assert_nonnull (review);
  g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_game_get_n_steps (game));
  for (guint i = 0; i < arb_review_get_n_steps (review); i++)
    {
      marked += arb_review_get_entry (review, i)->mark != ARB_REVIEW_MARK_NONE;
      /* Written before reviews kept the expected margin: it loads without. */
      g_assert_false (arb_review_get_entry (review, i)->has_expected);
    }
  g_assert_cmpuint (marked, >, 0);
}

/* Each damaged review in tests/data/saves, refused with one clear line. */
static void
test_damaged_files (void)
{
  static const struct { const char *name; ArbSaveError code; const char *says; } cases[] = {
    { "bad-review-mark.arboretum", ARB_SAVE_ERROR_BAD_REVIEW,
      "Line 258: the review of step 6 is damaged: it is marked “blunder”, but a loss of 0.00 ± 0.00 makes it “none”" },
    { "bad-review-order.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "numbered 6" },
    { "bad-review-illegal-move.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "not legal there" },
    { "bad-review-kind.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "must be one <draw>" },
    { "bad-review-loss-range.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "from -999.99 to 999.99, not “1000.00”" },
    { "bad-review-loss-decimals.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "two decimals" },
    { "bad-review-negative-error.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "from 0.00 to 999.99" },
    { "bad-review-too-long.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "more steps than the game’s" },
    { "bad-review-same-move.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "cannot have lost points" },
    { "bad-review-samples.arboretum", ARB_SAVE_ERROR_BAD_REVIEW, "“samples” must be a whole number from 1 to" },
    { "bad-review-expected.arboretum", ARB_SAVE_ERROR_BAD_REVIEW,
      "Line 258: the review of step 6 is damaged: “expected” must be points with two decimals, from -999.99 to 999.99, not “12.5”" },
    { "bad-review-format-1.arboretum", ARB_SAVE_ERROR_INVALID, "does not follow the save game format" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = data_path (cases[i].name);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      ArbGame *game = arb_save_read_file (file, NULL, NULL, &error);

      g_test_message ("%s: %s", cases[i].name, error != NULL ? error->message : "loaded");
      g_assert_null (game);
      g_assert_error (error, ARB_SAVE_ERROR, (int) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].says));
      g_assert_null (strchr (error->message, '\n'));
    }
}

/* The same review, step by step, for the same seed; another seed plays
 * other deals. */
static void
test_deterministic (void)
{
  static const ArbAiLevel levels[] = { ARB_AI_RANDOM, ARB_AI_MEDIUM };
  g_autoptr (ArbGame) game = play_game (ARB_VARIANT_STANDARD, 2, levels, 11, 100, 40);
  g_autoptr (ArbReview) a = NULL, b = NULL, c = NULL;
  ArbReviewParams params;
  guint differ = 0;

  quick_params (&params, 5);
  a = arb_review_run (game, &params, NULL, NULL, NULL, NULL);
  b = arb_review_run (game, &params, NULL, NULL, NULL, NULL);
  params.seed = 6;
  c = arb_review_run (game, &params, NULL, NULL, NULL, NULL);
  for (guint i = 0; i < arb_review_get_n_steps (a); i++)
    {
      /* Every step has the seat's expected margin after the move made. */
      g_assert_true (arb_review_get_entry (a, i)->has_expected);
      g_assert_cmpint (ABS (arb_review_get_entry (a, i)->expected), <, 10000);
      g_assert_true (same_entry (arb_review_get_entry (a, i), arb_review_get_entry (b, i)));
      differ += !same_entry (arb_review_get_entry (a, i), arb_review_get_entry (c, i));
    }
  g_assert_cmpuint (differ, >, 0);
}

typedef struct {
  GMainLoop *loop;
  ArbReview *review;
  GError    *error;
  guint      calls;
  guint      last_done;
  guint      total;
  gboolean   finished;
} AsyncData;

static void
on_progress (guint done, guint total, gpointer user_data)
{
  AsyncData *data = user_data;

  g_assert_false (data->finished);
  g_assert_cmpuint (done, >, data->last_done);
  g_assert_cmpuint (done, <=, total);
  data->calls++;
  data->last_done = done;
  data->total = total;
}

static void
on_reviewed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncData *data = user_data;

  data->review = arb_review_run_finish (result, &data->error);
  data->finished = TRUE;
  g_main_loop_quit (data->loop);
}

/* In a worker thread, with news of its progress in the caller's main
 * context, and the same review as a blocking run; the game may go on
 * meanwhile. Cancelled, it stops with G_IO_ERROR_CANCELLED. */
static void
test_async (void)
{
  static const ArbAiLevel levels[] = { ARB_AI_EASY, ARB_AI_HARD };
  g_autoptr (ArbGame) game = play_game (ARB_VARIANT_STANDARD, 2, levels, 12, 100, 30);
  g_autoptr (ArbReview) blocking = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AsyncData data = { 0 };
  ArbReviewParams params;
  guint n_steps = arb_game_get_n_steps (game);

  quick_params (&params, 8);
  blocking = arb_review_run (game, &params, NULL, NULL, NULL, NULL);
  data.loop = g_main_loop_new (NULL, FALSE);
  arb_review_run_async (game, &params, NULL, on_progress, &data, on_reviewed, &data);
  /* The review works on the steps as they were when it started. */
  computer_step (game, levels[arb_game_get_current_player (game)], 100, 1);
  g_main_loop_run (data.loop);
  g_assert_no_error (data.error);
  g_assert_nonnull (data.review);
  g_assert_cmpuint (data.calls, >, 0);
  g_assert_cmpuint (data.total, ==, n_steps);
  g_assert_cmpuint (arb_review_get_n_steps (data.review), ==, n_steps);
  for (guint i = 0; i < n_steps; i++)
    g_assert_true (same_entry (arb_review_get_entry (data.review, i),
                               arb_review_get_entry (blocking, i)));
  g_clear_object (&data.review);

  data.finished = FALSE;
  data.last_done = 0;
  arb_review_run_async (game, &params, cancellable, NULL, NULL, on_reviewed, &data);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (data.loop);
  g_assert_null (data.review);
  g_assert_error (data.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&data.error);
  g_main_loop_unref (data.loop);
}

/* A move that is not the seat's to make is refused, not reviewed. */
static void
test_illegal_move (void)
{
  static const ArbAiLevel levels[] = { ARB_AI_MEDIUM, ARB_AI_MEDIUM };
  g_autoptr (ArbGame) game = play_game (ARB_VARIANT_STANDARD, 2, levels, 13, 100, 2);
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GError) error = NULL;
  ArbReviewParams params;
  ArbReviewEntry entry;
  ArbMove move = arb_move_discard (0, 0, 0);

  quick_params (&params, 1);
  arb_game_project (game, arb_game_get_current_player (game), view);
  g_assert_false (arb_review_analyse (view, &move, &params, 2, NULL, &entry, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION);
}

/* The review says why the computer's move was better: discarding an 8 of
 * a species with a path, whose right the seat would hold, against keeping
 * it and discarding a low card of another species, is explained by the
 * right kept and the card that keeps it. The same move needs no words. */
static void
test_explain_right (void)
{
  static const ArbAiLevel levels[] = { ARB_AI_MEDIUM, ARB_AI_MEDIUM };
  guint explained = 0;

  for (guint g = 0; g < 12 && explained == 0; g++)
    {
      g_autoptr (ArbGame) game = play_game (ARB_VARIANT_STANDARD, 2, levels, 400 + g, 0, 0);
      g_autoptr (ArbReplay) replay = arb_replay_new (game);

      for (guint i = 0; i < arb_game_get_n_steps (game); i++)
        {
          g_autofree ArbProjection *view = g_new (ArbProjection, 1);
          const ArbStep *step = arb_game_get_step (game, i);
          const ArbState *before;
          ArbCard cards[ARB_N_CARDS];
          ArbCard eight = ARB_CARD_NONE, low = ARB_CARD_NONE;

          if (step->move.kind != ARB_MOVE_DISCARD)
            continue;
          arb_replay_seek (replay, i);
          before = arb_replay_get_state (replay);
          arb_projection_init_from_steps (view, before, arb_game_get_step (game, 0), i, step->player);
          guint n = arb_card_set_to_array (&view->state.hands[step->player], cards);
          ArbSpeciesMask planted = arb_arboretum_species (&view->state.arboreta[step->player]);
          for (guint c = 0; c < n; c++)
            if (arb_card_value (cards[c]) == ARB_N_VALUES && (planted & (1u << arb_card_species (cards[c]))))
              eight = cards[c];
          for (guint c = 0; c < n; c++)
            if (eight != ARB_CARD_NONE && arb_card_value (cards[c]) <= 3
                && arb_card_species (cards[c]) != arb_card_species (eight))
              low = cards[c];
          if (low == ARB_CARD_NONE)
            continue;

          ArbMove made = arb_move_discard (eight, 0, 0), best = arb_move_discard (low, 0, 0);
          g_autofree char *why = arb_review_explain (view, &made, &best);
          g_autofree char *name = arb_card_to_string (eight);
          g_assert_nonnull (why);
          g_assert_null (arb_review_explain (view, &made, &made));
          if (g_str_has_prefix (why, "keeps the right to score"))
            {
              g_assert_nonnull (strstr (why, name));
              explained++;
            }
        }
    }
  g_assert_cmpuint (explained, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/blunder", test_blunder);
  g_test_add_func ("/review/hard-no-blunder", test_hard_no_blunder);
  g_test_add_func ("/review/no-peeking", test_no_peeking);
  g_test_add_func ("/review/save-round-trip", test_save_round_trip);
  g_test_add_func ("/review/good-file", test_good_file);
  g_test_add_func ("/review/damaged-files", test_damaged_files);
  g_test_add_func ("/review/deterministic", test_deterministic);
  g_test_add_func ("/review/async", test_async);
  g_test_add_func ("/review/illegal-move", test_illegal_move);
  g_test_add_func ("/review/explain-right", test_explain_right);
  return g_test_run ();
}
