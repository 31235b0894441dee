/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scoring.c: rights to score, best paths and winners, against the
 * rulebooks' own numbers and hand-counted positions. */
#include "config.h"

#include <string.h>

#include "arb-engine.h"

#define SPRUCE   ARB_SPECIES_BLUE_SPRUCE
#define CASSIA   ARB_SPECIES_CASSIA
#define CHERRY   ARB_SPECIES_CHERRY_BLOSSOM
#define DOGWOOD  ARB_SPECIES_DOGWOOD
#define JACA     ARB_SPECIES_JACARANDA
#define MAPLE    ARB_SPECIES_MAPLE
#define OAK      ARB_SPECIES_OAK
#define ROYAL    ARB_SPECIES_ROYAL_POINCIANA
#define POPLAR   ARB_SPECIES_TULIP_POPLAR
#define WILLOW   ARB_SPECIES_WILLOW

#define BIT(s) ((ArbSpeciesMask) (1u << (s)))

typedef struct {
  ArbSpecies species;
  guint      value;
  int        x, y;
} Cell;

typedef struct {
  ArbSpecies species;
  guint      value;
} HandCard;

static void
build_arboretum (ArbArboretum *arboretum, const Cell *cells, guint n)
{
  memset (arboretum, 0, sizeof *arboretum);
  for (guint i = 0; i < n; i++)
    {
      /* Every fixture is a position a game could reach: no cell twice. */
      g_assert_cmpint (arb_arboretum_index_at (arboretum, cells[i].x, cells[i].y), <, 0);
      arb_arboretum_place (arboretum, arb_card_new (cells[i].species, cells[i].value),
                           cells[i].x, cells[i].y);
    }
}

static void
build_hand (ArbCardSet *hand, const HandCard *cards, guint n)
{
  memset (hand, 0, sizeof *hand);
  for (guint i = 0; i < n; i++)
    arb_card_set_add (hand, arb_card_new (cards[i].species, cards[i].value));
}

/* The path found is exactly the one expected, card by card and in order. */
static void
assert_path (const ArbPath *path, guint points, const Cell *cells, guint n)
{
  g_assert_cmpuint (path->points, ==, points);
  g_assert_cmpuint (path->n, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (path->cards[i].card, ==, arb_card_new (cells[i].species, cells[i].value));
      g_assert_cmpint (path->cards[i].x, ==, cells[i].x);
      g_assert_cmpint (path->cards[i].y, ==, cells[i].y);
    }
}

static guint
best (const Cell *cells, guint n, ArbSpecies species, ArbPath *path)
{
  ArbArboretum arboretum;
  ArbPath scratch;
  guint8 all[ARB_N_SPECIES];

  build_arboretum (&arboretum, cells, n);
  guint points = arb_arboretum_best_path (&arboretum, species, path != NULL ? path : &scratch);
  /* The fast search without trails agrees with the one that keeps them. */
  arb_arboretum_best_paths (&arboretum, all);
  g_assert_cmpuint (all[species], ==, points);
  return points;
}

/* ---- The 2018 rulebook's 3-player example ---------------------------- */

enum { TALIA, JONTE, RINA };

/* 3 players play 8 species: the example names these eight. */
#define EXAMPLE_SPECIES (BIT (SPRUCE) | BIT (CASSIA) | BIT (DOGWOOD) | BIT (JACA) \
                         | BIT (MAPLE) | BIT (OAK) | BIT (ROYAL) | BIT (WILLOW))

static const HandCard talia_hand[] = {
  { JACA, 7 }, { MAPLE, 6 }, { MAPLE, 7 }, { OAK, 3 }, { OAK, 8 }, { ROYAL, 1 }, { ROYAL, 5 },
};
static const HandCard jonte_hand[] = {
  { SPRUCE, 4 }, { CASSIA, 6 }, { JACA, 2 }, { JACA, 5 }, { MAPLE, 4 }, { MAPLE, 5 }, { ROYAL, 3 },
};
static const HandCard rina_hand[] = {
  { CASSIA, 5 }, { DOGWOOD, 2 }, { OAK, 7 }, { ROYAL, 8 }, { WILLOW, 1 }, { WILLOW, 3 }, { WILLOW, 8 },
};

/* The rulebook's picture is not in the text, so this arboretum is designed
 * to give what the text says: Oak 9, Jacaranda 7, Royal Poinciana 3, and
 * no Maple. None of its cards is in anybody's hand.
 *
 *        x=0    x=1    x=2    x=3    x=4    x=5
 *   y=0  Oak1   Oak2   Oak4   Oak5   Spr6   Jac8
 *   y=1         Dog3   Jac3
 *   y=2         Dog5   Roy2   Wil4   Roy6
 *
 * Oak 1-2-4-5 (4 oaks from a 1: 4 + 4 + 1 = 9); Jacaranda 3, Oak 4, Oak 5,
 * Spruce 6, Jacaranda 8 (5 cards ending on an 8: 5 + 2 = 7), sharing the
 * oaks 4 and 5; Royal Poinciana 2, Willow 4, Royal Poinciana 6 (3). The
 * Dogwood 3-5 path would score 2 but Talia has no right to Dogwood. */
static const Cell talia_arboretum[] = {
  { OAK, 1, 0, 0 }, { OAK, 2, 1, 0 }, { OAK, 4, 2, 0 }, { OAK, 5, 3, 0 },
  { SPRUCE, 6, 4, 0 }, { JACA, 8, 5, 0 }, { DOGWOOD, 3, 1, 1 }, { JACA, 3, 2, 1 },
  { DOGWOOD, 5, 1, 2 }, { ROYAL, 2, 2, 2 }, { WILLOW, 4, 3, 2 }, { ROYAL, 6, 4, 2 },
};
/* Cassia 1-3 scores 2 + 1 = 3; Maple 2-3 would score 2 but Talia's 13
 * beats Jonte's 9. */
