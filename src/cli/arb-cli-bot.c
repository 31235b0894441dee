/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-bot.c: arboretum-cli bot
 *
 * A computer player for the JSON-lines protocol of the Hackaranda
 * Arboretum tournament framework, so that our players can meet other
 * people's bots. Each line of standard input is {"state": S, "messageID":
 * ID}; each answer on standard output is {"move": M, "messageID": ID}, one
 * for every message, in order. S is the position seen by the bot: its own
 * hand, the known cards of the opponent's hand (null for unknown ones), both
 * discard piles (top last), both play areas ({x: {y: card}}), the deck's
 * size, and turn, subTurn (0 and 1 draw, 2 play, 3 discard), activeTurn. A
 * card is ["J", 3]. The game is two players of the standard rules with the
 * six species J, R, C, M, O, W.
 *
 * A draw answers 0 (deck), 1 (own discard pile) or 2 (the opponent's); a
 * play {"card": C, "coord": [x, y]}; a discard C. When it is not our turn,
 * or the state carries "message": "NEWGAME" or "ENDGAME", the answer is 0.
 * Our seat is player 0 and the opponent player 1.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "arb-cli.h"
#include "arb-cli-bot.h"
#include "arb-cli-position.h"
#include "arb-engine.h"

#define OPPONENT 1

static const struct {
  char       letter;
  ArbSpecies species;
} letters[] = {
  { 'J', ARB_SPECIES_JACARANDA },
  { 'R', ARB_SPECIES_ROYAL_POINCIANA },
  { 'C', ARB_SPECIES_CASSIA },
  { 'M', ARB_SPECIES_MAPLE },
  { 'O', ARB_SPECIES_OAK },
  { 'W', ARB_SPECIES_WILLOW },
};

typedef struct {
  ArbAiParams params;
  guint64     seed;
  guint       answered;
  gint64      read_us;     /* when the message being answered was read */
  int         write_errno; /* errno of the answer that could not be written */
} Bot;

static ArbSpeciesMask
bot_species (void)
{
  ArbSpeciesMask mask = 0;
  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    mask |= (ArbSpeciesMask) (1u << letters[i].species);
  return mask;
}

static gboolean
parse_card (JsonNode *node, ArbCard *card, GError **error)
{
  JsonArray *array;
  const char *letter;
  gint64 value;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) != 2
      || json_node_get_value_type (json_array_get_element (array, 0)) != G_TYPE_STRING
      || json_node_get_value_type (json_array_get_element (array, 1)) != G_TYPE_INT64)
    goto refuse;
  letter = json_array_get_string_element (array, 0);
  value = json_array_get_int_element (array, 1);
  if (value < 1 || value > ARB_N_VALUES || strlen (letter) != 1)
    goto refuse;
  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    if (letters[i].letter == letter[0])
      {
        *card = arb_card_new (letters[i].species, (guint) value);
        return TRUE;
      }
refuse:
  g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                       _("A card must be a species letter (J, R, C, M, O, W) and a value from 1 to 8"));
  return FALSE;
}

static void
write_card (JsonBuilder *builder, ArbCard card)
{
  char letter[2] = { 0, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    if (letters[i].species == arb_card_species (card))
      letter[0] = letters[i].letter;
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, letter);
  json_builder_add_int_value (builder, arb_card_value (card));
  json_builder_end_array (builder);
}

/* The cards of the bot's game: six species of eight. */
static guint
bot_n_cards (void)
{
  return arb_species_mask_count (bot_species ()) * ARB_N_VALUES;
}

/* A list of the state that has no more elements than the game has cards:
 * a deck of 288 was read as 32 cards, and the bot played on. */
static gboolean
check_card_count (guint length, const char *name, GError **error)
{
  if (length <= bot_n_cards ())
    return TRUE;
  g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
               _("“%s” holds more than the %u cards of the game"), name, bot_n_cards ());
  return FALSE;
}

static JsonArray *
get_array (JsonObject *state, const char *name, GError **error)
{
  JsonNode *node = json_object_get_member (state, name);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("The state has no list “%s”"), name);
      return NULL;
    }
  if (!check_card_count (json_array_get_length (json_node_get_array (node)), name, error))
    return NULL;
  return json_node_get_array (node);
}

