/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-fuzz-save.h: the verdict the save-game fuzzers (fuzz-load,
 * fuzz-review) require of the loader on any input. */
#pragma once

#include "arb-save.h"

/* A loaded game and its review save and load again to the same bytes. */
static inline void
arb_fuzz_check_round_trip (ArbGame *game, ArbReview *review)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = arb_save_to_bytes (game, review, &error);
  g_autoptr (GBytes) again = NULL;
  g_autoptr (ArbReview) loaded_review = NULL;
  g_autoptr (ArbGame) loaded = NULL;

  g_assert_no_error (error);
  loaded = arb_save_load_bytes (bytes, &loaded_review, &error);
  g_assert_no_error (error);
  g_assert_true ((loaded_review != NULL) == (review != NULL));
  again = arb_save_to_bytes (loaded, loaded_review, &error);
  g_assert_true (g_bytes_equal (bytes, again));
}

/* Any input either loads into a game (and its review) that saves and
 * loads again to the same bytes, or is refused with an ARB_SAVE_ERROR. */
static inline void
arb_fuzz_check_save (const char *data, gsize size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbReview) review = NULL;
  g_autoptr (ArbGame) game = arb_save_load_data (data, size, &review, &error);

  if (game == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == ARB_SAVE_ERROR);
      g_assert_null (review);
      return;
    }
  g_assert_null (error);
  arb_fuzz_check_round_trip (game, review);
}
