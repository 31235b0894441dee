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

#include "arb-save.h"


static void
check_round_trip (ArbGame *game, ArbReview *review)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = arb_save_to_bytes (game, review, &error);
  g_autoptr (GBytes) again = NULL;
  g_autoptr (ArbReview) loaded_review = NULL;
  ArbGame *loaded;

  g_assert_no_error (error);
  loaded = arb_save_load_bytes (bytes, &loaded_review, &error);
  g_assert_no_error (error);
  g_assert_true ((loaded_review != NULL) == (review != NULL));
  again = arb_save_to_bytes (loaded, loaded_review, &error);
  g_assert_true (g_bytes_equal (bytes, again));
  g_object_unref (loaded);
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
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbReview) review = NULL;
  ArbGame *game;

  game = arb_save_load_data ((const char *) data, size, &review, &error);
  if (game == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == ARB_SAVE_ERROR);
      g_assert_null (review);
      return 0;
    }
  g_assert_null (error);
  check_round_trip (game, review);
  g_object_unref (game);
  return 0;
}