/* A hand: cards, and null for the unknown cards of the opponent's. */
static gboolean
parse_hand (JsonObject *state, const char *name, ArbCardSet *hand, guint8 *size, GError **error)
{
  JsonArray *array = get_array (state, name, error);
  ArbCard card;

  if (array == NULL)
    return FALSE;
  *size = (guint8) json_array_get_length (array);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      if (!parse_card (node, &card, error))
        return FALSE;
      arb_card_set_add (hand, card);
    }
  return TRUE;
}

static gboolean
parse_pile (JsonObject *state, const char *name, ArbPile *pile, GError **error)
{
  JsonArray *array = get_array (state, name, error);
  ArbCard card;

  if (array == NULL)
    return FALSE;
  pile->n = 0;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      if (!parse_card (json_array_get_element (array, i), &card, error))
        return FALSE;
      arb_pile_push (pile, card);
    }
  return TRUE;
}

/* Without GLib's message, which would write the text back whole. */
static gboolean
parse_coordinate (const char *text, const char *name, int *value, GError **error)
{
  gint64 number;
  if (!g_ascii_string_to_signed (text, 10, -ARB_COORD_LIMIT, ARB_COORD_LIMIT, &number, NULL))
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("A coordinate of “%s” is not a whole number from %d to %d"),
                   name, -ARB_COORD_LIMIT, ARB_COORD_LIMIT);
      return FALSE;
    }
  *value = (int) number;
  return TRUE;
}

/* {x: {y: card}} */
static gboolean
parse_area (JsonObject *state, const char *name, ArbArboretum *arboretum, GError **error)
{
  JsonNode *node = json_object_get_member (state, name);
  g_autoptr (GList) xs = NULL;

  arboretum->n = 0;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("“%s” must map x to y to a card"), name);
      return FALSE;
    }
  xs = json_object_get_members (json_node_get_object (node));
  for (GList *lx = xs; lx != NULL; lx = lx->next)
    {
      JsonNode *column = json_object_get_member (json_node_get_object (node), lx->data);
      g_autoptr (GList) ys = NULL;
      int x, y;
      ArbCard card;

      if (!parse_coordinate (lx->data, name, &x, error))
        return FALSE;
      if (!JSON_NODE_HOLDS_OBJECT (column))
        continue;
      ys = json_object_get_members (json_node_get_object (column));
      for (GList *ly = ys; ly != NULL; ly = ly->next)
        {
          JsonNode *cell = json_object_get_member (json_node_get_object (column), ly->data);
          if (JSON_NODE_HOLDS_NULL (cell))
            continue;
          if (!parse_coordinate (ly->data, name, &y, error) || !parse_card (cell, &card, error))
            return FALSE;
          /* More cards than the game has, or two on one cell: no game
           * reaches that, and the players would work past their bounds. */
          if (arboretum->n >= ARB_N_CARDS || arb_arboretum_index_at (arboretum, x, y) >= 0)
            {
              g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                           _("“%s” holds more cards than the game has, or two on one cell"), name);
              return FALSE;
            }
          arb_arboretum_place (arboretum, card, x, y);
        }
    }
  return TRUE;
}

/* A member that is a value of TYPE, or NULL: a member of another type
 * counts as absent. json-glib's getters would raise a critical on a list
 * or an object, and turn a number such as 1e300 into an integer it does
 * not fit. */
static JsonNode *
value_member (JsonObject *object, const char *name, GType type)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != type)
    return NULL;
  return node;
}

static gint64
int_member (JsonObject *object, const char *name, gint64 default_value)
{
  JsonNode *node = value_member (object, name, G_TYPE_INT64);
  return node != NULL ? json_node_get_int (node) : default_value;
}

/* The deck as its size or as a list of (unknown) cards. */
static gboolean
parse_deck_size (JsonObject *state, guint8 *size, GError **error)
{
  JsonNode *node = json_object_get_member (state, "deck");
  gint64 n;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    n = json_array_get_length (json_node_get_array (node));
  else
    n = MAX (int_member (state, "deck", 0), 0);
  if (!check_card_count ((guint) MIN (n, (gint64) G_MAXUINT), "deck", error))
    return FALSE;
  *size = (guint8) n;
  return TRUE;
}

