/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table.c: ArbTable on its own, fed by a viewpoint on a game or a
 * replay: after every step it shows the viewer's projection, nothing
 * else (the oracle: what the widgets show, read back as text, equals what
 * the projection alone says they should show); it shows nothing that a
 * redeal of the hidden cards could change, flights included; the log
 * follows a replay, and a computer's cards fly, face down when secret,
 * at the size of a card. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "arb-test-redeal.h"
#include "arb-test-state.h"
#include "arb-test-widget.h"
#include "arb-pile-view-private.h"
#include "arb-replay.h"
#include "arb-table-private.h"

typedef struct {
  GtkWindow    *window;
  ArbTable     *table;
  ArbGame      *game;
  ArbViewpoint *viewpoint;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gboolean people)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (GError) error = NULL;

  if (!people)
    {
      g_ptr_array_remove_index (players, 1);
      g_ptr_array_add (players, arb_player_new ("Rina", ARB_PLAYER_COMPUTER, "random"));
    }
  fixture->game = arb_game_new (ARB_VARIANT_STANDARD, players, 11, 0, &error);
  g_assert_no_error (error);
  fixture->table = g_object_new (ARB_TYPE_TABLE, NULL);
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->table), 1280, 800);
  fixture->viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (fixture->game), 0);
  arb_table_set_viewpoint (fixture->table, fixture->viewpoint);
}

static void
fixture_tear_down (Fixture *fixture)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->viewpoint);
  g_clear_object (&fixture->game);
}

/* ---- the oracle: what the projection alone says the table shows ---------- */

static void
expect_card (GString *out, ArbCard card)
{
  g_autofree char *name = card != ARB_CARD_NONE ? arb_card_to_string (card) : g_strdup ("-");

  g_string_append_printf (out, " %s", name);
}

static char *
expect_count (guint n)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n), n);
}

/* Whose arboretum is large: the viewer's, else the first person's. */
static int
expected_large_seat (ArbGame *game, int viewer)
{
  if (viewer >= 0)
    return viewer;
  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    if (!arb_game_is_computer (game, p))
      return (int) p;
  return 0;
}

static int
compare_cards (gconstpointer a, gconstpointer b)
{
  return (int) *(const ArbCard *) a - (int) *(const ArbCard *) b;
}

/* The dump the table must show for viewpoint, from its projection and the
 * game's names alone, in the format of arb_table_dump (). */
