/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-viewpoint.c: a table as one viewer sees it (ArbViewpoint) shows
 * that viewer's projection, and nothing a redeal of the hidden cards
 * could change. */
#include "config.h"

#include "arb-engine.h"
#include "arb-test-redeal.h"
#include "arb-test-state.h"

typedef struct {
  ArbVariant variant;
  guint      seats;
} Table;

static const Table tables[] = {
  { ARB_VARIANT_STANDARD, 2 },
  { ARB_VARIANT_STANDARD, 3 },
  { ARB_VARIANT_STANDARD, 4 },
  { ARB_VARIANT_CLASSIC, 2 },
  { ARB_VARIANT_CLASSIC, 4 },
  { ARB_VARIANT_SOLO, 1 },
};

/* A whole game of random legal moves. */
static ArbGame *
random_game (const Table *table, guint32 seed)
{
  return arb_test_random_legal_game (table->variant, table->seats, seed);
}

/* ---- what a viewpoint says, written down -------------------------------- */

static void
on_drawn (ArbViewpoint *viewpoint, guint player, int source, guint card, GString *log)
{
  g_string_append_printf (log, "drawn %u %d %u\n", player, source, card);
}

static void
on_placed (ArbViewpoint *viewpoint, guint player, guint card, int x, int y, GString *log)
{
  g_string_append_printf (log, "placed %u %u %d %d\n", player, card, x, y);
}

static void
on_turn (ArbViewpoint *viewpoint, guint player, GString *log)
{
  g_string_append_printf (log, "turn %u\n", player);
}

static void
on_step (ArbViewpoint *viewpoint, guint index, GString *log)
{
  g_string_append_printf (log, "step %u\n", index);
}

static void
on_simple (ArbViewpoint *viewpoint, GString *log)
{
  g_string_append (log, "event\n");
}

static void
listen (ArbViewpoint *viewpoint, GString *log)
{
  g_signal_connect (viewpoint, "card-drawn", G_CALLBACK (on_drawn), log);
  g_signal_connect (viewpoint, "card-played", G_CALLBACK (on_placed), log);
  g_signal_connect (viewpoint, "card-discarded", G_CALLBACK (on_placed), log);
  g_signal_connect (viewpoint, "turn-started", G_CALLBACK (on_turn), log);
  g_signal_connect (viewpoint, "step-applied", G_CALLBACK (on_step), log);
  g_signal_connect (viewpoint, "game-ended", G_CALLBACK (on_simple), log);
  g_signal_connect (viewpoint, "position-reset", G_CALLBACK (on_simple), log);
}

/* Everything the viewpoint shows, as text: the projection field by field
 * and every step as the viewer saw it. */
static void
append_shown (GString *out, ArbViewpoint *viewpoint)
{
  const ArbProjection *p = arb_viewpoint_get_projection (viewpoint);
  const ArbState *s = &p->state;
  ArbStep step;

  g_string_append_printf (out, "viewer %d turn %u current %u phase %d draws %u deck %u unseen %016"
                          G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x\n",
                          p->viewer, s->turn, s->current, s->phase, s->draws, s->deck.n,
                          p->unseen.bits[0], p->unseen.bits[1]);
  for (guint i = 0; i < s->deck.n; i++)
    g_string_append_printf (out, "%u ", s->deck.cards[i]);
  for (guint pl = 0; pl < s->n_players; pl++)
    {
      g_string_append_printf (out, "\nseat %u hand %u: %016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x pile",
                              pl, p->hand_size[pl], s->hands[pl].bits[0], s->hands[pl].bits[1]);
      for (guint i = 0; i < s->discards[pl].n; i++)
        g_string_append_printf (out, " %u", s->discards[pl].cards[i]);
      g_string_append (out, " arboretum");
      for (guint i = 0; i < s->arboreta[pl].n; i++)
        g_string_append_printf (out, " %u@%d,%d", s->arboreta[pl].cells[i].card,
                                s->arboreta[pl].cells[i].x, s->arboreta[pl].cells[i].y);
    }
  g_string_append (out, "\nsteps");
  for (guint i = 0; arb_viewpoint_get_step (viewpoint, i, &step); i++)
    g_string_append_printf (out, " %u:%d:%d:%u:%d,%d:%u:%u", step.player, step.move.kind, step.move.source,
                            step.move.card, step.move.x, step.move.y, step.refill_discard, step.refill_q);
  g_string_append_c (out, '\n');
}

/* What viewer is shown of step number k of game: the signals of the step,
 * then the position and history after it. */
static char *
shown_at_step (ArbGame *game, const ArbPile *deck, const ArbStep *steps, guint k, int viewer)
{
  g_autoptr (ArbGame) copy = arb_test_game_from_steps (game, deck, steps, k);
  g_autoptr (ArbViewpoint) viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (copy), viewer);
  g_autoptr (GError) error = NULL;
  GString *out = g_string_new (NULL);

  append_shown (out, viewpoint);
  listen (viewpoint, out);
  arb_game_apply_step (copy, &steps[k], &error);
  g_assert_no_error (error);
  append_shown (out, viewpoint);
  g_signal_handlers_disconnect_by_data (viewpoint, out);
  return g_string_free (out, FALSE);
}

