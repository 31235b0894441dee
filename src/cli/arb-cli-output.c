/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-output.c: what every subcommand of arboretum-cli shares: its
 * messages on stderr, text from outside made safe for a terminal, and the
 * parsing of its options. Apart from main () (arb-cli.c), so that the
 * fuzzers link the subcommands without it. */
#include "config.h"

#include <stdarg.h>

#include "arb-cli.h"

/* Error messages go to stderr with the program's name in front, as other
 * command-line tools do, so that they stand out in scripts' logs. */
void
arb_cli_printerr (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *line = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  line = arb_cli_escape_text (message, FALSE);
  g_printerr ("%s: %s\n", g_get_prgname (), line);
}

/* Text from outside (names in a position or a save, a library's message)
 * reaches the terminal as text, never as commands: control characters and
 * DEL are written as \u001B and the like, and a new line ends nothing in a
 * message that must stay one line (keep_lines FALSE) but a space. */
char *
arb_cli_escape_text (const char *text, gboolean keep_lines)
{
  GString *out = g_string_new (NULL);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (text, -1);
      g_autofree char *escaped = arb_cli_escape_text (valid, keep_lines);
      g_string_free (out, TRUE);
      return g_steal_pointer (&escaped);
    }
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (u == '\n' && keep_lines)
        g_string_append_c (out, '\n');
      else if (u == '\n' || u == '\r' || u == '\t')
        {
          if (out->len > 0 && out->str[out->len - 1] != ' ' && out->str[out->len - 1] != '\n')
            g_string_append_c (out, ' ');
        }
      else if (u < 0x20 || u == 0x7f || (u >= 0x80 && u <= 0x9f))
        g_string_append_printf (out, "\\u%04X", u);
      else
        g_string_append_unichar (out, u);
    }
  return g_string_free (out, FALSE);
}

/* Prints a report that holds text from outside, as arb_cli_escape_text()
 * makes it safe. */
void
arb_cli_print_text (const char *text)
{
  g_autofree char *safe = arb_cli_escape_text (text, TRUE);

  g_print ("%s", safe);
}

/* Parses a subcommand's options; returns ARB_CLI_EXIT_OK or the status to
 * exit with. */
int
arb_cli_parse_options (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return ARB_CLI_EXIT_INVALID;
    }
  return ARB_CLI_EXIT_OK;
}

