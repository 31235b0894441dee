/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai.c: the computer players: legal moves at every level in every rule
 * set, no peeking at hidden cards, decisions off the main thread. */
#include "config.h"

#include <string.h>

#include "arb-engine.h"
#include "arb-projection.h"

/* Small fixed budgets: deterministic, and quick enough for a test. */
#define TEST_PLAYOUTS 60

typedef struct {
  ArbState start;
  ArbState state;
  GArray  *steps;
} Table;

static void
table_init (Table *t, ArbVariant variant, guint n_seats, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_state_setup (&t->start, variant, n_seats, 0, rand, &error));
  g_assert_no_error (error);
  t->state = t->start;
  t->steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
}

static void
table_clear (Table *t)
{
  g_array_unref (t->steps);
}

static void
params_for (ArbAiParams *params, ArbAiLevel level, guint64 seed)
{
  arb_ai_params_init (params, level, seed);
  /* Expert's playouts cost a hundred of hard's (docs/perf.md): one round
   * of its candidates plays legal moves; /ai/expert-no-peeking searches
   * more. */
  params->playouts = level == ARB_AI_EXPERT ? 8 : TEST_PLAYOUTS;
}

/* One decision of the current seat, from its view, applied; FALSE at the end. */
static gboolean
table_step (Table *t, ArbAiLevel level, guint64 seed)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GError) error = NULL;
  ArbAiParams params;
  ArbMove move;
  ArbStep step;

  if (t->state.phase == ARB_PHASE_OVER)
    return FALSE;
  arb_projection_init_from_steps (view, &t->state, (const ArbStep *) t->steps->data,
                               t->steps->len, t->state.current);
  params_for (&params, level, seed);
  g_assert_true (arb_ai_choose_with_view (view, &params, NULL, &move, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (arb_state_apply (&t->state, &move, &step, &error));
  g_assert_no_error (error);
  g_array_append_val (t->steps, step);
  return TRUE;
}

static void
test_level_ids (void)
{
  for (guint l = 0; l < ARB_AI_N_LEVELS; l++)
    {
      ArbAiLevel level;
      g_assert_true (arb_ai_level_from_id (arb_ai_level_id ((ArbAiLevel) l), &level));
      g_assert_cmpint (level, ==, l);
      g_assert_nonnull (arb_ai_level_name (level));
    }
  g_assert_cmpstr (arb_ai_level_id (ARB_AI_HARD), ==, "hard");
  g_assert_cmpstr (arb_ai_level_id (ARB_AI_EXPERT), ==, "expert");
  g_assert_cmpstr (arb_ai_level_id (ARB_AI_RANDOM), ==, "random");
  g_assert_false (arb_ai_level_from_id ("impossible", &(ArbAiLevel) { 0 }));
}

static const struct {
  ArbVariant variant;
  guint      seats;
} tables[] = {
  { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_STANDARD, 3 }, { ARB_VARIANT_STANDARD, 4 },
  { ARB_VARIANT_CLASSIC, 2 }, { ARB_VARIANT_CLASSIC, 3 }, { ARB_VARIANT_CLASSIC, 4 },
  { ARB_VARIANT_SOLO, 1 },
};

/* Every level at every seat of every table plays whole games of legal moves. */
static void
test_legal_games (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    for (guint g = 0; g < 3 * ARB_AI_N_LEVELS; g++)
      {
        Table t;
        guint decisions = 0;

        table_init (&t, tables[k].variant, tables[k].seats, 1000 + 100 * k + g);
        while (table_step (&t, (ArbAiLevel) ((t.state.current + g) % ARB_AI_N_LEVELS),
                           decisions * 7919 + g))
          decisions++;
        g_assert_cmpint (t.state.phase, ==, ARB_PHASE_OVER);
        g_assert_cmpuint (t.state.deck.n, ==, 0);
        g_assert_cmpuint (arb_state_total_cards (&t.state), ==,
                          arb_species_mask_count (t.state.species) * ARB_N_VALUES);
        g_assert_cmpuint (decisions, >, 10);
        table_clear (&t);
      }
}

/* Easy against random in a few seeded games: a check that the heuristic
 * works at all, far below what tournaments measure. */
static void
test_easy_beats_random (void)
{
  guint easy_wins = 0;

  for (guint g = 0; g < 20; g++)
    {
      Table t;
      ArbScoreSheet sheet;
      guint easy_seat = g % 2, n = 0;

      table_init (&t, ARB_VARIANT_STANDARD, 2, 500 + g);
      while (table_step (&t, t.state.current == easy_seat ? ARB_AI_EASY : ARB_AI_RANDOM, g * 1000 + n))
        n++;
      arb_state_score (&t.state, &sheet);
      if (sheet.winners == (1u << easy_seat))
        easy_wins++;
      table_clear (&t);
    }
  /* Measured far higher in tournaments (docs/ai.md); a loose floor here. */
  g_assert_cmpuint (easy_wins, >=, 15);
}

/* Redeals every card the seat cannot see: the hidden part of the other
 * hands and the whole deck, shuffled by seed. */
static void
scramble_hidden (ArbState *state, guint seat, const ArbKnowledge *knowledge, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  ArbCard pool[ARB_N_CARDS];
  guint counts[ARB_MAX_PLAYERS] = { 0 };
  guint n = 0, next = 0;

  for (guint p = 0; p < state->n_players; p++)
    {
      if (p == seat)
        continue;
      for (guint c = 0; c < ARB_N_CARDS; c++)
        if (arb_card_set_contains (&state->hands[p], (ArbCard) c)
            && !arb_card_set_contains (&knowledge->known[p], (ArbCard) c))
          {
            pool[n++] = (ArbCard) c;
            arb_card_set_remove (&state->hands[p], (ArbCard) c);
            counts[p]++;
          }
    }
  for (guint i = 0; i < state->deck.n; i++)
    pool[n++] = state->deck.cards[i];
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      ArbCard tmp = pool[i - 1];
      pool[i - 1] = pool[j];
      pool[j] = tmp;
    }
  for (guint p = 0; p < state->n_players; p++)
    for (guint k = 0; k < counts[p]; k++)
      arb_card_set_add (&state->hands[p], pool[next++]);
  for (guint i = 0; i < state->deck.n; i++)
    state->deck.cards[i] = pool[next++];
}

