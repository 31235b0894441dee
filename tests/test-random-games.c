/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-random-games.c: thousands of seeded random games in every rule set,
 * checked after every step, and scored at the end by a brute-force scorer
 * written here without the engine's scoring code: its own neighbours from
 * the coordinates, every path enumerated, its own rights and winners. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arb-engine.h"

/* ---- The brute-force scorer -------------------------------------------- */

/* For each placed card, the index of its neighbour in each direction, or
 * -1: looked up by coordinates, cell by cell. */
typedef struct {
  guint n;
  int   x[ARB_N_CARDS], y[ARB_N_CARDS];
  guint species[ARB_N_CARDS], value[ARB_N_CARDS];
  int   next[ARB_N_CARDS][4];
} Grid;

static int
grid_find (const Grid *grid, int x, int y)
{
  for (guint i = 0; i < grid->n; i++)
    if (grid->x[i] == x && grid->y[i] == y)
      return (int) i;
  return -1;
}

static void
grid_build (Grid *grid, const ArbArboretum *arboretum)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

  grid->n = arboretum->n;
  for (guint i = 0; i < grid->n; i++)
    {
      ArbCard card = arboretum->cells[i].card;
      grid->x[i] = arboretum->cells[i].x;
      grid->y[i] = arboretum->cells[i].y;
      grid->species[i] = card / 8u;
      grid->value[i] = card % 8u + 1;
    }
  for (guint i = 0; i < grid->n; i++)
    for (guint d = 0; d < 4; d++)
      grid->next[i][d] = grid_find (grid, grid->x[i] + dx[d], grid->y[i] + dy[d]);
}

/* The 2010 wording: count the cards, double when 4 or more all of the
 * species, then add the bonuses. */
static guint
brute_points (const Grid *grid, const guint *path, guint len)
{
  guint species = grid->species[path[0]];
  gboolean same = TRUE;
  guint points = len;

  for (guint i = 0; i < len; i++)
    if (grid->species[path[i]] != species)
      same = FALSE;
  if (same && len >= 4)
    points *= 2;
  if (grid->value[path[0]] == 1)
    points += 1;
  if (grid->value[path[len - 1]] == 8)
    points += 2;
  return points;
}

typedef struct {
  const Grid *grid;
  guint       path[ARB_N_CARDS];
  guint       best[ARB_N_SPECIES];
  guint       n_paths;
} Walk;

/* Extends the path of len cards in every way; every sequence of at least 2
 * cards whose ends share a species is a path. */
static void
brute_walk (Walk *walk, guint len)
{
  const Grid *grid = walk->grid;
  guint last = walk->path[len - 1];

  if (len >= 2 && grid->species[walk->path[0]] == grid->species[last])
    {
      guint points = brute_points (grid, walk->path, len);
      guint species = grid->species[last];
      walk->n_paths++;
      if (points > walk->best[species])
        walk->best[species] = points;
    }
  for (guint d = 0; d < 4; d++)
    {
      int next = grid->next[last][d];
      if (next >= 0 && grid->value[next] > grid->value[last])
        {
          walk->path[len] = (guint) next;
          brute_walk (walk, len + 1);
        }
    }
}

static void
brute_best (const ArbArboretum *arboretum, guint best[ARB_N_SPECIES])
{
  Grid grid;
  Walk walk = { .grid = &grid };

  grid_build (&grid, arboretum);
  for (guint i = 0; i < grid.n; i++)
    {
      walk.path[0] = i;
      brute_walk (&walk, 1);
    }
  memcpy (best, walk.best, sizeof walk.best);
}

