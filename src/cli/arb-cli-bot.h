/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-bot.h: the bot's loop, for `arboretum-cli bot` and its fuzzer. */
#pragma once

#include <stdio.h>

#include "arb-engine.h"

G_BEGIN_DECLS

/* The longest line the bot reads, in bytes without the newline. The
 * largest message of a real game (tests/data/bot) is 869 bytes, and the
 * protocol's worst case, all 48 cards in a play area at two-digit
 * coordinates, with spaces after every comma and colon, a UUID and a
 * 64-character opponent name, 1.7 KiB: 64 KiB leaves a margin of over
 * thirty. A longer line is answered with move 0 and a null ID, and is
 * read to its newline without being stored (docs/ai.md, "Limits"). */
#define ARB_CLI_BOT_MAX_LINE (64 * 1024)

/* Hard thinks at most 1/ARB_CLI_BOT_THINKING_SHARE of the referee's
 * TIMEOUT a message (arb_cli_bot_thinking_budget ()). */
#define ARB_CLI_BOT_THINKING_SHARE 5

guint arb_cli_bot_thinking_budget (int         time_ms,
                                   const char *timeout);
gboolean arb_cli_bot_play (FILE              *in,
                           const ArbAiParams *params,
                           guint64            seed);

G_END_DECLS
