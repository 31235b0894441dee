/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-sounds.c: the game's sounds, through GSound (libcanberra) as GNOME's
 * games play theirs.
 *
 * They are events of the freedesktop sound theme (sound-theme-freedesktop,
 * free licences), so that a desktop's own theme replaces them and nothing
 * is shipped. They are off by default (the "sounds" setting, in
 * Preferences) and follow the desktop's event sounds switch
 * (gtk-enable-event-sounds) when on. A machine without a sound server
 * or card plays nothing after the first sound fails, and says so once in
 * the debug log.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gsound.h>
#include <gtk/gtk.h>

#include "arb-sounds.h"

struct _ArbSounds
{
  GObject        parent_instance;

  GSettings     *settings;
  GSoundContext *context;   /* made the first time a sound plays */
  gboolean       failed;    /* no sound server: never tried again */
};

G_DEFINE_FINAL_TYPE (ArbSounds, arb_sounds, G_TYPE_OBJECT)

/* Short and quiet events of the theme, for steps that come every few
 * seconds. */
static const struct {
  const char *id;
  const char *description;
} events[] = {
  [ARB_SOUND_DRAW] = { "audio-volume-change", N_("Card drawn") },
  [ARB_SOUND_PLANT] = { "message", N_("Card planted") },
  [ARB_SOUND_DISCARD] = { "trash-empty", N_("Card discarded") },
  [ARB_SOUND_GAME_OVER] = { "complete", N_("Game over") },
};

const char *
arb_sounds_event_id (ArbSound sound)
{
  g_return_val_if_fail ((guint) sound < G_N_ELEMENTS (events), NULL);
  return events[sound].id;
}

static gboolean
wanted (ArbSounds *self)
{
  GtkSettings *gtk = gtk_settings_get_default ();
  gboolean desktop = TRUE;

  if (!g_settings_get_boolean (self->settings, "sounds") || self->failed)
    return FALSE;
  if (gtk != NULL)
    g_object_get (gtk, "gtk-enable-event-sounds", &desktop, NULL);
  return desktop;
}

/* A sound that could not play is the last asked: with no sound card, every
 * attempt would print ALSA's errors on stderr again. libcanberra says
 * "not found" then, having found no driver that plays it; the events are
 * the freedesktop theme's, which a desktop's theme falls back to. */
static void
on_played (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (ArbSounds) self = data;
  g_autoptr (GError) error = NULL;

  if (gsound_context_play_full_finish (GSOUND_CONTEXT (source), result, &error)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_debug ("No sounds: %s", error->message);
  self->failed = TRUE;
}

/* Plays sound if the player wants sounds; returns whether it was asked of
 * the sound server. */
gboolean
arb_sounds_play (ArbSounds *self, ArbSound sound)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (ARB_IS_SOUNDS (self), FALSE);
  g_return_val_if_fail ((guint) sound < G_N_ELEMENTS (events), FALSE);
  if (!wanted (self))
    return FALSE;
  if (self->context == NULL)
    {
      self->context = gsound_context_new (NULL, &error);
      if (self->context == NULL)
        {
          g_debug ("No sounds: %s", error->message);
          self->failed = TRUE;
          return FALSE;
        }
      gsound_context_set_attributes (self->context, NULL,
                                     GSOUND_ATTR_APPLICATION_NAME, _("Arboretum"),
                                     GSOUND_ATTR_APPLICATION_ID, APPLICATION_ID,
                                     GSOUND_ATTR_APPLICATION_ICON_NAME, APPLICATION_ID,
                                     NULL);
    }
  /* Played in the background; a sound that cannot play is no error. */
  gsound_context_play_full (self->context, NULL, on_played, g_object_ref (self),
                            GSOUND_ATTR_EVENT_ID, events[sound].id,
                            GSOUND_ATTR_EVENT_DESCRIPTION, _(events[sound].description),
                            NULL);
  return TRUE;
}

static void
arb_sounds_dispose (GObject *object)
{
  ArbSounds *self = ARB_SOUNDS (object);

  g_clear_object (&self->context);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (arb_sounds_parent_class)->dispose (object);
}

static void
arb_sounds_class_init (ArbSoundsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arb_sounds_dispose;
}

static void
arb_sounds_init (ArbSounds *self)
{
}

ArbSounds *
arb_sounds_new (GSettings *settings)
{
  ArbSounds *self = g_object_new (ARB_TYPE_SOUNDS, NULL);

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  self->settings = g_object_ref (settings);
  return self;
}
