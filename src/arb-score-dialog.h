/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-score-dialog.h: the scoring at the end of a game, told as a story. */
#pragma once

#include <adwaita.h>

#include "arb-arboretum-view.h"
#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_SCORE_DIALOG (arb_score_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbScoreDialog, arb_score_dialog, ARB, SCORE_DIALOG, AdwWindow)

ArbScoreDialog *arb_score_dialog_new              (ArbGame        *game);
void            arb_score_dialog_set_news         (ArbScoreDialog *self,
                                                   const char     *news);
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
ArbArboretumView *arb_score_dialog_get_view       (ArbScoreDialog *self,
                                                   guint           player);
gboolean        arb_score_dialog_is_walking       (ArbScoreDialog *self);
char           *arb_score_dialog_dup_story        (ArbScoreDialog *self);
guint           arb_score_dialog_get_n_told       (ArbScoreDialog *self,
                                                   guint          *n_chapters);

G_END_DECLS
