/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-statistics.c: each person's record of the games played here.
 *
 * The record is a key file in the user's data folder, beside the automatic
 * saves: one group for the games already counted, one group a person. It is
 * read with a limit on its size and checked value by value before anything
 * is taken from it, since anything may have been put in its place; a file
 * that does not pass is refused in one line, set aside, and counting starts
 * again. It is written as a new file renamed over the old one.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-file.h"
#include "arb-rules.h"
#include "arb-scoring.h"

#include "arb-statistics.h"

#define N_VARIANTS (ARB_VARIANT_SOLO + 1)
#define FILE_VERSION 1
#define HEADER_GROUP "statistics"
/* A game's identity: the first 128 bits of a SHA-256, in hex. */
#define ID_LENGTH 32
/* No game scores more than this (every species' longest path, doubled):
 * a larger number is not a score. */
#define MAX_SCORE 999
#define MAX_GAMES_PLAYED 10000000
#define MAX_NAME_CHARS 32

/* One person's games. */
typedef struct {
  char     *name;
  gint64    last;                                  /* when they last played, in seconds */
  guint     streak;                                /* games won in a row, up to the last */
  guint     longest_streak;
  ArbTally  by_rules[N_VARIANTS][ARB_MAX_PLAYERS + 1]; /* by rule set and number of seats */
  ArbTally  against[ARB_AI_N_LEVELS];              /* games with that level at the table */
} Record;

struct _ArbStatistics
{
  GObject     parent_instance;

  GFile      *file;
  GPtrArray  *records;   /* of Record, the most recent player first */
  GPtrArray  *games;     /* the identities of the games counted, oldest first */
  GHashTable *counted;   /* the same, as a set */
  char       *problem;   /* the last file that could not be read or written, or NULL */
};

G_DEFINE_FINAL_TYPE (ArbStatistics, arb_statistics, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
record_free (Record *record)
{
  g_free (record->name);
  g_free (record);
}

/* g_get_user_data_dir()/arboretum/statistics.ini, beside the saves. */
GFile *
arb_statistics_dup_default_file (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "arboretum", "statistics.ini", NULL);
}

/* Statistics kept in file (NULL: the default file); nothing is read until
 * arb_statistics_load(). */
ArbStatistics *
arb_statistics_new (GFile *file)
{
  ArbStatistics *self = g_object_new (ARB_TYPE_STATISTICS, NULL);

  self->file = file != NULL ? g_object_ref (file) : arb_statistics_dup_default_file ();
  return self;
}

static void
set_problem (ArbStatistics *self, const char *problem)
{
  g_free (self->problem);
  self->problem = g_strdup (problem);
}

/* What could not be read or written last, in one line, or NULL. */
const char *
arb_statistics_get_problem (ArbStatistics *self)
{
  g_return_val_if_fail (ARB_IS_STATISTICS (self), NULL);
  return self->problem;
}

static void
forget_everything (ArbStatistics *self)
{
  g_ptr_array_set_size (self->records, 0);
  g_ptr_array_set_size (self->games, 0);
  g_hash_table_remove_all (self->counted);
}

/* ---- who played ------------------------------------------------------------ */

static Record *
find_record (ArbStatistics *self, const char *name)
{
  for (guint i = 0; i < self->records->len; i++)
    {
      Record *record = g_ptr_array_index (self->records, i);

      if (g_strcmp0 (record->name, name) == 0)
        return record;
    }
  return NULL;
}

/* name's record, brought to the front, the least recent player's given up
 * for a new name past the limit. */
static Record *
record_to_front (ArbStatistics *self, const char *name)
{
  Record *record = find_record (self, name);
  guint index;

  if (record != NULL && g_ptr_array_find (self->records, record, &index))
    g_ptr_array_steal_index (self->records, index);
  else
    {
      record = g_new0 (Record, 1);
      record->name = g_strdup (name);
      if (self->records->len >= ARB_STATISTICS_MAX_NAMES)
        g_ptr_array_remove_index (self->records, self->records->len - 1);
    }
  g_ptr_array_insert (self->records, 0, record);
  return record;
}

static void
tally_add (ArbTally *tally, gboolean won, guint points)
{
  tally->played++;
  tally->won += won ? 1 : 0;
  tally->points += points;
  tally->best = MAX (tally->best, points);
}

/* ---- a game's identity ----------------------------------------------------- */

/* The deal and who sits where: the same game whether it is played on,
 * replayed, opened again or continued from any of its steps. */
