/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai.c: the computer players: legal moves at every level in every rule
 * set, no peeking at hidden cards, the expert's budget, decisions off the
 * main thread and their cancelling.
 *
 * Strength is measured by tournaments (docs/ai.md), never here: these
 * checks hold for any playing strength, so they run on few playouts. */
/* RUSAGE_THREAD: a thread's processor time by another clock than expert's. */
#define _GNU_SOURCE
#include "config.h"

#include <string.h>
#include <sys/resource.h>

#include "arb-engine.h"
#include "arb-projection.h"
#include "arb-test-wait.h"

/* Small fixed budgets: deterministic, and quick enough for a test. */
#define TEST_PLAYOUTS 60
/* Expert's playouts cost a hundred of hard's (docs/perf.md), and ten
 * times that under AddressSanitizer. Two rounds of its eight candidates:
 * the fewest with which a challenger can replace the heuristic's first
 * choice (it needs two deals), so its whole choice is exercised. */
#define EXPERT_PLAYOUTS 16

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
  params->playouts = level == ARB_AI_EXPERT ? EXPERT_PLAYOUTS : TEST_PLAYOUTS;
}

/* What every seat knows of the others' hands: the cards taken from
 * discard piles, from the steps so far. */
static void
table_knowledge (Table *t, ArbKnowledge *knowledge)
{
  arb_knowledge_init (knowledge);
  for (guint i = 0; i < t->steps->len; i++)
    arb_knowledge_add_step (knowledge, &g_array_index (t->steps, ArbStep, i));
}

/* A computer's decision as every program asks for it: from the true
 * state and the steps, of which arb_ai_decide () builds the seat's view. */
static void
table_decide (Table *t, const ArbState *state, const ArbAiParams *params, ArbMove *move)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_ai_decide (state, (const ArbStep *) t->steps->data, t->steps->len, params,
                                NULL, move, NULL, &error));
  g_assert_no_error (error);
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

/* Every level below expert at every seat of every table plays whole games
 * of legal moves (expert's: /ai/expert-legal). */
