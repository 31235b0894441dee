/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-save.c: save games written, read back, refused when damaged, and
 * the automatic save of the game in progress. */
#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <utime.h>

#include "arb-autosave-slots.h"
#include "arb-save.h"
#include "arb-test-autosave.h"
#include "arb-test-files.h"
#include "arb-test-state.h"
#include "arb-test-wait.h"

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "saves", name, NULL);
}

/* A game of random moves by a mix of people and computers, stopped after
 * max_steps steps (or at its end when max_steps is 0). */
static ArbGame *
play_game (ArbVariant variant, guint n_seats, guint32 seed, guint max_steps)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed ^ 0x5eed);
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  for (guint i = 0; i < n_seats; i++)
    {
      g_autofree char *name = g_strdup_printf ("Seat %u <&\"'>", i + 1);
      g_ptr_array_add (players, i % 2 == 0 ? arb_player_new (name, ARB_PLAYER_PERSON, NULL)
                                           : arb_player_new (name, ARB_PLAYER_COMPUTER, "random"));
    }
  game = arb_game_new (variant, players, seed, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; !arb_game_is_finished (game) && (max_steps == 0 || i < max_steps); i++)
    {
      ArbMove move = arb_test_random_move (arb_game_get_state (game), rand);
      g_assert_true (arb_game_apply (game, &move, &error));
      g_assert_no_error (error);
    }
  return game;
}

static void
assert_same_game (ArbGame *a, ArbGame *b)
{
  g_assert_true (arb_test_same_state (arb_game_get_start_state (a), arb_game_get_start_state (b)));
  g_assert_true (arb_test_same_state (arb_game_get_state (a), arb_game_get_state (b)));
  g_assert_true (arb_test_same_pile (arb_game_get_deck (a), arb_game_get_deck (b)));
  g_assert_cmpuint (arb_game_get_seed (a), ==, arb_game_get_seed (b));
  g_assert_cmpuint (arb_game_get_n_seats (a), ==, arb_game_get_n_seats (b));
  for (guint i = 0; i < arb_game_get_n_seats (a); i++)
    {
      ArbPlayer *pa = arb_game_get_player (a, i), *pb = arb_game_get_player (b, i);
      g_assert_cmpstr (arb_player_get_name (pa), ==, arb_player_get_name (pb));
      g_assert_cmpint (arb_player_get_kind (pa), ==, arb_player_get_kind (pb));
      g_assert_cmpstr (arb_player_get_level (pa), ==, arb_player_get_level (pb));
    }
  g_assert_cmpuint (arb_game_get_n_steps (a), ==, arb_game_get_n_steps (b));
  for (guint i = 0; i < arb_game_get_n_steps (a); i++)
    g_assert_true (arb_test_same_step (arb_game_get_step (a, i), arb_game_get_step (b, i)));
}

static void
round_trip (ArbGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = arb_save_to_bytes (game, NULL, &error);
  g_autoptr (GBytes) again = NULL;
  ArbGame *loaded;

  g_assert_no_error (error);
  loaded = arb_save_load_bytes (bytes, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_same_game (game, loaded);

  again = arb_save_to_bytes (loaded, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (bytes, again));
  g_assert_finalize_object (loaded);
}

/* Every rule set and player count, finished and unfinished games. */
static void
test_save_round_trip (void)
{
  static const struct { ArbVariant variant; guint seats; } setups[] = {
    { ARB_VARIANT_STANDARD, 2 }, { ARB_VARIANT_STANDARD, 3 }, { ARB_VARIANT_STANDARD, 4 },
    { ARB_VARIANT_CLASSIC, 2 }, { ARB_VARIANT_CLASSIC, 3 }, { ARB_VARIANT_CLASSIC, 4 },
    { ARB_VARIANT_SOLO, 1 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (setups); s++)
    for (guint32 seed = 1; seed <= 30; seed++)
      {
        ArbGame *game = play_game (setups[s].variant, setups[s].seats, seed,
                                   seed % 3 == 0 ? seed * 3 : 0);
        round_trip (game);
        g_assert_finalize_object (game);
      }
}

/* A game not yet started saves too, and so does one from a dealt state. */
static void
test_save_fresh_and_from_state (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (3, TRUE);
  g_autoptr (GError) error = NULL;
  ArbGame *game = play_game (ARB_VARIANT_CLASSIC, 3, 77, 1);
  ArbGame *fresh = arb_game_new_from_state (arb_game_get_start_state (game), players, 77, &error);

  g_assert_no_error (error);
  g_assert_nonnull (arb_game_get_deck (fresh));
  round_trip (fresh);

  /* A position from the middle of a game cannot be dealt. */
  g_clear_object (&fresh);
  fresh = arb_game_new_from_state (arb_game_get_state (game), players, 77, &error);
  g_assert_no_error (error);
  g_assert_null (arb_game_get_deck (fresh));
  g_assert_null (arb_save_to_bytes (fresh, NULL, &error));
  g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_UNSAVABLE);

  g_assert_finalize_object (fresh);
  g_assert_finalize_object (game);
}

/* Names keep what XML can hold: no control characters, no broken UTF-8. */
static void
test_save_names (void)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *longname = g_strnfill (300, 'x');
  ArbGame *game, *loaded;

  g_ptr_array_add (players, arb_player_new ("A\x01" "b\tc\xff", ARB_PLAYER_PERSON, NULL));
  g_ptr_array_add (players, arb_player_new (longname, ARB_PLAYER_COMPUTER, NULL));
  game = arb_game_new (ARB_VARIANT_STANDARD, players, 5, 0, &error);
  bytes = arb_save_to_bytes (game, NULL, &error);
  g_assert_no_error (error);
  loaded = arb_save_load_bytes (bytes, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_player_get_name (arb_game_get_player (loaded, 0)), ==, "A\xef\xbf\xbd" "b c\xef\xbf\xbd");
  g_assert_cmpuint (strlen (arb_player_get_name (arb_game_get_player (loaded, 1))), ==, 200);
  g_assert_cmpstr (arb_player_get_level (arb_game_get_player (loaded, 1)), ==, "random");
  g_assert_finalize_object (loaded);
  g_assert_finalize_object (game);
}

