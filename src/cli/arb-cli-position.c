/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-position.c
 *
 * The reader trusts nothing: a position file may come from anywhere, so
 * every field is checked for its JSON type before use, numbers are kept as
 * 64-bit integers until they are known to be small, and every refusal names
 * the field and the player it is about.
 */
#include "config.h"

#include <stdio.h>

#include <stdarg.h>
#include <string.h>
#include <glib/gi18n.h>

#include "arb-cli-position.h"

G_DEFINE_QUARK (arb-cli-position-error-quark, arb_cli_position_error)

/* A position is four levels deep; anything much deeper is not a position,
 * and refusing it early keeps a hostile file from exhausting the stack of
 * the JSON parser. */
#define MAX_JSON_DEPTH 64
/* A player's name, in characters: room for any name a person gives, and a
 * refusal that quotes one stays a short line. */
#define MAX_NAME 64
/* Text of the file quoted in a refusal, in characters. */
#define MAX_QUOTED 24
/* A refusal is one line of at most this many bytes, whatever the file. */
#define MAX_REFUSAL 200

typedef struct {
  ArbCliPosition *position;
  char           *seen_at[ARB_N_CARDS]; /* where each card was first met */
} Reader;

/* Sets an error that starts with where the problem is. */
static gboolean G_GNUC_PRINTF (3, 4)
refuse (GError **error, const char *where, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: an invalid position: where the problem is, then what it is. */
  g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_INVALID, _("%s: %s"),
               where, what);
  return FALSE;
}

/* Text of the file as a refusal quotes it: at most MAX_QUOTED characters,
 * then "…", so that an id of 250 KB is never written back whole. */
static char *
quote_short (const char *text)
{
  if (g_utf8_strlen (text, -1) <= MAX_QUOTED)
    return g_strdup (text);
  {
    g_autofree char *start = g_utf8_substring (text, 0, MAX_QUOTED);
    return g_strconcat (start, "…", NULL);
  }
}

static gboolean
holds_type (JsonNode *node, GType type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

static JsonNode *
get_member (JsonObject *object, const char *name, const char *where, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);
  if (node == NULL)
    refuse (error, where, _("the field “%s” is missing"), name);
  else if (JSON_NODE_HOLDS_NULL (node))
    refuse (error, where, _("the field “%s” is null"), name);
  return node == NULL || JSON_NODE_HOLDS_NULL (node) ? NULL : node;
}

static const char *
get_string (JsonObject *object, const char *name, const char *where, GError **error)
{
  JsonNode *node = get_member (object, name, where, error);
  if (node == NULL)
    return NULL;
  if (!holds_type (node, G_TYPE_STRING))
    {
      refuse (error, where, _("the field “%s” must be a string"), name);
      return NULL;
    }
  return json_node_get_string (node);
}

static gboolean
get_integer (JsonObject *object, const char *name, const char *where, gint64 *value,
             GError **error)
{
  JsonNode *node = get_member (object, name, where, error);
  if (node == NULL)
    return FALSE;
  if (!holds_type (node, G_TYPE_INT64))
    return refuse (error, where, _("the field “%s” must be a whole number"), name);
  *value = json_node_get_int (node);
  return TRUE;
}

static JsonArray *
get_array (JsonObject *object, const char *name, const char *where, GError **error)
{
  JsonNode *node = get_member (object, name, where, error);
  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      refuse (error, where, _("the field “%s” must be a list"), name);
      return NULL;
    }
  return json_node_get_array (node);
}

