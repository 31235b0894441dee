/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-online.c: two game windows play one game over loopback, as
 * two friends would from two computers: Ann's window hosts (the server in
 * this process), Bob's joins with the code. Each person acts through their
 * own window's widgets on their turn; each window shows its seat exactly
 * what the host sent it; Bob's connection drops once and Ann's window says
 * so until he is back; at the end both windows hold and have saved the
 * host's record and show the scores. The program creates no text entry:
 * GTK 4.8's input method, started by the first one, would be reported by
 * the sanitizer build as a leak during a game this long. */
#include "config.h"

#include <string.h>

#include "arb-test-window.h"
#include "arb-test-files.h"

#include "arb-net-play.h"
#include "arb-save.h"

typedef struct {
  ArbWindow *windows[2];
} Pair;


static ArbNetPlay *
online (ArbWindow *window)
{
  return arb_window_get_online (window);
}

static gboolean
has_code (ArbWindow *window)
{
  return arb_net_play_get_code (online (window)) != NULL;
}

static gboolean
shows_table (ArbWindow *window)
{
  return g_strcmp0 (arb_window_get_page (window), "table") == 0 && arb_window_get_game (window) != NULL;
}

static gboolean
says_someone_is_away (ArbWindow *window)
{
  const char *text = arb_window_get_online_bar_text (window);

  return text != NULL && strstr (text, "Bob") != NULL;
}

static gboolean
says_nobody_is_away (ArbWindow *window)
{
  return arb_window_get_online_bar_text (window) == NULL
         && arb_net_play_get_status (online (window)) == ARB_NET_PLAY_PLAYING;
}

/* What each window's screen shows is its seat's projection as received. */
static void
check_screens (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      ArbWindow *window = pair->windows[i];
      ArbNetClient *client = arb_net_play_get_client (online (window));
      ArbViewpoint *viewpoint = arb_session_get_viewpoint (arb_window_get_session (window));

      g_assert_cmpint (arb_window_get_viewer (window), ==, arb_net_play_get_seat (online (window)));
      g_assert_cmpint (arb_window_get_viewer (window), ==, (int) i);
      g_assert_true (memcmp (arb_viewpoint_get_projection (viewpoint), arb_net_client_get_view (client),
                             sizeof (ArbProjection)) == 0);
      g_assert_cmpuint (arb_hand_view_get_n_cards (arb_table_get_hand_view (arb_window_get_table (window))),
                        ==, arb_card_set_count (&arb_net_client_get_view (client)->state.hands[i]));
    }
}

static guint wanted_steps;

static gboolean
both_at_step (ArbWindow *window)
{
  Pair *pair = g_object_get_data (G_OBJECT (window), "pair");

  for (guint i = 0; i < 2; i++)
    if (arb_game_get_n_steps (arb_window_get_game (pair->windows[i])) < wanted_steps
        || arb_net_client_get_step (arb_net_play_get_client (online (pair->windows[i]))) < wanted_steps)
      return FALSE;
  return TRUE;
}

static void
drop_bob (Pair *pair)
{
  ArbNetClient *client = arb_net_play_get_client (online (pair->windows[1]));

  /* The connection drops as a network would drop it. */
  arb_net_client_close (client);
  g_signal_emit_by_name (client, "closed");
  arb_test_wait_for (pair->windows[0], says_someone_is_away);
  arb_test_wait_for (pair->windows[0], says_nobody_is_away);
  arb_test_wait_for (pair->windows[1], says_nobody_is_away);
}

static void
test_two_windows (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-window-online-XXXXXX", &error);
  g_autoptr (GFile) server_dir = NULL, records = NULL;
  g_autofree char *address = NULL;
  const char *seats[] = { "person", "person" };
  Pair pair = { { arb_test_new_window (), arb_test_new_window () } };
  ArbNetPlay *play;
  gboolean dropped = g_getenv ("NO_DROP") != NULL;

  g_assert_no_error (error);
  server_dir = g_file_new_build_filename (dir, "server", NULL);
  records = g_file_new_build_filename (dir, "records", NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_object_set_data (G_OBJECT (pair.windows[i]), "pair", &pair);
      gtk_window_present (GTK_WINDOW (pair.windows[i]));
    }

  play = arb_net_play_new_host (arb_window_get_session (pair.windows[0]), server_dir, "127.0.0.1:0",
                                ARB_VARIANT_STANDARD, 2, seats, "Ann", &error);
  g_assert_no_error (error);
  arb_net_play_set_record_dir (play, records);
  arb_window_start_online (pair.windows[0], play);
  arb_test_wait_for (pair.windows[0], has_code);
  /* Until Bob sits down, Ann's window shows the code to tell him. */
  g_assert_cmpstr (arb_window_get_page (pair.windows[0]), ==, "online");
  address = g_strdup_printf ("127.0.0.1:%u", arb_net_play_get_port (play));
  play = arb_net_play_new_join (arb_window_get_session (pair.windows[1]), address, arb_net_play_get_code (play),
                                "Bob", &error);
  g_assert_no_error (error);
  arb_net_play_set_record_dir (play, records);
  arb_window_start_online (pair.windows[1], play);
  arb_test_wait_for (pair.windows[0], shows_table);
  arb_test_wait_for (pair.windows[1], shows_table);

  while (!arb_game_is_finished (arb_window_get_game (pair.windows[0])))
    {
      ArbWindow *acting = NULL;

      for (guint i = 0; i < 2; i++)
        if (arb_session_get_person_to_act (arb_window_get_session (pair.windows[i])))
          acting = pair.windows[i];
      g_assert_nonnull (acting);
      check_screens (&pair);
      arb_test_person_step (acting);
      wanted_steps = arb_game_get_n_steps (arb_window_get_game (acting));
      arb_test_wait_for (pair.windows[0], both_at_step);
      if (!dropped && wanted_steps >= 10)
        {
          dropped = TRUE;
          drop_bob (&pair);
        }
    }
  for (guint i = 0; i < 2; i++)
    {
      ArbWindow *window = pair.windows[i];
      GFile *file = arb_net_play_get_record_file (online (window));
      g_autoptr (ArbGame) saved = NULL;

      arb_test_wait_for (window, arb_test_settled);
      g_assert_cmpint (arb_net_play_get_status (online (window)), ==, ARB_NET_PLAY_FINISHED);
      g_assert_nonnull (file);
      saved = arb_save_read_file (file, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (arb_game_is_finished (saved));
      g_assert_true (arb_window_get_score_dialog (window) != NULL);
      g_assert_cmpstr (arb_player_get_name (arb_game_get_player (arb_window_get_game (window), 1)), ==, "Bob");
    }
  for (guint i = 0; i < 2; i++)
    gtk_window_destroy (GTK_WINDOW (pair.windows[i]));
  arb_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window-online/two-windows", test_two_windows);
  return g_test_run ();
}
