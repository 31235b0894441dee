/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table.c: the table, as one viewer sees it.
 *
 * The table listens to its ArbViewpoint through a GSignalGroup. It draws
 * from the viewpoint's projection only, never from the game's state: after
 * every step, and after "position-reset", it redraws every part (piles,
 * deck, arboreta, hand, heading, lit places, buttons) from the projection,
 * so that what it shows is the position by construction, whatever a step
 * moved (a solo discard also turns the deck's top card onto the pile and
 * deals Q a card). The card signals only start the flights, outline the
 * card just drawn and feed the log.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-announcer.h"
#include "arb-arboretum-view.h"
#include "arb-card-widget.h"
#include "arb-flight-layer.h"
#include "arb-hand-view.h"
#include "arb-log-view.h"
#include "arb-pile-view.h"
#include "arb-pile-view-private.h"
#include "arb-side-panel.h"
#include "arb-table.h"
#include "arb-table-heading.h"
#include "arb-table-private.h"

/* The limits of the width of a card of the large arboretum. */
#define MIN_CARD_WIDTH 42
#define MAX_CARD_WIDTH 138
#define ZOOM_STEP 12

/* The most characters of a name above a discard pile: the full name is
 * shown elsewhere. The same as on a tab of the side panel. */
#define SHORT_NAME_CHARS 10

G_DEFINE_FINAL_TYPE (ArbTable, arb_table, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REVEAL_PANEL,
  PROP_OPEN_HANDS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The step just before the position shown, as the viewer saw it; FALSE
 * at the start. */
static gboolean
last_step (ArbTable *self, ArbStep *step)
{
  guint n = arb_viewpoint_get_n_steps (self->viewpoint);

  return n > 0 && arb_viewpoint_get_step (self->viewpoint, n - 1, step);
}

/* The hand belongs to the person playing at the screen. */
static gboolean
hand_is_own (ArbTable *self, int seat)
{
  return !is_replay (self) && seat >= 0 && seat == viewer (self)
         && !arb_game_is_computer (self->game, (guint) seat);
}

/* ---- piles ---------------------------------------------------------------- */

static void
update_pile (ArbTable *self, const ArbState *state, int source)
{
  ArbPileView *view = ARB_PILE_VIEW (self->pile_views[source + 1]);
  g_autofree char *title = NULL;
  g_autofree char *short_title = NULL;

  if (source == ARB_SOURCE_DECK)
    {
      arb_pile_view_set_pile (view, &state->deck, _("Deck"), NULL);
      return;
    }
  title = arb_game_pile_title (self->game, (guint) source, 0);
  short_title = arb_game_pile_title (self->game, (guint) source, SHORT_NAME_CHARS);
  arb_pile_view_set_pile (view, &state->discards[source], title,
                          g_strcmp0 (title, short_title) != 0 ? short_title : NULL);
}

static void
update_piles (ArbTable *self, const ArbState *state)
{
  for (int p = -1; p < (int) arb_state_n_piles (state); p++)
    update_pile (self, state, p);
}

/* ---- arboreta ------------------------------------------------------------- */

/* The card planted by the last step is outlined, so that a computer's move
 * (or a replayed one) is seen where it landed. */
static void
light_last_planted (ArbTable *self, const ArbState *state)
{
  ArbStep step;
  int target = last_step (self, &step) ? arb_state_move_arboretum (state, step.player, &step.move) : -1;
  ArbPath path = { 0 };

  if (target >= 0)
    {
      path.n = 1;
      path.cards[0].x = (gint8) step.move.x;
      path.cards[0].y = (gint8) step.move.y;
      path.cards[0].card = step.move.card;
    }
  arb_arboretum_view_set_path (self->own_view, target == large_seat (self) ? &path : NULL);
  for (guint p = 0; p < state->n_players; p++)
    arb_arboretum_view_set_path (seat_view (self, p), (int) p == target ? &path : NULL);
}

static void
update_arboreta (ArbTable *self, const ArbState *state)
{
  int own = large_seat (self);
  g_autofree char *title = NULL;

  if (hand_is_own (self, own))
    title = g_strdup (_("Your arboretum"));
  else
    {
      const char *name = arb_game_player_name (self->game, (guint) own);
      title = g_strdup_printf (arb_game_name_elides (name)
                               /* Translators: when the name elides (French "Arboretum d’Ann"). */
                               ? C_("elided name", "%s’s arboretum")
                               : _("%s’s arboretum"), name);
    }
  gtk_label_set_label (self->own_title, title);
  arb_arboretum_view_set_arboretum (self->own_view, &state->arboreta[own]);
  arb_side_panel_update (self->side_panel, self->viewpoint, own);
  light_last_planted (self, state);
}

/* ---- hands ---------------------------------------------------------------- */

/* A replay with all hands open shows the other players' hands too, small:
 * the cards the viewer knows in them, every card for ARB_VIEWER_ALL. */
static void
update_other_hands (ArbTable *self, const ArbState *state, int seat)
{
  gboolean open = is_replay (self) && self->open_hands;
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
      GtkWidget *row, *name;

      if ((int) p == seat)
        continue;
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      name = gtk_label_new (arb_game_player_name (self->game, p));
      gtk_label_set_width_chars (GTK_LABEL (name), 10);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (row), name);
      for (guint i = 0; i < n; i++)
        gtk_box_append (GTK_BOX (row), arb_card_widget_new (cards[i], 40));
      gtk_box_append (self->other_hands_box, row);
    }
}

