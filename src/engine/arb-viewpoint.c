/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-viewpoint.c: a table as one viewer sees it.
 *
 * The viewpoint follows its source through a GSignalGroup and passes each
 * signal on with what the viewer may not know written over. Its
 * projection is computed when asked for and kept until the source moves:
 * every signal of the source drops it, and so does a change in the number
 * of steps shown, since a game notifies its properties before it emits
 * the signals of a step.
 */
#include "config.h"

#include "arb-replay.h"
#include "arb-viewpoint.h"

struct _ArbViewpoint
{
  GObject         parent_instance;

  ArbTableEvents *source;      /* an ArbGame or an ArbReplay */
  GSignalGroup   *source_signals;
  int             viewer;

  ArbProjection   projection;
  gboolean        projection_valid;
  guint           projection_steps; /* the steps shown when it was made */
};

static void arb_viewpoint_table_events_init (ArbTableEventsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbViewpoint, arb_viewpoint, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_TABLE_EVENTS,
                                                      arb_viewpoint_table_events_init))

enum {
  PROP_0,
  PROP_SOURCE,
  PROP_VIEWER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
arb_viewpoint_table_events_init (ArbTableEventsInterface *iface)
{
}

/* ---- the source ---------------------------------------------------------- */

gboolean
arb_viewpoint_is_replay (ArbViewpoint *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), FALSE);
  return ARB_IS_REPLAY (self->source);
}

ArbGame *
arb_viewpoint_get_game (ArbViewpoint *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), NULL);
  if (self->source == NULL)
    return NULL;
  if (ARB_IS_REPLAY (self->source))
    return arb_replay_get_game (ARB_REPLAY (self->source));
  return ARB_GAME (self->source);
}

/* The full position and steps of the source: read here, never by a view. */
static const ArbState *
source_state (ArbViewpoint *self)
{
  if (ARB_IS_REPLAY (self->source))
    return arb_replay_get_state (ARB_REPLAY (self->source));
  return arb_game_get_state (ARB_GAME (self->source));
}

static const ArbStep *
source_step (ArbViewpoint *self, guint index)
{
  if (ARB_IS_REPLAY (self->source))
    return arb_replay_get_recorded_step (ARB_REPLAY (self->source), index);
  return arb_game_get_step (ARB_GAME (self->source), index);
}

/* The steps that led to the position shown: a replay's are those before
 * its cursor. */
guint
arb_viewpoint_get_n_steps (ArbViewpoint *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), 0);
  if (self->source == NULL)
    return 0;
  if (ARB_IS_REPLAY (self->source))
    return arb_replay_get_step (ARB_REPLAY (self->source));
  return arb_game_get_n_steps (ARB_GAME (self->source));
}

/* Every step recorded: in a replay, those after its cursor too, which a
 * replay's log and review show ahead. */
guint
arb_viewpoint_get_n_recorded (ArbViewpoint *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), 0);
  if (self->source == NULL)
    return 0;
  if (ARB_IS_REPLAY (self->source))
    return arb_replay_get_n_steps (ARB_REPLAY (self->source));
  return arb_game_get_n_steps (ARB_GAME (self->source));
}

/* Step number index as the viewer saw it, or will see it when a replay
 * gets there: what a step shows does not depend on when it is seen.
 * FALSE past the steps recorded. */
gboolean
arb_viewpoint_get_step (ArbViewpoint *self, guint index, ArbStep *step)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);
  if (index >= arb_viewpoint_get_n_recorded (self))
    return FALSE;
  *step = *source_step (self, index);
  arb_projection_mask_step (self->viewer, step);
  return TRUE;
}