static char *
expected_dump (ArbViewpoint *viewpoint)
{
  const ArbProjection *projection = arb_viewpoint_get_projection (viewpoint);
  const ArbState *state = &projection->state;
  ArbGame *game = arb_viewpoint_get_game (viewpoint);
  int viewer = arb_viewpoint_get_viewer (viewpoint);
  int large = expected_large_seat (game, viewer);
  int hand = viewer == ARB_VIEWER_ALL ? large : viewer;
  g_autofree char *status = arb_game_describe_phase (game, state);
  g_autofree char *deck_count = expect_count (state->deck.n);
  GString *out = g_string_new (NULL);

  if (arb_state_is_last_turn (state))
    {
      g_autofree char *last = g_strdup_printf (_("%s · Last turn"), status);
      g_string_append_printf (out, "heading: %s\n", last);
    }
  else
    g_string_append_printf (out, "heading: %s\n", status);
  g_string_append_printf (out, "pile -1 (%s): %s, face down\n", _("Deck"), deck_count);
  for (guint p = 0; p < arb_state_n_piles (state); p++)
    {
      g_autofree char *title = arb_game_pile_title (game, p, 10);
      g_autofree char *count = expect_count (state->discards[p].n);

      g_string_append_printf (out, "pile %u (%s): %s,", p, title, count);
      expect_card (out, arb_pile_top (&state->discards[p]));
      g_string_append_c (out, '\n');
    }
  for (guint p = 0; p < state->n_players; p++)
    {
      g_string_append_printf (out, "arboretum %u%s:", p, (int) p == large ? " (large)" : "");
      for (guint i = 0; i < state->arboreta[p].n; i++)
        {
          expect_card (out, state->arboreta[p].cells[i].card);
          g_string_append_printf (out, "@%d,%d", state->arboreta[p].cells[i].x, state->arboreta[p].cells[i].y);
        }
      g_string_append_c (out, '\n');
    }
  if (hand < 0)
    g_string_append (out, "hand ():");
  else
    {
      ArbCard cards[ARB_N_CARDS];
      guint n = arb_card_set_to_array (&state->hands[hand], cards);
      g_autofree char *title = NULL;

      if (!arb_viewpoint_is_replay (viewpoint) && hand == viewer && !arb_game_is_computer (game, (guint) hand))
        title = g_strdup (_("Your hand"));
      else
        title = g_strdup_printf (_("%s’s hand"), arb_game_player_name (game, (guint) hand));
      g_string_append_printf (out, "hand (%s):", title);
      qsort (cards, n, sizeof cards[0], compare_cards);
      for (guint i = 0; i < n; i++)
        expect_card (out, cards[i]);
    }
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

static void
assert_shows_model (ArbTable *table, ArbViewpoint *viewpoint)
{
  g_autofree char *shown = arb_table_dump (table);
  g_autofree char *expected = expected_dump (viewpoint);

  g_assert_cmpstr (shown, ==, expected);
}

typedef struct {
  ArbVariant variant;
  guint      seats;
} Rules;

static const Rules rules[] = {
  { ARB_VARIANT_STANDARD, 2 },
  { ARB_VARIANT_STANDARD, 3 },
  { ARB_VARIANT_STANDARD, 4 },
  { ARB_VARIANT_CLASSIC, 2 },
  { ARB_VARIANT_CLASSIC, 3 },
  { ARB_VARIANT_CLASSIC, 4 },
  { ARB_VARIANT_SOLO, 1 },
};

/* Players of a game: people and computers mixed as mix's bits say. */
static GPtrArray *
mixed_players (guint n, guint mix)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);
      gboolean person = (mix >> i) & 1;

      g_ptr_array_add (players, arb_player_new (name, person ? ARB_PLAYER_PERSON : ARB_PLAYER_COMPUTER,
                                                person ? NULL : "random"));
    }
  return players;
}

static ArbGame *
new_game (const Rules *r, guint mix, guint32 seed)
{
  g_autoptr (GPtrArray) players = mixed_players (r->seats, mix);
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_game_new (r->variant, players, seed, 0, &error);

  g_assert_no_error (error);
  return game;
}

/* After every step of many random games, for every rule set, people and
 * computers mixed, and every kind of viewer, the table shows exactly the
 * viewer's projection. The table is never on screen: no flight starts,
 * and every update is synchronous. 42 games, six of each rule set and
 * size, in README's test command (half a minute on a busy 2-core
 * machine); 210 in the slow suite. */
static void
test_shows_the_model (void)
{
  ArbTable *table = g_object_ref_sink (g_object_new (ARB_TYPE_TABLE, NULL));
  guint wanted = g_test_slow () ? 210 : 42;
  guint n_games = 0, n_checks = 0;

  for (guint32 seed = 1; n_games < wanted; seed++)
    {
      const Rules *r = &rules[seed % G_N_ELEMENTS (rules)];
      guint mix = (seed / G_N_ELEMENTS (rules)) % (1u << r->seats);
      int viewer = (int) ((seed / 3) % (r->seats + 1)) - 1;
      g_autoptr (ArbGame) game = new_game (r, mix, seed);
      g_autoptr (ArbViewpoint) viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (game), viewer);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (GError) error = NULL;

      arb_table_set_viewpoint (table, viewpoint);
      assert_shows_model (table, viewpoint);
      while (!arb_game_is_finished (game))
        {
          ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);

          g_assert_true (arb_game_apply (game, &move, &error));
          g_assert_no_error (error);
          assert_shows_model (table, viewpoint);
          n_checks++;
        }
      arb_table_set_viewpoint (table, NULL);
      n_games++;
    }
  g_assert_cmpuint (n_checks, >, 45 * wanted);
  g_assert_finalize_object (table);
}

/* ---- a solo game's pile names ---------------------------------------------- */

/* What a screen reader must hear for pile p (-1: the deck), from the
 * projection alone. */