/* The bot's view of the position; our seat is 0. */
static gboolean
parse_view (JsonObject *object, ArbProjection *view, GError **error)
{
  ArbState state;
  guint8 sizes[ARB_MAX_PLAYERS] = { 0 };
  gint64 sub_turn = int_member (object, "subTurn", 0);
  g_autoptr (GError) mismatch = NULL;

  memset (&state, 0, sizeof state);
  state.variant = ARB_VARIANT_STANDARD;
  state.species = bot_species ();
  state.n_players = 2;
  state.current = 0;
  state.turn = (guint16) CLAMP (int_member (object, "turn", 0), 0, G_MAXUINT16);
  state.phase = sub_turn <= 1 ? ARB_PHASE_DRAW : sub_turn == 2 ? ARB_PHASE_PLAY : ARB_PHASE_DISCARD;
  state.draws = (guint8) CLAMP (sub_turn, 0, 2);
  if (!parse_deck_size (object, &state.deck.n, error)
      || !parse_hand (object, "hand", &state.hands[0], &sizes[0], error)
      || !parse_hand (object, "opponentHand", &state.hands[OPPONENT], &sizes[OPPONENT], error)
      || !parse_pile (object, "discard", &state.discards[0], error)
      || !parse_pile (object, "opponentDiscard", &state.discards[OPPONENT], error)
      || !parse_area (object, "playArea", &state.arboreta[0], error)
      || !parse_area (object, "opponentPlayArea", &state.arboreta[OPPONENT], error))
    return FALSE;
  if (arb_projection_init_from_public (view, &state, 0, sizes, &mismatch))
    return TRUE;

  /* The cards unaccounted for tell how many the opponent holds, should the
   * framework list the opponent's hand differently. */
  guint unseen = arb_card_set_count (&view->unseen);
  guint known = arb_card_set_count (&state.hands[OPPONENT]);
  if (unseen >= state.deck.n)
    sizes[OPPONENT] = (guint8) (known + unseen - state.deck.n);
  return arb_projection_init_from_public (view, &state, 0, sizes, error);
}

static void
write_move (JsonBuilder *builder, const ArbMove *move)
{
  switch (move->kind)
    {
    case ARB_MOVE_DRAW:
      json_builder_add_int_value (builder, move->source == ARB_SOURCE_DECK ? 0
                                           : move->source == 0 ? 1 : 2);
      break;
    case ARB_MOVE_PLAY:
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "card");
      write_card (builder, move->card);
      json_builder_set_member_name (builder, "coord");
      json_builder_begin_array (builder);
      json_builder_add_int_value (builder, move->x);
      json_builder_add_int_value (builder, move->y);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      break;
    case ARB_MOVE_DISCARD:
    default:
      write_card (builder, move->card);
      break;
    }
}

/* The thinking budget counts from the reading of the message: what the
 * parsing took, and any time the machine left us waiting, is not thought
 * again. 1 ms at the least (0 would be the engine's default). */
static guint
budget_left (const Bot *bot)
{
  gint64 spent_ms = (g_get_monotonic_time () - bot->read_us) / 1000;
  if (bot->read_us == 0 || spent_ms <= 0)
    return bot->params.budget_ms;
  return (guint) MAX (1, (gint64) bot->params.budget_ms - spent_ms);
}

/* Writes our answer to one state; 0 when there is nothing for us to do. */
static void
answer_state (Bot *bot, JsonNode *state_node, JsonBuilder *builder)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autoptr (GError) error = NULL;
  JsonObject *state;
  JsonNode *message, *active;
  ArbAiParams params = bot->params;
  ArbMove move;

  if (state_node == NULL || !JSON_NODE_HOLDS_OBJECT (state_node))
    {
      json_builder_add_int_value (builder, 0);
      return;
    }
  state = json_node_get_object (state_node);
  message = value_member (state, "message", G_TYPE_STRING);
  active = value_member (state, "activeTurn", G_TYPE_BOOLEAN);
  if (message != NULL || active == NULL || !json_node_get_boolean (active))
    {
      json_builder_add_int_value (builder, 0);
      return;
    }
  params.seed = bot->seed + bot->answered;
  params.budget_ms = budget_left (bot);
  /* The referee clocks the wall: expert, whose budget is processor time,
   * stops by the same clock as hard. */
  params.wall_ms = params.budget_ms;
  if (!parse_view (state, view, &error)
      || !arb_ai_choose_with_view (view, &params, NULL, &move, NULL, &error))
    {
      arb_cli_printerr (_("No move for this state: %s"),
                        error != NULL ? error->message : _("nothing to do"));
      json_builder_add_int_value (builder, 0);
      return;
    }
  write_move (builder, &move);
}

