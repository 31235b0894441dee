/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window.c: the table.
 *
 * The window follows the game's signals and redraws the table from the
 * engine's state; every action a person takes goes through a win.* action
 * and the game's API, and a refusal is shown as the engine's own message.
 * Computer players think in a worker thread and each of their steps stays on
 * screen for the "think-time" setting, so people can follow them.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-application.h"
#include "arb-card-widget.h"
#include "arb-dev-tools.h"
#include "arb-new-game-dialog.h"
#include "arb-pile-view.h"
#include "arb-score-dialog.h"
#include "arb-window.h"
#include "arb-window-private.h"


G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)

static void queue_advance (ArbWindow *self);
static void on_cell_activated (ArbArboretumView *view, int x, int y, ArbWindow *self);
static void on_card_dropped (ArbArboretumView *view, guint card, int x, int y, ArbWindow *self);

/* The position on screen: the game's, or the replay's moment. */
static const ArbState *
shown_state (ArbWindow *self)
{
  if (self->replay != NULL)
    return arb_replay_get_state (self->replay);
  return arb_game_get_state (self->game);
}

static const char *
player_name (ArbWindow *self, guint player)
{
  return arb_game_player_name (self->game, player);
}

/* Q, in solo, has no seat: its cards follow the rules alone. */
static gboolean
is_computer (ArbWindow *self, guint player)
{
  if (player >= arb_game_get_n_seats (self->game))
    return TRUE;
  return arb_player_get_kind (arb_game_get_player (self->game, player)) == ARB_PLAYER_COMPUTER;
}

static guint
count_people (ArbWindow *self)
{
  guint n = 0;

  for (guint i = 0; i < arb_game_get_n_seats (self->game); i++)
    n += !is_computer (self, i);
  return n;
}

gboolean
_arb_window_viewer_to_act (ArbWindow *self)
{
  return self->game != NULL && self->replay == NULL && !arb_game_is_finished (self->game)
         && self->viewer == (int) arb_game_get_current_player (self->game)
         && !is_computer (self, (guint) self->viewer)
         && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "table") == 0;
}

void
_arb_window_show_error (ArbWindow *self, const GError *error)
{
  _arb_window_say (self, error->message, TRUE);
}

/* Tells the player something that lasts until the next step: on the
 * table, in the line under the heading, where it hides no card (a toast
 * at the bottom would cover the hand); elsewhere in a toast. */
void
_arb_window_say (ArbWindow *self, const char *text, gboolean is_error)
{
  GtkWidget *line = GTK_WIDGET (self->hint_label);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "table") != 0)
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
      return;
    }
  gtk_label_set_label (self->hint_label, text);
  gtk_widget_set_tooltip_text (line, text);
  gtk_widget_remove_css_class (line, "dim-label");
  gtk_widget_add_css_class (line, is_error ? "error" : "accent");
}

/* Back to the usual instructions under the heading. */
static void
set_instructions (ArbWindow *self, const char *text)
{
  GtkWidget *line = GTK_WIDGET (self->hint_label);

  gtk_label_set_label (self->hint_label, text);
  gtk_widget_set_tooltip_text (line, text);
  gtk_widget_remove_css_class (line, "error");
  gtk_widget_remove_css_class (line, "accent");
  gtk_widget_add_css_class (line, "dim-label");
}

/* ---- what the table shows ------------------------------------------------ */

static char *
hint_text (ArbWindow *self, const ArbState *state)
{
  if (self->replay != NULL)
    return g_strdup (_("Replay: step through the game with the bar below."));
  if (state->phase == ARB_PHASE_OVER)
    return g_strdup (_("The scoring sheet shows who won."));
  if (is_computer (self, state->current))
    return g_strdup (_("The computer is taking its turn…"));
  if (!_arb_window_viewer_to_act (self))
    return g_strdup ("");
  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      if (state->draws == 1 && arb_card_is_valid (self->new_card))
        {
          g_autofree char *card = arb_card_to_string (self->new_card);
          /* Translators: %s is the card just drawn from the deck. */
          return g_strdup_printf (_("You drew %s. Now draw your second card from the deck or a discard pile."),
                                  card);
        }
      return g_strdup (_("Click the deck or the top card of a discard pile."));
    case ARB_PHASE_PLAY:
      return g_strdup (_("Choose a card in your hand, then one of the highlighted places in your arboretum."));
    case ARB_PHASE_DISCARD:
      return g_strdup (state->variant == ARB_VARIANT_SOLO
                       ? _("Choose a card, then a highlighted place in Q’s arboretum.")
                       : _("Choose a card, then Discard, or drop it on your discard pile."));
    case ARB_PHASE_OVER:
    default:
      return g_strdup ("");
    }
}

/* The most characters of a name where room is short (above a discard
 * pile, on a tab of the side panel): a longer name is cut, the rest of a
 * title stays whole, and the full name is shown elsewhere. */
#define SHORT_NAME_CHARS 10

static char *
short_name (const char *name)
{
  g_autofree char *start = NULL;

  if (g_utf8_strlen (name, -1) <= SHORT_NAME_CHARS)
    return g_strdup (name);
  start = g_utf8_substring (name, 0, SHORT_NAME_CHARS - 1);
  return g_strconcat (start, "…", NULL);
}

