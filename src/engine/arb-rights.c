/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rights.c
 *
 * A claim is certain when bounds prove it: the lowest sum a player can
 * have against the highest each other can have, over every way the unseen
 * cards could lie. Where the bounds leave it undecided, the unseen cards
 * are dealt many times over (ArbProjection's deals, from a fixed seed, so
 * that the same projection always gives the same answer) and the share of
 * deals in which the player scores makes the claim likely or open.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-rights.h"

/* Enough deals for a share within a few percent; a few milliseconds. */
#define N_DEALS 256
#define DEAL_SEED G_GUINT64_CONSTANT (0x41524221)
/* The shares of deals past which a claim is likely. */
#define LIKELY_SHARE 0.7

guint
arb_rights_subject_of (const ArbProjection *view)
{
  return view->viewer >= 0 ? (guint) view->viewer : view->state.current;
}

/* The highest sum k unseen cards of a species could add to a hand. */
static guint
top_unseen_sum (guint8 unseen, guint k, gboolean eight_counts)
{
  guint sum = 0;

  for (int v = ARB_N_VALUES; v >= 1 && k > 0; v--)
    if (unseen & (1u << (v - 1)))
      {
        if (v == ARB_N_VALUES && !eight_counts)
          continue;
        sum += (guint) v;
        k--;
      }
  return sum;
}

/* The least sum the unseen cards of a species must add to a hand of
 * n_hidden cards: when the other places for unseen cards (other hands,
 * the deck) cannot hold them all, the rest is in this hand, at worst its
 * lowest values. */
static guint
forced_unseen_sum (const ArbRights *rights, guint8 unseen, guint n_hidden, gboolean eight_counts)
{
  guint n_species = (guint) __builtin_popcount (unseen);
  guint room_elsewhere = rights->n_unseen - n_hidden;
  guint forced = n_species > room_elsewhere ? n_species - room_elsewhere : 0;
  guint sum = 0;

  for (guint v = 1; v <= ARB_N_VALUES && forced > 0; v++)
    if (unseen & (1u << (v - 1)))
      {
        sum += v == ARB_N_VALUES && !eight_counts ? 0 : v;
        forced--;
      }
  return sum;
}

/* The bounds of one player's effective sum of one species. */
static void
bound_seat (const ArbRights *rights, const ArbProjection *view, ArbSpeciesRights *row, guint p)
{
  ArbRightsSeat *seat = &row->seats[p];
  ArbSpecies s = row->species;
  gboolean one_surely_elsewhere = FALSE, one_maybe_elsewhere = FALSE;

  seat->known_values = arb_card_set_species_bits (&view->state.hands[p], s);
  seat->known_sum = (guint8) arb_card_set_species_sum (&view->state.hands[p], s);
  for (guint q = 0; q < rights->n_players; q++)
    if (q != p)
      {
        one_surely_elsewhere |= (arb_card_set_species_bits (&view->state.hands[q], s) & 1) != 0;
        one_maybe_elsewhere |= (row->unseen_values & 1) && rights->n_hidden[q] > 0;
      }
  one_maybe_elsewhere |= one_surely_elsewhere;

  gboolean eight = (seat->known_values & 0x80) != 0;
  seat->eight_cut = eight && one_surely_elsewhere;
  seat->eight_at_risk = eight && !one_surely_elsewhere && one_maybe_elsewhere;
  seat->low = (guint8) (seat->known_sum - (eight && one_maybe_elsewhere ? ARB_N_VALUES : 0)
                        + forced_unseen_sum (rights, row->unseen_values, rights->n_hidden[p],
                                             !one_maybe_elsewhere));
  seat->high = (guint8) (seat->known_sum - (seat->eight_cut ? ARB_N_VALUES : 0)
                         + top_unseen_sum (row->unseen_values, rights->n_hidden[p],
                                           !one_surely_elsewhere));
}