static gboolean
same_move (const ArbMove *a, const ArbMove *b)
{
  if (a->kind != b->kind)
    return FALSE;
  if (a->kind == ARB_MOVE_DRAW)
    return a->source == b->source;
  return a->card == b->card && a->x == b->x && a->y == b->y;
}

/* Changing what the seat cannot see changes nothing in its choice. */
static void
test_no_peeking (void)
{
  guint checked = 0, differed = 0;

  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    {
      Table t;
      guint n = 0;

      table_init (&t, tables[k].variant, tables[k].seats, 77 + k);
      /* Medium players take from discard piles now and then, so some cards
       * of the other hands are known. */
      while (t.state.phase != ARB_PHASE_OVER)
        {
          if (n % 5 == 3)
            {
              guint seat = t.state.current;
              ArbKnowledge knowledge;
              ArbState other = t.state;
              g_autofree ArbProjection *a = g_new (ArbProjection, 1);
              g_autofree ArbProjection *b = g_new (ArbProjection, 1);

              arb_knowledge_init (&knowledge);
              for (guint i = 0; i < t.steps->len; i++)
                arb_knowledge_add_step (&knowledge, &g_array_index (t.steps, ArbStep, i));
              scramble_hidden (&other, seat, &knowledge, 4242 + n);
              g_assert_cmpuint (arb_state_total_cards (&other), ==, arb_state_total_cards (&t.state));
              if (memcmp (&other, &t.state, sizeof other) != 0)
                differed++;

              g_assert_true (arb_projection_init (a, &t.state, seat, &knowledge, NULL));
              g_assert_true (arb_projection_init (b, &other, seat, &knowledge, NULL));
              g_assert_true (memcmp (a, b, sizeof *a) == 0);
              for (guint l = 0; l < ARB_AI_N_LEVELS; l++)
                {
                  ArbAiParams params;
                  ArbMove ma, mb;
                  params_for (&params, (ArbAiLevel) l, 99 + n);
                  g_assert_true (arb_ai_choose_with_view (a, &params, NULL, &ma, NULL, NULL));
                  g_assert_true (arb_ai_choose_with_view (b, &params, NULL, &mb, NULL, NULL));
                  g_assert_true (same_move (&ma, &mb));
                }
              checked++;
            }
          table_step (&t, ARB_AI_MEDIUM, n);
          n++;
        }
      table_clear (&t);
    }
  g_assert_cmpuint (checked, >, 50);
  g_assert_cmpuint (differed, >, checked / 2);
}

/* Expert with a real search: a redeal of every card the seat cannot see
 * changes nothing in its choice (120 playouts, about 15 rounds of its 8
 * candidates), on decisions where the search overrides
 * the heuristic's first choice (one playout keeps that), so that the deals
 * it samples are what decides. */
