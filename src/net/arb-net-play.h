/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-play.h: one game played online at this screen: the session's
 * link (ArbLink, arb-link.h) over a connection to a host (ArbNetClient).
 * What the host sends becomes the session's game as this seat saw it, and
 * the person's moves go to the host. When hosting, the server runs in this
 * process too, listening on this computer's loopback address, or also on
 * the local network if asked. A session joins with arb_session_join() and
 * leaves with arb_session_leave(). */
#pragma once

#include <gio/gio.h>

#include "arb-engine.h"
#include "arb-net-address.h"
#include "arb-net-client.h"
#include "arb-net-server.h"

G_BEGIN_DECLS

typedef enum {
  ARB_NET_PLAY_CONNECTING,   /* not at a table yet */
  ARB_NET_PLAY_WAITING,      /* seated; seats still free */
  ARB_NET_PLAY_PLAYING,
  ARB_NET_PLAY_RECONNECTING, /* the connection dropped: taking the seat again */
  ARB_NET_PLAY_FINISHED,     /* the host's record is in the session */
  ARB_NET_PLAY_FAILED,       /* see the "message" signal */
} ArbNetPlayStatus;

#define ARB_TYPE_NET_PLAY (arb_net_play_get_type ())
G_DECLARE_FINAL_TYPE (ArbNetPlay, arb_net_play, ARB, NET_PLAY, GObject)

ArbNetPlay       *arb_net_play_new_host        (GFile              *data_dir,
                                                const char         *listen,
                                                ArbVariant          variant,
                                                guint               n_seats,
                                                const char * const *seats,
                                                const char         *name,
                                                GError            **error);
ArbNetPlay       *arb_net_play_new_join        (const char         *address,
                                                const char         *code,
                                                const char         *name,
                                                GError            **error);
ArbNetPlay       *arb_net_play_new_rejoin      (GFile              *file,
                                                GFile              *hosted_dir,
                                                GError            **error);
void              arb_net_play_set_seat_dir    (ArbNetPlay         *self,
                                                GFile              *dir);
void              arb_net_play_forget_seat     (ArbNetPlay         *self);

ArbNetPlayStatus  arb_net_play_get_status      (ArbNetPlay         *self);
const char       *arb_net_play_get_failure     (ArbNetPlay         *self);
gboolean          arb_net_play_get_on_network  (ArbNetPlay         *self);
gboolean          arb_net_play_get_is_host     (ArbNetPlay         *self);
const char       *arb_net_play_get_code        (ArbNetPlay         *self);
char            **arb_net_play_dup_addresses   (ArbNetPlay         *self);
ArbNetClient     *arb_net_play_get_client      (ArbNetPlay         *self);
ArbNetServer     *arb_net_play_get_server      (ArbNetPlay         *self);
int               arb_net_play_get_seat        (ArbNetPlay         *self);
guint             arb_net_play_get_n_seats     (ArbNetPlay         *self);
const char       *arb_net_play_get_seat_name   (ArbNetPlay         *self,
                                                guint               seat);
gboolean          arb_net_play_get_seat_is_person (ArbNetPlay      *self,
                                                guint               seat);
gboolean          arb_net_play_get_seat_connected (ArbNetPlay      *self,
                                                guint               seat);
int               arb_net_play_get_seat_away   (ArbNetPlay         *self,
                                                guint               seat);
guint             arb_net_play_get_replace_after (ArbNetPlay       *self);
void              arb_net_play_give_seat       (ArbNetPlay         *self,
                                                guint               seat,
                                                ArbAiLevel          level);
GFile            *arb_net_play_get_record_file (ArbNetPlay         *self);
void              arb_net_play_set_record_dir  (ArbNetPlay         *self,
                                                GFile              *dir);

G_END_DECLS