static JsonObject *
get_object_element (JsonArray *array, guint index, const char *where, GError **error)
{
  JsonNode *node = json_array_get_element (array, index);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      refuse (error, where, _("an object {…} was expected"));
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
read_variant (JsonObject *root, ArbVariant *variant, GError **error)
{
  const char *id = get_string (root, "variant", _("the position"), error);
  if (id == NULL)
    return FALSE;
  if (!arb_variant_from_id (id, variant))
    {
      g_autofree char *quoted = quote_short (id);
      return refuse (error, "variant",
                     _("unknown rule set “%s” (expected standard, classic or solo)"), quoted);
    }
  return TRUE;
}

/* The players of a position: the seats the rule set allows, and Q after
 * them when the rules play a seat of their own. */
static gboolean
check_player_count (ArbVariant variant, guint n_players, GError **error)
{
  guint min_seats, max_seats, min, max;

  arb_rules_seat_range (variant, &min_seats, &max_seats);
  min = arb_rules_player_count (variant, min_seats);
  max = arb_rules_player_count (variant, max_seats);
  if (n_players >= min && n_players <= max)
    return TRUE;
  if (arb_rules_has_automaton (variant))
    return refuse (error, "players",
                   _("a solo position has 2 players, the person and then Q, not %u"), n_players);
  return refuse (error, "players",
                 _("a %s position has 2 to 4 players, not %u"), arb_variant_id (variant), n_players);
}

static gboolean
read_species (JsonObject *root, ArbCliPosition *position, GError **error)
{
  JsonArray *list = get_array (root, "species", _("the position"), error);
  guint n_seats = position->n_players - (arb_rules_has_automaton (position->variant) ? 1 : 0);
  guint wanted = arb_rules_species_count (position->variant, n_seats);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *where = g_strdup_printf ("species[%u]", i);
      JsonNode *node = json_array_get_element (list, i);
      ArbSpecies species;

      if (!holds_type (node, G_TYPE_STRING))
        return refuse (error, where, _("a species id (a string) was expected"));
      if (!arb_species_from_id (json_node_get_string (node), &species))
        {
          g_autofree char *quoted = quote_short (json_node_get_string (node));
          return refuse (error, where, _("unknown species “%s”"), quoted);
        }
      if (position->species & (1u << species))
        return refuse (error, where, _("the species “%s” is listed twice"),
                       arb_species_id (species));
      position->species |= (ArbSpeciesMask) (1u << species);
    }
  if (json_array_get_length (list) != wanted)
    return refuse (error, "species",
                   ngettext ("this game is played with %u species, not %u",
                             "this game is played with %u species, not %u", wanted),
                   wanted, json_array_get_length (list));
  return TRUE;
}

/* Reads the species and value of a card in a hand or an arboretum, and
 * checks that no card turns up twice anywhere in the position. */
static gboolean
read_card (Reader *reader, JsonObject *object, const char *where, ArbCard *card, GError **error)
{
  const char *id = get_string (object, "species", where, error);
  ArbSpecies species;
  gint64 value;

  if (id == NULL)
    return FALSE;
  if (!arb_species_from_id (id, &species))
    {
      g_autofree char *quoted = quote_short (id);
      return refuse (error, where, _("unknown species “%s”"), quoted);
    }
  if (!(reader->position->species & (1u << species)))
    return refuse (error, where, _("the species “%s” is not in play (see “species”)"),
                   arb_species_id (species));
  if (!get_integer (object, "value", where, &value, error))
    return FALSE;
  if (value < 1 || value > ARB_N_VALUES)
    return refuse (error, where, _("the value %lld is not between 1 and 8"),
                   (long long) value);

  *card = arb_card_new (species, (guint) value);
  if (reader->seen_at[*card] != NULL)
    {
      g_autofree char *name = arb_card_to_string (*card);
      return refuse (error, where, _("the card %s is already at %s"), name,
                     reader->seen_at[*card]);
    }
  reader->seen_at[*card] = g_strdup (where);
  return TRUE;
}

static char *
player_where (const char *name, guint p)
{
  return name != NULL ? g_strdup_printf ("players[%u] (“%s”)", p, name)
                      : g_strdup_printf ("players[%u]", p);
}

/* A list of cards longer than the game has cards is refused before its
 * first card is read. */
