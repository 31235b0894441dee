/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-save.c: save games on the command line.
 *
 * arboretum-cli show FILE [--step N]: the position after step N, every
 *   hand open, then the list of steps; with --rights [--seat N], who would
 *   score each species as one player knows it.
 * arboretum-cli validate FILE: exit status 0 for a good save game, 2 with
 *   the reason otherwise.
 * And what play --save, score and bench call for save games.
 */
#include "config.h"

#include <string.h>
#include <time.h>
#include <glib/gi18n.h>

#include "arb-cli.h"
#include "arb-cli-position.h"
#include "arb-cli-report.h"
#include "arb-cli-save.h"
#include "arb-replay.h"
#include "arb-save.h"

#define TARGET_LOAD_MS 5.0

static ArbGame *
load_file (const char *file, GError **error)
{
  g_autoptr (GFile) gfile = g_file_new_for_commandline_arg (file);
  return arb_save_read_file (gfile, NULL, NULL, error);
}

/* The one save game named on the command line of validate and show; says
 * what is wrong with it otherwise. */
static int
load_only_argument (int argc, char **argv, ArbGame **game)
{
  g_autoptr (GError) error = NULL;

  if (argc != 2)
    {
      arb_cli_printerr (_("Give one save game file"));
      return ARB_CLI_EXIT_INVALID;
    }
  *game = load_file (argv[1], &error);
  if (*game == NULL)
    {
      arb_cli_printerr ("%s: %s", argv[1], error->message);
      return ARB_CLI_EXIT_INVALID;
    }
  return ARB_CLI_EXIT_OK;
}

/* The names of the players, then Q's in solo, as ArbCliPosition wants. */
static void
collect_names (ArbGame *game, const char **names)
{
  guint n_seats = arb_game_get_n_seats (game);

  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    names[i] = i < n_seats ? arb_player_get_name (arb_game_get_player (game, i)) : NULL;
  if (arb_rules_has_automaton (arb_game_get_variant (game)))
    names[ARB_SOLO_Q] = "Q";
}

static const char *
player_name (ArbGame *game, guint player)
{
  return arb_game_player_name (game, player);
}

/* Writes the save game of the whole game and its review (may be NULL);
 * TRUE when written. */
