/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-a11y.c: every button, and every widget that takes the focus,
 * has a name a screen reader can say, in every main state of the window:
 * the welcome page, games in progress of every size and solo, the cover
 * between two people, the score sheet of each rule set, a replay, the New
 * Game and Play Online dialogs and the preferences (issue 31). A name is
 * never empty and never the name of a class ("GtkButton"), which is what
 * GTK 4.8 says of an object it finds no name for.
 *
 * Every widget is read, shown or not yet shown: a button of a chapter the
 * score sheet tells later has its name from the start, so that what this
 * test sees does not depend on how fast the machine is.
 *
 * GTK 4.8 has no call that gives an accessible name. Its test backend
 * (GTK_A11Y=test) holds what the name is made of, the label property and
 * the labelled-by relation, and this test puts them together as GTK 4.8's
 * AT-SPI backend does (gtk_at_context_get_name ()). */
#include "config.h"

#include "arb-test-window.h"
#include "arb-test-redeal.h"

#include "arb-online-dialog.h"
#include "arb-preferences-window.h"

/* ---- the name, as GTK 4.8 makes it ---------------------------------------- */

/* The value of a string property of accessible, or NULL if unset. The test
 * backend has no getter, but says what it holds when it differs from what
 * it is asked about, and no name is this one character. */
static char *
dup_property (GtkAccessible *accessible, GtkAccessibleProperty property)
{
  if (!gtk_test_accessible_has_property (accessible, property))
    return NULL;
  return gtk_test_accessible_check_property (accessible, property, "\x01");
}

static gboolean
is_hidden (GtkAccessible *accessible)
{
  g_autofree char *differs = NULL;

  if (!gtk_test_accessible_has_state (accessible, GTK_ACCESSIBLE_STATE_HIDDEN))
    return FALSE;
  differs = gtk_test_accessible_check_state (accessible, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE);
  return differs == NULL;
}

/* The widget under root that accessible is labelled by, alone. */
static GtkWidget *
find_labeller (GtkWidget *root, GtkAccessible *accessible)
{
  g_autofree char *differs = gtk_test_accessible_check_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                                                 root, NULL);

  if (differs == NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labeller (child, accessible);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Roles that GTK 4.8 does not call after their class when they have no
 * name: containers. */
static gboolean
is_structural (GtkAccessibleRole role)
{
  switch ((int) role)
    {
    case GTK_ACCESSIBLE_ROLE_FORM:
    case GTK_ACCESSIBLE_ROLE_GROUP:
    case GTK_ACCESSIBLE_ROLE_GENERIC:
    case GTK_ACCESSIBLE_ROLE_LANDMARK:
    case GTK_ACCESSIBLE_ROLE_LIST_ITEM:
    case GTK_ACCESSIBLE_ROLE_REGION:
    case GTK_ACCESSIBLE_ROLE_SEARCH:
    case GTK_ACCESSIBLE_ROLE_SEPARATOR:
      return TRUE;
    default:
      return FALSE;
    }
}

/* gtk_at_context_get_name_accumulate () of GTK 4.8: the label, then the
 * names of what labels it (one level deep), the value of a range; a
 * widget left out has no name of its own; else a widget that is not a
 * container is called after its class. */
static void
accumulate_name (GtkWidget *widget, gboolean recurse, GPtrArray *names)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (widget);
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (accessible);
  char *label = dup_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);

  if (label != NULL)
    g_ptr_array_add (names, label);
  if (recurse && gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    {
      GtkWidget *labeller = find_labeller (GTK_WIDGET (gtk_widget_get_root (widget)), accessible);

      /* A list of several is not read here: the test says so rather than
       * guess. */
      g_assert_nonnull (labeller);
      accumulate_name (labeller, FALSE, names);
    }
  if (role == GTK_ACCESSIBLE_ROLE_RANGE)
    {
      char *value = dup_property (accessible, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT);

      if (value != NULL)
        g_ptr_array_add (names, value);
    }
  if (is_hidden (accessible) || names->len > 0)
    return;
  if (!is_structural (role))
    g_ptr_array_add (names, g_strdup (G_OBJECT_TYPE_NAME (widget)));
}