static char *
game_identity (ArbGame *game)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  const ArbState *start = arb_game_get_start_state (game);
  const ArbPile *deck = arb_game_get_deck (game);
  g_autofree char *head = g_strdup_printf ("arboretum-game %s %u %u", arb_variant_id (start->variant),
                                           (guint) start->species, arb_game_get_n_seats (game));

  g_checksum_update (checksum, (const guchar *) head, (gssize) strlen (head) + 1);
  for (guint seat = 0; seat < arb_game_get_n_seats (game); seat++)
    {
      ArbPlayer *player = arb_game_get_player (game, seat);
      g_autofree char *who = g_strdup_printf ("%d %s %s", (int) arb_player_get_kind (player),
                                              arb_player_get_level (player) != NULL ? arb_player_get_level (player) : "",
                                              arb_player_get_name (player));

      g_checksum_update (checksum, (const guchar *) who, (gssize) strlen (who) + 1);
    }
  for (guint i = 0; i < deck->n; i++)
    {
      guchar card = (guchar) deck->cards[i];
      g_checksum_update (checksum, &card, 1);
    }
  return g_strndup (g_checksum_get_string (checksum), ID_LENGTH);
}

static void
remember_game (ArbStatistics *self, const char *id)
{
  char *kept = g_strdup (id);

  if (self->games->len >= ARB_STATISTICS_MAX_GAMES)
    {
      g_hash_table_remove (self->counted, g_ptr_array_index (self->games, 0));
      g_ptr_array_remove_index (self->games, 0);
    }
  g_ptr_array_add (self->games, kept);
  g_hash_table_add (self->counted, kept);
}

/* ---- the file -------------------------------------------------------------- */

static char *
tally_key (ArbVariant variant, guint n_seats)
{
  return g_strdup_printf ("%s-%u", arb_variant_id (variant), n_seats);
}

static char *
against_key (ArbAiLevel level)
{
  return g_strconcat ("against-", arb_ai_level_id (level), NULL);
}

static void
write_tally (GKeyFile *keys, const char *group, const char *key, const ArbTally *tally)
{
  int values[] = { (int) tally->played, (int) tally->won, (int) tally->points, (int) tally->best };

  if (tally->played > 0)
    g_key_file_set_integer_list (keys, group, key, values, G_N_ELEMENTS (values));
}

static void
write_record (GKeyFile *keys, const char *group, const Record *record)
{
  int streaks[] = { (int) record->streak, (int) record->longest_streak };

  g_key_file_set_string (keys, group, "name", record->name);
  g_key_file_set_int64 (keys, group, "last", record->last);
  g_key_file_set_integer_list (keys, group, "streak", streaks, G_N_ELEMENTS (streaks));
  for (guint v = 0; v < N_VARIANTS; v++)
    for (guint n = 1; n <= ARB_MAX_PLAYERS; n++)
      {
        g_autofree char *key = tally_key ((ArbVariant) v, n);
        write_tally (keys, group, key, &record->by_rules[v][n]);
      }
  for (guint level = 0; level < ARB_AI_N_LEVELS; level++)
    {
      g_autofree char *key = against_key ((ArbAiLevel) level);
      write_tally (keys, group, key, &record->against[level]);
    }
}

/* Writes a new file and renames it over the old one. */
static gboolean
write_file (ArbStatistics *self, GError **error)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  g_autoptr (GFile) dir = g_file_get_parent (self->file);
  g_autofree char *data = NULL;
  g_autofree char *path = g_file_get_path (self->file);
  g_autoptr (GError) local_error = NULL;
  gsize length;

  g_key_file_set_integer (keys, HEADER_GROUP, "version", FILE_VERSION);
  g_key_file_set_string_list (keys, HEADER_GROUP, "games",
                              (const char * const *) self->games->pdata, self->games->len);
  for (guint i = 0; i < self->records->len; i++)
    {
      g_autofree char *group = g_strdup_printf ("player %u", i + 1);
      write_record (keys, group, g_ptr_array_index (self->records, i));
    }
  data = g_key_file_to_data (keys, &length, NULL);
  if (dir != NULL)
    g_mkdir_with_parents (g_file_peek_path (dir), 0700);
  if (!g_file_set_contents_full (path, data, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT, 0666,
                                 &local_error))
    {
      g_autofree char *base = g_file_get_basename (self->file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not write the statistics to “%s”: %s"), base, local_error->message);
      set_problem (self, (*error)->message);
      return FALSE;
    }
  set_problem (self, NULL);
  return TRUE;
}

