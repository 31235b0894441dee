/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-tournament.c: arboretum-cli tournament
 *
 * Plays many games between computer players, the seats rotating from game
 * to game so that nobody keeps the advantage of playing first, and prints
 * each player's win rate with its 95% confidence interval (Wilson), mean
 * score and decision times. Games run on worker threads, one per core by
 * default. Each player decides from its seat's view only.
 *
 * A shared victory (a tie the rules leave standing) counts as 1/k of a win
 * for each of the k winners, so the win rates of a table add up to 1; the
 * JSON's wins and shared_wins count games.
 *
 * A tournament of hard players takes minutes: on a terminal, stderr shows
 * how many games are done; piped or redirected, nothing is added.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "arb-cli.h"
#include "arb-engine.h"

#define DEFAULT_GAMES 100

typedef struct {
  ArbAiLevel level;
  double     wins;          /* a shared victory counts 1/k */
  guint      games_won;     /* alone or shared */
  guint      games_shared;  /* won with another player */
  guint      games;
  guint64    score_sum;
  guint64    decisions;
  gint64     decision_us;
  gint64     max_decision_us;
  guint64    playouts;
  gint64     search_us;     /* decision time of the decisions that searched */
} Entrant;

typedef struct {
  ArbVariant  variant;
  guint       n_seats;
  guint       n_games;
  guint32     seed;
  guint       time_ms;
  guint       playouts;
  guint       n_entrants;
  Entrant     entrants[ARB_MAX_PLAYERS];

  gint        next_game;    /* atomic */
  gint        games_done;   /* atomic: for the progress line */
  gint        workers_left; /* atomic */
  GMutex      lock;
  gboolean    failed;
  char       *failure;
} Tournament;

static gboolean
play_game (Tournament *t, guint game, Entrant *local, GError **error)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (t->seed + game);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
  guint entrant_of[ARB_MAX_PLAYERS];
  ArbScoreSheet sheet;
  ArbState state;

  if (!arb_state_setup (&state, t->variant, t->n_seats, 0, rand, error))
    return FALSE;
  for (guint seat = 0; seat < t->n_seats; seat++)
    entrant_of[seat] = (seat + game) % t->n_entrants;

  for (guint decision = 0; state.phase != ARB_PHASE_OVER; decision++)
    {
      guint seat = state.current;
      Entrant *e = &local[entrant_of[seat]];
      ArbAiParams params;
      ArbAiStats stats = { 0 };
      ArbMove move;
      ArbStep step;

      arb_ai_params_init (&params, e->level, arb_ai_decision_seed (t->seed, game, decision, seat));
      params.budget_ms = t->time_ms;
      params.playouts = t->playouts;

      gint64 start = g_get_monotonic_time ();
      if (!arb_ai_decide (&state, (const ArbStep *) steps->data, steps->len, &params, NULL, &move, &stats, error))
        return FALSE;
      gint64 spent = g_get_monotonic_time () - start;

      e->decisions++;
      e->decision_us += spent;
      e->max_decision_us = MAX (e->max_decision_us, spent);
      if (stats.playouts > 0)
        {
          e->playouts += stats.playouts;
          e->search_us += spent;
        }
      if (!arb_state_apply (&state, &move, &step, error))
        return FALSE;
      g_array_append_val (steps, step);
    }

  arb_state_score (&state, &sheet);
  for (guint seat = 0; seat < t->n_seats; seat++)
    {
      Entrant *e = &local[entrant_of[seat]];
      e->games++;
      e->score_sum += sheet.players[seat].total;
      if (sheet.winners & (1u << seat))
        {
          e->wins += 1.0 / __builtin_popcount (sheet.winners);
          e->games_won++;
          if (__builtin_popcount (sheet.winners) > 1)
            e->games_shared++;
        }
    }
  return TRUE;
}