static gboolean
check_card_count (JsonArray *list, const char *where, GError **error)
{
  if (json_array_get_length (list) > ARB_N_CARDS)
    return refuse (error, where, _("more than %u cards, which no game has"), ARB_N_CARDS);
  return TRUE;
}

static gboolean
read_hand (Reader *reader, JsonArray *list, guint p, const char *player, GError **error)
{
  g_autofree char *where = g_strdup_printf ("%s, hand", player);

  if (!check_card_count (list, where, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *card_where = g_strdup_printf ("%s, hand[%u]", player, i);
      JsonObject *object = get_object_element (list, i, card_where, error);
      ArbCard card;

      if (object == NULL || !read_card (reader, object, card_where, &card, error))
        return FALSE;
      arb_card_set_add (&reader->position->hands[p], card);
    }
  return TRUE;
}

/* Coordinates as the JSON gave them, before they are known to be small. */
typedef struct {
  ArbCard card;
  gint64  x, y;
} FarCell;

/* Whether a and b differ by exactly one, without overflowing on any pair
 * of 64-bit integers. */
static gboolean
differ_by_one (gint64 a, gint64 b)
{
  return a > b ? (guint64) a - (guint64) b == 1 : (guint64) b - (guint64) a == 1;
}

static gboolean
cells_touch (const FarCell *a, const FarCell *b)
{
  return (a->x == b->x && differ_by_one (a->y, b->y))
         || (a->y == b->y && differ_by_one (a->x, b->x));
}

/* Flood fill from the first card; returns a card that is not reached, or
 * -1 when every card is. */
static int
find_cut_off (const FarCell *cells, guint n)
{
  guint8 stack[ARB_N_CARDS];
  gboolean seen[ARB_N_CARDS] = { FALSE };
  guint top = 0;

  if (n == 0)
    return -1;
  stack[top++] = 0;
  seen[0] = TRUE;
  while (top > 0)
    {
      const FarCell *cell = &cells[stack[--top]];
      for (guint j = 0; j < n; j++)
        if (!seen[j] && cells_touch (cell, &cells[j]))
          {
            seen[j] = TRUE;
            stack[top++] = (guint8) j;
          }
    }
  for (guint j = 0; j < n; j++)
    if (!seen[j])
      return (int) j;
  return -1;
}

static gboolean
check_cells (const FarCell *cells, guint n, const char *player, GError **error)
{
  for (guint i = 1; i < n; i++)
    for (guint j = 0; j < i; j++)
      if (cells[i].x == cells[j].x && cells[i].y == cells[j].y)
        {
          g_autofree char *where = g_strdup_printf ("%s, arboretum[%u]", player, i);
          return refuse (error, where,
                         _("the cell (%lld, %lld) already holds arboretum[%u]"),
                         (long long) cells[i].x, (long long) cells[i].y, j);
        }

  int cut = find_cut_off (cells, n);
  if (cut >= 0)
    {
      g_autofree char *where = g_strdup_printf ("%s, arboretum[%d]", player, cut);
      return refuse (error, where,
                     _("the arboretum is not connected: the card at (%lld, %lld) "
                       "cannot be reached from arboretum[0]"),
                     (long long) cells[cut].x, (long long) cells[cut].y);
    }
  return TRUE;
}

/* A connected arboretum of at most 80 cards spans fewer than 80 cells each
 * way, so moving its first card to (0, 0) brings it within the engine's
 * limits. */
static void
place_cells (ArbCliPosition *position, guint p, const FarCell *cells, guint n)
{
  if (n == 0)
    return;
  position->origin_x[p] = cells[0].x;
  position->origin_y[p] = cells[0].y;
  for (guint i = 0; i < n; i++)
    {
      int x = (int) (gint64) ((guint64) cells[i].x - (guint64) cells[0].x);
      int y = (int) (gint64) ((guint64) cells[i].y - (guint64) cells[0].y);
      g_assert (ABS (x) <= ARB_COORD_LIMIT && ABS (y) <= ARB_COORD_LIMIT);
      arb_arboretum_place (&position->arboreta[p], cells[i].card, x, y);
    }
}

static gboolean
read_arboretum (Reader *reader, JsonArray *list, guint p, const char *player, GError **error)
{
  FarCell cells[ARB_N_CARDS];
  g_autofree char *list_where = g_strdup_printf ("%s, arboretum", player);
  guint n = 0;

  if (!check_card_count (list, list_where, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *where = g_strdup_printf ("%s, arboretum[%u]", player, i);
      JsonObject *object = get_object_element (list, i, where, error);

      if (object == NULL || !read_card (reader, object, where, &cells[n].card, error)
          || !get_integer (object, "x", where, &cells[n].x, error)
          || !get_integer (object, "y", where, &cells[n].y, error))
        return FALSE;
      /* Every card is met once, so there are never more than 80. */
      g_assert (n < ARB_N_CARDS);
      n++;
    }
  if (!check_cells (cells, n, player, error))
    return FALSE;
  place_cells (reader->position, p, cells, n);
  return TRUE;
}

static gboolean
read_player (Reader *reader, JsonArray *players, guint p, GError **error)
{
  g_autofree char *where = player_where (NULL, p);
  g_autofree char *player = NULL;
  JsonObject *object = get_object_element (players, p, where, error);
  const char *name;
  JsonArray *hand, *arboretum;

  if (object == NULL || (name = get_string (object, "name", where, error)) == NULL)
    return FALSE;
  if (g_utf8_strlen (name, -1) > MAX_NAME)
    return refuse (error, where, _("the name is longer than %d characters"), MAX_NAME);
  reader->position->names[p] = g_strdup (name);
  player = player_where (name, p);
  hand = get_array (object, "hand", player, error);
  if (hand == NULL || !read_hand (reader, hand, p, player, error))
    return FALSE;
  arboretum = get_array (object, "arboretum", player, error);
  return arboretum != NULL && read_arboretum (reader, arboretum, p, player, error);
}

static gboolean
read_position (Reader *reader, JsonNode *root, GError **error)
{
  ArbCliPosition *position = reader->position;
  JsonObject *object;
  JsonArray *players;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return refuse (error, _("the position"), _("a JSON object {…} was expected"));
  object = json_node_get_object (root);
  if (!read_variant (object, &position->variant, error))
    return FALSE;
  players = get_array (object, "players", _("the position"), error);
  if (players == NULL || !check_player_count (position->variant,
                                              json_array_get_length (players), error))
    return FALSE;
  position->n_players = json_array_get_length (players);
  if (!read_species (object, position, error))
    return FALSE;
  for (guint p = 0; p < position->n_players; p++)
    if (!read_player (reader, players, p, error))
      return FALSE;
  return TRUE;
}

/* Whether the integer written at text, of length n, fits in 64 bits. The
 * JSON parser wraps larger integers round silently, which would turn a
 * coordinate of 2^64 - 1 into -1. */
static gboolean
integer_fits (const char *text, gsize n)
{
  g_autofree char *copy = g_strndup (text, n);
  return g_ascii_string_to_signed (copy, 10, G_MININT64, G_MAXINT64, NULL, NULL);
}

/* The UTF-16 code unit of the four hex digits at TEXT, of which N bytes
 * are there to read, or -1. */
static int
hex_unit (const char *text, gsize n)
{
  int unit = 0;

  if (n < 4)
    return -1;
  for (guint k = 0; k < 4; k++)
    {
      int digit = g_ascii_xdigit_value (text[k]);
      if (digit < 0)
        return -1;
      unit = unit * 16 + digit;
    }
  return unit;
}

/* The \u escape at data[i]: *N_BYTES is 6, or 12 for a surrogate pair.
 * Refused: fewer than four hex digits, after which json-glib reads on, a
 * closing quote included (and this scan would lose track of the strings),
 * and half a surrogate pair, which json-glib turns into bytes that are not
 * UTF-8 (a name that no terminal shows, a message ID sent back changed). */
static gboolean
check_unicode_escape (const char *data, gsize length, gsize i, guint line, gsize *n_bytes,
                      GError **error)
{
  int unit = hex_unit (data + i + 2, length - (i + 2));
  int low;

  if (unit < 0)
    {
      g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                   _("line %u: an escape \\u without four hex digits"), line);
      return FALSE;
    }
  *n_bytes = 6;
  if (unit < 0xd800 || unit > 0xdfff)
    return TRUE;
  low = unit < 0xdc00 && length - i >= 12 && data[i + 6] == '\\' && data[i + 7] == 'u'
        ? hex_unit (data + i + 8, 4) : -1;
  if (low < 0xdc00 || low > 0xdfff)
    {
      g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_INVALID,
                   _("line %u: the escape %.6s is half of a UTF-16 surrogate pair, "
                     "not a character"), line, data + i);
      return FALSE;
    }
  *n_bytes = 12;
  return TRUE;
}

