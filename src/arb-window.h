/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window.h: the main window: a game of Arboretum from deal to score. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"
#include "arb-replay.h"
#include "arb-save.h"
#include "arb-score-dialog.h"
#include "arb-session.h"

G_BEGIN_DECLS

#define ARB_TYPE_WINDOW (arb_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbWindow, arb_window, ARB, WINDOW, AdwApplicationWindow)

ArbWindow        *arb_window_new                (GtkApplication *application);
void              arb_window_set_game           (ArbWindow      *self,
                                                 ArbGame        *game);
ArbSession       *arb_window_get_session        (ArbWindow      *self);
void              arb_window_show_new_game      (ArbWindow      *self);
void              arb_window_open_file_interactive (ArbWindow  *self,
                                                    GFile      *file);
gboolean          arb_window_save_to_file       (ArbWindow      *self,
                                                 GFile          *file,
                                                 GError        **error);
void              arb_window_start_replay       (ArbWindow      *self);
gboolean          arb_window_start_from_spec    (ArbWindow      *self,
                                                 const char     *spec,
                                                 guint32         seed,
                                                 GError        **error);

G_END_DECLS
