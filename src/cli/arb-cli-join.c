/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-join.c: the clients of network play on the command line.
 * `arboretum-cli host` opens a table and prints its invite code on its last
 * line; `arboretum-cli join` takes a seat with the code (or takes its seat
 * again with its token) and plays it with a computer level to the end,
 * taking the seat again by itself when the connection drops. As the host,
 * with --replace-away, it gives any seat away past the server's limit to
 * a computer. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "arb-cli.h"
#include "arb-net-address.h"
#include "arb-net-client.h"
#include "arb-net-protocol.h"
#include "arb-net-secret.h"

/* How long host waits for the server, and join for each step of a game. */
#define REPLY_SECONDS 30
/* join: tries to take the seat again after a drop, one a second. */
#define RECONNECT_TRIES 60

typedef struct {
  GMainLoop    *loop;
  ArbNetClient *client;
  gboolean      timed_out;
  guint         tries;
  gint64        state_time;  /* monotonic: when the last news came */
} Waiter;

typedef struct {
  const char *url;
  const char *ca_file;
  const char *code;
  const char *name;
  ArbAiLevel  level;
  gint64      seed;
  gboolean    json;
  gboolean    replace;        /* --replace-away given */
  ArbAiLevel  replace_level;
} JoinOptions;

static gboolean
on_timeout (gpointer user_data)
{
  Waiter *waiter = user_data;

  waiter->timed_out = TRUE;
  g_main_loop_quit (waiter->loop);
  return G_SOURCE_REMOVE;
}

static void
on_stop (gpointer user_data)
{
  Waiter *waiter = user_data;

  g_main_loop_quit (waiter->loop);
}

static gboolean
parse_variant (const char *text, ArbVariant *variant)
{
  if (text == NULL)
    return *variant = ARB_VARIANT_STANDARD, TRUE;
  if (arb_variant_from_id (text, variant))
    return TRUE;
  arb_cli_printerr (_("Unknown rule set “%s”: standard, classic or solo"), text);
  return FALSE;
}

/* "person" or a level for each seat, all persons when none is given. */
static gboolean
parse_seats (const char *text, guint n_seats, GStrv *seats)
{
  ArbAiLevel level;

  *seats = NULL;
  if (text == NULL)
    return TRUE;
  *seats = g_strsplit (text, ",", -1);
  if (g_strv_length (*seats) != n_seats)
    {
      arb_cli_printerr (_("--seat-ai names %u seats; the table has %u"), g_strv_length (*seats), n_seats);
      return FALSE;
    }
  for (guint i = 0; i < n_seats; i++)
    if (!g_str_equal ((*seats)[i], "person") && !arb_ai_level_from_id ((*seats)[i], &level))
      {
        arb_cli_printerr (_("Unknown seat “%s”: person, random, easy, medium, hard or expert"), (*seats)[i]);
        return FALSE;
      }
  return TRUE;
}

static gboolean
parse_seed (const char *text, gint64 *seed)
{
  guint64 value;

  *seed = -1;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    {
      arb_cli_printerr (_("The seed must be a whole number from 0 to %u, not “%s”"), G_MAXUINT32, text);
      return FALSE;
    }
  *seed = (gint64) value;
  return TRUE;
}

static gboolean
parse_level (const char *text, ArbAiLevel *level)
{
  if (text == NULL || arb_ai_level_from_id (text, level))
    return TRUE;
  arb_cli_printerr (_("Unknown level “%s”: random, easy, medium, hard or expert"), text);
  return FALSE;
}

/* --ai, --replace-away and --name, for join and host --play. */
static gboolean
parse_seat_options (const char *level_text, const char *replace_text, const char *name,
                    JoinOptions *options)
{
  g_autofree char *normal = NULL;

  if (!parse_level (level_text, &options->level) || !parse_level (replace_text, &options->replace_level))
    return FALSE;
  if (name != NULL && (normal = arb_net_name_normalize (name, NULL)) == NULL)
    {
      arb_cli_printerr (_("A name has 1 to %u characters, and no control characters"), ARB_NET_MAX_NAME);
      return FALSE;
    }
  options->name = name;
  options->replace = replace_text != NULL;
  return TRUE;
}

