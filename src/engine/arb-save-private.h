/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-private.h: what the parts of the save-game code share, and
 * nothing else includes: the limits of the hardened reading, the guarded
 * parser (arb-save-scan.c) and the phase ids of the file.
 */
#pragma once

#include <glib.h>
#include <libxml/parser.h>

G_BEGIN_DECLS

/* A finished 4-player game has a few hundred elements and a depth of 4. */
#define MAX_DEPTH 16
#define MAX_ELEMENTS 50000
/* No element of a save has more than a handful; libxml2 2.9 looks for
 * duplicate attributes in quadratic time, so this is checked first. */
#define MAX_ATTRIBUTES 32

/* The phases as the file names them, in the order of ArbPhase. */
extern const char * const arb_save_phase_ids[4];

typedef struct {
  int      depth;
  guint    n_elements;
  gboolean unsafe;
  gboolean too_large;
  int      error_line;
  char    *error_message; /* the first error, not the last: the cause */
} ArbSaveGuard;

void      arb_save_guard_record_error (ArbSaveGuard    *guard,
                                       const xmlError  *error);
gboolean  arb_save_check_text         (const char      *data,
                                       gsize            length,
                                       GError         **error);
xmlDocPtr arb_save_parse_document     (const char      *data,
                                       gsize            length,
                                       ArbSaveGuard    *guard,
                                       GError         **error);

G_END_DECLS
