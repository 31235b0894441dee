/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-statistics.h: each person's record of the games played here: games
 * played and won by rule set and number of seats, points, winning streaks
 * and results against each computer level, kept in the user's data folder.
 *
 * A game counts once, when it ends in a session it was played in: never
 * again when it is replayed, opened again, or continued from a save or a
 * replay (a game is known by its deal and its seats). A game opened
 * already over is not counted.
 */
#pragma once

#include <gio/gio.h>

#include "arb-ai.h"
#include "arb-game.h"
#include "arb-session.h"

G_BEGIN_DECLS

/* Games played and won, and the points they scored. */
typedef struct {
  guint played;
  guint won;
  guint points;  /* the sum of the final scores, for the average */
  guint best;    /* the best final score */
} ArbTally;

/* The most a file keeps: the people who played last, and the games
 * counted last (older ones are over, so never counted again anyway). */
#define ARB_STATISTICS_MAX_NAMES 100
#define ARB_STATISTICS_MAX_GAMES 4096
#define ARB_STATISTICS_MAX_SIZE (512 * 1024)

#define ARB_TYPE_STATISTICS (arb_statistics_get_type ())
G_DECLARE_FINAL_TYPE (ArbStatistics, arb_statistics, ARB, STATISTICS, GObject)

GFile         *arb_statistics_dup_default_file (void);
ArbStatistics *arb_statistics_new          (GFile          *file);
gboolean       arb_statistics_load         (ArbStatistics  *self,
                                            GError        **error);
const char    *arb_statistics_get_problem  (ArbStatistics  *self);

void           arb_statistics_watch        (ArbStatistics  *self,
                                            ArbSession     *session);
gboolean       arb_statistics_record       (ArbStatistics  *self,
                                            ArbGame        *game,
                                            int             seat,
                                            GError        **error);
gboolean       arb_statistics_reset        (ArbStatistics  *self,
                                            GError        **error);

char         **arb_statistics_dup_names    (ArbStatistics  *self);
gboolean       arb_statistics_get_tally    (ArbStatistics  *self,
                                            const char     *name,
                                            ArbVariant      variant,
                                            guint           n_seats,
                                            ArbTally       *tally);
gboolean       arb_statistics_get_total    (ArbStatistics  *self,
                                            const char     *name,
                                            ArbTally       *tally);
gboolean       arb_statistics_get_against  (ArbStatistics  *self,
                                            const char     *name,
                                            ArbAiLevel      level,
                                            ArbTally       *tally);
gboolean       arb_statistics_get_streaks  (ArbStatistics  *self,
                                            const char     *name,
                                            guint          *longest,
                                            guint          *current);

G_END_DECLS
