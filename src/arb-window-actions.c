/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-actions.c: the window's commands beyond a move: take back, a
 * hint, zoom, saving and opening, and the replay. The table and the course
 * of the game are in arb-window.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-application.h"
#include "arb-new-game-dialog.h"
#include "arb-window.h"
#include "arb-window-private.h"

#define SAVE_SUFFIX ".arboretum"

static gboolean
on_table (ArbWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "table") == 0;
}

static void
take_back_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!arb_session_take_back (self->session, &error))
    _arb_window_show_error (self, error);
}

/* The session's hint, on the table and in words. */
static void
on_hint (ArbSession *session, const ArbMove *hint, ArbWindow *self)
{
  ArbGame *game = arb_session_get_game (session);
  const ArbState *shown = &arb_viewpoint_get_projection (arb_session_get_viewpoint (session))->state;
  ArbMove move = *hint;
  g_autofree char *card = NULL;
  g_autofree char *text = NULL;

  if (!on_table (self))
    return;
  card = arb_card_is_valid (move.card) ? arb_card_to_string (move.card) : NULL;
  arb_table_show_hint (self->table, &move);
  switch (move.kind)
    {
    case ARB_MOVE_DRAW:
      if (move.source == ARB_SOURCE_DECK)
        text = g_strdup (_("Hint: draw from the deck"));
      else
        {
          g_autofree char *pile = arb_game_pile_name (game, move.source);
          g_autofree char *top = arb_card_to_string (arb_pile_top (&shown->discards[move.source]));
          /* Translators: a card, then a pile, as in “Hint: take Oak 5 from Talia’s discard pile”. */
          text = g_strdup_printf (_("Hint: take %s from %s"), top, pile);
        }
      break;
    case ARB_MOVE_PLAY:
      text = g_strdup_printf (_("Hint: plant %s on the marked place"), card);
      break;
    case ARB_MOVE_DISCARD:
    default:
      if (!arb_state_discards_on_pile (shown))
        text = g_strdup_printf (_("Hint: put %s on the marked place in Q’s arboretum"), card);
      else
        text = g_strdup_printf (_("Hint: discard %s"), card);
      break;
    }
  _arb_window_say (self, text, FALSE);
}

/* F9, as in GNOME's other apps with a side panel: the button follows, and
 * the panel with it. */
static void
toggle_side_panel_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  gtk_toggle_button_set_active (self->panel_button, !gtk_toggle_button_get_active (self->panel_button));
}

static void
hint_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (on_table (self))
    arb_session_hint (self->session);
}

/* ---- saving and opening ------------------------------------------------- */

/* Saves the game into file, which becomes the file of Save. */
gboolean
arb_window_save_to_file (ArbWindow *self, GFile *file, GError **error)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  return arb_session_save (self->session, file, error);
}

/* A file that cannot be opened or saved says why in a dialog, wherever
 * the file came from: the Open dialog, the command line or a file manager. */
static void
show_message (ArbWindow *self, const char *heading, const char *body)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
write_game (ArbWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (!arb_window_save_to_file (self, file, &error))
    {
      show_message (self, _("Could Not Save the Game"), error->message);
      return FALSE;
    }
  /* The title now names the file, without the mark of unsaved steps: as in
   * GNOME's editors, that is all a save needs to show. */
  return TRUE;
}

static GtkFileFilter *
save_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Arboretum games"));
  gtk_file_filter_add_mime_type (filter, "application/x-arboretum");
  gtk_file_filter_add_suffix (filter, "arboretum");
  return filter;
}

/* Save As and Open start where the last game was saved or opened, at
 * first in the user's documents: never in the working directory, which
 * for a game started from the desktop is the home folder or "/". */
static void
start_in_last_folder (ArbWindow *self, GtkFileChooser *chooser)
{
  g_autofree char *last = g_settings_get_string (self->settings, "last-folder");
  const char *folder = *last != '\0' && g_file_test (last, G_FILE_TEST_IS_DIR)
                       ? last : g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr (GFile) file = NULL;

  if (folder == NULL || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    folder = g_get_home_dir ();
  file = g_file_new_for_path (folder);
  gtk_file_chooser_set_current_folder (chooser, file, NULL);
}

static void
remember_folder (ArbWindow *self, GFile *file)
{
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;

  if (path != NULL)
    g_settings_set_string (self->settings, "last-folder", path);
}

/* The choosers are modal: no card can be chosen behind them. */
static GtkFileChooserNative *
new_chooser (ArbWindow *self, const char *title, GtkFileChooserAction action, const char *accept)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                               accept, _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = save_filter ();

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  start_in_last_folder (self, GTK_FILE_CHOOSER (chooser));
  return chooser;
}