static void
test_legal_games (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    for (guint g = 0; g < 3 * ARB_AI_EXPERT; g++)
      {
        Table t;
        guint decisions = 0;

        table_init (&t, tables[k].variant, tables[k].seats, 1000 + 100 * k + g);
        while (table_step (&t, (ArbAiLevel) ((t.state.current + g) % ARB_AI_EXPERT),
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

/* Expert's moves are legal in every rule set: one game a table, medium
 * playing but for four decisions, one at each step of a turn (n % 4 is the
 * step: draw, draw, play, discard; n = 3, 24, 45, 66 takes each), and two
 * in the last turns, whose playouts are the heuristic's alone; the rules
 * apply expert's moves. Whole games of expert would take minutes under
 * AddressSanitizer and find nothing more: its candidates come from the
 * ranking hard's games check, and what is its own, the deals and the
 * playouts, runs at every decision asked. */
static void
test_expert_legal (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    {
      Table t;
      guint n = 0, asked = 0, last_turns = 0;

      table_init (&t, tables[k].variant, tables[k].seats, 2000 + 100 * k);
      while (t.state.phase != ARB_PHASE_OVER)
        {
          gboolean last = t.state.deck.n < 2 && last_turns < 2;
          gboolean ask = (asked - last_turns < 4 && n % 7 == 3 && (n / 7) % 3 == 0) || last;

          asked += ask;
          last_turns += last;
          table_step (&t, ask ? ARB_AI_EXPERT : ARB_AI_MEDIUM, n * 31 + k);
          n++;
        }
      g_test_message ("table %u: expert asked %u times, %u in the last turns", k, asked, last_turns);
      g_assert_cmpuint (asked, >=, 4);
      g_assert_cmpuint (last_turns, ==, 2);
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

/* Changing what the seat cannot see changes nothing in the choice of any
 * level below expert. */
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

              table_knowledge (&t, &knowledge);
              scramble_hidden (&other, seat, &knowledge, 4242 + n);
              g_assert_cmpuint (arb_state_total_cards (&other), ==, arb_state_total_cards (&t.state));
              if (memcmp (&other, &t.state, sizeof other) != 0)
                differed++;

              g_assert_true (arb_projection_init (a, &t.state, seat, &knowledge, NULL));
              g_assert_true (arb_projection_init (b, &other, seat, &knowledge, NULL));
              g_assert_true (memcmp (a, b, sizeof *a) == 0);
              /* Expert: /ai/expert-no-peeking. */
              for (guint l = 0; l < ARB_AI_EXPERT; l++)
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

/* Expert, whose deals come from a model of the others' hands: two redeals
 * of every card its seat cannot see leave its choice the same for the same
 * sampling seed, asked as every program asks, from the true state and the
 * steps. Checked where its search overrides the heuristic's first choice
 * (which a single playout keeps), so that the sampled deals decide: the
 * first two such decisions from the middle of a 2-player and of a 3-player
 * game (earlier ones cost more playing out, and are no different). */
#define EXPERT_PEEK_PLAYOUTS 32
#define EXPERT_PEEK_FROM 30
#define EXPERT_PEEK_DECISIONS 2
#define EXPERT_PEEK_REDEALS 2

/* Whether expert's choice with params changes with a redeal of what the
 * seat to move cannot see; FALSE, and nothing checked, where its search
 * keeps the heuristic's choice. */
static gboolean
expert_checked_on_redeals (Table *t, const ArbAiParams *params, guint32 seed)
{
  ArbAiParams first = *params;
  ArbKnowledge knowledge;
  ArbMove chosen, heuristic, redealt;

  first.playouts = 1;
  table_decide (t, &t->state, params, &chosen);
  table_decide (t, &t->state, &first, &heuristic);
  if (same_move (&chosen, &heuristic))
    return FALSE;
  table_knowledge (t, &knowledge);
  for (guint d = 0; d < EXPERT_PEEK_REDEALS; d++)
    {
      ArbState other = t->state;
      scramble_hidden (&other, t->state.current, &knowledge, seed + 1000 * d);
      g_assert_true (memcmp (&other, &t->state, sizeof other) != 0);
      table_decide (t, &other, params, &redealt);
      g_assert_true (same_move (&chosen, &redealt));
    }
  return TRUE;
}

static void
test_expert_no_peeking (void)
{
  for (guint k = 0; k < 2; k++)
    {
      Table t;
      guint n = 0, looked = 0, checked = 0;

      table_init (&t, ARB_VARIANT_STANDARD, 2 + k, 310 + k);
      while (t.state.phase != ARB_PHASE_OVER && checked < EXPERT_PEEK_DECISIONS)
        {
          if (n >= EXPERT_PEEK_FROM && n % 3 == 1)
            {
              ArbAiParams params;

              arb_ai_params_init (&params, ARB_AI_EXPERT, 5 + n);
              params.playouts = EXPERT_PEEK_PLAYOUTS;
              checked += expert_checked_on_redeals (&t, &params, 777 + n);
              looked++;
            }
          table_step (&t, ARB_AI_MEDIUM, n);
          n++;
        }
      g_test_message ("%u seats: %u decisions looked at for %u overridden", 2 + k, looked, checked);
      /* Otherwise the test would only check the heuristic again. */
      g_assert_cmpuint (checked, ==, EXPERT_PEEK_DECISIONS);
      table_clear (&t);
    }
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

/* The thread's processor time, on which expert's budget is counted, read
 * by another clock than expert's own, so that the test checks that too. */
static gint64
thread_cpu_us (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_THREAD, &usage), ==, 0);
  return ((gint64) usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC
         + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

/* Seat 0 to play after its two draws: many candidates, so that a search
 * has work to do. */
static void
table_at_first_play (Table *t, ArbProjection *view)
{
  table_init (t, ARB_VARIANT_STANDARD, 2, 8);
  table_step (t, ARB_AI_EASY, 1);
  table_step (t, ARB_AI_EASY, 2);
  g_assert_cmpint (t->state.phase, ==, ARB_PHASE_PLAY);
  arb_projection_init_from_steps (view, &t->state, (const ArbStep *) t->steps->data, t->steps->len, 0);
}

/* One decision of expert in this thread; returns the processor time it took. */
static gint64
expert_decision_cpu_us (const ArbProjection *view, const ArbAiParams *params, ArbAiStats *stats)
{
  gint64 start = thread_cpu_us ();
  ArbMove move;

  g_assert_true (arb_ai_choose_with_view (view, params, NULL, &move, stats, NULL));
  return thread_cpu_us () - start;
}

/* Expert never searches on past its budget of processor time, nor past its
 * wall clock limit when that comes first (a loaded machine, a referee's
 * clock). Past its limit it finishes the playout under way, and ranks its
 * candidates before the clock starts: the slack allowed is a few times a
 * decision of one playout on the same position, measured here, so that
 * the check holds as well under AddressSanitizer. Were either limit
 * ignored, the search would run 20 s. */
#define EXPERT_TEST_BUDGET_MS 100
#define EXPERT_TEST_NO_LIMIT_MS 20000

static void
test_expert_budget (void)
{
  Table t;
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  ArbAiParams one, params;
  ArbAiStats stats;
  gint64 one_playout, slack, used;

  table_at_first_play (&t, view);
  arb_ai_params_init (&one, ARB_AI_EXPERT, 3);
  one.playouts = 1;
  one_playout = expert_decision_cpu_us (view, &one, &stats);
  g_assert_cmpuint (stats.playouts, ==, 1);
  slack = 4 * one_playout + 20 * 1000;

  /* The processor budget, the wall clock far away. */
  arb_ai_params_init (&params, ARB_AI_EXPERT, 3);
  params.budget_ms = EXPERT_TEST_BUDGET_MS;
  params.wall_ms = EXPERT_TEST_NO_LIMIT_MS;
  used = expert_decision_cpu_us (view, &params, &stats);
  g_assert_cmpint (used, >=, EXPERT_TEST_BUDGET_MS * 1000);
  g_assert_cmpint (used, <=, EXPERT_TEST_BUDGET_MS * 1000 + slack);
  g_assert_cmpuint (stats.playouts, >, 1);

  /* The wall clock, the processor budget far away: the search cannot use
   * more of the processor than the time that passed. */
  params.budget_ms = EXPERT_TEST_NO_LIMIT_MS;
  params.wall_ms = EXPERT_TEST_BUDGET_MS;
  used = expert_decision_cpu_us (view, &params, &stats);
  g_assert_cmpint (stats.elapsed_us, >=, EXPERT_TEST_BUDGET_MS * 1000);
  g_assert_cmpint (used, <=, EXPERT_TEST_BUDGET_MS * 1000 + slack);
  table_clear (&t);
}

typedef struct {
  gboolean   done;
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
  r->done = TRUE;
}

static gboolean
async_done (AsyncResult *r)
{
  return r->done;
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* A search of hard or expert that would take hours, cancelled early: the
 * answer comes within the wait's limit with G_IO_ERROR_CANCELLED, and the
 * main loop ran meanwhile. */
static void
test_async_cancel (gconstpointer data)
{
  ArbAiLevel level = GPOINTER_TO_UINT (data);
  Table t;
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AsyncResult r = { 0 };
  ArbAiParams params;

  table_at_first_play (&t, view);
  arb_ai_params_init (&params, level, 1);
  /* A fixed number of playouts never settles early, nor stops on a clock. */
  params.playouts = 100000000;

  arb_ai_choose_async (view, &params, cancellable, chosen_cb, &r);
  g_timeout_add_full (G_PRIORITY_DEFAULT, 50, cancel_cb, g_object_ref (cancellable), g_object_unref);
  arb_test_wait_until ("the cancelled decision's answer", async_done, &r);
  g_assert_false (r.ok);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
  table_clear (&t);
}

/* A hint for the person whose turn it is, through ArbGame. */
static void
test_async_hint (void)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  ArbAiParams params;

  g_ptr_array_add (players, arb_player_new ("Ada", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new ("Bo", ARB_PLAYER_COMPUTER, "hard"));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 12, 0, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 3; i++)
    {
      AsyncResult r = { 0 };

      arb_ai_params_init (&params, i == 0 ? ARB_AI_HARD : ARB_AI_MEDIUM, i);
      params.playouts = 200;
      arb_ai_hint_async (game, &params, NULL, chosen_cb, &r);
      arb_test_wait_until ("the hint", async_done, &r);
      g_assert_no_error (r.error);
      g_assert_true (r.ok);
      g_assert_true (arb_game_apply (game, &r.move, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (arb_game_get_phase (game), ==, ARB_PHASE_DISCARD);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/level-ids", test_level_ids);
  g_test_add_func ("/ai/knowledge", test_knowledge);
  g_test_add_func ("/ai/legal-games", test_legal_games);
  g_test_add_func ("/ai/expert-legal", test_expert_legal);
  g_test_add_func ("/ai/easy-beats-random", test_easy_beats_random);
  g_test_add_func ("/ai/no-peeking", test_no_peeking);
  g_test_add_func ("/ai/expert-no-peeking", test_expert_no_peeking);
  g_test_add_func ("/ai/choose-state", test_choose_state);
  g_test_add_func ("/ai/expert-budget", test_expert_budget);
  g_test_add_data_func ("/ai/async-cancel/hard", GUINT_TO_POINTER (ARB_AI_HARD), test_async_cancel);
  g_test_add_data_func ("/ai/async-cancel/expert", GUINT_TO_POINTER (ARB_AI_EXPERT), test_async_cancel);
  g_test_add_func ("/ai/async-hint", test_async_hint);
  return g_test_run ();
}
