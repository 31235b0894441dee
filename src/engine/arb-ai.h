/* arb-ai.h: computer players. Each one chooses the next action of the seat
 * whose turn it is, from what that seat may know. */
#pragma once

#include "arb-state.h"

G_BEGIN_DECLS

typedef enum {
  ARB_AI_RANDOM, /* a uniformly random legal action: the baseline */
} ArbAiLevel;

const char *arb_ai_level_id      (ArbAiLevel   level);
gboolean    arb_ai_level_from_id (const char  *id,
                                  ArbAiLevel  *level);
gboolean    arb_ai_choose        (const ArbState *state,
                                  ArbAiLevel      level,
                                  GRand          *rand,
                                  ArbMove        *move);

G_END_DECLS