static void
on_save_response (GtkNativeDialog *chooser, int response, ArbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      /* The file type goes with the name, so that the file opens with the game. */
      if (path != NULL && !g_str_has_suffix (path, SAVE_SUFFIX))
        {
          g_autofree char *named = g_strconcat (path, SAVE_SUFFIX, NULL);
          g_set_object (&file, g_file_new_for_path (named));
        }
      /* Once saved, what waited for the offer to save goes on. */
      if (write_game (self, file))
        remember_folder (self, file);
    }
  else
    arb_session_cancel_offer (self->session);
  g_object_unref (chooser);
}

static void
save_as_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (arb_session_get_game (self->session) == NULL)
    return;
  chooser = new_chooser (self, _("Save Game"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  if (arb_session_get_file (self->session) != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), arb_session_get_file (self->session), NULL);
  else
    /* Translators: the name offered for a new save game file. */
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("Arboretum game.arboretum"));
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (arb_session_get_game (self->session) == NULL)
    return;
  if (arb_session_get_file (self->session) != NULL)
    write_game (self, arb_session_get_file (self->session));
  else
    save_as_action (widget, name, param);
}

static void
on_open_failed (ArbSession *session, const char *message, ArbWindow *self)
{
  show_message (self, _("Could Not Open the Game"), message);
}

static void
on_open_response (GtkNativeDialog *chooser, int response, ArbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      remember_folder (self, file);
      arb_session_load (self->session, file);
    }
  g_object_unref (chooser);
}

static void
show_open_chooser (ArbWindow *self)
{
  GtkFileChooserNative *chooser = new_chooser (self, _("Open Game"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));

  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (!_arb_window_offer_to_save (self, ARB_AFTER_SAVE_OPEN))
    show_open_chooser (self);
}

/* Opens file as the Open command does: a game with unsaved moves is first
 * offered to be saved, and the file opens once that is answered. The file
 * is read in the background; if it cannot be opened, the window says why. */
void
arb_window_open_file_interactive (ArbWindow *self, GFile *file)
{
  g_return_if_fail (ARB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  arb_session_open_file (self->session, file);
  if (arb_session_get_offer (self->session) != ARB_AFTER_SAVE_NOTHING)
    _arb_window_offer_to_save (self, ARB_AFTER_SAVE_OPEN_FILE);
}

static void
on_game_created (ArbNewGameDialog *dialog, ArbGame *game, ArbWindow *self)
{
  arb_session_set_game (self->session, game, NULL);
}

void
arb_window_show_new_game (ArbWindow *self)
{
  if (!_arb_window_offer_to_save (self, ARB_AFTER_SAVE_NEW_GAME))
    _arb_window_present_new_game (self);
}

/* The New Game dialog, whatever the game in progress holds. */
void
_arb_window_present_new_game (ArbWindow *self)
{
  ArbNewGameDialog *dialog = arb_new_game_dialog_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "game-created", G_CALLBACK (on_game_created), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Goes on with what a game with unsaved steps held up; a file waiting to
 * open is the session's. */
static void
on_carry_on (ArbSession *session, ArbAfterSave what, ArbWindow *self)
{
  switch (what)
    {
    case ARB_AFTER_SAVE_CLOSE:
      gtk_window_close (GTK_WINDOW (self));
      break;
    case ARB_AFTER_SAVE_OPEN:
      show_open_chooser (self);
      break;
    case ARB_AFTER_SAVE_NEW_GAME:
      arb_window_show_new_game (self);
      break;
    case ARB_AFTER_SAVE_OPEN_FILE:
    case ARB_AFTER_SAVE_NOTHING:
    default:
      break;
    }
}

static void
on_offer_response (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  /* The dialog closes after this handler, and carrying on may have
   * destroyed the window by then (Close Without Saving): a dialog still
   * transient for it would reach into a freed window. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  if (g_strcmp0 (response, "discard") == 0 && arb_session_get_offer (self->session) == ARB_AFTER_SAVE_NEW_GAME)
    {
      /* The game is let go only when a new one takes its place: the New
       * Game dialog may still be cancelled, and quitting must then ask
       * again. */
      arb_session_cancel_offer (self->session);
      _arb_window_present_new_game (self);
    }
  else if (g_strcmp0 (response, "discard") == 0)
    arb_session_discard (self->session);
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (arb_session_get_file (self->session) != NULL)
        write_game (self, arb_session_get_file (self->session));
      else
        save_as_action (GTK_WIDGET (self), "win.save-as", NULL);
    }
  else
    arb_session_cancel_offer (self->session);
}

