/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-game.c: the game model. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-enums.h"
#include "arb-error.h"
#include "arb-game.h"

struct _ArbGame
{
  GObject    parent_instance;
  ArbState   start;
  ArbState   state;
  ArbPile    deck;     /* the whole deck before the deal, top last */
  gboolean   has_deck; /* FALSE when the start was not a fresh deal */
  GArray    *steps;    /* ArbStep, every action since the deal */
  GPtrArray *players;  /* ArbPlayer, one per seat */
  gint64     seed;     /* ARB_GAME_NO_SEED when no seed describes the deal */
};

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbGame, arb_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ARB_TYPE_TABLE_EVENTS, NULL))

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_CURRENT_PLAYER,
  PROP_PHASE,
  PROP_DECK_SIZE,
  PROP_TURN,
  PROP_FINISHED,
  PROP_CAN_TAKE_BACK,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];


static void
arb_game_finalize (GObject *object)
{
  ArbGame *self = ARB_GAME (object);
  g_array_unref (self->steps);
  g_ptr_array_unref (self->players);
  G_OBJECT_CLASS (arb_game_parent_class)->finalize (object);
}

static void
arb_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbGame *self = ARB_GAME (object);
  switch (prop_id)
    {
    case PROP_VARIANT:
      g_value_set_enum (value, self->state.variant);
      break;
    case PROP_CURRENT_PLAYER:
      g_value_set_uint (value, self->state.current);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->state.phase);
      break;
    case PROP_DECK_SIZE:
      g_value_set_uint (value, self->state.deck.n);
      break;
    case PROP_TURN:
      g_value_set_uint (value, self->state.turn);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, self->state.phase == ARB_PHASE_OVER);
      break;
    case PROP_CAN_TAKE_BACK:
      g_value_set_boolean (value, arb_game_can_take_back (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, ARB_TYPE_VARIANT, ARB_VARIANT_STANDARD, flags);
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_uint ("current-player", NULL, NULL, 0, ARB_MAX_PLAYERS - 1, 0, flags);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, ARB_TYPE_PHASE, ARB_PHASE_DRAW, flags);
  properties[PROP_DECK_SIZE] =
    g_param_spec_uint ("deck-size", NULL, NULL, 0, ARB_N_CARDS, 0, flags);
  properties[PROP_TURN] =
    g_param_spec_uint ("turn", NULL, NULL, 0, G_MAXUINT16, 0, flags);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE, flags);
  /* Whether arb_game_take_back() would succeed now. */
  properties[PROP_CAN_TAKE_BACK] =
    g_param_spec_boolean ("can-take-back", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_game_class_init (ArbGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_game_finalize;
  object_class->get_property = arb_game_get_property;
  install_properties (object_class);
}

static void
arb_game_init (ArbGame *self)
{
  self->steps = g_array_new (FALSE, FALSE, sizeof (ArbStep));
}

static GPtrArray *
copy_players (GPtrArray *players)
{
  GPtrArray *copy = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < players->len; i++)
    g_ptr_array_add (copy, g_object_ref (g_ptr_array_index (players, i)));
  return copy;
}

static ArbGame *
game_new_dealt (ArbVariant variant, GPtrArray *players, ArbRandom *random, gint64 seed,
                ArbSpeciesMask species, GError **error)
{
  ArbPile deck;

  g_return_val_if_fail (players != NULL, NULL);
  if (!arb_state_shuffle_deck (variant, players->len, &species, random, &deck, error))
    return NULL;
  return arb_game_new_with_deck (variant, players, seed, species, &deck, error);
}

/* A new game dealt from the operating system's cryptographic source: what
 * a person plays, in the window or at a server's table. No seed describes
 * the deal (arb_game_has_seed() is FALSE), so no card seen tells the others.
 * species 0 draws the species too. */
ArbGame *
arb_game_new_unseeded (ArbVariant variant, GPtrArray *players, ArbSpeciesMask species,
                       GError **error)
{
  g_autoptr (ArbRandom) random = arb_random_new_system ();

  return game_new_dealt (variant, players, random, ARB_GAME_NO_SEED, species, error);
}

/* A new game dealt from a deck shuffled by the seed, the same on every
 * machine: for self-play, tournaments, tests and practice tables, where the
 * seed is public. species 0 lets the seed choose the species too. */