typedef struct {
  guint    sum[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  gboolean right[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  guint    points[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  guint    best[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  guint    total[ARB_MAX_PLAYERS];
  guint    scored[ARB_MAX_PLAYERS];
  guint    planted[ARB_MAX_PLAYERS];
  guint    winners;
  ArbTieBreak tie;
} Brute;

static gboolean
holds (const ArbCardSet *hand, guint species, guint value)
{
  ArbCard card = (ArbCard) (species * 8 + value - 1);
  return (hand->bits[card / 64] >> (card % 64)) & 1;
}

static void
brute_score (Brute *b, ArbVariant variant, ArbSpeciesMask in_play, guint n,
             const ArbCardSet *hands, const ArbArboretum *arboreta)
{
  memset (b, 0, sizeof *b);
  for (guint p = 0; p < n; p++)
    {
      gboolean seen[ARB_N_SPECIES] = { FALSE };
      brute_best (&arboreta[p], b->best[p]);
      for (guint i = 0; i < arboreta[p].n; i++)
        seen[arboreta[p].cells[i].card / 8] = TRUE;
      for (guint s = 0; s < ARB_N_SPECIES; s++)
        b->planted[p] += seen[s];
    }

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      guint top = 0;
      if (!(in_play >> s & 1))
        continue;
      for (guint p = 0; p < n; p++)
        {
          for (guint v = 1; v <= 8; v++)
            if (holds (&hands[p], s, v))
              b->sum[p][s] += v;
          if (holds (&hands[p], s, 8))
            for (guint q = 0; q < n; q++)
              if (q != p && holds (&hands[q], s, 1))
                {
                  b->sum[p][s] -= 8;
                  break;
                }
          if (b->sum[p][s] > top)
            top = b->sum[p][s];
        }
      for (guint p = 0; p < n; p++)
        {
          b->right[p][s] = b->sum[p][s] == top;
          b->points[p][s] = b->right[p][s] ? b->best[p][s] : 0;
          b->total[p] += b->points[p][s];
          b->scored[p] += b->points[p][s] > 0;
        }
    }

  if (variant == ARB_VARIANT_SOLO)
    {
      gboolean person = b->scored[0] >= b->scored[1] && b->total[0] > b->total[1];
      b->winners = person ? 1 : 2;
      b->tie = ARB_TIE_SOLO;
      return;
    }

  guint most = 0, n_most = 0;
  for (guint p = 0; p < n; p++)
    most = MAX (most, b->total[p]);
  for (guint p = 0; p < n; p++)
    if (b->total[p] == most)
      {
        b->winners |= 1u << p;
        n_most++;
      }
  b->tie = ARB_TIE_NONE;
  if (n_most == 1)
    return;
  b->tie = ARB_TIE_SHARED;
  if (variant != ARB_VARIANT_STANDARD)
    return;

  guint most_planted = 0, tied = b->winners, n_planted = 0;
  for (guint p = 0; p < n; p++)
    if (tied >> p & 1)
      most_planted = MAX (most_planted, b->planted[p]);
  b->winners = 0;
  for (guint p = 0; p < n; p++)
    if ((tied >> p & 1) && b->planted[p] == most_planted)
      {
        b->winners |= 1u << p;
        n_planted++;
      }
  if (n_planted == 1)
    b->tie = ARB_TIE_SPECIES;
}

/* The engine's scored path is a real path of the arboretum, worth what it
 * claims. */
static void
assert_path_real (const ArbArboretum *arboretum, guint species, const ArbPath *path)
{
  Grid grid;
  guint indices[ARB_MAX_PATH];

  g_assert_cmpuint (path->n, >=, 2);
  g_assert_cmpuint (path->n, <=, ARB_MAX_PATH);
  grid_build (&grid, arboretum);
  for (guint i = 0; i < path->n; i++)
    {
      int at = grid_find (&grid, path->cards[i].x, path->cards[i].y);
      g_assert_cmpint (at, >=, 0);
      g_assert_cmpuint (arboretum->cells[at].card, ==, path->cards[i].card);
      indices[i] = (guint) at;
      if (i > 0)
        {
          gboolean touching = FALSE;
          for (guint d = 0; d < 4; d++)
            touching = touching || grid.next[indices[i - 1]][d] == at;
          g_assert_true (touching);
          g_assert_cmpuint (grid.value[indices[i]], >, grid.value[indices[i - 1]]);
        }
    }
  g_assert_cmpuint (grid.species[indices[0]], ==, species);
  g_assert_cmpuint (grid.species[indices[path->n - 1]], ==, species);
  g_assert_cmpuint (brute_points (&grid, indices, path->n), ==, path->points);
}

static void
assert_scores_agree (const ArbState *state)
{
  ArbScoreSheet sheet;
  Brute brute;

  arb_state_score (state, &sheet);
  brute_score (&brute, state->variant, state->species, state->n_players, state->hands,
               state->arboreta);

  g_assert_cmpuint (sheet.n_players, ==, state->n_players);
  for (guint p = 0; p < state->n_players; p++)
    {
      const ArbPlayerScore *player = &sheet.players[p];
      guint8 best[ARB_N_SPECIES];

      arb_arboretum_best_paths (&state->arboreta[p], best);
      for (guint s = 0; s < ARB_N_SPECIES; s++)
        {
          const ArbSpeciesScore *score = &player->species[s];

          g_assert_cmpuint (best[s], ==, brute.best[p][s]);
          if (!(state->species >> s & 1))
            {
              g_assert_false (score->right);
              g_assert_cmpuint (score->points, ==, 0);
              continue;
            }
          g_assert_cmpuint (score->hand_sum, ==, brute.sum[p][s]);
          g_assert_cmpint (score->right, ==, brute.right[p][s]);
          g_assert_cmpuint (score->points, ==, brute.points[p][s]);
          if (score->points > 0)
            assert_path_real (&state->arboreta[p], s, &score->path);
        }
      g_assert_cmpuint (player->total, ==, brute.total[p]);
      g_assert_cmpuint (player->species_scored, ==, brute.scored[p]);
      g_assert_cmpuint (player->species_planted, ==, brute.planted[p]);
    }
  g_assert_cmpuint (sheet.winners, ==, brute.winners);
  g_assert_cmpint (sheet.tie_break, ==, brute.tie);
}

/* ---- Invariants after every step --------------------------------------- */

/* Deck, piles, hands and arboreta hold every card in play once. */
static void
assert_all_cards (const ArbState *state)
{
  guint count[256] = { 0 };

  for (guint i = 0; i < state->deck.n; i++)
    count[state->deck.cards[i]]++;
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    {
      for (guint i = 0; i < state->discards[p].n; i++)
        count[state->discards[p].cards[i]]++;
      for (guint c = 0; c < 128; c++)
        if ((state->hands[p].bits[c / 64] >> (c % 64)) & 1)
          count[c]++;
      for (guint i = 0; i < state->arboreta[p].n; i++)
        count[state->arboreta[p].cells[i].card]++;
    }
  for (guint c = 0; c < 256; c++)
    {
      guint wanted = c < ARB_N_CARDS && (state->species >> (c / 8) & 1) ? 1 : 0;
      if (count[c] != wanted)
        g_error ("card %u is in %u places instead of %u", c, count[c], wanted);
    }
}

/* Every card of an arboretum on its own cell, all reachable from the first
 * by steps between cells one apart. */
static void
assert_connected (const ArbArboretum *arboretum)
{
  Grid grid;
  gboolean reached[ARB_N_CARDS] = { FALSE };
  guint queue[ARB_N_CARDS], head = 0, tail = 0;

  if (arboretum->n == 0)
    return;
  grid_build (&grid, arboretum);
  for (guint i = 0; i < grid.n; i++)
    g_assert_cmpint (grid_find (&grid, grid.x[i], grid.y[i]), ==, (int) i);
  queue[tail++] = 0;
  reached[0] = TRUE;
  while (head < tail)
    {
      guint i = queue[head++];
      for (guint d = 0; d < 4; d++)
        {
          int j = grid.next[i][d];
          if (j >= 0 && !reached[j])
            {
              reached[j] = TRUE;
              queue[tail++] = (guint) j;
            }
        }
    }
  g_assert_cmpuint (tail, ==, grid.n);
}

/* The cards in a seat's hand for each moment of a turn. */
static void
assert_hand_size (const ArbState *state)
{
  guint n = arb_card_set_count (&state->hands[state->current]);

  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      g_assert_cmpuint (n, ==, ARB_HAND_SIZE + state->draws);
      break;
    case ARB_PHASE_PLAY:
      g_assert_cmpuint (n, ==, ARB_HAND_SIZE + 2);
      break;
    case ARB_PHASE_DISCARD:
      g_assert_cmpuint (n, ==, ARB_HAND_SIZE + 1);
      break;
    case ARB_PHASE_OVER:
    default:
      break;
    }
}

/* ---- Legal actions, judged here ------------------------------------------ */

static gboolean
cell_taken (const ArbArboretum *arboretum, int x, int y)
{
  for (guint i = 0; i < arboretum->n; i++)
    if (arboretum->cells[i].x == x && arboretum->cells[i].y == y)
      return TRUE;
  return FALSE;
}

/* The placement rule: on the table, on a free cell, and after the first
 * card next to one; the code the refusal should carry, or -1. */
static int
placement_error (const ArbArboretum *arboretum, int x, int y)
{
  if (x < -ARB_COORD_LIMIT || x > ARB_COORD_LIMIT || y < -ARB_COORD_LIMIT || y > ARB_COORD_LIMIT)
    return ARB_ERROR_OUT_OF_RANGE;
  if (cell_taken (arboretum, x, y))
    return ARB_ERROR_CELL_TAKEN;
  if (arboretum->n > 0 && !cell_taken (arboretum, x + 1, y) && !cell_taken (arboretum, x - 1, y)
      && !cell_taken (arboretum, x, y + 1) && !cell_taken (arboretum, x, y - 1))
    return ARB_ERROR_NOT_ADJACENT;
  return -1;
}

/* The free cells the engine offers are exactly the legal ones. */
static void
assert_free_cells (const ArbArboretum *arboretum)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n = arb_arboretum_free_cells (arboretum, xy);
  guint legal = 0;

  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (placement_error (arboretum, xy[2 * i], xy[2 * i + 1]), ==, -1);
      for (guint j = 0; j < i; j++)
        g_assert_false (xy[2 * i] == xy[2 * j] && xy[2 * i + 1] == xy[2 * j + 1]);
    }
  /* An empty arboretum takes its first card anywhere: (0, 0) is offered. */
  if (arboretum->n == 0)
    {
      g_assert_cmpuint (n, ==, 1);
      g_assert_true (xy[0] == 0 && xy[1] == 0);
      return;
    }
  /* Otherwise every legal cell is offered: count them all, within one step
   * of the cards' bounding box. */
  int x0 = G_MAXINT, x1 = G_MININT, y0 = G_MAXINT, y1 = G_MININT;
  for (guint i = 0; i < arboretum->n; i++)
    {
      x0 = MIN (x0, arboretum->cells[i].x - 1);
      x1 = MAX (x1, arboretum->cells[i].x + 1);
      y0 = MIN (y0, arboretum->cells[i].y - 1);
      y1 = MAX (y1, arboretum->cells[i].y + 1);
    }
  for (int x = x0; x <= x1; x++)
    for (int y = y0; y <= y1; y++)
      if (placement_error (arboretum, x, y) == -1)
        legal++;
  g_assert_cmpuint (n, ==, legal);
}

