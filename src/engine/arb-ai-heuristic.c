/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-ai-heuristic.c: the easy and medium players, and the quick playout
 * policy of the search.
 *
 * Both heuristics value a position of their own seat as the points of the
 * best path of every species, each weighted by the chance of keeping the
 * right to score it (medium only: easy counts every right as kept), less
 * what the others stand to score (medium only). They only ever look at the
 * view: own hand, public cards, known cards and how many are unseen.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arb-ai-private.h"

/* Easy counts every right as kept and likes the deck; medium guards its
 * rights and blocks. */
const ArbAiWeights arb_ai_weights_easy = {
  .guard = FALSE, .deck_bonus = 3.0, .hand_potential = 0.5, .hand_cap = 3, .unplanted = 0.6,
};

const ArbAiWeights arb_ai_weights_medium = {
  .guard = TRUE, .block_weight = 0.6, .right_spread = 2.5, .deck_bonus = 1.0,
  .hand_potential = 0.5, .hand_cap = 3, .unplanted = 0.6,
  .gift_planted = 0.5, .gift_value = 1.0 / 16.0, .gift_other = 0.1,
};

/* Hard ranks its candidates with weights tuned in self-play against medium
 * (docs/ai.md): it blocks more, values a species already planted as the
 * start of a path, cares less for cards of species it has not planted, and
 * prefers the deck to a discard pile more strongly. And it expects the
 * others to keep the cards that win rights (keep), as strong players do:
 * against the referee's adapting-double-spite bot, 300 to 400 games each,
 * keep 0 won 85.3%, 0.5 88.7%, 1 89.7% and 86.8%, 1.5 90.3%. */
const ArbAiWeights arb_ai_weights_hard = {
  .guard = TRUE, .block_weight = 0.9, .right_spread = 2.5, .deck_bonus = 3.0,
  .hand_potential = 0.5, .hand_cap = 3, .unplanted = 0.3, .planted_bonus = 1.5,
  .gift_planted = 0.5, .gift_value = 1.0 / 16.0, .gift_other = 0.1, .keep = 1.5,
};

/* How surely a player who has drawn a card of this value keeps it: an 8
 * wins a right, a 1 takes an 8's value away, 7s and 6s weigh in hand sums;
 * the 2s to 5s are what players let go of. */
static const double keep_by_value[ARB_N_VALUES] = { 0.6, 0, 0, 0, 0, 0.3, 0.7, 1.0 };