/* Tabs that may end in "…" keep the side panel as narrow as its
 * width-request with four players, so it does not fold away too soon. */
static void
ellipsize_tabs (ArbWindow *self)
{
  for (GtkWidget *button = gtk_widget_get_first_child (self->seat_switcher);
       button != NULL; button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      if (GTK_IS_LABEL (label))
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
    }
}

static char *
pile_title (const char *name)
{
  /* Translators: whose discard pile this is. */
  return g_strdup_printf (_("%s’s pile"), name);
}

static void
update_piles (ArbWindow *self, const ArbState *state)
{
  arb_pile_view_set_pile (ARB_PILE_VIEW (self->pile_views[0]), &state->deck, _("Deck"), NULL);
  arb_pile_view_set_turns_left (ARB_PILE_VIEW (self->pile_views[0]), arb_state_turns_left (state),
                                arb_state_n_seats (state));
  for (guint p = 0; p < arb_state_n_piles (state); p++)
    {
      const char *name = player_name (self, p);
      g_autofree char *title = NULL;
      g_autofree char *short_title = NULL;

      if (state->variant == ARB_VARIANT_SOLO)
        title = g_strdup (_("Discard pile"));
      else
        title = pile_title (name);
      if (state->variant != ARB_VARIANT_SOLO && g_utf8_strlen (name, -1) > SHORT_NAME_CHARS)
        {
          g_autofree char *cut = short_name (name);
          short_title = pile_title (cut);
        }
      arb_pile_view_set_pile (ARB_PILE_VIEW (self->pile_views[p + 1]), &state->discards[p], title, short_title);
    }
}

/* The cells where the chosen card may go, as the engine says. */
static void
update_cells (ArbWindow *self, const ArbState *state)
{
  ArbCard card = arb_hand_view_get_selected (self->hand_view);
  gint8 legal[2 * ARB_MAX_FREE_CELLS];
  guint n_legal = 0, target = state->current;

  /* The engine says where the card may go, and in whose arboretum. */
  if (_arb_window_viewer_to_act (self) && card != ARB_CARD_NONE)
    n_legal = arb_state_legal_cells (state, card, &target, legal);
  arb_arboretum_view_set_cells (self->own_view, legal, target == state->current ? n_legal : 0);
  for (guint p = 0; p < state->n_players; p++)
    arb_arboretum_view_set_cells (self->seat_views[p], legal,
                                  p == target && p != state->current ? n_legal : 0);
  if (n_legal > 0 && target != state->current)
    gtk_stack_set_visible_child (self->seats_stack, GTK_WIDGET (self->seat_views[target]));
}

static int
first_person (ArbWindow *self)
{
  for (guint p = 0; p < arb_game_get_n_seats (self->game); p++)
    if (!is_computer (self, p))
      return (int) p;
  return 0;
}

/* Whose arboretum is large and whose hand is shown: the person at the
 * screen, or in a replay the first person. -1 for nobody (behind the cover). */
static int
shown_seat (ArbWindow *self, const ArbState *state)
{
  if (self->replay == NULL)
    return self->viewer;
  return first_person (self);
}

/* The step just before the position shown, or NULL at the start. */
static const ArbStep *
last_step (ArbWindow *self)
{
  guint n;

  if (self->replay != NULL)
    {
      n = arb_replay_get_step (self->replay);
      return n > 0 ? arb_replay_get_recorded_step (self->replay, n - 1) : NULL;
    }
  n = arb_game_get_n_steps (self->game);
  return n > 0 ? arb_game_get_step (self->game, n - 1) : NULL;
}

/* The card planted by the last step is outlined, so that a computer's move
 * (or a replayed one) is seen where it landed. */
static void
light_last_planted (ArbWindow *self, int own)
{
  const ArbStep *step = last_step (self);
  ArbPath path = { 0 };
  int target = -1;

  if (step != NULL && step->move.kind == ARB_MOVE_PLAY)
    target = step->player;
  else if (step != NULL && step->move.kind == ARB_MOVE_DISCARD
           && arb_game_get_variant (self->game) == ARB_VARIANT_SOLO)
    target = ARB_SOLO_Q;
  if (target >= 0)
    {
      path.n = 1;
      path.cards[0].x = (gint8) step->move.x;
      path.cards[0].y = (gint8) step->move.y;
      path.cards[0].card = step->move.card;
    }
  arb_arboretum_view_set_path (self->own_view, target == own ? &path : NULL);
  for (guint p = 0; p < arb_game_get_state (self->game)->n_players; p++)
    arb_arboretum_view_set_path (self->seat_views[p], (int) p == target ? &path : NULL);
}

