/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-preferences-window.h: the game's preferences, each a GSettings key. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARB_TYPE_PREFERENCES_WINDOW (arb_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbPreferencesWindow, arb_preferences_window, ARB, PREFERENCES_WINDOW, AdwPreferencesWindow)

ArbPreferencesWindow *arb_preferences_window_new (GSettings *settings);

G_END_DECLS
