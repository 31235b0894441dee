/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rights.c: who would score each species if the game ended now, as a
 * viewer may know it (arb-rights): the 2018 rulebook's example, the
 * 1-against-8 rule, ties, certain / likely / open claims, and no peeking. */
#include "config.h"

#include <string.h>

#include "arb-engine.h"
#include "arb-test-redeal.h"
#include "arb-test-state.h"

#define SPRUCE   ARB_SPECIES_BLUE_SPRUCE
#define CASSIA   ARB_SPECIES_CASSIA
#define DOGWOOD  ARB_SPECIES_DOGWOOD
#define JACA     ARB_SPECIES_JACARANDA
#define MAPLE    ARB_SPECIES_MAPLE
#define OAK      ARB_SPECIES_OAK
#define ROYAL    ARB_SPECIES_ROYAL_POINCIANA
#define WILLOW   ARB_SPECIES_WILLOW

#define BIT(s) ((ArbSpeciesMask) (1u << (s)))
#define CARD(s, v) ((ArbCard) ((s) * ARB_N_VALUES + (v) - 1))

static const char * const names[] = { "Talia", "Jonte", "Rina", "Dev" };

typedef struct {
  ArbCard card;
  int     x, y;
} Cell;

/* A position in play: the deck holds deck_size cards; the viewer's public
 * state has its own hand whole and, of the others, the cards in known[]. */
typedef struct {
  ArbState   state;
  ArbCardSet known[ARB_MAX_PLAYERS]; /* seen taken from a pile */
  guint8     hand_size[ARB_MAX_PLAYERS]; /* 0: the cards in state's hand */
} Table;

static void
table_init (Table *table, ArbVariant variant, ArbSpeciesMask species, guint n_players)
{
  memset (table, 0, sizeof *table);
  table->state.variant = variant;
  table->state.species = species;
  table->state.n_players = (guint8) n_players;
  table->state.phase = ARB_PHASE_DRAW;
}

static void
table_plant (Table *table, guint p, const Cell *cells, guint n)
{
  for (guint i = 0; i < n; i++)
    arb_arboretum_place (&table->state.arboreta[p], cells[i].card, cells[i].x, cells[i].y);
}

static void
table_hand (Table *table, guint p, const ArbCard *cards, guint n)
{
  for (guint i = 0; i < n; i++)
    arb_card_set_add (&table->state.hands[p], cards[i]);
}

/* A card another player was seen to take. */
static void
table_known (Table *table, guint p, ArbCard card)
{
  arb_card_set_add (&table->state.hands[p], card);
  arb_card_set_add (&table->known[p], card);
}

/* What viewer knows of the table: its hand, the known cards of the others
 * and the number of the rest; the deck's size makes the count right. */
static void
project (const Table *table, int viewer, guint deck_size, ArbProjection *view)
{
  g_autoptr (GError) error = NULL;
  ArbState public_state = table->state;
  guint8 sizes[ARB_MAX_PLAYERS];

  public_state.deck.n = (guint8) deck_size;
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    {
      sizes[p] = table->hand_size[p] != 0 ? table->hand_size[p]
                                          : (guint8) arb_card_set_count (&table->state.hands[p]);
      if ((int) p != viewer)
        public_state.hands[p] = table->known[p];
    }
  g_assert_true (arb_projection_init_from_public (view, &public_state, viewer, sizes, &error));
  g_assert_no_error (error);
}

static const ArbSpeciesRights *
row_of (const ArbRights *rights, ArbSpecies species)
{
  for (guint r = 0; r < rights->n_rows; r++)
    if (rights->rows[r].species == species)
      return &rights->rows[r];
  g_assert_not_reached ();
}

static void
assert_claim (const ArbRights *rights, ArbSpecies species, guint p, gboolean right, ArbClaim claim)
{
  const ArbRightsSeat *seat = &row_of (rights, species)->seats[p];
  g_assert_cmpint (seat->claim, ==, claim);
  if (claim != ARB_CLAIM_OPEN)
    g_assert_cmpint (seat->right, ==, right);
}

/* ---- The 2018 rulebook's 3-player example ---------------------------- */

enum { TALIA, JONTE, RINA };

