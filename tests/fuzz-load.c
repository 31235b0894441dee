/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-load.c: the libFuzzer target for the save-game loader.
 *
 * Any input either loads into a game (and its review) that saves and loads
 * again to the same bytes, or is refused with an ARB_SAVE_ERROR; a crash, a leak, an
 * out-of-bounds access or a GLib critical is a bug. Built with
 * -Dfuzzing=true (clang); see README.md for how to run it.
 */
#include "config.h"

#include "arb-fuzz.h"

#include "arb-fuzz-save.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  arb_fuzz_abort_on_warnings ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  arb_fuzz_check_save ((const char *) data, size);
  return 0;
}
