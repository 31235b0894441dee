/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perf-net.c: the load benchmark of network play (docs/network.md). A
 * benchmark, not a test: it starts `arboretum-cli serve` on loopback,
 * opens many 4-player tables of computer clients (random level, which
 * decides in microseconds, so the server is what is measured), plays them
 * all at once, and prints the tables held, the round trip of a move (from
 * sending it to receiving the state after it) at p50 and p99, the server's
 * memory and its processor time a move, with the load average.
 *
 *   build/tests/perf/perf-net build/src/cli/arboretum-cli --tables 1000 --think-ms 3000
 *
 * --think-ms is each client's pause before a move (drawn from 0.5 to 1.5
 * times it): people take seconds, and 0 plays as fast as the server goes.
 * --processes spreads the clients over that many processes (this program
 * again, with --worker), each with its share of the tables: a process may
 * hold only so many sockets, and one main loop over 16,000 of them would
 * measure itself rather than the server. They start playing together.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <gio/gunixinputstream.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "arb-net-client.h"
#include "arb-test-files.h"

#define N_SEATS 4
#define BATCH 50

typedef struct {
  ArbNetClient *client;
  guint         sent_step;   /* the step of the move in flight, or G_MAXUINT */
  gint64        sent_at;
  guint         timer;
} Seat;

typedef struct {
  GArray    *round_trips;   /* of double, ms */
  guint      think_ms;
  guint      finished;
  guint      errors;
  guint      n_clients;
  gboolean   go;            /* every table is seated: play */
  GRand     *rand;
} Load;

static Load load;

static gboolean
send_move (gpointer user_data)
{
  Seat *seat = user_data;
  const ArbProjection *view = arb_net_client_get_view (seat->client);
  g_autoptr (GRand) rand = g_rand_new_with_seed (arb_net_client_get_step (seat->client));
  ArbMove move;

  seat->timer = 0;
  if (!arb_ai_random_move (&view->state, rand, &move))
    return G_SOURCE_REMOVE;
  seat->sent_step = arb_net_client_get_step (seat->client);
  seat->sent_at = g_get_monotonic_time ();
  arb_net_client_move (seat->client, &move);
  return G_SOURCE_REMOVE;
}

static void
on_changed (ArbNetClient *client, gpointer user_data)
{
  Seat *seat = user_data;
  const ArbProjection *view = arb_net_client_get_view (client);
  guint step = arb_net_client_get_step (client);

  if (view == NULL || !load.go)
    return;
  if (seat->sent_step != G_MAXUINT && step > seat->sent_step)
    {
      double ms = (g_get_monotonic_time () - seat->sent_at) / 1000.0;

      g_array_append_val (load.round_trips, ms);
      seat->sent_step = G_MAXUINT;
    }
  if (view->state.phase == ARB_PHASE_OVER)
    {
      if (seat->sent_step != G_MAXUINT - 1)
        load.finished++;
      seat->sent_step = G_MAXUINT - 1;
      return;
    }
  if (!arb_net_client_get_started (client) || view->state.current != arb_net_client_get_seat (client) || seat->timer != 0
      || seat->sent_step == step)
    return;
  seat->sent_step = step;  /* no second move for this step while it waits */
  seat->timer = g_timeout_add (load.think_ms == 0 ? 0
                               : (guint) g_rand_int_range (load.rand, (gint32) load.think_ms / 2,
                                                           (gint32) load.think_ms * 3 / 2 + 1),
                               send_move, seat);
}

static void
on_error (ArbNetClient *client, const char *code, const char *message, gpointer user_data)
{
  if (load.errors++ < 5)
    g_printerr ("error: %s: %s\n", code, message);
}

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

/* The processor time a process has used, in seconds (utime + stime). */
static double
cpu_of (const char *pid)
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

