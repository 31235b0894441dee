/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-play.c: arboretum-cli play
 *
 * Plays a whole game through ArbGame, the model the window uses, with a
 * computer player in every seat, and prints the scoring. The seed decides
 * the deal and every choice of the computers, so a seed replays a game.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-cli.h"
#include "arb-cli-position.h"
#include "arb-cli-report.h"
#include "arb-cli-save.h"

/* --players was not given: 2, or 1 in solo. */
#define PLAYERS_UNSET G_MININT

typedef struct {
  char     *variant;
  int       players;
  char     *seed;
  char     *ai;
  char     *names;
  gboolean  json;
  char     *save;
  int       time_ms;
  int       playouts;
} PlayOptions;

typedef struct {
  ArbVariant variant;
  guint      n_seats;
  guint32    seed;
  ArbAiLevel levels[ARB_MAX_PLAYERS];
  char      *names[ARB_MAX_PLAYERS + 1]; /* the seats' names, then Q's in solo */
  guint      time_ms;
  guint      playouts;
} PlaySetup;

static void
play_options_clear (PlayOptions *options)
{
  g_free (options->variant);
  g_free (options->seed);
  g_free (options->ai);
  g_free (options->names);
  g_free (options->save);
}

static void
play_setup_clear (PlaySetup *setup)
{
  for (guint i = 0; i < G_N_ELEMENTS (setup->names); i++)
    g_free (setup->names[i]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PlayOptions, play_options_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PlaySetup, play_setup_clear)

static gboolean
parse_seed (const char *text, guint32 *seed)
{
  guint64 value;

  if (text == NULL)
    {
      /* Without a seed the game is still reproducible: the seed drawn is printed. */
      *seed = g_random_int ();
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    {
      arb_cli_printerr (_("The seed must be a whole number from 0 to %u, not “%s”"),
                        G_MAXUINT32, text);
      return FALSE;
    }
  *seed = (guint32) value;
  return TRUE;
}

/* One level for every seat, or one for all of them. */
static gboolean
parse_levels (const char *text, PlaySetup *setup)
{
  g_auto (GStrv) ids = g_strsplit (text != NULL ? text : "random", ",", -1);
  guint n = g_strv_length (ids);

  if (n != 1 && n != setup->n_seats)
    {
      arb_cli_printerr (_("Give one computer level for all seats or one for each of the %u seats"),
                        setup->n_seats);
      return FALSE;
    }
  for (guint seat = 0; seat < setup->n_seats; seat++)
    {
      const char *id = g_strstrip (ids[n == 1 ? 0 : seat]);
      if (!arb_ai_level_from_id (id, &setup->levels[seat]))
        {
          g_autoptr (GString) known = g_string_new (NULL);
          for (guint level = 0; level < ARB_AI_N_LEVELS; level++)
            g_string_append_printf (known, "%s%s", level > 0 ? ", " : "",
                                    arb_ai_level_id ((ArbAiLevel) level));
          arb_cli_printerr (_("Unknown computer level “%s” (known: %s)"), id, known->str);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_names (const char *text, PlaySetup *setup)
{
  if (text != NULL)
    {
      g_auto (GStrv) names = g_strsplit (text, ",", -1);
      if (g_strv_length (names) != setup->n_seats)
        {
          arb_cli_printerr (ngettext ("Give %u name, one for each seat",
                                      "Give %u names, one for each seat", setup->n_seats),
                            setup->n_seats);
          return FALSE;
        }
      for (guint seat = 0; seat < setup->n_seats; seat++)
        setup->names[seat] = g_strdup (g_strstrip (names[seat]));
    }
  else
    for (guint seat = 0; seat < setup->n_seats; seat++)
      setup->names[seat] = g_strdup_printf (_("Player %u"), seat + 1);
  if (arb_rules_has_automaton (setup->variant))
    setup->names[ARB_SOLO_Q] = g_strdup ("Q");
  return TRUE;
}

static gboolean
parse_setup (const PlayOptions *options, PlaySetup *setup)
{
  g_autoptr (GError) error = NULL;

  if (!arb_variant_from_id (options->variant != NULL ? options->variant : "standard",
                            &setup->variant))
    {
      arb_cli_printerr (_("Unknown rule set “%s” (known: standard, classic, solo)"),
                        options->variant);
      return FALSE;
    }
  if (options->players == PLAYERS_UNSET)
    {
      guint max;

      arb_rules_seat_range (setup->variant, &setup->n_seats, &max);
    }
  else if (options->players < 0)
    {
      arb_cli_printerr (_("The number of players cannot be negative"));
      return FALSE;
    }
  else
    setup->n_seats = (guint) options->players;
  if (!arb_rules_check_players (setup->variant, setup->n_seats, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  if (options->time_ms <= 0 || options->playouts < 0)
    {
      arb_cli_printerr (_("--time-ms must be positive, --playouts and --seed whole numbers"));
      return FALSE;
    }
  setup->time_ms = (guint) options->time_ms;
  setup->playouts = (guint) options->playouts;
  return parse_seed (options->seed, &setup->seed)
         && parse_levels (options->ai, setup)
         && parse_names (options->names, setup);
}

static ArbGame *
new_game (const PlaySetup *setup, GError **error)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint seat = 0; seat < setup->n_seats; seat++)
    g_ptr_array_add (players, arb_player_new (setup->names[seat], ARB_PLAYER_COMPUTER,
                                              arb_ai_level_id (setup->levels[seat])));
  return arb_game_new (setup->variant, players, setup->seed, 0, error);
}

/* Every seat is a computer: it chooses, the game checks and applies. A
 * refusal would be a bug in a computer player, and is reported as one.
 * Each decision is the tournament's: the seat's history, and the seed of
 * game 0 of a tournament from the same seed, so that both play the same
 * game move for move (with --playouts; a time budget depends on the
 * machine). */
static gboolean
play_to_the_end (ArbGame *game, const PlaySetup *setup, GError **error)
{
  for (guint decision = 0; !arb_game_is_finished (game); decision++)
    {
      guint seat = arb_game_get_current_player (game);
      ArbAiParams params;
      ArbMove move;

      arb_ai_params_init (&params, setup->levels[seat], arb_ai_decision_seed (setup->seed, 0, decision, seat));
      params.budget_ms = setup->time_ms;
      params.playouts = setup->playouts;
      if (!arb_ai_decide_in_game (game, &params, &move, NULL))
        {
          g_set_error (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE,
                       _("The computer player of seat %u found no action"), seat + 1);
          return FALSE;
        }
      if (!arb_game_apply (game, &move, error))
        return FALSE;
    }
  return TRUE;
}

static void
print_result (ArbGame *game, const PlaySetup *setup, gboolean json)
{
  g_auto (ArbCliPosition) position = { 0 };
  g_autofree char *output = NULL;
  ArbScoreSheet sheet;

  arb_cli_position_from_state (&position, arb_game_get_state (game),
                               (const char * const *) setup->names);
  arb_cli_position_score (&position, &sheet);
  if (json)
    {
      output = arb_cli_position_to_string (&position, &sheet);
      g_print ("%s\n", output);
      return;
    }
  output = arb_cli_report_format (&position, &sheet);
  g_print (_("Seed %u, %u turns, %u actions\n"), setup->seed, arb_game_get_turn (game) + 1,
           arb_game_get_n_steps (game));
  arb_cli_print_text (output);
}

int
arb_cli_play (int argc, char **argv)
{
  g_auto (PlayOptions) options = { NULL, PLAYERS_UNSET, NULL, NULL, NULL, FALSE, NULL,
                                    ARB_AI_DEFAULT_BUDGET_MS, 0 };
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &options.variant,
      N_("Rule set: standard (default), classic or solo"), N_("RULES") },
    { "players", 0, 0, G_OPTION_ARG_INT, &options.players,
      N_("Number of players: 2 to 4 (default 2), 1 in solo"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &options.seed,
      N_("Seed of the shuffle and of the computers’ choices (default: random)"), N_("S") },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &options.ai,
      N_("Computer level of each seat, or one for all (default: random)"), N_("LEVEL,…") },
    { "names", 0, 0, G_OPTION_ARG_STRING, &options.names,
      N_("Names of the players, one for each seat"), N_("NAME,…") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &options.json,
      N_("Print the final position, scored, as JSON"), NULL },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &options.save,
      N_("Write the save game of the whole game to FILE"), N_("FILE") },
    { "time-ms", 0, 0, G_OPTION_ARG_INT, &options.time_ms,
      N_("Time for one decision of hard or expert (1000)"), N_("T") },
    { "playouts", 0, 0, G_OPTION_ARG_INT, &options.playouts,
      N_("Hard and expert play this many playouts a decision instead of watching the time"), N_("P") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_auto (PlaySetup) setup = { 0 };
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  g_option_context_set_summary (context,
    _("Plays a whole game between computer players and prints the scoring.\n"
      "In solo there is one seat; Q takes no decisions."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (argc > 1)
    {
      arb_cli_printerr (_("Unexpected argument “%s”"), argv[1]);
      return ARB_CLI_EXIT_INVALID;
    }
  if (!parse_setup (&options, &setup))
    return ARB_CLI_EXIT_INVALID;

  game = new_game (&setup, &error);
  if (game == NULL || !play_to_the_end (game, &setup, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return ARB_CLI_EXIT_FAILURE;
    }
  print_result (game, &setup, options.json);
  if (options.save != NULL && !arb_cli_save_write (game, NULL, options.save))
    return ARB_CLI_EXIT_FAILURE;
  return ARB_CLI_EXIT_OK;
}