const ArbProjection *
arb_viewpoint_get_projection (ArbViewpoint *self)
{
  g_autoptr (GError) error = NULL;
  ArbKnowledge knowledge;
  guint n;

  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), NULL);
  g_return_val_if_fail (self->source != NULL, NULL);
  n = arb_viewpoint_get_n_steps (self);
  if (self->projection_valid && self->projection_steps == n)
    return &self->projection;
  arb_knowledge_init (&knowledge);
  for (guint i = 0; i < n; i++)
    arb_knowledge_add_step (&knowledge, source_step (self, i));
  if (!arb_projection_init (&self->projection, source_state (self), self->viewer, &knowledge, &error))
    {
      /* The viewer always has a seat in the source (arb_viewpoint_show):
       * this is a position whose cards do not add up. The public table
       * hides every hand, whatever went wrong with one. */
      g_warning ("The table cannot be shown to viewer %d: %s", self->viewer, error->message);
      g_clear_error (&error);
      if (!arb_projection_init (&self->projection, source_state (self), ARB_VIEWER_PUBLIC, &knowledge, &error))
        g_critical ("The table cannot be shown at all: %s", error->message);
    }
  self->projection_valid = TRUE;
  self->projection_steps = n;
  return &self->projection;
}

/* ---- the source's signals, as the viewer sees them ------------------------ */

static void
invalidate (ArbViewpoint *self)
{
  self->projection_valid = FALSE;
}

static void
on_card_drawn (ArbViewpoint *self, guint player, int source, guint card)
{
  ArbStep step = { .move = arb_move_draw (source), .player = (guint8) player };

  invalidate (self);
  if (!arb_projection_sees_draw (self->viewer, &step))
    card = ARB_CARD_NONE;
  g_signal_emit_by_name (self, "card-drawn", player, source, card);
}

static void
on_card_played (ArbViewpoint *self, guint player, guint card, int x, int y)
{
  invalidate (self);
  g_signal_emit_by_name (self, "card-played", player, card, x, y);
}

static void
on_card_discarded (ArbViewpoint *self, guint player, guint card, int x, int y)
{
  invalidate (self);
  g_signal_emit_by_name (self, "card-discarded", player, card, x, y);
}

static void
on_turn_started (ArbViewpoint *self, guint player)
{
  invalidate (self);
  g_signal_emit_by_name (self, "turn-started", player);
}

static void
on_game_ended (ArbViewpoint *self)
{
  invalidate (self);
  g_signal_emit_by_name (self, "game-ended");
}

static void
on_step_applied (ArbViewpoint *self, guint index)
{
  invalidate (self);
  g_signal_emit_by_name (self, "step-applied", index);
}

static void
on_position_reset (ArbViewpoint *self)
{
  invalidate (self);
  arb_table_events_emit_reset (ARB_TABLE_EVENTS (self));
}

/* ---- who sees what --------------------------------------------------------- */

ArbTableEvents *
arb_viewpoint_get_source (ArbViewpoint *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), NULL);
  return self->source;
}

/* Whether viewer may look at source: the public table and everything
 * always, a seat only if the source's game has it. */
static gboolean
source_has_viewer (ArbTableEvents *source, int viewer)
{
  ArbGame *game;

  if (viewer < 0 || source == NULL)
    return TRUE;
  game = ARB_IS_REPLAY (source) ? arb_replay_get_game (ARB_REPLAY (source)) : ARB_GAME (source);
  return (guint) viewer < arb_game_get_n_seats (game);
}

/* Shows source (a game, a replay, or NULL: none) to viewer (a seat of its
 * game, ARB_VIEWER_PUBLIC or ARB_VIEWER_ALL) in one change: the views
 * redraw once, and never see a viewer that the source does not have, as
 * seat 3 of a 4-player game would be in the next 2-player one. */
void
arb_viewpoint_show (ArbViewpoint *self, ArbTableEvents *source, int viewer)
{
  gboolean source_changed, viewer_changed;

  g_return_if_fail (ARB_IS_VIEWPOINT (self));
  g_return_if_fail (source == NULL || ARB_IS_GAME (source) || ARB_IS_REPLAY (source));
  g_return_if_fail (viewer >= ARB_VIEWER_ALL && viewer < ARB_MAX_PLAYERS);
  g_return_if_fail (source_has_viewer (source, viewer));

  g_object_freeze_notify (G_OBJECT (self));
  source_changed = g_set_object (&self->source, source);
  if (source_changed)
    {
      g_signal_group_set_target (self->source_signals, source);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
    }
  viewer_changed = self->viewer != viewer;
  if (viewer_changed)
    {
      self->viewer = viewer;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
    }
  invalidate (self);
  g_object_thaw_notify (G_OBJECT (self));
  if ((source_changed || viewer_changed) && self->source != NULL)
    arb_table_events_emit_reset (ARB_TABLE_EVENTS (self));
}