/* Random actions, legal or not, are accepted exactly when the rules say,
 * and refused with the expected code. */
static void
assert_checks (const ArbState *state, GRand *rand)
{
  const ArbArboretum *target = NULL;
  ArbPhase phase = state->phase;

  if (phase == ARB_PHASE_PLAY)
    target = &state->arboreta[state->current];
  else if (phase == ARB_PHASE_DISCARD && state->variant == ARB_VARIANT_SOLO)
    target = &state->arboreta[ARB_SOLO_Q];

  for (int source = -3; source <= ARB_MAX_PLAYERS + 1; source++)
    {
      int expected = -1;
      guint piles = state->variant == ARB_VARIANT_SOLO ? 1 : state->n_players;
      if (phase == ARB_PHASE_OVER)
        expected = ARB_ERROR_GAME_OVER;
      else if (phase != ARB_PHASE_DRAW)
        expected = ARB_ERROR_WRONG_PHASE;
      else if (source == ARB_SOURCE_DECK)
        expected = state->deck.n > 0 ? -1 : ARB_ERROR_MUST_DRAW_DISCARD;
      else if (source < 0 || source >= (int) piles)
        expected = ARB_ERROR_NO_SUCH_SOURCE;
      else if (state->discards[source].n == 0)
        expected = ARB_ERROR_EMPTY_SOURCE;
      g_autoptr (GError) error = NULL;
      gboolean ok = arb_state_check_draw (state, source, &error);
      g_assert_cmpint (ok ? -1 : error->code, ==, expected);
    }

  for (guint i = 0; i < 6; i++)
    {
      ArbCard card = (ArbCard) g_rand_int_range (rand, 0, ARB_N_CARDS + 2);
      int x = g_rand_int_range (rand, -ARB_COORD_LIMIT - 2, ARB_COORD_LIMIT + 3);
      int y = g_rand_int_range (rand, -ARB_COORD_LIMIT - 2, ARB_COORD_LIMIT + 3);
      gboolean in_hand = card < ARB_N_CARDS
                         && (state->hands[state->current].bits[card / 64] >> (card % 64)) & 1;
      /* Mostly a card in hand, near the cards already planted. */
      if (i % 2 == 0)
        {
          card = arb_card_set_nth (&state->hands[state->current],
                                   (guint) g_rand_int_range (rand, 0, 9));
          in_hand = card != ARB_CARD_NONE;
        }
      if (i % 3 != 2 && target != NULL && target->n > 0)
        {
          const ArbPlacement *near = &target->cells[g_rand_int_range (rand, 0, target->n)];
          x = near->x + g_rand_int_range (rand, -2, 3);
          y = near->y + g_rand_int_range (rand, -2, 3);
        }

      int play = phase != ARB_PHASE_PLAY ? ARB_ERROR_WRONG_PHASE
                 : !in_hand ? ARB_ERROR_NOT_IN_HAND
                 : placement_error (target, x, y);
      int discard = phase != ARB_PHASE_DISCARD ? ARB_ERROR_WRONG_PHASE
                    : !in_hand ? ARB_ERROR_NOT_IN_HAND
                    : target != NULL ? placement_error (target, x, y) : -1;
      if (phase == ARB_PHASE_OVER)
        play = discard = ARB_ERROR_GAME_OVER;

      g_autoptr (GError) play_error = NULL;
      g_autoptr (GError) discard_error = NULL;
      gboolean play_ok = arb_state_check_play (state, card, x, y, &play_error);
      gboolean discard_ok = arb_state_check_discard (state, card, x, y, &discard_error);
      g_assert_cmpint (play_ok ? -1 : play_error->code, ==, play);
      g_assert_cmpint (discard_ok ? -1 : discard_error->code, ==, discard);
    }
}

