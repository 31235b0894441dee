/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-new-game-dialog.c: the rule set, who sits at each seat, and the species.
 *
 * The choices are kept in GSettings so the next game starts as the last one.
 * The engine checks the combination (arb_game_new); this dialog only offers
 * what it knows: the number of seats per rule set and the computer levels the
 * engine recognises.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-accessible.h"
#include "arb-net-protocol.h"
#include "arb-new-game-dialog.h"

struct _ArbNewGameDialog
{
  AdwWindow        parent_instance;

  AdwComboRow     *variant_row;
  AdwComboRow     *seats_row;
  AdwPreferencesGroup *players_group;
  AdwExpanderRow  *species_row;
  GtkButton       *start_button;

  GSettings       *settings;
  AdwEntryRow     *name_rows[ARB_MAX_PLAYERS];
  AdwComboRow     *who_rows[ARB_MAX_PLAYERS];
  GtkCheckButton  *species_checks[ARB_N_SPECIES];
  GPtrArray       *who_ids; /* "person", then the computer levels */
};

G_DEFINE_FINAL_TYPE (ArbNewGameDialog, arb_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  GAME_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const ArbVariant variants[] = { ARB_VARIANT_STANDARD, ARB_VARIANT_CLASSIC, ARB_VARIANT_SOLO };

/* The levels a computer player may have, strongest last; only those the
 * engine knows are offered. */
static const struct {
  const char *id;
  const char *label;
} computer_levels[] = {
  /* Translators: a computer that plays at random. */
  { "random", N_("Computer: beginner") },
  { "easy",   N_("Computer: easy") },
  { "medium", N_("Computer: medium") },
  { "hard",   N_("Computer: hard") },
  { "expert", N_("Computer: expert") },
};

/* ---- a combo row's list, each choice whole ----------------------------------
 * libadwaita's own list cuts a choice after 20 characters ("Règles
 * classiques (20…"); this one shows it whole, with the check mark of the
 * chosen one. */

static void
show_check (GtkListItem *item, GParamSpec *pspec, AdwComboRow *row)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, adw_combo_row_get_selected (row) == gtk_list_item_get_position (item));
}

static void
on_choice_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
on_choice_bind (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));

  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (gtk_list_item_get_item (item)));
  show_check (item, NULL, row);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (show_check), item, G_CONNECT_SWAPPED);
}

static void
on_choice_unbind (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  g_signal_handlers_disconnect_by_data (row, item);
}

/* The choice shown in the row itself, whole too. */
static void
on_shown_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_list_item_set_child (item, label);
}

static void
on_shown_bind (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static void
show_whole_choices (AdwComboRow *row)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *shown = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_choice_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_choice_bind), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_choice_unbind), row);
  g_signal_connect (shown, "setup", G_CALLBACK (on_shown_setup), NULL);
  g_signal_connect (shown, "bind", G_CALLBACK (on_shown_bind), NULL);
  /* The row shows the chosen one with the first; its list has its own. */
  adw_combo_row_set_factory (row, shown);
  adw_combo_row_set_list_factory (row, factory);
  g_object_unref (shown);
  g_object_unref (factory);
}

/* The smallest number of seats the Players row offers: that of the
 * standard rules, whose range the classic rules share. */
static guint
first_seat_choice (void)
{
  guint min, max;

  arb_rules_seat_range (ARB_VARIANT_STANDARD, &min, &max);
  return min;
}

static ArbVariant
chosen_variant (ArbNewGameDialog *self)
{
  return variants[MIN (adw_combo_row_get_selected (self->variant_row), G_N_ELEMENTS (variants) - 1)];
}

/* The seats of a game of the chosen rule set, as the engine counts them;
 * the row offers those of the rule sets with more than one. */
static guint
chosen_seats (ArbNewGameDialog *self)
{
  guint min, max;

  arb_rules_seat_range (chosen_variant (self), &min, &max);
  return CLAMP (first_seat_choice () + adw_combo_row_get_selected (self->seats_row), min, max);
}

static guint
chosen_species (ArbNewGameDialog *self, ArbSpeciesMask *mask)
{
  guint n = 0;

  *mask = 0;
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    if (gtk_check_button_get_active (self->species_checks[s]))
      {
        *mask |= (ArbSpeciesMask) (1u << s);
        n++;
      }
  return n;
}

