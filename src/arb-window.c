/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window.c: the window, a view of an ArbSession.
 *
 * The session (arb-session.h) owns the course of the game: who acts next,
 * the computers' steps, which viewer the screen shows, the cover between
 * people, the replay, the review and the files. The window shows it: the
 * page (welcome, table or cover) and the controls follow its properties,
 * the table draws its viewpoint, and every action only calls it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-application.h"
#include "arb-autosave-slots.h"
#include "arb-new-game-dialog.h"
#include "arb-score-dialog.h"
#include "arb-window.h"
#include "arb-accessible.h"
#include "arb-window-private.h"


G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)


static void
on_message (ArbSession *session, const char *text, gboolean is_error, ArbWindow *self)
{
  _arb_window_say (self, text, is_error);
}

/* ---- the window's own controls ------------------------------------------ */

static void
update_actions (ArbWindow *self)
{
  ArbGame *game = arb_session_get_game (self->session);
  ArbReplay *replay = arb_session_get_replay (self->session);
  gboolean acting = arb_session_get_person_to_act (self->session) && _arb_window_on_table (self);
  gboolean replaying = replay != NULL;
  gboolean finished = game != NULL && arb_game_is_finished (game);
  gboolean playing;

  /* During the person's turn the piles stay clickable: a draw out of its
   * step is refused by the engine, with its reason shown. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.draw", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-scores", finished);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.take-back",
                                 arb_session_get_can_take_back (self->session) && _arb_window_on_table (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", acting);
  if (game == NULL)
    return;
  /* Game buttons appear with a game, and leave during a replay and when
   * nobody plays at the screen. */
  playing = !replaying && !finished && arb_game_count_people (game) > 0;
  gtk_widget_set_visible (self->hint_button, playing);
  gtk_widget_set_visible (self->take_back_button, playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", TRUE);
  /* In a replay, Replay starts it again from the deal. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", arb_game_get_n_steps (game) > 0);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-first", replaying && arb_replay_can_go_back (replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-previous",
                                 replaying && arb_replay_can_go_back (replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-next", replaying && arb_replay_can_go_forward (replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-last", replaying && arb_replay_can_go_forward (replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-continue", replaying);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-exit", replaying && !finished);
}

static void
update_replay_bar (ArbWindow *self)
{
  ArbReplay *replay = arb_session_get_replay (self->session);
  ArbGame *game = arb_session_get_game (self->session);
  guint step, n;
  g_autofree char *label = NULL;

  /* A hidden bar must not widen the window either. */
  gtk_widget_set_visible (self->replay_bar, replay != NULL);
  gtk_event_controller_set_propagation_phase (self->replay_keys, replay != NULL ? GTK_PHASE_BUBBLE : GTK_PHASE_NONE);
  gtk_widget_set_visible (self->back_to_game_button, replay != NULL && !arb_game_is_finished (game));
  _arb_window_show_review (self);
  if (replay == NULL)
    return;
  step = arb_replay_get_step (replay);
  n = arb_replay_get_n_steps (replay);
  self->seeking = TRUE;
  gtk_range_set_range (GTK_RANGE (self->replay_scale), 0, MAX (n, 1));
  gtk_range_set_value (GTK_RANGE (self->replay_scale), step);
  self->seeking = FALSE;
  /* Translators: the position of a replay: steps taken of all the steps. */
  label = g_strdup_printf (_("Step %u of %u"), step, n);
  gtk_label_set_label (self->replay_label, label);
}

/* The window's own parts after a step, a move of the replay or a change
 * of viewer: the subtitle, the actions and the replay bar. The table
 * follows the viewpoint by itself. */
void
_arb_window_update_controls (ArbWindow *self)
{
  ArbViewpoint *viewpoint = arb_session_get_viewpoint (self->session);
  const ArbState *state;
  g_autofree char *subtitle = NULL;

  if (arb_viewpoint_get_source (viewpoint) == NULL)
    return;
  state = &arb_viewpoint_get_projection (viewpoint)->state;
  /* Translators: the window's subtitle: the rule set and the turn number. */
  subtitle = g_strdup_printf (_("%s · Turn %u"), arb_variant_name (state->variant), state->turn + 1u);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  update_actions (self);
  update_replay_bar (self);
}

/* The viewer changed: the table redraws by itself from the viewpoint's
 * position-reset; the window's own controls follow. */
static void
on_viewer_changed (ArbWindow *self)
{
  _arb_window_update_controls (self);
}

/* The page follows the session: the table, or the cover while the screen
 * passes to the next person. */
static void
update_page (ArbWindow *self)
{
  ArbGame *game = arb_session_get_game (self->session);
  int cover_for = arb_session_get_cover_for (self->session);

  if (game == NULL)
    return;
  if (cover_for >= 0)
    {
      const char *name = arb_game_player_name (game, cover_for);
      g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
      g_autofree char *description =
        g_strdup_printf (arb_game_name_elides (name)
                         /* Translators: when the name elides (French "C’est au tour d’Ann … pendant qu’Ann"). */
                         ? C_("elided name", "It is %s’s turn. The other players should look away while %s looks at their hand.")
                         : _("It is %s’s turn. The other players should look away while %s looks at their hand."),
                         name, name);

      adw_status_page_set_title (self->cover_page, title);
      adw_status_page_set_description (self->cover_page, description);
      gtk_stack_set_visible_child_name (self->stack, "cover");
      /* Enter or Space lifts the cover: the focus may have been on the
       * table, now hidden, or nowhere after the computers' turns. */
      gtk_widget_grab_focus (adw_status_page_get_child (self->cover_page));
    }
  else
    gtk_stack_set_visible_child_name (self->stack, "table");
  update_actions (self);
}

/* The scores, whose Replay shows the game again. A new sheet says what
 * the table had still to say of the last turn. */
static void
show_scores (ArbWindow *self)
{
  g_autofree char *news = arb_table_take_news (self->table);

  if (_arb_window_present_scores (self))
    {
      arb_score_dialog_set_news (self->score_dialog, news);
      g_signal_connect_object (self->score_dialog, "replay", G_CALLBACK (arb_window_start_replay), self,
                               G_CONNECT_SWAPPED);
    }
}

/* A card drawn, planted or discarded in the game being played (not in its
 * replay) makes its sound, when sounds are on. The step is read as the
 * viewer saw it: its kind is all the sound needs. */
static void
on_shown_step (ArbWindow *self, guint index, ArbViewpoint *viewpoint)
{
  static const ArbSound sounds[] = {
    [ARB_MOVE_DRAW] = ARB_SOUND_DRAW,
    [ARB_MOVE_PLAY] = ARB_SOUND_PLANT,
    [ARB_MOVE_DISCARD] = ARB_SOUND_DISCARD,
  };
  ArbStep step;

  if (arb_viewpoint_is_replay (viewpoint) || !arb_viewpoint_get_step (viewpoint, index, &step))
    return;
  if ((guint) step.move.kind < G_N_ELEMENTS (sounds))
    arb_sounds_play (self->sounds, sounds[step.move.kind]);
}

static void
on_game_ended (ArbSession *session, ArbWindow *self)
{
  arb_sounds_play (self->sounds, ARB_SOUND_GAME_OVER);
  update_page (self);
  _arb_window_update_controls (self);
  show_scores (self);
}

/* The seat whose computer is deciding, from the session's word that a
 * computer's step is under way in the game played; -1 for none. */
static int
thinking_seat (ArbWindow *self)
{
  ArbGame *game = arb_session_get_game (self->session);
  guint current;

  if (game == NULL || !arb_session_get_busy (self->session) || arb_session_get_replay (self->session) != NULL
      || arb_game_is_finished (game))
    return -1;
  current = arb_game_get_current_player (game);
  return arb_game_is_computer (game, current) ? (int) current : -1;
}

/* The spinner moves with the turn, as the session stays busy from one
 * computer to the next. */
static void
update_thinking (ArbWindow *self)
{
  arb_table_set_thinking (self->table, thinking_seat (self));
}

/* The side panel follows the computer playing. */
static void
on_busy (ArbWindow *self)
{
  ArbGame *game = arb_session_get_game (self->session);

  if (arb_session_get_busy (self->session))
    arb_table_follow_player (self->table, arb_game_get_current_player (game));
  update_thinking (self);
}

static void
on_game (ArbWindow *self)
{
  _arb_window_close_scores (self);
  gtk_stack_set_visible_child_name (self->stack, "table");
  update_page (self);
  update_thinking (self);
}

static void
on_replay (ArbWindow *self)
{
  g_signal_group_set_target (self->replay_signals, arb_session_get_replay (self->session));
  if (arb_session_get_replay (self->session) != NULL)
    _arb_window_close_scores (self);
  update_page (self);
  _arb_window_update_controls (self);
  update_thinking (self);
}

static void
on_autosave_failed (ArbSession *session, const char *message, ArbWindow *self)
{
  g_autofree char *text = NULL;

  /* Translators: %s says why the game could not be written. */
  text = g_strdup_printf (_("The game in progress cannot be kept if the game closes: %s"), message);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
update_title (ArbWindow *self)
{
  g_autofree char *title = arb_session_dup_title (self->session);

  adw_window_title_set_title (self->window_title, title != NULL ? title : _("Arboretum"));
}

/* Shows a game, new or opened, and lets whoever's turn it is act. */
void
arb_window_set_game (ArbWindow *self, ArbGame *game)
{
  g_return_if_fail (ARB_IS_WINDOW (self));
  g_return_if_fail (ARB_IS_GAME (game));
  arb_session_set_game (self->session, game, NULL);
}

/* ---- actions ----------------------------------------------------------- */

static void
draw_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!arb_session_get_person_to_act (self->session) || !_arb_window_on_table (self))
    return;
  if (!arb_session_draw (self->session, g_variant_get_int32 (param), &error))
    _arb_window_show_error (self, error);
}