/* Whether seat has begun its turn and not ended it yet. */
static gboolean
in_turn (const ArbState *state, int seat)
{
  return state->phase != ARB_PHASE_OVER && state->current == (guint) seat
         && !(state->phase == ARB_PHASE_DRAW && state->draws == 0);
}

static void
update_hand (ArbTable *self, const ArbState *state)
{
  int seat = hand_seat (self);
  g_autofree char *title = NULL;

  update_other_hands (self, state, seat);
  if (seat < 0)
    {
      arb_hand_view_set_hand (self->hand_view, NULL, ARB_CARD_NONE);
      gtk_label_set_label (self->hand_title, "");
      /* An empty label would be read "GtkLabel". */
      arb_accessible_set_hidden (GTK_WIDGET (self->hand_title), TRUE);
      return;
    }
  /* Places left empty keep cards under a person's pointer during their
   * turn; once it is over, and in a replay or a game being watched, the
   * hand shows as it is. */
  arb_hand_view_set_keep_places (self->hand_view, hand_is_own (self, seat) && in_turn (state, seat));
  arb_hand_view_set_hand (self->hand_view, &state->hands[seat], is_replay (self) ? ARB_CARD_NONE : self->new_card);
  /* Only the person playing chooses a card: a replay or a game watched
   * shows none chosen. */
  if (!hand_is_own (self, seat))
    arb_hand_view_select (self->hand_view, ARB_CARD_NONE);
  if (hand_is_own (self, seat))
    title = g_strdup (_("Your hand"));
  else
    {
      const char *name = arb_game_player_name (self->game, (guint) seat);
      title = g_strdup_printf (arb_game_name_elides (name)
                               /* Translators: whose hand is shown, when the name elides (French "Main d’Ann"). */
                               ? C_("elided name", "%s’s hand")
                               /* Translators: whose hand is shown. */
                               : _("%s’s hand"), name);
    }
  gtk_label_set_label (self->hand_title, title);
  arb_accessible_set_hidden (GTK_WIDGET (self->hand_title), FALSE);
}

/* ---- lit places, buttons and focus ---------------------------------------- */

/* The cells where the chosen card may go, as the engine says, and in whose
 * arboretum. */
