/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-table.c: one game the server holds. The table decides everything:
 * it checks each move with the rules, asks its computer seats for theirs
 * (ArbSeatDriver, as every game does), writes
 * every step to its files before anybody is told of it, and sends each
 * connection the projection of its own seat (the public one to a
 * spectator), never more.
 *
 * Files in the server's directory: ID.arboretum, the save game as it was
 * when last written whole (at the start, when a seat is named or given to
 * a computer, at the end, and when the table is read again); ID.steps, the
 * steps taken since, one line each, appended: a step costs a few
 * microseconds of writing, not a whole save; and ID.table, a key file with
 * the code, the host's seat and the seats' tokens, names and computers.
 * The key file is written first and wins: a seat named or given to a
 * computer just before a crash is so after it, whatever the save says.
 *
 * A table that cannot write (a full disk) takes no step: the mover is
 * refused, everybody at the table is told why, and every RETRY_SECONDS,
 * and at every move tried, the table writes its files whole again; once
 * that works the game goes on. So a step anybody saw is never lost. */
/* O_CLOEXEC and O_NOFOLLOW are POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-file.h"
#include "arb-save.h"
#include "arb-seat-driver.h"
#include "arb-net-protocol.h"
#include "arb-net-secret.h"
#include "arb-net-table.h"

#define RETRY_SECONDS 5
/* A whole game's steps are a few hundred lines of under 100 bytes. */
#define MAX_STEPS_FILE (64 * 1024)
#define MAX_STEP_LINE 256
/* Moves refused for want of a disk tell the mover; the others are told
 * apart. NOBODY: a computer's step, everybody is told. */
#define NOBODY G_MININT

struct _ArbNetTable
{
  GObject       parent_instance;

  char         *id;
  char         *code;
  ArbGame      *game;
  GFile        *dir;
  char         *steps_path;
  char         *tokens[ARB_MAX_PLAYERS];
  gboolean      claimed[ARB_MAX_PLAYERS];
  gint64        left_at[ARB_MAX_PLAYERS];  /* monotonic: when its person left */
  int           host_seat;                 /* -1: nobody hosts */
  guint         replace_after;             /* seconds away before replace */
  GPtrArray    *peers;
  ArbSeatDriver *computers; /* asks the computers' seats for their moves */
  char         *cannot_save;  /* why the files are behind, told to players; NULL when they are not */
  guint         retry_source;
};

G_DEFINE_FINAL_TYPE (ArbNetTable, arb_net_table, G_TYPE_OBJECT)

static void maybe_play_computer (ArbNetTable *self);
static void write_whole_or_stop (ArbNetTable *self);
static void stop_saving (ArbNetTable *self, const GError *error, int told);
static void send_cannot_save (ArbNetTable *self, ArbNetPeer *peer);
static void broadcast (ArbNetTable *self);

static GFile *
table_file (ArbNetTable *self, const char *extension)
{
  g_autofree char *name = g_strconcat (self->id, extension, NULL);

  return g_file_get_child (self->dir, name);
}

static gboolean
is_person (ArbNetTable *self, guint seat)
{
  return arb_player_get_kind (arb_game_get_player (self->game, seat)) == ARB_PLAYER_PERSON;
}

/* ---- writing ---------------------------------------------------------------- */

/* Why the table cannot write, in the words its players read: from errno,
 * so that a full disk says so. */
static void
set_cannot_write (GError **error, int saved_errno)
{
  const char *why;

  switch (saved_errno)
    {
    case ENOSPC:
      why = _("its disk is full");
      break;
    case EDQUOT:
      why = _("its disk quota is used up");
      break;
    case EFBIG:
      why = _("a file would be larger than the server may write");
      break;
    case EROFS:
      why = _("its disk is read-only");
      break;
    case EACCES:
    case EPERM:
      why = _("it may not write into its folder");
      break;
    case EIO:
      why = _("its disk fails");
      break;
    default:
      why = g_strerror (saved_errno);
      break;
    }
  /* Translators: %s says why, e.g. "its disk is full". */
  g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_SERVER, _("The server cannot save this game: %s"), why);
}

/* All of data, a write cut short (at a file size limit) going on until it
 * fails; errno says why. */
static gboolean
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      gssize written = write (fd, data, length);

      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0)
        {
          if (written == 0)
            errno = EIO;
          return FALSE;
        }
      data += written;
      length -= (gsize) written;
    }
  return TRUE;
}

/* Writes data to path opened with flags, and closes it: a disk that
 * reports a full disk only at close is heard too. */
static gboolean
write_to (const char *path, int flags, const char *data, gsize length, GError **error)
{
  int fd = g_open (path, flags | O_WRONLY | O_CLOEXEC, 0600);
  int saved_errno;

  if (fd < 0)
    {
      set_cannot_write (error, errno);
      return FALSE;
    }
  if (!write_all (fd, data, length))
    {
      saved_errno = errno;
      close (fd);
      set_cannot_write (error, saved_errno);
      return FALSE;
    }
  if (close (fd) != 0)
    {
      set_cannot_write (error, errno);
      return FALSE;
    }
  return TRUE;
}

/* A file of the table, written beside and renamed over the old one: a
 * server killed at any instant leaves one whole file. It is not synced to
 * the disk (that costs tens of milliseconds): once written it survives the
 * server killed, and only a power cut in the next seconds could lose it. */