static void
update_arboreta (ArbWindow *self, const ArbState *state)
{
  int own = MAX (shown_seat (self, state), 0);
  g_autofree char *title = NULL;

  arb_arboretum_view_set_arboretum (self->own_view, &state->arboreta[own]);
  if (self->replay == NULL && self->viewer >= 0 && !is_computer (self, (guint) own))
    title = g_strdup (_("Your arboretum"));
  else
    title = g_strdup_printf (_("%s’s arboretum"), player_name (self, (guint) own));
  gtk_label_set_label (self->own_title, title);

  for (guint p = 0; p < state->n_players; p++)
    {
      GtkStackPage *page = gtk_stack_get_page (self->seats_stack, GTK_WIDGET (self->seat_views[p]));
      arb_arboretum_view_set_arboretum (self->seat_views[p], &state->arboreta[p]);
      gtk_stack_page_set_visible (page, (int) p != own);
    }
  /* A hidden page can stay the visible child of a GtkStack: never show the
   * large arboretum a second time in place of another player's. */
  if (gtk_stack_get_visible_child (self->seats_stack) == GTK_WIDGET (self->seat_views[own]))
    gtk_stack_set_visible_child (self->seats_stack,
                                 GTK_WIDGET (self->seat_views[(own + 1) % state->n_players]));
  light_last_planted (self, own);
}

/* A replay with all hands open shows the other players' hands too, small. */
static void
update_other_hands (ArbWindow *self, const ArbState *state, int seat)
{
  gboolean open = self->replay != NULL && gtk_switch_get_active (self->all_hands_switch);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->other_hands_box))) != NULL)
    gtk_box_remove (self->other_hands_box, child);
  gtk_widget_set_visible (GTK_WIDGET (self->other_hands_box), open);
  if (!open)
    return;
  for (guint p = 0; p < state->n_players; p++)
    {
      ArbCard cards[ARB_N_CARDS];
      guint n = arb_card_set_to_array (&state->hands[p], cards);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *name = gtk_label_new (player_name (self, p));

      if ((int) p == seat)
        continue;
      gtk_label_set_width_chars (GTK_LABEL (name), 10);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (row), name);
      for (guint i = 0; i < n; i++)
        gtk_box_append (GTK_BOX (row), arb_card_widget_new (cards[i], 40));
      gtk_box_append (self->other_hands_box, row);
    }
}

/* With nobody at the screen the game is only watched, and every hand may
 * be seen: the hand shown is that of the player whose turn it is. */
static int
hand_seat (ArbWindow *self, const ArbState *state)
{
  if (count_people (self) == 0 && state->phase != ARB_PHASE_OVER)
    return (int) state->current;
  return shown_seat (self, state);
}

static void
update_hand (ArbWindow *self, const ArbState *state)
{
  int seat = hand_seat (self, state);
  g_autofree char *title = NULL;

  if (seat < 0)
    {
      arb_hand_view_set_hand (self->hand_view, NULL, ARB_CARD_NONE);
      gtk_label_set_label (self->hand_title, "");
      update_other_hands (self, state, seat);
      return;
    }
  /* Places left empty keep cards under a person's pointer; a replay and a
   * game being watched show the hand as it is. */
  arb_hand_view_set_keep_places (self->hand_view,
                                 self->replay == NULL && seat == self->viewer && !is_computer (self, (guint) seat));
  arb_hand_view_set_hand (self->hand_view, &state->hands[seat],
                          self->replay == NULL ? self->new_card : ARB_CARD_NONE);
  update_other_hands (self, state, seat);
  if (self->replay == NULL && seat == self->viewer && !is_computer (self, (guint) seat))
    title = g_strdup (_("Your hand"));
  else
    /* Translators: whose hand is shown. */
    title = g_strdup_printf (_("%s’s hand"), player_name (self, (guint) seat));
  gtk_label_set_label (self->hand_title, title);
}

gboolean
_arb_window_can_take_back (ArbWindow *self)
{
  guint n;

  if (!self->game || self->replay != NULL || !arb_game_can_take_back (self->game))
    return FALSE;
  n = arb_game_get_n_steps (self->game);
  /* Only the person at the screen takes back their own play or discard. */
  return n > 0 && (int) arb_game_get_step (self->game, n - 1)->player == self->viewer
         && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "table") == 0;
}

/* The arboretum whose free cells are lit: the viewer's for a play, Q's
 * for a discard in solo. */
static ArbArboretumView *
view_with_cells (ArbWindow *self)
{
  if (arb_arboretum_view_get_n_cells (self->own_view) > 0)
    return self->own_view;
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    if (self->seat_views[p] != NULL && arb_arboretum_view_get_n_cells (self->seat_views[p]) > 0)
      return self->seat_views[p];
  return NULL;
}

/* The Discard button keeps its room when it is not wanted, so that the
 * hand and the arboretum above it never move as it comes and goes. */
static void
show_discard_button (ArbWindow *self, gboolean shown)
{
  GtkWidget *button = GTK_WIDGET (self->discard_button);

  gtk_widget_set_opacity (button, shown ? 1.0 : 0.0);
  gtk_widget_set_can_target (button, shown);
  gtk_widget_set_focusable (button, shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_HIDDEN, !shown, -1);
}

