/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-application.c: application-wide actions (new game, rules, about, quit)
 * and their accelerators; window actions live in arb-window.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-application.h"
#include "arb-card-widget.h"
#include "arb-preferences-window.h"
#include "arb-rules-window.h"
#include "arb-statistics-window.h"
#include "arb-window.h"

struct _ArbApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;  /* the Preferences that apply to every window */
  ArbStatistics  *statistics; /* every window's games, counted as they end */
};

G_DEFINE_FINAL_TYPE (ArbApplication, arb_application, ADW_TYPE_APPLICATION)

/* The keyboard shortcuts window is built the first time it is asked for,
 * not with every window: most games never open it, and parsing it took a
 * few milliseconds of the launch and a megabyte of memory. GTK would build
 * it at once from gtk/help-overlay.ui; it is stored elsewhere for that. */
static void
show_help_overlay (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (user_data);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/ui/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

/* win.show-help-overlay, which opens the shortcuts window of WINDOW.
 * Already there, it keeps GTK from adding its own. */
void
arb_application_add_shortcuts_action (GtkApplicationWindow *window)
{
  g_autoptr (GSimpleAction) help = g_simple_action_new ("show-help-overlay", NULL);

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));
  g_signal_connect_object (help, "activate", G_CALLBACK (show_help_overlay), window, 0);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (help));
}

/* The game window most recently active. The active window may be one of
 * its dialogs (the scores are an application window, for their actions):
 * a second launch, a file opened from Files or New Game go to the game
 * window under it, not to a second one. A hidden game window hosts a game
 * online in the background: only a launch (activate) brings it back, a
 * file or a new game never takes its place. */
static ArbWindow *
get_window (ArbApplication *self, gboolean background_first)
{
  GtkWindow *window;

  if (background_first)
    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
      if (ARB_IS_WINDOW (l->data) && !gtk_widget_get_visible (l->data))
        return ARB_WINDOW (l->data);
  /* Most recently active first. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (ARB_IS_WINDOW (l->data) && gtk_widget_get_visible (l->data))
      return ARB_WINDOW (l->data);
  window = GTK_WINDOW (arb_window_new (GTK_APPLICATION (self)));
  arb_application_add_shortcuts_action (GTK_APPLICATION_WINDOW (window));
  arb_statistics_watch (self->statistics, arb_window_get_session (ARB_WINDOW (window)));
  return ARB_WINDOW (window);
}

static void
new_game_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  ArbWindow *window = get_window (ARB_APPLICATION (user_data), FALSE);

  gtk_window_present (GTK_WINDOW (window));
  arb_window_show_new_game (window);
}

static void
rules_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  ArbRulesWindow *rules = arb_rules_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (rules), gtk_application_get_active_window (GTK_APPLICATION (user_data)));
  gtk_window_present (GTK_WINDOW (rules));
}

static void
about_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  static const char *developers[] = { "The Arboretum contributors", NULL };
  static const char *designers[] = { "Dan Cassar", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());

  g_object_set (about,
                "application-name", _("Arboretum"),
                "application-icon", APPLICATION_ID,
                "version", PACKAGE_VERSION,
                "developers", developers,
                "license-type", GTK_LICENSE_GPL_3_0,
                "website", PACKAGE_WEBSITE,
                "issue-url", PACKAGE_ISSUES,
                "comments", _("A card game of trees and paths, after the game by Dan Cassar. "
                              "Cards are drawn by the program."),
                /* Translators: put your names here, one per line. */
                "translator-credits", _("translator-credits"),
                NULL);
  adw_about_window_add_credit_section (about, _("Game Design"), designers);
  adw_about_window_add_legal_section (about, _("The Card Game"), NULL, GTK_LICENSE_CUSTOM,
                                      _("Arboretum is a card game designed by Dan Cassar and published by "
                                        "Renegade Game Studios. This program plays it by the publisher’s "
                                        "rules; it is not made or endorsed by the publisher."));
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  ArbApplication *self = ARB_APPLICATION (user_data);
  ArbPreferencesWindow *preferences = arb_preferences_window_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
statistics_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  ArbApplication *self = ARB_APPLICATION (user_data);
  ArbStatisticsWindow *statistics = arb_statistics_window_new (self->statistics);

  gtk_window_set_transient_for (GTK_WINDOW (statistics), gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (statistics));
}

