/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-serve.c: `arboretum-cli serve`, the server of network play,
 * headless: it holds tables until SIGINT or SIGTERM, and a server started
 * again on the same directory resumes every table, however it stopped. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <stdio.h>
#include <sys/resource.h>

#include "arb-cli.h"
#include "arb-net-poller.h"
#include "arb-net-protocol.h"
#include "arb-net-server.h"

typedef struct {
  char *listen;
  char *data;
  char *tls_cert;
  char *tls_key;
  int   replace_after;
  int   max_connections;       /* 0: the server's default */
  int   max_per_address;
  int   max_tables_per_address;
} ServeOptions;

static void
serve_options_clear (ServeOptions *options)
{
  g_free (options->listen);
  g_free (options->data);
  g_free (options->tls_cert);
  g_free (options->tls_key);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ServeOptions, serve_options_clear)

static gboolean
on_stop_signal (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

static gboolean
read_certificate (const ServeOptions *options, GTlsCertificate **certificate)
{
  g_autoptr (GError) error = NULL;

  *certificate = NULL;
  if (options->tls_cert == NULL && options->tls_key == NULL)
    return TRUE;
  if (options->tls_cert == NULL || options->tls_key == NULL)
    {
      arb_cli_printerr (_("--tls-cert and --tls-key go together"));
      return FALSE;
    }
  *certificate = g_tls_certificate_new_from_files (options->tls_cert, options->tls_key, &error);
  if (*certificate == NULL)
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* Every connection is a descriptor: the soft limit (often 1,024) rises to
 * the hard one that the administrator set (LimitNOFILE in the unit), so
 * that the server's default connection limit follows it. */
static void
raise_descriptor_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max)
    {
      limit.rlim_cur = limit.rlim_max;
      setrlimit (RLIMIT_NOFILE, &limit);
    }
}

/* The limits given on the command line, each 1 or more; 0 leaves the default. */
static gboolean
apply_limits (const ServeOptions *options, ArbNetServer *server)
{
  const struct { int value; const char *property; const char *option; } limits[] = {
    { options->max_connections, "max-connections", "--max-connections" },
    { options->max_per_address, "max-connections-per-address", "--max-connections-per-address" },
    { options->max_tables_per_address, "max-tables-per-address", "--max-tables-per-address" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      if (limits[i].value < 0)
        {
          arb_cli_printerr (_("%s takes a number, 1 or more"), limits[i].option);
          return FALSE;
        }
      if (limits[i].value > 0)
        g_object_set (server, limits[i].property, (guint) limits[i].value, NULL);
    }
  return TRUE;
}

static void
print_resume_errors (ArbNetServer *server)
{
  GPtrArray *errors = arb_net_server_get_resume_errors (server);

  for (guint i = 0; i < errors->len; i++)
    arb_cli_printerr (_("A table could not be resumed: %s"), (const char *) g_ptr_array_index (errors, i));
}

int
arb_cli_serve (int argc, char **argv)
{
  g_auto (ServeOptions) options = { NULL, NULL, NULL, NULL, ARB_NET_REPLACE_AFTER, 0, 0, 0 };
  const GOptionEntry entries[] = {
    { "listen", 0, 0, G_OPTION_ARG_STRING, &options.listen,
      N_("Address and port to listen on (default 127.0.0.1:7420; 0.0.0.0:7420 for every network)"), N_("ADDR:PORT") },
    { "data", 0, 0, G_OPTION_ARG_FILENAME, &options.data,
      N_("Directory of the tables, resumed at the start"), N_("DIR") },
    { "tls-cert", 0, 0, G_OPTION_ARG_FILENAME, &options.tls_cert,
      N_("Certificate (PEM) for TLS: clients connect with wss://"), N_("FILE") },
    { "tls-key", 0, 0, G_OPTION_ARG_FILENAME, &options.tls_key,
      N_("Private key (PEM) of the certificate"), N_("FILE") },
    { "replace-after", 0, 0, G_OPTION_ARG_INT, &options.replace_after,
      N_("Seconds a player must be away before the host may give the seat to the computer (default 60)"), N_("S") },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &options.max_connections,
      N_("Connections open at once (default: what the descriptor limit allows)"), N_("N") },
    { "max-connections-per-address", 0, 0, G_OPTION_ARG_INT, &options.max_per_address,
      N_("Connections open at once from one address (default 32)"), N_("N") },
    { "max-tables-per-address", 0, 0, G_OPTION_ARG_INT, &options.max_tables_per_address,
      N_("Tables created from one address held at once (default 32)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) dir = NULL;
  g_autoptr (ArbNetServer) server = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autofree char *uri = NULL;
  int status;

  g_option_context_set_summary (context,
    _("Holds tables of network play. Every table is written to DIR after every step."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (argc > 1)
    {
      arb_cli_printerr (_("Unexpected argument “%s”"), argv[1]);
      return ARB_CLI_EXIT_INVALID;
    }
  if (options.data == NULL)
    {
      arb_cli_printerr (_("The server needs a directory for its tables: --data DIR"));
      return ARB_CLI_EXIT_INVALID;
    }
  if (options.replace_after < 0)
    {
      arb_cli_printerr (_("--replace-after takes a number of seconds, 0 or more"));
      return ARB_CLI_EXIT_INVALID;
    }
  if (!read_certificate (&options, &certificate))
    return ARB_CLI_EXIT_INVALID;
  raise_descriptor_limit ();
  dir = g_file_new_for_commandline_arg (options.data);
  server = arb_net_server_new (dir, &error);
  if (server == NULL)
    {
      arb_cli_printerr ("%s", error->message);
      return ARB_CLI_EXIT_FAILURE;
    }
  if (!apply_limits (&options, server))
    return ARB_CLI_EXIT_INVALID;
  print_resume_errors (server);
  arb_net_server_set_replace_after (server, (guint) options.replace_after);
  if (!arb_net_server_listen (server, options.listen != NULL ? options.listen : "127.0.0.1:7420",
                              certificate, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return ARB_CLI_EXIT_FAILURE;
    }
  uri = arb_net_server_dup_uri (server);
  g_print (ngettext ("Listening on %s with %u table\n", "Listening on %s with %u tables\n",
                     arb_net_server_get_n_tables (server)),
           uri, arb_net_server_get_n_tables (server));
  /* Scripts and tests read the address as soon as it is there. */
  fflush (stdout);
  /* Thousands of connections: their messages are served in batches. */
  arb_net_poller_pace (NULL);
  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGINT, on_stop_signal, loop);
  g_unix_signal_add (SIGTERM, on_stop_signal, loop);
  g_main_loop_run (loop);
  arb_net_server_shutdown (server);
  return ARB_CLI_EXIT_OK;
}