static gboolean
write_file (ArbNetTable *self, const char *extension, const char *data, gsize length, GError **error)
{
  g_autoptr (GFile) file = table_file (self, extension);
  const char *path = g_file_peek_path (file);
  g_autofree char *temporary = g_strconcat (path, ".new", NULL);

  if (!write_to (temporary, O_CREAT | O_TRUNC, data, length, error))
    {
      g_unlink (temporary);
      return FALSE;
    }
  if (g_rename (temporary, path) != 0)
    {
      set_cannot_write (error, errno);
      g_unlink (temporary);
      return FALSE;
    }
  return TRUE;
}

/* The steps file, emptied rather than removed: the table's next step is
 * appended to a file that is there. Creating it at each table's first step
 * was a sixth of the server's time a move (ext4_create, the inodes of files
 * just renamed over). Anything but a regular file there (a link to
 * /dev/full, a FIFO) is removed and a file made in its place. */
static gboolean
empty_steps_file (ArbNetTable *self, GError **error)
{
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
  int fd = g_open (self->steps_path, flags | O_TRUNC, 0600);
  struct stat status;

  if (fd >= 0 && (fstat (fd, &status) != 0 || !S_ISREG (status.st_mode)))
    {
      close (fd);
      fd = -1;
      errno = ELOOP;
    }
  if (fd < 0 && (errno == ELOOP || errno == ENXIO))
    {
      if (g_unlink (self->steps_path) != 0 && errno != ENOENT)
        {
          set_cannot_write (error, errno);
          return FALSE;
        }
      fd = g_open (self->steps_path, flags | O_EXCL, 0600);
    }
  if (fd < 0)
    {
      set_cannot_write (error, errno);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

/* The save game, as the game writes it (docs/save-format.md), with every
 * step: the steps file has nothing it lacks, and is emptied. */
static gboolean
write_save (ArbNetTable *self, GError **error)
{
  g_autoptr (GBytes) bytes = arb_save_to_bytes (self->game, NULL, error);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  return write_file (self, ".arboretum", data, length, error) && empty_steps_file (self, error);
}

/* The key file: what the save game does not hold. Tokens are secrets: the
 * server's directory is private to its user. */
static gboolean
write_keyfile (ArbNetTable *self, GError **error)
{
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autofree char *data = NULL;
  gsize length;

  g_key_file_set_string (keyfile, "table", "id", self->id);
  g_key_file_set_string (keyfile, "table", "code", self->code);
  g_key_file_set_integer (keyfile, "table", "host", self->host_seat);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    {
      g_autofree char *group = g_strdup_printf ("seat %u", seat);
      ArbPlayer *player = arb_game_get_player (self->game, seat);

      if (self->tokens[seat] != NULL)
        g_key_file_set_string (keyfile, group, "token", self->tokens[seat]);
      g_key_file_set_boolean (keyfile, group, "claimed", self->claimed[seat]);
      g_key_file_set_string (keyfile, group, "name", arb_player_get_name (player));
      if (!is_person (self, seat))
        g_key_file_set_string (keyfile, group, "level", arb_player_get_level (player));
    }
  data = g_key_file_to_data (keyfile, &length, NULL);
  return write_file (self, ".table", data, length, error);
}

/* One line of the steps file: the step's number, its player and its move
 * as the protocol writes a move (a draw's card too, for a reader). */
static char *
step_line (guint index, const ArbStep *step)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("step");
  g_autofree char *text = NULL;

  json_builder_set_member_name (builder, "step");
  json_builder_add_int_value (builder, index);
  json_builder_set_member_name (builder, "player");
  json_builder_add_int_value (builder, step->player);
  arb_net_add_move (builder, &step->move);
  text = arb_net_to_text (builder);
  return g_strconcat (text, "\n", NULL);
}

/* The next step, appended to the steps file. A write cut short leaves a
 * last line without its end, which the reader leaves out; and the table
 * writes its files whole before it appends again. */
static gboolean
append_step (ArbNetTable *self, const ArbStep *step, GError **error)
{
  g_autofree char *line = step_line (arb_game_get_n_steps (self->game), step);

  return write_to (self->steps_path, O_CREAT | O_APPEND, line, strlen (line), error);
}

/* The game again, with players at its seats: a player's name and kind
 * are fixed when the game is made, so a seat named or given to a computer
 * is a new game with the same deal and every step taken again. */
static gboolean
rebuild_game (ArbNetTable *self, GPtrArray *players, GError **error)
{
  ArbGame *old = self->game;
  g_autoptr (ArbGame) game = arb_game_new_same_deal (old, players, error);

  if (game == NULL)
    return FALSE;
  for (guint i = 0; i < arb_game_get_n_steps (old); i++)
    if (!arb_game_apply_step (game, arb_game_get_step (old, i), error))
      return FALSE;
  g_set_object (&self->game, game);
  return TRUE;
}

/* The game with the player at seat replaced by player. */
static gboolean
set_player (ArbNetTable *self, guint seat, ArbPlayer *player, GError **error)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint p = 0; p < arb_net_table_get_n_seats (self); p++)
    g_ptr_array_add (players, g_object_ref (p == seat ? player : arb_game_get_player (self->game, p)));
  return rebuild_game (self, players, error);
}

static char *
steps_path (ArbNetTable *self)
{
  g_autoptr (GFile) file = table_file (self, ".steps");

  return g_file_get_path (file);
}