static void
update_cells (ArbTable *self, const ArbState *state)
{
  ArbCard card = arb_hand_view_get_selected (self->hand_view);
  gint8 legal[2 * ARB_MAX_FREE_CELLS];
  guint n_legal = 0, target = state->current;

  if (arb_table_seat_to_act (self) && card != ARB_CARD_NONE)
    n_legal = arb_state_legal_cells (state, card, &target, legal);
  arb_arboretum_view_set_cells (self->own_view, legal, target == state->current ? n_legal : 0);
  for (guint p = 0; p < state->n_players; p++)
    arb_arboretum_view_set_cells (seat_view (self, p), legal,
                                  p == target && p != state->current ? n_legal : 0);
  if (n_legal > 0 && target != state->current)
    arb_side_panel_show_arboretum (self->side_panel, seat_view (self, target));
}

/* The Discard button keeps its room when it is not wanted, so that the
 * hand and the arboretum above it never move as it comes and goes. */
static void
update_discard_button (ArbTable *self, const ArbState *state)
{
  GtkWidget *button = GTK_WIDGET (self->discard_button);
  gboolean shown = arb_table_seat_to_act (self) && state->phase == ARB_PHASE_DISCARD
                   && arb_state_discards_on_pile (state);

  gtk_widget_set_opacity (button, shown ? 1.0 : 0.0);
  gtk_widget_set_can_target (button, shown);
  gtk_widget_set_focusable (button, shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_HIDDEN, !shown, -1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.discard-selected",
                                 shown && arb_hand_view_get_selected (self->hand_view) != ARB_CARD_NONE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.focus-cells",
                                 arb_table_seat_to_act (self) && _arb_table_view_with_cells (self) != NULL);
}

/* What every step changes, whatever it moved. */
static void
update_turn (ArbTable *self, const ArbState *state)
{
  /* How many turns the deck lasts depends on whose turn it is too. */
  arb_pile_view_set_turns_left (ARB_PILE_VIEW (self->pile_views[0]), arb_state_turns_left (state),
                                arb_state_n_seats (state));
  arb_table_heading_update (self->heading, self->viewpoint, arb_table_seat_to_act (self), self->new_card);
  update_cells (self, state);
  update_discard_button (self, state);
  _arb_table_queue_restore_focus (self);
}

static void
update_all (ArbTable *self)
{
  const ArbState *state;

  if (self->game == NULL)
    return;
  state = shown_state (self);
  update_piles (self, state);
  update_arboreta (self, state);
  update_hand (self, state);
  update_turn (self, state);
}

/* ---- flying cards --------------------------------------------------------- */

/* The step whose card flies: who moved, and the move. */
typedef struct {
  ArbTable *table;
  guint     player;
  ArbMove   move;
} Landing;

/* Where the card of the step that flies is now, on the table as laid out
 * again (arb_flight_layer_fly_later); asked again while it flies, after
 * later steps too: a pile's top that no longer shows the card is no place
 * to land. */
static GtkWidget *
landing_place (gpointer data)
{
  Landing *landing = data;
  ArbTable *self = landing->table;
  const ArbMove *move = &landing->move;
  ArbCardWidget *top;
  int arboretum;

  if (self->game == NULL)
    return NULL;
  if (move->kind == ARB_MOVE_DRAW)
    return (int) landing->player == hand_seat (self)
           ? arb_hand_view_get_card_button (self->hand_view, move->card)
           : arb_side_panel_get_tab (self->side_panel, landing->player);
  arboretum = arb_state_move_arboretum (shown_state (self), landing->player, move);
  if (arboretum >= 0)
    return arb_arboretum_view_get_card_widget (arboretum_view (self, (guint) arboretum), move->x, move->y);
  top = arb_pile_view_get_top (ARB_PILE_VIEW (self->pile_views[landing->player + 1]));
  return arb_card_widget_get_card (top) == move->card ? GTK_WIDGET (top) : NULL;
}

/* A card leaves from the top of the pile drawn from, from the hand on
 * screen, or from the tabs of the side panel for a hand that is not shown;
 * it lands in the hand, the arboretum or the pile it went to. A card the
 * viewer may not see (another seat's draw from the deck) has no face: it
 * flies face down. Called before the table changes. */
