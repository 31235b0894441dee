/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perf-net-players.c: perf-net's players, as cheap as a player can be, so
 * that the benchmark measures the server and not its clients. One epoll
 * over every connection of the process, WebSocket spoken by hand (client
 * frames masked with a zero key, server frames read in place from one
 * shared buffer), a state read by looking for the few members a move needs
 * rather than parsed, the pauses kept in one timer wheel: nothing is
 * allocated a move. ArbNetClient, which the window uses, checks every state
 * against the rules and costs about 2 ms of processor time a move: at 4,000
 * tables the clients would want more than the machine.
 *
 * A player's moves are legal without a search: it draws from the deck (from
 * the first discard pile with a card once the deck is empty), plays the
 * first card of its hand below the last it planted (0, n), and discards the
 * first card of its hand. The server checks them all the same. */
/* epoll, MSG_NOSIGNAL and TCP_NODELAY are Linux, beyond C11. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "perf-net-players.h"

#define N_SEATS 4
/* Tables seated together: the server's queue of connections to accept. */
#define BATCH 100
#define READ_SIZE (256 * 1024)
#define MAX_FRAME (300 * 1024)
#define NOBODY (-1)

typedef enum { OPENING, HANDSHAKE, OPEN, CLOSED } Stage;

typedef struct {
  int      fd;
  Stage    stage;
  guint    table;
  gboolean creates;        /* the table's first connection: creates it, then sits */
  int      seat;           /* NOBODY until joined */
  gboolean seen_view;      /* its first state came */
  gboolean finished;
  guint    planted;        /* cards it planted: the next goes to (0, planted) */
  guint    step;           /* of the last state */
  guint    sent_step;      /* the step of the move in flight, or G_MAXUINT */
  gint64   sent_at;
  char     move[160];      /* the move waiting for its pause to end */
  gsize    move_length;
  int      next_due;       /* the next connection in its wheel slot, or -1 */
  gboolean due;
  gboolean held;           /* a move chosen before "go" */
  char    *pending;        /* a frame's start, kept until its end comes */
  gsize    pending_length, pending_size;
} Link;

typedef struct {
  char     code[16];
} Table;

static struct {
  struct sockaddr_in address;
  char      *request;         /* the handshake */
  int        epoll;
  Link      *links;
  guint      n_links;
  Table     *tables;
  char      *buffer;
  guint      think_ms;
  GRand     *rand;
  gboolean   playing;
  guint      seated, finished, errors, lost;
  GArray    *round_trips;
  int       *wheel;           /* slot (ms mod size): the first link due then, or -1 */
  guint      wheel_size;
  gint64     wheel_now;       /* ms: the slots before it are done */
  guint      n_due;
} players;

static void
fail (const char *what)
{
  g_printerr ("perf-net players: %s: %s\n", what, g_strerror (errno));
  exit (1);
}

static gint64
now_ms (void)
{
  return g_get_monotonic_time () / 1000;
}

/* ---- sending ---- */

static void
send_bytes (Link *link, const char *data, gsize length)
{
  ssize_t sent = send (link->fd, data, length, MSG_NOSIGNAL);

  /* A few hundred bytes into an empty socket buffer: a short write means
   * the server stopped reading, which the run cannot measure around. */
  if (sent != (ssize_t) length)
    fail ("a message could not be sent whole");
}

/* One text message in one frame, masked with the key 0 (RFC 6455 asks a
 * client to mask, any key will do). */
static void
send_text (Link *link, const char *text, gsize length)
{
  char frame[256];
  gsize header = 0;

  g_assert (length <= sizeof frame - 8);
  frame[header++] = (char) 0x81;
  if (length < 126)
    frame[header++] = (char) (0x80 | length);
  else
    {
      frame[header++] = (char) (0x80 | 126);
      frame[header++] = (char) (length >> 8);
      frame[header++] = (char) (length & 0xff);
    }
  memset (frame + header, 0, 4);
  header += 4;
  memcpy (frame + header, text, length);
  send_bytes (link, frame, header + length);
}

static void
send_message (Link *link, const char *text)
{
  send_text (link, text, strlen (text));
}