/* Refuses the file in one line: what is wrong and where, never what the
 * file says. */
static gboolean
refuse (GError **error, const char *where, const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", where, what);
  return FALSE;
}

/* GKeyFile's own messages quote the line they stop at: each line is
 * checked first, so that a refusal names its line and nothing of it. */
static gboolean
check_lines (const char *data, gsize length, GError **error)
{
  const char *end = data + length;
  guint line = 1;

  if (memchr (data, '\0', length) != NULL)
    return refuse (error, _("the file"), _("contains a NUL byte"));
  if (!g_utf8_validate (data, (gssize) length, NULL))
    return refuse (error, _("the file"), _("is not UTF-8 text"));
  for (const char *p = data; p < end; line++)
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      gsize n = (gsize) ((eol != NULL ? eol : end) - p);
      gboolean ok;

      while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
      ok = n == 0 || p[0] == '#' || (p[0] == '[' && p[n - 1] == ']')
           || (p[0] != '[' && p[0] != '=' && memchr (p, '=', n) != NULL);
      if (!ok)
        {
          g_autofree char *where = g_strdup_printf (_("line %u"), line);
          return refuse (error, where, _("neither a group nor a key"));
        }
      p = eol != NULL ? eol + 1 : end;
    }
  return TRUE;
}

/* Reads the integers of key into values, exactly n of them, each within
 * 0..max. */
static gboolean
read_numbers (GKeyFile *keys, const char *group, const char *key, guint n, guint max,
              guint *values, const char *where, GError **error)
{
  gsize length = 0;
  g_autofree int *numbers = g_key_file_get_integer_list (keys, group, key, &length, NULL);

  if (numbers == NULL || length != n)
    return refuse (error, where, _("a value is not the numbers it should be"));
  for (guint i = 0; i < n; i++)
    {
      if (numbers[i] < 0 || (guint) numbers[i] > max)
        return refuse (error, where, _("a number is out of range"));
      values[i] = (guint) numbers[i];
    }
  return TRUE;
}

static gboolean
read_tally (GKeyFile *keys, const char *group, const char *key, ArbTally *tally,
            const char *where, GError **error)
{
  guint v[4];

  if (!read_numbers (keys, group, key, 4, G_MAXINT, v, where, error))
    return FALSE;
  if (v[0] > MAX_GAMES_PLAYED || v[1] > v[0] || v[3] > MAX_SCORE || v[2] > v[0] * MAX_SCORE
      || v[3] > v[2] || v[0] == 0)
    return refuse (error, where, _("games or points that do not add up"));
  *tally = (ArbTally) { v[0], v[1], v[2], v[3] };
  return TRUE;
}

/* Which tally key names, or NULL: a rule set and a number of seats it
 * allows, or a computer level. */
static ArbTally *
tally_for_key (Record *record, const char *key)
{
  for (guint v = 0; v < N_VARIANTS; v++)
    {
      guint min, max;

      arb_rules_seat_range ((ArbVariant) v, &min, &max);
      for (guint n = min; n <= max; n++)
        {
          g_autofree char *name = tally_key ((ArbVariant) v, n);
          if (strcmp (key, name) == 0)
            return &record->by_rules[v][n];
        }
    }
  for (guint level = 0; level < ARB_AI_N_LEVELS; level++)
    {
      g_autofree char *name = against_key ((ArbAiLevel) level);
      if (strcmp (key, name) == 0)
        return &record->against[level];
    }
  return NULL;
}

static gboolean
read_name (ArbStatistics *self, GKeyFile *keys, const char *group, Record *record,
           const char *where, GError **error)
{
  g_autofree char *name = g_key_file_get_string (keys, group, "name", NULL);
  glong n_chars = name != NULL ? g_utf8_strlen (name, -1) : 0;

  if (n_chars == 0 || n_chars > MAX_NAME_CHARS)
    return refuse (error, where, _("no name, or a name too long"));
  if (find_record (self, name) != NULL)
    return refuse (error, where, _("a name already given"));
  record->name = g_steal_pointer (&name);
  return TRUE;
}

