/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-scoring.c
 *
 * Paths strictly increase in value, so every path has at most 8 cards and
 * the paths from a card form a small tree: a depth-first walk over all of
 * them finds the best path of every species exactly, not just the longest.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arb-scoring.h"

/* The rulebook's count: a point a card, a second point a card when at least
 * 4 cards are all of the scored species, 1 for starting on a 1 and 2 for
 * ending on an 8. The scored species is that of the first card. Each part
 * apart, for the scoring told as a story. */
void
arb_path_points_breakdown (const ArbPlacement *cards, guint n, ArbPathPoints *points)
{
  memset (points, 0, sizeof *points);
  if (n < 2)
    return;

  ArbSpecies species = arb_card_species (cards[0].card);
  gboolean pure = TRUE;
  for (guint i = 1; i < n; i++)
    pure = pure && arb_card_species (cards[i].card) == species;

  points->cards = (guint8) n;
  points->doubled = (guint8) (pure && n >= 4 ? n : 0);
  points->one_bonus = arb_card_value (cards[0].card) == 1 ? 1 : 0;
  points->eight_bonus = arb_card_value (cards[n - 1].card) == ARB_N_VALUES ? 2 : 0;
  points->total = (guint8) (points->cards + points->doubled + points->one_bonus + points->eight_bonus);
}

guint
arb_path_points (const ArbPlacement *cards, guint n)
{
  ArbPathPoints points;

  arb_path_points_breakdown (cards, n, &points);
  return points.total;
}

/* Scoring runs hundreds of thousands of times a second in the computer
 * players' searches, and comparing every pair of cards for neighbours was
 * most of its time, lost on branches the processor cannot predict. So the
 * cards go into a grid over their bounding box (with a border of empty
 * cells), a few dozen bytes for a real arboretum, and a card looks up its
 * four neighbours the first time the walk comes to it: most cards are
 * never walked from. A long thin arboretum whose box would not fit
 * compares pairs. */
#define GRID_MAX 1024

typedef struct {
  const ArbArboretum *arboretum;
  gint8   up[ARB_N_CARDS][4];  /* neighbours of higher value by index, -1 for none */
  gboolean linked[ARB_N_CARDS]; /* whether up[i] is known yet */
  guint8  grid[GRID_MAX];      /* index + 1 of the card in each cell, 0 for none */
  guint8  value[ARB_N_CARDS + 1]; /* by grid entry: value of the card, 0 for none */
  int     grid_width, min_x, min_y;
  guint8  trail[ARB_MAX_PATH];
  guint8  best_points[ARB_N_SPECIES];
  guint8  best_trail[ARB_N_SPECIES][ARB_MAX_PATH];
  guint8  best_n[ARB_N_SPECIES];
  guint8  top_value[ARB_N_SPECIES]; /* highest value planted of each species */
  gboolean keep_trails;
} PathSearch;

static void
link_pairwise (PathSearch *search)
{
  const ArbArboretum *arboretum = search->arboretum;

  memset (search->up, -1, sizeof search->up[0] * arboretum->n);
  for (guint i = 0; i < arboretum->n; i++)
    {
      const ArbPlacement *a = &arboretum->cells[i];
      guint k = 0;
      for (guint j = 0; j < arboretum->n; j++)
        {
          const ArbPlacement *b = &arboretum->cells[j];
          if (abs (a->x - b->x) + abs (a->y - b->y) == 1 && b->card % 8 > a->card % 8)
            search->up[i][k++] = (gint8) j;
        }
      search->linked[i] = TRUE;
    }
}