static char *
expected_pile_name (ArbGame *game, const ArbState *state, int p)
{
  const ArbPile *pile = p < 0 ? &state->deck : &state->discards[p];
  g_autofree char *title = p < 0 ? g_strdup (_("Deck")) : arb_game_pile_title (game, (guint) p, 0);
  g_autofree char *count = expect_count (pile->n);
  g_autofree char *top = NULL;

  if (p < 0 || pile->n == 0)
    return g_strdup_printf (_("%s, %s"), title, count);
  top = arb_card_to_string (arb_pile_top (pile));
  return g_strdup_printf (_("%s, %s, %s on top"), title, count, top);
}

/* In solo, after every step (Q's discards into its arboretum among them),
 * every pile's accessible name says its count and top card as the
 * person's projection does: it was once left behind, like its picture. */
static void
test_solo_pile_names (void)
{
  static const Rules solo = { ARB_VARIANT_SOLO, 1 };
  ArbTable *table = g_object_ref_sink (g_object_new (ARB_TYPE_TABLE, NULL));
  guint n_checks = 0;

  for (guint32 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (ArbGame) game = new_game (&solo, 1, seed);
      g_autoptr (ArbViewpoint) viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (game), 0);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

      arb_table_set_viewpoint (table, viewpoint);
      while (!arb_game_is_finished (game))
        {
          ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);
          const ArbState *state;
          g_autoptr (GError) error = NULL;

          g_assert_true (arb_game_apply (game, &move, &error));
          g_assert_no_error (error);
          state = &arb_viewpoint_get_projection (viewpoint)->state;
          for (int p = ARB_SOURCE_DECK; p < (int) arb_state_n_piles (state); p++)
            {
              g_autofree char *expected = expected_pile_name (game, state, p);

              g_assert_cmpstr (arb_pile_view_get_name (arb_table_get_pile_view (table, p)), ==, expected);
              n_checks++;
            }
        }
      arb_table_set_viewpoint (table, NULL);
    }
  g_assert_cmpuint (n_checks, >, 500);
  g_assert_finalize_object (table);
}

/* ---- no peeking ------------------------------------------------------------ */

static gboolean
nothing_flies (ArbFlightLayer *layer)
{
  ArbCard faces[8];

  return arb_flight_layer_get_faces (layer, faces, G_N_ELEMENTS (faces)) == 0;
}

/* What the table shows after it follows game's next step: its dump and the
 * faces of the cards that fly. */
static char *
shown_after_step (ArbTable *table, ArbGame *game, const ArbStep *step)
{
  ArbFlightLayer *layer = arb_table_get_flight_layer (table);
  g_autoptr (ArbViewpoint) viewpoint = NULL;
  g_autoptr (GError) error = NULL;
  ArbCard faces[8];
  g_autofree char *dump = NULL;
  GString *out;
  guint n;

  viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (game), arb_viewpoint_get_viewer (arb_table_get_viewpoint (table)));
  arb_table_set_viewpoint (table, viewpoint);
  /* A card flies only from a place on screen: the frame that lays out the
   * table built again for the viewpoint comes first. */
  arb_test_wait_frames (GTK_WIDGET (table), 1);
  arb_game_apply_step (game, step, &error);
  g_assert_no_error (error);
  dump = arb_table_dump (table);
  out = g_string_new (dump);
  n = arb_flight_layer_get_faces (layer, faces, G_N_ELEMENTS (faces));
  g_string_append_printf (out, "flying: %u", n);
  for (guint i = 0; i < n; i++)
    expect_card (out, faces[i]);
  /* The flights land before the next moment. */
  arb_test_wait_until ("the cards in flight to land", nothing_flies, layer);
  return g_string_free (out, FALSE);
}

/* At many moments of games of every rule set, for a seat and for the
 * public table: the game as it was, and dealt again with every card the
 * viewer does not know swapped, look the same on a table on screen after
 * the next step, down to the faces of the cards in flight. */
