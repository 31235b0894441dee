/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-protocol.c: reading and writing the messages of network play.
 * Everything read is checked here, shape and ranges, before the rules see
 * it: the server reads what anybody sends, the client what a server sends. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-net-protocol.h"

G_DEFINE_QUARK (arb-net-error-quark, arb_net_error)

static const char * const error_ids[] = {
  "protocol", "version", "bad-setup", "bad-code", "too-many-guesses", "bad-token",
  "full", "not-seated", "not-your-turn", "waiting", "stale", "illegal", "server",
  "not-host", "not-away",
};

static const char * const phase_ids[] = { "draw", "play", "discard", "over" };

const char *
arb_net_error_id (ArbNetError code)
{
  g_return_val_if_fail ((guint) code < G_N_ELEMENTS (error_ids), "server");
  return error_ids[code];
}

static gboolean
fail (GError **error, const char *what)
{
  g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL, _("Not a message of the game: %s"), what);
  return FALSE;
}

/* json-glib's parser recurses once a level, so that a host sending 262,000
 * "[" exhausted a client's stack. The bytes are looked over first: nesting
 * deeper than any message has is refused before the parser sees it.
 * Strings are followed with their escapes; what json-glib reads but JSON
 * has not (comments, single-quoted strings), in which this scan would lose
 * track of the strings, is refused too. */
static gboolean
check_nesting (const char *data, gsize length, GError **error)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '\'' || c == '/')
        return fail (error, _("a comment or a single quote outside a string"));
      else if ((c == '[' || c == '{') && ++depth > ARB_NET_MAX_DEPTH)
        {
          g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                       _("Not a message of the game: lists and objects nested more than %d deep"),
                       ARB_NET_MAX_DEPTH);
          return FALSE;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return TRUE;
}

/* One message: a JSON object with a string "type". */
JsonObject *
arb_net_parse (const char *data, gsize length, const char **type, GError **error)
{
  return arb_net_parse_limited (data, length, ARB_NET_MAX_MESSAGE, type, error);
}

/* The same, up to max_length bytes: a client reads longer messages (a
 * whole game's record) than the server does. */
JsonObject *
arb_net_parse_limited (const char *data, gsize length, gsize max_length, const char **type,
                       GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) parse_error = NULL;
  JsonNode *root;
  JsonObject *object;

  if (length > max_length)
    return fail (error, _("too long")), NULL;
  if (!g_utf8_validate (data, (gssize) length, NULL))
    return fail (error, _("not UTF-8 text")), NULL;
  if (!check_nesting (data, length, error))
    return NULL;
  if (!json_parser_load_from_data (parser, data, (gssize) length, &parse_error))
    return fail (error, _("not JSON")), NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return fail (error, _("not a JSON object")), NULL;
  object = json_node_get_object (root);
  if ((*type = arb_net_get_string (object, "type", 32, error)) == NULL)
    return NULL;
  /* The object outlives the parser: it holds its own reference. */
  return json_object_ref (object);
}

char *
arb_net_to_text (JsonBuilder *builder)
{
  g_autoptr (JsonNode) root = NULL;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

static JsonBuilder *
message_begin (JsonBuilder *builder, const char *type)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, type);
  return builder;
}

JsonBuilder *
arb_net_message_begin (const char *type)
{
  return message_begin (json_builder_new_immutable (), type);
}

/* The refusal sent for error: its id, and the reason for a person. */
char *
arb_net_error_message (const GError *error)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("error");
  ArbNetError code = ARB_NET_ERROR_ILLEGAL;

  if (error->domain == ARB_NET_ERROR)
    code = (ArbNetError) error->code;
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, arb_net_error_id (code));
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, error->message);
  return arb_net_to_text (builder);
}

gboolean
arb_net_get_int (JsonObject *object, const char *member, gint64 min, gint64 max, gint64 *value,
                 GError **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                   _("Not a message of the game: “%s” must be a whole number"), member);
      return FALSE;
    }
  *value = json_node_get_int (node);
  if (*value < min || *value > max)
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                   _("Not a message of the game: “%s” is out of range"), member);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_net_get_boolean (JsonObject *object, const char *member, gboolean *value, GError **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                   _("Not a message of the game: “%s” must be true or false"), member);
      return FALSE;
    }
  *value = json_node_get_boolean (node);
  return TRUE;
}