/* The answer to one message: a move for STATE (0 without one), and the
 * message's ID as it came (null without one). FALSE when it could not be
 * written, the referee having closed our standard output. */
static gboolean
send_answer (Bot *bot, JsonNode *state, JsonNode *id)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) answer = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "move");
  answer_state (bot, state, builder);
  json_builder_set_member_name (builder, "messageID");
  if (id != NULL)
    json_builder_add_value (builder, json_node_copy (id));
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);

  answer = json_builder_get_root (builder);
  json_generator_set_root (generator, answer);
  text = json_generator_to_data (generator, NULL);
  fputs (text, stdout);
  fputc ('\n', stdout);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      bot->write_errno = errno;
      return FALSE;
    }
  bot->answered++;
  return TRUE;
}

static gboolean
answer_line (Bot *bot, const char *line)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonNode *root = NULL, *id = NULL, *state = NULL;

  /* The nesting is checked first: json-glib's parser recurses, and one
   * line of brackets would exhaust its stack. */
  if (!arb_cli_position_check_text (line, strlen (line), &error)
      || !json_parser_load_from_data (parser, line, -1, &error))
    arb_cli_printerr (_("Not a JSON message: %s"), error->message);
  else
    root = json_parser_get_root (parser);
  if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
    {
      id = json_object_get_member (json_node_get_object (root), "messageID");
      state = json_object_get_member (json_node_get_object (root), "state");
    }
  /* An ID goes back as it came: an integer (arb_cli_position_check_text
   * refused those too large to be read back exactly) or a string. A number
   * such as 1e400 would come back changed, or not as JSON at all. */
  if (id != NULL && !JSON_NODE_HOLDS_NULL (id)
      && json_node_get_value_type (id) != G_TYPE_INT64 && json_node_get_value_type (id) != G_TYPE_STRING)
    {
      arb_cli_printerr (_("The message ID is neither an integer nor a string; it is answered as null"));
      id = NULL;
    }
  return send_answer (bot, state, id);
}

/* Reads one line into LINE, without its newline. *HAS_NUL tells of a NUL
 * byte inside, which would hide the rest of the line from the parser.
 * *TOO_LONG tells of a line longer than ARB_CLI_BOT_MAX_LINE: the rest of
 * it is read up to its newline and thrown away as it comes, so that a line
 * of any length costs no more memory than the limit. */
static gboolean
read_line (FILE *in, GString *line, gboolean *has_nul, gboolean *too_long)
{
  gboolean read_any = FALSE;
  int c;

  g_string_truncate (line, 0);
  *has_nul = FALSE;
  *too_long = FALSE;
  while ((c = getc (in)) != EOF)
    {
      read_any = TRUE;
      if (c == '\n')
        return TRUE;
      if (*too_long)
        continue;
      if (line->len >= ARB_CLI_BOT_MAX_LINE)
        {
          *too_long = TRUE;
          g_string_truncate (line, 0);
          continue;
        }
      *has_nul = *has_nul || c == '\0';
      g_string_append_c (line, (char) c);
    }
  return read_any;
}

/* The referee gives every message TIMEOUT milliseconds (300 by default)
 * for the whole answer: reading, thinking, writing, and the pipes between,
 * on a machine that may be busy. Hard thinks at most a fifth of it, counted
 * from the reading of the message (60 ms: against adapting-double-spite it
 * won 83.9% of 600 games, where 150 ms had won 84.6% of 1,000, docs/ai.md),
 * so that even a loaded machine answers far inside the clock; 1 ms at
 * the least (a budget of 0 would be the engine's default of 1000 ms), for a
 * TIMEOUT of 0 to 9: the search then stops at its first look at the clock,
 * on the heuristic's ranking. --time-ms, when smaller, wins. */
