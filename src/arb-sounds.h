/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-sounds.h: a few quiet sounds of the freedesktop sound theme for the
 * steps of a game, when the player turned them on. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  ARB_SOUND_DRAW,
  ARB_SOUND_PLANT,
  ARB_SOUND_DISCARD,
  ARB_SOUND_GAME_OVER,
} ArbSound;

#define ARB_TYPE_SOUNDS (arb_sounds_get_type ())
G_DECLARE_FINAL_TYPE (ArbSounds, arb_sounds, ARB, SOUNDS, GObject)

ArbSounds  *arb_sounds_new        (GSettings *settings);
const char *arb_sounds_event_id   (ArbSound   sound);
gboolean    arb_sounds_play       (ArbSounds *self,
                                   ArbSound   sound);

G_END_DECLS
