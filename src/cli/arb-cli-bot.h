/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-bot.h: the bot's loop, for `arboretum-cli bot` and its fuzzer. */
#pragma once

#include <stdio.h>

#include "arb-engine.h"

G_BEGIN_DECLS

void arb_cli_bot_play (FILE              *in,
                       const ArbAiParams *params,
                       guint64            seed);

G_END_DECLS