/* win.play and win.discard: a card of the hand, and where it goes (the
 * cell of the arboretum; for a discard, the cell of Q's in solo). */
static void
place_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  guchar card;
  int x, y;

  if (!arb_session_get_person_to_act (self->session) || !_arb_window_on_table (self))
    return;
  g_variant_get (param, "(yii)", &card, &x, &y);
  ArbMove move = g_str_equal (name, "win.play") ? arb_move_play (card, x, y)
                                                : arb_move_discard (card, x, y);
  if (!arb_session_apply (self->session, &move, &error))
    _arb_window_show_error (self, error);
}

/* The person whose turn it is lifts the cover. */
static void
reveal_action (GtkWidget *widget, const char *name, GVariant *param)
{
  arb_session_reveal (ARB_WINDOW (widget)->session);
}

static void
show_scores_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbGame *game = arb_session_get_game (self->session);

  if (game != NULL && arb_game_is_finished (game))
    show_scores (self);
}

static void
new_game_action (GtkWidget *widget, const char *name, GVariant *param)
{
  arb_window_show_new_game (ARB_WINDOW (widget));
}

/* ---- the class ----------------------------------------------------------- */

static void
arb_window_dispose (GObject *object)
{
  ArbWindow *self = ARB_WINDOW (object);

  g_clear_object (&self->shown_signals);
  g_clear_object (&self->replay_signals);
  _arb_window_stop_listing (self);
  _arb_window_back_from_background (self);
  _arb_window_leave_online (self);
  if (self->session != NULL)
    {
      arb_session_stop (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_signal_handlers_disconnect_by_data (arb_session_get_viewpoint (self->session), self);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->sounds);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_WINDOW);
  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

/* Offers to keep hosting a game online, or to save a game with unsaved
 * steps, before the window goes. */
static gboolean
close_request (GtkWindow *window)
{
  ArbWindow *self = ARB_WINDOW (window);

  if (_arb_window_offer_to_keep_hosting (self) || _arb_window_offer_to_save (self, ARB_AFTER_SAVE_CLOSE))
    return TRUE;
  return GTK_WINDOW_CLASS (g_type_class_peek (ADW_TYPE_APPLICATION_WINDOW))->close_request (window);
}

static gboolean
focus_welcome (gpointer data)
{
  _arb_window_focus_welcome (data);
  return G_SOURCE_REMOVE;
}

/* The range of a remembered window size, as the schema gives it. */
#define ARB_WINDOW_MIN_SIZE 200
#define ARB_WINDOW_MAX_SIZE 16384

/* Room GNOME's top bar takes from the screen's height. */
#define TOP_BAR_HEIGHT 40

/* The remembered size, or the default 1100 × 700, is for the screen it was
 * left on: on a smaller one the window opens as large as the screen, not
 * off its edges. */
static void
arb_window_realize (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GdkMonitor *monitor;
  GdkRectangle area;
  int width, height;

  GTK_WIDGET_CLASS (arb_window_parent_class)->realize (widget);
  monitor = gdk_display_get_monitor_at_surface (display, gtk_native_get_surface (GTK_NATIVE (widget)));
  if (monitor == NULL)
    return;
  gdk_monitor_get_geometry (monitor, &area);
  gtk_window_get_default_size (GTK_WINDOW (widget), &width, &height);
  if (width > area.width || height > area.height - TOP_BAR_HEIGHT)
    gtk_window_set_default_size (GTK_WINDOW (widget), MIN (width, area.width),
                                 MIN (height, area.height - TOP_BAR_HEIGHT));
}

/* GtkWindow gives the focus to its first widget once shown: this comes
 * after. */
static void
arb_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (arb_window_parent_class)->map (widget);
  _arb_window_back_from_background (ARB_WINDOW (widget));
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, focus_welcome, g_object_ref (widget), g_object_unref);
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_window_dispose;
  widget_class->map = arb_window_map;
  widget_class->realize = arb_window_realize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;

  g_type_ensure (ARB_TYPE_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, panel_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, header_new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, table);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, cover_page);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, welcome_new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, take_back_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, replay_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, replay_scale);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, replay_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, all_hands_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, back_to_game_button);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  _arb_window_class_add_actions (widget_class);
  _arb_window_class_add_review (widget_class);
  _arb_window_class_add_rights (widget_class);
  _arb_window_class_add_help (widget_class);
  _arb_window_class_add_continue (widget_class);
  _arb_window_class_add_online (widget_class);
  gtk_widget_class_install_action (widget_class, "win.draw", "i", draw_action);
  gtk_widget_class_install_action (widget_class, "win.play", "(yii)", place_action);
  gtk_widget_class_install_action (widget_class, "win.discard", "(yii)", place_action);
  gtk_widget_class_install_action (widget_class, "win.reveal", NULL, reveal_action);
  gtk_widget_class_install_action (widget_class, "win.show-scores", NULL, show_scores_action);
}

