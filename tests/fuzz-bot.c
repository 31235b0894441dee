/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-bot.c: the libFuzzer target for the bot protocol.
 *
 * The input is what a referee might write on the bot's standard input:
 * lines of JSON, or anything else. Every line is answered or skipped with
 * one message; a crash, a leak, an out-of-bounds access, a GLib critical
 * or warning is a bug. The bot thinks with a few playouts only, so that
 * the fuzzer spends its time on the parsing and the position checks.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen () */
#include "config.h"

#include <stdio.h>

#include "arb-fuzz.h"

#include "arb-cli-bot.h"


static void
ignore_line (const char *text)
{
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* The answers are not the point, nor the refusals' lines (g_printerr);
   * libFuzzer's own report still reaches stderr. */
  if (freopen ("/dev/null", "w", stdout) == NULL)
    return 1;
  g_set_printerr_handler (ignore_line);
  arb_fuzz_abort_on_warnings ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ArbAiParams params;
  FILE *in;

  if (size == 0)
    return 0;
  in = fmemopen ((void *) data, size, "r");
  if (in == NULL)
    return 0;
  arb_ai_params_init (&params, ARB_AI_HARD, 0);
  params.playouts = 4;
  arb_cli_bot_play (in, &params, 1);
  fclose (in);
  return 0;
}