static gboolean
fill_grid (PathSearch *search)
{
  const ArbArboretum *arboretum = search->arboretum;
  int min_x = arboretum->cells[0].x, max_x = min_x;
  int min_y = arboretum->cells[0].y, max_y = min_y;

  for (guint i = 1; i < arboretum->n; i++)
    {
      min_x = MIN (min_x, arboretum->cells[i].x);
      max_x = MAX (max_x, arboretum->cells[i].x);
      min_y = MIN (min_y, arboretum->cells[i].y);
      max_y = MAX (max_y, arboretum->cells[i].y);
    }
  int w = max_x - min_x + 3, h = max_y - min_y + 3;
  if (w * h > GRID_MAX)
    return FALSE;

  search->grid_width = w;
  search->min_x = min_x;
  search->min_y = min_y;
  memset (search->grid, 0, (size_t) (w * h));
  memset (search->linked, 0, sizeof search->linked[0] * arboretum->n);
  search->value[0] = 0;
  for (guint i = 0; i < arboretum->n; i++)
    {
      const ArbPlacement *cell = &arboretum->cells[i];
      search->grid[(cell->y - min_y + 1) * w + cell->x - min_x + 1] = (guint8) (i + 1);
      search->value[i + 1] = (guint8) arb_card_value (cell->card);
    }
  return TRUE;
}

#define NO_CARD 127

static inline void
sort_pair (int *a, int *b)
{
  int low = MIN (*a, *b), high = MAX (*a, *b);
  *a = low;
  *b = high;
}

/* The neighbours of higher value sorted by index without a branch, so
 * that paths are found in the same order as by comparing pairs. */
static void
link_by_grid (PathSearch *search, guint i)
{
  const ArbPlacement *cell = &search->arboretum->cells[i];
  int w = search->grid_width;
  int at = (cell->y - search->min_y + 1) * w + cell->x - search->min_x + 1;
  int mine = search->value[i + 1];
  int around[4] = {
    search->grid[at - 1], search->grid[at + 1], search->grid[at - w], search->grid[at + w]
  };

  for (guint d = 0; d < 4; d++)
    {
      /* all ones when the neighbour is there and higher */
      int higher = -(int) (search->value[around[d]] > mine);
      around[d] = ((around[d] - 1) & higher) | (NO_CARD & ~higher);
    }
  sort_pair (&around[0], &around[1]);
  sort_pair (&around[2], &around[3]);
  sort_pair (&around[0], &around[2]);
  sort_pair (&around[1], &around[3]);
  sort_pair (&around[1], &around[2]);
  for (guint d = 0; d < 4; d++)
    search->up[i][d] = (gint8) (around[d] == NO_CARD ? -1 : around[d]);
  search->linked[i] = TRUE;
}

static inline const gint8 *
neighbours_above (PathSearch *search, guint i)
{
  if (!search->linked[i])
    link_by_grid (search, i);
  return search->up[i];
}

static void
path_search_init (PathSearch *search, const ArbArboretum *arboretum, gboolean keep_trails)
{
  search->arboretum = arboretum;
  search->keep_trails = keep_trails;
  memset (search->best_points, 0, sizeof search->best_points);
  memset (search->best_n, 0, sizeof search->best_n);
  memset (search->top_value, 0, sizeof search->top_value);
  for (guint i = 0; i < arboretum->n; i++)
    {
      ArbCard card = arboretum->cells[i].card;
      guint8 *top = &search->top_value[arb_card_species (card)];
      *top = (guint8) MAX (*top, arb_card_value (card));
    }
  if (arboretum->n > 0 && !fill_grid (search))
    link_pairwise (search);
}

/* Walks on from the last card of the trail, which holds n cards. */
static void
path_search_walk (PathSearch *search, guint n, ArbSpecies species, gboolean pure)
{
  guint last = search->trail[n - 1];
  ArbCard card = search->arboretum->cells[last].card;

  if (n >= 2 && arb_card_species (card) == species)
    {
      guint first_value = arb_card_value (search->arboretum->cells[search->trail[0]].card);
      guint points = n + (pure && n >= 4 ? n : 0) + (first_value == 1 ? 1 : 0)
                     + (arb_card_value (card) == ARB_N_VALUES ? 2 : 0);
      if (points > search->best_points[species])
        {
          search->best_points[species] = (guint8) points;
          search->best_n[species] = (guint8) n;
          if (search->keep_trails)
            memcpy (search->best_trail[species], search->trail, n);
        }
    }

  /* Values only climb: past the species' highest card no path can end. */
  if (arb_card_value (card) >= search->top_value[species])
    return;
  const gint8 *up = neighbours_above (search, last);
  for (guint d = 0; d < 4 && up[d] >= 0; d++)
    {
      guint next = (guint) up[d];
      search->trail[n] = (guint8) next;
      path_search_walk (search, n + 1, species,
                        pure && arb_card_species (search->arboretum->cells[next].card) == species);
    }
}