static void
fly (ArbTable *self, guint player, const ArbMove *move)
{
  gboolean own_hand = (int) player == hand_seat (self);
  GtkWidget *from;
  Landing *landing;

  if (move->kind == ARB_MOVE_DRAW)
    from = GTK_WIDGET (arb_pile_view_get_top (ARB_PILE_VIEW (self->pile_views[move->source + 1])));
  else if (!arb_card_is_valid (move->card))
    return;
  else
    from = own_hand ? arb_hand_view_get_card_button (self->hand_view, move->card)
                    : arb_side_panel_get_tab (self->side_panel, player);
  if (from == NULL || !gtk_widget_get_mapped (from))
    return;
  landing = g_new (Landing, 1);
  *landing = (Landing) { self, player, *move };
  /* A card drawn into a hand not on screen goes into its player's tab,
   * which stays shown; any other lands where it is now shown. */
  arb_flight_layer_fly_later (self->flight_layer, move->card, from, landing_place,
                              move->kind == ARB_MOVE_DRAW && !own_hand ? ARB_FLIGHT_INTO : ARB_FLIGHT_ONTO,
                              landing, g_free);
}

/* ---- the viewpoint's signals ---------------------------------------------- */

/* A step is said once, in a player's words, when its time comes
 * (arb-announcer.c): the viewer's own at once, another player's turn
 * when it ends. */
static void
tell_step (ArbTable *self, guint index)
{
  ArbStep step;

  if (is_replay (self) || !arb_viewpoint_get_step (self->viewpoint, index, &step))
    return;
  arb_announcer_add_step (self->announcer, self->game, shown_state (self), &step,
                          (int) step.player == viewer (self));
}

static void
on_card_drawn (ArbTable *self, guint player, int source, guint card)
{
  ArbMove move = arb_move_draw (source);

  move.card = (ArbCard) card;
  fly (self, player, &move);
  /* The card is outlined in the hand it went to, if that hand is shown. */
  self->new_card = source == ARB_SOURCE_DECK && (int) player == hand_seat (self)
                   ? (ArbCard) card : ARB_CARD_NONE;
}

static void
on_card_played (ArbTable *self, guint player, guint card, int x, int y)
{
  ArbMove move = arb_move_play ((ArbCard) card, x, y);

  fly (self, player, &move);
  self->new_card = ARB_CARD_NONE;
}

static void
on_card_discarded (ArbTable *self, guint player, guint card, int x, int y)
{
  ArbMove move = arb_move_discard ((ArbCard) card, x, y);

  fly (self, player, &move);
  self->new_card = ARB_CARD_NONE;
}

/* Every step redraws the whole table from the projection. */
static void
on_step_applied (ArbTable *self, guint index)
{
  arb_side_panel_step_applied (self->side_panel, self->viewpoint, index);
  update_all (self);
  tell_step (self, index);
}

static void build_table (ArbTable *self);

/* The position jumped, or the viewer or the source changed: a new game
 * builds the table and the log again. */
static void
on_position_reset (ArbTable *self)
{
  ArbGame *game = self->viewpoint != NULL ? arb_viewpoint_get_game (self->viewpoint) : NULL;

  self->new_card = ARB_CARD_NONE;
  if (self->announcer != NULL) /* NULL once disposed */
    arb_announcer_forget (self->announcer);
  if (game != self->game)
    {
      g_set_object (&self->game, game);
      self->focus_turn = G_MAXUINT;
      if (game != NULL)
        build_table (self);
    }
  if (game == NULL)
    return;
  arb_side_panel_position_reset (self->side_panel, self->viewpoint);
  update_all (self);
}

/* ---- widget callbacks ----------------------------------------------------- */

static void
place_card (ArbTable *self, ArbCard card, int x, int y)
{
  const char *action;

  if (card == ARB_CARD_NONE || !arb_table_seat_to_act (self))
    return;
  action = shown_state (self)->phase == ARB_PHASE_DISCARD ? "win.discard" : "win.play";
  gtk_widget_activate_action (GTK_WIDGET (self), action, "(yii)", (guchar) card, x, y);
}

static void
on_cell_activated (ArbArboretumView *view, int x, int y, ArbTable *self)
{
  place_card (self, arb_hand_view_get_selected (self->hand_view), x, y);
}

