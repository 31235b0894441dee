/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-messages.c: what the window tells the player, from any of its
 * parts: a line under the table's heading, else a toast. Calls nothing
 * else of the window. */
#include "config.h"

#include "arb-window-private.h"

/* Tells the player something that lasts until the next step: on the
 * table, under the heading, where it hides no card (a toast at the bottom
 * would cover the hand); elsewhere in a toast. */
void
_arb_window_say (ArbWindow *self, const char *text, gboolean is_error)
{
  if (!_arb_window_on_table (self))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
  else
    arb_table_say (self->table, text, is_error);
}

void
_arb_window_show_error (ArbWindow *self, const GError *error)
{
  _arb_window_say (self, error->message, TRUE);
}
