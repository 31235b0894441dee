/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perf-window.c: the game's application, as src/main.c starts it, timing
 * itself from outside the product for tests/perf/measure-window (which
 * reads what it prints on stdout):
 *
 *   perf-window launch     the launch: prints the monotonic clock and the
 *                          processor time at the first frame, then quits
 *   perf-window open FILE  once the welcome page is drawn, opens FILE in the
 *                          window as `arboretum FILE` does and prints how
 *                          long reading it took, how long the window took to
 *                          show it, and when the next frame was drawn
 *
 * Everything it measures is the game's own code, linked from the same
 * library as the program; only the stopwatch is here. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <time.h>

#include "arb-application.h"
#include "arb-save.h"
#include "arb-window.h"

static const char *open_path;
static gint64 opened_at;

static gint64
cpu_time_us (void)
{
  struct timespec cpu = { 0, 0 };

  /* All threads: depends less on the load of the machine than the clock. */
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);
  return (gint64) cpu.tv_sec * G_USEC_PER_SEC + cpu.tv_nsec / 1000;
}

static void
quit (gpointer app)
{
  g_application_quit (G_APPLICATION (app));
}

/* Once the frame is done. */
static void
quit_soon (GtkWidget *window)
{
  g_idle_add_once (quit, gtk_window_get_application (GTK_WINDOW (window)));
}

static void
on_frame_after_open (GdkFrameClock *clock, GtkWidget *window)
{
  g_signal_handlers_disconnect_by_data (clock, window);
  g_print ("open-to-frame-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time () - opened_at);
  quit_soon (window);
}

/* What opening a save costs: the file read, checked and replayed through
 * the rules (arb_save_read_file), then the whole of opening it in the
 * window: read again, and handed to the window's session, which lays the
 * game on the table. */
static void
open_save (GtkWidget *window)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (open_path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbReview) review = NULL;
  gint64 start = g_get_monotonic_time ();

  game = arb_save_read_file (file, NULL, NULL, &error);
  if (game == NULL)
    g_error ("%s", error->message);
  g_print ("read-save-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time () - start);
  opened_at = g_get_monotonic_time ();
  g_clear_object (&game);
  game = arb_save_read_file (file, &review, NULL, &error);
  if (game == NULL)
    g_error ("%s", error->message);
  arb_session_open_game (arb_window_get_session (ARB_WINDOW (window)), game, review, file);
  g_print ("open-save-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time () - opened_at);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_frame_after_open), window);
  gtk_widget_queue_draw (window);
}

static void
on_first_frame (GdkFrameClock *clock, GtkWidget *window)
{
  g_signal_handlers_disconnect_by_data (clock, window);
  g_print ("first-frame-monotonic-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  g_print ("first-frame-cpu-us %" G_GINT64_FORMAT "\n", cpu_time_us ());
  if (open_path != NULL)
    open_save (window);
  else
    quit_soon (window);
}

static void
on_realize (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_first_frame), window);
}

static void
on_window_added (GtkApplication *app, GtkWindow *window)
{
  if (ARB_IS_WINDOW (window))
    g_signal_connect (window, "realize", G_CALLBACK (on_realize), NULL);
}

int
main (int argc, char *argv[])
{
  g_autoptr (ArbApplication) app = NULL;
  char *app_argv[] = { argv[0], NULL };

  if (argc == 3 && g_str_equal (argv[1], "open"))
    open_path = argv[2];
  else if (argc != 2 || !g_str_equal (argv[1], "launch"))
    {
      g_printerr ("usage: %s launch | open FILE\n", argv[0]);
      return 2;
    }
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = arb_application_new ();
  /* Never handed over to a game already running on this session. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  return g_application_run (G_APPLICATION (app), 1, app_argv);
}