static char *
dup_name (GtkWidget *widget)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  accumulate_name (widget, TRUE, names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* ---- what must have a name -------------------------------------------------- */

/* A name that is a class's: "GtkButton", "AdwEntryRow", "ArbTable". */
static gboolean
is_class_name (const char *name)
{
  if ((g_str_has_prefix (name, "Gtk") || g_str_has_prefix (name, "Adw") || g_str_has_prefix (name, "Arb"))
      && g_ascii_isupper (name[3]))
    return TRUE;
  return g_type_from_name (name) != 0;
}

/* What a person acts on: buttons and their kin, and whatever else the
 * keyboard reaches (focusable, under no widget that keeps the focus from
 * what it holds) but a container: a scrolled window takes the focus only
 * to scroll what it holds, a list only to give it to its rows, which
 * speak for themselves. */
static gboolean
is_acted_on (GtkWidget *widget, gboolean reached)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  switch ((int) role)
    {
    case GTK_ACCESSIBLE_ROLE_BUTTON:
    case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_RADIO:
    case GTK_ACCESSIBLE_ROLE_SWITCH:
    case GTK_ACCESSIBLE_ROLE_LINK:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO:
    case GTK_ACCESSIBLE_ROLE_TAB:
    case GTK_ACCESSIBLE_ROLE_COMBO_BOX:
    case GTK_ACCESSIBLE_ROLE_SLIDER:
    case GTK_ACCESSIBLE_ROLE_SPIN_BUTTON:
    case GTK_ACCESSIBLE_ROLE_TEXT_BOX:
    case GTK_ACCESSIBLE_ROLE_SEARCH_BOX:
      return TRUE;
    case GTK_ACCESSIBLE_ROLE_NONE:
    case GTK_ACCESSIBLE_ROLE_PRESENTATION:
    case GTK_ACCESSIBLE_ROLE_LIST:
    case GTK_ACCESSIBLE_ROLE_GRID:
    case GTK_ACCESSIBLE_ROLE_TREE:
      return FALSE;
    default:
      return reached && gtk_widget_get_focusable (widget) && !is_structural (role);
    }
}

/* Where widget is, for the failure: its class and style classes, what it
 * shows, and the classes of its parents up to its window. */
static char *
describe_widget (GtkWidget *widget)
{
  GString *out = g_string_new (G_OBJECT_TYPE_NAME (widget));
  g_auto (GStrv) classes = gtk_widget_get_css_classes (widget);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  for (guint i = 0; classes[i] != NULL; i++)
    g_string_append_printf (out, ".%s", classes[i]);
  arb_test_find_type (widget, GTK_TYPE_LABEL, labels);
  if (labels->len > 0)
    g_string_append_printf (out, " showing '%s'", gtk_label_get_text (labels->pdata[0]));
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    g_string_append_printf (out, " in %s", G_OBJECT_TYPE_NAME (up));
  return g_string_free (out, FALSE);
}

/* Adds to faults a line for every widget under widget (itself too) that
 * a person acts on and that has no name or a class's, shown or not yet
 * (its name comes with it); and, if check_shown, for every other one that
 * a screen reader finds now (presented: shown, not left out) and would
 * call after its class. A label's name is its text, given when it is
 * shown: it counts only when presented. */