static const Cell jonte_arboretum[] = {
  { CASSIA, 1, 0, 0 }, { CASSIA, 3, 1, 0 }, { MAPLE, 2, 0, 1 }, { MAPLE, 3, 1, 1 },
};
/* Willow 2-5-6-7: 4 willows, 8 points; Royal Poinciana 4-7 would score 2
 * but her 8 counts 0 against Talia's 1. */
static const Cell rina_arboretum[] = {
  { ROYAL, 4, 0, 0 }, { ROYAL, 7, 1, 0 },
  { WILLOW, 2, 0, 1 }, { WILLOW, 5, 1, 1 }, { WILLOW, 6, 2, 1 }, { WILLOW, 7, 3, 1 },
};

static void
rulebook_example (ArbScoreSheet *sheet)
{
  ArbCardSet hands[3];
  ArbArboretum arboreta[3];

  build_hand (&hands[TALIA], talia_hand, G_N_ELEMENTS (talia_hand));
  build_hand (&hands[JONTE], jonte_hand, G_N_ELEMENTS (jonte_hand));
  build_hand (&hands[RINA], rina_hand, G_N_ELEMENTS (rina_hand));
  build_arboretum (&arboreta[TALIA], talia_arboretum, G_N_ELEMENTS (talia_arboretum));
  build_arboretum (&arboreta[JONTE], jonte_arboretum, G_N_ELEMENTS (jonte_arboretum));
  build_arboretum (&arboreta[RINA], rina_arboretum, G_N_ELEMENTS (rina_arboretum));
  arb_score_sheet_compute (sheet, ARB_VARIANT_STANDARD, EXAMPLE_SPECIES, 3, hands, arboreta);
}

/* The effective sum and the right of one player for each of the 10 species,
 * in species order; -1 marks a species out of play. */
static void
assert_rights (const ArbScoreSheet *sheet, guint player, const int sums[ARB_N_SPECIES],
               ArbSpeciesMask rights)
{
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      const ArbSpeciesScore *score = &sheet->players[player].species[s];
      if (sums[s] < 0)
        {
          g_assert_false (score->right);
          g_assert_cmpuint (score->points, ==, 0);
          continue;
        }
      g_assert_cmpuint (score->hand_sum, ==, (guint) sums[s]);
      g_assert_cmpint (score->right, ==, (rights & BIT (s)) != 0);
    }
}

static void
test_example_rights (void)
{
  ArbScoreSheet sheet;
  /*                         Spr Cas Che Dog Jac Map Oak Roy Pop Wil */
  static const int talia[] = { 0,  0, -1,  0,  7, 13, 11,  6, -1,  0 };
  static const int jonte[] = { 4,  6, -1,  0,  7,  9,  0,  3, -1,  0 };
  static const int rina[]  = { 0,  5, -1,  2,  0,  0,  7,  0, -1, 12 };

  rulebook_example (&sheet);
  g_assert_cmpuint (sheet.n_players, ==, 3);
  g_assert_cmpuint (sheet.species, ==, EXAMPLE_SPECIES);
  assert_rights (&sheet, TALIA, talia, BIT (JACA) | BIT (MAPLE) | BIT (OAK) | BIT (ROYAL));
  assert_rights (&sheet, JONTE, jonte, BIT (SPRUCE) | BIT (CASSIA) | BIT (JACA));
  assert_rights (&sheet, RINA, rina, BIT (DOGWOOD) | BIT (WILLOW));
}

/* Rina's 8 counts 0 only because Talia holds the 1: without it, her 8
 * beats Talia's 5 and Jonte's 3. */
static void
test_example_eight_needs_the_one (void)
{
  ArbCardSet hands[3];

  build_hand (&hands[TALIA], talia_hand, G_N_ELEMENTS (talia_hand));
  build_hand (&hands[JONTE], jonte_hand, G_N_ELEMENTS (jonte_hand));
  build_hand (&hands[RINA], rina_hand, G_N_ELEMENTS (rina_hand));
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 3, RINA, ROYAL), ==, 0);
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 3, TALIA, ROYAL), ==, 6);
  /* Rina's own 1 of Willow does not cancel her own 8 of Willow. */
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 3, RINA, WILLOW), ==, 12);

  arb_card_set_remove (&hands[TALIA], arb_card_new (ROYAL, 1));
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 3, RINA, ROYAL), ==, 8);
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 3, TALIA, ROYAL), ==, 5);
}

static void
test_example_talia_19 (void)
{
  ArbScoreSheet sheet;
  static const Cell oak[] = {
    { OAK, 1, 0, 0 }, { OAK, 2, 1, 0 }, { OAK, 4, 2, 0 }, { OAK, 5, 3, 0 },
  };
  static const Cell jacaranda[] = {
    { JACA, 3, 2, 1 }, { OAK, 4, 2, 0 }, { OAK, 5, 3, 0 }, { SPRUCE, 6, 4, 0 }, { JACA, 8, 5, 0 },
  };
  static const Cell royal[] = {
    { ROYAL, 2, 2, 2 }, { WILLOW, 4, 3, 2 }, { ROYAL, 6, 4, 2 },
  };
  const ArbPlayerScore *talia;

  rulebook_example (&sheet);
  talia = &sheet.players[TALIA];
  assert_path (&talia->species[OAK].path, 9, oak, G_N_ELEMENTS (oak));
  assert_path (&talia->species[JACA].path, 7, jacaranda, G_N_ELEMENTS (jacaranda));
  assert_path (&talia->species[ROYAL].path, 3, royal, G_N_ELEMENTS (royal));
  g_assert_cmpuint (talia->species[OAK].points, ==, 9);
  g_assert_cmpuint (talia->species[JACA].points, ==, 7);
  g_assert_cmpuint (talia->species[ROYAL].points, ==, 3);
  /* The right to Maple without a maple planted, and a dogwood path
   * without the right: neither scores. */
  g_assert_true (talia->species[MAPLE].right);
  g_assert_cmpuint (talia->species[MAPLE].points, ==, 0);
  g_assert_cmpuint (talia->species[MAPLE].path.n, ==, 0);
  g_assert_false (talia->species[DOGWOOD].right);
  g_assert_cmpuint (talia->species[DOGWOOD].points, ==, 0);
  g_assert_cmpuint (talia->total, ==, 19);
  g_assert_cmpuint (talia->species_scored, ==, 3);
  g_assert_cmpuint (talia->species_planted, ==, 6);
}