static void
update_actions (ArbWindow *self, const ArbState *state)
{
  gboolean acting = _arb_window_viewer_to_act (self);
  ArbCard card = arb_hand_view_get_selected (self->hand_view);
  gboolean replaying = self->replay != NULL;
  gboolean playing;

  /* During the person's turn the piles stay clickable: a draw out of its
   * step is refused by the engine, with its reason shown. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.draw", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard-selected",
                                 acting && state->phase == ARB_PHASE_DISCARD
                                 && state->variant != ARB_VARIANT_SOLO && card != ARB_CARD_NONE);
  show_discard_button (self, acting && state->phase == ARB_PHASE_DISCARD && state->variant != ARB_VARIANT_SOLO);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-scores", arb_game_is_finished (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.take-back", _arb_window_can_take_back (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", acting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.focus-cells",
                                 acting && card != ARB_CARD_NONE && view_with_cells (self) != NULL);
  /* Game buttons appear with a game, and leave during a replay and when
   * nobody plays at the screen. */
  playing = !replaying && !arb_game_is_finished (self->game) && count_people (self) > 0;
  gtk_widget_set_visible (self->hint_button, playing);
  gtk_widget_set_visible (self->take_back_button, playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", TRUE);
  /* In a replay, Replay starts it again from the deal. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", arb_game_get_n_steps (self->game) > 0);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-first",
                                 replaying && arb_replay_can_go_back (self->replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-previous",
                                 replaying && arb_replay_can_go_back (self->replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-next",
                                 replaying && arb_replay_can_go_forward (self->replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-last",
                                 replaying && arb_replay_can_go_forward (self->replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-continue", replaying);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-exit",
                                 replaying && !arb_game_is_finished (self->game));
}

static void
update_replay_bar (ArbWindow *self)
{
  guint step, n;
  g_autofree char *label = NULL;

  /* A hidden bar must not widen the window either. */
  gtk_widget_set_visible (GTK_WIDGET (self->replay_bar), self->replay != NULL);
  gtk_event_controller_set_propagation_phase (self->replay_keys,
                                              self->replay != NULL ? GTK_PHASE_BUBBLE : GTK_PHASE_NONE);
  gtk_revealer_set_reveal_child (self->replay_bar, self->replay != NULL);
  _arb_window_show_review (self);
  if (self->replay == NULL)
    return;
  step = arb_replay_get_step (self->replay);
  n = arb_replay_get_n_steps (self->replay);
  self->seeking = TRUE;
  gtk_range_set_range (GTK_RANGE (self->replay_scale), 0, MAX (n, 1));
  gtk_range_set_value (GTK_RANGE (self->replay_scale), step);
  self->seeking = FALSE;
  /* Translators: the position of a replay: steps taken of all the steps. */
  label = g_strdup_printf (_("Step %u of %u"), step, n);
  gtk_label_set_label (self->replay_label, label);
  gtk_widget_set_visible (self->back_to_game_button, !arb_game_is_finished (self->game));
}

/* When a person's turn starts, or the widget that had the keyboard focus
 * went away with a step, the focus goes where the next step starts: the
 * deck, or the hand. */
static void
restore_focus (ArbWindow *self, const ArbState *state)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *target = NULL;

  if (!_arb_window_viewer_to_act (self))
    return;
  /* A turn of the person at the screen starts on the deck, wherever the
   * focus was left by the turn before. */
  if (state->turn == self->focus_turn && focus != NULL && gtk_widget_get_mapped (focus))
    return;
  self->focus_turn = state->turn;
  if (state->phase == ARB_PHASE_DRAW && self->pile_views[0] != NULL)
    target = arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[0]));
  else
    {
      ArbCard card = arb_hand_view_get_selected (self->hand_view);
      if (card == ARB_CARD_NONE)
        card = arb_card_set_nth (&state->hands[state->current], 0);
      target = arb_hand_view_get_card_button (self->hand_view, card);
    }
  if (target != NULL)
    gtk_widget_grab_focus (target);
}

void
_arb_window_refresh (ArbWindow *self)
{
  const ArbState *state;
  g_autofree char *status = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *subtitle = NULL;

  if (self->game == NULL)
    return;
  state = shown_state (self);
  status = arb_game_describe_phase (self->game, state);
  if (arb_state_is_last_turn (state))
    {
      /* Translators: the heading of the last turn: "Rina: Play a card · Last turn". */
      g_autofree char *last = g_strdup_printf (_("%s · Last turn"), status);
      g_free (status);
      status = g_steal_pointer (&last);
    }
  hint = hint_text (self, state);
  gtk_label_set_label (self->status_label, status);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), status);
  set_instructions (self, hint);
  /* Translators: the window's subtitle: the rule set and the turn number. */
  subtitle = g_strdup_printf (_("%s · Turn %u"), arb_variant_name (state->variant), state->turn + 1u);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  update_piles (self, state);
  update_arboreta (self, state);
  update_hand (self, state);
  update_cells (self, state);
  update_actions (self, state);
  update_replay_bar (self);
  /* The log follows a replay's cursor, and goes back to its end after. */
  if (self->replay != NULL || self->log_in_replay)
    arb_log_view_follow (self->log_view, self->replay != NULL ? (int) arb_replay_get_step (self->replay) : -1);
  self->log_in_replay = self->replay != NULL;
  restore_focus (self, state);
}

/* ---- the log ----------------------------------------------------------- */

char *
_arb_window_pile_name (ArbWindow *self, int source)
{
  return arb_game_pile_name (self->game, source);
}