/* The files in tests/data/saves that load. */
static void
test_save_good_files (void)
{
  static const char * const names[] = {
    "good-classic-3p-unfinished.arboretum", "good-solo.arboretum",
    "good-solo-unfinished.arboretum", "good-standard-2p.arboretum",
    "good-standard-2p-review.arboretum", "good-standard-4p.arboretum",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = data_path (names[i]);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autofree char *contents = NULL;
      g_autoptr (GBytes) again = NULL;
      g_autoptr (ArbReview) review = NULL;
      gsize length;
      ArbGame *game = arb_save_read_file (file, &review, NULL, &error);

      g_assert_no_error (error);
      g_assert_true ((review != NULL) == (strstr (names[i], "-review") != NULL));
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      again = arb_save_to_bytes (game, review, &error);
      g_assert_cmpmem (contents, length, g_bytes_get_data (again, NULL), g_bytes_get_size (again));
      g_assert_finalize_object (game);
    }
}

static void
assert_refused (const char *data, gsize length, ArbSaveError code, const char *forbidden)
{
  g_autoptr (GError) error = NULL;
  ArbGame *game = arb_save_load_data (data, length, NULL, &error);

  g_assert_null (game);
  g_assert_error (error, ARB_SAVE_ERROR, (int) code);
  g_assert_cmpstr (error->message, !=, "");
  if (forbidden != NULL)
    g_assert_null (strstr (error->message, forbidden));
}

