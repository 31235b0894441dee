/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-announcer.h: what a screen reader hears of a game as it is played:
 * each step once, in words, a turn of another player in one breath when
 * it ends, the person's own step at once, each followed by what comes
 * next. */
#pragma once

#include <gtk/gtk.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_ANNOUNCER (arb_announcer_get_type ())
G_DECLARE_FINAL_TYPE (ArbAnnouncer, arb_announcer, ARB, ANNOUNCER, GObject)

ArbAnnouncer *arb_announcer_new       (GtkWidget      *speaker);
void          arb_announcer_add_step  (ArbAnnouncer   *self,
                                       ArbGame        *game,
                                       const ArbState *after,
                                       const ArbStep  *step,
                                       gboolean        own);
gboolean      arb_announcer_is_due    (ArbAnnouncer   *self);
void          arb_announcer_say_news  (ArbAnnouncer   *self,
                                       const char     *then);
char         *arb_announcer_take_news (ArbAnnouncer   *self);
void          arb_announcer_say       (ArbAnnouncer   *self,
                                       const char     *text);
void          arb_announcer_forget    (ArbAnnouncer   *self);

G_END_DECLS
