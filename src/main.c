/* main.c: starts Arboretum, the card game, as a GNOME application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "arb-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr (ArbApplication) app = NULL;
  /* Tests and screenshots point this at the catalogues the build compiled. */
  const char *localedir = g_getenv ("ARBORETUM_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = arb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