/* Actions that need a game, or a replay, to mean anything. */
static const char * const game_actions[] = {
  "win.save", "win.save-as", "win.replay", "win.replay-first", "win.replay-previous",
  "win.replay-next", "win.replay-last", "win.replay-exit", "win.replay-continue",
};

/* The welcome page has its own New Game, and no side panel to show. */
static void
update_header (ArbWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  /* The online page waits for players: no table, no side panel yet. */
  gboolean welcome = g_strcmp0 (page, "welcome") == 0 || g_strcmp0 (page, "online") == 0;

  gtk_widget_set_visible (self->header_new_game_button, !welcome);
  gtk_widget_set_visible (GTK_WIDGET (self->panel_button), !welcome);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.toggle-side-panel", !welcome);
}

/* A remembered size within the schema's range both ways: a negative size
 * would be a warning from GTK, and a size out of the range one from
 * GSettings (the schema's range already keeps what is read within it). */
static gboolean
window_size_from_setting (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_int (value, CLAMP (g_variant_get_int32 (variant), ARB_WINDOW_MIN_SIZE, ARB_WINDOW_MAX_SIZE));
  return TRUE;
}

static GVariant *
window_size_to_setting (const GValue *value, const GVariantType *type, gpointer user_data)
{
  return g_variant_new_int32 (CLAMP (g_value_get_int (value), ARB_WINDOW_MIN_SIZE, ARB_WINDOW_MAX_SIZE));
}