static void
test_example_totals (void)
{
  ArbScoreSheet sheet;

  rulebook_example (&sheet);
  g_assert_cmpuint (sheet.players[JONTE].species[CASSIA].points, ==, 3);
  g_assert_cmpuint (sheet.players[JONTE].species[MAPLE].points, ==, 0);
  g_assert_cmpuint (sheet.players[JONTE].total, ==, 3);
  g_assert_cmpuint (sheet.players[RINA].species[WILLOW].points, ==, 8);
  g_assert_cmpuint (sheet.players[RINA].species[ROYAL].points, ==, 0);
  g_assert_cmpuint (sheet.players[RINA].total, ==, 8);
  g_assert_cmpuint (sheet.winners, ==, 1u << TALIA);
  g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_NONE);
}

/* The story of the example's scoring, in words: Talia's paths part by
 * part, Rina's 8 cut by Talia's 1, the rights and the result. */
static void
test_example_told (void)
{
  static const char * const names[] = { "Talia", "Jonte", "Rina" };
  ArbScoreSheet sheet;
  ArbCardSet hands[3];
  ArbPathPoints points;
  const ArbPath *oak, *jaca;

  rulebook_example (&sheet);
  build_hand (&hands[TALIA], talia_hand, G_N_ELEMENTS (talia_hand));
  build_hand (&hands[JONTE], jonte_hand, G_N_ELEMENTS (jonte_hand));
  build_hand (&hands[RINA], rina_hand, G_N_ELEMENTS (rina_hand));
  oak = &sheet.players[TALIA].species[OAK].path;
  jaca = &sheet.players[TALIA].species[JACA].path;
  arb_path_points_breakdown (oak->cards, oak->n, &points);
  g_assert_cmpuint (points.cards, ==, 4);
  g_assert_cmpuint (points.doubled, ==, 4);
  g_assert_cmpuint (points.one_bonus, ==, 1);
  g_assert_cmpuint (points.eight_bonus, ==, 0);
  g_assert_cmpuint (points.total, ==, 9);

  g_autofree char *oak_text = arb_score_describe_path (oak);
  g_autofree char *jaca_text = arb_score_describe_path (jaca);
  g_autofree char *royal = arb_score_describe_sums (&sheet, hands, ROYAL, names);
  g_autofree char *maple = arb_score_describe_rights (&sheet, MAPLE, names);
  g_autofree char *result = arb_score_describe_result (&sheet, names);
  g_autofree char *talia = arb_score_describe_hand (&hands[TALIA]);
  g_assert_cmpstr (oak_text, ==, "Oak 1 → Oak 2 → Oak 4 → Oak 5: 4 cards"
                                 " + 4 (4 cards or more, all of the species: doubled)"
                                 " + 1 (starts on a 1) = 9 points");
  g_assert_cmpstr (jaca_text, ==, "Jacaranda 3 → Oak 4 → Oak 5 → Blue Spruce 6 → Jacaranda 8: 5 cards"
                                  " + 2 (ends on an 8) = 7 points");
  g_assert_cmpstr (royal, ==, "Talia 6, Jonte 3, Rina 8, but the 8 counts 0 against the 1 Talia holds: 0");
  g_assert_cmpstr (maple, ==, "Talia may score it");
  g_assert_cmpstr (result, ==, "Talia wins");
  g_assert_cmpstr (talia, ==, "Jacaranda 7, Maple 6, Maple 7, Oak 3, Oak 8, Royal Poinciana 1, Royal Poinciana 5");
}

/* ---- Paths ------------------------------------------------------------ */

static void
test_path_points (void)
{
  static const ArbPlacement one_to_eight[] = {
    { 0, 0, 48 }, { 1, 0, 49 }, { 2, 0, 50 }, { 3, 0, 51 },
    { 4, 0, 52 }, { 5, 0, 53 }, { 6, 0, 54 }, { 7, 0, 55 },
  };
  ArbPlacement path[4];

  g_assert_cmpuint (arb_card_new (OAK, 1), ==, 48);
  g_assert_cmpuint (arb_path_points (one_to_eight, 8), ==, 19);
  /* A lone card is no path, not even a 1 or an 8. */
  g_assert_cmpuint (arb_path_points (one_to_eight, 1), ==, 0);
  g_assert_cmpuint (arb_path_points (&one_to_eight[7], 1), ==, 0);
  g_assert_cmpuint (arb_path_points (one_to_eight, 2), ==, 3);
  g_assert_cmpuint (arb_path_points (one_to_eight, 3), ==, 4);
  /* At 4 cards the single-species bonus starts. */
  g_assert_cmpuint (arb_path_points (one_to_eight, 4), ==, 9);

  /* Oak 1, 3, 5, 8: the bonuses are added after doubling, never doubled:
   * 4 + 4 + 1 + 2 = 11, not (4 + 1 + 2) * 2 = 14. */
  path[0] = (ArbPlacement) { 0, 0, arb_card_new (OAK, 1) };
  path[1] = (ArbPlacement) { 1, 0, arb_card_new (OAK, 3) };
  path[2] = (ArbPlacement) { 2, 0, arb_card_new (OAK, 5) };
  path[3] = (ArbPlacement) { 3, 0, arb_card_new (OAK, 8) };
  g_assert_cmpuint (arb_path_points (path, 4), ==, 11);
  /* One card of another species in between: no doubling. */
  path[2].card = arb_card_new (JACA, 5);
  g_assert_cmpuint (arb_path_points (path, 4), ==, 7);
}

