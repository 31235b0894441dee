/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-seats.c: the game changed from every seat (issue 31). With
 * any seat of a game of any size at the screen, a new game of every size,
 * an opened save and its replay take the window's place, and the window
 * stays up showing a seat the new game has. Criticals are fatal: the
 * window once crashed asking a 2-player game for seat 3's projection.
 * The window is driven in a real X server (xvfb-run), through its actions
 * and its public API (arb-test-window.h). */
#include "config.h"

#include "arb-test-window.h"

typedef struct {
  const char *variant;
  guint       n_seats;
} GameSize;

static const GameSize game_sizes[] = {
  { "solo", 1 },
  { "standard", 2 },
  { "classic", 3 },
  { "standard", 4 },
};

/* A spec of arb_window_start_from_spec: one person at seat, computers
 * elsewhere. */
static char *
spec_with_person_at (const GameSize *size, guint seat)
{
  g_autoptr (GString) spec = g_string_new (NULL);

  g_string_printf (spec, "%s:%u", size->variant, size->n_seats);
  if (size->n_seats == 1)
    return g_string_free (g_steal_pointer (&spec), FALSE);
  for (guint p = 0; p < size->n_seats; p++)
    g_string_append_printf (spec, "%c%s", p == 0 ? ':' : ',', p == seat ? "person" : "random");
  return g_string_free (g_steal_pointer (&spec), FALSE);
}

/* The screen shows a seat of the game in the window, or its public table. */
static void
assert_viewer_fits (ArbWindow *window)
{
  ArbGame *game = arb_test_game (window);
  ArbViewpoint *viewpoint = arb_session_get_viewpoint (arb_window_get_session (window));

  g_assert_nonnull (game);
  g_assert_true (arb_viewpoint_get_game (viewpoint) == game);
  g_assert_cmpint (arb_test_viewer (window), <, (int) arb_game_get_n_seats (game));
  g_assert_cmpint (arb_viewpoint_get_projection (viewpoint)->viewer, ==, arb_test_viewer (window));
}

static guint wanted_viewer;

static gboolean
wanted_seat_at_screen (ArbWindow *window)
{
  return arb_test_game (window) != NULL && arb_test_viewer (window) == (int) wanted_viewer;
}

/* Starts spec and waits until its person's seat has the screen. */
static void
start_game (ArbWindow *window, const char *spec, guint person, guint32 seed)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_window_start_from_spec (window, spec, seed, &error));
  g_assert_no_error (error);
  wanted_viewer = person;
  arb_test_wait_for (window, wanted_seat_at_screen);
  assert_viewer_fits (window);
}

static void
test_change_from_every_seat (void)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GFile) saved = arb_test_saved_game ("good-standard-2p.arboretum");
  guint32 seed = 500;

  gtk_window_present (GTK_WINDOW (window));
  for (guint from = 0; from < G_N_ELEMENTS (game_sizes); from++)
    for (guint seat = 0; seat < game_sizes[from].n_seats; seat++)
      {
        g_autofree char *from_spec = spec_with_person_at (&game_sizes[from], seat);
        g_autoptr (GError) error = NULL;

        for (guint to = 0; to < G_N_ELEMENTS (game_sizes); to++)
          {
            g_autofree char *to_spec = spec_with_person_at (&game_sizes[to], 0);

            start_game (window, from_spec, seat, seed++);
            start_game (window, to_spec, 0, seed++);
          }

        /* An opened save, its replay and back to the game. */
        start_game (window, from_spec, seat, seed++);
        g_assert_true (arb_test_open_file (window, saved, &error));
        g_assert_no_error (error);
        assert_viewer_fits (window);
        arb_window_start_replay (window);
        g_assert_nonnull (arb_test_replay (window));
        assert_viewer_fits (window);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL));
        assert_viewer_fits (window);
        start_game (window, from_spec, seat, seed++);
        g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
      }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window/change-from-every-seat", test_change_from_every_seat);
  return g_test_run ();
}