const char *
arb_net_get_string (JsonObject *object, const char *member, gsize max_length, GError **error)
{
  JsonNode *node = json_object_get_member (object, member);
  const char *text;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING
      || strlen (text = json_node_get_string (node)) > max_length)
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                   _("Not a message of the game: “%s” must be a short text"), member);
      return NULL;
    }
  return text;
}

/* Characters that draw nothing, or turn the text around them: a line
 * break or an escape would garble every other player's screen, an
 * override (U+202E) or isolate turns what follows the name around, and a
 * zero-width space, a byte order mark or a Hangul filler makes a name that
 * looks like another or like none. Joiners (U+200C, U+200D) stay: Persian
 * and Indic names and emoji need them. */
static gboolean
is_hidden (gunichar u)
{
  GUnicodeType type = g_unichar_type (u);

  if (u == 0x200C || u == 0x200D)
    return FALSE;
  return type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT
         || type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR
         || type == G_UNICODE_UNASSIGNED || type == G_UNICODE_SURROGATE
         || type == G_UNICODE_PRIVATE_USE
         || u == 0x115F || u == 0x1160 || u == 0x3164 || u == 0xFFA0 || u == 0x2800;
}

/* A character that shows: a letter, digit, punctuation or symbol. */
static gboolean
is_shown (gunichar u)
{
  GUnicodeType type = g_unichar_type (u);

  return g_unichar_isgraph (u) && !is_hidden (u) && type != G_UNICODE_NON_SPACING_MARK
         && type != G_UNICODE_ENCLOSING_MARK && type != G_UNICODE_SPACING_MARK;
}

/* A seat's name as a person typed it: the name, trimmed of spaces and
 * composed (NFC), or NULL and a "protocol" error when it is empty, longer
 * than ARB_NET_MAX_NAME characters, not UTF-8, holds a character that
 * draws nothing or turns text around (is_hidden), or shows nothing. Only
 * spaces are trimmed: any other such character is refused first. */
char *
arb_net_name_normalize (const char *text, GError **error)
{
  g_autofree char *name = NULL;
  gboolean shows = FALSE;
  glong length;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return fail (error, _("a name must be UTF-8 text")), NULL;
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (is_hidden (u))
        return fail (error, _("a name holds no control or invisible characters")), NULL;
      shows = shows || is_shown (u);
    }
  if (!shows)
    return fail (error, _("a name must show a letter, digit or sign")), NULL;
  name = g_utf8_normalize (text, -1, G_NORMALIZE_DEFAULT_COMPOSE);
  g_strstrip (name);
  length = g_utf8_strlen (name, -1);
  if (length < 1 || length > ARB_NET_MAX_NAME)
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                   _("Not a message of the game: a name has 1 to %u characters"), ARB_NET_MAX_NAME);
      return NULL;
    }
  return g_steal_pointer (&name);
}

/* What two names are compared by: compatibility form (a full-width "Ａ" is
 * "A"), case folded. Names that differ only there read as one at a table. */
char *
arb_net_name_key (const char *name)
{
  g_autofree char *compatible = NULL;

  g_return_val_if_fail (name != NULL, NULL);
  compatible = g_utf8_normalize (name, -1, G_NORMALIZE_ALL_COMPOSE);
  return compatible != NULL ? g_utf8_casefold (compatible, -1) : g_strdup (name);
}

/* "oak-7": the species id, a dash, the value. */
/* "species-value" of a valid card, longer than any species id and its value. */
#define CARD_ID_SIZE 32

/* card's id written into id, without printf or an allocation: a state
 * message holds dozens of cards, four messages a move. */
static const char *
write_card_id (ArbCard card, char id[CARD_ID_SIZE])
{
  gsize length = g_strlcpy (id, arb_species_id (arb_card_species (card)), CARD_ID_SIZE - 2);

  id[length] = '-';
  id[length + 1] = (char) ('0' + arb_card_value (card));
  id[length + 2] = '\0';
  return id;
}

gboolean
arb_net_card_from_id (const char *id, ArbCard *card)
{
  const char *dash = strrchr (id, '-');
  g_autofree char *species_id = NULL;
  ArbSpecies species;

  if (dash == NULL || dash[1] < '1' || dash[1] > '8' || dash[2] != '\0')
    return FALSE;
  species_id = g_strndup (id, (gsize) (dash - id));
  if (!arb_species_from_id (species_id, &species))
    return FALSE;
  *card = arb_card_new (species, (guint) (dash[1] - '0'));
  return TRUE;
}