typedef struct {
  const ArbProjection *view;
  const ArbState  *s;
  guint            me;
  const ArbAiWeights *w;
  gboolean         solo;
  guint            n_species;
  ArbSpecies       species[ARB_N_SPECIES];
  double           opp_sum[ARB_MAX_PLAYERS][ARB_N_SPECIES]; /* expected hand sums */
  double           hidden_share[ARB_MAX_PLAYERS]; /* hidden cards / unseen cards */
  double           hold[ARB_MAX_PLAYERS][ARB_N_VALUES]; /* chance an unseen card of this value is p's */
  guint8           opp_paths[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  ArbSpeciesMask   opp_species;
  gboolean         q_done[ARB_N_CARDS];
  double           q_gain[ARB_N_CARDS];
  gint8            q_cell[ARB_N_CARDS][2];
} Eval;

typedef struct {
  ArbMove move;
  double  value;
} Ranked;

/* A sigmoid from 0 to 1 without libm: only its shape matters here. */
static double
logistic (double x)
{
  return 0.5 + 0.5 * x / (1.0 + fabs (x));
}

/* The chance that an unseen card player p never lets go of is in p's hand:
 * what p has been dealt and drawn from the deck so far (about a share of
 * the cards that left it), against the cards still in the deck. A card p
 * may have let go of is in p's hand with its plain share of the hidden
 * cards, hidden_share. Only public counts: the view's deck and players. */
static double
keeper_share (const ArbState *s)
{
  guint n_cards = (guint) __builtin_popcount (s->species) * ARB_N_VALUES;
  guint dealt = s->n_players * ARB_HAND_SIZE;

  if (s->variant == ARB_VARIANT_SOLO || n_cards < dealt + s->deck.n)
    return 0.0;
  double held = ARB_HAND_SIZE + (double) (n_cards - dealt - s->deck.n) / s->n_players;
  return held / ((s->n_players - 1) * held + s->deck.n);
}

/* The chance that each unseen value is in player p's hidden hand: its
 * plain share, moved towards keeper_share () as far as such a card is
 * kept and the weights expect the others to keep cards. */
static void
eval_init_hold (Eval *e, guint p)
{
  double keeper = MAX (keeper_share (e->s), e->hidden_share[p]);

  for (guint v = 0; v < ARB_N_VALUES; v++)
    e->hold[p][v] = MIN (1.0, e->hidden_share[p]
                              + e->w->keep * keep_by_value[v] * (keeper - e->hidden_share[p]));
}

/* The expected sum of species sp in player p's hand, the known cards and
 * the unseen ones by their chance of being there. */
static double
expected_sum (const Eval *e, guint p, ArbSpecies sp)
{
  guint8 unseen = arb_card_set_species_bits (&e->view->unseen, sp);
  double sum = arb_card_set_species_sum (&e->s->hands[p], sp);

  /* Without keeping, every unseen card has the same share: summed as such,
   * so that easy and medium play as they always did. */
  if (e->w->keep == 0.0)
    return sum + e->hidden_share[p] * arb_card_set_species_sum (&e->view->unseen, sp);
  for (guint v = 0; v < ARB_N_VALUES; v++)
    if (unseen & (1u << v))
      sum += (v + 1) * e->hold[p][v];
  return sum;
}

static void
eval_init (Eval *e, const ArbProjection *view, const ArbAiWeights *weights)
{
  const ArbState *s = &view->state;
  guint unseen_n = arb_card_set_count (&view->unseen);

  memset (e, 0, sizeof *e);
  e->view = view;
  e->s = s;
  e->me = view->viewer;
  e->w = weights;
  e->solo = s->variant == ARB_VARIANT_SOLO;
  for (guint sp = 0; sp < ARB_N_SPECIES; sp++)
    if (s->species & (1u << sp))
      e->species[e->n_species++] = (ArbSpecies) sp;

  for (guint p = 0; p < s->n_players; p++)
    {
      if (p == e->me)
        continue;
      guint hidden = arb_projection_n_hidden (view, p);
      e->hidden_share[p] = unseen_n > 0 ? (double) hidden / unseen_n : 0.0;
      eval_init_hold (e, p);
      for (guint i = 0; i < e->n_species; i++)
        e->opp_sum[p][e->species[i]] = expected_sum (e, p, e->species[i]);
      arb_arboretum_best_paths (&s->arboreta[p], e->opp_paths[p]);
      e->opp_species |= arb_arboretum_species (&s->arboreta[p]);
    }
}

/* The chance that some other player holds card: known, or unseen and dealt
 * to a hidden part of a hand. */
static double
others_hold (const Eval *e, ArbCard card)
{
  double chance = 0.0;
  if (arb_card_set_contains (&e->view->unseen, card))
    {
      for (guint p = 0; p < e->s->n_players; p++)
        if (p != e->me)
          chance += e->hold[p][arb_card_value (card) - 1];
      return MIN (chance, 1.0);
    }
  for (guint p = 0; p < e->s->n_players; p++)
    if (p != e->me && arb_card_set_contains (&e->s->hands[p], card))
      return 1.0;
  return 0.0;
}

/* The expected sum of species sp in the hand of player p (not me), where
 * an 8 counts nothing while I hold the 1. */
static double
opponent_sum (const Eval *e, guint p, ArbSpecies sp, gboolean i_hold_one)
{
  double sum = e->opp_sum[p][sp];
  if (i_hold_one)
    {
      ArbCard eight = arb_card_new (sp, ARB_N_VALUES);
      if (arb_card_set_contains (&e->s->hands[p], eight))
        sum -= ARB_N_VALUES;
      else if (arb_card_set_contains (&e->view->unseen, eight))
        sum -= ARB_N_VALUES * e->hold[p][ARB_N_VALUES - 1];
    }
  return sum;
}

/* The value of my position with these path points and this hand. */
static double
eval_position (const Eval *e, const guint8 *paths, ArbSpeciesMask planted, const ArbCardSet *hand)
{
  double value = 0.0;

  for (guint i = 0; i < e->n_species; i++)
    {
      ArbSpecies sp = e->species[i];
      guint8 bits = arb_card_set_species_bits (hand, sp);
      guint count = (guint) __builtin_popcount (bits);
      double potential = e->w->hand_potential * MIN (count, e->w->hand_cap)
                         * ((planted & (1u << sp)) ? 1.0 : e->w->unplanted);
      if (planted & (1u << sp))
        potential += e->w->planted_bonus;

      if (!e->w->guard)
        {
          value += paths[sp] + potential;
          continue;
        }

      double mine = arb_card_set_species_sum (hand, sp);
      if (bits & 0x80)
        mine -= ARB_N_VALUES * others_hold (e, arb_card_new (sp, 1));
      double best_other = 0.0;
      double loss = 0.0;
      for (guint p = 0; p < e->s->n_players; p++)
        {
          if (p == e->me)
            continue;
          double theirs = opponent_sum (e, p, sp, bits & 1);
          best_other = MAX (best_other, theirs);
          loss += logistic ((theirs - mine + 0.5) / e->w->right_spread) * e->opp_paths[p][sp];
        }
      double right = logistic ((mine - best_other + 0.5) / e->w->right_spread);
      value += right * (paths[sp] + potential) - e->w->block_weight * loss;
    }
  return value;
}

/* What a discarded card may give the next player (not in solo). */
static double
gift_penalty (const Eval *e, ArbCard card)
{
  if (!e->w->guard || e->solo)
    return 0.0;
  if (e->opp_species & (1u << arb_card_species (card)))
    return e->w->gift_planted + arb_card_value (card) * e->w->gift_value;
  return e->w->gift_other;
}

/* Solo: the least that card can add to Q's paths, and where. */
static double
q_gain (Eval *e, ArbCard card)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  ArbArboretum q;
  guint8 before[ARB_N_SPECIES], after[ARB_N_SPECIES];

  if (!e->solo)
    return 0.0;
  if (e->q_done[card])
    return e->q_gain[card];

  q = e->s->arboreta[ARB_SOLO_Q];
  arb_arboretum_best_paths (&q, before);
  guint n = arb_arboretum_free_cells (&q, xy);
  double best = G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      arb_arboretum_place (&q, card, xy[2 * i], xy[2 * i + 1]);
      arb_arboretum_best_paths (&q, after);
      q.n--;
      double gain = 0.0;
      for (guint k = 0; k < e->n_species; k++)
        gain += after[e->species[k]] - before[e->species[k]];
      if (gain < best)
        {
          best = gain;
          e->q_cell[card][0] = xy[2 * i];
          e->q_cell[card][1] = xy[2 * i + 1];
        }
    }
  e->q_done[card] = TRUE;
  e->q_gain[card] = best;
  return best;
}

