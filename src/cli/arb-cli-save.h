/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-save.h: save games on the command line: what play, score and
 * bench call (show and validate are commands of their own). */
#pragma once

#include "arb-engine.h"
#include "arb-save.h"

G_BEGIN_DECLS

gboolean arb_cli_save_write (ArbGame    *game,
                             ArbReview  *review,
                             const char *file);
int      arb_cli_save_score (const char *file,
                             const char *data,
                             gsize       length,
                             gboolean    json);
gboolean arb_cli_save_bench (double      seconds);

G_END_DECLS
