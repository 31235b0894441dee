/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-position.h: positions read from and written as JSON.
 *
 * A position is what scoring needs: the rule set, the species in play, and
 * each player's name, hand and arboretum. JSON may place an arboretum
 * anywhere on the integers; the engine keeps coordinates near the origin,
 * so each arboretum is moved to start at (0, 0) and moved back on output.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "arb-engine.h"

G_BEGIN_DECLS

#define ARB_CLI_POSITION_ERROR (arb_cli_position_error_quark ())

typedef enum {
  ARB_CLI_POSITION_ERROR_SYNTAX,  /* not JSON at all */
  ARB_CLI_POSITION_ERROR_INVALID, /* JSON, but not a position a game can reach */
} ArbCliPositionError;

typedef struct {
  ArbVariant     variant;
  ArbSpeciesMask species;
  guint          n_players;  /* in solo 2: the person, then Q */
  char          *names[ARB_MAX_PLAYERS];
  ArbCardSet     hands[ARB_MAX_PLAYERS];
  ArbArboretum   arboreta[ARB_MAX_PLAYERS];
  /* Where the JSON put the cell that the engine calls (0, 0). */
  gint64         origin_x[ARB_MAX_PLAYERS];
  gint64         origin_y[ARB_MAX_PLAYERS];
} ArbCliPosition;

GQuark    arb_cli_position_error_quark (void);

gboolean  arb_cli_position_load_data   (ArbCliPosition       *position,
                                        const char           *data,
                                        gsize                 length,
                                        GError              **error);
void      arb_cli_position_from_state  (ArbCliPosition       *position,
                                        const ArbState       *state,
                                        const char * const   *names);
gboolean  arb_cli_position_check_text  (const char           *data,
                                        gsize                 length,
                                        GError              **error);
void      arb_cli_position_clear       (ArbCliPosition       *position);
void      arb_cli_position_score       (const ArbCliPosition *position,
                                        ArbScoreSheet        *sheet);
JsonNode *arb_cli_position_to_json     (const ArbCliPosition *position,
                                        const ArbScoreSheet  *sheet);
char     *arb_cli_position_to_string   (const ArbCliPosition *position,
                                        const ArbScoreSheet  *sheet);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbCliPosition, arb_cli_position_clear)

G_END_DECLS
