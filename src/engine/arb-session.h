/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-session.h: the game a window plays and what is kept of it: the file
 * it was saved to, whether it changed since, and its automatic save. */
#pragma once

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_SESSION (arb_session_get_type ())
G_DECLARE_FINAL_TYPE (ArbSession, arb_session, ARB, SESSION, GObject)

ArbSession *arb_session_new          (void);
void        arb_session_set_game     (ArbSession  *self,
                                      ArbGame     *game,
                                      GFile       *file);
ArbGame    *arb_session_get_game     (ArbSession  *self);
GFile      *arb_session_get_file     (ArbSession  *self);
gboolean    arb_session_get_modified (ArbSession  *self);
void        arb_session_saved        (ArbSession  *self,
                                      GFile       *file);
void        arb_session_forget       (ArbSession  *self);
void        arb_session_changed      (ArbSession  *self);
char       *arb_session_dup_title    (ArbSession  *self);

G_END_DECLS
