/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-replay.c: a cursor over the recorded steps of a game.
 *
 * The positions are computed by the rules, from the deal, once, when the
 * replay is made; one in CHECKPOINT_EVERY is kept (a position is a plain
 * struct of 1.5 KiB, and all of a 200-step game took 0.3 MB), and any
 * other is replayed from the one kept before it, a few steps at most.
 * Stepping back is therefore exactly as exact as stepping forward.
 */
#include "config.h"

#include "arb-enums.h"
#include "arb-replay.h"

struct _ArbReplay
{
  GObject  parent_instance;
  ArbGame *game;
  GArray  *steps;       /* ArbStep, a copy: the game may go on after the replay was made */
  GArray  *checkpoints; /* ArbState: the position after 0, CHECKPOINT_EVERY, 2 × CHECKPOINT_EVERY… steps */
  guint    cursor;      /* steps applied, 0 to n_steps */
  guint    n_turns;     /* turns begun in the whole record */
  ArbState current;     /* the position at the cursor */
  ArbState probe;       /* what arb_replay_get_state_at () computed last */
};

#define CHECKPOINT_EVERY 8

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbReplay, arb_replay, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_TABLE_EVENTS, NULL))

enum {
  PROP_0,
  PROP_GAME,
  PROP_STEP,
  PROP_N_STEPS,
  PROP_TURN,
  PROP_N_TURNS,
  PROP_CAN_GO_BACK,
  PROP_CAN_GO_FORWARD,
  PROP_CURRENT_PLAYER,
  PROP_PHASE,
  PROP_DECK_SIZE,
  PROP_FINISHED,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* The position after step steps, into into: the checkpoint before it and
 * the steps since, which the rules accepted when the replay was made. */
static const ArbState *
state_at (ArbReplay *self, guint step, ArbState *into)
{
  guint from = step / CHECKPOINT_EVERY * CHECKPOINT_EVERY;

  *into = g_array_index (self->checkpoints, ArbState, step / CHECKPOINT_EVERY);
  for (guint i = from; i < step; i++)
    arb_state_apply (into, &g_array_index (self->steps, ArbStep, i).move, NULL, NULL);
  return into;
}

/* Replays the recorded steps once; the game applied them already, so the
 * rules accept every one. */
static void
compute_states (ArbReplay *self)
{
  ArbState state = *arb_game_get_start_state (self->game);
  guint n = arb_game_get_n_steps (self->game);

  g_array_set_size (self->steps, 0);
  g_array_set_size (self->checkpoints, 0);
  g_array_append_val (self->checkpoints, state);
  for (guint i = 0; i < n; i++)
    {
      const ArbStep *step = arb_game_get_step (self->game, i);
      if (!arb_state_apply (&state, &step->move, NULL, NULL))
        {
          g_critical ("Step %u of the game cannot be replayed", i + 1);
          break;
        }
      g_array_append_val (self->steps, *step);
      if (self->steps->len % CHECKPOINT_EVERY == 0)
        g_array_append_val (self->checkpoints, state);
    }
  self->n_turns = state.turn + 1u;
  self->current = *arb_game_get_start_state (self->game);
}

static void
arb_replay_constructed (GObject *object)
{
  ArbReplay *self = ARB_REPLAY (object);

  G_OBJECT_CLASS (arb_replay_parent_class)->constructed (object);
  g_return_if_fail (self->game != NULL);
  compute_states (self);
}

static void
arb_replay_finalize (GObject *object)
{
  ArbReplay *self = ARB_REPLAY (object);

  g_clear_object (&self->game);
  g_array_unref (self->steps);
  g_array_unref (self->checkpoints);
  G_OBJECT_CLASS (arb_replay_parent_class)->finalize (object);
}

static void
arb_replay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbReplay *self = ARB_REPLAY (object);
  const ArbState *state = arb_replay_get_state (self);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->cursor);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, self->steps->len);
      break;
    case PROP_TURN:
      g_value_set_uint (value, state->turn);
      break;
    case PROP_N_TURNS:
      g_value_set_uint (value, arb_replay_get_n_turns (self));
      break;
    case PROP_CAN_GO_BACK:
      g_value_set_boolean (value, arb_replay_can_go_back (self));
      break;
    case PROP_CAN_GO_FORWARD:
      g_value_set_boolean (value, arb_replay_can_go_forward (self));
      break;
    case PROP_CURRENT_PLAYER:
      g_value_set_uint (value, state->current);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, state->phase);
      break;
    case PROP_DECK_SIZE:
      g_value_set_uint (value, state->deck.n);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, state->phase == ARB_PHASE_OVER);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_replay_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbReplay *self = ARB_REPLAY (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_STEP:
      arb_replay_seek (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, ARB_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The number of steps applied: 0 at the deal, n-steps at the end. */
  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0, flags | G_PARAM_WRITABLE);
  properties[PROP_N_STEPS] =
    g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_TURN] =
    g_param_spec_uint ("turn", NULL, NULL, 0, G_MAXUINT16, 0, flags);
  properties[PROP_N_TURNS] =
    g_param_spec_uint ("n-turns", NULL, NULL, 1, G_MAXUINT16 + 1u, 1, flags);
  properties[PROP_CAN_GO_BACK] =
    g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_GO_FORWARD] =
    g_param_spec_boolean ("can-go-forward", NULL, NULL, FALSE, flags);
  /* As on ArbGame, for the position at the cursor. */
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_uint ("current-player", NULL, NULL, 0, ARB_MAX_PLAYERS - 1, 0, flags);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, ARB_TYPE_PHASE, ARB_PHASE_DRAW, flags);
  properties[PROP_DECK_SIZE] =
    g_param_spec_uint ("deck-size", NULL, NULL, 0, ARB_N_CARDS, 0, flags);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_replay_class_init (ArbReplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = arb_replay_constructed;
  object_class->finalize = arb_replay_finalize;
  object_class->get_property = arb_replay_get_property;
  object_class->set_property = arb_replay_set_property;
  install_properties (object_class);
}

