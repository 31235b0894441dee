/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-table-focus.c: the table by keyboard and aloud: where the focus goes
 * when a turn starts, the parts a key goes to, what a screen reader is
 * told, and the hint and the review's ghost, which the focus follows.
 *
 * A part of ArbTable (arb-table-private.h) that the table calls and that
 * never calls back into arb-table.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-announcer.h"
#include "arb-log-view.h"
#include "arb-table-private.h"

/* Says text to a screen reader, from wherever the focus is. */
void
_arb_table_announce (ArbTable *self, const char *text)
{
  arb_announcer_say (self->announcer, text);
}

/* What the game's last steps did and the table has not said: the score
 * sheet says it first, as it comes up when the game ends. */
char *
arb_table_take_news (ArbTable *self)
{
  g_return_val_if_fail (ARB_IS_TABLE (self), NULL);
  return arb_announcer_take_news (self->announcer);
}

/* Tells the player something that lasts until the next step, in the line
 * under the heading, where it hides no card. */
void
arb_table_say (ArbTable *self, const char *text, gboolean is_error)
{
  g_return_if_fail (ARB_IS_TABLE (self));
  arb_table_heading_say (self->heading, text, is_error);
  _arb_table_announce (self, text);
}

gboolean
arb_table_seat_to_act (ArbTable *self)
{
  const ArbState *state;

  g_return_val_if_fail (ARB_IS_TABLE (self), FALSE);
  if (self->game == NULL || is_replay (self) || viewer (self) < 0)
    return FALSE;
  state = shown_state (self);
  return state->phase != ARB_PHASE_OVER && viewer (self) == (int) state->current
         && !arb_game_is_computer (self->game, (guint) viewer (self));
}

/* The arboretum whose free cells are lit: the seat's own for a play, Q's
 * for a discard in solo. */
ArbArboretumView *
_arb_table_view_with_cells (ArbTable *self)
{
  if (arb_arboretum_view_get_n_cells (self->own_view) > 0)
    return self->own_view;
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    if (seat_view (self, p) != NULL && arb_arboretum_view_get_n_cells (seat_view (self, p)) > 0)
      return seat_view (self, p);
  return NULL;
}

/* A person's turn starts visibly and aloud: the focus ring shows (GTK
 * shows none before the first key), and a screen reader hears what the
 * others did since and what the turn asks for. */
static void
start_turn_aloud (ArbTable *self, GtkWindow *window)
{
  g_autofree char *situation = arb_table_describe_situation (self);

  gtk_window_set_focus_visible (window, TRUE);
  arb_announcer_say_news (self->announcer, situation);
}

/* A focus that a screen reader can follow: on a widget shown that still
 * takes it (the Discard button, gone with the discard, takes it no more). */
static gboolean
focus_is_kept (GtkWidget *focus)
{
  return focus != NULL && gtk_widget_get_mapped (focus) && gtk_widget_get_focusable (focus);
}

/* When a person's turn starts, or the widget that had the keyboard focus
 * went away with a step, the focus goes where the next step starts: the
 * deck, or the hand. TRUE if the turn was said. */
static gboolean
focus_next_step (ArbTable *self, GtkRoot *root)
{
  GtkWidget *focus = gtk_root_get_focus (root);
  GtkWidget *target = NULL;
  const ArbState *state = shown_state (self);

  /* A turn of the person at the screen starts on the deck, wherever the
   * focus was left by the turn before. */
  if (state->turn == self->focus_turn && focus_is_kept (focus))
    return FALSE;
  if (state->phase == ARB_PHASE_DRAW)
    target = arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[0]));
  else
    {
      ArbCard card = arb_hand_view_get_selected (self->hand_view);
      if (card == ARB_CARD_NONE)
        card = arb_card_set_nth (&state->hands[state->current], 0);
      target = arb_hand_view_get_card_button (self->hand_view, card);
    }
  /* A table not yet on screen takes no focus: it tries again once mapped. */
  if (target == NULL || !gtk_widget_grab_focus (target))
    return FALSE;
  if (state->turn == self->focus_turn)
    return FALSE;
  self->focus_turn = state->turn;
  start_turn_aloud (self, GTK_WINDOW (root));
  return TRUE;
}

/* While the others play, the focus that the person's last step left
 * nowhere (the Discard button gone) waits in their hand, where a screen
 * reader hears the others' turns and the next turn starts. */
static void
keep_focus_on_table (ArbTable *self, GtkRoot *root)
{
  if (!focus_is_kept (gtk_root_get_focus (root)) && arb_game_count_people (self->game) > 0)
    arb_table_focus_part (self, ARB_TABLE_PART_HAND);
}

