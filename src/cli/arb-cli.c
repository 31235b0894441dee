/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli.c: arboretum-cli, the rules engine on the command line.
 *
 * main () sets up translations and hands over to the subcommand named by
 * the first argument; each subcommand parses its own options.
 */
#include "config.h"

#include <string.h>

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "arb-cli.h"

typedef struct {
  const char        *name;
  ArbCliCommandFunc  run;
  const char        *summary;
} ArbCliCommand;

static const ArbCliCommand commands[] = {
#define ARB_CLI_COMMAND(name, func, summary) { name, func, summary },
#include "arb-cli-commands.h"
#undef ARB_CLI_COMMAND
};

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

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n", _("Usage: arboretum-cli COMMAND [OPTION…]"));
  int width = 0;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, (int) strlen (commands[i].name));
  fprintf (out, "\n%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-*s  %s\n", width, commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “arboretum-cli COMMAND --help” for the options of a command."));
}

static const ArbCliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

int
main (int argc, char **argv)
{
  const ArbCliCommand *command;
  g_autofree char *command_argv0 = NULL;
  /* The tests point this at the catalogues the build compiled. */
  const char *localedir = g_getenv ("ARBORETUM_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("arboretum-cli");

  if (argc < 2)
    {
      print_usage (stderr);
      return ARB_CLI_EXIT_INVALID;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return ARB_CLI_EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("arboretum-cli %s\n", PACKAGE_VERSION);
      return ARB_CLI_EXIT_OK;
    }

  command = find_command (argv[1]);
  if (command == NULL)
    {
      arb_cli_printerr (_("Unknown command “%s”"), argv[1]);
      print_usage (stderr);
      return ARB_CLI_EXIT_INVALID;
    }

  /* The command sees "arboretum-cli NAME" as its program name, which is
   * what its --help and its error messages show. */
  command_argv0 = g_strdup_printf ("arboretum-cli %s", command->name);
  g_set_prgname (command_argv0);
  argv[1] = command_argv0;
  return command->run (argc - 1, argv + 1);
}
