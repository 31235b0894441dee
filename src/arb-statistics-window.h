/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-statistics-window.h: each person's games played here, shown from the
 * main menu; the record itself is ArbStatistics, in the engine. */
#pragma once

#include <adwaita.h>

#include "arb-statistics.h"

G_BEGIN_DECLS

#define ARB_TYPE_STATISTICS_WINDOW (arb_statistics_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbStatisticsWindow, arb_statistics_window, ARB, STATISTICS_WINDOW, AdwWindow)

ArbStatisticsWindow *arb_statistics_window_new (ArbStatistics *statistics);

G_END_DECLS