typedef struct {
  ArbVariant variant;
  guint      seats;
} Config;

static void
play_one (const Config *config, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint seats = config->seats;
  guint q_cards = 0, turns = 0, steps = 0;
  ArbState state;
  ArbMove move;

  g_assert_true (arb_state_setup (&state, config->variant, seats, 0, rand, NULL));
  assert_all_cards (&state);

  while (arb_ai_random_move (&state, rand, &move))
    {
      g_autoptr (GError) error = NULL;
      guint deck = state.deck.n, current = state.current;
      ArbStep step;

      g_assert_cmpint (state.phase, !=, ARB_PHASE_OVER);
      g_assert_true (arb_state_apply (&state, &move, &step, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (step.player, ==, current);
      g_assert_cmpuint (state.deck.n, <=, deck);
      g_assert_cmpuint (++steps, <, 2000);
      assert_all_cards (&state);
      assert_hand_size (&state);
      assert_checks (&state, rand);
      if (state.phase == ARB_PHASE_PLAY)
        assert_free_cells (&state.arboreta[state.current]);
      else if (state.phase == ARB_PHASE_DISCARD && config->variant == ARB_VARIANT_SOLO)
        assert_free_cells (&state.arboreta[ARB_SOLO_Q]);
      if (step.refill_q != ARB_CARD_NONE)
        q_cards++;

      if (move.kind != ARB_MOVE_DISCARD)
        continue;
      /* The end of a turn. */
      turns++;
      for (guint p = 0; p < seats; p++)
        g_assert_cmpuint (arb_card_set_count (&state.hands[p]), ==, ARB_HAND_SIZE);
      for (guint p = 0; p < state.n_players; p++)
        assert_connected (&state.arboreta[p]);
      g_assert_cmpuint (state.arboreta[current].n, ==, (turns + seats - 1 - current) / seats);
      if (config->variant == ARB_VARIANT_SOLO)
        {
          g_assert_cmpuint (arb_card_set_count (&state.hands[ARB_SOLO_Q]), ==, q_cards);
          g_assert_cmpuint (state.arboreta[ARB_SOLO_Q].n, ==, turns);
        }
      if (state.phase != ARB_PHASE_OVER)
        {
          g_assert_cmpuint (state.current, ==, (current + 1) % seats);
          g_assert_cmpuint (state.turn, ==, turns);
        }
    }

  g_assert_cmpint (state.phase, ==, ARB_PHASE_OVER);
  g_assert_cmpuint (state.deck.n, ==, 0);
  assert_scores_agree (&state);
}

static void
test_random_games (gconstpointer data)
{
  const Config *config = data;
  guint n = g_test_slow () ? 10000 : 1000;
  guint32 base = 100000 * (guint32) config->variant + 10000 * config->seats;

  for (guint g = 0; g < n; g++)
    play_one (config, base + g);
}

/* ---- Random positions ---------------------------------------------------- */

static int
compare_values (gconstpointer a, gconstpointer b)
{
  return (int) arb_card_value (*(const ArbCard *) a) - (int) arb_card_value (*(const ArbCard *) b);
}

/* Plants cards at random cells next to the arboretum; in order of value
 * and each next to the card before when it can (a random walk uphill), so
 * that long paths, 1 to 8 runs and single-species runs turn up far more
 * often than in random games. */
static void
random_arboretum (ArbArboretum *arboretum, ArbCard *cards, guint n, gboolean uphill, GRand *rand)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS];

  if (uphill)
    qsort (cards, n, sizeof *cards, compare_values);
  for (guint i = 0; i < n; i++)
    {
      guint n_free = arb_arboretum_free_cells (arboretum, xy);
      guint pick = (guint) g_rand_int_range (rand, 0, (gint32) n_free);

      if (uphill && arboretum->n > 0)
        {
          const ArbPlacement *last = &arboretum->cells[arboretum->n - 1];
          guint near[4], n_near = 0;
          for (guint f = 0; f < n_free; f++)
            if (ABS (xy[2 * f] - last->x) + ABS (xy[2 * f + 1] - last->y) == 1)
              near[n_near++] = f;
          if (n_near > 0)
            pick = near[g_rand_int_range (rand, 0, (gint32) n_near)];
        }
      arb_arboretum_place (arboretum, cards[i], xy[2 * pick], xy[2 * pick + 1]);
    }
}

