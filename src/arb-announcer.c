/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-announcer.c: see arb-announcer.h.
 *
 * A screen reader cuts what it is saying when it is given something new:
 * a computer's four steps said one by one, a second apart, would be heard
 * as the last alone. So the steps of a turn are gathered and said in one
 * message when the turn ends, with whose turn it is then; the person's
 * own step is said once the focus has settled after it (the table calls
 * arb_announcer_say_news from its idle), with the step that follows. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-announcer.h"

struct _ArbAnnouncer
{
  GObject    parent_instance;

  GtkWidget *speaker;     /* the widget that owns this one: no reference */
  GString   *news;        /* sentences not said yet */
  ArbGame   *drawer_game; /* whose player drew from the deck unseen: no reference */
  guint      drawer;      /* that player, and how many cards: said together */
  guint      deck_draws;
  gboolean   due;         /* the news is to be said at the next chance */
};

G_DEFINE_FINAL_TYPE (ArbAnnouncer, arb_announcer, G_TYPE_OBJECT)

static void
add_sentence (ArbAnnouncer *self, const char *sentence)
{
  if (self->news->len > 0)
    g_string_append (self->news, ". ");
  g_string_append (self->news, sentence);
}

/* "Ann drew a card from the deck", or both of the turn in one sentence. */
static void
add_deck_draws (ArbAnnouncer *self)
{
  const char *name;

  if (self->deck_draws == 0)
    return;
  name = arb_game_player_name (self->drawer_game, self->drawer);
  if (self->deck_draws == 1)
    {
      g_autofree char *text = g_strdup_printf (_("%s drew a card from the deck"), name);
      add_sentence (self, text);
    }
  else
    {
      /* Translators: a player's two draws of a turn, said at once. */
      g_autofree char *text = g_strdup_printf (_("%s drew two cards from the deck"), name);
      add_sentence (self, text);
    }
  self->deck_draws = 0;
}

/* Gathers step, just applied (after is the position it left), as a
 * player says it. A turn ends when another player is to act, or the
 * game: the news is then due, as it is after the person's own step. The
 * position after the step places a card planted as well as the one
 * before: its neighbours are the same. */
void
arb_announcer_add_step (ArbAnnouncer *self, ArbGame *game, const ArbState *after, const ArbStep *step,
                        gboolean own)
{
  g_return_if_fail (ARB_IS_ANNOUNCER (self));
  g_return_if_fail (ARB_IS_GAME (game) && after != NULL && step != NULL);
  if (step->move.kind == ARB_MOVE_DRAW && step->move.source == ARB_SOURCE_DECK
      && !arb_card_is_valid (step->move.card))
    {
      if (self->deck_draws > 0 && self->drawer != step->player)
        add_deck_draws (self);
      self->drawer_game = game;
      self->drawer = step->player;
      self->deck_draws++;
    }
  else
    {
      g_autofree char *text = arb_game_describe_step_in_words (game, after, step);

      add_deck_draws (self);
      add_sentence (self, text);
    }
  self->due = self->due || own || after->current != step->player || after->phase == ARB_PHASE_OVER;
}

gboolean
arb_announcer_is_due (ArbAnnouncer *self)
{
  g_return_val_if_fail (ARB_IS_ANNOUNCER (self), FALSE);
  return self->due;
}

/* Says what was gathered, then then (what the turn asks for now), in one
 * message; then alone if nothing was gathered. */
void
arb_announcer_say_news (ArbAnnouncer *self, const char *then)
{
  g_return_if_fail (ARB_IS_ANNOUNCER (self));
  add_deck_draws (self);
  if (then != NULL && *then != '\0')
    add_sentence (self, then);
  arb_announcer_say (self, self->news->str);
  arb_announcer_forget (self);
}

/* What was gathered and not said yet, taken away: for whoever says the
 * end of the game, which would cut it short. */
char *
arb_announcer_take_news (ArbAnnouncer *self)
{
  char *news;

  g_return_val_if_fail (ARB_IS_ANNOUNCER (self), NULL);
  add_deck_draws (self);
  news = g_strdup (self->news->str);
  arb_announcer_forget (self);
  return news;
}

/* Says text at once, from wherever the focus is, if the speaker is on
 * screen. */
void
arb_announcer_say (ArbAnnouncer *self, const char *text)
{
  g_return_if_fail (ARB_IS_ANNOUNCER (self));
  if (text != NULL && *text != '\0' && gtk_widget_get_mapped (self->speaker))
    arb_accessible_announce (self->speaker, text);
}

/* The position jumped: nothing gathered is news any more. */
void
arb_announcer_forget (ArbAnnouncer *self)
{
  g_return_if_fail (ARB_IS_ANNOUNCER (self));
  g_string_truncate (self->news, 0);
  self->deck_draws = 0;
  self->due = FALSE;
}

static void
arb_announcer_finalize (GObject *object)
{
  ArbAnnouncer *self = ARB_ANNOUNCER (object);

  g_string_free (self->news, TRUE);
  G_OBJECT_CLASS (arb_announcer_parent_class)->finalize (object);
}

static void
arb_announcer_class_init (ArbAnnouncerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_announcer_finalize;
}

static void
arb_announcer_init (ArbAnnouncer *self)
{
  self->news = g_string_new (NULL);
}

/* An announcer that speaks from speaker, which owns it. */
ArbAnnouncer *
arb_announcer_new (GtkWidget *speaker)
{
  ArbAnnouncer *self;

  g_return_val_if_fail (GTK_IS_WIDGET (speaker), NULL);
  self = g_object_new (ARB_TYPE_ANNOUNCER, NULL);
  self->speaker = speaker;
  return self;
}
