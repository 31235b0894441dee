/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-review.c: the libFuzzer target for the review element of a save.
 *
 * fuzz-load mutates whole files, and seldom gets a game right enough for
 * its review to be read. Here every input is put in place of the review
 * of a good save game (FUZZ_REVIEW_TEMPLATE, a file of tests/data/saves),
 * so that the review's reader, its checks against the game's steps and
 * its writer get all the work. As with fuzz-load, an input either loads
 * and saves back to the same bytes, or is refused with an ARB_SAVE_ERROR.
 */
#include "config.h"

#include <string.h>

#include "arb-fuzz.h"

#include "arb-fuzz-save.h"

/* The template around its review: before "  <review", after "</review>". */
static GString *before_review;
static GString *after_review;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  const char *start, *end;

  arb_fuzz_abort_on_warnings ();
  if (!g_file_get_contents (FUZZ_REVIEW_TEMPLATE, &text, NULL, &error))
    g_error ("%s", error->message);
  start = strstr (text, "  <review");
  end = strstr (text, "</review>\n");
  if (start == NULL || end == NULL)
    g_error ("%s has no review", FUZZ_REVIEW_TEMPLATE);
  before_review = g_string_new_len (text, start - text);
  after_review = g_string_new (end + strlen ("</review>\n"));
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GString) file = g_string_new_len (before_review->str, before_review->len);

  g_string_append_len (file, (const char *) data, (gssize) size);
  g_string_append_len (file, after_review->str, after_review->len);
  arb_fuzz_check_save (file->str, file->len);
  return 0;
}