/* Runs until the client changes or fails, or seconds pass. */
static void
wait_for_news_within (Waiter *waiter, guint seconds)
{
  guint timeout = g_timeout_add_seconds (seconds, on_timeout, waiter);
  gulong changed = g_signal_connect_swapped (waiter->client, "changed", G_CALLBACK (on_stop), waiter);
  gulong error = g_signal_connect_swapped (waiter->client, "error", G_CALLBACK (on_stop), waiter);
  gulong closed = g_signal_connect_swapped (waiter->client, "closed", G_CALLBACK (on_stop), waiter);

  g_main_loop_run (waiter->loop);
  if (!waiter->timed_out)
    g_source_remove (timeout);
  g_signal_handler_disconnect (waiter->client, changed);
  g_signal_handler_disconnect (waiter->client, error);
  g_signal_handler_disconnect (waiter->client, closed);
  if (!waiter->timed_out)
    waiter->state_time = g_get_monotonic_time ();
}

static void
wait_for_news (Waiter *waiter)
{
  wait_for_news_within (waiter, REPLY_SECONDS);
}

/* The server's address as a person gives it: HOST, HOST:PORT,
 * ws://HOST:PORT or the whole URL; NULL, said, if it is none. */
static char *
read_address (const char *text)
{
  g_autoptr (GError) error = NULL;
  char *uri = arb_net_uri_for_address (text, &error);

  if (uri == NULL)
    arb_cli_printerr ("%s", error->message);
  return uri;
}

/* A client of url, trusting the certificate in ca_file (may be NULL) for
 * a server whose certificate no authority signed. */
static ArbNetClient *
new_client (const char *url, const char *ca_file)
{
  g_autoptr (ArbNetClient) client = arb_net_client_new (url);
  g_autoptr (GTlsDatabase) database = NULL;
  g_autoptr (GError) error = NULL;

  if (ca_file != NULL)
    {
      /* glib-networking reads a relative path as no file at all. */
      g_autofree char *path = g_canonicalize_filename (ca_file, NULL);

      database = g_tls_file_database_new (path, &error);
      if (database == NULL)
        {
          arb_cli_printerr ("%s", error->message);
          return NULL;
        }
      arb_net_client_set_tls_database (client, database);
    }
  return g_steal_pointer (&client);
}

static void
print_refusal (ArbNetClient *client, const char *code, const char *message, gpointer user_data)
{
  arb_cli_printerr ("%s", message);
}

static int play_seat (ArbNetClient *client, const JoinOptions *options, gboolean opened);

static int
run_host (const char *url, const char *ca_file, ArbVariant variant, guint n_seats, GStrv seats, gint64 seed,
          const JoinOptions *play)
{
  g_autoptr (ArbNetClient) client = new_client (url, ca_file);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Waiter waiter = { loop, client, FALSE, 0, 0 };

  if (client == NULL)
    return ARB_CLI_EXIT_INVALID;

  g_signal_connect (client, "error", G_CALLBACK (print_refusal), NULL);
  arb_net_client_create (client, variant, n_seats, (const char * const *) seats, seed);
  arb_net_client_open (client);
  while (arb_net_client_get_code (client) == NULL && arb_net_client_get_n_errors (client) == 0
         && !arb_net_client_get_closed (client) && !waiter.timed_out)
    wait_for_news (&waiter);
  if (arb_net_client_get_code (client) == NULL)
    {
      if (waiter.timed_out)
        arb_cli_printerr (_("The server did not answer within %u seconds"), REPLY_SECONDS);
      return ARB_CLI_EXIT_FAILURE;
    }
  g_print (_("Table %s is open. Each player joins it with:\n"), arb_net_client_get_table (client));
  g_print ("  arboretum-cli join %s %s\n", url, arb_net_client_get_code (client));
  g_print (_("Invite code:\n"));
  g_print ("%s\n", arb_net_client_get_code (client));
  if (play != NULL)
    {
      JoinOptions options = *play;
      g_autofree char *code = g_strdup (arb_net_client_get_code (client));

      /* Whoever reads the code reads it now, while the host plays on. */
      fflush (stdout);
      options.code = code;
      return play_seat (client, &options, TRUE);
    }
  return ARB_CLI_EXIT_OK;
}

