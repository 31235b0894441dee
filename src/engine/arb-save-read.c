/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-read.c: save games read back by replaying every step through
 * the rules.
 *
 * Reading treats every file as hostile: it is bounded in size, depth and
 * element count before anything else (arb-save-scan.c), a document type
 * (the door to entity bombs and external entities) stops the parser at
 * once, the network is never used, and the tree is validated against the
 * schema compiled into the library before a value is read from it.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include <libxml/encoding.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "arb-engine-resources.h"
#include "arb-error.h"
#include "arb-file.h"
#include "arb-review.h"
#include "arb-save.h"
#include "arb-save-private.h"

#define SCHEMA_RESOURCE RESOURCE_PREFIX "/arboretum-save.rng"

/* The schema */

/* Compiled for each file read, and freed: compiling takes about 0.2 ms
 * (arboretum-cli bench: a 4-player save loads in 0.69 ms instead of 0.52),
 * and the compiled schema kept for the life of the program held 0.17 MB
 * that a game never needs again. */
static xmlRelaxNGPtr
compile_schema (void)
{
  g_autoptr (GBytes) bytes = NULL;
  xmlRelaxNGParserCtxtPtr ctxt;
  xmlRelaxNGPtr schema;
  gsize size;
  const char *text;

  bytes = g_resource_lookup_data (arb_engine_get_resource (), SCHEMA_RESOURCE,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_assert (bytes != NULL);
  text = g_bytes_get_data (bytes, &size);
  ctxt = xmlRelaxNGNewMemParserCtxt (text, (int) size);
  schema = xmlRelaxNGParse (ctxt);
  xmlRelaxNGFreeParserCtxt (ctxt);
  g_assert (schema != NULL);
  return schema;
}

static void
validity_error (void *user_data, xmlErrorPtr error)
{
  arb_save_guard_record_error (user_data, error);
}

static gboolean
validate_document (xmlDocPtr doc, GError **error)
{
  ArbSaveGuard guard = { 0 };
  xmlRelaxNGPtr schema = compile_schema ();
  xmlRelaxNGValidCtxtPtr ctxt = xmlRelaxNGNewValidCtxt (schema);
  int result;

  xmlRelaxNGSetValidStructuredErrors (ctxt, validity_error, &guard);
  result = xmlRelaxNGValidateDoc (ctxt, doc);
  xmlRelaxNGFreeValidCtxt (ctxt);
  xmlRelaxNGFree (schema);
  if (result != 0)
    g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_INVALID,
                 _("The file does not follow the save game format (line %d: %s)"),
                 guard.error_line,
                 guard.error_message != NULL ? guard.error_message : _("unknown error"));
  g_free (guard.error_message);
  return result == 0;
}

/* Reading the tree: the schema has checked its shape already, but every
 * value is still checked as it is read. */

typedef struct {
  ArbGame   *game;
  ArbReview *review;   /* the review read, if any */
  GPtrArray *players;
  ArbVariant variant;
  gint64     seed;      /* ARB_GAME_NO_SEED when the file has none */
  ArbSpeciesMask species;
  ArbPile    deck;
} Reader;

static gboolean
read_game (Reader *reader, xmlNode *node, guint format_version, GError **error)
{
  if (!arb_variant_from_id (arb_save_attribute (node, "variant"), &reader->variant))
    {
      arb_save_set_invalid (error, node, _("unknown rule set"));
      return FALSE;
    }
  /* Format 3 is the first to deal without a seed. */
  reader->seed = ARB_GAME_NO_SEED;
  if ((format_version < 3 || arb_save_attribute (node, "seed") != NULL)
      && !arb_save_read_int (node, "seed", 0, G_MAXUINT32, &reader->seed, error))
    return FALSE;

  for (xmlNode *s = arb_save_first_element (node->children); s != NULL; s = arb_save_next_element (s))
    {
      ArbSpecies species;
      if (!arb_save_read_species (s, "id", &species, error))
        return FALSE;
      if (reader->species & (1u << species))
        {
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_SETUP,
                       _("Line %d: the species “%s” is listed twice"),
                       arb_save_line_of (s), arb_species_id (species));
          return FALSE;
        }
      reader->species |= (ArbSpeciesMask) (1u << species);
    }
  return TRUE;
}