static void
add_card (JsonBuilder *builder, ArbCard card)
{
  char id[CARD_ID_SIZE];

  if (!arb_card_is_valid (card))
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_add_string_value (builder, write_card_id (card, id));
}

static void
add_int (JsonBuilder *builder, const char *member, gint64 value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

/* The move part of a message: kind, then source or card and cell. */
void
arb_net_add_move (JsonBuilder *builder, const ArbMove *move)
{
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, arb_move_kind_id (move->kind));
  if (move->kind == ARB_MOVE_DRAW)
    add_int (builder, "source", move->source);
  if (move->kind != ARB_MOVE_DRAW || arb_card_is_valid (move->card))
    {
      json_builder_set_member_name (builder, "card");
      add_card (builder, move->card);
    }
  if (move->kind != ARB_MOVE_DRAW)
    {
      add_int (builder, "x", move->x);
      add_int (builder, "y", move->y);
    }
}

static gboolean
read_card (JsonObject *object, const char *member, ArbCard *card, GError **error)
{
  const char *id = arb_net_get_string (object, member, 32, error);

  if (id == NULL)
    return FALSE;
  if (!arb_net_card_from_id (id, card))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_PROTOCOL,
                   _("Not a message of the game: no card is called “%s”"), id);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_net_read_move (JsonObject *object, ArbMove *move, GError **error)
{
  const char *kind_id = arb_net_get_string (object, "kind", 16, error);
  ArbMoveKind kind;
  gint64 source, x, y;
  ArbCard card;

  if (kind_id == NULL)
    return FALSE;
  if (!arb_move_kind_from_id (kind_id, &kind))
    return fail (error, _("no such kind of move"));
  if (kind == ARB_MOVE_DRAW)
    {
      if (!arb_net_get_int (object, "source", -1, ARB_MAX_PLAYERS - 1, &source, error))
        return FALSE;
      *move = arb_move_draw ((int) source);
      return TRUE;
    }
  if (!read_card (object, "card", &card, error)
      || !arb_net_get_int (object, "x", -ARB_COORD_LIMIT, ARB_COORD_LIMIT, &x, error)
      || !arb_net_get_int (object, "y", -ARB_COORD_LIMIT, ARB_COORD_LIMIT, &y, error))
    return FALSE;
  *move = kind == ARB_MOVE_PLAY ? arb_move_play (card, (int) x, (int) y)
                                : arb_move_discard (card, (int) x, (int) y);
  return TRUE;
}

/* A step as one viewer may know it (arb_projection_mask_step first): the
 * player, then the move; a draw's card when the viewer saw it. */
void
arb_net_add_step (JsonBuilder *builder, const ArbStep *step)
{
  json_builder_begin_object (builder);
  add_int (builder, "player", step->player);
  arb_net_add_move (builder, &step->move);
  json_builder_end_object (builder);
}

/* A step the server sent ("last", or one of "history"'s): what the rules
 * did after it (solo's refills) is not in it. */
gboolean
arb_net_read_step (JsonNode *node, ArbStep *step, GError **error)
{
  JsonObject *object;
  JsonNode *card;
  gint64 player;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, _("a step"));
  object = json_node_get_object (node);
  memset (step, 0, sizeof *step);
  step->refill_discard = step->refill_q = ARB_CARD_NONE;
  if (!arb_net_get_int (object, "player", 0, ARB_MAX_PLAYERS - 1, &player, error)
      || !arb_net_read_move (object, &step->move, error))
    return FALSE;
  step->player = (guint8) player;
  card = json_object_get_member (object, "card");
  if (step->move.kind == ARB_MOVE_DRAW && card != NULL && !JSON_NODE_HOLDS_NULL (card)
      && !read_card (object, "card", &step->move.card, error))
    return FALSE;
  return TRUE;
}

static void
add_cards (JsonBuilder *builder, const char *member, const ArbCard *cards, guint n)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    add_card (builder, cards[i]);
  json_builder_end_array (builder);
}