int
arb_cli_host (int argc, char **argv)
{
  g_autofree char *variant_text = NULL, *seats_text = NULL, *seed_text = NULL, *ca_file = NULL;
  g_autofree char *play_text = NULL, *name = NULL, *replace_text = NULL;
  int players = 0;
  const GOptionEntry entries[] = {
    { "tls-ca", 0, 0, G_OPTION_ARG_FILENAME, &ca_file,
      N_("Trust this certificate (PEM) for wss://, when no authority signed the server’s"), N_("FILE") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant_text,
      N_("Rule set: standard (default), classic or solo"), N_("RULES") },
    { "players", 0, 0, G_OPTION_ARG_INT, &players,
      N_("Number of players: 2 to 4 (default 2), 1 in solo"), N_("N") },
    { "seat-ai", 0, 0, G_OPTION_ARG_STRING, &seats_text,
      N_("Each seat: person, or the level of a computer the server plays (default: all persons)"), N_("SEAT,…") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the deal (default: random); whoever knows it knows the deck"), N_("S") },
    { "play", 0, 0, G_OPTION_ARG_STRING, &play_text,
      N_("Stay as the host: take the first free seat and play it with a computer of this level"), N_("LEVEL") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("With --play, the seat’s name at the table (1 to 32 characters)"), N_("NAME") },
    { "replace-away", 0, 0, G_OPTION_ARG_STRING, &replace_text,
      N_("With --play, give any seat away past the server’s limit to a computer of this level"), N_("LEVEL") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("URL"));
  g_autofree char *url = NULL;
  JoinOptions play = { NULL, NULL, NULL, NULL, ARB_AI_MEDIUM, -1, FALSE, FALSE, ARB_AI_MEDIUM };
  g_auto (GStrv) seats = NULL;
  ArbVariant variant;
  gint64 seed;
  int status;

  g_option_context_set_summary (context,
    _("Opens a table on a server of network play and prints its invite code on the last line."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (argc != 2)
    {
      arb_cli_printerr (_("Give the server’s address, such as ws://example.org:7420/arboretum"));
      return ARB_CLI_EXIT_INVALID;
    }
  if (!parse_variant (variant_text, &variant))
    return ARB_CLI_EXIT_INVALID;
  if (players == 0)
    players = variant == ARB_VARIANT_SOLO ? 1 : 2;
  if (players < 1 || players > ARB_MAX_PLAYERS)
    {
      arb_cli_printerr (_("The number of players must be from 1 to 4"));
      return ARB_CLI_EXIT_INVALID;
    }
  if (!parse_seats (seats_text, (guint) players, &seats) || !parse_seed (seed_text, &seed)
      || !parse_seat_options (play_text, replace_text, name, &play))
    return ARB_CLI_EXIT_INVALID;
  if (play_text == NULL && (name != NULL || replace_text != NULL))
    {
      arb_cli_printerr (_("--name and --replace-away go with --play"));
      return ARB_CLI_EXIT_INVALID;
    }
  if ((url = read_address (argv[1])) == NULL)
    return ARB_CLI_EXIT_INVALID;
  play.url = url;
  play.seed = seed;
  return run_host (url, ca_file, variant, (guint) players, seats, seed, play_text != NULL ? &play : NULL);
}

static void
print_scores (ArbNetClient *client, gboolean json)
{
  const ArbProjection *view = arb_net_client_get_view (client);
  GString *line = g_string_new (NULL);
  ArbScoreSheet sheet;

  arb_state_score (&view->state, &sheet);
  if (json)
    {
      g_string_append_printf (line, "{\"table\":\"%s\",\"seat\":%d,\"steps\":%u,\"scores\":[",
                              arb_net_client_get_table (client), arb_net_client_get_seat (client),
                              arb_net_client_get_step (client));
      for (guint p = 0; p < sheet.n_players; p++)
        g_string_append_printf (line, "%s%u", p > 0 ? "," : "", sheet.players[p].total);
      g_string_append (line, "],\"winners\":[");
      for (guint p = 0, n = 0; p < sheet.n_players; p++)
        if (sheet.winners & (1u << p))
          g_string_append_printf (line, "%s%u", n++ > 0 ? "," : "", p);
      g_string_append (line, "]}");
      g_print ("%s\n", line->str);
    }
  else
    for (guint p = 0; p < sheet.n_players; p++)
      if (sheet.winners & (1u << p))
        g_print (ngettext ("Player %u: %u point, a winner\n", "Player %u: %u points, a winner\n",
                           sheet.players[p].total), p + 1, sheet.players[p].total);
      else
        g_print (ngettext ("Player %u: %u point\n", "Player %u: %u points\n", sheet.players[p].total),
                 p + 1, sheet.players[p].total);
  g_string_free (line, TRUE);
}

/* The connection dropped: the seat is taken again with its token. */
static gboolean
reconnect (Waiter *waiter)
{
  const char *token = arb_net_client_get_token (waiter->client);

  if (token == NULL || waiter->tries++ >= RECONNECT_TRIES)
    return FALSE;
  g_usleep (G_USEC_PER_SEC);
  arb_net_client_close (waiter->client);
  arb_net_client_rejoin (waiter->client, token);
  arb_net_client_open (waiter->client);
  return TRUE;
}

/* Seconds until seat, away, may be given to a computer, counted on from
 * the last state; G_MAXUINT when it is not away, or ours, or asked for. */
static guint
seconds_until_seat (Waiter *waiter, guint seat, guint asked)
{
  ArbNetClient *client = waiter->client;
  gint64 elapsed = (g_get_monotonic_time () - waiter->state_time) / G_USEC_PER_SEC;
  int away = arb_net_client_get_seat_away (client, seat);
  gint64 left;

  if (away < 0 || (int) seat == arb_net_client_get_seat (client) || (asked & (1u << seat))
      || !g_str_equal (arb_net_client_get_seat_kind (client, seat), "person"))
    return G_MAXUINT;
  left = (gint64) arb_net_client_get_replace_after (client) - away - elapsed;
  return (guint) MAX (left, 0);
}

static guint
seconds_until_replace (Waiter *waiter, guint asked)
{
  guint soonest = G_MAXUINT;

  for (guint seat = 0; seat < arb_net_client_get_n_seats (waiter->client); seat++)
    soonest = MIN (soonest, seconds_until_seat (waiter, seat, asked));
  return soonest;
}

/* Asks for every seat away past the limit; returns the seats asked for. */
static guint
replace_away (Waiter *waiter, guint asked, ArbAiLevel level)
{
  ArbNetClient *client = waiter->client;

  for (guint seat = 0; seat < arb_net_client_get_n_seats (client); seat++)
    if (seconds_until_seat (waiter, seat, asked) == 0)
      {
        arb_cli_printerr (_("Seat %u is away: the computer takes it"), seat + 1);
        arb_net_client_replace (client, seat, level);
        asked |= 1u << seat;
      }
  return asked;
}

/* Waits for news; as the host with --replace-away, wakes up when a seat
 * away may be given to a computer, and does so. */
static void
wait_or_replace (Waiter *waiter, const JoinOptions *options, guint *asked)
{
  guint left;

  if (!options->replace || !arb_net_client_get_is_host (waiter->client))
    {
      wait_for_news (waiter);
      return;
    }
  *asked = replace_away (waiter, *asked, options->replace_level);
  left = seconds_until_replace (waiter, *asked);
  if (left >= REPLY_SECONDS)
    {
      wait_for_news (waiter);
      return;
    }
  wait_for_news_within (waiter, left + 1);
  /* Our own wake-up, not the table's silence. */
  waiter->timed_out = FALSE;
}

/* Takes a seat with options->code (a code or a token) and plays it to the
 * end; client is connected already when opened. */
static int
play_seat (ArbNetClient *client, const JoinOptions *options, gboolean opened)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Waiter waiter = { loop, client, FALSE, 0, 0 };
  gboolean token = strlen (options->code) == ARB_NET_TOKEN_LENGTH;
  gboolean told = FALSE;
  guint asked = 0;

  arb_net_client_set_ai (client, options->level, options->seed);
  arb_net_client_set_name (client, options->name);
  if (token)
    arb_net_client_rejoin (client, options->code);
  else
    arb_net_client_join (client, options->code);
  if (!opened)
    arb_net_client_open (client);
  while (!arb_net_client_get_finished (client) && !waiter.timed_out)
    {
      guint step = arb_net_client_get_step (client);

      wait_or_replace (&waiter, options, &asked);
      if (!told && arb_net_client_get_token (client) != NULL)
        {
          told = TRUE;
          arb_cli_printerr (_("Seat %d of table %s. To take it again: arboretum-cli join %s %s"),
                            arb_net_client_get_seat (client) + 1, arb_net_client_get_table (client),
                            options->url, arb_net_client_get_token (client));
          if (options->replace && !arb_net_client_get_is_host (client))
            arb_cli_printerr (_("Only the host may give a seat to the computer: --replace-away does nothing here"));
        }
      if (arb_net_client_get_closed (client) && !arb_net_client_get_finished (client)
          && !reconnect (&waiter))
        return ARB_CLI_EXIT_FAILURE;
      if (arb_net_client_get_step (client) != step)
        waiter.tries = 0;
      if (arb_net_client_get_token (client) == NULL && arb_net_client_get_n_errors (client) > 0)
        return ARB_CLI_EXIT_FAILURE;
    }
  if (!arb_net_client_get_finished (client))
    {
      arb_cli_printerr (_("Nothing happened at the table for %u seconds"), REPLY_SECONDS);
      return ARB_CLI_EXIT_FAILURE;
    }
  print_scores (client, options->json);
  return ARB_CLI_EXIT_OK;
}

static int
run_join (const JoinOptions *options)
{
  g_autoptr (ArbNetClient) client = new_client (options->url, options->ca_file);

  if (client == NULL)
    return ARB_CLI_EXIT_INVALID;
  g_signal_connect (client, "error", G_CALLBACK (print_refusal), NULL);
  return play_seat (client, options, FALSE);
}

int
arb_cli_join (int argc, char **argv)
{
  g_autofree char *level_text = NULL, *seed_text = NULL, *ca_file = NULL;
  g_autofree char *name = NULL, *replace_text = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "tls-ca", 0, 0, G_OPTION_ARG_FILENAME, &ca_file,
      N_("Trust this certificate (PEM) for wss://, when no authority signed the server’s"), N_("FILE") },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &level_text,
      N_("Level of the computer that plays the seat: random, easy, medium (default), hard or expert"), N_("LEVEL") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the computer’s choices, as with play --seed (default: random)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the final scores as JSON"), NULL },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The seat’s name at the table (1 to 32 characters)"), N_("NAME") },
    { "replace-away", 0, 0, G_OPTION_ARG_STRING, &replace_text,
      N_("As the host, give any seat away past the server’s limit to a computer of this level"), N_("LEVEL") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("URL CODE"));
  g_autofree char *url = NULL;
  JoinOptions options = { NULL, NULL, NULL, NULL, ARB_AI_MEDIUM, -1, FALSE, FALSE, ARB_AI_MEDIUM };
  int status;

  g_option_context_set_summary (context,
    _("Takes a seat at a table of network play with its invite code, or takes it\n"
      "again with its token, and plays it with a computer to the end of the game."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (argc != 3)
    {
      arb_cli_printerr (_("Give the server’s address and the invite code"));
      return ARB_CLI_EXIT_INVALID;
    }
  if (!parse_seat_options (level_text, replace_text, name, &options)
      || !parse_seed (seed_text, &options.seed))
    return ARB_CLI_EXIT_INVALID;
  if ((url = read_address (argv[1])) == NULL)
    return ARB_CLI_EXIT_INVALID;
  options.url = url;
  options.ca_file = ca_file;
  options.code = argv[2];
  options.json = json;
  return run_join (&options);
}