static void
test_path_one_to_eight (void)
{
  /* A snake of the eight oaks. */
  static const Cell cells[] = {
    { OAK, 1, 0, 0 }, { OAK, 2, 1, 0 }, { OAK, 3, 1, 1 }, { OAK, 4, 0, 1 },
    { OAK, 5, 0, 2 }, { OAK, 6, 1, 2 }, { OAK, 7, 2, 2 }, { OAK, 8, 2, 1 },
  };
  ArbPath path;

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), OAK, &path), ==, 19);
  assert_path (&path, 19, cells, G_N_ELEMENTS (cells));
}

static void
test_path_bonuses_not_doubled (void)
{
  static const Cell cells[] = {
    { OAK, 1, 0, 0 }, { OAK, 3, 0, 1 }, { OAK, 5, 1, 1 }, { OAK, 8, 1, 2 },
  };
  ArbPath path;

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), OAK, &path), ==, 11);
  assert_path (&path, 11, cells, G_N_ELEMENTS (cells));
}

/* Oak 2 to Oak 7 through four jacarandas is 6 cards and 6 points; the four
 * oaks 1-3-4-5 below score 9. The jacarandas alone are 4 of a kind: 8.
 *
 *        x=0    x=1    x=2    x=3    x=4    x=5
 *   y=0  Oak2   Jac3   Jac4   Jac5   Jac6   Oak7
 *   y=1  Dog8
 *   y=2  Oak1   Oak3   Oak4   Oak5
 */
static const Cell mixed_and_pure[] = {
  { OAK, 2, 0, 0 }, { JACA, 3, 1, 0 }, { JACA, 4, 2, 0 }, { JACA, 5, 3, 0 },
  { JACA, 6, 4, 0 }, { OAK, 7, 5, 0 }, { DOGWOOD, 8, 0, 1 },
  { OAK, 1, 0, 2 }, { OAK, 3, 1, 2 }, { OAK, 4, 2, 2 }, { OAK, 5, 3, 2 },
};

static void
test_path_mixed_beaten_by_shorter_pure (void)
{
  static const Cell oaks[] = {
    { OAK, 1, 0, 2 }, { OAK, 3, 1, 2 }, { OAK, 4, 2, 2 }, { OAK, 5, 3, 2 },
  };
  static const Cell jacarandas[] = {
    { JACA, 3, 1, 0 }, { JACA, 4, 2, 0 }, { JACA, 5, 3, 0 }, { JACA, 6, 4, 0 },
  };
  ArbPath path;

  g_assert_cmpuint (best (mixed_and_pure, G_N_ELEMENTS (mixed_and_pure), OAK, &path), ==, 9);
  assert_path (&path, 9, oaks, G_N_ELEMENTS (oaks));
  g_assert_cmpuint (best (mixed_and_pure, G_N_ELEMENTS (mixed_and_pure), JACA, &path), ==, 8);
  assert_path (&path, 8, jacarandas, G_N_ELEMENTS (jacarandas));
  /* A lone dogwood. */
  g_assert_cmpuint (best (mixed_and_pure, G_N_ELEMENTS (mixed_and_pure), DOGWOOD, NULL), ==, 0);
}

/* The best path is not the longest: Oak 2 ... Oak 6 through three willows is
 * 5 cards and 5 points; Oak 1, Oak 7, Oak 8 is 3 cards and 3 + 1 + 2 = 6.
 *
 *        x=0    x=1    x=2    x=3    x=4
 *   y=0  Oak2   Wil3   Wil4   Wil5   Oak6
 *   y=1  Spr1
 *   y=2  Oak1   Oak7   Oak8
 */
static void
test_path_best_not_longest (void)
{
  static const Cell cells[] = {
    { OAK, 2, 0, 0 }, { WILLOW, 3, 1, 0 }, { WILLOW, 4, 2, 0 }, { WILLOW, 5, 3, 0 },
    { OAK, 6, 4, 0 }, { SPRUCE, 1, 0, 1 }, { OAK, 1, 0, 2 }, { OAK, 7, 1, 2 }, { OAK, 8, 2, 2 },
  };
  static const Cell expected[] = { { OAK, 1, 0, 2 }, { OAK, 7, 1, 2 }, { OAK, 8, 2, 2 } };
  ArbPath path;

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), OAK, &path), ==, 6);
  assert_path (&path, 6, expected, G_N_ELEMENTS (expected));
  /* Willow 3-4-5 is 3 cards: no single-species bonus below 4. */
  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), WILLOW, NULL), ==, 3);
}

static void
test_path_gaps (void)
{
  /* Values need not be consecutive: Jacaranda 2, Oak 5, Jacaranda 7; and
   * Maple 1 straight to Maple 8. */
  static const Cell cells[] = {
    { JACA, 2, 0, 0 }, { OAK, 5, 1, 0 }, { JACA, 7, 2, 0 },
    { MAPLE, 1, 0, 1 }, { MAPLE, 8, 0, 2 },
  };
  static const Cell jacaranda[] = { { JACA, 2, 0, 0 }, { OAK, 5, 1, 0 }, { JACA, 7, 2, 0 } };
  static const Cell maple[] = { { MAPLE, 1, 0, 1 }, { MAPLE, 8, 0, 2 } };
  ArbPath path;

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), JACA, &path), ==, 3);
  assert_path (&path, 3, jacaranda, G_N_ELEMENTS (jacaranda));
  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), MAPLE, &path), ==, 5);
  assert_path (&path, 5, maple, G_N_ELEMENTS (maple));
}

/* Willow 5 in the middle serves an oak path and a jacaranda path.
 *
 *        x=0    x=1    x=2
 *   y=0         Oak2
 *   y=1  Jac3   Wil5   Jac7
 *   y=2         Oak8
 */