/* Looks over the text before the JSON parser does: for nesting deeper
 * than any position (a hostile file could exhaust the parser's stack), for
 * integers too large to be read back as they are written, for \u escapes
 * that are not a character, and for what JSON does not have but json-glib
 * reads (comments, single quotes). */
gboolean
arb_cli_position_check_text (const char *data, gsize length, GError **error)
{
  guint depth = 0, line = 1;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];
      if (c == '\n')
        line++;
      if (in_string)
        {
          if (c == '\\' && i + 1 < length && data[i + 1] == 'u')
            {
              gsize n;
              if (!check_unicode_escape (data, length, i, line, &n, error))
                return FALSE;
              i += n - 1;
            }
          else if (c == '\\' && (i + 1 == length || strchr ("\"\\/bfnrt", data[i + 1]) == NULL
                                  || data[i + 1] == '\0'))
            {
              /* json-glib reads more, such as \763 for the byte 0xf3, which
               * is not UTF-8. */
              g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                           _("line %u: a backslash that starts none of JSON’s escapes "
                             "(\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"), line);
              return FALSE;
            }
          else if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '\'' || c == '/')
        {
          /* json-glib reads 'strings' and skips comments, which this scan
           * would not follow: a quote in either, then [[[…, hid the
           * nesting and overflowed the parser's stack. */
          g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                       _("line %u: “%c” outside a string: JSON has no comments and no "
                         "single quotes"), line, c);
          return FALSE;
        }
      else if ((c == '[' || c == '{') && ++depth > MAX_JSON_DEPTH)
        {
          g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                       _("Not a position: line %u nests lists and objects more than %u deep"),
                       line, MAX_JSON_DEPTH);
          return FALSE;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
      else if (c == '-' || g_ascii_isdigit (c))
        {
          gsize end = i + 1;
          gboolean integer = TRUE;
          while (end < length && (g_ascii_isalnum (data[end]) || data[end] == '.'
                                  || data[end] == '+' || data[end] == '-'))
            {
              integer = integer && g_ascii_isdigit (data[end]);
              end++;
            }
          /* a lone "-" is left to the parser to refuse */
          if (integer && end - i > (c == '-' ? 1u : 0u) && !integer_fits (data + i, end - i))
            {
              g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_INVALID,
                           _("line %u: the number %.*s is too large"), line,
                           (int) MIN (end - i, 40), data + i);
              return FALSE;
            }
          i = end - 1;
        }
    }
  return TRUE;
}