static void
test_no_peeking (void)
{
  ArbTable *table = g_object_new (ARB_TYPE_TABLE, NULL);
  GtkWindow *window = arb_test_window_new (GTK_WIDGET (table), 1280, 800);
  g_autoptr (ArbViewpoint) start = NULL;
  guint compared = 0, secret_draws = 0;

  /* The cards fly, and land at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  for (guint t = 0; t < G_N_ELEMENTS (rules); t++)
    {
      g_autoptr (ArbGame) game = new_game (&rules[t], 1, 40 + t);
      g_autoptr (GRand) rand = g_rand_new_with_seed (t);
      guint n;
      g_autofree ArbStep *steps = NULL, *redealt = NULL;

      while (!arb_game_is_finished (game))
        {
          ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);
          g_assert_true (arb_game_apply (game, &move, NULL));
        }
      n = arb_game_get_n_steps (game);
      steps = g_new (ArbStep, n);
      redealt = g_new (ArbStep, n);
      for (guint i = 0; i < n; i++)
        steps[i] = *arb_game_get_step (game, i);
      for (int viewer = ARB_VIEWER_PUBLIC; viewer <= 0; viewer++)
        for (guint k = 3 + t; k < n; k += 17)
          {
            g_autoptr (ArbGame) original = NULL, other = NULL;
            g_autofree char *before = NULL, *after = NULL;
            ArbPile deck;

            g_clear_object (&start);
            start = arb_viewpoint_new (ARB_TABLE_EVENTS (game), viewer);
            arb_table_set_viewpoint (table, start);
            arb_test_redeal (game, k + 1, viewer, t * 1000 + k, &deck, redealt);
            original = arb_test_game_from_steps (game, arb_game_get_deck (game), steps, k);
            other = arb_test_game_from_steps (game, &deck, redealt, k);
            before = shown_after_step (table, original, &steps[k]);
            after = shown_after_step (table, other, &redealt[k]);
            g_assert_cmpstr (before, ==, after);
            compared++;
            secret_draws += steps[k].move.kind == ARB_MOVE_DRAW && steps[k].move.source == ARB_SOURCE_DECK
                            && (int) steps[k].player != viewer;
          }
    }
  g_assert_cmpuint (compared, >, 24);
  g_assert_cmpuint (secret_draws, >, 4);
  arb_table_set_viewpoint (table, NULL);
  gtk_window_destroy (window);
}

/* A take back, like every step, leaves the table showing the position:
 * a draw, a play and a discard taken back one by one. */
static void
test_take_back (void)
{
  Fixture fixture;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);

  fixture_set_up (&fixture, TRUE);
  arb_test_wait_laid_out (GTK_WIDGET (fixture.table));
  assert_shows_model (fixture.table, fixture.viewpoint);
  for (guint i = 0; i < 4; i++)
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (fixture.game), rand);

      g_assert_true (arb_game_apply (fixture.game, &move, &error));
      assert_shows_model (fixture.table, fixture.viewpoint);
    }
  g_assert_true (arb_game_can_take_back (fixture.game));
  while (arb_game_can_take_back (fixture.game))
    {
      g_assert_true (arb_game_take_back (fixture.game, &error));
      g_assert_no_error (error);
      assert_shows_model (fixture.table, fixture.viewpoint);
    }
  fixture_tear_down (&fixture);
}

static gboolean
row_is_current (ArbLogView *log, int row)
{
  return row >= 0 && arb_log_view_line_has_style (log, (guint) row, "replay-current");
}

/* Fed by a replay, the table moves with it, showing the replay's
 * position; the log marks the step just replayed. Back on the game, the
 * log is whole again and the replay no longer reaches the table. */