/* Takes a random card of the pool, or ARB_CARD_NONE when it is empty. */
static ArbCard
take_card (ArbPile *pool, GRand *rand)
{
  if (pool->n == 0)
    return ARB_CARD_NONE;
  guint i = (guint) g_rand_int_range (rand, 0, pool->n);
  ArbCard card = pool->cards[i];
  pool->cards[i] = pool->cards[--pool->n];
  return card;
}

/* Takes the cards of a species still in the pool, each with chance 3/4. */
static guint
take_species (ArbPile *pool, ArbSpecies species, ArbCard *cards, GRand *rand)
{
  guint n = 0;
  for (guint i = 0; i < pool->n;)
    if (arb_card_species (pool->cards[i]) == species && g_rand_int_range (rand, 0, 4) > 0)
      {
        cards[n++] = pool->cards[i];
        pool->cards[i] = pool->cards[--pool->n];
      }
    else
      i++;
  return n;
}

/* Arboreta of random cards, or of one species' cards planted uphill then
 * random cards around them; hands of what is left. */
static void
random_position (ArbState *state, ArbVariant variant, guint n_players, GRand *rand)
{
  ArbPile pool;

  memset (state, 0, sizeof *state);
  state->variant = variant;
  state->n_players = (guint8) n_players;
  state->species = ARB_ALL_SPECIES;
  if (n_players == 2)
    state->species = (ArbSpeciesMask) (0x3f << g_rand_int_range (rand, 0, 5));
  arb_pile_fill (&pool, state->species);

  /* Sometimes a long staircase of most of the cards: an arboretum as
   * spread out as a game allows, whose bounding box is large. */
  if (n_players > 2 && g_rand_int_range (rand, 0, 10) == 0)
    {
      ArbCard cards[ARB_N_CARDS];
      guint n = (guint) g_rand_int_range (rand, 40, (gint32) pool.n - 8);

      for (guint i = 0; i < n; i++)
        cards[i] = take_card (&pool, rand);
      if (g_rand_boolean (rand))
        qsort (cards, n, sizeof *cards, compare_values);
      for (guint i = 0; i < n; i++)
        arb_arboretum_place (&state->arboreta[0], cards[i], (int) (i + 1) / 2 - 20, (int) i / 2 - 20);
    }

  for (guint p = 0; p < n_players; p++)
    {
      ArbCard cards[ARB_N_CARDS];
      guint n = 0, extra = (guint) g_rand_int_range (rand, 0, 13);

      if (g_rand_boolean (rand))
        {
          ArbSpecies themed;
          do
            themed = (ArbSpecies) g_rand_int_range (rand, 0, ARB_N_SPECIES);
          while (!(state->species >> themed & 1));
          n = take_species (&pool, themed, cards, rand);
          random_arboretum (&state->arboreta[p], cards, n, TRUE, rand);
          n = 0;
        }
      for (guint i = 0; i < extra && pool.n > 0; i++)
        cards[n++] = take_card (&pool, rand);
      random_arboretum (&state->arboreta[p], cards, n, g_rand_boolean (rand), rand);
    }
  for (guint p = 0; p < n_players; p++)
    {
      guint hand = (guint) g_rand_int_range (rand, 0, 8);
      for (guint i = 0; i < hand && pool.n > 0; i++)
        arb_card_set_add (&state->hands[p], take_card (&pool, rand));
    }
}

