/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-random.h: the random numbers of a deal.
 *
 * Every deal a person plays comes from the operating system's cryptographic
 * source (getrandom()): no seed describes it, so no card seen tells the
 * cards to come. A seeded source (GRand) stays for what must be played
 * again the same: the command line's self-play, tournaments and
 * benchmarks, the tests and practice tables, whose seed is then public.
 *
 * Either way a number below a bound is drawn by rejection, never by a
 * plain modulo, so that each value is equally likely.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ArbRandom ArbRandom;

gboolean   arb_random_bytes      (guint8    *buffer,
                                  gsize      length);
ArbRandom *arb_random_new_system (void);
ArbRandom *arb_random_new_seeded (guint32    seed);
ArbRandom *arb_random_new_from_rand (GRand  *rand);
void       arb_random_free       (ArbRandom *self);
guint32    arb_random_below      (ArbRandom *self,
                                  guint32    bound);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbRandom, arb_random_free)

G_END_DECLS