ArbGame *
arb_game_new (ArbVariant variant, GPtrArray *players, guint32 seed, ArbSpeciesMask species,
              GError **error)
{
  g_autoptr (ArbRandom) random = arb_random_new_seeded (seed);

  return game_new_dealt (variant, players, random, seed, species, error);
}

static ArbGame *
game_new (const ArbState *start, GPtrArray *players, gint64 seed, GError **error)
{
  if (players->len != arb_state_n_seats (start))
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP,
                   _("The game has %u seats but %u players were given"),
                   arb_state_n_seats (start), players->len);
      return NULL;
    }

  ArbGame *self = g_object_new (ARB_TYPE_GAME, NULL);
  self->start = *start;
  self->state = *start;
  self->players = copy_players (players);
  self->seed = seed;
  return self;
}

/* A game dealt from a deck in a known order (top last), as a save game
 * records it: no random number is drawn. seed is the one that shuffled the
 * deck, or ARB_GAME_NO_SEED. */
ArbGame *
arb_game_new_with_deck (ArbVariant variant, GPtrArray *players, gint64 seed,
                        ArbSpeciesMask species, const ArbPile *deck, GError **error)
{
  ArbState start;
  ArbGame *self;

  g_return_val_if_fail (players != NULL && deck != NULL, NULL);
  g_return_val_if_fail (seed == ARB_GAME_NO_SEED || (seed >= 0 && seed <= G_MAXUINT32), NULL);
  if (!arb_state_setup_with_deck (&start, variant, players->len, species, deck, error))
    return NULL;
  self = game_new (&start, players, seed, error);
  if (self != NULL)
    {
      /* Only the cards: the slots past deck->n may never have been written. */
      self->deck.n = deck->n;
      memcpy (self->deck.cards, deck->cards, deck->n);
      self->has_deck = TRUE;
    }
  return self;
}

static gboolean
same_pile (const ArbPile *a, const ArbPile *b)
{
  return a->n == b->n && memcmp (a->cards, b->cards, a->n) == 0;
}

/* Whether dealing deck gives exactly the position start. */
static gboolean
deals_start (const ArbState *start, const ArbPile *deck)
{
  ArbState dealt;

  if (!arb_state_setup_with_deck (&dealt, start->variant, arb_state_n_seats (start),
                                  start->species, deck, NULL))
    return FALSE;
  if (start->current != 0 || start->phase != ARB_PHASE_DRAW || start->draws != 0
      || start->turn != 0 || start->n_players != dealt.n_players
      || !same_pile (&start->deck, &dealt.deck))
    return FALSE;
  for (guint p = 0; p < dealt.n_players; p++)
    if (memcmp (&start->hands[p], &dealt.hands[p], sizeof (ArbCardSet)) != 0
        || !same_pile (&start->discards[p], &dealt.discards[p])
        || start->arboreta[p].n != 0)
      return FALSE;
  return TRUE;
}

/* A deck whose deal gives the start position: a dealt hand does not keep
 * the order its cards came in, so each hand is dealt in card order. FALSE
 * when start is not a fresh deal. */
static gboolean
reconstruct_deck (const ArbState *start, ArbPile *deck)
{
  guint n_seats = arb_state_n_seats (start);
  ArbCard dealt[ARB_N_CARDS];
  guint n_dealt = 0;

  if (start->variant > ARB_VARIANT_SOLO || n_seats == 0 || n_seats > ARB_MAX_PLAYERS
      || start->n_players > ARB_MAX_PLAYERS)
    return FALSE;
  for (guint p = 0; p < n_seats; p++)
    if (arb_card_set_count (&start->hands[p]) != ARB_HAND_SIZE)
      return FALSE;
  for (guint i = 0; i < ARB_HAND_SIZE; i++)
    for (guint p = 0; p < n_seats; p++)
      dealt[n_dealt++] = arb_card_set_nth (&start->hands[p], i);
  for (guint p = 0; p < arb_state_n_piles (start); p++)
    if (start->discards[p].n == 1)
      dealt[n_dealt++] = start->discards[p].cards[0];

  if (start->deck.n + n_dealt > ARB_N_CARDS)
    return FALSE;
  deck->n = start->deck.n;
  memcpy (deck->cards, start->deck.cards, deck->n);
  while (n_dealt > 0)
    arb_pile_push (deck, dealt[--n_dealt]);
  return deals_start (start, deck);
}

