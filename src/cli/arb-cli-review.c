/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-review.c: arboretum-cli review FILE [--json] [--seed N]
 *   [--samples N] [--hard-playouts N] [--ai hard|expert] [--write | --remove]
 *
 * Reviews every step of a save game (arb-review.h): for each, the move
 * made, what hard (or expert) would have done from that seat's knowledge,
 * why in a few words, the expected points of final margin lost by the move
 * made, with their standard error, and the mark. A review stored in the file is shown as it is, unless the
 * options ask for another one; --write stores the review in the file, and
 * --remove takes it out again (the file goes back to format 1, which older
 * versions read).
 * And the benchmark of bench: the time to review a whole 2-player game.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "arb-cli.h"
#include "arb-cli-review.h"
#include "arb-cli-save.h"
#include "arb-engine.h"
#include "arb-save.h"

#define TARGET_REVIEW_SECONDS 30.0
/* An option not given. */
#define UNSET G_MININT

typedef struct {
  gboolean json;
  gboolean write;
  gboolean remove;
  char    *seed;
  int      samples;
  int      hard_playouts;
  char    *ai;
} ReviewOptions;

static void
review_options_clear (ReviewOptions *options)
{
  g_free (options->seed);
  g_free (options->ai);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ReviewOptions, review_options_clear)

static const char *
player_name (ArbGame *game, guint player)
{
  if (player < arb_game_get_n_seats (game))
    return arb_player_get_name (arb_game_get_player (game, player));
  return "Q";
}

static char *
format_points (gint32 centi)
{
  return g_strdup_printf ("%.2f", centi / 100.0);
}

typedef struct {
  gint64 loss;                        /* hundredths */
  guint  marks[ARB_REVIEW_N_MARKS];
  guint  decisions;
} PlayerTotals;

static void
sum_players (ArbGame *game, ArbReview *review, PlayerTotals *totals)
{
  memset (totals, 0, ARB_MAX_PLAYERS * sizeof *totals);
  for (guint i = 0; i < arb_review_get_n_steps (review); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, i);
      PlayerTotals *t = &totals[arb_game_get_step (game, i)->player];

      t->loss += entry->loss;
      t->marks[entry->mark]++;
      t->decisions++;
    }
}

/* Why the computer's choice was better than step i, from what its seat
 * knew then. */
static char *
explain_step (ArbGame *game, const ArbState *before, guint i, const ArbMove *best)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  const ArbStep *step = arb_game_get_step (game, i);

  arb_projection_init_from_steps (view, before, arb_game_get_step (game, 0), i, step->player);
  return arb_review_explain (view, &step->move, best);
}