/* A new table for game, written into dir. */
ArbNetTable *
arb_net_table_new (ArbGame *game, GFile *dir, GError **error)
{
  g_autoptr (ArbNetTable) self = g_object_new (ARB_TYPE_NET_TABLE, NULL);

  self->id = arb_net_new_table_id ();
  self->code = arb_net_new_code ();
  self->game = g_object_ref (game);
  self->dir = g_object_ref (dir);
  self->steps_path = steps_path (self);
  for (guint seat = 0; seat < arb_game_get_n_seats (game); seat++)
    {
      self->claimed[seat] = !is_person (self, seat);
      if (is_person (self, seat))
        self->tokens[seat] = arb_net_new_token ();
    }
  if (!write_save (self, error) || !write_keyfile (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* The player the key file gives seat, or NULL when it says nothing the
 * save does not say already. Older key files have no name and no level;
 * and a key file only ever turns a person into a computer, never back. */
static ArbPlayer *
player_of_keyfile (ArbNetTable *self, GKeyFile *keyfile, const char *group, guint seat)
{
  ArbPlayer *player = arb_game_get_player (self->game, seat);
  g_autofree char *name_text = g_key_file_get_string (keyfile, group, "name", NULL);
  g_autofree char *level_id = g_key_file_get_string (keyfile, group, "level", NULL);
  g_autofree char *name = arb_net_name_normalize (name_text, NULL);
  ArbAiLevel level;
  gboolean replaced = is_person (self, seat) && level_id != NULL && arb_ai_level_from_id (level_id, &level);

  if (name == NULL)
    name = g_strdup (arb_player_get_name (player));
  if (replaced)
    return arb_player_new (name, ARB_PLAYER_COMPUTER, arb_ai_level_id (level));
  if (g_str_equal (name, arb_player_get_name (player)))
    return NULL;
  return arb_player_new (name, arb_player_get_kind (player), arb_player_get_level (player));
}

static gboolean
read_seats (ArbNetTable *self, GKeyFile *keyfile, GError **error)
{
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    {
      g_autofree char *group = g_strdup_printf ("seat %u", seat);
      g_autoptr (ArbPlayer) player = player_of_keyfile (self, keyfile, group, seat);

      if (player != NULL && !set_player (self, seat, player, error))
        return FALSE;
    }
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    {
      g_autofree char *group = g_strdup_printf ("seat %u", seat);
      g_autoptr (GError) local = NULL;

      self->claimed[seat] = g_key_file_get_boolean (keyfile, group, "claimed", &local);
      if (local != NULL)
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
      if (!is_person (self, seat))
        continue;
      self->tokens[seat] = g_key_file_get_string (keyfile, group, "token", error);
      if (self->tokens[seat] == NULL)
        return FALSE;
      if (strlen (self->tokens[seat]) != ARB_NET_TOKEN_LENGTH)
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       _("Seat %u has no valid token"), seat + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* The steps file (*data NULL when there is none): a regular file only (a
 * FIFO would hang the server), and no longer than a whole game's steps. */
static gboolean
read_steps_file (ArbNetTable *self, char **data, gsize *length, GError **error)
{
  int fd = g_open (self->steps_path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
  g_autoptr (GBytes) bytes = NULL;

  *data = NULL;
  *length = 0;
  if (fd < 0 && errno == ENOENT)
    return TRUE;
  if (fd >= 0)
    {
      bytes = arb_file_read_bounded_fd (fd, MAX_STEPS_FILE, NULL, NULL);
      close (fd);
    }
  if (bytes == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("The table’s steps file is not a regular file of at most %d KiB"), MAX_STEPS_FILE / 1024);
      return FALSE;
    }
  /* An empty file is a steps file too: *data is never NULL here. */
  *data = g_malloc (g_bytes_get_size (bytes) + 1);
  *length = g_bytes_get_size (bytes);
  memcpy (*data, g_bytes_get_data (bytes, NULL), *length);
  (*data)[*length] = '\0';
  return TRUE;
}

/* One line of the steps file, as step_line() writes it, taken as the
 * game's next step through the rules. A line for a step the save holds
 * already (the save was written and the server killed before the steps
 * file went) is passed over. */
static gboolean
read_step_line (ArbNetTable *self, const char *line, guint number, GError **error)
{
  g_autoptr (JsonObject) object = NULL;
  g_autoptr (GError) local = NULL;
  const char *type;
  gint64 index, player;
  ArbMove move;

  object = arb_net_parse_limited (line, strlen (line), MAX_STEP_LINE, &type, &local);
  if (object == NULL || !g_str_equal (type, "step")
      || !arb_net_get_int (object, "step", 0, G_MAXUINT16, &index, &local)
      || !arb_net_get_int (object, "player", 0, ARB_MAX_PLAYERS - 1, &player, &local)
      || !arb_net_read_move (object, &move, &local))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("Line %u of the table’s steps file is damaged"), number);
      return FALSE;
    }
  if (index < arb_game_get_n_steps (self->game))
    return TRUE;
  if (index > arb_game_get_n_steps (self->game)
      || player != arb_game_get_current_player (self->game)
      || !arb_game_apply (self->game, &move, &local))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("Line %u of the table’s steps file is not the game’s next step"),
                   number);
      return FALSE;
    }
  return TRUE;
}

/* The steps taken since the save was written whole. A last line without
 * its end is a step whose writing was cut short: nobody was told of it,
 * and it is left out. *read: whether there was a steps file. */
static gboolean
read_steps (ArbNetTable *self, gboolean *read, GError **error)
{
  g_autofree char *data = NULL;
  char *line, *end;
  gsize length;
  guint number = 1;

  if (!read_steps_file (self, &data, &length, error))
    return FALSE;
  *read = data != NULL;
  if (data == NULL)
    return TRUE;
  for (line = data; (end = memchr (line, '\n', length - (gsize) (line - data))) != NULL; line = end + 1, number++)
    {
      *end = '\0';
      if (!read_step_line (self, line, number, error))
        return FALSE;
    }
  return TRUE;
}

/* A table written by a server before, from its key file: the save game
 * beside it and the steps appended since are read, every step checked
 * again by the rules. */
ArbNetTable *
arb_net_table_load (GFile *keyfile_file, GError **error)
{
  g_autoptr (ArbNetTable) self = g_object_new (ARB_TYPE_NET_TABLE, NULL);
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *code = NULL;
  g_autoptr (GFile) save = NULL;
  gboolean steps_read;

  /* A FIFO or a huge file named *.table is refused, never waited on. */
  bytes = arb_file_read_bounded (keyfile_file, ARB_SAVE_MAX_SIZE, NULL, error);
  if (bytes == NULL
      || !g_key_file_load_from_data (keyfile, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                     G_KEY_FILE_NONE, error))
    return NULL;
  self->id = g_key_file_get_string (keyfile, "table", "id", error);
  if (self->id == NULL || (code = g_key_file_get_string (keyfile, "table", "code", error)) == NULL)
    return NULL;
  self->code = arb_net_code_normalize (code);
  if (self->code == NULL || strlen (self->id) > 64 || strchr (self->id, '/') != NULL)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("The table’s id or code is damaged"));
      return NULL;
    }
  self->dir = g_file_get_parent (keyfile_file);
  self->steps_path = steps_path (self);
  save = table_file (self, ".arboretum");
  self->game = arb_save_read_file (save, NULL, NULL, error);
  if (self->game == NULL || !read_steps (self, &steps_read, error) || !read_seats (self, keyfile, error))
    return NULL;
  self->host_seat = g_key_file_get_integer (keyfile, "table", "host", NULL);
  if (self->host_seat < 0 || self->host_seat >= (int) arb_net_table_get_n_seats (self)
      || !g_key_file_has_key (keyfile, "table", "host", NULL))
    self->host_seat = -1;
  /* Appending after a line cut short would hide every line after it. */
  if (steps_read)
    write_whole_or_stop (self);
  return g_steal_pointer (&self);
}