static void
iterate_until (gboolean (*done) (gpointer), gpointer data, gint64 end)
{
  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
has_code (gpointer client)
{
  return arb_net_client_get_code (client) != NULL || arb_net_client_get_n_errors (client) > 0
         || arb_net_client_get_closed (client);
}

static gboolean
seated (gpointer data)
{
  guint *n = data;

  return *n >= load.n_clients;
}

static gboolean
all_done (gpointer data)
{
  return load.finished >= load.n_clients;
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static guint n_seated;
static guint n_lost;  /* seats whose connection closed before their first view */

static gboolean
batch_seated (gpointer data)
{
  return n_seated >= *(guint *) data || n_lost > 0;
}

static void
count_lost (ArbNetClient *client, gpointer user_data)
{
  if (arb_net_client_get_view (client) == NULL)
    n_lost++;
}

static void
count_seated (ArbNetClient *client, gpointer user_data)
{
  gboolean *counted = user_data;

  if (!*counted && arb_net_client_get_view (client) != NULL)
    {
      *counted = TRUE;
      n_seated++;
    }
}

/* ---- a worker: its share of the tables, played from this process ---- */

static gboolean
told_to_go (gpointer data)
{
  return load.go;
}

static void
on_go_line (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                                     NULL, NULL);

  if (line == NULL || !g_str_equal (line, "go"))
    exit (1);
  load.go = TRUE;
}

/* Opens tables 4-player tables of clients on uri, seats them, says so on
 * stdout ("seated"), plays from the "go" read on stdin for seconds at most,
 * and prints what it measured for the parent: the processor time it used,
 * the games finished, the errors and every round trip. */
static int
run_worker (const char *uri, int tables, int seconds)
{
  g_autoptr (GInputStream) in = g_unix_input_stream_new (0, FALSE);
  g_autoptr (GDataInputStream) commands = g_data_input_stream_new (in);
  Seat *seats;
  ArbNetClient **hosts;
  gboolean *counted;
  guint n_batch;
  double cpu;
  gint64 start, end;

  load.n_clients = (guint) tables * N_SEATS;
  seats = g_new0 (Seat, load.n_clients);
  counted = g_new0 (gboolean, load.n_clients);
  start = g_get_monotonic_time ();
  end = start + (gint64) 3600 * G_USEC_PER_SEC;
  /* Tables are opened BATCH at a time, so that the connections do not
   * overflow the server's queue of connections to accept. */
  hosts = g_new0 (ArbNetClient *, tables);
  for (int first = 0; first < tables; first += BATCH)
    {
      int last = MIN (tables, first + BATCH);

      for (int t = first; t < last; t++)
        {
          hosts[t] = arb_net_client_new (uri);
          arb_net_client_create (hosts[t], ARB_VARIANT_STANDARD, N_SEATS, NULL, t);
          arb_net_client_open (hosts[t]);
        }
      for (int t = first; t < last; t++)
        {
          iterate_until (has_code, hosts[t], end);
          if (arb_net_client_get_code (hosts[t]) == NULL)
            g_error ("Table %d could not be opened: %s", t,
                     arb_net_client_get_closed (hosts[t]) ? "the connection closed"
                     : arb_net_client_get_last_error (hosts[t]));
          for (guint s = 0; s < N_SEATS; s++)
            {
              Seat *seat = &seats[t * N_SEATS + s];

              seat->client = arb_net_client_new (uri);
              seat->sent_step = G_MAXUINT;
              g_signal_connect (seat->client, "changed", G_CALLBACK (on_changed), seat);
              g_signal_connect (seat->client, "changed", G_CALLBACK (count_seated), &counted[t * N_SEATS + s]);
              g_signal_connect (seat->client, "error", G_CALLBACK (on_error), NULL);
              g_signal_connect (seat->client, "closed", G_CALLBACK (count_lost), NULL);
              arb_net_client_join (seat->client, arb_net_client_get_code (hosts[t]));
              arb_net_client_open (seat->client);
            }
        }
      n_batch = (guint) last * N_SEATS;
      iterate_until (batch_seated, &n_batch, end);
      /* A server too busy to accept in time: the run cannot measure it. */
      if (n_lost > 0)
        g_error ("%u connections closed before their seat's first view", n_lost);
      for (int t = first; t < last; t++)
        g_clear_object (&hosts[t]);
    }
  iterate_until (seated, &n_seated, end);
  g_free (hosts);
  g_print ("seated %u %.1f\n", n_seated, (g_get_monotonic_time () - start) / 1e6);
  g_data_input_stream_read_line_async (commands, G_PRIORITY_DEFAULT, NULL, on_go_line, NULL);
  iterate_until (told_to_go, NULL, end);
  start = g_get_monotonic_time ();
  end = start + (gint64) seconds * G_USEC_PER_SEC;
  cpu = cpu_of ("self");
  for (guint i = 0; i < load.n_clients; i++)
    on_changed (seats[i].client, &seats[i]);
  while (!all_done (NULL) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_print ("played %.3f %.2f %u %u\n", (g_get_monotonic_time () - start) / 1e6, cpu_of ("self") - cpu,
           load.finished / N_SEATS, load.errors);
  for (guint i = 0; i < load.round_trips->len; i++)
    g_print ("%.3f\n", g_array_index (load.round_trips, double, i));
  g_print ("end\n");
  for (guint i = 0; i < load.n_clients; i++)
    g_clear_object (&seats[i].client);
  return 0;
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
      g_array_append_val (load.round_trips, ms);
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
  load.think_ms = (guint) think_ms;
  load.rand = g_rand_new_with_seed ((guint32) seed);
  load.round_trips = g_array_new (FALSE, FALSE, sizeof (double));
  if (worker_uri != NULL)
    return run_worker (worker_uri, tables, seconds);

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
  server_cpu = cpu_of (g_subprocess_get_identifier (server));
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
        server_cpu = cpu_of (g_subprocess_get_identifier (server)) - server_cpu;
      client_cpu += workers[w].cpu;
      played = MAX (played, workers[w].seconds);
      finished += workers[w].finished;
      errors += workers[w].errors;
    }
  load_end = load_average ();
  memory_of (g_subprocess_get_identifier (server), &rss, &peak);
  g_array_sort (load.round_trips, compare_double);
  p50 = load.round_trips->len > 0 ? g_array_index (load.round_trips, double, load.round_trips->len / 2) : 0;
  p99 = load.round_trips->len > 0 ? g_array_index (load.round_trips, double, load.round_trips->len * 99 / 100) : 0;
  g_print ("tables held: %d (4 players each, clients in %d processes), games finished: %u of %d, errors: %u\n",
           tables, processes, finished, tables, errors);
  g_print ("moves: %u in %.1f s (%.0f a second)\n", load.round_trips->len, played, load.round_trips->len / played);
  g_print ("move round trip: p50 %.2f ms, p99 %.2f ms (think time %d ms)\n", p50, p99, think_ms);
  g_print ("server memory: %.1f MiB resident at the end (%u games under way), %.1f MiB peak\n",
           rss, (guint) tables - finished, peak);
  g_print ("processor time while playing: server %.1f s (%.3f ms a move), clients %.1f s\n",
           server_cpu, load.round_trips->len > 0 ? server_cpu * 1000 / load.round_trips->len : 0, client_cpu);
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