static void
send_control (Link *link, int opcode, const char *payload, gsize length)
{
  char frame[2 + 4 + 125];

  length = MIN (length, 125);
  frame[0] = (char) (0x80 | opcode);
  frame[1] = (char) (0x80 | length);
  memset (frame + 2, 0, 4);
  memcpy (frame + 6, payload, length);
  send_bytes (link, frame, 6 + length);
}

/* ---- the pauses: a wheel of one slot a millisecond ---- */

static void
wheel_add (guint index, gint64 due_ms)
{
  Link *link = &players.links[index];
  guint slot;

  if (players.n_due == 0)
    players.wheel_now = now_ms ();
  slot = (guint) (MAX (due_ms, players.wheel_now) % players.wheel_size);

  link->next_due = players.wheel[slot];
  link->due = TRUE;
  players.wheel[slot] = (int) index;
  players.n_due++;
}

static void
send_move_now (Link *link)
{
  link->sent_step = link->step;
  link->sent_at = g_get_monotonic_time ();
  send_text (link, link->move, link->move_length);
}

/* The move chosen, sent after the player's pause. */
static void
schedule (guint index)
{
  Link *link = &players.links[index];

  link->held = FALSE;
  if (players.think_ms == 0)
    send_move_now (link);
  else
    wheel_add (index, now_ms () + g_rand_int_range (players.rand, (gint32) players.think_ms / 2,
                                                    (gint32) players.think_ms * 3 / 2 + 1));
}

static void
wheel_run (void)
{
  gint64 now = now_ms ();

  for (; players.wheel_now <= now; players.wheel_now++)
    {
      guint slot = (guint) (players.wheel_now % players.wheel_size);
      int index = players.wheel[slot];

      players.wheel[slot] = -1;
      while (index >= 0)
        {
          Link *link = &players.links[index];

          index = link->next_due;
          link->due = FALSE;
          players.n_due--;
          if (link->stage == OPEN)
            send_move_now (link);
        }
    }
}

/* ---- reading a state: the members a move needs ---- */

static gint64
int_after (const char *text, const char *member, const char *end)
{
  const char *at = g_strstr_len (text, end - text, member);

  return at == NULL ? -1 : g_ascii_strtoll (at + strlen (member), NULL, 10);
}

/* The n-th occurrence of member after text, or NULL. */
static const char *
nth (const char *text, const char *end, const char *member, guint n)
{
  const char *at = text;

  for (guint i = 0; at != NULL; i++, at += strlen (member))
    if ((at = g_strstr_len (at, end - at, member)) == NULL || i == n)
      break;
  return at;
}

/* The first card of the list that starts at list ("[" then cards), copied
 * into card; FALSE when the list is empty. */
static gboolean
first_card (const char *list, char *card, gsize size)
{
  const char *end;

  if (list[0] != '[' || list[1] != '"' || (end = strchr (list + 2, '"')) == NULL
      || (gsize) (end - list - 2) >= size)
    return FALSE;
  memcpy (card, list + 2, (gsize) (end - list - 2));
  card[end - list - 2] = '\0';
  return TRUE;
}

/* The move link makes in state (of end - text bytes), written into
 * link->move; FALSE when it has none to make. */