static void
on_card_dropped (ArbArboretumView *view, guint card, int x, int y, ArbTable *self)
{
  place_card (self, (ArbCard) card, x, y);
}

static void
on_panel_cell_activated (ArbSidePanel *panel, int x, int y, ArbTable *self)
{
  place_card (self, arb_hand_view_get_selected (self->hand_view), x, y);
}

static void
on_panel_card_dropped (ArbSidePanel *panel, guint card, int x, int y, ArbTable *self)
{
  place_card (self, (ArbCard) card, x, y);
}

static void
on_pile_dropped (ArbPileView *pile, guint card, ArbTable *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.discard", "(yii)", (guchar) card, 0, 0);
}

static void
on_card_selected (ArbHandView *hand, guint card, ArbTable *self)
{
  if (self->game == NULL)
    return;
  update_cells (self, shown_state (self));
  update_discard_button (self, shown_state (self));
  /* A toggle's state alone is not read by every screen reader. */
  if (arb_card_is_valid ((ArbCard) card) && arb_table_seat_to_act (self))
    {
      g_autofree char *name = arb_card_to_string ((ArbCard) card);
      /* Translators: a card of the hand just chosen, said to a screen reader. */
      g_autofree char *text = g_strdup_printf (_("%s chosen"), name);
      _arb_table_announce (self, text);
    }
}

static void
discard_selected_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbTable *self = ARB_TABLE (widget);
  ArbCard card = arb_hand_view_get_selected (self->hand_view);

  if (card != ARB_CARD_NONE)
    gtk_widget_activate_action (widget, "win.discard", "(yii)", (guchar) card, 0, 0);
}

/* Tab from a chosen card goes to the places it may go, not through the
 * rest of the hand, the other arboreta and the log first. */
static void
focus_cells_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbTable *self = ARB_TABLE (widget);
  ArbArboretumView *view = _arb_table_view_with_cells (self);
  GtkWidget *cell = view != NULL ? arb_arboretum_view_get_first_cell_button (view) : NULL;

  if (cell == NULL)
    return;
  if (view != self->own_view)
    arb_side_panel_show_arboretum (self->side_panel, view);
  gtk_widget_grab_focus (cell);
}

/* ---- building the table --------------------------------------------------- */

static void
build_piles (ArbTable *self, const ArbState *state)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->piles_box))) != NULL)
    gtk_box_remove (self->piles_box, child);
  memset (self->pile_views, 0, sizeof self->pile_views);
  for (int p = -1; p < (int) arb_state_n_piles (state); p++)
    {
      self->pile_views[p + 1] = arb_pile_view_new (p);
      gtk_box_append (self->piles_box, self->pile_views[p + 1]);
      /* A card dropped on one's own pile is discarded there. */
      if (p >= 0 && arb_state_discards_on_pile (state))
        g_signal_connect (self->pile_views[p + 1], "card-dropped", G_CALLBACK (on_pile_dropped), self);
    }
}

/* The pile of the seat whose computer decides wears a spinner. */
static void
show_thinking (ArbTable *self)
{
  for (int p = 0; p < ARB_MAX_PLAYERS && self->pile_views[p + 1] != NULL; p++)
    {
      g_autofree char *description = NULL;

      if (p == self->thinking_seat && self->game != NULL)
        /* Translators: said of a computer player deciding its move: "Bo is thinking…". */
        description = g_strdup_printf (_("%s is thinking…"), arb_game_player_name (self->game, (guint) p));
      arb_pile_view_set_thinking (ARB_PILE_VIEW (self->pile_views[p + 1]), description);
    }
}

static void
build_table (ArbTable *self)
{
  const ArbState *state = shown_state (self);

  build_piles (self, state);
  show_thinking (self);
  arb_side_panel_build (self->side_panel, self->viewpoint);
}

/* Shows the table as viewpoint shows it: its source (the game, or a
 * replay of it) for its viewer, whose hand is on screen. The table
 * follows the viewpoint from then on: a new source or viewer redraws it. */
