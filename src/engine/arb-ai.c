/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai.c: the computer players' entry points: levels, decisions in a
 * worker thread, hints. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-ai-private.h"

static const char * const level_ids[] = { "random", "easy", "medium", "hard", "expert" };
static const char * const level_names[] = {
  /* Translators: levels of the computer players */
  N_("Random"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (level_ids) == ARB_AI_N_LEVELS);

const char *
arb_ai_level_id (ArbAiLevel level)
{
  g_return_val_if_fail (level < G_N_ELEMENTS (level_ids), NULL);
  return level_ids[level];
}

gboolean
arb_ai_level_from_id (const char *id, ArbAiLevel *level)
{
  for (guint l = 0; l < G_N_ELEMENTS (level_ids); l++)
    if (g_strcmp0 (id, level_ids[l]) == 0)
      {
        *level = (ArbAiLevel) l;
        return TRUE;
      }
  return FALSE;
}

const char *
arb_ai_level_name (ArbAiLevel level)
{
  g_return_val_if_fail (level < G_N_ELEMENTS (level_names), NULL);
  return _(level_names[level]);
}

void
arb_ai_params_init (ArbAiParams *params, ArbAiLevel level, guint64 seed)
{
  params->level = level;
  params->seed = seed;
  params->budget_ms = level == ARB_AI_EXPERT ? ARB_AI_EXPERT_BUDGET_MS : ARB_AI_DEFAULT_BUDGET_MS;
  params->playouts = 0;
  params->wall_ms = 0;
}

static gboolean
choose_heuristic (const ArbProjection *view, const ArbAiWeights *weights, guint64 seed, ArbMove *move)
{
  guint64 rng = seed;
  return arb_ai_rank_actions (view, weights, &rng, move, NULL, 1) == 1;
}

/* The view's seat must be the one to move. */
gboolean
arb_ai_choose_with_view (const ArbProjection *view, const ArbAiParams *params,
                         GCancellable *cancellable, ArbMove *move, ArbAiStats *stats,
                         GError **error)
{
  gint64 start = g_get_monotonic_time ();
  guint64 rng = params->seed;
  gboolean chosen;

  g_return_val_if_fail (view != NULL && params != NULL && move != NULL, FALSE);
  g_return_val_if_fail (view->state.phase == ARB_PHASE_OVER || view->state.current == view->viewer, FALSE);

  if (stats != NULL)
    stats->playouts = 0;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  switch (params->level)
    {
    case ARB_AI_RANDOM:
      chosen = arb_ai_choose_random (&view->state, &rng, move);
      break;
    case ARB_AI_EASY:
      chosen = choose_heuristic (view, &arb_ai_weights_easy, params->seed, move);
      break;
    case ARB_AI_MEDIUM:
      chosen = choose_heuristic (view, &arb_ai_weights_medium, params->seed, move);
      break;
    case ARB_AI_EXPERT:
      return arb_ai_expert (view, params, cancellable, move, stats, error);
    case ARB_AI_HARD:
    default:
      return arb_ai_search (view, params, cancellable, move, stats, error);
    }
  if (stats != NULL)
    stats->elapsed_us = g_get_monotonic_time () - start;
  return chosen;
}

typedef struct {
  ArbProjection   view;
  ArbAiParams params;
  ArbMove     move;
  ArbAiStats  stats;
} ChooseData;

static void
choose_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ChooseData *data = task_data;
  GError *error = NULL;

  if (arb_ai_choose_with_view (&data->view, &data->params, cancellable,
                               &data->move, &data->stats, &error))
    g_task_return_boolean (task, TRUE);
  else if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                             _("The game is over: there is nothing to choose"));
}

void
arb_ai_choose_async (const ArbProjection *view, const ArbAiParams *params,
                     GCancellable *cancellable, GAsyncReadyCallback callback,
                     gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ChooseData *data = g_new0 (ChooseData, 1);

  data->view = *view;
  data->params = *params;
  g_task_set_name (task, "arb_ai_choose_async");
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, choose_thread);
}

/* move and stats may be NULL. */
gboolean
arb_ai_choose_finish (GAsyncResult *result, ArbMove *move, ArbAiStats *stats, GError **error)
{
  GTask *task = G_TASK (result);
  ChooseData *data = g_task_get_task_data (task);

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  if (move != NULL)
    *move = data->move;
  if (stats != NULL)
    *stats = data->stats;
  return TRUE;
}

void
arb_ai_hint_async (ArbGame *game, const ArbAiParams *params, GCancellable *cancellable,
                   GAsyncReadyCallback callback, gpointer user_data)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);

  g_return_if_fail (ARB_IS_GAME (game));
  arb_game_project (game, arb_game_get_current_player (game), view);
  arb_ai_choose_async (view, params, cancellable, callback, user_data);
}

/* The seed of a computer's decision: decision number `decision` (from 0)
 * of game number `game` (from 0) played from `seed`, by `seat`. The
 * tournament, `arboretum-cli play` and the bot all take it from here, so
 * that the same seed plays the same game everywhere. */
guint64
arb_ai_decision_seed (guint32 seed, guint game, guint decision, guint seat)
{
  guint64 s = ((guint64) seed << 32) ^ ((guint64) game << 12) ^ decision ^ ((guint64) seat << 56);
  return arb_rng_next (&s);
}

/* The one way to ask a computer for a move: the seat whose turn it is in
 * state decides from what it has seen of the steps since the deal (the
 * discards it watched, the cards it knows in others' hands), never from the
 * hidden cards. Blocks for up to the budget, as arb_ai_choose_with_view(). */
gboolean
arb_ai_decide (const ArbState *state, const ArbStep *steps, guint n_steps, const ArbAiParams *params,
               GCancellable *cancellable, ArbMove *move, ArbAiStats *stats, GError **error)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);

  arb_projection_init_from_steps (view, state, steps, n_steps, state->current);
  return arb_ai_choose_with_view (view, params, cancellable, move, stats, error);
}

/* Whether player is a computer, and at what level: the engine's answer,
 * so that no program reads the level's id itself. An id no version knows
 * (saves are checked against the schema, so only a program's own players)
 * plays at random. */
gboolean
arb_ai_player_level (ArbPlayer *player, ArbAiLevel *level)
{
  g_return_val_if_fail (ARB_IS_PLAYER (player), FALSE);
  if (arb_player_get_kind (player) != ARB_PLAYER_COMPUTER)
    return FALSE;
  if (!arb_ai_level_from_id (arb_player_get_level (player), level))
    *level = ARB_AI_RANDOM;
  return TRUE;
}

/* A legal move chosen at random, as the random player plays: for
 * benchmarks and tests that need many quick games, not a decision. */
gboolean
arb_ai_random_move (const ArbState *state, GRand *rand, ArbMove *move)
{
  guint64 rng = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

  return arb_ai_choose_random (state, &rng, move);
}

/* arb_ai_decide() for the current seat of a game. */
gboolean
arb_ai_decide_in_game (ArbGame *game, const ArbAiParams *params, ArbMove *move, GError **error)
{
  guint n = arb_game_get_n_steps (game);

  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);
  return arb_ai_decide (arb_game_get_state (game), n > 0 ? arb_game_get_step (game, 0) : NULL, n,
                        params, NULL, move, NULL, error);
}
