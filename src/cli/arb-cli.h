/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli.h: what the subcommands of arboretum-cli share.
 *
 * Each subcommand lives in its own file and is one line of the table in
 * arb-cli-commands.h; main () in arb-cli.c dispatches on the first argument.
 */
#pragma once

#include <glib.h>

#include "arb-engine.h"

G_BEGIN_DECLS

/* Exit statuses: 2 tells scripts that the input itself (a position, an
 * option) was refused, 1 that something else went wrong. */
#define ARB_CLI_EXIT_OK 0
#define ARB_CLI_EXIT_FAILURE 1
#define ARB_CLI_EXIT_INVALID 2

/* A subcommand gets its own argv, argv[0] being "arboretum-cli NAME". */
typedef int (*ArbCliCommandFunc) (int argc, char **argv);

#define ARB_CLI_COMMAND(name, func, summary) int func (int argc, char **argv);
#include "arb-cli-commands.h"
#undef ARB_CLI_COMMAND

void arb_cli_printerr  (const char *format,
                        ...) G_GNUC_PRINTF (1, 2);
char *arb_cli_escape_text (const char *text,
                           gboolean    keep_lines);
void arb_cli_print_text (const char *text);
char *arb_cli_text_for_charset (const char *text,
                                const char *charset);
void arb_cli_setup_output (void);
/* arb-cli-sample.c: what the benchmarks measure with. */
double arb_cli_cpu_seconds (void);
ArbGame *arb_cli_random_game (guint    n_seats,
                              guint32  seed,
                              GError **error);
int  arb_cli_parse_options (GOptionContext *context,
                            int            *argc,
                            char         ***argv);

G_END_DECLS
