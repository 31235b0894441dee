/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-review.h: what bench calls of the review command. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean arb_cli_review_bench (void);

G_END_DECLS
