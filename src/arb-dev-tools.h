/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-dev-tools.h: what a development build (-Ddevelopment=true) adds for
 * the measurement and screenshot scripts (build-aux/measure-window, the
 * screenshots of README and docs): hidden options that start a game at once
 * and play part of it, and timings printed to stderr when ARB_TIMINGS is
 * set. A release build compiles none of it: the calls below are empty. */
#pragma once

#include "config.h"

#include <adwaita.h>

#include "arb-window.h"

G_BEGIN_DECLS

#if DEVELOPMENT

void arb_dev_tools_add_options     (GApplication *app);
void arb_dev_tools_handle_options  (GVariantDict *options);
void arb_dev_tools_activate        (GApplication *app,
                                    ArbWindow    *window);
void arb_dev_tools_report          (const char   *format,
                                    ...) G_GNUC_PRINTF (1, 2);
void arb_dev_tools_watch_first_frame (GtkWidget  *widget);
guint arb_dev_tools_think_time     (guint         stored);

#else

static inline void arb_dev_tools_add_options (GApplication *app) { }
static inline void arb_dev_tools_handle_options (GVariantDict *options) { }
static inline void arb_dev_tools_activate (GApplication *app, ArbWindow *window) { }
static inline void G_GNUC_PRINTF (1, 2) arb_dev_tools_report (const char *format, ...) { }
static inline void arb_dev_tools_watch_first_frame (GtkWidget *widget) { }
static inline guint arb_dev_tools_think_time (guint stored) { return stored; }

#endif

G_END_DECLS
