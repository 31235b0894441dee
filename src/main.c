/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: starts Arboretum, the card game, as a GNOME application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "arb-application.h"

/* GSettings aborts the program when a schema is missing; say instead what
 * is wrong, in one line, and how a build tree is run. */
static gboolean
settings_schema_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SCHEMA_ID, TRUE);
  return schema != NULL;
}

int
main (int argc, char *argv[])
{
  /* Tests and screenshots point this at the catalogues the build compiled. */
  const char *localedir = g_getenv ("ARBORETUM_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!settings_schema_installed ())
    {
      /* TRANSLATORS: %s is the settings schema's id. */
      g_printerr (_("arboretum: the settings schema %s is not installed; run the game from a build tree with \"meson devenv -C BUILDDIR arboretum\" or \"build-aux/dev run\", or install it with \"meson install\"\n"),
                  SCHEMA_ID);
      return 1;
    }

  /* A window every time, even right after the previous instance quit or
   * was killed (arb_application_launch). */
  return arb_application_launch (argc, argv);
}