static void
test_path_card_in_two_species (void)
{
  static const Cell cells[] = {
    { WILLOW, 5, 1, 1 }, { OAK, 2, 1, 0 }, { JACA, 3, 0, 1 }, { JACA, 7, 2, 1 }, { OAK, 8, 1, 2 },
  };
  static const Cell oak[] = { { OAK, 2, 1, 0 }, { WILLOW, 5, 1, 1 }, { OAK, 8, 1, 2 } };
  static const Cell jacaranda[] = { { JACA, 3, 0, 1 }, { WILLOW, 5, 1, 1 }, { JACA, 7, 2, 1 } };
  ArbPath path;

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), OAK, &path), ==, 5);
  assert_path (&path, 5, oak, G_N_ELEMENTS (oak));
  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), JACA, &path), ==, 3);
  assert_path (&path, 3, jacaranda, G_N_ELEMENTS (jacaranda));
  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), WILLOW, NULL), ==, 0);
}

/* An arboretum in words, for a player who cannot see it: the card in the
 * middle of two species' best paths names both, a free place its
 * neighbours, an empty arboretum its first place. */
static void
test_words (void)
{
  static const Cell cells[] = {
    { WILLOW, 5, 1, 1 }, { OAK, 2, 1, 0 }, { JACA, 3, 0, 1 }, { JACA, 7, 2, 1 }, { OAK, 8, 1, 2 },
  };
  ArbArboretum arboretum, empty = { 0 };
  g_autofree char *middle = NULL;
  g_autofree char *oak = NULL;
  g_autofree char *place = NULL;
  g_autofree char *first = NULL;

  build_arboretum (&arboretum, cells, G_N_ELEMENTS (cells));
  middle = arb_arboretum_describe_card (&arboretum, 1, 1);
  g_assert_cmpstr (middle, ==, "Willow 5, row 2, column 2, on a path of Jacaranda 3–Willow 5–Jacaranda 7"
                               " and Oak 2–Willow 5–Oak 8");
  oak = arb_arboretum_describe_card (&arboretum, 1, 0);
  g_assert_cmpstr (oak, ==, "Oak 2, row 1, column 2, on a path of Oak 2–Willow 5–Oak 8");
  /* (0, 0) touches Jacaranda 3 below it and Oak 2 on its right. */
  place = arb_arboretum_describe_place (&arboretum, 0, 0);
  g_assert_cmpstr (place, ==, "next to Oak 2, on its left; above Jacaranda 3");
  first = arb_arboretum_describe_place (&empty, 0, 0);
  g_assert_cmpstr (first, ==, "as the first card");
}

static void
test_path_none (void)
{
  ArbArboretum empty = { 0 };
  ArbPath path;
  /* Single cards of a species; Oak 5 and Oak 7 only reach each other
   * through a lower card; Maple 4 and Maple 6 only through an equal one. */
  static const Cell cells[] = {
    { OAK, 5, 0, 0 }, { JACA, 2, 1, 0 }, { OAK, 7, 2, 0 },
    { WILLOW, 1, 0, 1 }, { SPRUCE, 8, 1, 1 },
    { MAPLE, 4, 0, 2 }, { OAK, 4, 1, 2 }, { MAPLE, 6, 2, 2 },
  };

  g_assert_cmpuint (arb_arboretum_best_path (&empty, OAK, &path), ==, 0);
  g_assert_cmpuint (path.n, ==, 0);
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), (ArbSpecies) s, &path), ==, 0);
      g_assert_cmpuint (path.n, ==, 0);
    }
}

static void
test_path_two_card_minimum (void)
{
  static const Cell lone_one[] = { { OAK, 1, 0, 0 }, { JACA, 2, 1, 0 } };
  static const Cell lone_eight[] = { { JACA, 1, 0, 0 }, { OAK, 8, 1, 0 } };
  static const Cell pair[] = { { OAK, 1, 0, 0 }, { OAK, 2, 1, 0 } };
  ArbPath path;

  g_assert_cmpuint (best (lone_one, 2, OAK, NULL), ==, 0);
  g_assert_cmpuint (best (lone_eight, 2, OAK, NULL), ==, 0);
  g_assert_cmpuint (best (pair, 2, OAK, &path), ==, 3);
  assert_path (&path, 3, pair, 2);
}

/* Oak 1 and Oak 2 touch at a corner only.
 *
 *        x=0    x=1
 *   y=0  Oak1   Jac1
 *   y=1  Wil1   Oak2
 */
static void
test_path_diagonal (void)
{
  static const Cell cells[] = {
    { OAK, 1, 0, 0 }, { JACA, 1, 1, 0 }, { WILLOW, 1, 0, 1 }, { OAK, 2, 1, 1 },
  };

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), OAK, NULL), ==, 0);
}

/* Cells at the two edges of the table, and diagonal ones, are not
 * neighbours. */
static void
test_path_far_cells (void)
{
  static const Cell cells[] = { { OAK, 1, 100, 0 }, { OAK, 2, -100, 0 }, { OAK, 3, 99, 1 } };

  g_assert_cmpuint (best (cells, G_N_ELEMENTS (cells), OAK, NULL), ==, 0);
}

/* ---- Rights ----------------------------------------------------------- */

static void
test_rights_nobody_holds (void)
{
  ArbCardSet hands[3] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
  ArbArboretum arboreta[3] = { { .n = 0 } };
  ArbScoreSheet sheet;
  static const Cell pair[] = { { OAK, 1, 0, 0 }, { OAK, 2, 1, 0 } };

  build_arboretum (&arboreta[1], pair, 2);
  arb_score_sheet_compute (&sheet, ARB_VARIANT_STANDARD, EXAMPLE_SPECIES, 3, hands, arboreta);
  for (guint p = 0; p < 3; p++)
    for (guint s = 0; s < ARB_N_SPECIES; s++)
      {
        g_assert_cmpuint (sheet.players[p].species[s].hand_sum, ==, 0);
        g_assert_cmpint (sheet.players[p].species[s].right, ==, (EXAMPLE_SPECIES & BIT (s)) != 0);
      }
  g_assert_cmpuint (sheet.players[1].total, ==, 3);

  /* One player holding a single oak takes the right from the others. */
  arb_card_set_add (&hands[2], arb_card_new (OAK, 5));
  arb_score_sheet_compute (&sheet, ARB_VARIANT_STANDARD, EXAMPLE_SPECIES, 3, hands, arboreta);
  g_assert_false (sheet.players[0].species[OAK].right);
  g_assert_false (sheet.players[1].species[OAK].right);
  g_assert_true (sheet.players[2].species[OAK].right);
  g_assert_cmpuint (sheet.players[1].total, ==, 0);
}

