/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-types.c: lets gtk4-builder-tool validate Arboretum's templates.
 *
 * The 'validate-ui' test preloads this module into the tool, which on its
 * own knows only GTK's types and the symbols of its own program:
 * - libadwaita's types are registered here (adw_init), so a template whose
 *   parent is AdwBin loads;
 * - the game's widgets are linked in, where the builder finds their
 *   get_type () functions by name, so a template may hold an ArbCardWidget;
 * - the game's signal handlers are static functions the tool cannot see,
 *   so any handler name of the game's (on_..., _arb_...) that is not a type
 *   is accepted, as GTK 4.10's tool does with its "fake scope". The signals
 *   themselves are still checked.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <adwaita.h>
#include <gmodule.h>

void arb_ui_types_register (void);

__attribute__ ((constructor)) void
arb_ui_types_register (void)
{
  /* Sets up GTK too; the tool's own gtk_init () then does nothing. */
  adw_init ();
}

static void
any_handler (void)
{
}

gboolean
g_module_symbol (GModule *module, const char *symbol_name, gpointer *symbol)
{
  static gboolean (*real_symbol) (GModule *, const char *, gpointer *);
  union { void (*function) (void); gpointer pointer; } handler = { any_handler };

  if (real_symbol == NULL)
    *(gpointer *) &real_symbol = dlsym (RTLD_NEXT, "g_module_symbol");
  if (real_symbol (module, symbol_name, symbol))
    return TRUE;
  /* An unknown type must stay an error; and only the game's handlers
   * (on_..., _arb_...) are made up: a library that looks for another's
   * symbol must not find it (libsoup 3 refuses to start when libsoup 2's
   * soup_uri_new seems loaded). */
  if (g_str_has_suffix (symbol_name, "_get_type")
      || !(g_str_has_prefix (symbol_name, "on_") || g_str_has_prefix (symbol_name, "_arb_")))
    return FALSE;
  *symbol = handler.pointer;
  return TRUE;
}