/* The note on covering the screen matters only when two people share it. */
static void
update_seats_note (ArbNewGameDialog *self, ArbVariant variant, guint seats)
{
  guint people = 0;

  for (guint i = 0; i < seats && !arb_rules_has_automaton (variant); i++)
    if (g_strcmp0 (g_ptr_array_index (self->who_ids, adw_combo_row_get_selected (self->who_rows[i])), "person") == 0)
      people++;
  if (seats < 2)
    adw_preferences_group_set_description (self->players_group, NULL);
  else if (people < 2)
    adw_preferences_group_set_description (self->players_group, _("The first seat plays first."));
  else
    adw_preferences_group_set_description (self->players_group,
                                           _("The first seat plays first. Between two people’s turns the screen is covered."));
}

static void
update_rows (ArbNewGameDialog *self)
{
  ArbVariant variant = chosen_variant (self);
  guint seats = chosen_seats (self);
  guint wanted = arb_rules_species_count (variant, seats);
  gboolean choose = adw_expander_row_get_enable_expansion (self->species_row);
  ArbSpeciesMask mask;
  guint n = chosen_species (self, &mask);
  g_autofree char *subtitle = NULL;

  {
    guint min, max;

    /* A rule set of one seat (solo) has nothing to choose. */
    arb_rules_seat_range (variant, &min, &max);
    gtk_widget_set_visible (GTK_WIDGET (self->seats_row), min < max);
  }
  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->name_rows[i]), i < seats);
      gtk_widget_set_visible (GTK_WIDGET (self->who_rows[i]), i < seats && !arb_rules_has_automaton (variant));
    }
  update_seats_note (self, variant, seats);
  if (choose)
    {
      /* Translators: how many species are ticked, in “Choose 6 species (2 chosen)”. */
      g_autofree char *chosen = g_strdup_printf (ngettext ("%u chosen", "%u chosen", n), n);
      /* Translators: how many species the players must tick; %s is “2 chosen”. */
      subtitle = g_strdup_printf (ngettext ("Choose %u species (%s)", "Choose %u species (%s)", wanted),
                                  wanted, chosen);
    }
  else
    subtitle = g_strdup_printf (ngettext ("%u species, chosen at random", "%u species, chosen at random",
                                          wanted), wanted);
  adw_expander_row_set_subtitle (self->species_row, subtitle);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), !choose || n == wanted);
}

static void
on_changed (ArbNewGameDialog *self)
{
  update_rows (self);
}

/* Choosing the species starts from as many as the game takes, the first
 * ones in the rulebook's order, rather than from none: a player changes a
 * few rather than counts up to ten. */
static void
on_species_choice_switched (ArbNewGameDialog *self)
{
  guint wanted = arb_rules_species_count (chosen_variant (self), chosen_seats (self));
  ArbSpeciesMask mask;

  if (adw_expander_row_get_enable_expansion (self->species_row) && chosen_species (self, &mask) == 0)
    for (guint s = 0; s < MIN (wanted, ARB_N_SPECIES); s++)
      gtk_check_button_set_active (self->species_checks[s], TRUE);
  update_rows (self);
}

/* The numbers of players the engine allows, for the Players row. */
static void
add_seat_choices (ArbNewGameDialog *self)
{
  GtkStringList *choices = gtk_string_list_new (NULL);
  guint min, max;

  arb_rules_seat_range (ARB_VARIANT_STANDARD, &min, &max);
  for (guint n = min; n <= max; n++)
    {
      g_autofree char *text = g_strdup_printf ("%u", n);
      gtk_string_list_append (choices, text);
    }
  adw_combo_row_set_model (self->seats_row, G_LIST_MODEL (choices));
  g_object_unref (choices);
}

static void
add_seat_rows (ArbNewGameDialog *self)
{
  GtkStringList *who = gtk_string_list_new (NULL);
  ArbAiLevel level;

  self->who_ids = g_ptr_array_new ();
  g_ptr_array_add (self->who_ids, (gpointer) "person");
  gtk_string_list_append (who, _("Person"));
  for (guint i = 0; i < G_N_ELEMENTS (computer_levels); i++)
    if (arb_ai_level_from_id (computer_levels[i].id, &level))
      {
        g_ptr_array_add (self->who_ids, (gpointer) computer_levels[i].id);
        gtk_string_list_append (who, _(computer_levels[i].label));
      }

  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    {
      /* Translators: the title of the name row of a seat: "Seat 1". */
      g_autofree char *title = g_strdup_printf (_("Seat %u"), i + 1);

      self->name_rows[i] = ADW_ENTRY_ROW (adw_entry_row_new ());
      /* Enter ends the editing of a name; it does not start the game
       * before the other rows have been looked at. */
      adw_entry_row_set_activates_default (self->name_rows[i], FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_rows[i]), title);
      adw_preferences_group_add (self->players_group, GTK_WIDGET (self->name_rows[i]));

      self->who_rows[i] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->who_rows[i]), _("Played by"));
      adw_combo_row_set_model (self->who_rows[i], G_LIST_MODEL (who));
      g_signal_connect_swapped (self->who_rows[i], "notify::selected", G_CALLBACK (on_changed), self);
      show_whole_choices (self->who_rows[i]);
      {
        /* Translators: which seat a "Played by" choice sets, for a screen reader; its value follows. */
        g_autofree char *what = g_strdup_printf (_("Seat %u, played by"), i + 1);
        arb_accessible_name_combo_row (self->who_rows[i], what);
      }
      adw_preferences_group_add (self->players_group, GTK_WIDGET (self->who_rows[i]));
    }
  g_object_unref (who);
}