static void
test_random_positions (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2024);
  guint n = g_test_slow () ? 200000 : 20000;
  guint long_paths = 0, pure_paths = 0, spread = 0;

  for (guint i = 0; i < n; i++)
    {
      static const ArbVariant variants[] = {
        ARB_VARIANT_STANDARD, ARB_VARIANT_CLASSIC, ARB_VARIANT_SOLO,
      };
      ArbVariant variant = variants[i % 3];
      guint n_players = variant == ARB_VARIANT_SOLO ? 2 : (guint) g_rand_int_range (rand, 2, 5);
      ArbState state;
      guint best[ARB_N_SPECIES];

      random_position (&state, variant, n_players, rand);
      assert_scores_agree (&state);
      for (guint p = 0; p < n_players; p++)
        {
          const ArbArboretum *a = &state.arboreta[p];
          int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
          for (guint c = 0; c < a->n; c++)
            {
              x0 = c == 0 ? a->cells[c].x : MIN (x0, a->cells[c].x);
              x1 = c == 0 ? a->cells[c].x : MAX (x1, a->cells[c].x);
              y0 = c == 0 ? a->cells[c].y : MIN (y0, a->cells[c].y);
              y1 = c == 0 ? a->cells[c].y : MAX (y1, a->cells[c].y);
            }
          spread += (x1 - x0 + 1) * (y1 - y0 + 1) > 1100;
          brute_best (a, best);
          for (guint s = 0; s < ARB_N_SPECIES; s++)
            {
              long_paths += best[s] >= 8;
              pure_paths += best[s] >= 12;
            }
        }
    }
  /* The positions do reach the long and single-species paths. */
  g_test_message ("%u paths of 8 points or more, %u of 12 or more, %u arboreta spread over "
                  "more than 1,100 cells", long_paths, pure_paths, spread);
  g_assert_cmpuint (long_paths, >, n / 10);
  g_assert_cmpuint (pure_paths, >, n / 100);
  g_assert_cmpuint (spread, >, n / 1000);
}

