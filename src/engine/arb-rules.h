/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rules.h: the three rule sets and what follows from them. */
#pragma once

#include "arb-card.h"

G_BEGIN_DECLS

typedef enum {
  ARB_VARIANT_STANDARD, /* 2018 rules */
  ARB_VARIANT_CLASSIC,  /* 2010 rules: face-up discards at the start, ties shared */
  ARB_VARIANT_SOLO,     /* "The Garden of Non-Forking Paths", one person against Q */
} ArbVariant;

#define ARB_MAX_PLAYERS 4
#define ARB_HAND_SIZE 7
/* In solo, player 0 is the person and player 1 is Q. */
#define ARB_SOLO_PERSON 0
#define ARB_SOLO_Q 1

const char *arb_variant_id            (ArbVariant   variant);
gboolean    arb_variant_from_id       (const char  *id,
                                       ArbVariant  *variant);
const char *arb_variant_name          (ArbVariant   variant);
void        arb_rules_seat_range      (ArbVariant   variant,
                                       guint       *min,
                                       guint       *max);
gboolean    arb_rules_check_players   (ArbVariant   variant,
                                       guint        n_seats,
                                       GError     **error);
gboolean    arb_rules_has_automaton   (ArbVariant   variant);
guint       arb_rules_species_count   (ArbVariant   variant,
                                       guint        n_seats);
guint       arb_rules_player_count    (ArbVariant   variant,
                                       guint        n_seats);

G_END_DECLS
