/* arb-computer.h: a computer player's next action, chosen off the main thread. */
#pragma once

#include <gio/gio.h>

#include "arb-engine.h"

G_BEGIN_DECLS

void     arb_computer_choose_async  (const ArbState      *state,
                                     const char          *level,
                                     guint32              seed,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean arb_computer_choose_finish (GAsyncResult        *result,
                                     ArbMove             *move,
                                     GError             **error);

G_END_DECLS