/* ---- The brute-force scorer against the rulebook ----------------------- */

static void
place (ArbArboretum *arboretum, ArbSpecies species, guint value, int x, int y)
{
  arboretum->cells[arboretum->n++] = (ArbPlacement) { (gint8) x, (gint8) y,
                                                      arb_card_new (species, value) };
}

static void
add (ArbCardSet *hand, ArbSpecies species, guint value)
{
  arb_card_set_add (hand, arb_card_new (species, value));
}

/* The 3-player example of the 2018 rulebook, with Talia's arboretum
 * designed to give her 19 points (see test-scoring.c). */
static void
test_brute_rulebook (void)
{
  ArbCardSet hands[3];
  ArbArboretum arboreta[3];
  Brute b;
  const ArbSpeciesMask in_play = ARB_ALL_SPECIES
    & ~((1u << ARB_SPECIES_CHERRY_BLOSSOM) | (1u << ARB_SPECIES_TULIP_POPLAR));

  memset (hands, 0, sizeof hands);
  memset (arboreta, 0, sizeof arboreta);
  add (&hands[0], ARB_SPECIES_JACARANDA, 7);
  add (&hands[0], ARB_SPECIES_MAPLE, 6);
  add (&hands[0], ARB_SPECIES_MAPLE, 7);
  add (&hands[0], ARB_SPECIES_OAK, 3);
  add (&hands[0], ARB_SPECIES_OAK, 8);
  add (&hands[0], ARB_SPECIES_ROYAL_POINCIANA, 1);
  add (&hands[0], ARB_SPECIES_ROYAL_POINCIANA, 5);
  add (&hands[1], ARB_SPECIES_BLUE_SPRUCE, 4);
  add (&hands[1], ARB_SPECIES_CASSIA, 6);
  add (&hands[1], ARB_SPECIES_JACARANDA, 2);
  add (&hands[1], ARB_SPECIES_JACARANDA, 5);
  add (&hands[1], ARB_SPECIES_MAPLE, 4);
  add (&hands[1], ARB_SPECIES_MAPLE, 5);
  add (&hands[1], ARB_SPECIES_ROYAL_POINCIANA, 3);
  add (&hands[2], ARB_SPECIES_CASSIA, 5);
  add (&hands[2], ARB_SPECIES_DOGWOOD, 2);
  add (&hands[2], ARB_SPECIES_OAK, 7);
  add (&hands[2], ARB_SPECIES_ROYAL_POINCIANA, 8);
  add (&hands[2], ARB_SPECIES_WILLOW, 1);
  add (&hands[2], ARB_SPECIES_WILLOW, 3);
  add (&hands[2], ARB_SPECIES_WILLOW, 8);

  place (&arboreta[0], ARB_SPECIES_OAK, 1, 0, 0);
  place (&arboreta[0], ARB_SPECIES_OAK, 2, 1, 0);
  place (&arboreta[0], ARB_SPECIES_OAK, 4, 2, 0);
  place (&arboreta[0], ARB_SPECIES_OAK, 5, 3, 0);
  place (&arboreta[0], ARB_SPECIES_BLUE_SPRUCE, 6, 4, 0);
  place (&arboreta[0], ARB_SPECIES_JACARANDA, 8, 5, 0);
  place (&arboreta[0], ARB_SPECIES_DOGWOOD, 3, 1, 1);
  place (&arboreta[0], ARB_SPECIES_JACARANDA, 3, 2, 1);
  place (&arboreta[0], ARB_SPECIES_DOGWOOD, 5, 1, 2);
  place (&arboreta[0], ARB_SPECIES_ROYAL_POINCIANA, 2, 2, 2);
  place (&arboreta[0], ARB_SPECIES_WILLOW, 4, 3, 2);
  place (&arboreta[0], ARB_SPECIES_ROYAL_POINCIANA, 6, 4, 2);
  place (&arboreta[1], ARB_SPECIES_CASSIA, 1, 0, 0);
  place (&arboreta[1], ARB_SPECIES_CASSIA, 3, 1, 0);
  place (&arboreta[2], ARB_SPECIES_WILLOW, 2, 0, 0);
  place (&arboreta[2], ARB_SPECIES_WILLOW, 5, 1, 0);
  place (&arboreta[2], ARB_SPECIES_WILLOW, 6, 2, 0);
  place (&arboreta[2], ARB_SPECIES_WILLOW, 7, 3, 0);

  brute_score (&b, ARB_VARIANT_STANDARD, in_play, 3, hands, arboreta);
  g_assert_cmpuint (b.sum[0][ARB_SPECIES_MAPLE], ==, 13);
  g_assert_cmpuint (b.sum[2][ARB_SPECIES_ROYAL_POINCIANA], ==, 0);
  g_assert_cmpuint (b.sum[2][ARB_SPECIES_WILLOW], ==, 12);
  g_assert_true (b.right[0][ARB_SPECIES_JACARANDA] && b.right[1][ARB_SPECIES_JACARANDA]);
  g_assert_false (b.right[2][ARB_SPECIES_ROYAL_POINCIANA]);
  g_assert_cmpuint (b.points[0][ARB_SPECIES_OAK], ==, 9);
  g_assert_cmpuint (b.points[0][ARB_SPECIES_JACARANDA], ==, 7);
  g_assert_cmpuint (b.points[0][ARB_SPECIES_ROYAL_POINCIANA], ==, 3);
  g_assert_cmpuint (b.best[0][ARB_SPECIES_DOGWOOD], ==, 2);
  g_assert_cmpuint (b.points[0][ARB_SPECIES_DOGWOOD], ==, 0);
  g_assert_cmpuint (b.total[0], ==, 19);
  g_assert_cmpuint (b.total[1], ==, 3);
  g_assert_cmpuint (b.total[2], ==, 8);
  g_assert_cmpuint (b.winners, ==, 1);
  g_assert_cmpint (b.tie, ==, ARB_TIE_NONE);
}