static void
arb_window_init (ArbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  arb_accessible_name_buttons (GTK_WIDGET (self));
  arb_accessible_follow_stack (self->stack);

  self->settings = g_settings_new (SCHEMA_ID);
  self->sounds = arb_sounds_new (self->settings);
  g_settings_bind_with_mapping (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT,
                                window_size_from_setting, window_size_to_setting, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT,
                                window_size_from_setting, window_size_to_setting, NULL, NULL);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  self->session = arb_session_new ();
  /* The computers keep each step on screen for the think-time setting. */
  g_settings_bind (self->settings, "think-time", self->session, "think-time", G_SETTINGS_BIND_GET);
  g_signal_connect (self->session, "autosave-failed", G_CALLBACK (on_autosave_failed), self);
  g_signal_connect (self->session, "message", G_CALLBACK (on_message), self);
  g_signal_connect (self->session, "game-ended", G_CALLBACK (on_game_ended), self);
  g_signal_connect_swapped (self->session, "notify::title", G_CALLBACK (update_title), self);
  g_signal_connect_swapped (self->session, "notify::game", G_CALLBACK (on_game), self);
  g_signal_connect_swapped (self->session, "notify::replay", G_CALLBACK (on_replay), self);
  g_signal_connect_swapped (self->session, "notify::cover-for", G_CALLBACK (update_page), self);
  g_signal_connect_swapped (self->session, "notify::busy", G_CALLBACK (on_busy), self);
  g_signal_connect_swapped (self->session, "notify::person-to-act", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->session, "notify::can-take-back", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->session, "notify::reviewing", G_CALLBACK (_arb_window_update_controls), self);
  g_signal_connect_swapped (self->session, "notify::review", G_CALLBACK (_arb_window_update_controls), self);
  g_signal_connect_swapped (self->session, "notify::review-progress", G_CALLBACK (_arb_window_show_review), self);
  _arb_window_connect_files (self);
  _arb_window_connect_rights (self);
  _arb_window_connect_online (self);
  /* The table shows the session's viewpoint. */
  arb_table_set_viewpoint (self->table, arb_session_get_viewpoint (self->session));
  g_signal_connect_object (arb_session_get_viewpoint (self->session), "notify::source",
                           G_CALLBACK (on_viewer_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (arb_session_get_viewpoint (self->session), "notify::viewer",
                           G_CALLBACK (on_viewer_changed), self, G_CONNECT_SWAPPED);
  g_object_bind_property (self->all_hands_switch, "active", self->session, "open-hands",
                          G_BINDING_SYNC_CREATE);
  /* The window's controls follow the source the table shows. */
  self->shown_signals = g_signal_group_new (ARB_TYPE_VIEWPOINT);
  g_signal_group_connect_swapped (self->shown_signals, "step-applied",
                                  G_CALLBACK (_arb_window_update_controls), self);
  g_signal_group_connect_swapped (self->shown_signals, "step-applied", G_CALLBACK (on_shown_step), self);
  g_signal_group_connect_swapped (self->shown_signals, "step-applied", G_CALLBACK (update_thinking), self);
  g_signal_group_connect_swapped (self->shown_signals, "position-reset",
                                  G_CALLBACK (_arb_window_update_controls), self);
  g_signal_group_set_target (self->shown_signals, arb_session_get_viewpoint (self->session));
  /* The replay's buttons follow what the replay allows. */
  self->replay_signals = g_signal_group_new (ARB_TYPE_REPLAY);
  g_signal_group_connect_swapped (self->replay_signals, "notify::can-go-back", G_CALLBACK (update_actions), self);
  g_signal_group_connect_swapped (self->replay_signals, "notify::can-go-forward", G_CALLBACK (update_actions), self);

  self->replay_keys = _arb_window_replay_keys_new ();
  gtk_widget_add_controller (GTK_WIDGET (self), self->replay_keys);
  _arb_window_list_games_in_progress (self);
  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), game_actions[i], FALSE);
  update_actions (self);
  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (update_header), self);
  update_header (self);
}

