/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai-expert.c: the expert player.
 *
 * Information-set Monte Carlo at the root, like hard, with three things hard
 * lacks:
 *
 * - an opponent model: the unseen cards are not dealt uniformly. A player
 *   keeps what wins rights (8s, 1s, 7s) and the cards of species it has
 *   planted, and lets go of the species it throws away; so each deal puts
 *   such cards into the hidden part of its hand more often than into the
 *   deck. Only the view goes into it: its arboreta and discard piles.
 * - playouts that play well where it matters: the rest of this turn, and
 *   the last turns of the game, are the hard heuristic's choices from the
 *   mover's own view of the deal (so the rights to score, the 1 against the
 *   8 and the gifts to the next player are weighed by a player who knows
 *   them), the rest the quick policy's; the end of the game is scored by
 *   the rules.
 * - a clock on the processor: the budget is the thread's CPU time, so a
 *   busy machine does not weaken it, and a wall clock limit (one and a
 *   half times that unless given) keeps a loaded machine from stretching
 *   a decision: the bot's referee clocks the wall.
 *
 * The heuristic's first choice stays in to the end; another candidate
 * replaces it only when clearly better on the same deals.
 */
#include "config.h"

#include <time.h>

#include "arb-ai-private.h"

#define MAX_CANDIDATES 8
#define FIRST_CUT 16
/* The gain in reward over the heuristic's first choice that replaces it,
 * at REQUIRED_CONFIDENCE standard errors. The playouts play the next moves
 * well, so the bar is far lower than hard's. */
#define MIN_GAIN 0.03
#define REQUIRED_CONFIDENCE 1.5
/* Below this many cards in the deck, every move of a playout is the
 * heuristic's. */
#define ENDGAME_DECK 2
/* How much more often a card a player would keep is in its hand than in
 * the deck, by value (1 to 8). */
static const double keep_weight[ARB_N_VALUES] = { 1.6, 1.0, 1.0, 1.0, 1.0, 1.15, 1.4, 2.0 };
#define PLANTED_WEIGHT 1.5
#define DISCARDED_WEIGHT 0.6

typedef ArbAiCandidates Candidates;

typedef struct {
  const ArbProjection *view;
  double   weights[ARB_MAX_PLAYERS][ARB_N_CARDS]; /* the opponent model */
  gint64   cpu_deadline;
  gint64   wall_deadline;
  guint    playout_limit;                        /* 0: watch the clocks */
  guint    playouts;
} Search;

static gint64
thread_cpu_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* ---- the opponent model ---------------------------------------------------- */

/* How many cards of each species player p has let go of: its discard pile. */
static void
count_discarded (const ArbState *s, guint p, guint *counts)
{
  const ArbPile *pile = &s->discards[p];

  for (guint i = 0; i < pile->n; i++)
    counts[arb_card_species (pile->cards[i])]++;
}

static void
model_init (Search *search)
{
  const ArbState *s = &search->view->state;

  for (guint p = 0; p < s->n_players; p++)
    {
      guint discarded[ARB_N_SPECIES] = { 0 };
      ArbSpeciesMask planted = arb_arboretum_species (&s->arboreta[p]);

      count_discarded (s, p, discarded);
      for (ArbCard c = 0; c < ARB_N_CARDS; c++)
        {
          ArbSpecies sp = arb_card_species (c);
          double w = keep_weight[arb_card_value (c) - 1];
          if (planted & (1u << sp))
            w *= PLANTED_WEIGHT;
          /* Two cards of a species thrown away, none planted: not wanted. */
          else if (discarded[sp] >= 2)
            w *= DISCARDED_WEIGHT;
          search->weights[p][c] = w;
        }
    }
}

/* Takes one card from pool[0..n) at random, each in proportion to its
 * weight for player p, and moves the last card into its place. */
static ArbCard
take_weighted (const Search *search, guint p, ArbCard *pool, guint n, guint64 *rng)
{
  double total = 0.0;

  for (guint i = 0; i < n; i++)
    total += search->weights[p][pool[i]];
  double r = total * (double) (arb_rng_next (rng) >> 11) / (double) (G_GUINT64_CONSTANT (1) << 53);
  guint i = 0;
  for (; i + 1 < n; i++)
    {
      r -= search->weights[p][pool[i]];
      if (r < 0)
        break;
    }
  ArbCard card = pool[i];
  pool[i] = pool[n - 1];
  return card;
}

/* A full position consistent with the view, the hidden parts of the hands
 * dealt by the opponent model, the rest shuffled into the deck. */
static void
determinize (const Search *search, guint64 *rng, ArbState *state)
{
  const ArbProjection *view = search->view;
  ArbCard pool[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&view->unseen, pool);

  *state = view->state;
  for (guint p = 0; p < view->state.n_players; p++)
    for (guint k = arb_projection_n_hidden (view, p); k > 0 && n > 0; k--, n--)
      arb_card_set_add (&state->hands[p], take_weighted (search, p, pool, n, rng));
  state->deck.n = 0;
  while (n > 0)
    {
      guint j = arb_rng_below (rng, n);
      state->deck.cards[state->deck.n++] = pool[j];
      pool[j] = pool[--n];
    }
}

/* ---- the playouts ---------------------------------------------------------- */

/* The hard heuristic's move for whoever is to move in a complete position,
 * from that player's own view of it: its hand and the public cards. */
