/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-random.c: the random numbers of a deal, from getrandom() or a seed. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "arb-random.h"

struct _ArbRandom
{
  GRand   *rand;        /* NULL for the system's source */
  gboolean owns_rand;
  guint32  pool[64];    /* words from getrandom() not used yet */
  guint    n_pool;
};

/* length bytes from the system's cryptographic source; FALSE when it has
 * none (a kernel older than 3.17). */
gboolean
arb_random_bytes (guint8 *buffer, gsize length)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = getrandom (buffer + done, length - done, 0);

      if (n < 0 && errno != EINTR)
        return FALSE;
      if (n > 0)
        done += (gsize) n;
    }
  return TRUE;
}

/* Numbers no seed describes: what a person's deal comes from. */
ArbRandom *
arb_random_new_system (void)
{
  return g_new0 (ArbRandom, 1);
}

/* The same numbers for the same seed, on any machine. */
ArbRandom *
arb_random_new_seeded (guint32 seed)
{
  ArbRandom *self = g_new0 (ArbRandom, 1);

  self->rand = g_rand_new_with_seed (seed);
  self->owns_rand = TRUE;
  return self;
}

/* Numbers from a GRand the caller keeps using (several deals of one
 * seeded tournament): rand must outlive the ArbRandom. */
ArbRandom *
arb_random_new_from_rand (GRand *rand)
{
  ArbRandom *self = g_new0 (ArbRandom, 1);

  self->rand = rand;
  return self;
}

void
arb_random_free (ArbRandom *self)
{
  if (self == NULL)
    return;
  if (self->owns_rand)
    g_rand_free (self->rand);
  /* What is left of the pool would tell the cards to come. */
  memset (self->pool, 0, sizeof self->pool);
  g_free (self);
}

static guint32
next_word (ArbRandom *self)
{
  if (self->rand != NULL)
    return g_rand_int (self->rand);
  if (self->n_pool == 0)
    {
      /* Without a random source there is no fair deal: stop rather than
       * deal one that can be guessed. */
      if (!arb_random_bytes ((guint8 *) self->pool, sizeof self->pool))
        g_error ("No random source (getrandom): %s", g_strerror (errno));
      self->n_pool = G_N_ELEMENTS (self->pool);
    }
  return self->pool[--self->n_pool];
}

/* A number from 0 to bound - 1, each equally likely: words past the
 * largest multiple of bound that fits in 32 bits are drawn again. This is
 * g_rand_int_range()'s own method, so a seed deals what it always dealt. */
guint32
arb_random_below (ArbRandom *self, guint32 bound)
{
  guint32 last, word;

  g_return_val_if_fail (self != NULL && bound > 0, 0);
  /* 2^32 mod bound words at the top would favour the low values. */
  last = G_MAXUINT32 - (0u - bound) % bound;
  do
    word = next_word (self);
  while (word > last);
  return word % bound;
}