/* A game from a start position. When it is a fresh deal the game can be
 * saved; a position taken from the middle of a game can only be played on. */
ArbGame *
arb_game_new_from_state (const ArbState *start, GPtrArray *players, gint64 seed, GError **error)
{
  ArbGame *self;

  g_return_val_if_fail (start != NULL && players != NULL, NULL);
  g_return_val_if_fail (seed == ARB_GAME_NO_SEED || (seed >= 0 && seed <= G_MAXUINT32), NULL);
  self = game_new (start, players, seed, error);
  if (self != NULL)
    self->has_deck = reconstruct_deck (start, &self->deck);
  return self;
}

/* The game's deal, and its seed if it has one, with other players and no
 * step taken yet: a player's name and kind are fixed when a game is made. */
ArbGame *
arb_game_new_same_deal (ArbGame *game, GPtrArray *players, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (game) && players != NULL, NULL);
  if (game->has_deck)
    return arb_game_new_with_deck (game->start.variant, players, game->seed,
                                   game->start.species, &game->deck, error);
  return arb_game_new_from_state (&game->start, players, game->seed, error);
}

/* The whole deck in the order it was dealt from (top last), or NULL when
 * the game did not start from a deal. */
const ArbPile *
arb_game_get_deck (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return self->has_deck ? &self->deck : NULL;
}

const ArbState *
arb_game_get_state (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return &self->state;
}

const ArbState *
arb_game_get_start_state (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return &self->start;
}

ArbVariant
arb_game_get_variant (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), ARB_VARIANT_STANDARD);
  return self->state.variant;
}

/* Whether a seed describes the deal: FALSE for a game dealt from the
 * operating system's source (arb_game_new_unseeded), which no seed does. */
gboolean
arb_game_has_seed (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return self->seed != ARB_GAME_NO_SEED;
}

/* The seed that shuffled the deck; 0 when there is none (arb_game_has_seed). */
guint32
arb_game_get_seed (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return arb_game_has_seed (self) ? (guint32) self->seed : 0;
}

guint
arb_game_get_n_seats (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->players->len;
}

ArbPlayer *
arb_game_get_player (ArbGame *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (seat < self->players->len, NULL);
  return g_ptr_array_index (self->players, seat);
}

guint
arb_game_get_current_player (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->state.current;
}

/* Whether a computer plays for player: a computer seat, or Q, who has no
 * seat and follows the rules alone. */
/* Another player takes seat: in network play the host may give the seat
 * of a person who dropped to a computer. The steps stay as they are. */
void
arb_game_replace_player (ArbGame *self, guint seat, ArbPlayer *player)
{
  g_return_if_fail (ARB_IS_GAME (self));
  g_return_if_fail (seat < self->players->len);
  g_return_if_fail (ARB_IS_PLAYER (player));
  g_object_ref (player);
  g_object_unref (g_ptr_array_index (self->players, seat));
  g_ptr_array_index (self->players, seat) = player;
}

gboolean
arb_game_is_computer (ArbGame *self, guint player)
{
  g_return_val_if_fail (ARB_IS_GAME (self), TRUE);
  if (player >= arb_game_get_n_seats (self))
    return TRUE;
  return arb_player_get_kind (arb_game_get_player (self, player)) == ARB_PLAYER_COMPUTER;
}

/* How many people play at the screen. */
guint
arb_game_count_people (ArbGame *self)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  for (guint i = 0; i < arb_game_get_n_seats (self); i++)
    n += !arb_game_is_computer (self, i);
  return n;
}

ArbPhase
arb_game_get_phase (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), ARB_PHASE_OVER);
  return self->state.phase;
}

guint
arb_game_get_deck_size (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->state.deck.n;
}

guint
arb_game_get_turn (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->state.turn;
}

gboolean
arb_game_is_finished (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return self->state.phase == ARB_PHASE_OVER;
}

guint
arb_game_get_n_steps (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->steps->len;
}