/* 1 to 8 of one species in a snake: 8 + 8 + 1 + 2 = 19. */
static void
test_brute_one_to_eight (void)
{
  static const int xy[8][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 2 }, { 1, 2 }, { 2, 2 }, { 2, 1 } };
  ArbArboretum arboretum = { .n = 0 };
  guint best[ARB_N_SPECIES];

  for (guint v = 1; v <= 8; v++)
    place (&arboretum, ARB_SPECIES_OAK, v, xy[v - 1][0], xy[v - 1][1]);
  brute_best (&arboretum, best);
  g_assert_cmpuint (best[ARB_SPECIES_OAK], ==, 19);
  /* A diagonal step breaks it: swap Oak 3 and Oak 4. */
  arboretum.cells[2].card = arb_card_new (ARB_SPECIES_OAK, 4);
  arboretum.cells[3].card = arb_card_new (ARB_SPECIES_OAK, 3);
  brute_best (&arboretum, best);
  g_assert_cmpuint (best[ARB_SPECIES_OAK], <, 19);
}

static const Config configs[] = {
  { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_STANDARD, 3 }, { ARB_VARIANT_STANDARD, 4 },
  { ARB_VARIANT_CLASSIC, 2 }, { ARB_VARIANT_CLASSIC, 3 }, { ARB_VARIANT_CLASSIC, 4 },
  { ARB_VARIANT_SOLO, 1 },
};

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/random-games/brute/rulebook", test_brute_rulebook);
  g_test_add_func ("/random-games/brute/one-to-eight", test_brute_one_to_eight);
  g_test_add_func ("/random-games/positions", test_random_positions);
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/random-games/%s/%u",
                                               arb_variant_id (configs[i].variant), configs[i].seats);
      g_test_add_data_func (path, &configs[i], test_random_games);
    }

  return g_test_run ();
}