/* Each damaged file in tests/data/saves with the error it must give. */
static void
test_save_damaged_files (void)
{
  static const struct { const char *name; ArbSaveError code; const char *says; } cases[] = {
    { "bad-truncated.arboretum", ARB_SAVE_ERROR_NOT_XML, "line" },
    { "bad-not-xml.arboretum", ARB_SAVE_ERROR_NOT_XML, "XML" },
    { "bad-wrong-root.arboretum", ARB_SAVE_ERROR_NOT_A_SAVE, "not an Arboretum save game" },
    { "bad-newer-version.arboretum", ARB_SAVE_ERROR_NEWER_VERSION, "newer version" },
    { "bad-unknown-version.arboretum", ARB_SAVE_ERROR_UNKNOWN_VERSION, "“one”" },
    { "bad-unknown-species.arboretum", ARB_SAVE_ERROR_UNKNOWN_SPECIES, "sequoia" },
    { "bad-card-twice.arboretum", ARB_SAVE_ERROR_BAD_DECK, "twice" },
    { "bad-card-missing.arboretum", ARB_SAVE_ERROR_BAD_DECK, "lacks" },
    { "bad-illegal-step.arboretum", ARB_SAVE_ERROR_ILLEGAL_STEP, "Step 19 (line 85)" },
    { "bad-position-disagrees.arboretum", ARB_SAVE_ERROR_POSITION_MISMATCH, "turn" },
    { "bad-entity-bomb.arboretum", ARB_SAVE_ERROR_UNSAFE, "entities" },
    { "bad-external-entity.arboretum", ARB_SAVE_ERROR_UNSAFE, "entities" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = data_path (cases[i].name);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      ArbGame *game = arb_save_read_file (file, NULL, NULL, &error);

      g_test_message ("%s: %s", cases[i].name, error != NULL ? error->message : "loaded");
      g_assert_null (game);
      g_assert_error (error, ARB_SAVE_ERROR, (int) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
}

/* An external entity naming a local file: the file is never read, its
 * content appears nowhere. */
static void
test_save_external_entity (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
  g_autofree char *secret = g_build_filename (dir, "secret.txt", NULL);
  g_autofree char *good_path = data_path ("good-standard-2p.arboretum");
  g_autofree char *good = NULL;
  g_autofree char *hostile = NULL;
  char *body;

  g_assert_true (g_file_set_contents (secret, "TOPSECRET-42", -1, NULL));
  g_assert_true (g_file_get_contents (good_path, &good, NULL, NULL));
  body = strstr (good, "<arboretum-save");
  g_assert_nonnull (body);

  /* As a general entity used in an attribute, and as an external DTD. */
  hostile = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                             "<!DOCTYPE arboretum-save [<!ENTITY s SYSTEM \"file://%s\">]>\n%s",
                             secret, body);
  {
    g_autofree char *with_ref = NULL;
    GString *s = g_string_new (hostile);
    g_string_replace (s, "name=\"Ann\"", "name=\"&s;\"", 1);
    with_ref = g_string_free (s, FALSE);
    assert_refused (with_ref, strlen (with_ref), ARB_SAVE_ERROR_UNSAFE, "TOPSECRET");
  }
  {
    g_autofree char *dtd = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                                            "<!DOCTYPE arboretum-save SYSTEM \"file://%s\">\n%s",
                                            secret, body);
    assert_refused (dtd, strlen (dtd), ARB_SAVE_ERROR_UNSAFE, "TOPSECRET");
  }
  {
    g_autofree char *xinclude = g_strdup_printf (
      "<arboretum-save format=\"1\" xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
      "<xi:include href=\"file://%s\" parse=\"text\"/></arboretum-save>", secret);
    assert_refused (xinclude, strlen (xinclude), ARB_SAVE_ERROR_INVALID, "TOPSECRET");
  }

  g_assert_cmpint (g_remove (secret), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Bytes no save game has, refused before libxml2 reads them: a valid save
 * followed by a NUL byte and junk (which libxml2 itself let pass), the same
 * save in UTF-16, and a tag of 100,000 attributes (libxml2 2.9 compares
 * them pairwise: minutes of work before the fix). */
static void
test_save_hostile_bytes (void)
{
  g_autofree char *path = data_path ("good-standard-2p.arboretum");
  g_autofree char *good = NULL;
  g_autoptr (GString) junk = NULL;
  g_autoptr (GString) wide = g_string_new ("<arboretum-save format=\"1\"><deck ");
  g_autofree char *utf16 = NULL;
  g_autoptr (GError) error = NULL;
  gsize length, utf16_length;

  g_assert_true (g_file_get_contents (path, &good, &length, &error));
  g_assert_no_error (error);

  junk = g_string_new_len (good, (gssize) length);
  g_string_append_c (junk, '\0');
  g_string_append (junk, "<junk/>");
  assert_refused (junk->str, junk->len, ARB_SAVE_ERROR_NOT_XML, NULL);
  {
    g_autoptr (GError) nul_error = NULL;
    g_assert_null (arb_save_load_data (junk->str, junk->len, NULL, &nul_error));
    g_assert_nonnull (strstr (nul_error->message, "NUL"));
    g_assert_null (strchr (nul_error->message, '\n'));
  }

  /* A byte that is not UTF-8: libxml2's message runs over two lines, the
   * refusal is one. */
  {
    g_autoptr (GError) byte_error = NULL;
    g_autofree char *bad = g_memdup2 (good, length);

    bad[length / 2] = (char) 0x8d;
    g_assert_null (arb_save_load_data (bad, length, NULL, &byte_error));
    g_assert_error (byte_error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_XML);
    g_assert_null (strchr (byte_error->message, '\n'));
    g_assert_nonnull (strstr (byte_error->message, "line "));
  }

  utf16 = g_convert (good, (gssize) length, "UTF-16", "UTF-8", NULL, &utf16_length, &error);
  g_assert_no_error (error);
  assert_refused (utf16, utf16_length, ARB_SAVE_ERROR_NOT_XML, NULL);

  for (guint i = 0; i < 100000 && wide->len < ARB_SAVE_MAX_SIZE - 64; i++)
    g_string_append_printf (wide, "a%u=\"\" ", i);
  g_string_append (wide, "/></arboretum-save>");
  assert_refused (wide->str, wide->len, ARB_SAVE_ERROR_TOO_LARGE, NULL);
}

/* The good save with text inserted just after its root's start tag. */
static GString *
good_save_with (const char *inserted)
{
  g_autofree char *path = data_path ("good-standard-2p.arboretum");
  g_autofree char *good = NULL;
  g_autoptr (GError) error = NULL;
  GString *text;
  const char *root;
  gsize length;

  g_assert_true (g_file_get_contents (path, &good, &length, &error));
  g_assert_no_error (error);
  root = strstr (good, "<arboretum-save");
  g_assert_nonnull (root);
  root = strchr (root, '>');
  g_assert_nonnull (root);
  text = g_string_new_len (good, (gssize) length);
  g_string_insert (text, (root - good) + 1, inserted);
  return text;
}

/* A tag of attributes up to about size bytes, behind a declaration of
 * encoding, written as the file would be in that encoding: the body in
 * body_encoding, the declaration in ASCII or, for EBCDIC, in EBCDIC. */
static char *
wide_save_in (const char *decl, const char *body_encoding, gboolean decl_encoded,
              gsize size, gsize *length)
{
  g_autoptr (GString) body = g_string_new ("<arboretum-save format=\"1\"><deck ");
  g_autoptr (GString) file = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *encoded = NULL;
  gsize encoded_length;

  for (guint i = 0; body->len < size; i++)
    g_string_append_printf (body, "a%u=\"\" ", i);
  g_string_append (body, "/></arboretum-save>");
  if (decl_encoded)
    g_string_prepend (body, decl);
  encoded = g_convert (body->str, (gssize) body->len, body_encoding, "UTF-8", NULL,
                       &encoded_length, &error);
  g_assert_no_error (error);
  if (!decl_encoded)
    g_string_append (file, decl);
  g_string_append_len (file, encoded, (gssize) encoded_length);
  g_assert_cmpuint (file->len, <, ARB_SAVE_MAX_SIZE);
  *length = file->len;
  return g_string_free (g_steal_pointer (&file), FALSE);
}

/* Refused at once, in one short line that repeats nothing of the file. */
static void
assert_refused_briefly (const char *data, gsize length, ArbSaveError code)
{
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_null (arb_save_load_data (data, length, NULL, &error));
  g_test_message ("refused in %.1f ms: %s", (g_get_monotonic_time () - start) / 1000.0,
                  error->message);
  g_assert_error (error, ARB_SAVE_ERROR, (int) code);
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), <=, 200);
  g_assert_null (strstr (error->message, "a1"));
  g_assert_null (strstr (error->message, "UTF-7"));
  g_assert_null (strstr (error->message, "037"));
}

/* In EBCDIC or UTF-7 no byte the scan looks for is what it seems: a tag of
 * 150,000 attributes went past it, and libxml2 took 17 to 250 s to refuse
 * the file. Such an encoding is refused before libxml2 reads anything, with
 * or without a byte order mark, with either quote; an encoding whose ASCII
 * is ASCII is read, and its bytes scanned as before. */
static void
test_save_foreign_encodings (void)
{
  static const struct {
    const char *decl;
    const char *body_encoding;
    gboolean    decl_encoded;
  } cases[] = {
    { "<?xml version=\"1.0\" encoding=\"IBM037\"?>\n", "IBM037", TRUE },
    { "<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>\n", "IBM037", TRUE },
    { "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n", "UTF-7", FALSE },
    { "<?xml version='1.0' encoding = 'utf-7' ?>\n", "UTF-7", FALSE },
    { "\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n", "UTF-7", FALSE },
    { "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n", "UTF-7", FALSE },
    { "<?xml version=\"1.0\" encoding=\"UTF-7\"", "UTF-7", FALSE },
  };
  g_autoptr (GString) latin1 = good_save_with ("");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autofree char *wide_latin1 = NULL;
  gsize length;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = wide_save_in (cases[i].decl, cases[i].body_encoding,
                                            cases[i].decl_encoded, 150000, &length);

      assert_refused_briefly (file, length, ARB_SAVE_ERROR_NOT_XML);
    }

  /* ISO-8859-1 keeps ASCII: the file reads, and the attribute guard holds. */
  g_assert_cmpuint (g_string_replace (latin1, "encoding=\"UTF-8\"", "encoding=\"ISO-8859-1\"", 1), ==, 1);
  game = arb_save_load_data (latin1->str, latin1->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  wide_latin1 = wide_save_in ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n", "ISO-8859-1",
                              FALSE, 150000, &length);
  assert_refused_briefly (wide_latin1, length, ARB_SAVE_ERROR_TOO_LARGE);
}

/* Comments, CDATA sections and processing instructions are not tags: an
 * apostrophe in them opened a quote that never closed, so the attributes
 * of the tags after them went uncounted (a 1 MB file of 143,258 of them
 * took 66-92 s to be refused as of "unknown format version"), and their
 * '=' signs were counted as attributes. */