static gboolean load_data (ArbCliPosition *position, const char *data, gsize length, GError **error);

/* Reads a position; on failure the position is left cleared, and the error
 * says in one line what is wrong and where (a name quoted in it may hold a
 * new line). */
gboolean
arb_cli_position_load_data (ArbCliPosition *position, const char *data, gsize length,
                            GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *line = NULL;

  if (load_data (position, data, length, &local_error))
    return TRUE;
  line = arb_error_one_line (local_error->message);
  if (strlen (line) > MAX_REFUSAL)
    {
      /* Cut at a character's start, where "…" fits. */
      gsize cut = MAX_REFUSAL - strlen ("…");
      while (cut > 0 && (line[cut] & 0xc0) == 0x80)
        cut--;
      strcpy (line + cut, "…");
    }
  g_set_error_literal (error, local_error->domain, local_error->code, line);
  return FALSE;
}

static gboolean
load_data (ArbCliPosition *position, const char *data, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) parse_error = NULL;
  Reader reader = { position, { NULL } };
  gboolean ok;

  memset (position, 0, sizeof *position);
  if (!g_utf8_validate (data, (gssize) length, NULL))
    {
      g_set_error_literal (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                           _("Not JSON: the text is not valid UTF-8"));
      return FALSE;
    }
  if (!arb_cli_position_check_text (data, length, error))
    return FALSE;

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, &parse_error))
    {
      g_autofree char *where = NULL;
      const char *what = parse_error->message;
      guint line, column;
      int used = 0;

      /* json-glib says "<data>:LINE:COLUMN: Parse error: …". */
      if (sscanf (what, "<data>:%u:%u: %n", &line, &column, &used) == 2 && used > 0)
        {
          /* Translators: where a JSON file is not JSON. */
          where = g_strdup_printf (_("line %u, column %u"), line, column);
          what += used;
          g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                       _("Not JSON (%s): %s"), where, what);
        }
      else
        g_set_error (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                     _("Not JSON: %s"), what);
      return FALSE;
    }
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error_literal (error, ARB_CLI_POSITION_ERROR, ARB_CLI_POSITION_ERROR_SYNTAX,
                           _("Not JSON: the file is empty"));
      return FALSE;
    }

  ok = read_position (&reader, json_parser_get_root (parser), error);
  for (guint c = 0; c < ARB_N_CARDS; c++)
    g_free (reader.seen_at[c]);
  if (!ok)
    arb_cli_position_clear (position);
  return ok;
}