static void
collect_unnamed (GtkWidget *widget, gboolean check_shown, gboolean presented, gboolean reached, GString *faults)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  presented = presented && gtk_widget_get_visible (widget) && !is_hidden (GTK_ACCESSIBLE (widget));
  reached = reached && gtk_widget_get_can_focus (widget);
  if (role != GTK_ACCESSIBLE_ROLE_NONE && role != GTK_ACCESSIBLE_ROLE_PRESENTATION
      && (presented || !GTK_IS_LABEL (widget)))
    {
      g_autofree char *name = dup_name (widget);
      /* A scrolled pane shown says what it holds, a screen reader's way in (issue 35). */
      gboolean acted_on = is_acted_on (widget, reached) || (GTK_IS_SCROLLED_WINDOW (widget) && presented);

      if ((acted_on && name[0] == '\0') || ((acted_on || (check_shown && presented)) && is_class_name (name)))
        {
          g_autofree char *where = describe_widget (widget);
          g_string_append_printf (faults, "  %s named '%s': %s\n", acted_on ? "acted on" : "shown", name, where);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_unnamed (child, check_shown, presented, reached, faults);
}

/* The window and every window over it have names for all a person acts
 * on, shown or not. In the game's own windows, the main window and the
 * score sheet, nothing shown is called after its class either; the
 * dialogs are libadwaita's rows, whose decorations (arrows, icons) GTK
 * 4.8 still calls so. */
static void
assert_all_named (ArbWindow *window, const char *state)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */
  g_autoptr (GString) faults = g_string_new (NULL);
  guint n_windows = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      gboolean own = ARB_IS_WINDOW (toplevel) || ARB_IS_SCORE_DIALOG (toplevel);

      if (toplevel == GTK_WINDOW (window) || gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        {
          collect_unnamed (GTK_WIDGET (toplevel), own, TRUE, TRUE, faults);
          n_windows++;
        }
    }
  g_assert_cmpuint (n_windows, >, 0);
  if (faults->len > 0)
    g_test_fail_printf ("%s: what a screen reader would say of these:\n%s", state, faults->str);
  else
    g_test_message ("%s: %u windows, every name said", state, n_windows);
}

/* ---- the states ------------------------------------------------------------- */

