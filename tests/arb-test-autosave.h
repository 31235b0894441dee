/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-autosave.h: what the engine tests that read saves in a worker
 * thread share: the result kept, waited for, and the games in progress
 * listed as the welcome page lists them. */
#pragma once

#include <gio/gio.h>

#include "arb-autosave-slots.h"
#include "arb-test-wait.h"

/* A GAsyncReadyCallback that keeps the result in *user_data. */
static inline void
arb_test_keep_result (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static inline gboolean
arb_test_has_result (GAsyncResult **result)
{
  return *result != NULL;
}

/* The intact games in progress, the most recent first, and in damaged (may
 * be NULL) the lines naming those set aside. */
static inline GPtrArray *
arb_test_list_games (GPtrArray **damaged)
{
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;
  GPtrArray *games;

  arb_autosave_list_async (NULL, arb_test_keep_result, &result);
  arb_test_wait_until ("the worker thread to list the games in progress", arb_test_has_result, &result);
  games = arb_autosave_list_finish (result, damaged, &error);
  g_assert_no_error (error);
  return games;
}
