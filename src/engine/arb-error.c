/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-error.c */
#include "config.h"

#include "arb-error.h"

G_DEFINE_QUARK (arb-error-quark, arb_error)

/* A library's message may run over lines (libxml2's "indicate encoding !\n
 * Bytes: …", json-glib quoting a string cut by a new line): a refusal is
 * told in one line, control characters and runs of space made one space. */
char *
arb_error_one_line (const char *text)
{
  GString *line = g_string_new (NULL);

  for (const char *c = text; *c != '\0'; c++)
    {
      if (g_ascii_isspace (*c) || g_ascii_iscntrl (*c))
        {
          if (line->len > 0 && line->str[line->len - 1] != ' ')
            g_string_append_c (line, ' ');
        }
      else
        g_string_append_c (line, *c);
    }
  return g_strchomp (g_string_free (line, FALSE));
}