gboolean
arb_cli_save_write (ArbGame *game, ArbReview *review, const char *file)
{
  g_autoptr (GFile) gfile = g_file_new_for_commandline_arg (file);
  g_autoptr (GError) error = NULL;

  if (!arb_save_write_file (game, review, gfile, NULL, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* score FILE when FILE is a save game: the position it ends on. */
int
arb_cli_save_score (const char *file, const char *data, gsize length, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = arb_save_load_data (data, length, NULL, &error);
  g_auto (ArbCliPosition) position = { 0 };
  g_autofree char *output = NULL;
  const char *names[ARB_MAX_PLAYERS];
  ArbScoreSheet sheet;

  if (game == NULL)
    {
      arb_cli_printerr (_("Invalid save game %s: %s"), file, error->message);
      return ARB_CLI_EXIT_INVALID;
    }
  collect_names (game, names);
  arb_cli_position_from_state (&position, arb_game_get_state (game), names);
  arb_cli_position_score (&position, &sheet);
  output = json ? arb_cli_position_to_string (&position, &sheet)
                : arb_cli_report_format (&position, &sheet);
  if (json)
    g_print ("%s\n", output);
  else
    arb_cli_print_text (output);
  return ARB_CLI_EXIT_OK;
}

/* validate */

int
arb_cli_validate (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr (ArbGame) game = NULL;
  int status;

  g_option_context_set_summary (context,
    _("Checks a save game: its form, its deal, every step against the rules and\n"
      "the position it records. Exit status: 0 when it is good, 2 otherwise."));
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if ((status = load_only_argument (argc, argv, &game)) != ARB_CLI_EXIT_OK)
    return status;
  g_print (ngettext ("%s: a good save game (%s, %u player, %u steps, %s)\n",
                     "%s: a good save game (%s, %u players, %u steps, %s)\n",
                     arb_game_get_n_seats (game)),
           argv[1], arb_variant_name (arb_game_get_variant (game)), arb_game_get_n_seats (game),
           arb_game_get_n_steps (game),
           arb_game_is_finished (game) ? _("finished") : _("in progress"));
  return ARB_CLI_EXIT_OK;
}

/* show */

/* Two letters for a species on the grid of an arboretum. */
static void
species_code (ArbSpecies species, char code[3])
{
  const char *id = arb_species_id (species);
  const char *hyphen = strchr (id, '-');

  code[0] = g_ascii_toupper (id[0]);
  code[1] = hyphen != NULL ? g_ascii_toupper (hyphen[1]) : id[1];
  code[2] = '\0';
}

static void
print_cards (GString *out, const ArbCard *cards, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = arb_card_to_string (cards[i]);
      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", name);
    }
  if (n == 0)
    g_string_append (out, _("none"));
  g_string_append_c (out, '\n');
}

/* The arboretum as a grid, x to the right and y downwards. */
static void
print_arboretum (GString *out, const ArbArboretum *arboretum)
{
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;

  if (arboretum->n == 0)
    {
      g_string_append_printf (out, "    %s\n", _("empty"));
      return;
    }
  for (guint i = 0; i < arboretum->n; i++)
    {
      min_x = MIN (min_x, arboretum->cells[i].x);
      max_x = MAX (max_x, arboretum->cells[i].x);
      min_y = MIN (min_y, arboretum->cells[i].y);
      max_y = MAX (max_y, arboretum->cells[i].y);
    }
  g_string_append (out, "        ");
  for (int x = min_x; x <= max_x; x++)
    g_string_append_printf (out, "%4d", x);
  g_string_append_c (out, '\n');
  for (int y = min_y; y <= max_y; y++)
    {
      g_string_append_printf (out, "    %4d", y);
      for (int x = min_x; x <= max_x; x++)
        {
          ArbCard card = arb_arboretum_card_at (arboretum, x, y);
          char code[3];

          if (card == ARB_CARD_NONE)
            {
              g_string_append (out, "   .");
              continue;
            }
          species_code (arb_card_species (card), code);
          g_string_append_printf (out, " %s%u", code, arb_card_value (card));
        }
      g_string_append_c (out, '\n');
    }
}

static const char *
phase_name (ArbPhase phase)
{
  switch (phase)
    {
    case ARB_PHASE_DRAW:
      return _("to draw");
    case ARB_PHASE_PLAY:
      return _("to play");
    case ARB_PHASE_DISCARD:
      return _("to discard");
    case ARB_PHASE_OVER:
    default:
      return _("the game is over");
    }
}

static void
print_position (GString *out, ArbGame *game, const ArbState *state)
{
  ArbCard cards[ARB_N_CARDS];

  g_string_append_printf (out, _("Turn %u, %s %s; %u cards in the deck\n"),
                          state->turn + 1u, player_name (game, state->current),
                          phase_name (state->phase), state->deck.n);
  for (guint p = 0; p < state->n_players; p++)
    {
      guint n = arb_card_set_to_array (&state->hands[p], cards);

      g_string_append_printf (out, "\n%s\n  %s ", player_name (game, p), _("Hand:"));
      print_cards (out, cards, n);
      g_string_append_printf (out, "  %s\n", _("Arboretum:"));
      print_arboretum (out, &state->arboreta[p]);
      if (p < arb_state_n_piles (state))
        {
          g_string_append_printf (out, "  %s ", _("Discard pile (top last):"));
          print_cards (out, state->discards[p].cards, state->discards[p].n);
        }
    }

  g_string_append_printf (out, "\n%s", _("Species:"));
  for (guint s = 0, n = 0; s < ARB_N_SPECIES; s++)
    if (state->species & (1u << s))
      {
        char code[3];
        species_code ((ArbSpecies) s, code);
        g_string_append_printf (out, "%s %s = %s", n++ > 0 ? "," : "", code,
                                arb_species_name ((ArbSpecies) s));
      }
  g_string_append_c (out, '\n');
}

static void
print_steps (GString *out, ArbGame *game, guint at)
{
  g_string_append_printf (out, "\n%s\n", _("Steps:"));
  for (guint i = 0; i < arb_game_get_n_steps (game); i++)
    {
      const ArbStep *step = arb_game_get_step (game, i);
      g_autofree char *text = arb_game_describe_step (game, step, ARB_STEP_TEXT_FULL);

      g_string_append_printf (out, "%s %4u. %s\n", i + 1 == at ? ">" : " ", i + 1, text);
    }
}

/* The rights to score as seat knows them after step at, in the words of
 * the window's panel (arb-rights.h): that seat's projection alone. */
static void
print_rights (GString *out, ArbGame *game, ArbReplay *replay, guint seat)
{
  const char *names[ARB_MAX_PLAYERS] = { NULL };
  ArbProjection view;
  ArbRights rights;
  guint at = arb_replay_get_step (replay);
  g_autofree ArbStep *steps = g_new (ArbStep, MAX (at, 1));

  for (guint i = 0; i < at; i++)
    steps[i] = *arb_game_get_step (game, i);
  arb_projection_init_from_steps (&view, arb_replay_get_state (replay), steps, at, (int) seat);
  arb_rights_compute (&rights, &view, seat);
  for (guint p = 0; p < rights.n_players; p++)
    names[p] = player_name (game, p);

  g_autofree char *unseen = arb_rights_describe_unseen (&rights, names);
  g_string_append_printf (out, _("Rights to score as %s knows them, if the game ended now\n"),
                          names[seat]);
  g_string_append_printf (out, "%s\n", unseen);
  for (guint r = 0; r < rights.n_rows; r++)
    {
      const ArbSpeciesRights *row = &rights.rows[r];
      g_autofree char *verdict = arb_rights_describe_verdict (&rights, row, names);
      g_autofree char *sums = arb_rights_describe_sums (&rights, row, names);
      g_autofree char *path = arb_rights_describe_path (&rights, row);

      g_string_append_printf (out, "\n%s: %s\n  %s\n  %s\n", arb_species_name (row->species),
                              verdict, sums, path);
    }
  g_autofree char *points = arb_rights_describe_points (&rights, names);
  g_string_append_printf (out, "\n%s\n", points);
}

int
arb_cli_show (int argc, char **argv)
{
  int step = -1, seat = 0;
  gboolean rights = FALSE;
  const GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_INT, &step,
      N_("Show the position after this many steps (default: all, 0: the deal)"), N_("N") },
    { "rights", 0, 0, G_OPTION_ARG_NONE, &rights,
      N_("Show who would score each species, as one player knows it"), NULL },
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat,
      N_("The player whose knowledge --rights uses (default: the player to move)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbReplay) replay = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  guint n_steps;
  int status;

  g_option_context_set_summary (context,
    _("Prints the position of a save game after a step, every hand open, and the\n"
      "list of the game’s steps."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if ((status = load_only_argument (argc, argv, &game)) != ARB_CLI_EXIT_OK)
    return status;
  n_steps = arb_game_get_n_steps (game);
  if (step < -1 || step > (int) n_steps)
    {
      arb_cli_printerr (_("The game has %u steps: give --step from 0 to %u"), n_steps, n_steps);
      return ARB_CLI_EXIT_INVALID;
    }

  if (seat < 0 || seat > (int) arb_game_get_n_seats (game))
    {
      guint n_seats = arb_game_get_n_seats (game);
      arb_cli_printerr (ngettext ("The game has %u player: give --seat from 1 to %u",
                                  "The game has %u players: give --seat from 1 to %u", n_seats),
                        n_seats, n_seats);
      return ARB_CLI_EXIT_INVALID;
    }

  replay = arb_replay_new (game);
  arb_replay_seek (replay, step < 0 ? n_steps : (guint) step);
  if (arb_game_has_seed (game))
    g_string_append_printf (out, _("%s, seed %u: after step %u of %u\n"),
                            arb_variant_name (arb_game_get_variant (game)),
                            arb_game_get_seed (game), arb_replay_get_step (replay), n_steps);
  else
    g_string_append_printf (out, _("%s, dealt without a seed: after step %u of %u\n"),
                            arb_variant_name (arb_game_get_variant (game)),
                            arb_replay_get_step (replay), n_steps);
  if (rights)
    {
      const ArbState *state = arb_replay_get_state (replay);
      print_rights (out, game, replay,
                    seat > 0 ? (guint) seat - 1 : MIN (state->current, arb_game_get_n_seats (game) - 1));
      arb_cli_print_text (out->str);
      return ARB_CLI_EXIT_OK;
    }
  print_position (out, game, arb_replay_get_state (replay));
  print_steps (out, game, arb_replay_get_step (replay));
  arb_cli_print_text (out->str);
  return ARB_CLI_EXIT_OK;
}

/* bench: the time to load a finished 4-player game */


/* A finished 4-player game of random moves, as a save game. */
static GBytes *
finished_game (GError **error)
{
  g_autoptr (ArbGame) game = arb_cli_random_game (4, 2018, error);

  return game != NULL ? arb_save_to_bytes (game, NULL, error) : NULL;
}

/* Loads (parses, validates, replays) the game again and again for the
 * given time, and prints the time of one load, in the columns of bench. */
gboolean
arb_cli_save_bench (double seconds)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = finished_game (&error);
  gint64 wall_start;
  double cpu_start, cpu_ms, wall_ms;
  guint64 loads = 0;

  if (bytes == NULL)
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  g_object_unref (arb_save_load_bytes (bytes, NULL, NULL)); /* warms the caches up */

  wall_start = g_get_monotonic_time ();
  cpu_start = arb_cli_cpu_seconds ();
  do
    {
      for (guint i = 0; i < 16; i++)
        {
          ArbGame *game = arb_save_load_bytes (bytes, NULL, &error);
          if (game == NULL)
            {
              arb_cli_printerr ("%s", error->message);
              return FALSE;
            }
          g_object_unref (game);
        }
      loads += 16;
    }
  while ((double) (g_get_monotonic_time () - wall_start) / G_USEC_PER_SEC < seconds);

  cpu_ms = (arb_cli_cpu_seconds () - cpu_start) * 1000.0 / (double) loads;
  wall_ms = (double) (g_get_monotonic_time () - wall_start) / 1000.0 / (double) loads;
  g_print ("%-40s %12.3f %12.3f  %s\n", _("Milliseconds to load a 4-player save"),
           cpu_ms, wall_ms, cpu_ms < TARGET_LOAD_MS ? _("target met") : _("below target"));
  return TRUE;
}