static void
test_expert_no_peeking (void)
{
  guint checked = 0, overridden = 0;

  for (guint k = 0; k < 2; k++)
    {
      Table t;
      guint n = 0;

      table_init (&t, ARB_VARIANT_STANDARD, 2 + k, 310 + k);
      while (t.state.phase != ARB_PHASE_OVER)
        {
          if (n % 5 == 1)
            {
              guint seat = t.state.current;
              ArbKnowledge knowledge;
              ArbState other = t.state;
              g_autofree ArbProjection *a = g_new (ArbProjection, 1);
              g_autofree ArbProjection *b = g_new (ArbProjection, 1);
              ArbAiParams params, first;
              ArbMove ma, mb, m1;

              arb_knowledge_init (&knowledge);
              for (guint i = 0; i < t.steps->len; i++)
                arb_knowledge_add_step (&knowledge, &g_array_index (t.steps, ArbStep, i));
              scramble_hidden (&other, seat, &knowledge, 777 + n);
              g_assert_true (arb_projection_init (a, &t.state, seat, &knowledge, NULL));
              g_assert_true (arb_projection_init (b, &other, seat, &knowledge, NULL));

              arb_ai_params_init (&params, ARB_AI_EXPERT, 5 + n);
              params.playouts = 120;
              first = params;
              first.playouts = 1;
              g_assert_true (arb_ai_choose_with_view (a, &params, NULL, &ma, NULL, NULL));
              g_assert_true (arb_ai_choose_with_view (b, &params, NULL, &mb, NULL, NULL));
              g_assert_true (arb_ai_choose_with_view (a, &first, NULL, &m1, NULL, NULL));
              g_assert_true (same_move (&ma, &mb));
              if (!same_move (&ma, &m1))
                overridden++;
              checked++;
            }
          table_step (&t, ARB_AI_MEDIUM, n);
          n++;
        }
      table_clear (&t);
    }
  g_assert_cmpuint (checked, >, 20);
  /* Otherwise the test would only check the heuristic again. */
  g_assert_cmpuint (overridden, >, 0);
}

/* Cards taken from a discard pile are known in that hand until they leave
 * it; cards drawn from the deck are not. */
static void
test_knowledge (void)
{
  Table t;
  g_autoptr (GError) error = NULL;
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  ArbMove move;
  ArbStep step;
  ArbCard discarded, drawn_deck;
  ArbState det;
  guint64 rng = 1;

  table_init (&t, ARB_VARIANT_STANDARD, 2, 31);
  /* Seat 0: deck, deck, play, discard. */
  for (guint i = 0; i < 2; i++)
    {
      move = arb_move_draw (ARB_SOURCE_DECK);
      g_assert_true (arb_state_apply (&t.state, &move, &step, &error));
      g_array_append_val (t.steps, step);
    }
  move = arb_move_play (arb_card_set_nth (&t.state.hands[0], 0), 0, 0);
  g_assert_true (arb_state_apply (&t.state, &move, &step, &error));
  g_array_append_val (t.steps, step);
  discarded = arb_card_set_nth (&t.state.hands[0], 0);
  move = arb_move_discard (discarded, 0, 0);
  g_assert_true (arb_state_apply (&t.state, &move, &step, &error));
  g_array_append_val (t.steps, step);
  /* Seat 1 takes it back from seat 0's pile, then draws from the deck. */
  move = arb_move_draw (0);
  g_assert_true (arb_state_apply (&t.state, &move, &step, &error));
  g_array_append_val (t.steps, step);
  move = arb_move_draw (ARB_SOURCE_DECK);
  g_assert_true (arb_state_apply (&t.state, &move, &step, &error));
  g_array_append_val (t.steps, step);
  drawn_deck = step.move.card;
  g_assert_no_error (error);

  arb_projection_init_from_steps (view, &t.state, (const ArbStep *) t.steps->data, t.steps->len, 0);
  g_assert_true (arb_card_set_contains (&view->state.hands[1], discarded));
  g_assert_false (arb_card_set_contains (&view->state.hands[1], drawn_deck));
  g_assert_cmpuint (arb_card_set_count (&view->state.hands[1]), ==, 1);
  g_assert_cmpuint (view->hand_size[1], ==, ARB_HAND_SIZE + 2);
  g_assert_cmpuint (arb_projection_n_hidden (view, 1), ==, ARB_HAND_SIZE + 1);
  g_assert_true (arb_card_set_contains (&view->unseen, drawn_deck));
  g_assert_cmpuint (arb_card_set_count (&view->unseen), ==, ARB_HAND_SIZE + 1 + t.state.deck.n);

  /* A deal from the view keeps everything known and hides the rest. */
  for (guint i = 0; i < 20; i++)
    {
      arb_projection_determinize (view, &rng, &det);
      g_assert_true (arb_card_set_contains (&det.hands[1], discarded));
      g_assert_cmpuint (arb_card_set_count (&det.hands[1]), ==, ARB_HAND_SIZE + 2);
      g_assert_true (memcmp (&det.hands[0], &t.state.hands[0], sizeof det.hands[0]) == 0);
      g_assert_cmpuint (det.deck.n, ==, t.state.deck.n);
      g_assert_cmpuint (arb_state_total_cards (&det), ==, arb_state_total_cards (&t.state));
    }

  /* Seat 1 sees its own hand whole. */
  arb_projection_init_from_steps (view, &t.state, (const ArbStep *) t.steps->data, t.steps->len, 1);
  g_assert_true (memcmp (&view->state.hands[1], &t.state.hands[1], sizeof (ArbCardSet)) == 0);
  g_assert_cmpuint (arb_card_set_count (&view->state.hands[0]), ==, 0);
  table_clear (&t);
}

