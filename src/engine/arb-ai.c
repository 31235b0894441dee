/* arb-ai.c: computer players. */
#include "config.h"

#include "arb-ai.h"

static const char * const level_ids[] = { "random" };

const char *
arb_ai_level_id (ArbAiLevel level)
{
  g_return_val_if_fail (level < G_N_ELEMENTS (level_ids), NULL);
  return level_ids[level];
}

gboolean
arb_ai_level_from_id (const char *id, ArbAiLevel *level)
{
  for (guint l = 0; l < G_N_ELEMENTS (level_ids); l++)
    if (g_strcmp0 (id, level_ids[l]) == 0)
      {
        *level = (ArbAiLevel) l;
        return TRUE;
      }
  return FALSE;
}

static ArbCard
random_hand_card (const ArbState *state, GRand *rand)
{
  const ArbCardSet *hand = &state->hands[state->current];
  return arb_card_set_nth (hand, (guint) g_rand_int_range (rand, 0, (gint32) arb_card_set_count (hand)));
}

static void
random_cell (const ArbArboretum *arboretum, GRand *rand, ArbMove *move)
{
  gint8 xy[2 * ARB_MAX_FREE_CELLS];
  guint n = arb_arboretum_free_cells (arboretum, xy);
  guint i = (guint) g_rand_int_range (rand, 0, (gint32) n);
  move->x = xy[2 * i];
  move->y = xy[2 * i + 1];
}

/* Every legal action has the same chance. */
static gboolean
choose_random (const ArbState *state, GRand *rand, ArbMove *move)
{
  gint8 sources[1 + ARB_MAX_PLAYERS];
  guint n;

  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      n = arb_state_legal_sources (state, sources);
      if (n == 0)
        return FALSE;
      *move = arb_move_draw (sources[g_rand_int_range (rand, 0, (gint32) n)]);
      return TRUE;
    case ARB_PHASE_PLAY:
      *move = arb_move_play (random_hand_card (state, rand), 0, 0);
      random_cell (&state->arboreta[state->current], rand, move);
      return TRUE;
    case ARB_PHASE_DISCARD:
      *move = arb_move_discard (random_hand_card (state, rand), 0, 0);
      if (state->variant == ARB_VARIANT_SOLO)
        random_cell (&state->arboreta[ARB_SOLO_Q], rand, move);
      return TRUE;
    case ARB_PHASE_OVER:
    default:
      return FALSE;
    }
}

/* The next action for the seat whose turn it is; FALSE once the game is over. */
gboolean
arb_ai_choose (const ArbState *state, ArbAiLevel level, GRand *rand, ArbMove *move)
{
  switch (level)
    {
    case ARB_AI_RANDOM:
    default:
      return choose_random (state, rand, move);
    }
}
