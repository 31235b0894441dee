/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-write.c: save games in XML, written with libxml2 as the bytes
 * of the file (the reader, arb-save-read.c, replays them through the rules).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include <libxml/xmlwriter.h>

#include "arb-error.h"
#include "arb-review.h"
#include "arb-save.h"
#include "arb-save-private.h"

G_DEFINE_QUARK (arb-save-error-quark, arb_save_error)

const char * const arb_save_phase_ids[4] = { "draw", "play", "discard", "over" };

/* Writing */

static void
write_card (xmlTextWriterPtr w, ArbCard card)
{
  xmlTextWriterWriteAttribute (w, BAD_CAST "species",
                               BAD_CAST arb_species_id (arb_card_species (card)));
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "value", "%u", arb_card_value (card));
}

static void
write_xy (xmlTextWriterPtr w, int x, int y)
{
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "x", "%d", x);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "y", "%d", y);
}

static void
write_card_element (xmlTextWriterPtr w, const char *name, ArbCard card)
{
  xmlTextWriterStartElement (w, BAD_CAST name);
  write_card (w, card);
  xmlTextWriterEndElement (w);
}

/* A name as XML 1.0 can hold it in an attribute: valid UTF-8, no control
 * characters, at most the 200 characters the schema allows. */
static char *
clean_name (const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name != NULL ? name : "", -1);
  GString *clean = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p != '\0' && n < 200; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);
      if (c == '\t' || c == '\n' || c == '\r')
        c = ' ';
      else if (c < 0x20 || c == 0xfffe || c == 0xffff)
        c = 0xfffd;
      g_string_append_unichar (clean, c);
    }
  return g_string_free (clean, FALSE);
}

static void
write_game (xmlTextWriterPtr w, ArbGame *game)
{
  const ArbState *start = arb_game_get_start_state (game);

  xmlTextWriterStartElement (w, BAD_CAST "game");
  xmlTextWriterWriteAttribute (w, BAD_CAST "variant", BAD_CAST arb_variant_id (start->variant));
  /* A deal from the system's source has no seed to write. */
  if (arb_game_has_seed (game))
    xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seed", "%" G_GUINT32_FORMAT,
                                       arb_game_get_seed (game));
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (start->species & (1u << s))
      {
        xmlTextWriterStartElement (w, BAD_CAST "species");
        xmlTextWriterWriteAttribute (w, BAD_CAST "id", BAD_CAST arb_species_id ((ArbSpecies) s));
        xmlTextWriterEndElement (w);
      }
  xmlTextWriterEndElement (w);
}