/* The old entry point still answers with legal moves. */
static void
test_choose_state (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  ArbState state;
  ArbMove move;

  g_assert_true (arb_state_setup (&state, ARB_VARIANT_CLASSIC, 3, 0, rand, NULL));
  for (guint l = 0; l < ARB_AI_N_LEVELS - 1; l++)
    {
      ArbState copy = state;
      for (guint i = 0; i < 12; i++)
        {
          ArbAiParams params;

          arb_ai_params_init (&params, (ArbAiLevel) l, g_rand_int (rand));
          g_assert_true (arb_ai_decide (&copy, NULL, 0, &params, NULL, &move, NULL, NULL));
          g_assert_true (arb_state_apply (&copy, &move, NULL, NULL));
        }
    }
}

typedef struct {
  GMainLoop *loop;
  gboolean   ok;
  GError    *error;
  ArbMove    move;
  ArbAiStats stats;
} AsyncResult;

static void
chosen_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncResult *r = user_data;
  r->ok = arb_ai_choose_finish (result, &r->move, &r->stats, &r->error);
  g_main_loop_quit (r->loop);
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* A long search, cancelled early: the callback comes promptly with
 * G_IO_ERROR_CANCELLED, and the main loop ran meanwhile. */
static void
test_async_cancel (void)
{
  Table t;
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AsyncResult r = { g_main_loop_new (NULL, FALSE), FALSE, NULL, { 0 }, { 0 } };
  ArbAiParams params;
  gint64 start;

  /* Time to play: many candidates, so the search has work to do. */
  table_init (&t, ARB_VARIANT_STANDARD, 2, 8);
  table_step (&t, ARB_AI_EASY, 1);
  table_step (&t, ARB_AI_EASY, 2);
  g_assert_cmpint (t.state.phase, ==, ARB_PHASE_PLAY);
  arb_projection_init_from_steps (view, &t.state, (const ArbStep *) t.steps->data, t.steps->len, 0);
  arb_ai_params_init (&params, ARB_AI_HARD, 1);
  /* A fixed number of playouts never settles early: minutes of work. */
  params.playouts = 100000000;

  start = g_get_monotonic_time ();
  arb_ai_choose_async (view, &params, cancellable, chosen_cb, &r);
  g_timeout_add (50, cancel_cb, cancellable);
  g_main_loop_run (r.loop);
  g_assert_false (r.ok);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* Long before the minutes of work, however busy the machine: cancelled
   * within a playout, not at the end. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 120 * G_USEC_PER_SEC);
  g_clear_error (&r.error);
  g_main_loop_unref (r.loop);
  table_clear (&t);
}

/* A hint for the person whose turn it is, through ArbGame. */
static void
test_async_hint (void)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  AsyncResult r = { g_main_loop_new (NULL, FALSE), FALSE, NULL, { 0 }, { 0 } };
  ArbAiParams params;

  g_ptr_array_add (players, arb_player_new ("Ada", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new ("Bo", ARB_PLAYER_COMPUTER, "hard"));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 12, 0, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 3; i++)
    {
      arb_ai_params_init (&params, i == 0 ? ARB_AI_HARD : ARB_AI_MEDIUM, i);
      params.playouts = 200;
      arb_ai_hint_async (game, &params, NULL, chosen_cb, &r);
      g_main_loop_run (r.loop);
      g_assert_no_error (r.error);
      g_assert_true (r.ok);
      g_assert_true (arb_game_apply (game, &r.move, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_DISCARD);
  g_main_loop_unref (r.loop);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/level-ids", test_level_ids);
  g_test_add_func ("/ai/knowledge", test_knowledge);
  g_test_add_func ("/ai/legal-games", test_legal_games);
  g_test_add_func ("/ai/easy-beats-random", test_easy_beats_random);
  g_test_add_func ("/ai/no-peeking", test_no_peeking);
  g_test_add_func ("/ai/expert-no-peeking", test_expert_no_peeking);
  g_test_add_func ("/ai/choose-state", test_choose_state);
  g_test_add_func ("/ai/async-cancel", test_async_cancel);
  g_test_add_func ("/ai/async-hint", test_async_hint);
  return g_test_run ();
}
