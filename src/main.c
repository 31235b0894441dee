/* main.c: starts Arboretum, the card game, as a GNOME application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "arb-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr (ArbApplication) app = NULL;
  /* Tests and screenshots point this at the catalogues the build compiled. */
  const char *localedir = g_getenv ("ARBORETUM_LOCALEDIR");

#ifdef __GLIBC__
  /* glibc raises its threshold for serving a block with its own mapping each
   * time such a block is freed, up to 32 MiB; the cairo renderer's frames
   * (megabytes each) then come from the heap and leave it holes that are
   * never given back: about 7 MiB for a whole game. Its default, fixed. */
  mallopt (M_MMAP_THRESHOLD, 128 * 1024);
#endif
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = arb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