static gboolean
read_players (Reader *reader, xmlNode *node, GError **error)
{
  for (xmlNode *p = arb_save_first_element (node->children); p != NULL; p = arb_save_next_element (p))
    {
      const char *name = arb_save_attribute (p, "name");
      const char *kind = arb_save_attribute (p, "kind");
      gboolean computer = g_strcmp0 (kind, "computer") == 0;

      if (name == NULL || (!computer && g_strcmp0 (kind, "person") != 0)
          || reader->players->len >= ARB_MAX_PLAYERS)
        {
          arb_save_set_invalid (error, p, _("a player without a name or kind, or too many players"));
          return FALSE;
        }
      g_ptr_array_add (reader->players,
                       arb_player_new (name, computer ? ARB_PLAYER_COMPUTER : ARB_PLAYER_PERSON,
                                       computer ? arb_save_attribute (p, "level") : NULL));
    }
  return TRUE;
}

static gboolean
check_setup (Reader *reader, GError **error)
{
  g_autoptr (GError) rules_error = NULL;
  guint n_seats = reader->players->len;
  guint wanted;

  if (!arb_rules_check_players (reader->variant, n_seats, &rules_error))
    {
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_SETUP,
                   _("The players do not fit the rule set: %s"), rules_error->message);
      return FALSE;
    }
  wanted = arb_rules_species_count (reader->variant, n_seats);
  if (arb_species_mask_count (reader->species) != wanted)
    {
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_SETUP,
                   _("This game is played with %u species but the file names %u"),
                   wanted, arb_species_mask_count (reader->species));
      return FALSE;
    }
  return TRUE;
}

static gboolean
report_missing_card (Reader *reader, const ArbCardSet *seen, GError **error)
{
  for (ArbCard card = 0; card < ARB_N_CARDS; card++)
    if ((reader->species & (1u << arb_card_species (card))) && !arb_card_set_contains (seen, card))
      {
        g_autofree char *name = arb_card_to_string (card);
        g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_DECK,
                     _("The deck lacks the card %s"), name);
        return FALSE;
      }
  return TRUE;
}

/* Every card of the species in play exactly once, first dealt first. */
static gboolean
read_deck (Reader *reader, xmlNode *node, GError **error)
{
  ArbCardSet seen = ARB_CARD_SET_INIT;
  ArbCard cards[ARB_N_CARDS];
  guint n = 0;

  for (xmlNode *c = arb_save_first_element (node->children); c != NULL; c = arb_save_next_element (c))
    {
      ArbCard card;
      g_autofree char *name = NULL;

      if (!arb_save_read_card (c, &card, error))
        return FALSE;
      name = arb_card_to_string (card);
      if (!(reader->species & (1u << arb_card_species (card))))
        {
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_DECK,
                       _("Line %d: the deck holds %s, a species not in play"), arb_save_line_of (c), name);
          return FALSE;
        }
      if (arb_card_set_contains (&seen, card))
        {
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_DECK,
                       _("Line %d: the card %s appears twice in the deck"), arb_save_line_of (c), name);
          return FALSE;
        }
      arb_card_set_add (&seen, card);
      cards[n++] = card;
    }
  if (!report_missing_card (reader, &seen, error))
    return FALSE;

  reader->deck.n = (guint8) n;
  for (guint i = 0; i < n; i++)
    reader->deck.cards[n - 1 - i] = cards[i];
  return TRUE;
}

static gboolean
read_refills (xmlNode *node, ArbStep *step, GError **error)
{
  for (xmlNode *r = arb_save_first_element (node->children); r != NULL; r = arb_save_next_element (r))
    {
      const char *to = arb_save_attribute (r, "to");
      ArbCard *slot = g_strcmp0 (to, "q") == 0 ? &step->refill_q
                      : g_strcmp0 (to, "discard-pile") == 0 ? &step->refill_discard : NULL;

      if (!arb_save_is_element (r, "refill") || slot == NULL || *slot != ARB_CARD_NONE)
        {
          arb_save_set_invalid (error, r, _("an unexpected element in a discard"));
          return FALSE;
        }
      if (!arb_save_read_card (r, slot, error))
        return FALSE;
    }
  return TRUE;
}