/* ---- the tests ------------------------------------------------------------ */

static void
test_masks_others_deck_draws (void)
{
  const Table table = { ARB_VARIANT_STANDARD, 2 };
  g_autoptr (ArbGame) game = random_game (&table, 3);
  guint n = arb_game_get_n_steps (game);
  guint checked = 0;

  for (guint k = 0; k < n; k++)
    {
      const ArbStep *step = arb_game_get_step (game, k);

      if (step->move.kind != ARB_MOVE_DRAW || step->move.source != ARB_SOURCE_DECK)
        continue;
      for (int viewer = ARB_VIEWER_ALL; viewer < 2; viewer++)
        {
          g_autofree char *shown = shown_at_step (game, arb_game_get_deck (game),
                                                  (const ArbStep *) arb_game_get_step (game, 0), k, viewer);
          g_autofree char *expected = g_strdup_printf ("drawn %u -1 %u\n", step->player,
                                                       viewer == ARB_VIEWER_ALL || viewer == (int) step->player
                                                       ? step->move.card : ARB_CARD_NONE);
          g_assert_nonnull (strstr (shown, expected));
        }
      checked++;
    }
  g_assert_cmpuint (checked, >, 10);
}

/* The projection of each viewer: its own hand whole, other hands only
 * where a card was seen taken; every hand at the end. */
static void
test_hands_in_projection (void)
{
  const Table table = { ARB_VARIANT_STANDARD, 3 };
  g_autoptr (ArbGame) game = random_game (&table, 11);
  g_autoptr (ArbReplay) replay = arb_replay_new (game);
  g_autoptr (ArbViewpoint) public_view = arb_viewpoint_new (ARB_TABLE_EVENTS (replay), ARB_VIEWER_PUBLIC);
  g_autoptr (ArbViewpoint) seat_view = arb_viewpoint_new (ARB_TABLE_EVENTS (replay), 1);

  arb_replay_seek (replay, 20);
  {
    const ArbState *full = arb_replay_get_state (replay);
    const ArbProjection *pub = arb_viewpoint_get_projection (public_view);
    const ArbProjection *seat = arb_viewpoint_get_projection (seat_view);

    g_assert_cmpint (pub->viewer, ==, ARB_VIEWER_PUBLIC);
    g_assert_cmpuint (arb_card_set_count (&pub->state.hands[1]), <, arb_card_set_count (&full->hands[1]));
    g_assert_true (seat->state.hands[1].bits[0] == full->hands[1].bits[0]
                   && seat->state.hands[1].bits[1] == full->hands[1].bits[1]);
    for (guint p = 0; p < 3; p++)
      {
        g_assert_cmpuint (pub->hand_size[p], ==, arb_card_set_count (&full->hands[p]));
        g_assert_cmpuint (arb_projection_n_hidden (pub, p), >, 0);
      }
    for (guint i = 0; i < pub->state.deck.n; i++)
      g_assert_cmpuint (pub->state.deck.cards[i], ==, ARB_CARD_NONE);
  }
  arb_replay_last (replay);
  {
    const ArbState *full = arb_replay_get_state (replay);
    const ArbProjection *pub = arb_viewpoint_get_projection (public_view);

    for (guint p = 0; p < 3; p++)
      g_assert_true (pub->state.hands[p].bits[0] == full->hands[p].bits[0]
                     && pub->state.hands[p].bits[1] == full->hands[p].bits[1]);
  }
}

/* Changing the viewer redraws the views, and the projection follows. */
static void
test_change_viewer (void)
{
  const Table table = { ARB_VARIANT_STANDARD, 2 };
  g_autoptr (ArbGame) game = random_game (&table, 5);
  g_autoptr (ArbReplay) replay = arb_replay_new (game);
  g_autoptr (ArbViewpoint) viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (replay), 0);
  g_autoptr (GString) log = g_string_new (NULL);

  arb_replay_seek (replay, 9);
  listen (viewpoint, log);
  g_assert_cmpuint (arb_projection_n_hidden (arb_viewpoint_get_projection (viewpoint), 0), ==, 0);
  arb_viewpoint_set_viewer (viewpoint, ARB_VIEWER_PUBLIC);
  g_assert_cmpstr (log->str, ==, "event\n");
  g_assert_cmpuint (arb_projection_n_hidden (arb_viewpoint_get_projection (viewpoint), 0), >, 0);
  arb_viewpoint_set_viewer (viewpoint, ARB_VIEWER_ALL);
  g_assert_cmpuint (arb_projection_n_hidden (arb_viewpoint_get_projection (viewpoint), 0), ==, 0);
  g_assert_cmpuint (arb_projection_n_hidden (arb_viewpoint_get_projection (viewpoint), 1), ==, 0);
  g_signal_handlers_disconnect_by_data (viewpoint, log);
}

