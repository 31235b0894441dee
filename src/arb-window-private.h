/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-private.h: what arb-window.c and arb-window-actions.c share. */
#pragma once

#include "arb-review-chart.h"
#include "arb-seat-driver.h"
#include "arb-session.h"
#include "arb-table-private.h"
#include "arb-window.h"

G_BEGIN_DECLS

/* What to do once a game with unsaved steps is saved or let go. */
typedef enum {
  ARB_AFTER_SAVE_NOTHING,
  ARB_AFTER_SAVE_CLOSE,
  ARB_AFTER_SAVE_OPEN,
  ARB_AFTER_SAVE_NEW_GAME,
  ARB_AFTER_SAVE_OPEN_FILE,   /* the file given to arb_window_open_file_interactive */
} ArbAfterSave;

struct _ArbWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  GtkToggleButton      *panel_button;
  ArbTable             *table;
  AdwStatusPage        *cover_page;
  GtkWidget            *continue_button;
  GtkWidget            *welcome_new_game_button;
  GtkWidget            *hint_button;
  GtkWidget            *take_back_button;
  GtkWidget            *replay_bar;
  GtkScale             *replay_scale;
  GtkLabel             *replay_label;
  GtkToggleButton      *all_hands_switch;
  GtkWidget            *back_to_game_button;
  GtkEventController   *replay_keys;
  GtkWidget            *review_box;
  GtkLabel             *review_label;
  GtkProgressBar       *review_progress;
  ArbReviewChart       *review_chart;

  GSettings            *settings;
  ArbGame              *game;
  ArbReplay            *replay;      /* set while replaying */
  ArbViewpoint         *viewpoint;   /* what the table shows, as whom */
  int                   seat;        /* the person at the screen, -1 for nobody */
  GSignalGroup         *game_signals;
  GSignalGroup         *shown_signals;
  GSignalGroup         *replay_signals; /* the game's or the replay's, as the table shows */
  ArbSeatDriver        *driver;      /* plays the computers' steps */
  GCancellable         *hint_cancellable;
  GCancellable         *review_cancellable; /* set while the game is reviewed */
  guint                 advance_idle;
  ArbScoreDialog       *score_dialog;
  gboolean              seeking;
  ArbSession           *session;     /* the file, unsaved steps, the automatic save */
  ArbAfterSave          after_save;  /* what waits for Save As to finish */
  GFile                *pending_file; /* to open once the question is answered */
  GCancellable         *load_cancellable; /* set while a file is read */
};

void     _arb_window_carry_on          (ArbWindow      *self,
                                        ArbAfterSave    what);
gboolean _arb_window_offer_to_save     (ArbWindow      *self,
                                        ArbAfterSave    then);
void     _arb_window_class_add_actions (GtkWidgetClass *widget_class);
GtkEventController *_arb_window_replay_keys_new (void);
gboolean _arb_window_close_request     (GtkWindow      *window);
gboolean _arb_window_viewer_to_act     (ArbWindow      *self);
gboolean _arb_window_can_take_back     (ArbWindow      *self);
void     _arb_window_cancel_computer   (ArbWindow      *self);
void     _arb_window_show_error        (ArbWindow      *self,
                                        const GError   *error);
void     _arb_window_say               (ArbWindow      *self,
                                        const char     *text,
                                        gboolean        is_error);
void     _arb_window_open_game         (ArbWindow      *self,
                                        ArbGame        *game,
                                        GFile          *file);
void     _arb_window_cancel_load       (ArbWindow      *self);
gboolean _arb_window_is_loading        (ArbWindow      *self);
void     _arb_window_class_add_review (GtkWidgetClass *widget_class);
void     _arb_window_show_review       (ArbWindow      *self);
void     _arb_window_cancel_review     (ArbWindow      *self);
void     _arb_window_update_controls   (ArbWindow      *self);
void     _arb_window_show_source       (ArbWindow      *self,
                                        int             seat);
void     _arb_window_advance           (ArbWindow      *self);

/* What the window shows, for the tests that drive it. */
const char       *arb_window_get_page           (ArbWindow      *self);
int               arb_window_get_viewer         (ArbWindow      *self);
ArbTable         *arb_window_get_table          (ArbWindow      *self);
ArbScoreDialog   *arb_window_get_score_dialog   (ArbWindow      *self);

G_END_DECLS
