/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-wait.h: the one way the tests wait (GLib only).
 *
 * A wait blocks in the main loop until its condition holds: it never spins
 * (a spinning test takes the core the program under test needs). A timeout
 * source wakes it now and then, for conditions that change without a
 * source of the main context firing (a worker thread's result, the clock).
 * Every wait has a limit; past it the test fails with what it waited for
 * and what it saw, never in silence. */
#pragma once

#include <glib.h>

/* At most this long for any one condition. A condition not true after
 * 30 s on a busy 2-core machine will not become true: something is lost. */
#define ARB_TEST_WAIT_LIMIT_SECONDS 30

/* How often a blocked wait looks at its condition again when nothing in
 * the main context fires. */
#define ARB_TEST_WAIT_WAKE_MS 20

typedef gboolean (*ArbTestWaitFunc) (gpointer data);
/* The state a failed wait prints: a newly allocated string. */
typedef char *(*ArbTestDescribeFunc) (gpointer data);

static inline gboolean
arb_test_wait_wake (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* One blocking iteration of the default main context, woken by a timeout
 * at the latest after ARB_TEST_WAIT_WAKE_MS. */
static inline void
arb_test_wait_iterate (void)
{
  GSource *wake = g_timeout_source_new (ARB_TEST_WAIT_WAKE_MS);

  g_source_set_callback (wake, arb_test_wait_wake, NULL, NULL);
  g_source_attach (wake, NULL);
  g_main_context_iteration (NULL, TRUE);
  g_source_destroy (wake);
  g_source_unref (wake);
}

/* Runs the main loop until cond (data) holds, at most limit_s seconds;
 * then fails the test, saying what it waited for and what it saw
 * (describe (data), when given: whose turn, the session's state, the
 * log's last lines). */
static inline void
arb_test_wait_real (const char *file, int line, const char *func, const char *what,
                    ArbTestWaitFunc cond, ArbTestDescribeFunc describe, gpointer data, int limit_s)
{
  gint64 start = g_get_monotonic_time ();
  gint64 end = start + (gint64) limit_s * G_USEC_PER_SEC;
  g_autofree char *seen = NULL;
  g_autofree char *message = NULL;

  while (!cond (data))
    {
      if (g_get_monotonic_time () >= end)
        break;
      arb_test_wait_iterate ();
    }
  if (cond (data))
    return;
  seen = describe != NULL ? describe (data) : g_strdup ("(no state described)");
  message = g_strdup_printf ("waited %d s for %s, in vain; the state seen:\n%s", limit_s, what, seen);
  g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
}

/* Waits for cond (data), described as what (a phrase: "the score dialog
 * to close"), at most ARB_TEST_WAIT_LIMIT_SECONDS. */
#define arb_test_wait_until(what, cond, data) \
  arb_test_wait_real (__FILE__, __LINE__, G_STRFUNC, (what), (ArbTestWaitFunc) (cond), NULL, (data), \
                      ARB_TEST_WAIT_LIMIT_SECONDS)

/* The same, printing describe (data) if it fails. */
#define arb_test_wait_until_described(what, cond, describe, data) \
  arb_test_wait_real (__FILE__, __LINE__, G_STRFUNC, (what), (ArbTestWaitFunc) (cond), \
                      (ArbTestDescribeFunc) (describe), (data), ARB_TEST_WAIT_LIMIT_SECONDS)

/* The condition's own name as its description. */
#define arb_test_wait_cond(cond, data) arb_test_wait_until (#cond, cond, data)