#define EXAMPLE_SPECIES (BIT (SPRUCE) | BIT (CASSIA) | BIT (DOGWOOD) | BIT (JACA) \
                         | BIT (MAPLE) | BIT (OAK) | BIT (ROYAL) | BIT (WILLOW))

static const ArbCard talia_hand[] = {
  CARD (JACA, 7), CARD (MAPLE, 6), CARD (MAPLE, 7), CARD (OAK, 3), CARD (OAK, 8),
  CARD (ROYAL, 1), CARD (ROYAL, 5),
};
static const ArbCard jonte_hand[] = {
  CARD (SPRUCE, 4), CARD (CASSIA, 6), CARD (JACA, 2), CARD (JACA, 5), CARD (MAPLE, 4),
  CARD (MAPLE, 5), CARD (ROYAL, 3),
};
static const ArbCard rina_hand[] = {
  CARD (CASSIA, 5), CARD (DOGWOOD, 2), CARD (OAK, 7), CARD (ROYAL, 8), CARD (WILLOW, 1),
  CARD (WILLOW, 3), CARD (WILLOW, 8),
};
/* The arboreta test-scoring.c designs for the example's numbers. */
static const Cell talia_arboretum[] = {
  { CARD (OAK, 1), 0, 0 }, { CARD (OAK, 2), 1, 0 }, { CARD (OAK, 4), 2, 0 },
  { CARD (OAK, 5), 3, 0 }, { CARD (SPRUCE, 6), 4, 0 }, { CARD (JACA, 8), 5, 0 },
  { CARD (DOGWOOD, 3), 1, 1 }, { CARD (JACA, 3), 2, 1 }, { CARD (DOGWOOD, 5), 1, 2 },
  { CARD (ROYAL, 2), 2, 2 }, { CARD (WILLOW, 4), 3, 2 }, { CARD (ROYAL, 6), 4, 2 },
};
static const Cell jonte_arboretum[] = {
  { CARD (CASSIA, 1), 0, 0 }, { CARD (CASSIA, 3), 1, 0 }, { CARD (MAPLE, 2), 0, 1 },
  { CARD (MAPLE, 3), 1, 1 },
};
static const Cell rina_arboretum[] = {
  { CARD (ROYAL, 4), 0, 0 }, { CARD (ROYAL, 7), 1, 0 }, { CARD (WILLOW, 2), 0, 1 },
  { CARD (WILLOW, 5), 1, 1 }, { CARD (WILLOW, 6), 2, 1 }, { CARD (WILLOW, 7), 3, 1 },
};

static void
example_table (Table *table)
{
  table_init (table, ARB_VARIANT_STANDARD, EXAMPLE_SPECIES, 3);
  table_hand (table, TALIA, talia_hand, G_N_ELEMENTS (talia_hand));
  table_hand (table, JONTE, jonte_hand, G_N_ELEMENTS (jonte_hand));
  table_hand (table, RINA, rina_hand, G_N_ELEMENTS (rina_hand));
  table_plant (table, TALIA, talia_arboretum, G_N_ELEMENTS (talia_arboretum));
  table_plant (table, JONTE, jonte_arboretum, G_N_ELEMENTS (jonte_arboretum));
  table_plant (table, RINA, rina_arboretum, G_N_ELEMENTS (rina_arboretum));
}

/* With every hand open (the game over), each claim is certain and says
 * what the score sheet says, and the points are the rulebook's 19. */
