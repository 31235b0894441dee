/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-bench.c: arboretum-cli bench [--seconds S]
 *
 * How fast the rules engine runs on this machine, on one core: final
 * 4-player positions scored per second, and random whole games played per
 * second. It uses ArbState directly, as the computer players' searches
 * do, with no GObject in the loop. Rates are given per second of processor
 * time, which is what one core delivers, and per second of the clock,
 * which other programs running at the same time can stretch.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-cli.h"
#include "arb-engine.h"
#include "arb-cli-review.h"
#include "arb-cli-save.h"

/* Enough different positions that the scorer cannot live off one cached
 * arboretum, few enough to stay in the processor's cache. */
#define N_POSITIONS 1000
/* Work done between two looks at the clock. */
#define BATCH 256

#define TARGET_POSITIONS 500000.0
#define TARGET_GAMES_2 20000.0

/* A random game of the standard rules, to its end. */
static gboolean
play_random_game (ArbState *state, guint n_seats, GRand *rand)
{
  ArbMove move;

  if (!arb_state_setup (state, ARB_VARIANT_STANDARD, n_seats, 0, rand, NULL))
    return FALSE;
  while (state->phase != ARB_PHASE_OVER)
    if (!arb_ai_random_move (state, rand, &move)
        || !arb_state_apply (state, &move, NULL, NULL))
      return FALSE;
  return TRUE;
}

typedef struct {
  gint64 wall_start;
  double cpu_start;
} Stopwatch;

static Stopwatch
stopwatch_start (void)
{
  Stopwatch watch = { g_get_monotonic_time (), arb_cli_cpu_seconds () };
  return watch;
}

static double
stopwatch_wall (const Stopwatch *watch)
{
  return (double) (g_get_monotonic_time () - watch->wall_start) / G_USEC_PER_SEC;
}

/* A rate on the processor's time and on the clock's. */
typedef struct {
  double cpu;
  double wall;
} Rate;

static Rate
stopwatch_rate (const Stopwatch *watch, guint64 count)
{
  Rate rate = { (double) count / (arb_cli_cpu_seconds () - watch->cpu_start),
                (double) count / stopwatch_wall (watch) };
  return rate;
}

/* Scores the positions round and round for the given time. */
static Rate
bench_scoring (const ArbState *positions, double seconds, guint64 *checksum)
{
  Stopwatch watch = stopwatch_start ();
  guint64 scored = 0;
  ArbScoreSheet sheet;

  do
    {
      for (guint i = 0; i < BATCH; i++)
        {
          arb_state_score (&positions[(scored + i) % N_POSITIONS], &sheet);
          *checksum += sheet.players[0].total + sheet.winners;
        }
      scored += BATCH;
    }
  while (stopwatch_wall (&watch) < seconds);
  return stopwatch_rate (&watch, scored);
}

static gboolean
bench_games (guint n_seats, GRand *rand, double seconds, Rate *rate, guint64 *checksum)
{
  Stopwatch watch = stopwatch_start ();
  guint64 played = 0;
  ArbState state;

  do
    {
      for (guint i = 0; i < BATCH / 8; i++)
        {
          if (!play_random_game (&state, n_seats, rand))
            return FALSE;
          *checksum += state.turn;
        }
      played += BATCH / 8;
    }
  while (stopwatch_wall (&watch) < seconds);
  *rate = stopwatch_rate (&watch, played);
  return TRUE;
}

static void
report (const char *what, Rate rate, double target)
{
  g_print ("%-40s %12.0f %12.0f", what, rate.cpu, rate.wall);
  if (target > 0)
    g_print ("  %s", rate.cpu >= target ? _("target met") : _("below target"));
  g_print ("\n");
}

int
arb_cli_bench (int argc, char **argv)
{
  double seconds = 2.0;
  const GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds,
      N_("Time spent on each measure (default 2)"), N_("S") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20181);
  g_autofree ArbState *positions = g_new (ArbState, N_POSITIONS);
  guint64 checksum = 0;
  Rate games_2, games_4;
  int status;

  g_option_context_set_summary (context,
    _("Measures, on one core, final 4-player positions scored per second and\n"
      "random whole games (standard rules) played per second."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (!(seconds > 0 && seconds <= 3600))
    {
      arb_cli_printerr (_("The time of a measure must be more than 0 and at most 3600 seconds"));
      return ARB_CLI_EXIT_INVALID;
    }

  for (guint i = 0; i < N_POSITIONS; i++)
    if (!play_random_game (&positions[i], 4, rand))
      {
        arb_cli_printerr (_("A random game was refused by the rules: this is a bug"));
        return ARB_CLI_EXIT_FAILURE;
      }

  /* Translators: the headings of the columns of figures. */
  g_print ("%-40s %12s %12s\n", "", _("CPU time"), _("clock time"));
  report (_("Positions scored per second (4 players)"),
          bench_scoring (positions, seconds, &checksum), TARGET_POSITIONS);
  if (!bench_games (2, rand, seconds, &games_2, &checksum)
      || !bench_games (4, rand, seconds, &games_4, &checksum))
    {
      arb_cli_printerr (_("A random game was refused by the rules: this is a bug"));
      return ARB_CLI_EXIT_FAILURE;
    }
  report (_("Random games per second (2 players)"), games_2, TARGET_GAMES_2);
  report (_("Random games per second (4 players)"), games_4, 0);
  if (!arb_cli_save_bench (seconds) || !arb_cli_review_bench ())
    return ARB_CLI_EXIT_FAILURE;
  /* Printing the checksum keeps the compiler from dropping the work. */
  g_debug ("checksum %" G_GUINT64_FORMAT, checksum);
  return ARB_CLI_EXIT_OK;
}
