/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session.c: the game a window plays and what is kept of it.
 *
 * As GNOME Text Editor's EditorSession keeps documents apart from the
 * window that shows them, ArbSession keeps the game's file, whether it has
 * steps not saved there, and the automatic save after every turn, so that
 * the window only shows them. It listens to the game as the window does.
 */
#include "config.h"

#include "arb-save.h"

#include "arb-session.h"

struct _ArbSession
{
  GObject   parent_instance;

  ArbGame  *game;
  GFile    *file;
  gboolean  modified;        /* steps since the game was opened or saved */
  gboolean  autosave_failed; /* the last automatic save failed */
};

G_DEFINE_FINAL_TYPE (ArbSession, arb_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FILE,
  PROP_MODIFIED,
  N_PROPS
};

enum {
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

ArbSession *
arb_session_new (void)
{
  return g_object_new (ARB_TYPE_SESSION, NULL);
}

static void
set_modified (ArbSession *self, gboolean modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_file (ArbSession *self, GFile *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* The game in progress survives a crash or a closed window: it is written
 * after every turn, and forgotten once over. A failure is told once, not
 * after every turn, until a save succeeds again. */
static void
autosave (ArbSession *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (arb_game_is_finished (self->game))
    ok = arb_autosave_discard (&error);
  else
    ok = arb_autosave_write (self->game, &error);
  if (!ok && !self->autosave_failed)
    g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, error->message);
  self->autosave_failed = !ok;
}

static void
on_step_applied (ArbGame *game, guint index, ArbSession *self)
{
  const ArbStep *step = arb_game_get_step (game, index);

  set_modified (self, TRUE);
  /* A turn ends with its discard. */
  if (step->move.kind == ARB_MOVE_DISCARD)
    autosave (self);
}

static void
on_position_reset (ArbGame *game, ArbSession *self)
{
  set_modified (self, TRUE);
  autosave (self);
}

static void
disconnect_game (ArbSession *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
}

/* Plays game, read from file (NULL for a new game): nothing is unsaved yet. */
void
arb_session_set_game (ArbSession *self, ArbGame *game, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (game == NULL || ARB_IS_GAME (game));

  if (game != self->game)
    {
      disconnect_game (self);
      if (game != NULL)
        {
          self->game = g_object_ref (game);
          g_signal_connect (game, "step-applied", G_CALLBACK (on_step_applied), self);
          g_signal_connect (game, "position-reset", G_CALLBACK (on_position_reset), self);
        }
      self->autosave_failed = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
    }
  set_file (self, file);
  set_modified (self, FALSE);
}

ArbGame *
arb_session_get_game (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->game;
}

GFile *
arb_session_get_file (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  return self->file;
}

gboolean
arb_session_get_modified (ArbSession *self)
{
  g_return_val_if_fail (ARB_IS_SESSION (self), FALSE);
  return self->modified;
}

/* The game was written to file, which Save uses from now on. */
void
arb_session_saved (ArbSession *self, GFile *file)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));
  set_file (self, file);
  set_modified (self, FALSE);
}

/* The game changed in a way worth saving other than by a step (a review
 * was added). */
void
arb_session_changed (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  set_modified (self, TRUE);
}

/* The player chose to let the unsaved steps go. */
void
arb_session_forget (ArbSession *self)
{
  g_return_if_fail (ARB_IS_SESSION (self));
  set_modified (self, FALSE);
}

/* The window's title: the file's name, marked when it has unsaved steps as
 * GNOME's editors mark it; NULL for a game never saved. */
char *
arb_session_dup_title (ArbSession *self)
{
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (ARB_IS_SESSION (self), NULL);
  if (self->file == NULL)
    return NULL;
  basename = g_file_get_basename (self->file);
  name = g_filename_display_name (basename);
  return self->modified ? g_strconcat ("• ", name, NULL) : g_steal_pointer (&name);
}

static void
arb_session_dispose (GObject *object)
{
  ArbSession *self = ARB_SESSION (object);

  disconnect_game (self);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (arb_session_parent_class)->dispose (object);
}

static void
arb_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbSession *self = ARB_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_session_class_init (ArbSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_session_dispose;
  object_class->get_property = arb_session_get_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, ARB_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The automatic save failed, after succeeding or for the first time:
   * the message says why. */
  signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_session_init (ArbSession *self)
{
}