static gboolean
choose_move (Link *link, const char *text, const char *end)
{
  const char *view = g_strstr_len (text, end - text, "\"view\":{");
  const char *phase, *seat, *hand;
  char card[32];
  guint step = link->step;

  if (view == NULL || (phase = g_strstr_len (view, end - view, "\"phase\":\"")) == NULL)
    return FALSE;
  phase += strlen ("\"phase\":\"");
  if (g_str_has_prefix (phase, "draw"))
    {
      int source = -1;

      if (int_after (view, "\"deck\":", end) == 0)
        for (guint p = 0; p < N_SEATS && source < 0; p++)
          {
            const char *discards = nth (view, end, "\"discards\":", p);

            if (discards != NULL && discards[strlen ("\"discards\":") + 1] != ']')
              source = (int) p;
          }
      link->move_length = (gsize) g_snprintf (link->move, sizeof link->move,
                                              "{\"type\":\"move\",\"step\":%u,\"kind\":\"draw\",\"source\":%d}",
                                              step, source);
      return TRUE;
    }
  if ((seat = nth (view, end, "\"hand-size\":", (guint) link->seat)) == NULL
      || (hand = g_strstr_len (seat, end - seat, "\"hand\":")) == NULL
      || !first_card (hand + strlen ("\"hand\":"), card, sizeof card))
    return FALSE;
  if (g_str_has_prefix (phase, "play"))
    link->move_length = (gsize) g_snprintf (link->move, sizeof link->move,
                                            "{\"type\":\"move\",\"step\":%u,\"kind\":\"play\",\"card\":\"%s\","
                                            "\"x\":0,\"y\":%u}", step, card, link->planted++);
  else if (g_str_has_prefix (phase, "discard"))
    link->move_length = (gsize) g_snprintf (link->move, sizeof link->move,
                                            "{\"type\":\"move\",\"step\":%u,\"kind\":\"discard\",\"card\":\"%s\",\"x\":0,\"y\":0}",
                                            step, card);
  else
    return FALSE;
  return TRUE;
}

static void
on_state (guint index, const char *text, const char *end)
{
  Link *link = &players.links[index];
  const char *view;
  guint step = (guint) int_after (text, "\"step\":", end);

  if (!link->seen_view)
    {
      link->seen_view = TRUE;
      players.seated++;
    }
  if (link->sent_step != G_MAXUINT && step > link->sent_step)
    {
      double ms = (g_get_monotonic_time () - link->sent_at) / 1000.0;

      g_array_append_val (players.round_trips, ms);
      link->sent_step = G_MAXUINT;
    }
  link->step = step;
  if ((view = g_strstr_len (text, end - text, "\"view\":{")) == NULL)
    return;
  if (g_strstr_len (view, end - view, "\"phase\":\"over\"") != NULL)
    {
      if (!link->finished)
        players.finished++;
      link->finished = TRUE;
      return;
    }
  if (link->due || link->held || link->sent_step != G_MAXUINT
      || g_strstr_len (text, view - text, "\"started\":true") == NULL
      || int_after (view, "\"current\":", end) != link->seat
      || !choose_move (link, text, end))
    return;
  if (players.playing)
    schedule (index);
  else
    link->held = TRUE;
}

/* ---- the conversation ---- */

static void open_link (guint index);

static void
on_message (guint index, const char *text, gsize length)
{
  Link *link = &players.links[index];
  const char *end = text + length;
  char message[64];

  if (g_str_has_prefix (text, "{\"type\":\"state\""))
    on_state (index, text, end);
  else if (g_str_has_prefix (text, "{\"type\":\"created\""))
    {
      Table *table = &players.tables[link->table];
      const char *code = g_strstr_len (text, length, "\"code\":\"");

      if (code == NULL || sscanf (code + strlen ("\"code\":\""), "%15[^\"]", table->code) != 1)
        fail ("a table came without its code");
      g_snprintf (message, sizeof message, "{\"type\":\"join\",\"code\":\"%s\"}", table->code);
      send_message (link, message);
      for (guint s = 1; s < N_SEATS; s++)
        open_link (index + s);
    }
  else if (g_str_has_prefix (text, "{\"type\":\"joined\""))
    link->seat = (int) int_after (text, "\"seat\":", end);
  else if (g_str_has_prefix (text, "{\"type\":\"error\""))
    {
      if (players.errors++ < 5)
        g_printerr ("error: %.*s\n", (int) MIN (length, 200), text);
      /* A refused move is not in flight. */
      link->sent_step = G_MAXUINT;
    }
}

static void
on_open (guint index)
{
  Link *link = &players.links[index];
  char message[64];

  link->stage = OPEN;
  send_message (link, "{\"type\":\"hello\",\"protocol\":1}");
  if (link->creates)
    send_message (link, "{\"type\":\"create\",\"players\":4,\"variant\":\"standard\"}");
  else
    {
      g_snprintf (message, sizeof message, "{\"type\":\"join\",\"code\":\"%s\"}", players.tables[link->table].code);
      send_message (link, message);
    }
}