/* A step element as the record the rules would make of it. */
static gboolean
read_step (Reader *reader, xmlNode *node, ArbStep *step, GError **error)
{
  ArbMove *move = &step->move;
  gint64 player;
  int x = 0, y = 0;
  gboolean has_cell = arb_save_attribute (node, "x") != NULL || arb_save_attribute (node, "y") != NULL;

  memset (step, 0, sizeof *step);
  step->refill_discard = step->refill_q = ARB_CARD_NONE;
  if (!arb_move_kind_from_id ((const char *) node->name, &move->kind))
    {
      arb_save_set_invalid (error, node, _("an unknown kind of step"));
      return FALSE;
    }
  if (!arb_save_read_int (node, "player", 0, ARB_MAX_PLAYERS - 1, &player, error)
      || !arb_save_read_card (node, &move->card, error))
    return FALSE;
  step->player = (guint8) player;

  switch (move->kind)
    {
    case ARB_MOVE_DRAW:
      return arb_save_read_draw_source (node, move, error);
    case ARB_MOVE_PLAY:
      if (!arb_save_read_xy (node, &x, &y, error))
        return FALSE;
      break;
    case ARB_MOVE_DISCARD:
    default:
      if (has_cell != (reader->variant == ARB_VARIANT_SOLO))
        {
          arb_save_set_invalid (error, node, reader->variant == ARB_VARIANT_SOLO
                                    ? _("a solo discard needs the cell of Q’s arboretum")
                                    : _("only a solo discard has a cell"));
          return FALSE;
        }
      if ((has_cell && !arb_save_read_xy (node, &x, &y, error)) || !read_refills (node, step, error))
        return FALSE;
      break;
    }
  move->x = (gint16) x;
  move->y = (gint16) y;
  return TRUE;
}

