/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-game-text.c: a game's words, said once for every program (see
 * arb-game-text.h). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-game-text.h"

/* Q, the imaginary opponent of the solo game, has no seat. */
gboolean
arb_game_player_is_q (ArbGame *game, guint player)
{
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);
  return arb_game_get_variant (game) == ARB_VARIANT_SOLO && player == ARB_SOLO_Q;
}

const char *
arb_game_player_name (ArbGame *game, guint player)
{
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  if (arb_game_player_is_q (game, player))
    /* Translators: the imaginary opponent of the solo game. */
    return _("Q");
  return arb_player_get_name (arb_game_get_player (game, player));
}

/* Whether the language elides the word before NAME ("d’Ann", not
 * "de Ann"). The letters are the translator's: each sentence that holds a
 * name has a second, "elided name" form that a language with elision
 * translates with the short word, and English translates as the first. */
gboolean
arb_game_name_elides (const char *name)
{
  /* Translators: the first letters (lower case, without accents) before
   * which your language elides a short word, such as French "d’Ann" for
   * "de Ann". Translate as "-" if your language has no elision. */
  const char *letters = C_("elision", "-");
  gunichar first, decomposed[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];

  g_return_val_if_fail (name != NULL, FALSE);
  if (*name == '\0' || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  first = g_unichar_tolower (g_utf8_get_char (name));
  /* "É" counts as "e": the list needs no accented letters. */
  if (g_unichar_fully_decompose (first, FALSE, decomposed, G_N_ELEMENTS (decomposed)) > 0)
    first = decomposed[0];
  return g_unichar_isalpha (first) && g_utf8_strchr (letters, -1, first) != NULL;
}

/* A player's name cut to max_chars characters, the last one "…", where
 * room is short (above a discard pile, on a tab); 0 keeps it whole. */
char *
arb_game_short_player_name (ArbGame *game, guint player, guint max_chars)
{
  const char *name = arb_game_player_name (game, player);
  g_autofree char *start = NULL;

  if (max_chars == 0 || g_utf8_strlen (name, -1) <= max_chars)
    return g_strdup (name);
  start = g_utf8_substring (name, 0, max_chars - 1);
  return g_strconcat (start, "…", NULL);
}

/* A pile's title on the table: "Tom’s pile", or "Discard pile" when there
 * is one pile (solo). max_name_chars cuts a long name (0: never). */
char *
arb_game_pile_title (ArbGame *game, guint pile, guint max_name_chars)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  if (arb_rules_has_automaton (arb_game_get_variant (game)))
    return g_strdup (_("Discard pile"));
  name = arb_game_short_player_name (game, pile, max_name_chars);
  return g_strdup_printf (arb_game_name_elides (name)
                          /* Translators: whose discard pile this is, when the name elides (French "Pile d’Ann"). */
                          ? C_("elided name", "%s’s pile")
                          /* Translators: whose discard pile this is. */
                          : _("%s’s pile"), name);
}

/* "the deck", "the discard pile" (solo), "Tom’s discard pile". */
char *
arb_game_pile_name (ArbGame *game, int source)
{
  const char *name;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  if (source == ARB_SOURCE_DECK)
    return g_strdup (_("the deck"));
  if (arb_rules_has_automaton (arb_game_get_variant (game)))
    return g_strdup (_("the discard pile"));
  name = arb_game_player_name (game, (guint) source);
  return g_strdup_printf (arb_game_name_elides (name)
                          /* Translators: in "Rina took Oak 5 from Ann’s discard pile", when the name elides. */
                          ? C_("elided name", "%s’s discard pile")
                          /* Translators: in "Rina took Oak 5 from Tom’s discard pile". */
                          : _("%s’s discard pile"), name);
}