/* Certain either way when the bounds settle it; FALSE when they do not. */
static gboolean
settle_by_bounds (const ArbRights *rights, ArbSpeciesRights *row, guint p)
{
  ArbRightsSeat *seat = &row->seats[p];
  gboolean beats_all = TRUE;

  for (guint q = 0; q < rights->n_players; q++)
    {
      if (q == p)
        continue;
      if (row->seats[q].low > seat->high)
        {
          seat->right = FALSE;
          seat->claim = ARB_CLAIM_CERTAIN;
          return TRUE;
        }
      beats_all = beats_all && seat->low >= row->seats[q].high;
    }
  if (beats_all)
    {
      seat->right = TRUE;
      seat->claim = ARB_CLAIM_CERTAIN;
    }
  return beats_all;
}

/* Deals the unseen cards N_DEALS times and counts, for each species and
 * player still open, the deals in which the player would score. */
static void
settle_by_deals (ArbRights *rights, const ArbProjection *view, guint8 open[ARB_N_SPECIES])
{
  guint wins[ARB_N_SPECIES][ARB_MAX_PLAYERS] = { { 0 } };
  guint64 rng = DEAL_SEED;
  ArbState deal;

  for (guint d = 0; d < N_DEALS; d++)
    {
      arb_projection_determinize (view, &rng, &deal);
      for (guint r = 0; r < rights->n_rows; r++)
        {
          guint sums[ARB_MAX_PLAYERS], top = 0;
          if (open[r] == 0)
            continue;
          for (guint p = 0; p < rights->n_players; p++)
            {
              sums[p] = arb_scoring_hand_sum (deal.hands, rights->n_players, p,
                                              rights->rows[r].species);
              top = MAX (top, sums[p]);
            }
          for (guint p = 0; p < rights->n_players; p++)
            wins[r][p] += sums[p] == top;
        }
    }

  for (guint r = 0; r < rights->n_rows; r++)
    for (guint p = 0; p < rights->n_players; p++)
      if (open[r] & (1u << p))
        {
          ArbRightsSeat *seat = &rights->rows[r].seats[p];
          double share = (double) wins[r][p] / N_DEALS;
          seat->right = share >= 0.5;
          seat->claim = share >= LIKELY_SHARE || share <= 1.0 - LIKELY_SHARE
                        ? ARB_CLAIM_LIKELY : ARB_CLAIM_OPEN;
        }
}

static void
count_points (ArbRights *rights)
{
  rights->points_certain = rights->points_likely = 0;
  for (guint r = 0; r < rights->n_rows; r++)
    {
      const ArbSpeciesRights *row = &rights->rows[r];
      const ArbRightsSeat *seat = &row->seats[rights->subject];
      if (!seat->right)
        continue;
      if (seat->claim == ARB_CLAIM_CERTAIN)
        rights->points_certain += row->path.points;
      if (seat->claim != ARB_CLAIM_OPEN)
        rights->points_likely += row->path.points;
    }
}

void
arb_rights_compute (ArbRights *rights, const ArbProjection *view, guint subject)
{
  const ArbState *state = &view->state;
  guint8 best[ARB_MAX_PLAYERS][ARB_N_SPECIES];
  guint8 open[ARB_N_SPECIES] = { 0 };
  gboolean any_open = FALSE;

  g_return_if_fail (subject < state->n_players);
  memset (rights, 0, sizeof *rights);
  rights->viewer = view->viewer;
  rights->subject = subject;
  rights->variant = state->variant;
  rights->n_players = state->n_players;
  rights->n_unseen = (guint8) arb_card_set_count (&view->unseen);
  for (guint p = 0; p < state->n_players; p++)
    {
      rights->n_hidden[p] = (guint8) arb_projection_n_hidden (view, p);
      arb_arboretum_best_paths (&state->arboreta[p], best[p]);
    }

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      if (!(state->species & (1u << s)))
        continue;
      ArbSpeciesRights *row = &rights->rows[rights->n_rows];
      row->species = (ArbSpecies) s;
      row->unseen_values = arb_card_set_species_bits (&view->unseen, (ArbSpecies) s);
      row->n_unseen = (guint8) __builtin_popcount (row->unseen_values);
      arb_arboretum_best_path (&state->arboreta[subject], (ArbSpecies) s, &row->path);
      for (guint p = 0; p < state->n_players; p++)
        {
          bound_seat (rights, view, row, p);
          row->seats[p].best_points = best[p][s];
        }
      for (guint p = 0; p < state->n_players; p++)
        if (!settle_by_bounds (rights, row, p))
          {
            open[rights->n_rows] |= (guint8) (1u << p);
            any_open = TRUE;
          }
      rights->n_rows++;
    }
  if (any_open)
    settle_by_deals (rights, view, open);
  count_points (rights);
}