ArbWindow *
arb_window_new (GtkApplication *application)
{
  return g_object_new (ARB_TYPE_WINDOW, "application", application, NULL);
}

ArbSession *
arb_window_get_session (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->session;
}

/* Starts a game from "VARIANT:SEATS[:WHO,WHO...]" where WHO is "person" or a
 * computer level, optionally followed by "=NAME": for screenshots,
 * measurements and tests. Without WHO the
 * first seat is a person and the others computers. */
gboolean
arb_window_start_from_spec (ArbWindow *self, const char *spec, guint32 seed, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (spec, ":", 3);
  g_auto (GStrv) who = NULL;
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (ArbGame) game = NULL;
  ArbVariant variant;
  guint64 seats = 0;

  if (!arb_variant_from_id (parts[0], &variant)
      || parts[1] == NULL || !g_ascii_string_to_unsigned (parts[1], 10, 1, ARB_MAX_PLAYERS, &seats, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not a game such as “standard:2”"), spec);
      return FALSE;
    }
  who = parts[2] != NULL ? g_strsplit (parts[2], ",", -1) : g_new0 (char *, 1);
  for (guint i = 0; i < seats; i++)
    {
      g_auto (GStrv) kind_name = g_strsplit (i < g_strv_length (who) ? who[i] : (i == 0 ? "person" : "random"),
                                             "=", 2);
      const char *kind = kind_name[0];
      gboolean person = g_strcmp0 (kind, "person") == 0;
      /* Computer players get names, as in the rulebook's examples. */
      static const char * const computer_names[] = { "Talia", "Rina", "Hugo", "Vera" };
      /* Translators: a default player name; %u is the seat number. */
      g_autofree char *name = person ? g_strdup_printf (_("Player %u"), i + 1)
                                     : g_strdup (computer_names[i % G_N_ELEMENTS (computer_names)]);
      g_ptr_array_add (players, arb_player_new (kind_name[1] != NULL ? kind_name[1] : name, person ? ARB_PLAYER_PERSON : ARB_PLAYER_COMPUTER,
                                                person ? NULL : kind));
    }
  game = arb_game_new (variant, players, seed, 0, error);
  if (game == NULL)
    return FALSE;
  arb_window_set_game (self, game);
  return TRUE;
}