static void
test_example_open_hands (void)
{
  Table table;
  ArbProjection view;
  ArbRights rights;
  ArbScoreSheet sheet;

  example_table (&table);
  table.state.phase = ARB_PHASE_OVER;
  arb_score_sheet_compute (&sheet, ARB_VARIANT_STANDARD, EXAMPLE_SPECIES, 3,
                           table.state.hands, table.state.arboreta);
  g_assert_true (arb_projection_init (&view, &table.state, ARB_VIEWER_ALL, NULL, NULL));
  for (guint subject = 0; subject < 3; subject++)
    {
      arb_rights_compute (&rights, &view, subject);
      g_assert_cmpuint (rights.n_rows, ==, 8);
      g_assert_cmpuint (rights.n_unseen, ==, 0);
      for (guint r = 0; r < rights.n_rows; r++)
        for (guint p = 0; p < 3; p++)
          {
            const ArbRightsSeat *seat = &rights.rows[r].seats[p];
            const ArbSpeciesScore *score = &sheet.players[p].species[rights.rows[r].species];
            g_assert_cmpint (seat->claim, ==, ARB_CLAIM_CERTAIN);
            g_assert_cmpint (seat->right, ==, score->right);
            g_assert_cmpuint (seat->low, ==, score->hand_sum);
            g_assert_cmpuint (seat->high, ==, score->hand_sum);
          }
      g_assert_cmpuint (rights.points_certain, ==, sheet.players[subject].total);
      g_assert_cmpuint (rights.points_likely, ==, sheet.players[subject].total);
    }
  /* Rina's 8 of Royal Poinciana counts 0 against Talia's 1. */
  arb_rights_compute (&rights, &view, RINA);
  g_assert_true (row_of (&rights, ROYAL)->seats[RINA].eight_cut);
  g_assert_cmpuint (row_of (&rights, ROYAL)->seats[RINA].known_sum, ==, 8);
  g_assert_cmpuint (row_of (&rights, ROYAL)->seats[RINA].low, ==, 0);
  g_assert_false (row_of (&rights, WILLOW)->seats[RINA].eight_cut);
}

/* Talia's view before the scoring: her hand, nothing of the others'. The
 * Maple (her 13; the four maples left are at most 4 + 5 + 8 + 1 = 18 in
 * one hand) is not certain; her best paths are found all the same. */
static void
test_example_talia_view (void)
{
  Table table;
  ArbProjection view;
  ArbRights rights;
  g_autofree char *verdict = NULL, *sums = NULL, *path = NULL;

  example_table (&table);
  project (&table, TALIA, 21, &view);
  arb_rights_compute (&rights, &view, TALIA);
  g_assert_cmpuint (rights.n_hidden[TALIA], ==, 0);
  g_assert_cmpuint (rights.n_hidden[JONTE], ==, 7);
  g_assert_cmpuint (rights.n_hidden[RINA], ==, 7);
  g_assert_cmpuint (rights.n_unseen, ==, 35);

  const ArbSpeciesRights *oak = row_of (&rights, OAK);
  g_assert_cmpuint (oak->path.points, ==, 9);
  g_assert_cmpuint (oak->path.n, ==, 4);
  g_assert_cmpuint (oak->seats[TALIA].low, ==, 11);
  g_assert_cmpuint (oak->n_unseen, ==, 2); /* the 6 and the 7 */
  g_assert_cmpuint (oak->seats[JONTE].high, ==, 13);
  /* Talia's 1 of Royal Poinciana is hers: no other 8 of it can beat her 6
   * with the 8 cut, but the 3, 4... the unseen 3 and 8 could make 11. */
  const ArbSpeciesRights *royal = row_of (&rights, ROYAL);
  g_assert_cmpuint (royal->seats[TALIA].low, ==, 6);
  g_assert_cmpuint (royal->seats[RINA].high, ==, 3);
  assert_claim (&rights, ROYAL, TALIA, TRUE, ARB_CLAIM_CERTAIN);
  g_assert_cmpuint (row_of (&rights, JACA)->path.points, ==, 7);
  g_assert_cmpuint (rights.points_certain, >=, 3);

  verdict = arb_rights_describe_verdict (&rights, royal, names);
  sums = arb_rights_describe_sums (&rights, royal, names);
  path = arb_rights_describe_path (&rights, royal);
  g_assert_cmpstr (verdict, ==, "You score it: certain");
  g_assert_cmpstr (path, ==, "Best path now: 3 cards, 3 points");
  g_assert_true (g_str_has_prefix (sums, "In hand: you 6, Jonte 0 to 3, Rina 0 to 3"));
}

/* ---- 1 against 8 ------------------------------------------------------ */

