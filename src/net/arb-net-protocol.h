/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-protocol.h: the messages of network play, version 1, as JSON
 * objects over a WebSocket (docs/network.md). What the server sends of a
 * game is always one viewer's ArbProjection, never the state itself. */
#pragma once

#include <json-glib/json-glib.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_NET_PROTOCOL_VERSION 1
/* The largest message either side reads: a 4-player state at the end of a
 * game is about 6 KB. */
#define ARB_NET_MAX_MESSAGE (32 * 1024)
/* The largest message a client reads: a "record" holds a whole save game
 * (about 22 KB for a long 4-player game, a little more as JSON text). */
#define ARB_NET_MAX_SERVER_MESSAGE (256 * 1024)
/* The deepest nesting of lists and objects either side reads: a state
 * nests 5 deep. */
#define ARB_NET_MAX_DEPTH 32
/* Seconds a person's seat is away before its host may give it to a
 * computer, unless the server is told otherwise. */
#define ARB_NET_REPLACE_AFTER 60
/* A seat's name, in characters, once trimmed. */
#define ARB_NET_MAX_NAME 32
/* The WebSocket subprotocol, so that a stray client fails at the handshake. */
#define ARB_NET_SUBPROTOCOL "arboretum.v1"
#define ARB_NET_PATH "/arboretum"

#define ARB_NET_ERROR (arb_net_error_quark ())

/* Each refusal the server sends names one of these ids (the "code" field). */
typedef enum {
  ARB_NET_ERROR_PROTOCOL,       /* "protocol": not a message of this protocol */
  ARB_NET_ERROR_VERSION,        /* "version": a version this server does not speak */
  ARB_NET_ERROR_BAD_SETUP,      /* "bad-setup": a table no rule set allows */
  ARB_NET_ERROR_BAD_CODE,       /* "bad-code": no table has this invite code */
  ARB_NET_ERROR_TOO_MANY_GUESSES,/* "too-many-guesses": codes refused for a while */
  ARB_NET_ERROR_BAD_TOKEN,      /* "bad-token": no seat is held by this token */
  ARB_NET_ERROR_FULL,           /* "full": every seat of the table is taken */
  ARB_NET_ERROR_NOT_SEATED,     /* "not-seated": a move before joining a seat */
  ARB_NET_ERROR_NOT_YOUR_TURN,  /* "not-your-turn": another seat acts now */
  ARB_NET_ERROR_WAITING,        /* "waiting": seats are still free */
  ARB_NET_ERROR_STALE,          /* "stale": a move for another step of the game */
  ARB_NET_ERROR_ILLEGAL,        /* "illegal": the rules refuse the move */
  ARB_NET_ERROR_SERVER,         /* "server": the server could not do it (disk) */
  ARB_NET_ERROR_NOT_HOST,       /* "not-host": only the host's seat may do this */
  ARB_NET_ERROR_NOT_AWAY,       /* "not-away": the seat is not away long enough */
} ArbNetError;

GQuark      arb_net_error_quark        (void);
const char *arb_net_error_id           (ArbNetError         code);

JsonObject *arb_net_parse              (const char         *data,
                                        gsize               length,
                                        const char        **type,
                                        GError            **error);
JsonObject *arb_net_parse_limited      (const char         *data,
                                        gsize               length,
                                        gsize               max_length,
                                        const char        **type,
                                        GError            **error);
char       *arb_net_to_text            (JsonBuilder        *builder);
JsonBuilder *arb_net_message_begin     (const char         *type);
char       *arb_net_error_message      (const GError       *error);

gboolean    arb_net_get_int            (JsonObject         *object,
                                        const char         *member,
                                        gint64              min,
                                        gint64              max,
                                        gint64             *value,
                                        GError            **error);
gboolean    arb_net_get_boolean        (JsonObject         *object,
                                        const char         *member,
                                        gboolean           *value,
                                        GError            **error);
const char *arb_net_get_string         (JsonObject         *object,
                                        const char         *member,
                                        gsize               max_length,
                                        GError            **error);
char       *arb_net_name_normalize     (const char         *text,
                                        GError            **error);
char       *arb_net_name_key           (const char         *name);

gboolean    arb_net_card_from_id       (const char         *id,
                                        ArbCard            *card);

void        arb_net_add_move           (JsonBuilder        *builder,
                                        const ArbMove      *move);
gboolean    arb_net_read_move          (JsonObject         *object,
                                        ArbMove            *move,
                                        GError            **error);
void        arb_net_add_step           (JsonBuilder        *builder,
                                        const ArbStep      *step);
gboolean    arb_net_read_step          (JsonNode           *node,
                                        ArbStep            *step,
                                        GError            **error);
void        arb_net_add_projection     (JsonBuilder        *builder,
                                        const ArbProjection *view);
void        arb_net_add_view_as        (JsonBuilder        *builder,
                                        const char         *member,
                                        const ArbProjection *view);

/* Where a part of a text lies: from start to before end. */
typedef struct {
  gsize start, end;
} ArbNetSpan;

void        arb_net_write_string       (GString            *out,
                                        const char         *text);
void        arb_net_write_number       (GString            *out,
                                        gint64              value);
void        arb_net_write_int          (GString            *out,
                                        const char         *member,
                                        gint64              value);
void        arb_net_write_hand         (GString            *out,
                                        const ArbCardSet   *hand);
void        arb_net_write_step         (GString            *out,
                                        const ArbStep      *step);
void        arb_net_write_projection   (GString            *out,
                                        const ArbProjection *view,
                                        ArbNetSpan         *viewer,
                                        ArbNetSpan         *hands);
gboolean    arb_net_read_projection    (JsonObject         *object,
                                        ArbProjection      *view,
                                        GError            **error);
gboolean    arb_net_read_view          (JsonNode           *node,
                                        ArbProjection      *view,
                                        GError            **error);

G_END_DECLS