/* ---- the course of the game ------------------------------------------- */

void
_arb_window_cancel_computer (ArbWindow *self)
{
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  _arb_window_cancel_review (self);
  if (self->driver != NULL)
    arb_seat_driver_cancel (self->driver);
}

static void
on_driver_failed (ArbSeatDriver *driver, const char *message, ArbWindow *self)
{
  _arb_window_say (self, message, TRUE);
}

/* A computer's step: the seat driver thinks and plays it at the pace of the
 * think-time setting, so that a person can follow it. */
static void
start_computer (ArbWindow *self)
{
  guint current = arb_game_get_current_player (self->game);
  guint pace_ms = arb_dev_tools_think_time (g_settings_get_uint (self->settings, "think-time"));

  if (!arb_seat_driver_play (self->driver, pace_ms))
    return;
  /* The side panel follows the computer playing, unless its arboretum is
   * the large one (a game of computers alone). */
  if ((int) current != MAX (self->viewer, 0))
    gtk_stack_set_visible_child (self->seats_stack, GTK_WIDGET (self->seat_views[current]));
}

static void
show_cover (ArbWindow *self, guint player)
{
  const char *name = player_name (self, player);
  g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
  g_autofree char *description =
    g_strdup_printf (_("It is %s’s turn. The other players should look away while %s looks at their hand."),
                     name, name);

  adw_status_page_set_title (self->cover_page, title);
  adw_status_page_set_description (self->cover_page, description);
  gtk_stack_set_visible_child_name (self->stack, "cover");
}

static void
show_scores (ArbWindow *self)
{
  if (self->score_dialog == NULL)
    {
      self->score_dialog = arb_score_dialog_new (self->game);
      g_object_add_weak_pointer (G_OBJECT (self->score_dialog), (gpointer *) &self->score_dialog);
      g_signal_connect_object (self->score_dialog, "replay", G_CALLBACK (arb_window_start_replay), self,
                               G_CONNECT_SWAPPED);
      gtk_window_set_transient_for (GTK_WINDOW (self->score_dialog), GTK_WINDOW (self));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self->score_dialog), TRUE);
      gtk_window_set_application (GTK_WINDOW (self->score_dialog),
                                  gtk_window_get_application (GTK_WINDOW (self)));
    }
  gtk_window_present (GTK_WINDOW (self->score_dialog));
}

/* Decides who acts next: a computer thinks, a person takes the screen
 * (behind a cover when another person had it), or the game is scored. */
void
_arb_window_advance (ArbWindow *self)
{
  guint current;

  if (self->game == NULL || self->replay != NULL)
    return;
  if (arb_game_is_finished (self->game))
    {
      gtk_stack_set_visible_child_name (self->stack, "table");
      _arb_window_refresh (self);
      show_scores (self);
      arb_application_release_memory_when_settled (GTK_WIDGET (self));
      arb_dev_tools_report ("game-ended %u steps", arb_game_get_n_steps (self->game));
      return;
    }
  current = arb_game_get_current_player (self->game);
  if (is_computer (self, current))
    {
      start_computer (self);
      return;
    }
  if ((int) current != self->viewer && count_people (self) >= 2)
    {
      self->viewer = -1;
      show_cover (self, current);
      _arb_window_refresh (self);
      return;
    }
  self->viewer = (int) current;
  gtk_stack_set_visible_child_name (self->stack, "table");
  _arb_window_refresh (self);
}

static gboolean
advance_idle_cb (gpointer user_data)
{
  ArbWindow *self = user_data;

  self->advance_idle = 0;
  _arb_window_advance (self);
  return G_SOURCE_REMOVE;
}

static void
queue_advance (ArbWindow *self)
{
  if (self->advance_idle == 0)
    self->advance_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, advance_idle_cb,
                                          g_object_ref (self), g_object_unref);
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

/* Where the card of the step that flies is now, on the table as laid out
 * again (arb_flight_layer_fly_later). */
static GtkWidget *
landing_place (gpointer data)
{
  ArbWindow *self = data;
  const ArbStep *step;
  ArbArboretumView *view;

  if (self->game == NULL || self->flight_step >= arb_game_get_n_steps (self->game))
    return NULL;
  step = arb_game_get_step (self->game, self->flight_step);
  switch (step->move.kind)
    {
    case ARB_MOVE_DRAW:
      return arb_hand_view_get_card_button (self->hand_view, step->move.card);
    case ARB_MOVE_PLAY:
      view = arb_window_get_arboretum_view (self, step->player);
      return view != NULL ? arb_arboretum_view_get_card_widget (view, step->move.x, step->move.y) : NULL;
    case ARB_MOVE_DISCARD:
    default:
      if (arb_game_get_variant (self->game) == ARB_VARIANT_SOLO)
        return arb_arboretum_view_get_card_widget (self->seat_views[ARB_SOLO_Q], step->move.x, step->move.y);
      return self->pile_views[step->player + 1] != NULL
             ? arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[step->player + 1])) : NULL;
    }
}

/* Where the card of a step comes from, before the table changes: the pile
 * drawn from, the hand of the person at the screen, or the side panel for
 * a computer's discard. NULL for what nobody sees move. */