guint
arb_cli_bot_thinking_budget (int time_ms, const char *timeout)
{
  guint64 referee_ms;

  if (timeout == NULL)
    return (guint) time_ms;
  if (!g_ascii_string_to_unsigned (timeout, 10, 0, G_MAXINT, &referee_ms, NULL))
    {
      arb_cli_printerr (_("TIMEOUT “%s” is not a number of milliseconds; it is ignored"), timeout);
      return (guint) time_ms;
    }
  return MIN ((guint) time_ms, MAX (1u, (guint) (referee_ms / ARB_CLI_BOT_THINKING_SHARE)));
}

int
arb_cli_bot (int argc, char **argv)
{
  g_autofree char *ai = NULL, *seed = NULL;
  int time_ms = ARB_AI_DEFAULT_BUDGET_MS, playouts = 0;
  const GOptionEntry entries[] = {
    { "ai", 0, 0, G_OPTION_ARG_STRING, &ai, N_("Computer level: random, easy, medium, hard or expert (hard)"), N_("LEVEL") },
    { "time-ms", 0, 0, G_OPTION_ARG_INT, &time_ms, N_("Time for one decision of hard or expert (1000)"), N_("T") },
    { "playouts", 0, 0, G_OPTION_ARG_INT, &playouts, N_("Hard and expert play this many playouts a decision instead of watching the time"), N_("P") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, N_("Seed of the computer's choices"), N_("S") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  ArbAiLevel level = ARB_AI_HARD;
  ArbAiParams params;
  guint64 value = 0;
  int status;

  g_option_context_set_summary (context, _("Plays on standard input and output with the JSON-lines protocol of the Hackaranda Arboretum framework."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  status = arb_cli_parse_options (context, &argc, &argv);
  if (status != ARB_CLI_EXIT_OK)
    return status;
  if (ai != NULL && !arb_ai_level_from_id (ai, &level))
    {
      arb_cli_printerr (_("Unknown computer level “%s” (known: random, easy, medium, hard, expert)"), ai);
      return ARB_CLI_EXIT_INVALID;
    }
  if (time_ms <= 0 || playouts < 0
      || (seed != NULL && !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &value, NULL)))
    {
      arb_cli_printerr (_("--time-ms must be positive, --playouts and --seed whole numbers"));
      return ARB_CLI_EXIT_INVALID;
    }

  arb_ai_params_init (&params, level, 0);
  params.budget_ms = arb_cli_bot_thinking_budget (time_ms, g_getenv ("TIMEOUT"));
  params.playouts = (guint) playouts;
  /* A referee that goes away closes our standard output: the next answer
   * fails with EPIPE, which the loop reports, rather than the signal
   * killing the bot without a word. */
  signal (SIGPIPE, SIG_IGN);
  if (!arb_cli_bot_play (stdin, &params, seed != NULL ? value : g_random_int ()))
    return ARB_CLI_EXIT_FAILURE;
  return ARB_CLI_EXIT_OK;
}

/* Answers every line of in on standard output, as the bot does: the loop
 * of `arboretum-cli bot`, and the fuzzer's way in (tests/fuzz-bot.c).
 * FALSE when an answer could not be written: the referee is gone, and
 * the loop has said so on stderr. */
gboolean
arb_cli_bot_play (FILE *in, const ArbAiParams *params, guint64 seed)
{
  g_autoptr (GString) line = g_string_new (NULL);
  Bot bot = { 0 };
  gboolean has_nul = FALSE, too_long = FALSE, sent = TRUE;

  bot.params = *params;
  bot.seed = seed;
  while (sent && read_line (in, line, &has_nul, &too_long))
    {
      if (too_long)
        {
          /* Refused without a word of it: the line may be anything. */
          arb_cli_printerr (_("Not a JSON message: a line longer than %u bytes"),
                            (guint) ARB_CLI_BOT_MAX_LINE);
          sent = send_answer (&bot, NULL, NULL);
          continue;
        }
      if (has_nul)
        {
          /* Answered all the same, so that the referee's count holds. */
          arb_cli_printerr (_("Not a JSON message: a NUL byte in the line"));
          sent = send_answer (&bot, NULL, NULL);
          continue;
        }
      bot.read_us = g_get_monotonic_time ();
      g_strstrip (line->str);
      if (line->str[0] != '\0')
        sent = answer_line (&bot, line->str);
    }
  if (!sent)
    arb_cli_printerr (_("Stopped: the answer could not be written (%s); the referee has gone away"),
                      g_strerror (bot.write_errno));
  return sent;
}