/* Finds the best path of each wanted species. Each walk starts on a card of
 * the species it scores and touches no other species' best, so leaving
 * out the species a player has no right to changes nothing else. */
static void
path_search_run (PathSearch *search, ArbSpeciesMask wanted)
{
  for (guint i = 0; i < search->arboretum->n; i++)
    {
      ArbCard card = search->arboretum->cells[i].card;
      if (!(wanted & (1u << arb_card_species (card)))
          || arb_card_value (card) >= search->top_value[arb_card_species (card)])
        continue;
      search->trail[0] = (guint8) i;
      path_search_walk (search, 1, arb_card_species (card), TRUE);
    }
}

static void
path_search_export (const PathSearch *search, ArbSpecies species, ArbPath *path)
{
  path->points = search->best_points[species];
  path->n = search->best_n[species];
  for (guint i = 0; i < path->n; i++)
    path->cards[i] = search->arboretum->cells[search->best_trail[species][i]];
}

/* The best points of every species, 0 where there is no path. */
void
arb_arboretum_best_paths (const ArbArboretum *arboretum, guint8 *points)
{
  PathSearch search;
  path_search_init (&search, arboretum, FALSE);
  path_search_run (&search, ARB_ALL_SPECIES);
  memcpy (points, search.best_points, ARB_N_SPECIES);
}

guint
arb_arboretum_best_path (const ArbArboretum *arboretum, ArbSpecies species, ArbPath *path)
{
  PathSearch search;
  path_search_init (&search, arboretum, TRUE);
  path_search_run (&search, (ArbSpeciesMask) (1u << species));
  if (path != NULL)
    path_search_export (&search, species, path);
  return search.best_points[species];
}

/* A player's sum of a species in hand, where an 8 counts 0 while another
 * player holds the 1 of the species. */
guint
arb_scoring_hand_sum (const ArbCardSet *hands, guint n_players, guint player, ArbSpecies species)
{
  guint sum = arb_card_set_species_sum (&hands[player], species);
  guint8 mine = arb_card_set_species_bits (&hands[player], species);

  if (mine & 0x80)
    for (guint p = 0; p < n_players; p++)
      if (p != player && (arb_card_set_species_bits (&hands[p], species) & 1))
        return sum - ARB_N_VALUES;
  return sum;
}

/* Every player tied for the highest sum has the right; when nobody holds
 * the species, everybody is tied at 0. */
static void
decide_rights (ArbScoreSheet *sheet, ArbSpecies species, const ArbCardSet *hands)
{
  guint sums[ARB_MAX_PLAYERS];
  guint top = 0;

  for (guint p = 0; p < sheet->n_players; p++)
    {
      sums[p] = arb_scoring_hand_sum (hands, sheet->n_players, p, species);
      top = MAX (top, sums[p]);
    }
  for (guint p = 0; p < sheet->n_players; p++)
    {
      ArbSpeciesScore *score = &sheet->players[p].species[species];
      score->hand_sum = (guint8) sums[p];
      score->right = sums[p] == top;
    }
}