void
arb_table_set_viewpoint (ArbTable *self, ArbViewpoint *viewpoint)
{
  g_return_if_fail (ARB_IS_TABLE (self));
  g_return_if_fail (viewpoint == NULL || ARB_IS_VIEWPOINT (viewpoint));
  if (!g_set_object (&self->viewpoint, viewpoint))
    return;
  g_signal_group_set_target (self->viewpoint_signals, viewpoint);
  g_clear_object (&self->game);
  on_position_reset (self);
}

ArbViewpoint *
arb_table_get_viewpoint (ArbTable *self)
{
  g_return_val_if_fail (ARB_IS_TABLE (self), NULL);
  return self->viewpoint;
}

ArbCard
arb_table_get_selected (ArbTable *self)
{
  g_return_val_if_fail (ARB_IS_TABLE (self), ARB_CARD_NONE);
  return arb_hand_view_get_selected (self->hand_view);
}

/* Which seat's computer is deciding, shown by a spinner on its pile; -1
 * for none. */
void
arb_table_set_thinking (ArbTable *self, int seat)
{
  g_return_if_fail (ARB_IS_TABLE (self));
  g_return_if_fail (seat >= -1 && seat < ARB_MAX_PLAYERS);
  if (self->thinking_seat == seat)
    return;
  self->thinking_seat = seat;
  show_thinking (self);
}

/* The side panel shows player's arboretum, unless it is the large one. */
void
arb_table_follow_player (ArbTable *self, guint player)
{
  g_return_if_fail (ARB_IS_TABLE (self));
  if (self->game != NULL)
    arb_side_panel_follow_player (self->side_panel, player);
}

/* The usual width of the large arboretum's cards, larger with the
 * desktop's large text; the arboretum shrinks it to fit its room. */
static int
usual_card_width (ArbTable *self)
{
  return MIN ((int) (DEFAULT_CARD_WIDTH * arb_card_widget_text_scale (GTK_WIDGET (self))), MAX_CARD_WIDTH);
}

/* Large arboreta stay readable: direction 1 zooms in, -1 out, 0 back to
 * the usual size. The arboretum shrinks to fit its space; asking for
 * larger cards than fit lets it scroll, and the usual size fits again. */
void
arb_table_zoom (ArbTable *self, int direction)
{
  int shown;

  g_return_if_fail (ARB_IS_TABLE (self));
  shown = arb_arboretum_view_get_card_width (self->own_view);
  if (direction > 0)
    {
      self->card_width = MIN (shown + ZOOM_STEP, MAX_CARD_WIDTH);
      arb_arboretum_view_set_fit (self->own_view, FALSE);
    }
  else if (direction < 0)
    self->card_width = MAX (shown - ZOOM_STEP, MIN_CARD_WIDTH);
  else
    {
      self->card_width = usual_card_width (self);
      arb_arboretum_view_set_fit (self->own_view, TRUE);
    }
  arb_arboretum_view_set_card_width (self->own_view, self->card_width);
}

gboolean
arb_table_can_zoom (ArbTable *self, int direction)
{
  g_return_val_if_fail (ARB_IS_TABLE (self), FALSE);
  return direction > 0 ? self->card_width < MAX_CARD_WIDTH : self->card_width > MIN_CARD_WIDTH;
}

/* ---- what the tests look at ----------------------------------------------- */

static void
dump_card (GString *out, ArbCard card)
{
  g_autofree char *name = card != ARB_CARD_NONE ? arb_card_to_string (card) : g_strdup ("-");

  g_string_append_printf (out, " %s", name);
}