static gboolean
replay_steps (Reader *reader, xmlNode *node, GError **error)
{
  guint index = 0;

  for (xmlNode *s = arb_save_first_element (node->children); s != NULL; s = arb_save_next_element (s))
    {
      g_autoptr (GError) rules_error = NULL;
      ArbStep step;

      index++;
      if (!read_step (reader, s, &step, error))
        return FALSE;
      if (!arb_game_apply_step (reader->game, &step, &rules_error))
        {
          g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_ILLEGAL_STEP,
                       _("Step %u (line %d) cannot be replayed: %s"),
                       index, arb_save_line_of (s), rules_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* The recorded position */

static gboolean
mismatch (GError **error, xmlNode *node, const char *what)
{
  g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_POSITION_MISMATCH,
               _("Line %d: the recorded position disagrees with the steps: %s"),
               arb_save_line_of (node), what);
  return FALSE;
}

static gboolean
check_number (xmlNode *node, const char *name, guint replayed, const char *what, GError **error)
{
  gint64 recorded;

  if (!arb_save_read_int (node, name, 0, G_MAXUINT16, &recorded, error))
    return FALSE;
  if ((guint) recorded != replayed)
    {
      g_autofree char *text = g_strdup_printf (_("%s is %u, not %u"), what, (guint) recorded, replayed);
      return mismatch (error, node, text);
    }
  return TRUE;
}

static gboolean
check_hand (xmlNode *node, const ArbCardSet *hand, guint p, GError **error)
{
  ArbCardSet recorded = ARB_CARD_SET_INIT;
  guint n = 0;

  for (xmlNode *c = arb_save_first_element (node->children); c != NULL; c = arb_save_next_element (c), n++)
    {
      ArbCard card;
      if (!arb_save_read_card (c, &card, error))
        return FALSE;
      arb_card_set_add (&recorded, card);
    }
  if (n != arb_card_set_count (hand) || memcmp (&recorded, hand, sizeof recorded) != 0)
    {
      g_autofree char *text = g_strdup_printf (_("the hand of player %u"), p + 1);
      return mismatch (error, node, text);
    }
  return TRUE;
}

static gboolean
check_arboretum (xmlNode *node, const ArbArboretum *arboretum, guint p, GError **error)
{
  guint n = 0;

  for (xmlNode *c = arb_save_first_element (node->children); c != NULL; c = arb_save_next_element (c), n++)
    {
      ArbCard card;
      int x, y;
      if (!arb_save_read_card (c, &card, error) || !arb_save_read_xy (c, &x, &y, error))
        return FALSE;
      if (arb_arboretum_card_at (arboretum, x, y) != card)
        {
          g_autofree char *text = g_strdup_printf (_("the arboretum of player %u at %d, %d"),
                                                   p + 1, x, y);
          return mismatch (error, c, text);
        }
    }
  if (n != arboretum->n)
    {
      g_autofree char *text = g_strdup_printf (_("the arboretum of player %u"), p + 1);
      return mismatch (error, node, text);
    }
  return TRUE;
}

static gboolean
check_pile (xmlNode *node, const ArbPile *pile, guint p, GError **error)
{
  gboolean differs = FALSE;
  guint n = 0;

  for (xmlNode *c = arb_save_first_element (node->children); c != NULL; c = arb_save_next_element (c), n++)
    {
      ArbCard card;
      if (!arb_save_read_card (c, &card, error))
        return FALSE;
      differs |= n >= pile->n || pile->cards[n] != card;
    }
  if (differs || n != pile->n)
    {
      g_autofree char *text = g_strdup_printf (_("discard pile %u"), p + 1);
      return mismatch (error, node, text);
    }
  return TRUE;
}

static gboolean
check_index (xmlNode *node, guint expected, GError **error)
{
  gint64 index;

  if (!arb_save_read_int (node, "index", 0, ARB_MAX_PLAYERS - 1, &index, error))
    return FALSE;
  if ((guint) index != expected)
    {
      arb_save_set_invalid (error, node, _("the players and discard piles of the position are not in order"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_position (Reader *reader, xmlNode *node, GError **error)
{
  const ArbState *state = arb_game_get_state (reader->game);
  xmlNode *child = arb_save_first_element (node->children);
  ArbPhase phase;
  guint p;

  for (phase = ARB_PHASE_DRAW; phase <= ARB_PHASE_OVER; phase++)
    if (g_strcmp0 (arb_save_attribute (node, "phase"), arb_save_phase_ids[phase]) == 0)
      break;
  if (phase != state->phase)
    return mismatch (error, node, _("the phase of the turn"));
  if (!check_number (node, "turn", state->turn, _("the turn"), error)
      || !check_number (node, "current-player", state->current, _("the current player"), error)
      || !check_number (node, "draws", state->draws, _("the number of cards drawn"), error)
      || !check_number (node, "deck-size", state->deck.n, _("the size of the deck"), error))
    return FALSE;

  for (p = 0; arb_save_is_element (child, "player"); p++, child = arb_save_next_element (child))
    {
      xmlNode *hand = arb_save_first_element (child->children);
      xmlNode *arboretum = hand != NULL ? arb_save_next_element (hand) : NULL;

      if (p >= state->n_players)
        return mismatch (error, child, _("the number of players"));
      if (!check_index (child, p, error))
        return FALSE;
      if (!arb_save_is_element (hand, "hand") || !arb_save_is_element (arboretum, "arboretum"))
        {
          arb_save_set_invalid (error, child, _("a player without a hand and an arboretum"));
          return FALSE;
        }
      if (!check_hand (hand, &state->hands[p], p, error)
          || !check_arboretum (arboretum, &state->arboreta[p], p, error))
        return FALSE;
    }
  if (p != state->n_players)
    return mismatch (error, node, _("the number of players"));

  for (p = 0; arb_save_is_element (child, "discard-pile"); p++, child = arb_save_next_element (child))
    {
      if (p >= arb_state_n_piles (state))
        return mismatch (error, child, _("the number of discard piles"));
      if (!check_index (child, p, error) || !check_pile (child, &state->discards[p], p, error))
        return FALSE;
    }
  if (p != arb_state_n_piles (state))
    return mismatch (error, node, _("the number of discard piles"));
  return TRUE;
}

/* Loading */

static gboolean
check_root (xmlDocPtr doc, guint *format_version, GError **error)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  const char *format;
  guint64 version;

  if (root == NULL || root->ns != NULL || !arb_save_is_element (root, "arboretum-save"))
    {
      g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_A_SAVE,
                           _("The file is not an Arboretum save game"));
      return FALSE;
    }
  format = arb_save_attribute (root, "format");
  if (format == NULL || !g_ascii_string_to_unsigned (format, 10, 1, G_MAXUINT32, &version, NULL))
    {
      g_autofree char *quoted = arb_save_quote (format);
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_UNKNOWN_VERSION,
                   _("The save game has an unknown format version “%s”"), quoted);
      return FALSE;
    }
  if (version > ARB_SAVE_FORMAT_VERSION)
    {
      g_autofree char *quoted = arb_save_quote (format);
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NEWER_VERSION,
                   _("The game was saved by a newer version of Arboretum (save format %s); "
                     "this version reads format %d and older"),
                   quoted, ARB_SAVE_FORMAT_VERSION);
      return FALSE;
    }
  *format_version = (guint) version;
  return TRUE;
}

static ArbGame *
read_document (xmlDocPtr doc, guint format_version, ArbReview **review_out, GError **error)
{
  Reader reader = { 0 };
  g_autoptr (GError) rules_error = NULL;
  xmlNode *game = arb_save_first_element (xmlDocGetRootElement (doc)->children);
  xmlNode *players = game != NULL ? arb_save_next_element (game) : NULL;
  xmlNode *deck = players != NULL ? arb_save_next_element (players) : NULL;
  xmlNode *steps = deck != NULL ? arb_save_next_element (deck) : NULL;
  xmlNode *position = steps != NULL ? arb_save_next_element (steps) : NULL;
  xmlNode *review = position != NULL ? arb_save_next_element (position) : NULL;
  ArbGame *result = NULL;

  if (!arb_save_is_element (game, "game") || !arb_save_is_element (players, "players")
      || !arb_save_is_element (deck, "deck") || !arb_save_is_element (steps, "steps")
      || !arb_save_is_element (position, "position"))
    {
      arb_save_set_invalid (error, xmlDocGetRootElement (doc), _("a part of the save game is missing"));
      return NULL;
    }

  reader.players = g_ptr_array_new_with_free_func (g_object_unref);
  if (!read_game (&reader, game, format_version, error) || !read_players (&reader, players, error)
      || !check_setup (&reader, error) || !read_deck (&reader, deck, error))
    goto out;
  reader.game = arb_game_new_with_deck (reader.variant, reader.players, reader.seed,
                                        reader.species, &reader.deck, &rules_error);
  if (reader.game == NULL)
    {
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_BAD_SETUP,
                   _("The game cannot be dealt: %s"), rules_error->message);
      goto out;
    }
  if (review != NULL && !arb_save_is_element (review, "review"))
    {
      arb_save_set_invalid (error, review, _("an unexpected element after the position"));
      goto out;
    }
  if (replay_steps (&reader, steps, error) && check_position (&reader, position, error)
      && (review == NULL
          || (reader.review = arb_save_read_review (reader.game, review, format_version, error)) != NULL))
    {
      result = g_steal_pointer (&reader.game);
      if (review_out != NULL)
        *review_out = g_steal_pointer (&reader.review);
    }

out:
  g_clear_object (&reader.game);
  g_clear_object (&reader.review);
  g_ptr_array_unref (reader.players);
  return result;
}

/* A game from the bytes of a save game, and in review_out (may be NULL)
 * its review or NULL; NULL with an ARB_SAVE_ERROR when anything is wrong,
 * never a half-loaded game. */
ArbGame *
arb_save_load_data (const char *data, gsize length, ArbReview **review_out, GError **error)
{
  ArbSaveGuard guard = { 0 };
  xmlDocPtr doc;
  ArbGame *game = NULL;
  guint format_version = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (review_out == NULL || *review_out == NULL, NULL);
  if (length > ARB_SAVE_MAX_SIZE)
    {
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE,
                   _("The file is larger than any save game (more than %u KiB)"),
                   ARB_SAVE_MAX_SIZE / 1024u);
      return NULL;
    }

  if (!arb_save_check_text (data != NULL ? data : "", length, error))
    return NULL;
  xmlInitParser ();
  doc = arb_save_parse_document (data != NULL ? data : "", length, &guard, error);
  g_free (guard.error_message);
  if (doc == NULL)
    return NULL;
  if (check_root (doc, &format_version, error) && validate_document (doc, error))
    game = read_document (doc, format_version, review_out, error);
  xmlFreeDoc (doc);
  return game;
}