const char *
arb_net_table_get_id (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), NULL);
  return self->id;
}

const char *
arb_net_table_get_code (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), NULL);
  return self->code;
}

ArbGame *
arb_net_table_get_game (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), NULL);
  return self->game;
}

guint
arb_net_table_get_n_seats (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), 0);
  return arb_game_get_n_seats (self->game);
}

/* NULL for a computer's seat. */
const char *
arb_net_table_get_token (ArbNetTable *self, guint seat)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), NULL);
  g_return_val_if_fail (seat < ARB_MAX_PLAYERS, NULL);
  return self->tokens[seat];
}

/* Whether every seat has been taken once: the game waits for that. */
/* The connections at the table, seats and spectators. */
guint
arb_net_table_get_n_peers (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), 0);
  return self->peers->len;
}

gboolean
arb_net_table_get_started (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), FALSE);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    if (!self->claimed[seat])
      return FALSE;
  return TRUE;
}

/* Deletes every file the table keeps in the server's directory. */
void
arb_net_table_remove_files (ArbNetTable *self)
{
  static const char * const extensions[] = { ".table", ".arboretum", ".steps" };

  g_return_if_fail (ARB_IS_NET_TABLE (self));

  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    {
      g_autoptr (GFile) file = table_file (self, extensions[i]);

      g_file_delete (file, NULL, NULL);
    }
}

static gboolean
is_connected (ArbNetTable *self, guint seat)
{
  for (guint i = 0; i < self->peers->len; i++)
    if (arb_net_peer_get_seat (g_ptr_array_index (self->peers, i)) == (int) seat)
      return TRUE;
  return FALSE;
}

/* A person took the seat and has no connection now. */
static gboolean
is_away (ArbNetTable *self, guint seat)
{
  return is_person (self, seat) && self->claimed[seat] && !is_connected (self, seat);
}

static gint64
away_seconds (ArbNetTable *self, guint seat)
{
  return (g_get_monotonic_time () - self->left_at[seat]) / G_USEC_PER_SEC;
}