/* What the table shows, read from the widgets that show it. */
char *
arb_table_dump (ArbTable *self)
{
  GString *out = g_string_new (NULL);
  ArbCard cards[ARB_N_CARDS];
  guint n;

  g_return_val_if_fail (ARB_IS_TABLE (self), NULL);
  if (self->game == NULL)
    return g_string_free (out, FALSE);
  g_string_append_printf (out, "heading: %s\n", arb_table_heading_get_status (self->heading));
  for (int p = ARB_SOURCE_DECK; p < ARB_MAX_PLAYERS && self->pile_views[p + 1] != NULL; p++)
    {
      ArbPileView *pile = ARB_PILE_VIEW (self->pile_views[p + 1]);

      g_string_append_printf (out, "pile %d (%s): %s,", p,
                              gtk_label_get_label (arb_pile_view_get_title_label (pile)),
                              gtk_label_get_label (arb_pile_view_get_count_label (pile)));
      if (p == ARB_SOURCE_DECK)
        g_string_append (out, " face down");
      else
        dump_card (out, arb_card_widget_get_card (arb_pile_view_get_top (pile)));
      g_string_append_c (out, '\n');
    }
  for (guint p = 0; p < ARB_MAX_PLAYERS && seat_view (self, p) != NULL; p++)
    {
      ArbArboretumView *view = arboretum_view (self, p);
      const ArbArboretum *arboretum = arb_arboretum_view_get_arboretum (view);

      g_string_append_printf (out, "arboretum %u%s:", p, view == self->own_view ? " (large)" : "");
      for (guint i = 0; i < arboretum->n; i++)
        {
          GtkWidget *card = arb_arboretum_view_get_card_widget (view, arboretum->cells[i].x, arboretum->cells[i].y);

          dump_card (out, card != NULL ? arb_card_widget_get_card (ARB_CARD_WIDGET (card)) : ARB_CARD_NONE);
          g_string_append_printf (out, "@%d,%d", arboretum->cells[i].x, arboretum->cells[i].y);
        }
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "hand (%s):", gtk_label_get_label (self->hand_title));
  n = arb_hand_view_get_cards (self->hand_view, cards);
  for (guint i = 0; i < n; i++)
    dump_card (out, cards[i]);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

ArbHandView *
arb_table_get_hand_view (ArbTable *self)
{
  return self->hand_view;
}

ArbArboretumView *
arb_table_get_arboretum_view (ArbTable *self, guint player)
{
  g_return_val_if_fail (player < ARB_MAX_PLAYERS, NULL);
  return self->game != NULL ? arboretum_view (self, player) : self->own_view;
}

ArbArboretumView *
arb_table_get_side_view (ArbTable *self)
{
  return arb_side_panel_get_visible_view (self->side_panel);
}

ArbPileView *
arb_table_get_pile_view (ArbTable *self, int source)
{
  g_return_val_if_fail (source >= -1 && source < ARB_MAX_PLAYERS, NULL);
  return self->pile_views[source + 1] != NULL ? ARB_PILE_VIEW (self->pile_views[source + 1]) : NULL;
}

ArbLogView *
arb_table_get_log_view (ArbTable *self)
{
  return arb_side_panel_get_log_view (self->side_panel);
}

ArbRightsPanel *
arb_table_get_rights_panel (ArbTable *self)
{
  g_return_val_if_fail (ARB_IS_TABLE (self), NULL);
  return arb_side_panel_get_rights_panel (self->side_panel);
}

ArbFlightLayer *
arb_table_get_flight_layer (ArbTable *self)
{
  return self->flight_layer;
}

const char *
arb_table_get_hand_title (ArbTable *self)
{
  return gtk_label_get_label (self->hand_title);
}

/* ---- the class ------------------------------------------------------------ */

static void
arb_table_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbTable *self = ARB_TABLE (object);

  switch (prop_id)
    {
    case PROP_REVEAL_PANEL:
      g_value_set_boolean (value, adw_flap_get_reveal_flap (self->flap));
      break;
    case PROP_OPEN_HANDS:
      g_value_set_boolean (value, self->open_hands);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_table_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbTable *self = ARB_TABLE (object);

  switch (prop_id)
    {
    case PROP_REVEAL_PANEL:
      adw_flap_set_reveal_flap (self->flap, g_value_get_boolean (value));
      break;
    case PROP_OPEN_HANDS:
      if (self->open_hands == g_value_get_boolean (value))
        break;
      self->open_hands = g_value_get_boolean (value);
      if (self->game != NULL)
        update_hand (self, shown_state (self));
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
on_flap_revealed (ArbTable *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_PANEL]);
}

static void
arb_table_dispose (GObject *object)
{
  ArbTable *self = ARB_TABLE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->focus_idle, g_source_remove);
  if (self->viewpoint_signals != NULL)
    g_signal_group_set_target (self->viewpoint_signals, NULL);
  g_clear_object (&self->viewpoint_signals);
  g_clear_object (&self->viewpoint);
  g_clear_object (&self->game);
  g_clear_object (&self->announcer);
  g_clear_weak_pointer (&self->before_log);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_TABLE);
  /* The template's root, an overlay, is bound to no field. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (arb_table_parent_class)->dispose (object);
}

static void
arb_table_map (GtkWidget *widget)
{
  ArbTable *self = ARB_TABLE (widget);

  GTK_WIDGET_CLASS (arb_table_parent_class)->map (widget);
  _arb_table_queue_restore_focus (self);
}

static void
arb_table_class_init (ArbTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_table_dispose;
  object_class->get_property = arb_table_get_property;
  object_class->set_property = arb_table_set_property;
  widget_class->map = arb_table_map;

  properties[PROP_REVEAL_PANEL] =
    g_param_spec_boolean ("reveal-panel", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPEN_HANDS] =
    g_param_spec_boolean ("open-hands", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ARB_TYPE_ARBORETUM_VIEW);
  g_type_ensure (ARB_TYPE_HAND_VIEW);
  g_type_ensure (ARB_TYPE_FLIGHT_LAYER);
  g_type_ensure (ARB_TYPE_SIDE_PANEL);
  g_type_ensure (ARB_TYPE_TABLE_HEADING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-table.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbTable, flight_layer);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, flap);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, heading);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, piles_box);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, own_title);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, own_view);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, other_hands_box);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, hand_title);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, discard_button);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, hand_view);
  gtk_widget_class_bind_template_child (widget_class, ArbTable, side_panel);
  gtk_widget_class_bind_template_callback (widget_class, on_card_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_card_dropped);
  gtk_widget_class_bind_template_callback (widget_class, on_panel_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_panel_card_dropped);

  gtk_widget_class_install_action (widget_class, "table.discard-selected", NULL, discard_selected_action);
  gtk_widget_class_install_action (widget_class, "table.focus-cells", NULL, focus_cells_action);
}

/* Tab in the hand, once a card is chosen: table.focus-cells, enabled only
 * then, so that otherwise Tab moves on as usual. */