/* After each step, once the window has enabled the actions the deck and
 * the hand need: the focus where the next step starts, then what happened
 * said, if its time has come (arb-announcer.c). */
static gboolean
restore_focus (gpointer data)
{
  ArbTable *self = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  self->focus_idle = 0;
  if (root == NULL || self->game == NULL)
    return G_SOURCE_REMOVE;
  if (arb_table_seat_to_act (self))
    {
      if (focus_next_step (self, root))
        return G_SOURCE_REMOVE;
    }
  else
    keep_focus_on_table (self, root);
  /* The last turn's news waits for the score sheet, which says it before
   * the outcome (arb_table_take_news): said here, it would be cut short as
   * the sheet comes up. */
  if (arb_announcer_is_due (self->announcer) && shown_state (self)->phase != ARB_PHASE_OVER)
    arb_announcer_say_news (self->announcer, arb_table_heading_get_status (self->heading));
  return G_SOURCE_REMOVE;
}

/* L goes to the log of the moves, in the side panel, and from the log
 * back to where the focus was, or where the next step starts. */
static gboolean
focus_log (ArbTable *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *log = GTK_WIDGET (arb_side_panel_get_log_view (self->side_panel));

  if (focus != NULL && gtk_widget_is_ancestor (focus, log))
    {
      if (self->before_log != NULL && gtk_widget_get_mapped (self->before_log)
          && gtk_widget_grab_focus (self->before_log))
        return TRUE;
      return arb_table_focus_part (self, arb_table_seat_to_act (self)
                                             && shown_state (self)->phase == ARB_PHASE_DRAW
                                           ? ARB_TABLE_PART_PILES : ARB_TABLE_PART_HAND);
    }
  g_set_weak_pointer (&self->before_log, focus);
  adw_flap_set_reveal_flap (self->flap, TRUE);
  return arb_log_view_focus (ARB_LOG_VIEW (log));
}

/* After the step, once the window has enabled the actions the deck and
 * the hand need to take the focus. */
void
_arb_table_queue_restore_focus (ArbTable *self)
{
  if (self->focus_idle == 0)
    self->focus_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, restore_focus, self, NULL);
}

/* The keys that go to a part of the table: the focus lands on the chosen
 * card (or the first) of the hand, on the deck (or the first pile that
 * may be drawn from), or in the large arboretum. FALSE when that part has
 * nothing to focus now. */
gboolean
arb_table_focus_part (ArbTable *self, ArbTablePart part)
{
  GtkWidget *target = NULL;

  g_return_val_if_fail (ARB_IS_TABLE (self), FALSE);
  if (self->game == NULL)
    return FALSE;
  switch (part)
    {
    case ARB_TABLE_PART_HAND:
      target = arb_hand_view_get_card_button (self->hand_view, arb_hand_view_get_selected (self->hand_view));
      if (target == NULL)
        {
          ArbCard cards[ARB_N_CARDS];
          if (arb_hand_view_get_cards (self->hand_view, cards) > 0)
            target = arb_hand_view_get_card_button (self->hand_view, cards[0]);
        }
      break;
    case ARB_TABLE_PART_PILES:
      for (guint i = 0; i <= arb_state_n_piles (shown_state (self)) && target == NULL; i++)
        {
          GtkWidget *button = arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[i]));
          const ArbState *state = shown_state (self);
          /* An empty deck stays sensitive (a press is refused aloud), but
           * it is no place to draw from: the last turn draws from a pile. */
          guint n = i == 0 ? state->deck.n : state->discards[i - 1].n;

          if (gtk_widget_is_sensitive (button) && n > 0)
            target = button;
        }
      if (target == NULL)
        target = arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[0]));
      break;
    case ARB_TABLE_PART_ARBORETUM:
      {
        ArbArboretumView *view = _arb_table_view_with_cells (self);
        return arb_arboretum_view_focus (view != NULL ? view : self->own_view);
      }
    case ARB_TABLE_PART_LOG:
      return focus_log (self);
    default:
      g_return_val_if_reached (FALSE);
    }
  return target != NULL && gtk_widget_grab_focus (target);
}

/* Reads player's arboretum: shown in the side panel (or the large one),
 * with the focus on its newest card, and its name and size said. */
void
arb_table_read_arboretum (ArbTable *self, guint player)
{
  const ArbState *state;
  ArbArboretumView *view;
  g_autofree char *text = NULL;

  g_return_if_fail (ARB_IS_TABLE (self));
  if (self->game == NULL || player >= shown_state (self)->n_players)
    return;
  state = shown_state (self);
  view = arboretum_view (self, player);
  if (view != self->own_view)
    {
      adw_flap_set_reveal_flap (self->flap, TRUE);
      arb_side_panel_show_arboretum (self->side_panel, view);
    }
  arb_arboretum_view_focus (view);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: whose arboretum, and how many cards it holds. */
                                       "%s’s arboretum: %u card", "%s’s arboretum: %u cards",
                                       state->arboreta[player].n),
                          arb_game_player_name (self->game, player), (guint) state->arboreta[player].n);
  _arb_table_announce (self, text);
}