/* The players who would score the species: certain ones, and likely ones
 * too when asked. */
guint8
arb_rights_scorers (const ArbSpeciesRights *row, guint n_players, gboolean likely_too)
{
  guint8 mask = 0;

  for (guint p = 0; p < n_players; p++)
    if (row->seats[p].right
        && (row->seats[p].claim == ARB_CLAIM_CERTAIN
            || (likely_too && row->seats[p].claim == ARB_CLAIM_LIKELY)))
      mask |= (guint8) (1u << p);
  return mask;
}

/* ---- Words ------------------------------------------------------------ */

static gboolean
is_viewer (const ArbRights *rights, guint p)
{
  return rights->viewer >= 0 && (guint) rights->viewer == p;
}

/* "Ann, Bo": the players of mask other than the subject. */
static char *
join_names (const ArbRights *rights, guint8 mask, const char * const *names)
{
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < rights->n_players; p++)
    if ((mask & (1u << p)) && p != rights->subject)
      {
        if (out->len > 0)
          g_string_append (out, _(", "));
        g_string_append (out, is_viewer (rights, p) ? _("you") : names[p]);
      }
  return g_string_free (out, FALSE);
}

static char *
verdict_of_viewer (const ArbRightsSeat *seat)
{
  if (seat->claim == ARB_CLAIM_OPEN)
    return g_strdup (_("Whether you score it is open"));
  if (seat->right)
    return g_strdup (seat->claim == ARB_CLAIM_CERTAIN ? _("You score it: certain")
                                                      : _("You score it: likely"));
  return g_strdup (seat->claim == ARB_CLAIM_CERTAIN ? _("You cannot score it: certain")
                                                    : _("You do not score it: likely"));
}

static char *
verdict_of_player (const ArbRightsSeat *seat, const char *name)
{
  if (seat->claim == ARB_CLAIM_OPEN)
    return g_strdup_printf (_("Whether %s scores it is open"), name);
  if (seat->right)
    return g_strdup_printf (seat->claim == ARB_CLAIM_CERTAIN ? _("%s scores it: certain")
                                                             : _("%s scores it: likely"), name);
  return g_strdup_printf (seat->claim == ARB_CLAIM_CERTAIN ? _("%s cannot score it: certain")
                                                           : _("%s does not score it: likely"),
                          name);
}

/* "You score it: likely; tied with Ann", or "You cannot score it:
 * certain; Bo scores it". */
char *
arb_rights_describe_verdict (const ArbRights *rights, const ArbSpeciesRights *row,
                             const char * const *names)
{
  const ArbRightsSeat *seat = &row->seats[rights->subject];
  g_autofree char *verdict = is_viewer (rights, rights->subject)
                             ? verdict_of_viewer (seat)
                             : verdict_of_player (seat, names[rights->subject]);
  guint8 others = arb_rights_scorers (row, rights->n_players, TRUE)
                  & (guint8) ~(1u << rights->subject);
  g_autofree char *who = join_names (rights, others, names);

  if (others == 0 || seat->claim == ARB_CLAIM_OPEN)
    return g_steal_pointer (&verdict);
  if (seat->right)
    /* TRANSLATORS: a verdict, then the other players with the same sum */
    return g_strdup_printf (_("%s; tied with %s"), verdict, who);
  /* TRANSLATORS: a verdict, then the players who would score instead */
  return g_strdup_printf (_("%s; %s holds it"), verdict, who);
}

