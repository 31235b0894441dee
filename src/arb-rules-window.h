/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rules-window.h: the rules of each rule set, in the application. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_RULES_WINDOW (arb_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbRulesWindow, arb_rules_window, ARB, RULES_WINDOW, AdwWindow)

ArbRulesWindow *arb_rules_window_new          (void);
void            arb_rules_window_show_variant (ArbRulesWindow *self,
                                               ArbVariant      variant);
const char     *arb_rules_window_get_shown    (ArbRulesWindow *self);

G_END_DECLS
