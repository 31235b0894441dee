/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-sample.c: what the benchmarks of arboretum-cli measure with: the
 * processor's clock and whole random games. Below bench, review and save,
 * which all use it, so that none of them calls another's helpers. */
#include "config.h"

#include <time.h>

#include "arb-cli.h"

/* Time on the processor, which other programs running at the same time
 * do not stretch the way they stretch the time on the clock. */
double
arb_cli_cpu_seconds (void)
{
  struct timespec now;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

/* A whole game of random moves by n_seats computers of the standard rules:
 * what the benchmarks of loading and reviewing work on. */
ArbGame *
arb_cli_random_game (guint n_seats, guint32 seed, GError **error)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (ArbGame) game = NULL;
  ArbMove move;

  for (guint i = 0; i < n_seats; i++)
    g_ptr_array_add (players, arb_player_new ("Computer", ARB_PLAYER_COMPUTER, "random"));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, seed, 0, error);
  if (game == NULL)
    return NULL;
  while (!arb_game_is_finished (game))
    if (!arb_ai_random_move (arb_game_get_state (game), rand, &move)
        || !arb_game_apply (game, &move, error))
      return NULL;
  return g_steal_pointer (&game);
}