static ArbWindow *
new_shown_window (void)
{
  ArbWindow *window = arb_test_new_window ();

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

typedef struct {
  ArbWindow *window;
  guint      n_steps;
} StepsWanted;

static gboolean
steps_reached (StepsWanted *wanted)
{
  return arb_game_get_n_steps (arb_test_game (wanted->window)) >= wanted->n_steps;
}

/* The person at the screen draws a card, from where the rules let them. */
static void
person_draws (ArbWindow *window)
{
  ArbGame *game = arb_test_game (window);
  StepsWanted wanted = { window, arb_game_get_n_steps (game) + 1 };
  gint8 sources[ARB_MAX_PLAYERS + 1];

  g_assert_cmpuint (arb_state_legal_sources (arb_game_get_state (game), sources), >, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.draw", "i", (int) sources[0]);
  arb_test_wait_until ("the card drawn", steps_reached, &wanted);
}

static gboolean
score_sheet_shown (ArbWindow *window)
{
  return arb_test_score_dialog (window) != NULL;
}

static gboolean
on_cover (ArbWindow *window)
{
  return g_strcmp0 (arb_test_page (window), "cover") == 0;
}

static void
test_welcome (void)
{
  ArbWindow *window = new_shown_window ();

  g_assert_cmpstr (arb_test_page (window), ==, "welcome");
  assert_all_named (window, "the welcome page");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game against computers, at the person's first turn: the deck and the
 * piles, then the hand with a card chosen and the free places offered
 * for it. */
static void
test_game_in_progress (gconstpointer spec)
{
  ArbWindow *window = new_shown_window ();
  g_autoptr (GError) error = NULL;
  GtkWidget *card;

  g_assert_true (arb_window_start_from_spec (window, spec, 31, &error));
  g_assert_no_error (error);
  arb_test_wait_until ("the person's turn", arb_test_settled, window);
  assert_all_named (window, "a turn starts");
  person_draws (window);
  person_draws (window);
  card = arb_hand_view_get_card_button (arb_table_get_hand_view (arb_test_table (window)),
                                        arb_card_set_nth (&arb_game_get_state (arb_test_game (window))->hands[0], 0));
  gtk_widget_activate (card);
  arb_test_wait_until ("a card of the hand chosen", arb_test_any_card_selected, window);
  assert_all_named (window, "a card to plant");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two people at one screen: the cover hides the hand of the one to come. */
static void
test_cover (void)
{
  ArbWindow *window = new_shown_window ();
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_window_start_from_spec (window, "standard:2:person,person", 31, &error));
  g_assert_no_error (error);
  arb_test_wait_until ("the cover", on_cover, window);
  assert_all_named (window, "the cover between two people");
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  ArbVariant variant;
  guint      seats;
} RuleSet;

static const RuleSet standard = { ARB_VARIANT_STANDARD, 3 };
static const RuleSet classic = { ARB_VARIANT_CLASSIC, 2 };
static const RuleSet solo = { ARB_VARIANT_SOLO, 1 };

/* A finished game of that rule set in a window, its score sheet shown,
 * with paths scored: the sheet has buttons for them. */
static ArbWindow *
show_score_sheet (const RuleSet *rules)
{
  ArbWindow *window = new_shown_window ();
  g_autoptr (ArbGame) game = arb_test_random_legal_game (rules->variant, rules->seats, 31);
  ArbScoreSheet sheet;
  guint scored = 0;

  arb_state_score (arb_game_get_state (game), &sheet);
  for (guint p = 0; p < sheet.n_players; p++)
    for (guint s = 0; s < ARB_N_SPECIES; s++)
      scored += sheet.players[p].species[s].points > 0;
  g_assert_cmpuint (scored, >, 0);
  arb_window_set_game (window, game);
  arb_test_wait_until ("the score sheet", score_sheet_shown, window);
  return window;
}

static void
test_score_sheet (gconstpointer rules)
{
  ArbWindow *window = show_score_sheet (rules);

  assert_all_named (window, "the score sheet");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
replaying (ArbWindow *window)
{
  return arb_test_score_dialog (window) == NULL && arb_test_replay (window) != NULL;
}

static void
test_replay (void)
{
  ArbWindow *window = show_score_sheet (&standard);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL);
  arb_test_wait_until ("the replay, the score sheet closed", replaying, window);
  assert_all_named (window, "a replay");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-next", NULL);
  assert_all_named (window, "a replay, a step on");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_game_dialog (void)
{
  ArbWindow *window = new_shown_window ();

  arb_window_show_new_game (window);
  g_assert_nonnull (arb_test_find_new_game_dialog ());
  assert_all_named (window, "the New Game dialog");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Both faces of Play Online: hosting a game and joining one. */
static void
test_play_online (void)
{
  ArbWindow *window = new_shown_window ();
  ArbOnlineDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL);
  dialog = arb_test_find_toplevel (ARB_TYPE_ONLINE_DIALOG);
  g_assert_nonnull (dialog);
  arb_online_dialog_set_hosting (dialog, TRUE);
  assert_all_named (window, "Play Online, hosting");
  arb_online_dialog_set_hosting (dialog, FALSE);
  assert_all_named (window, "Play Online, joining");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_preferences (void)
{
  ArbWindow *window = new_shown_window ();
  g_autoptr (GSettings) settings = g_settings_new (SCHEMA_ID);
  ArbPreferencesWindow *preferences = arb_preferences_window_new (settings);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));
  assert_all_named (window, "the preferences");
  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  /* GTK's test backend keeps what the names are made of. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window-a11y/welcome", test_welcome);
  g_test_add_data_func ("/window-a11y/game/2-players", "standard:2", test_game_in_progress);
  g_test_add_data_func ("/window-a11y/game/3-players", "standard:3", test_game_in_progress);
  g_test_add_data_func ("/window-a11y/game/4-players", "classic:4", test_game_in_progress);
  g_test_add_data_func ("/window-a11y/game/solo", "solo:1", test_game_in_progress);
  g_test_add_func ("/window-a11y/cover", test_cover);
  g_test_add_data_func ("/window-a11y/score-sheet/standard", &standard, test_score_sheet);
  g_test_add_data_func ("/window-a11y/score-sheet/classic", &classic, test_score_sheet);
  g_test_add_data_func ("/window-a11y/score-sheet/solo", &solo, test_score_sheet);
  g_test_add_func ("/window-a11y/replay", test_replay);
  g_test_add_func ("/window-a11y/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/window-a11y/play-online", test_play_online);
  g_test_add_func ("/window-a11y/preferences", test_preferences);
  return g_test_run ();
}
