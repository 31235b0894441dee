/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perf-search: how fast hard's and expert's searches play out deals, on one
 * core (docs/perf.md, "The computer players' searches").
 *
 * Plays seeded 2-player games by medium; at every third decision, asks hard
 * and expert for their move with a fixed number of playouts each, and
 * counts the playouts against the processor time of this thread: a number
 * that other programs on the machine do not change much. Fails only when a
 * search returns no move.
 *
 *   perf-search [GAMES] [PLAYOUTS]
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "arb-engine.h"

static double
thread_cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

typedef struct {
  ArbAiLevel level;
  guint64    playouts;
  double     seconds;
} Tally;

/* One search from the view of the seat to move. */
static gboolean
measure (const ArbProjection *view, Tally *tally, guint playouts, guint64 seed)
{
  ArbAiParams params;
  ArbAiStats stats;
  ArbMove move;
  double start = thread_cpu_seconds ();

  arb_ai_params_init (&params, tally->level, seed);
  params.playouts = playouts;
  if (!arb_ai_choose_with_view (view, &params, NULL, &move, &stats, NULL))
    return FALSE;
  tally->seconds += thread_cpu_seconds () - start;
  tally->playouts += stats.playouts;
  return TRUE;
}

static gboolean
play_game (guint32 seed, guint playouts, Tally *tallies, guint n_tallies)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  ArbState state;
  guint decision = 0;

  if (!arb_state_setup (&state, ARB_VARIANT_STANDARD, 2, 0, rand, NULL))
    return FALSE;
  while (state.phase != ARB_PHASE_OVER)
    {
      ArbAiParams params;
      ArbMove move;
      ArbStep step;

      arb_projection_init_from_steps (view, &state, (const ArbStep *) steps->data, steps->len,
                                      state.current);
      if (decision % 3 == 0)
        for (guint i = 0; i < n_tallies; i++)
          if (!measure (view, &tallies[i], playouts, seed + decision))
            return FALSE;
      arb_ai_params_init (&params, ARB_AI_MEDIUM, seed + decision);
      if (!arb_ai_choose_with_view (view, &params, NULL, &move, NULL, NULL)
          || !arb_state_apply (&state, &move, &step, NULL))
        return FALSE;
      g_array_append_val (steps, step);
      decision++;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint) atoi (argv[1]) : 4;
  guint playouts = argc > 2 ? (guint) atoi (argv[2]) : 200;
  Tally tallies[] = { { ARB_AI_HARD, 0, 0.0 }, { ARB_AI_EXPERT, 0, 0.0 } };

  for (guint g = 0; g < games; g++)
    if (!play_game (100 + g, playouts, tallies, G_N_ELEMENTS (tallies)))
      {
        g_printerr ("perf-search: a search returned no move in game %u\n", g);
        return 1;
      }
  g_print ("%u games of standard for 2, %u playouts a search, one core\n", games, playouts);
  for (guint i = 0; i < G_N_ELEMENTS (tallies); i++)
    g_print ("%-7s %8" G_GUINT64_FORMAT " playouts in %6.2f s of processor: %8.0f playouts/s\n",
             arb_ai_level_id (tallies[i].level), tallies[i].playouts, tallies[i].seconds,
             tallies[i].seconds > 0 ? tallies[i].playouts / tallies[i].seconds : 0.0);
  return 0;
}