static void
test_rights_eight_and_one (void)
{
  ArbCardSet hands[2] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };

  /* Holding both the 1 and the 8: nobody else holds the 1. */
  arb_card_set_add (&hands[0], arb_card_new (OAK, 1));
  arb_card_set_add (&hands[0], arb_card_new (OAK, 8));
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 2, 0, OAK), ==, 9);
  /* The 8 alone, the 1 planted or in no hand: it counts 8. */
  arb_card_set_remove (&hands[0], arb_card_new (OAK, 1));
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 2, 0, OAK), ==, 8);
  /* The opponent's 1 turns the 8 to 0; the 1 still counts 1. */
  arb_card_set_add (&hands[1], arb_card_new (OAK, 1));
  arb_card_set_add (&hands[0], arb_card_new (OAK, 6));
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 2, 0, OAK), ==, 6);
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 2, 1, OAK), ==, 1);
  /* Another species' 1 does nothing. */
  arb_card_set_add (&hands[1], arb_card_new (JACA, 1));
  arb_card_set_add (&hands[0], arb_card_new (MAPLE, 8));
  g_assert_cmpuint (arb_scoring_hand_sum (hands, 2, 0, MAPLE), ==, 8);
}

/* ---- Winners ---------------------------------------------------------- */

/* Three arboreta: A and B score 5 each (Oak 1 next to Oak 8), A with three
 * species planted and B with two; C scores 3 with four species planted.
 * Nobody holds a card, so everybody has every right. */
static void
tie_position (ArbArboretum arboreta[3], gboolean same_species)
{
  static const Cell a[] = {
    { OAK, 1, 0, 0 }, { OAK, 8, 1, 0 }, { JACA, 5, 0, 1 }, { WILLOW, 4, 0, 2 },
  };
  static const Cell b[] = { { OAK, 1, 0, 0 }, { OAK, 8, 1, 0 }, { JACA, 5, 0, 1 } };
  static const Cell b_more[] = {
    { OAK, 1, 0, 0 }, { OAK, 8, 1, 0 }, { JACA, 5, 0, 1 }, { MAPLE, 4, 0, 2 },
  };
  static const Cell c[] = {
    { MAPLE, 1, 0, 0 }, { MAPLE, 2, 1, 0 }, { JACA, 1, 0, 1 }, { OAK, 1, 0, 2 },
    { WILLOW, 1, 0, 3 },
  };

  build_arboretum (&arboreta[0], a, G_N_ELEMENTS (a));
  if (same_species)
    build_arboretum (&arboreta[1], b_more, G_N_ELEMENTS (b_more));
  else
    build_arboretum (&arboreta[1], b, G_N_ELEMENTS (b));
  build_arboretum (&arboreta[2], c, G_N_ELEMENTS (c));
}

static void
score_tie (ArbScoreSheet *sheet, ArbVariant variant, gboolean same_species)
{
  ArbCardSet hands[3] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
  ArbArboretum arboreta[3];

  tie_position (arboreta, same_species);
  arb_score_sheet_compute (sheet, variant, EXAMPLE_SPECIES, 3, hands, arboreta);
  g_assert_cmpuint (sheet->players[0].total, ==, 5);
  g_assert_cmpuint (sheet->players[1].total, ==, 5);
  g_assert_cmpuint (sheet->players[2].total, ==, 3);
  g_assert_cmpuint (sheet->players[0].species_planted, ==, 3);
  g_assert_cmpuint (sheet->players[1].species_planted, ==, same_species ? 3 : 2);
  g_assert_cmpuint (sheet->players[2].species_planted, ==, 4);
}

static void
test_winner_standard_tie (void)
{
  ArbScoreSheet sheet;

  /* The most species among the tied players only: C's four do not count. */
  score_tie (&sheet, ARB_VARIANT_STANDARD, FALSE);
  g_assert_cmpuint (sheet.winners, ==, 1u << 0);
  g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_SPECIES);

  score_tie (&sheet, ARB_VARIANT_STANDARD, TRUE);
  g_assert_cmpuint (sheet.winners, ==, (1u << 0) | (1u << 1));
  g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_SHARED);
}

static void
test_winner_classic_tie (void)
{
  ArbScoreSheet sheet;

  /* The 2010 rules share a tie whatever the species. */
  score_tie (&sheet, ARB_VARIANT_CLASSIC, FALSE);
  g_assert_cmpuint (sheet.winners, ==, (1u << 0) | (1u << 1));
  g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_SHARED);
  score_tie (&sheet, ARB_VARIANT_CLASSIC, TRUE);
  g_assert_cmpuint (sheet.winners, ==, (1u << 0) | (1u << 1));
  g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_SHARED);
}