static void
add_seat (JsonBuilder *builder, const ArbProjection *view, guint p)
{
  const ArbState *s = &view->state;
  ArbCard hand[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&s->hands[p], hand);

  json_builder_begin_object (builder);
  add_int (builder, "hand-size", view->hand_size[p]);
  add_cards (builder, "hand", hand, n);
  add_cards (builder, "discards", s->discards[p].cards, s->discards[p].n);
  json_builder_set_member_name (builder, "arboretum");
  json_builder_begin_array (builder);
  for (guint i = 0; i < s->arboreta[p].n; i++)
    {
      const ArbPlacement *cell = &s->arboreta[p].cells[i];

      json_builder_begin_array (builder);
      add_card (builder, cell->card);
      json_builder_add_int_value (builder, cell->x);
      json_builder_add_int_value (builder, cell->y);
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* The "view" object: what one viewer may know, every hidden card left out
 * (the deck is a count, another seat's hand its known cards and a size). */
void
arb_net_add_projection (JsonBuilder *builder, const ArbProjection *view)
{
  arb_net_add_view_as (builder, "view", view);
}

/* The same object as member: "history" holds its start so. */
void
arb_net_add_view_as (JsonBuilder *builder, const char *member, const ArbProjection *view)
{
  const ArbState *s = &view->state;

  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "variant");
  json_builder_add_string_value (builder, arb_variant_id (s->variant));
  json_builder_set_member_name (builder, "species");
  json_builder_begin_array (builder);
  for (guint sp = 0; sp < ARB_N_SPECIES; sp++)
    if (s->species & (1u << sp))
      json_builder_add_string_value (builder, arb_species_id ((ArbSpecies) sp));
  json_builder_end_array (builder);
  add_int (builder, "viewer", view->viewer);
  add_int (builder, "current", s->current);
  json_builder_set_member_name (builder, "phase");
  json_builder_add_string_value (builder, phase_ids[s->phase]);
  add_int (builder, "draws", s->draws);
  add_int (builder, "turn", s->turn);
  add_int (builder, "deck", s->deck.n);
  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (guint p = 0; p < s->n_players; p++)
    add_seat (builder, view, p);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* ---- the state message's text, written directly ---- */
/* Four state messages a move, to every table at once: json-glib's builder,
 * tree and generator (a member name copied twice, a node a value) were a
 * third of the server's time a move. The text is written here as the
 * builder would have it, the same members in the same order. */

/* text as a JSON string: quoted, with quotes, backslashes and control
 * characters escaped (a name has no control characters, but may have
 * quotes). */
void
arb_net_write_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (out, '\\');
      if ((guchar) *c < 0x20)
        g_string_append_printf (out, "\\u%04x", (guint) (guchar) *c);
      else
        g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

/* value in decimal, without printf: a state has dozens of numbers. */
void
arb_net_write_number (GString *out, gint64 value)
{
  char digits[24];
  guint n = 0;
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;

  if (value < 0)
    g_string_append_c (out, '-');
  do
    {
      digits[n++] = (char) ('0' + magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude > 0);
  while (n > 0)
    g_string_append_c (out, digits[--n]);
}

/* A member after the first: a comma, its name, its value. */
void
arb_net_write_int (GString *out, const char *member, gint64 value)
{
  g_string_append (out, ",\"");
  g_string_append (out, member);
  g_string_append (out, "\":");
  arb_net_write_number (out, value);
}

static void
write_card (GString *out, ArbCard card)
{
  char id[CARD_ID_SIZE];

  if (!arb_card_is_valid (card))
    g_string_append (out, "null");
  else
    arb_net_write_string (out, write_card_id (card, id));
}

static void
write_card_list (GString *out, const ArbCard *cards, guint n)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      write_card (out, cards[i]);
    }
  g_string_append_c (out, ']');
}

/* A hand: a list of its cards. */
void
arb_net_write_hand (GString *out, const ArbCardSet *hand)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (hand, cards);

  write_card_list (out, cards, n);
}

/* A step as arb_net_add_step() writes it (arb_projection_mask_step first). */
void
arb_net_write_step (GString *out, const ArbStep *step)
{
  const ArbMove *move = &step->move;

  g_string_append (out, "{\"player\":");
  arb_net_write_number (out, step->player);
  g_string_append (out, ",\"kind\":");
  arb_net_write_string (out, arb_move_kind_id (move->kind));
  if (move->kind == ARB_MOVE_DRAW)
    arb_net_write_int (out, "source", move->source);
  if (move->kind != ARB_MOVE_DRAW || arb_card_is_valid (move->card))
    {
      g_string_append (out, ",\"card\":");
      write_card (out, move->card);
    }
  if (move->kind != ARB_MOVE_DRAW)
    {
      arb_net_write_int (out, "x", move->x);
      arb_net_write_int (out, "y", move->y);
    }
  g_string_append_c (out, '}');
}

static void
write_seat (GString *out, const ArbProjection *view, guint p, ArbNetSpan *hand)
{
  const ArbState *s = &view->state;

  g_string_append (out, "{\"hand-size\":");
  arb_net_write_number (out, view->hand_size[p]);
  g_string_append (out, ",\"hand\":");
  hand->start = out->len;
  arb_net_write_hand (out, &s->hands[p]);
  hand->end = out->len;
  g_string_append (out, ",\"discards\":");
  write_card_list (out, s->discards[p].cards, s->discards[p].n);
  g_string_append (out, ",\"arboretum\":[");
  for (guint i = 0; i < s->arboreta[p].n; i++)
    {
      const ArbPlacement *cell = &s->arboreta[p].cells[i];

      g_string_append (out, i > 0 ? ",[" : "[");
      write_card (out, cell->card);
      g_string_append_c (out, ',');
      arb_net_write_number (out, cell->x);
      g_string_append_c (out, ',');
      arb_net_write_number (out, cell->y);
      g_string_append_c (out, ']');
    }
  g_string_append (out, "]}");
}

/* The "view" member, as arb_net_add_projection() writes it, and where in
 * out the parts that differ for another viewer lie: the viewer's number
 * and each seat's hand. */
void
arb_net_write_projection (GString *out, const ArbProjection *view, ArbNetSpan *viewer, ArbNetSpan *hands)
{
  const ArbState *s = &view->state;
  gboolean first = TRUE;

  g_string_append (out, ",\"view\":{\"variant\":");
  arb_net_write_string (out, arb_variant_id (s->variant));
  g_string_append (out, ",\"species\":[");
  for (guint sp = 0; sp < ARB_N_SPECIES; sp++)
    if (s->species & (1u << sp))
      {
        if (!first)
          g_string_append_c (out, ',');
        first = FALSE;
        arb_net_write_string (out, arb_species_id ((ArbSpecies) sp));
      }
  g_string_append (out, "],\"viewer\":");
  viewer->start = out->len;
  arb_net_write_number (out, view->viewer);
  viewer->end = out->len;
  arb_net_write_int (out, "current", s->current);
  g_string_append (out, ",\"phase\":");
  arb_net_write_string (out, phase_ids[s->phase]);
  arb_net_write_int (out, "draws", s->draws);
  arb_net_write_int (out, "turn", s->turn);
  arb_net_write_int (out, "deck", s->deck.n);
  g_string_append (out, ",\"seats\":[");
  for (guint p = 0; p < s->n_players; p++)
    {
      if (p > 0)
        g_string_append_c (out, ',');
      write_seat (out, view, p, &hands[p]);
    }
  g_string_append (out, "]}");
}

static gboolean
read_card_array (JsonObject *object, const char *member, ArbCard *cards, guint *n, GError **error)
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) > ARB_N_CARDS)
    return fail (error, member);
  *n = json_array_get_length (array);
  for (guint i = 0; i < *n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (json_node_get_value_type (element) != G_TYPE_STRING
          || !arb_net_card_from_id (json_node_get_string (element), &cards[i]))
        return fail (error, member);
    }
  return TRUE;
}