static char *
describe_draw (ArbGame *game, const ArbStep *step, ArbStepText detail)
{
  const char *name = arb_game_player_name (game, step->player);
  g_autofree char *card = arb_card_is_valid (step->move.card) ? arb_card_to_string (step->move.card) : NULL;
  g_autofree char *pile = NULL;

  if (step->move.source == ARB_SOURCE_DECK)
    return detail == ARB_STEP_TEXT_FULL && card != NULL
           /* Translators: player, card: a card drawn from the deck, in a replay of the whole game. */
           ? g_strdup_printf (_("%s drew %s from the deck"), name, card)
           : g_strdup_printf (_("%s drew a card from the deck"), name);
  /* A draw not made, such as Hard's choice in a review, has no card yet. */
  if (card == NULL)
    {
      pile = arb_game_pile_name (game, step->move.source);
      /* Translators: player, pile: a draw whose card is not said. */
      return g_strdup_printf (_("%s took the top card of %s"), name, pile);
    }
  if (step->move.source == step->player && arb_game_get_variant (game) != ARB_VARIANT_SOLO)
    /* Translators: a player took back the top card of their own discard pile. */
    return g_strdup_printf (_("%s took %s from their own discard pile"), name, card);
  pile = arb_game_pile_name (game, step->move.source);
  /* Translators: player, card, pile. */
  return g_strdup_printf (_("%s took %s from %s"), name, card, pile);
}

static char *
describe_solo_discard (ArbGame *game, const ArbStep *step, ArbStepText detail)
{
  const char *name = arb_game_player_name (game, step->player);
  g_autofree char *card = arb_card_to_string (step->move.card);
  g_autofree char *turned = arb_card_is_valid (step->refill_discard)
                            ? arb_card_to_string (step->refill_discard) : NULL;
  g_autofree char *planted = NULL;

  if (detail == ARB_STEP_TEXT_FULL)
    /* Translators: player, card, and where in Q's arboretum (column, row). */
    planted = g_strdup_printf (_("%s planted %s in Q’s arboretum at (%d, %d)"), name, card,
                               step->move.x, step->move.y);
  else
    planted = g_strdup_printf (_("%s planted %s in Q’s arboretum"), name, card);
  if (turned != NULL)
    {
      /* Translators: what the player did, then the card turned face up. */
      g_autofree char *more = g_strdup_printf (_("%s; %s was turned onto the discard pile"), planted, turned);
      g_free (planted);
      planted = g_steal_pointer (&more);
    }
  /* Q's new card is secret: only the replay of the whole game names it. */
  if (detail == ARB_STEP_TEXT_FULL && arb_card_is_valid (step->refill_q))
    {
      g_autofree char *dealt = arb_card_to_string (step->refill_q);
      /* Translators: what the player did, then the card the deck gave Q. */
      g_autofree char *more = g_strdup_printf (_("%s; %s was dealt to Q"), planted, dealt);
      g_free (planted);
      planted = g_steal_pointer (&more);
    }
  return g_steal_pointer (&planted);
}

/* What a step did, in one sentence: "Rina planted Oak 5". */
char *
arb_game_describe_step (ArbGame *game, const ArbStep *step, ArbStepText detail)
{
  const char *name;
  g_autofree char *card = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (step != NULL, NULL);
  name = arb_game_player_name (game, step->player);
  if (step->move.kind == ARB_MOVE_DRAW)
    return describe_draw (game, step, detail);
  card = arb_card_to_string (step->move.card);
  switch (step->move.kind)
    {
    case ARB_MOVE_PLAY:
      if (detail == ARB_STEP_TEXT_FULL)
        /* Translators: player, card, and where (column, row). */
        return g_strdup_printf (_("%s planted %s at (%d, %d)"), name, card, step->move.x, step->move.y);
      return g_strdup_printf (_("%s planted %s"), name, card);
    case ARB_MOVE_DISCARD:
    default:
      if (arb_game_get_variant (game) == ARB_VARIANT_SOLO)
        return describe_solo_discard (game, step, detail);
      return g_strdup_printf (_("%s discarded %s"), name, card);
    }
}

/* ---- In a player's words: no coordinates --------------------------------- */

/* Where a card went, said by a neighbour in the arboretum (one of the same
 * species if there is one) and the side it went on, as the arboretum is
 * drawn (y downwards): "right of Oak 3". NULL when it has no neighbour:
 * the first card. */
