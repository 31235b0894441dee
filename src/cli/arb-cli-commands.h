/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-commands.h: the subcommands of arboretum-cli, one line each.
 *
 * ARB_CLI_COMMAND (name, function, summary): a new command is a new file
 * with its function, one line here and one in meson.build. No include guard:
 * this list is included with different definitions of the macro.
 */
ARB_CLI_COMMAND ("play", arb_cli_play, N_("Play a whole game between computer players"))
ARB_CLI_COMMAND ("score", arb_cli_score, N_("Score a save game or a position given as JSON"))
ARB_CLI_COMMAND ("tournament", arb_cli_tournament, N_("Play many games between computer players and compare them"))
ARB_CLI_COMMAND ("bot", arb_cli_bot, N_("Play against other programs with the Hackaranda JSON-lines protocol"))
ARB_CLI_COMMAND ("show", arb_cli_show, N_("Show a save game step by step, every hand open"))
ARB_CLI_COMMAND ("validate", arb_cli_validate, N_("Check a save game"))
ARB_CLI_COMMAND ("review", arb_cli_review, N_("Review every move of a save game against hard’s choice"))
ARB_CLI_COMMAND ("serve", arb_cli_serve, N_("Hold tables of network play"))
ARB_CLI_COMMAND ("host", arb_cli_host, N_("Open a table on a server and print its invite code"))
ARB_CLI_COMMAND ("join", arb_cli_join, N_("Take a seat at a table on a server and play it with a computer"))
ARB_CLI_COMMAND ("bench", arb_cli_bench, N_("Measure how fast the rules engine runs"))
