/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-table.c: one game the server holds. The table decides everything:
 * it checks each move with the rules, plays its computer seats, writes the
 * game as a save after every step and sends each connection the projection
 * of its own seat (the public one to a spectator), never more.
 *
 * Files in the server's directory: ID.arboretum, the save game (written
 * before anybody is told of the step, so that a step anybody saw is never
 * lost), and ID.table, a key file with the code and the seats' tokens. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-save.h"
#include "arb-net-protocol.h"
#include "arb-net-secret.h"
#include "arb-net-table.h"

struct _ArbNetTable
{
  GObject       parent_instance;

  char         *id;
  char         *code;
  ArbGame      *game;
  GFile        *dir;
  char         *tokens[ARB_MAX_PLAYERS];
  gboolean      claimed[ARB_MAX_PLAYERS];
  GPtrArray    *peers;
  GCancellable *thinking;  /* a computer seat's decision under way */
};

G_DEFINE_FINAL_TYPE (ArbNetTable, arb_net_table, G_TYPE_OBJECT)

static void maybe_play_computer (ArbNetTable *self);

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

/* A file of the table, written beside and renamed over the old one: a
 * server killed at any instant leaves one whole file. It is not synced to
 * the disk each time (arb_save_write_file() does, which costs tens of
 * milliseconds a step): the system writes it within seconds, and only a
 * power cut in those seconds could lose the last steps. */
static gboolean
write_file (ArbNetTable *self, const char *extension, const char *data, gsize length, GError **error)
{
  g_autoptr (GFile) file = table_file (self, extension);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *temporary = g_strconcat (path, ".new", NULL);

  if (!g_file_set_contents_full (temporary, data, (gssize) length, G_FILE_SET_CONTENTS_NONE, 0600, error))
    return FALSE;
  if (g_rename (temporary, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Cannot write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* The save game, as the game writes it (docs/save-format.md). */
static gboolean
write_save (ArbNetTable *self, GError **error)
{
  g_autoptr (GBytes) bytes = arb_save_to_bytes (self->game, NULL, error);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  return write_file (self, ".arboretum", data, length, error);
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
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    {
      g_autofree char *group = g_strdup_printf ("seat %u", seat);

      if (self->tokens[seat] != NULL)
        g_key_file_set_string (keyfile, group, "token", self->tokens[seat]);
      g_key_file_set_boolean (keyfile, group, "claimed", self->claimed[seat]);
    }
  data = g_key_file_to_data (keyfile, &length, NULL);
  return write_file (self, ".table", data, length, error);
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

static gboolean
read_seats (ArbNetTable *self, GKeyFile *keyfile, GError **error)
{
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

/* A table written by a server before, from its key file: the save game
 * beside it is read and every step checked again. */
ArbNetTable *
arb_net_table_load (GFile *keyfile_file, GError **error)
{
  g_autoptr (ArbNetTable) self = g_object_new (ARB_TYPE_NET_TABLE, NULL);
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autofree char *path = g_file_get_path (keyfile_file);
  g_autofree char *code = NULL;
  g_autoptr (GFile) save = NULL;

  if (!g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, error))
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
  save = table_file (self, ".arboretum");
  self->game = arb_save_read_file (save, NULL, NULL, error);
  if (self->game == NULL || !read_seats (self, keyfile, error))
    return NULL;
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
gboolean
arb_net_table_get_started (ArbNetTable *self)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), FALSE);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    if (!self->claimed[seat])
      return FALSE;
  return TRUE;
}

static gboolean
is_connected (ArbNetTable *self, guint seat)
{
  for (guint i = 0; i < self->peers->len; i++)
    if (arb_net_peer_get_seat (g_ptr_array_index (self->peers, i)) == (int) seat)
      return TRUE;
  return FALSE;
}

static void
add_seats (ArbNetTable *self, JsonBuilder *builder)
{
  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    {
      ArbPlayer *player = arb_game_get_player (self->game, seat);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, arb_player_get_name (player));
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, is_person (self, seat) ? "person" : arb_player_get_level (player));
      json_builder_set_member_name (builder, "connected");
      json_builder_add_boolean_value (builder, !is_person (self, seat) || is_connected (self, seat));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* The last step as the viewer may know it: another seat's card drawn from
 * the deck has no face. */
static void
add_last_step (ArbNetTable *self, JsonBuilder *builder, int viewer)
{
  guint n = arb_game_get_n_steps (self->game);
  ArbStep step;

  if (n == 0)
    return;
  step = *arb_game_get_step (self->game, n - 1);
  arb_projection_mask_step (viewer, &step);
  json_builder_set_member_name (builder, "last");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "player");
  json_builder_add_int_value (builder, step.player);
  arb_net_add_move (builder, &step.move);
  json_builder_end_object (builder);
}

static void
add_scores (ArbNetTable *self, JsonBuilder *builder)
{
  ArbScoreSheet sheet;

  arb_game_get_score (self->game, &sheet);
  json_builder_set_member_name (builder, "scores");
  json_builder_begin_array (builder);
  for (guint p = 0; p < sheet.n_players; p++)
    json_builder_add_int_value (builder, sheet.players[p].total);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "winners");
  json_builder_begin_array (builder);
  for (guint p = 0; p < sheet.n_players; p++)
    if (sheet.winners & (1u << p))
      json_builder_add_int_value (builder, p);
  json_builder_end_array (builder);
}

