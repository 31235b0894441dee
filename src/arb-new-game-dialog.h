/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-new-game-dialog.h: chooses the rule set, the seats and the species. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_NEW_GAME_DIALOG (arb_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbNewGameDialog, arb_new_game_dialog, ARB, NEW_GAME_DIALOG, AdwWindow)

ArbNewGameDialog *arb_new_game_dialog_new   (GSettings        *settings);
ArbGame          *arb_new_game_dialog_start (ArbNewGameDialog *self,
                                             GError          **error);

G_END_DECLS