static void
add_species_rows (ArbNewGameDialog *self)
{
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), arb_species_name ((ArbSpecies) s));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_changed), self);
      self->species_checks[s] = GTK_CHECK_BUTTON (check);
      adw_expander_row_add_row (self->species_row, row);
    }
}

/* The name a seat gets unless the player gives one, in the player's
 * language: the user's own name for the first seat, "Player 2" and so on. */
static char *
default_seat_name (guint i)
{
  const char *real_name = g_get_real_name ();

  if (i > 0)
    return g_strdup_printf (_("Player %u"), i + 1);
  if (*real_name == '\0' || g_strcmp0 (real_name, "Unknown") == 0)
    return g_strdup (_("You"));
  return g_strdup (real_name);
}

/* A name the settings keep, or NULL for the default: an empty string, or
 * the English default that earlier versions stored, which would show
 * as "Pile de Player 2" to a French player ("You" for a first seat whose
 * user has no real name, "Player 2" for the others). Anyone may have written the
 * settings: a name is cut to the length a table online takes, so that a
 * name of 100,000 characters never reaches the game and its views. */
static char *
stored_seat_name (GStrv names, guint i)
{
  g_autofree char *old_default = g_strdup_printf ("Player %u", i + 1);
  const char *end;

  if (i >= g_strv_length (names) || *names[i] == '\0' || g_str_equal (names[i], old_default)
      || (i == 0 && g_str_equal (names[i], "You")))
    return NULL;
  end = names[i];
  for (guint n = 0; *end != '\0' && n < ARB_NET_MAX_NAME; n++)
    end = g_utf8_next_char (end);
  return g_strndup (names[i], end - names[i]);
}

static void
load_settings (ArbNewGameDialog *self)
{
  g_autofree char *variant_id = g_settings_get_string (self->settings, "variant");
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "seat-names");
  g_auto (GStrv) who = g_settings_get_strv (self->settings, "seat-players");
  ArbVariant variant = ARB_VARIANT_STANDARD;

  arb_variant_from_id (variant_id, &variant);
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    if (variants[i] == variant)
      adw_combo_row_set_selected (self->variant_row, i);
  {
    guint min, max;

    arb_rules_seat_range (ARB_VARIANT_STANDARD, &min, &max);
    adw_combo_row_set_selected (self->seats_row, CLAMP (g_settings_get_uint (self->settings, "seats"), min, max) - min);
  }

  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    {
      const char *id = i < g_strv_length (who) ? who[i] : (i == 0 ? "person" : "medium");
      g_autofree char *fallback = default_seat_name (i);
      g_autofree char *name = stored_seat_name (names, i);

      gtk_editable_set_text (GTK_EDITABLE (self->name_rows[i]), name != NULL ? name : fallback);
      adw_combo_row_set_selected (self->who_rows[i], i == 0 ? 0 : 1);
      for (guint k = 0; k < self->who_ids->len; k++)
        if (g_strcmp0 (g_ptr_array_index (self->who_ids, k), id) == 0)
          adw_combo_row_set_selected (self->who_rows[i], k);
    }
}

/* Remembers the choices. A name left at its default is kept as "", so that
 * it follows the player's language the next time. */
