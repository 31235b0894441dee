/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-dev-tools.c: the hidden options and timings of a development build,
 * for build-aux/measure-window and for screenshots (see arb-dev-tools.h).
 * Compiled only with -Ddevelopment=true. */
#include "config.h"

#include <time.h>

#include "arb-dev-tools.h"
#include "arb-hand-view.h"
#include "arb-window-private.h"

/* What the command line asked for, kept from handle-local-options to the
 * first activation. */
static struct
{
  char    *start_spec; /* --new-game: start this game at once */
  guint32  seed;
  int      autoplay;   /* --autoplay: steps played for everybody first */
  char    *show;       /* --show: an action to activate at start */
  gint64   think_time; /* --think-time, or -1 */
} request = { .think_time = -1 };

void
arb_dev_tools_add_options (GApplication *app)
{
  static const GOptionEntry options[] = {
    { "new-game", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      "Start a game at once, such as standard:2 or standard:4:person,random,random,random", "GAME" },
    { "seed", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL, "Shuffle with this seed", "SEED" },
    { "autoplay", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL,
      "Play this many steps of the new game for everybody first", "STEPS" },
    { "show", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      "Activate this action at start, such as app.rules", "ACTION" },
    { "think-time", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      "Milliseconds each computer step stays on screen", "MS" },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };

  g_application_add_main_option_entries (app, options);
}

void
arb_dev_tools_handle_options (GVariantDict *options)
{
  gint32 seed;
  const char *think_time;
  guint64 think_ms;

  g_variant_dict_lookup (options, "new-game", "s", &request.start_spec);
  g_variant_dict_lookup (options, "autoplay", "i", &request.autoplay);
  g_variant_dict_lookup (options, "show", "s", &request.show);
  /* A string, since GApplication drops an integer option given as 0. */
  if (g_variant_dict_lookup (options, "think-time", "&s", &think_time)
      && g_ascii_string_to_unsigned (think_time, 10, 0, 5000, &think_ms, NULL))
    request.think_time = (gint64) think_ms;
  request.seed = g_variant_dict_lookup (options, "seed", "i", &seed) ? (guint32) seed : g_random_int ();
}

/* Plays steps for everybody with the medium computer, then stops on a
 * person's turn: for screenshots of a game in progress. */
static void
autoplay (ArbWindow *self, guint n_steps, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; self->game != NULL && !arb_game_is_finished (self->game); i++)
    {
      const ArbState *state = arb_game_get_state (self->game);
      gboolean person = !arb_game_is_computer (self->game, state->current);
      ArbAiParams params;
      ArbMove move;

      if (i >= n_steps && person && state->phase == ARB_PHASE_PLAY)
        {
          /* Show where a card may go, as a person choosing would see it. */
          arb_hand_view_select (arb_table_get_hand_view (self->table), arb_card_set_nth (&state->hands[state->current], 0));
          break;
        }
      arb_ai_params_init (&params, ARB_AI_MEDIUM, g_rand_int (rand));
      if (!arb_ai_decide_in_game (self->game, &params, &move, NULL) || !arb_game_apply (self->game, &move, NULL))
        break;
    }
  _arb_window_cancel_computer (self);
}

void
arb_dev_tools_activate (GApplication *app, ArbWindow *window)
{
  if (request.start_spec != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!arb_window_start_from_spec (window, request.start_spec, request.seed, &error))
        g_printerr ("%s\n", error->message);
      else if (request.autoplay > 0)
        autoplay (window, (guint) request.autoplay, request.seed);
      g_clear_pointer (&request.start_spec, g_free);
    }
  if (request.show != NULL)
    {
      /* For screenshots of the dialogs: "app.rules", "app.new-game", "win.replay"… */
      if (g_str_has_prefix (request.show, "app."))
        g_action_group_activate_action (G_ACTION_GROUP (app), request.show + 4, NULL);
      else
        gtk_widget_activate_action (GTK_WIDGET (window), request.show, NULL);
      g_clear_pointer (&request.show, g_free);
    }
}

/* "arb-timing …" on stderr, which build-aux/measure-window reads. */
void
arb_dev_tools_report (const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  if (g_getenv ("ARB_TIMINGS") == NULL)
    return;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("arb-timing %s\n", text);
}

static void
on_first_frame (GdkFrameClock *clock, GtkWidget *widget)
{
  struct timespec cpu = { 0, 0 };

  g_signal_handlers_disconnect_by_data (clock, widget);
  arb_dev_tools_report ("first-frame-monotonic-us %" G_GINT64_FORMAT, g_get_monotonic_time ());
  /* The processor time of all threads so far depends less on the load of
   * the machine than the time on the clock. */
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);
  arb_dev_tools_report ("first-frame-cpu-us %" G_GINT64_FORMAT,
                        (gint64) cpu.tv_sec * G_USEC_PER_SEC + cpu.tv_nsec / 1000);
}

static void
on_realize (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (clock != NULL)
    g_signal_connect (clock, "after-paint", G_CALLBACK (on_first_frame), widget);
}

/* Launch time, measured by build-aux/measure-window: when WIDGET's first
 * frame is drawn. */
void
arb_dev_tools_watch_first_frame (GtkWidget *widget)
{
  if (g_getenv ("ARB_TIMINGS") != NULL)
    g_signal_connect (widget, "realize", G_CALLBACK (on_realize), NULL);
}

/* --think-time holds for this run only: a command-line override never
 * changes the player's stored settings. */
guint
arb_dev_tools_think_time (guint stored)
{
  return request.think_time >= 0 ? (guint) request.think_time : stored;
}
