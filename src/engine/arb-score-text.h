/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-score-text.h: the end of a game told in words, in the rulebook's
 * order: the hands, the sums per species with the 1-against-8 cut, who may
 * score each species, each path with its points part by part, the result
 * and its tie-break. The scoring dialog tells it as a story and the log
 * keeps its last line. names holds the players' names, in seat order. */
#pragma once

#include "arb-scoring.h"

G_BEGIN_DECLS

char *arb_score_describe_hand      (const ArbCardSet    *hand);
char *arb_score_describe_sums      (const ArbScoreSheet *sheet,
                                    const ArbCardSet    *hands,
                                    ArbSpecies           species,
                                    const char * const  *names);
char *arb_score_describe_rights    (const ArbScoreSheet *sheet,
                                    ArbSpecies           species,
                                    const char * const  *names);
char *arb_score_describe_path      (const ArbPath       *path);
char *arb_score_describe_result    (const ArbScoreSheet *sheet,
                                    const char * const  *names);
char *arb_score_describe_outcome   (const ArbScoreSheet *sheet,
                                    const char * const  *names);
char *arb_score_describe_tie_break (const ArbScoreSheet *sheet);

G_END_DECLS
