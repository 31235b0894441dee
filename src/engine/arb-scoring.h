/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-scoring.h: the end of the game: rights to score, best paths, winners. */
#pragma once

#include "arb-arboretum.h"
#include "arb-card-set.h"
#include "arb-rules.h"

G_BEGIN_DECLS

/* A path has at most 8 cards: its values strictly increase from 1 to 8. */
#define ARB_MAX_PATH ARB_N_VALUES

typedef struct {
  guint8       points;
  guint8       n;
  ArbPlacement cards[ARB_MAX_PATH];
} ArbPath;

/* A path's points, part by part, as the rulebook counts them. */
typedef struct {
  guint8 cards;       /* a point a card */
  guint8 doubled;     /* a point more a card: 4 or more cards, all of the species */
  guint8 one_bonus;   /* 1 for starting on a 1 */
  guint8 eight_bonus; /* 2 for ending on an 8 */
  guint8 total;
} ArbPathPoints;

typedef struct {
  guint8  hand_sum; /* effective: an 8 counts 0 while an opponent holds the 1 */
  gboolean right;
  guint8  points;   /* 0 without the right or without a path */
  ArbPath path;     /* the scored path (n == 0 when none) */
} ArbSpeciesScore;

typedef enum {
  ARB_TIE_NONE,        /* one player has the most points */
  ARB_TIE_SPECIES,     /* standard: broken by the most species in the arboretum */
  ARB_TIE_SHARED,      /* the tied players share the victory */
  ARB_TIE_SOLO,        /* solo: decided by the two winning conditions */
} ArbTieBreak;

typedef struct {
  ArbSpeciesScore species[ARB_N_SPECIES];
  guint           total;
  guint8          species_planted; /* species present in the arboretum */
  guint8          species_scored;  /* species that earned points */
} ArbPlayerScore;

typedef struct {
  ArbVariant      variant;
  ArbSpeciesMask  species;
  guint           n_players;
  ArbPlayerScore  players[ARB_MAX_PLAYERS];
  guint8          winners;  /* bit p for player p */
  ArbTieBreak     tie_break;
} ArbScoreSheet;

guint arb_path_points            (const ArbPlacement *cards,
                                  guint               n);
void  arb_path_points_breakdown  (const ArbPlacement *cards,
                                  guint               n,
                                  ArbPathPoints      *points);
guint arb_arboretum_best_path    (const ArbArboretum *arboretum,
                                  ArbSpecies          species,
                                  ArbPath            *path);
void  arb_arboretum_best_paths   (const ArbArboretum *arboretum,
                                  guint8             *points);
guint arb_scoring_hand_sum       (const ArbCardSet   *hands,
                                  guint               n_players,
                                  guint               player,
                                  ArbSpecies          species);
void  arb_score_sheet_compute    (ArbScoreSheet      *sheet,
                                  ArbVariant          variant,
                                  ArbSpeciesMask      species,
                                  guint               n_players,
                                  const ArbCardSet   *hands,
                                  const ArbArboretum *arboreta);
int   arb_score_sheet_margin     (const ArbScoreSheet *sheet,
                                  guint               seat);

G_END_DECLS