static void
print_text (const char *file, ArbGame *game, ArbReview *review, gboolean stored, double seconds)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *seed = NULL;
  PlayerTotals totals[ARB_MAX_PLAYERS];
  ArbReviewParams params;
  g_autoptr (ArbReplay) replay = NULL;

  arb_review_get_params (review, &params);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, params.seed);
  /* Translators: the file, the rules, the steps, the computer level
   * ("Hard"), the deals and the seed. */
  g_string_append_printf (out, _("Review of %s (%s, %u steps): %s from each seat’s knowledge, "
                                 "%u deals a move, seed %s\n"),
                          file, arb_variant_name (arb_game_get_variant (game)),
                          arb_game_get_n_steps (game), arb_ai_level_name (params.level),
                          params.samples, seed);
  if (stored)
    g_string_append_printf (out, "%s\n", _("The review stored in the file."));
  else
    g_string_append_printf (out, _("Reviewed in %.1f s.\n"), seconds);
  g_string_append_printf (out, "%s\n%s\n\n",
                          _("Points lost: how many more points of final margin the computer’s "
                            "choice was expected to keep (--json gives them to the hundredth, with "
                            "their standard error). Expected: the final margin the player could "
                            "expect after the move made."),
                          arb_review_marks_legend ());

  replay = arb_replay_new (game);
  for (guint i = 0; i < arb_review_get_n_steps (review); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, i);
      const ArbStep *step = arb_game_get_step (game, i);
      const ArbState *before;
      g_autofree char *made = NULL;

      arb_replay_seek (replay, i);
      before = arb_replay_get_state (replay);
      made = arb_game_describe_step_in_words (game, before, step);
      g_string_append_printf (out, "%4u. %s — ", i + 1, made);
      if (arb_review_same_move (&entry->best, &step->move))
        g_string_append (out, _("the computer agrees"));
      else
        {
          g_autofree char *best = arb_game_describe_choice (game, before, step->player, &entry->best);
          g_autofree char *loss = arb_review_describe_loss (entry->loss);
          g_autofree char *why = explain_step (game, before, i, &entry->best);

          /* Translators: the computer's choice ("draw from the deck"), why
           * it was better ("keeps the right to score Oak: you hold Oak 8"),
           * then the points lost ("about 2 points"). */
          g_string_append_printf (out, _("the computer’s choice: %s, which %s; %s lost"),
                                  best, why, loss);
          if (entry->mark != ARB_REVIEW_MARK_NONE)
            g_string_append_printf (out, " — %s", arb_review_mark_name (entry->mark));
        }
      if (entry->has_expected)
        {
          g_autofree char *expected = format_points (entry->expected);
          /* Translators: the final margin the player could expect after the move. */
          g_string_append_printf (out, _(" (expected %s)"), expected);
        }
      g_string_append_c (out, '\n');
    }

  sum_players (game, review, totals);
  g_string_append_printf (out, "\n%s\n", _("Per player:"));
  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    {
      g_autofree char *loss = format_points ((gint32) CLAMP (totals[p].loss, G_MININT32, G_MAXINT32));

      g_string_append (out, "  ");
      /* Translators: a player's name, the points lost, the number of
       * decisions, then how many of them were marked. */
      g_string_append_printf (out, ngettext ("%s: %s points lost in %u decision; "
                                             "inaccuracies: %u, mistakes: %u, blunders: %u",
                                             "%s: %s points lost in %u decisions; "
                                             "inaccuracies: %u, mistakes: %u, blunders: %u",
                                             totals[p].decisions),
                              player_name (game, p), loss, totals[p].decisions,
                              totals[p].marks[ARB_REVIEW_MARK_INACCURACY],
                              totals[p].marks[ARB_REVIEW_MARK_MISTAKE],
                              totals[p].marks[ARB_REVIEW_MARK_BLUNDER]);
      g_string_append_c (out, '\n');
    }
  arb_cli_print_text (out->str);
}

static void
add_move (JsonBuilder *b, const ArbMove *m, ArbVariant variant)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, arb_move_kind_id (m->kind));
  if (m->kind == ARB_MOVE_DRAW)
    {
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, m->source == ARB_SOURCE_DECK ? "deck" : "discard-pile");
      if (m->source != ARB_SOURCE_DECK)
        {
          json_builder_set_member_name (b, "pile");
          json_builder_add_int_value (b, m->source);
        }
    }
  if (arb_card_is_valid (m->card))
    {
      json_builder_set_member_name (b, "species");
      json_builder_add_string_value (b, arb_species_id (arb_card_species (m->card)));
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, arb_card_value (m->card));
    }
  /* The place of a card planted: a play, or a discard into Q's arboretum. */
  if (m->kind == ARB_MOVE_PLAY || (m->kind == ARB_MOVE_DISCARD && arb_rules_has_automaton (variant)))
    {
      json_builder_set_member_name (b, "x");
      json_builder_add_int_value (b, m->x);
      json_builder_set_member_name (b, "y");
      json_builder_add_int_value (b, m->y);
    }
  json_builder_end_object (b);
}