/* What the question to save says would be lost: moves, or only the review
 * of a game; a game over is not kept for the next start. */
static const char *
offer_body (ArbWindow *self, gboolean closing)
{
  gboolean over = arb_game_is_finished (arb_session_get_game (self->session));

  if (!arb_session_has_unsaved_steps (self->session))
    return closing ? _("The review of this game is not saved.")
                   : _("The review of this game is not saved. Another game will take its place.");
  if (!closing)
    return _("The game has moves that are not saved. Another game will take its place.");
  return over ? _("The game has moves that are not saved.")
              : _("The game has moves that are not saved. The game in progress "
                  "is also kept and offered again at the next start.");
}

/* Before the window closes or another game takes the place of this one,
 * offers to save steps that are not saved yet: the automatic save keeps
 * a game in progress only until the next game starts. Returns FALSE when
 * there is nothing to save and the caller can go on at once. */
gboolean
_arb_window_offer_to_save (ArbWindow *self, ArbAfterSave then)
{
  GtkWidget *dialog;
  gboolean closing = then == ARB_AFTER_SAVE_CLOSE;

  if (arb_session_get_offer (self->session) == ARB_AFTER_SAVE_NOTHING
      && !arb_session_offer_to_save (self->session, then))
    return FALSE;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save the Game?"), offer_body (self, closing));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", closing ? _("_Close Without Saving") : _("_Discard Game"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "then", GINT_TO_POINTER (then));
  g_signal_connect (dialog, "response", G_CALLBACK (on_offer_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* ---- replay ------------------------------------------------------------- */

/* Shows the game as a replay, at its last step. */
void
arb_window_start_replay (ArbWindow *self)
{
  g_return_if_fail (ARB_IS_WINDOW (self));
  _arb_window_close_scores (self);
  if (arb_session_get_replay (self->session) == NULL)
    arb_session_start_replay (self->session);
}

/* In a replay, Replay starts it again from the deal. */
static void
replay_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  _arb_window_close_scores (self);
  arb_session_start_replay (self->session);
}

static void
replay_move_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbReplay *replay = arb_session_get_replay (ARB_WINDOW (widget)->session);

  if (replay == NULL)
    return;
  if (g_str_equal (name, "win.replay-first"))
    arb_replay_first (replay);
  else if (g_str_equal (name, "win.replay-previous"))
    arb_replay_previous (replay);
  else if (g_str_equal (name, "win.replay-next"))
    arb_replay_next (replay);
  else
    arb_replay_last (replay);
}

static void
on_replay_scale_changed (GtkRange *range, ArbWindow *self)
{
  ArbReplay *replay = arb_session_get_replay (self->session);

  if (replay == NULL || self->seeking)
    return;
  arb_replay_seek (replay, (guint) (gtk_range_get_value (range) + 0.5));
}

static void
replay_exit_action (GtkWidget *widget, const char *name, GVariant *param)
{
  arb_session_stop_replay (ARB_WINDOW (widget)->session);
}

/* A new game that goes on from the moment shown, with its history. */
static void
replay_continue_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!arb_session_continue_replay (self->session, &error))
    _arb_window_show_error (self, error);
}

/* Large arboreta stay readable: the player's own can be zoomed. */
static void
zoom_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  arb_table_zoom (self->table, g_str_equal (name, "win.zoom-in") ? 1 : g_str_equal (name, "win.zoom-out") ? -1 : 0);
  gtk_widget_action_set_enabled (widget, "win.zoom-in", arb_table_can_zoom (self->table, 1));
  gtk_widget_action_set_enabled (widget, "win.zoom-out", arb_table_can_zoom (self->table, -1));
}