/* The position of a game, with the names of its n_players players (in
 * solo, the person and Q). */
void
arb_cli_position_from_state (ArbCliPosition *position, const ArbState *state,
                             const char * const *names)
{
  memset (position, 0, sizeof *position);
  position->variant = state->variant;
  position->species = state->species;
  position->n_players = state->n_players;
  for (guint p = 0; p < state->n_players; p++)
    {
      position->names[p] = g_strdup (names[p]);
      position->hands[p] = state->hands[p];
      position->arboreta[p] = state->arboreta[p];
    }
}

void
arb_cli_position_clear (ArbCliPosition *position)
{
  for (guint p = 0; p < ARB_MAX_PLAYERS; p++)
    g_clear_pointer (&position->names[p], g_free);
  memset (position, 0, sizeof *position);
}

void
arb_cli_position_score (const ArbCliPosition *position, ArbScoreSheet *sheet)
{
  arb_score_sheet_compute (sheet, position->variant, position->species, position->n_players,
                           position->hands, position->arboreta);
}

static void
add_card (JsonBuilder *builder, ArbCard card)
{
  json_builder_set_member_name (builder, "species");
  json_builder_add_string_value (builder, arb_species_id (arb_card_species (card)));
  json_builder_set_member_name (builder, "value");
  json_builder_add_int_value (builder, arb_card_value (card));
}

/* A planted card, back where the JSON had it. */
static void
add_placement (JsonBuilder *builder, const ArbCliPosition *position, guint p,
               const ArbPlacement *cell)
{
  json_builder_begin_object (builder);
  add_card (builder, cell->card);
  json_builder_set_member_name (builder, "x");
  json_builder_add_int_value (builder, (gint64) ((guint64) position->origin_x[p] + (guint64) (gint64) cell->x));
  json_builder_set_member_name (builder, "y");
  json_builder_add_int_value (builder, (gint64) ((guint64) position->origin_y[p] + (guint64) (gint64) cell->y));
  json_builder_end_object (builder);
}

