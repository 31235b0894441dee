/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rights.h: who would score each species if the game ended now, as one
 * viewer may know it.
 *
 * The right to score a species goes to the highest sum of it in hand (an 8
 * counting 0 while another player holds the 1, ties all scoring). A viewer
 * sees its own hand and the cards it saw others take, not the rest: so each
 * claim is certain (no deal of the unseen cards changes it), likely (most
 * deals agree) or open. Everything here is computed from an ArbProjection
 * alone, so it can show nothing the viewer may not know. The window's
 * panel and `arboretum-cli show --rights` both draw it.
 */
#pragma once

#include "arb-projection.h"
#include "arb-scoring.h"

G_BEGIN_DECLS

typedef enum {
  ARB_CLAIM_CERTAIN, /* true in every deal of the unseen cards */
  ARB_CLAIM_LIKELY,  /* true in most of them */
  ARB_CLAIM_OPEN,    /* either way */
} ArbClaim;

/* One player's side of one species. */
typedef struct {
  guint8   known_sum;    /* the cards of the species the viewer knows in this hand */
  guint8   known_values; /* bit v-1 for each value known there */
  guint8   low, high;    /* the effective sum lies in [low, high] */
  gboolean eight_cut;    /* the known 8 counts 0: another hand surely holds the 1 */
  gboolean eight_at_risk; /* the known 8 counts 0 if another hand holds the unseen 1 */
  gboolean right;        /* the claim's side: whether the player would score */
  ArbClaim claim;
  guint8   best_points;  /* the best path of the species in the arboretum now */
} ArbRightsSeat;

typedef struct {
  ArbSpecies    species;
  guint8        n_unseen;      /* cards of the species the viewer cannot place */
  guint8        unseen_values; /* bit v-1 for each of them */
  ArbRightsSeat seats[ARB_MAX_PLAYERS];
  ArbPath       path;          /* the subject's best path now (n == 0: none) */
} ArbSpeciesRights;

typedef struct {
  int              viewer;
  guint            subject;   /* the seat whose rights are weighed */
  ArbVariant       variant;
  guint            n_players;
  guint8           n_hidden[ARB_MAX_PLAYERS]; /* cards of each hand the viewer cannot see */
  guint8           n_unseen;  /* cards whose place the viewer does not know */
  guint            n_rows;
  ArbSpeciesRights rows[ARB_N_SPECIES]; /* the species in play, in order */
  guint            points_certain; /* the subject's points from certain rights */
  guint            points_likely;  /* ... from certain and likely ones */
} ArbRights;

guint arb_rights_subject_of        (const ArbProjection    *view);
void  arb_rights_compute           (ArbRights              *rights,
                                    const ArbProjection    *view,
                                    guint                   subject);
guint8 arb_rights_scorers          (const ArbSpeciesRights *row,
                                    guint                   n_players,
                                    gboolean                likely_too);

char       *arb_rights_describe_verdict (const ArbRights        *rights,
                                         const ArbSpeciesRights *row,
                                         const char * const     *names);
char       *arb_rights_describe_sums    (const ArbRights        *rights,
                                         const ArbSpeciesRights *row,
                                         const char * const     *names);
char       *arb_rights_describe_path    (const ArbRights        *rights,
                                         const ArbSpeciesRights *row);
char       *arb_rights_describe_points  (const ArbRights        *rights,
                                         const char * const     *names);
char       *arb_rights_describe_unseen  (const ArbRights        *rights,
                                         const char * const     *names);

G_END_DECLS