static void
write_seats (ArbNetTable *self, GString *out)
{
  g_string_append (out, ",\"seats\":[");
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    {
      ArbPlayer *player = arb_game_get_player (self->game, seat);

      g_string_append (out, seat > 0 ? ",{\"name\":" : "{\"name\":");
      arb_net_write_string (out, arb_player_get_name (player));
      g_string_append (out, ",\"kind\":");
      arb_net_write_string (out, is_person (self, seat) ? "person" : arb_player_get_level (player));
      g_string_append (out, !is_person (self, seat) || is_connected (self, seat) ? ",\"connected\":true"
                                                                               : ",\"connected\":false");
      if (is_away (self, seat))
        arb_net_write_int (out, "away", away_seconds (self, seat));
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

/* The last step as the viewer may know it: another seat's card drawn from
 * the deck has no face. Nothing before the first step. */
static void
write_last_step (ArbNetTable *self, int viewer, GString *out)
{
  guint n = arb_game_get_n_steps (self->game);
  ArbStep step;

  if (n == 0)
    return;
  step = *arb_game_get_step (self->game, n - 1);
  arb_projection_mask_step (viewer, &step);
  g_string_append (out, ",\"last\":");
  arb_net_write_step (out, &step);
}

static void
write_scores (ArbNetTable *self, GString *out)
{
  ArbScoreSheet sheet;
  gboolean first = TRUE;

  arb_game_get_score (self->game, &sheet);
  g_string_append (out, ",\"scores\":[");
  for (guint p = 0; p < sheet.n_players; p++)
    {
      if (p > 0)
        g_string_append_c (out, ',');
      arb_net_write_number (out, sheet.players[p].total);
    }
  g_string_append (out, "],\"winners\":[");
  for (guint p = 0; p < sheet.n_players; p++)
    if (sheet.winners & (1u << p))
      {
        if (!first)
          g_string_append_c (out, ',');
        arb_net_write_number (out, p);
        first = FALSE;
      }
  g_string_append (out, "]}");
}

/* A "state" message written once for all its viewers: the public's, and
 * where in it lie the parts that differ for a seat (its last step, the
 * viewer, the hands). A state is the same for every viewer but for those,
 * so a seat's text is the public's with them written again. */
typedef struct {
  GString    *text;
  ArbNetSpan  last, viewer, hands[ARB_MAX_PLAYERS];
} StateText;

static void
state_text_init (ArbNetTable *self, StateText *state)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  GString *out = state->text = g_string_sized_new (2048);

  arb_game_project (self->game, ARB_VIEWER_PUBLIC, view);
  g_string_append (out, "{\"type\":\"state\"");
  arb_net_write_int (out, "step", arb_game_get_n_steps (self->game));
  g_string_append (out, arb_net_table_get_started (self) ? ",\"started\":true" : ",\"started\":false");
  arb_net_write_int (out, "replace-after", self->replace_after);
  write_seats (self, out);
  state->last.start = out->len;
  write_last_step (self, ARB_VIEWER_PUBLIC, out);
  state->last.end = out->len;
  arb_net_write_projection (out, view, &state->viewer, state->hands);
  if (arb_game_is_finished (self->game))
    write_scores (self, out);
  else
    g_string_append_c (out, '}');
}

static void
append_range (GString *out, const GString *text, gsize from, gsize until)
{
  g_string_append_len (out, text->str + from, (gssize) (until - from));
}

/* The text of state for one viewer (a seat), into out: the public's, but
 * for the last step, the viewer and its own hand. A seat knows of the other
 * hands what everybody knows (arb_projection_init(): the cards seen going
 * into them), so only its own hand differs from the public's. */
static void
state_text_for (ArbNetTable *self, const StateText *state, int viewer, GString *out)
{
  const ArbState *now = arb_game_get_state (self->game);

  g_string_truncate (out, 0);
  append_range (out, state->text, 0, state->last.start);
  write_last_step (self, viewer, out);
  append_range (out, state->text, state->last.end, state->viewer.start);
  arb_net_write_number (out, viewer);
  append_range (out, state->text, state->viewer.end, state->hands[viewer].start);
  arb_net_write_hand (out, &now->hands[viewer]);
  append_range (out, state->text, state->hands[viewer].end, state->text->len);
}

/* The "history" message for one viewer: the start as that viewer saw it
 * (nobody had taken a card from a discard pile yet) and every step so far
 * as that viewer saw it, so that a client that joins late can replay the
 * game without learning more than its seat knows. */
static char *
history_message (ArbNetTable *self, int viewer)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("history");
  g_autofree ArbProjection *start = g_new (ArbProjection, 1);
  ArbKnowledge nothing;

  arb_knowledge_init (&nothing);
  arb_projection_init_known (start, arb_game_get_start_state (self->game), viewer, &nothing);
  arb_net_add_view_as (builder, "start", start);
  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint i = 0; i < arb_game_get_n_steps (self->game); i++)
    {
      ArbStep step = *arb_game_get_step (self->game, i);

      arb_projection_mask_step (viewer, &step);
      arb_net_add_step (builder, &step);
    }
  json_builder_end_array (builder);
  return arb_net_to_text (builder);
}

/* The "record" message: the whole game as its save, every card shown.
 * Only once the game is over, when every hand is shown anyway. */
static char *
record_message (ArbNetTable *self)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("record");
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = arb_save_to_bytes (self->game, NULL, &error);
  g_autofree char *save = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (arb_game_is_finished (self->game), NULL);
  if (bytes == NULL)
    {
      g_warning ("Table %s: %s", self->id, error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &length);
  save = g_strndup (data, length);
  json_builder_set_member_name (builder, "save");
  json_builder_add_string_value (builder, save);
  return arb_net_to_text (builder);
}

static void
send_record (ArbNetTable *self, ArbNetPeer *only)
{
  g_autofree char *text = record_message (self);

  for (guint i = 0; text != NULL && i < self->peers->len; i++)
    if (only == NULL || g_ptr_array_index (self->peers, i) == only)
      arb_net_peer_send (g_ptr_array_index (self->peers, i), text);
}

