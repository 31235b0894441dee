/* SPDX-License-Identifier: GPL-3.0-or-later */
/* measure-empty-window.c: the yardstick of build-aux/measure-window, an
 * AdwApplicationWindow of Arboretum's default size with nothing of the game
 * in it, so that what the toolkit and the graphics driver take on their own
 * is told apart from what the game adds. It reports its first frame as the
 * game does with ARB_TIMINGS set. */
#include <adwaita.h>
#include <time.h>

static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  struct timespec cpu = { 0, 0 };

  g_printerr ("arb-timing first-frame-monotonic-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);
  g_printerr ("arb-timing first-frame-cpu-us %" G_GINT64_FORMAT "\n",
              (gint64) cpu.tv_sec * G_USEC_PER_SEC + cpu.tv_nsec / 1000);
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, user_data);
}

static void
on_realize (GtkWidget *widget)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (on_after_paint), NULL);
}

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), adw_status_page_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  g_signal_connect (window, "realize", G_CALLBACK (on_realize), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_autoptr (AdwApplication) app = adw_application_new ("org.example.MeasureEmptyWindow",
                                                         G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
