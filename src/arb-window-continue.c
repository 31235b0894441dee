/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-window-continue.c: the welcome page's games in progress. Continue
 * goes on with the most recent; the menu beside it lists every intact
 * one, the most recent first, and names those set aside. The saves are
 * read in a worker thread (arb_autosave_list_async), so that a save that
 * takes long to refuse never holds the window, and a damaged one hides no
 * other. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-autosave-slots.h"
#include "arb-game-text.h"
#include "arb-rules.h"
#include "arb-window-private.h"

/* Enough of each name to tell the games apart. */
#define ROW_NAME_CHARS 20

static char *
describe_players (ArbGame *game)
{
  GString *names = g_string_new (NULL);

  for (guint p = 0; p < arb_game_get_n_seats (game); p++)
    {
      g_autofree char *name = arb_game_short_player_name (game, p, ROW_NAME_CHARS);

      g_string_append_printf (names, p == 0 ? "%s" : ", %s", name);
    }
  return g_string_free (names, FALSE);
}

static char *
describe_rules_and_date (const ArbAutosaveEntry *entry)
{
  g_autoptr (GDateTime) saved = g_date_time_new_from_unix_local (entry->modified / G_USEC_PER_SEC);
  /* TRANSLATORS: when a game in progress was saved, a g_date_time_format()
   * format: "2026-03-05 14:07". Digits only: a month's name would come from
   * the system's locale, which may not be the player's language. */
  g_autofree char *when = g_date_time_format (saved, _("%Y-%m-%d %H:%M"));

  /* TRANSLATORS: a game in progress: its rules, then when it was saved */
  return g_strdup_printf (_("%s, saved %s"), arb_variant_name (arb_game_get_variant (entry->game)),
                          when != NULL ? when : "");
}

/* A menu item's label shows underscores as they are: the names are the
 * players' own. */
static char *
escape_underlines (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

static GMenuItem *
game_item_new (const ArbAutosaveEntry *entry, guint index)
{
  g_autofree char *players = describe_players (entry->game);
  g_autofree char *details = describe_rules_and_date (entry);
  /* TRANSLATORS: a game in progress: its players, then its rules and when it was saved */
  g_autofree char *label = g_strdup_printf (_("%s — %s"), players, details);
  g_autofree char *shown = escape_underlines (label);
  GMenuItem *item = g_menu_item_new (shown, NULL);

  g_menu_item_set_action_and_target_value (item, "win.continue", g_variant_new_uint32 (index));
  return item;
}

/* Every game in progress, the most recent first; then each save set
 * aside, named, with no action. */
static GMenuModel *
games_menu_new (GPtrArray *games, GPtrArray *damaged)
{
  GMenu *menu = g_menu_new ();
  g_autoptr (GMenu) intact = g_menu_new ();
  g_autoptr (GMenu) set_aside = g_menu_new ();

  for (guint i = 0; i < games->len; i++)
    {
      g_autoptr (GMenuItem) item = game_item_new (g_ptr_array_index (games, i), i);

      g_menu_append_item (intact, item);
    }
  for (guint i = 0; i < damaged->len; i++)
    {
      g_autofree char *shown = escape_underlines (g_ptr_array_index (damaged, i));

      g_menu_append (set_aside, shown, NULL);
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (intact));
  if (damaged->len > 0)
    g_menu_append_section (menu, _("Could not be read, set aside"), G_MENU_MODEL (set_aside));
  return G_MENU_MODEL (menu);
}

/* The button continues the most recent game; the menu offers every one,
 * and names those set aside. */
static void
show_games (ArbWindow *self, GPtrArray *damaged)
{
  g_autoptr (GMenuModel) menu = games_menu_new (self->in_progress, damaged);

  gtk_widget_set_visible (self->continue_button, self->in_progress->len > 0);
  gtk_menu_button_set_menu_model (self->games_button, menu);
  gtk_widget_set_visible (GTK_WIDGET (self->games_button), self->in_progress->len > 1 || damaged->len > 0);
}

static void
on_listed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) damaged = NULL;
  g_autoptr (GPtrArray) games = arb_autosave_list_finish (result, &damaged, &error);
  ArbWindow *self;
  gboolean focus_first;

  /* Cancelled: the window is gone, or another list was asked for. */
  if (games == NULL)
    return;
  self = ARB_WINDOW (user_data);
  g_clear_object (&self->listing);
  g_clear_pointer (&self->in_progress, g_ptr_array_unref);
  self->in_progress = g_steal_pointer (&games);
  focus_first = gtk_root_get_focus (GTK_ROOT (self)) == self->welcome_new_game_button;
  show_games (self, damaged);
  if (focus_first)
    _arb_window_focus_welcome (self);
}

/* Reads the games in progress again for the welcome page. */
void
_arb_window_list_games_in_progress (ArbWindow *self)
{
  if (self->listing != NULL)
    g_cancellable_cancel (self->listing);
  g_clear_object (&self->listing);
  self->listing = g_cancellable_new ();
  arb_autosave_list_async (self->listing, on_listed, self);
}

void
_arb_window_stop_listing (ArbWindow *self)
{
  if (self->listing != NULL)
    g_cancellable_cancel (self->listing);
  g_clear_object (&self->listing);
  g_clear_pointer (&self->in_progress, g_ptr_array_unref);
}

static void
continue_action (GtkWidget *widget, const char *name, GVariant *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  guint index = g_variant_get_uint32 (param);
  g_autoptr (GError) error = NULL;

  if (self->in_progress == NULL || index >= self->in_progress->len)
    return;
  if (!arb_session_continue (self->session, g_ptr_array_index (self->in_progress, index), &error))
    {
      _arb_window_show_error (self, error);
      /* The welcome page no longer offers what is gone. */
      _arb_window_list_games_in_progress (self);
    }
}

void
_arb_window_class_add_continue (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, games_button);
  gtk_widget_class_install_action (widget_class, "win.continue", "u", continue_action);
}

/* The welcome page starts on what a player most likely wants: the most
 * recent game in progress if there is one, else a new game. */
void
_arb_window_focus_welcome (ArbWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "welcome") == 0)
    gtk_widget_grab_focus (gtk_widget_get_visible (self->continue_button) ? self->continue_button
                                                                         : self->welcome_new_game_button);
}
