/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-private.h: what the parts of the save-game code share, and
 * nothing else includes: the limits of the hardened reading, the guarded
 * parser (arb-save-scan.c) and the phase ids of the file.
 */
#pragma once

#include <glib.h>
#include <libxml/parser.h>

#include "arb-card.h"
#include "arb-game.h"
#include "arb-review.h"
#include "arb-rules.h"

G_BEGIN_DECLS

/* A finished 4-player game has a few hundred elements and a depth of 4. */
#define MAX_DEPTH 16
#define MAX_ELEMENTS 50000
/* No element of a save has more than a handful; libxml2 2.9 looks for
 * duplicate attributes in quadratic time, so this is checked first. */
#define MAX_ATTRIBUTES 32
/* Every turn draws twice, plays and discards: four steps, and each play
 * puts one of the ARB_N_CARDS cards into an arboretum for good, so no
 * game has more turns than cards (docs/save-format.md). */
#define MAX_STEPS (4 * ARB_N_CARDS)

/* The phases as the file names them, in the order of ArbPhase. */
extern const char * const arb_save_phase_ids[4];

typedef struct {
  int      depth;
  guint    n_elements;
  gboolean unsafe;
  gboolean too_large;
  int      error_line;
  char    *error_message; /* the first error, not the last: the cause */
  char    *too_many;      /* which element is there more often than a game allows */
  /* The open elements, and how many children each has had so far. */
  const xmlChar *names[MAX_DEPTH + 1];
  guint          children[MAX_DEPTH + 1];
} ArbSaveGuard;

/* How many characters of a value of the file an error message quotes. */
#define ARB_SAVE_QUOTE_MAX 32

char     *arb_save_quote              (const char      *text);
char     *arb_save_quote_n            (const char      *text,
                                       gsize            max_chars);
void      arb_save_guard_record_error (ArbSaveGuard    *guard,
                                       const xmlError  *error);
gboolean  arb_save_check_text         (const char      *data,
                                       gsize            length,
                                       GError         **error);
xmlDocPtr arb_save_parse_document     (const char      *data,
                                       gsize            length,
                                       ArbSaveGuard    *guard,
                                       GError         **error);

/* arb-save-tree.c: values of a validated tree, refused with their line. */
int         arb_save_line_of       (xmlNode     *node);
xmlNode    *arb_save_first_element (xmlNode     *node);
xmlNode    *arb_save_next_element  (xmlNode     *node);
gboolean    arb_save_is_element    (xmlNode     *node,
                                    const char  *name);
void        arb_save_set_invalid   (GError     **error,
                                    xmlNode     *node,
                                    const char  *what);
const char *arb_save_attribute     (xmlNode     *node,
                                    const char  *name);
gboolean    arb_save_read_int      (xmlNode     *node,
                                    const char  *name,
                                    gint64       min,
                                    gint64       max,
                                    gint64      *value,
                                    GError     **error);
gboolean    arb_save_read_species  (xmlNode     *node,
                                    const char  *name,
                                    ArbSpecies  *species,
                                    GError     **error);
gboolean    arb_save_read_card     (xmlNode     *node,
                                    ArbCard     *card,
                                    GError     **error);
gboolean    arb_save_read_xy       (xmlNode     *node,
                                    int         *x,
                                    int         *y,
                                    GError     **error);
gboolean    arb_save_read_draw_source (xmlNode  *node,
                                       ArbMove  *move,
                                       GError  **error);

/* arb-save-read-review.c: the review element, checked against the game
 * whose steps the save replayed. NULL with error set when it is damaged. */
ArbReview  *arb_save_read_review   (ArbGame     *game,
                                    xmlNode     *node,
                                    guint        format_version,
                                    GError     **error);

G_END_DECLS