static void
write_players (xmlTextWriterPtr w, ArbGame *game)
{
  xmlTextWriterStartElement (w, BAD_CAST "players");
  for (guint i = 0; i < arb_game_get_n_seats (game); i++)
    {
      ArbPlayer *player = arb_game_get_player (game, i);
      g_autofree char *name = clean_name (arb_player_get_name (player));
      const char *level = arb_player_get_level (player);

      xmlTextWriterStartElement (w, BAD_CAST "player");
      xmlTextWriterWriteAttribute (w, BAD_CAST "name", BAD_CAST name);
      if (arb_player_get_kind (player) == ARB_PLAYER_COMPUTER)
        {
          xmlTextWriterWriteAttribute (w, BAD_CAST "kind", BAD_CAST "computer");
          xmlTextWriterWriteAttribute (w, BAD_CAST "level",
                                       BAD_CAST (level != NULL ? level : "random"));
        }
      else
        xmlTextWriterWriteAttribute (w, BAD_CAST "kind", BAD_CAST "person");
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

/* The pile keeps its top last; the file lists the first card dealt first. */
static void
write_deck (xmlTextWriterPtr w, const ArbPile *deck)
{
  xmlTextWriterStartElement (w, BAD_CAST "deck");
  for (guint i = deck->n; i > 0; i--)
    write_card_element (w, "card", deck->cards[i - 1]);
  xmlTextWriterEndElement (w);
}

static void
write_step (xmlTextWriterPtr w, const ArbStep *step, ArbVariant variant)
{
  const ArbMove *m = &step->move;

  xmlTextWriterStartElement (w, BAD_CAST arb_move_kind_id (m->kind));
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "player", "%u", step->player);
  if (m->kind == ARB_MOVE_DRAW)
    {
      if (m->source == ARB_SOURCE_DECK)
        xmlTextWriterWriteAttribute (w, BAD_CAST "source", BAD_CAST "deck");
      else
        {
          xmlTextWriterWriteAttribute (w, BAD_CAST "source", BAD_CAST "discard-pile");
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "pile", "%d", m->source);
        }
    }
  write_card (w, m->card);
  if (m->kind == ARB_MOVE_PLAY || (m->kind == ARB_MOVE_DISCARD && variant == ARB_VARIANT_SOLO))
    write_xy (w, m->x, m->y);
  if (step->refill_discard != ARB_CARD_NONE)
    {
      xmlTextWriterStartElement (w, BAD_CAST "refill");
      xmlTextWriterWriteAttribute (w, BAD_CAST "to", BAD_CAST "discard-pile");
      write_card (w, step->refill_discard);
      xmlTextWriterEndElement (w);
    }
  if (step->refill_q != ARB_CARD_NONE)
    {
      xmlTextWriterStartElement (w, BAD_CAST "refill");
      xmlTextWriterWriteAttribute (w, BAD_CAST "to", BAD_CAST "q");
      write_card (w, step->refill_q);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

static void
write_steps (xmlTextWriterPtr w, ArbGame *game)
{
  ArbVariant variant = arb_game_get_variant (game);

  xmlTextWriterStartElement (w, BAD_CAST "steps");
  for (guint i = 0; i < arb_game_get_n_steps (game); i++)
    write_step (w, arb_game_get_step (game, i), variant);
  xmlTextWriterEndElement (w);
}

static void
write_player_position (xmlTextWriterPtr w, const ArbState *state, guint p)
{
  ArbCard cards[ARB_N_CARDS];
  guint n = arb_card_set_to_array (&state->hands[p], cards);
  const ArbArboretum *arboretum = &state->arboreta[p];

  xmlTextWriterStartElement (w, BAD_CAST "player");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "index", "%u", p);
  xmlTextWriterStartElement (w, BAD_CAST "hand");
  for (guint i = 0; i < n; i++)
    write_card_element (w, "card", cards[i]);
  xmlTextWriterEndElement (w);
  xmlTextWriterStartElement (w, BAD_CAST "arboretum");
  for (guint i = 0; i < arboretum->n; i++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "card");
      write_card (w, arboretum->cells[i].card);
      write_xy (w, arboretum->cells[i].x, arboretum->cells[i].y);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
  xmlTextWriterEndElement (w);
}

/* The position after the last step, for readers; the loader checks it. */
static void
write_position (xmlTextWriterPtr w, const ArbState *state)
{
  xmlTextWriterStartElement (w, BAD_CAST "position");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "turn", "%u", state->turn);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "current-player", "%u", state->current);
  xmlTextWriterWriteAttribute (w, BAD_CAST "phase", BAD_CAST arb_save_phase_ids[state->phase]);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "draws", "%u", state->draws);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "deck-size", "%u", state->deck.n);
  for (guint p = 0; p < state->n_players; p++)
    write_player_position (w, state, p);
  for (guint p = 0; p < arb_state_n_piles (state); p++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "discard-pile");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "index", "%u", p);
      for (guint i = 0; i < state->discards[p].n; i++)
        write_card_element (w, "card", state->discards[p].cards[i]);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

/* Hundredths of a point as the file writes them: "-1.05", "0.00". */
static char *
format_centi (gint32 centi)
{
  guint32 magnitude = (guint32) ABS ((gint64) centi);
  return g_strdup_printf ("%s%u.%02u", centi < 0 ? "-" : "", magnitude / 100, magnitude % 100);
}

/* Hard's choice of a review entry: a step element without its player. */
static void
write_review_move (xmlTextWriterPtr w, const ArbMove *m, ArbVariant variant)
{
  xmlTextWriterStartElement (w, BAD_CAST arb_move_kind_id (m->kind));
  if (m->kind == ARB_MOVE_DRAW)
    {
      if (m->source == ARB_SOURCE_DECK)
        xmlTextWriterWriteAttribute (w, BAD_CAST "source", BAD_CAST "deck");
      else
        {
          xmlTextWriterWriteAttribute (w, BAD_CAST "source", BAD_CAST "discard-pile");
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "pile", "%d", m->source);
        }
    }
  else
    {
      write_card (w, m->card);
      if (m->kind == ARB_MOVE_PLAY || variant == ARB_VARIANT_SOLO)
        write_xy (w, m->x, m->y);
    }
  xmlTextWriterEndElement (w);
}