static void
heuristic_move (const ArbState *state, guint64 *rng, ArbMove *move)
{
  ArbKnowledge none;
  ArbProjection view;

  arb_knowledge_init (&none);
  arb_projection_init_known (&view, state, state->current, &none);
  if (arb_ai_rank_actions (&view, &arb_ai_weights_hard, rng, move, NULL, 1) != 1)
    arb_ai_choose_random (state, rng, move);
}

/* Plays state to the end: the rest of my turn (the play and discard
 * after a draw, the discard after a play) by the heuristic, so that a card
 * taken is used as a good player would; the others and my later turns by
 * the quick policy, but the last turns by the heuristic again. The
 * heuristic costs about a millisecond a move, the quick policy a few
 * microseconds: more of it would leave too few deals to compare. */
static void
expert_play_out (ArbState *state, guint me, guint64 *rng)
{
  guint16 my_turn = state->turn;

  while (state->phase != ARB_PHASE_OVER)
    {
      ArbMove move;
      gboolean mine_now = state->current == me && state->turn == my_turn;
      if (mine_now || state->deck.n < ENDGAME_DECK)
        heuristic_move (state, rng, &move);
      else
        arb_ai_policy_playout (state, rng, &move);
      arb_ai_apply_policy_move (state, &move, rng);
    }
}

/* ---- the choice ------------------------------------------------------------ */

/* The challenger with the best mean gain, when surely above the bar;
 * else the heuristic's choice. */
static guint
best_candidate (const Candidates *c)
{
  guint best = 0;

  for (guint i = 1; i < c->n; i++)
    if (c->alive[i] && c->counts[i] >= 2
        && (best == 0 || arb_ai_candidates_mean (c, i) > arb_ai_candidates_mean (c, best)))
      best = i;
  return best > 0 && arb_ai_candidates_confidence (c, best) >= REQUIRED_CONFIDENCE ? best : 0;
}

static gboolean
out_of_budget (const Search *search)
{
  if (search->playout_limit > 0)
    return search->playouts >= search->playout_limit;
  return thread_cpu_us () >= search->cpu_deadline || g_get_monotonic_time () >= search->wall_deadline;
}

/* One deal, every candidate alive played out on it with the same random
 * numbers. Stops halfway when the budget runs out: a round cut short
 * counts nothing. */
static void
search_round (Search *search, Candidates *c, guint64 *rng)
{
  double rewards[ARB_AI_MAX_CANDIDATES];
  ArbState deal;
  guint me = search->view->viewer;

  determinize (search, rng, &deal);
  guint64 shared = arb_rng_next (rng);
  for (guint i = 0; i < c->n; i++)
    {
      if (!c->alive[i])
        continue;
      if (i > 0 && out_of_budget (search))
        return;
      ArbState state;
      guint64 playout_rng = shared;
      if (!arb_ai_candidates_apply (c, i, &deal, &state))
        continue;
      expert_play_out (&state, me, &playout_rng);
      rewards[i] = arb_ai_playout_reward (&state, me);
      search->playouts++;
    }
  for (guint i = 1; i < c->n; i++)
    if (c->alive[i])
      {
        double d = rewards[i] - rewards[0];
        c->sums[i] += d;
        c->squares[i] += d * d;
        c->counts[i]++;
      }
}

static void
search_init (Search *search, const ArbProjection *view, const ArbAiParams *params)
{
  guint budget_ms = params->budget_ms > 0 ? params->budget_ms : ARB_AI_EXPERT_BUDGET_MS;
  guint wall_ms = params->wall_ms > 0 ? params->wall_ms : budget_ms + budget_ms / 2;

  search->view = view;
  search->playout_limit = params->playouts;
  search->playouts = 0;
  search->cpu_deadline = thread_cpu_us () + (gint64) budget_ms * 1000;
  search->wall_deadline = g_get_monotonic_time () + (gint64) wall_ms * 1000;
  model_init (search);
}

gboolean
arb_ai_expert (const ArbProjection *view, const ArbAiParams *params, GCancellable *cancellable,
               ArbMove *move, ArbAiStats *stats, GError **error)
{
  gint64 start = g_get_monotonic_time ();
  guint64 rng = params->seed ^ G_GUINT64_CONSTANT (0x2545F4914F6CDD1D);
  g_autofree Search *search = g_new (Search, 1);
  Candidates c = { 0 };
  guint rounds = 0, next_cut = FIRST_CUT;

  /* Q never moves: the solo game is hard's search. */
  if (view->state.variant == ARB_VARIANT_SOLO)
    return arb_ai_search (view, params, cancellable, move, stats, error);

  c.n = arb_ai_rank_actions (view, &arb_ai_weights_hard, &rng, c.moves, NULL, MAX_CANDIDATES);
  if (c.n == 0)
    return FALSE;
  c.bar = MIN_GAIN;
  for (guint i = 0; i < c.n; i++)
    c.alive[i] = TRUE;
  c.n_alive = c.n;
  search_init (search, view, params);

  while (c.n_alive > 1 && !out_of_budget (search))
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      search_round (search, &c, &rng);
      if (++rounds == next_cut)
        {
          arb_ai_candidates_halve (&c);
          next_cut *= 2;
        }
    }

  *move = c.moves[best_candidate (&c)];
  if (stats != NULL)
    {
      stats->playouts = search->playouts;
      stats->elapsed_us = g_get_monotonic_time () - start;
    }
  return TRUE;
}