static double
discard_value (Eval *e, const guint8 *paths, ArbSpeciesMask planted,
               const ArbCardSet *hand, ArbCard card)
{
  ArbCardSet rest = *hand;
  arb_card_set_remove (&rest, card);
  return eval_position (e, paths, planted, &rest) - gift_penalty (e, card) - q_gain (e, card);
}

static double
best_discard_value (Eval *e, const guint8 *paths, ArbSpeciesMask planted, const ArbCardSet *hand)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (hand, cards);
  double best = -G_MAXDOUBLE;

  if (n == 0)
    return eval_position (e, paths, planted, hand);
  for (guint i = 0; i < n; i++)
    best = MAX (best, discard_value (e, paths, planted, hand, cards[i]));
  return best;
}

/* Every play of hand into my arboretum, valued with the best discard after
 * it; out (when given) receives them all, and the best value returns. */
static double
rank_plays (Eval *e, const ArbCardSet *hand, Ranked *out, guint *n_out)
{
  ArbArboretum mine = e->s->arboreta[e->me];
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  ArbCard cards[ARB_N_CARDS];
  guint n_cells = arb_arboretum_free_cells (&mine, xy);
  guint n_cards = arb_card_set_to_array (hand, cards);
  ArbSpeciesMask planted = arb_arboretum_species (&mine);
  double best = -G_MAXDOUBLE;
  guint8 paths[ARB_N_SPECIES];

  for (guint c = 0; c < n_cards; c++)
    {
      ArbCardSet rest = *hand;
      arb_card_set_remove (&rest, cards[c]);
      ArbSpeciesMask with = planted | (ArbSpeciesMask) (1u << arb_card_species (cards[c]));
      for (guint i = 0; i < n_cells; i++)
        {
          arb_arboretum_place (&mine, cards[c], xy[2 * i], xy[2 * i + 1]);
          arb_arboretum_best_paths (&mine, paths);
          mine.n--;
          double value = best_discard_value (e, paths, with, &rest);
          best = MAX (best, value);
          if (out != NULL)
            {
              out[*n_out].move = arb_move_play (cards[c], xy[2 * i], xy[2 * i + 1]);
              out[*n_out].value = value;
              (*n_out)++;
            }
        }
    }
  return best;
}

