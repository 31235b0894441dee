/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai-search.c: the hard player.
 *
 * Monte Carlo over the seat's information set: each round deals the unseen
 * cards at random, consistently with the view (determinization), and plays
 * every surviving candidate action to the end of the game with the quick
 * playout policy for every player. All candidates of a round share the deal
 * and the playout's random numbers, so their difference shows through the
 * noise of the deal. Candidates come from the medium heuristic, best first;
 * the worse half is dropped each time the number of rounds doubles
 * (sequential halving), so the budget goes to the close calls.
 */
#include "config.h"

#include "arb-ai-private.h"

#define FIRST_CUT 24
/* Standard errors by which a candidate must clear the MIN_GAIN bar over the
 * heuristic's choice. */
#define REQUIRED_CONFIDENCE 1.5
/* The reward a challenger must gain over candidate 0 to replace it. The
 * playouts' quick policy plays far worse than the heuristic, so a small
 * gain in its games says little about real ones: in self-play against
 * medium, overriding on any significant gain lost about 10 points of win
 * rate, overriding on gains of 0.08 or more won one (docs/ai.md). */
#define MIN_GAIN 0.08
/* Near the end the playouts are short and the deals few, so the playouts
 * are close to the real game: below ENDGAME_DECK cards in the deck the bar
 * comes down linearly to ENDGAME_GAIN at an empty deck. */
#define ENDGAME_DECK 16
#define ENDGAME_GAIN 0.01
/* Standard errors beyond which a comparison is taken as decided. */
#define SETTLED_CONFIDENCE 4.0

double
arb_ai_playout_reward (const ArbState *state, guint me)
{
  ArbScoreSheet sheet;
  double win = 0.0;

  arb_state_score (state, &sheet);
  if (sheet.winners & (1u << me))
    win = 1.0 / __builtin_popcount (sheet.winners);
  /* Winning is what counts; the margin tells apart the games that are lost
   * or won anyway. */
  double margin = CLAMP ((double) arb_score_sheet_margin (&sheet, me), -20.0, 20.0);
  return 0.75 * win + 0.25 * (0.5 + margin / 40.0);
}

/* Applies a playout policy's move. The policies only make legal moves; a
 * random one keeps a bug there from hanging the search. */
void
arb_ai_apply_policy_move (ArbState *state, ArbMove *move, guint64 *rng)
{
  if (arb_state_apply (state, move, NULL, NULL))
    return;
  g_warn_if_reached ();
  arb_ai_choose_random (state, rng, move);
  arb_state_apply (state, move, NULL, NULL);
}

/* Plays state to its end with the quick playout policy: the search's and
 * the review's way to see where a deal leads. */
void
arb_ai_play_out (ArbState *state, guint64 *rng)
{
  ArbMove move;

  while (state->phase != ARB_PHASE_OVER)
    {
      arb_ai_policy_playout (state, rng, &move);
      arb_ai_apply_policy_move (state, &move, rng);
    }
}

static double
playout (ArbState *state, guint me, guint64 *rng)
{
  arb_ai_play_out (state, rng);
  return arb_ai_playout_reward (state, me);
}

/* Candidate 0 is medium's choice, and stays in to the end: every other
 * candidate is measured by how much better it does on the same deals
 * (paired differences), and replaces it only when clearly better. */
typedef ArbAiCandidates Candidates;

static double
mean (const Candidates *c, guint i)
{
  return arb_ai_candidates_mean (c, i);
}

double
arb_ai_candidates_mean (const ArbAiCandidates *c, guint i)
{
  return c->counts[i] > 0 ? c->sums[i] / c->counts[i] : 0.0;
}

/* The standard error of candidate i's mean difference, or 0 while unknown. */
static double
std_error (const Candidates *c, guint i)
{
  guint n = c->counts[i];
  if (n < 2)
    return 0.0;
  double m = c->sums[i] / n;
  double variance = (c->squares[i] - n * m * m) / (n - 1);
  return variance > 1e-12 ? arb_ai_sqrt (variance / n) : 0.0;
}

/* How sure candidate i beats candidate 0 by at least the bar, in standard
 * errors. */
double
arb_ai_candidates_confidence (const ArbAiCandidates *c, guint i)
{
  if (c->counts[i] < 2)
    return 0.0;
  double gain = mean (c, i) - c->bar;
  double se = std_error (c, i);
  if (se == 0.0)
    return gain > 0 ? G_MAXDOUBLE : -G_MAXDOUBLE;
  return gain / se;
}

static double
confidence (const Candidates *c, guint i)
{
  return arb_ai_candidates_confidence (c, i);
}

/* Whether more rounds would change nothing: every challenger left is far
 * below the bar over candidate 0 but at most one, far above it. The
 * budget is a limit, not a target; a clear choice is played at once. */