static void
test_save_scan_markup (void)
{
  static const char * const openers[] = {
    "<!-- Ann's game -->\n",
    "<?arboretum note=\"Ann's\"?>\n",
    "<?arboretum Ann's?>\n",
  };

  for (guint k = 0; k < G_N_ELEMENTS (openers); k++)
    {
      g_autoptr (GString) wide = g_string_new ("<?xml version=\"1.0\"?>\n");
      g_autoptr (GError) error = NULL;

      g_string_append (wide, openers[k]);
      g_string_append (wide, "<arboretum-save format=\"1\"><deck ");
      for (guint i = 0; wide->len < ARB_SAVE_MAX_SIZE - 64; i++)
        g_string_append_printf (wide, "a%u=\"\" ", i);
      g_string_append (wide, "/></arboretum-save>");
      g_assert_null (arb_save_load_data (wide->str, wide->len, NULL, &error));
      g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE);
      g_assert_nonnull (strstr (error->message, "more than 32 attributes"));
    }

  /* A CDATA section (out of place, but the scan comes first). */
  {
    g_autoptr (GString) wide = good_save_with ("<![CDATA[Ann's]]><deck ");
    g_autoptr (GError) error = NULL;

    for (guint i = 0; i < 40; i++)
      g_string_insert (wide, strstr (wide->str, "<deck ") - wide->str + 6, "b=\"\" ");
    g_assert_null (arb_save_load_data (wide->str, wide->len, NULL, &error));
    g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE);
  }

  /* Forty '=' in a comment or a processing instruction are no attributes. */
  {
    g_autofree char *equals = g_strnfill (40, '=');
    g_autofree char *comment = g_strdup_printf ("<!-- %s Ann's -->", equals);
    g_autofree char *pi = g_strdup_printf ("<?arboretum %s?>", equals);
    const char *inserted[] = { comment, pi };

    for (guint k = 0; k < G_N_ELEMENTS (inserted); k++)
      {
        g_autoptr (GString) text = good_save_with (inserted[k]);
        g_autoptr (GError) error = NULL;
        g_autoptr (ArbGame) game = arb_save_load_data (text->str, text->len, NULL, &error);

        g_assert_no_error (error);
        g_assert_nonnull (game);
      }
  }
}

/* The lists of a save cut at what a game holds, before the schema, which
 * takes more than linear time over them (49,000 <species> took 3.5 s to be
 * refused, 31,000 deck cards 1.4-2.1 s): refused with the element named. */
static void
test_save_too_many (void)
{
  static const struct {
    const char *after;   /* inserted after the first occurrence of this */
    const char *element;
    guint       count;
    const char *message;
  } lists[] = {
    { "<game ", "<species id=\"x\"/>", 49000, "more than 10 <species> elements in <game>" },
    { "<deck>", "<card species=\"x\" value=\"1\"/>", 31000, "more than 80 <card> elements in <deck>" },
    { "<steps>", "<discard species=\"oak\" value=\"1\"/>", 20000, "more than 320 <discard> elements in <steps>" },
    { "<players>", "<player name=\"A\" kind=\"person\"/>", 20000, "more than 4 <player> elements in <players>" },
    { "<hand>", "<card species=\"oak\" value=\"1\"/>", 20000, "more than 80 <card> elements in <hand>" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (lists); k++)
    {
      g_autoptr (GString) text = good_save_with ("");
      g_autoptr (GError) error = NULL;
      const char *at = strstr (text->str, lists[k].after);
      gsize offset;
      g_autoptr (GString) many = g_string_new (NULL);

      g_assert_nonnull (at);
      offset = (gsize) (strchr (at, '>') - text->str) + 1;
      for (guint i = 0; i < lists[k].count; i++)
        g_string_append (many, lists[k].element);
      g_string_insert (text, (gssize) offset, many->str);
      g_assert_cmpuint (text->len, <=, ARB_SAVE_MAX_SIZE);
      g_assert_null (arb_save_load_data (text->str, text->len, NULL, &error));
      g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE);
      g_assert_nonnull (strstr (error->message, lists[k].message));
    }
}

/* A value of the file quoted by a refusal is cut after 32 characters: a
 * species id, a format or a loss of 1,000,000 characters made a 1 MB line
 * of stderr, and a dialog of overlapping glyphs. */