static char *
describe_place (const ArbArboretum *arboretum, const ArbMove *move)
{
  static const int dx[] = { -1, 1, 0, 0 }, dy[] = { 0, 0, -1, 1 };
  int side = -1;
  ArbCard next = ARB_CARD_NONE;
  g_autofree char *other = NULL;

  for (int d = 0; d < 4; d++)
    {
      ArbCard card = arb_arboretum_card_at (arboretum, move->x + dx[d], move->y + dy[d]);
      if (card == ARB_CARD_NONE
          || (next != ARB_CARD_NONE && arb_card_species (next) == arb_card_species (move->card)))
        continue;
      if (next == ARB_CARD_NONE || arb_card_species (card) == arb_card_species (move->card))
        next = card, side = d;
    }
  if (next == ARB_CARD_NONE)
    return NULL;
  other = arb_card_to_string (next);
  switch (side)
    {
    case 0: /* the neighbour is on the left */
      /* Translators: where a card was planted, by the card it went next to. */
      return g_strdup_printf (_("right of %s"), other);
    case 1:
      return g_strdup_printf (_("left of %s"), other);
    case 2:
      return g_strdup_printf (_("below %s"), other);
    default:
      return g_strdup_printf (_("above %s"), other);
    }
}

/* A card planted, said from the position before: "Ann planted Oak 5 right
 * of Oak 3", or as a choice ("plant Oak 5 right of Oak 3"). A choice is
 * read in a review by every player, of anyone's move: it never says
 * "your". */
static char *
describe_planting (ArbGame *game, const ArbState *before, guint player, const ArbMove *move,
                   gboolean choice)
{
  const char *name = arb_game_player_name (game, player);
  int target = arb_state_move_arboretum (before, player, move);
  gboolean in_q = target >= 0 && (guint) target != player;
  g_autofree char *card = arb_card_to_string (move->card);
  g_autofree char *where = target >= 0 ? describe_place (&before->arboreta[target], move) : NULL;

  if (choice && in_q)
    return where != NULL ? g_strdup_printf (_("plant %s in Q’s arboretum, %s"), card, where)
                         : g_strdup_printf (_("plant %s to start Q’s arboretum"), card);
  if (choice)
    /* Translators: a move the computer would have made: a card, and where ("right of Oak 3"). */
    return where != NULL ? g_strdup_printf (_("plant %s %s"), card, where)
                         /* Translators: a move the computer would have made, said of any player. */
                         : g_strdup_printf (_("plant %s to start their arboretum"), card);
  if (in_q)
    return where != NULL ? g_strdup_printf (_("%s planted %s in Q’s arboretum, %s"), name, card, where)
                         : g_strdup_printf (_("%s planted %s to start Q’s arboretum"), name, card);
  /* Translators: player, card, and where it went ("right of Oak 3"). */
  return where != NULL ? g_strdup_printf (_("%s planted %s %s"), name, card, where)
                       : g_strdup_printf (_("%s planted %s to start their arboretum"), name, card);
}

/* A draw as a choice: "draw from the deck", "take Oak 5 from Tom’s discard pile". */
static char *
describe_draw_choice (ArbGame *game, guint player, const ArbMove *move)
{
  g_autofree char *card = arb_card_is_valid (move->card) ? arb_card_to_string (move->card) : NULL;
  g_autofree char *pile = NULL;

  if (move->source == ARB_SOURCE_DECK)
    return g_strdup (_("draw from the deck"));
  if (move->source == (int) player && !arb_rules_has_automaton (arb_game_get_variant (game)))
    /* Translators: a move the computer would have made, said of any player. */
    return card != NULL ? g_strdup_printf (_("take %s back from their discard pile"), card)
                        : g_strdup (_("take back the top card of their discard pile"));
  pile = arb_game_pile_name (game, move->source);
  return card != NULL ? g_strdup_printf (_("take %s from %s"), card, pile)
                      : g_strdup_printf (_("take the top card of %s"), pile);
}

/* What a step did, as a player says it: no coordinates, a card planted is
 * placed by the card it went next to in the position before. A card drawn
 * from the deck is named only when the step holds it. */
char *
arb_game_describe_step_in_words (ArbGame *game, const ArbState *before, const ArbStep *step)
{
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (before != NULL && step != NULL, NULL);
  if (step->move.kind == ARB_MOVE_DRAW)
    return describe_draw (game, step, arb_card_is_valid (step->move.card) ? ARB_STEP_TEXT_FULL
                                                                          : ARB_STEP_TEXT_PUBLIC);
  if (step->move.kind == ARB_MOVE_PLAY || !arb_state_discards_on_pile (before))
    return describe_planting (game, before, step->player, &step->move, FALSE);
  return arb_game_describe_step (game, step, ARB_STEP_TEXT_PUBLIC);
}