/* Paths are searched only for the species the player has the right to. */
static void
score_paths (ArbPlayerScore *player, ArbSpeciesMask species, const ArbArboretum *arboretum)
{
  ArbSpeciesMask rights = 0;
  PathSearch search;

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if ((species & (1u << s)) && player->species[s].right)
      rights |= (ArbSpeciesMask) (1u << s);
  path_search_init (&search, arboretum, TRUE);
  path_search_run (&search, rights);
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (rights & (1u << s))
      {
        path_search_export (&search, (ArbSpecies) s, &player->species[s].path);
        player->species[s].points = player->species[s].path.points;
      }
  player->species_planted = (guint8) arb_species_mask_count (arb_arboretum_species (arboretum));
}

static guint8
players_with_most (const ArbScoreSheet *sheet, guint8 among, gboolean by_species)
{
  guint top = 0;
  guint8 winners = 0;

  for (guint p = 0; p < sheet->n_players; p++)
    {
      if (!(among & (1u << p)))
        continue;
      guint value = by_species ? sheet->players[p].species_planted : sheet->players[p].total;
      if (winners == 0 || value > top)
        {
          top = value;
          winners = (guint8) (1u << p);
        }
      else if (value == top)
        winners |= (guint8) (1u << p);
    }
  return winners;
}

static void
decide_winners (ArbScoreSheet *sheet)
{
  if (sheet->variant == ARB_VARIANT_SOLO)
    {
      /* The person wins only with at least as many scored species as Q and
       * strictly more points. */
      const ArbPlayerScore *person = &sheet->players[ARB_SOLO_PERSON];
      const ArbPlayerScore *q = &sheet->players[ARB_SOLO_Q];
      gboolean won = person->species_scored >= q->species_scored && person->total > q->total;
      sheet->winners = (guint8) (1u << (won ? ARB_SOLO_PERSON : ARB_SOLO_Q));
      sheet->tie_break = ARB_TIE_SOLO;
      return;
    }

  guint8 all = (guint8) ((1u << sheet->n_players) - 1);
  sheet->winners = players_with_most (sheet, all, FALSE);
  sheet->tie_break = ARB_TIE_NONE;
  if ((sheet->winners & (sheet->winners - 1)) == 0)
    return;

  if (sheet->variant == ARB_VARIANT_STANDARD)
    {
      guint8 by_species = players_with_most (sheet, sheet->winners, TRUE);
      if ((by_species & (by_species - 1)) == 0)
        {
          sheet->winners = by_species;
          sheet->tie_break = ARB_TIE_SPECIES;
          return;
        }
      sheet->winners = by_species;
    }
  sheet->tie_break = ARB_TIE_SHARED;
}

void
arb_score_sheet_compute (ArbScoreSheet *sheet, ArbVariant variant, ArbSpeciesMask species,
                         guint n_players, const ArbCardSet *hands, const ArbArboretum *arboreta)
{
  g_return_if_fail (n_players >= 1 && n_players <= ARB_MAX_PLAYERS);
  memset (sheet, 0, sizeof *sheet);
  sheet->variant = variant;
  sheet->species = species;
  sheet->n_players = n_players;

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (species & (1u << s))
      decide_rights (sheet, (ArbSpecies) s, hands);
  for (guint p = 0; p < n_players; p++)
    score_paths (&sheet->players[p], species, &arboreta[p]);

  for (guint p = 0; p < n_players; p++)
    {
      ArbPlayerScore *player = &sheet->players[p];
      for (guint s = 0; s < ARB_N_SPECIES; s++)
        {
          player->total += player->species[s].points;
          if (player->species[s].points > 0)
            player->species_scored++;
        }
    }
  decide_winners (sheet);
}

/* A seat's total less the best of the others' (Q's in solo): what the
 * computers' search and the game review weigh a game's end by. */
int
arb_score_sheet_margin (const ArbScoreSheet *sheet, guint seat)
{
  int best_other = G_MININT;

  g_return_val_if_fail (seat < sheet->n_players, 0);
  for (guint p = 0; p < sheet->n_players; p++)
    if (p != seat)
      best_other = MAX (best_other, (int) sheet->players[p].total);
  return (int) sheet->players[seat].total - best_other;
}
