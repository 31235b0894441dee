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

typedef void (*ArbCliPrintFunc) (const char *format, ...);

static void
print_usage (ArbCliPrintFunc out)
{
  out ("%s\n", _("Usage: arboretum-cli COMMAND [OPTION…]"));
  int width = 0;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, (int) strlen (commands[i].name));
  out ("\n%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    out ("  %-*s  %s\n", width, commands[i].name, _(commands[i].summary));
  out ("\n%s\n", _("Run “arboretum-cli COMMAND --help” for the options of a command."));
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
  arb_cli_setup_output ();

  if (argc < 2)
    {
      print_usage (g_printerr);
      return ARB_CLI_EXIT_INVALID;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      print_usage (g_print);
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
      print_usage (g_printerr);
      return ARB_CLI_EXIT_INVALID;
    }

  /* The command sees "arboretum-cli NAME" as its program name, which is
   * what its --help and its error messages show. */
  command_argv0 = g_strdup_printf ("arboretum-cli %s", command->name);
  g_set_prgname (command_argv0);
  argv[1] = command_argv0;
  return command->run (argc - 1, argv + 1);
}