static gboolean
read_arboretum (JsonObject *object, ArbArboretum *arboretum, GError **error)
{
  JsonNode *node = json_object_get_member (object, "arboretum");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) > ARB_N_CARDS)
    return fail (error, "arboretum");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *cell = json_array_get_element (array, i);
      JsonArray *xyc;
      ArbCard card;
      gint64 x, y;

      if (!JSON_NODE_HOLDS_ARRAY (cell) || json_array_get_length (xyc = json_node_get_array (cell)) != 3
          || json_node_get_value_type (json_array_get_element (xyc, 0)) != G_TYPE_STRING
          || !arb_net_card_from_id (json_array_get_string_element (xyc, 0), &card)
          || json_node_get_value_type (json_array_get_element (xyc, 1)) != G_TYPE_INT64
          || json_node_get_value_type (json_array_get_element (xyc, 2)) != G_TYPE_INT64)
        return fail (error, "arboretum");
      x = json_array_get_int_element (xyc, 1);
      y = json_array_get_int_element (xyc, 2);
      if (x < -ARB_COORD_LIMIT || x > ARB_COORD_LIMIT || y < -ARB_COORD_LIMIT || y > ARB_COORD_LIMIT
          || !arb_arboretum_check_place (arboretum, (int) x, (int) y, NULL))
        return fail (error, "arboretum");
      arb_arboretum_place (arboretum, card, (int) x, (int) y);
    }
  return TRUE;
}