/* Off, the animations are off whatever the desktop says; on, the desktop's
 * own setting (reduced motion) decides. */
static void
apply_animations (ArbApplication *self)
{
  GtkSettings *gtk = gtk_settings_get_default ();

  if (gtk == NULL)
    return;
  if (g_settings_get_boolean (self->settings, "animations"))
    gtk_settings_reset_property (gtk, "gtk-enable-animations");
  else
    g_object_set (gtk, "gtk-enable-animations", FALSE, NULL);
}

static void
apply_card_style (ArbApplication *self)
{
  g_autofree char *style = g_settings_get_string (self->settings, "card-style");

  arb_card_widget_set_show_names (g_strcmp0 (style, "plain") != 0);
}

/* Closing the windows, rather than quitting outright, lets a window with
 * unsaved moves ask first, and a window that hosts a game online whether
 * to keep hosting in the background (then the application goes on, held
 * by that window); the application ends with its last window. */
static void
quit_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  for (GList *l = windows; l != NULL; l = l->next)
    if (ARB_IS_WINDOW (l->data))
      gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_action, NULL, NULL, NULL, { 0 } },
  { "rules", rules_action, NULL, NULL, NULL, { 0 } },
  { "about", about_action, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_action, NULL, NULL, NULL, { 0 } },
  { "statistics", statistics_action, NULL, NULL, NULL, { 0 } },
  { "quit", quit_action, NULL, NULL, NULL, { 0 } },
};

static void
arb_application_startup (GApplication *app)
{
  ArbApplication *self = ARB_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "win.help", { "F1", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.take-back", { "<Control>z", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.toggle-side-panel", { "F9", NULL } },
    { "win.toggle-rights-panel", { "<Control>r", NULL } },
    { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
    { "win.zoom-out", { "<Control>minus", NULL } },
    { "win.zoom-reset", { "<Control>0", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.play-online", { "<Control><Shift>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.focus-hand", { "h", NULL } },
    { "win.focus-piles", { "p", NULL } },
    { "win.focus-arboretum", { "a", NULL } },
    { "win.focus-log", { "l", NULL } },
    { "win.read-next-arboretum", { "o", NULL } },
    { "win.read-arboretum(0)", { "1", "KP_1", NULL } },
    { "win.read-arboretum(1)", { "2", "KP_2", NULL } },
    { "win.read-arboretum(2)", { "3", "KP_3", NULL } },
    { "win.read-arboretum(3)", { "4", "KP_4", NULL } },
    { "win.situation", { "s", NULL } },
    { "win.discard-chosen", { "Delete", NULL } },
  };

  G_APPLICATION_CLASS (arb_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  self->settings = g_settings_new (SCHEMA_ID);
  g_signal_connect_swapped (self->settings, "changed::animations", G_CALLBACK (apply_animations), self);
  g_signal_connect_swapped (self->settings, "changed::card-style", G_CALLBACK (apply_card_style), self);
  apply_animations (self);
  apply_card_style (self);
  /* A file that cannot be read is set aside; the Statistics window says why. */
  self->statistics = arb_statistics_new (NULL);
  arb_statistics_load (self->statistics, NULL);
}

static void
arb_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (ARB_APPLICATION (app), TRUE)));
}

static void
arb_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  ArbWindow *window = get_window (ARB_APPLICATION (app), FALSE);

  gtk_window_present (GTK_WINDOW (window));
  /* One window plays one game: the first file is opened, after offering to
   * save a game with unsaved moves, as Open does; a file that cannot be
   * opened says why in the window. */
  if (n_files > 0)
    arb_window_open_file_interactive (window, files[0]);
}

/* What a launch asks, in this instance or handed over from another by
 * GApplication (G_APPLICATION_HANDLES_COMMAND_LINE): the files named, or
 * else the window. The launch that asked waits for this to return. */
static int
arb_application_command_line (GApplication *app, GApplicationCommandLine *cmdline)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto (GStrv) args = NULL;
  int argc = 0;

  args = g_application_command_line_get_arguments (cmdline, &argc);
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (files, g_application_command_line_create_file_for_arg (cmdline, args[i]));
  if (files->len > 0)
    g_application_open (app, (GFile **) files->pdata, (int) files->len, "");
  else
    g_application_activate (app);
  return 0;
}