static GtkWidget *
take_off_place (ArbWindow *self, const ArbStep *step)
{
  gboolean viewer = (int) step->player == self->viewer;

  switch (step->move.kind)
    {
    case ARB_MOVE_DRAW:
      return viewer ? arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[step->move.source + 1])) : NULL;
    case ARB_MOVE_PLAY:
      return viewer ? arb_hand_view_get_card_button (self->hand_view, step->move.card) : NULL;
    case ARB_MOVE_DISCARD:
    default:
      return viewer ? arb_hand_view_get_card_button (self->hand_view, step->move.card)
                    : GTK_WIDGET (self->seats_stack);
    }
}

static void
on_step_applied (ArbGame *game, guint index, ArbWindow *self)
{
  const ArbStep *step = arb_game_get_step (game, index);
  GtkWidget *from = take_off_place (self, step);

  /* The card is outlined in the hand it went to, if that hand is shown. */
  if (step->move.kind == ARB_MOVE_DRAW && step->move.source == ARB_SOURCE_DECK
      && ((int) step->player == self->viewer || count_people (self) == 0))
    self->new_card = step->move.card;
  else if (step->move.kind != ARB_MOVE_DRAW)
    self->new_card = ARB_CARD_NONE;
  arb_log_view_add_step (self->log_view, index);
  if (from != NULL && arb_card_is_valid (step->move.card))
    {
      self->flight_step = index;
      arb_flight_layer_fly_later (self->flight_layer, step->move.card, from, landing_place, self);
    }
  _arb_window_refresh (self);
  queue_advance (self);
}

static void
on_position_reset (ArbGame *game, ArbWindow *self)
{
  self->new_card = ARB_CARD_NONE;
  arb_log_view_trim (self->log_view);
  _arb_window_refresh (self);
  queue_advance (self);
}

static void
build_table (ArbWindow *self, const ArbState *state)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->piles_box))) != NULL)
    gtk_box_remove (self->piles_box, child);
  memset (self->pile_views, 0, sizeof self->pile_views);
  for (int p = -1; p < (int) arb_state_n_piles (state); p++)
    {
      self->pile_views[p + 1] = arb_pile_view_new (p);
      gtk_box_append (self->piles_box, self->pile_views[p + 1]);
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats_stack))) != NULL)
    gtk_stack_remove (self->seats_stack, child);
  memset (self->seat_views, 0, sizeof self->seat_views);
  for (guint p = 0; p < state->n_players; p++)
    {
      g_autofree char *name = g_strdup_printf ("seat%u", p);
      g_autofree char *tab = short_name (player_name (self, p));
      self->seat_views[p] = g_object_new (ARB_TYPE_ARBORETUM_VIEW, NULL);
      arb_arboretum_view_set_card_width (self->seat_views[p], 52);
      gtk_stack_add_titled (self->seats_stack, GTK_WIDGET (self->seat_views[p]), name, tab);
      g_signal_connect (self->seat_views[p], "cell-activated", G_CALLBACK (on_cell_activated), self);
      g_signal_connect (self->seat_views[p], "card-dropped", G_CALLBACK (on_card_dropped), self);
    }
  ellipsize_tabs (self);
}

static void
on_pile_dropped (ArbPileView *pile, guint card, ArbWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.discard", "(yii)", (guchar) card, 0, 0);
}

static void set_game_full (ArbWindow *self, ArbGame *game, gboolean replay);

/* Shows a game, new or opened, and lets whoever's turn it is act. */
void
arb_window_set_game (ArbWindow *self, ArbGame *game)
{
  set_game_full (self, game, FALSE);
}

static void
set_game_full (ArbWindow *self, ArbGame *game, gboolean replay)
{
  const ArbState *state;

  g_return_if_fail (ARB_IS_WINDOW (self));
  g_return_if_fail (ARB_IS_GAME (game));

  _arb_window_cancel_computer (self);
  _arb_window_cancel_load (self);
  g_clear_handle_id (&self->advance_idle, g_source_remove);
  g_clear_object (&self->replay);
  if (self->score_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->score_dialog));
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_clear_object (&self->driver);
  self->driver = arb_seat_driver_new (game);
  g_signal_connect (self->driver, "failed", G_CALLBACK (on_driver_failed), self);

  state = arb_game_get_state (game);
  self->viewer = -1;
  self->focus_turn = G_MAXUINT;
  self->new_card = ARB_CARD_NONE;
  if (count_people (self) <= 1)
    for (guint p = 0; p < arb_game_get_n_seats (game); p++)
      if (!is_computer (self, p) || count_people (self) == 0)
        {
          self->viewer = (int) p;
          break;
        }
  build_table (self, state);
  for (guint p = 0; p < arb_state_n_piles (state); p++)
    if (state->variant != ARB_VARIANT_SOLO)
      g_signal_connect (self->pile_views[p + 1], "card-dropped", G_CALLBACK (on_pile_dropped), self);
  g_signal_connect (game, "step-applied", G_CALLBACK (on_step_applied), self);
  g_signal_connect (game, "position-reset", G_CALLBACK (on_position_reset), self);
  arb_log_view_set_game (self->log_view, game);
  arb_session_set_game (self->session, game, NULL);
  gtk_stack_set_visible_child_name (self->stack, "table");
  if (replay)
    {
      arb_window_start_replay (self);
      return;
    }
  _arb_window_refresh (self);
  _arb_window_advance (self);
}