static gboolean
read_seat (JsonNode *node, ArbState *s, guint p, guint8 *hand_size, GError **error)
{
  JsonObject *seat;
  ArbCard cards[ARB_N_CARDS];
  guint n;
  gint64 size;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, "seats");
  seat = json_node_get_object (node);
  if (!arb_net_get_int (seat, "hand-size", 0, ARB_N_CARDS, &size, error)
      || !read_card_array (seat, "hand", cards, &n, error))
    return FALSE;
  hand_size[p] = (guint8) size;
  for (guint i = 0; i < n; i++)
    arb_card_set_add (&s->hands[p], cards[i]);
  if (!read_card_array (seat, "discards", s->discards[p].cards, &n, error))
    return FALSE;
  s->discards[p].n = (guint8) n;
  return read_arboretum (seat, &s->arboreta[p], error);
}

static gboolean
read_species (JsonObject *view, ArbSpeciesMask *mask, GError **error)
{
  JsonNode *node = json_object_get_member (view, "species");
  JsonArray *array;

  *mask = 0;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) > ARB_N_SPECIES)
    return fail (error, "species");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      ArbSpecies species;

      if (json_node_get_value_type (element) != G_TYPE_STRING
          || !arb_species_from_id (json_node_get_string (element), &species))
        return fail (error, "species");
      *mask |= (ArbSpeciesMask) (1u << species);
    }
  return TRUE;
}

static gboolean
read_phase (JsonObject *view, ArbPhase *phase, GError **error)
{
  const char *id = arb_net_get_string (view, "phase", 16, error);

  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (phase_ids); i++)
    if (strcmp (id, phase_ids[i]) == 0)
      return *phase = (ArbPhase) i, TRUE;
  return id == NULL ? FALSE : fail (error, "phase");
}

/* The "view" member of a message: see arb_net_read_view(). */
gboolean
arb_net_read_projection (JsonObject *object, ArbProjection *view, GError **error)
{
  return arb_net_read_view (json_object_get_member (object, "view"), view, error);
}

/* The projection the server built, rebuilt and checked by the engine
 * (arb_projection_init_from_public): the cards must add up. */
gboolean
arb_net_read_view (JsonNode *node, ArbProjection *view, GError **error)
{
  g_autofree ArbState *s = g_new0 (ArbState, 1);
  guint8 hand_size[ARB_MAX_PLAYERS] = { 0 };
  JsonObject *v;
  JsonArray *seats;
  const char *variant;
  gint64 viewer, current, draws, turn, deck;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, "view");
  v = json_node_get_object (node);
  node = json_object_get_member (v, "seats");
  if ((variant = arb_net_get_string (v, "variant", 16, error)) == NULL)
    return FALSE;
  if (!arb_variant_from_id (variant, &s->variant))
    return fail (error, "variant");
  if (!read_species (v, &s->species, error) || !read_phase (v, &s->phase, error)
      || !arb_net_get_int (v, "viewer", ARB_VIEWER_PUBLIC, ARB_MAX_PLAYERS - 1, &viewer, error)
      || !arb_net_get_int (v, "current", 0, ARB_MAX_PLAYERS - 1, &current, error)
      || !arb_net_get_int (v, "draws", 0, 2, &draws, error)
      || !arb_net_get_int (v, "turn", 0, ARB_N_CARDS, &turn, error)
      || !arb_net_get_int (v, "deck", 0, ARB_N_CARDS, &deck, error))
    return FALSE;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (seats = json_node_get_array (node)) < 2
      || json_array_get_length (seats) > ARB_MAX_PLAYERS
      || viewer >= (gint64) json_array_get_length (seats)
      || current >= (gint64) json_array_get_length (seats))
    return fail (error, "seats");
  s->n_players = (guint8) json_array_get_length (seats);
  s->current = (guint8) current;
  s->draws = (guint8) draws;
  s->turn = (guint16) turn;
  s->deck.n = (guint8) deck;
  memset (s->deck.cards, ARB_CARD_NONE, sizeof s->deck.cards);
  for (guint p = 0; p < s->n_players; p++)
    if (!read_seat (json_array_get_element (seats, p), s, p, hand_size, error))
      return FALSE;
  return arb_projection_init_from_public (view, s, (int) viewer, hand_size, error);
}