/* A new launch must not hand itself to an instance that no longer answers:
 * the name on the session bus goes as soon as this one starts to shut
 * down, not once the process has ended, so that the next launch becomes
 * the primary instance itself. */
static void
arb_application_shutdown (GApplication *app)
{
  GDBusConnection *bus = g_application_get_dbus_connection (app);
  const char *id = g_application_get_application_id (app);

  if (bus != NULL && id != NULL && !(g_application_get_flags (app) & G_APPLICATION_NON_UNIQUE))
    {
      /* Waiting for the reply is the point: the name is free once it comes. */
      g_autoptr (GVariant) reply G_GNUC_UNUSED = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                                "org.freedesktop.DBus", "ReleaseName",
                                                                g_variant_new ("(s)", id), G_VARIANT_TYPE ("(u)"),
                                                                G_DBUS_CALL_FLAGS_NONE, 1000, NULL, NULL);
    }
  g_clear_object (&ARB_APPLICATION (app)->settings);
  g_clear_object (&ARB_APPLICATION (app)->statistics);
  G_APPLICATION_CLASS (arb_application_parent_class)->shutdown (app);
}

/* --version is answered here, in the launching process: no display, no
 * session bus, no window. */
static int
arb_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("arboretum %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static void
arb_application_class_init (ArbApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->handle_local_options = arb_application_handle_local_options;

  app_class->startup = arb_application_startup;
  app_class->shutdown = arb_application_shutdown;
  app_class->activate = arb_application_activate;
  app_class->open = arb_application_open;
  app_class->command_line = arb_application_command_line;
}

static void
arb_application_init (ArbApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
      N_("Show the version of the game and quit"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  /* TRANSLATORS: in "arboretum --help": the save games to open. */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
}

ArbApplication *
arb_application_new (void)
{
  return g_object_new (ARB_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}

/* ---- launching ------------------------------------------------------------ */

/* While a launch is handed to the running instance, what GApplication
 * says when that instance ends before it answers is for the log: the
 * launch tries again and gives its window all the same. */
static void
printerr_to_debug (const char *text)
{
  g_debug ("%s", text);
}

/* Runs the game as main() would run g_application_run(), except that a
 * launch always gives a window, whatever the previous instance is doing.
 * A launch that finds an instance hands itself to it (GApplication's
 * command line, which waits for the answer); when none comes (it is
 * quitting or was killed), or registering on the session bus fails
 * ("NoReply": the instance found went away while asked), it tries once
 * more, the name being free by then, and else runs as an instance of its
 * own (non-unique). */
int
arb_application_launch (int argc, char *argv[])
{
  gboolean options = FALSE;

  /* As g_application_run() does, before startup needs it. */
  if (g_get_prgname () == NULL && argc > 0)
    {
      g_autofree char *prgname = g_path_get_basename (argv[0]);
      g_set_prgname (prgname);
    }
  /* Options (--help, --version) are left to GApplication, with no bus. */
  for (int i = 1; i < argc; i++)
    options |= argv[i][0] == '-';

  for (guint attempt = 0; ; attempt++)
    {
      g_autoptr (ArbApplication) app = arb_application_new ();
      GApplication *gapp = G_APPLICATION (app);
      g_autoptr (GError) error = NULL;
      GPrintFunc printerr = NULL;
      gboolean remote;
      int status;

      if (options)
        return g_application_run (gapp, argc, argv);
      if (attempt == 2)
        {
          g_application_set_flags (gapp, g_application_get_flags (gapp) | G_APPLICATION_NON_UNIQUE);
          return g_application_run (gapp, argc, argv);
        }
      if (!g_application_register (gapp, NULL, &error))
        {
          g_debug ("Registering failed: %s", error->message);
          continue;
        }
      remote = g_application_get_is_remote (gapp);
      if (remote)
        printerr = g_set_printerr_handler (printerr_to_debug);
      status = g_application_run (gapp, argc, argv);
      if (!remote)
        return status;
      g_set_printerr_handler (printerr);
      /* The instance's command_line () answers 0; anything else means that
       * it went away before it answered. */
      if (status == 0)
        return 0;
      g_debug ("The running instance did not answer the launch");
    }
}
