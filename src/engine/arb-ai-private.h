/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai-private.h: what the players share inside the engine. */
#pragma once

#include "arb-ai.h"

G_BEGIN_DECLS

/* The most actions of one decision: every card of a full hand on every free
 * cell. */
#define ARB_AI_MAX_ACTIONS ((ARB_HAND_SIZE + 2) * ARB_MAX_FREE_CELLS)

/* What a heuristic player weighs, in points. Easy, medium and hard's
 * candidate ranking differ only in these. */
typedef struct {
  gboolean guard;          /* weigh each species by the chance of keeping its right */
  double   block_weight;   /* the others' expected points against mine */
  double   right_spread;   /* how sharply a hand sum lead turns into a right kept */
  double   deck_bonus;     /* a deck draw over keeping the hand as it is */
  double   hand_potential; /* a card in hand of a species, up to hand_cap of them */
  guint    hand_cap;
  double   unplanted;      /* the same for a species not yet planted, as a share */
  double   planted_bonus;  /* a species planted: the start of a path */
  double   gift_planted;   /* discarding a species others have planted */
  double   gift_value;     /* and per value point of it */
  double   gift_other;     /* discarding any other card */
  double   keep;           /* how far the others are taken to keep their 8s, 7s, 6s and 1s */
} ArbAiWeights;

extern const ArbAiWeights arb_ai_weights_easy;
extern const ArbAiWeights arb_ai_weights_medium;
extern const ArbAiWeights arb_ai_weights_hard;

/* Every action the view's seat may take now, best first by the heuristic
 * with these weights, with their values. Returns how many. */
guint    arb_ai_rank_actions   (const ArbProjection *view,
                                const ArbAiWeights *weights,
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
void     arb_ai_play_out       (ArbState        *state,
                                guint64         *rng);
void     arb_ai_apply_policy_move (ArbState     *state,
                                   ArbMove      *move,
                                   guint64      *rng);

/* The candidates of a search at the root (hard's and expert's). Candidate
 * 0 is the heuristic's choice, and stays in to the end: every other is
 * measured by how much better it does on the same deals (paired
 * differences), and replaces it only when clearly better. */
#define ARB_AI_MAX_CANDIDATES 10

typedef struct {
  ArbMove  moves[ARB_AI_MAX_CANDIDATES];
  double   sums[ARB_AI_MAX_CANDIDATES];     /* of the differences to candidate 0 */
  double   squares[ARB_AI_MAX_CANDIDATES];
  guint    counts[ARB_AI_MAX_CANDIDATES];
  gboolean alive[ARB_AI_MAX_CANDIDATES];
  guint    n;
  guint    n_alive;
  double   bar;                             /* the gain that replaces candidate 0 */
} ArbAiCandidates;

double   arb_ai_candidates_mean       (const ArbAiCandidates *c,
                                       guint                  i);
double   arb_ai_candidates_confidence (const ArbAiCandidates *c,
                                       guint                  i);
void     arb_ai_candidates_halve      (ArbAiCandidates       *c);
/* Candidate i played on a copy of deal, into state; FALSE, and the
 * candidate dropped, if the deal refuses it. */
gboolean arb_ai_candidates_apply      (ArbAiCandidates       *c,
                                       guint                  i,
                                       const ArbState        *deal,
                                       ArbState              *state);

/* A finished game's worth to seat me, from 0 to 1: mostly winning, a
 * little the margin. */
double   arb_ai_playout_reward (const ArbState  *state,
                                guint            me);

gboolean arb_ai_search         (const ArbProjection   *view,
                                const ArbAiParams *params,
                                GCancellable      *cancellable,
                                ArbMove           *move,
                                ArbAiStats        *stats,
                                GError           **error);
gboolean arb_ai_expert         (const ArbProjection   *view,
                                const ArbAiParams *params,
                                GCancellable      *cancellable,
                                ArbMove           *move,
                                ArbAiStats        *stats,
                                GError           **error);

/* Newton's method: the engine links no libm. */
static inline double
arb_ai_sqrt (double x)
{
  double r = x > 1.0 ? x : 1.0;
  for (guint i = 0; i < 40; i++)
    r = 0.5 * (r + x / r);
  return r;
}

G_END_DECLS
