/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-log-view.c: ArbLogView on its own, in a plain window, fed by a game
 * played here: one line a step in the engine's words and a heading a
 * turn, whether the game is given whole or step by step; the lines of
 * steps taken back go; a replay's step marked, the steps to come dimmed,
 * and the step marked brought into view. */
#include "config.h"

#include "arb-test-widget.h"
#include "arb-test-state.h"
#include "arb-log-view.h"

typedef struct {
  GtkWindow  *window;
  ArbLogView *view;
  ArbGame    *game;
  ArbViewpoint *viewpoint; /* the game for the public table: what the log reads */
  GRand      *rand;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (GError) error = NULL;

  fixture->game = arb_game_new (ARB_VARIANT_STANDARD, players, 7, 0, &error);
  g_assert_no_error (error);
  fixture->viewpoint = arb_viewpoint_new (ARB_TABLE_EVENTS (fixture->game), ARB_VIEWER_PUBLIC);
  fixture->rand = g_rand_new_with_seed (5);
  fixture->view = g_object_new (ARB_TYPE_LOG_VIEW, NULL);
  /* Short: the log scrolls. */
  fixture->window = arb_test_window_new (GTK_WIDGET (fixture->view), 300, 200);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
  g_rand_free (fixture->rand);
  g_assert_finalize_object (fixture->viewpoint);
  g_assert_finalize_object (fixture->game);
}

/* A random legal step, and, when view is not NULL, its line. */
static void
play (Fixture *fixture, guint n_steps, ArbLogView *view)
{
  for (guint i = 0; i < n_steps && !arb_game_is_finished (fixture->game); i++)
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (fixture->game), fixture->rand);

      g_assert_true (arb_game_apply (fixture->game, &move, NULL));
      if (view != NULL)
        arb_log_view_add_step (view, arb_game_get_n_steps (fixture->game) - 1);
    }
}

static char *
row_text (ArbLogView *view, int index)
{
  return arb_log_view_get_line (view, (guint) index);
}

#define assert_line(view, index, expected) \
  G_STMT_START { \
    g_autofree char *line__ = row_text ((view), (index)); \
    g_assert_cmpstr (line__, ==, (expected)); \
  } G_STMT_END

static gboolean
is_heading (ArbLogView *view, int index)
{
  return arb_log_view_line_has_style (view, (guint) index, "heading");
}

static char *
heading (ArbGame *game, guint turn, guint player)
{
  return g_strdup_printf ("Turn %u · %s", turn, arb_game_player_name (game, player));
}

/* A finished game's last line: the result, as the scoring tells it, and
 * every player's points. */