static void
broadcast (ArbNetTable *self)
{
  g_autoptr (GString) text = NULL;
  StateText state;

  if (self->peers->len == 0)
    return;
  state_text_init (self, &state);
  text = g_string_sized_new (state.text->len + 256);
  for (guint i = 0; i < self->peers->len; i++)
    {
      ArbNetPeer *peer = g_ptr_array_index (self->peers, i);
      int seat = arb_net_peer_get_seat (peer);

      if (seat >= 0)
        state_text_for (self, &state, seat, text);
      arb_net_peer_send (peer, seat >= 0 ? text->str : state.text->str);
    }
  g_string_free (state.text, TRUE);
}

/* The first free seat of a person, now taken and named name (a name
 * checked by arb_net_name_normalize(); NULL keeps the seat's); -1 when
 * there is none. */
int
arb_net_table_claim_seat (ArbNetTable *self, const char *name, GError **error)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), -1);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    if (!self->claimed[seat])
      {
        g_autoptr (ArbPlayer) named = NULL;

        if (name != NULL)
          {
            named = arb_player_new (name, ARB_PLAYER_PERSON, NULL);
            if (!set_player (self, seat, named, error))
              return -1;
          }
        self->claimed[seat] = TRUE;
        if (!write_keyfile (self, error))
          {
            self->claimed[seat] = FALSE;
            return -1;
          }
        if (name != NULL)
          write_whole_or_stop (self);
        return (int) seat;
      }
  g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_FULL, _("Every seat of this table is taken"));
  return -1;
}

/* The seat of the table's host, or -1 while it has none. */
int
arb_net_table_get_host_seat (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), -1);
  return self->host_seat;
}

/* The host: the first seat the connection that created the table takes. */
void
arb_net_table_set_host_seat (ArbNetTable *self, guint seat)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (ARB_IS_NET_TABLE (self));
  g_return_if_fail (seat < arb_net_table_get_n_seats (self));
  self->host_seat = (int) seat;
  if (!write_keyfile (self, &error))
    stop_saving (self, error, NOBODY);
}

/* How long a person's seat must be away before the host may give it to a
 * computer; told to everybody in every state. */
void
arb_net_table_set_replace_after (ArbNetTable *self, guint seconds)
{
  g_return_if_fail (ARB_IS_NET_TABLE (self));
  self->replace_after = seconds;
}

/* Whether seat may be given to a computer now: a person's seat, taken,
 * away for replace_after seconds at least. */
static gboolean
check_away (ArbNetTable *self, guint seat, GError **error)
{
  g_autoptr (GError) refusal = NULL;
  gint64 away;

  if (!is_person (self, seat))
    refusal = g_error_new (ARB_NET_ERROR, ARB_NET_ERROR_NOT_AWAY, _("Seat %u is played by the computer already"), seat + 1);
  else if (!self->claimed[seat])
    refusal = g_error_new (ARB_NET_ERROR, ARB_NET_ERROR_NOT_AWAY, _("Seat %u has not been taken yet"), seat + 1);
  else if (is_connected (self, seat))
    refusal = g_error_new (ARB_NET_ERROR, ARB_NET_ERROR_NOT_AWAY, _("Seat %u is connected"), seat + 1);
  if (refusal != NULL)
    return g_propagate_error (error, g_steal_pointer (&refusal)), FALSE;
  away = away_seconds (self, seat);
  if (away < self->replace_after)
    {
      guint left = self->replace_after - (guint) away;

      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_NOT_AWAY,
                   g_dngettext (GETTEXT_PACKAGE, "Seat %u may be given to the computer in %u second",
                                "Seat %u may be given to the computer in %u seconds", left),
                   seat + 1, left);
      return FALSE;
    }
  return TRUE;
}

/* The host (by_seat) gives seat, away long enough, to a computer of level,
 * which plays it from now on as the table's own computers; its token is
 * revoked (the server forgets it too). */
gboolean
arb_net_table_replace (ArbNetTable *self, int by_seat, guint seat, ArbAiLevel level, GError **error)
{
  g_autoptr (ArbPlayer) computer = NULL;

  g_return_val_if_fail (ARB_IS_NET_TABLE (self), FALSE);
  g_return_val_if_fail (seat < arb_net_table_get_n_seats (self), FALSE);
  if (by_seat < 0 || by_seat != self->host_seat)
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_NOT_HOST, _("Only the host may give a seat to the computer"));
      return FALSE;
    }
  if (arb_game_is_finished (self->game))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_ILLEGAL, _("The game is over"));
      return FALSE;
    }
  if (!check_away (self, seat, error))
    return FALSE;
  computer = arb_player_new (arb_player_get_name (arb_game_get_player (self->game, seat)),
                             ARB_PLAYER_COMPUTER, arb_ai_level_id (level));
  if (!set_player (self, seat, computer, error))
    return FALSE;
  g_clear_pointer (&self->tokens[seat], g_free);
  /* The seat is the computer's now, whatever the disk says: a disk
   * that cannot say so stops the game until it can. */
  write_whole_or_stop (self);
  broadcast (self);
  maybe_play_computer (self);
  return TRUE;
}

/* peer watches the table from seat (ARB_VIEWER_PUBLIC: a spectator). A
 * seat has one connection: an older one (a client that dropped and has not
 * noticed) is closed. The newcomer gets the history, everybody is told who
 * is there, and a newcomer to a finished game gets its record. */