static void
merge (Entrant *into, const Entrant *from)
{
  into->wins += from->wins;
  into->games_won += from->games_won;
  into->games_shared += from->games_shared;
  into->games += from->games;
  into->score_sum += from->score_sum;
  into->decisions += from->decisions;
  into->decision_us += from->decision_us;
  into->max_decision_us = MAX (into->max_decision_us, from->max_decision_us);
  into->playouts += from->playouts;
  into->search_us += from->search_us;
}

static gpointer
worker (gpointer data)
{
  Tournament *t = data;
  Entrant local[ARB_MAX_PLAYERS] = { { 0 } };

  for (guint i = 0; i < t->n_entrants; i++)
    local[i].level = t->entrants[i].level;
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      guint game = (guint) g_atomic_int_add (&t->next_game, 1);
      if (game >= t->n_games || g_atomic_int_get (&t->failed))
        break;
      if (!play_game (t, game, local, &error))
        {
          g_mutex_lock (&t->lock);
          if (!t->failed)
            t->failure = g_strdup_printf (_("Game %u: %s"), game + 1, error->message);
          g_atomic_int_set (&t->failed, TRUE);
          g_mutex_unlock (&t->lock);
          break;
        }
      g_atomic_int_inc (&t->games_done);
    }
  g_mutex_lock (&t->lock);
  for (guint i = 0; i < t->n_entrants; i++)
    merge (&t->entrants[i], &local[i]);
  g_mutex_unlock (&t->lock);
  g_atomic_int_dec_and_test (&t->workers_left);
  return NULL;
}

/* On a terminal, the games done so far, on one line that the next
 * overwrites and the end clears. */
static void
show_progress (Tournament *t)
{
  guint shown = G_MAXUINT;

  while (g_atomic_int_get (&t->workers_left) > 0)
    {
      guint done = (guint) g_atomic_int_get (&t->games_done);

      if (done != shown)
        {
          g_printerr ("\r");
          g_printerr (_("Game %u of %u…"), MIN (done + 1, t->n_games), t->n_games);
          shown = done;
        }
      g_usleep (G_USEC_PER_SEC / 5);
    }
  g_printerr ("\r\033[K");
}

/* A square root by Newton's method: the program links no libm for one call. */
static double
square_root (double x)
{
  double r = x > 1.0 ? x : 1.0;
  if (x <= 0.0)
    return 0.0;
  for (guint i = 0; i < 64; i++)
    r = 0.5 * (r + x / r);
  return r;
}

/* The Wilson score interval at 95%: sound for rates near 0 or 1 and for
 * few games, where the normal approximation is not. */
