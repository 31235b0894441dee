/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-position.c: the libFuzzer target for JSON positions (`arboretum-cli
 * score`).
 *
 * Any input is either refused with one line that names what is wrong, or
 * read into a position that scores, writes back as JSON that reads again
 * into the same position, and reports as text. A crash, a leak, an
 * out-of-bounds access or a GLib critical is a bug.
 */
#include "config.h"

#include "arb-fuzz.h"
#include <string.h>

#include "arb-cli-position.h"
#include "arb-cli-report.h"


static void
check_round_trip (const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  g_autofree char *json = arb_cli_position_to_string (position, sheet);
  g_autofree char *again_json = NULL;
  g_autofree char *report = arb_cli_report_format (position, sheet);
  g_auto (ArbCliPosition) again = { 0 };
  g_autoptr (GError) error = NULL;
  ArbScoreSheet again_sheet;

  g_assert_true (arb_cli_position_load_data (&again, json, strlen (json), &error));
  g_assert_no_error (error);
  arb_cli_position_score (&again, &again_sheet);
  again_json = arb_cli_position_to_string (&again, &again_sheet);
  g_assert_cmpstr (json, ==, again_json);
  g_assert_nonnull (report);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  arb_fuzz_abort_on_warnings ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_auto (ArbCliPosition) position = { 0 };
  g_autoptr (GError) error = NULL;
  ArbScoreSheet sheet;

  if (!arb_cli_position_load_data (&position, (const char *) data, size, &error))
    {
      g_assert_nonnull (error);
      g_assert_null (strchr (error->message, '\n'));
      return 0;
    }
  g_assert_no_error (error);
  arb_cli_position_score (&position, &sheet);
  check_round_trip (&position, &sheet);
  return 0;
}
