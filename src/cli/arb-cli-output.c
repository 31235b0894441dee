/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-output.c: what every subcommand of arboretum-cli shares: its
 * messages on stderr, text from outside made safe for a terminal, and the
 * parsing of its options. Apart from main () (arb-cli.c), so that the
 * fuzzers link the subcommands without it. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arb-cli.h"

/* What the reports write that a locale without these characters (C,
 * POSIX, Latin-1) would show as '?': ASCII that reads the same. */
static const struct {
  gunichar    u;
  const char *ascii;
} ascii_replacements[] = {
  { 0x00A0, " " },    /* no-break space */
  { 0x00AB, "<<" },   /* « */
  { 0x00B1, "+/-" },  /* ± */
  { 0x00BB, ">>" },   /* » */
  { 0x00D7, "x" },    /* × */
  { 0x2013, "-" },    /* – */
  { 0x2014, "-" },    /* — */
  { 0x2018, "'" },    /* ‘ */
  { 0x2019, "'" },    /* ’ */
  { 0x201C, "\"" },   /* “ */
  { 0x201D, "\"" },   /* ” */
  { 0x2026, "..." },  /* … */
  { 0x202F, " " },    /* narrow no-break space */
  { 0x2190, "<-" },   /* ← */
  { 0x2192, "->" },   /* → */
  { 0x2212, "-" },    /* − */
};

static const char *
ascii_replacement (gunichar u)
{
  for (guint i = 0; i < G_N_ELEMENTS (ascii_replacements); i++)
    if (ascii_replacements[i].u == u)
      return ascii_replacements[i].ascii;
  return NULL;
}

/* TEXT, in UTF-8, as bytes of the locale's CHARSET that a person can read:
 * the punctuation above in ASCII, a letter the charset has (é in Latin-1)
 * as it is, any other as g_str_to_ascii () spells it. */
char *
arb_cli_text_for_charset (const char *text, const char *charset)
{
  GString *out = g_string_new (NULL);
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  for (const char *c = valid; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);
      gsize len = (gsize) (g_utf8_next_char (c) - c);
      const char *ascii = ascii_replacement (u);
      g_autofree char *converted = NULL;
      g_autofree char *one = NULL;

      if (u < 0x80)
        g_string_append_c (out, (char) u);
      else if (ascii != NULL)
        g_string_append (out, ascii);
      else if ((converted = g_convert (c, (gssize) len, charset, "UTF-8",
                                       NULL, NULL, NULL)) != NULL)
        g_string_append (out, converted);
      else
        {
          one = g_strndup (c, len);
          g_autofree char *spelt = g_str_to_ascii (one, "C");
          g_string_append (out, spelt);
        }
    }
  return g_string_free (out, FALSE);
}

static void
print_for_locale (FILE *stream, const char *string)
{
  const char *charset = NULL;

  if (g_get_charset (&charset))
    fputs (string, stream);
  else
    {
      g_autofree char *local = arb_cli_text_for_charset (string, charset);
      fputs (local, stream);
    }
  fflush (stream);
}

static void
print_to_stdout (const char *string)
{
  print_for_locale (stdout, string);
}

static void
print_to_stderr (const char *string)
{
  print_for_locale (stderr, string);
}

/* Everything arboretum-cli writes through g_print () and g_printerr ()
 * (its reports, GOption's --help, its messages) is readable in any
 * locale. GLib's own handlers write a '?' for each character the locale
 * cannot show. The bot protocol is JSON lines in UTF-8 and writes apart. */
void
arb_cli_setup_output (void)
{
  g_set_print_handler (print_to_stdout);
  g_set_printerr_handler (print_to_stderr);
}

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