/* The no-peeking test: at many moments of random games of every rule set
 * and seat count, for every viewer, the hidden cards are dealt again.
 * The signals of the next step, the projection and the history the viewer
 * is shown stay the same, byte for byte. */
static void
test_no_peeking (void)
{
  guint compared = 0;

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (guint32 seed = 1; seed <= 4; seed++)
      {
        g_autoptr (ArbGame) game = random_game (&tables[t], seed * 97 + t);
        guint n = arb_game_get_n_steps (game);
        g_autofree ArbStep *redealt = g_new (ArbStep, n);
        g_autofree ArbStep *steps = g_new (ArbStep, n);
        ArbPile deck;
        int n_viewers = tables[t].variant == ARB_VARIANT_SOLO ? 1 : (int) tables[t].seats;

        for (guint i = 0; i < n; i++)
          steps[i] = *arb_game_get_step (game, i);
        for (guint k = seed % 5; k < n; k += 5)
          for (int viewer = ARB_VIEWER_PUBLIC; viewer < n_viewers; viewer++)
            {
              g_autofree char *before = NULL, *after = NULL;

              arb_test_redeal (game, k + 1, viewer, seed + k, &deck, redealt);
              before = shown_at_step (game, arb_game_get_deck (game), steps, k, viewer);
              after = shown_at_step (game, &deck, redealt, k, viewer);
              g_assert_cmpstr (before, ==, after);
              compared++;
            }
      }
  g_assert_cmpuint (compared, >, 1000);
}

/* The redeal itself changes hidden cards: else the test above proves
 * nothing. */
static void
test_redeal_changes_hidden_cards (void)
{
  const Table table = { ARB_VARIANT_STANDARD, 2 };
  g_autoptr (ArbGame) game = random_game (&table, 21);
  guint n = arb_game_get_n_steps (game);
  g_autofree ArbStep *redealt = g_new (ArbStep, n);
  g_autofree ArbStep *steps = g_new (ArbStep, n);
  g_autofree char *before = NULL, *after = NULL;
  ArbPile deck;

  for (guint i = 0; i < n; i++)
    steps[i] = *arb_game_get_step (game, i);
  arb_test_redeal (game, 12, 0, 1, &deck, redealt);
  g_assert_false (arb_test_same_pile (&deck, arb_game_get_deck (game)));
  /* Seen by everybody, the other seat's hand differs... */
  before = shown_at_step (game, arb_game_get_deck (game), steps, 11, ARB_VIEWER_ALL);
  after = shown_at_step (game, &deck, redealt, 11, ARB_VIEWER_ALL);
  g_assert_cmpstr (before, !=, after);
}

/* A projection asked for a seat the game does not have is refused with
 * an error, never a crash; a viewpoint that follows a smaller game shows
 * its public table rather than a seat it does not have, and takes a
 * source and its viewer in one change, with one redraw. */
static void
test_viewer_the_game_lacks (void)
{
  static const Table four = { ARB_VARIANT_STANDARD, 4 };
  static const Table two = { ARB_VARIANT_STANDARD, 2 };
  g_autoptr (ArbGame) big = random_game (&four, 31);
  g_autoptr (ArbGame) small = random_game (&two, 32);
  g_autoptr (ArbViewpoint) viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (big), 3);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) log = g_string_new (NULL);
  ArbKnowledge nothing;
  ArbProjection projection;

  arb_knowledge_init (&nothing);
  g_assert_false (arb_projection_init (&projection, arb_game_get_state (small), 3, &nothing, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
  g_assert_true (arb_projection_init (&projection, arb_game_get_state (small), 1, &nothing, NULL));

  g_signal_connect (viewpoint, "position-reset", G_CALLBACK (on_simple), log);
  arb_viewpoint_set_source (viewpoint, ARB_TABLE_EVENTS (small));
  g_assert_cmpint (arb_viewpoint_get_viewer (viewpoint), ==, ARB_VIEWER_PUBLIC);
  g_assert_cmpint (arb_viewpoint_get_projection (viewpoint)->viewer, ==, ARB_VIEWER_PUBLIC);

  g_string_truncate (log, 0);
  arb_viewpoint_show (viewpoint, ARB_TABLE_EVENTS (big), 2);
  g_assert_cmpint (arb_viewpoint_get_viewer (viewpoint), ==, 2);
  g_assert_cmpint (arb_viewpoint_get_projection (viewpoint)->viewer, ==, 2);
  g_assert_cmpstr (log->str, ==, "event\n");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/viewpoint/masks-others-deck-draws", test_masks_others_deck_draws);
  g_test_add_func ("/viewpoint/hands-in-projection", test_hands_in_projection);
  g_test_add_func ("/viewpoint/change-viewer", test_change_viewer);
  g_test_add_func ("/viewpoint/viewer-the-game-lacks", test_viewer_the_game_lacks);
  g_test_add_func ("/viewpoint/no-peeking", test_no_peeking);
  g_test_add_func ("/viewpoint/redeal-changes-hidden-cards", test_redeal_changes_hidden_cards);
  return g_test_run ();
}