static void
test_replay_source (void)
{
  Fixture fixture;
  g_autoptr (ArbReplay) replay = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  ArbLogView *log;

  fixture_set_up (&fixture, TRUE);
  for (int i = 0; i < 12; i++)
    {
      ArbMove move;

      g_assert_true (arb_ai_random_move (arb_game_get_state (fixture.game), rand, &move));
      g_assert_true (arb_game_apply (fixture.game, &move, NULL));
    }
  /* A card chosen in the game is not chosen in the replay. */
  arb_hand_view_select (arb_table_get_hand_view (fixture.table),
                        arb_card_set_nth (&arb_game_get_state (fixture.game)->hands[0], 0));
  g_assert_cmpuint (arb_table_get_selected (fixture.table), !=, ARB_CARD_NONE);
  replay = arb_replay_new (fixture.game);
  arb_replay_seek (replay, 5);
  arb_viewpoint_set_source (fixture.viewpoint, ARB_TABLE_EVENTS (replay));
  g_assert_cmpuint (arb_table_get_selected (fixture.table), ==, ARB_CARD_NONE);
  assert_shows_model (fixture.table, fixture.viewpoint);
  log = arb_table_get_log_view (fixture.table);
  g_assert_true (row_is_current (log, arb_log_view_get_row_of_step (log, 4)));

  g_assert_true (arb_replay_next (replay));
  assert_shows_model (fixture.table, fixture.viewpoint);
  g_assert_true (row_is_current (log, arb_log_view_get_row_of_step (log, 5)));
  g_assert_false (row_is_current (log, arb_log_view_get_row_of_step (log, 4)));

  g_assert_true (arb_replay_previous (replay));
  assert_shows_model (fixture.table, fixture.viewpoint);
  g_assert_true (row_is_current (log, arb_log_view_get_row_of_step (log, 4)));

  /* The replay's steps no longer reach the table once it shows the game. */
  arb_viewpoint_set_source (fixture.viewpoint, ARB_TABLE_EVENTS (fixture.game));
  assert_shows_model (fixture.table, fixture.viewpoint);
  g_assert_cmpuint (arb_log_view_get_n_lines (log), ==, 1 + 12 + 3);
  arb_replay_first (replay);
  assert_shows_model (fixture.table, fixture.viewpoint);
  for (int row = 0; row < (int) arb_log_view_get_n_lines (log); row++)
    g_assert_false (row_is_current (log, row));
  fixture_tear_down (&fixture);
}

static gboolean
flying (ArbFlightLayer *layer)
{
  return arb_flight_layer_get_n_flying (layer) > 0;
}

static gboolean
landed (ArbFlightLayer *layer)
{
  return arb_flight_layer_get_n_flying (layer) == 0 && nothing_flies (layer);
}

/* A computer's cards fly too: the card it took from a discard pile, to
 * the side panel, and the card it planted, into its arboretum there. */
static void
test_computer_flies (void)
{
  Fixture fixture;
  GtkSettings *settings = gtk_settings_get_default ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  gboolean planted_flew = FALSE;
  ArbFlightLayer *layer;

  fixture_set_up (&fixture, FALSE);
  layer = arb_table_get_flight_layer (fixture.table);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  arb_test_wait_laid_out (GTK_WIDGET (fixture.table));
  while (!planted_flew && !arb_game_is_finished (fixture.game))
    {
      const ArbState *state = arb_game_get_state (fixture.game);
      ArbMove move;

      g_assert_true (arb_ai_random_move (state, rand, &move));
      if (state->current == 1 && move.kind == ARB_MOVE_PLAY)
        {
          arb_table_follow_player (fixture.table, 1);
          /* Its card leaves from its tab, laid out first. */
          arb_test_wait_frames (GTK_WIDGET (fixture.table), ARB_TEST_FRAMES_TO_SETTLE);
          g_assert_true (arb_game_apply (fixture.game, &move, NULL));
          arb_test_wait_until ("the planted card to take off", flying, layer);
          planted_flew = TRUE;
        }
      else
        g_assert_true (arb_game_apply (fixture.game, &move, NULL));
      /* The flight under way, and one still waiting for the table to be
       * laid out before it starts. */
      arb_test_wait_until ("the cards in flight to land", landed, layer);
    }
  g_assert_true (planted_flew);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  fixture_tear_down (&fixture);
}

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  g_test_add_func ("/table/shows-the-model", test_shows_the_model);
  g_test_add_func ("/table/solo-pile-names", test_solo_pile_names);
  g_test_add_func ("/table/no-peeking", test_no_peeking);
  g_test_add_func ("/table/take-back", test_take_back);
  g_test_add_func ("/table/replay-source", test_replay_source);
  g_test_add_func ("/table/computer-flies", test_computer_flies);

  return g_test_run ();
}