/* ---- the keyboard's ways around the table --------------------------------- */

/* H, P, A and L go to the hand, the piles, the arboretum and the log. */
static void
focus_part_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbTablePart part = g_str_equal (name, "win.focus-hand") ? ARB_TABLE_PART_HAND
                      : g_str_equal (name, "win.focus-piles") ? ARB_TABLE_PART_PILES
                      : g_str_equal (name, "win.focus-log") ? ARB_TABLE_PART_LOG
                      : ARB_TABLE_PART_ARBORETUM;

  if (on_table (self) && !arb_table_focus_part (self->table, part))
    gtk_widget_error_bell (widget);
}

/* 1 to 4 read a player's arboretum; O the next one. */
static void
read_arboretum_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbGame *game = arb_session_get_game (self->session);
  guint n_players;

  if (!on_table (self) || game == NULL)
    return;
  n_players = arb_viewpoint_get_projection (arb_session_get_viewpoint (self->session))->state.n_players;
  if (param != NULL)
    self->read_player = (guint) MAX (g_variant_get_int32 (param), 0);
  else
    self->read_player = (self->read_player + 1) % n_players;
  if (self->read_player >= n_players)
    {
      self->read_player = 0;
      gtk_widget_error_bell (widget);
      return;
    }
  arb_table_read_arboretum (self->table, self->read_player);
}

/* S says the situation: whose turn, the step, the deck, the hand. */
static void
situation_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (on_table (self))
    arb_table_say_situation (self->table);
}

/* Delete discards the chosen card, wherever the focus is. */
static void
discard_chosen_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (on_table (self) && !gtk_widget_activate_action (GTK_WIDGET (self->table), "table.discard-selected", NULL))
    gtk_widget_error_bell (widget);
}

/* Left, Right, Home and End step through a replay; outside one they keep
 * moving the keyboard focus, so their controller only listens in a replay. */
GtkEventController *
_arb_window_replay_keys_new (void)
{
  static const struct {
    guint       key;
    const char *action;
  } keys[] = {
    { GDK_KEY_Left, "win.replay-previous" },
    { GDK_KEY_Right, "win.replay-next" },
    { GDK_KEY_Home, "win.replay-first" },
    { GDK_KEY_End, "win.replay-last" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_NONE);
  return controller;
}

void
_arb_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_replay_scale_changed);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-side-panel", NULL, toggle_side_panel_action);
  gtk_widget_class_install_action (widget_class, "win.focus-hand", NULL, focus_part_action);
  gtk_widget_class_install_action (widget_class, "win.focus-piles", NULL, focus_part_action);
  gtk_widget_class_install_action (widget_class, "win.focus-arboretum", NULL, focus_part_action);
  gtk_widget_class_install_action (widget_class, "win.focus-log", NULL, focus_part_action);
  gtk_widget_class_install_action (widget_class, "win.read-arboretum", "i", read_arboretum_action);
  gtk_widget_class_install_action (widget_class, "win.read-next-arboretum", NULL, read_arboretum_action);
  gtk_widget_class_install_action (widget_class, "win.situation", NULL, situation_action);
  gtk_widget_class_install_action (widget_class, "win.discard-chosen", NULL, discard_chosen_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.replay", NULL, replay_action);
  gtk_widget_class_install_action (widget_class, "win.replay-first", NULL, replay_move_action);
  gtk_widget_class_install_action (widget_class, "win.replay-previous", NULL, replay_move_action);
  gtk_widget_class_install_action (widget_class, "win.replay-next", NULL, replay_move_action);
  gtk_widget_class_install_action (widget_class, "win.replay-last", NULL, replay_move_action);
  gtk_widget_class_install_action (widget_class, "win.replay-exit", NULL, replay_exit_action);
  gtk_widget_class_install_action (widget_class, "win.replay-continue", NULL, replay_continue_action);
}

/* What the session says about files and hints, shown. */
void
_arb_window_connect_files (ArbWindow *self)
{
  g_signal_connect (self->session, "hint", G_CALLBACK (on_hint), self);
  g_signal_connect (self->session, "open-failed", G_CALLBACK (on_open_failed), self);
  g_signal_connect (self->session, "carry-on", G_CALLBACK (on_carry_on), self);
}
