/* arb-ai-private.h: what the players share inside the engine. */
#pragma once

#include "arb-ai.h"

G_BEGIN_DECLS

/* The most actions of one decision: every card of a full hand on every free
 * cell. */
#define ARB_AI_MAX_ACTIONS ((ARB_HAND_SIZE + 2) * ARB_MAX_FREE_CELLS)

/* Every action the view's seat may take now, best first by the heuristic
 * (guard: medium, else easy), with their values. Returns how many. */
guint    arb_ai_rank_actions   (const ArbAiView *view,
                                gboolean         guard,
                                guint64         *rng,
                                ArbMove         *moves,
                                double          *values,
                                guint            max);

gboolean arb_ai_choose_random  (const ArbState  *state,
                                guint64         *rng,
                                ArbMove         *move);

/* The quick policy of the search's playouts, on a complete position. */
void     arb_ai_policy_playout (const ArbState  *state,
                                guint64         *rng,
                                ArbMove         *move);

gboolean arb_ai_search         (const ArbAiView   *view,
                                const ArbAiParams *params,
                                GCancellable      *cancellable,
                                ArbMove           *move,
                                ArbAiStats        *stats,
                                GError           **error);

G_END_DECLS