static void
print_json (const char *file, ArbGame *game, ArbReview *review, gboolean stored, double seconds)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  ArbVariant variant = arb_game_get_variant (game);
  PlayerTotals totals[ARB_MAX_PLAYERS];
  ArbReviewParams params;

  arb_review_get_params (review, &params);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, file);
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, arb_variant_id (variant));
  /* Seeds above 2^53 would lose digits as a JSON number. */
  json_builder_set_member_name (b, "seed");
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, params.seed);
    json_builder_add_string_value (b, seed);
  }
  json_builder_set_member_name (b, "samples");
  json_builder_add_int_value (b, params.samples);
  json_builder_set_member_name (b, "hard_playouts");
  json_builder_add_int_value (b, params.hard_playouts);
  json_builder_set_member_name (b, "ai");
  json_builder_add_string_value (b, arb_ai_level_id (params.level));
  json_builder_set_member_name (b, "stored");
  json_builder_add_boolean_value (b, stored);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, stored ? 0.0 : seconds);

  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < arb_review_get_n_steps (review); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, i);
      const ArbStep *step = arb_game_get_step (game, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "step");
      json_builder_add_int_value (b, i + 1);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, step->player);
      json_builder_set_member_name (b, "move");
      add_move (b, &step->move, variant);
      json_builder_set_member_name (b, "hard");
      add_move (b, &entry->best, variant);
      json_builder_set_member_name (b, "same");
      json_builder_add_boolean_value (b, arb_review_same_move (&entry->best, &step->move));
      json_builder_set_member_name (b, "loss");
      json_builder_add_double_value (b, entry->loss / 100.0);
      json_builder_set_member_name (b, "error");
      json_builder_add_double_value (b, entry->error / 100.0);
      json_builder_set_member_name (b, "mark");
      json_builder_add_string_value (b, arb_review_mark_id (entry->mark));
      if (entry->has_expected)
        {
          json_builder_set_member_name (b, "expected");
          json_builder_add_double_value (b, entry->expected / 100.0);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  sum_players (game, review, totals);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, player_name (game, p));
      json_builder_set_member_name (b, "decisions");
      json_builder_add_int_value (b, totals[p].decisions);
      json_builder_set_member_name (b, "loss");
      json_builder_add_double_value (b, totals[p].loss / 100.0);
      for (guint m = ARB_REVIEW_MARK_INACCURACY; m < ARB_REVIEW_N_MARKS; m++)
        {
          json_builder_set_member_name (b, arb_review_mark_id ((ArbReviewMark) m));
          json_builder_add_int_value (b, totals[p].marks[m]);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

/* On a terminal, how far the review is. */
static void
show_progress (guint done, guint total, gpointer user_data)
{
  g_printerr ("\r%s", "");
  g_printerr (_("Reviewing step %u of %u…"), done, total);
  if (done == total)
    g_printerr ("\r\033[K");
}

static gboolean
parse_params (const ReviewOptions *options, ArbReviewParams *params)
{
  guint64 seed = 1;

  if (options->seed != NULL
      && !g_ascii_string_to_unsigned (options->seed, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      arb_cli_printerr (_("The seed must be a whole number from 0 to %s, not “%s”"),
                        "18446744073709551615", options->seed);
      return FALSE;
    }
  arb_review_params_init (params, seed);
  if (options->samples != UNSET)
    {
      if (options->samples < 1 || options->samples > ARB_REVIEW_MAX_SAMPLES)
        {
          arb_cli_printerr (_("--samples must be from 1 to %u"), ARB_REVIEW_MAX_SAMPLES);
          return FALSE;
        }
      params->samples = (guint) options->samples;
    }
  if (options->hard_playouts != UNSET)
    {
      if (options->hard_playouts < 1 || options->hard_playouts > ARB_REVIEW_MAX_HARD_PLAYOUTS)
        {
          arb_cli_printerr (_("--hard-playouts must be from 1 to %u"), ARB_REVIEW_MAX_HARD_PLAYOUTS);
          return FALSE;
        }
      params->hard_playouts = (guint) options->hard_playouts;
    }
  if (options->ai != NULL
      && (!arb_ai_level_from_id (options->ai, &params->level)
          || (params->level != ARB_AI_HARD && params->level != ARB_AI_EXPERT)))
    {
      arb_cli_printerr (_("--ai must be hard or expert"));
      return FALSE;
    }
  return TRUE;
}

int
arb_cli_review (int argc, char **argv)
{
  g_auto (ReviewOptions) options = { .samples = UNSET, .hard_playouts = UNSET };
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &options.json, N_("Print the review as JSON"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &options.seed,
      N_("Seed of the deals and of hard’s search (default 1)"), N_("N") },
    { "samples", 0, 0, G_OPTION_ARG_INT, &options.samples,
      N_("Deals on which both moves are played out (default 1000)"), N_("N") },
    { "hard-playouts", 0, 0, G_OPTION_ARG_INT, &options.hard_playouts,
      N_("Playouts of hard’s search for each move (default 2000)"), N_("N") },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &options.ai,
      N_("The computer the moves are weighed against: hard (default) or expert"), N_("LEVEL") },
    { "write", 0, 0, G_OPTION_ARG_NONE, &options.write,
      N_("Store the review in the save game"), NULL },
    { "remove", 0, 0, G_OPTION_ARG_NONE, &options.remove,
      N_("Remove a stored review from the save game, for older versions of Arboretum"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbReview) review = NULL;
  g_autoptr (GFile) file = NULL;
  ArbReviewParams params;
  gboolean stored = FALSE;
  double seconds = 0.0;
  int status;

  g_option_context_set_summary (context,
    _("Reviews every step of a save game: what hard would have done from that\n"
      "player’s knowledge alone, and the points of final margin the move made\n"
      "is expected to lose against it, played out on many deals of the cards\n"
      "the player could not see. Marks inaccuracies, mistakes and blunders."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (argc != 2)
    {
      arb_cli_printerr (_("Give one save game file"));
      return ARB_CLI_EXIT_INVALID;
    }
  if (!parse_params (&options, &params))
    return ARB_CLI_EXIT_INVALID;

  if (options.write && options.remove)
    {
      arb_cli_printerr (_("Give --write or --remove, not both"));
      return ARB_CLI_EXIT_INVALID;
    }

  file = g_file_new_for_commandline_arg (argv[1]);
  game = arb_save_read_file (file, &review, NULL, &error);
  if (game == NULL)
    {
      arb_cli_printerr ("%s: %s", argv[1], error->message);
      return ARB_CLI_EXIT_INVALID;
    }
  if (options.remove)
    {
      if (review == NULL)
        {
          g_print (_("%s has no review\n"), argv[1]);
          return ARB_CLI_EXIT_OK;
        }
      if (!arb_cli_save_write (game, NULL, argv[1]))
        return ARB_CLI_EXIT_FAILURE;
      g_print (_("The review was removed from %s\n"), argv[1]);
      return ARB_CLI_EXIT_OK;
    }

  /* The stored review answers unless other parameters are asked for, or
   * the game went on after it. */
  if (review != NULL)
    {
      ArbReviewParams old;
      arb_review_get_params (review, &old);
      stored = arb_review_get_n_steps (review) == arb_game_get_n_steps (game)
               && (options.seed == NULL || old.seed == params.seed)
               && (options.samples == UNSET || old.samples == params.samples)
               && (options.hard_playouts == UNSET || old.hard_playouts == params.hard_playouts)
               && (options.ai == NULL || old.level == params.level);
      if (!stored)
        g_clear_object (&review);
    }
  if (review == NULL)
    {
      gint64 start = g_get_monotonic_time ();
      gboolean tty = isatty (fileno (stderr));

      review = arb_review_run (game, &params, NULL, tty ? show_progress : NULL, NULL, &error);
      if (review == NULL)
        {
          arb_cli_printerr ("%s: %s", argv[1], error->message);
          return ARB_CLI_EXIT_FAILURE;
        }
      seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
    }

  if (options.json)
    print_json (argv[1], game, review, stored, seconds);
  else
    print_text (argv[1], game, review, stored, seconds);

  if (options.write && !stored)
    {
      if (!arb_cli_save_write (game, review, argv[1]))
        return ARB_CLI_EXIT_FAILURE;
    }
  return ARB_CLI_EXIT_OK;
}

/* bench: the time to review a whole 2-player game */



/* One review with the default parameters, in the columns of bench. */
gboolean
arb_cli_review_bench (void)
{
  g_autoptr (GError) error = NULL;
  /* Random moves are the slowest to review: nearly every one differs
   * from hard's and is played out. */
  g_autoptr (ArbGame) game = arb_cli_random_game (2, 2018, &error);
  g_autoptr (ArbReview) review = NULL;
  ArbReviewParams params;
  gint64 wall_start;
  double cpu_start, cpu, wall;

  if (game == NULL)
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  arb_review_params_init (&params, 1);
  wall_start = g_get_monotonic_time ();
  cpu_start = arb_cli_cpu_seconds ();
  review = arb_review_run (game, &params, NULL, NULL, NULL, &error);
  if (review == NULL)
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  cpu = arb_cli_cpu_seconds () - cpu_start;
  wall = (double) (g_get_monotonic_time () - wall_start) / G_USEC_PER_SEC;
  g_print ("%-40s %12.2f %12.2f  %s\n", _("Seconds to review a 2-player game"),
           cpu, wall, cpu < TARGET_REVIEW_SECONDS ? _("target met") : _("below target"));
  return TRUE;
}