const ArbStep *
arb_game_get_step (ArbGame *self, guint index)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);
  return &g_array_index (self->steps, ArbStep, index);
}

static void
notify_changes (ArbGame *self, const ArbState *before, gboolean could_take_back)
{
  const ArbState *after = &self->state;

  if (before->current != after->current)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLAYER]);
  if (before->phase != after->phase)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  if (before->deck.n != after->deck.n)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DECK_SIZE]);
  if (before->turn != after->turn)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN]);
  if ((after->phase == ARB_PHASE_OVER) != (before->phase == ARB_PHASE_OVER))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
  if (could_take_back != arb_game_can_take_back (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_TAKE_BACK]);
}

/* Records a step already applied to the state, then tells the listeners. */
static void
commit_step (ArbGame *self, const ArbState *before, const ArbStep *step)
{
  gboolean could_take_back = arb_game_can_take_back (self);

  g_array_append_val (self->steps, *step);

  g_object_freeze_notify (G_OBJECT (self));
  notify_changes (self, before, could_take_back);
  g_object_thaw_notify (G_OBJECT (self));

  arb_table_events_emit_step (ARB_TABLE_EVENTS (self), step, self->steps->len - 1, before, &self->state);
}

/* Carries out one action of the player whose turn it is. A refused action
 * sets error and changes nothing. */
gboolean
arb_game_apply (ArbGame *self, const ArbMove *move, GError **error)
{
  ArbState before;
  ArbStep step;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  before = self->state;
  if (!arb_state_apply (&self->state, move, &step, error))
    return FALSE;
  commit_step (self, &before, &step);
  return TRUE;
}

static char *
card_name (ArbCard card)
{
  return arb_card_is_valid (card) ? arb_card_to_string (card) : g_strdup (_("no card"));
}

static gboolean
check_card (const char *what, ArbCard recorded, ArbCard taken, GError **error)
{
  if (recorded == taken)
    return TRUE;

  g_autofree char *recorded_name = card_name (recorded);
  g_autofree char *taken_name = card_name (taken);
  /* Translators: the first %s says which card ("the card drawn", ...). */
  g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
               _("%s is recorded as %s but the deal gives %s"),
               what, recorded_name, taken_name);
  return FALSE;
}

/* Whether what the rules did agrees with the record: the player, the card
 * drawn and, in solo, the cards turned up after the discard. */
static gboolean
check_record (const ArbStep *recorded, const ArbStep *taken, GError **error)
{
  if (recorded->player != taken->player)
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                   _("The step is recorded for player %u but it is player %u’s turn"),
                   recorded->player + 1u, taken->player + 1u);
      return FALSE;
    }
  if (taken->move.kind == ARB_MOVE_DRAW
      && !check_card (_("The card drawn"), recorded->move.card, taken->move.card, error))
    return FALSE;
  return check_card (_("The card turned up onto the discard pile"),
                     recorded->refill_discard, taken->refill_discard, error)
         && check_card (_("The card dealt to Q"), recorded->refill_q, taken->refill_q, error);
}

/* Replays a recorded step (from a save game or a replay): the rules check
 * the move, and the cards it moved must be the recorded ones. A refused or
 * disagreeing step sets error and changes nothing. */
gboolean
arb_game_apply_step (ArbGame *self, const ArbStep *step, GError **error)
{
  ArbState after;
  ArbStep taken;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);

  after = self->state;
  if (!arb_state_apply (&after, &step->move, &taken, error)
      || !check_record (step, &taken, error))
    return FALSE;

  ArbState before = self->state;
  self->state = after;
  commit_step (self, &before, &taken);
  return TRUE;
}

static ArbCard
swapped (ArbCard card, ArbCard a, ArbCard b)
{
  return card == a ? b : card == b ? a : card;
}

/* Cards a and b trade places in the whole record: the deck dealt, the
 * start, every step and the position. For a game whose hidden cards were
 * made up (arb-game-seen.c): two cards that a viewer never saw may trade
 * places without that viewer seeing any difference, so nothing is
 * emitted. A record the rules no longer accept sets error and changes
 * nothing. */
