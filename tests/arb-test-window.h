/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-window.h: what the programs that drive the whole game window
 * share (test-window-*.c): starting GTK as the application would, a window
 * whose computers step at once, waiting for a condition (and saying what
 * was seen if it never holds), the person's steps through the window's
 * widgets and actions, and the save games of tests/data/saves. */
#pragma once

#include <adwaita.h>

#include "arb-test-driver.h"
#include "arb-test-widget.h"

#include "arb-new-game-dialog.h"
#include "arb-window.h"
#include "arb-window-private.h"

/* A widget of the table, by its id in arb-table.ui. */
#define ARB_TEST_TABLE_PART(window, name) \
  GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (arb_test_table (window)), ARB_TYPE_TABLE, name))

typedef gboolean (*ArbTestCondition) (ArbWindow *window);

/* What the window shows, read as a user of the class reads it: from its
 * session, and from its template's widgets by their ids in arb-window.ui. */
ArbGame        *arb_test_game         (ArbWindow *window);
ArbReplay      *arb_test_replay       (ArbWindow *window);
int             arb_test_viewer       (ArbWindow *window);
const char     *arb_test_page         (ArbWindow *window);
ArbTable       *arb_test_table        (ArbWindow *window);
/* The scoring sheet over window, or NULL. */
ArbScoreDialog *arb_test_score_dialog (ArbWindow *window);
/* Opens a save game at once, read on this thread. */
gboolean        arb_test_open_file    (ArbWindow *window,
                                       GFile     *file,
                                       GError   **error);

/* GTK, libadwaita, the application's style sheet and this build's
 * catalogues; the autosave in a directory of the program's own. */
void        arb_test_window_init (int *argc, char ***argv);
/* A window whose computers step at once: the pace is for people. */
ArbWindow  *arb_test_new_window (void);

/* What a failed wait saw of window: whose turn, the session's state, the
 * page, the number of steps and the log's last lines. */
char       *arb_test_describe_window (ArbWindow *window);
/* Blocks in the main loop until cond (window) holds, at most
 * ARB_TEST_WAIT_LIMIT_SECONDS (arb-test-wait.h); past it the test fails,
 * naming cond and saying what it saw of window. */
#define arb_test_wait_for(window, cond) \
  arb_test_wait_until_described (#cond, (ArbTestCondition) (cond), arb_test_describe_window, (window))
/* Blocks until the game has at least n_steps steps. */
void        arb_test_wait_steps (ArbWindow *window, guint n_steps);

/* Runs the main loop until the review of the game shown is done, as long
 * as it makes progress. */
void        arb_test_wait_reviewed (ArbWindow *window);

/* Conditions. */
/* Whether the weak pointer at pointer was cleared: its object is freed
 * (for arb_test_wait_until). */
gboolean    arb_test_pointer_cleared (gpointer *pointer);
gboolean    arb_test_settled (ArbWindow *window);
gboolean    arb_test_finished (ArbWindow *window);
gboolean    arb_test_not_loading (ArbWindow *window);
gboolean    arb_test_has_game (ArbWindow *window);
gboolean    arb_test_any_card_selected (ArbWindow *window);
gboolean    arb_test_piles_laid_out (ArbWindow *window);
gboolean    arb_test_hand_fits (ArbWindow *window);
gboolean    arb_test_side_shows_another_player (ArbWindow *window);

/* The person at the screen, through the window's widgets and actions. */
void        arb_test_select_card (ArbWindow *window, ArbCard card);
void        arb_test_person_step (ArbWindow *window);
void        arb_test_play_turns (ArbWindow *window, int turns);
void        arb_test_play_to_the_end (ArbWindow *window);
void        arb_test_check_score_sheet (ArbWindow *window);

/* Where widget is in the window. */
double      arb_test_x_in_window (ArbWindow *window, GtkWidget *widget);
double      arb_test_y_in_window (ArbWindow *window, GtkWidget *widget);
/* A label of the window that is drawn and shows text, or NULL. */
GtkLabel   *arb_test_find_shown_label (ArbWindow *window, const char *text);
/* The message dialog over window, if any. */
AdwMessageDialog *arb_test_find_message_dialog (ArbWindow *window);
/* The button under root that shows label, or NULL. */
GtkWidget  *arb_test_find_button (GtkWidget *root, const char *label);
/* The window of that type open, if any (a dialog). */
gpointer    arb_test_find_toplevel (GType type);
/* The New Game dialog, if one is open. */
ArbNewGameDialog *arb_test_find_new_game_dialog (void);

/* A finished standard game of n_players random computers, played in the
 * engine alone: a game to replay or review at once, without a frame drawn
 * for each of its steps. */
ArbGame    *arb_test_random_game (guint n_players, guint32 seed);
/* Shows game, finished, in window and waits for its scoring sheet. */
void        arb_test_show_finished_game (ArbWindow *window, ArbGame *game);

/* A save game of tests/data/saves. */
GFile      *arb_test_saved_game (const char *name);
/* Runs check in French, from the catalogue this build compiled. */
void        arb_test_in_french (void (*check) (void));