/* Shows a game read from file: a game in progress goes on, a finished one
 * is replayed, its scores one click away. */
void
_arb_window_open_game (ArbWindow *self, ArbGame *game, GFile *file)
{
  set_game_full (self, game, arb_game_is_finished (game));
  arb_session_set_game (self->session, game, file);
}

/* Opens a save game at once, reading it on this thread. */
gboolean
arb_window_open_file (ArbWindow *self, GFile *file, GError **error)
{
  g_autoptr (ArbGame) game = NULL;
  gint64 start;

  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  start = g_get_monotonic_time ();

  game = arb_save_read_file (file, NULL, error);
  if (game == NULL)
    return FALSE;
  arb_dev_tools_report ("read-save-us %" G_GINT64_FORMAT, g_get_monotonic_time () - start);
  _arb_window_open_game (self, game, file);
  return TRUE;
}

/* ---- actions ----------------------------------------------------------- */

static void
draw_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!_arb_window_viewer_to_act (self))
    return;
  if (!arb_game_draw (self->game, g_variant_get_int32 (param), &error))
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

  if (!_arb_window_viewer_to_act (self))
    return;
  g_variant_get (param, "(yii)", &card, &x, &y);
  ArbMove move = g_str_equal (name, "win.play") ? arb_move_play (card, x, y)
                                                : arb_move_discard (card, x, y);
  if (!arb_game_apply (self->game, &move, &error))
    _arb_window_show_error (self, error);
}

static void
discard_selected_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbCard card = arb_hand_view_get_selected (self->hand_view);

  if (card != ARB_CARD_NONE)
    gtk_widget_activate_action (widget, "win.discard", "(yii)", (guchar) card, 0, 0);
}

static void
reveal_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->game == NULL || arb_game_is_finished (self->game))
    return;
  self->viewer = (int) arb_game_get_current_player (self->game);
  self->new_card = ARB_CARD_NONE;
  gtk_stack_set_visible_child_name (self->stack, "table");
  _arb_window_refresh (self);
}

static void
show_scores_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->game != NULL && arb_game_is_finished (self->game))
    show_scores (self);
}

/* Tab from a chosen card goes to the places it may go, not through the
 * rest of the hand, the other arboreta and the log first. */
static void
focus_cells_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbArboretumView *view = view_with_cells (self);
  GtkWidget *cell = view != NULL ? arb_arboretum_view_get_first_cell_button (view) : NULL;

  if (cell == NULL)
    return;
  if (view != self->own_view)
    gtk_stack_set_visible_child (self->seats_stack, GTK_WIDGET (view));
  gtk_widget_grab_focus (cell);
}

static void
new_game_action (GtkWidget *widget, const char *name, GVariant *param)
{
  arb_window_show_new_game (ARB_WINDOW (widget));
}

/* ---- widget callbacks -------------------------------------------------- */

static void
on_card_selected (ArbHandView *hand, guint card, ArbWindow *self)
{
  if (self->game == NULL)
    return;
  update_cells (self, shown_state (self));
  update_actions (self, shown_state (self));
}

static void
place_card (ArbWindow *self, ArbCard card, int x, int y)
{
  const char *action = arb_game_get_phase (self->game) == ARB_PHASE_DISCARD ? "win.discard" : "win.play";

  if (card == ARB_CARD_NONE)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), action, "(yii)", (guchar) card, x, y);
}

static void
on_cell_activated (ArbArboretumView *view, int x, int y, ArbWindow *self)
{
  place_card (self, arb_hand_view_get_selected (self->hand_view), x, y);
}

static void
on_card_dropped (ArbArboretumView *view, guint card, int x, int y, ArbWindow *self)
{
  place_card (self, (ArbCard) card, x, y);
}

/* ---- the class ----------------------------------------------------------- */

static void
arb_window_dispose (GObject *object)
{
  ArbWindow *self = ARB_WINDOW (object);

  _arb_window_cancel_computer (self);
  _arb_window_cancel_load (self);
  g_clear_object (&self->driver);
  g_clear_handle_id (&self->advance_idle, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->replay);
  g_clear_object (&self->game);
  _arb_window_cancel_load (self);
  g_clear_object (&self->session);
  g_clear_object (&self->pending_file);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_WINDOW);
  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

/* The welcome page starts on what a player most likely wants: the game in
 * progress if there is one, else a new game. */
static gboolean
focus_welcome (gpointer data)
{
  ArbWindow *self = data;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "welcome") == 0)
    gtk_widget_grab_focus (gtk_widget_get_visible (self->continue_button) ? self->continue_button
                                                                         : self->welcome_new_game_button);
  return G_SOURCE_REMOVE;
}

/* GtkWindow gives the focus to its first widget once shown: this comes
 * after. */