static void
test_save_long_values (void)
{
  static const struct {
    const char *file;
    const char *before;   /* the value replaced starts after this */
    const char *end;      /* and ends before this */
  } values[] = {
    { "good-standard-2p.arboretum", "<species id=\"", "\"" },
    { "good-standard-2p.arboretum", "format=\"", "\"" },
    { "good-standard-2p-review.arboretum", "loss=\"", "\"" },
    { "good-standard-2p-review.arboretum", "samples=\"", "\"" },
    { "good-standard-2p.arboretum", "<arboretum-save", " " }, /* an element name */
  };

  for (guint k = 0; k < G_N_ELEMENTS (values); k++)
    {
      g_autofree char *path = data_path (values[k].file);
      g_autofree char *good = NULL;
      g_autofree char *long_value = NULL;
      g_autoptr (GString) text = NULL;
      g_autoptr (GError) error = NULL;
      const char *start, *end;
      gsize length;

      g_assert_true (g_file_get_contents (path, &good, &length, &error));
      g_assert_no_error (error);
      start = strstr (good, values[k].before);
      g_assert_nonnull (start);
      start += strlen (values[k].before);
      end = strstr (start, values[k].end);
      text = g_string_new_len (good, start - good);
      long_value = g_strnfill (ARB_SAVE_MAX_SIZE - length - 64, k == 4 ? 'x' : '7');
      g_string_append (text, long_value);
      g_string_append (text, end);
      g_assert_null (arb_save_load_data (text->str, text->len, NULL, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_cmpuint (strlen (error->message), <, 400);
      /* Quoted, it is cut; the schema may refuse it without quoting it. */
      g_assert_null (strstr (error->message, long_value + strlen (long_value) - 33));
      if (strstr (error->message, long_value + strlen (long_value) - 8) != NULL)
        g_assert_nonnull (strstr (error->message, "…"));
    }
}

/* Bigger, deeper or longer than any save game: refused before parsing or
 * while parsing, without building the tree. */
static void
test_save_huge (void)
{
  GString *deep = g_string_new ("<arboretum-save format=\"1\">");
  GString *wide = g_string_new ("<arboretum-save format=\"1\"><deck>");
  gsize huge_length = ARB_SAVE_MAX_SIZE + 1;
  g_autofree char *huge = g_malloc (huge_length);
  g_autofree char *deep_text = NULL;
  g_autofree char *wide_text = NULL;

  memset (huge, ' ', huge_length);
  memcpy (huge, "<arboretum-save", 15);
  assert_refused (huge, huge_length, ARB_SAVE_ERROR_TOO_LARGE, NULL);

  for (guint i = 0; i < 10000; i++)
    g_string_append (deep, "<x>");
  deep_text = g_string_free (deep, FALSE);
  assert_refused (deep_text, strlen (deep_text), ARB_SAVE_ERROR_TOO_LARGE, NULL);

  for (guint i = 0; i < 60000; i++)
    g_string_append (wide, "<card/>");
  g_string_append (wide, "</deck></arboretum-save>");
  wide_text = g_string_free (wide, FALSE);
  assert_refused (wide_text, strlen (wide_text), ARB_SAVE_ERROR_TOO_LARGE, NULL);

  /* A file on disk is read no further than the limit. */
  {
    g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "huge.arboretum", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (path);
    g_autoptr (GError) error = NULL;

    g_assert_true (g_file_set_contents (path, huge, (gssize) huge_length, NULL));
    g_assert_null (arb_save_read_file (file, NULL, NULL, &error));
    g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE);
    g_assert_cmpint (g_remove (path), ==, 0);
    g_assert_cmpint (g_rmdir (dir), ==, 0);
  }
}

/* Small damages made here: what the schema refuses, and what only the
 * rules or the reader see. */
static void
test_save_small_damages (void)
{
  static const struct { const char *from, *to; ArbSaveError code; } cases[] = {
    { "variant=\"standard\"", "variant=\"chess\"", ARB_SAVE_ERROR_INVALID },
    { "value=\"4\"", "value=\"9\"", ARB_SAVE_ERROR_INVALID },
    { "<players>", "<players><player name=\"X\" kind=\"person\"/>", ARB_SAVE_ERROR_BAD_SETUP },
    { "<species id=\"maple\"/>", "", ARB_SAVE_ERROR_BAD_SETUP },
    { "<species id=\"maple\"/>", "<species id=\"maple\"/><species id=\"maple\"/>", ARB_SAVE_ERROR_BAD_SETUP },
    { "<species id=\"maple\"/>", "<species id=\"oak\"/>", ARB_SAVE_ERROR_BAD_SETUP },
    { "<species id=\"maple\"/>", "<species id=\"willow\"/>", ARB_SAVE_ERROR_BAD_DECK },
    { "source=\"deck\"", "source=\"discard-pile\" pile=\"3\"", ARB_SAVE_ERROR_ILLEGAL_STEP },
    { "species=\"oak\" value=\"1\"/>\n    <draw", "species=\"oak\" value=\"2\"/>\n    <draw", ARB_SAVE_ERROR_ILLEGAL_STEP },
    { "<discard player=\"0\" species=\"tulip-poplar\" value=\"1\"/>",
      "<discard player=\"0\" species=\"tulip-poplar\" value=\"1\" x=\"1\" y=\"1\"/>", ARB_SAVE_ERROR_INVALID },
    { "<draw player=\"0\" source=\"deck\" species=\"oak\" value=\"1\"/>",
      "<draw player=\"1\" source=\"deck\" species=\"oak\" value=\"1\"/>", ARB_SAVE_ERROR_ILLEGAL_STEP },
    { "deck-size=\"0\"", "deck-size=\"1\"", ARB_SAVE_ERROR_POSITION_MISMATCH },
    { "phase=\"over\"", "phase=\"draw\"", ARB_SAVE_ERROR_POSITION_MISMATCH },
    { "<discard-pile index=\"0\">", "<discard-pile index=\"0\"><card species=\"oak\" value=\"1\"/>", ARB_SAVE_ERROR_POSITION_MISMATCH },
    { "<hand>", "<hand><card species=\"oak\" value=\"8\"/>", ARB_SAVE_ERROR_POSITION_MISMATCH },
    { "<arboretum>", "<arboretum><card species=\"oak\" value=\"8\" x=\"9\" y=\"9\"/>", ARB_SAVE_ERROR_POSITION_MISMATCH },
    { "<arboretum-save format=\"1\"", "<arboretum-save xmlns=\"urn:x\" format=\"1\"", ARB_SAVE_ERROR_NOT_A_SAVE },
    { "format=\"1\"", "format=\"0\"", ARB_SAVE_ERROR_UNKNOWN_VERSION },
    { "format=\"1\"", "format=\"99999999999999999999\"", ARB_SAVE_ERROR_UNKNOWN_VERSION },
  };
  g_autofree char *path = data_path ("good-standard-2p.arboretum");
  g_autofree char *good = NULL;

  g_assert_true (g_file_get_contents (path, &good, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GString *damaged = g_string_new (good);
      g_autoptr (GError) error = NULL;

      g_assert_cmpuint (g_string_replace (damaged, cases[i].from, cases[i].to, 1), ==, 1);
      g_assert_null (arb_save_load_data (damaged->str, damaged->len, NULL, &error));
      g_test_message ("case %u: %s", i, error != NULL ? error->message : "loaded");
      g_assert_error (error, ARB_SAVE_ERROR, (int) cases[i].code);
      g_string_free (damaged, TRUE);
    }

  /* Every cut of a good file is refused, never a crash nor half a game. */
  for (gsize cut = 0; cut < strlen (good); cut += 97)
    {
      g_autoptr (GError) error = NULL;
      g_assert_null (arb_save_load_data (good, cut, NULL, &error));
      g_assert_nonnull (error);
    }
}

/* The new file replaces the old one whole, and leaves nothing beside it. */
static void
test_save_write_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.arboretum", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "dir", "g.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) nowhere = g_file_new_for_path (missing);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) listing = NULL;
  ArbGame *first = play_game (ARB_VARIANT_STANDARD, 3, 8, 0);
  ArbGame *second = play_game (ARB_VARIANT_SOLO, 1, 9, 0);
  ArbGame *loaded;
  guint n_files = 0;

  g_assert_true (arb_save_write_file (first, NULL, file, NULL, &error));
  g_assert_true (arb_save_write_file (second, NULL, file, NULL, &error));
  g_assert_no_error (error);
  loaded = arb_save_read_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_game (second, loaded);

  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 1);

  /* A save kept private stays private when it is saved again. */
  {
    GStatBuf st;

    g_assert_cmpint (g_chmod (path, 0600), ==, 0);
    g_assert_true (arb_save_write_file (first, NULL, file, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  }

  g_assert_false (arb_save_write_file (first, NULL, nowhere, NULL, &error));
  g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO);
  g_clear_error (&error);
  g_assert_null (arb_save_read_file (nowhere, NULL, NULL, &error));
  g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_assert_finalize_object (loaded);
  g_assert_finalize_object (first);
  g_assert_finalize_object (second);
}