void
arb_net_table_attach (ArbNetTable *self, ArbNetPeer *peer, int seat)
{
  g_autofree char *history = NULL;

  g_return_if_fail (ARB_IS_NET_TABLE (self));
  g_return_if_fail (arb_net_peer_get_table (peer) == NULL);
  for (guint i = self->peers->len; seat >= 0 && i > 0; i--)
    {
      ArbNetPeer *old = g_ptr_array_index (self->peers, i - 1);

      if (arb_net_peer_get_seat (old) == seat)
        {
          arb_net_peer_set_table (old, NULL, ARB_NET_NO_SEAT);
          arb_net_peer_close (old, SOUP_WEBSOCKET_CLOSE_NORMAL, "seat taken again");
          g_ptr_array_remove_index (self->peers, i - 1);
        }
    }
  g_ptr_array_add (self->peers, g_object_ref (peer));
  arb_net_peer_set_table (peer, self, seat);
  history = history_message (self, seat);
  arb_net_peer_send (peer, history);
  broadcast (self);
  if (arb_game_is_finished (self->game))
    send_record (self, peer);
  if (self->cannot_save != NULL)
    send_cannot_save (self, peer);
  maybe_play_computer (self);
}

void
arb_net_table_detach (ArbNetTable *self, ArbNetPeer *peer)
{
  int seat;

  g_return_if_fail (ARB_IS_NET_TABLE (self));
  if (arb_net_peer_get_table (peer) != self)
    return;
  seat = arb_net_peer_get_seat (peer);
  arb_net_peer_set_table (peer, NULL, ARB_NET_NO_SEAT);
  g_ptr_array_remove (self->peers, peer);
  if (seat >= 0 && !is_connected (self, (guint) seat))
    self->left_at[seat] = g_get_monotonic_time ();
  broadcast (self);
}

/* ---- a table that cannot save ---------------------------------------------- */

static void
send_cannot_save (ArbNetTable *self, ArbNetPeer *peer)
{
  g_autoptr (GError) error = g_error_new_literal (ARB_NET_ERROR, ARB_NET_ERROR_SERVER, self->cannot_save);
  g_autofree char *text = arb_net_error_message (error);

  arb_net_peer_send (peer, text);
}

/* Every file whole again (the steps file goes): what ends a time without
 * a disk, since a write cut short may have left half a line. */
static gboolean
write_whole (ArbNetTable *self, GError **error)
{
  return write_keyfile (self, error) && write_save (self, error);
}

static gboolean
retry_cb (gpointer user_data)
{
  ArbNetTable *self = user_data;
  g_autoptr (GError) error = NULL;

  if (!write_whole (self, &error))
    {
      g_free (self->cannot_save);
      self->cannot_save = g_strdup (error->message);
      return G_SOURCE_CONTINUE;
    }
  self->retry_source = 0;
  g_clear_pointer (&self->cannot_save, g_free);
  g_message ("Table %s saves again", self->id);
  broadcast (self);
  maybe_play_computer (self);
  return G_SOURCE_REMOVE;
}

/* The table's files fell behind: no step is taken until they are written
 * whole again, tried every RETRY_SECONDS and at every move. Everybody at
 * the table is told why, but the mover (seat told), whose refusal says it. */
static void
stop_saving (ArbNetTable *self, const GError *error, int told)
{
  gboolean already = self->cannot_save != NULL;

  g_free (self->cannot_save);
  self->cannot_save = g_strdup (error->message);
  if (already)
    return;
  g_message ("Table %s: %s", self->id, error->message);
  for (guint i = 0; i < self->peers->len; i++)
    if (arb_net_peer_get_seat (g_ptr_array_index (self->peers, i)) != told || told < 0)
      send_cannot_save (self, g_ptr_array_index (self->peers, i));
  self->retry_source = g_timeout_add_seconds (RETRY_SECONDS, retry_cb, self);
}

/* Writes the table's files whole, or stops the table until it can. */
static void
write_whole_or_stop (ArbNetTable *self)
{
  g_autoptr (GError) error = NULL;

  if (!write_whole (self, &error))
    stop_saving (self, error, NOBODY);
}

/* Whether the table's files hold every step: after a time without a disk
 * they are written whole first. */
static gboolean
files_up_to_date (ArbNetTable *self, GError **error)
{
  if (self->cannot_save == NULL)
    return TRUE;
  if (!write_whole (self, NULL))
    {
      g_set_error_literal (error, ARB_NET_ERROR, ARB_NET_ERROR_SERVER, self->cannot_save);
      return FALSE;
    }
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_pointer (&self->cannot_save, g_free);
  g_message ("Table %s saves again", self->id);
  return TRUE;
}

/* ---- steps ------------------------------------------------------------------ */

/* After every step, on disk already: the news, then the next computer.
 * The last step writes the save whole, the record of the game. */
static void
after_step (ArbNetTable *self)
{
  if (arb_game_is_finished (self->game))
    write_whole_or_stop (self);
  broadcast (self);
  if (arb_game_is_finished (self->game))
    send_record (self, NULL);
  maybe_play_computer (self);
}

/* The move, checked by the rules, written to the steps file, and only
 * then taken and told: a step anybody saw is on disk. A move the table
 * cannot write is refused, and mover (NOBODY for a computer) is the one
 * seat not told apart. */
