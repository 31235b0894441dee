/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-online-dialog.c: the Play Online dialog gathers what the window
 * needs to host a game (a name, the rule set, who takes each other seat)
 * or to join one (a name, the host's address, the code). */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-online-dialog.h"

static void
test_host_and_join (void)
{
  ArbOnlineDialog *dialog = arb_online_dialog_new ();
  g_auto (GStrv) seats = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  arb_test_wait_laid_out (GTK_WIDGET (dialog));
  g_assert_true (arb_online_dialog_get_hosting (dialog));
  seats = arb_online_dialog_dup_seats (dialog);
  g_assert_cmpuint (g_strv_length (seats), ==, 2);
  g_assert_cmpstr (seats[0], ==, "person");
  g_assert_cmpstr (seats[1], ==, "person");
  g_assert_cmpint (arb_online_dialog_get_variant (dialog), ==, ARB_VARIANT_STANDARD);
  arb_online_dialog_set_hosting (dialog, FALSE);
  g_assert_false (arb_online_dialog_get_hosting (dialog));
  g_assert_cmpstr (arb_online_dialog_get_address (dialog), ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char **argv)
{
  arb_test_widget_init (&argc, &argv);
  g_test_add_func ("/online-dialog/host-and-join", test_host_and_join);
  return g_test_run ();
}