static void
add_hand (JsonBuilder *builder, const ArbCardSet *hand)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (hand, cards);

  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      json_builder_begin_object (builder);
      add_card (builder, cards[i]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_species_scores (JsonBuilder *builder, const ArbCliPosition *position, guint p,
                    const ArbPlayerScore *score)
{
  json_builder_begin_array (builder);
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      const ArbSpeciesScore *species = &score->species[s];
      if (!(position->species & (1u << s)))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "species");
      json_builder_add_string_value (builder, arb_species_id ((ArbSpecies) s));
      json_builder_set_member_name (builder, "hand_sum");
      json_builder_add_int_value (builder, species->hand_sum);
      json_builder_set_member_name (builder, "right");
      json_builder_add_boolean_value (builder, species->right);
      json_builder_set_member_name (builder, "points");
      json_builder_add_int_value (builder, species->points);
      json_builder_set_member_name (builder, "path");
      json_builder_begin_array (builder);
      for (guint i = 0; species->right && i < species->path.n; i++)
        add_placement (builder, position, p, &species->path.cards[i]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_player (JsonBuilder *builder, const ArbCliPosition *position, guint p,
            const ArbScoreSheet *sheet)
{
  const ArbArboretum *arboretum = &position->arboreta[p];

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, position->names[p]);
  json_builder_set_member_name (builder, "hand");
  add_hand (builder, &position->hands[p]);
  json_builder_set_member_name (builder, "arboretum");
  json_builder_begin_array (builder);
  for (guint i = 0; i < arboretum->n; i++)
    add_placement (builder, position, p, &arboretum->cells[i]);
  json_builder_end_array (builder);
  if (sheet != NULL)
    {
      const ArbPlayerScore *score = &sheet->players[p];
      json_builder_set_member_name (builder, "species");
      add_species_scores (builder, position, p, score);
      json_builder_set_member_name (builder, "total");
      json_builder_add_int_value (builder, score->total);
      json_builder_set_member_name (builder, "species_planted");
      json_builder_add_int_value (builder, score->species_planted);
      json_builder_set_member_name (builder, "species_scored");
      json_builder_add_int_value (builder, score->species_scored);
    }
  json_builder_end_object (builder);
}

static const char *
tie_break_id (ArbTieBreak tie_break)
{
  static const char * const ids[] = { "none", "species", "shared", "solo" };
  g_return_val_if_fail (tie_break < G_N_ELEMENTS (ids), "none");
  return ids[tie_break];
}

static void
add_winners (JsonBuilder *builder, const ArbScoreSheet *sheet)
{
  json_builder_set_member_name (builder, "winners");
  json_builder_begin_array (builder);
  for (guint p = 0; p < sheet->n_players; p++)
    if (sheet->winners & (1u << p))
      json_builder_add_int_value (builder, p);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "tie_break");
  json_builder_add_string_value (builder, tie_break_id (sheet->tie_break));
}

/* The position as JSON, with its scoring when sheet is given: the form
 * that arb_cli_position_load_data () reads back. */
JsonNode *
arb_cli_position_to_json (const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "variant");
  json_builder_add_string_value (builder, arb_variant_id (position->variant));
  json_builder_set_member_name (builder, "species");
  json_builder_begin_array (builder);
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (position->species & (1u << s))
      json_builder_add_string_value (builder, arb_species_id ((ArbSpecies) s));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint p = 0; p < position->n_players; p++)
    add_player (builder, position, p, sheet);
  json_builder_end_array (builder);
  if (sheet != NULL)
    add_winners (builder, sheet);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

char *
arb_cli_position_to_string (const ArbCliPosition *position, const ArbScoreSheet *sheet)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = arb_cli_position_to_json (position, sheet);

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}