static void
arb_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (arb_window_parent_class)->map (widget);
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, focus_welcome, g_object_ref (widget), g_object_unref);
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_window_dispose;
  widget_class->map = arb_window_map;
  GTK_WINDOW_CLASS (klass)->close_request = _arb_window_close_request;

  g_type_ensure (ARB_TYPE_ARBORETUM_VIEW);
  g_type_ensure (ARB_TYPE_HAND_VIEW);
  g_type_ensure (ARB_TYPE_FLIGHT_LAYER);
  g_type_ensure (ARB_TYPE_LOG_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, flight_layer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, panel_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, hint_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, piles_box);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, own_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, own_view);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, hand_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, hand_view);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, discard_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, seats_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, seat_switcher);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_view);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, cover_page);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, welcome_new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, take_back_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, replay_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, replay_scale);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, replay_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, all_hands_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, back_to_game_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, other_hands_box);
  gtk_widget_class_bind_template_callback (widget_class, on_card_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_card_dropped);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  _arb_window_class_add_actions (widget_class);
  _arb_window_class_add_review (widget_class);
  gtk_widget_class_install_action (widget_class, "win.draw", "i", draw_action);
  gtk_widget_class_install_action (widget_class, "win.play", "(yii)", place_action);
  gtk_widget_class_install_action (widget_class, "win.discard", "(yii)", place_action);
  gtk_widget_class_install_action (widget_class, "win.discard-selected", NULL, discard_selected_action);
  gtk_widget_class_install_action (widget_class, "win.reveal", NULL, reveal_action);
  gtk_widget_class_install_action (widget_class, "win.show-scores", NULL, show_scores_action);
  gtk_widget_class_install_action (widget_class, "win.focus-cells", NULL, focus_cells_action);
}

/* Actions that need a game, or a replay, to mean anything. */
static const char * const game_actions[] = {
  "win.save", "win.save-as", "win.replay", "win.replay-first", "win.replay-previous",
  "win.replay-next", "win.replay-last", "win.replay-exit", "win.replay-continue",
};

/* Tab in the hand, once a card is chosen: win.focus-cells, enabled only
 * then, so that otherwise Tab moves on as usual. */
static void
add_hand_tab (ArbWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Tab, 0),
                                                          gtk_named_action_new ("win.focus-cells")));
  gtk_widget_add_controller (GTK_WIDGET (self->hand_view), controller);
}

static void
arb_window_init (ArbWindow *self)
{
  self->viewer = -1;
  self->focus_turn = G_MAXUINT;
  self->new_card = ARB_CARD_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (SCHEMA_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  self->card_width = DEFAULT_CARD_WIDTH;
  arb_arboretum_view_set_fit (self->own_view, TRUE);
  arb_arboretum_view_set_card_width (self->own_view, self->card_width);
  self->session = arb_session_new ();
  g_signal_connect (self->session, "autosave-failed", G_CALLBACK (on_autosave_failed), self);
  g_signal_connect_swapped (self->session, "notify::file", G_CALLBACK (update_title), self);
  g_signal_connect_swapped (self->session, "notify::modified", G_CALLBACK (update_title), self);
  self->replay_keys = _arb_window_replay_keys_new ();
  gtk_widget_add_controller (GTK_WIDGET (self), self->replay_keys);
  arb_dev_tools_watch_first_frame (GTK_WIDGET (self));
  gtk_widget_set_visible (self->continue_button, arb_autosave_exists ());
  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), game_actions[i], FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.take-back", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-scores", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.draw", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard-selected", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.focus-cells", FALSE);
  add_hand_tab (self);
}

ArbWindow *
arb_window_new (GtkApplication *application)
{
  return g_object_new (ARB_TYPE_WINDOW, "application", application, NULL);
}

ArbGame *
arb_window_get_game (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->game;
}

static void
on_game_created (ArbNewGameDialog *dialog, ArbGame *game, ArbWindow *self)
{
  arb_window_set_game (self, game);
}

void
arb_window_show_new_game (ArbWindow *self)
{
  ArbNewGameDialog *dialog;

  if (_arb_window_offer_to_save (self, ARB_AFTER_SAVE_NEW_GAME))
    return;
  dialog = arb_new_game_dialog_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "game-created", G_CALLBACK (on_game_created), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
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

const char *
arb_window_get_page (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

int
arb_window_get_viewer (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), -1);
  return self->viewer;
}

ArbHandView *
arb_window_get_hand_view (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->hand_view;
}

/* Whose hand the hand view shows, as its title says. */
const char *
arb_window_get_hand_title (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->hand_title);
}

/* The large view for the player at the screen, the side view for the others. */
ArbArboretumView *
arb_window_get_arboretum_view (ArbWindow *self, guint player)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  g_return_val_if_fail (player < ARB_MAX_PLAYERS, NULL);
  if ((int) player == MAX (self->viewer, 0))
    return self->own_view;
  return self->seat_views[player];
}

/* The arboretum shown in the side panel, beside the log. */
ArbArboretumView *
arb_window_get_side_view (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return ARB_ARBORETUM_VIEW (gtk_stack_get_visible_child (self->seats_stack));
}

ArbScoreDialog *
arb_window_get_score_dialog (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->score_dialog;
}

guint
arb_window_get_n_log_lines (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), 0);
  return arb_log_view_get_n_lines (self->log_view);
}