static char *
result_line (ArbGame *game)
{
  const char *names[ARB_MAX_PLAYERS] = { NULL };
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree char *result = NULL;
  ArbScoreSheet sheet;

  arb_state_score (arb_game_get_state (game), &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    names[p] = arb_game_player_name (game, p);
  result = arb_score_describe_result (&sheet, names);
  g_string_append_printf (line, "%s (", result);
  for (guint p = 0; p < sheet.n_players; p++)
    g_string_append_printf (line, "%s%s %u", p > 0 ? ", " : "", names[p], sheet.players[p].total);
  g_string_append_c (line, ')');
  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The log of game as it should read: a heading, then a line a step and,
 * after each discard, the heading of the next turn; after the last step
 * of a finished game, its result. */
static GPtrArray *
expected_lines (ArbGame *game)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const ArbState *start = arb_game_get_start_state (game);
  guint n = arb_game_get_n_steps (game), turn = start->turn + 1;

  g_ptr_array_add (lines, heading (game, turn, start->current));
  for (guint i = 0; i < n; i++)
    {
      const ArbStep *step = arb_game_get_step (game, i);

      g_ptr_array_add (lines, arb_game_describe_step (game, step, ARB_STEP_TEXT_PUBLIC));
      if (step->move.kind == ARB_MOVE_DISCARD && (i + 1 < n || !arb_game_is_finished (game)))
        g_ptr_array_add (lines, heading (game, ++turn, i + 1 < n ? arb_game_get_step (game, i + 1)->player
                                                                 : arb_game_get_current_player (game)));
    }
  if (arb_game_is_finished (game))
    g_ptr_array_add (lines, result_line (game));
  return lines;
}

/* The log shows game's lines, each step's where get_row_of_step says, the
 * headings as headings. */
static void
assert_log_of (ArbLogView *view, ArbGame *game)
{
  g_autoptr (GPtrArray) lines = expected_lines (game);

  g_assert_cmpuint (arb_log_view_get_n_lines (view), ==, lines->len);
  g_assert_null (arb_log_view_get_line (view, lines->len));
  for (guint i = 0; i < lines->len; i++)
    {
      g_autofree char *text = row_text (view, (int) i);

      g_assert_cmpstr (text, ==, lines->pdata[i]);
    }
  for (guint i = 0; i < arb_game_get_n_steps (game); i++)
    {
      g_autofree char *text = arb_game_describe_step (game, arb_game_get_step (game, i), ARB_STEP_TEXT_PUBLIC);
      int r = arb_log_view_get_row_of_step (view, i);
      g_autofree char *shown = row_text (view, r);

      g_assert_cmpstr (shown, ==, text);
      g_assert_false (is_heading (view, r));
    }
  g_assert_cmpint (arb_log_view_get_row_of_step (view, arb_game_get_n_steps (game)), ==, -1);
  g_assert_true (is_heading (view, 0));
}

/* A game given whole: its first turns, then the whole of it. */
static void
test_set_game (Fixture *fixture, gconstpointer data)
{
  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  g_assert_cmpuint (arb_log_view_get_n_lines (fixture->view), ==, 1);
  assert_line (fixture->view, 0, "Turn 1 · Player 1");

  /* Two turns of four steps, and a draw. */
  play (fixture, 9, NULL);
  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  g_assert_cmpuint (arb_log_view_get_n_lines (fixture->view), ==, 1 + 9 + 2);
  assert_line (fixture->view, 5, "Turn 2 · Player 2");
  g_assert_true (is_heading (fixture->view, 5));
  assert_line (fixture->view, 10, "Turn 3 · Player 1");
  g_assert_cmpint (arb_log_view_get_row_of_step (fixture->view, 4), ==, 6);
  assert_log_of (fixture->view, fixture->game);

  play (fixture, G_MAXUINT, NULL);
  g_assert_true (arb_game_is_finished (fixture->game));
  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  assert_log_of (fixture->view, fixture->game);
  /* No turn comes after the last step: only the result, as a heading. */
  g_assert_cmpint (arb_log_view_get_row_of_step (fixture->view, arb_game_get_n_steps (fixture->game) - 1), ==,
                   (int) arb_log_view_get_n_lines (fixture->view) - 2);
  g_assert_true (is_heading (fixture->view, (int) arb_log_view_get_n_lines (fixture->view) - 1));
}

/* Step by step, the log reads as the game given whole. */
static void
test_add_step (Fixture *fixture, gconstpointer data)
{
  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  while (!arb_game_is_finished (fixture->game))
    {
      play (fixture, 1, fixture->view);
      assert_log_of (fixture->view, fixture->game);
    }
}

/* A step taken back loses its line, and a discard the heading after it. */
static void
test_trim (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  guint lines;

  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  play (fixture, 8, fixture->view);
  lines = arb_log_view_get_n_lines (fixture->view);
  assert_line (fixture->view, (int) lines - 1, "Turn 3 · Player 1");
  /* The discard. */
  g_assert_true (arb_game_take_back (fixture->game, &error));
  g_assert_no_error (error);
  arb_log_view_trim (fixture->view);
  g_assert_cmpuint (arb_log_view_get_n_lines (fixture->view), ==, lines - 2);
  assert_log_of (fixture->view, fixture->game);
  /* The play. */
  g_assert_true (arb_game_take_back (fixture->game, &error));
  arb_log_view_trim (fixture->view);
  g_assert_cmpuint (arb_log_view_get_n_lines (fixture->view), ==, lines - 3);
  assert_log_of (fixture->view, fixture->game);
  /* Nothing taken back: nothing goes. */
  arb_log_view_trim (fixture->view);
  g_assert_cmpuint (arb_log_view_get_n_lines (fixture->view), ==, lines - 3);
  /* Played again. */
  play (fixture, 2, fixture->view);
  assert_log_of (fixture->view, fixture->game);
}

/* The styles of every row, as "c" for the step just replayed, "f" for a
 * step to come and "." for neither. */
static char *
marks (ArbLogView *view)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < arb_log_view_get_n_lines (view); i++)
    {
      gboolean current = arb_log_view_line_has_style (view, i, "replay-current");
      gboolean future = arb_log_view_line_has_style (view, i, "replay-future");

      g_assert_false (current && future);
      g_string_append_c (text, current ? 'c' : future ? 'f' : '.');
    }
  return g_string_free (text, FALSE);
}

