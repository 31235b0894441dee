/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perf-net.c: the load benchmark of network play (docs/network.md). A
 * benchmark, not a test: it starts `arboretum-cli serve` on loopback,
 * opens many 4-player tables of players (perf-net-players.c: one epoll,
 * WebSocket by hand, legal moves found without a search, so that the
 * server is what is measured), plays them all at once, and prints the tables held, the round trip of a move (from
 * sending it to receiving the state after it) at p50 and p99, the server's
 * memory and its processor time a move, with the load average.
 *
 *   build/tests/perf/perf-net build/src/cli/arboretum-cli --tables 1000 --think-ms 3000
 *
 * --think-ms is each client's pause before a move (drawn from 0.5 to 1.5
 * times it): people take seconds, and 0 plays as fast as the server goes.
 * --processes spreads the clients over that many processes (this program
 * again, with --worker), each with its share of the tables: a process may
 * hold only so many sockets (20,000 here: 4,000 tables in one). They start
 * playing together.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "arb-test-files.h"
#include "perf-net-players.h"

#define N_SEATS 4

static GArray *round_trips;  /* of double, ms */

static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static GSubprocess *
start_server (const char *cli, const char *dir, char **uri)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *line = NULL;
  GSubprocess *server;

  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  /* Every client comes from 127.0.0.1: the limits per address go. */
  server = g_subprocess_launcher_spawn (launcher, &error, cli, "serve", "--listen", "127.0.0.1:0",
                                        "--data", dir, "--max-connections-per-address", "1000000",
                                        "--max-tables-per-address", "1000000", NULL);
  if (server == NULL)
    g_error ("%s", error->message);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  if (line == NULL || strstr (line, "ws://") == NULL)
    g_error ("The server did not start");
  *uri = g_strdup (strstr (line, "ws://"));
  *strchr (*uri, ' ') = '\0';
  return server;
}

double
perf_net_cpu_of (const char *pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/stat", pid);
  g_autofree char *stat = NULL;
  g_auto (GStrv) fields = NULL;
  const char *after;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || (after = strrchr (stat, ')')) == NULL)
    return 0;
  fields = g_strsplit (after + 2, " ", 0);
  if (g_strv_length (fields) < 13)
    return 0;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL)) / sysconf (_SC_CLK_TCK);
}

/* VmRSS and VmHWM of a process, in MiB. */
static void
memory_of (const char *pid, double *rss, double *peak)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/status", pid);
  g_autofree char *status = NULL;
  const char *field;

  *rss = *peak = 0;
  if (!g_file_get_contents (path, &status, NULL, NULL))
    return;
  if ((field = strstr (status, "VmRSS:")) != NULL)
    *rss = g_ascii_strtod (field + 6, NULL) / 1024;
  if ((field = strstr (status, "VmHWM:")) != NULL)
    *peak = g_ascii_strtod (field + 6, NULL) / 1024;
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* ---- the parent: the server and the workers ---- */

typedef struct {
  GSubprocess      *process;
  GDataInputStream *out;
  double            seconds, cpu;
  guint             finished, errors;
} Worker;

static char *
read_line (Worker *worker)
{
  g_autoptr (GError) error = NULL;
  char *line = g_data_input_stream_read_line_utf8 (worker->out, NULL, NULL, &error);

  if (line == NULL)
    g_error ("A worker stopped: %s", error != NULL ? error->message : "end of its output");
  return line;
}

static Worker *
start_workers (const char *self, const char *uri, int tables, int processes, int think_ms, int seconds)
{
  Worker *workers = g_new0 (Worker, processes);

  for (int w = 0; w < processes; w++)
    {
      g_autoptr (GSubprocessLauncher) launcher
        = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE);
      g_autoptr (GError) error = NULL;
      g_autofree char *share = g_strdup_printf ("%d", tables / processes + (w < tables % processes));
      g_autofree char *think = g_strdup_printf ("%d", think_ms);
      g_autofree char *limit = g_strdup_printf ("%d", seconds);
      g_autofree char *seed = g_strdup_printf ("%d", w + 1);

      g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
      workers[w].process = g_subprocess_launcher_spawn (launcher, &error, self, "--worker", uri,
                                                        "--tables", share, "--think-ms", think,
                                                        "--seconds", limit, "--seed", seed, NULL);
      if (workers[w].process == NULL)
        g_error ("%s", error->message);
      workers[w].out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (workers[w].process));
    }
  return workers;
}

static void
read_results (Worker *worker)
{
  g_autofree char *line = read_line (worker);

  if (sscanf (line, "played %lf %lf %u %u", &worker->seconds, &worker->cpu, &worker->finished, &worker->errors) != 4)
    g_error ("A worker said “%s”", line);
  for (;;)
    {
      g_autofree char *sample = read_line (worker);
      double ms;

      if (g_str_equal (sample, "end"))
        break;
      ms = g_ascii_strtod (sample, NULL);
      g_array_append_val (round_trips, ms);
    }
}