/* The situation in words: whose turn and what it asks for, the deck and
 * the hand. */
char *
arb_table_describe_situation (ArbTable *self)
{
  const ArbState *state;
  g_autofree char *deck = NULL;
  g_autofree char *hand = NULL;
  int seat;

  g_return_val_if_fail (ARB_IS_TABLE (self), NULL);
  if (self->game == NULL)
    return g_strdup ("");
  state = shown_state (self);
  seat = hand_seat (self);
  deck = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: how many cards the deck holds, said on demand. */
                                       "Deck: %u card", "Deck: %u cards", state->deck.n),
                          (guint) state->deck.n);
  hand = seat >= 0
         ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Hand: %u card", "Hand: %u cards",
                                         arb_card_set_count (&state->hands[seat])),
                            arb_card_set_count (&state->hands[seat]))
         : NULL;
  /* Translators: the heading ("Ann: Play a card"), the deck, the hand. */
  return hand != NULL ? g_strdup_printf (_("%s. %s. %s."), arb_table_heading_get_status (self->heading), deck, hand)
                      : g_strdup_printf (_("%s. %s."), arb_table_heading_get_status (self->heading), deck);
}

void
arb_table_say_situation (ArbTable *self)
{
  g_autofree char *text = arb_table_describe_situation (self);

  g_return_if_fail (ARB_IS_TABLE (self));
  _arb_table_announce (self, text);
}

/* A hint: its card chosen in the hand, and its place marked where it
 * would be planted. */
void
arb_table_show_hint (ArbTable *self, const ArbMove *move)
{
  int arboretum;

  g_return_if_fail (ARB_IS_TABLE (self));
  if (self->game == NULL)
    return;
  if (move->kind == ARB_MOVE_DRAW)
    {
      /* The focus follows the hint, to the pile it names. */
      gtk_widget_grab_focus (arb_pile_view_get_button (ARB_PILE_VIEW (self->pile_views[move->source + 1])));
      return;
    }
  arb_hand_view_select_hint (self->hand_view, move->card);
  arboretum = arb_state_move_arboretum (shown_state (self), shown_state (self)->current, move);
  if (arboretum >= 0)
    {
      ArbArboretumView *view = arboretum_view (self, (guint) arboretum);

      arb_arboretum_view_set_hint (view, move->x, move->y);
      /* The focus follows the hint, to the place it marks. */
      arb_arboretum_view_focus (view);
    }
  else
    arb_table_focus_part (self, ARB_TABLE_PART_HAND);
}

/* The review's choice for player at the position shown: the card it would
 * have planted, faded, where it would have gone; the pile it would have
 * drawn from; the card it would have discarded, faded on the pile. NULL
 * clears it. */
void
arb_table_show_ghost (ArbTable *self, guint player, const ArbMove *move)
{
  int arboretum = -1, pile = G_MININT;

  g_return_if_fail (ARB_IS_TABLE (self));
  if (self->game == NULL)
    return;
  if (move != NULL)
    {
      arboretum = arb_state_move_arboretum (shown_state (self), player, move);
      if (move->kind == ARB_MOVE_DRAW)
        pile = move->source;
      else if (move->kind == ARB_MOVE_DISCARD && arboretum < 0)
        pile = (int) player;
    }
  arb_arboretum_view_set_ghost (self->own_view, ARB_CARD_NONE, 0, 0);
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    if (seat_view (self, p) != NULL)
      arb_arboretum_view_set_ghost (seat_view (self, p), ARB_CARD_NONE, 0, 0);
  if (arboretum >= 0)
    arb_arboretum_view_set_ghost (arboretum_view (self, (guint) arboretum), move->card, move->x, move->y);
  /* The side panel shows the arboretum where it lies, when not the large one. */
  if (arboretum >= 0 && arboretum != large_seat (self))
    arb_side_panel_show_arboretum (self->side_panel, seat_view (self, (guint) arboretum));
  for (int p = ARB_SOURCE_DECK; p < ARB_MAX_PLAYERS; p++)
    if (self->pile_views[p + 1] != NULL)
      arb_pile_view_set_suggestion (ARB_PILE_VIEW (self->pile_views[p + 1]), p == pile,
                                    p == pile && move->kind == ARB_MOVE_DISCARD ? move->card : ARB_CARD_NONE);
}