ArbGame *
arb_save_load_bytes (GBytes *bytes, ArbReview **review_out, GError **error)
{
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  data = g_bytes_get_data (bytes, &length);
  return arb_save_load_data (data, length, review_out, error);
}

ArbGame *
arb_save_read_file (GFile *file, ArbReview **review_out, GCancellable *cancellable, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  bytes = arb_file_read_bounded (file, ARB_SAVE_MAX_SIZE, cancellable, &local_error);
  if (bytes == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      gboolean too_large = g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);

      g_set_error (error, ARB_SAVE_ERROR, too_large ? ARB_SAVE_ERROR_TOO_LARGE : ARB_SAVE_ERROR_IO,
                   _("Could not read “%s”: %s"), name, local_error->message);
      return NULL;
    }
  return arb_save_load_bytes (bytes, review_out, error);
}

/* What a worker thread read: the game and its review. */
typedef struct {
  ArbGame   *game;
  ArbReview *review;
} ReadResult;

static void
read_result_free (ReadResult *read)
{
  g_clear_object (&read->game);
  g_clear_object (&read->review);
  g_free (read);
}

static void
read_file_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  ReadResult *read = g_new0 (ReadResult, 1);

  read->game = arb_save_read_file (G_FILE (task_data), &read->review, cancellable, &error);
  if (read->game != NULL)
    g_task_return_pointer (task, read, (GDestroyNotify) read_result_free);
  else
    {
      read_result_free (read);
      g_task_return_error (task, error);
    }
}