static char *
make_file (const char *dir, const char *name, gint64 age_seconds)
{
  char *path = g_build_filename (dir, name, NULL);
  struct utimbuf times;

  g_assert_true (g_file_set_contents (path, "left by a killed save", -1, NULL));
  times.actime = times.modtime = (time_t) (g_get_real_time () / G_USEC_PER_SEC - age_seconds);
  g_assert_cmpint (g_utime (path, &times), ==, 0);
  return path;
}

/* A save killed half-way leaves NAME.XXXXXX behind; the next save of NAME
 * removes the old ones, and leaves a young one (another save under way) and
 * every other file. */
static void
test_save_stale_temporaries (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.arboretum", NULL);
  g_autofree char *stale = make_file (dir, "game.arboretum.a1B2c3", 3600);
  g_autofree char *young = make_file (dir, "game.arboretum.Zz9yY8", 0);
  g_autofree char *other_save = make_file (dir, "other.arboretum.a1B2c3", 3600);
  g_autofree char *not_temporary = make_file (dir, "game.arboretum.backup1", 3600);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  ArbGame *game = play_game (ARB_VARIANT_STANDARD, 2, 5, 10);

  g_assert_true (arb_save_write_file (game, NULL, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (young, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other_save, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (not_temporary, G_FILE_TEST_EXISTS));

  for (const char *const *p = (const char *const[]) { path, young, other_save, not_temporary, NULL };
       *p != NULL; p++)
    g_assert_cmpint (g_remove (*p), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_assert_finalize_object (game);
}

static ArbGame *
read_async (GFile *file, ArbReview **review, GError **error)
{
  g_autoptr (GAsyncResult) result = NULL;
  g_autofree char *what = g_strdup_printf ("the worker thread to read %s", g_file_peek_path (file));

  arb_save_read_file_async (file, NULL, arb_test_keep_result, &result);
  arb_test_wait_until (what, arb_test_has_result, &result);
  return arb_save_read_file_finish (result, review, error);
}

/* A FIFO chosen as a save (or left among the automatic saves) has no
 * writer: a plain open() would wait for one for ever. Read in a worker
 * thread, so that the old blocking open fails the wait's limit instead of
 * hanging the suite; refused at once, naming the file and why. */
static void
test_save_not_regular (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
  g_autofree char *fifo_path = g_build_filename (dir, "fifo.arboretum", NULL);
  g_autofree char *dir_path = g_build_filename (dir, "folder.arboretum", NULL);
  const char *paths[] = { fifo_path, dir_path, "/dev/zero" };

  g_assert_cmpint (mkfifo (fifo_path, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (dir_path, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (GFile) file = g_file_new_for_path (paths[i]);
      g_autoptr (GError) error = NULL;

      g_assert_null (read_async (file, NULL, &error));
      g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
      g_assert_nonnull (strstr (error->message, paths[i]));
    }
  arb_test_remove_tree (dir);
}

/* A 600 MB file (sparse: it takes no room) is refused by its size, before
 * a byte is read. */
static void
test_save_oversized_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.arboretum", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  int fd = g_open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 600 * 1000 * 1000), ==, 0);
  close (fd);
  g_assert_null (read_async (file, NULL, &error));
  g_assert_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "larger than 1.0"));
  arb_test_remove_tree (dir);
}

/* The window reads in a worker thread: the same game and review, the
 * same refusals. */
static void
test_save_read_async (void)
{
  g_autofree char *good_path = data_path ("good-standard-2p.arboretum");
  g_autofree char *reviewed_path = data_path ("good-standard-2p-review.arboretum");
  g_autofree char *bad_path = data_path ("bad-illegal-step.arboretum");
  g_autoptr (GFile) good = g_file_new_for_path (good_path);
  g_autoptr (GFile) reviewed = g_file_new_for_path (reviewed_path);
  g_autoptr (GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) async_error = NULL;
  ArbReview *review = NULL, *expected_review = NULL;
  ArbGame *expected = arb_save_read_file (good, NULL, NULL, &error);
  ArbGame *loaded;

  g_assert_no_error (error);
  loaded = read_async (good, &review, &error);
  g_assert_no_error (error);
  assert_same_game (expected, loaded);
  g_assert_null (review);
  g_assert_finalize_object (loaded);
  g_assert_finalize_object (expected);

  expected = arb_save_read_file (reviewed, &expected_review, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (expected_review);
  loaded = read_async (reviewed, &review, &error);
  g_assert_no_error (error);
  assert_same_game (expected, loaded);
  g_assert_nonnull (review);
  g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_review_get_n_steps (expected_review));
  g_assert_cmpuint (arb_review_get_n_steps (review), ==, arb_game_get_n_steps (loaded));

  g_assert_null (arb_save_read_file (bad, NULL, NULL, &error));
  g_assert_null (read_async (bad, NULL, &async_error));
  g_assert_error (async_error, error->domain, error->code);
  g_assert_cmpstr (async_error->message, ==, error->message);
  g_assert_finalize_object (review);
  g_assert_finalize_object (expected_review);
  g_assert_finalize_object (loaded);
  g_assert_finalize_object (expected);
}

/* The most recent game in progress, claimed, and read again with its review. */
static ArbAutosaveSlot *
claim_latest (ArbGame **game, ArbReview **review)
{
  g_autoptr (GPtrArray) games = arb_test_list_games (NULL);
  g_autoptr (GError) error = NULL;
  ArbAutosaveSlot *slot;

  g_assert_cmpuint (games->len, >=, 1);
  slot = arb_autosave_slot_claim (g_ptr_array_index (games, 0), &error);
  g_assert_no_error (error);
  g_assert_nonnull (slot);
  *game = arb_save_read_file (arb_autosave_slot_get_file (slot), review, NULL, &error);
  g_assert_no_error (error);
  return slot;
}

/* The automatic saves live under $XDG_DATA_HOME (a temporary directory
 * here, set by main()): one file a game in games/, and the single one of
 * earlier versions in current.arboretum. */
static void
test_autosave (void)
{
  g_autoptr (GFile) legacy = arb_autosave_get_file ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "arboretum",
                                                "current.arboretum", NULL);
  g_autofree char *games = g_build_filename (g_get_user_data_dir (), "arboretum", "games", NULL);
  g_autoptr (GFile) games_dir = arb_autosave_get_games_dir ();
  g_autoptr (GFile) slot_dir = NULL;
  g_autoptr (GError) error = NULL;
  ArbGame *game = play_game (ARB_VARIANT_CLASSIC, 2, 4, 20);
  ArbGame *finished = play_game (ARB_VARIANT_STANDARD, 2, 4, 0);
  ArbReview *review = NULL, *loaded_review = NULL;
  ArbReviewParams params;
  ArbGame *loaded = NULL;
  ArbAutosaveSlot *slot;
  GPtrArray *listed, *damaged = NULL;

  g_assert_cmpstr (g_file_peek_path (legacy), ==, expected);
  g_assert_cmpstr (g_file_peek_path (games_dir), ==, games);
  g_assert_false (arb_autosave_slot_available ());
  listed = arb_test_list_games (&damaged);
  g_assert_cmpuint (listed->len, ==, 0);
  g_assert_cmpuint (damaged->len, ==, 0);
  g_clear_pointer (&listed, g_ptr_array_unref);
  g_clear_pointer (&damaged, g_ptr_array_unref);

  slot = arb_autosave_slot_new ();
  slot_dir = g_file_get_parent (arb_autosave_slot_get_file (slot));
  g_assert_true (g_file_equal (slot_dir, games_dir));
  g_assert_true (arb_autosave_slot_write (slot, game, NULL, &error));
  g_assert_no_error (error);
  /* Held by the instance that plays it, it is offered to no other. */
  g_assert_false (arb_autosave_slot_available ());
  arb_autosave_slot_free (slot);
  g_assert_true (arb_autosave_slot_available ());
  slot = claim_latest (&loaded, &loaded_review);
  assert_same_game (game, loaded);
  g_assert_null (loaded_review);
  g_clear_object (&loaded);

  /* The review of the game in progress comes back with it. */
  arb_review_params_init (&params, 3);
  params.samples = 20;
  params.hard_playouts = 40;
  review = arb_review_run (game, &params, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (arb_autosave_slot_write (slot, game, review, &error));
  g_assert_no_error (error);
  arb_autosave_slot_free (slot);
  slot = claim_latest (&loaded, &loaded_review);
  assert_same_game (game, loaded);
  g_assert_nonnull (loaded_review);
  g_assert_cmpuint (arb_review_get_n_steps (loaded_review), ==, arb_review_get_n_steps (review));
  g_assert_finalize_object (loaded_review);
  g_assert_finalize_object (review);
  g_clear_object (&loaded);

  /* A finished game leaves nothing to resume. */
  g_assert_true (arb_autosave_slot_write (slot, finished, NULL, &error));
  arb_autosave_slot_free (slot);
  g_assert_false (arb_autosave_slot_available ());

  slot = arb_autosave_slot_new ();
  g_assert_true (arb_autosave_slot_write (slot, game, NULL, &error));
  g_assert_true (arb_autosave_slot_discard (slot, &error));
  arb_autosave_slot_free (slot);
  g_assert_false (arb_autosave_slot_available ());

  /* A damaged automatic save is named and set aside, not taken for none. */
  g_assert_true (g_file_set_contents (expected, "<arboretum-save", -1, NULL));
  listed = arb_test_list_games (&damaged);
  g_assert_cmpuint (listed->len, ==, 0);
  g_assert_cmpuint (damaged->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (damaged, 0), "current.arboretum: "));
  g_assert_false (g_file_test (expected, G_FILE_TEST_EXISTS));
  g_clear_pointer (&listed, g_ptr_array_unref);
  g_clear_pointer (&damaged, g_ptr_array_unref);

  g_assert_finalize_object (game);
  g_assert_finalize_object (finished);
}

/* A save of game in a slot of its own, last written age_seconds ago. */
static char *
write_slot_aged (ArbGame *game, int age_seconds)
{
  g_autoptr (ArbAutosaveSlot) slot = arb_autosave_slot_new ();
  g_autoptr (GError) error = NULL;
  char *path = g_file_get_path (arb_autosave_slot_get_file (slot));
  struct utimbuf times;

  g_assert_true (arb_autosave_slot_write (slot, game, NULL, &error));
  g_assert_no_error (error);
  times.actime = times.modtime = (time_t) (g_get_real_time () / G_USEC_PER_SEC - age_seconds);
  g_assert_cmpint (g_utime (path, &times), ==, 0);
  return path;
}

static const char *
line_about (GPtrArray *lines, const char *name)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (lines, i), name))
      return g_ptr_array_index (lines, i);
  return NULL;
}

