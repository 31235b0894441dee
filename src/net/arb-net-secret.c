/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-secret.c: what holds a seat or opens a table must not be guessed,
 * so it comes from getrandom(), never from GRand. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "arb-net-secret.h"
#include "arb-random.h"

/* Symbols that read aloud without doubt: no 0/O, 1/I/L. */
static const char code_symbols[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

static char *
random_hex (gsize n_bytes)
{
  guint8 bytes[32];
  GString *text = g_string_sized_new (n_bytes * 2);

  g_assert (n_bytes <= sizeof bytes);
  /* Without a random source there is no safe token: stop rather than guess. */
  if (!arb_random_bytes (bytes, n_bytes))
    g_error ("No random source (getrandom): %s", g_strerror (errno));
  for (gsize i = 0; i < n_bytes; i++)
    g_string_append_printf (text, "%02x", bytes[i]);
  return g_string_free (text, FALSE);
}

char *
arb_net_new_token (void)
{
  return random_hex (ARB_NET_TOKEN_LENGTH / 2);
}

char *
arb_net_new_table_id (void)
{
  return random_hex (6);
}

/* "7KQ4-M9TX". Each symbol is drawn without bias: bytes past the largest
 * multiple of 31 are thrown away. */
char *
arb_net_new_code (void)
{
  const guint n_symbols = sizeof code_symbols - 1;
  char code[ARB_NET_CODE_LENGTH + 1];
  guint i = 0;

  while (i < ARB_NET_CODE_LENGTH)
    {
      guint8 byte;

      if (i == 4)
        {
          code[i++] = '-';
          continue;
        }
      if (!arb_random_bytes (&byte, 1))
        g_error ("No random source (getrandom): %s", g_strerror (errno));
      if (byte >= 256 / n_symbols * n_symbols)
        continue;
      code[i++] = code_symbols[byte % n_symbols];
    }
  code[i] = '\0';
  return g_strdup (code);
}

/* A code as a person typed it: any case, with spaces or without the dash.
 * NULL when it cannot be a code. */
char *
arb_net_code_normalize (const char *text)
{
  GString *code = g_string_new (NULL);

  for (const char *c = text; *c != '\0' && code->len <= ARB_NET_CODE_LENGTH; c++)
    {
      char u = g_ascii_toupper (*c);

      if (u == ' ' || u == '-')
        continue;
      if (strchr (code_symbols, u) == NULL)
        return g_string_free (code, TRUE), NULL;
      if (code->len == 4)
        g_string_append_c (code, '-');
      g_string_append_c (code, u);
    }
  if (code->len != ARB_NET_CODE_LENGTH)
    return g_string_free (code, TRUE), NULL;
  return g_string_free (code, FALSE);
}

/* Compares secrets in a time that does not depend on where they differ. */
gboolean
arb_net_secret_equal (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  guint diff = la != lb;

  for (gsize i = 0; i < la && i < lb; i++)
    diff |= (guint) (a[i] ^ b[i]);
  return diff == 0;
}