static gboolean
take_step (ArbNetTable *self, const ArbMove *move, int mover, GError **error)
{
  ArbState after = *arb_game_get_state (self->game);
  g_autoptr (GError) local = NULL;
  ArbStep step;

  if (!arb_state_apply (&after, move, &step, &local))
    {
      g_set_error_literal (error, ARB_NET_ERROR, ARB_NET_ERROR_ILLEGAL, local->message);
      return FALSE;
    }
  if (!files_up_to_date (self, error))
    return FALSE;
  if (!append_step (self, &step, &local))
    {
      stop_saving (self, local, mover);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (!arb_game_apply_step (self->game, &step, &local))
    g_error ("Table %s: the rules took back a step they allowed: %s", self->id, local->message);
  after_step (self);
  return TRUE;
}

gboolean
arb_net_table_move (ArbNetTable *self, int seat, guint step, const ArbMove *move, GError **error)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), FALSE);
  if (!arb_net_table_get_started (self))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_WAITING, _("The game waits for every seat to be taken"));
      return FALSE;
    }
  if (seat < 0 || (!arb_game_is_finished (self->game) && (guint) seat != arb_game_get_current_player (self->game)))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_NOT_YOUR_TURN, _("It is not your turn"));
      return FALSE;
    }
  if (step != arb_game_get_n_steps (self->game))
    {
      g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_STALE,
                   _("This move was meant for step %u; the game is at step %u"), step,
                   arb_game_get_n_steps (self->game));
      return FALSE;
    }
  return take_step (self, move, seat, error);
}

static void
on_computer_chosen (ArbSeatDriver *driver, guint seat, guint step, const ArbMove *move, ArbNetTable *self)
{
  g_autoptr (GError) error = NULL;

  if (step != arb_game_get_n_steps (self->game))
    return;
  if (!take_step (self, move, NOBODY, &error) && !g_error_matches (error, ARB_NET_ERROR, ARB_NET_ERROR_SERVER))
    g_warning ("Table %s: the computer chose a refused move: %s", self->id, error->message);
}

static void
on_computer_failed (ArbSeatDriver *driver, guint seat, const char *message, ArbNetTable *self)
{
  g_warning ("Table %s: the computer found no move: %s", self->id, message);
}

/* A computer's seat decides from its own seat's projection, in a worker
 * thread, with the game's seed when it has one (arb-computer-seat.c). A
 * seat given to a computer since the last step gets its computer now. */
static void
maybe_play_computer (ArbNetTable *self)
{
  g_autofree ArbProjection *view = NULL;
  guint seat;

  if (self->cannot_save != NULL || !arb_net_table_get_started (self) || arb_game_is_finished (self->game))
    return;
  seat = arb_game_get_current_player (self->game);
  arb_seat_driver_set_computers (self->computers, self->game);
  view = g_new (ArbProjection, 1);
  arb_game_project (self->game, (int) seat, view);
  arb_seat_driver_ask (self->computers, view, arb_game_get_n_steps (self->game));
}

/* Starts a table read from disk: its computer may be the one to act. */
void
arb_net_table_start (ArbNetTable *self)
{
  g_return_if_fail (ARB_IS_NET_TABLE (self));
  maybe_play_computer (self);
}

static void
arb_net_table_dispose (GObject *object)
{
  ArbNetTable *self = ARB_NET_TABLE (object);

  if (self->computers != NULL)
    {
      arb_seat_driver_cancel (self->computers);
      g_signal_handlers_disconnect_by_data (self->computers, self);
      g_clear_object (&self->computers);
    }
  g_clear_handle_id (&self->retry_source, g_source_remove);
  while (self->peers->len > 0)
    {
      ArbNetPeer *peer = g_ptr_array_index (self->peers, self->peers->len - 1);

      arb_net_peer_set_table (peer, NULL, ARB_NET_NO_SEAT);
      g_ptr_array_remove_index (self->peers, self->peers->len - 1);
    }
  g_clear_object (&self->game);
  g_clear_object (&self->dir);
  G_OBJECT_CLASS (arb_net_table_parent_class)->dispose (object);
}

static void
arb_net_table_finalize (GObject *object)
{
  ArbNetTable *self = ARB_NET_TABLE (object);

  g_free (self->id);
  g_free (self->code);
  g_free (self->steps_path);
  g_free (self->cannot_save);
  for (guint i = 0; i < ARB_MAX_PLAYERS; i++)
    g_free (self->tokens[i]);
  g_ptr_array_unref (self->peers);
  G_OBJECT_CLASS (arb_net_table_parent_class)->finalize (object);
}

static void
arb_net_table_class_init (ArbNetTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_net_table_dispose;
  object_class->finalize = arb_net_table_finalize;
}

static void
arb_net_table_init (ArbNetTable *self)
{
  gint64 now = g_get_monotonic_time ();

  self->peers = g_ptr_array_new_with_free_func (g_object_unref);
  self->computers = arb_seat_driver_new ();
  g_signal_connect (self->computers, "chosen", G_CALLBACK (on_computer_chosen), self);
  g_signal_connect (self->computers, "failed", G_CALLBACK (on_computer_failed), self);
  self->host_seat = -1;
  self->replace_after = ARB_NET_REPLACE_AFTER;
  /* A table read from disk: its people are away from the server's start. */
  for (guint seat = 0; seat < ARB_MAX_PLAYERS; seat++)
    self->left_at[seat] = now;
}