#define assert_marks(view, expected) \
  G_STMT_START { \
    g_autofree char *marks__ = marks (view); \
    g_assert_cmpstr (marks__, ==, (expected)); \
  } G_STMT_END

/* In a replay at step s, the line of step s - 1 is marked and in view,
 * and every line after it dimmed; at the start, all but the first
 * heading; out of the replay, nothing. */
static void
test_follow (Fixture *fixture, gconstpointer data)
{
  int last;

  play (fixture, 9, NULL);
  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  /* Headings at rows 0, 5 and 10; not in a replay, nothing marked. */
  assert_marks (fixture->view, "............");
  last = (int) arb_log_view_get_n_lines (fixture->view) - 1;
  arb_test_wait_log_line_in_view (fixture->view, (guint) last);
  g_assert_false (arb_test_log_line_in_view (fixture->view, 0));

  arb_log_view_follow (fixture->view, 3);
  assert_marks (fixture->view, "...cffffffff");
  arb_test_wait_log_line_in_view (fixture->view, 3);
  arb_log_view_follow (fixture->view, 5);
  assert_marks (fixture->view, "......cfffff");
  arb_log_view_follow (fixture->view, 0);
  assert_marks (fixture->view, ".fffffffffff");
  arb_test_wait_log_line_in_view (fixture->view, 0);
  arb_log_view_follow (fixture->view, 9);
  assert_marks (fixture->view, "...........c");
  arb_log_view_follow (fixture->view, 4);
  assert_marks (fixture->view, "....cfffffff");
  arb_log_view_follow (fixture->view, -1);
  assert_marks (fixture->view, "............");
  arb_test_wait_log_line_in_view (fixture->view, (guint) last);
}

/* The colour of the dimmed lines. */
static GdkRGBA
future_colour (ArbLogView *view)
{
  GtkTextTagTable *tags = gtk_text_buffer_get_tag_table (gtk_text_view_get_buffer (arb_log_view_get_text_view (view)));
  g_autoptr (GdkRGBA) colour = NULL;

  g_object_get (gtk_text_tag_table_lookup (tags, "replay-future"), "foreground-rgba", &colour, NULL);
  g_assert_nonnull (colour);
  return *colour;
}

/* The steps to come are dimmed in the theme's colour of text, and follow
 * it from light to dark and back. */
static void
test_dark (Fixture *fixture, gconstpointer data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  GdkRGBA light, dark, light_again;

  play (fixture, 9, NULL);
  arb_log_view_set_viewpoint (fixture->view, fixture->viewpoint);
  arb_log_view_follow (fixture->view, 3);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  arb_test_wait_frames (GTK_WIDGET (fixture->view), ARB_TEST_FRAMES_TO_SETTLE);
  light = future_colour (fixture->view);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  arb_test_wait_frames (GTK_WIDGET (fixture->view), ARB_TEST_FRAMES_TO_SETTLE);
  dark = future_colour (fixture->view);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  arb_test_wait_frames (GTK_WIDGET (fixture->view), ARB_TEST_FRAMES_TO_SETTLE);
  light_again = future_colour (fixture->view);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  g_assert_false (gdk_rgba_equal (&light, &dark));
  g_assert_true (gdk_rgba_equal (&light, &light_again));
  /* Dimmed: the text's colour, less than half opaque. */
  g_assert_cmpfloat (light.alpha, <, 0.5);
  g_assert_cmpfloat (dark.alpha, <, 0.5);
  assert_marks (fixture->view, "...cffffffff");
}

#define ADD(path, func) \
  g_test_add ("/log-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  arb_test_widget_init (&argc, &argv);

  ADD ("set-game", test_set_game);
  ADD ("add-step", test_add_step);
  ADD ("trim", test_trim);
  ADD ("follow", test_follow);
  ADD ("dark", test_dark);

  return g_test_run ();
}
