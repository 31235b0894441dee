/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-application.c: application-wide actions (new game, rules, about, quit)
 * and their accelerators; window actions live in arb-window.c. */
#include "config.h"

#include <glib/gi18n.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "arb-application.h"
#include "arb-dev-tools.h"
#include "arb-rules-window.h"
#include "arb-window.h"

struct _ArbApplication
{
  AdwApplication  parent_instance;

  gboolean        mmap_threshold_fixed;
};

G_DEFINE_FINAL_TYPE (ArbApplication, arb_application, ADW_TYPE_APPLICATION)

/* For build-aux/measure-window: the stages of a launch, on the clock of
 * the first frame's report. */
static void
report_timing (const char *stage)
{
  arb_dev_tools_report ("%s-monotonic-us %" G_GINT64_FORMAT, stage, g_get_monotonic_time ());
}

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

static ArbWindow *
get_window (ArbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ARB_IS_WINDOW (window))
    return ARB_WINDOW (window);
  window = GTK_WINDOW (arb_window_new (GTK_APPLICATION (self)));
  arb_application_add_shortcuts_action (GTK_APPLICATION_WINDOW (window));
  report_timing ("window-built");
  return ARB_WINDOW (window);
}

static void
new_game_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  ArbWindow *window = get_window (ARB_APPLICATION (user_data));

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
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  adw_show_about_window (parent,
                         "application-name", _("Arboretum"),
                         "application-icon", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "comments", _("A card game of trees and paths, after the game by Dan Cassar. "
                                       "Cards are drawn by the program."),
                         /* Translators: put your names here, one per line. */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

/* Closing the windows, rather than quitting outright, lets a window with
 * unsaved moves ask first; the application ends with its last window. */
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
  { "quit", quit_action, NULL, NULL, NULL, { 0 } },
};

