/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-score-dialog.h: the scoring sheet at the end of a game. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_SCORE_DIALOG (arb_score_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbScoreDialog, arb_score_dialog, ARB, SCORE_DIALOG, AdwWindow)

ArbScoreDialog *arb_score_dialog_new              (ArbGame        *game);
const char     *arb_score_dialog_get_points_text  (ArbScoreDialog *self,
                                                   guint           player,
                                                   ArbSpecies      species);
const char     *arb_score_dialog_get_hand_text    (ArbScoreDialog *self,
                                                   guint           player,
                                                   ArbSpecies      species);
const char     *arb_score_dialog_get_total_text   (ArbScoreDialog *self,
                                                   guint           player);
const char     *arb_score_dialog_get_result_text  (ArbScoreDialog *self);
void            arb_score_dialog_point_at         (ArbScoreDialog *self,
                                                   guint           player,
                                                   ArbSpecies      species);
guint           arb_score_dialog_get_lit_cards    (ArbScoreDialog *self);

G_END_DECLS