/* Continue lists every intact game in progress, the most recent first: a
 * damaged save, even the newest, and a FIFO among the saves are named and
 * set aside into games/damaged/, hiding no other (issue 32). */
static void
test_autosave_damaged_newest (void)
{
  g_autoptr (GFile) games_dir = arb_autosave_get_games_dir ();
  const char *dir = g_file_peek_path (games_dir);
  g_autoptr (ArbGame) older = play_game (ARB_VARIANT_CLASSIC, 2, 5, 20);
  g_autoptr (ArbGame) newer = play_game (ARB_VARIANT_STANDARD, 3, 6, 20);
  g_autofree char *older_path = NULL;
  g_autofree char *newer_path = NULL;
  g_autofree char *damaged_id = g_uuid_string_random ();
  g_autofree char *damaged_name = g_strconcat (damaged_id, ".arboretum", NULL);
  g_autofree char *damaged_path = g_build_filename (dir, damaged_name, NULL);
  g_autofree char *fifo_path = g_build_filename (dir, "fifo.arboretum", NULL);
  g_autofree char *set_aside = g_build_filename (dir, "damaged", damaged_name, NULL);
  g_autofree char *fifo_set_aside = g_build_filename (dir, "damaged", "fifo.arboretum", NULL);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) damaged = NULL;
  const char *line;

  arb_test_remove_tree (dir);
  older_path = write_slot_aged (older, 100);
  newer_path = write_slot_aged (newer, 50);
  g_assert_true (g_file_set_contents (damaged_path, "<arboretum-save format=\"1\"><deck>", -1, NULL));
  g_assert_cmpint (mkfifo (fifo_path, 0600), ==, 0);

  games = arb_test_list_games (&damaged);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (arb_game_get_seed (((ArbAutosaveEntry *) games->pdata[0])->game), ==, 6);
  g_assert_cmpstr (g_file_peek_path (((ArbAutosaveEntry *) games->pdata[0])->file), ==, newer_path);
  g_assert_cmpuint (arb_game_get_seed (((ArbAutosaveEntry *) games->pdata[1])->game), ==, 5);
  g_assert_cmpstr (g_file_peek_path (((ArbAutosaveEntry *) games->pdata[1])->file), ==, older_path);
  g_assert_cmpuint (damaged->len, ==, 2);
  line = line_about (damaged, damaged_name);
  g_assert_nonnull (line);
  g_assert_cmpuint (strlen (line), <=, ARB_AUTOSAVE_DAMAGED_MAX);
  line = line_about (damaged, "fifo.arboretum: ");
  g_assert_nonnull (line);
  g_assert_nonnull (strstr (line, "not a regular file"));
  g_assert_false (g_file_test (damaged_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (fifo_path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (set_aside, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (fifo_set_aside, G_FILE_TEST_EXISTS));

  /* Set aside once, named once. */
  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_pointer (&damaged, g_ptr_array_unref);
  games = arb_test_list_games (&damaged);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (damaged->len, ==, 0);
  arb_test_remove_tree (dir);
}

static void
test_save_detect (void)
{
  g_assert_true (arb_save_looks_like_save ("\xef\xbb\xbf  \n<?xml", 10));
  g_assert_true (arb_save_looks_like_save ("<a/>", 4));
  g_assert_false (arb_save_looks_like_save (" {\"variant\": 1}", 15));
  g_assert_false (arb_save_looks_like_save ("", 0));
}

/* The rulebooks put a first card anywhere: a game whose first card is far
 * from (0, 0) saves and loads as it was played. */
static void
test_save_first_card_anywhere (void)
{
  g_autoptr (GPtrArray) players = arb_test_players (2, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = arb_game_new (ARB_VARIANT_STANDARD, players, 77, 0, &error);
  g_autoptr (ArbGame) loaded = NULL;
  g_autoptr (GBytes) bytes = NULL;
  const ArbState *state;
  ArbCard card;

  g_assert_no_error (error);
  g_assert_true (arb_test_draw (game, ARB_SOURCE_DECK, &error));
  g_assert_true (arb_test_draw (game, ARB_SOURCE_DECK, &error));
  card = arb_card_set_nth (&arb_game_get_state (game)->hands[0], 0);
  g_assert_true (arb_test_play (game, card, 7, -4, &error));
  g_assert_no_error (error);
  bytes = arb_save_to_bytes (game, NULL, &error);
  g_assert_no_error (error);
  loaded = arb_save_load_bytes (bytes, NULL, &error);
  g_assert_no_error (error);
  state = arb_game_get_state (loaded);
  g_assert_cmpuint (state->arboreta[0].n, ==, 1);
  g_assert_cmpint (state->arboreta[0].cells[0].x, ==, 7);
  g_assert_cmpint (state->arboreta[0].cells[0].y, ==, -4);
}

int
main (int argc, char *argv[])
{
  /* Before anything asks GLib for the data directory, which it keeps.
   * (G_TEST_OPTION_ISOLATE_DIRS would do it but leaks under ASan.) */
  g_autofree char *data_home = g_dir_make_tmp ("arb-save-data-XXXXXX", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/save/round-trip", test_save_round_trip);
  g_test_add_func ("/save/fresh-and-from-state", test_save_fresh_and_from_state);
  g_test_add_func ("/save/names", test_save_names);
  g_test_add_func ("/save/good-files", test_save_good_files);
  g_test_add_func ("/save/damaged-files", test_save_damaged_files);
  g_test_add_func ("/save/external-entity", test_save_external_entity);
  g_test_add_func ("/save/huge", test_save_huge);
  g_test_add_func ("/save/hostile-bytes", test_save_hostile_bytes);
  g_test_add_func ("/save/foreign-encodings", test_save_foreign_encodings);
  g_test_add_func ("/save/scan-markup", test_save_scan_markup);
  g_test_add_func ("/save/too-many", test_save_too_many);
  g_test_add_func ("/save/long-values", test_save_long_values);
  g_test_add_func ("/save/small-damages", test_save_small_damages);
  g_test_add_func ("/save/write-file", test_save_write_file);
  g_test_add_func ("/save/stale-temporaries", test_save_stale_temporaries);
  g_test_add_func ("/save/read-async", test_save_read_async);
  g_test_add_func ("/save/not-regular", test_save_not_regular);
  g_test_add_func ("/save/oversized-file", test_save_oversized_file);
  g_test_add_func ("/save/autosave", test_autosave);
  g_test_add_func ("/save/autosave-damaged-newest", test_autosave_damaged_newest);
  g_test_add_func ("/save/detect", test_save_detect);
  g_test_add_func ("/save/first-card-anywhere", test_save_first_card_anywhere);
  status = g_test_run ();
  arb_test_remove_tree (data_home);
  return status;
}