/* Follows source with the same viewer, or the public table if the
 * viewer is a seat that source's game does not have. */
void
arb_viewpoint_set_source (ArbViewpoint *self, ArbTableEvents *source)
{
  g_return_if_fail (ARB_IS_VIEWPOINT (self));
  arb_viewpoint_show (self, source,
                      source_has_viewer (source, self->viewer) ? self->viewer : ARB_VIEWER_PUBLIC);
}

int
arb_viewpoint_get_viewer (ArbViewpoint *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPOINT (self), ARB_VIEWER_PUBLIC);
  return self->viewer;
}

/* Another viewer takes the screen (a seat of the source's game,
 * ARB_VIEWER_PUBLIC, or ARB_VIEWER_ALL); the views redraw. */
void
arb_viewpoint_set_viewer (ArbViewpoint *self, int viewer)
{
  g_return_if_fail (ARB_IS_VIEWPOINT (self));
  arb_viewpoint_show (self, self->source, viewer);
}

ArbViewpoint *
arb_viewpoint_new (ArbTableEvents *source, int viewer)
{
  return g_object_new (ARB_TYPE_VIEWPOINT, "source", source, "viewer", viewer, NULL);
}

/* ---- the class --------------------------------------------------------------- */

static void
arb_viewpoint_dispose (GObject *object)
{
  ArbViewpoint *self = ARB_VIEWPOINT (object);

  if (self->source_signals != NULL)
    g_signal_group_set_target (self->source_signals, NULL);
  g_clear_object (&self->source_signals);
  g_clear_object (&self->source);
  G_OBJECT_CLASS (arb_viewpoint_parent_class)->dispose (object);
}

static void
arb_viewpoint_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbViewpoint *self = ARB_VIEWPOINT (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      g_value_set_object (value, self->source);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, self->viewer);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_viewpoint_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbViewpoint *self = ARB_VIEWPOINT (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      arb_viewpoint_set_source (self, g_value_get_object (value));
      break;
    case PROP_VIEWER:
      arb_viewpoint_set_viewer (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_viewpoint_class_init (ArbViewpointClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_viewpoint_dispose;
  object_class->get_property = arb_viewpoint_get_property;
  object_class->set_property = arb_viewpoint_set_property;

  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, NULL, ARB_TYPE_TABLE_EVENTS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, ARB_VIEWER_ALL, ARB_MAX_PLAYERS - 1, ARB_VIEWER_PUBLIC,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_viewpoint_init (ArbViewpoint *self)
{
  self->viewer = ARB_VIEWER_PUBLIC;
  self->source_signals = g_signal_group_new (ARB_TYPE_TABLE_EVENTS);
  g_signal_group_connect_swapped (self->source_signals, "card-drawn", G_CALLBACK (on_card_drawn), self);
  g_signal_group_connect_swapped (self->source_signals, "card-played", G_CALLBACK (on_card_played), self);
  g_signal_group_connect_swapped (self->source_signals, "card-discarded",
                                  G_CALLBACK (on_card_discarded), self);
  g_signal_group_connect_swapped (self->source_signals, "turn-started", G_CALLBACK (on_turn_started), self);
  g_signal_group_connect_swapped (self->source_signals, "game-ended", G_CALLBACK (on_game_ended), self);
  g_signal_group_connect_swapped (self->source_signals, "step-applied", G_CALLBACK (on_step_applied), self);
  g_signal_group_connect_swapped (self->source_signals, "position-reset",
                                  G_CALLBACK (on_position_reset), self);
}
