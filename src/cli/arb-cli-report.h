/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-report.h: the scoring of a position, written for people. */
#pragma once

#include "arb-cli-position.h"

G_BEGIN_DECLS

char *arb_cli_report_format (const ArbCliPosition *position,
                             const ArbScoreSheet  *sheet);

G_END_DECLS
