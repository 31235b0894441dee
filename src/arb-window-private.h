/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-private.h: what arb-window.c shares with its parts
 * (arb-window-*.c). The window calls its parts; a part calls only the
 * messages and the scores (arb-window-messages.c, arb-window-scores.c),
 * never the window or another part: no two files call each other. */
#pragma once

#include "arb-net-play.h"
#include "arb-review-chart.h"
#include "arb-session.h"
#include "arb-sounds.h"
#include "arb-table-private.h"
#include "arb-window.h"

G_BEGIN_DECLS

struct _ArbWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  GtkToggleButton      *panel_button;
  GtkWidget            *header_new_game_button;
  ArbTable             *table;
  AdwStatusPage        *cover_page;
  GtkWidget            *continue_button;   /* the most recent game in progress */
  GtkMenuButton        *games_button;      /* every one, and those set aside */
  GtkWidget            *rejoin_button;
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
  GtkRevealer          *chart_revealer;
  GtkLabel             *review_key;
  GtkToggleButton      *chart_button;
  gboolean              chart_offered; /* the chart's button is shown */
  AdwStatusPage        *online_page;
  GtkLabel             *online_code_label;
  GtkLabel             *online_addresses_label;
  GtkLabel             *online_seats_label;
  GtkWidget            *online_bar;
  GtkLabel             *online_bar_label;
  GtkWidget            *online_bar_button;
  GtkWidget            *online_leave_button;
  GtkWidget            *online_copy_button;

  GSettings            *settings;
  ArbSounds            *sounds;
  ArbSession           *session;     /* the course of the game: the window shows it */
  GSignalGroup         *shown_signals;  /* the session's viewpoint */
  GSignalGroup         *replay_signals; /* the session's replay */
  ArbScoreDialog       *score_dialog;
  gboolean              seeking;
  guint                 read_player; /* the arboretum the keyboard read last */
  ArbNetPlay           *online;      /* the session's link followed, or NULL */
  int                   online_away_seat; /* the seat the bar waits for, or -1 */
  guint                 online_tick;
  gboolean              online_told_saved;
  gboolean              online_in_background; /* hidden, hosting: the application is held */
  GPtrArray            *in_progress; /* ArbAutosaveEntry: what games_button offers */
  GCancellable         *listing;     /* while they are read */
};

void     _arb_window_class_add_actions (GtkWidgetClass *widget_class);
GtkEventController *_arb_window_replay_keys_new (void);
void     _arb_window_connect_files     (ArbWindow      *self);
void     _arb_window_present_new_game  (ArbWindow      *self);
gboolean _arb_window_offer_to_save     (ArbWindow      *self,
                                        ArbAfterSave    then);
void     _arb_window_class_add_review  (GtkWidgetClass *widget_class);
void     _arb_window_class_add_rights  (GtkWidgetClass *widget_class);
void     _arb_window_class_add_help    (GtkWidgetClass *widget_class);
void     _arb_window_class_add_continue (GtkWidgetClass *widget_class);
void     _arb_window_list_games_in_progress (ArbWindow *self);
void     _arb_window_stop_listing      (ArbWindow      *self);
void     _arb_window_focus_welcome     (ArbWindow      *self);
void     _arb_window_connect_rights    (ArbWindow      *self);
gboolean _arb_window_rights_wanted     (ArbWindow      *self);
void     _arb_window_show_review       (ArbWindow      *self);
void     _arb_window_update_controls   (ArbWindow      *self);
void     _arb_window_class_add_online  (GtkWidgetClass *widget_class);
void     _arb_window_connect_online    (ArbWindow      *self);
void     _arb_window_update_online     (ArbWindow      *self);
void     _arb_window_leave_online      (ArbWindow      *self);
gboolean _arb_window_offer_to_keep_hosting (ArbWindow  *self);
void     _arb_window_back_from_background (ArbWindow   *self);

/* The table is the page shown (not the welcome, the cover...). */
static inline gboolean
_arb_window_on_table (ArbWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "table") == 0;
}

/* arb-window-messages.c and arb-window-scores.c, which every part may
 * call: they call nothing else of the window. */
void     _arb_window_say               (ArbWindow      *self,
                                        const char     *text,
                                        gboolean        is_error);
void     _arb_window_show_error        (ArbWindow      *self,
                                        const GError   *error);
gboolean _arb_window_present_scores    (ArbWindow      *self);
void     _arb_window_close_scores      (ArbWindow      *self);

G_END_DECLS