static guint
rank_discards (Eval *e, Ranked *out)
{
  const ArbArboretum *mine = &e->s->arboreta[e->me];
  const ArbCardSet *hand = &e->s->hands[e->me];
  ArbCard cards[ARB_N_CARDS];
  guint8 paths[ARB_N_SPECIES];
  guint n = arb_card_set_to_array (hand, cards);
  ArbSpeciesMask planted = arb_arboretum_species (mine);

  arb_arboretum_best_paths (mine, paths);
  for (guint i = 0; i < n; i++)
    {
      double value = discard_value (e, paths, planted, hand, cards[i]);
      out[i].move = arb_move_discard (cards[i], 0, 0);
      if (e->solo)
        {
          out[i].move.x = e->q_cell[cards[i]][0];
          out[i].move.y = e->q_cell[cards[i]][1];
        }
      out[i].value = value;
    }
  return n;
}

/* A discard pile's top card is worth what it adds to the best play; the deck
 * is worth a bonus over keeping the hand as it is, an unknown card being on
 * average useful too. */
static guint
rank_draws (Eval *e, Ranked *out)
{
  const ArbCardSet *hand = &e->s->hands[e->me];
  gint8 sources[1 + ARB_MAX_PLAYERS];
  guint n = arb_state_legal_sources (e->s, sources);
  double keep = n > 0 ? rank_plays (e, hand, NULL, NULL) : 0.0;

  for (guint i = 0; i < n; i++)
    {
      out[i].move = arb_move_draw (sources[i]);
      if (sources[i] == ARB_SOURCE_DECK)
        {
          out[i].value = keep + e->w->deck_bonus;
          continue;
        }
      ArbCardSet more = *hand;
      arb_card_set_add (&more, arb_pile_top (&e->s->discards[sources[i]]));
      out[i].value = rank_plays (e, &more, NULL, NULL);
    }
  return n;
}

static int
compare_ranked (const void *a, const void *b)
{
  double va = ((const Ranked *) a)->value, vb = ((const Ranked *) b)->value;
  return va < vb ? 1 : va > vb ? -1 : 0;
}

guint
arb_ai_rank_actions (const ArbProjection *view, const ArbAiWeights *weights, guint64 *rng,
                     ArbMove *moves, double *values, guint max)
{
  g_autofree Ranked *ranked = g_new (Ranked, ARB_AI_MAX_ACTIONS);
  g_autofree Eval *e = g_new (Eval, 1);
  guint n = 0;

  eval_init (e, view, weights);
  switch (view->state.phase)
    {
    case ARB_PHASE_DRAW:
      n = rank_draws (e, ranked);
      break;
    case ARB_PHASE_PLAY:
      rank_plays (e, &view->state.hands[view->viewer], ranked, &n);
      break;
    case ARB_PHASE_DISCARD:
      n = rank_discards (e, ranked);
      break;
    case ARB_PHASE_OVER:
    default:
      return 0;
    }
  /* Equal values are broken at random, the same way for the same seed. */
  for (guint i = 0; i < n; i++)
    ranked[i].value += 1e-6 * arb_rng_below (rng, 1000);
  qsort (ranked, n, sizeof *ranked, compare_ranked);
  n = MIN (n, max);
  for (guint i = 0; i < n; i++)
    {
      moves[i] = ranked[i].move;
      if (values != NULL)
        values[i] = ranked[i].value;
    }
  return n;
}

static ArbCard
random_card (const ArbCardSet *hand, guint64 *rng)
{
  return arb_card_set_nth (hand, arb_rng_below (rng, arb_card_set_count (hand)));
}

static void
random_cell (const ArbArboretum *arboretum, guint64 *rng, ArbMove *move)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n = arb_arboretum_free_cells (arboretum, xy);
  guint i = arb_rng_below (rng, n);
  move->x = xy[2 * i];
  move->y = xy[2 * i + 1];
}

/* Every legal action has the same chance. */
gboolean
arb_ai_choose_random (const ArbState *state, guint64 *rng, ArbMove *move)
{
  gint8 sources[1 + ARB_MAX_PLAYERS];
  guint n;

  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      n = arb_state_legal_sources (state, sources);
      if (n == 0)
        return FALSE;
      *move = arb_move_draw (sources[arb_rng_below (rng, n)]);
      return TRUE;
    case ARB_PHASE_PLAY:
      *move = arb_move_play (random_card (&state->hands[state->current], rng), 0, 0);
      random_cell (&state->arboreta[state->current], rng, move);
      return TRUE;
    case ARB_PHASE_DISCARD:
      *move = arb_move_discard (random_card (&state->hands[state->current], rng), 0, 0);
      if (state->variant == ARB_VARIANT_SOLO)
        random_cell (&state->arboreta[ARB_SOLO_Q], rng, move);
      return TRUE;
    case ARB_PHASE_OVER:
    default:
      return FALSE;
    }
}