static void
save_settings (ArbNewGameDialog *self)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) who = g_strv_builder_new ();
  g_auto (GStrv) names_v = NULL;
  g_auto (GStrv) who_v = NULL;

  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    {
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_rows[i]));
      g_autofree char *fallback = default_seat_name (i);

      g_strv_builder_add (names, g_str_equal (name, fallback) ? "" : name);
      g_strv_builder_add (who, g_ptr_array_index (self->who_ids, adw_combo_row_get_selected (self->who_rows[i])));
    }
  names_v = g_strv_builder_end (names);
  who_v = g_strv_builder_end (who);
  g_settings_set_string (self->settings, "variant", arb_variant_id (chosen_variant (self)));
  if (!arb_rules_has_automaton (chosen_variant (self)))
    g_settings_set_uint (self->settings, "seats", chosen_seats (self));
  g_settings_set_strv (self->settings, "seat-names", (const char * const *) names_v);
  g_settings_set_strv (self->settings, "seat-players", (const char * const *) who_v);
}

/* Creates the game the dialog describes, dealt from the system's
 * cryptographic source (no seed tells its cards), and remembers the
 * choices. */
ArbGame *
arb_new_game_dialog_start (ArbNewGameDialog *self, GError **error)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  ArbVariant variant = chosen_variant (self);
  ArbSpeciesMask mask = 0;

  g_return_val_if_fail (ARB_IS_NEW_GAME_DIALOG (self), NULL);
  for (guint i = 0; i < chosen_seats (self); i++)
    {
      const char *id = g_ptr_array_index (self->who_ids, adw_combo_row_get_selected (self->who_rows[i]));
      gboolean person = arb_rules_has_automaton (variant) || g_strcmp0 (id, "person") == 0;
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_rows[i]));
      g_autofree char *fallback = default_seat_name (i);

      g_ptr_array_add (players, arb_player_new (*name ? name : fallback,
                                                person ? ARB_PLAYER_PERSON : ARB_PLAYER_COMPUTER,
                                                person ? NULL : id));
    }
  if (adw_expander_row_get_enable_expansion (self->species_row))
    chosen_species (self, &mask);
  save_settings (self);
  return arb_game_new_unseeded (variant, players, mask, error);
}

static void
on_start_clicked (ArbNewGameDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = arb_new_game_dialog_start (self, &error);

  if (game == NULL)
    {
      adw_expander_row_set_subtitle (self->species_row, error->message);
      return;
    }
  g_signal_emit (self, signals[GAME_CREATED], 0, game);
  gtk_window_close (GTK_WINDOW (self));
}

static void
arb_new_game_dialog_dispose (GObject *object)
{
  ArbNewGameDialog *self = ARB_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->who_ids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (arb_new_game_dialog_parent_class)->dispose (object);
}

/* Focus starts on Start, not on the first control (Cancel): Enter starts
 * the game as it was set up the last time. GtkWindow picks its first focus
 * when it is mapped, so this comes after. */
static void
arb_new_game_dialog_map (GtkWidget *widget)
{
  ArbNewGameDialog *self = ARB_NEW_GAME_DIALOG (widget);

  GTK_WIDGET_CLASS (arb_new_game_dialog_parent_class)->map (widget);
  gtk_widget_grab_focus (GTK_WIDGET (self->start_button));
}

static void
arb_new_game_dialog_class_init (ArbNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_new_game_dialog_dispose;
  widget_class->map = arb_new_game_dialog_map;

  /* (game): the new game, dealt. */
  signals[GAME_CREATED] =
    g_signal_new ("game-created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, ARB_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, ArbNewGameDialog, seats_row);
  gtk_widget_class_bind_template_child (widget_class, ArbNewGameDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, ArbNewGameDialog, species_row);
  gtk_widget_class_bind_template_child (widget_class, ArbNewGameDialog, start_button);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_new_game_dialog_init (ArbNewGameDialog *self)
{
  GtkStringList *variant_names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    gtk_string_list_append (variant_names, arb_variant_name (variants[i]));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variant_names));
  show_whole_choices (self->variant_row);
  g_object_unref (variant_names);
  add_seat_choices (self);
  add_seat_rows (self);
  add_species_rows (self);
  arb_accessible_name_buttons (GTK_WIDGET (self));
  arb_accessible_name_combo_row (self->variant_row,
                                 adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->variant_row)));
  arb_accessible_name_combo_row (self->seats_row,
                                 adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->seats_row)));
}

ArbNewGameDialog *
arb_new_game_dialog_new (GSettings *settings)
{
  ArbNewGameDialog *self = g_object_new (ARB_TYPE_NEW_GAME_DIALOG, NULL);

  self->settings = g_object_ref (settings);
  load_settings (self);
  g_signal_connect_swapped (self->variant_row, "notify::selected", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (self->seats_row, "notify::selected", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (self->species_row, "notify::enable-expansion", G_CALLBACK (on_species_choice_switched),
                            self);
  update_rows (self);
  return self;
}