static void
append_seat_sum (GString *out, const ArbRights *rights, const ArbSpeciesRights *row, guint p,
                 const char * const *names)
{
  const ArbRightsSeat *seat = &row->seats[p];
  const char *name = is_viewer (rights, p) ? _("you") : names[p];

  if (out->len > 0)
    g_string_append (out, _(", "));
  if (seat->low == seat->high)
    /* TRANSLATORS: a player and their sum of a species in hand */
    g_string_append_printf (out, _("%s %u"), name, seat->low);
  else
    /* TRANSLATORS: a player and the least and most their sum can be */
    g_string_append_printf (out, _("%s %u to %u"), name, seat->low, seat->high);
}

/* The 1-against-8 rule, where it bears on a known 8. */
static void
append_eight_note (GString *out, const ArbRights *rights, const ArbRightsSeat *seat, guint p,
                   const char * const *names)
{
  if (!seat->eight_cut && !seat->eight_at_risk)
    return;
  g_string_append (out, _("; "));
  if (is_viewer (rights, p))
    g_string_append (out, seat->eight_cut ? _("your 8 counts 0 (another hand holds the 1)")
                                          : _("your 8 counts 0 if another hand holds the 1"));
  else if (seat->eight_cut)
    g_string_append_printf (out, _("an 8 counts 0 for %s (another hand holds the 1)"), names[p]);
  else
    g_string_append_printf (out, _("an 8 counts 0 for %s if another hand holds the 1"), names[p]);
}

/* "In hand: you 11, Ann 4 to 12; 3 cards of it unseen; your 8 counts 0
 * (another hand holds the 1)". */
char *
arb_rights_describe_sums (const ArbRights *rights, const ArbSpeciesRights *row,
                          const char * const *names)
{
  g_autoptr (GString) sums = g_string_new (NULL);
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < rights->n_players; p++)
    append_seat_sum (sums, rights, row, p, names);
  g_string_append_printf (out, _("In hand: %s"), sums->str);
  if (row->n_unseen > 0)
    {
      g_string_append (out, _("; "));
      g_string_append_printf (out, ngettext ("%u card of it unseen", "%u cards of it unseen",
                                             row->n_unseen), row->n_unseen);
    }
  for (guint p = 0; p < rights->n_players; p++)
    append_eight_note (out, rights, &row->seats[p], p, names);
  return g_string_free (out, FALSE);
}

char *
arb_rights_describe_path (const ArbRights *rights, const ArbSpeciesRights *row)
{
  (void) rights;
  if (row->path.n == 0)
    return g_strdup (_("No path yet"));
  return g_strdup_printf (ngettext ("Best path now: %u card, %u points",
                                    "Best path now: %u cards, %u points", row->path.n),
                          row->path.n, row->path.points);
}

/* "Your points if the game ended now: 12 for certain, 19 with the likely
 * rights". */
char *
arb_rights_describe_points (const ArbRights *rights, const char * const *names)
{
  if (is_viewer (rights, rights->subject))
    return g_strdup_printf (_("Your points if the game ended now: %u for certain, %u with the likely rights"),
                            rights->points_certain, rights->points_likely);
  return g_strdup_printf (_("Points if the game ended now, for %s: %u for certain, %u with the likely rights"),
                          names[rights->subject], rights->points_certain, rights->points_likely);
}

/* "Unseen: 40 cards, 7 of them in Bo's hand". */
char *
arb_rights_describe_unseen (const ArbRights *rights, const char * const *names)
{
  g_autoptr (GString) hands = g_string_new (NULL);

  for (guint p = 0; p < rights->n_players; p++)
    if (rights->n_hidden[p] > 0)
      {
        if (hands->len > 0)
          g_string_append (hands, _(", "));
        /* TRANSLATORS: a player and how many cards of their hand are hidden */
        g_string_append_printf (hands, _("%s %u"), is_viewer (rights, p) ? _("you") : names[p],
                                rights->n_hidden[p]);
      }
  if (hands->len == 0)
    return g_strdup_printf (ngettext ("Cards unseen: %u, none in a hand",
                                      "Cards unseen: %u, none in a hand", rights->n_unseen),
                            rights->n_unseen);
  return g_strdup_printf (ngettext ("Cards unseen: %u; hidden in hands: %s",
                                    "Cards unseen: %u; hidden in hands: %s", rights->n_unseen),
                          rights->n_unseen, hands->str);
}