static void
test_winner_single (void)
{
  ArbCardSet hands[3] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
  ArbArboretum arboreta[3];
  ArbScoreSheet sheet;

  tie_position (arboreta, FALSE);
  /* B alone holds an oak: A loses the right to its oaks, C wins with 3. */
  arb_card_set_add (&hands[1], arb_card_new (OAK, 3));
  arb_card_set_add (&hands[1], arb_card_new (MAPLE, 3));
  arb_card_set_add (&hands[0], arb_card_new (MAPLE, 5));
  for (ArbVariant v = ARB_VARIANT_STANDARD; v <= ARB_VARIANT_CLASSIC; v++)
    {
      arb_score_sheet_compute (&sheet, v, EXAMPLE_SPECIES, 3, hands, arboreta);
      g_assert_cmpuint (sheet.players[0].total, ==, 0);
      g_assert_cmpuint (sheet.players[1].total, ==, 5);
      g_assert_cmpuint (sheet.players[2].total, ==, 0);
      g_assert_cmpuint (sheet.winners, ==, 1u << 1);
      g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_NONE);
    }
}

/* ---- Solo ------------------------------------------------------------- */

#define SOLO_SPECIES (BIT (CASSIA) | BIT (DOGWOOD) | BIT (JACA) | BIT (MAPLE) | BIT (OAK) \
                      | BIT (WILLOW))

/* Two-card paths of a species from 1: 2 + 1 = 3 points each, or from 2: 2. */
static void
solo_arboretum (ArbArboretum *arboretum, const ArbSpecies *species, const guint *first, guint n)
{
  Cell cells[2 * ARB_N_SPECIES];

  for (guint i = 0; i < n; i++)
    {
      cells[2 * i] = (Cell) { species[i], first[i], (int) i, 0 };
      cells[2 * i + 1] = (Cell) { species[i], first[i] + 1, (int) i, 1 };
    }
  build_arboretum (arboretum, cells, 2 * n);
}

typedef struct {
  const char *what;
  guint n_person;             /* the person's species: Cassia, Dogwood, ... */
  guint person_first;         /* its paths start on this value */
  guint n_q;                  /* Q's species: Willow, Oak, ... */
  guint q_first;
  gboolean person_wins;
} SoloCase;