/* Reads and checks a save in a worker thread, so that a window stays
 * responsive however long a hostile file takes to be refused. */
void
arb_save_read_file_async (GFile *file, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  /* libxml2 sets up its globals on first use; do it here, in one thread. */
  xmlInitParser ();
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_file_thread);
}

/* The game read, and in review_out (may be NULL) its review or NULL. */
ArbGame *
arb_save_read_file_finish (GAsyncResult *result, ArbReview **review_out, GError **error)
{
  ReadResult *read;
  ArbGame *game;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (review_out == NULL || *review_out == NULL, NULL);
  read = g_task_propagate_pointer (G_TASK (result), error);
  if (read == NULL)
    return NULL;
  game = g_steal_pointer (&read->game);
  if (review_out != NULL)
    *review_out = g_steal_pointer (&read->review);
  read_result_free (read);
  return game;
}

/* Whether data is XML rather than, say, a JSON position: its first
 * character other than white space or a byte order mark is '<', or its
 * first bytes are XML in another encoding that libxml2 recognizes (EBCDIC,
 * UTF-16, UCS-4), which the loader reads or refuses as it does any save. */
gboolean
arb_save_looks_like_save (const char *data, gsize length)
{
  gsize i = 0;

  if (length >= 4)
    {
      xmlCharEncoding encoding = xmlDetectCharEncoding ((const unsigned char *) data, 4);
      if (encoding != XML_CHAR_ENCODING_NONE && encoding != XML_CHAR_ENCODING_UTF8)
        return TRUE;
    }

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  return i < length && data[i] == '<';
}

/* The automatic save */
