/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-private.h: what arb-window.c and arb-window-actions.c share. */
#pragma once

#include "arb-flight-layer.h"
#include "arb-log-view.h"
#include "arb-seat-driver.h"
#include "arb-session.h"
#include "arb-window.h"

G_BEGIN_DECLS

/* The usual width of a card of the large arboretum. */
#define DEFAULT_CARD_WIDTH 78

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
  GtkLabel             *status_label;
  GtkLabel             *hint_label;
  GtkBox               *piles_box;
  GtkLabel             *own_title;
  ArbArboretumView     *own_view;
  GtkLabel             *hand_title;
  ArbHandView          *hand_view;
  GtkButton            *discard_button;
  GtkStack             *seats_stack;
  GtkWidget            *seat_switcher;
  ArbLogView           *log_view;
  AdwStatusPage        *cover_page;
  GtkWidget            *continue_button;
  GtkWidget            *welcome_new_game_button;
  GtkWidget            *hint_button;
  GtkWidget            *take_back_button;
  GtkRevealer          *replay_bar;
  GtkScale             *replay_scale;
  GtkLabel             *replay_label;
  GtkSwitch            *all_hands_switch;
  GtkWidget            *back_to_game_button;
  GtkBox               *other_hands_box;
  GtkEventController   *replay_keys;
  ArbFlightLayer       *flight_layer;
  GtkWidget            *review_box;
  GtkLabel             *review_label;
  GtkProgressBar       *review_progress;

  GSettings            *settings;
  ArbGame              *game;
  GtkWidget            *pile_views[ARB_MAX_PLAYERS + 1]; /* deck first */
  ArbArboretumView     *seat_views[ARB_MAX_PLAYERS];
  int                   viewer;      /* whose hand is on screen, -1 for nobody's */
  ArbCard               new_card;    /* the card the viewer just drew from the deck */
  ArbSeatDriver        *driver;      /* plays the computers' steps */
  GCancellable         *hint_cancellable;
  GCancellable         *review_cancellable; /* set while the game is reviewed */
  guint                 advance_idle;
  gboolean              log_in_replay; /* the log follows a replay's cursor */
  guint                 flight_step;   /* the step whose card flies */
  int                   card_width;  /* of the large arboretum */
  ArbScoreDialog       *score_dialog;
  ArbReplay            *replay;      /* set while replaying */
  gboolean              seeking;
  ArbSession           *session;     /* the file, unsaved steps, the automatic save */
  ArbAfterSave          after_save;  /* what waits for Save As to finish */
  GFile                *pending_file; /* to open once the question is answered */
  GCancellable         *load_cancellable; /* set while a file is read */
  guint                 focus_turn;  /* the turn the focus was last placed for */
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
char    *_arb_window_pile_name         (ArbWindow      *self,
                                        int             source);
void     _arb_window_open_game         (ArbWindow      *self,
                                        ArbGame        *game,
                                        GFile          *file);
void     _arb_window_cancel_load       (ArbWindow      *self);
gboolean _arb_window_is_loading        (ArbWindow      *self);
void     _arb_window_class_add_review (GtkWidgetClass *widget_class);
void     _arb_window_show_review       (ArbWindow      *self);
void     _arb_window_cancel_review     (ArbWindow      *self);
void     _arb_window_refresh           (ArbWindow      *self);
void     _arb_window_advance           (ArbWindow      *self);

/* What the window shows, for the tests that drive it. */
const char       *arb_window_get_page           (ArbWindow      *self);
int               arb_window_get_viewer         (ArbWindow      *self);
ArbHandView      *arb_window_get_hand_view      (ArbWindow      *self);
const char       *arb_window_get_hand_title     (ArbWindow      *self);
ArbArboretumView *arb_window_get_arboretum_view (ArbWindow      *self,
                                                 guint           player);
ArbArboretumView *arb_window_get_side_view      (ArbWindow      *self);
ArbScoreDialog   *arb_window_get_score_dialog   (ArbWindow      *self);
guint             arb_window_get_n_log_lines    (ArbWindow      *self);

G_END_DECLS