/* The "state" message for one viewer: a seat, or ARB_VIEWER_PUBLIC. */
static char *
state_message (ArbNetTable *self, int viewer)
{
  g_autoptr (JsonBuilder) builder = arb_net_message_begin ("state");
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);

  arb_game_project (self->game, viewer, view);
  json_builder_set_member_name (builder, "step");
  json_builder_add_int_value (builder, arb_game_get_n_steps (self->game));
  json_builder_set_member_name (builder, "started");
  json_builder_add_boolean_value (builder, arb_net_table_get_started (self));
  add_seats (self, builder);
  add_last_step (self, builder, viewer);
  arb_net_add_projection (builder, view);
  if (arb_game_is_finished (self->game))
    add_scores (self, builder);
  return arb_net_to_text (builder);
}

static void
broadcast (ArbNetTable *self)
{
  g_autofree char *spectators = NULL;

  for (guint i = 0; i < self->peers->len; i++)
    {
      ArbNetPeer *peer = g_ptr_array_index (self->peers, i);
      int seat = arb_net_peer_get_seat (peer);
      g_autofree char *text = NULL;

      if (seat < 0 && spectators == NULL)
        spectators = state_message (self, ARB_VIEWER_PUBLIC);
      if (seat >= 0)
        text = state_message (self, seat);
      arb_net_peer_send (peer, seat >= 0 ? text : spectators);
    }
}

/* The first free seat of a person, now taken; -1 when there is none. */
int
arb_net_table_claim_seat (ArbNetTable *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_NET_TABLE (self), -1);
  for (guint seat = 0; seat < arb_net_table_get_n_seats (self); seat++)
    if (!self->claimed[seat])
      {
        self->claimed[seat] = TRUE;
        if (!write_keyfile (self, error))
          {
            self->claimed[seat] = FALSE;
            return -1;
          }
        return (int) seat;
      }
  g_set_error (error, ARB_NET_ERROR, ARB_NET_ERROR_FULL, _("Every seat of this table is taken"));
  return -1;
}

/* peer watches the table from seat (ARB_VIEWER_PUBLIC: a spectator). A
 * seat has one connection: an older one (a client that dropped and has not
 * noticed) is closed. Everybody is told who is there. */
void
arb_net_table_attach (ArbNetTable *self, ArbNetPeer *peer, int seat)
{
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
  broadcast (self);
  maybe_play_computer (self);
}

void
arb_net_table_detach (ArbNetTable *self, ArbNetPeer *peer)
{
  g_return_if_fail (ARB_IS_NET_TABLE (self));
  if (arb_net_peer_get_table (peer) != self)
    return;
  arb_net_peer_set_table (peer, NULL, ARB_NET_NO_SEAT);
  g_ptr_array_remove (self->peers, peer);
  broadcast (self);
}

/* After every step: the save first, then the news, then the next computer. */
static void
after_step (ArbNetTable *self)
{
  g_autoptr (GError) error = NULL;

  if (!write_save (self, &error))
    g_warning ("Table %s: %s", self->id, error->message);
  broadcast (self);
  maybe_play_computer (self);
}

gboolean
arb_net_table_move (ArbNetTable *self, int seat, guint step, const ArbMove *move, GError **error)
{
  g_autoptr (GError) refusal = NULL;

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
  if (!arb_game_apply (self->game, move, &refusal))
    {
      g_set_error_literal (error, ARB_NET_ERROR, ARB_NET_ERROR_ILLEGAL, refusal->message);
      return FALSE;
    }
  after_step (self);
  return TRUE;
}

static void
on_computer_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ArbNetTable) self = user_data;
  g_autoptr (GError) error = NULL;
  ArbMove move;

  gboolean chosen = arb_ai_choose_finish (result, &move, NULL, &error);

  /* Cancelled: the table is closing, and thinking is already gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->thinking);
  if (!chosen)
    {
      g_warning ("Table %s: the computer found no move: %s", self->id, error->message);
      return;
    }
  if (!arb_game_apply (self->game, &move, &error))
    {
      g_warning ("Table %s: the computer chose a refused move: %s", self->id, error->message);
      return;
    }
  after_step (self);
}

/* A computer's seat decides as `arboretum-cli play` would with the game's
 * seed, from its own seat's projection, in a worker thread. */
static void
maybe_play_computer (ArbNetTable *self)
{
  g_autofree ArbProjection *view = NULL;
  guint seat;
  ArbAiLevel level;
  ArbAiParams params;

  if (self->thinking != NULL || !arb_net_table_get_started (self) || arb_game_is_finished (self->game))
    return;
  seat = arb_game_get_current_player (self->game);
  if (!arb_ai_player_level (arb_game_get_player (self->game, seat), &level))
    return;
  view = g_new (ArbProjection, 1);
  arb_game_project (self->game, (int) seat, view);
  arb_ai_params_init (&params, level,
                      arb_ai_decision_seed (arb_game_get_seed (self->game), 0,
                                            arb_game_get_n_steps (self->game), seat));
  self->thinking = g_cancellable_new ();
  arb_ai_choose_async (view, &params, self->thinking, on_computer_chosen, g_object_ref (self));
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

  g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
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
  self->peers = g_ptr_array_new_with_free_func (g_object_unref);
}