/* Two players, 6 species; the viewer holds the Oak 8 and 2. */
static void
eight_table (Table *table)
{
  static const ArbCard mine[] = { CARD (OAK, 8), CARD (OAK, 2) };
  static const Cell planted[] = { { CARD (OAK, 3), 0, 0 }, { CARD (OAK, 4), 1, 0 },
                                  { CARD (OAK, 5), 2, 0 }, { CARD (OAK, 6), 3, 0 },
                                  { CARD (OAK, 7), 4, 0 } };

  table_init (table, ARB_VARIANT_STANDARD, BIT (SPRUCE) | BIT (CASSIA) | BIT (DOGWOOD)
              | BIT (JACA) | BIT (MAPLE) | BIT (OAK), 2);
  table_hand (table, 0, mine, G_N_ELEMENTS (mine));
  table_plant (table, 0, planted, G_N_ELEMENTS (planted));
}

static void
test_eight_against_one (void)
{
  Table table;
  ArbProjection view;
  ArbRights rights;
  ArbCard one = CARD (OAK, 1);

  /* The Oak 1 unseen, the other hand of 7 hidden: the 8 may count 0. */
  eight_table (&table);
  table.hand_size[1] = 7;
  project (&table, 0, 34, &view);
  arb_rights_compute (&rights, &view, 0);
  const ArbSpeciesRights *oak = row_of (&rights, OAK);
  g_assert_cmpuint (oak->seats[0].low, ==, 2);
  g_assert_cmpuint (oak->seats[0].high, ==, 10);
  g_assert_false (oak->seats[0].eight_cut);
  g_assert_cmpuint (oak->seats[1].high, ==, 1);
  assert_claim (&rights, OAK, 0, TRUE, ARB_CLAIM_CERTAIN);

  /* The other player took the Oak 1 from a pile: the viewer saw it, so the
   * 8 counts 0 for certain, and 2 against 1 still scores. */
  table_known (&table, 1, one);
  project (&table, 0, 34, &view);
  arb_rights_compute (&rights, &view, 0);
  oak = row_of (&rights, OAK);
  g_assert_true (oak->seats[0].eight_cut);
  g_assert_cmpuint (oak->seats[0].low, ==, 2);
  g_assert_cmpuint (oak->seats[0].high, ==, 2);
  g_assert_cmpuint (oak->seats[1].low, ==, 1);
  assert_claim (&rights, OAK, 0, TRUE, ARB_CLAIM_CERTAIN);
  g_autofree char *sums = arb_rights_describe_sums (&rights, oak, names);
  g_assert_nonnull (strstr (sums, "; your 8 counts 0 (another hand holds the 1)"));

  /* Seen by the other player, the 2 planted: the 8 alone, 0 against 1. */
  static const Cell two[] = { { CARD (OAK, 2), 0, 1 } };
  arb_card_set_remove (&table.state.hands[0], CARD (OAK, 2));
  table_plant (&table, 0, two, 1);
  table_known (&table, 0, CARD (OAK, 8));
  table.hand_size[0] = 2;
  table.hand_size[1] = 0;
  project (&table, 1, 39, &view);
  arb_rights_compute (&rights, &view, 0);
  g_assert_cmpuint (rights.n_hidden[0], ==, 1);
  assert_claim (&rights, OAK, 0, FALSE, ARB_CLAIM_CERTAIN);
  assert_claim (&rights, OAK, 1, TRUE, ARB_CLAIM_CERTAIN);
  g_autofree char *theirs = arb_rights_describe_sums (&rights, row_of (&rights, OAK), names);
  g_assert_cmpstr (theirs, ==, "In hand: Talia 0, you 1; "
                               "an 8 counts 0 for Talia (another hand holds the 1)");
}

/* ---- Ties ------------------------------------------------------------- */