static gboolean
settled (const Candidates *c)
{
  guint sure_better = 0;

  for (guint i = 1; i < c->n; i++)
    {
      if (!c->alive[i])
        continue;
      if (c->counts[i] < FIRST_CUT)
        return FALSE;
      double sure = confidence (c, i);
      if (sure >= SETTLED_CONFIDENCE)
        sure_better++;
      else if (sure > -SETTLED_CONFIDENCE)
        return FALSE;
    }
  return sure_better <= 1;
}

/* Drops the worse half of the living candidates, keeping at least two. */
void
arb_ai_candidates_halve (ArbAiCandidates *c)
{
  guint keep = MAX (2u, (c->n_alive + 1) / 2);

  while (c->n_alive > keep)
    {
      guint worst = G_MAXUINT;
      for (guint i = 1; i < c->n; i++)
        if (c->alive[i] && (worst == G_MAXUINT || mean (c, i) <= mean (c, worst)))
          worst = i;
      c->alive[worst] = FALSE;
      c->n_alive--;
    }
}

/* Candidate i played on a copy of the deal. The ranking offers only legal
 * moves; one the deal refuses is a bug, and is dropped rather than played. */
gboolean
arb_ai_candidates_apply (ArbAiCandidates *c, guint i, const ArbState *deal, ArbState *state)
{
  *state = *deal;
  if (arb_state_apply (state, &c->moves[i], NULL, NULL))
    return TRUE;
  g_warn_if_reached ();
  c->alive[i] = FALSE;
  c->n_alive--;
  return FALSE;
}

static guint
best_candidate (const Candidates *c)
{
  guint best = 0;
  for (guint i = 1; i < c->n; i++)
    if (c->alive[i] && mean (c, i) > 0 && (best == 0 || mean (c, i) > mean (c, best)))
      best = i;
  return best > 0 && confidence (c, best) >= REQUIRED_CONFIDENCE ? best : 0;
}

/* One deal, every living candidate played out on it. Returns the playouts. */
static guint
search_round (const ArbProjection *view, Candidates *c, guint64 *rng, guint limit)
{
  ArbState deal;
  guint done = 0;

  arb_projection_determinize (view, rng, &deal);
  guint64 shared = arb_rng_next (rng);
  double base = 0.0;
  for (guint i = 0; i < c->n && done < limit; i++)
    {
      if (!c->alive[i])
        continue;
      ArbState state;
      guint64 playout_rng = shared;
      if (!arb_ai_candidates_apply (c, i, &deal, &state))
        continue;
      double reward = playout (&state, view->viewer, &playout_rng);
      done++;
      if (i == 0)
        {
          base = reward;
          continue;
        }
      c->sums[i] += reward - base;
      c->squares[i] += (reward - base) * (reward - base);
      c->counts[i]++;
    }
  return done;
}

static double
gain_bar (const ArbState *state)
{
  if (state->deck.n >= ENDGAME_DECK)
    return MIN_GAIN;
  return ENDGAME_GAIN + (MIN_GAIN - ENDGAME_GAIN) * state->deck.n / ENDGAME_DECK;
}

gboolean
arb_ai_search (const ArbProjection *view, const ArbAiParams *params, GCancellable *cancellable,
               ArbMove *move, ArbAiStats *stats, GError **error)
{
  gint64 start = g_get_monotonic_time ();
  guint budget_ms = params->budget_ms > 0 ? params->budget_ms : ARB_AI_DEFAULT_BUDGET_MS;
  gint64 deadline = start + (gint64) budget_ms * 1000;
  guint64 rng = params->seed ^ G_GUINT64_CONSTANT (0x5DEECE66D);
  Candidates c = { 0 };
  guint playouts = 0, rounds = 0, next_cut = FIRST_CUT;

  c.n = arb_ai_rank_actions (view, &arb_ai_weights_hard, &rng, c.moves, NULL, ARB_AI_MAX_CANDIDATES);
  if (c.n == 0)
    return FALSE;
  c.bar = gain_bar (&view->state);
  for (guint i = 0; i < c.n; i++)
    c.alive[i] = TRUE;
  c.n_alive = c.n;

  while (c.n_alive > 1)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (params->playouts > 0 ? playouts >= params->playouts : g_get_monotonic_time () >= deadline)
        break;
      guint limit = params->playouts > 0 ? params->playouts - playouts : G_MAXUINT;
      playouts += search_round (view, &c, &rng, limit);
      if (++rounds == next_cut)
        {
          arb_ai_candidates_halve (&c);
          next_cut *= 2;
        }
      if (params->playouts == 0 && rounds % 16 == 0 && settled (&c))
        break;
    }

  *move = c.moves[best_candidate (&c)];
  if (stats != NULL)
    {
      stats->playouts = playouts;
      stats->elapsed_us = g_get_monotonic_time () - start;
    }
  return TRUE;
}
