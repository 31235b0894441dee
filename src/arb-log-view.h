/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-log-view.h: the log of a game's moves, turn by turn. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_LOG_VIEW (arb_log_view_get_type ())
G_DECLARE_FINAL_TYPE (ArbLogView, arb_log_view, ARB, LOG_VIEW, AdwBin)

void        arb_log_view_set_viewpoint (ArbLogView   *self,
                                       ArbViewpoint *viewpoint);
void        arb_log_view_add_step     (ArbLogView *self,
                                       guint       index);
void        arb_log_view_trim         (ArbLogView *self);
void        arb_log_view_follow       (ArbLogView *self,
                                       int         step);
gboolean    arb_log_view_focus        (ArbLogView *self);
guint       arb_log_view_get_n_lines  (ArbLogView *self);
int         arb_log_view_get_row_of_step (ArbLogView *self,
                                       guint       index);
char       *arb_log_view_get_line     (ArbLogView *self,
                                       guint       line);
gboolean    arb_log_view_line_has_style (ArbLogView *self,
                                       guint       line,
                                       const char *style);
GtkTextView *arb_log_view_get_text_view (ArbLogView *self);

G_END_DECLS