gboolean
arb_game_swap_cards (ArbGame *self, ArbCard a, ArbCard b, GError **error)
{
  g_autoptr (GArray) steps = NULL;
  ArbPile deck;
  ArbState start, state;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (arb_card_is_valid (a) && arb_card_is_valid (b), FALSE);
  if (!self->has_deck)
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                           _("The game did not start from a deal"));
      return FALSE;
    }
  deck = self->deck;
  for (guint i = 0; i < deck.n; i++)
    deck.cards[i] = swapped (deck.cards[i], a, b);
  if (!arb_state_setup_with_deck (&start, self->start.variant, arb_state_n_seats (&self->start),
                                  self->start.species, &deck, error))
    return FALSE;
  steps = g_array_copy (self->steps);
  state = start;
  for (guint i = 0; i < steps->len; i++)
    {
      ArbStep *step = &g_array_index (steps, ArbStep, i);
      ArbStep taken;

      step->move.card = swapped (step->move.card, a, b);
      step->refill_discard = swapped (step->refill_discard, a, b);
      step->refill_q = swapped (step->refill_q, a, b);
      if (!arb_state_apply (&state, &step->move, &taken, error) || !check_record (step, &taken, error))
        return FALSE;
    }
  self->deck = deck;
  self->start = start;
  self->state = state;
  g_array_unref (self->steps);
  self->steps = g_steal_pointer (&steps);
  return TRUE;
}

/* A person may take back their play, and their discard until the next
 * player acts; never a draw, nor a discard that turned up a card (solo),
 * since a card once seen cannot be unseen, nor anything once the game is
 * over. Taking back the discard then allows taking back the play. */
gboolean
arb_game_can_take_back (ArbGame *self)
{
  const ArbStep *last;
  ArbPlayer *player;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  if (self->steps->len == 0 || self->state.phase == ARB_PHASE_OVER)
    return FALSE;

  last = &g_array_index (self->steps, ArbStep, self->steps->len - 1);
  player = g_ptr_array_index (self->players, last->player);
  if (arb_player_get_kind (player) != ARB_PLAYER_PERSON)
    return FALSE;
  switch (last->move.kind)
    {
    case ARB_MOVE_PLAY:
      return TRUE;
    case ARB_MOVE_DISCARD:
      return last->refill_discard == ARB_CARD_NONE && last->refill_q == ARB_CARD_NONE;
    case ARB_MOVE_DRAW:
    default:
      return FALSE;
    }
}

/* The position after the first n recorded steps, replayed from the start. */
static void
rebuild_state (ArbGame *self, guint n)
{
  self->state = self->start;
  for (guint i = 0; i < n; i++)
    {
      const ArbStep *step = &g_array_index (self->steps, ArbStep, i);
      gboolean ok = arb_state_apply (&self->state, &step->move, NULL, NULL);
      g_assert (ok);
    }
}

/* Undoes the last step when arb_game_can_take_back() allows it; the
 * position is replayed from the start, then "position-reset" tells the
 * views to redraw. */
gboolean
arb_game_take_back (ArbGame *self, GError **error)
{
  ArbState before;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  if (!arb_game_can_take_back (self))
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE,
                           _("Only a play, or a discard before the next player acts, "
                             "can be taken back"));
      return FALSE;
    }

  before = self->state;
  g_array_set_size (self->steps, self->steps->len - 1);
  rebuild_state (self, self->steps->len);

  g_object_freeze_notify (G_OBJECT (self));
  notify_changes (self, &before, TRUE);
  g_object_thaw_notify (G_OBJECT (self));
  arb_table_events_emit_reset (ARB_TABLE_EVENTS (self));
  return TRUE;
}

void
arb_game_get_score (ArbGame *self, ArbScoreSheet *sheet)
{
  g_return_if_fail (ARB_IS_GAME (self));
  arb_state_score (&self->state, sheet);
}

/* What viewer may know of the game now: what the computer players decide
 * from, and what a view of the table draws. */
void
arb_game_project (ArbGame *self, int viewer, ArbProjection *projection)
{
  ArbKnowledge knowledge;

  g_return_if_fail (ARB_IS_GAME (self));
  arb_knowledge_init (&knowledge);
  for (guint i = 0; i < self->steps->len; i++)
    arb_knowledge_add_step (&knowledge, &g_array_index (self->steps, ArbStep, i));
  arb_projection_init_known (projection, &self->state, viewer, &knowledge);
}