static void
arb_application_startup (GApplication *app)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "app.rules", { "F1", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.take-back", { "<Control>z", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.toggle-side-panel", { "F9", NULL } },
    { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
    { "win.zoom-out", { "<Control>minus", NULL } },
    { "win.zoom-reset", { "<Control>0", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (arb_application_parent_class)->startup (app);
  report_timing ("toolkit-ready");
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

/* glibc raises its threshold for serving a large block with a mapping of
 * its own each time such a block is freed, up to 32 MiB: the cairo
 * renderer's frames (megabytes each) then come from the heap and leave
 * holes in it, about 4 MiB after a whole game even once trimmed. Fixing the
 * threshold at its default keeps them out of the heap; from the first frame
 * on only, since the launch, which frees and takes many such blocks, took
 * 7 ms more processor time with it fixed from the start. */
static void
fix_mmap_threshold (GdkFrameClock *clock, gpointer user_data)
{
  g_signal_handlers_disconnect_by_data (clock, user_data);
#ifdef __GLIBC__
  mallopt (M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

static void
present_window (ArbApplication *self, ArbWindow *window)
{
  GdkFrameClock *clock;

  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (!self->mmap_threshold_fixed && clock != NULL)
    {
      g_signal_connect (clock, "after-paint", G_CALLBACK (fix_mmap_threshold), self);
      self->mmap_threshold_fixed = TRUE;
      /* The launch frees much of what it takes once the first frames are
       * drawn: the renderer's shaders compiled, the styles computed. */
      arb_application_release_memory_when_settled (GTK_WIDGET (window));
    }
}

static void
arb_application_activate (GApplication *app)
{
  ArbApplication *self = ARB_APPLICATION (app);
  ArbWindow *window = get_window (self);

  present_window (self, window);
  arb_dev_tools_activate (app, window);
}

static void
arb_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  ArbWindow *window = get_window (ARB_APPLICATION (app));

  present_window (ARB_APPLICATION (app), window);
  /* One window plays one game: the first file is opened, after offering to
   * save a game with unsaved moves, as Open does; a file that cannot be
   * opened says why in the window. */
  if (n_files > 0)
    arb_window_open_file_interactive (window, files[0]);
}

static int
arb_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  arb_dev_tools_handle_options (options);
  return -1;
}

static void
arb_application_class_init (ArbApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = arb_application_startup;
  app_class->activate = arb_application_activate;
  app_class->open = arb_application_open;
  app_class->handle_local_options = arb_application_handle_local_options;
}

static void
arb_application_init (ArbApplication *self)
{
  /* Hidden, in development builds: a game started at once, for
   * screenshots and measurements. */
  arb_dev_tools_add_options (G_APPLICATION (self));
}

static guint n_memory_releases;

/* Gives the free pages of the heap back to the system after a phase that
 * allocated much and let most of it go (a whole game): glibc keeps them
 * otherwise, and they count as the program's memory. */
static void
release_memory (void)
{
  n_memory_releases++;
#ifdef __GLIBC__
  malloc_trim (0);
#endif
}

/* How many times the heap's free pages were given back: for the tests. */
guint
arb_application_get_n_memory_releases (void)
{
  return n_memory_releases;
}

/* A window has settled once it has drawn no frame for this long. */
#define SETTLED_MS 200
/* ... or, at the latest, after this many frames, should something on it
 * keep moving. */
#define MAX_UNSETTLED_FRAMES 120
/* The window is watched until it has drawn nothing for this long: a phase
 * may end in more than one burst of frames (after a save is opened, the
 * overlay scrollbars fade out a second later), and each leaves free pages. */
#define WATCH_MS 3000

typedef struct
{
  GdkFrameClock *clock;
  guint          settled_id;  /* SETTLED_MS after the last frame */
  guint          watch_id;    /* WATCH_MS after the last frame */
  guint          frames;      /* drawn since the heap was last trimmed */
} Release;

static gboolean
release_settled_cb (gpointer user_data)
{
  Release *release = user_data;

  release->settled_id = 0;
  release->frames = 0;
  release_memory ();
  return G_SOURCE_REMOVE;
}

static gboolean
release_watched_cb (gpointer user_data)
{
  Release *release = user_data;

  release->watch_id = 0;
  g_clear_handle_id (&release->settled_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (release->clock, release);
  g_object_set_data (G_OBJECT (release->clock), "arb-release", NULL);
  g_object_unref (release->clock);
  g_free (release);
  return G_SOURCE_REMOVE;
}

static void
release_on_paint (GdkFrameClock *clock, Release *release)
{
  g_clear_handle_id (&release->settled_id, g_source_remove);
  g_clear_handle_id (&release->watch_id, g_source_remove);
  release->watch_id = g_timeout_add (WATCH_MS, release_watched_cb, release);
  if (++release->frames >= MAX_UNSETTLED_FRAMES)
    release_settled_cb (release);
  else
    release->settled_id = g_timeout_add (SETTLED_MS, release_settled_cb, release);
}

/* Gives the heap's free pages back each time widget's window settles after
 * a phase that allocated much: the launch, a save opened (the file parsed,
 * the game replayed, the table built) or a game ended. The frames that follow such
 * a phase free much of what they take, with GL most of all: the driver
 * compiles the renderer's shaders for what the table draws, and that
 * work's memory would otherwise stay in the heap. */
void
arb_application_release_memory_when_settled (GtkWidget *widget)
{
  GdkFrameClock *clock;
  Release *release;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL)
    {
      release_memory ();
      return;
    }
  /* Already watched: the new phase's frames keep it watched. */
  if (g_object_get_data (G_OBJECT (clock), "arb-release") != NULL)
    return;
  release = g_new0 (Release, 1);
  g_object_set_data (G_OBJECT (clock), "arb-release", release);
  release->clock = g_object_ref (clock);
  release->settled_id = g_timeout_add (SETTLED_MS, release_settled_cb, release);
  release->watch_id = g_timeout_add (WATCH_MS, release_watched_cb, release);
  g_signal_connect (clock, "after-paint", G_CALLBACK (release_on_paint), release);
}

ArbApplication *
arb_application_new (void)
{
  return g_object_new (ARB_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}
