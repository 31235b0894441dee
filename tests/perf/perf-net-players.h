/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perf-net-players.h: perf-net's players, many connections in one process. */
#pragma once

#include <glib.h>

/* Opens n_tables 4-player tables on the server at uri (ws://HOST:PORT/PATH),
 * seats them, prints "seated", waits for "go" on stdin, plays for seconds
 * at most with pauses of about think_ms, and prints what it measured for
 * perf-net's parent: "played SECONDS CPU FINISHED ERRORS", each round trip
 * in ms, then "end". */
int    perf_net_players_run (const char *uri, guint n_tables, guint think_ms, guint seconds, guint seed);

/* The processor time a process has used, in seconds (utime + stime). */
double perf_net_cpu_of      (const char *pid);