static void
lose (Link *link)
{
  if (link->stage == CLOSED)
    return;
  link->stage = CLOSED;
  players.lost++;
  epoll_ctl (players.epoll, EPOLL_CTL_DEL, link->fd, NULL);
  close (link->fd);
}

/* The frames of data (length bytes, one byte more writable): each text
 * message handled; returns the bytes of a frame not yet whole. */
static gsize
read_frames (guint index, char *data, gsize length)
{
  Link *link = &players.links[index];
  gsize at = 0;

  if (link->stage == HANDSHAKE)
    {
      char *end = g_strstr_len (data, (gssize) length, "\r\n\r\n");

      if (end == NULL)
        return length;
      if (!g_str_has_prefix (data, "HTTP/1.1 101"))
        fail ("the server refused the handshake");
      at = (gsize) (end + 4 - data);
      on_open (index);
    }
  while (link->stage == OPEN && length - at >= 2)
    {
      const guchar *frame = (const guchar *) data + at;
      guint64 payload = frame[1] & 0x7f;
      gsize header = 2;
      char kept;

      if (payload == 126)
        {
          if (length - at < 4)
            break;
          payload = (guint64) frame[2] << 8 | frame[3];
          header = 4;
        }
      else if (payload == 127)
        {
          if (length - at < 10)
            break;
          payload = 0;
          for (int i = 0; i < 8; i++)
            payload = payload << 8 | frame[2 + i];
          header = 10;
        }
      if (payload > MAX_FRAME)
        fail ("a frame is too large");
      if (length - at < header + payload)
        break;
      kept = data[at + header + payload];
      data[at + header + payload] = '\0';
      switch (frame[0] & 0x0f)
        {
        case 0x1:
          on_message (index, data + at + header, (gsize) payload);
          break;
        case 0x8:
          lose (link);
          break;
        case 0x9:
          send_control (link, 0xa, data + at + header, (gsize) payload);
          break;
        default:
          break;
        }
      data[at + header + payload] = kept;
      at += header + (gsize) payload;
    }
  return length - at;
}

static void
on_readable (guint index)
{
  Link *link = &players.links[index];
  gsize have = link->pending_length, left;
  ssize_t got;

  memcpy (players.buffer, link->pending, have);
  got = recv (link->fd, players.buffer + have, READ_SIZE, 0);
  if (got < 0 && (errno == EAGAIN || errno == EINTR))
    return;
  if (got <= 0)
    {
      lose (link);
      return;
    }
  have += (gsize) got;
  left = read_frames (index, players.buffer, have);
  if (left > link->pending_size)
    {
      link->pending_size = MAX (left, 4096);
      link->pending = g_realloc (link->pending, link->pending_size);
    }
  memcpy (link->pending, players.buffer + have - left, left);
  link->pending_length = left;
}

static void
open_link (guint index)
{
  Link *link = &players.links[index];
  struct epoll_event event = { .events = EPOLLIN, .data.u32 = index };
  int one = 1;

  link->fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (link->fd < 0)
    fail ("socket");
  if (connect (link->fd, (struct sockaddr *) &players.address, sizeof players.address) != 0)
    fail ("connect");
  setsockopt (link->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  send_bytes (link, players.request, strlen (players.request));
  fcntl (link->fd, F_SETFL, fcntl (link->fd, F_GETFL) | O_NONBLOCK);
  link->stage = HANDSHAKE;
  if (epoll_ctl (players.epoll, EPOLL_CTL_ADD, link->fd, &event) != 0)
    fail ("epoll_ctl");
}

/* ---- the loop ---- */

static void
run_once (void)
{
  struct epoll_event events[256];
  int n = epoll_wait (players.epoll, events, G_N_ELEMENTS (events), players.n_due > 0 ? 1 : 100);

  if (n < 0 && errno != EINTR)
    fail ("epoll_wait");
  for (int i = 0; i < n; i++)
    on_readable (events[i].data.u32);
  if (players.n_due > 0)
    wheel_run ();
  else
    players.wheel_now = now_ms ();
}

static void
run_until (gboolean (*done) (gpointer), gpointer data, gint64 end)
{
  while (!done (data) && g_get_monotonic_time () < end)
    run_once ();
}

static gboolean
seated_up_to (gpointer data)
{
  return players.seated >= GPOINTER_TO_UINT (data) || players.lost > 0;
}

static gboolean
all_finished (gpointer data)
{
  return players.finished >= players.n_links;
}

static gboolean
stdin_says_go (gpointer data)
{
  return players.playing;
}

static void
read_go (void)
{
  char line[16];

  if (fgets (line, sizeof line, stdin) == NULL || strcmp (line, "go\n") != 0)
    exit (1);
  players.playing = TRUE;
}

static void
parse_uri (const char *uri)
{
  guint port;
  char host[64], path[64];

  if (sscanf (uri, "ws://%63[^:]:%u%63s", host, &port, path) != 3)
    {
      g_printerr ("perf-net players: not a ws://HOST:PORT/PATH address: %s\n", uri);
      exit (2);
    }
  players.address.sin_family = AF_INET;
  players.address.sin_port = htons ((guint16) port);
  if (inet_pton (AF_INET, host, &players.address.sin_addr) != 1)
    fail ("the server's address");
  players.request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s:%u\r\nUpgrade: websocket\r\n"
                                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                     "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: arboretum.v1\r\n\r\n",
                                     path, host, port);
}