static void
test_ties (void)
{
  static const ArbCard mine[] = { CARD (MAPLE, 3), CARD (MAPLE, 4) };
  static const ArbCard theirs[] = { CARD (MAPLE, 7) };
  static const Cell planted[] = { { CARD (MAPLE, 1), 0, 0 }, { CARD (MAPLE, 2), 1, 0 },
                                  { CARD (MAPLE, 5), 0, 1 }, { CARD (MAPLE, 6), 1, 1 },
                                  { CARD (MAPLE, 8), 2, 1 } };
  Table table;
  ArbProjection view;
  ArbRights rights;

  table_init (&table, ARB_VARIANT_CLASSIC, BIT (SPRUCE) | BIT (CASSIA) | BIT (DOGWOOD)
              | BIT (JACA) | BIT (MAPLE) | BIT (OAK), 2);
  table_hand (&table, 0, mine, G_N_ELEMENTS (mine));
  table_known (&table, 1, theirs[0]);
  table_plant (&table, 0, planted, G_N_ELEMENTS (planted));
  table.hand_size[1] = 7;
  /* 7 against 7, and no maple left unseen: both score, for certain. */
  project (&table, 0, 34, &view);
  arb_rights_compute (&rights, &view, 0);
  const ArbSpeciesRights *maple = row_of (&rights, MAPLE);
  g_assert_cmpuint (maple->n_unseen, ==, 0);
  assert_claim (&rights, MAPLE, 0, TRUE, ARB_CLAIM_CERTAIN);
  assert_claim (&rights, MAPLE, 1, TRUE, ARB_CLAIM_CERTAIN);
  g_assert_cmpuint (arb_rights_scorers (maple, 2, FALSE), ==, 3);
  g_autofree char *verdict = arb_rights_describe_verdict (&rights, maple, names);
  g_assert_cmpstr (verdict, ==, "You score it: certain; tied with Jonte");
  /* A species nobody is known to hold: tied at 0 only if none of its 8
   * unseen cards is among the 6 hidden in the other hand (1 deal in 5). */
  assert_claim (&rights, SPRUCE, 0, FALSE, ARB_CLAIM_LIKELY);
  assert_claim (&rights, SPRUCE, 1, TRUE, ARB_CLAIM_CERTAIN);
}

/* ---- Certain, likely, open -------------------------------------------- */

/* The viewer holds the Jacaranda 5; only the 6 is unseen. Whether the
 * other hand holds it is a matter of how many unseen cards it holds. */
static void
test_likely_and_open (void)
{
  static const ArbCard mine[] = { CARD (JACA, 5) };
  static const Cell planted[] = { { CARD (JACA, 1), 0, 0 }, { CARD (JACA, 2), 1, 0 },
                                  { CARD (JACA, 3), 2, 0 }, { CARD (JACA, 4), 3, 0 },
                                  { CARD (JACA, 7), 3, 1 }, { CARD (JACA, 8), 3, 2 } };
  Table table;
  ArbProjection view;
  ArbRights rights;

  table_init (&table, ARB_VARIANT_STANDARD, BIT (SPRUCE) | BIT (CASSIA) | BIT (DOGWOOD)
              | BIT (JACA) | BIT (MAPLE) | BIT (OAK), 2);
  table_hand (&table, 0, mine, G_N_ELEMENTS (mine));
  table_plant (&table, 0, planted, G_N_ELEMENTS (planted));

  /* 7 hidden cards among 41 unseen: 6 deals in 7 leave the 6 elsewhere. */
  table.hand_size[1] = 7;
  project (&table, 0, 34, &view);
  arb_rights_compute (&rights, &view, 0);
  g_assert_cmpuint (rights.n_unseen, ==, 41);
  assert_claim (&rights, JACA, 0, TRUE, ARB_CLAIM_LIKELY);
  assert_claim (&rights, JACA, 1, FALSE, ARB_CLAIM_LIKELY);
  g_assert_cmpuint (rights.points_certain, ==, 0);
  g_assert_cmpuint (rights.points_likely, ==, row_of (&rights, JACA)->path.points);
  /* 1-2-3-4-7-8: six jacarandas from a 1 to an 8. */
  g_assert_cmpuint (row_of (&rights, JACA)->path.points, ==, 6 + 6 + 1 + 2);

  /* (Positions, not games: hands larger than a game's.) 20 hidden cards
   * among 41: as often in the hand as not; 36 among 41: likely there. */
  table.hand_size[1] = 20;
  project (&table, 0, 21, &view);
  arb_rights_compute (&rights, &view, 0);
  assert_claim (&rights, JACA, 0, FALSE, ARB_CLAIM_OPEN);
  assert_claim (&rights, JACA, 1, FALSE, ARB_CLAIM_OPEN);
  table.hand_size[1] = 36;
  project (&table, 0, 5, &view);
  arb_rights_compute (&rights, &view, 0);
  assert_claim (&rights, JACA, 0, FALSE, ARB_CLAIM_LIKELY);
  assert_claim (&rights, JACA, 1, TRUE, ARB_CLAIM_LIKELY);

  /* The deck empty: the 6 is in the other hand. */
  table.hand_size[1] = 41;
  project (&table, 0, 0, &view);
  arb_rights_compute (&rights, &view, 0);
  assert_claim (&rights, JACA, 0, FALSE, ARB_CLAIM_CERTAIN);
  g_autofree char *verdict = arb_rights_describe_verdict (&rights, row_of (&rights, JACA), names);
  g_assert_cmpstr (verdict, ==, "You cannot score it: certain; Jonte holds it");
}

