/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai.h: computer players. Each one chooses the next action of the seat
 * whose turn it is, from what that seat may know (an ArbProjection).
 *
 * Levels, weakest first:
 *   random  a uniformly random legal action: the baseline;
 *   easy    a greedy path builder that ignores who holds the right to score;
 *   medium  a heuristic that weighs paths against the chance of keeping the
 *           right, blocks what others build and reads the discard piles;
 *   hard    a search: Monte Carlo over deals of the unseen cards, its
 *           candidates ranked by medium, within a time or playout budget;
 *   expert  a deeper search: deals drawn from a model of what the others
 *           keep, playouts whose next moves are hard's heuristic, within
 *           a budget of processor time or playouts.
 */
#pragma once

#include <gio/gio.h>

#include "arb-game.h"
#include "arb-projection.h"
#include "arb-state.h"

G_BEGIN_DECLS

typedef enum {
  ARB_AI_RANDOM,
  ARB_AI_EASY,
  ARB_AI_MEDIUM,
  ARB_AI_HARD,
  ARB_AI_EXPERT,
} ArbAiLevel;

#define ARB_AI_N_LEVELS 5
#define ARB_AI_DEFAULT_BUDGET_MS 1000
/* Expert's default: it uses its whole budget, and gains by it. */
#define ARB_AI_EXPERT_BUDGET_MS 2000

typedef struct {
  ArbAiLevel level;
  guint64    seed;       /* the same view, seed and budget give the same move */
  guint      budget_ms;  /* hard, expert: time for one decision; 0 for the default */
  guint      playouts;   /* hard, expert: a fixed number of playouts instead of a time
                          * budget (deterministic: for tests); 0 for none */
  guint      wall_ms;    /* expert: its budget is processor time; it also stops
                          * after this long on the clock (0: one and a half
                          * times budget_ms) */
} ArbAiParams;

typedef struct {
  guint  playouts;       /* games played to the end by the search */
  gint64 elapsed_us;
} ArbAiStats;

const char *arb_ai_level_id          (ArbAiLevel          level);
gboolean    arb_ai_level_from_id     (const char         *id,
                                      ArbAiLevel         *level);
const char *arb_ai_level_name        (ArbAiLevel          level);

void        arb_ai_params_init       (ArbAiParams        *params,
                                      ArbAiLevel          level,
                                      guint64             seed);

/* Blocks for up to the budget: call it from a worker thread, or use the
 * asynchronous form below from the main loop. Returns FALSE when the game is
 * over, or with G_IO_ERROR_CANCELLED when cancellable fires (then move is
 * untouched). */
gboolean    arb_ai_choose_with_view  (const ArbProjection    *view,
                                      const ArbAiParams  *params,
                                      GCancellable       *cancellable,
                                      ArbMove            *move,
                                      ArbAiStats         *stats,
                                      GError            **error);

/* Runs the decision in a worker thread; callback runs in the thread-default
 * main context of the caller. The view is copied: the caller may change the
 * game meanwhile. Used for the computer's seats and for a person's hint. */
void        arb_ai_choose_async      (const ArbProjection    *view,
                                      const ArbAiParams  *params,
                                      GCancellable       *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
gboolean    arb_ai_choose_finish     (GAsyncResult       *result,
                                      ArbMove            *move,
                                      ArbAiStats         *stats,
                                      GError            **error);

/* The level's choice for whoever's turn it is in game, seen from that seat. */
void        arb_ai_hint_async        (ArbGame            *game,
                                      const ArbAiParams  *params,
                                      GCancellable       *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);

/* The one entry point for a computer's decision, with the seat's history
 * (arb-ai.c), and the seed of each decision of a game. */
guint64     arb_ai_decision_seed     (guint32             seed,
                                      guint               game,
                                      guint               decision,
                                      guint               seat);
gboolean    arb_ai_decide            (const ArbState     *state,
                                      const ArbStep      *steps,
                                      guint               n_steps,
                                      const ArbAiParams  *params,
                                      GCancellable       *cancellable,
                                      ArbMove            *move,
                                      ArbAiStats         *stats,
                                      GError            **error);
gboolean    arb_ai_player_level      (ArbPlayer          *player,
                                      ArbAiLevel         *level);
gboolean    arb_ai_random_move       (const ArbState     *state,
                                      GRand              *rand,
                                      ArbMove            *move);
gboolean    arb_ai_decide_in_game    (ArbGame            *game,
                                      const ArbAiParams  *params,
                                      ArbMove            *move,
                                      GError            **error);

G_END_DECLS
