/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-help.c: F1 (win.help) opens the manual at the page of the
 * rule set played; without a help viewer, the window says so in one line
 * and shows the rules of that rule set instead. */
#include "config.h"

#include "arb-test-window.h"

#include <glib/gstdio.h>

#include "arb-rules-window.h"

static ArbRulesWindow *
find_rules_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);
      if (ARB_IS_RULES_WINDOW (window))
        return ARB_RULES_WINDOW (window);
    }
  return NULL;
}

static void
check_fallback (const char *spec, const char *page)
{
  ArbWindow *window = arb_test_new_window ();
  g_autoptr (GError) error = NULL;
  ArbRulesWindow *rules;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_window_start_from_spec (window, spec, 3, &error));
  g_assert_no_error (error);
  arb_test_wait_for (window, arb_test_settled);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
  rules = find_rules_window ();
  g_assert_nonnull (rules);
  g_assert_cmpstr (arb_rules_window_get_shown (rules), ==, page);
  g_assert_nonnull (arb_test_find_shown_label (window, "The help viewer, Yelp, is not installed: here are the rules instead."));
  gtk_window_destroy (GTK_WINDOW (rules));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With no program for help: URIs (as in these tests' environment), F1
 * falls back to the rules of the game played: 2010 rules for a 2010 game. */
static void
test_f1_without_yelp (void)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

  if (viewer != NULL)
    {
      g_test_skip ("A help viewer is installed: F1 would open it");
      return;
    }
  check_fallback ("classic:2:person,random", "classic");
  check_fallback ("solo:1", "solo");
  check_fallback ("standard:2:person,random", "standard");
}

/* This program's desktop has no help viewer, whatever is installed: its
 * own configuration removes every association of help: URIs. */
static char *
hide_help_viewers (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("arboretum-help-XXXXXX", &error);
  g_autofree char *list = NULL;
  g_autoptr (GString) removed = g_string_new ("[Removed Associations]\nx-scheme-handler/help=");
  const char * const *data_dirs = g_get_system_data_dirs ();

  g_assert_no_error (error);
  for (guint i = 0; data_dirs[i] != NULL; i++)
    {
      g_autofree char *apps = g_build_filename (data_dirs[i], "applications", NULL);
      g_autoptr (GDir) entries = g_dir_open (apps, 0, NULL);
      const char *name;

      while (entries != NULL && (name = g_dir_read_name (entries)) != NULL)
        if (g_str_has_suffix (name, ".desktop"))
          g_string_append_printf (removed, "%s;", name);
    }
  g_string_append_c (removed, '\n');
  list = g_build_filename (dir, "mimeapps.list", NULL);
  g_assert_true (g_file_set_contents (list, removed->str, -1, NULL));
  g_setenv ("XDG_CONFIG_HOME", dir, TRUE);
  return dir;
}

int
main (int argc, char *argv[])
{
  g_autofree char *config = hide_help_viewers ();
  g_autofree char *list = g_build_filename (config, "mimeapps.list", NULL);
  int status;

  arb_test_window_init (&argc, &argv);
  g_test_add_func ("/window-help/f1-without-yelp", test_f1_without_yelp);
  status = g_test_run ();
  g_unlink (list);
  g_rmdir (config);
  return status;
}