/* ---- No peeking ------------------------------------------------------- */

/* A certain claim holds in the true position: the hands as they are. */
static void
assert_certain_claims_true (const ArbRights *rights, const ArbState *truth)
{
  for (guint r = 0; r < rights->n_rows; r++)
    {
      guint sums[ARB_MAX_PLAYERS], top = 0;
      for (guint p = 0; p < truth->n_players; p++)
        {
          sums[p] = arb_scoring_hand_sum (truth->hands, truth->n_players, p,
                                          rights->rows[r].species);
          top = MAX (top, sums[p]);
        }
      for (guint p = 0; p < truth->n_players; p++)
        {
          const ArbRightsSeat *seat = &rights->rows[r].seats[p];
          g_assert_cmpuint (seat->low, <=, sums[p]);
          g_assert_cmpuint (sums[p], <=, seat->high);
          if (seat->claim == ARB_CLAIM_CERTAIN)
            g_assert_cmpint (seat->right, ==, sums[p] == top);
        }
    }
}

/* The analysis for a seat, at many moments of random games, is the same
 * byte for byte when every card the seat has not seen is dealt again; and
 * what it calls certain is true. */
static void
test_no_peeking (void)
{
  static const struct { ArbVariant variant; guint seats; } tables[] = {
    { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_STANDARD, 4 },
    { ARB_VARIANT_CLASSIC, 3 }, { ARB_VARIANT_SOLO, 1 },
  };
  guint compared = 0, uncertain = 0;

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autoptr (ArbGame) game = arb_test_random_legal_game (tables[t].variant, tables[t].seats, 300 + t);
      guint n = arb_game_get_n_steps (game);

      for (guint at = 5; at < n; at += n / 6)
        for (guint seat = 0; seat < tables[t].seats; seat++)
          {
            g_autofree ArbStep *steps = g_new (ArbStep, at);
            g_autoptr (ArbGame) before = NULL, redealt = NULL;
            ArbPile deck;
            ArbProjection a, b;
            ArbRights ra, rb;

            for (guint i = 0; i < at; i++)
              steps[i] = *arb_game_get_step (game, i);
            before = arb_test_game_from_steps (game, arb_game_get_deck (game), steps, at);
            arb_test_redeal (game, at, (int) seat, 77 + at, &deck, steps);
            redealt = arb_test_game_from_steps (game, &deck, steps, at);
            arb_game_project (before, (int) seat, &a);
            arb_game_project (redealt, (int) seat, &b);
            arb_rights_compute (&ra, &a, seat);
            arb_rights_compute (&rb, &b, seat);
            g_assert_cmpmem (&ra, sizeof ra, &rb, sizeof rb);
            assert_certain_claims_true (&ra, arb_game_get_state (before));
            assert_certain_claims_true (&rb, arb_game_get_state (redealt));
            for (guint r = 0; r < ra.n_rows; r++)
              uncertain += ra.rows[r].seats[seat].claim != ARB_CLAIM_CERTAIN;
            compared++;
          }
    }
  g_assert_cmpuint (compared, >, 40);
  /* The games were not all certain: the redeal had something to change. */
  g_assert_cmpuint (uncertain, >, 20);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rights/example-open-hands", test_example_open_hands);
  g_test_add_func ("/rights/example-talia-view", test_example_talia_view);
  g_test_add_func ("/rights/eight-against-one", test_eight_against_one);
  g_test_add_func ("/rights/ties", test_ties);
  g_test_add_func ("/rights/likely-and-open", test_likely_and_open);
  g_test_add_func ("/rights/no-peeking", test_no_peeking);
  return g_test_run ();
}