/* Playouts must be cheap (thousands a second), so no path search here:
 * take a discard of a species already planted now and then, else the deck. */
static void
playout_draw (const ArbState *s, guint64 *rng, ArbMove *move)
{
  gint8 sources[1 + ARB_MAX_PLAYERS];
  guint n = arb_state_legal_sources (s, sources);
  ArbSpeciesMask planted = arb_arboretum_species (&s->arboreta[s->current]);

  for (guint i = 0; i < n; i++)
    {
      if (sources[i] == ARB_SOURCE_DECK)
        continue;
      ArbCard top = arb_pile_top (&s->discards[sources[i]]);
      if ((planted & (1u << arb_card_species (top))) && arb_rng_below (rng, 4) == 0)
        {
          *move = arb_move_draw (sources[i]);
          return;
        }
    }
  *move = arb_move_draw (s->deck.n > 0 ? ARB_SOURCE_DECK : sources[arb_rng_below (rng, n)]);
}

/* Next to a card of the same species, the closer the values the better: a
 * close value leaves the path room to grow on both sides. */
static void
playout_play (const ArbState *s, guint64 *rng, ArbMove *move)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  const ArbArboretum *mine = &s->arboreta[s->current];
  const ArbCardSet *hand = &s->hands[s->current];
  guint best = 0;

  if (arb_rng_below (rng, 10) > 0)
    for (guint i = 0; i < mine->n; i++)
      {
        ArbCard placed = mine->cells[i].card;
        guint8 bits = arb_card_set_species_bits (hand, arb_card_species (placed));
        if (bits == 0)
          continue;
        for (guint d = 0; d < 4; d++)
          {
            int x = mine->cells[i].x + dirs[d][0], y = mine->cells[i].y + dirs[d][1];
            if (ABS (x) > ARB_COORD_LIMIT || ABS (y) > ARB_COORD_LIMIT
                || arb_arboretum_index_at (mine, x, y) >= 0)
              continue;
            for (guint v = 0; v < ARB_N_VALUES; v++)
              {
                if (!(bits & (1u << v)) || v + 1 == arb_card_value (placed))
                  continue;
                guint gap = (guint) ABS ((int) v + 1 - (int) arb_card_value (placed));
                guint score = (ARB_N_VALUES - gap) * 8 + arb_rng_below (rng, 8);
                if (score > best)
                  {
                    best = score;
                    *move = arb_move_play (arb_card_new (arb_card_species (placed), v + 1), x, y);
                  }
              }
          }
      }
  if (best > 0)
    return;
  *move = arb_move_play (random_card (hand, rng), 0, 0);
  random_cell (mine, rng, move);
}

/* Keep high cards of planted species (they hold the right to score); let go
 * of low cards of the others. */
static void
playout_discard (const ArbState *s, guint64 *rng, ArbMove *move)
{
  const ArbCardSet *hand = &s->hands[s->current];
  ArbSpeciesMask planted = arb_arboretum_species (&s->arboreta[s->current]);
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (hand, cards);
  guint best = G_MAXUINT;
  ArbCard chosen = cards[0];

  for (guint i = 0; i < n; i++)
    {
      guint keep = arb_card_value (cards[i]) * 4 + arb_rng_below (rng, 6);
      if (planted & (1u << arb_card_species (cards[i])))
        keep += 24;
      if (keep < best)
        {
          best = keep;
          chosen = cards[i];
        }
    }
  *move = arb_move_discard (chosen, 0, 0);
  if (s->variant == ARB_VARIANT_SOLO)
    random_cell (&s->arboreta[ARB_SOLO_Q], rng, move);
}

void
arb_ai_policy_playout (const ArbState *state, guint64 *rng, ArbMove *move)
{
  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      playout_draw (state, rng, move);
      break;
    case ARB_PHASE_PLAY:
      playout_play (state, rng, move);
      break;
    case ARB_PHASE_DISCARD:
      playout_discard (state, rng, move);
      break;
    case ARB_PHASE_OVER:
    default:
      break;
    }
}