static void
test_solo_winner (void)
{
  static const ArbSpecies person_species[] = { CASSIA, DOGWOOD, JACA };
  static const ArbSpecies q_species[] = { WILLOW, OAK, MAPLE };
  static const SoloCase cases[] = {
    /* 2 species each, 6 points to 4: both conditions hold. */
    { "more points, as many species", 2, 1, 2, 2, TRUE },
    /* 3 species to 2, 9 to 4. */
    { "more points, more species", 3, 1, 2, 2, TRUE },
    /* 2 species each, 4 points each: not strictly more. */
    { "equal points", 2, 2, 2, 2, FALSE },
    /* 1 species to 2, 3 points to 4. */
    { "fewer species, fewer points", 1, 1, 2, 2, FALSE },
    /* 1 species to 2, 9 points to 4 (this case swaps in 4 cassias). */
    { "fewer species, more points", 1, 1, 2, 2, FALSE },
    /* 3 species to 2, 6 points to 6. */
    { "more species, equal points", 3, 2, 2, 1, FALSE },
    /* 3 species each, 6 points to 9. */
    { "as many species, fewer points", 3, 2, 3, 1, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const SoloCase *c = &cases[i];
      ArbCardSet hands[2] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
      ArbArboretum arboreta[2];
      ArbScoreSheet sheet;
      guint person_first[3] = { c->person_first, c->person_first, c->person_first };
      guint q_first[3] = { c->q_first, c->q_first, c->q_first };

      g_test_message ("solo case: %s", c->what);
      solo_arboretum (&arboreta[ARB_SOLO_PERSON], person_species, person_first, c->n_person);
      solo_arboretum (&arboreta[ARB_SOLO_Q], q_species, q_first, c->n_q);
      if (i == 4)
        {
          /* The person's one path is 4 cassias from a 1: 9 points to 4. */
          static const Cell four[] = {
            { CASSIA, 1, 0, 0 }, { CASSIA, 2, 1, 0 }, { CASSIA, 3, 2, 0 }, { CASSIA, 4, 3, 0 },
          };
          build_arboretum (&arboreta[ARB_SOLO_PERSON], four, 4);
        }
      arb_score_sheet_compute (&sheet, ARB_VARIANT_SOLO, SOLO_SPECIES, 2, hands, arboreta);
      g_test_message ("person %u points %u species, Q %u points %u species",
                      sheet.players[0].total, sheet.players[0].species_scored,
                      sheet.players[1].total, sheet.players[1].species_scored);
      g_assert_cmpint (sheet.tie_break, ==, ARB_TIE_SOLO);
      g_assert_cmpuint (sheet.winners, ==, 1u << (c->person_wins ? ARB_SOLO_PERSON : ARB_SOLO_Q));
    }
}

/* The figures the cases above rely on. */
static void
test_solo_winner_figures (void)
{
  static const ArbSpecies person_species[] = { CASSIA, DOGWOOD, JACA };
  ArbCardSet hands[2] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
  ArbArboretum arboreta[2];
  ArbScoreSheet sheet;
  static const guint from_one[] = { 1, 1, 1 };
  static const guint from_two[] = { 2, 2, 2 };

  solo_arboretum (&arboreta[0], person_species, from_one, 3);
  solo_arboretum (&arboreta[1], person_species, from_two, 2);
  arb_score_sheet_compute (&sheet, ARB_VARIANT_SOLO, SOLO_SPECIES, 2, hands, arboreta);
  g_assert_cmpuint (sheet.players[0].total, ==, 9);
  g_assert_cmpuint (sheet.players[0].species_scored, ==, 3);
  g_assert_cmpuint (sheet.players[1].total, ==, 4);
  g_assert_cmpuint (sheet.players[1].species_scored, ==, 2);
}

/* A species with the right but no path does not count as scored. */
static void
test_solo_scored_species_need_points (void)
{
  ArbCardSet hands[2] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
  ArbArboretum arboreta[2];
  ArbScoreSheet sheet;
  /* Person: Oak 1-8 (5 points) and a lone Jacaranda; Q: Willow 2-3 and
   * Maple 2-3 (4 points, 2 species). */
  static const Cell person[] = { { OAK, 1, 0, 0 }, { OAK, 8, 1, 0 }, { JACA, 5, 2, 0 } };
  static const Cell q[] = {
    { WILLOW, 2, 0, 0 }, { WILLOW, 3, 0, 1 }, { MAPLE, 2, 1, 0 }, { MAPLE, 3, 1, 1 },
  };

  build_arboretum (&arboreta[0], person, G_N_ELEMENTS (person));
  build_arboretum (&arboreta[1], q, G_N_ELEMENTS (q));
  arb_score_sheet_compute (&sheet, ARB_VARIANT_SOLO, SOLO_SPECIES, 2, hands, arboreta);
  g_assert_true (sheet.players[0].species[JACA].right);
  g_assert_cmpuint (sheet.players[0].species_scored, ==, 1);
  g_assert_cmpuint (sheet.players[0].total, ==, 5);
  g_assert_cmpuint (sheet.players[1].species_scored, ==, 2);
  g_assert_cmpuint (sheet.winners, ==, 1u << ARB_SOLO_Q);
}

/* The 8/1 rule works both ways between the person and Q. */
static void
test_solo_eight_and_one (void)
{
  ArbCardSet hands[2] = { ARB_CARD_SET_INIT, ARB_CARD_SET_INIT };
  ArbArboretum arboreta[2];
  ArbScoreSheet sheet;
  static const Cell oaks[] = { { OAK, 2, 0, 0 }, { OAK, 3, 1, 0 } };

  build_arboretum (&arboreta[0], oaks, 2);
  build_arboretum (&arboreta[1], oaks, 2);

  /* Q's 8 against the person's 1 (the rule the solo rulebook spells out). */
  arb_card_set_add (&hands[ARB_SOLO_PERSON], arb_card_new (OAK, 1));
  arb_card_set_add (&hands[ARB_SOLO_Q], arb_card_new (OAK, 8));
  arb_score_sheet_compute (&sheet, ARB_VARIANT_SOLO, SOLO_SPECIES, 2, hands, arboreta);
  g_assert_cmpuint (sheet.players[ARB_SOLO_Q].species[OAK].hand_sum, ==, 0);
  g_assert_cmpuint (sheet.players[ARB_SOLO_PERSON].species[OAK].hand_sum, ==, 1);
  g_assert_true (sheet.players[ARB_SOLO_PERSON].species[OAK].right);
  g_assert_false (sheet.players[ARB_SOLO_Q].species[OAK].right);
  g_assert_cmpuint (sheet.players[ARB_SOLO_PERSON].total, ==, 2);
  g_assert_cmpuint (sheet.players[ARB_SOLO_Q].total, ==, 0);
  g_assert_cmpuint (sheet.winners, ==, 1u << ARB_SOLO_PERSON);

  /* The person's 8 against Q's 1. */
  memset (hands, 0, sizeof hands);
  arb_card_set_add (&hands[ARB_SOLO_PERSON], arb_card_new (OAK, 8));
  arb_card_set_add (&hands[ARB_SOLO_Q], arb_card_new (OAK, 1));
  arb_score_sheet_compute (&sheet, ARB_VARIANT_SOLO, SOLO_SPECIES, 2, hands, arboreta);
  g_assert_cmpuint (sheet.players[ARB_SOLO_PERSON].species[OAK].hand_sum, ==, 0);
  g_assert_cmpuint (sheet.players[ARB_SOLO_Q].species[OAK].hand_sum, ==, 1);
  g_assert_false (sheet.players[ARB_SOLO_PERSON].species[OAK].right);
  g_assert_true (sheet.players[ARB_SOLO_Q].species[OAK].right);
  g_assert_cmpuint (sheet.winners, ==, 1u << ARB_SOLO_Q);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scoring/example/rights", test_example_rights);
  g_test_add_func ("/scoring/example/eight-needs-the-one", test_example_eight_needs_the_one);
  g_test_add_func ("/scoring/example/talia-19", test_example_talia_19);
  g_test_add_func ("/scoring/example/totals", test_example_totals);
  g_test_add_func ("/scoring/example/told", test_example_told);
  g_test_add_func ("/scoring/path/points", test_path_points);
  g_test_add_func ("/scoring/path/one-to-eight", test_path_one_to_eight);
  g_test_add_func ("/scoring/path/bonuses-not-doubled", test_path_bonuses_not_doubled);
  g_test_add_func ("/scoring/path/mixed-beaten-by-shorter-pure", test_path_mixed_beaten_by_shorter_pure);
  g_test_add_func ("/scoring/path/best-not-longest", test_path_best_not_longest);
  g_test_add_func ("/scoring/path/gaps", test_path_gaps);
  g_test_add_func ("/scoring/path/card-in-two-species", test_path_card_in_two_species);
  g_test_add_func ("/scoring/path/none", test_path_none);
  g_test_add_func ("/scoring/words", test_words);
  g_test_add_func ("/scoring/path/two-card-minimum", test_path_two_card_minimum);
  g_test_add_func ("/scoring/path/diagonal", test_path_diagonal);
  g_test_add_func ("/scoring/path/far-cells", test_path_far_cells);
  g_test_add_func ("/scoring/rights/nobody-holds", test_rights_nobody_holds);
  g_test_add_func ("/scoring/rights/eight-and-one", test_rights_eight_and_one);
  g_test_add_func ("/scoring/winner/standard-tie", test_winner_standard_tie);
  g_test_add_func ("/scoring/winner/classic-tie", test_winner_classic_tie);
  g_test_add_func ("/scoring/winner/single", test_winner_single);
  g_test_add_func ("/scoring/solo/winner", test_solo_winner);
  g_test_add_func ("/scoring/solo/winner-figures", test_solo_winner_figures);
  g_test_add_func ("/scoring/solo/scored-species-need-points", test_solo_scored_species_need_points);
  g_test_add_func ("/scoring/solo/eight-and-one", test_solo_eight_and_one);

  return g_test_run ();
}