static void
wilson (double wins, guint n, double *low, double *high)
{
  const double z = 1.959963984540054;
  if (n == 0)
    {
      *low = 0.0;
      *high = 1.0;
      return;
    }
  double p = wins / n, z2n = z * z / n;
  double centre = (p + z2n / 2) / (1 + z2n);
  double half = z * square_root (p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

static double
ms (gint64 us)
{
  return us / 1000.0;
}

static void
print_text (const Tournament *t)
{
  g_print (_("%u games of %s for %u, seed %u, %u ms a decision\n"), t->n_games,
           arb_variant_id (t->variant), t->n_seats, t->seed, t->time_ms);
  /* Translators: column heads of the tournament table; keep the widths */
  g_print ("%-8s %6s %8s %7s  %-15s %6s %9s %9s %12s\n", _("player"), _("games"), _("wins"),
           _("rate"), _("95% interval"), _("score"), _("mean ms"), _("max ms"), _("playouts/s"));
  for (guint i = 0; i < t->n_entrants; i++)
    {
      const Entrant *e = &t->entrants[i];
      double low, high;
      wilson (e->wins, e->games, &low, &high);
      g_autofree char *interval = g_strdup_printf ("%.1f%%–%.1f%%", 100 * low, 100 * high);
      g_print ("%-8s %6u %8.1f %6.1f%%  %-15s %6.1f %9.2f %9.2f %12.0f\n",
               arb_ai_level_id (e->level), e->games, e->wins,
               e->games ? 100.0 * e->wins / e->games : 0.0, interval,
               e->games ? (double) e->score_sum / e->games : 0.0,
               e->decisions ? ms (e->decision_us) / e->decisions : 0.0,
               ms (e->max_decision_us),
               e->search_us > 0 ? e->playouts / (e->search_us / 1e6) : 0.0);
    }
}

/* A rate, a mean or a time: 4 decimals at most, and no more than it needs (0.8525,
 * 1.0), never the 17 digits of a double's exact value that JsonGenerator
 * writes (0.85250000000000004). */
static void
add_number (GPtrArray *members, const char *name, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  gsize len;

  g_ascii_formatd (buf, sizeof buf, "%.4f", value);
  len = strlen (buf);
  while (len > 2 && buf[len - 1] == '0' && buf[len - 2] != '.')
    len--;
  buf[len] = '\0';
  g_ptr_array_add (members, g_strdup_printf ("\"%s\" : %s", name, buf));
}

static void
add_count (GPtrArray *members, const char *name, guint64 value)
{
  g_ptr_array_add (members, g_strdup_printf ("\"%s\" : %" G_GUINT64_FORMAT, name, value));
}

/* One player's line of the table. A field that does not apply to it is
 * left out: shared_wins without a shared victory, playouts_per_second for
 * a level that makes no playouts (random, easy, medium). */
static char *
entrant_json (const Entrant *e)
{
  g_autoptr (GPtrArray) members = g_ptr_array_new_with_free_func (g_free);
  double low, high;

  wilson (e->wins, e->games, &low, &high);
  /* The level's id: lower-case ASCII letters, nothing to escape. */
  g_ptr_array_add (members, g_strdup_printf ("\"ai\" : \"%s\"", arb_ai_level_id (e->level)));
  add_count (members, "games", e->games);
  add_count (members, "wins", e->games_won);
  if (e->games_shared > 0)
    add_count (members, "shared_wins", e->games_shared);
  add_number (members, "win_rate", e->games ? e->wins / e->games : 0.0);
  add_number (members, "ci_low", low);
  add_number (members, "ci_high", high);
  add_number (members, "mean_score", e->games ? (double) e->score_sum / e->games : 0.0);
  if (e->decisions > 0)
    add_number (members, "mean_decision_ms", ms (e->decision_us) / e->decisions);
  add_number (members, "max_decision_ms", ms (e->max_decision_us));
  if (e->search_us > 0)
    add_count (members, "playouts_per_second",
               (guint64) (e->playouts / (e->search_us / 1e6) + 0.5));
  g_ptr_array_add (members, NULL);
  return g_strjoinv (",\n      ", (char **) members->pdata);
}

/* The table as JSON, laid out as JsonGenerator's pretty output. wins
 * counts the games a player won, alone or shared; win_rate counts a
 * victory shared by k players as 1/k, so that a table's rates add up to 1. */
static void
print_json (const Tournament *t)
{
  GString *out = g_string_new ("{\n  \"players\" : [\n");

  for (guint i = 0; i < t->n_entrants; i++)
    {
      g_autofree char *members = entrant_json (&t->entrants[i]);

      g_string_append_printf (out, "    {\n      %s\n    }%s\n", members,
                              i + 1 < t->n_entrants ? "," : "");
    }
  g_string_append (out, "  ]\n}");
  g_print ("%s\n", out->str);
  g_string_free (out, TRUE);
}

static gboolean
parse_entrants (Tournament *t, const char *text)
{
  g_auto (GStrv) ids = g_strsplit (text != NULL ? text : "", ",", -1);
  guint n = g_strv_length (ids);

  if (text == NULL || n != t->n_seats)
    {
      arb_cli_printerr (ngettext ("Give --ai one level for the %u seat",
                                  "Give --ai one level for each of the %u seats", t->n_seats),
                        t->n_seats);
      return FALSE;
    }
  t->n_entrants = n;
  for (guint i = 0; i < n; i++)
    if (!arb_ai_level_from_id (g_strstrip (ids[i]), &t->entrants[i].level))
      {
        arb_cli_printerr (_("Unknown computer level “%s” (known: random, easy, medium, hard, expert)"), ids[i]);
        return FALSE;
      }
  return TRUE;
}

static gboolean
parse_setup (Tournament *t, const char *variant, int players, int games, const char *seed,
             int time_ms, int playouts, const char *ai)
{
  g_autoptr (GError) error = NULL;
  guint64 value;

  if (!arb_variant_from_id (variant != NULL ? variant : "standard", &t->variant))
    {
      arb_cli_printerr (_("Unknown rule set “%s” (known: standard, classic, solo)"), variant);
      return FALSE;
    }
  if (players > 0)
    t->n_seats = (guint) players;
  else
    {
      guint max;

      /* The fewest seats the rule set allows: 2, or 1 in solo. */
      arb_rules_seat_range (t->variant, &t->n_seats, &max);
    }
  if (!arb_rules_check_players (t->variant, t->n_seats, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return FALSE;
    }
  if (games <= 0 || time_ms <= 0 || playouts < 0)
    {
      arb_cli_printerr (_("--games and --time-ms must be positive, --playouts not negative"));
      return FALSE;
    }
  t->n_games = (guint) games;
  t->time_ms = (guint) time_ms;
  t->playouts = (guint) playouts;
  if (seed == NULL)
    t->seed = g_random_int ();
  else if (g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT32, &value, NULL))
    t->seed = (guint32) value;
  else
    {
      arb_cli_printerr (_("The seed must be a whole number from 0 to %u, not “%s”"),
                        G_MAXUINT32, seed);
      return FALSE;
    }
  return parse_entrants (t, ai);
}

static int
run (Tournament *t, guint n_threads)
{
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();

  g_atomic_int_set (&t->workers_left, (gint) n_threads);
  for (guint i = 0; i < n_threads; i++)
    g_ptr_array_add (threads, g_thread_new ("tournament", worker, t));
  if (isatty (fileno (stderr)))
    show_progress (t);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));
  if (t->failed)
    {
      arb_cli_printerr ("%s", t->failure);
      return ARB_CLI_EXIT_FAILURE;
    }
  return ARB_CLI_EXIT_OK;
}