static double
load_average (void)
{
  double one = 0;
  g_autofree char *text = NULL;

  if (g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    one = g_ascii_strtod (text, NULL);
  return one;
}

int
main (int argc, char **argv)
{
  int tables = 100, think_ms = 1000, seconds = 600, processes = 1, seed = 1;
  g_autofree char *worker_uri = NULL;
  const GOptionEntry entries[] = {
    { "tables", 0, 0, G_OPTION_ARG_INT, &tables, "Concurrent 4-player tables", "N" },
    { "think-ms", 0, 0, G_OPTION_ARG_INT, &think_ms, "Mean pause of a client before a move", "MS" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &seconds, "Longest run", "S" },
    { "processes", 0, 0, G_OPTION_ARG_INT, &processes, "Client processes", "P" },
    { "worker", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &worker_uri, "Play a share of the tables on URI", "URI" },
    { "seed", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &seed, "A worker's pauses", "N" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("ARBORETUM-CLI");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *uri = NULL, *self_path = NULL;
  g_autoptr (GSubprocess) server = NULL;
  struct rlimit files;
  Worker *workers;
  double rss, peak, p50, p99, server_cpu, client_cpu = 0, played = 0, load_start, load_end;
  guint finished = 0, errors = 0;
  gint64 start;

  /* Loopback needs no proxy: no proxy lookups, each in a thread of its own. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || tables < 1 || processes < 1
      || (worker_uri == NULL && argc != 2))
    {
      g_printerr ("usage: perf-net ARBORETUM-CLI [--tables N] [--think-ms MS] [--seconds S] [--processes P]\n");
      return 2;
    }
  /* Two sockets a client (this side and the server's), and some. */
  getrlimit (RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit (RLIMIT_NOFILE, &files);
  if (worker_uri != NULL)
    return perf_net_players_run (worker_uri, (guint) tables, (guint) think_ms, (guint) seconds, (guint) seed);
  round_trips = g_array_new (FALSE, FALSE, sizeof (double));

  dir = g_dir_make_tmp ("arb-perf-net-XXXXXX", NULL);
  server = start_server (argv[1], dir, &uri);
  start = g_get_monotonic_time ();
  self_path = g_file_read_link ("/proc/self/exe", NULL);
  workers = start_workers (self_path, uri, tables, processes, think_ms, seconds);
  for (int w = 0; w < processes; w++)
    {
      g_autofree char *line = read_line (&workers[w]);

      if (!g_str_has_prefix (line, "seated "))
        g_error ("A worker said “%s”", line);
    }
  g_print ("%d tables open, %d clients seated in %.1f s\n", tables, tables * N_SEATS,
           (g_get_monotonic_time () - start) / 1e6);
  load_start = load_average ();
  server_cpu = perf_net_cpu_of (g_subprocess_get_identifier (server));
  for (int w = 0; w < processes; w++)
    {
      GOutputStream *in = g_subprocess_get_stdin_pipe (workers[w].process);

      g_output_stream_write_all (in, "go\n", 3, NULL, NULL, NULL);
      g_output_stream_flush (in, NULL, NULL);
    }
  for (int w = 0; w < processes; w++)
    {
      read_results (&workers[w]);
      if (w == 0)
        server_cpu = perf_net_cpu_of (g_subprocess_get_identifier (server)) - server_cpu;
      client_cpu += workers[w].cpu;
      played = MAX (played, workers[w].seconds);
      finished += workers[w].finished;
      errors += workers[w].errors;
    }
  load_end = load_average ();
  memory_of (g_subprocess_get_identifier (server), &rss, &peak);
  g_array_sort (round_trips, compare_double);
  p50 = round_trips->len > 0 ? g_array_index (round_trips, double, round_trips->len / 2) : 0;
  p99 = round_trips->len > 0 ? g_array_index (round_trips, double, round_trips->len * 99 / 100) : 0;
  g_print ("tables held: %d (4 players each, clients in %d processes), games finished: %u of %d, errors: %u\n",
           tables, processes, finished, tables, errors);
  g_print ("moves: %u in %.1f s (%.0f a second)\n", round_trips->len, played, round_trips->len / played);
  g_print ("move round trip: p50 %.2f ms, p99 %.2f ms (think time %d ms)\n", p50, p99, think_ms);
  g_print ("server memory: %.1f MiB resident at the end (%u games under way), %.1f MiB peak\n",
           rss, (guint) tables - finished, peak);
  g_print ("processor time while playing: server %.1f s (%.3f ms a move), clients %.1f s\n",
           server_cpu, round_trips->len > 0 ? server_cpu * 1000 / round_trips->len : 0, client_cpu);
  g_print ("load average (1 min) at the start of play %.2f, at its end %.2f\n", load_start, load_end);
  for (int w = 0; w < processes; w++)
    {
      g_subprocess_wait (workers[w].process, NULL, NULL);
      g_object_unref (workers[w].out);
      g_object_unref (workers[w].process);
    }
  g_free (workers);
  g_subprocess_force_exit (server);
  g_subprocess_wait (server, NULL, NULL);
  arb_test_remove_tree (dir);
  return 0;
}