static void
write_review (xmlTextWriterPtr w, ArbReview *review, ArbVariant variant)
{
  ArbReviewParams params;

  arb_review_get_params (review, &params);
  xmlTextWriterStartElement (w, BAD_CAST "review");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seed", "%" G_GUINT64_FORMAT, params.seed);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "samples", "%u", params.samples);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "hard-playouts", "%u", params.hard_playouts);
  /* Hard, the default, is not named: older versions read such a review. */
  if (params.level != ARB_AI_HARD)
    xmlTextWriterWriteAttribute (w, BAD_CAST "ai", BAD_CAST arb_ai_level_id (params.level));
  for (guint i = 0; i < arb_review_get_n_steps (review); i++)
    {
      const ArbReviewEntry *entry = arb_review_get_entry (review, i);
      g_autofree char *loss = format_centi (entry->loss);
      g_autofree char *error = format_centi ((gint32) MIN (entry->error, (guint32) G_MAXINT32));

      xmlTextWriterStartElement (w, BAD_CAST "entry");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "step", "%u", i + 1);
      xmlTextWriterWriteAttribute (w, BAD_CAST "loss", BAD_CAST loss);
      xmlTextWriterWriteAttribute (w, BAD_CAST "error", BAD_CAST error);
      xmlTextWriterWriteAttribute (w, BAD_CAST "mark", BAD_CAST arb_review_mark_id (entry->mark));
      if (entry->has_expected)
        {
          g_autofree char *expected = format_centi (entry->expected);
          xmlTextWriterWriteAttribute (w, BAD_CAST "expected", BAD_CAST expected);
        }
      write_review_move (w, &entry->best, variant);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

/* The oldest format that holds the game: older versions read format 1. */
static int
format_of (ArbGame *game, ArbReview *review)
{
  if (!arb_game_has_seed (game))
    return ARB_SAVE_FORMAT_VERSION;
  return review != NULL ? ARB_SAVE_FORMAT_REVIEW : ARB_SAVE_FORMAT_PLAIN;
}

/* The save game of the whole game so far and its review (NULL: none), as
 * the bytes of the file, in the oldest format that holds them. The review
 * must be one of the game's first steps. */
GBytes *
arb_save_to_bytes (ArbGame *game, ArbReview *review, GError **error)
{
  const ArbPile *deck;
  xmlBufferPtr buffer;
  xmlTextWriterPtr w;
  GBytes *bytes = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (review == NULL || ARB_IS_REVIEW (review), NULL);
  g_return_val_if_fail (review == NULL || arb_review_get_n_steps (review) <= arb_game_get_n_steps (game),
                        NULL);
  deck = arb_game_get_deck (game);
  if (deck == NULL)
    {
      g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_UNSAVABLE,
                           _("This game did not start from a deal and cannot be saved"));
      return NULL;
    }

  buffer = xmlBufferCreate ();
  w = xmlNewTextWriterMemory (buffer, 0);
  xmlTextWriterSetIndent (w, 1);
  xmlTextWriterSetIndentString (w, BAD_CAST "  ");
  xmlTextWriterStartDocument (w, NULL, "UTF-8", NULL);
  xmlTextWriterWriteComment (w, BAD_CAST " An Arboretum save game: see docs/save-format.md ");
  xmlTextWriterStartElement (w, BAD_CAST "arboretum-save");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "format", "%d", format_of (game, review));
  xmlTextWriterWriteAttribute (w, BAD_CAST "generator", BAD_CAST "Arboretum " PACKAGE_VERSION);
  write_game (w, game);
  write_players (w, game);
  write_deck (w, deck);
  write_steps (w, game);
  write_position (w, arb_game_get_state (game));
  if (review != NULL)
    write_review (w, review, arb_game_get_variant (game));
  if (xmlTextWriterEndDocument (w) < 0)
    g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO,
                         _("The save game could not be written"));
  xmlFreeTextWriter (w);
  if (error == NULL || *error == NULL)
    bytes = g_bytes_new (xmlBufferContent (buffer), (gsize) xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  return bytes;
}