int
arb_cli_tournament (int argc, char **argv)
{
  g_autofree char *variant = NULL, *seed = NULL, *ai = NULL;
  int players = 0, games = DEFAULT_GAMES, time_ms = ARB_AI_DEFAULT_BUDGET_MS, playouts = 0;
  int threads = 2;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Rule set: standard, classic or solo"), N_("V") },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("Number of seats (2 to 4; 1 in solo)"), N_("N") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Number of games (100)"), N_("G") },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &ai, N_("One computer level a seat: random, easy, medium, hard, expert"), N_("A,B,…") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, N_("Seed of the first deal (the next games add 1)"), N_("S") },
    { "time-ms", 0, 0, G_OPTION_ARG_INT, &time_ms, N_("Time for one decision of hard or expert (1000)"), N_("T") },
    { "playouts", 0, 0, G_OPTION_ARG_INT, &playouts, N_("Hard and expert play this many playouts a decision instead of watching the time"), N_("P") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Worker threads (2)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  Tournament t = { 0 };
  int status;

  g_option_context_set_summary (context, _("Plays games between computer players, rotating the seats."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  status = arb_cli_parse_options (context, &argc, &argv);
  if (status != ARB_CLI_EXIT_OK)
    return status;
  if (!parse_setup (&t, variant, players, games, seed, time_ms, playouts, ai))
    return ARB_CLI_EXIT_INVALID;
  if (threads < 1 || threads > 64)
    {
      arb_cli_printerr (_("--threads must be from 1 to 64"));
      return ARB_CLI_EXIT_INVALID;
    }

  g_mutex_init (&t.lock);
  status = run (&t, (guint) threads);
  g_mutex_clear (&t.lock);
  if (status == ARB_CLI_EXIT_OK)
    {
      if (json)
        print_json (&t);
      else
        print_text (&t);
    }
  g_free (t.failure);
  return status;
}
