/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-i18n.c: Arboretum speaks French.
 *
 * The catalogue is the one this build compiled from po/fr.po
 * (TEST_LOCALEDIR/fr/LC_MESSAGES/arboretum.mo), so a test run never depends
 * on an installed copy; arboretum-cli is pointed at it through the
 * ARBORETUM_LOCALEDIR environment variable its main () reads. LANGUAGE=fr
 * with the C.UTF-8 locale is enough for glibc's gettext: no fr_FR locale
 * needs to be generated.
 */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "arb-engine.h"

/* The names the French rulebook (2018) gives the species. */
static const char * const french_species[ARB_N_SPECIES] = {
  [ARB_SPECIES_BLUE_SPRUCE] = "Épinette bleue",
  [ARB_SPECIES_CASSIA] = "Cassia",
  [ARB_SPECIES_CHERRY_BLOSSOM] = "Cerisier en fleur",
  [ARB_SPECIES_DOGWOOD] = "Cornouiller",
  [ARB_SPECIES_JACARANDA] = "Jacaranda",
  [ARB_SPECIES_MAPLE] = "Érable",
  [ARB_SPECIES_OAK] = "Chêne",
  [ARB_SPECIES_ROYAL_POINCIANA] = "Flamboyant",
  [ARB_SPECIES_TULIP_POPLAR] = "Tulipier de Virginie",
  [ARB_SPECIES_WILLOW] = "Saule pleureur",
};

static const char * const english_species[ARB_N_SPECIES] = {
  "Blue Spruce", "Cassia", "Cherry Blossom", "Dogwood", "Jacaranda",
  "Maple", "Oak", "Royal Poinciana", "Tulip Poplar", "Willow",
};

static void
test_species_names (void)
{
  for (guint s = 0; s < ARB_N_SPECIES; s++)
    g_assert_cmpstr (arb_species_name ((ArbSpecies) s), ==, french_species[s]);
}

static void
test_card_name (void)
{
  g_autofree char *oak = arb_card_to_string (arb_card_new (ARB_SPECIES_OAK, 5));
  g_autofree char *maple = arb_card_to_string (arb_card_new (ARB_SPECIES_MAPLE, 8));

  g_assert_cmpstr (oak, ==, "Chêne 5");
  g_assert_cmpstr (maple, ==, "Érable 8");
}

/* The names of the rule sets and the engine's refusals, as a player reads them. */
static void
test_rules_in_french (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (arb_variant_name (ARB_VARIANT_STANDARD), ==, "Règles standard (2018)");
  g_assert_cmpstr (arb_variant_name (ARB_VARIANT_SOLO), ==, "Solo contre Q");
  g_assert_false (arb_rules_check_players (ARB_VARIANT_STANDARD, 5, &error));
  g_assert_error (error, ARB_ERROR, ARB_ERROR_INVALID_SETUP);
  g_assert_cmpstr (error->message, ==, "Cette partie se joue à 2, 3 ou 4 joueurs, pas 5");
}

/* French elides "de" before a vowel or a mute h: "Pile d’Ann", "Pile de Tom". */
static void
test_elision (void)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autofree char *ann_pile = NULL, *tom_pile = NULL, *ann_discard = NULL, *tom_discard = NULL;

  g_assert_true (arb_game_name_elides ("Ann"));
  g_assert_true (arb_game_name_elides ("Élodie"));
  g_assert_true (arb_game_name_elides ("hugo"));
  g_assert_false (arb_game_name_elides ("Tom"));
  g_assert_false (arb_game_name_elides ("1er"));
  g_assert_false (arb_game_name_elides (""));

  g_ptr_array_add (players, arb_player_new ("Ann", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new ("Tom", ARB_PLAYER_COMPUTER, "random"));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 1, 0, &error);
  g_assert_no_error (error);
  ann_pile = arb_game_pile_title (game, 0, 0);
  tom_pile = arb_game_pile_title (game, 1, 0);
  ann_discard = arb_game_pile_name (game, 0);
  tom_discard = arb_game_pile_name (game, 1);
  g_assert_cmpstr (ann_pile, ==, "Pile d’Ann");
  g_assert_cmpstr (tom_pile, ==, "Pile de Tom");
  g_assert_cmpstr (ann_discard, ==, "la défausse d’Ann");
  g_assert_cmpstr (tom_discard, ==, "la défausse de Tom");
}

/* French has one form for 0 and 1 and another from 2 on. */
static void
test_plural_rule (void)
{
  const char *catalog_header = g_dgettext (GETTEXT_PACKAGE, "");

  g_assert_nonnull (strstr (catalog_header, "Language: fr"));
  g_assert_nonnull (strstr (catalog_header, "nplurals=2; plural=(n > 1);"));
}

/* Runs arboretum-cli with ARGV in the language LANGUAGE; returns its
 * standard output and sets its exit status. */
static char *
run_cli (const char *language, const char * const *args, int *status)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL;

  g_assert_nonnull (g_getenv ("ARB_CLI"));
  g_ptr_array_add (argv, (gpointer) g_getenv ("ARB_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "ARBORETUM_LOCALEDIR", TEST_LOCALEDIR, TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (process);
  return out;
}

/* A four-player game has all ten species in play, and the report names them. */
static void
test_cli_play_in_french (void)
{
  const char * const args[] = { "play", "--variant", "standard", "--players", "4",
                                "--seed", "2018", NULL };
  g_autofree char *french = NULL;
  g_autofree char *english = NULL;
  int status;

  english = run_cli ("C", args, &status);
  g_assert_cmpint (status, ==, 0);
  french = run_cli ("fr", args, &status);
  g_test_message ("%s", french);
  g_assert_cmpint (status, ==, 0);

  for (guint s = 0; s < ARB_N_SPECIES; s++)
    {
      g_assert_nonnull (strstr (english, english_species[s]));
      g_assert_nonnull (strstr (french, french_species[s]));
    }
  /* Cassia and Jacaranda are the same word in both languages. */
  g_assert_null (strstr (french, "Blue Spruce"));
  g_assert_null (strstr (french, "Royal Poinciana"));
  g_assert_cmpstr (french, !=, english);
}

/* A mistake on the command line is reported in French too. */
static void
test_cli_error_in_french (void)
{
  const char * const args[] = { "play", "--seed", "not-a-number", NULL };
  g_autofree char *french = NULL;
  g_autofree char *english = NULL;
  int status;

  english = run_cli ("C", args, &status);
  g_assert_cmpint (status, !=, 0);
  french = run_cli ("fr", args, &status);
  g_test_message ("%s", french);
  g_assert_cmpint (status, !=, 0);
  g_assert_true (g_utf8_validate (french, -1, NULL));
  g_assert_cmpstr (french, !=, english);
}

int
main (int argc, char *argv[])
{
  /* Before the first gettext call, which reads these once. */
  g_setenv ("LANGUAGE", "fr", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, ""));
  bindtextdomain (GETTEXT_PACKAGE, TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/i18n/species-names", test_species_names);
  g_test_add_func ("/i18n/card-name", test_card_name);
  g_test_add_func ("/i18n/rules", test_rules_in_french);
  g_test_add_func ("/i18n/plural-rule", test_plural_rule);
  g_test_add_func ("/i18n/elision", test_elision);
  g_test_add_func ("/i18n/cli/play", test_cli_play_in_french);
  g_test_add_func ("/i18n/cli/error", test_cli_error_in_french);

  return g_test_run ();
}
