/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-review-chart.h: the course of a reviewed game, player by player. */
#pragma once

#include <adwaita.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_TYPE_REVIEW_CHART (arb_review_chart_get_type ())
G_DECLARE_FINAL_TYPE (ArbReviewChart, arb_review_chart, ARB, REVIEW_CHART, GtkWidget)

void       arb_review_chart_set_review  (ArbReviewChart *self,
                                         ArbViewpoint   *viewpoint,
                                         ArbReview      *review);
void       arb_review_chart_set_step    (ArbReviewChart *self,
                                         guint           step);
guint      arb_review_chart_get_step    (ArbReviewChart *self);
guint      arb_review_chart_step_at     (ArbReviewChart *self,
                                         double          x);
double     arb_review_chart_x_of_step   (ArbReviewChart *self,
                                         guint           step);

G_END_DECLS