static gboolean
read_key (GKeyFile *keys, const char *group, const char *key, Record *record,
          const char *where, GError **error)
{
  ArbTally *tally;

  if (strcmp (key, "name") == 0)
    return TRUE;
  if (strcmp (key, "last") == 0)
    {
      g_autoptr (GError) local_error = NULL;
      record->last = g_key_file_get_int64 (keys, group, key, &local_error);
      if (local_error != NULL || record->last < 0)
        return refuse (error, where, _("a date is not a number of seconds"));
      return TRUE;
    }
  if (strcmp (key, "streak") == 0)
    {
      guint v[2];

      if (!read_numbers (keys, group, key, 2, MAX_GAMES_PLAYED, v, where, error))
        return FALSE;
      if (v[0] > v[1])
        return refuse (error, where, _("a streak longer than the longest"));
      record->streak = v[0];
      record->longest_streak = v[1];
      return TRUE;
    }
  tally = tally_for_key (record, key);
  if (tally == NULL)
    return refuse (error, where, _("a key it should not have"));
  return read_tally (keys, group, key, tally, where, error);
}

static gboolean
read_record (ArbStatistics *self, GKeyFile *keys, const char *group, guint index, GError **error)
{
  /* Translators: where a statistics file is wrong: its Nth group. */
  g_autofree char *where = g_strdup_printf (_("group %u"), index + 1);
  g_auto (GStrv) names = g_key_file_get_keys (keys, group, NULL, NULL);
  Record *record = g_new0 (Record, 1);

  g_ptr_array_add (self->records, record);
  if (!read_name (self, keys, group, record, where, error))
    return FALSE;
  for (guint k = 0; names != NULL && names[k] != NULL; k++)
    if (!read_key (keys, group, names[k], record, where, error))
      return FALSE;
  return TRUE;
}

static gboolean
read_header (ArbStatistics *self, GKeyFile *keys, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_auto (GStrv) games = NULL;
  gsize n_games = 0;
  int version = g_key_file_get_integer (keys, HEADER_GROUP, "version", &local_error);

  if (local_error != NULL || version != FILE_VERSION)
    return refuse (error, _("group 1"), _("not statistics of this version"));
  games = g_key_file_get_string_list (keys, HEADER_GROUP, "games", &n_games, NULL);
  if (n_games > ARB_STATISTICS_MAX_GAMES)
    return refuse (error, _("group 1"), _("too many games"));
  for (gsize i = 0; i < n_games; i++)
    {
      if (strlen (games[i]) != ID_LENGTH || strspn (games[i], "0123456789abcdef") != ID_LENGTH)
        return refuse (error, _("group 1"), _("a game that is not a game’s identity"));
      if (!g_hash_table_contains (self->counted, games[i]))
        remember_game (self, games[i]);
    }
  return TRUE;
}

static gboolean
read_data (ArbStatistics *self, const char *data, gsize length, GError **error)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  g_auto (GStrv) groups = NULL;
  gsize n_groups = 0;

  if (!check_lines (data, length, error))
    return FALSE;
  if (!g_key_file_load_from_data (keys, data, length, G_KEY_FILE_NONE, NULL))
    return refuse (error, _("the file"), _("is not a key file"));
  groups = g_key_file_get_groups (keys, &n_groups);
  if (n_groups == 0 || strcmp (groups[0], HEADER_GROUP) != 0)
    return refuse (error, _("group 1"), _("not statistics of this version"));
  if (n_groups > 1 + ARB_STATISTICS_MAX_NAMES)
    return refuse (error, _("the file"), _("too many players"));
  if (!read_header (self, keys, error))
    return FALSE;
  for (gsize i = 1; i < n_groups; i++)
    if (!read_record (self, keys, groups[i], (guint) i, error))
      return FALSE;
  return TRUE;
}

/* A file refused is kept beside, as NAME.damaged, for whoever wants to
 * see it; counting starts again in a new one. */
static void
set_aside (ArbStatistics *self)
{
  g_autofree char *path = g_file_get_path (self->file);
  g_autofree char *aside = g_strconcat (path, ".damaged", NULL);

  if (g_rename (path, aside) != 0)
    g_debug ("Could not set %s aside", path);
}

/* Reads the file. None yet is no error. One that is not statistics, too
 * large or not a regular file is refused in one line naming the file and
 * what is wrong where, set aside, and the statistics start empty. */