int
perf_net_players_run (const char *uri, guint n_tables, guint think_ms, guint seconds, guint seed)
{
  double cpu;
  gint64 start, end;

  parse_uri (uri);
  players.think_ms = think_ms;
  players.rand = g_rand_new_with_seed (seed);
  players.round_trips = g_array_new (FALSE, FALSE, sizeof (double));
  players.n_links = n_tables * N_SEATS;
  players.links = g_new0 (Link, players.n_links);
  players.tables = g_new0 (Table, n_tables);
  players.buffer = g_malloc (2 * READ_SIZE + MAX_FRAME);
  /* The longest pause, and time for the loop to be late. */
  players.wheel_size = think_ms * 3 / 2 + 1000;
  players.wheel = g_new (int, players.wheel_size);
  memset (players.wheel, 0xff, players.wheel_size * sizeof (int));
  players.wheel_now = now_ms ();
  if ((players.epoll = epoll_create1 (EPOLL_CLOEXEC)) < 0)
    fail ("epoll_create1");
  for (guint i = 0; i < players.n_links; i++)
    {
      players.links[i].seat = NOBODY;
      players.links[i].sent_step = G_MAXUINT;
      players.links[i].next_due = -1;
      players.links[i].table = i / N_SEATS;
      players.links[i].creates = i % N_SEATS == 0;
    }
  start = g_get_monotonic_time ();
  end = start + (gint64) 3600 * G_USEC_PER_SEC;
  for (guint first = 0; first < n_tables; first += BATCH)
    {
      guint last = MIN (n_tables, first + BATCH);

      for (guint t = first; t < last; t++)
        open_link (t * N_SEATS);
      run_until (seated_up_to, GUINT_TO_POINTER (last * N_SEATS), end);
      /* A server too busy to accept in time: the run cannot measure it. */
      if (players.lost > 0 || players.seated < last * N_SEATS)
        {
          g_printerr ("perf-net players: %u connections closed before their seat's first view\n", players.lost);
          return 1;
        }
    }
  g_print ("seated %u %.1f\n", players.seated, (g_get_monotonic_time () - start) / 1e6);
  fflush (stdout);
  read_go ();
  run_until (stdin_says_go, NULL, end);
  start = g_get_monotonic_time ();
  end = start + (gint64) seconds * G_USEC_PER_SEC;
  cpu = perf_net_cpu_of ("self");
  /* Every seat whose turn it is moves: its last state came before "go". */
  for (guint i = 0; i < players.n_links; i++)
    if (players.links[i].held)
      schedule (i);
  run_until (all_finished, NULL, end);
  g_print ("played %.3f %.2f %u %u\n", (g_get_monotonic_time () - start) / 1e6, perf_net_cpu_of ("self") - cpu,
           players.finished / N_SEATS, players.errors);
  for (guint i = 0; i < players.round_trips->len; i++)
    g_print ("%.3f\n", g_array_index (players.round_trips, double, i));
  g_print ("end\n");
  return 0;
}