/* A move player could make from before, said of them to whoever reads
 * the review: "draw from the deck", "plant Oak 5 right of Oak 3",
 * "discard Oak 5". */
char *
arb_game_describe_choice (ArbGame *game, const ArbState *before, guint player, const ArbMove *move)
{
  g_autofree char *card = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (before != NULL && move != NULL, NULL);
  if (move->kind == ARB_MOVE_DRAW)
    return describe_draw_choice (game, player, move);
  if (move->kind == ARB_MOVE_PLAY || !arb_state_discards_on_pile (before))
    return describe_planting (game, before, player, move, TRUE);
  card = arb_card_to_string (move->card);
  return g_strdup_printf (_("discard %s"), card);
}

/* What the turn asks for now: "Rina: Play a card". */
char *
arb_game_describe_phase (ArbGame *game, const ArbState *state)
{
  const char *name;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  if (state->phase == ARB_PHASE_OVER)
    return g_strdup (_("The game is over"));
  name = arb_game_player_name (game, state->current);
  switch (state->phase)
    {
    case ARB_PHASE_DRAW:
      /* Translators: %s is a player; the numbers say which of the two draws of a turn. */
      return state->draws == 0 ? g_strdup_printf (_("%s: Draw a card (1 of 2)"), name)
                               : g_strdup_printf (_("%s: Draw a card (2 of 2)"), name);
    case ARB_PHASE_PLAY:
      return g_strdup_printf (_("%s: Play a card"), name);
    case ARB_PHASE_DISCARD:
    case ARB_PHASE_OVER:
    default:
      return g_strdup_printf (_("%s: Discard a card"), name);
    }
}

/* The arboretum the current step places a card in: the player's own for
 * a play, Q's for a discard in solo (the others' discards go to a pile). */
guint
arb_game_target_arboretum (ArbGame *game, const ArbState *state)
{
  g_return_val_if_fail (ARB_IS_GAME (game), 0);
  if (state->phase == ARB_PHASE_DISCARD && !arb_state_discards_on_pile (state))
    return ARB_SOLO_Q;
  return state->current;
}

/* The hint of a person's draw: the deck or a discard pile, and only the
 * discard piles once the first draw took the deck's last card. drawn is
 * the card the player just drew from the deck, or ARB_CARD_NONE. */
char *
arb_game_describe_draw_hint (ArbGame *game, const ArbState *state, ArbCard drawn)
{
  g_autofree char *card = arb_card_is_valid (drawn) ? arb_card_to_string (drawn) : NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  if (state->draws == 1 && card != NULL)
    return state->deck.n > 0
           /* Translators: %s is the card just drawn from the deck. */
           ? g_strdup_printf (_("You drew %s. Now draw your second card from the deck or a discard pile."), card)
           /* Translators: %s is the card just drawn, the deck's last. */
           : g_strdup_printf (_("You drew %s, the deck’s last card. Now take your second card from a discard pile."),
                              card);
  if (state->deck.n == 0)
    return g_strdup (_("The deck is empty: take the top card of a discard pile."));
  return g_strdup (_("Click the deck or the top card of a discard pile."));
}

/* What the end of the deck means for the player to act, before the last
 * turn itself (which the heading names): NULL while the deck lasts another
 * round. The count assumes every draw from the deck, as the deck's count
 * does (arb_state_turns_left): a draw from a discard pile delays the end. */
char *
arb_game_describe_deck_end (ArbGame *game, const ArbState *state)
{
  guint seats, left;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  seats = arb_game_get_n_seats (game);
  left = arb_state_turns_left (state);
  if (left == 0 || arb_state_is_last_turn (state) || left > seats)
    return NULL;
  if (left == 1)
    return g_strdup (_("Whoever draws the deck’s last card ends the game with this turn."));
  /* Translators: %s is the player whose turn may empty the deck, before this player's next turn. */
  return g_strdup_printf (_("This may be your last turn: %s can empty the deck."),
                          arb_game_player_name (game, (state->current + left - 1) % seats));
}