static void
add_hand_tab (ArbTable *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Tab, 0),
                                                          gtk_named_action_new ("table.focus-cells")));
  gtk_widget_add_controller (GTK_WIDGET (self->hand_view), controller);
}

static void
arb_table_init (ArbTable *self)
{
  self->announcer = arb_announcer_new (GTK_WIDGET (self));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->new_card = ARB_CARD_NONE;
  self->focus_turn = G_MAXUINT;
  self->thinking_seat = -1;
  self->card_width = usual_card_width (self);
  arb_arboretum_view_set_fit (self->own_view, TRUE);
  arb_arboretum_view_set_card_width (self->own_view, self->card_width);
  g_signal_connect_swapped (self->flap, "notify::reveal-flap", G_CALLBACK (on_flap_revealed), self);

  self->viewpoint_signals = g_signal_group_new (ARB_TYPE_TABLE_EVENTS);
  g_signal_group_connect_swapped (self->viewpoint_signals, "card-drawn", G_CALLBACK (on_card_drawn), self);
  g_signal_group_connect_swapped (self->viewpoint_signals, "card-played", G_CALLBACK (on_card_played), self);
  g_signal_group_connect_swapped (self->viewpoint_signals, "card-discarded", G_CALLBACK (on_card_discarded), self);
  g_signal_group_connect_swapped (self->viewpoint_signals, "step-applied", G_CALLBACK (on_step_applied), self);
  g_signal_group_connect_swapped (self->viewpoint_signals, "position-reset", G_CALLBACK (on_position_reset), self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.discard-selected", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.focus-cells", FALSE);
  add_hand_tab (self);
}