gboolean
arb_statistics_load (ArbStatistics *self, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *base = g_file_get_basename (self->file);
  g_autofree char *message = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  forget_everything (self);
  set_problem (self, NULL);
  bytes = arb_file_read_bounded (self->file, ARB_STATISTICS_MAX_SIZE, NULL, &local_error);
  if (bytes == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  if (bytes != NULL)
    {
      data = g_bytes_get_data (bytes, &length);
      if (read_data (self, length > 0 ? data : "", length, &local_error))
        {
          g_signal_emit (self, signals[CHANGED], 0);
          return TRUE;
        }
    }
  message = g_strdup_printf ("%s: %s", base, local_error->message);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, message);
  set_problem (self, message);
  forget_everything (self);
  if (bytes != NULL || !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    set_aside (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return FALSE;
}

/* ---- counting -------------------------------------------------------------- */

/* Counts seat's result in game: by its rule set and seats, its streak, and
 * against each computer level at the table (once a level). */
static void
count_seat (ArbStatistics *self, ArbGame *game, guint seat, const ArbScoreSheet *sheet, gint64 now)
{
  Record *record = record_to_front (self, arb_player_get_name (arb_game_get_player (game, seat)));
  gboolean won = (sheet->winners & (1u << seat)) != 0;
  guint points = sheet->players[seat].total;
  gboolean met[ARB_AI_N_LEVELS] = { FALSE };

  record->last = now;
  tally_add (&record->by_rules[arb_game_get_variant (game)][arb_game_get_n_seats (game)], won, points);
  record->streak = won ? record->streak + 1 : 0;
  record->longest_streak = MAX (record->longest_streak, record->streak);
  for (guint other = 0; other < arb_game_get_n_seats (game); other++)
    {
      ArbAiLevel level;

      if (other != seat && arb_ai_player_level (arb_game_get_player (game, other), &level) && !met[level])
        {
          met[level] = TRUE;
          tally_add (&record->against[level], won, points);
        }
    }
}

/* Whether seat's game counts: a person's (online, only_seat's), once a
 * name, should two seats have the same. */
static gboolean
counts_for (ArbGame *game, guint seat, int only_seat)
{
  const char *name = arb_player_get_name (arb_game_get_player (game, seat));

  if (only_seat >= 0)
    return (int) seat == only_seat;
  if (arb_player_get_kind (arb_game_get_player (game, seat)) != ARB_PLAYER_PERSON)
    return FALSE;
  for (guint before = 0; before < seat; before++)
    if (g_strcmp0 (arb_player_get_name (arb_game_get_player (game, before)), name) == 0
        && arb_player_get_kind (arb_game_get_player (game, before)) == ARB_PLAYER_PERSON)
      return FALSE;
  return TRUE;
}

/* Counts a finished game for its people (only_seat >= 0: for that seat
 * alone, the one played at this screen online) and writes the file.
 * Returns TRUE when the game was counted now: FALSE with error unset for a
 * game counted before or without a person to count. Counted games stay
 * counted even when the file cannot be written (error then says why). */
gboolean
arb_statistics_record (ArbStatistics *self, ArbGame *game, int only_seat, GError **error)
{
  g_autofree char *id = NULL;
  ArbScoreSheet sheet;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gboolean any = FALSE;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (ARB_IS_GAME (game) && arb_game_is_finished (game), FALSE);
  id = game_identity (game);
  if (g_hash_table_contains (self->counted, id))
    return FALSE;
  for (guint seat = 0; seat < arb_game_get_n_seats (game); seat++)
    any |= counts_for (game, seat, only_seat);
  if (!any)
    return FALSE;
  arb_game_get_score (game, &sheet);
  for (guint seat = 0; seat < arb_game_get_n_seats (game); seat++)
    if (counts_for (game, seat, only_seat))
      count_seat (self, game, seat, &sheet, now);
  remember_game (self, id);
  g_signal_emit (self, signals[CHANGED], 0);
  write_file (self, error);
  return TRUE;
}

/* Forgets every person's games. The games counted stay known, so that
 * none counts again when it is replayed or opened after the reset. */
gboolean
arb_statistics_reset (ArbStatistics *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  g_ptr_array_set_size (self->records, 0);
  g_signal_emit (self, signals[CHANGED], 0);
  return write_file (self, error);
}

/* ---- following a session --------------------------------------------------- */

typedef struct {
  ArbStatistics *statistics;
  gboolean       countable;       /* the session's game counts when it ends */
  gboolean       playing_online;  /* ...a game online, not over when it came */
} Watch;

static void
watch_free (gpointer data, GClosure *closure)
{
  Watch *watch = data;

  g_object_unref (watch->statistics);
  g_free (watch);
}

/* A game counts when it ends where it was played: one opened already over
 * never does. Online, the host's record of the game that comes at its end
 * takes the place of this seat's copy, whose hidden cards were made up:
 * the record counts, the copy never. */
static void
on_session_game (ArbSession *session, GParamSpec *pspec, Watch *watch)
{
  ArbGame *game = arb_session_get_game (session);
  gboolean online = arb_session_get_online_seat (session) >= 0;
  gboolean finished = game != NULL && arb_game_is_finished (game);

  watch->countable = online ? finished && watch->playing_online : game != NULL && !finished;
  watch->playing_online = online && game != NULL && !finished;
}

static void
on_session_game_ended (ArbSession *session, Watch *watch)
{
  g_autoptr (GError) error = NULL;

  if (!watch->countable)
    return;
  if (!arb_statistics_record (watch->statistics, arb_session_get_game (session),
                              arb_session_get_online_seat (session), &error)
      && error != NULL)
    g_debug ("%s", error->message);
}

/* Counts every game session plays to its end. */
void
arb_statistics_watch (ArbStatistics *self, ArbSession *session)
{
  Watch *watch = g_new0 (Watch, 1);

  g_return_if_fail (ARB_IS_STATISTICS (self));
  g_return_if_fail (ARB_IS_SESSION (session));
  watch->statistics = g_object_ref (self);
  on_session_game (session, NULL, watch);
  g_signal_connect_data (session, "notify::game", G_CALLBACK (on_session_game), watch, NULL, 0);
  g_signal_connect_data (session, "game-ended", G_CALLBACK (on_session_game_ended), watch,
                         watch_free, 0);
}

/* ---- reading --------------------------------------------------------------- */

/* The names with games counted, the most recent player first. */
char **
arb_statistics_dup_names (ArbStatistics *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **names;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), NULL);
  for (guint i = 0; i < self->records->len; i++)
    g_strv_builder_add (builder, ((Record *) g_ptr_array_index (self->records, i))->name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

/* name's games under variant with n_seats seats; FALSE (and an empty
 * tally) for a name without games. */
gboolean
arb_statistics_get_tally (ArbStatistics *self, const char *name, ArbVariant variant, guint n_seats,
                          ArbTally *tally)
{
  Record *record;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail ((guint) variant < N_VARIANTS && n_seats <= ARB_MAX_PLAYERS, FALSE);
  record = find_record (self, name);
  *tally = record != NULL ? record->by_rules[variant][n_seats] : (ArbTally) { 0 };
  return record != NULL;
}

/* name's games under every rule set. */
gboolean
arb_statistics_get_total (ArbStatistics *self, const char *name, ArbTally *tally)
{
  Record *record;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  record = find_record (self, name);
  *tally = (ArbTally) { 0 };
  for (guint v = 0; record != NULL && v < N_VARIANTS; v++)
    for (guint n = 0; n <= ARB_MAX_PLAYERS; n++)
      {
        const ArbTally *one = &record->by_rules[v][n];

        tally->played += one->played;
        tally->won += one->won;
        tally->points += one->points;
        tally->best = MAX (tally->best, one->best);
      }
  return record != NULL;
}

/* name's games with a computer of level at the table. */
gboolean
arb_statistics_get_against (ArbStatistics *self, const char *name, ArbAiLevel level, ArbTally *tally)
{
  Record *record;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail ((guint) level < ARB_AI_N_LEVELS, FALSE);
  record = find_record (self, name);
  *tally = record != NULL ? record->against[level] : (ArbTally) { 0 };
  return record != NULL;
}

/* name's longest run of games won, and the run up to the last game. */
gboolean
arb_statistics_get_streaks (ArbStatistics *self, const char *name, guint *longest, guint *current)
{
  Record *record;

  g_return_val_if_fail (ARB_IS_STATISTICS (self), FALSE);
  record = find_record (self, name);
  if (longest != NULL)
    *longest = record != NULL ? record->longest_streak : 0;
  if (current != NULL)
    *current = record != NULL ? record->streak : 0;
  return record != NULL;
}

/* ---- the class ------------------------------------------------------------- */

static void
arb_statistics_finalize (GObject *object)
{
  ArbStatistics *self = ARB_STATISTICS (object);

  g_clear_object (&self->file);
  g_ptr_array_unref (self->records);
  g_hash_table_unref (self->counted);
  g_ptr_array_unref (self->games);
  g_free (self->problem);
  G_OBJECT_CLASS (arb_statistics_parent_class)->finalize (object);
}

static void
arb_statistics_class_init (ArbStatisticsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_statistics_finalize;

  /* A game was counted, or the statistics were read or reset. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_statistics_init (ArbStatistics *self)
{
  self->records = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  self->games = g_ptr_array_new_with_free_func (g_free);
  self->counted = g_hash_table_new (g_str_hash, g_str_equal);
}