static void
arb_replay_init (ArbReplay *self)
{
  self->steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  self->checkpoints = g_array_new (FALSE, FALSE, sizeof (ArbState));
}

/* A replay of the steps game has recorded so far, at the deal. */
ArbReplay *
arb_replay_new (ArbGame *game)
{
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  return g_object_new (ARB_TYPE_REPLAY, "game", game, NULL);
}

ArbGame *
arb_replay_get_game (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), NULL);
  return self->game;
}

const ArbState *
arb_replay_get_state (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), NULL);
  return &self->current;
}

/* The position after the first step steps, without moving the cursor;
 * it stays valid until the next call. */
const ArbState *
arb_replay_get_state_at (ArbReplay *self, guint step)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), NULL);
  g_return_val_if_fail (step <= self->steps->len, NULL);
  return state_at (self, step, &self->probe);
}

guint
arb_replay_get_step (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), 0);
  return self->cursor;
}

guint
arb_replay_get_n_steps (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), 0);
  return self->steps->len;
}

const ArbStep *
arb_replay_get_recorded_step (ArbReplay *self, guint index)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);
  return &g_array_index (self->steps, ArbStep, index);
}

/* Turns begun in the whole record, the last one perhaps unfinished. */
guint
arb_replay_get_n_turns (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), 1);
  return self->n_turns;
}

gboolean
arb_replay_can_go_back (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), FALSE);
  return self->cursor > 0;
}

gboolean
arb_replay_can_go_forward (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), FALSE);
  return self->cursor < self->steps->len;
}

static void
notify_changes (ArbReplay *self, guint old_cursor, const ArbState *before)
{
  const ArbState *after = &self->current;
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  g_object_notify_by_pspec (object, properties[PROP_STEP]);
  if ((old_cursor > 0) != (self->cursor > 0))
    g_object_notify_by_pspec (object, properties[PROP_CAN_GO_BACK]);
  if ((old_cursor < self->steps->len) != (self->cursor < self->steps->len))
    g_object_notify_by_pspec (object, properties[PROP_CAN_GO_FORWARD]);
  if (before->turn != after->turn)
    g_object_notify_by_pspec (object, properties[PROP_TURN]);
  if (before->current != after->current)
    g_object_notify_by_pspec (object, properties[PROP_CURRENT_PLAYER]);
  if (before->phase != after->phase)
    g_object_notify_by_pspec (object, properties[PROP_PHASE]);
  if (before->deck.n != after->deck.n)
    g_object_notify_by_pspec (object, properties[PROP_DECK_SIZE]);
  if ((before->phase == ARB_PHASE_OVER) != (after->phase == ARB_PHASE_OVER))
    g_object_notify_by_pspec (object, properties[PROP_FINISHED]);
  g_object_thaw_notify (object);
}

/* One step forward tells what happened, as the live game did. */
/* Moves the cursor to step (0 to n-steps). One step forward emits the
 * signals of that step; any other move emits "position-reset". */
gboolean
arb_replay_seek (ArbReplay *self, guint step)
{
  guint old_cursor;
  ArbState before;

  g_return_val_if_fail (ARB_IS_REPLAY (self), FALSE);
  if (step > self->steps->len)
    return FALSE;
  if (step == self->cursor)
    return TRUE;

  old_cursor = self->cursor;
  before = self->current;
  self->cursor = step;
  if (step == old_cursor + 1)
    arb_state_apply (&self->current, &arb_replay_get_recorded_step (self, old_cursor)->move, NULL, NULL);
  else
    state_at (self, step, &self->current);
  notify_changes (self, old_cursor, &before);
  if (step == old_cursor + 1)
    arb_table_events_emit_step (ARB_TABLE_EVENTS (self), arb_replay_get_recorded_step (self, old_cursor),
                                old_cursor, &before, &self->current);
  else
    arb_table_events_emit_reset (ARB_TABLE_EVENTS (self));
  return TRUE;
}

void
arb_replay_first (ArbReplay *self)
{
  arb_replay_seek (self, 0);
}

gboolean
arb_replay_previous (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), FALSE);
  return self->cursor > 0 && arb_replay_seek (self, self->cursor - 1);
}

gboolean
arb_replay_next (ArbReplay *self)
{
  g_return_val_if_fail (ARB_IS_REPLAY (self), FALSE);
  return self->cursor < self->steps->len && arb_replay_seek (self, self->cursor + 1);
}

void
arb_replay_last (ArbReplay *self)
{
  g_return_if_fail (ARB_IS_REPLAY (self));
  arb_replay_seek (self, self->steps->len);
}

static GPtrArray *
game_players (ArbGame *game)
{
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < arb_game_get_n_seats (game); i++)
    g_ptr_array_add (players, g_object_ref (arb_game_get_player (game, i)));
  return players;
}

/* A new game from the position at the cursor, with the same deal, players
 * and history up to there: the game goes on from here, differently. */
ArbGame *
arb_replay_continue (ArbReplay *self, GError **error)
{
  g_autoptr (GPtrArray) players = NULL;
  ArbGame *branch;

  g_return_val_if_fail (ARB_IS_REPLAY (self), NULL);
  players = game_players (self->game);
  branch = arb_game_new_same_deal (self->game, players, error);
  if (branch == NULL)
    return NULL;

  for (guint i = 0; i < self->cursor; i++)
    if (!arb_game_apply_step (branch, arb_replay_get_recorded_step (self, i), error))
      {
        g_object_unref (branch);
        return NULL;
      }
  return branch;
}
